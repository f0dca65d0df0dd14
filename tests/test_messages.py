"""Every sentence a player can read has Chinese text (Simplified, and Traditional from
scoring/zh_hant.json), and renders in every language."""

import importlib
import pkgutil

import pytest

import mjlens
import scoring
import vision
from scoring.hand import HandError
from scoring.messages import (
    CATALOGS,
    Catalog,
    Seat,
    Suit,
    Text,
    Tile,
    TileName,
    missing_chinese,
    missing_hant,
    render,
)
from scoring.ruleset import Fan, Payment


def _import_everything():
    for pkg in (scoring, vision, mjlens):
        for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            importlib.import_module(info.name)


def test_every_message_has_chinese_text():
    _import_everything()
    assert CATALOGS, "no message catalog was registered"
    assert missing_chinese() == []


def test_every_message_has_traditional_chinese_text():
    """A message added or changed since scoring/zh_hant.json was made is named here: rerun
    `python scripts/make_hant_catalog.py`."""
    _import_everything()
    missing = [k for k in missing_hant() if not k.startswith("test_")]  # tests' own catalogs
    assert missing == [], f"no zh-Hant text for {missing}: rerun scripts/make_hant_catalog.py"


def test_catalog_refuses_a_message_without_chinese_or_with_other_parameters():
    with pytest.raises(ValueError):
        Catalog("test_only_a", {"x": ("only english", "")})
    with pytest.raises(ValueError):
        Catalog("test_only_b", {"x": ("{seat} pays", "{player} 付")})


def test_a_message_renders_its_parameters_in_the_readers_language():
    M = Catalog("test_only_c", {"pays": ("{seat} pays for {tile}", "{seat}为{tile}付分")})
    msg = M("pays", seat=Seat("S"), tile=Tile("5p"))
    assert msg.render("en") == "South pays for 5p (5 Dots)"
    assert msg.render("zh") == "南家为5p（五筒）付分"
    err = HandError(msg)
    assert str(err) == "South pays for 5p (5 Dots)" and err.render("zh") == "南家为5p（五筒）付分"
    fan = Fan("清一色", "Full flush", 24, 1, msg).to_json()
    assert fan["why"] == msg.en and fan["why_zh"] == msg.zh
    pay = Payment("S", "E", 8, msg).to_json()
    assert pay["reason"] == msg.en and pay["reason_zh"] == msg.zh
    assert render(["a", Seat("W")], "zh") == "a、西家"


REVIEWED = ("guangxi", "guangxi_hu", "nanning", "nanning_points", "hezhou", "fujian", "yuhuan",
            "wuhu", "northeast", "guangshui")


@pytest.mark.parametrize("rid", REVIEWED)
def test_the_reviewed_rule_sets_never_say_seed(rid):
    """"Players never read "seed"/种子: cite the region's rule text": every message of the rule
    set's module, its description and its option and field help."""
    import re

    from scoring.ruleset import get_ruleset

    rs = get_ruleset(rid)
    texts = [rs.description, rs.description_zh]
    texts += [t for o in rs.options for t in (o.help, o.help_zh)]
    texts += [t for f in rs.fields for t in (f.help, f.help_zh)]
    words = importlib.import_module(f"scoring.rulesets.{rid}").M
    texts += [t for pair in words.entries.values() for t in pair]
    said = [t for t in texts if re.search(r"\bseeds?\b", t, re.I) or "种子" in t]
    assert not said


def test_traditional_chinese_renders_the_text_and_its_parameters():
    """zh-Hant: the message's Traditional text, and tile, seat, suit names, nested messages
    and Chinese names given as plain text (a fan's) in Traditional too; JSON adds *_zh_hant."""
    from scoring.ruleset import ScoreResult

    M = Catalog("test_only_d", {"pays": ("{seat} pays {fan} on {tile} in {suit}",
                                         "{seat}为{fan}付分：{tile}，{suit}，杠上开花")})
    msg = M("pays", seat=Seat("N"), fan="单钓将", tile=TileName("6z"), suit=Suit("s"))
    assert msg.render("zh") == "北家为单钓将付分：发，条子，杠上开花"
    assert msg.render("zh-Hant") == msg.zh_hant == "北家為單釣將付分：發，條子，槓上開花"
    assert Tile("5m").render("zh-Hant") == "五萬"  # by its name: no codes on that page
    assert Text("kong", "杠").render("zh-Hant") == "槓"
    assert render(["a", Seat("E")], "zh-Hant") == "a、東家"
    fan = Fan("杠上开花", "Out on a kong", 8, 1, msg).to_json()
    assert fan["name"] == "杠上开花" and fan["why_zh"] == msg.zh  # the existing fields
    assert fan["name_zh_hant"] == "槓上開花" and fan["why_zh_hant"] == msg.zh_hant
    pay = Payment("S", "E", 8, msg).to_json()
    assert pay["reason_zh"] == msg.zh and pay["reason_zh_hant"] == msg.zh_hant
    notes = ScoreResult("x", 1, "fan", [], notes=[msg]).to_json()
    assert notes["notes_zh"] == [msg.zh] and notes["notes_zh_hant"] == [msg.zh_hant]


def test_a_tile_named_in_traditional_chinese_has_no_space_beside_it():
    """The Traditional page names a tile alone (六筒, no code), so the Simplified template's
    space before the code must go: 只聽 六筒 read as a stray gap."""
    single = CATALOGS["gb"]("single_wait", tile=Tile("6p"))
    assert single.render("zh-Hant") == "只聽六筒，單釣將"
    assert single.render("zh") == "只听 6p（六筒），单钓将"  # the code keeps its space
    assert "waited only on 6p (6 Dots)" in single.render("en")


# a sentence that names an option or a hand field: (catalog, key, rule set, option or field)
NAMES_A_CONTROL = [
    ("riichi_notes", "red_off", "riichi", "red_fives"), ("riichi", "renhou_none", "riichi", "renhou"),
    ("riichi", "renhou_mangan", "riichi", "renhou"), ("riichi", "renhou_own", "riichi", "renhou"),
    ("riichi", "opt_red", "riichi", "field:red_fives"),
    ("riichi_limits_notes", "one_yakuman", "riichi", "double_yakuman"),
    ("riichi_pay", "pao_none_kongs", "riichi", "pao_suukantsu"),
    ("riichi_pay", "pao_honba_liable", "riichi", "pao_honba"),
    ("guangshui", "not_in_set", "guangshui", "tile_set"),
    ("guangxi", "seven_pairs_off", "guangxi", "seven_pairs"),
    ("guangxi", "horse_count", "guangxi", "horse_count"),
    ("guangxi_hu", "seven_pairs_off", "guangxi_hu", "seven_pairs"),
    ("yuhuan", "no_caishen", "yuhuan", "caishen"),
]


@pytest.mark.parametrize(("catalog", "key", "rules", "name"), NAMES_A_CONTROL)
def test_a_chinese_note_names_an_option_by_its_chinese_label(catalog, key, rules, name):
    """Chinese texts contain no Latin words: an option (red_fives=false, renhou=none) is named
    by the label the app gives it, its value by the choice's word."""
    import re
    import string

    from mjlens.ui.i18n import field_label, option_label
    from scoring.ruleset import get_ruleset

    _import_everything()
    rs = get_ruleset(rules)
    zh = CATALOGS[catalog].entries[key][1]
    params = {f for _, f, _, _ in string.Formatter().parse(zh) if f}
    text = zh.format(**{p: "" for p in params})
    assert not re.search("[A-Za-z]", text), text
    if name.startswith("field:"):
        spec = next(f for f in rs.fields if f.name == name[6:])
        label = field_label(spec.name, "zh", spec.help, spec.help_zh, rules)
    else:
        label = option_label(next(o for o in rs.options if o.name == name), "zh", rules)
    assert f"“{label}”" in text, (label, text)


def test_no_chinese_description_names_an_option_in_latin():
    import re

    from scoring.ruleset import all_rulesets

    for rs in all_rulesets().values():
        assert not re.search(r"选项 ?[a-z]", rs.description_zh), (rs.id, rs.description_zh)


def test_a_hand_without_its_winning_tile_is_refused_in_chinese_words_alone():
    """The app's boxes (the scoring page, the Table page's correction) show this refusal to a
    player who typed no JSON: its Chinese names no field (it said 和牌的那张牌（win_tile）)."""
    import re

    from scoring.notation import parse_hand

    with pytest.raises(HandError) as err:
        parse_hand("123m 456m 789m 234p 678p 5s 5s").validate()
    for lang in ("zh", "zh-Hant"):
        said = render(err.value.msg, lang)
        assert "和牌" in said or "胡牌" in said
        assert not re.search("[A-Za-z]", said), said
