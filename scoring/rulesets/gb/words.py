"""The sentences of a Guobiao score, in English and Chinese: why each fan counts, what it does
not count (不计), the notes and the referee's refusals. Fan names are data in fans.py; sets and
tiles in notation (345m, 11z) read the same in both languages."""

from __future__ import annotations

from scoring.messages import Catalog, Msg, Text

W = Catalog("gb", {
    # why a fan counts: fixed sentences
    "all_green": ("only 2 3 4 6 8 bamboo and Green dragons", "只有二、三、四、六、八条和发"),
    "all_terminals": ("only 1s and 9s", "只有一和九"),
    "all_honors": ("only winds and dragons", "只有风牌和箭牌"),
    "all_terminals_and_honors": ("only 1s, 9s and honours", "只有幺九牌和字牌"),
    "all_even_pungs": ("pungs and pair of 2 4 6 8 only", "刻子和将都只用二、四、六、八"),
    "upper_tiles": ("only 7 8 9", "只有七、八、九"),
    "middle_tiles": ("only 4 5 6", "只有四、五、六"),
    "lower_tiles": ("only 1 2 3", "只有一、二、三"),
    "upper_four": ("only 6 to 9", "只有六到九"),
    "lower_four": ("only 1 to 4", "只有一到四"),
    "all_five": ("a 5 in every set and the pair", "每组牌和将里都有五"),
    "reversible": ("only tiles that look the same upside down", "只有上下颠倒后样子不变的牌"),
    "chicken": ("no other fan", "没有其他番种"),
    "last_tile_draw": ("self-drawn the last tile of the wall", "自摸牌墙的最后一张牌"),
    "last_tile_claim": ("won on the last discard of the game", "和本局最后一张打出的牌"),
    "replacement": ("won on the replacement tile after a kong", "开杠后补摸的牌和牌"),
    "all_pungs": ("four pungs or kongs", "四组刻子或杠"),
    "all_types": ("characters, dots, bamboo, winds and dragons", "万、筒、条、风、箭五门俱全"),
    "melded_hand": ("all four sets claimed, won on a discard", "四组牌都是吃碰来的，和别人打出的牌"),
    "outside_hand": ("a terminal or honour in every set and the pair",
                     "每组牌和将里都有幺九牌或字牌"),
    "fully_concealed": ("nothing claimed, self-drawn", "没有吃碰明杠，自摸和牌"),
    "concealed_hand": ("nothing claimed, won on a discard", "没有吃碰明杠，和别人打出的牌"),
    "chows_only": ("chows only", "全是顺子"),
    "all_simples": ("no terminals or honours", "没有幺九牌和字牌"),
    "no_honors": ("no winds or dragons", "没有风牌和箭牌"),
    "self_drawn": ("won on a self-drawn tile", "自摸和牌"),
    # why a fan counts: the sets or tiles that make it
    "chows": ("chows {sets}", "顺子 {sets}"),
    "pungs_of": ("pungs of {sets}", "刻子 {sets}"),
    "pung_of": ("pung of {sets}", "刻子 {sets}"),
    "pungs_and_pair": ("pungs {sets} and the pair {pair}", "刻子 {sets}，将 {pair}"),
    "concealed_pungs": ("concealed {sets}", "暗刻 {sets}"),
    "kong": ("kong {sets}", "杠 {sets}"),
    "kongs": ("kongs {sets}", "杠 {sets}"),
    "nine_gates": ("1112345678999 of one suit standing, won on {tile}",
                   "同一花色的 1112345678999 立着，和 {tile}"),
    "nine_gates_also": ("九莲宝灯 won on {tile} also reads as this", "九莲宝灯和 {tile}，也可以这样看"),
    "only_suit": ("only {suit}", "只有{suit}"),
    "only_suit_and_honours": ("only {suit} and honours", "只有{suit}和字牌"),
    "no_suit": ("no {suit}", "缺{suit}"),
    "hog": ("all four {tiles} used outside a kong", "四张{tiles}都用在牌里，没有开杠"),
    "edge_wait": ("waited only on {tile}, an edge of a chow", "只听 {tile}，边张"),
    "closed_wait": ("waited only on {tile}, the middle of a chow", "只听 {tile}，坎张（顺子中间一张）"),
    "single_wait": ("waited only on {tile} for the pair", "只听 {tile}，单钓将"),
    "all_chows_pair": ("four chows and a pair of {tile}", "四组顺子，{tile}做将"),
    "round_wind": ("pung of {wind}, the round wind", "{wind}刻，圈风"),
    "seat_wind": ("pung of {wind}, the seat wind", "{wind}刻，门风"),
    "seven_shifted_pairs": ("seven consecutive pairs {sets}", "七个相连的对子 {sets}"),
    "thirteen_orphans": ("every terminal and honour, pair of {tile}",
                         "幺九牌和字牌十三种俱全，{tile}成对"),
    "pure_terminal_chows": ("123 and 789 twice in one suit, pair of {tile}",
                            "同一花色 123、789 各两组，{tile}做将"),
    "three_suited_terminal_chows": ("123 and 789 in two suits, pair of {tile}",
                                    "两种花色各有 123 和 789，{tile}做将"),
    "seven_pairs": ("pairs {sets}", "对子 {sets}"),
    "greater_knitted": ("all seven honours single, with knitted {knitted}",
                        "七种字牌各一张，加上组合龙的牌 {knitted}"),
    "lesser_knitted": ("fourteen single tiles: knitted {knitted} and honours {honours}",
                       "十四张互不相靠的单张：组合龙的牌 {knitted}，字牌 {honours}"),
    "knitted_straight": ("knitted {knitted}", "组合龙 {knitted}"),
    "last_copy_in_melds": ("the other three {tile} are in your exposed melds",
                           "另外三张 {tile}都在你亮出的牌组里"),
    "last_copy": ("{tile} was the last copy not yet visible", "{tile}是桌上最后一张还没亮出的"),
    "robbing": ("won on the {tile} another player added to a kong", "和别人加杠的那张 {tile}"),
    "flowers": ("flowers {names}; not toward the 8-fan minimum", "花牌 {names}；不计入 8 番起和"),
    # what a counted fan does not count
    "includes": ("{fan} already includes {excluded}, which is not counted", "{fan}已包含{excluded}（不计）"),
    "account_once": ("{counted}: a set that already combined with others combines only once "
                     "(不得相同, 套算一次)",
                     "{counted}：已与其他组牌组合计过番的一组牌，只能再组合一次（不得相同，套算一次）"),
    "account_once_rule": ("套算一次 (account once)", "套算一次"),
    "counted_of": ("counted {n} of {found}", "{found} 次中只计 {n} 次"),
    "not_counted": ("not counted", "不计"),
    # notes
    "last_copy_counted": ("和绝张 counted: the other three {tile} are in your exposed melds, so it "
                          "was the last copy.",
                          "计和绝张：另外三张 {tile}都在你亮出的牌组里，所以它是最后一张。"),
    "below_minimum": ("The hand has {fan} fan without flowers; Guobiao needs at least {min} (flowers "
                      "do not count toward the minimum), so it is not a legal win and nobody pays.",
                      "这手牌不算花牌只有 {fan} 番；国标麻将至少要 {min} 番才能和牌（花牌不计入起和番），"
                      "所以不算和牌，无人付分。"),
    # the referee's refusals
    "chow_claimed": ("The chow {tiles} is marked as claimed from {source}: a chow can only be "
                     "claimed from the player on your left.",
                     "顺子 {tiles} 标为从{source}吃来：顺子只能吃上家的牌。"),
    "last_copy_held": ("和绝张 (last_copy) means the other three {tile} were already visible on the "
                       "table, but your standing tiles hold another {code}.",
                       "和绝张（last_copy）表示另外三张 {tile}都已亮在桌上，但你的手牌里还有一张 "
                       "{code}。"),
    "not_a_win": ("This is not a winning hand: with {tile} the tiles do not make {shapes}.",
                  "这不是和牌：加上 {tile}，这些牌组不成{shapes}。"),
    "not_a_win_waits": ("This is not a winning hand: with {tile} the tiles do not make {shapes}. "
                        "The standing tiles would win on {waits} instead.",
                        "这不是和牌：加上 {tile}，这些牌组不成{shapes}。这手牌听的是 {waits}。"),
    "shapes_melds": ("four sets and a pair", "四组牌加一对将"),
    "shapes_all": ("four sets and a pair, seven pairs, thirteen orphans, or a knitted shape",
                   "四组牌加一对将、七对、十三幺或全不靠 / 组合龙"),
})

SOURCES = {"left": Text("left", "上家"), "across": Text("across", "对家"),
           "right": Text("right", "下家")}


_MADE: dict[tuple, Msg] = {}


def said(key: str, **params) -> Msg:
    """W(key, **params), made once per key and parameter values (a result's why is looked up
    among the shared fans by its message, so the same object is found fast)."""
    k = (key, *params.values())
    msg = _MADE.get(k)
    if msg is None:
        if len(_MADE) > 1 << 14:
            _MADE.clear()
        msg = _MADE[k] = W(key, **params)
    return msg


def forget_said() -> None:
    _MADE.clear()
