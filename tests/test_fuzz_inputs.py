"""Fuzz of every command's input under every registered rule set (issue 20, hardening): hand
notation, hand JSON, rule-set options and whole-round JSON. Whatever comes in, the answer is a
score or a HandError in words (English and Chinese), never another exception, and no
impossible hand (five of a tile, a flower twice, a wrong tile count) is scored.

The rule sets come from the registry, so one added later is fuzzed too. The number of examples
is bounded to keep the suite fast (MJLENS_FUZZ_EXAMPLES=N explores more, with fresh examples);
inputs it found are kept below as regression cases.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjlens.commands.score import _read_hands, parse_options, score_one
from scoring import tiles as T
from scoring.hand import HandError
from scoring.messages import Msg, render
from scoring.report import format_result
from scoring.ruleset import all_rulesets, get_ruleset
from scoring.settle import settle_round

RULES = sorted(all_rulesets())
EXAMPLE_ROUND = Path(__file__).resolve().parents[1] / "docs" / "examples" / "round.json"
ROUND_RULES = [r for r in RULES if getattr(all_rulesets()[r], "settlement", None) is not None]
_MORE = int(os.environ.get("MJLENS_FUZZ_EXAMPLES", "0"))


def _settings(n: int):
    return settings(max_examples=_MORE or n, deadline=None, derandomize=not _MORE, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


# ---- what may come in ----------------------------------------------------------------------------

CODES = list(T.TILE_CODES)
code = st.one_of(st.sampled_from(CODES), st.sampled_from(["1f", "5f", "8f", "0m", "9z", "back", "", "5"]))
seat = st.sampled_from(["E", "S", "W", "N", "X", "e", ""])
anything = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 20), st.sampled_from(["", "m", "p", "s", "z", "E", "5m", "true", "none"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(["E", "S", "a", "kind"]), inner, max_size=3)),
    max_leaves=6,
)


def _value(name: str):
    """Values for an extra hand field or option: of the right kind mostly, sometimes not."""
    return st.one_of(seat, code, st.lists(seat, max_size=5), st.lists(code, max_size=5), anything)


@st.composite
def notation(draw, rules: str):
    digits = st.text("0123456789", min_size=1, max_size=6)
    tiles = st.builds(lambda d, s: d + s, digits, st.sampled_from("mpszf"))
    meld = st.builds(lambda o, d, s, mark, c: o + d + s + mark + c,
                     st.sampled_from("[{"), st.text("0123456789'", min_size=1, max_size=5),
                     st.sampled_from("mpsz"), st.sampled_from(["", "<", "^", ">", "+", "<+"]),
                     st.sampled_from("]}"))
    win = st.builds(lambda m, t: m + t, st.sampled_from("+*"), st.sampled_from(CODES + ["1f", "0m"]))
    flags = st.sampled_from(["last-tile", "kong-replacement", "robbing-kong", "last-copy",
                             "seat:S", "seat:X", "round:W", "round:", "@@", "=", "=1"])
    fields = get_ruleset(rules).field_names or ("dealer",)
    extra = st.builds(lambda k, v: f"{k}={v}", st.sampled_from(fields + ("bogus",)),
                      st.sampled_from(["true", "false", "1", "-2", "E", "Q", "p", "z", "5m",
                                       '["E","S"]', '["5m"]', "[1]", "{}", "null", "{\"a\":1}"]))
    parts = draw(st.lists(st.one_of(tiles, meld, win, flags, extra), min_size=1, max_size=9))
    return " ".join(parts)


def _field_value(field):
    """A value of the kind a described hand field takes (HandField.kind)."""
    kind = field.kind
    seats = st.sampled_from(["E", "S", "W", "N"])
    by_kind = {"seat": seats, "seats": st.lists(seats, max_size=4, unique=True), "bool": st.booleans(),
               "int": st.integers(0, 4), "tile": st.sampled_from(CODES),
               "tiles": st.lists(st.sampled_from(CODES), max_size=4), "suit": st.sampled_from("mps")}
    if kind in by_kind:
        return by_kind[kind]
    if field.choices:
        return st.lists(st.sampled_from(list(field.choices)), max_size=3) if kind == "choices" \
            else st.sampled_from(list(field.choices))
    return anything


@st.composite
def built_hand(draw, rules: str):
    """A hand as a player would write it: four or five sets and a pair from the suits of a
    palette, some sets declared, a winning tile, flags, flowers and the rule set's fields;
    now and then a fifth copy, a tile added or taken away, so the checks have work."""
    palette = draw(st.sampled_from(["mps", "mpsz", "mp", "ps", "m", "mz", "psz"]))
    left = Counter({c: 4 for c in CODES if c[-1] in palette})
    cheat = draw(st.integers(0, 9)) == 0  # allow more than four of a tile

    def take(tiles):
        if cheat or all(left[t] >= n for t, n in Counter(tiles).items()):
            left.subtract(tiles)
            return True
        return False

    chows = draw(st.sampled_from([0, 0.3, 0.6]))
    standing: list[str] = []
    melds: list[str] = []
    for _ in range(draw(st.sampled_from([4, 4, 4, 5]))):
        for _attempt in range(6):
            starts = [c for c in left if T.is_suited(c) and int(c[0]) <= 7]
            if starts and draw(st.floats(0, 1)) < chows:
                first = draw(st.sampled_from(sorted(starts)))
                kind, tiles = "chow", [f"{int(first[0]) + i}{first[1]}" for i in range(3)]
            else:
                kind = draw(st.sampled_from(["pung", "pung", "pung", "kong"]))
                tiles = [draw(st.sampled_from(sorted(left)))] * (3 if kind == "pung" else 4)
            if take(tiles):
                break
        digits, suit = "".join(t[0] for t in tiles), tiles[0][1]
        if kind == "kong" or draw(st.booleans()):
            if kind == "kong" and draw(st.booleans()):
                melds.append("{" + digits + suit + "}")
            else:
                mark = "<" if kind == "chow" else draw(st.sampled_from(["<", "^", ">", ""]))
                melds.append(f"[{digits}{suit}{mark}]")
        else:
            standing += tiles
    pair = draw(st.sampled_from(sorted(left)))
    take([pair, pair])
    standing += [pair, pair]
    win = standing.pop(draw(st.integers(0, len(standing) - 1)))
    change = draw(st.sampled_from(["none"] * 6 + ["add", "drop"]))
    if change == "add":
        standing.append(draw(st.sampled_from(CODES)))
    elif change == "drop" and standing:
        standing.pop()
    parts = [" ".join(standing), *melds, ("*" if draw(st.booleans()) else "+") + win]
    parts += draw(st.lists(st.sampled_from(["last-tile", "kong-replacement", "robbing-kong",
                                            "last-copy", "seat:S", "seat:N", "round:S"]),
                           max_size=2, unique=True))
    flowers = draw(st.lists(st.sampled_from(T.FLOWER_CODES), max_size=3)) if draw(st.booleans()) else []
    if flowers:
        parts.append("".join(f[0] for f in flowers) + "f")
    rs = get_ruleset(rules)
    described = {f.name: f for f in rs.fields}
    for name in draw(st.lists(st.sampled_from(rs.field_names), max_size=3, unique=True)) if rs.field_names else []:
        value = draw(_field_value(described[name]) if name in described else anything)
        parts.append(f"{name}={value if isinstance(value, str) else json.dumps(value, separators=(',', ':'))}")
    return " ".join(p for p in parts if p)


def _meld():
    return st.fixed_dictionaries(
        {"kind": st.sampled_from(["chow", "pung", "kong", "special_kong", "pair", 3]),
         "tiles": st.one_of(st.lists(code, min_size=2, max_size=5), anything)},
        optional={"concealed": st.one_of(st.booleans(), anything),
                  "claimed_from": st.sampled_from([None, "left", "across", "right", "up", 1]),
                  "added": st.one_of(st.booleans(), anything), "claimed_tile": code,
                  "colour": anything},
    )


@st.composite
def hand_json(draw, rules: str):
    fields = get_ruleset(rules).field_names
    optional = {k: st.one_of(st.booleans(), anything) for k in
                ("self_drawn", "last_tile", "kong_replacement", "robbing_kong", "last_copy")}
    optional.update({"seat_wind": seat, "round_wind": seat,
                     "flowers": st.one_of(st.lists(code, max_size=4), anything)})
    optional.update({name: _value(name) for name in fields})
    base = st.fixed_dictionaries(
        {"concealed": st.one_of(st.lists(code, min_size=0, max_size=16), anything),
         "melds": st.one_of(st.lists(_meld(), max_size=5), anything),
         "win_tile": st.one_of(code, st.none(), st.integers())},
        optional=optional)
    from scoring.notation import parse_hand

    try:  # half the time a hand as a player writes it, in JSON
        built = parse_hand(draw(built_hand(rules))).to_json() if draw(st.booleans()) else None
    except HandError:
        built = None
    return built if built is not None else draw(st.one_of(base, anything))


# ---- what must hold --------------------------------------------------------------------------------

def _check_error(exc: HandError) -> None:
    """A clean refusal, written for a player in both languages (a message, not a string)."""
    assert isinstance(exc.msg, Msg), f"an error without Chinese text: {exc}"
    en, zh = render(exc.msg, "en"), render(exc.msg, "zh")
    assert en.strip() and zh.strip() and zh != en
    assert "Traceback" not in en


def _check_scored(hand, result) -> None:
    """A scored hand is a possible one, and its result renders in both languages."""
    counts = Counter(hand.all_tiles)
    assert all(n <= 4 for n in counts.values()), counts
    assert all(T.is_tile(c) for c in counts), counts
    assert len(set(hand.flowers)) == len(hand.flowers) and all(map(T.is_flower, hand.flowers))
    assert hand.win_tile is not None
    standing = len(hand.concealed) + 3 * len(hand.melds)
    assert standing in (13, 16), standing  # four or five sets and a pair, the winning tile apart
    json.dumps(result.to_json(), ensure_ascii=False)
    for lang in ("en", "zh"):
        assert format_result(result, "", lang=lang)


def _score(raw, rules: str, options=None) -> None:
    try:
        hand, result = score_one(raw, rules, options or {})
    except HandError as exc:
        _check_error(exc)
    else:
        _check_scored(hand, result)


# ---- the fuzz --------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", RULES)
def test_notation(rules):
    @_settings(40)
    @given(st.one_of(notation(rules), built_hand(rules)))
    def check(text):
        for raw in _read_hands(text):
            _score(raw, rules)
    check()


@pytest.mark.parametrize("rules", RULES)
def test_hand_json(rules):
    @_settings(40)
    @given(hand_json(rules))
    def check(data):
        for raw in _read_hands(json.dumps(data)):
            _score(raw, rules)
    check()


@pytest.mark.parametrize("rules", RULES)
def test_options(rules):
    rs = get_ruleset(rules)
    names = [o.name for o in rs.options] + ["bogus"]
    pairs = st.lists(st.builds(lambda k, v: f"{k}={v}", st.sampled_from(names),
                               st.sampled_from(["", "0", "1", "-1", "8", "2.5", "true", "no",
                                                "none", "null", "x", "全", "[1]", "16", "13"])),
                     max_size=4)
    given_json = st.dictionaries(st.sampled_from(names), anything, max_size=3)
    hands = ["123m 456p 789s 11z [555s<] +1z", "2224445557779m +9m seat:S",
             "11223344556677p +7p", "123m 456m 789m 1p [5555p] *1p kong-replacement"]

    @_settings(25)
    @given(st.one_of(pairs, given_json), st.sampled_from(hands))
    def check(options, text):
        try:
            opts = parse_options(options) if isinstance(options, list) else options
            rs.resolve_options(opts)
        except HandError as exc:
            _check_error(exc)
            return
        _score(text, rules, opts)
    check()


@st.composite
def round_json(draw, rules: str):
    hand = st.one_of(hand_json(rules), st.sampled_from([
        {"concealed": ["1p", "2p", "3p", "4s", "5s", "6s", "4s", "5s", "6s", "9s", "1p", "1p", "1p"],
         "win_tile": "9s"},
        {"concealed": ["2m", "5m", "8m", "1p", "3p", "4p", "5p", "6p", "7p", "8p", "1s", "1s", "1s"]},
    ]))
    event = st.fixed_dictionaries(
        {"type": st.sampled_from(["kong", "win", "wall_end", "draw", 1])},
        optional={"player": seat, "kind": st.sampled_from(["concealed", "exposed", "added", "x"]),
                  "tile": code, "from": st.one_of(seat, st.none()), "after_kong": anything,
                  "immediate": anything, "hand": hand,
                  "winners": st.lists(st.fixed_dictionaries({"player": seat, "hand": hand}), max_size=3)})
    if draw(st.booleans()):  # the documented example round, with one or two things changed
        data = json.loads(EXAMPLE_ROUND.read_text(encoding="utf-8"))
        data["rules"] = rules
        for _ in range(draw(st.integers(1, 2))):
            events = data["events"]
            i = draw(st.integers(0, len(events) - 1))
            what = draw(st.sampled_from(["drop", "repeat", "field", "hand", "top"]))
            if what == "drop":
                events.pop(i)
            elif what == "repeat":
                events.insert(i, json.loads(json.dumps(events[i])))
            elif what == "field":
                events[i][draw(st.sampled_from(["player", "from", "tile", "kind", "after_kong"]))] = draw(
                    st.one_of(seat, code, anything))
            elif what == "hand":
                events[i]["hand"] = draw(hand_json(rules))
            else:
                data[draw(st.sampled_from(["dealer", "missing_suits", "hands", "options"]))] = draw(anything)
            if not events:
                break
        return data
    return draw(st.fixed_dictionaries(
        {"events": st.one_of(st.lists(event, max_size=6), anything)},
        optional={"rules": st.sampled_from([rules, "nope", 3]), "options": anything,
                  "dealer": seat, "missing_suits": st.one_of(st.dictionaries(seat, code, max_size=4), anything),
                  "hands": st.one_of(st.dictionaries(seat, hand, max_size=4), anything),
                  "bogus": anything}))


@pytest.mark.parametrize("rules", ROUND_RULES)
def test_round(rules):
    @_settings(30)
    @given(round_json(rules))
    def check(data):
        try:
            result = settle_round(json.loads(json.dumps(data)), rules, {})
        except HandError as exc:
            _check_error(exc)
        else:
            json.dumps(result.to_json(), ensure_ascii=False)
    check()


# Inputs the fuzz found, kept: (rule set, input, words of the expected error).
FOUND = [
    # an empty winning tile reached a rule set's own tile check (IndexError in tiles.is_honor)
    ("sichuan_mult", {"concealed": [], "melds": [], "win_tile": ""}, "Unknown tile code ''"),
]


@pytest.mark.parametrize(("rules", "raw", "words"), FOUND)
def test_found_inputs_give_clean_errors(rules, raw, words):
    with pytest.raises(HandError, match=words) as err:
        score_one(raw, rules, {})
    _check_error(err.value)


def test_errors_are_messages_in_the_hand_and_notation_layers():
    """What the shared hand check and the notation refuse is a Msg (Chinese text of its own)."""
    for text in ("11111m234p567s999s +5z", "123m [55s", "{2222m<} +1m", "123m456p789s1z +1z 1f1f",
                 "11m456p789p22p [333m<] +1m robbing-kong", "1m"):
        with pytest.raises(HandError) as err:
            score_one(text, "gb", {})
        assert isinstance(err.value.msg, Msg), text
