"""The 81 Guobiao fans as data: id, Chinese and English name, value, and what each one 不计 (excludes).

Ids follow the order of the rule list (seed "Ⅱ 國標麻將規則的番種", 1 = 大四喜 ... 81 = 花牌), which is
also the order of the reference calculator's fan table. Id 82 (明暗杠) is not one of the 81: it is
only counted with the option `mixed_kongs` (see docs/gb.md).
"""

from __future__ import annotations

# (key, Chinese name, English name, value)
_TABLE = (
    ("NONE", "", "", 0),
    ("BIG_FOUR_WINDS", "大四喜", "Big Four Winds", 88),
    ("BIG_THREE_DRAGONS", "大三元", "Big Three Dragons", 88),
    ("ALL_GREEN", "绿一色", "All Green", 88),
    ("NINE_GATES", "九莲宝灯", "Nine Gates", 88),
    ("FOUR_KONGS", "四杠", "Four Kongs", 88),
    ("SEVEN_SHIFTED_PAIRS", "连七对", "Seven Shifted Pairs", 88),
    ("THIRTEEN_ORPHANS", "十三幺", "Thirteen Orphans", 88),
    ("ALL_TERMINALS", "清幺九", "All Terminals", 64),
    ("LITTLE_FOUR_WINDS", "小四喜", "Little Four Winds", 64),
    ("LITTLE_THREE_DRAGONS", "小三元", "Little Three Dragons", 64),
    ("ALL_HONORS", "字一色", "All Honors", 64),
    ("FOUR_CONCEALED_PUNGS", "四暗刻", "Four Concealed Pungs", 64),
    ("PURE_TERMINAL_CHOWS", "一色双龙会", "Pure Terminal Chows", 64),
    ("QUADRUPLE_CHOW", "一色四同顺", "Quadruple Chow", 48),
    ("FOUR_PURE_SHIFTED_PUNGS", "一色四节高", "Four Pure Shifted Pungs", 48),
    ("FOUR_PURE_SHIFTED_CHOWS", "一色四步高", "Four Pure Shifted Chows", 32),
    ("THREE_KONGS", "三杠", "Three Kongs", 32),
    ("ALL_TERMINALS_AND_HONORS", "混幺九", "All Terminals and Honors", 32),
    ("SEVEN_PAIRS", "七对", "Seven Pairs", 24),
    ("GREATER_HONORS_AND_KNITTED", "七星不靠", "Greater Honors and Knitted Tiles", 24),
    ("ALL_EVEN_PUNGS", "全双刻", "All Even Pungs", 24),
    ("FULL_FLUSH", "清一色", "Full Flush", 24),
    ("PURE_TRIPLE_CHOW", "一色三同顺", "Pure Triple Chow", 24),
    ("PURE_SHIFTED_PUNGS", "一色三节高", "Pure Shifted Pungs", 24),
    ("UPPER_TILES", "全大", "Upper Tiles", 24),
    ("MIDDLE_TILES", "全中", "Middle Tiles", 24),
    ("LOWER_TILES", "全小", "Lower Tiles", 24),
    ("PURE_STRAIGHT", "清龙", "Pure Straight", 16),
    ("THREE_SUITED_TERMINAL_CHOWS", "三色双龙会", "Three-Suited Terminal Chows", 16),
    ("PURE_SHIFTED_CHOWS", "一色三步高", "Pure Shifted Chows", 16),
    ("ALL_FIVE", "全带五", "All Fives", 16),
    ("TRIPLE_PUNG", "三同刻", "Triple Pung", 16),
    ("THREE_CONCEALED_PUNGS", "三暗刻", "Three Concealed Pungs", 16),
    ("LESSER_HONORS_AND_KNITTED", "全不靠", "Lesser Honors and Knitted Tiles", 12),
    ("KNITTED_STRAIGHT", "组合龙", "Knitted Straight", 12),
    ("UPPER_FOUR", "大于五", "Upper Four", 12),
    ("LOWER_FOUR", "小于五", "Lower Four", 12),
    ("BIG_THREE_WINDS", "三风刻", "Big Three Winds", 12),
    ("MIXED_STRAIGHT", "花龙", "Mixed Straight", 8),
    ("REVERSIBLE_TILES", "推不倒", "Reversible Tiles", 8),
    ("MIXED_TRIPLE_CHOW", "三色三同顺", "Mixed Triple Chow", 8),
    ("MIXED_SHIFTED_PUNGS", "三色三节高", "Mixed Shifted Pungs", 8),
    ("CHICKEN_HAND", "无番和", "Chicken Hand", 8),
    ("LAST_TILE_DRAW", "妙手回春", "Last Tile Draw", 8),
    ("LAST_TILE_CLAIM", "海底捞月", "Last Tile Claim", 8),
    ("OUT_WITH_REPLACEMENT_TILE", "杠上开花", "Out with Replacement Tile", 8),
    ("ROBBING_THE_KONG", "抢杠和", "Robbing the Kong", 8),
    ("ALL_PUNGS", "碰碰和", "All Pungs", 6),
    ("HALF_FLUSH", "混一色", "Half Flush", 6),
    ("MIXED_SHIFTED_CHOWS", "三色三步高", "Mixed Shifted Chows", 6),
    ("ALL_TYPES", "五门齐", "All Types", 6),
    ("MELDED_HAND", "全求人", "Melded Hand", 6),
    ("TWO_CONCEALED_KONGS", "双暗杠", "Two Concealed Kongs", 6),
    ("TWO_DRAGON_PUNGS", "双箭刻", "Two Dragon Pungs", 6),
    ("OUTSIDE_HAND", "全带幺", "Outside Hand", 4),
    ("FULLY_CONCEALED_HAND", "不求人", "Fully Concealed Hand", 4),
    ("TWO_MELDED_KONGS", "双明杠", "Two Melded Kongs", 4),
    ("LAST_TILE", "和绝张", "Last Tile", 4),
    ("DRAGON_PUNG", "箭刻", "Dragon Pung", 2),
    ("PREVALENT_WIND", "圈风刻", "Prevalent Wind", 2),
    ("SEAT_WIND", "门风刻", "Seat Wind", 2),
    ("CONCEALED_HAND", "门前清", "Concealed Hand", 2),
    ("ALL_CHOWS", "平和", "All Chows", 2),
    ("TILE_HOG", "四归一", "Tile Hog", 2),
    ("DOUBLE_PUNG", "双同刻", "Double Pung", 2),
    ("TWO_CONCEALED_PUNGS", "双暗刻", "Two Concealed Pungs", 2),
    ("CONCEALED_KONG", "暗杠", "Concealed Kong", 2),
    ("ALL_SIMPLES", "断幺", "All Simples", 2),
    ("PURE_DOUBLE_CHOW", "一般高", "Pure Double Chow", 1),
    ("MIXED_DOUBLE_CHOW", "喜相逢", "Mixed Double Chow", 1),
    ("SHORT_STRAIGHT", "连六", "Short Straight", 1),
    ("TWO_TERMINAL_CHOWS", "老少副", "Two Terminal Chows", 1),
    ("PUNG_OF_TERMINALS_OR_HONORS", "幺九刻", "Pung of Terminals or Honors", 1),
    ("MELDED_KONG", "明杠", "Melded Kong", 1),
    ("ONE_VOIDED_SUIT", "缺一门", "One Voided Suit", 1),
    ("NO_HONORS", "无字", "No Honors", 1),
    ("EDGE_WAIT", "边张", "Edge Wait", 1),
    ("CLOSED_WAIT", "坎张", "Closed Wait", 1),
    ("SINGLE_WAIT", "单钓将", "Single Wait", 1),
    ("SELF_DRAWN", "自摸", "Self-Drawn", 1),
    ("FLOWER_TILES", "花牌", "Flower Tiles", 1),
    ("CONCEALED_KONG_AND_MELDED_KONG", "明暗杠", "Concealed Kong and Melded Kong", 5),
)

KEYS: tuple[str, ...] = tuple(row[0] for row in _TABLE)
NAME_ZH: tuple[str, ...] = tuple(row[1] for row in _TABLE)
NAME_EN: tuple[str, ...] = tuple(row[2] for row in _TABLE)
VALUE: tuple[int, ...] = tuple(row[3] for row in _TABLE)
SIZE = len(_TABLE)
ID: dict[str, int] = {k: i for i, k in enumerate(KEYS)}
ID_OF_NAME: dict[str, int] = {zh: i for i, zh in enumerate(NAME_ZH) if zh}
# Fan ids as constants (checked against the table by tests/test_gb_scoring.py).
BIG_FOUR_WINDS = 1
BIG_THREE_DRAGONS = 2
ALL_GREEN = 3
NINE_GATES = 4
FOUR_KONGS = 5
SEVEN_SHIFTED_PAIRS = 6
THIRTEEN_ORPHANS = 7
ALL_TERMINALS = 8
LITTLE_FOUR_WINDS = 9
LITTLE_THREE_DRAGONS = 10
ALL_HONORS = 11
FOUR_CONCEALED_PUNGS = 12
PURE_TERMINAL_CHOWS = 13
QUADRUPLE_CHOW = 14
FOUR_PURE_SHIFTED_PUNGS = 15
FOUR_PURE_SHIFTED_CHOWS = 16
THREE_KONGS = 17
ALL_TERMINALS_AND_HONORS = 18
SEVEN_PAIRS = 19
GREATER_HONORS_AND_KNITTED = 20
ALL_EVEN_PUNGS = 21
FULL_FLUSH = 22
PURE_TRIPLE_CHOW = 23
PURE_SHIFTED_PUNGS = 24
UPPER_TILES = 25
MIDDLE_TILES = 26
LOWER_TILES = 27
PURE_STRAIGHT = 28
THREE_SUITED_TERMINAL_CHOWS = 29
PURE_SHIFTED_CHOWS = 30
ALL_FIVE = 31
TRIPLE_PUNG = 32
THREE_CONCEALED_PUNGS = 33
LESSER_HONORS_AND_KNITTED = 34
KNITTED_STRAIGHT = 35
UPPER_FOUR = 36
LOWER_FOUR = 37
BIG_THREE_WINDS = 38
MIXED_STRAIGHT = 39
REVERSIBLE_TILES = 40
MIXED_TRIPLE_CHOW = 41
MIXED_SHIFTED_PUNGS = 42
CHICKEN_HAND = 43
LAST_TILE_DRAW = 44
LAST_TILE_CLAIM = 45
OUT_WITH_REPLACEMENT_TILE = 46
ROBBING_THE_KONG = 47
ALL_PUNGS = 48
HALF_FLUSH = 49
MIXED_SHIFTED_CHOWS = 50
ALL_TYPES = 51
MELDED_HAND = 52
TWO_CONCEALED_KONGS = 53
TWO_DRAGON_PUNGS = 54
OUTSIDE_HAND = 55
FULLY_CONCEALED_HAND = 56
TWO_MELDED_KONGS = 57
LAST_TILE = 58
DRAGON_PUNG = 59
PREVALENT_WIND = 60
SEAT_WIND = 61
CONCEALED_HAND = 62
ALL_CHOWS = 63
TILE_HOG = 64
DOUBLE_PUNG = 65
TWO_CONCEALED_PUNGS = 66
CONCEALED_KONG = 67
ALL_SIMPLES = 68
PURE_DOUBLE_CHOW = 69
MIXED_DOUBLE_CHOW = 70
SHORT_STRAIGHT = 71
TWO_TERMINAL_CHOWS = 72
PUNG_OF_TERMINALS_OR_HONORS = 73
MELDED_KONG = 74
ONE_VOIDED_SUIT = 75
NO_HONORS = 76
EDGE_WAIT = 77
CLOSED_WAIT = 78
SINGLE_WAIT = 79
SELF_DRAWN = 80
FLOWER_TILES = 81
CONCEALED_KONG_AND_MELDED_KONG = 82

# The 81 fans of the rule list (明暗杠 is the reference calculator's extra).
STANDARD_IDS = tuple(range(1, 82))

# 不计: what a counted fan makes the hand not count again. From the rule list, with the
# reference calculator's reading where the list is silent or garbled (see docs/gb.md).
EXCLUDES: dict[str, tuple[str, ...]] = {
    "大四喜": ("三风刻", "碰碰和", "圈风刻", "门风刻", "幺九刻"),
    "大三元": ("双箭刻", "箭刻"),
    "绿一色": ("混一色", "缺一门"),
    "九莲宝灯": ("清一色", "门前清", "不求人", "缺一门", "无字", "幺九刻"),
    "四杠": ("三杠", "双明杠", "双暗杠", "明杠", "暗杠", "单钓将"),
    "连七对": ("七对", "清一色", "门前清", "不求人", "缺一门", "无字", "单钓将"),
    "十三幺": ("五门齐", "门前清", "不求人", "单钓将"),
    "清幺九": ("混幺九", "碰碰和", "全带幺", "幺九刻", "无字", "双同刻"),
    "小四喜": ("三风刻", "幺九刻"),
    "小三元": ("双箭刻", "箭刻"),
    "字一色": ("混幺九", "碰碰和", "全带幺", "幺九刻", "缺一门"),
    "四暗刻": ("三暗刻", "双暗刻", "碰碰和", "门前清", "不求人"),
    "一色双龙会": ("七对", "清一色", "平和", "一般高", "老少副", "缺一门", "无字"),
    "一色四同顺": ("一色三同顺", "一般高", "四归一", "一色三节高"),
    "一色四节高": ("一色三节高", "一色三同顺", "碰碰和"),
    "一色四步高": ("一色三步高", "老少副", "连六"),
    "三杠": ("双明杠", "双暗杠", "明杠", "暗杠"),
    "混幺九": ("碰碰和", "全带幺", "幺九刻"),
    "七对": ("门前清", "不求人", "单钓将"),
    "七星不靠": ("五门齐", "门前清", "不求人", "单钓将", "全不靠"),
    "全双刻": ("碰碰和", "断幺", "无字"),
    "清一色": ("缺一门", "无字"),
    "一色三同顺": ("一色三节高", "一般高"),
    "一色三节高": ("一色三同顺",),
    "全大": ("大于五", "无字"),
    "全中": ("断幺", "无字"),
    "全小": ("小于五", "无字"),
    "清龙": ("连六", "老少副"),
    "三色双龙会": ("喜相逢", "老少副", "无字", "平和"),
    "全带五": ("断幺", "无字"),
    "三暗刻": ("双暗刻",),
    "全不靠": ("五门齐", "门前清", "不求人", "单钓将"),
    "大于五": ("无字",),
    "小于五": ("无字",),
    "三风刻": ("幺九刻",),
    "推不倒": ("缺一门",),
    "妙手回春": ("自摸",),
    "杠上开花": ("自摸",),
    "抢杠和": ("和绝张",),
    "全求人": ("单钓将",),
    "双暗杠": ("暗杠",),
    "双箭刻": ("箭刻",),
    "不求人": ("自摸", "门前清"),
    "双明杠": ("明杠",),
    "混一色": ("缺一门",),
    "平和": ("无字",),
    "断幺": ("无字",),
    "圈风刻": ("幺九刻",),
    "门风刻": ("幺九刻",),
    "箭刻": ("幺九刻",),
    "明暗杠": ("明杠", "暗杠"),
}
