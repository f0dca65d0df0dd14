"""Whole-round settlement of a blood-battle round (血战到底): rain money for kongs (刮风下雨), every
win (一炮多响 included), 杠上炮's transfer, and at the end of the wall 查花猪, 查叫 and the refund of
rain money by players who are not ready. Every payment goes into a ledger with its reason.

The round is a JSON object (format in docs/sichuan.md). What each kind of kong collects, how a hand
is valued and what ready means come from the rule set's `SETTLEMENT` profile
(scoring/rulesets/sichuan_common.py: BloodBattle); this module only walks the events.

A player who has won is out: later events neither charge nor pay them (seed Ⅵ-3: "先和牌者不受他
和牌之後發生的結算事件影響"), and an event by them is rejected.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand, HandError, tile_label
from scoring.messages import Catalog
from scoring.ruleset import SEATS, Payment, all_rulesets, get_ruleset, net_of

M = Catalog("settle", {
    "bad_options": ("'options' must be an object of option names and values, e.g. "
                    "{{\"base\": 2}}, not {value}.",
                    "“options”必须是选项名和值组成的对象，例如 {{\"base\": 2}}，而不是 {value}。"),
    "robbed_after_kong": ("Event {n}: 抢杠 (robbing a kong) and 杠上炮 (after_kong, a discard right "
                          "after a kong) cannot happen together: a robbed kong is never completed, "
                          "so no discard follows it.",
                          "第{n}个事件：抢杠和杠上炮（after_kong）不能同时发生：被抢的杠没有成立，"
                          "之后也就没有杠后打出的牌。"),
})

EVENT_TYPES = ("kong", "win", "wall_end")
KONG_KINDS = {"concealed": "暗杠 (concealed kong)", "exposed": "直杠 (kong on a discard)",
              "added": "面下杠 (added kong)"}
ROUND_KEYS = {"rules", "options", "dealer", "missing_suits", "events", "hands"}
ENGINE_FIELDS = ("discarder", "players_in")


def settlement_for(rules: str):
    """The round profile of a rule set, from the registry (`RuleSet.settlement`)."""
    profile = get_ruleset(rules).settlement  # an unknown id gets the registry's message
    if profile is None:
        found = sorted(rs.id for rs in all_rulesets().values() if rs.settlement is not None)
        raise HandError(
            f"Rule set {rules} has no whole-round settlement; rounds can be settled under "
            f"{', '.join(found)}."
        )
    return profile


@dataclass
class Kong:
    event: int
    player: str
    tile: str
    kind: str
    held: list[Payment]  # rain money the kong's owner still holds (refundable / transferable)


@dataclass
class RoundResult:
    rules: str
    options: dict[str, Any]
    ledger: list[Payment] = field(default_factory=list)
    events_of: list[int] = field(default_factory=list)  # the event number of each ledger entry
    wins: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, dict[str, Any]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def pay(self, event: int, payment: Payment) -> None:
        if payment.amount:
            self.ledger.append(payment)
            self.events_of.append(event)

    @property
    def net(self) -> dict[str, float]:
        return net_of(self.ledger)

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "options": self.options,
            "ledger": [dict(p.to_json(), event=e) for p, e in zip(self.ledger, self.events_of, strict=True)],
            "net": self.net,
            "wins": self.wins,
            "end": self.end,
            "notes": self.notes,
        }


def _seat(value: Any, what: str) -> str:
    if value not in SEATS:
        raise HandError(f"{what} must be a seat: E, S, W or N, not {value!r}.")
    return value


class _Round:
    def __init__(self, data: Mapping[str, Any], rules: str, options: Mapping[str, Any] | None):
        self.ruleset = get_ruleset(rules)
        self.profile = settlement_for(rules)
        given = data.get("options")
        if given is not None and not isinstance(given, Mapping):
            raise HandError(M("bad_options", value=json.dumps(given, ensure_ascii=False)))
        merged = dict(given or {})
        merged.update(options or {})
        self.opts = self.ruleset.resolve_options(merged)
        self.data = data
        self.dealer = _seat(data.get("dealer", "E"), "dealer")
        self.missing = data.get("missing_suits") or {}
        if not isinstance(self.missing, Mapping):
            raise HandError("missing_suits must map seats to suits, e.g. {\"E\": \"s\"}.")
        for s, suit in self.missing.items():
            _seat(s, "A key of missing_suits")
            self.profile.check_missing_suit(s, suit)
        self.result = RoundResult(rules, dict(self.opts))
        self.won: dict[str, int] = {}
        self.kongs: list[Kong] = []
        self.hands: dict[str, tuple[int, Hand]] = {}  # final or winning hand of each player
        self.multi_discards: list[tuple[str, int]] = []  # (tile, winners) of 一炮多响
        self.over: str | None = None

    # ---- helpers ------------------------------------------------------------------------------
    def still_in(self) -> list[str]:
        return [s for s in SEATS if s not in self.won]

    def _check_in(self, seat: str, n: int, doing: str) -> None:
        if seat in self.won:
            raise HandError(
                f"Event {n}: {seat} already won at event {self.won[seat]} and is out of the round, "
                f"so {seat} cannot {doing}."
            )

    def _hand(self, raw: Any, seat: str, n: int, *, winning: bool) -> Hand:
        if not isinstance(raw, Mapping):
            raise HandError(f"Event {n}: {seat}'s hand must be a hand object (see the hand JSON).")
        for name in ENGINE_FIELDS:
            if name in raw:
                raise HandError(
                    f"Event {n}: remove '{name}' from {seat}'s hand; in a round it comes from the "
                    "events."
                )
        if raw.get("seat_wind", seat) != seat:
            raise HandError(f"Event {n}: the hand of {seat} says seat_wind {raw['seat_wind']}.")
        try:
            hand = Hand.from_json(raw)
        except HandError as exc:
            raise HandError(f"Event {n}, {seat}'s hand: {exc}") from None
        extra = dict(hand.context.extra)
        if seat in self.missing:
            if extra.get("missing_suit", self.missing[seat]) != self.missing[seat]:
                raise HandError(f"Event {n}: {seat}'s hand and the round declare different 定缺.")
            extra["missing_suit"] = self.missing[seat]
        if "dealer" in self.ruleset.field_names:
            extra.setdefault("dealer", self.dealer)
        hand = replace(hand, context=replace(hand.context, seat_wind=seat, extra=extra))
        self.ruleset.check_extra_fields(hand)
        return hand

    # ---- events -------------------------------------------------------------------------------
    def run(self) -> RoundResult:
        unknown = set(self.data) - ROUND_KEYS
        if unknown:
            raise HandError(f"Unknown round field(s): {', '.join(sorted(unknown))}.")
        events = self.data.get("events")
        if not isinstance(events, list) or not events:
            raise HandError("The round needs a list of events (kongs, wins, wall_end).")
        for n, ev in enumerate(events, 1):
            if not isinstance(ev, Mapping) or ev.get("type") not in EVENT_TYPES:
                raise HandError(f"Event {n} must be an object whose type is kong, win or wall_end.")
            if self.over:
                raise HandError(f"Event {n}: the round is already over ({self.over}).")
            prev = events[n - 2] if n > 1 else None
            getattr(self, f"_{ev['type']}")(ev, n, prev)
        if self.data.get("hands") and self.over != "the wall ran out":
            raise HandError("Final hands ('hands') are read only at the end of the wall: add a "
                            "wall_end event.")
        if not self.over:
            self.result.notes.append(
                "The round has no wall_end and fewer than three players won: settled as far as it "
                "goes (no 查花猪 or 查叫)."
            )
        self._check_tiles()
        return self.result

    def _kong(self, ev: Mapping[str, Any], n: int, prev) -> None:
        player = _seat(ev.get("player"), f"Event {n}: the kong's player")
        self._check_in(player, n, "declare a kong")
        kind = ev.get("kind")
        if kind not in KONG_KINDS:
            raise HandError(f"Event {n}: a kong's kind is concealed, exposed or added, not {kind!r}.")
        tile = ev.get("tile")
        if not isinstance(tile, str) or not T.is_tile(tile):
            raise HandError(f"Event {n}: {tile!r} is not a tile code such as \"5m\".")
        if not T.is_suited(tile):
            raise HandError(f"{self.profile.game.en} is played without honour tiles: remove "
                            f"{tile_label(tile)} (event {n}).")
        source = ev.get("from")
        if kind == "exposed":
            source = _seat(source, f"Event {n}: 'from' (who discarded the kong's tile)")
            if source == player:
                raise HandError(f"Event {n}: a kong on a discard takes another player's tile.")
            self._check_in(source, n, "discard a tile")
        elif source is not None:
            raise HandError(f"Event {n}: only an exposed kong (直杠) takes a tile 'from' someone.")
        immediate = ev.get("immediate", True)
        if not isinstance(immediate, bool):
            raise HandError(f"Event {n}: 'immediate' must be true or false.")
        kong = Kong(n, player, tile, kind, [])
        self.kongs.append(kong)
        if not self.opts["rain"]:
            return
        if kind == "added" and not immediate:
            self.result.notes.append(
                f"Event {n}: {player}'s added kong of {tile} was not made on the draw: no rain money "
                "(未即時加杠的不收取分數)."
            )
            return
        who, amount = self.profile.rain(kind, self.opts)
        payers = [source] if who == "discarder" else [s for s in self.still_in() if s != player]
        wind = "下雨 (rain)" if kind == "concealed" else "刮风 (wind)"
        for p in payers:
            pay = Payment(p, player, amount, f"{wind}: {player}'s {KONG_KINDS[kind]} of {tile}")
            kong.held.append(pay)
            self.result.pay(n, pay)

    def _win(self, ev: Mapping[str, Any], n: int, prev) -> None:
        if "winners" in ev:
            entries = ev["winners"]
            if not isinstance(entries, list) or not entries:
                raise HandError(f"Event {n}: 'winners' must be a list of {{player, hand}}.")
        else:
            entries = [{"player": ev.get("player"), "hand": ev.get("hand")}]
        discarder = ev.get("from")
        seats = []
        for e in entries:
            if not isinstance(e, Mapping):
                raise HandError(f"Event {n}: each winner is an object with player and hand.")
            seat = _seat(e.get("player"), f"Event {n}: the winner")
            self._check_in(seat, n, "win again")
            if seat in seats:
                raise HandError(f"Event {n}: {seat} is named twice among the winners.")
            seats.append(seat)
        if discarder is not None:
            discarder = _seat(discarder, f"Event {n}: 'from' (the discarder)")
            self._check_in(discarder, n, "discard a tile")
            if discarder in seats:
                raise HandError(f"Event {n}: {discarder} cannot win on their own discard.")
        elif len(seats) > 1:
            raise HandError(f"Event {n}: several players win together only on one discard "
                            "(一炮多响): give 'from'.")
        after_kong = ev.get("after_kong", False)
        if not isinstance(after_kong, bool):
            raise HandError(f"Event {n}: 'after_kong' must be true or false.")
        if after_kong and (discarder is None or not prev or prev.get("type") != "kong"
                           or prev.get("player") != discarder):
            raise HandError(f"Event {n}: 杠上炮 (after_kong) is a win on the discard made right "
                            "after the discarder's kong: the event before must be that kong.")
        self._robbed(entries, discarder, prev, n, after_kong)
        tiles = set()
        for e, seat in zip(entries, seats, strict=True):
            raw = e.get("hand")
            if isinstance(raw, Mapping) and "self_drawn" in raw and raw["self_drawn"] != (discarder is None):
                raise HandError(
                    f"Event {n}: {seat}'s hand says self_drawn {raw['self_drawn']}, but the event "
                    + ("names a discarder ('from')." if discarder else "has no discarder ('from').")
                )
            hand = self._hand(raw, seat, n, winning=True)
            hand = hand.with_context(self_drawn=discarder is None)
            if after_kong and "discard_after_kong" in self.ruleset.field_names:
                hand = replace(hand, context=replace(
                    hand.context, extra=dict(hand.context.extra, discard_after_kong=True)))
            try:
                result = self.profile.evaluate(hand, self.opts)
            except HandError as exc:
                raise HandError(f"Event {n}, {seat}'s winning hand: {exc}") from None
            tiles.add(hand.win_tile)
            self.hands[seat] = (n, hand)
            per = result.extra["per_payer"]
            how = f"{result.total} {result.unit}, x{result.extra['multiplier']}"
            if discarder is None:
                payers = [s for s in self.still_in() if s != seat]
                reason = f"{seat} self-draws (自摸): {how}"
            else:
                payers = [discarder]
                reason = f"{seat} wins on {discarder}'s discard (点炮): {how}"
            for p in payers:
                self.result.pay(n, Payment(p, seat, per, reason))
            self.result.wins.append({
                "event": n, "player": seat, "from": discarder, "self_drawn": discarder is None,
                "total": result.total, "unit": result.unit,
                "multiplier": result.extra["multiplier"], "per_payer": per,
                "fans": [f.to_json() for f in result.fans], "arrangement": result.arrangement,
            })
        if len(seats) > 1:
            if len(tiles) != 1:
                raise HandError(f"Event {n}: players winning on one discard must win on the same tile.")
            self.multi_discards.append((tiles.pop(), len(seats)))
        if after_kong:
            self._kong_discard(self.kongs[-1], seats, n)
        for seat in seats:
            self.won[seat] = n
        if len(self.won) >= 3:
            self.over = "three players have won"

    def _robbed(self, entries, discarder: str | None, prev, n: int, after_kong: bool) -> None:
        """抢杠: a robbed kong never happens. When the round lists the added kong right before the
        robbing win, its rain money is taken back out of the ledger."""
        robbing = [isinstance(e.get("hand"), Mapping) and e["hand"].get("robbing_kong") is True
                   for e in entries]
        if not any(robbing):
            return
        if not all(robbing):
            raise HandError(f"Event {n}: when a kong is robbed, every winner robs it.")
        if after_kong:
            raise HandError(M("robbed_after_kong", n=n))
        if discarder is None:
            raise HandError(f"Event {n}: robbing a kong takes the tile of the player who added it: "
                            "give that player as 'from'.")
        if prev and prev.get("type") == "kong" and prev.get("player") == discarder:
            kong = self.kongs[-1]
            if kong.kind != "added":
                raise HandError(f"Event {n}: only an added kong (面下杠) can be robbed; the kong "
                                f"at event {kong.event} is {KONG_KINDS[kong.kind]}.")
            keep = [(p, e) for p, e in zip(self.result.ledger, self.result.events_of, strict=True)
                    if e != kong.event]
            self.result.ledger = [p for p, _ in keep]
            self.result.events_of = [e for _, e in keep]
            self.kongs.pop()
            self.result.notes.append(f"Event {n}: {discarder}'s kong of {kong.tile} (event "
                                     f"{kong.event}) was robbed (抢杠): it collects no rain money.")

    def _kong_discard(self, kong: Kong, winners: list[str], n: int) -> None:
        """杠上炮: the rain money of the kong just made goes to the winner(s) (each gets it in
        full, seed Ⅸ-6) or, under kong_discard=refund, back to those who paid it (seed Ⅵ-4)."""
        income = sum(p.amount for p in kong.held)
        if not income:
            return
        if self.opts["kong_discard"] == "transfer":
            for w in winners:
                self.result.pay(n, Payment(kong.player, w, income,
                                           f"杠上炮: {kong.player}'s rain money for the kong of "
                                           f"{kong.tile} goes to {w} (转雨)"))
        else:
            for p in kong.held:
                self.result.pay(n, Payment(kong.player, p.payer, p.amount,
                                           f"杠上炮: rain money for the kong of {kong.tile} returned"))
        kong.held = []

    def _wall_end(self, ev: Mapping[str, Any], n: int, prev) -> None:
        self.over = "the wall ran out"
        raw_hands = self.data.get("hands") or {}
        if not isinstance(raw_hands, Mapping):
            raise HandError("'hands' must map each seat still in to its final hand.")
        for seat in raw_hands:
            _seat(seat, "A key of 'hands'")
            if seat in self.won:
                raise HandError(f"{seat} won at event {self.won[seat]}; give final hands only for "
                                "players still in at the end of the wall.")
        inside = self.still_in()
        status = {}
        for seat in inside:
            if seat not in raw_hands:
                raise HandError(f"The wall ran out with {seat} still in: give {seat}'s final hand "
                                "in 'hands' (needed for 查花猪 and 查叫).")
            hand = self._hand(raw_hands[seat], seat, n, winning=False)
            self.hands[seat] = (n, hand)
            try:
                st = self.profile.end_status(hand, self.opts)
            except HandError as exc:
                raise HandError(f"{seat}'s final hand: {exc}") from None
            status[seat] = st
            self.result.end[seat] = {
                "status": "flower pig" if st.flower_pig else "ready" if st.ready else "not ready",
                "waits": list(st.waits),
                "best": None if st.best is None else {
                    "total": st.best.total, "unit": st.best.unit,
                    "per_payer": st.best.extra["per_payer"], "arrangement": st.best.arrangement,
                    "fans": [f.to_json() for f in st.best.fans]},
            }
        pigs = [s for s in inside if status[s].flower_pig]
        ready = [s for s in inside if status[s].ready]
        base = self.opts["base"]
        for pig in pigs:
            for other in inside:
                if other not in pigs:
                    self.result.pay(n, Payment(pig, other, base * self.opts["flower_pig"],
                                               f"查花猪: {pig} still holds three suits (花猪)"))
        for seat in inside:
            if seat in pigs or seat in ready:
                continue
            for r in ready:
                best = status[r].best
                self.result.pay(n, Payment(
                    seat, r, best.extra["per_payer"],
                    f"查叫: {seat} is not ready; {r} is ready for {best.total} {best.unit} "
                    f"({', '.join(f.name for f in best.fans)})"))
        for seat in inside:
            if seat in ready:
                continue
            for kong in self.kongs:
                if kong.player != seat:
                    continue
                for p in kong.held:
                    if p.payer in self.won:
                        continue  # out of the round: unaffected by later settlement
                    self.result.pay(n, Payment(seat, p.payer, p.amount,
                                               f"退雨: {seat} is not ready at the end of the wall; "
                                               f"rain money for the kong of {kong.tile} returned"))
                kong.held = []

    # ---- consistency --------------------------------------------------------------------------
    def _check_tiles(self) -> None:
        counts: Counter[str] = Counter()
        for seat in SEATS:
            if seat in self.hands:
                n, hand = self.hands[seat]
                counts.update(hand.all_tiles)
                for kong in self.kongs:
                    if kong.player != seat or kong.event > n:
                        continue
                    if not any(m.is_kong and m.first == kong.tile
                               and m.concealed == (kong.kind == "concealed") for m in hand.melds):
                        kind = "concealed kong" if kong.kind == "concealed" else "exposed kong"
                        raise HandError(
                            f"{seat} declared a kong of {kong.tile} at event {kong.event}, but "
                            f"{seat}'s hand at event {n} has no {kind} of {kong.tile}."
                        )
            else:
                for kong in self.kongs:
                    if kong.player == seat:
                        counts.update([kong.tile] * 4)
        for tile, winners in self.multi_discards:
            counts[tile] -= winners - 1
        for tile, count in sorted(counts.items()):
            if count > T.copies_in_a_set(tile):
                raise HandError(
                    f"The round shows {count} copies of {tile_label(tile)} across all hands and "
                    "kongs, but there are only four of each tile."
                )


def settle_round(data: Any, rules: str | None = None,
                 options: Mapping[str, Any] | None = None) -> RoundResult:
    """Settle a whole round given as JSON data; raises HandError with a player's message."""
    if not isinstance(data, Mapping):
        raise HandError("A round must be a JSON object with 'events' (see docs/sichuan.md).")
    rules = rules or data.get("rules") or "sichuan"
    if not isinstance(rules, str):
        raise HandError("'rules' must be a rule set id such as \"sichuan\".")
    return _Round(data, rules, options).run()


def format_round(result: RoundResult) -> str:
    """Plain-text ledger for the terminal."""
    def num(x):
        return str(int(x)) if float(x).is_integer() else f"{x:.2f}"

    lines = [f"Rules: {result.rules}"]
    for w in result.wins:
        how = "self-drawn" if w["self_drawn"] else f"on {w['from']}'s discard"
        names = ", ".join(f["name"] + (f" x{f['count']}" if f["count"] > 1 else "") for f in w["fans"])
        lines.append(f"Event {w['event']}: {w['player']} wins {how}: {names} = {w['total']} "
                     f"{w['unit']}, {num(w['per_payer'])} per payer")
    for seat, st in result.end.items():
        extra = f" on {' '.join(st['waits'])}" if st["waits"] else ""
        lines.append(f"End of wall: {seat} is {st['status']}{extra}")
    lines.append("Ledger:")
    for p, e in zip(result.ledger, result.events_of, strict=True):
        lines.append(f"  [{e}] {p.payer} pays {p.payee} {num(p.amount)}: {p.reason}")
    net = result.net
    lines.append("Net: " + "  ".join(f"{s} {'+' if net[s] > 0 else ''}{num(net[s])}" for s in SEATS))
    lines.extend(f"Note: {note}" for note in result.notes)
    return "\n".join(lines)
