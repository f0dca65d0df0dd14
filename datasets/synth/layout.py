"""Where each tile of a hand lies on the table (table units: one tile face is 1 wide).

The table's x axis runs along the player's row, y points away from the player, z is up. A tile's
`theta` is the angle (degrees, counter-clockwise) of its face's "up" direction from +y: 0 is
upright for the player, 180 upside down, +-90 sideways (a claimed tile).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from datasets.synth.hands import HandPlan, MeldPlan
from scoring.tiles import sorted_codes


@dataclass
class TileSpec:
    code: str
    group: str  # concealed | meld | win | flower | distractor
    x: float = 0.0
    y: float = 0.0
    theta: float = 0.0
    z: float = 0.0  # base height: 0 on the table, one thickness when stacked on another tile
    meld_index: int | None = None
    sideways: bool = False
    face_down: bool = False
    upside_down: bool = False
    stacked: bool = False
    standing: bool = False  # on its edge, face towards the player (a hand not yet laid down)
    red: bool | None = None  # a five's red face: None drawn at random (styled scenes), or forced


@dataclass
class TileShape:
    """Physical size of the tile set of one image (face width is 1)."""

    h: float = 4 / 3  # face height
    t: float = 0.7  # thickness
    back_frac: float = 0.45  # fraction of the thickness that is the coloured back layer
    radius: float = 0.1


@dataclass
class Layout:
    tiles: list[TileSpec]
    info: dict = field(default_factory=dict)


def _meld_display(rng, m: MeldPlan, conv: dict) -> list[dict]:
    """Display order and flags of one meld's tiles (before positions)."""
    tiles = list(m.tiles)
    items = [{"code": c} for c in tiles]
    if m.kind == "kong" and m.concealed:
        down = (0, 3) if conv["kong_down"] == "outer" else (1, 2)
        for i in down:
            items[i]["face_down"] = True
        return items
    ci = m.claimed_index if conv["rotate_claimed"] else None
    if m.kind == "kong" and m.added:
        # the added tile lies on the sideways (claimed) tile, or on the middle one
        base = [{"code": c} for c in tiles[:3]]
        bi = 1
        if ci is not None:
            bi = {"left": 0, "across": 1, "right": 2}[m.claimed_from or "left"]
            base[bi]["sideways"] = True
        base[bi]["stack"] = {"code": tiles[3], "sideways": ci is not None,
                             "flat": conv["added_flat"]}
        return base
    if m.kind == "kong" and conv["kong_stack_mid"] and ci is None:
        base = [{"code": c} for c in tiles[:3]]
        base[1]["stack"] = {"code": tiles[3], "sideways": False, "flat": False}
        return base
    if ci is None:
        return items
    claimed = items.pop(ci)
    claimed["sideways"] = True
    pos = {"left": 0, "across": len(items) // 2 if m.kind == "pung" else 1,
           "right": len(items)}[m.claimed_from or "left"]
    if m.kind == "chow":
        pos = 0
    items.insert(pos, claimed)
    return items


def _place_row(rng, groups: list[tuple[float, list[dict]]], shape: TileShape, y0: float,
               conv: dict) -> list[TileSpec]:
    """Lay groups (gap before, tile items) left to right with their near edges on y = y0."""
    out: list[TileSpec] = []
    x = 0.0
    side_theta = conv["side_theta"]
    for gap, items in groups:
        x += gap
        for it in items:
            sideways = bool(it.get("sideways"))
            standing = bool(it.get("standing"))
            fw, fd = (shape.h, 1.0) if sideways else (1.0, shape.t if standing else shape.h)
            cx, cy = x + fw / 2, y0 + fd / 2
            up = bool(it.get("upside_down"))
            theta = (side_theta if sideways else 0.0) + (180.0 if up else 0.0)
            spec = TileSpec(it["code"], it["group"], cx, cy, theta, meld_index=it.get("meld"),
                            sideways=sideways, face_down=bool(it.get("face_down")), upside_down=up,
                            standing=standing)
            out.append(spec)
            st = it.get("stack")
            if st:
                s_side = bool(st["sideways"])
                s_theta = side_theta if s_side else 0.0
                if st["flat"]:  # Japanese style: beside the claimed tile, further from the player
                    sy = cy + (1.0 if sideways else shape.h) + conv["gap_in"]
                    out.append(TileSpec(st["code"], it["group"], cx, sy, s_theta,
                                        meld_index=it.get("meld"), sideways=s_side, stacked=True))
                else:
                    out.append(TileSpec(st["code"], it["group"], cx, cy, s_theta, z=shape.t,
                                        meld_index=it.get("meld"), sideways=s_side, stacked=True))
            x += fw + conv["gap_in"] * rng.uniform(0.3, 1.7)
    return out


def _conventions(rng: np.random.Generator) -> dict:
    """The table habits of one image: how claimed tiles, kongs and gaps are shown."""
    return {
        "rotate_claimed": rng.random() < 0.7,
        "kong_down": "outer" if rng.random() < 0.6 else "middle",
        "kong_stack_mid": rng.random() < 0.35,
        "added_flat": rng.random() < 0.35,
        "side_theta": 90.0 if rng.random() < 0.75 else -90.0,
        "gap_in": float(rng.uniform(0.0, 0.05)) if rng.random() < 0.8 else float(
            rng.uniform(0.05, 0.25)),
    }


def _gap_between(rng: np.random.Generator) -> float:
    """The gap a player leaves between two groups of tiles."""
    return float(rng.uniform(0.3, 1.3))


Row = list[tuple[float, list[dict]]]  # groups of one row: (gap before, tile items)


def _standing_tiles(rng: np.random.Generator, hand: HandPlan) -> tuple[Row, str, bool]:
    """The concealed tiles and the winning tile as one row: (groups, where the winning tile
    lies, whether the concealed tiles stand)."""
    concealed = sorted_codes(hand.concealed)
    if rng.random() < 0.25:  # not everyone sorts their hand
        idx = rng.permutation(len(concealed)) if rng.random() < 0.4 else np.arange(len(concealed))
        concealed = [concealed[i] for i in idx]
    standing = rng.random() < 0.2  # the standing tiles not yet laid down, melds flat
    conc_items = [{"code": c, "group": "concealed", "standing": standing} for c in concealed]
    win_item = {"code": hand.win_tile, "group": "win", "standing": standing and rng.random() < .5}
    r = rng.random()
    win_pos = "apart" if r < 0.6 else ("end" if r < 0.88 else "inside")
    if win_pos == "apart":
        main = [(0.0, conc_items), (_gap_between(rng) * 0.8, [win_item])]
    elif win_pos == "end":
        main = [(0.0, conc_items + [win_item])]
    else:
        k = int(rng.integers(0, len(conc_items) + 1))
        main = [(0.0, conc_items[:k] + [win_item] + conc_items[k:])]
    return main, win_pos, standing


def _meld_groups(rng: np.random.Generator, hand: HandPlan, conv: dict) -> Row:
    """One group per declared meld, each with its gap before it."""
    groups = []
    for i, m in enumerate(hand.melds):
        items = _meld_display(rng, m, conv)
        for it in items:
            it["group"] = "meld"
            it["meld"] = i
            if "stack" in it:
                it["stack"]["meld"] = i
        groups.append((_gap_between(rng), items))
    return groups


def _arrange_rows(rng: np.random.Generator, main: Row, meld_groups: Row, flower_items: list[dict],
                  standing: bool) -> tuple[Row, Row, dict]:
    """Put the melds and flowers beside the standing tiles or in a second row behind them:
    (first row, second row, the choices made for Layout.info)."""
    two_rows = bool((meld_groups or flower_items) and rng.random() < (0.6 if standing else 0.25))
    melds_right = rng.random() < 0.75
    flower_where = ("end", "start", "row2")[rng.choice(3, p=[0.5, 0.2, 0.3])]
    if flower_where == "row2" and not two_rows:
        flower_where = "end"

    row1 = list(main)
    row2: Row = []
    target = row2 if two_rows else row1
    if melds_right or two_rows:
        target.extend(meld_groups)
    else:
        row1[:0] = meld_groups
    if flower_items:
        fg = (_gap_between(rng), flower_items)
        if flower_where == "start":
            row1.insert(0, fg)
        else:
            target.append(fg)
    # each row starts at its first group; every later group keeps a visible gap before it
    # (players leave one between their melds or flowers and the standing tiles)
    for row in (row1, row2):
        for k in range(len(row)):
            gap = 0.0 if k == 0 else (row[k][0] or _gap_between(rng))
            row[k] = (gap, row[k][1])
    choices = {"melds_side": "right" if (melds_right or two_rows) else "left",
               "flowers_where": flower_where if flower_items else None}
    return row1, row2, choices


def _turn_some_upside_down(rng: np.random.Generator, rows: Row) -> None:
    if rng.random() < 0.18:
        for _, items in rows:
            for it in items:
                if not it.get("face_down") and not it.get("standing") and rng.random() < 0.12:
                    it["upside_down"] = True


def _place_rows(rng: np.random.Generator, row1: Row, row2: Row, shape: TileShape,
                conv: dict) -> list[TileSpec]:
    tiles = _place_row(rng, row1, shape, 0.0, conv)
    if row2:
        # beyond the deepest tile of the first row (flowers or the winning tile lie flat
        # even when the standing tiles stand)
        y2 = _far_edge(tiles, shape) + float(rng.uniform(0.2, 1.0)) + (1.0 if any(
            "stack" in it for _, items in row2 for it in items) else 0.0)
        r2 = _place_row(rng, row2, shape, y2, conv)
        shift = float(rng.uniform(-1.0, 3.0))
        for t in r2:
            t.x += shift
        tiles += r2
    return tiles


def _mess_and_centre(rng: np.random.Generator, tiles: list[TileSpec]) -> None:
    """A slightly messy table, then the hand centred on the origin."""
    mess = float(rng.uniform(0.2, 1.5))
    for t in tiles:
        t.x += float(rng.normal(0, 0.015 * mess))
        t.y += float(rng.normal(0, 0.02 * mess))
        t.theta += float(rng.normal(0, 1.2 * mess))
    xs = [t.x for t in tiles]
    ys = [t.y for t in tiles]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    for t in tiles:
        t.x -= cx
        t.y -= cy


def layout_hand(rng: np.random.Generator, hand: HandPlan, shape: TileShape) -> Layout:
    """Where each tile of `hand` lies, drawn from one image's table habits."""
    conv = _conventions(rng)
    main, win_pos, standing = _standing_tiles(rng, hand)
    meld_groups = _meld_groups(rng, hand, conv)
    flower_items = [{"code": f, "group": "flower"} for f in hand.flowers]
    row1, row2, choices = _arrange_rows(rng, main, meld_groups, flower_items, standing)
    _turn_some_upside_down(rng, row1 + row2)
    tiles = _place_rows(rng, row1, row2, shape, conv)
    _mess_and_centre(rng, tiles)
    info = {"rows": 2 if row2 else 1, "win_position": win_pos, "win_gap": win_pos == "apart",
            "melds_side": choices["melds_side"], "flowers_where": choices["flowers_where"],
            "claimed_sideways": conv["rotate_claimed"], "concealed_kong_down": conv["kong_down"],
            "hand_kind": hand.kind, "standing": standing}
    return Layout(tiles, info)


def _far_edge(tiles: list[TileSpec], shape: TileShape) -> float:
    """Largest y that the footprints of `tiles` reach: a second row starts beyond it, since a
    flat flower or winning tile reaches farther than the standing tiles beside it."""
    return max(t.y + (shape.t if t.standing else 1.0 if t.sideways else shape.h) / 2
               for t in tiles)


def _along(x0: float, y: float, i: float, step: float, rot: float) -> tuple[float, float]:
    """Position of the i-th tile of a straight row starting at (x0, y), turned by rot degrees."""
    r = np.radians(rot)
    return x0 + i * step * np.cos(r), y + i * step * np.sin(r)


# A distractor block's helpers return the new far edge of what is on the table, or None when the
# pool of spare tiles ran out (then no more distractors are laid).


def _add_tray(rng: np.random.Generator, layout: Layout, pool: list[str], shape: TileShape,
              x0: float, x1: float, far: float, busy: list) -> float | None:
    """A tray of tiles, face up, touching."""
    rows, cols = int(rng.integers(2, 5)), int(rng.integers(4, 10))
    g = float(rng.uniform(0.01, 0.05))
    w, h = cols * (1 + g), rows * (shape.h + g)
    tx = float(rng.uniform(x0, x1))
    ty = far + 0.8 + h / 2 + float(rng.uniform(0, 2))
    th = float(rng.normal(0, 4))
    rm = np.array([[np.cos(np.radians(th)), -np.sin(np.radians(th))],
                   [np.sin(np.radians(th)), np.cos(np.radians(th))]])
    layout.info["tray"] = (tx, ty, w, h, th)
    for r in range(rows):
        for c in range(cols):
            if not pool:
                return None
            lx = -w / 2 + (c + 0.5) * (1 + g)
            ly = h / 2 - (r + 0.5) * (shape.h + g)
            px, py = rm @ np.array([lx, ly]) + (tx, ty)
            layout.tiles.append(TileSpec(pool.pop(), "distractor", float(px), float(py),
                                         th + float(rng.normal(0, 0.8))))
    ext = 0.5 * (w * abs(np.sin(np.radians(th))) + h) + 0.6
    busy.append((tx - w / 2 - 1, ty - ext, tx + w / 2 + 1, ty + ext))
    return ty + ext


def _add_row_block(rng: np.random.Generator, layout: Layout, pool: list[str], shape: TileShape,
                   opp: bool, x0: float, x1: float, far: float, busy: list) -> float | None:
    """Another player's standing hand (`opp`) or a piece of wall, one or two tiles high."""
    n = int(rng.integers(8, 14)) if opp else int(rng.integers(3, 11))
    two_high = not opp and rng.random() < 0.6
    rot = float(rng.normal(0, 4))
    # the row's nearest tile (not its first: a turned row comes closer) keeps the gap
    drop = (n - 1) * 1.01 * np.sin(np.radians(rot))
    by = far + float(rng.uniform(1.5, 4.0) if opp else rng.uniform(0.8, 2.5)) - min(drop, 0.0)
    bx = float(rng.uniform(x0 - 3, x1 - n + 3))
    for i in range(n):
        px, py = _along(bx, by, i, 1.01, rot)
        for level in range(2 if two_high else 1):
            if not pool:
                return None
            if opp:  # another player's standing hand, its backs towards us
                spec = TileSpec(pool.pop(), "distractor", px, py, 180 + rot, standing=True)
            else:
                spec = TileSpec(pool.pop(), "distractor", px, py, rot,
                                z=level * shape.t, face_down=True, stacked=bool(level))
            layout.tiles.append(spec)
    near, far = by + min(drop, 0.0) - shape.h, by + max(drop, 0.0) + shape.h
    busy.append((bx - 1, near, bx + n + 1, far))
    return far


def _add_loose(rng: np.random.Generator, layout: Layout, pool: list[str], x0: float, x1: float,
               y0: float, far: float, busy: list) -> float | None:
    """Loose tiles around, face up or down, clear of the blocks and of each other."""
    placed: list[tuple[float, float]] = []
    for _ in range(int(rng.integers(1, 7))):
        for _try in range(20):
            px = float(rng.uniform(x0 - 4, x1 + 4))
            py = float(rng.uniform(y0 - 5, far + 3))
            free = all(not (a - 0.8 < px < c + 0.8 and b - 0.9 < py < d + 0.9)
                       for a, b, c, d in busy)
            if free and all((px - a) ** 2 + (py - b) ** 2 > 3.5 for a, b in placed):
                break
        else:
            continue
        if not pool:
            return None
        placed.append((px, py))
        layout.tiles.append(TileSpec(pool.pop(), "distractor", px, py,
                                     float(rng.uniform(0, 360)),
                                     face_down=bool(rng.random() < 0.4)))
    return far


def add_distractors(rng: np.random.Generator, layout: Layout, hand: HandPlan,
                    shape: TileShape) -> None:
    """Other tiles on the table: loose tiles, a piece of wall, another player's standing hand,
    a tray of tiles (codes from the tiles the hand does not use). Blocks are laid one behind
    the other beyond the hand so that nothing overlaps."""
    pool = [c for c, n in sorted(hand.remaining.items()) for _ in range(n)]
    rng.shuffle(pool)
    xs = [t.x for t in layout.tiles]
    ys = [t.y for t in layout.tiles]
    x0, x1 = min(xs) - 1.0, max(xs) + 1.0
    y0, y1 = min(ys) - 1.2, max(ys) + 1.2
    busy = [(x0, y0, x1, y1)]  # occupied table rectangles
    far: float | None = y1  # far edge of what is already on the table
    kinds = [k for k, p in (("wall", 0.25), ("opponent", 0.12), ("tray", 0.1))
             if rng.random() < p]
    rng.shuffle(kinds)
    if rng.random() < 0.35:
        kinds.append("loose")  # last, so it can avoid the blocks
    for kind in kinds:
        if kind == "tray":
            far = _add_tray(rng, layout, pool, shape, x0, x1, far, busy)
        elif kind in ("opponent", "wall"):
            far = _add_row_block(rng, layout, pool, shape, kind == "opponent", x0, x1, far, busy)
        else:
            far = _add_loose(rng, layout, pool, x0, x1, y0, far, busy)
        if far is None:  # no spare tiles left
            return
    layout.info["distractors"] = sum(t.group == "distractor" for t in layout.tiles)
