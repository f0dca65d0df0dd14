"""Riichi's limits as a player reads them: the library's limit word (its `yaku_level`) read right
where mahjong 2.1.0 leaves it empty or wrong, and the EMA 2016 cap of one yakuman (option
`double_yakuman=false`), priced by the library's own `ScoresCalculator`."""

from __future__ import annotations

from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.hand_calculating.scores import ScoresCalculator

from scoring.messages import Catalog, Msg
from scoring.rulesets.riichi_words import LIMIT_WORDS

YAKUMAN_HAN = 13  # the library's han for one yakuman (26 for a double)
MANGAN_BASE = 2000  # base points (fu x 2^(han+2)) above which a hand is paid as a mangan

L = Catalog("riichi_limits_notes", {
    "one_yakuman": ("At most one yakuman is paid (option double_yakuman=false, EMA 2016): "
                    "the hand counts {n} yakuman, paid as one, {points} points.",
                    "一手牌至多按一个役满付（不选“双倍役满、多个役满相加”，欧洲麻将协会 2016 年规则）："
                    "这手牌有 {n} 个役满，按一个役满付，{points} 点。"),
})


def limit_of(response) -> str | None:
    """The library's limit word, with two readings: 'kazoe yakuman' for 13 han or more without
    a yakuman yaku (the library's ScoresCalculator sets that word, then overwrites it with
    'yakuman'), and 'mangan' for a hand under 5 han whose base points pass 2,000 (4 han 40 fu,
    3 han 70 fu): with `kiriage` on, mahjong 2.1.0 caps its points at mangan but leaves the word
    empty (it names such a hand only when kiriage is off); 'kazoe sanbaiman' likewise."""
    level = response.cost["yaku_level"] or None
    if level == "yakuman" and not any(y.is_yakuman for y in response.yaku or ()):
        return "kazoe yakuman"
    if level == "sanbaiman" and response.han >= YAKUMAN_HAN:  # option kazoe=sanbaiman: the same
        return "kazoe sanbaiman"
    if level is None and response.fu * 2 ** (response.han + 2) > MANGAN_BASE:
        return "mangan"
    return level


def yakuman_words(han: int) -> Msg:
    """A yakuman yaku's worth as a player says it: the library counts a yakuman as 13 han and a
    double one as 26, a figure no player reads; the line says 役満 / 二倍役満 as the summary does."""
    level = "yakuman" if han <= YAKUMAN_HAN else f"{han // YAKUMAN_HAN}x yakuman"
    return LIMIT_WORDS(level if level in LIMIT_WORDS.entries else "yakuman")


def one_yakuman(response, config: HandConfig) -> tuple[object, list[Msg]]:
    """The EMA 2016 cap ("the maximum score is a single yakuman"): a hand of several yakuman
    (the library adds them, 26 han and more) priced by the library as one, 13 han; with
    `has_double_yakuman` off the library already counts each double yakuman as one."""
    if response.han <= YAKUMAN_HAN or not any(y.is_yakuman for y in response.yaku or ()):
        return response, []
    cost = ScoresCalculator.calculate_scores(YAKUMAN_HAN, response.fu, config, is_yakuman=True)
    capped = HandResponse(cost, YAKUMAN_HAN, response.fu, response.yaku,
                          fu_details=response.fu_details, is_open_hand=response.is_open_hand)
    bonus = cost["main_bonus"] + (cost["additional_bonus"] * 2 if config.is_tsumo else 0)
    points = cost["total"] - bonus - cost["kyoutaku_bonus"]
    return capped, [L("one_yakuman", n=response.han // YAKUMAN_HAN, points=points)]
