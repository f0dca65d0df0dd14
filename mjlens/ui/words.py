"""A rule set's sentences as the app's page words them. The scoring messages, descriptions and
help texts are shared with the CLI and the hand JSON, where a hand field, an option, a win detail
or a choice is named as it is written there (red_fives, first_turn, last_copy, discard_pays,
seven_rob). A player on the page never types those: the page names the control they tap
instead, in quotes and in the reader's language ("Red fives in the hand (赤五)" lists 5p...)."""

from __future__ import annotations

import re
from typing import Any

from mjlens.ui.i18n import M, choice_label, field_label, option_label, t, text

# the win details every rule set reads, named by the page's own controls
CONTEXT = ("self_drawn", "last_tile", "kong_replacement", "robbing_kong", "last_copy",
           "seat_wind", "round_wind", "claimed_from")
# a name as the CLI writes it (two words or more joined by _), with a value given in the CLI's
# words (red_fives=false); not inside a notation token or a {parameter}
_NAME = re.compile(r"(?<![\w{=])([a-z]+(?:_[a-z0-9]+)+)(=(?:true|false))?(?![\w}=])"
                   r"( ?[(（]([^()（）]*)[)）])?")  # and what follows in brackets, if any
_CJK = r"\u3400-\u9fff\uff08-\uff1f\u3001\u3002"  # Chinese characters and punctuation (re escapes)


def _names(rs: Any, lang: str) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(hand fields and win details, options, choices) of `rs`: name -> the page's words."""
    fields = {name: t(name, lang) for name in CONTEXT}
    fields["win_tile"] = t("group_win", lang)
    options: dict[str, str] = {}
    choices: dict[str, str] = {}
    for spec in getattr(rs, "fields", ()) or ():
        fields[spec.name] = field_label(spec.name, lang, spec.help, spec.help_zh)
    for opt in getattr(rs, "options", ()) or ():
        options[opt.name] = option_label(opt, lang)
    for spec in [*(getattr(rs, "fields", ()) or ()), *(getattr(rs, "options", ()) or ())]:
        for c in spec.choices or ():
            if isinstance(c, str) and "_" in c:
                shown = text(choice_label(c, lang, spec), lang)
                if shown != c:
                    choices[c] = shown
    return fields, options, choices


def in_app_words(line: str, rs: Any, lang: str) -> str:
    """`line` (rendered) with the CLI's names of `rs`'s fields, options, win details and
    choices replaced by the page's words for them; other text as it is."""
    if not line or "_" not in line:
        return line
    found: list[tuple[dict, dict, dict]] = []

    def swap(m: re.Match) -> str:
        if not found:
            found.append(_names(rs, lang))
        fields, options, choices = found[0]
        name, value = m.group(1), m.group(2)
        if value:  # option red_fives=false: the option's switch, on or off
            label = options.get(name) or fields.get(name)
            key = "switch_on" if value == "=true" else "switch_off"
            return m.group(0) if label is None else M(key, label=label).render(lang) + (
                m.group(3) or "")
        label = fields.get(name) or options.get(name) or choices.get(name)
        if label is None:
            return m.group(0)
        after = m.group(3) or ""  # seven_rob (七搶一): the label says it already
        if m.group(4) and m.group(4) in label:
            after = ""
        return f"“{label}”{after}"  # the same marks in every language

    out = _NAME.sub(swap, line)
    if found and lang != "en":  # no space between a quoted name and Chinese words
        out = re.sub(f"(?<=[{_CJK}]) (?=“)|(?<=”) (?=[{_CJK}])", "", out)
    return out


def say(value: Any, rs: Any, lang: str) -> str:
    """A scoring message (or plain text) rendered for the page: `text`, then `in_app_words`."""
    return in_app_words(text(value, lang), rs, lang)
