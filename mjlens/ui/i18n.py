"""Every label the app shows, in English and Chinese (Simplified, and Traditional made from it:
scoring/hant.py): one message catalog (`scoring.messages`),
so the test that checks every message has Chinese text covers the app's words too.

`t(key, lang, **fmt)` looks a label up; `text(value, lang)` renders anything the engine returns
(a `Msg`, a seat, a plain string); tile, seat, option and field names have helpers.
"""

from __future__ import annotations

from typing import Any

from scoring import tiles as T
from scoring.hant import HANT, is_zh, pick
from scoring.hant import lang_of_locale as _lang_of_locale
from scoring.messages import Catalog, render

LANGS = ("en", "zh", HANT)
# the language switch: each language named in itself
LANG_NAMES = {"en": "English", "zh": "简体中文", HANT: "繁體中文"}

M = Catalog("app", {
    "title": ("mjlens: mahjong hand scorer", "mjlens 麻将算番"),
    "page_score": ("Score a hand", "算番"),
    "page_review": ("Review labels", "复核标注"),
    "tagline": (
        "Photograph a revealed hand (or enter it), check the tiles, get the score.",
        "拍下亮出的牌（或手动输入），核对牌张，得出番数。",
    ),
    "language": ("Language", "语言"),
    # input
    "input_mode": ("Hand from", "牌从哪里来"),
    "mode_upload": ("Photo", "照片"),
    "mode_camera": ("Camera", "相机"),
    "mode_manual": ("Enter by hand", "手动输入"),
    "upload_label": ("Take or upload a photo of the hand", "拍摄或上传手牌照片"),
    # Streamlit's own words in the uploader and camera, replaced on the Chinese page
    "widget_button": ("Upload", "上传"),
    "widget_limits": ("Photos: jpg, png, webp", "支持常见照片格式"),
    "widget_take": ("Take Photo", "拍照"),
    "widget_clear": ("Clear photo", "清除照片"),
    "widget_allow": ("This app would like to use your camera.", "请允许本页使用相机。"),
    "camera_label": ("Take a photo of the hand", "拍摄手牌"),
    "notation_label": ("Hand in notation", "牌型记法"),
    "notation_help": (
        "e.g. 123m 456p [555s<] 11z +3m — digits then m p s z; [..] exposed meld "
        "(< left ^ across > right), {{..}} concealed kong, +tile won on a discard, *tile self-drawn, "
        "15f flowers, 0p a red five.",
        "例：123m 456p [555s<] 11z +3m —— 数字加 m万 p筒 s条 z字；[..] 明的面子"
        "（< 上家 ^ 对家 > 下家），{{..}} 暗杠，+牌 点和，*牌 自摸，15f 花牌，0p 赤五。",
    ),
    "clear_hand": ("Clear hand", "清空"),
    "example_hand": ("Example hand", "示例手牌"),
    "reading_photo": ("Reading the tiles…", "正在识别牌张…"),
    "no_detector": (
        "The tile detector is not available on this installation ({why}). Enter the hand by "
        "hand instead.",
        "本机没有可用的识别模型（{why}）。请手动输入手牌。",
    ),
    "technical_reason": ("a technical reason", "技术原因，详见英文界面"),
    "photo_unreadable": ("This file could not be read as a photo: {why}", "无法读取这张照片：{why}"),
    "no_tiles": (
        "No tiles were found in the photo. Try again closer, from above, in good light — or "
        "enter the hand by hand.",
        "照片里没有找到牌。请靠近、从上方、在光线好的地方重拍，或手动输入。",
    ),
    "none_in_game": (
        "The photo shows {n} tiles, but none that this game is played with: they are marked on "
        "the photo. Check the rule set, or enter the hand by hand.",
        "照片里有 {n} 张牌，但都不是这个玩法用的牌（已在照片上标出）。请检查玩法，或手动输入。",
    ),
    "found_tiles": ("Found {n} tiles in {ms} ms.", "找到 {n} 张牌，用时 {ms} 毫秒。"),
    "found_tiles_profile": ("Found {n} tiles in {ms} ms, read as your tiles '{name}' (My tiles): "
                            "each tile you correct is learnt into it.",
                            "找到 {n} 张牌，用时 {ms} 毫秒，按你的牌“{name}”识读（我的牌）：你改正的"
                            "每张牌都会记进去。"),
    "read_again_kept": (
        "The photo was read again for this rule set's {size}-tile hands: found {n} tiles. Your "
        "corrections are kept: they come back when you choose a rule set with {old}-tile hands.",
        "已按这个规则的 {size} 张手牌重新识别照片：找到 {n} 张牌。你的修改已保留：选回 {old} 张手牌"
        "的规则时会恢复。",
    ),
    "corrections_back": (
        "Your corrections to this photo are back (the hand as you left it under a rule set with "
        "{size}-tile hands).",
        "你对这张照片的修改已恢复（即在 {size} 张手牌的规则下改好的手牌）。",
    ),
    "check_tiles": (
        "Tiles to check: {n} uncertain (orange). Tap each to check it.",
        "有 {n} 张牌不确定（橙色框）：点一下核对。",
    ),
    "check_spot": (
        "A tile may be missing here (the dashed box marked ?): check this spot.",
        "这里可能少了一张牌（标着“?”的虚线框）：请核对这个位置。",
    ),
    "check_spots": (
        "A tile may be missing at each of the {n} dashed boxes marked ?: check these spots.",
        "标着“?”的 {n} 个虚线框处可能各少了一张牌：请核对这些位置。",
    ),
    "other_readings": ("Other ways to read the photo ({n})", "照片的其他读法（{n}）"),
    "reading_notes": ("Notes on how the photo was read ({n})", "识别说明（{n} 条）"),
    "in_photo": ("photo", "照片"),
    "your_photo": ("Your photo", "你的照片"),
    "photo_caption": ("Detected tiles", "识别出的牌"),
    # hand editor
    "hand": ("Hand", "手牌"),
    "group_concealed": ("Standing tiles", "手中牌"),
    "group_win": ("Winning tile", "和牌张"),
    "group_flowers": ("Flowers", "花牌"),
    "group_meld": ("Meld {k}", "副露 {k}"),
    "group_new_meld": ("New meld", "新面子"),
    "empty_group": ("(none)", "（无）"),
    "tap_hint": (
        "Tap a tile to fix, move or delete it; the tile palette adds missing tiles.",
        "点一张牌可修改、移动或删除；用牌盘添加漏掉的牌。",
    ),
    "selected_tile": ("Selected: {tile}", "已选：{tile}"),
    "confidence": ("confidence {p}%", "置信度 {p}%"),
    "maybe": ("Could be:", "可能是："),
    "move_to": ("Move to", "移到"),
    "delete": ("Delete", "删除"),
    "not_a_tile": ("Not a tile", "不是牌"),
    "not_a_tile_help": ("A box on the table, not on a tile: remove it, and your tile profile "
                        "learns to leave such spots out of later photos.",
                        "框在桌面上，不在牌上：删掉它，你的牌组档案也会学会以后略过这样的地方。"),
    "looks_right": ("It's right", "没错"),
    "looks_right_help": ("It's right: the photo shows {tile}; keep it.",
                         "没错：照片上就是{tile}，保留它。"),
    "not_a_tile_box": ("A box on the table, not on a tile: remove it (a tile profile in use "
                       "learns to leave such spots out).",
                       "框在桌面上，不在牌上：删掉它（正在用的牌组档案会学会略过这样的地方）。"),
    "quick_fix": ("Doubtful tiles: tap what the photo shows.",
                  "不确定的牌：点照片上实际的那张。"),
    "won_on_instead": ("Or won on:", "或者和的是："),
    "one_short": ("One tile short: tap the tile the photo missed.",
                  "少一张牌：点照片漏掉的那张。"),
    "make_meld": ("Meld {tiles}", "组成 {tiles}"),
    "done": ("Done", "完成"),
    "palette": ("Tile palette", "牌盘"),
    "palette_add_to": ("Add tiles to", "添加到"),
    "palette_change": ("Tap the right tile to change the selected one", "点正确的牌以替换所选的牌"),
    "suit_m": ("Craks", "万"),
    "suit_p": ("Dots", "筒"),
    "suit_s": ("Bams", "条"),
    "suit_z": ("Honours", "字"),
    "suit_f": ("Flowers", "花"),
    "meld_exposed": ("Exposed", "明"),
    "meld_concealed": ("Concealed kong", "暗杠"),
    "claimed_from": ("Claimed from", "吃碰自"),
    "claim_none": ("not said", "未注明"),
    "claim_left": ("left", "上家"),
    "claim_across": ("across", "对家"),
    "claim_right": ("right", "下家"),
    "unmeld": ("Back to standing tiles", "退回手中"),
    # rules and context
    "rules": ("Rule set", "规则"),
    "house_options": ("House rules and stakes", "地方规则与底注"),
    "no_rulesets": ("No rule sets are installed.", "没有可用的规则。"),
    "win_details": ("How the hand was won", "和牌方式"),
    "win_by": ("Won by", "和牌"),
    "self_drawn": ("Self-drawn", "自摸"),
    "discard": ("Discard", "点和"),
    "seat_wind": ("Seat wind (you)", "门风（你）"),
    "round_wind": ("Round wind", "圈风"),
    "last_tile": ("Last tile of the wall", "海底 / 河底"),
    "kong_replacement": ("On a kong replacement tile", "杠上开花"),
    "robbing_kong": ("Robbing a kong", "抢杠和"),
    "last_copy": ("Last copy of the winning tile", "和绝张"),
    "more_details": ("More details", "更多"),
    "wind_E": ("East", "东"),
    "wind_S": ("South", "南"),
    "wind_W": ("West", "西"),
    "wind_N": ("North", "北"),
    "discarder": ("Discarded by", "点炮者"),
    # rule-set extra fields (unknown ones are shown by their name)
    "field_missing_suit": ("Missing suit (定缺)", "定缺"),
    "field_dealer": ("Dealer (庄)", "庄家"),
    "field_discarder": ("Discarded by", "点炮者"),
    "field_players_in": ("Players still in the round (the winner too)", "仍在局中的玩家（含和牌者）"),
    "field_first_turn": ("Won on the first turn (天胡/地胡)", "天胡 / 地胡"),
    "field_discard_after_kong": ("Discard right after a kong (杠上炮)", "杠上炮"),
    "field_baopei": ("Discarder pays for all (包赔)", "包赔"),
    "field_bao": ("Treasure tile (宝牌)", "宝牌"),
    "field_lou_bao": ("Won on the drawn treasure (摟宝)", "摟宝"),
    # result
    "score": ("Score", "得分"),
    "total": ("Total", "合计"),
    "not_a_win": ("Not a legal win under these rules.", "按此规则不能和牌。"),
    "legal_win": ("Legal win", "可以和牌"),
    "read_as": ("Read as", "拆解"),
    "fan_col": ("Fan", "番种"),
    "value_col": ("Value", "番数"),
    "count_col": ("×", "×"),
    "why_col": ("Why", "理由"),
    "excluded": ("Not counted", "不计"),
    "excluded_line": ("{fan}: because of {x}.", "{fan}：因{x}不计。"),
    "notes": ("Notes", "说明"),
    "payments": ("Payments", "结算"),
    "pays_line": ("{payer} pays {payee} **{amount}**", "{payer} 付给 {payee} **{amount}**"),
    "net": ("Net", "净得"),
    "player": ("Player", "玩家"),
    "you": ("you", "你"),
    "no_payments": ("This rule set gives no payment table.", "此规则没有结算表。"),
    "no_payments_no_win": ("Not a legal win: nobody pays.", "不算和牌，无人付分。"),
    "cannot_score": ("Cannot score this hand yet", "还不能计分"),
    "other_sizes": ("This hand has {n} tiles, the size of a hand in these games:",
                    "这手牌有 {n} 张，是以下玩法的牌数："),
    "export": ("Export", "导出"),
    "download_json": ("Result as JSON", "下载结果文件"),
    "download_png": ("Shareable picture", "分享图片"),
    "share_title": ("{rules}: {total}", "{rules}：{total}"),
    "label_value": ("{label}: {value}", "{label}：{value}"),
    # rule-set extra fields known by name (a described field without one uses its help text)
    "field_horses": ("Horse tiles (马)", "马牌"),
    "field_dealer_streak": ("Dealer's streak (连庄)", "连庄数"),
    "field_riichi": ("Riichi (立直)", "立直"),
    "field_double_riichi": ("Double riichi (两立直)", "两立直"),
    "field_ippatsu": ("Ippatsu (一发)", "一发"),
    "field_dora_indicators": ("Dora indicators (宝牌指示牌)", "宝牌指示牌"),
    "field_ura_dora_indicators": ("Ura dora indicators (里宝牌指示牌)", "里宝牌指示牌"),
    "field_red_fives": ("Red fives in the hand (赤五)", "手中的赤五"),
    "field_honba": ("Honba (本场)", "本场数"),
    "field_riichi_sticks": ("Riichi sticks on the table", "桌上的立直棒"),
    "field_pao": ("Pao (包): the liable player", "包牌者"),
    # fields whose label was their name made into words ('Horse drawer', 'Fish', 'Wild')
    "field_gold": ("The gold (金) of this hand", "本局的金"),
    "field_dealer_history": ("Dealer's earlier wins in this run (连庄)", "连庄"),
    "field_horse_drawer": ("Seat that drew the horses (摸码)", "庄家自摸时摸码的玩家"),
    "field_declared_ready": ("The winner had declared ready (听牌)", "听牌"),
    "field_fish": ("Fishing tiles (钓鱼)", "钓鱼"),
    "field_one_discard_winners": ("Players winning on this one discard", "同一张牌有几家胡"),
    "field_flower_replacement": ("Won on the tile drawn for a flower (槓上開花)", "补花摸到的牌胡"),
    "field_flower_win": ("A win by flowers alone (八仙過海 / 七搶一)", "以花胡牌"),
    "field_wild": ("The wild tile (财神)", "财神牌"),
    "field_bonus": ("Bonus tiles (杠花) set aside", "杠花张数"),
    "add_tile": ("Add a tile", "添加一张牌"),
    "none_given": ("—", "—"),
    "tiles_placeholder": ("tiles, e.g. 159m 5z", "牌张，例：159m 5z"),
    "choose": ("Choose", "请选择"),
    # option labels (the option's name otherwise)
    "option_base": ("Base stake (底分)", "底分"),
    "option_cap": ("Cap on a hand's score (封顶)", "封顶"),
    "option_count_from": ("Plain win counts", "平胡起番"),
    "option_count": ("How fan are counted", "算番方法"),
    "option_golden_hook": ("Golden hook (金钩钓)", "金钩钓"),
    "option_self_draw": ("Self-drawn", "自摸"),
    "option_dragon_pairs": ("Dragon seven pairs (龙七对)", "龙七对"),
    "option_last_tile_fan": ("Last tile fan (海底)", "海底加番"),
    "option_rain": ("Kong money (刮风下雨)", "刮风下雨"),
    "option_kong_discard": ("Discard after a kong (杠上炮)", "杠上炮"),
    "option_flower_pig": ("Flower pig (查花猪)", "查花猪"),
    "option_mixed_kongs": ("Melded + concealed kong (明暗杠)", "明暗杠"),
    "option_renhou": ("Renhou (人和) is worth", "人和的价值"),
    "option_pao_honba": ("Pao: honba on a ron paid by", "包牌荣和时本场由谁付"),
    "option_pao_suukantsu": ("Pao for four kongs (四杠子)", "四杠子也包牌"),
    "option_red_fives": ("Red fives (aka dora) count", "计赤宝牌"),
    "option_open_tanyao": ("Open tanyao (喰断): all simples with claimed melds", "食断（副露也计断幺九）"),
    "option_kiriage": ("Kiriage mangan (切上满贯)", "切上满贯"),
    "option_kazoe": ("Kazoe: 13 han or more without a yakuman is paid as", "累计役满（13番以上）按"),
    "option_double_yakuman": ("Double yakuman, several yakuman add up", "双倍役满、多个役满相加"),
    "option_players": ("Players at the table", "玩家人数"),
    # Taiwanese (their words were the options' names: "Little winds wind pungs", 连庄N次)
    "option_per_tai": ("Money per tai (台錢)", "台钱"),
    "option_heavenly": ("Heavenly hand (天胡) is worth", "天胡的价值"),
    "option_human": ("Human hand (人胡) is worth", "人胡的台数"),
    "option_all_claimed": ("All claimed (全求人) is worth", "全求人的台数"),
    "option_flower_kong": ("Each flower kong (花槓) is worth", "花杠每组的台数"),
    "option_pinghu_flowers": ("Flowers spoil a plain hand (平胡)", "有花就不算平胡"),
    "option_pinghu_pair_wait": ("A pair wait spoils a plain hand (平胡)", "单钓将不算平胡"),
    "option_little_winds_wind_pungs": ("Little four winds (小四喜) counts its wind pungs too",
                                       "小四喜另计其中的圈风、门风刻子"),
    "option_streak_includes_dealer": ("Streak tai (連莊) include the dealer's tai",
                                      "连庄台数含庄家的一台"),
    "option_ligu": ("Ligu ligu (嚦咕嚦咕) is worth", "嚦咕嚦咕的台数"),
    "option_flower_order": ("Each seat's own flowers (正花)", "各家的正花"),
    "option_multiple_winners": ("Several winners on one discard (一炮多響)", "一炮多响"),
    # options only a table (牌桌) reads: who deals after a drawn hand, how long a game is
    "option_drawn_deal": ("At a table: after a drawn hand (流局)", "牌桌：流局后坐庄"),
    "option_game_length": ("At a table: length of a game", "牌桌：一场的长度"),
    # option choices that are words (numbers are shown as they are)
    # a control of the page named inside a rule set's sentence (mjlens.ui.words)
    "switch_on": ("“{label}” on", "选了“{label}”"),
    "switch_off": ("“{label}” off", "不选“{label}”"),
    "red_five": ("Red five (赤五)", "赤五（红色的五）"),
    "choice_none": ("none", "无"),
    "choice_fan": ("fan", "加番"),
    "choice_base": ("base", "加底"),
    "choice_table": ("table", "按番表"),
    "choice_root": ("root", "算根"),
    "choice_transfer": ("transfer", "转给和牌者"),
    "choice_refund": ("refund", "退还"),
    "choice_white_third": ("white third", "白板对第三家"),
    "choice_green_third": ("green third", "发财对第三家"),
    "choice_green_second": ("green second", "发财对第二家"),
    "choice_discard": ("as a discard", "算放炮"),
    "choice_self_draw": ("as a self-draw", "当自摸"),
    "choice_simple": ("simple count", "简单算法"),
    "choice_detailed": ("detailed count", "详细算法"),
    "choice_all": ("every player", "三家都付"),
    "choice_discarder": ("the discarder alone", "放炮者一人付"),
    "choice_youjin": ("counted as a gold swim (游金)", "按游金计"),
    "choice_off": ("off", "不算"),
    "times": ("x{n}", "×{n}"),
    "fan_value": ("{n} {unit}", "{n}{unit}"),
})


def t(key: str, lang: str = "en", **fmt: Any) -> str:
    return M(key, **fmt).render(lang)


def text(value: Any, lang: str = "en") -> str:
    """A message from the engine (Msg, Seat, list of them, or a plain string) in `lang`."""
    return render(value, lang)


def has(key: str) -> bool:
    return key in M.entries


def lang_of_locale(locale: str | None) -> str:
    """The page's first language from the browser's (`zh-CN`, `zh` -> zh; `zh-TW`, `zh-HK`,
    `zh-Hant` -> zh-Hant; others en)."""
    return _lang_of_locale(locale)


def unit(name: str, lang: str = "en", rules: str | None = None) -> str:
    """A rule set's unit of score in the reader's language (scoring.units; `rules`' own word
    for it where it has one: riichi's points are 点)."""
    from scoring.units import unit_name

    return render(unit_name(name, rules), lang)


# Rule sets whose breakdown items count in another unit than their total: riichi's yaku count
# han, while the hand's han and fu make its total in points.
ITEM_UNITS = {"riichi": "han"}


def items_unit(result) -> str:
    """The unit of one item of a result's breakdown (a ScoreResult)."""
    return ITEM_UNITS.get(result.rules, result.unit)


def item_value(value: float, unit_name: str, times: bool, lang: str = "en") -> str:
    """One fan's or item's value: `x2` where a rule set's items multiply, else `2 fan` / `2番`."""
    from mjlens.ui.engine import fmt_num

    n = fmt_num(value)
    return t("times", lang, n=n) if times else t("fan_value", lang, n=n, unit=unit(unit_name, lang))


def fan_value(fan, result, lang: str = "en") -> str:
    """One fan of `result` as the page shows its value: its own words where it has them (riichi's
    yakuman: 役満, not 13 han), else `item_value`."""
    if fan.shown:
        return text(fan.shown, lang)
    return item_value(fan.fan, items_unit(result), result.combine == "multiply", lang)


def aside(word: str, lang: str) -> str:
    """A word put after a name in brackets: `East (you)`, `東（你）` (full-width in Chinese)."""
    return f"（{word}）" if is_zh(lang) else f" ({word})"


def tile_name(code: str, lang: str = "en") -> str:
    if not is_zh(lang):
        return T.ENGLISH_NAMES.get(code, code)
    return pick(code, T.CHINESE_NAMES.get(code, code), lang)


def tile_label(code: str, lang: str = "en") -> str:
    """Short label under a tile picture: the code, and in Chinese the tile's name."""
    return tile_name(code, lang) if is_zh(lang) else code


def tile_choice(code: str, lang: str = "en") -> str:
    """A tile in a list to choose from: code and name (`5p 五筒`)."""
    return f"{code} {tile_name(code, lang)}"


def wind_name(w: str, lang: str = "en") -> str:
    return t(f"wind_{w}", lang)


def _short(help_text: str) -> str:
    """The first phrase of a help text, as a label."""
    for mark in ("：", ":", "，", ",", "（", "(", "。", ";", "；"):
        help_text = help_text.split(mark)[0]
    return help_text.strip()


def field_label(name: str, lang: str = "en", help_en: str = "", help_zh: str = "",
                rules: str | None = None) -> str:
    """Label of a rule set's extra hand field: the rule set's own label for it
    (mjlens.ui.option_words), a known label, else (in Chinese) the first phrase of its Chinese
    help, else its name in words (the help is the widget's tooltip)."""
    from mjlens.ui.option_words import rule_set_label

    own = rule_set_label(rules, f"field_{name}", lang)
    if own is not None:
        return own
    key = f"field_{name}"
    if has(key):
        return t(key, lang)
    if is_zh(lang) and _short(help_zh):
        return _short(pick("", help_zh, lang))
    return name.replace("_", " ").capitalize()


def option_label(opt, lang: str = "en", rules: str | None = None) -> str:
    """Label of a rule-set option: the rule set's own label for it (mjlens.ui.option_words),
    a label shared by every rule set with such an option, else (in Chinese) the first phrase
    of its Chinese help, else its name in words."""
    from mjlens.ui.option_words import rule_set_label

    own = rule_set_label(rules, opt.name, lang)
    if own is not None:
        return own
    key = f"option_{opt.name}"
    if has(key):
        return t(key, lang)
    if is_zh(lang) and opt.help_zh:
        return _short(pick("", opt.help_zh, lang))
    return opt.name.replace("_", " ").capitalize()


def option_help(opt, lang: str = "en") -> str | None:
    return (pick(opt.help, opt.help_zh, lang) if opt.help_zh else opt.help) or None


def choice_label(value: Any, lang: str = "en", spec: Any = None) -> str:
    """An option's (or hand field's) choice: the rule set's own name for it where it gives one
    (`choice_names`), else words through the catalog, numbers as they are."""
    named = spec.choice_name(None if value == "none" else value, lang) if spec is not None else None
    if named is not None:
        return named
    if value is None:
        value = "none"
    key = f"choice_{value}"
    return t(key, lang) if isinstance(value, str) and has(key) else str(value)


def group_name(group: str, lang: str = "en") -> str:
    from mjlens.ui.state import meld_index

    k = meld_index(group)
    if k is not None:
        return t("group_meld", lang, k=k + 1)
    return t(f"group_{group.replace('-', '_')}", lang)
