"""One example hand per Guobiao fan (all 81), in the project notation, with its expected total.

Each total was worked out from the rule list (fan values and 不计 exclusions) and agrees with the
reference calculator pymahjonggb, which the last test re-checks when it is installed.
"""

from __future__ import annotations

import pytest

from scoring.notation import parse_hand
from scoring.ruleset import score_hand
from scoring.rulesets.gb import fans as F

# (fan that must be counted, hand, expected total)
EXAMPLES = [
    ("大四喜", "11122233344z55p +4z", 112),
    ("大三元", "555666777z123m9p +9p", 112),
    ("绿一色", "234234666888s6z +6z", 94),
    ("九莲宝灯", "1112345678999m +5m", 91),
    ("四杠", "[1111m<] [2222p^] {3333s} [4444z>] 5z +5z", 104),
    ("连七对", "1122334455667s +7s", 88),
    ("十三幺", "19m19p19s1234567z +1m", 88),
    ("清幺九", "111999m111999p1s +1s", 129),
    ("小四喜", "111222333z4z123m +4z", 97),
    ("小三元", "55566677z123m45m +6m", 75),
    ("字一色", "1112225556667z +7z", 197),
    ("四暗刻", "111333m555p777s9s +9s", 66),
    ("一色双龙会", "1122337788995m +5m", 67),
    ("一色四同顺", "111122223333m5p +5p", 54),
    ("一色四节高", "[111m<] [222m^] [333m>] 444m5p +5p", 52),
    ("一色四步高", "123234345456m9p +9p", 38),
    ("三杠", "[1111m<] [2222p^] [3333s>] 456m9p +9p", 43),
    ("混幺九", "111m999p111222z9s +9s", 101),
    ("七对", "1133m5577p2244s1z +1z", 24),
    ("七星不靠", "1234567z147m25p3s +6s", 24),
    ("全双刻", "222888m444p666s2p +2p", 88),
    ("清一色", "1233456668889m +9m", 28),
    ("一色三同顺", "[123m<] [123m<] 123m456p9s +9s", 27),
    ("一色三节高", "[555p<] [666p^] [777p>] 123s9m +9m", 26),
    ("全大", "777789m789p789s9s +9s", 36),
    ("全中", "456m444456p456s5s +5s", 37),
    ("全小", "111123m123p123s2p +2p", 38),
    ("清龙", "123456789m555p1s +1s", 20),
    ("三色双龙会", "123789m123789p5s +5s", 19),
    ("一色三步高", "123234345m777p9s +9s", 20),
    ("全带五", "345555m456p567s5p +5p", 27),
    ("三同刻", "222456m222p222s9p +9p", 36),
    ("三暗刻", "111m333p555s9p [789m<] +9p", 19),
    ("全不靠", "147m25p369s12345z +6z", 12),
    ("组合龙", "147m258p369s555z1z +1z", 23),
    ("大于五", "678999m678p789s6s +6s", 16),
    ("小于五", "111234m234p123s4s +4s", 16),
    ("三风刻", "111222333z123m5p +5p", 36),
    ("花龙", "123m456p789s555z1s +1s", 13),
    ("推不倒", "123345p456s888s5z +5z", 11),
    ("三色三同顺", "123m123p123s555z9m +9m", 17),
    ("三色三节高", "[222m<] [333p^] [444s>] 123m5z +5z", 11),
    ("无番和", "345s78s77z [123m<] [678p<] +9s", 8),
    ("妙手回春", "345s78s77z [123m<] [678p<] *9s last-tile", 8),
    ("海底捞月", "345s78s77z [123m<] [678p<] +9s last-tile", 8),
    ("杠上开花", "345s78s77z [1111m^] [678p<] *9s kong-replacement", 10),
    ("抢杠和", "345s78s77z [123m<] [678p<] +9s robbing-kong", 8),
    ("碰碰和", "[222m<] [333p^] [777s>] 5556z +6z", 9),
    ("混一色", "123345m678m111z5z +5z", 14),
    ("三色三步高", "123m234p345s555z9m +9m", 11),
    ("五门齐", "123m456p789s111z5z +5z", 21),
    ("全求人", "[123m<] [456p<] [789s<] [111z^] 5z +5z", 24),
    ("双暗杠", "{1111m} {2222p} 345s678s9m +9m", 12),
    ("双箭刻", "555666z123m456p9s +9s", 11),
    ("全带幺", "123999m789p111s1z +1z", 11),
    ("不求人", "123m456p345s67s55z *8s", 5),
    ("双明杠", "[1111m<] [2222p^] 345s678s9m +9m", 8),
    ("和绝张", "345s78s77z [123m<] [678p<] +9s last-copy", 4),
    ("箭刻", "555z123m456p23s99m +4s", 4),
    ("圈风刻", "222z123m456p23s99m +4s round:S", 4),
    ("门风刻", "222z123m456p23s99m +4s seat:S", 4),
    ("门前清", "123m456p777s23s99m +4s", 3),
    ("平和", "123m456p234s67s99m +8s", 4),
    ("四归一", "123333m456p567s1z +1z", 5),
    ("双同刻", "222m222p456s789m1z +1z", 7),
    ("双暗刻", "222m789m444p1z [567s<] +1z", 3),
    ("暗杠", "{2222m} 123p456s789s1z +1z", 6),
    ("断幺", "234m456p345678s2p +2p", 14),
    ("一般高", "112233m456p678s1z +1z", 4),
    ("喜相逢", "123m123p567s999m1z +1z", 5),
    ("连六", "123456m789p345s1z +1z", 4),
    ("老少副", "123789m456p567s1z +1z", 4),
    ("幺九刻", "111m456p234s678s2z +2z", 4),
    ("明杠", "[2222m<] 123p456s789s1z +1z", 3),
    ("缺一门", "123m456m789p234p1z +1z", 5),
    ("无字", "[123m<] 456p789p555m6p +6p", 3),
    ("边张", "12m456p789s567m11z +3m", 11),
    ("坎张", "13m456p789s345m11z +2m", 11),
    ("单钓将", "123m456p789s345m1z +1z", 11),
    ("自摸", "[123m<] 456p789s345m1z *1z", 10),
    ("花牌", "345s78s77z [123m<] [678p<] +9s 15f", 10),
]


@pytest.mark.parametrize(("fan", "text", "total"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_example_hand(fan, text, total):
    result = score_hand(parse_hand(text), "gb")
    names = [f.name for f in result.fans]
    assert fan in names, f"{fan} missing from {names}"
    assert result.total == total
    assert sum(f.fan * f.count for f in result.fans) == result.total
    for f in result.fans:
        assert f.name_en and f.why, f


def test_every_fan_has_an_example():
    covered = {e[0] for e in EXAMPLES}
    assert covered == {F.NAME_ZH[i] for i in F.STANDARD_IDS}
    assert len(F.STANDARD_IDS) == 81


def test_examples_agree_with_reference_calculator():
    mahjong_gb = pytest.importorskip("MahjongGB")
    from tests.gb_hands import to_oracle

    for fan, text, total in EXAMPLES:
        ref = mahjong_gb.MahjongFanCalculator(**to_oracle(parse_hand(text)))
        assert sum(x[0] for x in ref) == total, (fan, text, ref)
