"""The one hand model shared by vision, scoring, the CLI and the app.

A `Hand` is what lies on the table when a player wins (or, for settlement, what a player holds):
standing tiles, declared melds, the winning tile, flowers, and the `WinContext` of the win.
JSON in and out follows the project contract (../shared/CONTRACT.md) exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from scoring import tiles as T
from scoring.messages import Catalog, Msg, Text, Tile, as_input, render

MELD_KINDS = ("chow", "pung", "kong", "special_kong")
# Northeast special kongs (特殊杠 / 蛋): sets of different tiles laid out as a kong, by their
# tiles: Chinese name, English name. Only rule sets that pass `special_kongs=True` to
# `Hand.validate` accept them (docs/northeast.md says where they come from).
SPECIAL_KONGS: dict[tuple[str, ...], tuple[str, str]] = {
    ("1z", "2z", "3z", "4z"): ("旋风杠", "Whirlwind kong (the four winds)"),
    ("5z", "6z", "7z"): ("喜杠", "Happy kong (the three dragons)"),
    ("1m", "1p", "1s"): ("幺九蛋", "Ones egg (a 1 of each suit)"),
    ("9m", "9p", "9s"): ("幺九蛋", "Nines egg (a 9 of each suit)"),
}
SM = Catalog("special_kong", {
    "not_special": ("{tiles} is not a special kong: it must be the four winds 1234z (旋风杠), the "
                    "three dragons 567z (喜杠), or 1m 1p 1s or 9m 9p 9s (幺九蛋).",
                    "{tiles} 不是特殊杠：须为东南西北四风 1234z（旋风杠）、中发白 567z（喜杠），"
                    "或 1m 1p 1s、9m 9p 9s（幺九蛋）。"),
    "not_claimed": ("A special kong ({tiles}) is laid out from the player's own tiles: it is "
                    "neither claimed, concealed nor added to.",
                    "特殊杠（{tiles}）由自己的手牌亮出：不能是吃碰来的、暗杠或加杠。"),
    "not_here": ("Special kongs (旋风杠, 喜杠, 幺九蛋) are not played in this rule set: {tiles} "
                 "cannot be a meld here.",
                 "本规则没有特殊杠（旋风杠、喜杠、幺九蛋）：{tiles} 在这里不能作为一组牌。"),
})
CLAIM_SOURCES = ("left", "across", "right")
WINDS = ("E", "S", "W", "N")

M = Catalog("hand", {
    "meld_kind": ("A meld must be a chow, pung or kong, not {kind}.",
                  "一组牌只能是顺子、刻子或杠，不能是 {kind}。"),
    "flower_in_meld": ("Flower {tile} cannot be part of a meld.", "花牌 {tile}不能放进一组牌里。"),
    "unknown_in_meld": ("Unknown tile code {code} in a meld.", "一组牌里有不认识的牌代码 {code}。"),
    "meld_size": ("A {kind} has {want} tiles, but this one has {n}: {tiles}.",
                  "{kind}应有 {want} 张牌，这一组却有 {n} 张：{tiles}。"),
    "not_chow": ("{tiles} is not a chow: a chow is three consecutive tiles of one suit.",
                 "{tiles} 不是顺子：顺子是同一花色的三张连续牌。"),
    "not_same": ("{tiles} is not a {kind}: all its tiles must be the same.",
                 "{tiles} 不是{kind}：它的牌必须完全相同。"),
    "concealed_not_kong": ("Only a kong can be declared concealed, not a {kind}.",
                           "只有杠可以是暗的（暗杠），{kind}不行。"),
    "claimed_from": ("claimed_from must be left, across or right, not {value}.",
                     "claimed_from（从谁那里吃碰）只能是 left（上家）、across（对家）或 right（下家），"
                     "不能是 {value}。"),
    "concealed_claimed": ("A concealed kong was not claimed from anyone.",
                          "暗杠不是从别人那里杠来的。"),
    "added_not_kong": ("Only a kong can be an added kong.", "只有杠才能是加杠。"),
    "claimed_tile": ("The claimed tile {tile} is not in the meld.",
                     "标出的吃碰来的牌 {tile}不在这一组里。"),
    "meld_object": ("Each meld must be an object with 'kind' and 'tiles'.",
                    "每组牌必须是带 'kind' 和 'tiles' 的对象。"),
    "meld_fields": ("Unknown meld field(s): {fields}.", "一组牌里有不认识的字段：{fields}。"),
    "meld_tiles": ("A meld's 'tiles' must be a list of tile codes.",
                   "一组牌的 'tiles' 必须是牌代码的列表。"),
    "wind": ("{name} must be one of E, S, W, N, not {value}.",
             "{name} 只能是 E、S、W、N（东南西北）之一，不能是 {value}。"),
    "drawn_and_robbed": ("A hand cannot be both self-drawn and won by robbing a kong: robbing a "
                         "kong takes another player's tile.",
                         "自摸和抢杠不能同时成立：抢杠和的是别人的牌。"),
    "robbed_and_replacement": ("A hand cannot be won both by robbing a kong and on a kong "
                               "replacement tile: robbing takes the tile another player adds to "
                               "a kong, a replacement tile is drawn after one's own kong. Keep "
                               "the one that happened.",
                               "抢杠和与杠上开花不能同时成立：抢杠和的是别人加杠的那张牌，杠上开花是自己开杠后补摸的牌。"
                               "请只保留实际发生的一种。"),
    "replacement_not_drawn": ("Winning on a kong replacement tile means the tile was drawn: set "
                              "self_drawn.",
                              "杠上开花是摸到的牌：请设为自摸（self_drawn）。"),
    "robbed_and_last": ("Robbing a kong and winning on the last tile of the wall cannot happen "
                        "together.", "抢杠和与海底（牌墙最后一张）不能同时成立。"),
    "no_win_tile": ("No winning tile is given (win_tile).", "没有给出和牌的那张牌。"),
    "not_a_flower": ("{tile} is not a flower or season tile (1f..8f).",
                     "{tile}不是花牌（1f..8f）。"),
    "no_flowers": ("This rule set is played without flowers; remove the flower tiles.",
                   "这套规则不用花牌，请去掉花牌。"),
    "flower_twice": ("There is only one of each flower, but {tile} appears twice.",
                     "每张花牌只有一张，{tile}却出现了两次。"),
    "five_copies": ("There are only four of each tile, but this hand has {n} of {tile}.",
                    "每种牌只有四张，这手牌却有 {n} 张 {tile}。"),
    "not_in_rules": ("{tile} is not used in this rule set.", "这套规则不用 {tile}。"),
    "tile_count": ("Wrong number of tiles: the hand has {total} tiles but needs {want} ({base} "
                   "plus one for each kong). Check for missing or extra tiles.",
                   "牌数不对：这手牌有 {total} 张，应有 {want} 张（{base} 张，每个杠多一张）。"
                   "请检查是否多牌或少牌。"),
    "replacement_no_kong": ("Won on a kong replacement tile, but the hand has no kong.",
                            "杠上开花，但这手牌里没有杠。"),
    "robbed_copy": ("Robbing a kong takes the fourth {tile} from another player's kong, so the "
                    "other three are in that kong; your hand cannot hold another {code}.",
                    "抢杠和的是别人加杠的第四张 {tile}，另外三张都在那个杠里；你的手牌里不能再有 "
                    "{code}。"),
    "not_an_object": ("A hand must be a JSON object.", "一手牌必须是 JSON 对象。"),
    "concealed_list": ("'concealed' must be a list of tile codes such as \"5p\".",
                       "'concealed' 必须是牌代码的列表，例如 \"5p\"。"),
    "melds_list": ("'melds' must be a list.", "'melds' 必须是列表。"),
    "flowers_list": ("'flowers' must be a list of flower codes such as \"1f\".",
                     "'flowers' 必须是花牌代码的列表，例如 \"1f\"。"),
    "win_tile_code": ("'win_tile' must be a tile code such as \"3m\".",
                      "'win_tile' 必须是一个牌代码，例如 \"3m\"。"),
    "not_bool": ("'{name}' must be true or false, not {value}.",
                 "'{name}' 只能是 true 或 false，不能是 {value}。"),
    "flower_misplaced": ("Flower {tile} belongs in 'flowers', not in {where}.",
                         "花牌 {tile}应放在 'flowers' 里，不能放在{where}里。"),
    "face_down": ("A face-down tile is in {where}: say which tile it is (or declare a concealed "
                  "kong).", "{where}里有一张扣着的牌：请说明是哪张牌（或者声明为暗杠）。"),
    "unknown_code": ("Unknown tile code {code} in {where}. Tiles are written 1m-9m, 1p-9p, 1s-9s, "
                     "1z-7z (East South West North White Green Red) and 1f-8f for flowers.",
                     "{where}里有不认识的牌代码 {code}。牌写作 1m-9m（万）、1p-9p（筒）、1s-9s（条）、"
                     "1z-7z（东南西北白发中），花牌 1f-8f。"),
})
# Meld kinds and places in a hand, in both languages, for the messages above.
KIND_WORDS = {"chow": Text("chow", "顺子"), "pung": Text("pung", "刻子"), "kong": Text("kong", "杠"),
              "special_kong": Text("special kong", "特殊杠")}
STANDING = Text("standing tiles", "手牌（立着的牌）")
WINNING = Text("the winning tile", "和牌张")


class HandError(ValueError):
    """A hand that cannot be scored; the message is written for a player, not a programmer.

    Raised with a `Msg` (scoring.messages), so the edge can render it in the player's language;
    `str()` is the English text. A plain string is still accepted while modules move to
    catalogs, and then reads the same in both languages.
    """

    def __init__(self, message: Msg | str):
        self.msg = message
        super().__init__(str(message))

    def render(self, lang: str = "en") -> str:
        return render(self.msg, lang)


def tile_label(code: str) -> str:
    """`5p (5 Dots)`: a code with its name, for messages."""
    name = T.ENGLISH_NAMES.get(code)
    return f"{code} ({name})" if name else repr(code)


@dataclass(frozen=True)
class Meld:
    """A declared set on the table (or, inside an arrangement, one formed from standing tiles).

    `concealed` is true only for a concealed kong among declared melds; for sets formed from the
    standing tiles during decomposition it is true as well. `added` marks a kong made by adding a
    tile to an exposed pung (加杠 / 面下杠), which some rule sets pay differently.
    """

    kind: str
    tiles: tuple[str, ...]
    concealed: bool = False
    claimed_from: str | None = None
    added: bool = False
    claimed_tile: str | None = None

    @property
    def first(self) -> str:
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        return self.kind == "kong"

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind in ("pung", "kong")

    @property
    def is_special_kong(self) -> bool:
        """旋风杠 / 喜杠 / 幺九蛋 (Northeast): a set of different tiles laid out as a kong."""
        return self.kind == "special_kong"

    def validate(self) -> None:
        if self.kind not in MELD_KINDS:
            raise HandError(M("meld_kind", kind=as_input(self.kind)))
        for c in self.tiles:
            if not T.is_tile(c):
                if T.is_flower(c):
                    raise HandError(M("flower_in_meld", tile=Tile(c)))
                raise HandError(M("unknown_in_meld", code=as_input(c)))
        if self.kind == "special_kong":
            self._validate_special()
            return
        want = {"chow": 3, "pung": 3, "kong": 4}[self.kind]
        if len(self.tiles) != want:
            raise HandError(M("meld_size", kind=KIND_WORDS[self.kind], want=want,
                              n=len(self.tiles), tiles=" ".join(self.tiles)))
        if self.kind == "chow":
            a, b, c = self.tiles
            if not (T.is_suited(a) and T.next_in_suit(a) == b and T.next_in_suit(b) == c):
                raise HandError(M("not_chow", tiles=" ".join(self.tiles)))
        elif len(set(self.tiles)) != 1:
            raise HandError(M("not_same", tiles=" ".join(self.tiles), kind=KIND_WORDS[self.kind]))
        if self.concealed and self.kind != "kong":
            raise HandError(M("concealed_not_kong", kind=KIND_WORDS[self.kind]))
        if self.claimed_from is not None and self.claimed_from not in CLAIM_SOURCES:
            raise HandError(M("claimed_from", value=as_input(self.claimed_from)))
        if self.concealed and self.claimed_from is not None:
            raise HandError(M("concealed_claimed"))
        if self.added and self.kind != "kong":
            raise HandError(M("added_not_kong"))
        if self.claimed_tile is not None and not isinstance(self.claimed_tile, str):
            raise HandError(M("unknown_in_meld", code=as_input(self.claimed_tile)))
        if self.claimed_tile is not None and self.claimed_tile not in self.tiles:
            raise HandError(M("claimed_tile", tile=Tile(self.claimed_tile)))

    def _validate_special(self) -> None:
        shown = " ".join(self.tiles)
        if tuple(T.sorted_codes(self.tiles)) not in SPECIAL_KONGS:
            raise HandError(SM("not_special", tiles=shown))
        if self.concealed or self.claimed_from is not None or self.added or self.claimed_tile:
            raise HandError(SM("not_claimed", tiles=shown))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "tiles": list(self.tiles),
            "concealed": self.concealed,
            "claimed_from": self.claimed_from,
        }
        if self.added:
            out["added"] = True
        if self.claimed_tile is not None:
            out["claimed_tile"] = self.claimed_tile
        return out

    @classmethod
    def from_json(cls, data: Any) -> Meld:
        if not isinstance(data, Mapping):
            raise HandError(M("meld_object"))
        unknown = set(data) - {"kind", "tiles", "concealed", "claimed_from", "added", "claimed_tile"}
        if unknown:
            raise HandError(M("meld_fields", fields=tuple(sorted(map(str, unknown)))))
        tiles = data.get("tiles")
        if not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
            raise HandError(M("meld_tiles"))
        meld = cls(
            kind=data.get("kind", ""),
            tiles=tuple(T.sorted_codes(tiles)) if all(T.is_tile(t) for t in tiles) else tuple(tiles),
            concealed=_as_bool(data.get("concealed", False), "concealed"),
            claimed_from=data.get("claimed_from"),
            added=_as_bool(data.get("added", False), "added"),
            claimed_tile=data.get("claimed_tile"),
        )
        meld.validate()
        return meld


@dataclass(frozen=True)
class WinContext:
    """How the hand was won. Rule-set specific fields (dealer, declared missing suit, ...) go in
    `extra`, which each rule set reads and validates itself."""

    self_drawn: bool = False
    seat_wind: str = "E"
    round_wind: str = "E"
    last_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    last_copy: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)

    def validate(self) -> None:
        for name in ("seat_wind", "round_wind"):
            if getattr(self, name) not in WINDS:
                raise HandError(M("wind", name=name, value=as_input(getattr(self, name))))
        if self.robbing_kong and self.kong_replacement:
            raise HandError(M("robbed_and_replacement"))
        if self.robbing_kong and self.self_drawn:
            raise HandError(M("drawn_and_robbed"))
        if self.kong_replacement and not self.self_drawn:
            raise HandError(M("replacement_not_drawn"))
        if self.robbing_kong and self.last_tile:
            raise HandError(M("robbed_and_last"))


_CONTEXT_KEYS = (
    "self_drawn",
    "seat_wind",
    "round_wind",
    "last_tile",
    "kong_replacement",
    "robbing_kong",
    "last_copy",
)
_HAND_KEYS = {"concealed", "melds", "win_tile", "flowers"} | set(_CONTEXT_KEYS)


@dataclass(frozen=True)
class Hand:
    """Standing tiles (sorted, without the winning tile), declared melds, winning tile, flowers."""

    concealed: tuple[str, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: str | None = None
    flowers: tuple[str, ...] = ()
    context: WinContext = field(default_factory=WinContext)

    # ---- derived views -------------------------------------------------------------------
    @property
    def all_tiles(self) -> list[str]:
        """Every playing tile of the hand, the winning tile included (flowers excluded)."""
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        if self.win_tile is not None:
            out.append(self.win_tile)
        return out

    @property
    def closed_tiles(self) -> list[str]:
        """Standing tiles plus the winning tile: what decomposition arranges."""
        out = list(self.concealed)
        if self.win_tile is not None:
            out.append(self.win_tile)
        return out

    @property
    def kong_count(self) -> int:
        return sum(1 for m in self.melds if m.is_kong)

    @property
    def is_concealed_hand(self) -> bool:
        """No exposed melds (concealed kongs keep the hand concealed)."""
        return all(m.concealed for m in self.melds)

    def with_context(self, **changes: Any) -> Hand:
        return replace(self, context=replace(self.context, **changes))

    # ---- validation ------------------------------------------------------------------------
    def validate(
        self,
        *,
        sets: int = 4,
        allowed: Iterable[str] | None = None,
        require_win_tile: bool = True,
        allow_flowers: bool = True,
        special_kongs: bool = False,
    ) -> None:
        """Check what any rule set needs: known codes, at most four of a tile, the tile count of
        `sets` melds and a pair (4 for 13-tile games, 5 for 16-tile games), consistent flags.
        A special kong (Northeast 旋风杠 / 喜杠 / 幺九蛋) takes the place of one set; only rule
        sets that pass `special_kongs=True` accept it."""
        if allowed is None and self._plainly_valid(sets, allow_flowers):
            return
        for c in self.concealed:
            _check_playing_tile(c, STANDING)
        if self.win_tile is None:
            if require_win_tile:
                raise HandError(M("no_win_tile"))
        else:
            _check_playing_tile(self.win_tile, WINNING)
        for m in self.melds:
            m.validate()
            if m.is_special_kong and not special_kongs:
                raise HandError(SM("not_here", tiles=" ".join(m.tiles)))
        for f in self.flowers:
            if not T.is_flower(f):
                raise HandError(M("not_a_flower", tile=Tile(f)))
        if self.flowers and not allow_flowers:
            raise HandError(M("no_flowers"))
        dup_flowers = [f for f, n in Counter(self.flowers).items() if n > T.copies_in_a_set(f)]
        if dup_flowers:
            raise HandError(M("flower_twice", tile=Tile(dup_flowers[0])))
        counts = Counter(self.all_tiles)
        for code, n in counts.items():
            if n > T.copies_in_a_set(code):
                raise HandError(M("five_copies", n=n, tile=Tile(code)))
        if allowed is not None:
            allowed_set = set(allowed)
            for code in counts:
                if code not in allowed_set:
                    raise HandError(M("not_in_rules", tile=Tile(code)))
        standing = len(self.concealed) + 3 * len(self.melds)
        expected = 3 * sets + 1
        if standing != expected:
            total = len(self.concealed) + sum(len(m.tiles) for m in self.melds)
            win = 1 if self.win_tile else 0  # a hand held at the end of the wall has none
            total += win
            want = expected + win + sum(len(m.tiles) - 3 for m in self.melds)
            raise HandError(M("tile_count", total=total, want=want, base=expected + win))
        self.context.validate()
        if self.context.kong_replacement and self.kong_count == 0:
            raise HandError(M("replacement_no_kong"))
        if self.context.robbing_kong and self.win_tile is not None and counts[self.win_tile] > 1:
            # the robbed tile is the fourth of another player's pung: the other three are there
            raise HandError(M("robbed_copy", tile=Tile(self.win_tile), code=self.win_tile))

    def _plainly_valid(self, sets: int, allow_flowers: bool) -> bool:
        """A quick pass for the common case: True only when `validate` would find nothing
        (robbing a kong and anything unusual go to the full checks, which word the problem)."""
        win = self.win_tile
        concealed = self.concealed
        melds = self.melds
        if win is None or len(concealed) + 3 * len(melds) != 3 * sets + 1:
            return False
        try:
            tiles = [*concealed, win]
            kongs = 0
            for m in melds:
                if (m.kind, m.tiles, m.concealed, m.claimed_from, m.added, m.claimed_tile) not in _VALID_MELDS:
                    return False
                tiles += m.tiles
                if m.kind == "kong":
                    kongs += 1
            # counts of every tile at once, six bits each (no carry below 37 tiles); a count of
            # five or more sets its field's bit 5 once 27 is added
            if len(tiles) > 36 or (sum(map(_COUNT_UNIT.__getitem__, tiles)) + _PLUS_27) & _BIT_5:
                return False
            flowers = self.flowers
            if flowers and (
                not allow_flowers or not _FLOWER_SET.issuperset(flowers) or len(set(flowers)) != len(flowers)
            ):
                return False
        except (TypeError, KeyError):  # an unknown code, or an unhashable value where a code belongs
            return False
        ctx = self.context
        if ctx.robbing_kong or ctx.seat_wind not in WINDS or ctx.round_wind not in WINDS:
            return False
        return not ctx.kong_replacement or (ctx.self_drawn and kongs > 0)

    # ---- JSON --------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        ctx = self.context
        out: dict[str, Any] = {
            "concealed": list(self.concealed),
            "melds": [m.to_json() for m in self.melds],
            "win_tile": self.win_tile,
            "self_drawn": ctx.self_drawn,
            "seat_wind": ctx.seat_wind,
            "round_wind": ctx.round_wind,
            "flowers": list(self.flowers),
            "last_tile": ctx.last_tile,
            "kong_replacement": ctx.kong_replacement,
            "robbing_kong": ctx.robbing_kong,
            "last_copy": ctx.last_copy,
        }
        out.update(ctx.extra)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Hand:
        """Parse the contract's hand JSON. Does not check the tile count: call `validate`."""
        if not isinstance(data, Mapping):
            raise HandError(M("not_an_object"))
        concealed = data.get("concealed", [])
        if not isinstance(concealed, list) or not all(isinstance(t, str) for t in concealed):
            raise HandError(M("concealed_list"))
        for c in concealed:
            _check_playing_tile(c, STANDING)
        melds_raw = data.get("melds", [])
        if not isinstance(melds_raw, list):
            raise HandError(M("melds_list"))
        flowers = data.get("flowers", [])
        if not isinstance(flowers, list) or not all(isinstance(t, str) for t in flowers):
            raise HandError(M("flowers_list"))
        win_tile = data.get("win_tile")
        if win_tile is not None:
            if not isinstance(win_tile, str):
                raise HandError(M("win_tile_code"))
            _check_playing_tile(win_tile, WINNING)
        ctx_values = {}
        for key in _CONTEXT_KEYS:
            if key in data:
                v = data[key]
                ctx_values[key] = v if key.endswith("wind") else _as_bool(v, key)
        extra = {k: v for k, v in data.items() if k not in _HAND_KEYS}
        return cls(
            concealed=tuple(T.sorted_codes(concealed)),
            melds=tuple(Meld.from_json(m) for m in melds_raw),
            win_tile=win_tile,
            flowers=tuple(T.sorted_codes(flowers)) if all(map(T.is_flower, flowers)) else tuple(flowers),
            context=WinContext(**ctx_values, extra=extra),
        )


def _valid_melds() -> frozenset:
    """Every (kind, tiles, concealed, claimed_from, added, claimed_tile) that Meld.validate accepts."""
    out = set()
    sources = (None, *CLAIM_SOURCES)
    for code in T.TILE_CODES:
        for kind, n in (("chow", 3), ("pung", 3), ("kong", 4)):
            if kind == "chow":
                b = T.next_in_suit(code) if T.is_suited(code) else None
                c = T.next_in_suit(b) if b else None
                if c is None:
                    continue
                tiles = (code, b, c)
            else:
                tiles = (code,) * n
            for concealed in ((False, True) if kind == "kong" else (False,)):
                for src in ((None,) if concealed else sources):
                    for added in ((False, True) if kind == "kong" else (False,)):
                        for claimed in (None, *sorted(set(tiles))):
                            out.add((kind, tiles, concealed, src, added, claimed))
    return frozenset(out)


_VALID_MELDS = _valid_melds()
_COUNT_UNIT = {code: 1 << (6 * i) for i, code in enumerate(T.TILE_CODES)}
_PLUS_27 = sum(27 << (6 * i) for i in range(len(T.TILE_CODES)))
_BIT_5 = sum(32 << (6 * i) for i in range(len(T.TILE_CODES)))
_FLOWER_SET = frozenset(T.FLOWER_CODES)


def _as_bool(value: Any, name: str) -> bool:
    if isinstance(value, bool):
        return value
    raise HandError(M("not_bool", name=name, value=as_input(value)))


def _check_playing_tile(code: str, where: Text) -> None:
    if T.is_tile(code):
        return
    if T.is_flower(code):
        raise HandError(M("flower_misplaced", tile=Tile(code), where=where))
    if code == T.BACK:
        raise HandError(M("face_down", where=where))
    raise HandError(M("unknown_code", code=as_input(code), where=where))
