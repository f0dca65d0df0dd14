"""Labels of the rule sets' options, and of their hand fields, that one rule set words its own
way: the same name means another thing elsewhere (Guangxi's seven_pairs lets plain seven pairs
win, Hezhou's is the hand's fixed score; Guangshui's kong_money is 有杠另算, Nanning's
杠钱当场结算), or only one rule set has it. Keyed `<rule set>__<option>` (a hand field
`<rule set>__field_<name>`, its help on the page `<rule set>__help_<name>`); one missing here
takes the app's shared label (`option_<name>` in mjlens.ui.i18n). The Chinese is the region's
own word for the rule, as its rule text writes it (抓码, 杠钱, 抢杠, 报警, 包牌, 财神, 放冲;
riichi's 放铳)."""

from __future__ import annotations

from scoring.messages import Catalog

M = Catalog("app_options", {
    # Fujian (Fuzhou)
    "fujian__hand": ("Tiles dealt to each player (16 or 13)", "起手牌张数"),
    "fujian__discard_pays": ("Who pays a win on a discard", "放炮和牌谁付"),
    "fujian__stake": ("Money per fan (番)", "每番的钱数"),
    "fujian__three_golds": ("Three golds (三金倒) win at once", "三金倒"),
    # the stake every payment starts from, where a rule set words it its own way
    "gb__base": ("Base points each player pays (底分)", "底分"),
    "northeast__base": ("Stake of a plain win, per player (票胡)", "票胡每家的钱数"),
    "taiwan__base": ("Base of every payment (底)", "底"),
    "sichuan__cap": ("Cap, in fan above a plain win (封顶)", "封顶番数"),
    "sichuan_mult__cap": ("Highest multiple paid (封顶)", "封顶倍数"),
    # Guangshui
    "guangshui__cap": ("Most multiples a hand pays (封顶)", "封顶倍数"),
    "guangshui__kong_money": ("Kongs paid apart, outside the cap (有杠另算)", "有杠另算"),
    "guangshui__tile_set": ("Tiles played with", "用哪副牌"),
    # Guangxi
    "guangxi__horse_count": ("Horse tiles drawn (抓码)", "抓码张数"),
    "guangxi__dragon_order": ("Whose horse White and Green are (抓码)", "白板、发财算哪家的码"),
    "guangxi__seven_pairs": ("Plain seven pairs (七对) may win", "普通七对可和"),
    "guangxi_hu__seven_pairs": ("Seven pairs (七对) count as a big hand (霸胡)", "七对算霸胡"),
    # Hezhou: the special hands' fixed scores, in stakes
    "hezhou__seven_pairs": ("Seven pairs (七对子) score, in stakes", "七对子的分数"),
    "hezhou__full_flush": ("Full flush (清一色) scores, in stakes", "清一色的分数"),
    "hezhou__half_flush": ("Half flush (混一色) scores, in stakes", "混一色的分数"),
    "hezhou__all_honours": ("All honours (字一色) score, in stakes", "字一色的分数"),
    "hezhou__thirteen_orphans": ("Thirteen orphans (十三幺) score, in stakes", "十三幺的分数"),
    "hezhou__kong_score": ("A kong earns, in stakes", "杠分是底分的几倍"),
    # Nanning
    "nanning__kong_money": ("Kong money paid at once (杠钱)", "杠钱当场结算"),
    "nanning_points__kong_money": ("Kong money paid at once (杠钱)", "杠钱及时给"),
    "nanning_points__robbing": ("Robbing a kong (抢杠) is paid", "抢杠胡怎么算"),
    # Wuhu
    "wuhu__stake": ("Money per fan (番)", "每番的钱数"),
    "wuhu__robbing_kong_times": ("Robbing a kong (抢杠) multiplies the hand by", "抢杠乘以几倍"),
    "wuhu__baopai": ("Warnings and paying for all (报警、包牌)", "报警、包牌、转包"),
    # hand fields one rule set words its own way (`<rule set>__field_<name>`): a first-turn
    # win is 天和 / 地和 / 人和 in riichi (天胡 / 地胡 elsewhere), and renhou is one of them
    "riichi__field_first_turn": ("Won on the first turn: tenhou, chiihou or renhou "
                                 "(天和 / 地和 / 人和)", "天和 / 地和 / 人和"),
    "taiwan__field_first_turn": ("Won on the first turn (天胡 / 地胡 / 人胡)", "天胡 / 地胡 / 人胡"),
    # riichi's player who dealt in is 放铳 in its reasons, payments and options (点炮 elsewhere)
    "riichi__field_discarder": ("Discarded by", "放铳者"),
    # Taiwanese players say 放槍 (the rule set's reasons: 放枪的人一家付), not 点炮 / 放炮
    "taiwan__field_discarder": ("Discarded by", "放枪者"),
    # a hand field's help on the page, where the shared one writes the CLI's input (a JSON list,
    # `mjlens scan`): `<rule set>__help_<name>`, the boxes' own words
    "riichi__help_dora_indicators": (
        "The dora indicators turned face up on the dead wall: type them as tiles (3m 5z) or add "
        "them one at a time. The tile after each indicator is a dora, one han each.",
        "王牌上翻开的宝牌指示牌：直接输入牌（如 3m 5z），或逐张添加。每张指示牌的下一张是宝牌，"
        "每张一番。"),
    "riichi__help_ura_dora_indicators": (
        "The tiles under the dora indicators, turned up when a player who declared riichi wins: "
        "type them as tiles (3m 5z) or add them one at a time. Counted with riichi only.",
        "宝牌指示牌下面的牌，立直的玩家和牌时翻开：直接输入牌（如 3m 5z），或逐张添加。只在立直时"
        "计算。"),
    "riichi__help_red_fives": (
        "Tap each five in the hand that is printed red; each counts one han. A photo marks the "
        "red fives it reads: check them here.",
        "点选手牌中印成红色的五，每张一番。照片识别出的赤五已经选上，请在这里核对。"),
    # Yuhuan
    "yuhuan__caishen": ("White is the wild tile (财神)", "白板作财神"),
    "yuhuan__discard_pays": ("Who pays a win on a discard (放冲)", "放冲和牌谁付"),
    "yuhuan__self_drawn_double": ("A self-drawn win is paid double", "自摸每家加倍付"),
    "yuhuan__stake": ("Money per hu (胡)", "每胡的钱数"),
})


def rule_set_label(rules: str | None, name: str, lang: str) -> str | None:
    """The rule set's own label for its option `name`, or None."""
    key = f"{rules}__{name}"
    return M(key).render(lang) if rules and key in M.entries else None


def rule_set_help(rules: str | None, name: str, lang: str) -> str | None:
    """The page's help for the rule set's hand field `name`, where it has its own, or None."""
    return rule_set_label(rules, f"help_{name}", lang)


def choice_of_word(option, word: str):
    """The choice of `option` that `word` names in Chinese, Simplified or Traditional, as the
    option's help and `mjlens rules` show it (「无」, 简单算法, 卡五星84张): a player types
    `-o cap=无` for `-o cap=none`. None where no choice has that word (the word is then read as
    a value itself)."""
    from mjlens.ui.i18n import choice_label
    from scoring.hant import HANT

    said = word.strip().strip("「」“”\"'")
    for value in option.choices or ():
        if any(said == choice_label(value, lang, option) for lang in ("zh", HANT)):
            return "none" if value is None else str(value)
    return None


def options_of_words(options: dict, rules: str) -> dict:
    """`-o NAME=VALUE` options with each Chinese word for a choice read as the choice itself;
    names the rule set lacks and other values are left for the rule set to judge."""
    from scoring.hand import HandError
    from scoring.ruleset import get_ruleset

    try:
        known = {o.name: o for o in get_ruleset(rules).options}
    except HandError:  # an unknown rule set: refused where the rule set is looked up
        return dict(options)
    out = {}
    for name, value in options.items():
        option = known.get(name)
        chosen = choice_of_word(option, value) if option and isinstance(value, str) else None
        out[name] = value if chosen is None else chosen
    return out
