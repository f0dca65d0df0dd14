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
# a name as the CLI writes it (two words or more joined by _; on a Chinese page any Latin word),
# with a value given in the CLI's words (red_fives=false), not inside a notation token or a
# {parameter}; and what follows it in brackets, if any
_AFTER = r"(=(?:true|false))?(?![\w}=])( ?[(（]([^()（）]*)[)）])?"
_NAME = {"en": re.compile(r"(?<![\w{=])([a-z]+(?:_[a-z0-9]+)+)" + _AFTER),
         "zh": re.compile(r"(?<![\w{=])([a-z]+(?:_[a-z0-9]+)*)" + _AFTER)}
_QUOTED = re.compile(r"'([a-z]+(?:_[a-z0-9]+)*)'")  # Count it in 'bonus'
_BRACKETED = re.compile(r"[(（]([a-z]+(?:_[a-z0-9]+)*)[)）]")  # 请给出宝牌（bao）
_CJK = r"\u3400-\u9fff\uff08-\uff1f\u3001\u3002"  # Chinese characters and punctuation (re escapes)


def _names(rs: Any, lang: str) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(hand fields and win details, options, choices) of `rs`: name -> the page's words."""
    fields = {name: t(name, lang) for name in CONTEXT}
    fields["win_tile"] = t("group_win", lang)
    options: dict[str, str] = {}
    choices: dict[str, str] = {}
    for spec in getattr(rs, "fields", ()) or ():
        fields[spec.name] = field_label(spec.name, lang, spec.help, spec.help_zh, rs.id)
    for opt in getattr(rs, "options", ()) or ():
        options[opt.name] = option_label(opt, lang, rs.id)
    for spec in [*(getattr(rs, "fields", ()) or ()), *(getattr(rs, "options", ()) or ())]:
        for c in spec.choices or ():
            if isinstance(c, str) and ("_" in c or lang != "en"):
                shown = text(choice_label(c, lang, spec), lang)
                if shown != c:
                    choices[c] = shown
    return fields, options, choices


def in_app_words(line: str, rs: Any, lang: str) -> str:
    """`line` (rendered) with the CLI's names of `rs`'s fields, options, win details and
    choices replaced by the page's words for them; other text as it is."""
    if not line or not re.search("[a-z]", line) or (lang == "en" and "_" not in line
                                                    and "'" not in line):
        return line
    found: list[tuple[dict, dict, dict]] = []

    def label_of(name: str, value: str | None = None) -> str | None:
        if not found:
            found.append(_names(rs, lang))
        fields, options, choices = found[0]
        if value:  # option red_fives=false: the option
            return options.get(name) or fields.get(name)
        return fields.get(name) or options.get(name) or choices.get(name)

    def bracketed(m: re.Match) -> str:  # 宝牌（bao）: the words before say it already
        label = label_of(m.group(1))
        if label is None:
            return m.group(0)
        return "" if line[:m.start()].endswith(label) else f"{m.group(0)[0]}“{label}”{m.group(0)[-1]}"

    def quoted(m: re.Match) -> str:
        label = label_of(m.group(1))
        return m.group(0) if label is None else f"“{label}”"

    def swap(m: re.Match) -> str:
        name, value, after = m.group(1), m.group(2), m.group(3) or ""
        label = label_of(name, value)
        if label is None:
            return m.group(0)
        if value:  # the option's switch, on or off
            return M("switch_on" if value == "=true" else "switch_off", label=label).render(
                lang) + after
        if m.group(4) and m.group(4) in label:  # seven_rob (七搶一): the label says it already
            after = ""
        return f"“{label}”{after}"  # the same marks in every language

    out = _QUOTED.sub(quoted, line)
    if lang != "en":
        out = _BRACKETED.sub(bracketed, out)
    out = _NAME["en" if lang == "en" else "zh"].sub(swap, out)
    if found and lang != "en":  # no space between a quoted name and Chinese words
        out = re.sub(f"(?<=[{_CJK}]) (?=“)|(?<=”) (?=[{_CJK}])", "", out)
    return out


# where a help defines one of its choices: at the start of a clause ("youjin = counted as",
# "; kawuxing: the 84 tiles", "(transfer, as the Chengdu rules say)", "or liable") and followed by
# its definition or the clause's end
_HEAD = r"(?:^|(?<=: )|(?<=; )|(?<=\()|(?<=\bor ))"
_DEFINED = r"( =|:|,|\)| \(|$)"


def choice_words(line: str | None, spec: Any, lang: str) -> str | None:
    """An option's or a field's help with each of its choices named as the page's box names it.
    The help is shared with the CLI, which takes the choice as its value and so defines it so
    (`youjin = counted as a gold swim`, `white_third = White with the third player`); beside a
    box offering “counted as a gold swim (游金)” and “white third” the player reads those
    words. English only: the Chinese helps name the choices in Chinese."""
    if not line or lang != "en":
        return line
    for c in spec.choices or ():
        if not isinstance(c, str):
            continue
        label = text(choice_label(c, lang, spec), lang)

        def named(m: re.Match, label: str = label) -> str:
            follow = m.group(1)
            return f"“{label}”" + (":" if follow == " =" else follow)

        line = re.sub(_HEAD + re.escape(c) + _DEFINED, named, line, flags=re.M)
    # eight (八仙過海) -> “Eight flowers (八仙過海)”, not “Eight flowers (八仙過海)” (八仙過海)
    return re.sub(r"(“[^”]*\(([^()]*)\)”) \(\2\)", r"\1", line)


def say(value: Any, rs: Any, lang: str) -> str:
    """A scoring message (or plain text) rendered for the page: `text`, then `in_app_words`."""
    return in_app_words(text(value, lang), rs, lang)
