"""Riichi's notes on what the table showed: the riichi sticks taken, red fives not played, a
rinshan on the last tile, ura dora without riichi, and indicators that look missing (a kong
turns up one more; an ura indicator lies under each). The library's score is not changed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.hand import Hand
from scoring.messages import Catalog, Msg, Tile

N = Catalog("riichi_notes", {
    "sticks": ("The winner also takes the riichi sticks on the table ({n} x 1,000): "
               "{points} points.",
               "和牌者另得桌上的 {n} 根立直棒：{points} 点。"),
    "red_off": ("Red fives are not counted (option red_fives=false): {tiles} count as plain fives.",
                "不计赤宝牌（不选“计赤宝牌”）：{tiles} 按普通的五计算。"),
    "rinshan_last": ("The kong replacement tile was the last tile to draw: it scores rinshan "
                     "kaihou, not haitei, which is won on the last tile of the live wall.",
                     "岭上牌是最后一张可摸的牌：计岭上开花，不计海底摸月（海底须是牌墙最后一张）。"),
    "ura_no_riichi": ("Ura dora count only under riichi: the indicators {tiles} are not counted.",
                      "里宝牌只在立直时计算：指示牌 {tiles} 不计。"),
    "kan_dora_short": ("Each kong turns up one more dora indicator (kan dora): with this hand's "
                       "kongs ({kongs}) at least {shown} are shown, but {given} given; the dora "
                       "of a missing indicator are not counted.",
                       "每开一杠多翻一张宝牌指示牌（杠宝牌），这手牌有 {kongs} 个杠，至少翻开 "
                       "{shown} 张，这里只给了 {given} 张：漏掉的指示牌的宝牌没有计入。"),
    "ura_short": ("Under riichi an ura dora indicator is turned up under each dora indicator: "
                  "{shown} dora indicators, but {given} ura given: the ura dora of a missing one "
                  "are not counted.",
                  "立直和牌时每张宝牌指示牌下面都翻开一张里宝牌指示牌：宝牌指示牌 {shown} 张，里宝牌"
                  "指示牌只给了 {given} 张：漏掉的里宝牌没有计入。"),
})


def _named(codes) -> list[Tile]:
    return [Tile(c) for c in codes]


def _indicator_notes(hand: Hand, f) -> list[Msg]:
    """Indicators given but fewer than the table shows: one and one per kong of the hand
    (riichi.wiki's EMA summary: "After declaring any type of kantsu, the next dora indicator is
    flipped immediately"), and under riichi an ura indicator under each."""
    out = []
    kongs = sum(m.is_kong for m in hand.melds)
    if f.dora and len(f.dora) < 1 + kongs:
        out.append(N("kan_dora_short", kongs=kongs, shown=1 + kongs, given=len(f.dora)))
    if f.ura and (f.riichi or f.double_riichi) and len(f.ura) < len(f.dora):
        out.append(N("ura_short", shown=len(f.dora), given=len(f.ura)))
    return out


def hand_notes(hand: Hand, f, cost: Mapping[str, int], options: Mapping[str, Any]) -> list[Msg]:
    """The notes after the summary and payments (f: the hand's checked riichi fields)."""
    notes = []
    if cost["kyoutaku_bonus"]:
        notes.append(N("sticks", n=f.sticks, points=cost["kyoutaku_bonus"]))
    if f.red and not options["red_fives"]:
        notes.append(N("red_off", tiles=_named(f.red)))
    if hand.context.last_tile and hand.context.kong_replacement:
        notes.append(N("rinshan_last"))
    if f.ura and not (f.riichi or f.double_riichi):
        notes.append(N("ura_no_riichi", tiles=_named(f.ura)))
    return notes + _indicator_notes(hand, f)
