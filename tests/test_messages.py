"""Every sentence a player can read has Chinese text, and renders in both languages."""

import importlib
import pkgutil

import pytest

import mjlens
import scoring
import vision
from scoring.hand import HandError
from scoring.messages import CATALOGS, Catalog, Seat, Tile, missing_chinese, render
from scoring.ruleset import Fan, Payment


def _import_everything():
    for pkg in (scoring, vision, mjlens):
        for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
            importlib.import_module(info.name)


def test_every_message_has_chinese_text():
    _import_everything()
    assert CATALOGS, "no message catalog was registered"
    assert missing_chinese() == []


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
