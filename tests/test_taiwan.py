"""Taiwanese 16-tile mahjong (台灣麻將): every row of the default 台 table and every variant,
each citing the published table it comes from (docs/taiwan.md lists them):

ATAWMJ  台灣麻將協會 台數計算 (atawmj.org.tw/memu015.htm, 98年12月26日 revision)
TABLE16 the common 台灣 16 張麻將台數表 (long5688.1768hy.com and wawa3c.com print the same table)
CHH     2023台灣最新麻將16張台數表 (chh.cx/archives/12)
NH48    台灣十六張麻將：台數表一覽 (nh48jid.com)
WINDS4  Four Winds rule collection, Taiwanese 16-tile, 4. Miscellaneous rules (4windsmj.com)
"""

from __future__ import annotations

import pytest

from scoring.hand import Hand, HandError
from scoring.notation import parse_hand
from scoring.ruleset import get_ruleset, score_hand

# A hand worth nothing but the win (屁胡) for South on West's discard: a claimed chow and pung,
# a two-sided wait (4p or 7p), no flowers.
PLAIN = "[123m<] 456m 789m [555s<] 56p 99s"


def score(text: str, **options):
    return score_hand(parse_hand(text), "taiwan", options)


def fans(result) -> dict[str, int]:
    """Each fan's 台 in this win; they add up to the total (checked here, every time)."""
    assert sum(f.fan * f.count for f in result.fans) == result.total
    out: dict[str, int] = {}
    for f in result.fans:
        out[f.name] = out.get(f.name, 0) + f.fan * f.count
    return out


def excluded(result) -> dict[str, str]:
    return {e.name: e.because_of for e in result.excluded}


def test_plain_win_counts_nothing_and_is_paid_the_base():
    r = score(f"{PLAIN} +7p seat:S discarder=W")
    assert r.is_win and r.total == 0 and fans(r) == {}
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [("W", "S", 1)]


# ---- one 台 ------------------------------------------------------------------------------------
# ATAWMJ 一台: "莊家 做莊家者，無論胡牌或放槍都多算一台" ... "門清 胡牌時，沒有吃牌、碰牌、明槓" ...
# "自摸 胡牌的牌由自己摸進" ... "風牌 拿自己所屬的風位的刻子" ... "風圈 拿到與圈風相同的風牌刻子" ...
# "搶槓 ... 槓上開花 因摸到花牌、暗槓或加槓而補牌 ... 河底撈魚 胡別人丟出的最後一張牌 ... 海底撈月";
# TABLE16: "獨聽(邊張/中洞/單吊) 1", "三元牌 1 胡牌時，拿到任何一副中、發、白的刻子(或槓)"
@pytest.mark.parametrize("hand,name,tai", [
    (f"{PLAIN} +7p seat:E discarder=W", "莊家", 1),
    ("123m 456m 789m 555s 56p 99s +7p seat:S", "門清", 1),
    (f"{PLAIN} *7p seat:S", "自摸", 1),
    ("[123m<] 456m 789m [555s<] 12p 99s +3p seat:S", "獨聽", 1),  # 邊張
    ("[123m<] 456m 789m [555s<] 13p 99s +2p seat:S", "獨聽", 1),  # 中洞
    ("[123m<] 456m 789m [555s<] 567p 9s +9s seat:S", "獨聽", 1),  # 單吊
    ("[123m<] 456m 789m [222z<] 56p 99s +7p seat:W round:S", "圈風刻", 1),
    ("[123m<] 456m 789m [222z<] 56p 99s +7p seat:S round:E", "門風刻", 1),
    ("[123m<] 456m [555z<] [666z<] 56p 99s +7p seat:S", "三元牌", 2),  # each pung 1
    (f"{PLAIN} +7p seat:S robbing-kong", "搶槓", 1),
    ("[1111m^] 456m 789m [555s<] 56p 99s *7p seat:S kong-replacement", "槓上開花", 1),
    (f"{PLAIN} *7p seat:S 2f flower_replacement=true", "槓上開花", 1),
    (f"{PLAIN} *7p seat:S last-tile", "海底撈月", 1),
    (f"{PLAIN} +7p seat:S last-tile", "河底撈魚", 1),
])
def test_one_tai_rows(hand, name, tai):
    r = score(hand)
    assert fans(r)[name] == tai, fans(r)


def test_a_wait_on_two_tiles_is_not_a_single_wait():
    assert "獨聽" not in fans(score(f"{PLAIN} +7p seat:S"))


# ATAWMJ "獨聽 邊張、中洞、單吊"; TABLE16 "只有一種牌才能完成胡牌的狀況下胡牌": the waits are the
# standing tiles'; the winning tile is one of them, also when it is the fourth copy.
def test_a_win_on_the_fourth_copy_is_still_one_of_the_waits():
    # 11z 55p with 555p in the reading: waits 1z and 5p (the three 5p held, the fourth wins)
    r = score("222z 123p 456p 789p 11z 55p +5p seat:S round:S discarder=W")
    assert "獨聽" not in fans(r), fans(r)
    # 12333p waits on the fourth 3p alone (the 9s are all in sight): a single wait
    r = score("[789s<] [789s<] 12333p 99s 456m +3p seat:S discarder=W")
    assert fans(r) == {"獨聽": 1}


# ATAWMJ 花牌: "以開門為東風(即1、梅、春)逆時針依序為東(即1、梅、春)、南(即2、蘭、夏)、西(即3、竹、秋)、
# 北(即4、菊、冬)。符合自己的方位時花牌一張即一台"; TABLE16 prints 西(秋、菊)，北(冬、竹): option
# flower_order
@pytest.mark.parametrize("seat,flowers,order,tai", [
    ("S", "26f", "meilanzhuju", 2),  # 夏 and 蘭: both South's
    ("S", "3f", "meilanzhuju", 0),
    ("W", "8f", "meilanzhuju", 1),  # 竹 (code 8f) is West's in the association's numbering
    ("W", "7f", "meilanzhuju", 0),
    ("W", "7f", "meilanjuzhu", 1),  # 菊 West's in the other table
    ("N", "47f", "meilanzhuju", 2),
])
def test_own_flowers(seat, flowers, order, tai):
    r = score(f"{PLAIN} +7p seat:{seat} discarder=E {flowers}", flower_order=order)
    assert fans(r).get("正花", 0) == tai


# ---- 連莊 2N+1 ---------------------------------------------------------------------------------
# TABLE16: "連莊拉莊 2N+1 連一拉一則為參台,連二拉二五台,以此類推"; WINDS4 4.3: "the bonus for
# winning the first extra hand is 2 tais. Winning the second successive extra hand earns 4 tais"
@pytest.mark.parametrize("streak,dealer_tai", [(0, 1), (1, 3), (2, 5), (3, 7)])
def test_dealer_streak_is_two_n_plus_one_with_the_dealer_tai(streak, dealer_tai):
    r = score(f"{PLAIN} +7p seat:E discarder=W dealer_streak={streak}")
    got = fans(r)
    assert got["莊家"] + got.get("連莊", 0) == dealer_tai
    assert r.extra["dealer_tai"] == dealer_tai


def test_streak_beside_the_dealer_tai_by_option():
    r = score(f"{PLAIN} +7p seat:E discarder=W dealer_streak=1", streak_includes_dealer=False)
    assert fans(r) == {"莊家": 1, "連莊": 3}


# ---- 門清自摸 3 --------------------------------------------------------------------------------
# CHH: "門清自摸 3台 門清、自摸原本各一台,為了獎勵當事者,再追加一台"
def test_concealed_self_drawn_is_three_in_place_of_one_and_one():
    r = score("123m 456m 789m 555s 56p 99s *7p seat:S")
    assert fans(r) == {"門清自摸": 3}
    assert excluded(r) == {"門清": "門清自摸", "自摸": "門清自摸"}


def test_a_concealed_kong_keeps_the_hand_concealed():
    # ATAWMJ 門清: "沒有吃牌、碰牌、明槓" (a concealed kong is none of these)
    r = score("{1111m} 456m 789m 555s 56p 99s +7p seat:S")
    assert fans(r)["門清"] == 1


# ---- two 台 ------------------------------------------------------------------------------------
# ATAWMJ 二台: "平胡 胡牌由五組順子及一個對子組成，胡他人牌非自摸。牌中無字、花牌、呈兩面聽狀態。釣將不算。"
PINGHU = "[123m<] 456m 789m 234p 56p 99s"


def test_pinghu():
    assert fans(score(f"{PINGHU} +7p seat:S")) == {"平胡": 2}


@pytest.mark.parametrize("hand", [
    f"{PINGHU} *7p seat:S",  # 非自摸
    "[123m<] 456m 789m 234p 56p 11z +7p seat:S",  # 牌中無字
    "[123m<] 456m 789m 234p 12p 99s +3p seat:S",  # 邊張, not 兩面
    "[123m<] 456m 789m [555s<] 56p 99s +7p seat:S",  # a pung
])
def test_not_pinghu(hand):
    assert "平胡" not in fans(score(hand))


def test_a_flower_breaks_pinghu_unless_the_option_says_not():
    assert "平胡" not in fans(score(f"{PINGHU} +7p seat:S 3f"))
    assert fans(score(f"{PINGHU} +7p seat:S 3f", pinghu_flowers=False))["平胡"] == 2


def test_a_pair_wait_breaks_pinghu_unless_the_option_says_not():
    hand = "[123m<] 456m 789m 234p 567p 9s +9s seat:S"
    assert "平胡" not in fans(score(hand))  # 釣將不算
    assert fans(score(hand, pinghu_pair_wait=False))["平胡"] == 2


# ATAWMJ: "全求 手牌只剩一張牌單吊胡牌，而其餘全吃或碰，且胡他人牌"; CHH "求全 2台 ... 自摸者不算"
ALL_CLAIMED = "[123m<] [456m<] [789m<] [234p<] [567p<] 9s"


def test_all_claimed():
    r = score(f"{ALL_CLAIMED} +9s seat:S")
    assert fans(r) == {"全求人": 2}
    assert excluded(r) == {"獨聽": "全求人"}
    assert fans(score(f"{ALL_CLAIMED} +9s seat:S", all_claimed=1)) == {"全求人": 1}
    assert "全求人" not in fans(score(f"{ALL_CLAIMED} *9s seat:S"))


# ATAWMJ: "花槓 胡牌時門前有『梅蘭竹菊』或『春夏秋冬』任一組" (二台)
def test_flower_kong():
    r = score(f"{PLAIN} +7p seat:S discarder=E 1234f")
    assert fans(r)["花槓"] == 2 and fans(r)["正花"] == 1  # 夏 is South's
    assert fans(score(f"{PLAIN} +7p seat:S discarder=E 1234f", flower_kong=1))["花槓"] == 1
    assert fans(score(f"{PLAIN} +7p seat:S discarder=E 12345678f"))["八仙過海"] == 8


# ATAWMJ: "三暗刻 手牌裡，有三組刻子(包括暗槓)"; NH48: "四暗刻 5台", "五暗刻 8台"
@pytest.mark.parametrize("hand,name,tai,gone", [
    ("111m 222p 333s [456m<] 56p 99s +7p seat:S", "三暗刻", 2, {}),
    ("111m 222p {3333s} [456m<] 56p 99s +7p seat:S", "三暗刻", 2, {}),  # 包括暗槓
    ("111m 222p 333s 777s 9s [456m<] +9s seat:S", "四暗刻", 5, {"三暗刻": "四暗刻"}),
    ("111m 222p 333s 777s 888m 9s +9s seat:S", "五暗刻", 8,  # each left out for the 五暗刻
     {"三暗刻": "五暗刻", "四暗刻": "五暗刻"}),
])
def test_concealed_pungs(hand, name, tai, gone):
    r = score(hand)
    assert fans(r)[name] == tai
    assert {k: v for k, v in excluded(r).items() if k in ("三暗刻", "四暗刻")} == gone


def test_a_pung_completed_by_the_discard_is_not_concealed():
    r = score("111m 222p 33s 77s [456m<] [789p<] +3s seat:S")
    assert "三暗刻" not in fans(r)  # 111m and 222p concealed, 333s made on the discard
    assert "三暗刻" in fans(score("111m 222p 33s 77s [456m<] [789p<] *3s seat:S"))


# ---- four 台 and more ---------------------------------------------------------------------------
# CHH: "碰碰胡 4台 全部是刻子", "混一色 4台 整副牌由字牌及另外單一花色組成", "清一色 8台 整副牌由同一花色組成",
# "小三元 4台", "大三元 8台", "小四喜 8台", "大四喜 16台"; NH48: "地胡 16台", "天胡 24台", "人胡 8台"
@pytest.mark.parametrize("hand,name,tai", [
    ("[111m<] [222p<] [333s<] [777s<] 88m 99s +9s seat:S", "碰碰胡", 4),
    ("[123m<] 456m 789m [222z<] 56m 99m +7m seat:W", "混一色", 4),
    ("[123m<] 234m 678m [999m<] 45m 77m +6m seat:S", "清一色", 8),
    ("[555z<] [666z<] 123m 456m 78m 77z +9m seat:S", "小三元", 4),
    ("[555z<] [666z<] [777z<] 123m 456m 7m +7m seat:S", "大三元", 8),
    ("[111z<] [222z<] [333z<] 44z 123m 45m +6m seat:S", "小四喜", 8),
    ("[111z<] [222z<] [333z<] [444z<] 45m 99m +6m seat:S", "大四喜", 16),
    ("[111z<] [222z<] [555z<] [666z<] 33z 77z +7z seat:W", "字一色", 16),
])
def test_big_rows(hand, name, tai):
    assert fans(score(hand))[name] == tai


def test_dragon_and_wind_exclusions():
    little = score("[555z<] [666z<] 123m 456m 78m 77z +9m seat:S")
    assert excluded(little) == {"三元牌": "小三元"}
    big = score("[555z<] [666z<] [777z<] 123m 456m 7m +7m seat:S")
    assert excluded(big) == {"三元牌": "大三元"}
    four = score("[111z<] [222z<] [333z<] [444z<] 45m 99m +6m seat:S")
    assert excluded(four) == {"圈風刻": "大四喜", "門風刻": "大四喜"}


def test_little_four_winds_counts_the_wind_pungs_only_by_option():
    hand = "[111z<] [222z<] [333z<] 44z 123m 45m +6m seat:S round:E"
    assert excluded(score(hand)) == {"圈風刻": "小四喜", "門風刻": "小四喜"}
    got = fans(score(hand, little_winds_wind_pungs=True))
    assert got["小四喜"] == 8 and got["圈風刻"] == 1 and got["門風刻"] == 1


# ---- the first turn ------------------------------------------------------------------------------
CONCEALED = "123m 456m 789m 555s 56p 99s"


@pytest.mark.parametrize("option,value", [(None, 24), (32, 32), (16, 16)])
def test_heavenly_hand(option, value):
    opts = {} if option is None else {"heavenly": option}
    r = score(f"{CONCEALED} *7p seat:E first_turn=true", **opts)
    assert fans(r)["天胡"] == value and fans(r)["莊家"] == 1
    assert excluded(r)["門清自摸"] == "天胡"


def test_earthly_and_human_hands():
    r = score(f"{CONCEALED} *7p seat:S first_turn=true")
    assert fans(r)["地胡"] == 16 and "門清自摸" not in fans(r)
    r = score(f"{CONCEALED} +7p seat:S discarder=E first_turn=true")
    assert fans(r)["人胡"] == 8 and excluded(r) == {"門清": "人胡"}
    assert fans(score(f"{CONCEALED} +7p seat:S discarder=E first_turn=true", human=16))["人胡"] == 16


# ---- wins by flowers -------------------------------------------------------------------------
def _flower_hand(kind: str, self_drawn: bool, **extra) -> Hand:
    return Hand.from_json({
        "concealed": "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5p 6p 9s 9s".split(),
        "win_tile": None, "self_drawn": self_drawn, "seat_wind": "S",
        "flowers": [f"{i}f" for i in range(1, 9)], "flower_win": kind, **extra})


def test_eight_flowers_win_at_once():
    r = score_hand(_flower_hand("eight", True), "taiwan")
    assert fans(r) == {"八仙過海": 8}
    assert excluded(r) == {"正花": "八仙過海", "花槓": "八仙過海"}
    assert sorted(p.payer for p in r.payments) == ["E", "N", "W"]


def test_seven_robbing_one_is_paid_by_who_drew_the_eighth():
    r = score_hand(_flower_hand("seven_rob", False, discarder="N"), "taiwan")
    assert fans(r) == {"七搶一": 8}
    assert [(p.payer, p.amount) for p in r.payments] == [("N", 9)]


def test_a_flower_win_needs_all_eight():
    hand = _flower_hand("eight", True)
    with pytest.raises(HandError):
        score_hand(Hand.from_json({**hand.to_json(), "flowers": ["1f", "2f"]}), "taiwan")


# ---- 嚦咕嚦咕, a house pattern ------------------------------------------------------------------
LIGU = "11m 22m 33m 44p 55p 66s 7s 999s +7s seat:S"


def test_ligu_is_not_a_win_by_default_and_counts_by_option():
    with pytest.raises(HandError):
        score(LIGU)
    assert fans(score(LIGU, ligu=8)) == {"嚦咕嚦咕": 8}


# ---- payments ----------------------------------------------------------------------------------
# WINDS4 4.2: "If the dealer goes out self-drawn, the specified bonus is paid by all losers,
# otherwise it is paid by the discarder alone ... if East discards the winning tile, he must
# himself pay the specified bonus to the winner."
def test_discard_win_paid_by_the_discarder_alone():
    r = score(f"{PINGHU} +7p seat:S discarder=N", base=100, per_tai=20)
    assert [(p.payer, p.payee, p.amount) for p in r.payments] == [("N", "S", 140)]


def test_the_dealer_pays_its_own_tai_on_a_self_draw():
    r = score(f"{CONCEALED} *7p seat:S dealer_streak=1", base=100, per_tai=20)
    # 門清自摸 3 for everyone; the dealer East adds 莊家 1 + 連莊 2
    assert {p.payer: p.amount for p in r.payments} == {"E": 100 + 6 * 20, "W": 160, "N": 160}
    assert r.total == 3 and r.extra["payer_amounts"]["E"] == 220


def test_the_dealer_pays_its_tai_when_it_discards():
    r = score(f"{PINGHU} +7p seat:S discarder=E", base=100, per_tai=20)
    assert [(p.payer, p.amount) for p in r.payments] == [("E", 100 + 3 * 20)]


def test_the_dealer_wins_every_payer_pays_the_dealer_tai():
    r = score(f"{CONCEALED} *7p seat:E dealer_streak=2", base=10, per_tai=5)
    assert r.total == 3 + 1 + 4
    assert [p.amount for p in r.payments] == [10 + 8 * 5] * 3


# ---- bad input: clear errors, exit 2 -----------------------------------------------------------
@pytest.mark.parametrize("hand,words", [
    ("123m 456m 789m 234p 567p +9s", "needs 17"),  # 15 + 1 tiles
    ("123m 456m 789m 234p 567p 9s 9s 9s 9s +9s", "only four of each tile"),
    ("123m 456m 789m 234p 567p 9s +9s 12345678f 1f", "only one of each flower"),
    ("123m 456m 789m 234p 567p 9s +9s colour=red", "no key “colour=”"),
    ("123m 456m 789m 234p 567p 9s +9s dealer_streak=-1", "dealer_streak"),
])
def test_bad_hands_exit_two_with_a_players_sentence(hand, words, capsys):
    import json

    from mjlens.cli import main

    assert main(["score", "--rules", "taiwan", "--json", "--hand", hand]) == 2
    out = json.loads(capsys.readouterr().out)
    assert words in out["error"] and out["error_zh"]


def test_rule_set_is_registered_with_sixteen_tile_hands():
    rs = get_ruleset("taiwan")
    assert rs.sets_for() == 5 and rs.unit == "台"
    assert {"dealer", "dealer_streak", "discarder"} <= set(rs.field_names)


def test_all_honours_is_not_also_a_flush():
    # CHH 清一色: "也可以全部是字牌"; the table's 字一色 16 is the pattern such a hand counts
    got = fans(score("[111z<] [222z<] [555z<] [666z<] 33z 77z +7z seat:W"))
    assert got["字一色"] == 16 and "清一色" not in got and "混一色" not in got
    assert got["碰碰胡"] == 4 and got["大三元"] == 8  # other kinds add up


# ---- found by the referee's cases (2026-12-01) -------------------------------------------------
def test_a_drawn_wall_settles_to_nothing_without_final_hands():
    # TABLE16 莊家: "莊家胡牌(或流局)即可連莊": a drawn hand (流局) only keeps the deal; the
    # tables pay only a win (zhm.100ke.info 台湾麻将: "自摸三家赔付,放铳则放铳者付"), so a round
    # that ends at the wall needs no final hands (no 查花豬 or 查叫 reads them)
    from scoring.settle import settle_round

    result = settle_round({"rules": "taiwan", "dealer": "E", "events": [{"type": "wall_end"}]})
    assert result.to_json()["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert not result.ledger


@pytest.mark.parametrize("hand,words", [
    # ATAWMJ 海底撈月 "摸牌牆最後一張牌" and 河底撈魚 "胡別人丟出的最後一張牌": the end of the wall, never
    # its first turn (NH48 地胡 "第一輪,每家各抓一張牌後就胡牌", 人胡 "第一輪有人就放槍")
    (f"{CONCEALED} *7p seat:S first_turn=true last-tile", "last tile"),
    (f"{CONCEALED} +7p seat:S first_turn=true last-tile discarder=E", "last tile"),
    # ATAWMJ 搶槓 "因別人加槓而加槓的那張牌": an added kong needs a pung claimed before it, and a
    # claim ends the first turn (ATAWMJ 地聽: "在無人吃碰情況下")
    (f"{CONCEALED} +7p seat:S first_turn=true robbing-kong discarder=W", "rob a kong"),
])
def test_a_first_turn_win_on_the_last_tile_or_a_robbed_kong_is_refused(hand, words):
    with pytest.raises(HandError) as err:
        score(hand)
    assert words in err.value.render("en") and err.value.render("zh")


def test_the_round_summary_gives_each_payers_amount_when_they_differ():
    # ATAWMJ 莊家 "做莊家者，無論胡牌或放槍都多算一台": on a non-dealer's self-draw the dealer pays
    # one 台 more than the other two, so "9 per payer" would misstate what the dealer pays
    from scoring.report import format_round
    from scoring.settle import settle_round

    result = settle_round({"rules": "taiwan", "dealer": "E", "events": [
        {"type": "win", "player": "S", "hand": {
            "concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "2p", "3p", "4p",
                          "5p", "6p", "9s", "9s"], "win_tile": "7p", "self_drawn": True}}]})
    line = format_round(result, "en").splitlines()[1]
    assert "E 5, W 4, N 4" in line and "per payer" not in line, line
    assert "东家 5、西家 4、北家 4" in format_round(result, "zh").splitlines()[1]


def test_a_hand_naming_another_dealer_than_the_round_is_refused():
    # WINDS4 4.2 and ATAWMJ 莊家 ("做莊家者，無論胡牌或放槍都多算一台"): the dealer's 台 follow the one
    # dealer of the hand; a hand in a round saying dealer W while the round says E was paid as if
    # West dealt (West, the discarder, paid the dealer's 台)
    from scoring.settle import settle_round

    round_ = {"rules": "taiwan", "dealer": "E", "events": [
        {"type": "win", "from": "W", "winners": [{"player": "S", "hand": {
            "concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "2p", "3p", "4p",
                          "5p", "6p", "9s", "9s"], "win_tile": "7p", "dealer": "W"}}]}]}
    with pytest.raises(HandError) as err:
        settle_round(round_)
    assert "round's dealer is E" in err.value.render("en") and err.value.render("zh")
    round_["events"][0]["winners"][0]["hand"]["dealer"] = "E"  # the same dealer is fine
    assert settle_round(round_).net == {"E": 0, "S": 4, "W": -4, "N": 0}


@pytest.mark.parametrize("hand,because", [
    # NH48 "五暗刻 8台", "四暗刻 5台": the five count in place of the four and the three; a
    # pattern left out names the one counted instead, not another left out (it said 三暗刻
    # "because of 四暗刻", itself not counted)
    ("111m 222p 333s 777z 555m 9p *9p seat:S", {"門清": "門清自摸", "自摸": "門清自摸",
                                                 "三暗刻": "五暗刻", "四暗刻": "五暗刻"}),
    # ATAWMJ 地聽 "門清、不求不能算": a first-turn win counts neither (門清 and 自摸 said
    # "because of 門清自摸", which 地胡 leaves out too)
    (f"{CONCEALED} *7p seat:S first_turn=true", {"門清自摸": "地胡", "門清": "地胡", "自摸": "地胡"}),
])
def test_each_pattern_left_out_names_a_pattern_that_counts(hand, because):
    r = score(hand)
    counted = set(fans(r))
    got = excluded(r)
    for name, by in because.items():
        assert got[name] == by and by in counted, got
    assert all(by in counted for by in got.values()), got


def test_ligu_is_read_as_its_pairs_and_pung():
    # NIKO "也可以用七對半糊牌，這七對之中有任何一對是三隻": the hand is shown as seven pairs and the
    # pung, winning tile included (it printed the 16 standing tiles one by one)
    assert score(LIGU, ligu=8).arrangement == "11m 22m 33m 44p 55p 66s 77s 999s"
    four = "11m 22m 33m 44p 44p 66s 7s 999s +7s seat:S"
    assert score(four, ligu=8).arrangement == "11m 22m 33m 44p 44p 66s 77s 999s"


def test_a_hand_in_a_round_with_another_seat_says_why_it_is_refused():
    # the round's `player` is whose hand it is; the sentence said only "the hand of S says
    # seat_wind W", not what to do
    from scoring.settle import settle_round

    with pytest.raises(HandError) as err:
        settle_round({"rules": "taiwan", "events": [{"type": "win", "from": "N", "winners": [
            {"player": "S", "hand": {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m",
                                                   "9m", "2p", "3p", "4p", "5p", "6p", "9s", "9s"],
                                     "win_tile": "7p", "seat_wind": "W"}}]}]})
    assert "leave seat_wind out" in err.value.render("en")
    assert "去掉 seat_wind" in err.value.render("zh")
