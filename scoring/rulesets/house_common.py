"""Small pieces the Wuhu, Northeast and Guangshui rule sets share: reading a seat or a flag from
the hand's extra fields, refusing a claimed chow, the 天胡 / 地胡 flags, a reading in notation,
the wait of the standing tiles, and who pays when one player covers the others (包牌).

Each rule set keeps its own fan table; only words and checks that would otherwise be copied
three times live here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from scoring import tiles as T
from scoring.decompose import Arrangement, counts34, is_standard_win
from scoring.hand import WINDS, Hand, HandError
from scoring.messages import Catalog, Msg, Seat, Text, as_input
from scoring.payments import Payers
from scoring.ruleset import Payment

M = Catalog("house_common", {
    "bad_seat": ("{field} must be a seat wind: E, S, W or N, not {value}.",
                 "{field} 必须是座位风：E、S、W 或 N，而不是 {value}。"),
    "bad_flag": ("'{field}' must be true or false, not {value}.",
                 "'{field}' 必须是 true 或 false，而不是 {value}。"),
    "no_chows": ("{game} has no chows (不能吃牌): {tiles} cannot be a claimed meld. Only pungs and "
                 "kongs are claimed; a run stays among the standing tiles.",
                 "{game}不能吃牌：{tiles} 不能是吃来的牌组，只能碰和杠；顺子留在手牌中。"),
    "first_turn_melds": ("A first-turn win (天胡 / 地胡) cannot have melds: nothing was claimed yet.",
                         "天胡、地胡时还没有吃碰杠，不能有亮出的牌组。"),
    "heavenly_drawn": ("The dealer's first-turn win (天胡) is on the dealt tiles: mark it self-drawn.",
                       "庄家天胡是起手成牌，应标为自摸。"),
    "covers": ("{payer} covers {seat}'s share (包牌): {why}",
               "{payer}包{seat}的一份（包牌）：{why}"),
})


def seat_field(hand: Hand, name: str, default: str | None, words: Catalog = M) -> str | None:
    """A seat given in the hand (JSON null, like leaving it out, means the default); `words`:
    the catalog whose `bad_seat` (with `field` and `value`) refuses anything else, so that each
    family of rule sets keeps its own sentence (the southern and Sichuan ones pass theirs)."""
    value = hand.context.extra.get(name)
    if value is None:
        value = default
    if value is not None and value not in WINDS:
        raise HandError(words("bad_seat", field=name, value=as_input(value)))
    return value


def flag_field(hand: Hand, name: str, words: Catalog = M) -> bool:
    """A true / false hand field, false when left out; `words` as for `seat_field` (`bad_flag`)."""
    value = hand.context.extra.get(name, False)
    if not isinstance(value, bool):
        raise HandError(words("bad_flag", field=name, value=as_input(value)))
    return value


def refuse_chows(hand: Hand, game: Text) -> None:
    for m in hand.melds:
        if m.kind == "chow":
            raise HandError(M("no_chows", game=game, tiles=" ".join(m.tiles)))


def first_turn_flags(hand: Hand, dealer: str, words: Catalog = M) -> tuple[bool, bool]:
    """(天胡, 地胡) from the hand field `first_turn`: the dealer's self-drawn win on the dealt
    tiles, or another player's win on the first turn; `words` as for `seat_field`
    (`bad_flag`, `first_turn_melds`, `heavenly_drawn`)."""
    if not flag_field(hand, "first_turn", words):
        return False, False
    if hand.melds:
        raise HandError(words("first_turn_melds"))
    if hand.context.seat_wind == dealer:
        if not hand.context.self_drawn:
            raise HandError(words("heavenly_drawn"))
        return True, False
    return False, True


def arrangement_text(arr: Arrangement) -> str:
    """`123p 456p [555s] {7777m} 99p`: declared melds in brackets, then the formed sets, then the
    pair (seven pairs: the pairs)."""
    if arr.shape == "seven_pairs":
        return " ".join(p[0] * 2 + p[-1] for p in arr.pairs)
    parts = []
    for i, m in enumerate(arr.melds):
        if m.is_special_kong:
            text = "".join(m.tiles)
        else:
            text = "".join(t[0] for t in m.tiles) + m.tiles[0][-1]
        if i < arr.declared:
            text = "{" + text + "}" if m.concealed else "[" + text + "]"
        parts.append(text)
    if arr.pair is not None:
        parts.append(arr.pair[0] * 2 + arr.pair[-1])
    return " ".join(parts)


def standard_waits(hand: Hand, allowed: Iterable[str],
                   accept: Callable[[list[str]], bool] = lambda tiles: True) -> list[str]:
    """Tiles that complete the standing tiles as sets and a pair (runs allowed inside a suit)
    and that `accept(all tiles with it)` (a rule set's extra condition, e.g. 八支)."""
    need = 4 - len(hand.melds)
    held = [*hand.concealed, *(t for m in hand.melds for t in m.tiles)]
    used = counts34(held)
    out = []
    for code in allowed:
        if used[T.TILE_ID[code]] >= 4:
            continue
        counts = counts34([*hand.concealed, code])
        if is_standard_win(counts, need) and accept([*held, code]):
            out.append(code)
    return out


def covered_payments(who: Payers, responsible: str, share: Callable[[str], float],
                     why: Msg) -> list[Payment]:
    """包牌: `responsible` pays every other player's share of the win (一人付三家)."""
    return [Payment(responsible, who.winner, share(seat),
                    M("covers", payer=Seat(responsible), seat=Seat(seat), why=why))
            for seat in WINDS if seat != who.winner and share(seat)]
