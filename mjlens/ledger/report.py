"""A table as the CLI, the app and a spreadsheet show it: standings, each hand with who paid
whom and why, JSON and CSV. Texts come from the stored results in the reader's language."""

from __future__ import annotations

from typing import Any

from mjlens.ledger import game, sticks
from mjlens.ledger.store import counts_honba
from scoring.messages import Catalog, Seat

M = Catalog("ledger_report", {
    "won": ("{n}. {winners} won: {value}  ({deal})", "{n}. {winners} 和牌：{value}（{deal}）"),
    "drawn": ("{n}. drawn hand, nobody pays  ({deal})", "{n}. 流局，无人支付（{deal}）"),
    # a drawn hand under riichi: the declarers' sticks go onto the table and stay there
    "drawn_stick": ("{n}. drawn hand: {who} riichi stick stays on the table  ({deal})",
                    "{n}. 流局：{who} 的立直棒留在桌上（{deal}）"),
    "drawn_sticks": ("{n}. drawn hand: {who} riichi sticks stay on the table  ({deal})",
                     "{n}. 流局：{who} 的立直棒留在桌上（{deal}）"),
    # a drawn hand at a riichi table that says who was tenpai: what happened, one or two parts
    # (who was tenpai; whose sticks stay on the table)
    "drawn_with": ("{n}. drawn hand: {what}  ({deal})", "{n}. 流局：{what}（{deal}）"),
    "parts": ("{first}; {second}", "{first}；{second}"),
    "tenpai_none": ("nobody tenpai (ready), nobody pays", "无人听牌，无人支付"),
    "tenpai_all": ("all four tenpai (ready), nobody pays", "四家都听牌，无人支付"),
    "tenpai_some": ("{who} tenpai (ready)", "{who} 听牌"),
    "sticks_stay_one": ("{who} riichi stick stays on the table", "{who} 的立直棒留在桌上"),
    "sticks_stay": ("{who} riichi sticks stay on the table", "{who} 的立直棒留在桌上"),
    "deal": ("dealer {dealer}, {wind} round", "庄家 {dealer}，{wind}风圈"),
    "deal_honba": ("dealer {dealer}, {wind} round, {honba} honba",
                   "庄家 {dealer}，{wind}风圈，{honba} 本场"),
    # the dealer who has kept the deal N times (连庄), where the rule set pays it (台湾 连N拉N:
    # NH48 "連1拉1為3台")
    "dealer_streak": ("{name} (kept the deal {streak}x)", "{name} 连{streak}"),
    # a riichi table between hands: the sticks lying there, and the next hand's honba
    "sticks_none": ("No riichi sticks on the table", "桌上没有立直棒"),
    "sticks_one": ("On the table: 1 riichi stick ({points})", "桌上：1 根立直棒（{points} 点）"),
    "sticks": ("On the table: {n} riichi sticks ({points})", "桌上：{n} 根立直棒（{points} 点）"),
    "riichi_table": ("{sticks}; next hand: {honba} honba (本场)", "{sticks}；下一局：{honba} 本场"),
    # the end of a game of a set number of rounds (一將, a hanchan); the table may go on
    "game_over": ("The game ({game}) ended after hand {n}: start a new table for a new game, or "
                  "go on adding hands here (the ledger keeps counting).",
                  "这一场（{game}）在第 {n} 局后打完：开新牌桌开始新的一场，或在本桌接着记"
                  "（账本照常累计）。"),
    "whose": ("{name}'s", "{name}"),
    "and": ("{first} and {last}", "{first}、{last}"),
    "pays": ("     {payer} pays {payee} {amount}: {reason}",
             "     {payer} 付给 {payee} {amount}：{reason}"),
    # a round (血战到底: several winners in one hand): each winner, the hand's value and what it
    # brought them
    "round_won": ("{n}. {wins}  ({deal})", "{n}. {wins}（{deal}）"),
    "round_win": ("{name} won {value} (+{amount})", "{name} 和牌 {value}（赢 {amount}）"),
    "round_no_win": ("{n}. a round nobody won  ({deal})", "{n}. 整局无人和牌（{deal}）"),
    # a round begun on the table by a kong, still going on (血战到底): nobody has won yet
    "round_in_play": ("{n}. in play, nobody has won yet  ({deal})",
                      "{n}. 还在打，暂时无人和牌（{deal}）"),
    "col_hand": ("hand", "局"),
    "col_kind": ("kind", "类型"),
    "col_winners": ("winners", "和牌者"),
    "col_dealer": ("dealer", "庄家"),
    "col_value": ("value", "番数"),
    # the value column in the game's own unit, where it is not 番: Taiwan's 台数, Yuhuan's 胡数
    "col_value_台": ("tai", "台数"),
    "col_value_胡": ("hu", "胡数"),
    "col_total": ("total", "合计"),
    "kind_hand": ("hand", "和牌"),
    "kind_round": ("round", "整局"),
    "kind_draw": ("drawn", "流局"),
})


def rules_name(rules: str, lang: str) -> str:
    """The rule set's name in `lang` (Traditional made from its Simplified name)."""
    from scoring.hant import pick
    from scoring.ruleset import get_ruleset

    rs = get_ruleset(rules)
    return pick(rs.name, rs.name_zh, lang) if rs.name_zh else rs.name


def wind_name(wind: str, lang: str) -> str:
    """East / 东 / 東: the seat's name without 家 in Chinese (东风圈, a seat column)."""
    name = Seat(wind).render(lang)
    return name if lang == "en" else name[0]


def amount(value: float) -> str:
    return f"{value:g}"


def standings(view) -> list[tuple[str, str, float]]:
    """(name, seat wind at the next hand, running total) per player, in turn order; the seats
    as the rule set counts them (Taiwan's stay with the players whoever deals)."""
    seats = view.seats
    return [(name, seats.wind(i), total)
            for i, (name, total) in enumerate(zip(view.players, view.totals, strict=True))]


def value_text(view, h, lang: str) -> str:
    """What the hand was worth: its value (13 fan), or a round's wins, each winner's value and
    what it brought them ("Bo won 5 fan (+24), Cy won 4 fan (+8)")."""
    from scoring.messages import render
    from scoring.units import amount as unit_amount

    r = h.result
    if h.kind == "round":
        return render(round_wins(view, h), lang)
    if h.kind == "draw":
        return ""
    return render(unit_amount(amount(r["total"]), r["unit"]), lang)


def round_wins(view, h) -> list:
    """Each win of a round: the winner's name, the hand's value, and what the others paid for
    that win (the round's payments to the winner at that event)."""
    from scoring.units import amount as unit_amount

    ledger = h.result.get("ledger", [])
    out = []
    for player, win in zip(h.winners, h.result.get("wins", []), strict=False):
        won = sum(p["amount"] for p in ledger
                  if p.get("event") == win.get("event") and p["payee"] == win["player"])
        out.append(M("round_win", name=view.players[player],
                     value=unit_amount(amount(win["total"]), win["unit"]), amount=amount(won)))
    return out


def dealer_words(view, dealer: int, streak: int):
    """The dealer by name, with how many times in a row the deal was kept (连庄) where the rule
    set pays it (hand field `dealer_streak`: Taiwan's 連N拉N), as the players call it out."""
    name = view.players[dealer]
    if streak and "dealer_streak" in _fields(view.rules):
        return M("dealer_streak", name=name, streak=streak)
    return name


def next_dealer_words(view):
    """The next hand's dealer, with the streak the next hand is scored at; where the table names
    each dealer (Rotation "table") the next one is not known yet, so no streak is promised."""
    deal = view.deal
    return dealer_words(view, deal.dealer, deal.streak if view.rotation.kind != "table" else 0)


def _deal_words(view, h, lang: str):
    """Who dealt the hand (and how many times running), in which prevailing wind, and at a
    riichi table its honba."""
    common = {"dealer": dealer_words(view, h.dealer, h.streak),
              "wind": wind_name(h.round_wind, lang)}
    if counts_honba(view.rules):
        return M("deal_honba", honba=h.honba, **common)
    return M("deal", **common)


def game_over(view):
    """'The game (一將: four rounds, East to North) ended after hand 16: ...', for the latest
    game that ended, or None where none has (or the rule set's game has no set length)."""
    ended = view.games_ended
    if not ended:
        return None
    return M("game_over", game=view.rotation.game, n=ended[-1])


def riichi_table(view):
    """'On the table: 2 riichi sticks (2,000); next hand: 1 honba (本场)', or None where the
    rule set keeps neither sticks nor honba."""
    if not sticks.tracks(_fields(view.rules)):
        return None
    n = view.riichi_sticks
    points = f"{n * sticks.STICK:,}"
    pot = M("sticks_none") if not n else M("sticks_one", points=points) if n == 1 \
        else M("sticks", n=n, points=points)
    return M("riichi_table", sticks=pot, honba=view.honba)


def hand_lines(view, h, lang: str) -> list[str]:
    players = view.players
    common = {"n": h.seq, "deal": _deal_words(view, h, lang)}
    if h.kind == "draw":
        return [_drawn(h, players, common).render(lang), *payment_lines(h.payments, players, lang)]
    if h.kind == "round":
        wins = round_wins(view, h)
        head = M("round_won", wins=wins, **common) if wins else M(_no_win_yet(h), **common)
        return [head.render(lang), *payment_lines(h.payments, players, lang)]
    return [M("won", winners=tuple(players[w] for w in h.winners),
              value=value_text(view, h, lang), **common).render(lang),
            *payment_lines(h.payments, players, lang)]


def _no_win_yet(h) -> str:
    """A round without wins: over (its wall ran out), or begun by a kong and going on, which
    read "a round nobody won" while the hand was still being played."""
    from mjlens.ledger.blood import goes_on

    return "round_in_play" if goes_on(h) else "round_no_win"


def _drawn(h, players, common):
    """A drawn hand's heading: nobody pays, or (riichi) who was tenpai and whose sticks went
    onto the table and stay there ("Bo's and Cy's riichi sticks stay on the table")."""
    put_in = [p["payer"] for p in h.payments if p.get("stick") and p["payee"] is None]
    ready = h.entry.get("tenpai")
    if ready is None and not put_in:
        return M("drawn", **common)
    if ready is None:  # a hand recorded without who was tenpai: the sticks alone
        key = "drawn_stick" if len(put_in) == 1 else "drawn_sticks"
        return M(key, who=_both([M("whose", name=players[i]) for i in put_in]), **common)
    what = _tenpai_words(ready, players)
    if put_in:
        stay = M("sticks_stay_one" if len(put_in) == 1 else "sticks_stay",
                 who=_both([M("whose", name=players[i]) for i in put_in]))
        what = M("parts", first=what, second=stay)
    return M("drawn_with", what=what, **common)


def _both(items: list):
    return items[0] if len(items) == 1 else M("and", first=items[:-1], last=items[-1])


def _tenpai_words(ready: list[int], players):
    """Who was tenpai at a drawn hand, by name (the noten payments' lines say who paid)."""
    if not ready:
        return M("tenpai_none")
    if len(ready) == 4:
        return M("tenpai_all")
    return M("tenpai_some", who=_both([players[i] for i in ready]))


def payment_lines(payments, players, lang: str) -> list[str]:
    lines = []
    for p in payments:
        lines.append(M("pays", payer=sticks.name(p["payer"], players, lang),
                       payee=sticks.name(p["payee"], players, lang),
                       amount=amount(p["amount"]),
                       reason=game.localized(p, "reason", lang)).render(lang))
    return lines


def table_json(view, hands: bool = True) -> dict[str, Any]:
    deal = view.deal
    rotation = view.rotation
    out: dict[str, Any] = {
        "table": view.name, "code": view.code, "rules": view.rules, "options": view.options,
        "players": [{"name": n, "seat": s, "total": t} for n, s, t in standings(view)],
        "next_dealer": view.players[deal.dealer], "round_wind": deal.round_wind,
        "dealer_streak": deal.streak,
        "dealer_rotation": {"kind": rotation.kind, "rule": rotation.rule.render("en"),
                            "rule_zh": rotation.rule.render("zh"),
                            "source": rotation.source.render("en") if rotation.source else None,
                            "source_zh": rotation.source.render("zh") if rotation.source
                            else None},
        "hands_count": len(view.hands),
        "games_ended_after": view.games_ended,  # the hands after which a game (一將) ended
    }
    if sticks.tracks(_fields(view.rules)):
        out["riichi_sticks"] = view.riichi_sticks  # on the table now
    if counts_honba(view.rules):
        out["honba"] = view.honba  # the next hand's
    if hands:
        out["hands"] = [_hand_json(view, h) for h in view.hands]
    return out


def _fields(rules: str) -> tuple[str, ...]:
    from scoring.ruleset import get_ruleset

    return get_ruleset(rules).field_names


def _hand_json(view, h) -> dict[str, Any]:
    players = view.players
    return {
        "seq": h.seq, "kind": h.kind, "source": h.source, "dealer": players[h.dealer],
        "round_wind": h.round_wind, "dealer_streak": h.streak, "honba": h.honba,
        "winners": [players[w] for w in h.winners],
        "payments": [dict(p, payer=None if p["payer"] is None else players[p["payer"]],
                          payee=None if p["payee"] is None else players[p["payee"]])
                     for p in h.payments],
        "net": dict(zip(players, h.net, strict=True)),
        "result": h.result, "entry": {k: v for k, v in h.entry.items() if not k.startswith("_")},
        "reading": h.reading, "created": h.created.isoformat() if h.created else None,
    }


def _value_column(rules: str) -> str:
    """The value column's heading: a Taiwanese sheet of 台 values headed 番数 read wrong."""
    from scoring.ruleset import get_ruleset

    key = f"col_value_{get_ruleset(rules).unit}"
    return key if key in M.entries else "col_value"


def csv_rows(view, lang: str) -> list[list[str]]:
    """A row per hand (each player's net for it), then the totals."""
    head = [M.text(k, lang) for k in ("col_hand", "col_kind", "col_winners", "col_dealer",
                                       _value_column(view.rules))] + list(view.players)
    rows = [head]
    for h in view.hands:
        rows.append([str(h.seq), M.text(f"kind_{h.kind}", lang),
                     " ".join(view.players[w] for w in h.winners), view.players[h.dealer],
                     value_text(view, h, lang)] + [amount(v) for v in h.net])
    rows.append([M.text("col_total", lang), "", "", "", ""] + [amount(v) for v in view.totals])
    return rows
