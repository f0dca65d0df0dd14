"""Compact hand notation, e.g. `123m 456p [555s<] {7777z} 11z +3m 15f seat:S`.

Grammar (tokens separated by spaces; see README "Hand notation"):
- `123m456p`        standing tiles: digits then a suit letter m p s z; `f` gives flowers (`15f`).
- `[555s]`          an exposed meld (chow, pung or kong by its tiles). After the suit letter:
                    `<` claimed from the left, `^` across, `>` right; `+` an added kong.
                    A `'` after a digit marks the claimed tile: `[3'45m<]`.
- `{7777z}`         a concealed kong.
- `[1234z]` `[567z]` `[1m1p1s]` `[9m9p9s]`   a Northeast special kong (旋风杠, 喜杠, 幺九蛋).
- `+3m` / `*3m`     the winning tile, won on a discard / self-drawn.
- `seat:S` `round:W` winds (default E).
- `last-tile` `kong-replacement` `robbing-kong` `last-copy`   flags.
- `key=value`       a rule set's extra field (value: true, false, a number or a word). Given
                    `keys` (the fields a rule set reads), another key is refused, naming them.
- `0m` `0p` `0s`    a red five (riichi's way of writing one, as Tenhou and the photo's boxes do):
                    the five, listed in the hand's `red_fives` (refused where the game's keys
                    have no `red_fives`).
`format_hand(parse_hand(s))` gives the canonical spelling; `parse_hand(format_hand(h)) == h`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Collection

from scoring import tiles as T
from scoring.file_words import json_of
from scoring.hand import CLAIM_SOURCES, SPECIAL_KONGS, Hand, HandError, Meld, WinContext
from scoring.messages import Catalog, as_input

M = Catalog("notation", {
    "tiles": ("Cannot read {text}: write tiles as digits then m, p, s, z or f.",
              "看不懂 {text}：牌要写成数字加 m、p、s、z 或 f。"),
    "no_such_tile": ("There is no tile {code} (honours are 1z-7z, flowers 1f-8f).",
                     "没有 {code} 这张牌（字牌是 1z-7z，花牌 1f-8f）。"),
    "meld": ("Cannot read the meld {token}: write e.g. [555s], [3'45m<] or {{7777z}}.",
             "看不懂这组牌 {token}：请写成例如 [555s]、[3'45m<] 或 {{7777z}}。"),
    "brackets": ("Brackets do not match in {token}.", "{token} 的括号不配对。"),
    "one_claimed": ("Only one tile of {token} can be the claimed one.",
                    "{token} 里只能标出一张吃碰来的牌。"),
    "braces": ("{token}: braces are for a concealed kong of four identical tiles.",
               "{token}：花括号只用于四张相同的暗杠。"),
    "meld_size": ("{token} is not a meld: a meld has three or four tiles.",
                  "{token} 不是一组牌：一组牌有三张或四张。"),
    "empty": ("The hand is empty.", "没有给出牌。"),
    "two_winning": ("Only one winning tile can be marked with + or *.",
                    "只能用 + 或 * 标出一张和牌张。"),
    "one_winning": ("{token}: mark exactly one playing tile as the winning tile.",
                    "{token}：和牌张只能标一张（不能是花牌）。"),
    "winds": ("{token}: winds are E, S, W or N.", "{token}：风位只能是 E、S、W 或 N（东南西北）。"),
    "given_twice": ("'{name}' is given twice in the hand: give it once.",
                    "手牌里 {name} 写了两次：只能写一次。"),
    "token": ("Cannot read {token} in the hand.", "看不懂牌里的 {token}。"),
    "unknown_key": ("This game's hand notation has no key “{key}”. The keys it reads: {known}.",
                    "这一玩法的牌型记法里没有“{key}”这一项。可写的是：{known}。"),
    "no_keys": ("none", "无"),
    "red_not_played": ("{code} writes a red five, and this game plays no red fives: write {five}.",
                       "{code} 表示赤五，这一玩法没有赤五：请写 {five}。"),
    "red_given_twice": ("The red fives are given twice, as 0m / 0p / 0s and as red_fives=: give "
                        "them one way.",
                        "赤五写了两遍（0m / 0p / 0s 和 red_fives=）：只用一种写法。"),
    "too_many": ("This is {n} tiles: no hand holds more than {most} with its flowers apart. Was "
                 "something else pasted?", "这里有 {n} 张牌：一手牌（花牌另算）最多 {most} 张。"
                 "是不是粘贴了别的内容？"),
    "too_many_flowers": ("This is {n} flowers: there are only {most}.",
                         "这里有 {n} 张花牌：花牌一共只有 {most} 张。"),
})

_GROUP = re.compile(r"([0-9]+)([mpszf])")
_RED_RUN = re.compile(r"([0-9']+)([mps])")  # a suit's digits (a meld's ' marks included)
_MELD = re.compile(r"^([\[{])((?:[0-9]'?)+)([mpsz])([<^>]?)(\+?)([\]}])$")
# A 16-tile hand with five kongs holds 22 tiles; past this the text is not a hand at all.
MOST_TILES = 30
_SOURCE_MARK = {"<": "left", "^": "across", ">": "right"}
_MARK_OF_SOURCE = {v: k for k, v in _SOURCE_MARK.items()}
_FLAGS = {
    "last-tile": "last_tile",
    "kong-replacement": "kong_replacement",
    "robbing-kong": "robbing_kong",
    "last-copy": "last_copy",
}


def parse_tiles(text: str) -> list[str]:
    """`123m55z` -> ['1m', '2m', '3m', '5z', '5z']."""
    text = text.strip()
    out: list[str] = []
    pos = 0
    for m in _GROUP.finditer(text):
        if m.start() != pos:
            raise HandError(M("tiles", text=as_input(text)))
        digits, s = m.groups()
        for d in digits:
            code = f"{d}{s}"
            if not (T.is_tile(code) or T.is_flower(code)):
                raise HandError(M("no_such_tile", code=as_input(code)))
            out.append(code)
        pos = m.end()
    if pos != len(text) or not out:
        raise HandError(M("tiles", text=as_input(text)))
    return out


def format_tiles(codes) -> str:
    """['1m', '2m', '5z'] -> '12m5z' (in the given order, suits grouped where adjacent)."""
    out: list[str] = []
    for code in codes:
        if out and out[-1][-1] == code[-1]:
            out[-1] = out[-1][:-1] + code[0] + code[-1]
        else:
            out.append(code)
    return "".join(out)


def _special_kong(token: str) -> Meld | None:
    """`[1234z]` `[567z]` `[1m1p1s]` `[9m9p9s]`: a Northeast special kong, or None."""
    if not (token.startswith("[") and token.endswith("]")) or "'" in token:
        return None
    inner = token[1:-1]
    if not re.fullmatch(r"(?:[0-9]+[mpsz])+", inner):
        return None
    tiles = tuple(T.sorted_codes(parse_tiles(inner)))
    return Meld("special_kong", tiles) if tiles in SPECIAL_KONGS else None


def _parse_meld(token: str) -> Meld:
    special = _special_kong(token)
    if special is not None:
        return special
    m = _MELD.match(token)
    if not m:
        raise HandError(M("meld", token=as_input(token)))
    opening, digits, s, mark, added, closing = m.groups()
    if (opening == "[") != (closing == "]"):
        raise HandError(M("brackets", token=as_input(token)))
    concealed = opening == "{"
    claimed_tile = None
    tiles = []
    for i, d in enumerate(digits):
        if d == "'":
            if claimed_tile is not None:
                raise HandError(M("one_claimed", token=as_input(token)))
            claimed_tile = f"{digits[i - 1]}{s}"
            continue
        tiles.append(f"{d}{s}")
    n = len(tiles)
    if concealed:
        kind = "kong"
        if n != 4 or mark or added or claimed_tile:
            raise HandError(M("braces", token=as_input(token)))
    elif n == 4:
        kind = "kong"
    elif n == 3 and len(set(tiles)) == 1:
        kind = "pung"
    elif n == 3:
        kind = "chow"
    else:
        raise HandError(M("meld_size", token=as_input(token)))
    meld = Meld(
        kind=kind,
        tiles=tuple(T.sorted_codes(tiles)),
        concealed=concealed,
        claimed_from=_SOURCE_MARK.get(mark),
        added=bool(added),
        claimed_tile=claimed_tile,
    )
    meld.validate()
    return meld


def _format_meld(meld: Meld) -> str:
    if meld.is_special_kong:
        return "[" + format_tiles(meld.tiles) + "]"
    if meld.concealed:
        return "{" + format_tiles(meld.tiles) + "}"
    digits = ""
    marked = False
    for t in meld.tiles:
        digits += t[0]
        if not marked and t == meld.claimed_tile:
            digits += "'"
            marked = True
    mark = _MARK_OF_SOURCE.get(meld.claimed_from, "") if meld.claimed_from in CLAIM_SOURCES else ""
    return f"[{digits}{meld.tiles[0][-1]}{mark}{'+' if meld.added else ''}]"


def _parse_value(text: str):
    try:
        return json_of(text)
    except json.JSONDecodeError:
        return text


def _red_fives(token: str, reds: list[str]) -> str:
    """A tile token with riichi's red fives (0m / 0p / 0s) written as the fives they are, each
    red five met added to `reds` (a 0 of the honours or flowers is left to be refused)."""

    def five(m: re.Match) -> str:
        reds.extend(f"5{m.group(2)}" for _ in range(m.group(1).count("0")))
        return m.group(1).replace("0", "5") + m.group(2)

    return _RED_RUN.sub(five, token)


def _add_reds(extra: dict, reds: list[str], keys: Collection[str] | None) -> None:
    """The red fives written 0m / 0p / 0s as the hand's `red_fives` field."""
    if not reds:
        return
    if keys is not None and "red_fives" not in keys:
        raise HandError(M("red_not_played", code=repr("0" + reds[0][1]), five=reds[0]))
    if "red_fives" in extra:
        raise HandError(M("red_given_twice"))
    extra["red_fives"] = reds


def parse_hand(text: str, keys: Collection[str] | None = None) -> Hand:
    """Parse the notation into a Hand (tile counts are checked later by `Hand.validate`).
    `keys`: the `key=value` keys the reader's game reads (a rule set's `field_names`); a key
    not among them is refused, naming the known ones (a typo was otherwise ignored). None: any
    key is kept (hand JSON, stored hands, the notation the project writes itself)."""
    if not isinstance(text, str) or not text.strip():
        raise HandError(M("empty"))
    # a Chinese input method types full-width forms (１２３ｍ ［５５５ｓ］ ＋４ｐ, the ideographic
    # space): the same letters to a player, told "there is no tile '１m'" before
    text = unicodedata.normalize("NFKC", text)
    concealed: list[str] = []
    melds: list[Meld] = []
    flowers: list[str] = []
    win_tile = None
    ctx: dict = {}
    extra: dict = {}
    reds: list[str] = []
    for token in text.split():
        if token[0] in "[{+*" or token[0].isdigit():
            token = _red_fives(token, reds)
        if token[0] in "[{":
            melds.append(_parse_meld(token))
        elif token[0] in "+*":
            if win_tile is not None:
                raise HandError(M("two_winning"))
            codes = parse_tiles(token[1:])
            if len(codes) != 1 or not T.is_tile(codes[0]):
                raise HandError(M("one_winning", token=as_input(token)))
            win_tile = codes[0]
            ctx["self_drawn"] = token[0] == "*"
        elif token.startswith(("seat:", "round:")):
            key, _, wind = token.partition(":")
            if f"{key}_wind" in ctx:
                raise HandError(M("given_twice", name=key))
            if wind not in ("E", "S", "W", "N"):
                raise HandError(M("winds", token=as_input(token)))
            ctx[f"{key}_wind"] = wind
        elif token in _FLAGS:
            ctx[_FLAGS[token]] = True
        elif "=" in token:
            key, _, value = token.partition("=")
            if keys is not None and key not in keys:
                raise HandError(_unknown_key(key, keys))
            if key in extra:
                raise HandError(M("given_twice", name=key))
            extra[key] = _parse_value(value)
        elif token[0] in "0123456789":
            for code in parse_tiles(token):
                (flowers if T.is_flower(code) else concealed).append(code)
        else:
            raise HandError(M("token", token=as_input(token)))
    _add_reds(extra, reds, keys)
    _check_size(len(concealed) + sum(len(m.tiles) for m in melds) + (win_tile is not None),
                len(flowers))
    return Hand(
        concealed=tuple(T.sorted_codes(concealed)),
        melds=tuple(melds),
        win_tile=win_tile,
        flowers=tuple(T.sorted_codes(flowers)),
        context=WinContext(**ctx, extra=extra),
    )


def _check_size(tiles: int, flowers: int) -> None:
    """Refuse text far longer than any hand (a pasted page): the app drew a button for each of
    18,000 tiles; a hand's own wrong count is told later, by Hand.validate, in its terms."""
    if tiles > MOST_TILES:
        raise HandError(M("too_many", n=tiles, most=MOST_TILES))
    if flowers > 2 * len(T.FLOWER_CODES):  # a few too many: the rule set names the repeated one
        raise HandError(M("too_many_flowers", n=flowers, most=len(T.FLOWER_CODES)))


def _unknown_key(key: str, keys: Collection[str]):
    known = [f"{k}=" for k in keys]
    return M("unknown_key", key=f"{key}=", known=known or M("no_keys"))


def _value_text(value) -> str:
    """A field's value as one token (no spaces) that parses back: `["屁胡","自摸"]`."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def format_hand(hand: Hand) -> str:
    parts: list[str] = []
    if hand.concealed:
        parts.append(format_tiles(T.sorted_codes(hand.concealed)))
    parts.extend(_format_meld(m) for m in hand.melds)
    ctx = hand.context
    if hand.win_tile:
        parts.append(("*" if ctx.self_drawn else "+") + hand.win_tile)
    if hand.flowers:
        parts.append(format_tiles(T.sorted_codes(hand.flowers)))
    if ctx.seat_wind != "E":
        parts.append(f"seat:{ctx.seat_wind}")
    if ctx.round_wind != "E":
        parts.append(f"round:{ctx.round_wind}")
    for token, name in _FLAGS.items():
        if getattr(ctx, name):
            parts.append(token)
    for key, value in ctx.extra.items():
        parts.append(f"{key}={value if isinstance(value, str) else _value_text(value)}")
    return " ".join(parts)
