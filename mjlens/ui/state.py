"""The hand being edited in the app, and every correction as a pure function (Draft -> Draft).

A `Draft` is a flat list of tiles (`DraftTile`), each in a group (standing tiles, the winning
tile, flowers, or one of the declared melds), the declared melds as the shared `Meld`s (whom each
was claimed from, which tile was claimed, an added kong), and the win context. Unlike a `Hand` it
may be wrong in every way (a photo read badly, a hand half entered); `to_hand` turns it into the
shared `Hand` model and says in a player's words what is still wrong. A tile read from a photo
keeps the index of its box among the photo's detections (`DraftTile.detection`), so a correction
lands on the tile the player tapped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from scoring import tiles as T
from scoring.hand import CLAIM_SOURCES, Hand, HandError, Meld, WinContext
from scoring.messages import Catalog, Msg

CONCEALED = "concealed"
WIN = "win"
FLOWERS = "flowers"
NEW_MELD = "new-meld"
LOW_CONFIDENCE = 0.6  # below this a detected tile is highlighted for checking

M = Catalog("app_draft", {
    "unknown_code": ("Unknown tile code {code}.", "没有这个牌的代码：{code}。"),
    "meld_face_down": ("Meld {k} ({tiles}) has a face-down tile: say which tile it is.",
                       "副露 {k}（{tiles}）里有一张扣着的牌：请说明是哪张牌。"),
    "meld_size": ("Meld {k} ({tiles}) has {n} tiles: a chow or pung has 3, a kong 4.",
                  "副露 {k}（{tiles}）有 {n} 张牌：吃、碰是 3 张，杠是 4 张。"),
    "kong_mixed": ("Meld {k} ({tiles}) has 4 tiles, not all the same: a kong is four of one "
                   "tile. Fix the odd tile, or move it out.",
                   "副露 {k}（{tiles}）有 4 张牌，但不全相同：杠是四张同样的牌。请改正不同的那张，"
                   "或把它移出去。"),
    "no_tiles": ("No tiles yet: take a photo, or add tiles from the palette.",
                 "还没有牌：请拍照，或从牌盘添加。"),
    "standing_face_down": (
        "A face-down tile is among the standing tiles: say which tile it is, or put it in a "
        "concealed kong.",
        "手中牌里有一张扣着的牌：请说明是哪张牌，或把它放进暗杠。"),
    "tile_count": ("Wrong number of tiles: the hand has {n} tiles but needs {want} ({base} plus "
                   "one for each kong). Check for missing or extra tiles.",
                   "牌数不对：这手牌有 {n} 张，应为 {want} 张（{base} 张，每个杠多 1 张）。"
                   "请检查是否漏牌或多牌。"),
    "tile_count_no_kong": ("Wrong number of tiles: the hand has {n} tiles but needs {want} (a "
                           "kong counts one more). Check for missing or extra tiles.",
                           "牌数不对：这手牌有 {n} 张，应为 {want} 张（有杠时每个杠多 1 张）。"
                           "请检查是否漏牌或多牌。"),
    "mark_win": ("Mark the winning tile: select it and choose 'Winning tile'.",
                 "请标出和牌张：点选它，再选“和牌张”。"),
    "win_face_down": ("The winning tile is face down: say which tile it is.",
                      "和牌张是扣着的：请说明是哪张牌。"),
})


def meld_group(k: int) -> str:
    return f"meld-{k}"


def meld_index(group: str) -> int | None:
    return int(group[5:]) if group.startswith("meld-") else None


NEW_MELD_SETTINGS = Meld("pung", ())  # a meld a person starts: its kind follows its tiles


@dataclass(frozen=True)
class DraftTile:
    """One tile as read or entered. `confidence` is None for tiles a person entered or fixed."""

    code: str
    group: str = CONCEALED
    confidence: float | None = None
    alternatives: tuple[str, ...] = ()  # other likely codes, best first
    box: tuple[float, float, float, float] | None = None  # in the photo's pixels
    note: Msg | str = ""  # why this tile is doubtful, from the layout step
    detection: int | None = None  # its box's index among the photo's detections
    red: bool = False  # the detector saw this five printed red (riichi's aka dora)

    @property
    def uncertain(self) -> bool:
        return bool(self.note) or (self.confidence is not None and self.confidence < LOW_CONFIDENCE)


@dataclass(frozen=True)
class ReadingChoice:
    """One way the layout read the photo: its notation (without the win context), why it
    differs from the first, and its tiles and melds with their boxes."""

    text: str
    why: Msg | str
    tiles: tuple[DraftTile, ...]
    melds: tuple[Meld, ...]


@dataclass(frozen=True)
class Draft:
    tiles: tuple[DraftTile, ...] = ()
    # the declared melds' settings (tiles: as last read; those of the meld's group count)
    melds: tuple[Meld, ...] = ()
    context: WinContext = field(default_factory=WinContext)
    notes: tuple[Msg | str, ...] = ()  # about the whole reading (layout notes)
    readings: tuple[ReadingChoice, ...] = ()  # the photo's readings, best first
    # where a row of the photo seems to lack a tile: (x, y) in the shown photo's pixels
    check_spots: tuple[tuple[float, float], ...] = ()
    # boxes the notes speak of (a box left out of the hand): (x, y, number) drawn on the photo
    marks: tuple[tuple[float, float, int], ...] = ()

    def group(self, group: str) -> list[int]:
        """Indices of the tiles in a group, in their order."""
        return [i for i, s in enumerate(self.tiles) if s.group == group]

    @property
    def win_index(self) -> int | None:
        found = self.group(WIN)
        return found[0] if found else None

    @property
    def uncertain_count(self) -> int:
        return sum(1 for s in self.tiles if s.uncertain)


# ---- transitions -----------------------------------------------------------------------------
def _normalise(d: Draft) -> Draft:
    """Drop empty melds and renumber the others; keep one winning tile; flowers in FLOWERS."""
    used = sorted({k for s in d.tiles if (k := meld_index(s.group)) is not None})
    renumber = {old: new for new, old in enumerate(used)}
    tiles = []
    for s in d.tiles:
        k = meld_index(s.group)
        if T.is_flower(s.code):
            s = replace(s, group=FLOWERS)
        elif s.group == FLOWERS:
            s = replace(s, group=CONCEALED)
        elif k is not None:
            s = replace(s, group=meld_group(renumber[k]))
        tiles.append(s)
    melds = tuple(d.melds[k] if k < len(d.melds) else NEW_MELD_SETTINGS for k in used)
    return replace(d, tiles=tuple(tiles), melds=melds)


def _check(d: Draft, i: int) -> None:
    if not 0 <= i < len(d.tiles):
        raise IndexError(f"no tile {i}")


def set_code(d: Draft, i: int, code: str) -> Draft:
    """Change a tile's code; the tile counts as checked by a person afterwards."""
    _check(d, i)
    if not (T.is_tile(code) or T.is_flower(code) or code == T.BACK):
        raise HandError(M("unknown_code", code=repr(code)))
    tiles = list(d.tiles)
    red = tiles[i].red and code == tiles[i].code  # a red five fixed into another tile is not red
    tiles[i] = replace(tiles[i], code=code, confidence=None, note="", alternatives=(), red=red)
    return _reds_held(_normalise(replace(d, tiles=tuple(tiles))))


def confirm(d: Draft, i: int) -> Draft:
    """Mark a doubtful tile as right as it is."""
    _check(d, i)
    tiles = list(d.tiles)
    tiles[i] = replace(tiles[i], confidence=None, note="")
    return replace(d, tiles=tuple(tiles))


def delete(d: Draft, i: int) -> Draft:
    _check(d, i)
    return _reds_held(_normalise(replace(d, tiles=d.tiles[:i] + d.tiles[i + 1 :])))


FIVES = ("5m", "5p", "5s")  # the fives a set may print red (riichi's red_fives)


def _reds_held(d: Draft) -> Draft:
    """The hand's red fives (riichi's `red_fives`) less the fives it no longer holds: a red 5p
    fixed into a 4p or deleted took its red mark along, where the score refused the hand
    ('lists 5p, but the hand holds no 5p') until the mark was found and taken off."""
    listed = d.context.extra.get("red_fives")
    if not isinstance(listed, list | tuple):
        return d
    held = {s.code for s in d.tiles}
    kept = [c for c in listed if c in held]
    return d if len(kept) == len(listed) else _with_reds(d, kept)


def _with_reds(d: Draft, listed: list[str]) -> Draft:
    """The hand's red fives set to `listed` (none: the field left out, as before any)."""
    extra = {k: v for k, v in d.context.extra.items() if k != "red_fives"}
    return replace(d, context=replace(d.context, extra={**extra, "red_fives": listed}
                                      if listed else extra))


_RED_DIGITS = re.compile(r"(?<![\w=\"])(\d+)([mps])(?![a-z])")


def red_notation(text: str) -> tuple[str, list[str]]:
    """Riichi's way of writing a red five, 0m / 0p / 0s (as the photo's boxes label one), read
    as the five it is: (the notation with 5 for 0, the red fives met). The notation box
    refused it: 'there is no tile 0p'."""
    reds: list[str] = []

    def five(m: re.Match) -> str:
        reds.extend(f"5{m.group(2)}" for _ in range(m.group(1).count("0")))
        return m.group(1).replace("0", "5") + m.group(2)

    return _RED_DIGITS.sub(five, text), reds


def mark_reds(d: Draft, reds: list[str]) -> Draft:
    """`d` with one five of each code in `reds` marked red (set_red)."""
    for code in dict.fromkeys(reds):
        i = next((i for i, s in enumerate(d.tiles) if s.code == code), None)
        if i is not None:
            d = set_red(d, i, True)
    return d


def set_red(d: Draft, i: int, red: bool) -> Draft:
    """Tile `i`, a five, printed red or not: its mark and the hand's red fives together (a set
    has one red five of each suit)."""
    _check(d, i)
    code = d.tiles[i].code
    if code not in FIVES:
        return d
    tiles = [replace(s, red=red and j == i) if s.code == code else s
             for j, s in enumerate(d.tiles)]
    listed = [c for c in d.context.extra.get("red_fives") or () if c != code]
    return _with_reds(replace(d, tiles=tuple(tiles)), sorted([*listed, code]) if red else listed)


def _into(d: Draft, tiles: list[DraftTile], slot: DraftTile,
          group: str) -> tuple[list[DraftTile], Draft]:
    melds = d.melds
    if group == NEW_MELD:
        group = meld_group(len(melds))
        melds = melds + (NEW_MELD_SETTINGS,)
    elif group == WIN:
        tiles = [replace(s, group=CONCEALED) if s.group == WIN else s for s in tiles]
    elif group not in (CONCEALED, FLOWERS) and meld_index(group) is None:
        raise ValueError(f"unknown group {group!r}")
    tiles.append(replace(slot, group=group))
    return tiles, replace(d, melds=melds)


def add(d: Draft, code: str, group: str = CONCEALED) -> Draft:
    """Add a tile a person entered (a flower always goes to the flowers)."""
    if not (T.is_tile(code) or T.is_flower(code)):
        raise HandError(M("unknown_code", code=repr(code)))
    tiles, d = _into(d, list(d.tiles), DraftTile(code),
                     FLOWERS if T.is_flower(code) else group)
    return _normalise(replace(d, tiles=tuple(tiles)))


def tiles_needed(d: Draft, sets: int = 4) -> int:
    """Playing tiles a complete hand of this shape has: 3 x `sets` + 2 (14; 17 in 16-tile
    games, scoring.ruleset.hand_sets), plus one per kong."""
    return 3 * sets + 2 + sum(1 for k in range(len(d.melds)) if len(d.group(meld_group(k))) == 4)


def add_entered(d: Draft, code: str, group: str = CONCEALED, sets: int = 4) -> Draft:
    """Add a tile from the palette; the standing tile that completes a hand of `sets` sets with
    no winning tile yet becomes the winning tile (the last tile entered is usually the one won
    on)."""
    out = add(d, code, group)
    if group == CONCEALED and out.win_index is None and not T.is_flower(code):
        playing = sum(1 for s in out.tiles if not T.is_flower(s.code))
        if playing == tiles_needed(out, sets):
            out = mark_win(out, len(out.tiles) - 1)
    return out


def move(d: Draft, i: int, group: str) -> Draft:
    """Move a tile to another group (the tile keeps its place at the end of that group)."""
    _check(d, i)
    rest = list(d.tiles[:i] + d.tiles[i + 1 :])
    tiles, d = _into(d, rest, d.tiles[i], group)
    return _normalise(replace(d, tiles=tuple(tiles)))


def mark_win(d: Draft, i: int) -> Draft:
    return move(d, i, WIN)


def set_meld(d: Draft, k: int, **changes: Any) -> Draft:
    """Change a meld's settings: concealed (kong only), claimed_from (left/across/right/None),
    added (a kong made from an exposed pung)."""
    if not 0 <= k < len(d.melds):
        raise IndexError(f"no meld {k}")
    spec = replace(d.melds[k], **changes)
    if spec.claimed_from is not None and spec.claimed_from not in CLAIM_SOURCES:
        raise ValueError(f"claimed_from {spec.claimed_from!r}")
    if spec.concealed:
        spec = replace(spec, claimed_from=None, added=False)
    if spec.claimed_from is None:
        spec = replace(spec, claimed_tile=None)
    melds = list(d.melds)
    melds[k] = spec
    return replace(d, melds=tuple(melds))


def dissolve_meld(d: Draft, k: int) -> Draft:
    """Put a meld's tiles back among the standing tiles."""
    g = meld_group(k)
    tiles = tuple(replace(s, group=CONCEALED) if s.group == g else s for s in d.tiles)
    return _normalise(replace(d, tiles=tiles))


def set_context(d: Draft, **changes: Any) -> Draft:
    """Change the win context, keeping flags that cannot go together consistent."""
    extra = changes.pop("extra", None)
    ctx = replace(d.context, **changes)
    if extra is not None:
        ctx = replace(ctx, extra=dict(extra))
    if changes.get("kong_replacement"):
        ctx = replace(ctx, self_drawn=True, robbing_kong=False, last_tile=False)
    if changes.get("robbing_kong"):
        ctx = replace(ctx, self_drawn=False, kong_replacement=False, last_tile=False)
    if changes.get("last_tile"):
        ctx = replace(ctx, kong_replacement=False, robbing_kong=False)
    if changes.get("self_drawn") is True:
        ctx = replace(ctx, robbing_kong=False)
    if changes.get("self_drawn") is False:
        ctx = replace(ctx, kong_replacement=False)
    return replace(d, context=ctx)


def clear(d: Draft) -> Draft:
    """An empty hand that keeps the win context (seat, round, ...)."""
    return Draft(context=d.context)


# ---- to and from the shared model ---------------------------------------------------------------
def _meld_of(codes: list[str], spec: Meld, k: int) -> Meld:
    """The meld of a group's tiles, keeping its settings (`spec`) where they still fit."""
    faces = [c for c in codes if c != T.BACK]
    label = " ".join(codes)
    if len(codes) == 4 and faces and len(set(faces)) == 1:
        # a kong; face-down tiles in it make it a concealed kong
        hidden = spec.concealed or len(faces) < 4
        src = None if hidden else spec.claimed_from
        claimed = spec.claimed_tile if src and spec.claimed_tile == faces[0] else None
        return Meld("kong", (faces[0],) * 4, concealed=hidden, claimed_from=src,
                    added=spec.added and not hidden, claimed_tile=claimed)
    if T.BACK in codes:
        raise HandError(M("meld_face_down", k=k + 1, tiles=label))
    if len(codes) == 3 and len(set(codes)) == 1:
        kind = "pung"
    elif len(codes) == 3:
        kind = "chow"
    elif len(codes) == 4:  # four, but not of one kind (a kong's were taken above)
        raise HandError(M("kong_mixed", k=k + 1, tiles=label))
    else:
        raise HandError(M("meld_size", k=k + 1, tiles=label, n=len(codes)))
    src = spec.claimed_from
    claimed = (spec.claimed_tile if spec.claimed_tile in codes else None) if src else None
    meld = Meld(kind, tuple(T.sorted_codes(codes)), claimed_from=src, claimed_tile=claimed)
    meld.validate()
    return meld


def to_hand(d: Draft, require_win: bool = True, sets: int = 4) -> Hand:
    """The Hand the draft describes (tile counts are checked by the rule set's validation;
    `sets` sizes the hand the message asks for when no winning tile is marked)."""
    if not d.tiles:
        raise HandError(M("no_tiles"))
    melds = []
    for k, spec in enumerate(d.melds):
        codes = [d.tiles[i].code for i in d.group(meld_group(k))]
        melds.append(_meld_of(T.sorted_codes(codes), spec, k))
    concealed = [d.tiles[i].code for i in d.group(CONCEALED)]
    if T.BACK in concealed:
        raise HandError(M("standing_face_down"))
    win = d.win_index
    if win is None and require_win:
        playing = sum(1 for s in d.tiles if not T.is_flower(s.code))
        want = tiles_needed(d, sets)
        if playing != want:  # say the bigger problem first
            base = 3 * sets + 2  # with no kong it is what the hand needs: said once
            raise HandError(M("tile_count", n=playing, want=want, base=base) if want != base
                            else M("tile_count_no_kong", n=playing, want=want))
        raise HandError(M("mark_win"))
    win_code = d.tiles[win].code if win is not None else None
    if win_code == T.BACK:
        raise HandError(M("win_face_down"))
    return Hand(
        concealed=tuple(T.sorted_codes(concealed)),
        melds=tuple(melds),
        win_tile=win_code,
        flowers=tuple(T.sorted_codes(d.tiles[i].code for i in d.group(FLOWERS))),
        context=d.context,
    )


def from_hand(hand: Hand) -> Draft:
    """A draft of a Hand (from the notation box or an imported JSON)."""
    tiles = [DraftTile(c) for c in hand.concealed]
    for k, m in enumerate(hand.melds):
        tiles.extend(DraftTile(c, meld_group(k)) for c in m.tiles)
    if hand.win_tile:
        tiles.append(DraftTile(hand.win_tile, WIN))
    tiles.extend(DraftTile(f, FLOWERS) for f in hand.flowers)
    return Draft(tiles=tuple(tiles), melds=tuple(hand.melds), context=hand.context)


def use_reading(d: Draft, text: str) -> Draft:
    """The draft with the photo's reading written `text` (its tiles, melds and boxes), keeping
    the win context, the notes and the readings."""
    for r in d.readings:
        if r.text == text:
            return replace(d, tiles=r.tiles, melds=r.melds)
    raise ValueError(f"no reading {text!r}")


def hand_notation(d: Draft) -> str:
    """The draft in the notation, as far as it can be written (empty if it cannot)."""
    from scoring.notation import format_hand

    try:
        return format_hand(to_hand(d, require_win=False)) if d.tiles else ""
    except HandError:
        return ""


def sorted_group(d: Draft, group: str) -> list[int]:
    """A group's tile indices in display order (tiles sorted by code)."""
    return sorted(d.group(group), key=lambda i: T.sort_key(d.tiles[i].code))


def is_flower_slot(slot: DraftTile) -> bool:
    return T.is_flower(slot.code)


# ---- one-tap fixes: what the reading already offers, applied in one step ------------------------
def meld_choices(d: Draft, i: int) -> list[tuple[int, ...]]:
    """The melds standing tile `i` can make with other standing tiles (a chow read as loose
    tiles): each a tuple of tile indices, pung, kong, then the chows; one tap makes it."""
    _check(d, i)
    code = d.tiles[i].code
    if d.tiles[i].group != CONCEALED or not T.is_tile(code):
        return []
    standing = [j for j in d.group(CONCEALED) if j != i]

    def pick(codes: list[str]) -> tuple[int, ...] | None:
        chosen: list[int] = []
        for c in codes:
            j = next((j for j in standing if d.tiles[j].code == c and j not in chosen), None)
            if j is None:
                return None
            chosen.append(j)
        return (i, *chosen)

    shapes = [[code] * 2, [code] * 3]
    if code[-1] in "mps":
        n, suit = int(code[0]), code[-1]
        shapes += [[f"{n + a}{suit}", f"{n + b}{suit}"] for a, b in ((-2, -1), (-1, 1), (1, 2))
                   if 1 <= n + a <= 9 and 1 <= n + b <= 9]
    found = [p for s in shapes if (p := pick(s)) is not None]
    return found


def make_meld(d: Draft, idx: tuple[int, ...]) -> Draft:
    """Tiles `idx` (standing) put together as a new meld, not yet said whom it was claimed from."""
    for i in idx:
        _check(d, i)
    g = meld_group(len(d.melds))
    tiles = tuple(replace(s, group=g) if j in idx else s for j, s in enumerate(d.tiles))
    return _normalise(replace(d, tiles=tiles, melds=d.melds + (NEW_MELD_SETTINGS,)))


def completing_tiles(d: Draft, sets: int = 4, allowed=None) -> list[str]:
    """A hand one tile short (a tile the photo missed): the tiles that would complete it
    (decompose.waits over its standing tiles and winning tile); none otherwise."""
    from scoring.decompose import waits

    playing = [s for s in d.tiles if not T.is_flower(s.code)]
    if not playing or len(playing) != tiles_needed(d, sets) - 1:
        return []
    try:
        hand = to_hand(d, require_win=False, sets=sets)
    except HandError:  # a meld that is no meld yet, a face-down standing tile
        return []
    standing = hand.concealed + ((hand.win_tile,) if hand.win_tile else ())
    return waits(replace(hand, concealed=standing, win_tile=None), sets, allowed)


def add_missing(d: Draft, code: str, sets: int = 4) -> Draft:
    """The tile the photo missed, added standing (the winning tile when none is marked yet)."""
    return add_entered(d, code, CONCEALED, sets=sets)


def win_choices(d: Draft) -> list[str]:
    """The other winning tiles the photo's reader weighed (its readings that differ only in the
    winning tile), among the standing tiles now."""
    current = d.tiles[d.win_index].code if d.win_index is not None else None
    standing = {d.tiles[i].code for i in d.group(CONCEALED)}
    out: list[str] = []
    for r in d.readings:
        if not (isinstance(r.why, Msg) and r.why.key == "layout.win_instead"):
            continue
        code = dict(r.why.params).get("new")
        if code in standing and code != current and code not in out:
            out.append(code)
    return out


def mark_win_code(d: Draft, code: str) -> Draft:
    """A standing tile of `code` becomes the winning tile (the one it was goes back standing)."""
    i = next((i for i in d.group(CONCEALED) if d.tiles[i].code == code), None)
    if i is None:
        raise ValueError(f"no standing {code}")
    return mark_win(d, i)
