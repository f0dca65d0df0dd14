"""Plain-text breakdown of a score, for the terminal (the app renders the same ScoreResult)."""

from __future__ import annotations

import unicodedata

from scoring.messages import Text, render
from scoring.payments import seat_code
from scoring.ruleset import SEATS, ScoreResult, net_of
from scoring.settle import UNIT_ZH, RoundResult
from scoring.settle_messages import M as SM


def _display_width(text: str) -> int:
    """Terminal columns: Chinese characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _display_width(text))


def _num(x) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def format_result(result: ScoreResult, hand_text: str = "") -> str:
    lines = []
    if hand_text:
        lines.append(f"Hand: {hand_text}")
    if result.arrangement:
        lines.append(f"Read as: {result.arrangement}")
    lines.append(f"Rules: {result.rules}")
    if not result.is_win:
        lines.append("Not a legal win under these rules (see the notes below).")
    labels = [f"{f.name} ({f.name_en})" for f in result.fans]
    width = max([_display_width(label) for label in labels] + [20])
    for f, label in zip(result.fans, labels, strict=True):
        count = f" x{f.count}" if f.count != 1 else ""
        lines.append(f"  {_pad(label, width)} {_num(f.fan):>4}{count}   {f.why}")
    lines.append(f"  {_pad('Total', width)} {_num(result.total):>4} {result.unit}")
    if result.excluded:
        lines.append("Not counted:")
        for e in result.excluded:
            lines.append(f"  {e.name} ({e.name_en}): because of {e.because_of}. {e.why}".rstrip())
    for note in result.notes:
        lines.append(f"Note: {note}")
    if result.payments:
        lines.append("Payments:")
        for p in result.payments:
            lines.append(f"  {p.payer} pays {p.payee} {_num(p.amount)}: {p.reason}")
        net = net_of(result.payments)
        lines.append("Net: " + _net_line(net))
    return "\n".join(lines)


def _net_line(net: dict[str, float]) -> str:
    return "  ".join(f"{s} {'+' if net[s] > 0 else ''}{_num(net[s])}" for s in SEATS)


def format_round(result: RoundResult, lang: str = "en") -> str:
    """Plain-text ledger of a settled round, for the terminal."""
    def say(key: str, **params) -> str:
        return render(SM(key, **params), lang)

    lines = [say("ledger_rules", rules=result.rules)]
    for w in result.wins:
        names = ", ".join(f["name"] + (f" x{f['count']}" if f["count"] > 1 else "") for f in w["fans"])
        value = Text(f"{w['total']} {w['unit']}", f"{w['total']}{UNIT_ZH.get(w['unit'], w['unit'])}")
        per = _num(w["per_payer"])
        if w["self_drawn"]:
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
    lines.append(say("net", net=_net_line(result.net)))
    lines.extend(say("note", note=note) for note in result.notes)
    return "\n".join(lines)
