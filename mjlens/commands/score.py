"""`mjlens score`: score a hand (contract JSON, JSON Lines, or notation) read from stdin."""

from __future__ import annotations

import json
import re
import sys

from mjlens.lang import add_lang_option, error_fields, error_line, lang_of
from scoring.messages import Catalog

M = Catalog("score_cli", {
    "option_form": ("Write options as NAME=VALUE, not {pair}.",
                    "选项要写成 NAME=VALUE（名称=取值），不能写成 {pair}。"),
    "no_hand": ("No hand was given on standard input.", "标准输入里没有牌。"),
    "not_a_hand_object": ("The input must be a hand object such as {{\"concealed\": [...], "
                          "\"win_tile\": \"3m\"}}, not a JSON array; for several hands give "
                          "one object per line (JSON Lines).",
                          "输入必须是一手牌的对象，例如 {{\"concealed\": [...], \"win_tile\": \"3m\"}}，"
                          "而不是 JSON 数组；多手牌请每行一个对象（JSON Lines）。"),
    # the parser's own detail ("Expecting ',' delimiter") is English whatever --lang says: the
    # place alone, in the reader's language, as `table` and `scan` say it
    "bad_json_line": ("Line {n} is not valid JSON (column {column}).",
                      "第 {n} 行不是有效的 JSON（第 {column} 列）。"),
    # the help of `mjlens score`
    "help": ("score a hand read on standard input", "给从标准输入读到的一手牌算分"),
    "description": ("Score a hand given on standard input as JSON (one object, or JSON Lines "
                    "for several hands) or in the hand notation, e.g. "
                    "'123m 456p 789s 1z [555s<] +1z'.",
                    "给标准输入里的一手牌算分：可以是 `JSON`（一个对象；多手牌则每行一个对象，"
                    "即 `JSON Lines`），也可以是牌谱记法，例如 `123m 456p 789s 1z [555s<] +1z`。"),
    "rules_help": ("rule set id (see `mjlens rules`); default gb",
                   "规则集代号（见 `mjlens rules`）；默认 `gb`"),
    "json_help": ("print JSON per the contract", "按约定的格式输出 `JSON`"),
    "option_help": ("a rule-set option, e.g. -o base=8 (see `mjlens rules`); a choice may be "
                    "given by the Chinese word `mjlens rules --lang zh` shows beside it, e.g. "
                    "-o cap=无",
                    "规则集的选项，例如 `-o base=8`（见 `mjlens rules`）；取值也可以写成 "
                    "`mjlens rules --lang zh` 列在旁边的中文词，例如 `-o cap=无`"),
    "hand_help": ("the hand in notation instead of standard input",
                  "用牌谱记法直接给出这手牌，不读标准输入"),
})


def register(sub) -> None:
    p = sub.add_parser("score", help=M("help"), description=M("description"))
    p.add_argument("--rules", default="gb", help=M("rules_help"))
    p.add_argument("--json", action="store_true", help=M("json_help"))
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help=M("option_help"))
    p.add_argument("--hand", help=M("hand_help"))
    add_lang_option(p)
    p.set_defaults(func=run)


def parse_options(pairs: list[str], rules: str | None = None) -> dict[str, str]:
    """`-o NAME=VALUE` pairs as a dict; given the rule set, a choice may be named by its
    Chinese word (`-o cap=无` is `-o cap=none`)."""
    from mjlens.ui.option_words import options_of_words
    from scoring.hand import HandError

    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise HandError(M("option_form", pair=repr(pair)))
        out[name.strip()] = value.strip()
    return options_of_words(out, rules) if rules else out


def _read_hands(text: str) -> list:
    """Each entry is a hand (dict or notation string) or a HandError for that line."""
    from scoring.hand import HandError

    stripped = text.strip()
    if not stripped:
        return [HandError(M("no_hand"))]
    if not stripped.startswith("{"):
        whole = _json_array(stripped)
        if whole is not None:
            return [whole]
        return [_json_array(line.strip()) or line.strip()
                for line in stripped.splitlines() if line.strip()]
    try:
        return [json.loads(stripped)]
    except json.JSONDecodeError:
        pass
    hands: list = []
    for n, line in enumerate(stripped.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            hands.append(json.loads(line))
        except json.JSONDecodeError as exc:
            # notation may start with a brace too (a concealed kong first: {2222m} 345m ...)
            hands.append(_notation_or(line, M("bad_json_line", n=n, column=exc.colno)))
    return hands


def _json_array(text: str):
    """The error for a JSON array given where a hand belongs (the notation's melds open with a
    bracket too, but never parse as JSON); None for anything else."""
    from scoring.hand import HandError

    if not text.startswith("["):
        return None
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return None
    return HandError(M("not_a_hand_object")) \
        if isinstance(value, list) else None


def _notation_or(line: str, json_error):
    """A line that is not JSON: the line itself if it parses as notation, else the error of the
    grammar it was meant in (a JSON object's first key starts with a quote)."""
    from scoring.hand import HandError
    from scoring.notation import parse_hand

    try:
        parse_hand(line)
    except HandError as exc:
        return HandError(json_error) if re.match(r'\{\s*["}]', line) else exc
    return line


def score_one(raw, rules: str, options: dict):
    """Hand (dict or notation) -> (Hand, ScoreResult); raises HandError with a player's message."""
    from scoring.hand import Hand, HandError
    from scoring.notation import parse_hand
    from scoring.ruleset import get_ruleset, score_hand

    if isinstance(raw, HandError):
        raise raw
    if isinstance(raw, list):  # a JSON Lines line holding an array
        raise HandError(M("not_a_hand_object"))
    # a key=value of the notation the rule set does not read is refused naming those it reads
    keys = get_ruleset(rules).field_names
    hand = parse_hand(raw, keys) if isinstance(raw, str) else Hand.from_json(raw)
    return hand, score_hand(hand, rules, options)


def run(args) -> int:
    from scoring.hand import HandError
    from scoring.notation import format_hand
    from scoring.report import format_result
    from scoring.ruleset import get_ruleset

    lang = lang_of(args)
    try:
        options = parse_options(args.option, args.rules)
        get_ruleset(args.rules).resolve_options(options)
        hands = [args.hand] if args.hand else _read_hands(sys.stdin.read())
    except HandError as exc:
        _emit_error(exc, args.json, lang)
        return 2
    status = 0
    for i, raw in enumerate(hands):
        try:
            hand, result = score_one(raw, args.rules, options)
        except HandError as exc:
            _emit_error(exc, args.json, lang)
            status = 2
            continue
        if args.json:
            print(json.dumps(result.to_json(), ensure_ascii=False))
        else:
            if i:
                print()
            print(format_result(result, format_hand(hand), lang=lang))
    return status


def _emit_error(error, as_json: bool, lang: str) -> None:
    """{"error", "error_zh", "error_zh_hant"} on standard output under --json, else a line on standard error."""
    if as_json:
        print(json.dumps(error_fields(error), ensure_ascii=False))
    else:
        print(error_line(error, lang), file=sys.stderr)
