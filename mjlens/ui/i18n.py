"""Every label the app shows, in English and Chinese (one table, so nothing is missed).

`t(key, lang, **fmt)` looks a label up; tile, seat and group names have helpers. Messages from
the scoring engine (HandError) are English sentences written for players and are shown as they
are.
"""

from __future__ import annotations

from scoring import tiles as T

LANGS = ("en", "zh")

STRINGS: dict[str, tuple[str, str]] = {
    "title": ("mjlens: mahjong hand scorer", "mjlens 麻将算番"),
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
    "camera_label": ("Take a photo of the hand", "拍摄手牌"),
    "notation_label": ("Hand in notation", "牌型记法"),
    "notation_help": (
        "e.g. 123m 456p [555s<] 11z +3m — digits then m p s z; [..] exposed meld "
        "(< left ^ across > right), {..} concealed kong, +tile won on a discard, *tile self-drawn, "
        "15f flowers.",
        "例：123m 456p [555s<] 11z +3m —— 数字加 m万 p筒 s条 z字；[..] 明的面子"
        "（< 上家 ^ 对家 > 下家），{..} 暗杠，+牌 点和，*牌 自摸，15f 花牌。",
    ),
    "clear_hand": ("Clear hand", "清空"),
    "example_hand": ("Example hand", "示例手牌"),
    "reading_photo": ("Reading the tiles…", "正在识别牌张…"),
    "no_detector": (
        "The tile detector is not available on this installation ({why}). Enter the hand by "
        "hand instead.",
        "本机没有可用的识别模型（{why}）。请手动输入手牌。",
    ),
    "photo_unreadable": ("This file could not be read as a photo: {why}", "无法读取这张照片：{why}"),
    "no_tiles": (
        "No tiles were found in the photo. Try again closer, from above, in good light — or "
        "enter the hand by hand.",
        "照片里没有找到牌。请靠近、从上方、在光线好的地方重拍，或手动输入。",
    ),
    "found_tiles": ("Found {n} tiles in {ms} ms.", "找到 {n} 张牌，用时 {ms} 毫秒。"),
    "check_tiles": (
        "{n} tile(s) are uncertain (orange): tap them to check.",
        "有 {n} 张牌不确定（橙色框）：点一下核对。",
    ),
    "other_readings": ("Other ways to read the photo ({n})", "照片的其他读法（{n}）"),
    "reading_notes": ("How the photo was read ({n} notes)", "识别说明（{n} 条）"),
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
    "selected_tile": ("Selected: {name}", "已选：{name}"),
    "confidence": ("confidence {p}%", "置信度 {p}%"),
    "maybe": ("Could be:", "可能是："),
    "move_to": ("Move to", "移到"),
    "delete": ("Delete", "删除"),
    "looks_right": ("It's right", "没错"),
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
    "field_players_in": ("Players still in the round", "未和牌的玩家"),
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
    "because_of": ("because of {x}", "因 {x}"),
    "notes": ("Notes", "说明"),
    "payments": ("Payments", "结算"),
    "payer": ("Pays", "付"),
    "payee": ("To", "收"),
    "amount": ("Amount", "数额"),
    "reason": ("For", "原因"),
    "net": ("Net", "净得"),
    "player": ("Player", "玩家"),
    "you": ("you", "你"),
    "no_payments": ("This rule set gives no payment table.", "此规则没有结算表。"),
    "cannot_score": ("Cannot score this hand yet", "还不能计分"),
    "engine_failed": (
        "The scorer could not handle this hand ({why}). Please check the tiles.",
        "计分出错（{why}）。请核对牌张。",
    ),
    "export": ("Export", "导出"),
    "download_json": ("Result as JSON", "下载 JSON"),
    "download_png": ("Shareable picture", "分享图片"),
}


UNITS_ZH = {"fan": "番", "points": "分", "point": "分", "胡": "胡", "x base": "倍"}


def unit(name: str, lang: str = "en") -> str:
    """A rule set's unit of score, in Chinese when asked (unknown units as they are)."""
    return UNITS_ZH.get(name, name) if lang == "zh" else name


def t(key: str, lang: str = "en", **fmt) -> str:
    en, zh = STRINGS[key]
    text = zh if lang == "zh" else en
    return text.format(**fmt) if fmt else text


def tile_name(code: str, lang: str = "en") -> str:
    names = T.CHINESE_NAMES if lang == "zh" else T.ENGLISH_NAMES
    return names.get(code, code)


def tile_label(code: str, lang: str = "en") -> str:
    """Short label under a tile picture: the code, and in Chinese the tile's name."""
    return T.CHINESE_NAMES.get(code, code) if lang == "zh" else code


def wind_name(w: str, lang: str = "en") -> str:
    return t(f"wind_{w}", lang)


def field_label(name: str, lang: str = "en") -> str:
    """Label of a rule set's extra hand field."""
    key = f"field_{name}"
    return t(key, lang) if key in STRINGS else name.replace("_", " ").capitalize()


OPTION_ZH = {
    "base": "底分", "cap": "封顶", "count_from": "起番", "golden_hook": "金钩钓",
    "self_draw": "自摸", "dragon_pairs": "龙七对", "last_tile_fan": "海底加番",
    "rain": "刮风下雨", "kong_discard": "杠上炮", "flower_pig": "查花猪",
    "mixed_kongs": "明暗杠",
}


def option_label(name: str, lang: str = "en") -> str:
    """Label of a rule-set option: its Chinese term when known, else its name in words."""
    if lang == "zh" and name in OPTION_ZH:
        return OPTION_ZH[name]
    return name.replace("_", " ").capitalize()


def group_name(group: str, lang: str = "en") -> str:
    from mjlens.ui.state import meld_index

    k = meld_index(group)
    if k is not None:
        return t("group_meld", lang, k=k + 1)
    return t(f"group_{group.replace('-', '_')}", lang)
