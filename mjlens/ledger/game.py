"""The rules of a game at one table, as pure functions: who sits where as the deal moves, who
deals next, and a hand's payments between players by name.

The table keeps its four players in turn order, so a hand's seat winds turn into players
through the player sitting East (`Seats`). In most rule sets that is the dealer of that hand (the
dealer is East, the next player in turn South, ...); where the rule set counts seats from the
first dealer (RuleSet.seats_from, Taiwan's 開門) East stays with the first dealer whoever deals,
and the hand's `dealer` field names the dealer's seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scoring.hand import WINDS
from scoring.messages import Catalog, Msg

M = Catalog("ledger_game", {
    "rot_winner": ("the winner of a hand deals the next one; after a drawn hand the dealer deals "
                   "again (连庄); when several win on one discard, the discarder deals",
                   "上一局和牌者坐庄；流局由原庄家连庄；一炮多响则放炮者坐庄"),
    "rot_each": ("the deal passes to the next player after every hand, whoever won; four hands "
                 "make a round of the prevailing wind",
                 "每局结束后不论输赢都由下家坐庄；四局为一圈，圈风随之轮换"),
    "rot_keep": ("the dealer deals again after winning or a drawn hand (连庄); otherwise the deal "
                 "passes to the next player",
                 "庄家和牌或流局则连庄，否则由下家坐庄"),
    "rot_tenpai": ("the dealer deals again after winning, or after a drawn hand at which the dealer "
                   "was tenpai (ready) (连庄); otherwise the deal passes to the next player; four "
                   "passes make a round of the prevailing wind",
                   "庄家和牌，或流局时庄家听牌，则连庄；否则由下家坐庄；庄家轮转四次为一圈，圈风随之"
                   "轮换"),
    "rot_win": ("the dealer deals again only after winning (连庄); after a drawn hand or another "
                "player's win the deal passes to the next player (流局过庄)",
                "庄家和牌才连庄；流局或别家和牌则由下家坐庄（流局过庄）"),
    "rot_table": ("the rule text does not say who deals next: the dealer stays until the table "
                  "names the next one (Who dealt this hand on the Table page, --dealer on the "
                  "command line)",
                  "规则原文没有说明下一局谁坐庄：庄家不变，直到牌桌指定下一位庄家（在牌桌页面选"
                  "“这一局的庄家”）"),
    "src_nanning": ("Nanning rules, 【莊家規則】: “採用搶庄制，上局胡牌（含自摸胡牌）者為莊家，"
                    "流局由原莊家連庄。一炮多響，則放炮者為莊家。”",
                    "南宁麻将规则【莊家規則】：“採用搶庄制，上局胡牌（含自摸胡牌）者為莊家，"
                    "流局由原莊家連庄。一炮多響，則放炮者為莊家。”"),
    "src_nanning_points": ("Nanning rules, basic rule 3: “莊家確定：胡牌者為下一局莊家。”",
                           "南宁麻将规则 基本规则第3条：“莊家確定：胡牌者為下一局莊家。”"),
    "src_sichuan": ("Chengdu rules: “每局莊家為上一局第一個胡牌的玩家，如上一局有玩家一炮雙響，"
                    "則放炮玩家為本局莊家。”",
                    "成都麻将规则：“每局莊家為上一局第一個胡牌的玩家，如上一局有玩家一炮雙響，"
                    "則放炮玩家為本局莊家。”"),
    "src_gb": ("The Mahjong Competition Rules play four hands in each prevailing wind, the deal "
               "moving on after every hand (the rule text of this project does not cover it)",
               "国标麻将竞赛规则每圈四局，每局后换庄（本项目的规则原文未涉及）"),
    "src_taiwan": ("The Taiwanese 16-tile table of 台 (docs/taiwan.md, TABLE16): “莊家胡牌(或流局)即"
                   "可連莊” (the dealer who wins, or deals a drawn hand, keeps the deal)",
                   "台湾十六张麻将台数表：“莊家胡牌(或流局)即可連莊”"),
    "src_taiwan_pass": ("The table's house option drawn_deal=pass (流局過莊): a drawn hand passes "
                        "the deal; the Taiwanese tables of 台 keep it (“莊家胡牌(或流局)即可連莊”)",
                        "本桌的自家规矩“流局过庄”：流局由下家坐庄；台湾台数表本是“莊家胡牌(或流局)"
                        "即可連莊”"),
    # a game's length, where the rule set's game has a set number of rounds of the prevailing
    # wind (Rotation.rounds): how the end of a game is named
    "game_taiwan": ("一將 of four rounds, East to North", "一将：东南西北四圈"),
    "game_gb": ("four rounds, East to North", "东南西北四圈"),
    "game_hanchan": ("hanchan 半荘 of the East and South rounds", "半庄：东、南两圈"),
    "game_tonpuu": ("tonpuusen 東風戦 of the East round", "东风战：只打东风圈"),
    "game_full": ("full game 一荘 of four rounds, East to North", "全庄：东南西北四圈"),
    "src_riichi": ("EMA Riichi Competition Rules 2016 and common Japanese rules: the dealer keeps "
                   "the deal (renchan) on a win, or on an exhaustive draw when tenpai; East round, "
                   "then South round (the rule text of this project does not cover it)",
                   "欧洲麻将协会立直麻将竞赛规则（二〇一六年）与日本通行规则：庄家和牌，或荒牌流局时"
                   "庄家听牌，则连庄；先东风圈，后南风圈（本项目的规则原文未涉及）"),
})


@dataclass(frozen=True)
class Rotation:
    """How the deal moves: `winner` (the winner deals), `each` (the next player every hand),
    `keep` (the dealer keeps it on a win or draw, else the next player), `win` (the dealer keeps
    it on a win only: 流局過莊), `tenpai` (the dealer
    keeps it on a win, or on a drawn hand the dealer was tenpai at, else the next player: the
    table records who was tenpai at a drawn hand), `table` (the table says)."""

    kind: str
    source: Msg | None = None
    rounds: int | None = None  # rounds of the prevailing wind in a game; None: no set length
    game: Msg | None = None  # what the game of `rounds` rounds is called (一將, 半荘)

    @property
    def rule(self) -> Msg:
        return M(f"rot_{self.kind}")


# Rule sets whose rule text (or, for gb, the competition rules it follows) says who deals next.
# Any other rule set gets Rotation("table"): the page and `table show` say so.
# A game of four rounds (East to North): Taiwan's 一將, the competition rules' sixteen hands;
# riichi's length is the table's option `game_length` (RIICHI_GAMES).
ROTATIONS: dict[str, Rotation] = {
    "nanning": Rotation("winner", M("src_nanning")),
    "nanning_points": Rotation("winner", M("src_nanning_points")),
    "sichuan": Rotation("winner", M("src_sichuan")),
    "gb": Rotation("each", M("src_gb"), 4, M("game_gb")),
    "taiwan": Rotation("keep", M("src_taiwan"), 4, M("game_taiwan")),
    "riichi": Rotation("tenpai", M("src_riichi")),
}
# riichi's option game_length: rounds of the prevailing wind in a game
RIICHI_GAMES = {"hanchan": 2, "tonpuu": 1, "full": 4}
# the rule sets' options the ledger reads to move the deal and end a game
DEAL_OPTIONS = ("drawn_deal", "game_length")


def rotation_of(rules: str, options: Mapping[str, Any] | None = None) -> Rotation:
    """How the deal moves at a table playing `rules` with `options` (the table's, given or not:
    the rule set's defaults fill the rest): Taiwan's drawn_deal=pass (流局過莊) passes the deal
    at a drawn hand, riichi's game_length sets the rounds of a game."""
    from scoring.ruleset import get_ruleset

    rotation = ROTATIONS.get(rules, Rotation("table"))
    ruleset = get_ruleset(rules)
    if not any(o.name in DEAL_OPTIONS for o in ruleset.options):
        return rotation
    resolved = ruleset.resolve_options(options)
    if resolved.get("drawn_deal") == "pass":
        rotation = replace(rotation, kind="win", source=M("src_taiwan_pass"))
    length = resolved.get("game_length")
    if length in RIICHI_GAMES:
        rotation = replace(rotation, rounds=RIICHI_GAMES[length], game=M(f"game_{length}"))
    return rotation


def game_ends(winds: Sequence[str], rounds: int | None) -> list[int]:
    """The hands (1-based) after which a game of `rounds` rounds ended: `winds` is each hand's
    prevailing wind, then the next hand's. A game ends where the wind moves on to a wind whose
    place (East 0 ... North 3) is a multiple of `rounds`: a four-round game (一將) after North,
    a hanchan after South (and, going on, after North again), a tonpuusen after every round."""
    if not rounds:
        return []
    out = []
    for n, (before, after) in enumerate(zip(winds, winds[1:], strict=False), 1):
        start, steps = WINDS.index(before), (WINDS.index(after) - WINDS.index(before)) % 4
        if any((start + k) % 4 % rounds == 0 for k in range(1, steps + 1)):
            out.append(n)
    return out


@dataclass(frozen=True)
class Deal:
    """The state of the game before a hand: the dealer (a player index), the prevailing wind,
    how many hands in a row the dealer has dealt again (连庄), hands dealt in this wind, and
    the honba counters (本场) a rule set reading the hand field `honba` (riichi) pays."""

    dealer: int = 0
    round_wind: str = "E"
    streak: int = 0
    passes: int = 0  # how many times the deal moved on in this prevailing wind
    honba: int = 0


def wind_of(player: int, dealer: int) -> str:
    return WINDS[(player - dealer) % 4]


def player_at(wind: str, dealer: int) -> int:
    return (dealer + WINDS.index(wind)) % 4


@dataclass(frozen=True)
class Seats:
    """Who sits at which seat wind at one deal: `east` is the player sitting East."""

    east: int

    def wind(self, player: int) -> str:
        return wind_of(player, self.east)

    def player(self, wind: str) -> int:
        return player_at(wind, self.east)


def seats_at(deal: Deal, seats_from: str = "dealer", first_dealer: int = 0) -> Seats:
    """The seats at `deal`: the dealer sits East ("dealer"), or the first dealer does, the seats
    staying with the players as the deal moves ("first_dealer", RuleSet.seats_from)."""
    return Seats(first_dealer if seats_from == "first_dealer" else deal.dealer)


def seats_for(rules: str, deal: Deal, first_dealer: int = 0) -> Seats:
    """The seats at `deal` at a table playing `rules`, counted as that rule set counts them."""
    from scoring.ruleset import get_ruleset

    return seats_at(deal, get_ruleset(rules).seats_from, first_dealer)


def _moved(deal: Deal, dealer: int) -> Deal:
    if dealer == deal.dealer:
        return replace(deal, streak=deal.streak + 1)
    passes = deal.passes + (dealer - deal.dealer) % 4
    wind = deal.round_wind
    while passes >= 4:  # the deal went round the table: the next prevailing wind
        passes -= 4
        wind = WINDS[(WINDS.index(wind) + 1) % 4]
    return Deal(dealer, wind, 0, passes, deal.honba)


def honba_after(deal: Deal, winners: Sequence[int]) -> int:
    """The honba of the next hand (docs/riichi.md, EMA): a drawn hand or the dealer's win adds
    one, another player's win takes them all away, whoever deals next."""
    return deal.honba + 1 if not winners or deal.dealer in winners else 0


def next_deal(deal: Deal, rotation: Rotation, winners: Sequence[int],
              discarder: int | None, tenpai: Sequence[int] | None = None) -> Deal:
    """The deal after a hand won by `winners` (empty: a drawn hand), on `discarder`'s tile;
    `tenpai`: who was tenpai at a drawn hand (None: not recorded)."""
    return replace(_next_dealer(deal, rotation, winners, discarder, tenpai),
                   honba=honba_after(deal, winners))


def dealer_keeps(deal: Deal, winners: Sequence[int], tenpai: Sequence[int] | None) -> bool:
    """Renchan (`tenpai` rotation): the dealer won, or the hand was drawn with the dealer
    tenpai. A drawn hand recorded without who was tenpai (before the ledger asked) keeps the
    dealer, as the ledger did then."""
    if winners:
        return deal.dealer in winners
    return tenpai is None or deal.dealer in tenpai


def _next_dealer(deal: Deal, rotation: Rotation, winners: Sequence[int],
                 discarder: int | None, tenpai: Sequence[int] | None = None) -> Deal:
    if rotation.kind == "each":
        return _moved(deal, (deal.dealer + 1) % 4)
    if rotation.kind == "winner":
        if not winners:
            return _moved(deal, deal.dealer)
        if len(winners) > 1 and discarder is not None:
            return _moved(deal, discarder)
        return _moved(deal, winners[0])
    if rotation.kind == "keep":
        stays = not winners or deal.dealer in winners
        return _moved(deal, deal.dealer if stays else (deal.dealer + 1) % 4)
    if rotation.kind == "win":  # 流局過莊: only the dealer's win keeps the deal
        return _moved(deal, deal.dealer if deal.dealer in winners else (deal.dealer + 1) % 4)
    if rotation.kind == "tenpai":
        stays = dealer_keeps(deal, winners, tenpai)
        return _moved(deal, deal.dealer if stays else (deal.dealer + 1) % 4)
    return replace(deal, streak=deal.streak + 1)  # "table": it stays until the table says


def seat_hand(hand: Mapping[str, Any], deal: Deal, winner: int, discarder: int | None,
              fields: Sequence[str], seats: Seats | None = None) -> dict[str, Any]:
    """The hand JSON as the rule set reads it at this deal: the winner's seat wind, the
    prevailing wind, and the dealer / discarder / streak / honba fields the rule set reads
    (`fields`), unless the hand gives them itself. `seats` (default: the dealer East) seats
    the players."""
    seats = seats or Seats(deal.dealer)
    out = dict(hand)
    out["seat_wind"] = seats.wind(winner)
    out["round_wind"] = deal.round_wind
    if discarder is not None and "discarder" in fields:
        out["discarder"] = seats.wind(discarder)
    if "dealer" in fields:
        out.setdefault("dealer", seats.wind(deal.dealer))
    if "dealer_streak" in fields:
        out.setdefault("dealer_streak", deal.streak)
    if "honba" in fields:
        out.setdefault("honba", deal.honba)
    return out


def reseated(data: Mapping[str, Any], then: Seats, now: Seats) -> dict[str, Any]:
    """A round JSON whose seats were written with `then`'s seating, in `now`'s: each seat wind
    names the same player (a correction moved the deal, and with it who sits East). Its
    events' `player` and `from`, the winners of a discard won by several, and the seats keying
    `hands` and `missing_suits`, and its own `dealer`."""
    def seat(wind: Any) -> Any:
        return now.wind(then.player(wind)) if wind in WINDS else wind

    out = dict(data)
    events = []
    for ev in data.get("events", []):
        ev = {k: seat(v) if k in ("player", "from") else v for k, v in ev.items()}
        if "winners" in ev:
            ev["winners"] = [dict(w, player=seat(w.get("player"))) for w in ev["winners"]]
        events.append(ev)
    out["events"] = events
    for key in ("hands", "missing_suits"):
        if isinstance(data.get(key), Mapping):
            out[key] = {seat(w): v for w, v in data[key].items()}
    if "dealer" in data:
        out["dealer"] = seat(data["dealer"])
    return out


def by_player(payments: Sequence[Mapping[str, Any]], seats: Seats | int) -> list[dict[str, Any]]:
    """A result's payments (payer / payee as seat winds) with payer and payee as player indexes;
    `seats` seats the players (a player index: the dealer, sitting East)."""
    if isinstance(seats, int):
        seats = Seats(seats)
    out = []
    for p in payments:
        row = dict(p)
        row["payer"] = seats.player(p["payer"])
        row["payee"] = seats.player(p["payee"])
        out.append(row)
    return out


def net_by_player(payments: Sequence[Mapping[str, Any]]) -> list[float]:
    """Each player's net; a payment to or from the table (None: riichi sticks) counts on the
    player's side only."""
    net = [0.0, 0.0, 0.0, 0.0]
    for p in payments:
        if p["payer"] is not None:
            net[p["payer"]] -= p["amount"]
        if p["payee"] is not None:
            net[p["payee"]] += p["amount"]
    return net


def localized(record: Mapping[str, Any], name: str, lang: str) -> Any:
    """A stored result's text field in `lang`: `reason`, `reason_zh`, `reason_zh_hant` ..."""
    if lang == "en":
        return record.get(name)
    suffix = "_" + lang.replace("-", "_").lower()
    for key in (name + suffix, name + "_zh"):
        if key in record:
            return record[key]
    return record.get(name)
