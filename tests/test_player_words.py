"""Words a player reads name the region's rule text, never "the seed" (a word of the project's
specification files, which players have never heard of): every message of every catalog, and
every rule set's description, option and field help, in both languages."""

from __future__ import annotations

import re

from scoring.messages import CATALOGS
from scoring.ruleset import all_rulesets

SEED = re.compile(r"\bseeds?\b|种子|種子", re.IGNORECASE)
# the random seed of the data tools (`mjlens synth --seed`), named in their help as it always
# was: a developer's word for the option beside it, not the rule texts' (their Chinese says
# `--seed`)
RANDOM_SEED = {"synth_cli.description": "The same seed gives identical files."}


def _player_texts():
    import mjlens.ui.jokers  # noqa: F401  (their catalogs)
    import mjlens.ui.review  # noqa: F401
    import mjlens.ui.views  # noqa: F401
    from mjlens.cli import build_parser

    build_parser("en")  # every command's catalog: their help

    for rid, rs in sorted(all_rulesets().items()):
        yield f"{rid}.description", rs.description
        yield f"{rid}.description_zh", rs.description_zh
        for o in rs.options:
            yield f"{rid}.option.{o.name}", o.help
            yield f"{rid}.option.{o.name}.zh", o.help_zh
            for value, en, zh in o.choice_names:
                yield f"{rid}.option.{o.name}={value}", f"{en} {zh}"
        for f in rs.fields:
            yield f"{rid}.field.{f.name}", f"{f.help} {f.help_zh}"
    for name, cat in sorted(CATALOGS.items()):
        for key, (en, zh) in cat.entries.items():
            yield f"{name}.{key}", f"{en} {zh}"


def _without_random_seed(where: str, text: str) -> str:
    return text.replace(RANDOM_SEED.get(where, "\0"), "").replace("`--seed`", "")


def test_no_player_reads_the_word_seed():
    found = {where: text for where, text in _player_texts()
             if text and SEED.search(_without_random_seed(where, text))}
    assert not found, f"{len(found)} texts say seed/种子: " + "\n".join(
        f"{k}: {v}" for k, v in found.items())
