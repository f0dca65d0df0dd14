"""The mirror of tests/test_app_zh.py: on the English page no Chinese is left but names.

A Chinese word may stand on the English page only as a name beside its English (data, like a
fan's name: "Plain win · 屁胡", "Golden hook (金钩钓)"), as a fan name the rule set gives, or
inside quotation marks, quoting the region's rule text. A sentence, a note, a table column or a
unit in Chinese is a fault. Checked for every rule set and in each page state.
"""

from __future__ import annotations

import re

import pytest

from scoring.ruleset import all_rulesets
from tests.app_support import FIXTURES, FixtureDetector  # noqa: F401
from tests.test_app_zh import HAND, _app, no_detector, page_text  # noqa: F401

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+")
# Chinese allowed as a name: in parentheses or after " · " beside English words, a quotation
# of the rule text, or the language switch naming Chinese in Chinese
_NAME = r"[\u3400-\u9fff/、 ]{1,12}"
_ALLOWED = re.compile("|".join([
    rf"(?<=[A-Za-z0-9)] )\({_NAME}\)",  # Golden hook (金钩钓)
    rf"(?<=[A-Za-z0-9)])\({_NAME}\)",
    rf"(?<= · ){_NAME}(?=$|\*\*| —|\s|,|:|\))",  # fan lines: **Plain win · 屁胡**
    r"'[^'A-Za-z]*'", r"“[^”]*”", r"「[^」]*」",  # quoted rule text
    r"^(中文|简体中文|繁體中文)$",  # the language switch names each language in itself
]))


def _names() -> set[str]:
    """Chinese names the rule sets give as data: their own names and their fans' names."""
    out = set()
    for rs in all_rulesets().values():
        out.add(rs.name_zh)
        for p in getattr(rs, "patterns", ()) or ():
            out.add(getattr(p, "name", ""))
    return {n for n in out if n}


def chinese_in(texts, names=frozenset()) -> list[str]:
    """Texts that still hold Chinese once names and quotations are taken out."""
    out = []
    for t in texts:
        rest = _ALLOWED.sub(" ", t)
        for n in sorted(names, key=len, reverse=True):
            rest = rest.replace(n, " ")
        if CJK.search(rest):
            out.append(t)
    return out


def test_the_checker_finds_chinese():
    assert chinese_in(["items 1 番 x1 for 屁胡 = 1"]) == ["items 1 番 x1 for 屁胡 = 1"]
    assert chinese_in(["flowers (在手三张一样的花牌1番)"]) == ["flowers (在手三张一样的花牌1番)"]
    assert chinese_in(["屁胡: 11"]) == ["屁胡: 11"]
    assert chinese_in(["- **Plain win · 屁胡** — 1 fan", "Golden hook (金钩钓)",
                       "the Fujian rules: '那就是一人11番'", "中文", "繁體中文"]) == []


SIXTEEN = "111m 234m 567m 789m 345p 5m *5m"  # the same in a 16-tile game (five sets)


def _states(at, rules: str):
    from scoring.ruleset import hand_sets

    hand = SIXTEEN if hand_sets(rules, {}) == 5 else HAND
    yield "empty", page_text(at)
    at.selectbox(key="rules").set_value(rules).run()
    yield "rule set chosen", page_text(at)
    at.text_input(key="notation").set_value("111m 234m 567m").run()
    yield "unfinished hand", page_text(at)
    at.text_input(key="notation").set_value(hand).run()
    yield "scored", page_text(at)
    at.text_input(key="notation").set_value(hand.replace("*", "+")).run()
    yield "won on a discard", page_text(at)
    at.button(key="tile-0").click().run()
    yield "tile selected", page_text(at)


@pytest.mark.parametrize("rules", sorted(all_rulesets()))
def test_the_english_page_has_no_chinese_but_names(no_detector, rules):  # noqa: F811
    at = _app("en-US")
    names = _names()
    seen = {}
    for state, texts in _states(at, rules):
        assert not at.exception, state
        seen[state] = sorted(set(chinese_in(texts, names)))
    assert not any(seen.values()), seen


@pytest.mark.parametrize("lang, words", [("en-US", "On a discard every player pays, the house "
                                                    "default"),
                                         ("zh-CN", "放炮和牌时三家都付，这是默认的地方规则")])
def test_fujian_says_everyone_pays_on_a_discard(no_detector, lang, words):  # noqa: F811
    """Fujian's discard payment is a house default (option discard_pays): the page says so."""
    at = _app(lang)
    at.selectbox(key="rules").set_value("fujian").run()
    assert any(words in c.value for c in at.caption), [c.value for c in at.caption]


HANDS = ["111m 234m 567m 789m 5m *5m", "234m 444m 567p 789s 1z +1z", "123m 456m 789m 234p 5s +5s",
         "11m 22m 33m 44m 55m 66m 7m +7m", "111m 222p 333s [777s] 5m +5m",
         "123m 123m 456p 789p 11s +1s", "234m 444m 567m 789m 5m *5m",
         "11m 22m 33m 44m 55m 66m 7m *7m", "111m 222m 333m 777m 9m *9m",
         "[111z] [222z] 333z 55z 5z +5z", "123m 456m 789m 11z 22z +2z",
         "19m 19p 19s 1234567z +1m", "123p 345p 678p 11p 999p *9p", "111m 999m 111p 99p 9p +9p",
         "123m 456p [777s^] {2222m} 5p +5p"]
HANDS_16 = ["111m 234m 567m 789m 345p 5m *5m", "123m 123m 456p 789p 111s 2s +2s",
            "111m 222m 333m 444m 555m 6m *6m", "123m 456m 789m 123p 456p 7z +7z"]


@pytest.mark.parametrize("rules", sorted(all_rulesets()))
def test_every_reason_and_refusal_in_english_holds_no_chinese_but_names(rules):
    """Beyond the page states: for a range of hands (flushes, pairs, honours, kongs, orphans,
    on a discard and self-drawn), each fan's English name and reason, each exclusion, payment,
    note and refusal under the rule set."""
    from scoring.hand import HandError
    from scoring.notation import parse_hand
    from scoring.ruleset import hand_sets, score_hand

    names = _names()
    leaks = set()
    for hand in HANDS_16 if hand_sets(rules, {}) == 5 else HANDS:
        for extra in ("", " discarder=N") if "+" in hand else ("",):
            try:
                r = score_hand(parse_hand(hand + extra), rules)
            except HandError as exc:
                leaks.update(chinese_in([str(exc.msg.render("en") if hasattr(exc.msg, "render")
                                             else exc.msg)], names))
                continue
            texts = [f"{f.name_en} · {f.name}" for f in r.fans]
            texts += [x.render("en") if hasattr(x, "render") else str(x) for x in
                      [*(f.why for f in r.fans), *(e.why for e in r.excluded),
                       *(p.reason for p in r.payments), *r.notes]]
            leaks.update(chinese_in(texts, names))
    assert not leaks, sorted(leaks)


def test_one_note_on_the_photo_is_not_counted_as_notes():
    from mjlens.ui.i18n import t

    label = t("reading_notes", "en", n=1)
    assert "1)" in label and "1 notes" not in label, label


def _merely_its_name(label: str, name: str) -> bool:
    """A label that is only the option's name made into words ('Seven pairs', 'Kong money',
    'Robbing kong times'), whatever its case and spacing."""
    def squeeze(s: str) -> str:
        return re.sub(r"[\s_-]+", "", s).lower()

    return squeeze(label) == squeeze(name)


def test_the_name_check_finds_names_made_into_words():
    assert _merely_its_name("Robbing kong times", "robbing_kong_times")
    assert _merely_its_name("Base", "base") and _merely_its_name("kong_money", "kong_money")
    assert not _merely_its_name("Kong money paid at once (杠钱)", "kong_money")


@pytest.mark.parametrize("locale", ["en-US", "zh-CN"])
def test_every_option_is_named_in_a_players_words(no_detector, locale):  # noqa: F811
    """Every rule set's options, as the page labels them: Taiwanese options were labelled by
    their names made into words ('Little winds wind pungs', 'Pinghu pair wait'; in Chinese
    连庄N次), riichi's 'Kiriage', and Fujian's, Guangxi's, Hezhou's, Nanning's, Wuhu's and
    Yuhuan's all were ('Discard pays', 'Horse count', 'Robbing kong times', 'Caishen'), and
    the stakes too ('Base', 'Stake'), shown by the payments once a hand is scored."""
    from mjlens.ui.i18n import lang_of_locale, option_label

    lang = lang_of_locale(locale)
    at = _app(locale)
    at.text_input(key="notation").set_value(HAND).run()
    bad = []
    for rules, rs in all_rulesets().items():
        at.selectbox(key="rules").set_value(rules).run()
        assert not at.exception, rules
        shown = {w.key: w.label for w in [*at.toggle, *at.selectbox, *at.number_input,
                                          *at.text_input]}
        for opt in rs.options:
            label = shown.get(f"opt-{rules}-{opt.name}")  # every option is on the page
            assert label == option_label(opt, lang, rules), (rules, opt.name, label)
            if (_merely_its_name(label, opt.name) or "_" in label
                    or (lang != "en" and re.search(r"[A-Za-z]", label))):
                bad.append(f"{rules}.{opt.name}: {label}")
    assert not bad, bad


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_hand_field_is_named_in_a_players_words(lang):
    """The hand fields a rule set reads, as the page labels them: 'Horse drawer', 'Fish',
    'One discard winners', 'Wild', 'Bonus' were their names made into words."""
    from mjlens.ui.i18n import field_label
    from mjlens.ui.views_result import field_specs

    bad = []
    for rules, rs in all_rulesets().items():
        for name, spec in field_specs(rs).items():
            label = field_label(name, lang, spec.help, spec.help_zh)
            if (_merely_its_name(label, name) or "_" in label
                    or (lang != "en" and re.search(r"[A-Za-z]", label))):
                bad.append(f"{rules}.{name}: {label}")
    assert not bad, bad


def test_option_help_names_each_choice_as_its_box_shows_it(no_detector):  # noqa: F811
    """An option's help, shared with the CLI, defines each choice by the value the CLI takes:
    the page's tooltips read 'youjin = counted as a gold swim', 'kawuxing: the 84 tiles',
    'white_third = White with the third player' beside a box that offers 'counted as a gold
    swim (游金)', '84 tiles (卡五星)', 'white third'. They name the choice as the box does."""
    at = _app("en-US")
    at.text_input(key="notation").set_value(HAND).run()
    raw = {"fujian": ("youjin", " = "), "guangshui": ("kawuxing", "full:"),
           "guangxi": ("white_third", "green_second", " = "),
           "nanning_points": ("self_draw", " = "), "riichi": ("5han,", "or liable"),
           "taiwan": ("(八仙過海) (八仙過海)",)}
    shown = {"fujian": "“counted as a gold swim (游金)”: counted", "guangshui": "“84 tiles (卡五星)”",
             "guangxi": "“green second”: Green", "riichi": "“the liable player”"}
    for rules, words in raw.items():
        at.selectbox(key="rules").set_value(rules).run()
        assert not at.exception, rules
        helps = " | ".join(w.help or "" for w in at.selectbox if w.key.startswith(("opt-", "extra-")))
        for word in words:
            assert word not in helps, (rules, word, helps)
        if rules in shown:
            assert shown[rules] in helps, (rules, helps)
