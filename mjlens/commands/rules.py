"""`mjlens rules`: list every rule set with its options and the extra hand fields it reads."""

from __future__ import annotations

import json


def register(sub) -> None:
    p = sub.add_parser("rules", help="list the rule sets and their options")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args) -> int:
    from scoring.ruleset import all_rulesets

    rulesets = all_rulesets()
    if args.json:
        print(json.dumps([
            {
                "id": rs.id, "name": rs.name, "name_zh": rs.name_zh, "unit": rs.unit,
                "description": rs.description, "source": rs.source,
                "extra_fields": list(rs.field_names),
                "fields": [f.to_json() for f in rs.fields],
                "options": [
                    {"name": o.name, "default": o.default, "choices": o.choices, "help": o.help}
                    for o in rs.options
                ],
            }
            for rs in rulesets.values()
        ], ensure_ascii=False))
        return 0
    for rs in rulesets.values():
        print(f"{rs.id:<10} {rs.name} ({rs.name_zh}), unit: {rs.unit}")
        print(f"           {rs.description}")
        for o in rs.options:
            choices = f" [{', '.join('none' if c is None else str(c) for c in o.choices)}]" if o.choices else ""
            print(f"           -o {o.name}={o.default}{choices}: {o.help}")
        if rs.field_names:
            print(f"           hand fields: {', '.join(rs.field_names)}")
    return 0
