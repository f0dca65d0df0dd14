"""Traditional Chinese (zh-Hant): the committed table is what scripts/make_hant_catalog.py makes
from today's Simplified texts, the reviewed mahjong terms read as players write them, and a
locale or browser language picks the script."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from scoring.hant import CATALOG_FILE, HANT, lang_of_locale, to_hant

ROOT = Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("make_hant_catalog",
                                                  ROOT / "scripts" / "make_hant_catalog.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_regenerating_the_table_changes_nothing():
    """Fails after a message, fan name or rule-set text is added or changed without rerunning
    `python scripts/make_hant_catalog.py` (OpenCC comes with the test extra); names each entry."""
    script = _script()
    committed = json.loads(CATALOG_FILE.read_text(encoding="utf-8"))
    made = script.build()
    diff = script.differences(committed, made)
    assert diff == [], "rerun scripts/make_hant_catalog.py:\n" + "\n".join(diff[:40])
    assert CATALOG_FILE.read_text(encoding="utf-8") == script.dump(made)


def test_the_table_covers_the_catalogs_and_the_rule_sets():
    from scoring.ruleset import all_rulesets

    texts = json.loads(CATALOG_FILE.read_text(encoding="utf-8"))["texts"]
    for rs in all_rulesets().values():
        assert rs.name_zh in texts and (not rs.description_zh or rs.description_zh in texts), rs.id
        for spec in (*rs.options, *rs.fields):
            assert not spec.help_zh or spec.help_zh in texts, (rs.id, spec.name)


@pytest.mark.parametrize(("simplified", "traditional"), [
    ("杠上开花", "槓上開花"),  # 槓, never 杠
    ("明杠", "明槓"),
    ("东南西北白发中", "東南西北白發中"),  # the green dragon is 發, not 髮
    ("发财", "發財"),
    ("庄家", "莊家"), ("连庄", "連莊"),
    ("台数", "台數"), ("庄家台", "莊家台"),  # 台 as Taiwanese players write it, not 臺
    ("截胡——多家胡同一张牌", "截胡——多家胡同一張牌"),  # 胡同 is winning on one tile, not 衚衕
    ("抢杠和", "搶槓和"), ("平胡", "平胡"), ("和牌", "和牌"),  # 胡 and 和 as the text has them
    ("不准吃", "不准吃"),  # forbidden, not 'accurate'
    ("摸到2个中、发", "摸到2個中、發"),
    ("里", "裡"),  # Taiwan's standard form
])
def test_mahjong_terms_read_as_players_write_them(simplified, traditional):
    assert _script().converter()(simplified) == traditional


def test_the_table_keeps_hu_and_he_and_no_simplified_term():
    table = json.loads(CATALOG_FILE.read_text(encoding="utf-8"))["texts"]
    for simplified, traditional in table.items():
        assert simplified.count("胡") == traditional.count("胡"), simplified
        assert simplified.count("和") == traditional.count("和"), simplified
        assert not set("杠庄发髮臺") & set(traditional), traditional


def test_a_text_the_table_lacks_is_converted_character_by_character():
    made = "新的杠牌说明：发财庄家"  # no message has this text
    assert to_hant(made) == "新的槓牌說明：發財莊家"
    assert to_hant("5p x2") == "5p x2"


@pytest.mark.parametrize(("locale", "lang"), [
    ("zh_TW.UTF-8", HANT), ("zh_HK", HANT), ("zh-TW", HANT), ("zh-Hant", HANT),
    ("zh-Hant-TW", HANT), ("zh_MO.UTF-8", HANT), ("zh-HK", HANT),
    ("zh_CN.UTF-8", "zh"), ("zh", "zh"), ("zh-Hans", "zh"), ("zh-Hans-HK", "zh"), ("zh-SG", "zh"),
    ("en_US.UTF-8", "en"), ("C", "en"), ("", "en"), (None, "en"), ("fr-FR", "en"),
])
def test_the_locale_picks_the_script(locale, lang):
    assert lang_of_locale(locale) == lang


@pytest.mark.parametrize(("simplified", "traditional"), [
    ("默认 {value}", "預設 {value}"), ("手牌字段：", "手牌欄位："),
    ("{root} 不是文件夹。", "{root} 不是資料夾。"), ("下载结果文件", "下載結果檔案"),
    ("牌的代码", "牌的代碼"), ("简单算法", "簡單算法"),  # s2twp's 程式碼 / 演算法 kept out
    ("“rules”必须是规则名", "「rules」必須是規則名"), ("JSON 对象", "JSON 物件"),
    ("不用档案（只用识牌程序）", "不用檔案（只用識牌程式）"),  # a program: 程式, not 程序
    ("学习一套牌或导入档案", "學習一套牌或匯入檔案"), ("导入档案文件", "匯入檔案"),  # not 檔案檔案
])
def test_the_words_of_the_app_read_as_in_taiwan(simplified, traditional):
    assert _script().converter()(simplified) == traditional
