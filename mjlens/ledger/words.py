"""The ledger's sentences, and its error: a refusal in the player's words."""

from __future__ import annotations

from scoring.messages import Catalog, Msg, render

M = Catalog("ledger", {
    "no_name": ("Give the table a name.", "请给牌桌起个名字。"),
    "four_players": ("A table has four players with different names, given as \"A,B,C,D\"; "
                     "got: {given}.",
                     "一张牌桌有四位名字各不相同的玩家，写成 \"A,B,C,D\"；收到的是：{given}。"),
    "table_exists": ("There is already a table called {name}: choose another name, or add "
                     "hands to that one.",
                     "已经有名为 {name} 的牌桌：请换个名字，或在那张牌桌上记牌。"),
    "no_table": ("There is no table called {name} (nor with that code). `mjlens table list` "
                 "shows the tables.",
                 "没有名为 {name} 的牌桌（也没有这个代码）。`mjlens table list` 列出所有牌桌。"),
    "no_player": ("{name} does not play at this table; its players are {players}.",
                  "{name} 不在这张牌桌上；本桌玩家是 {players}。"),
    "nothing_to_undo": ("Table {name} has no hand to undo.", "牌桌 {name} 还没有可以撤销的一局。"),
    "undo_moved": ("Hand {seq} is no longer the last of table {name}: hand {last} was added "
                   "meanwhile. Nothing was undone; look at the hands again and tap Undo if "
                   "you still mean it.",
                   "第 {seq} 局已不是牌桌 {name} 的最后一局：其间又记了第 {last} 局。什么也没有撤销；"
                   "请再看一下各局，确实要撤销再点一次。"),
    "step_moved": ("Table {name} changed on another phone. Nothing was undone; look at hand {seq} "
                   "again and tap Undo if you still mean it.",
                   "牌桌 {name} 已在另一部手机上改动。什么也没有撤销；请再看一下第 {seq} 局，确实要"
                   "撤销再点一次。"),
    "one_step": ("Hand {seq} has one step only (one win, one kong, or a drawn hand): undo the "
                 "whole hand.",
                 "第 {seq} 局只有一步（一家和牌、一个杠或流局）：请撤销整局。"),
    "fix_moved": ("Table {name} changed on another phone while hand {seq} was being corrected. "
                  "Nothing was corrected; look at the hands again and correct hand {seq} if you "
                  "still mean it.",
                  "更正第 {seq} 局时，牌桌 {name} 已在另一部手机上改动。什么也没有更正；请再看一下"
                  "各局，确实要更正再改一次。"),
    "no_hand": ("Table {name} has no hand {seq}: it has {count}.",
                "牌桌 {name} 没有第 {seq} 局：一共 {count} 局。"),
    "same_player": ("The winner cannot also be the {discarder}.", "和牌者不能同时是{discarder}。"),
    # who discarded the winning tile, in the table's game's words: riichi players say 放铳
    "discarder": ("discarder", "放炮者"),
    "discarder_riichi": ("discarder", "放铳者"),
    # Taiwanese players say 放槍 (the taiwan rule set's own reasons: 放枪的人一家付)
    "discarder_taiwan": ("discarder", "放枪者"),
    "round_rules": ("This round is written for {given}, but the table plays {rules}.",
                    "这一局写的是 {given} 的规则，但本桌用的是 {rules}。"),
    "no_round_rules": ("{rules} has no round rules: add the hands one by one.",
                       "{rules} 没有整局结算规则：请逐手记牌。"),
    "not_a_win": ("This hand does not score as a win, so it cannot be added: {why}",
                  "这手牌不算和牌，不能记入：{why}"),
    "no_more_winners": ("At this table the first win ends the hand: add the next hand.",
                        "本桌的规则是一家和牌即结束这一局：请记下一局。"),
    "no_win_to_join": ("Table {name} has no won hand to add another winner to.",
                       "牌桌 {name} 上一局没有人和牌，不能再添和牌者。"),
    "hand_over": ("Hand {seq} is over: three players have won, or the wall ran out. Add the next "
                  "hand.",
                  "第 {seq} 局已经结束：三家已和牌，或牌墙已摸完。请记下一局。"),
    "won_already": ("{name} has already won in hand {seq} and is out of it (血战到底): they win "
                    "and discard no more there.",
                    "{name} 在第 {seq} 局已经和牌出局（血战到底）：这一局不再和牌，也不再打牌。"),
    "several_on_one_discard": ("This win is one of several on one discard (一炮多响): it was won "
                               "on a discard; correct who discarded it, for all its winners.",
                               "这是一炮多响中的一家：是和别人打出的牌，请改放炮者（对这一炮的"
                               "各家都一样）。"),
    "one_win": ("Another winner in a hand that goes on is one winning hand (in notation, a hand "
                "file or a photo), not a round or a drawn hand.",
                "继续的这一局再添和牌者，要记成一手和牌（牌型记法、手牌文件或照片），不能是整局或流局。"),
    "kong_from": ("An exposed kong (直杠) is made on another player's discard: say who "
                  "discarded the tile.",
                  "直杠是杠别人打出的牌：请写明是谁打出的。"),
    # 血战到底 at the end of the wall: who still stood in the hand and gave no tiles
    "end_hands_missing": ("The wall ran out with {who} still in: type the tiles each of them "
                          "holds (13, a kong as a meld) to settle 查花猪 and 查叫.",
                          "荒牌时{who}仍在局中：请写出每人手里的牌（13 张，杠写成副露），"
                          "才能查花猪、查叫。"),
    # a round at a table settled as far as it goes: the hand may still go on (blood.py)
    "round_goes_on": ("Settled so far: fewer than three players have won and the wall has not run "
                      "out. Add another winner to this hand, or, when the wall runs out, the "
                      "tiles the players still in hold (查叫, 查花猪).",
                      "这一局目前的结算：和牌的不到三家，牌墙也还没摸完。可以再添和牌者；牌墙摸完"
                      "时，写下仍在局中各家手里的牌，查叫、查花猪。"),
    "no_photo_hand": ("No hand was found in the photo.", "照片里没有找到手牌。"),
    "bad_db": ("Cannot open the ledger at {url}: {why}", "无法打开账本 {url}：{why}"),
})


_DISCARDER = {"riichi": "discarder_riichi", "taiwan": "discarder_taiwan"}


def discarder_word(rules: str) -> Msg:
    """The player who discarded the winning tile, as the table's rule set says it."""
    return M(_DISCARDER.get(rules, "discarder"))


class LedgerError(Exception):
    """A refusal written for a player; `msg` renders in either language."""

    def __init__(self, message: Msg | str):
        self.msg = message
        super().__init__(render(message, "en"))
