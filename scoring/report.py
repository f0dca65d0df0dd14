"""Plain-text breakdown of a score, for the terminal (the app renders the same ScoreResult)."""

from __future__ import annotations

from scoring.ruleset import SEATS, ScoreResult, net_of


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
        lines.append("Not a legal win under these rules.")
    width = max([len(f.name) * 2 + len(f.name_en) + 3 for f in result.fans] + [20])
    for f in result.fans:
        label = f"{f.name} ({f.name_en})"
        count = f" x{f.count}" if f.count != 1 else ""
        lines.append(f"  {label:<{width}} {_num(f.fan):>4}{count}   {f.why}")
    lines.append(f"  {'Total':<{width}} {_num(result.total):>4} {result.unit}")
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
        lines.append("Net: " + "  ".join(f"{s} {'+' if net[s] > 0 else ''}{_num(net[s])}" for s in SEATS))
    return "\n".join(lines)
