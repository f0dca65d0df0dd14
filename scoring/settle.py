"""Whole-round settlement: rain money for kongs (刮风下雨), every win (一炮多响 included), 杠上炮's
transfer, and at the end of the wall 查花猪, 查叫 and the refund of rain money by players who are
not ready. Every payment goes into a ledger with its reason (a `Msg`).

The round is a JSON object (format in docs/sichuan.md). This module only walks the events; what
the game does at each comes from the rule set: who pays a win and how much from its `score`
(through scoring.payments), everything else from its round profile, `RuleSet.settlement`.

A round profile (see `RoundProfile`; the Sichuan family's is sichuan_common.BloodBattle) has:

* `game`: the game's name as a message parameter (`Text`);
* `one_winner` (optional, default False): only the player nearest after the discarder wins
  on a discard; other claimants listed are checked, not paid (Wuhu: "只能有一个成牌，如有多人成牌，
  则离点炮最近的人先成牌"); a function of the resolved options where an option decides it;
* `winners_leave`: True for 血战到底 (a winner leaves, play goes on until three have won; later
  events neither charge nor pay them, seed Ⅵ-3: "先和牌者不受他和牌之後發生的結算事件影響");
  False where the first win (one discard may win several players) ends the round;
* `check_kong_tile(tile)`, `check_missing_suit(seat, value)`, `check_final_hand(hand)`: raise
  `HandError` for what the game cannot hold;
* `rain(kind, options) -> (who, amount) | None`: what a kong of `kind` (concealed, exposed,
  added) collects at once, from `"all"` players still in or the `"discarder"` (for an added
  kong: the player its pung came from, the event's `from`); None: nothing;
* `kong_discard(options) -> "transfer" | "refund" | "keep"`: where a kong's rain money goes on
  杠上炮 (keep: it stays paid, as in Nanning's 杠錢照算);
* `end_status(hand, options) -> EndStatus`: flower pig, ready (with the best win, whose
  `extra["per_payer"]` each player who is not ready pays) or not ready, at the end of the wall
  (a game without 查叫 reports every hand not ready: the end of the wall then pays nothing);
* `flower_pig_penalty(options)`: what a flower pig pays each other player still in.

Optional (read with defaults): `several_winners` ("all": every claimant of one discard wins,
一炮多响; "biggest": only the biggest hand wins, 截胡; default "all") and `refund_rain` (whether a
player not ready at the end of the wall returns the kong money they hold; default True) and
`rain_words` (kong money named 刮风 / 下雨, blood battle's words, or else 杠钱; default True) and
`final_hands_needed` (False where the end of the wall pays nothing whatever the hands, so a
drawn round need not list them; default True).

The rule set's `score(hand, options)` must read the hand fields `discarder` and, when winners
leave, `players_in`, which the round fills in (and, if it reads them, `discard_after_kong` and
`one_discard_winners`, the number of players winning on one discard); its result's `extra`
carries `per_payer` and `multiplier`.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from scoring import tiles as T
from scoring.hand import Hand, HandError
from scoring.hant import HANT
from scoring.messages import Msg, Text, Tile, as_input, render_all
from scoring.notation import parse_tiles
from scoring.payments import seat_code
from scoring.ruleset import SEATS, Payment, ScoreResult, all_rulesets, get_ruleset, net_of
from scoring.settle_messages import M
from scoring.units import amount

EVENT_TYPES = ("kong", "win", "wall_end")
# the fields each event reads: any other is refused (a misspelt "after_kong" would be lost)
EVENT_KEYS = {"kong": {"type", "player", "kind", "tile", "from", "immediate"},
              "win": {"type", "player", "hand", "from", "after_kong"},
              "several_wins": {"type", "winners", "from", "after_kong"},
              "winner": {"player", "hand"},
              "wall_end": {"type"}}
KONG_KINDS = ("concealed", "exposed", "added")
ROUND_KEYS = {"rules", "options", "dealer", "missing_suits", "events", "hands"}
ENGINE_FIELDS = ("discarder", "players_in")


@dataclass(frozen=True)
class EndStatus:
    """A player's state when the wall runs out: flower pig, ready (with the best win) or not."""

    flower_pig: bool
    ready: bool
    best: ScoreResult | None
    waits: tuple[str, ...] = ()


class RoundProfile(Protocol):
    """What a rule set tells the settlement engine (see the module docstring)."""

    game: Text
    winners_leave: bool

    def check_kong_tile(self, tile: str) -> None: ...
    def check_missing_suit(self, seat: str, value: Any) -> None: ...
    def check_final_hand(self, hand: Hand) -> None: ...
    def rain(self, kind: str, options: Mapping[str, Any]) -> tuple[str, float] | None: ...
    def kong_discard(self, options: Mapping[str, Any]) -> str: ...
    def end_status(self, hand: Hand, options: Mapping[str, Any]) -> EndStatus: ...
    def flower_pig_penalty(self, options: Mapping[str, Any]) -> float: ...


def settlement_for(rules: str) -> RoundProfile:
    """The round profile of a rule set, from the registry (`RuleSet.settlement`)."""
    profile = get_ruleset(rules).settlement  # an unknown id gets the registry's message
    if profile is None:
        found = sorted(rs.id for rs in all_rulesets().values() if rs.settlement is not None)
        raise HandError(M("no_settlement", rules=rules, known=tuple(found)))
    return profile


def value_of(result: ScoreResult) -> Text:
    """`3 fan` / `3番`: a hand's total in its rule set's unit."""
    return amount(result.total, result.unit)


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
    notes: list[Msg] = field(default_factory=list)

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
            "notes": render_all(self.notes, "en"),
            "notes_zh": render_all(self.notes, "zh"),
            "notes_zh_hant": render_all(self.notes, HANT),
        }


def _seat(value: Any, what: Msg) -> str:
    if value not in SEATS:
        raise HandError(M("bad_seat", what=what, value=as_input(value)))
    return value


def _check_keys(ev: Mapping[str, Any], kind: str, n: int) -> None:
    unknown = set(ev) - EVENT_KEYS[kind]
    if unknown:
        raise HandError(M("unknown_event_fields", n=n, names=tuple(sorted(map(str, unknown))),
                          known=tuple(sorted(EVENT_KEYS[kind]))))


def _flag(value: Any, message: Msg) -> bool:
    if not isinstance(value, bool):
        raise HandError(message)
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
        self.dealer = _seat(data.get("dealer", "E"), M("what_dealer"))
        self.missing = data.get("missing_suits") or {}
        if not isinstance(self.missing, Mapping):
            raise HandError(M("missing_suits_shape"))
        for s, suit in self.missing.items():
            _seat(s, M("what_missing_key"))
            self.profile.check_missing_suit(s, suit)
        self.result = RoundResult(rules, dict(self.opts))
        self.won: dict[str, int] = {}
        self.kongs: list[Kong] = []
        self.hands: dict[str, tuple[int, Hand]] = {}  # final or winning hand of each player
        self.multi_discards: list[tuple[str, int]] = []  # (tile, winners) of 一炮多响
        self.over: Msg | None = None

    # ---- helpers ------------------------------------------------------------------------------
    def still_in(self) -> list[str]:
        return [s for s in SEATS if s not in self.won]

    def _check_in(self, seat: str, n: int, doing: str) -> None:
        if seat in self.won:
            raise HandError(M("out_of_round", n=n, seat=seat_code(seat), at=self.won[seat],
                              doing=M(doing)))

    def _with_extra(self, hand: Hand, **fields: Any) -> Hand:
        wanted = {k: v for k, v in fields.items() if k in self.ruleset.field_names}
        if not wanted:
            return hand
        return replace(hand, context=replace(hand.context, extra=dict(hand.context.extra, **wanted)))

    def _hand(self, raw: Any, seat: str, n: int) -> Hand:
        if not isinstance(raw, Mapping):
            raise HandError(M("hand_not_object", n=n, seat=seat_code(seat)))
        for name in ENGINE_FIELDS:
            if name in raw:
                raise HandError(M("engine_field", n=n, name=name, seat=seat_code(seat)))
        if raw.get("seat_wind", seat) != seat:
            raise HandError(M("seat_wind_differs", n=n, seat=seat_code(seat),
                              wind=raw["seat_wind"]))
        try:
            hand = Hand.from_json(raw)
        except HandError as exc:
            raise HandError(M("in_hand", n=n, seat=seat_code(seat), error=exc.msg)) from None
        extra = dict(hand.context.extra)
        if seat in self.missing:
            if extra.get("missing_suit", self.missing[seat]) != self.missing[seat]:
                raise HandError(M("missing_suit_differs", n=n, seat=seat_code(seat)))
            extra["missing_suit"] = self.missing[seat]
        if "dealer" in self.ruleset.field_names:
            if extra.get("dealer", self.dealer) not in (None, self.dealer):
                raise HandError(M("dealer_differs", n=n, seat=seat_code(seat),
                                  given=as_input(extra["dealer"]), dealer=seat_code(self.dealer)))
            extra["dealer"] = self.dealer
        hand = replace(hand, context=replace(hand.context, seat_wind=seat, extra=extra))
        self.ruleset.check_extra_fields(hand)
        return hand

    # ---- events -------------------------------------------------------------------------------
    def run(self) -> RoundResult:
        unknown = set(self.data) - ROUND_KEYS
        if unknown:
            raise HandError(M("unknown_round_fields", names=tuple(sorted(unknown))))
        events = self.data.get("events")
        if not isinstance(events, list) or not events:
            raise HandError(M("no_events"))
        for n, ev in enumerate(events, 1):
            if not isinstance(ev, Mapping) or ev.get("type") not in EVENT_TYPES:
                raise HandError(M("bad_event", n=n))
            _check_keys(ev, "several_wins" if "winners" in ev else ev["type"], n)
            if self.over:
                raise HandError(M("over", n=n, why=self.over))
            prev = events[n - 2] if n > 1 else None
            getattr(self, f"_{ev['type']}")(ev, n, prev)
        if self.data.get("hands") and self.over != M("over_wall"):
            raise HandError(M("hands_without_wall_end"))
        if not self.over:
            self.result.notes.append(M("unfinished" if self.profile.winners_leave
                                       else "unfinished_one_win"))
        self._check_tiles()
        return self.result

    def _kong(self, ev: Mapping[str, Any], n: int, prev) -> None:
        player = _seat(ev.get("player"), M("what_kong_player", n=n))
        self._check_in(player, n, "doing_kong")
        kind = ev.get("kind")
        if kind not in KONG_KINDS:
            raise HandError(M("bad_kong_kind", n=n, kind=as_input(kind)))
        tile = ev.get("tile")
        if not isinstance(tile, str) or not T.is_tile(tile):
            raise HandError(M("bad_tile", n=n, tile=as_input(tile)))
        try:
            self.profile.check_kong_tile(tile)
        except HandError as exc:
            raise HandError(M("event_error", n=n, error=exc.msg)) from None
        source = ev.get("from")
        if kind == "exposed" or (kind == "added" and source is not None):
            source = _seat(source, M("what_kong_from", n=n))
            if source == player:
                raise HandError(M("kong_own_tile", n=n))
            if kind == "exposed":
                self._check_in(source, n, "doing_discard")
        elif source is not None:
            raise HandError(M("kong_from_only_exposed", n=n))
        immediate = _flag(ev.get("immediate", True), M("bad_immediate", n=n))
        kong = Kong(n, player, tile, kind, [])
        self.kongs.append(kong)
        charge = self.profile.rain(kind, self.opts)
        if charge is None:
            return
        if kind == "added" and not immediate:
            self.result.notes.append(M("not_immediate", n=n, seat=seat_code(player), tile=tile))
            return
        who, amount = charge
        if who == "discarder" and source is None:
            raise HandError(M("added_needs_from", n=n, game=self.profile.game))
        payers = [source] if who == "discarder" else [s for s in self.still_in() if s != player]
        # 刮风下雨 is blood battle's word for kong money; other games say 杠钱
        word = (M("rain" if kind == "concealed" else "wind")
                if getattr(self.profile, "rain_words", True) else M("kong_money_word"))
        reason = M("rain_money", wind=word, seat=seat_code(player), kind=M(f"kong_{kind}"),
                   tile=tile)
        for p in payers:
            pay = Payment(p, player, amount, reason)
            kong.held.append(pay)
            self.result.pay(n, pay)

    def _winners(self, ev: Mapping[str, Any], n: int) -> tuple[list[Mapping], list[str], str | None]:
        """The win event's entries, winners' seats and discarder, checked."""
        if "winners" in ev:
            entries = ev["winners"]
            if not isinstance(entries, list) or not entries:
                raise HandError(M("bad_winners", n=n))
        else:
            entries = [{"player": ev.get("player"), "hand": ev.get("hand")}]
        seats = []
        for e in entries:
            if not isinstance(e, Mapping):
                raise HandError(M("winner_not_object", n=n))
            _check_keys(e, "winner", n)
            seat = _seat(e.get("player"), M("what_winner", n=n))
            self._check_in(seat, n, "doing_win")
            if seat in seats:
                raise HandError(M("winner_twice", n=n, seat=seat_code(seat)))
            seats.append(seat)
        discarder = ev.get("from")
        if discarder is not None:
            discarder = _seat(discarder, M("what_discarder", n=n))
            self._check_in(discarder, n, "doing_discard")
            if discarder in seats:
                raise HandError(M("own_discard", n=n, seat=seat_code(discarder)))
        elif len(seats) > 1:
            raise HandError(M("several_need_from", n=n))
        one_winner = getattr(self.profile, "one_winner", False)
        if callable(one_winner):  # decided by an option (Taiwanese 一炮多響)
            one_winner = one_winner(self.opts)
        if len(seats) > 1 and one_winner:
            # only the nearest after the discarder wins; the others' hands are still checked
            nearest = min(seats, key=lambda s: (SEATS.index(s) - SEATS.index(discarder)) % 4)
            hands = [self._scored(e.get("hand"), seat, discarder, False, n, 1)[0]
                     for e, seat in zip(entries, seats, strict=True)]
            self._claimants_shown(hands, seats, nearest, n)
            # the rule text's words, where the profile quotes its own (Wuhu's is the default)
            rule = getattr(self.profile, "one_winner_rule", "只能有一个成牌")
            self.result.notes.append(M("one_winner_only", n=n, game=self.profile.game, rule=rule,
                                       seat=seat_code(nearest),
                                       others=[seat_code(s) for s in seats if s != nearest]))
            keep = seats.index(nearest)
            return [entries[keep]], [nearest], discarder
        return entries, seats, discarder

    def _win(self, ev: Mapping[str, Any], n: int, prev) -> None:
        entries, seats, discarder = self._winners(ev, n)
        after_kong = _flag(ev.get("after_kong", False), M("bad_after_kong", n=n))
        if after_kong and (discarder is None or not prev or prev.get("type") != "kong"
                           or prev.get("player") != discarder):
            raise HandError(M("after_kong_needs_kong", n=n))
        self._robbed(entries, discarder, prev, n, after_kong)
        if len(seats) > 1 and getattr(self.profile, "several_winners", "all") == "biggest":
            entries, seats = self._cut_off(entries, seats, discarder, after_kong, n)
        tiles = {self._score_win(e.get("hand"), seat, discarder, after_kong, n, len(seats))
                 for e, seat in zip(entries, seats, strict=True)}
        if len(seats) > 1:
            if len(tiles) != 1:
                raise HandError(M("same_tile", n=n))
            self.multi_discards.append((tiles.pop(), len(seats)))
        if after_kong:
            self._kong_discard(self.kongs[-1], seats, n)
        for seat in seats:
            self.won[seat] = n
        if not self.profile.winners_leave:
            self.over = M("over_won")
        elif len(self.won) >= 3:
            self.over = M("over_three_won")

    def _scored(self, raw: Any, seat: str, discarder: str | None, after_kong: bool, n: int,
                winners: int) -> tuple[Hand, ScoreResult]:
        """One winner's hand and its score by the rule set (nothing paid yet)."""
        if isinstance(raw, Mapping) and "self_drawn" in raw and raw["self_drawn"] != (discarder is None):
            key = "self_drawn_but_from" if discarder else "discard_but_no_from"
            raise HandError(M(key, n=n, seat=seat_code(seat), value=raw["self_drawn"]))
        hand = self._hand(raw, seat, n).with_context(self_drawn=discarder is None)
        hand = self._with_extra(hand, discard_after_kong=True) if after_kong else hand
        hand = self._with_extra(hand, one_discard_winners=winners) if winners > 1 else hand
        # who pays is the rule set's own answer (scoring.payments), told who is still in
        scored = self._with_extra(hand, players_in=self.still_in())
        scored = self._with_extra(scored, discarder=discarder) if discarder else scored
        try:
            return hand, self.ruleset.score(scored, self.opts)
        except HandError as exc:
            raise HandError(M("winning_hand", n=n, seat=seat_code(seat), error=exc.msg)) from None

    def _cut_off(self, entries, seats: list[str], discarder: str, after_kong: bool,
                 n: int) -> tuple[list, list[str]]:
        """截胡: of several claimants of one discard only the biggest hand wins (the most each
        payer pays; on a tie the first after the discarder in playing order)."""
        order = {s: (SEATS.index(s) - SEATS.index(discarder)) % 4 for s in seats}
        best = None
        hands = []
        for e, seat in zip(entries, seats, strict=True):
            hand, result = self._scored(e.get("hand"), seat, discarder, after_kong, n, 1)
            hands.append(hand)
            key = (result.extra["per_payer"], -order[seat])
            if best is None or key > best[0]:
                best = (key, e, seat, result)
        _, entry, seat, result = best
        self._claimants_shown(hands, seats, seat, n)
        others = [seat_code(s) for s in seats if s != seat]
        self.result.notes.append(M("cut_off", n=n, winner=seat_code(seat), value=value_of(result),
                                   others=others))
        return [entry], [seat]

    def _claimants_shown(self, hands: list[Hand], seats: list[str], winner: str, n: int) -> None:
        """Several claimants of one discard of whom one wins (截胡, or the nearest after the
        discarder): they all claim the one tile discarded, and the hands of those who lose it are
        shown too, so the round counts their tiles (its copy check)."""
        if len({h.win_tile for h in hands}) != 1:
            raise HandError(M("same_tile", n=n))
        for hand, seat in zip(hands, seats, strict=True):
            if seat != winner:
                self.hands[seat] = (n, hand)
        self.multi_discards.append((hands[0].win_tile, len(hands)))

    def _score_win(self, raw: Any, seat: str, discarder: str | None, after_kong: bool,
                   n: int, winners: int = 1) -> str:
        """One winner's hand scored by the rule set, its payments into the ledger; returns the
        winning tile."""
        hand, result = self._scored(raw, seat, discarder, after_kong, n, winners)
        self.hands[seat] = (n, hand)
        for p in result.payments:
            self.result.pay(n, p)
        self.result.wins.append({
            "event": n, "player": seat, "from": discarder, "self_drawn": discarder is None,
            "total": result.total, "unit": result.unit,
            "multiplier": result.extra["multiplier"], "per_payer": result.extra["per_payer"],
            "fans": [f.to_json() for f in result.fans], "arrangement": result.arrangement,
            "payer_amounts": {p.payer: p.amount for p in result.payments},
        })
        return hand.win_tile

    def _robbed(self, entries, discarder: str | None, prev, n: int, after_kong: bool) -> None:
        """抢杠: a robbed kong never happens. When the round lists the added kong right before the
        robbing win, its rain money is taken back out of the ledger."""
        robbing = [isinstance(e.get("hand"), Mapping) and e["hand"].get("robbing_kong") is True
                   for e in entries]
        if not any(robbing):
            return
        if not all(robbing):
            raise HandError(M("every_winner_robs", n=n))
        if after_kong:
            raise HandError(M("robbed_after_kong", n=n))
        if discarder is None:
            raise HandError(M("robbing_needs_from", n=n))
        if prev and prev.get("type") == "kong" and prev.get("player") == discarder:
            kong = self.kongs[-1]
            if kong.kind != "added":
                raise HandError(M("only_added_robbed", n=n, at=kong.event,
                                  kind=M(f"kong_{kong.kind}")))
            keep = [(p, e) for p, e in zip(self.result.ledger, self.result.events_of, strict=True)
                    if e != kong.event]
            self.result.ledger = [p for p, _ in keep]
            self.result.events_of = [e for _, e in keep]
            self.kongs.pop()
            self.result.notes.append(M("robbed_note", n=n, seat=seat_code(discarder),
                                       tile=kong.tile, at=kong.event))

    def _kong_discard(self, kong: Kong, winners: list[str], n: int) -> None:
        """杠上炮: the rain money of the kong just made goes to the winner(s) (each gets it in
        full, seed Ⅸ-6) or, under kong_discard=refund, back to those who paid it (seed Ⅵ-4)."""
        income = sum(p.amount for p in kong.held)
        mode = self.profile.kong_discard(self.opts)
        if not income or mode == "keep":
            return
        if mode == "transfer":
            for w in winners:
                self.result.pay(n, Payment(kong.player, w, income, M(
                    "transfer", seat=seat_code(kong.player), tile=kong.tile, winner=seat_code(w))))
        else:
            for p in kong.held:
                self.result.pay(n, Payment(kong.player, p.payer, p.amount,
                                           M("refund_kong_discard", tile=kong.tile)))
        kong.held = []

    def _final_status(self, n: int) -> dict[str, EndStatus]:
        """Each player still in at the end of the wall: their final hand's status."""
        raw_hands = self.data.get("hands") or {}
        if not isinstance(raw_hands, Mapping):
            raise HandError(M("hands_shape"))
        for seat in raw_hands:
            _seat(seat, M("what_hands_key"))
            if seat in self.won:
                raise HandError(M("hands_of_winner", seat=seat_code(seat), at=self.won[seat]))
        status = {}
        for seat in self.still_in():
            if seat not in raw_hands:
                if getattr(self.profile, "final_hands_needed", True):
                    raise HandError(M("hand_missing", seat=seat_code(seat)))
                status[seat] = EndStatus(flower_pig=False, ready=False, best=None)
                continue
            hand = self._hand(raw_hands[seat], seat, n)
            self.hands[seat] = (n, hand)
            try:
                st = self.profile.end_status(hand, self.opts)
            except HandError as exc:
                raise HandError(M("final_hand", seat=seat_code(seat), error=exc.msg)) from None
            status[seat] = st
            self.result.end[seat] = {
                "status": "flower pig" if st.flower_pig else "ready" if st.ready else "not ready",
                "waits": list(st.waits),
                "best": None if st.best is None else {
                    "total": st.best.total, "unit": st.best.unit,
                    "per_payer": st.best.extra["per_payer"], "arrangement": st.best.arrangement,
                    "fans": [f.to_json() for f in st.best.fans]},
            }
        return status

    def _wall_end(self, ev: Mapping[str, Any], n: int, prev) -> None:
        self.over = M("over_wall")
        status = self._final_status(n)
        inside = self.still_in()
        pigs = [s for s in inside if status[s].flower_pig]
        ready = [s for s in inside if status[s].ready]
        for pig in pigs:
            for other in inside:
                if other not in pigs:
                    self.result.pay(n, Payment(pig, other, self.profile.flower_pig_penalty(self.opts),
                                               M("flower_pig", seat=seat_code(pig))))
        for seat in inside:
            if seat in pigs or seat in ready:
                continue
            for r in ready:
                best = status[r].best
                self.result.pay(n, Payment(seat, r, best.extra["per_payer"], M(
                    "not_ready_pays", seat=seat_code(seat), ready=seat_code(r),
                    value=value_of(best), fans=tuple(f.name for f in best.fans))))
        if getattr(self.profile, "refund_rain", True):
            for seat in inside:
                if seat not in ready:
                    self._refund_rain(seat, n)

    def _refund_rain(self, seat: str, n: int) -> None:
        """退雨: a player not ready at the end of the wall returns the rain money they hold, to
        players still in (one who has won is unaffected by later settlement)."""
        for kong in self.kongs:
            if kong.player != seat:
                continue
            for p in kong.held:
                if p.payer not in self.won:
                    self.result.pay(n, Payment(seat, p.payer, p.amount, M(
                        "refund_not_ready", seat=seat_code(seat), tile=kong.tile)))
            kong.held = []

    # ---- consistency --------------------------------------------------------------------------
    def _drawn_tiles(self, hand: Hand) -> list[str]:
        """The tiles a hand's tile-list fields show beside it, drawn from the same wall (抓码's
        horses, 钓鱼's fish): the rule set has already checked them."""
        shown: list[str] = []
        for f in self.ruleset.fields:
            raw = hand.context.extra.get(f.name) if f.kind == "tiles" else None
            if raw:
                shown.extend(parse_tiles(raw) if isinstance(raw, str) else raw)
        return shown

    def _check_tiles(self) -> None:
        """No tile shows a fifth copy across every hand the round shows (winners, claimants who
        lost the discard, final hands), their horses and fish, and the kongs of the others."""
        counts: Counter[str] = Counter()
        for seat in SEATS:
            if seat in self.hands:
                n, hand = self.hands[seat]
                counts.update(hand.all_tiles)
                counts.update(self._drawn_tiles(hand))
                for kong in self.kongs:
                    if kong.player != seat or kong.event > n:
                        continue
                    if not any(m.is_kong and m.first == kong.tile
                               and m.concealed == (kong.kind == "concealed") for m in hand.melds):
                        kind = "concealed_kong" if kong.kind == "concealed" else "exposed_kong"
                        raise HandError(M("missing_kong", seat=seat_code(seat), tile=kong.tile,
                                          at=kong.event, n=n, kind=M(kind)))
            else:
                for kong in self.kongs:
                    if kong.player == seat:
                        counts.update([kong.tile] * 4)
        for tile, winners in self.multi_discards:
            counts[tile] -= winners - 1
        for tile, count in sorted(counts.items()):
            if count > T.copies_in_a_set(tile):
                raise HandError(M("too_many_copies", count=count, tile=Tile(tile)))


def settle_round(data: Any, rules: str | None = None,
                 options: Mapping[str, Any] | None = None) -> RoundResult:
    """Settle a whole round given as JSON data; raises HandError with a player's message."""
    if not isinstance(data, Mapping):
        raise HandError(M("not_object"))
    rules = rules or data.get("rules") or "sichuan"
    if not isinstance(rules, str):
        raise HandError(M("bad_rules"))
    return _Round(data, rules, options).run()
