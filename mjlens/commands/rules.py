"""`mjlens rules`: list every rule set with its options and the extra hand fields it reads, in
the reader's language (`--lang`); the JSON carries both languages."""

from __future__ import annotations

import json

from mjlens.lang import add_lang_option, lang_of
from scoring.hant import is_zh, pick, to_hant
from scoring.messages import Catalog, render

M = Catalog("rules_cli", {
    "heading": ("{id} {name} ({other}), unit: {unit}", "{id} {name}（{other}），单位：{unit}"),
    "options": ("options:", "选项："),
    "fields": ("hand fields:", "手牌字段："),
    "default": ("default {value}", "默认 {value}"),
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
})


def register(sub) -> None:
    p = sub.add_parser("rules", help="list the rule sets and their options")
    p.add_argument("--json", action="store_true")
    add_lang_option(p)
    p.set_defaults(func=run)


def _choice(value) -> str:
    return "none" if value is None else str(value)


def _help(en: str, zh: str, lang: str) -> str:
    return (pick(en, zh, lang) if zh else en) or M.text("no_help", lang)


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
        print(f"{pad}{_help(rs.description, rs.description_zh, lang)}")
        if rs.options:
            print(f"{pad}{M.text('options', lang)}")
        for o in rs.options:
            choices = f" [{', '.join(map(_choice, o.choices))}]" if o.choices else ""
            print(f"{pad}  -o {o.name}={_choice(o.default)}{choices}: {_help(o.help, o.help_zh, lang)}")
        if rs.field_names:
            print(f"{pad}{M.text('fields', lang)}")
        described = {f.name: f for f in rs.fields}
        for name in rs.field_names:
            f = described.get(name)
            if f is None:
                print(f"{pad}  {name}")
                continue
            value = M.text("none", lang) if f.default is None else _choice(f.default)
            default = M("default", value=value).render(lang)
            kind = M.text(f"kind_{f.kind}", lang) if f"kind_{f.kind}" in M.entries else f.kind
            print(f"{pad}  {name} ({kind}, {default}): {_help(f.help, f.help_zh, lang)}")
    return 0
