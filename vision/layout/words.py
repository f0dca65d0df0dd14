"""What the layout tells a player about a reading (LayoutResult.notes, Alternative.why, why no
hand was read), in English and Chinese. Tile codes and notation are shown as they are."""

from __future__ import annotations

from scoring.messages import Catalog

M = Catalog("layout", {
    # why no hand was read
    "no_tiles": ("No tiles were found in the photo.", "照片中没有找到牌。"),
    "no_row": ("No row of tiles that could be a hand was found.", "没有找到能构成一手牌的一排牌。"),
    "no_hand_shape": (
        "{n} tiles found in the hand, but they cannot be split into standing tiles, a winning "
        "tile and melds (a hand has {size} tiles plus one per kong).",
        "手牌中找到 {n} 张牌，但无法分成立牌、和牌张和副露（一手牌有 {size} 张，每个杠多 1 张）。"),
    "no_hand_shape_one_away": (
        "{n} tiles found in the hand (1 more in the photo was left out of it), but they cannot "
        "be split into standing tiles, a winning tile and melds (a hand has {size} tiles plus "
        "one per kong).",
        "手牌中找到 {n} 张牌（照片中另有 1 张未计入），但无法分成立牌、和牌张和副露（一手牌有 "
        "{size} 张，每个杠多 1 张）。"),
    "no_hand_shape_away": (
        "{n} tiles found in the hand ({others} more in the photo were left out of it), but they "
        "cannot be split into standing tiles, a winning tile and melds (a hand has {size} "
        "tiles plus one per kong).",
        "手牌中找到 {n} 张牌（照片中另有 {others} 张未计入），但无法分成立牌、和牌张和副露"
        "（一手牌有 {size} 张，每个杠多 1 张）。"),
    "one_tile": ("Only one tile was found.", "只找到一张牌。"),
    # boxes
    "box_at": ("{code} at ({x}, {y})", "{code}（位置 {x}, {y}）"),
    "no_box": ("Detection {i} has no usable box; ignored.", "第 {i} 个检测没有可用的框；已忽略。"),
    "unknown_code": ("Detection {i} has an unknown tile code {code}; ignored.",
                     "第 {i} 个检测的牌代码 {code} 未知；已忽略。"),
    "bad_confidence": ("Detection {i} has an unreadable confidence {conf}; taken as 1.",
                       "第 {i} 个检测的置信度 {conf} 无法读取；按 1 计。"),
    "overlap": ("Two boxes overlap on the same tile ({box}, confidence {c1}, and {code}, {c2}); "
                "kept the more confident.",
                "两个框落在同一张牌上（{box}，置信度 {c1}；{code}，{c2}）；保留了置信度高的。"),
    "double_box": ("Two boxes of {code} cover the same tile; counted once.",
                   "两个 {code} 的框落在同一张牌上；只算一次。"),
    # tiles left out
    "left_out": ("Left out {box}: {why}.", "未计入 {box}：{why}。"),
    "why_wall": ("a row of face-down tiles (a wall?) apart from the hand",
                 "手牌外的一排扣着的牌（牌墙？）"),
    "why_back": ("a face-down tile apart from the hand", "手牌外的一张扣着的牌"),
    "why_far": ("far from the rows of the hand", "离手牌的排太远"),
    "why_not_in_game": ("this game is not played with that tile", "这个玩法不用这种牌"),
    "why_no_row": ("no row of tiles was found", "没有找到成排的牌"),
    "why_row_end": ("it does not fit the hand at the end of its row", "它在排尾，与手牌不符"),
    "why_on_top": ("it lies on another tile but does not make a kong there",
                   "它压在另一张牌上，但在那里不构成杠"),
    # the winning tile, melds, direction
    "win_chosen": ("No tile is set apart as the winning tile; chose {tile} because it completes "
                   "the hand{also}.",
                   "没有单独放出的和牌张；选了 {tile}，因为它能和牌{also}。"),
    "win_taken": ("No tile is set apart as the winning tile; took {tile}{also}.",
                  "没有单独放出的和牌张；取了 {tile}{also}。"),
    "also_possible": (" (also possible: {tiles})", "（也可能是：{tiles}）"),
    "kong_doubled": ("Two boxes of {code} overlap in the meld; read as a kong with one tile on "
                     "another (a doubled box would make it a pung).",
                     "副露中两个 {code} 的框重叠；读作一张压在另一张上的杠（若是重复的框则是碰）。"),
    "kong_hidden": ("One {code} lies off the line of the meld as if on top of another; read as a "
                    "kong whose fourth tile is hidden under it.",
                    "副露中一张 {code} 偏离排线，像压在另一张上；读作第四张被压住的杠。"),
    "chow_side": ("The chow {chow} has its sideways tile away from the left; a chow is always "
                  "claimed from the left player.",
                  "顺子 {chow} 的横放牌不在左边；吃牌总是吃上家的。"),
    "claim_unknown": ("No tile of the meld {meld} is turned sideways: whom it was claimed from "
                      "is unknown.",
                      "副露 {meld} 没有横放的牌：不知道是从谁那里吃碰来的。"),
    "right_to_left": ("The hand reads right to left in the photo (its sort order says so); left "
                      "and right are the player's.",
                      "照片中的手牌从右往左读（理牌顺序如此）；左右以打牌的人为准。"),
    "not_winning": ("These tiles do not form a winning hand.", "这些牌不成和牌。"),
    "almost": ("Another reading is almost as likely: {change}.", "另一种读法几乎同样可能：{change}。"),
    # how another reading differs
    "win_instead": ("winning tile {new} instead of {old}", "和牌张为 {new} 而不是 {old}"),
    "with": ("with {tiles}", "多了 {tiles}"),
    "without": ("without {tiles}", "少了 {tiles}"),
    "melds": ("melds {melds}", "副露 {melds}"),
    "no_melds": ("melds none", "没有副露"),
    "same_tiles": ("same tiles, read differently", "同样的牌，不同的读法"),
    "and": ("{a}; {b}", "{a}；{b}"),
    # where a tile may be missing
    "missing": ("A tile may be missing here: at ({x}, {y}), between boxes {a} and {b} (a gap of "
                "{w} tile widths).",
                "这里可能少了一张牌：位置 ({x}, {y})，在第 {a} 和第 {b} 个框之间（空隙约 {w} 张牌宽）。"),
})
