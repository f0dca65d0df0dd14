"""Who pays a riichi win, and the pao (包, 責任払い) split: the library prices the hand (its
`cost`), this module only says which player pays which part and why.

Pao: a player who discards the tile that completes the last called set of a big three dragons
or big four winds (and, as an option, the fourth kong of four kongs) is liable for it. Won by
self-draw, the liable player pays that yakuman alone; won on another player's discard, the
liable player and the discarder pay half each (EMA Riichi Competition Rules 2016, 3.3.9). Any
other yakuman of the hand is paid as usual (ja.wikipedia 責任払い: 包の対象となった役のみ).
The parts are priced by the library's own `ScoresCalculator`, never by a table written here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator

from scoring.hand import WINDS, Hand, HandError
from scoring.messages import Catalog, Msg, Seat, Text, Tile, as_input
from scoring.payments import Payers, claimed_from_seat, win_payers
from scoring.ruleset import Payment
from scoring.rulesets.riichi_words import YAKU_NAMES

DAISANGEN, DAISUUSHII, SUUKANTSU = 103, 111, 106
PAO_SETS = {DAISANGEN: ("5z", "6z", "7z"), DAISUUSHII: ("1z", "2z", "3z", "4z")}

P = Catalog("riichi_pay", {
    "ron": ("discarded the winning tile (ron): pays the whole hand, {points} points",
            "放铳（荣和）：付整手牌 {points} 点"),
    "tsumo_dealer_pays": ("self-drawn (tsumo): the dealer pays double a non-dealer's share, "
                          "{points} points", "自摸：庄家付闲家的两倍，{points} 点"),
    "tsumo_share": ("self-drawn (tsumo): a non-dealer's share, {points} points",
                    "自摸：闲家的一份，{points} 点"),
    "dealer_tsumo": ("the dealer's self-draw (tsumo): each player pays {points} points",
                     "庄家自摸：每家付 {points} 点"),
    "honba_ron": ("{n} honba (本场): {each} points a counter, all from the discarder",
                  "{n}本场：每本场 {each} 点，由放铳者付"),
    "honba_tsumo": ("{n} honba (本场): {each} points a counter from each player",
                    "{n}本场：每家每本场付 {each} 点"),
    # the discarder in riichi's word (放铳者; the shared messages say 放炮者, a Chinese game's)
    "self_drawn_discarder": ("A self-drawn win has no discarder: remove 'discarder' or the "
                             "self-drawn mark.",
                             "自摸和牌没有放铳者：请去掉 discarder 或自摸标记。"),
    "assumed_discarder": ("No discarder given: assumed the player before the winner (上家), {seat}.",
                          "未给出放铳者：按和牌者的上家{seat}计算。"),
    # pao: the refusals
    "pao_seat": ("pao names the liable player by seat wind: E, S, W or N, not {value}.",
                 "pao（包牌者）要写座位风：E、S、W 或 N，而不是 {value}。"),
    "pao_self": ("The winner ({seat}) cannot be liable (pao) for their own hand: pao names "
                 "the player who discarded the tile of the last called set.",
                 "和牌者（{seat}）不能为自己的牌负责（包）：pao 要写打出最后一组被鸣的牌的玩家。"),
    "pao_none": ("Pao (包) is paid only for big three dragons (大三元) or big four winds (大四喜), "
                 "and this hand has neither: remove pao.",
                 "包牌只适用于大三元或大四喜，这手牌两者都没有：请去掉 pao。"),
    "pao_none_kongs": ("Pao (包) for four kongs (四杠子) is paid only with the option "
                       "pao_suukantsu=true; without it pao covers big three dragons or big four "
                       "winds, which this hand does not have.",
                       "四杠子的包牌要选上“四杠子也包牌”；否则包牌只适用于大三元或大四喜，"
                       "这手牌没有。"),
    "pao_hidden": ("Pao (包) needs {yaku} certain from the called sets, but {tiles} is not a "
                   "declared set (it stands in the hand), so nobody is liable: remove pao.",
                   "包牌要求{yaku}由鸣出的牌组确定，但 {tiles} 不是副露（在手牌里），所以没有人"
                   "负责：请去掉 pao。"),
    "pao_not_called": ("Pao (包) is owed by the player whose discard made the last set of "
                       "{yaku}, but none of its sets was claimed from a discard: remove pao.",
                       "包牌由打出{yaku}最后一组牌的玩家负责，但这些牌组都不是鸣别人打出的牌：请去掉 "
                       "pao。"),
    "pao_not_fed": ("pao names {seat}, but the {yaku} sets were claimed from {seats}: the liable "
                    "player is the one who discarded the tile of the last called set.",
                    "pao 写的是{seat}，但{yaku}的牌组是从{seats}鸣的：包牌者是打出最后一组被鸣牌的"
                    "玩家。"),
    # pao: the payments and notes
    "pao_tsumo": ("liable (pao, 包) for {yaku}: pays all of it on a self-draw, {points} points",
                  "包牌（{yaku}）：自摸时独付全部，{points} 点"),
    "pao_ron_liable": ("liable (pao, 包) for {yaku}: pays half of it, {points} points",
                       "包牌（{yaku}）：付一半，{points} 点"),
    "pao_ron_discarder": ("discarded the winning tile (ron): pays half of {yaku}, the other half "
                          "being the liable player's, {points} points",
                          "放铳（荣和）：付{yaku}的一半，另一半由包牌者付，{points} 点"),
    "pao_rest_ron": ("discarded the winning tile (ron): pays the rest of the hand, outside pao, "
                     "{points} points", "放铳（荣和）：付包牌以外的部分，{points} 点"),
    "pao_honba_tsumo": ("{n} honba (本场): all {points} points from the liable player (pao)",
                        "{n}本场：{points} 点全部由包牌者付"),
    "pao_honba_liable": ("{n} honba (本场): {points} points from the liable player (option "
                         "pao_honba=liable)",
                         "{n}本场：{points} 点由包牌者付（“包牌荣和时本场由谁付”选了“包牌者”）"),
    "pao_note": ("Pao (包): {seat} discarded the tile of the last called set of {yaku}, so "
                 "{seat} is liable for it.",
                 "包牌：{seat}打出了{yaku}最后一组被鸣的牌，由{seat}负责。"),
    "pao_rest_tsumo": ("Pao covers {yaku} only; the rest of the hand is paid by everyone as on "
                       "any self-draw.",
                       "包牌只包{yaku}；其余部分按普通自摸由各家支付。"),
    "pao_is_discarder": ("The liable player (pao) {seat} also discarded the winning tile, so "
                         "{seat} pays the whole hand, as on any ron.",
                         "包牌者{seat}也是放铳者，所以和普通荣和一样由{seat}付整手牌。"),
})


def yaku_han(yaku, is_open: bool) -> int:
    """A yaku's han as the library counts it in this hand (open or concealed)."""
    return yaku.han_open if is_open and yaku.han_open else yaku.han_closed


def pao_yaku(response, options: Mapping[str, Any]) -> list:
    """The yakuman of this hand that pao covers: big three dragons, big four winds, and four
    kongs with the option pao_suukantsu."""
    ids = {DAISANGEN, DAISUUSHII} | ({SUUKANTSU} if options["pao_suukantsu"] else set())
    return [y for y in response.yaku or () if y.yaku_id in ids]


def _words(yakus) -> Text:
    names = [YAKU_NAMES[y.yaku_id] for y in yakus]
    return Text(" + ".join(n[2] for n in names), "、".join(n[0] for n in names))


def _pao_sets(hand: Hand, yaku_id: int) -> tuple[list, list[str]]:
    """(the yakuman's sets claimed from a discard, its tiles standing in the hand, not
    declared). Four kongs: only a kong claimed from a discard (not an added kong) feeds it."""
    if yaku_id == SUUKANTSU:
        return [m for m in hand.melds if m.is_kong and not m.concealed and not m.added], []
    codes = PAO_SETS[yaku_id]
    declared = {m.tiles[0]: m for m in hand.melds
                if m.is_pung_or_kong and m.tiles[0] in codes}
    return [m for m in declared.values() if not m.concealed], [c for c in codes
                                                               if c not in declared]


def check_pao(hand: Hand, liable: str, response, options: Mapping[str, Any]) -> list:
    """The yakuman the liable player answers for, once the hand shows it could be theirs: the
    yakuman certain from declared sets, the last one claimed, from them where the hand says."""
    winner = hand.context.seat_wind
    if liable == winner:
        raise HandError(P("pao_self", seat=Seat(winner)))
    covered = pao_yaku(response, options)
    if not covered:
        kongs = any(y.yaku_id == SUUKANTSU for y in response.yaku or ())
        raise HandError(P("pao_none_kongs" if kongs else "pao_none"))
    for y in covered:
        fed, hidden = _pao_sets(hand, y.yaku_id)
        words = _words([y])
        if hidden:
            raise HandError(P("pao_hidden", yaku=words, tiles=Tile(hidden[0])))
        if not fed:
            raise HandError(P("pao_not_called", yaku=words))
        sources = [claimed_from_seat(winner, m.claimed_from) for m in fed if m.claimed_from]
        if len(sources) == len(fed) and liable not in sources:
            raise HandError(P("pao_not_fed", seat=Seat(liable), yaku=words,
                              seats=tuple(Seat(s) for s in dict.fromkeys(sources))))
    return covered


def read_pao(extra: Mapping[str, Any]) -> str | None:
    value = extra.get("pao")
    if value is not None and value not in WINDS:
        raise HandError(P("pao_seat", value=as_input(value)))
    return value


def _tsumo_rows(who: Payers, main: int, additional: int) -> list[Payment]:
    out = []
    for seat in who.payers:
        if who.winner == "E":
            amount, reason = main, P("dealer_tsumo", points=main)
        elif seat == "E":
            amount, reason = main, P("tsumo_dealer_pays", points=main)
        else:
            amount, reason = additional, P("tsumo_share", points=additional)
        out.append(Payment(seat, who.winner, amount, reason))
    return out


def _plain(who: Payers, cost: Mapping[str, int], honba: int) -> list[Payment]:
    """No pao: a ron is the discarder's, with the honba; a tsumo is shared, 100 a counter each."""
    if who.discarder is not None:
        out = [Payment(who.discarder, who.winner, cost["main"], P("ron", points=cost["main"]))]
        if cost["main_bonus"]:
            out.append(Payment(who.discarder, who.winner, cost["main_bonus"],
                               P("honba_ron", n=honba, each=cost["main_bonus"] // honba)))
        return out
    out = _tsumo_rows(who, cost["main"], cost["additional"])
    if honba:
        each = cost["main_bonus"]
        out += [Payment(s, who.winner, each, P("honba_tsumo", n=honba, each=each // honba))
                for s in who.payers]
    return out


def _priced(han: int, fu: int, config: HandConfig, tsumo: bool):
    """A part of a yakuman hand priced by the library, without honba or sticks."""
    bare = HandConfig(is_tsumo=tsumo, player_wind=config.player_wind,
                      round_wind=config.round_wind, options=config.options)
    return ScoresCalculator.calculate_scores(han, fu, bare, is_yakuman=True)


def _pao_rows(who: Payers, liable: str, covered: list, response, config: HandConfig,
              f, options: Mapping[str, Any]) -> tuple[list[Payment], list[Msg]]:
    """The pao split: the covered yakuman priced as a ron (what the liable player owes in full
    on a self-draw, half on another's discard); the rest of the hand paid as usual."""
    cost, winner, words = response.cost, who.winner, _words(covered)
    is_open = response.is_open_hand
    # never more than the hand: with double_yakuman=false two covered yakuman are paid as one
    pao_han = min(sum(yaku_han(y, is_open) for y in covered), response.han)
    owed = _priced(pao_han, response.fu, config, False)["main"]
    rest_han = response.han - pao_han
    notes: list[Msg] = []
    if who.discarder is None:
        out = [Payment(liable, winner, owed, P("pao_tsumo", yaku=words, points=owed))]
        if rest_han:
            rest = _priced(rest_han, response.fu, config, True)
            out += _tsumo_rows(who, rest["main"], rest["additional"])
            notes.append(P("pao_rest_tsumo", yaku=words))
        honba = cost["main_bonus"] + 2 * cost["additional_bonus"]
        if honba:
            out.append(Payment(liable, winner, honba,
                               P("pao_honba_tsumo", n=f.honba, points=honba)))
        return out, notes
    half, discarder = owed // 2, who.discarder
    out = [Payment(discarder, winner, half, P("pao_ron_discarder", yaku=words, points=half)),
           Payment(liable, winner, half, P("pao_ron_liable", yaku=words, points=half))]
    if cost["main"] > owed:
        rest = cost["main"] - owed
        out.append(Payment(discarder, winner, rest, P("pao_rest_ron", points=rest)))
    if cost["main_bonus"]:
        each = cost["main_bonus"] // f.honba
        out.append(Payment(liable, winner, cost["main_bonus"],
                           P("pao_honba_liable", n=f.honba, points=cost["main_bonus"]))
                   if options["pao_honba"] == "liable" else
                   Payment(discarder, winner, cost["main_bonus"],
                           P("honba_ron", n=f.honba, each=each)))
    return out, notes


def payments(hand: Hand, response, config: HandConfig, f,
             options: Mapping[str, Any]) -> tuple[list[Payment], list[Msg]]:
    """Every payment of the win with its reason, and the notes that explain them."""
    if hand.context.self_drawn and hand.context.extra.get("discarder") is not None:
        raise HandError(P("self_drawn_discarder"))
    who = win_payers(hand)
    notes: list[Msg] = [P("assumed_discarder", seat=Seat(who.discarder))] if who.assumed else []
    if f.pao is None:
        return _plain(who, response.cost, f.honba), notes
    covered = check_pao(hand, f.pao, response, options)
    notes.append(P("pao_note", seat=Seat(f.pao), yaku=_words(covered)))
    if who.discarder == f.pao:
        notes.append(P("pao_is_discarder", seat=Seat(f.pao)))
        return _plain(who, response.cost, f.honba), notes
    rows, more = _pao_rows(who, f.pao, covered, response, config, f, options)
    return rows, notes + more
