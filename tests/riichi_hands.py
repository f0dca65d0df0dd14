"""Random riichi hands for the differential test, built without the project's mapping: each
hand is made as abstract groups, then written twice, as the project's hand JSON and as the
`mahjong` library's own input (its TilesConverter strings, Meld objects, HandConfig)."""

from __future__ import annotations

import random
from collections import Counter

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

SUITS = "mps"
WINDS = "ESWN"
# the library's yaku_level -> the limit's Japanese name, written here from the usual names
LIMIT_NAMES = {"": None, "mangan": "満貫", "kiriage mangan": "満貫", "haneman": "跳満",
               "baiman": "倍満", "sanbaiman": "三倍満", "yakuman": "役満",
               "kazoe yakuman": "数え役満", "2x yakuman": "二倍役満", "3x yakuman": "三倍役満",
               "4x yakuman": "四倍役満", "5x yakuman": "五倍役満", "6x yakuman": "六倍役満"}
ALL_CODES = [f"{n}{s}" for s in SUITS for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def _group(rng: random.Random, counts: Counter) -> tuple[str, list[str]] | None:
    """A chow or a pung (kong) drawn so no tile goes over four copies."""
    for _ in range(30):
        if rng.random() < 0.55:
            s, n = rng.choice(SUITS), rng.randint(1, 7)
            tiles = [f"{n + i}{s}" for i in range(3)]
            kind = "chow"
        else:
            code = rng.choice(ALL_CODES)
            kind = "kong" if rng.random() < 0.18 else "pung"
            tiles = [code] * (4 if kind == "kong" else 3)
        if all(counts[t] + tiles.count(t) <= 4 for t in set(tiles)):
            counts.update(tiles)
            return kind, tiles
    return None


def random_spec(rng: random.Random) -> dict | None:
    """One hand as groups: melds (claimed or concealed kongs), standing sets, pair, winning tile,
    and every win condition, dora, red five and counter, or None when the draw failed."""
    counts: Counter = Counter()
    shape = rng.random()
    melds, standing = [], []
    if shape < 0.07:  # seven pairs
        codes = rng.sample(ALL_CODES, 7)
        standing = [c for c in codes for _ in range(2)]
        counts.update(standing)
    elif shape < 0.09:  # thirteen orphans
        standing = ["1m", "9m", "1p", "9p", "1s", "9s"] + [f"{n}z" for n in range(1, 8)]
        standing.append(rng.choice(standing))
        counts.update(standing)
    else:
        open_sets = rng.choice([0, 0, 0, 1, 2, 3, 4])
        for i in range(4):
            g = _group(rng, counts)
            if g is None:
                return None
            kind, tiles = g
            if kind == "kong":
                concealed = rng.random() < 0.4
                melds.append({"kind": "kong", "tiles": tiles, "concealed": concealed,
                              "claimed_from": None if concealed else rng.choice(
                                  ["left", "across", "right"]),
                              **({"added": True} if not concealed and rng.random() < 0.3 else {})})
            elif i < open_sets:
                src = "left" if kind == "chow" else rng.choice(["left", "across", "right"])
                melds.append({"kind": kind, "tiles": tiles, "concealed": False,
                              "claimed_from": src})
            else:
                standing += tiles
        pair = [c for c in ALL_CODES if counts[c] <= 2]
        p = rng.choice(pair)
        standing += [p, p]
        counts.update([p, p])
    win = rng.choice(standing)
    standing.remove(win)
    closed = all(m["concealed"] for m in melds)
    kongs = sum(m["kind"] == "kong" for m in melds)
    tsumo = rng.random() < 0.45
    spec = {"standing": standing, "melds": melds, "win": win, "tsumo": tsumo,
            "seat": rng.choice(WINDS), "round": rng.choice("EESSW")}
    spec["riichi"] = closed and rng.random() < 0.5
    spec["double"] = spec["riichi"] and rng.random() < 0.15
    spec["ippatsu"] = spec["riichi"] and rng.random() < 0.25
    spec["rinshan"] = tsumo and kongs > 0 and rng.random() < 0.3
    win_copies = counts[win]
    spec["chankan"] = (not tsumo and win_copies == 1 and rng.random() < 0.15)
    spec["last"] = not spec["rinshan"] and not spec["chankan"] and rng.random() < 0.1
    # a first-turn win: tenhou / chiihou self-drawn, renhou on a discard (a dealer's is refused
    # by both the project and the library)
    spec["first"] = (not melds and not spec["riichi"] and rng.random() < 0.04)
    # what cannot happen at a table, which riichi refuses: ippatsu after the winner's own kong
    # (any kong ends it), a first-turn win on the last tile or on a robbed kong (a call)
    spec["ippatsu"] = spec["ippatsu"] and not spec["rinshan"]
    # nor ippatsu after double riichi with a kong (before the first discard it interrupts the
    # go-around double riichi needs, after the riichi it ends ippatsu)
    spec["ippatsu"] = spec["ippatsu"] and not (spec["double"] and kongs)
    spec["first"] = spec["first"] and not spec["last"] and not spec["chankan"]
    spare = Counter({c: 4 - counts[c] for c in ALL_CODES})
    spec["dora"] = _indicators(rng, spare, rng.randint(1, 1 + kongs))
    spec["ura"] = _indicators(rng, spare, len(spec["dora"])) if spec["riichi"] else []
    spec["red"] = sorted(f"5{s}" for s in SUITS
                         if counts[f"5{s}"] and (counts[f"5{s}"] == 4 or rng.random() < 0.5))
    spec["honba"], spec["sticks"] = rng.choice([0, 0, 1, 2, 5]), rng.choice([0, 0, 1, 3])
    spec["discarder"] = None if tsumo or rng.random() < 0.5 else rng.choice(
        [w for w in WINDS if w != spec["seat"]])
    return spec


def _indicators(rng: random.Random, spare: Counter, n: int) -> list[str]:
    out = []
    for _ in range(n):
        code = rng.choice([c for c in ALL_CODES if spare[c] > 0])
        spare[code] -= 1
        out.append(code)
    return out


def as_project_json(spec: dict) -> dict:
    hand = {"concealed": list(spec["standing"]), "melds": spec["melds"], "win_tile": spec["win"],
            "self_drawn": spec["tsumo"], "seat_wind": spec["seat"], "round_wind": spec["round"],
            "last_tile": spec["last"], "kong_replacement": spec["rinshan"],
            "robbing_kong": spec["chankan"], "riichi": spec["riichi"],
            "double_riichi": spec["double"], "ippatsu": spec["ippatsu"],
            "dora_indicators": spec["dora"], "ura_dora_indicators": spec["ura"],
            "red_fives": spec["red"], "honba": spec["honba"], "riichi_sticks": spec["sticks"],
            "first_turn": spec["first"]}
    if spec["discarder"]:
        hand["discarder"] = spec["discarder"]
    if spec.get("pao"):
        hand["pao"] = spec["pao"]
    return hand


def _strings(codes: list[str], red: set[str], aka: bool) -> dict[str, str]:
    out = {"man": "", "pin": "", "sou": "", "honors": ""}
    names = {"m": "man", "p": "pin", "s": "sou", "z": "honors"}
    red = set(red) if aka else set()
    for c in codes:
        digit = c[0]
        if c in red:
            digit = "0"
            red.discard(c)
        out[names[c[1]]] += digit
    return out


def library_result(spec: dict, red_fives: bool = True, open_tanyao: bool = True,
                   kiriage: bool = False, renhou: str = "5han"):
    """The library called directly on the spec (its own converter numbers the tiles); a
    first-turn win on a discard is the library's renhou (`renhou`: its 5-han yaku, "yakuman",
    or "none", not passed)."""
    every = list(spec["standing"]) + [spec["win"]] + [t for m in spec["melds"] for t in m["tiles"]]
    numbers = TilesConverter.string_to_136_array(**_strings(every, set(spec["red"]), red_fives),
                                                 has_aka_dora=red_fives)
    pools: dict[int, list[int]] = {}
    for n in numbers:
        pools.setdefault(n // 4, []).append(n)

    def one(code: str) -> int:
        k = TilesConverter.string_to_136_array(**_strings([code], set(), False))[0] // 4
        return pools[k].pop()

    for c in spec["standing"]:
        one(c)
    win = one(spec["win"])
    melds = []
    for m in spec["melds"]:
        tiles = [one(c) for c in m["tiles"]]
        kind = {"chow": Meld.CHI, "pung": Meld.PON}.get(
            m["kind"], Meld.SHOUMINKAN if m.get("added") else Meld.KAN)
        melds.append(Meld(kind, tiles, opened=not m["concealed"]))

    def indicators(codes):
        return [TilesConverter.string_to_136_array(**_strings([c], set(), False))[0]
                for c in codes]

    dealer = spec["seat"] == "E"
    config = HandConfig(
        is_tsumo=spec["tsumo"], is_riichi=spec["riichi"], is_daburu_riichi=spec["double"],
        is_ippatsu=spec["ippatsu"], is_rinshan=spec["rinshan"], is_chankan=spec["chankan"],
        is_haitei=spec["last"] and spec["tsumo"], is_houtei=spec["last"] and not spec["tsumo"],
        is_tenhou=spec["first"] and spec["tsumo"] and dealer,
        is_chiihou=spec["first"] and spec["tsumo"] and not dealer,
        is_renhou=spec["first"] and not spec["tsumo"] and renhou != "none",
        player_wind=EAST + WINDS.index(spec["seat"]), round_wind=EAST + WINDS.index(spec["round"]),
        tsumi_number=spec["honba"], kyoutaku_number=spec["sticks"],
        options=OptionalRules(has_open_tanyao=open_tanyao, has_aka_dora=red_fives,
                              kiriage=kiriage, renhou_as_yakuman=renhou == "yakuman"))
    return HandCalculator.estimate_hand_value(numbers, win, melds=melds,
                                              dora_indicators=indicators(spec["dora"]),
                                              config=config,
                                              ura_dora_indicators=indicators(spec["ura"]))


def points_before_bonuses(cost: dict, tsumo: bool) -> int:
    """The hand's worth: what the library's total holds less honba and riichi sticks."""
    honba = cost["main_bonus"] + (2 * cost["additional_bonus"] if tsumo else 0)
    return cost["total"] - honba - cost["kyoutaku_bonus"]


def random_specs(seed: int, n: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        spec = random_spec(rng)
        if spec is not None:
            out.append(spec)
    return out


# ---------------------------------------------------------------------------- pao hands
PAO_GROUPS = {"daisangen": ["5z", "6z", "7z"], "daisuushii": ["1z", "2z", "3z", "4z"]}


def seat_of_source(winner: str, source: str) -> str:
    """The seat a set was claimed from, seen from the winner: left plays just before."""
    step = {"left": -1, "across": 2, "right": 1}[source]
    return WINDS[(WINDS.index(winner) + step) % 4]


def random_pao_spec(rng: random.Random) -> dict | None:
    """A big three dragons or big four winds with every set of it declared, at least one
    claimed, the liable seat one of those it was claimed from; the rest as random_spec."""
    yakuman = rng.choice(["daisangen", "daisangen", "daisuushii"])
    codes = PAO_GROUPS[yakuman]
    counts: Counter = Counter()
    melds = []
    for i, code in enumerate(codes):
        kong = rng.random() < 0.2
        concealed = kong and i > 0 and rng.random() < 0.5  # the first stays a claimed one
        tiles = [code] * (4 if kong else 3)
        counts.update(tiles)
        melds.append({"kind": "kong" if kong else "pung", "tiles": tiles, "concealed": concealed,
                      "claimed_from": None if concealed else rng.choice(
                          ["left", "across", "right"])})
    standing: list[str] = []
    if yakuman == "daisangen":
        g = _group(rng, counts)
        if g is None or g[0] == "kong":
            return None
        standing += g[1]
    pair = rng.choice([c for c in ALL_CODES if counts[c] == 0])
    standing += [pair, pair]
    counts.update([pair, pair])
    win = rng.choice(standing)
    standing.remove(win)
    seat = rng.choice(WINDS)
    sources = [seat_of_source(seat, m["claimed_from"]) for m in melds if m["claimed_from"]]
    tsumo = rng.random() < 0.5
    spec = {"standing": standing, "melds": melds, "win": win, "tsumo": tsumo, "seat": seat,
            "round": rng.choice("ES"), "riichi": False, "double": False, "ippatsu": False,
            "rinshan": False, "chankan": False, "last": False, "first": False, "dora": [],
            "ura": [], "red": [], "honba": rng.choice([0, 1, 3]),
            "sticks": rng.choice([0, 2]), "yakuman": yakuman, "pao": rng.choice(sources)}
    spec["discarder"] = None if tsumo else rng.choice(
        [spec["pao"], *(w for w in WINDS if w != seat)])
    return spec


def random_pao_specs(seed: int, n: int) -> list[dict]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        spec = random_pao_spec(rng)
        if spec is not None:
            out.append(spec)
    return out
