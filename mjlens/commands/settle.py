"""`mjlens settle`: settle a whole round (kongs, wins, end of the wall) from JSON, under any rule
set with round rules (`RuleSet.settlement`)."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass

from mjlens.lang import add_lang_option, error_fields, error_line, lang_of
from scoring.file_words import json_of
from scoring.messages import Catalog

M = Catalog("settle_cli", {
    "bad_json": ("The round is not valid JSON (line {line}, column {column}).",
                 "这局的数据不是有效的 JSON（第 {line} 行第 {column} 列）。"),
    "unreadable": ("Cannot read the round file {path}: {reason}.", "读不了这局的文件 {path}：{reason}。"),
    "not_utf8": ("The round file {path} is not UTF-8 text.", "这局的文件 {path} 不是 UTF-8 文本。"),
    # the help of `mjlens settle`
    "h_help": ("settle a whole round: kong money, every win, the end of the wall",
               "结算一整局：杠钱、每一家的和牌、牌墙摸完时的结算"),
    "h_description": ("Settle a round given as JSON (events and final hands; format in "
                      "docs/sichuan.md) under a rule set with round rules: {rules}. ROUND is a "
                      "file, or - for standard input.",
                      "按有整局规则的规则集（{rules}）结算一局以 `JSON` 给出的牌（各事件和最后的"
                      "手牌；格式见 `docs/sichuan.md`）。`ROUND` 是一个文件，写 `-` 则读标准输入。"),
    "h_round": ("the round as JSON, or - for stdin", "这一局的 `JSON`，写 `-` 则读标准输入"),
    "h_rules": ("rule set id ({rules}); default: the round's 'rules', else sichuan",
                "规则集代号（{rules}）；默认：这局数据里的 `rules`，没有则为 `sichuan`"),
    "h_json": ("print the ledger as JSON", "以 `JSON` 输出这局的账目"),
    "h_option": ("a rule-set option, e.g. -o base=5 -o cap=4",
                 "规则集的选项，例如 `-o base=5 -o cap=4`"),
})


def register(sub) -> None:
    p = sub.add_parser("settle", help=M("h_help"),
                       description=M("h_description", rules=SettlingRuleSets()))
    p.add_argument("round", metavar="ROUND.json", help=M("h_round"))
    p.add_argument("--rules", default=None, help=M("h_rules", rules=SettlingRuleSets()))
    p.add_argument("--json", action="store_true", help=M("h_json"))
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help=M("h_option"))
    add_lang_option(p)
    p.set_defaults(func=run)


@dataclass(frozen=True)
class SettlingRuleSets:
    """The rule sets that settle rounds, named from the registry only when the help is shown:
    reading every rule set on each start of `mjlens` would slow every command."""

    def __str__(self) -> str:
        from scoring.ruleset import all_rulesets

        return ", ".join(rs.id for rs in all_rulesets().values() if rs.settlement is not None)


def run(args) -> int:
    from mjlens.commands.score import parse_options
    from scoring.hand import HandError
    from scoring.report import format_round
    from scoring.settle import settle_round

    try:
        options = parse_options(args.option, args.rules)
        text = _read(args.round)
        try:
            data = json_of(text)
        except json.JSONDecodeError as exc:
            raise HandError(M("bad_json", line=exc.lineno, column=exc.colno)) from None
        result = settle_round(data, args.rules, options)
    except HandError as exc:
        if args.json:
            print(json.dumps(error_fields(exc), ensure_ascii=False))
        else:
            print(error_line(exc, lang_of(args)), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(format_round(result, lang=lang_of(args)))
    return 0


def _read(path: str) -> str:
    from scoring.file_words import os_reason, read_text
    from scoring.hand import HandError

    try:
        return read_text(path)
    except OSError as exc:  # the system's own reason is English whatever --lang says
        raise HandError(M("unreadable", path=path, reason=os_reason(exc))) from None
    except UnicodeDecodeError:
        raise HandError(M("not_utf8", path=path)) from None
