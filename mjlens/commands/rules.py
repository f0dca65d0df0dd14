"""`mjlens rules`: list every rule set with its options and the extra hand fields it reads, in
the reader's language (`--lang`); the JSON carries both languages."""

from __future__ import annotations

import json

from mjlens.lang import add_lang_option, lang_of
from scoring.hant import is_zh, pick, to_hant
from scoring.messages import Catalog, Msg, Text, render

M = Catalog("rules_cli", {
    "heading": ("{id} {name} ({other}), unit: {unit}", "{id} {name}（{other}），单位：{unit}"),
    "options": ("options:", "选项："),
    "fields": ("hand fields:", "手牌字段："),
    "default": ("default {value}", "默认 {value}"),
    "option_line": ("-o {name}={default}{choices}: {help}", "-o {name}={default}{choices}：{help}"),
    "field_line": ("{name} ({kind}, {default}): {help}", "{name}（{kind}，{default}）：{help}"),
    "no_help": ("(no description)", "（无说明）"),
    "none": ("none", "无"),
    # a hand field's kind (HandField.kind), as the reader says it
    "kind_seat": ("seat", "座位"),
    "kind_seats": ("seats", "座位列表"),
    "kind_bool": ("bool", "是/否"),
    "kind_int": ("int", "整数"),
    "kind_tile": ("tile", "牌"),
    "kind_tiles": ("tiles", "牌列表"),
    "kind_suit": ("suit", "花色"),
    "kind_choice": ("choice", "选项"),
    "kind_choices": ("choices", "选项列表"),
    "h_help": ("list the rule sets and their options", "列出各规则集和它们的选项"),
})


def register(sub) -> None:
    p = sub.add_parser("rules", help=M("h_help"))
    p.add_argument("--json", action="store_true")
    add_lang_option(p)
    p.set_defaults(func=run)



def _value(value) -> str:
    """An option's or a field's value as a player writes it: none, true / false, E S W N."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return " ".join(map(_value, value))
    return str(value)


def _choice_zh(option, value) -> str:
    """A choice as it is typed, with the Chinese word that means it (`none（无）`), which `-o`
    takes too."""
    from mjlens.ui.i18n import choice_label

    code, word = _value(value), choice_label(value, "zh", option)
    return code if word == code else f"{code}（{word}）"


def _choices(option) -> Text | str:
    """` [a, b]` in English, ` [a（甲）、b（乙）]` in Chinese; nothing without choices."""
    if not option.choices:
        return ""
    return Text(f" [{', '.join(map(_value, option.choices))}]",
                f" [{'、'.join(_choice_zh(option, c) for c in option.choices)}]")


def _help(en: str, zh: str) -> Text | Msg:
    if en or zh:
        return Text(en, zh or en)
    return M("no_help")


def _option_line(option, lang: str) -> str:
    return M("option_line", name=option.name, default=_value(option.default),
             choices=_choices(option), help=_help(option.help, option.help_zh)).render(lang)


def _field_line(name: str, field, lang: str) -> str:
    if field is None:
        return name
    value = _value(field.default) if field.default not in (None, [], ()) else M("none")
    kind = M(f"kind_{field.kind}") if f"kind_{field.kind}" in M.entries else field.kind
    return M("field_line", name=name, kind=kind, default=M("default", value=value),
             help=_help(field.help, field.help_zh)).render(lang)


def run(args) -> int:
    from scoring.ruleset import all_rulesets
    from scoring.units import unit_name

    rulesets = all_rulesets()
    if args.json:
        print(json.dumps([
            {
                "id": rs.id, "name": rs.name, "name_zh": rs.name_zh, "unit": rs.unit,
                "description": rs.description, "description_zh": rs.description_zh,
                "name_zh_hant": to_hant(rs.name_zh),
                "description_zh_hant": to_hant(rs.description_zh),
                "source": rs.source, "combine": rs.combine,
                "extra_fields": list(rs.field_names),
                "fields": [f.to_json() for f in rs.fields],
                "options": [
                    {"name": o.name, "default": o.default, "choices": o.choices, "help": o.help,
                     "help_zh": o.help_zh, "help_zh_hant": to_hant(o.help_zh)}
                    for o in rs.options
                ],
            }
            for rs in rulesets.values()
        ], ensure_ascii=False))
        return 0
    lang = lang_of(args)
    zh = is_zh(lang)
    pad = " " * 11
    for rs in rulesets.values():
        unit = render(unit_name(rs.unit, rs.id), lang)
        name_zh = pick(rs.name, rs.name_zh, lang) if zh else rs.name_zh
        names = (name_zh, rs.name) if zh else (rs.name, name_zh)
        print(M("heading", id=f"{rs.id:<10}", name=names[0], other=names[1], unit=unit).render(lang))
        print(f"{pad}{render(_help(rs.description, rs.description_zh), lang)}")
        if rs.options:
            print(f"{pad}{M.text('options', lang)}")
        for o in rs.options:
            print(f"{pad}  {_option_line(o, lang)}")
        if rs.field_names:
            print(f"{pad}{M.text('fields', lang)}")
        described = {f.name: f for f in rs.fields}
        for name in rs.field_names:
            print(f"{pad}  {_field_line(name, described.get(name), lang)}")
    return 0
