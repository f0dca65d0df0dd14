"""`mjlens score`: score a hand (contract JSON, JSON Lines, or notation) read from stdin."""

from __future__ import annotations

import json
import re
import sys

from mjlens.lang import add_lang_option, error_fields, error_line, lang_of
from scoring.file_words import json_of
from scoring.messages import Catalog

M = Catalog("score_cli", {
    "option_form": ("Write options as NAME=VALUE, not {pair}.",
                    "选项要写成 NAME=VALUE（名称=取值），不能写成 {pair}。"),
    "no_hand": ("No hand was given on standard input.", "标准输入里没有牌。"),
    "not_text": ("Standard input is not text: save the hands as UTF-8 text.",
                 "标准输入不是文字：请把牌存成 UTF-8 编码的文本。"),
    "option_twice": ("Option {name} is given twice, as {first} and as {second}: give it once.",
                     "选项 {name} 给了两次（{first} 和 {second}）：只能给一次。"),
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
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise HandError(M("option_form", pair=repr(pair)))
        if name in out and not _same_value(name, out[name], value, rules):
            # the last one silently won
            raise HandError(M("option_twice", name=name, first=repr(out[name]),
                              second=repr(value)))
        out[name] = value
    return options_of_words(out, rules) if rules else out


def _same_value(name: str, first: str, second: str, rules: str | None) -> bool:
    """Whether two values given for one option say the same (`cap=无` and `cap=none`, `base=8`
    and `base=08`); values the rule set refuses are refused where it reads them."""
    from mjlens.ui.option_words import options_of_words
    from scoring.hand import HandError
    from scoring.ruleset import get_ruleset

    if first == second:
        return True
    try:
        option = {o.name: o for o in get_ruleset(rules).options}.get(name) if rules else None
        if option is None:
            return False
        return option.parse(options_of_words({name: first}, rules)[name]) == \
            option.parse(options_of_words({name: second}, rules)[name])
    except HandError:
        return False


def _read_hands(text: str) -> list:
    """Each entry is a hand (dict or notation string) or a HandError for that line: the whole
    input as one JSON hand (pretty-printed over lines or not), else one hand per line, each line
    read on its own, so a bad line never spoils the lines after it."""
    from scoring.hand import HandError

    stripped = text.strip()
    if not stripped:
        return [HandError(M("no_hand"))]
    whole = _json_value(stripped)
    if isinstance(whole, (dict, list)):
        return [whole]
    return [_line_hand(n, line.strip()) for n, line in enumerate(stripped.splitlines(), 1)
            if line.strip()]


def _json_value(text: str):
    """The JSON value of the text, or None where it is not JSON."""
    try:
        return json_of(text)
    except json.JSONDecodeError:
        return None


def _line_hand(n: int, line: str):
    """One line of JSON Lines or notation: a JSON object or array as read (an array is refused
    as a hand later), other text as notation (a bare JSON number or string is a typo of it)."""
    try:
        value = json_of(line)
    except json.JSONDecodeError as exc:
        if line.startswith("{"):
            # notation may start with a brace too (a concealed kong first: {2222m} 345m ...)
            return _notation_or(line, M("bad_json_line", n=n, column=exc.colno))
        return line
    return value if isinstance(value, (dict, list)) else line


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
        # `--hand ""` is a hand given empty, not a call to read standard input (it waited there)
        hands = [args.hand] if args.hand is not None else _read_hands(_stdin_text())
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


def _stdin_text() -> str:
    from scoring.file_words import read_text
    from scoring.hand import HandError

    try:
        return read_text("-")
    except UnicodeDecodeError:
        raise HandError(M("not_text")) from None


def _emit_error(error, as_json: bool, lang: str) -> None:
    """{"error", "error_zh", "error_zh_hant"} on standard output under --json, else a line on standard error."""
    if as_json:
        print(json.dumps(error_fields(error), ensure_ascii=False))
    else:
        print(error_line(error, lang), file=sys.stderr)
