"""How the Guangxi, Nanning and Hezhou rule sets settle a round (`scoring.settle`'s round
profile): the first win ends the round (one discard may win several players, or under 截胡 only
the biggest hand); kong money is paid at once by the kong events and kept whatever happens
(杠錢照算); no 定缺, no 查叫, nothing paid at the end of the wall.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.hand import Hand, HandError
from scoring.messages import Catalog, Text
from scoring.payments import seat_code
from scoring.rulesets.south_common import check_hand, game_name
from scoring.settle import EndStatus

M = Catalog("south_round", {
    "no_missing_suit": ("{game} has no declared missing suit (定缺): remove missing_suits ({seat}).",
                        "{game}没有定缺：请去掉 missing_suits（{seat}）。"),
})


@dataclass(frozen=True)
class SouthRound:
    """The round profile; `kong_money(options)` is what one payer pays for a kong (None: kongs
    are not paid in money, they only add to the hand)."""

    rules: str
    chows: bool
    kong_money: Callable[[Mapping[str, Any]], float | None]
    several_winners: str = "all"  # "biggest": 截胡
    winners_leave: bool = False
    refund_rain: bool = False
    rain_words: bool = False  # kong money is 杠钱 here, not Sichuan's 刮风 / 下雨

    @property
    def game(self) -> Text:
        return game_name(self.rules)

    def check_kong_tile(self, tile: str) -> None:
        """Every one of the 34 tiles may be a kong (the round checks the code itself)."""

    def check_missing_suit(self, seat: str, value: Any) -> None:
        raise HandError(M("no_missing_suit", game=self.game, seat=seat_code(seat)))

    def check_final_hand(self, hand: Hand) -> None:
        check_hand(hand, self.rules, chows=self.chows, winning=False)

    def rain(self, kind: str, options: Mapping[str, Any]) -> tuple[str, float] | None:
        """明杠 from the player who gave the tile (碰后杠: the pung's provider), 暗杠 from everyone."""
        amount = self.kong_money(options)
        if amount is None:
            return None
        return ("all", amount) if kind == "concealed" else ("discarder", amount)

    def kong_discard(self, options: Mapping[str, Any]) -> str:
        return "keep"

    def end_status(self, hand: Hand, options: Mapping[str, Any]) -> EndStatus:
        """No 查叫 in these games: the end of the wall pays nothing (流局)."""
        self.check_final_hand(hand)
        return EndStatus(flower_pig=False, ready=False, best=None)

    def flower_pig_penalty(self, options: Mapping[str, Any]) -> float:
        return 0


def no_kong_money(options: Mapping[str, Any]) -> None:
    return None
