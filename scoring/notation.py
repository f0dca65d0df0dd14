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
- `key=value`       a rule set's extra field (value: true, false, a number or a word).
`format_hand(parse_hand(s))` gives the canonical spelling; `parse_hand(format_hand(h)) == h`.
"""

from __future__ import annotations

import json
import re

from scoring import tiles as T
from scoring.hand import CLAIM_SOURCES, SPECIAL_KONGS, Hand, HandError, Meld, WinContext

_GROUP = re.compile(r"(\d+)([mpszf])")
_MELD = re.compile(r"^([\[{])((?:\d'?)+)([mpsz])([<^>]?)(\+?)([\]}])$")
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
            raise HandError(f"Cannot read {text!r}: write tiles as digits then m, p, s, z or f.")
        digits, s = m.groups()
        for d in digits:
            code = f"{d}{s}"
            if not (T.is_tile(code) or T.is_flower(code)):
                raise HandError(f"There is no tile {code!r} (honours are 1z-7z, flowers 1f-8f).")
            out.append(code)
        pos = m.end()
    if pos != len(text) or not out:
        raise HandError(f"Cannot read {text!r}: write tiles as digits then m, p, s, z or f.")
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
    if not re.fullmatch(r"(?:\d+[mpsz])+", inner):
        return None
    tiles = tuple(T.sorted_codes(parse_tiles(inner)))
    return Meld("special_kong", tiles) if tiles in SPECIAL_KONGS else None


def _parse_meld(token: str) -> Meld:
    special = _special_kong(token)
    if special is not None:
        return special
    m = _MELD.match(token)
    if not m:
        raise HandError(
            f"Cannot read the meld {token!r}: write e.g. [555s], [3'45m<] or {{7777z}}."
        )
    opening, digits, s, mark, added, closing = m.groups()
    if (opening == "[") != (closing == "]"):
        raise HandError(f"Brackets do not match in {token!r}.")
    concealed = opening == "{"
    claimed_tile = None
    tiles = []
    for i, d in enumerate(digits):
        if d == "'":
            if claimed_tile is not None:
                raise HandError(f"Only one tile of {token!r} can be the claimed one.")
            claimed_tile = f"{digits[i - 1]}{s}"
            continue
        tiles.append(f"{d}{s}")
    n = len(tiles)
    if concealed:
        kind = "kong"
        if n != 4 or mark or added or claimed_tile:
            raise HandError(f"{token!r}: braces are for a concealed kong of four identical tiles.")
    elif n == 4:
        kind = "kong"
    elif n == 3 and len(set(tiles)) == 1:
        kind = "pung"
    elif n == 3:
        kind = "chow"
    else:
        raise HandError(f"{token!r} is not a meld: a meld has three or four tiles.")
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
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_hand(text: str) -> Hand:
    """Parse the notation into a Hand (tile counts are checked later by `Hand.validate`)."""
    if not isinstance(text, str) or not text.strip():
        raise HandError("The hand is empty.")
    concealed: list[str] = []
    melds: list[Meld] = []
    flowers: list[str] = []
    win_tile = None
    ctx: dict = {}
    extra: dict = {}
    for token in text.split():
        if token[0] in "[{":
            melds.append(_parse_meld(token))
        elif token[0] in "+*":
            if win_tile is not None:
                raise HandError("Only one winning tile can be marked with + or *.")
            codes = parse_tiles(token[1:])
            if len(codes) != 1 or not T.is_tile(codes[0]):
                raise HandError(f"{token!r}: mark exactly one playing tile as the winning tile.")
            win_tile = codes[0]
            ctx["self_drawn"] = token[0] == "*"
        elif token.startswith(("seat:", "round:")):
            key, _, wind = token.partition(":")
            if wind not in ("E", "S", "W", "N"):
                raise HandError(f"{token!r}: winds are E, S, W or N.")
            ctx[f"{key}_wind"] = wind
        elif token in _FLAGS:
            ctx[_FLAGS[token]] = True
        elif "=" in token:
            key, _, value = token.partition("=")
            extra[key] = _parse_value(value)
        elif token[0].isdigit():
            for code in parse_tiles(token):
                (flowers if T.is_flower(code) else concealed).append(code)
        else:
            raise HandError(f"Cannot read {token!r} in the hand.")
    return Hand(
        concealed=tuple(T.sorted_codes(concealed)),
        melds=tuple(melds),
        win_tile=win_tile,
        flowers=tuple(T.sorted_codes(flowers)),
        context=WinContext(**ctx, extra=extra),
    )


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
        parts.append(f"{key}={value if isinstance(value, str) else json.dumps(value)}")
    return " ".join(parts)
