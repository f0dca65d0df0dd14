"""Plain-text breakdown of a score, for the terminal (the app renders the same ScoreResult)."""

from __future__ import annotations

import unicodedata

from scoring.hant import is_zh
from scoring.messages import Catalog, render, tiles_text
from scoring.payments import seat_code
from scoring.ruleset import SEATS, ScoreResult, net_of
from scoring.settle import RoundResult
from scoring.settle_messages import M as SM
from scoring.units import amount, unit_name

RM = Catalog("report", {
    "hand": ("Hand: {hand}", "手牌：{hand}"),
    "read_as": ("Read as: {arrangement}", "牌型：{arrangement}"),
    "rules": ("Rules: {rules}", "规则：{rules}"),
    "not_win": ("Not a legal win under these rules (see the notes below).",
                "按这套规则不是合法的和牌（见下面的说明）。"),
    "count": (" x{count}", " ×{count}次"),
    "count_times": (" ({count} times)", "（{count}次）"),
    "total": ("Total", "合计"),
    "not_counted": ("Not counted:", "不计："),
    "excluded": ("  {label}: because of {by}. {why}", "  {label}：因{by}不计。{why}"),
    "note": ("Note: {note}", "注：{note}"),
    "payments": ("Payments:", "支付："),
    "pays": ("  {payer} pays {payee} {amount}: {reason}", "  {payer}付给{payee} {amount}：{reason}"),
    "net": ("Net: {net}", "净得：{net}"),
})


def _display_width(text: str) -> int:
    """Terminal columns: Chinese characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _display_width(text))


def _right(text: str, width: int) -> str:
    return " " * max(0, width - _display_width(text)) + text


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def _value(value, combine: str) -> str:
    """One item's value: `3` under added fan, `x2` where the items multiply."""
    return f"x{_num(value)}" if combine == "multiply" else _num(value)


def format_result(result: ScoreResult, hand_text: str = "", lang: str = "en") -> str:
    """The breakdown of one score: each fan (or multiplier item) with its value and why, the
    total, what is not counted and why, notes, payments and the net, in `lang`."""
    def say(key: str, **params) -> str:
        return render(RM(key, **params), lang)

    zh = is_zh(lang)
    multiply = result.combine == "multiply"
    lines = []
    if hand_text:
        lines.append(say("hand", hand=hand_text))
    if result.arrangement:
        lines.append(say("read_as", arrangement=tiles_text(result.arrangement, lang)))
    lines.append(say("rules", rules=_rules_name(result.rules, zh)))
    if not result.is_win:
        lines.append(say("not_win"))
    labels = [render(f.name, lang) if zh else f"{f.name} ({f.name_en})" for f in result.fans]
    width = max([_display_width(label) for label in labels] + [20])
    # a fan's value as its rule set words it (riichi's yakuman: 役満), else the number
    values = [render(f.shown, lang) if f.shown else _value(f.fan, result.combine)
              for f in result.fans]
    total = _value(result.total, result.combine)
    v_width = max([_display_width(v) for v in values] + [4])
    for f, label, value in zip(result.fans, labels, values, strict=True):
        count = "" if f.count == 1 else say("count_times" if multiply else "count", count=f.count)
        lines.append(f"  {_pad(label, width)} {_right(value, v_width)}{count}   "
                     f"{render(f.why, lang)}")
    unit = "" if multiply else f" {render(unit_name(result.unit, result.rules), lang)}"
    lines.append(f"  {_pad(say('total'), width)} {_right(total, v_width)}{unit}")
    if result.excluded:
        lines.append(say("not_counted"))
        for e in result.excluded:
            label = e.name if zh else f"{e.name} ({e.name_en})"
            lines.append(say("excluded", label=label, by=e.because_of, why=e.why).rstrip())
    for note in result.notes:
        lines.append(say("note", note=note))
    if result.payments:
        lines.append(say("payments"))
        for p in result.payments:
            lines.append(say("pays", payer=seat_code(p.payer), payee=seat_code(p.payee),
                             amount=_num(p.amount), reason=p.reason))
        lines.append(say("net", net=_net_line(net_of(result.payments), lang)))
    return "\n".join(lines)


def _net_line(net: dict[str, float], lang: str) -> str:
    """Each seat's net, by code in English (`E +10`), by name in Chinese (`东家 +10`)."""
    return "  ".join(f"{render(seat_code(s), lang)} {'+' if net[s] > 0 else ''}{_num(net[s])}"
                     for s in SEATS)


def format_round(result: RoundResult, lang: str = "en") -> str:
    """Plain-text ledger of a settled round, for the terminal."""
    def say(key: str, **params) -> str:
        return render(SM(key, **params), lang)

    lines = [say("ledger_rules", rules=_rules_name(result.rules, is_zh(lang)))]
    for w in result.wins:
        names = ("、" if is_zh(lang) else ", ").join(
            f["name"] + (f" x{f['count']}" if f["count"] > 1 else "") for f in w["fans"])
        value = amount(w["total"], w["unit"])
        per = _num(w["per_payer"])
        paid = w.get("payer_amounts") or {}
        if len(set(paid.values())) > 1:  # payers pay different amounts (Taiwanese dealer's 台)
            each = ("、" if is_zh(lang) else ", ").join(
                f"{render(seat_code(s), lang)} {_num(a)}" for s, a in paid.items())
            lines.append(say("ledger_self_drawn_each", n=w["event"], seat=seat_code(w["player"]),
                             fans=names, value=value, each=each))
        elif w["self_drawn"]:
            lines.append(say("ledger_self_drawn", n=w["event"], seat=seat_code(w["player"]),
                             fans=names, value=value, per=per))
        else:
            lines.append(say("ledger_discard", n=w["event"], seat=seat_code(w["player"]),
                             discarder=seat_code(w["from"]), fans=names, value=value, per=per))
    for seat, st in result.end.items():
        status = SM("status_" + {"flower pig": "pig", "ready": "ready"}.get(st["status"], "not_ready"))
        if st["waits"]:
            lines.append(say("ledger_end_waits", seat=seat_code(seat), status=status,
                             waits=" ".join(st["waits"])))
        else:
            lines.append(say("ledger_end", seat=seat_code(seat), status=status))
    lines.append(say("ledger"))
    for p, e in zip(result.ledger, result.events_of, strict=True):
        lines.append(say("ledger_row", n=e, payer=seat_code(p.payer), payee=seat_code(p.payee),
                         amount=_num(p.amount), reason=p.reason))
    lines.append(say("net", net=_net_line(result.net, lang)))
    lines.extend(say("note", note=note) for note in result.notes)
    return "\n".join(lines)


def _rules_name(rules: str, zh: bool) -> str:
    """A rule set named for the reader (国标麻将, not its id gb); an id the registry lacks as
    written."""
    from scoring.ruleset import all_rulesets

    rs = all_rulesets().get(rules)
    if rs is None:
        return rules
    return (rs.name_zh or rs.name) if zh else rs.name
