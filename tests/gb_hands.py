"""Random legal Guobiao winning hands for tests and benchmarks, and their pymahjonggb form.

`random_hand(rng)` gives a complete, legal hand (no fifth copy, flags consistent with each other and
with the tiles): standard shapes with any mix of concealed and declared chows, pungs and kongs,
seven pairs, thirteen orphans, honours-and-knitted, knitted straights and nine gates, biased towards
one suit and towards honours often enough that flushes and wind/dragon fans show up.
`to_oracle(hand)` gives the keyword arguments of MahjongGB.MahjongFanCalculator.
"""

from __future__ import annotations

import random

from scoring import tiles as T
from scoring.hand import Hand, Meld, WinContext

SUITS = ("m", "p", "s")
HONOURS = tuple(f"{i}z" for i in range(1, 8))
WINDS = ("E", "S", "W", "N")
TERMINALS_HONOURS = tuple(f"{n}{s}" for s in SUITS for n in (1, 9)) + HONOURS


class _Pool:
    def __init__(self) -> None:
        self.used: dict[str, int] = {}

    def can(self, tiles) -> bool:
        need: dict[str, int] = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        return all(self.used.get(t, 0) + n <= 4 for t, n in need.items())

    def take(self, tiles) -> None:
        for t in tiles:
            self.used[t] = self.used.get(t, 0) + 1


def _suit_choice(rng: random.Random, focus: str | None) -> str:
    if focus and rng.random() < 0.75:
        return focus
    return rng.choice(SUITS)


def _random_set(rng: random.Random, focus: str | None, honour_p: float) -> tuple[str, list[str]]:
    if rng.random() < honour_p:
        t = rng.choice(HONOURS)
        kind = "kong" if rng.random() < 0.12 else "pung"
        return kind, [t] * (4 if kind == "kong" else 3)
    s = _suit_choice(rng, focus)
    if rng.random() < 0.55:
        n = rng.randint(1, 7)
        return "chow", [f"{n + i}{s}" for i in range(3)]
    n = rng.randint(1, 9)
    kind = "kong" if rng.random() < 0.15 else "pung"
    return kind, [f"{n}{s}"] * (4 if kind == "kong" else 3)


def _standard(rng: random.Random) -> tuple[list[str], list[Meld], str] | None:
    focus = rng.choice(SUITS) if rng.random() < 0.5 else None
    honour_p = rng.choice((0.0, 0.1, 0.3, 0.6))
    pool = _Pool()
    sets: list[tuple[str, list[str]]] = []
    tries = 0
    while len(sets) < 4 and tries < 50:
        tries += 1
        kind, tiles = _random_set(rng, focus, honour_p)
        if kind == "chow" and sets and rng.random() < 0.3:  # repeat or shift a chow: 一般高, 步高...
            prev = [s for s in sets if s[0] == "chow"]
            if prev:
                base = rng.choice(prev)[1]
                shift = rng.choice((0, 0, 1, 2, 3))
                n = int(base[0][0]) + shift
                if n <= 7:
                    tiles = [f"{n + i}{base[0][1]}" for i in range(3)]
        if pool.can(tiles):
            pool.take(tiles)
            sets.append((kind, tiles))
    if len(sets) < 4:
        return None
    for _ in range(20):
        if rng.random() < honour_p:
            p = rng.choice(HONOURS)
        else:
            p = f"{rng.randint(1, 9)}{_suit_choice(rng, focus)}"
        if pool.can([p, p]):
            pool.take([p, p])
            break
    else:
        return None
    n_declared = rng.choice((0, 0, 1, 1, 2, 2, 3, 4))
    order = list(range(4))
    rng.shuffle(order)
    declared_idx = set(order[:n_declared])
    melds: list[Meld] = []
    standing: list[str] = [p, p]
    for i, (kind, tiles) in enumerate(sets):
        if kind == "kong" or i in declared_idx:
            if kind == "chow":
                claimed = rng.choice(tiles)
                melds.append(Meld("chow", tuple(tiles), claimed_from="left", claimed_tile=claimed))
            elif kind == "pung":
                melds.append(Meld("pung", tuple(tiles), claimed_from=rng.choice(("left", "across", "right"))))
            else:
                concealed = rng.random() < 0.4
                melds.append(
                    Meld("kong", tuple(tiles), concealed=concealed,
                         claimed_from=None if concealed else rng.choice(("left", "across", "right")),
                         added=not concealed and rng.random() < 0.3)  # 加杠: a tile added to a pung
                )
        else:
            standing.extend(tiles)
    win = rng.choice(standing)
    standing.remove(win)
    return standing, melds, win


def _seven_pairs(rng: random.Random) -> list[str]:
    focus = rng.choice(SUITS) if rng.random() < 0.5 else None
    if rng.random() < 0.1:  # seven shifted pairs
        s = rng.choice(SUITS)
        start = rng.randint(1, 3)
        return [f"{start + i}{s}" for i in range(7) for _ in range(2)]
    pool = _Pool()
    tiles: list[str] = []
    while len(tiles) < 14:
        t = rng.choice(HONOURS) if rng.random() < 0.25 else f"{rng.randint(1, 9)}{_suit_choice(rng, focus)}"
        if pool.can([t, t]):
            pool.take([t, t])
            tiles += [t, t]
    return tiles


def _thirteen_orphans(rng: random.Random) -> list[str]:
    return list(TERMINALS_HONOURS) + [rng.choice(TERMINALS_HONOURS)]


def _knitted(rng: random.Random) -> list[str]:
    perm = list(SUITS)
    rng.shuffle(perm)
    return [f"{start + 3 * k}{s}" for start, s in zip((1, 2, 3), perm, strict=True) for k in range(3)]


def _honours_knitted(rng: random.Random) -> list[str]:
    tiles = _knitted(rng) + list(HONOURS)
    rng.shuffle(tiles)
    drop = 2
    if rng.random() < 0.3:  # greater: all seven honours, seven knitted tiles
        numbered = [t for t in tiles if t[-1] != "z"]
        for t in rng.sample(numbered, 2):
            tiles.remove(t)
        return tiles
    return tiles[drop:]


def _knitted_straight(rng: random.Random) -> tuple[list[str], list[Meld], str] | None:
    tiles = _knitted(rng)
    pool = _Pool()
    pool.take(tiles)
    kind, st = _random_set(rng, None, 0.3)
    if not pool.can(st):
        return None
    pool.take(st)
    p = rng.choice(HONOURS) if rng.random() < 0.3 else f"{rng.randint(1, 9)}{rng.choice(SUITS)}"
    if not pool.can([p, p]):
        return None
    melds: list[Meld] = []
    standing = tiles + [p, p]
    if kind == "kong" or rng.random() < 0.3:
        if kind == "chow":
            melds.append(Meld("chow", tuple(st), claimed_from="left", claimed_tile=st[0]))
        elif kind == "pung":
            melds.append(Meld("pung", tuple(st), claimed_from="across"))
        else:
            concealed = rng.random() < 0.5
            melds.append(Meld("kong", tuple(st), concealed=concealed, claimed_from=None if concealed else "right"))
    else:
        standing += st
    win = rng.choice(standing)
    standing.remove(win)
    return standing, melds, win


def _nine_gates(rng: random.Random) -> list[str]:
    s = rng.choice(SUITS)
    return [f"{n}{s}" for n in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)] + [f"{rng.randint(1, 9)}{s}"]


def random_hand(rng: random.Random) -> Hand:
    while True:
        r = rng.random()
        if r < 0.80:
            got = _standard(rng)
        elif r < 0.88:
            got = _closed(rng, _seven_pairs(rng))
        elif r < 0.90:
            got = _closed(rng, _thirteen_orphans(rng))
        elif r < 0.93:
            got = _closed(rng, _honours_knitted(rng))
        elif r < 0.98:
            got = _knitted_straight(rng)
        else:
            got = _closed(rng, _nine_gates(rng))
        if got is not None:
            return _with_context(rng, *got)


def _closed(rng: random.Random, tiles: list[str]) -> tuple[list[str], list[Meld], str]:
    tiles = list(tiles)
    win = rng.choice(tiles)
    tiles.remove(win)
    return tiles, [], win


def _with_context(rng: random.Random, standing: list[str], melds: list[Meld], win: str) -> Hand:
    self_drawn = rng.random() < 0.35
    has_kong = any(m.is_kong for m in melds)
    in_melds = sum(m.tiles.count(win) for m in melds)
    in_standing = standing.count(win)
    last_tile = rng.random() < 0.08
    kong_replacement = self_drawn and has_kong and not last_tile and rng.random() < 0.3
    robbing = (not self_drawn and not last_tile and in_melds == 0 and in_standing == 0
               and rng.random() < 0.1)
    last_copy = in_standing == 0 and (robbing or rng.random() < 0.12)
    flowers = sorted(rng.sample(T.FLOWER_CODES, rng.choice((0, 0, 0, 1, 2, 3))))
    ctx = WinContext(
        self_drawn=self_drawn,
        seat_wind=rng.choice(WINDS),
        round_wind=rng.choice(WINDS),
        last_tile=last_tile,
        kong_replacement=kong_replacement,
        robbing_kong=robbing,
        last_copy=last_copy,
    )
    return Hand(
        concealed=tuple(T.sorted_codes(standing)),
        melds=tuple(melds),
        win_tile=win,
        flowers=tuple(flowers),
        context=ctx,
    )


# ---- pymahjonggb form ------------------------------------------------------------------------------

_SUIT_LETTER = {"m": "W", "s": "T", "p": "B"}
_HONOUR_NAME = {"1z": "F1", "2z": "F2", "3z": "F3", "4z": "F4", "7z": "J1", "6z": "J2", "5z": "J3"}
_OFFER = {"left": 1, "across": 2, "right": 3, None: 1}


def oracle_tile(code: str) -> str:
    if code[-1] == "z":
        return _HONOUR_NAME[code]
    return f"{_SUIT_LETTER[code[-1]]}{code[0]}"


def oracle_pack(m: Meld) -> tuple[str, str, int]:
    if m.kind == "chow":
        # offer 1..3: which tile of the chow was claimed (chows only come from the left)
        pos = m.tiles.index(m.claimed_tile) + 1 if m.claimed_tile else 1
        return ("CHI", oracle_tile(m.tiles[1]), pos)
    if m.kind == "pung":
        return ("PENG", oracle_tile(m.first), _OFFER[m.claimed_from])
    return ("GANG", oracle_tile(m.first), 0 if m.concealed else _OFFER[m.claimed_from])


def to_oracle(hand: Hand) -> dict:
    ctx = hand.context
    return {
        "pack": tuple(oracle_pack(m) for m in hand.melds),
        "hand": tuple(oracle_tile(c) for c in hand.concealed),
        "winTile": oracle_tile(hand.win_tile),
        "flowerCount": len(hand.flowers),
        "isSelfDrawn": ctx.self_drawn,
        "is4thTile": ctx.last_copy,
        "isAboutKong": ctx.kong_replacement or ctx.robbing_kong,
        "isWallLast": ctx.last_tile,
        "seatWind": WINDS.index(ctx.seat_wind),
        "prevalentWind": WINDS.index(ctx.round_wind),
    }
