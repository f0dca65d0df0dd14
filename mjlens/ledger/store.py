"""Tables and their hands in SQL. Every add, undo and correction is one transaction that first
locks the table (SQLite: BEGIN IMMEDIATE; PostgreSQL: SELECT ... FOR UPDATE), so two phones
adding a hand at the same moment both land, one after the other, and a process killed mid-write
leaves the ledger as it was. Totals are never stored: they are the sum of the hands' payments.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, delete, event, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from mjlens.ledger import game, sticks, tenpai
from mjlens.ledger.schema import game_table, hand_record
from mjlens.ledger.words import LedgerError
from mjlens.ledger.words import M as W

URL_ENV = "MJLENS_LEDGER_URL"
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud across a table


def default_url() -> str:
    """MJLENS_LEDGER_URL when set, else a SQLite file in the user's data directory."""
    if os.environ.get(URL_ENV):
        return os.environ[URL_ENV]
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("mjlens", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ledger.sqlite'}"


@dataclass
class Entry:
    """One hand as a player gives it: `kind` hand | round | draw; `hand` the hand JSON, or
    `round` the round JSON of `mjlens settle`; `winner` / `discarder` player indexes (None: from
    the hand's seat winds); `dealer` sets this hand's dealer (the table says who deals), and
    `round_wind` its prevailing wind (riichi hands kept before the ledger moved the riichi deal,
    migration 0003); `tenpai` who was tenpai at a drawn hand (mjlens.ledger.tenpai; None: not
    said)."""

    kind: str
    source: str
    hand: dict[str, Any] | None = None
    round: dict[str, Any] | None = None
    winner: int | None = None
    discarder: int | None = None
    dealer: int | None = None
    reading: dict[str, Any] | None = None
    riichi: list[int] | None = None  # who declared riichi this hand (mjlens.ledger.sticks)
    tenpai: list[int] | None = None
    round_wind: str | None = None
    # a round's: the player sitting East when its seats were written (game.reseated); None for
    # rounds kept before the ledger recorded it, read at the seats of their deal
    east: int | None = None

    def to_json(self) -> dict[str, Any]:
        out = {"kind": self.kind, "source": self.source, "hand": self.hand, "round": self.round,
               "winner": self.winner, "discarder": self.discarder, "dealer": self.dealer}
        if self.riichi:
            out["riichi"] = list(self.riichi)
        if self.tenpai is not None:  # an empty list says nobody was tenpai
            out["tenpai"] = list(self.tenpai)
        if self.round_wind is not None:
            out["round_wind"] = self.round_wind
        if self.east is not None:
            out["east"] = self.east
        return out

    @classmethod
    def from_record(cls, entry: Mapping[str, Any], reading: Any) -> Entry:
        return cls(**{k: entry.get(k) for k in ("kind", "source", "hand", "round", "winner",
                                                 "discarder", "dealer", "riichi", "tenpai",
                                                 "round_wind", "east")},
                   reading=reading)


@dataclass
class HandView:
    seq: int
    kind: str
    source: str
    dealer: int
    round_wind: str
    streak: int
    winners: list[int]
    result: dict[str, Any]
    payments: list[dict[str, Any]]
    entry: dict[str, Any]
    reading: dict[str, Any] | None
    created: datetime
    honba: int = 0  # the honba counters (本场) this hand was scored with

    @property
    def net(self) -> list[float]:
        return game.net_by_player(self.payments)


@dataclass
class TableView:
    id: int
    name: str
    code: str
    rules: str
    options: dict[str, Any]
    players: list[str]
    first_dealer: int
    first_round_wind: str
    revision: int
    hands: list[HandView] = field(default_factory=list)

    @property
    def totals(self) -> list[float]:
        total = [0.0, 0.0, 0.0, 0.0]
        for h in self.hands:
            for i, v in enumerate(h.net):
                total[i] += v
        return total

    @property
    def riichi_sticks(self) -> int:
        """The riichi sticks on the table now (mjlens.ledger.sticks)."""
        return sticks.on_table(h.payments for h in self.hands)

    @property
    def honba(self) -> int:
        """The honba counters (本场) of the next hand (game.honba_after); 0 where the rule set
        pays none."""
        return self.deal.honba if counts_honba(self.rules) else 0

    @property
    def rotation(self) -> game.Rotation:
        """How the deal moves, under the table's options (Taiwan's drawn_deal, riichi's
        game_length)."""
        return game.rotation_of(self.rules, self.options)

    @property
    def games_ended(self) -> list[int]:
        """The hands after which a game (一將, a hanchan) ended, where the rule set's game has a
        set number of rounds; the table may go on, and the ledger keeps counting."""
        winds = [h.round_wind for h in self.hands] + [self.deal.round_wind]
        return game.game_ends(winds, self.rotation.rounds)

    @property
    def deal(self) -> game.Deal:
        """The deal of the next hand."""
        if not self.hands:
            return game.Deal(self.first_dealer, self.first_round_wind)
        return _deal_after(self.hands[-1], self.rotation)

    @property
    def seats(self) -> game.Seats:
        """Who sits at which seat wind at the next hand (RuleSet.seats_from)."""
        return game.seats_for(self.rules, self.deal, self.first_dealer)

    def player_index(self, name: str) -> int:
        for i, p in enumerate(self.players):
            if p.casefold() == name.strip().casefold():
                return i
        raise LedgerError(W("no_player", name=name, players=tuple(self.players)))


def _deal_after(h: HandView, rotation: game.Rotation) -> game.Deal:
    before = game.Deal(h.dealer, h.round_wind, h.streak, h.entry.get("_passes", 0), h.honba)
    return game.next_deal(before, rotation, h.winners, h.entry.get("_discarder"),
                          h.entry.get("tenpai"))


class Ledger:
    """The ledger at one database URL."""

    def __init__(self, url: str | None = None):
        self.url = url or default_url()
        self.engine = _engine(self.url)
        _upgrade(self.engine)

    # -- tables ------------------------------------------------------------------------------
    def new_table(self, name: str, players: Sequence[str], rules: str,
                  options: Mapping[str, Any] | None = None, dealer: int = 0,
                  round_wind: str = "E") -> TableView:
        from scoring.hand import HandError
        from scoring.ruleset import get_ruleset

        name = name.strip()
        names = [p.strip() for p in players]
        if not name:
            raise LedgerError(W("no_name"))
        if len(names) != 4 or not all(names) or len({n.casefold() for n in names}) != 4:
            raise LedgerError(W("four_players", given=tuple(names) or "-"))
        try:
            resolved = get_ruleset(rules).resolve_options(options)
        except HandError as exc:
            raise LedgerError(exc.msg) from None
        given = {k: resolved[k] for k in (options or {})}
        for _ in range(20):
            code = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(6))
            try:
                with self._write() as conn:
                    if conn.execute(select(game_table.c.id).where(
                            game_table.c.name == name)).first():
                        raise LedgerError(W("table_exists", name=name))
                    conn.execute(insert(game_table).values(
                        name=name, code=code, rules=rules, options=given, players=names,
                        first_dealer=dealer, first_round_wind=round_wind, revision=0,
                        created=datetime.now(UTC)))
                return self.table(name)
            except IntegrityError:  # the same name from another phone, or a code drawn twice
                if self._find_id(name) is not None:
                    raise LedgerError(W("table_exists", name=name)) from None
        raise LedgerError(W("table_exists", name=name))

    def tables(self) -> list[TableView]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(game_table).order_by(game_table.c.created)).mappings().all()
            return [self._view(conn, r) for r in rows]

    def table(self, name_or_code: str) -> TableView:
        with self.engine.connect() as conn:
            row = self._row(conn, name_or_code)
            return self._view(conn, row)

    def revision(self, name_or_code: str) -> int:
        """Bumped by every write: a page polls it to refresh only when a hand was added."""
        with self.engine.connect() as conn:
            return self._row(conn, name_or_code)["revision"]

    # -- hands -------------------------------------------------------------------------------
    def add(self, name_or_code: str, entry: Entry) -> HandView:
        with self._write() as conn:
            view = self._locked(conn, name_or_code)
            _check_new(view, entry)
            record = _scored(view, entry, view.deal, len(view.hands) + 1, view.riichi_sticks)
            conn.execute(insert(hand_record).values(table_id=view.id, **record))
            _bump(conn, view.id)
        return self.table(view.name).hands[-1]

    def preview(self, name_or_code: str, entry: Entry) -> HandView:
        """The hand as `add` would record it now, stored nowhere: the scoring page's Add to table
        box shows it scored with the table's honba and riichi sticks (another phone may still
        add a hand first; `add` scores it again)."""
        view = self.table(name_or_code)
        _check_new(view, entry)
        return _as_view(_scored(view, entry, view.deal, len(view.hands) + 1, view.riichi_sticks))

    def undo(self, name_or_code: str, seq: int | None = None) -> HandView:
        """Remove the last hand; with `seq`, only if that is still the last one (a phone undoes
        the hand it shows, never one another phone added since)."""
        with self._write() as conn:
            view = self._locked(conn, name_or_code)
            if not view.hands:
                raise LedgerError(W("nothing_to_undo", name=view.name))
            last = view.hands[-1]
            if seq is not None and last.seq != seq:
                raise LedgerError(W("undo_moved", name=view.name, seq=seq, last=last.seq))
            conn.execute(delete(hand_record).where(hand_record.c.table_id == view.id,
                                                   hand_record.c.seq == last.seq))
            _bump(conn, view.id)
        return last

    def undo_step(self, name_or_code: str, seq: int, revision: int) -> HandView:
        """Take the last step off the last hand, a 血战到底 round that grew on the table (its
        last win, or its end of the wall: mjlens.ledger.blood.last_step), the rest staying;
        only if the table is still at `revision` (the step this phone shows)."""
        from mjlens.ledger.blood import last_step, without_last_step

        with self._write() as conn:
            view = self._locked(conn, name_or_code)
            last = view.hands[-1] if view.hands else None
            if view.revision != revision or last is None or last.seq != seq:
                raise LedgerError(W("step_moved", name=view.name, seq=seq))
            if last_step(last) is None:
                raise LedgerError(W("one_step", seq=seq))
            self._correct(conn, view, seq, without_last_step(view, last))
        return self.table(view.name).hands[-1]

    def correct(self, name_or_code: str, seq: int, entry: Entry,
                revision: int | None = None) -> TableView:
        """Replace hand `seq`; every later hand is scored again at its new deal (a different
        winner moves the deal, and with it the later hands' seats). With `revision`, only if
        the table is still at it (a phone corrects the hands it shows, never a table another
        phone changed since)."""
        with self._write() as conn:
            view = self._locked(conn, name_or_code)
            if revision is not None and view.revision != revision:
                raise LedgerError(W("fix_moved", name=view.name, seq=seq))
            self._correct(conn, view, seq, entry)
        return self.table(view.name)

    def add_winner(self, name_or_code: str, entry: Entry) -> HandView:
        """Another winner in the last hand (血战到底, mjlens.ledger.blood): the last hand and
        this win are settled again as one round, in the same transaction that reads them."""
        from mjlens.ledger.blood import joined

        with self._write() as conn:
            view = self._locked(conn, name_or_code)
            self._correct(conn, view, len(view.hands), joined(view, entry))
        return self.table(view.name).hands[-1]

    def end_wall(self, name_or_code: str, hands: Mapping[int, Mapping[str, Any]],
                 join: bool) -> HandView:
        """The wall ran out (血战到底, mjlens.ledger.blood.wall_end): with `join` the last hand
        ends there, else a new hand nobody won; the players still in give their tiles (`hands`),
        and 查花猪 and 查叫 are paid."""
        from mjlens.ledger.blood import wall_end

        return self._grow(name_or_code, lambda view: wall_end(view, hands, join), join)

    def add_kong(self, name_or_code: str, kong: Mapping[str, Any], join: bool) -> HandView:
        """A kong and its rain money (刮风下雨, mjlens.ledger.blood.with_kong): with `join` in
        the last hand, which goes on, else in a new hand that starts with it."""
        from mjlens.ledger.blood import with_kong

        return self._grow(name_or_code, lambda view: with_kong(view, kong, join), join)

    def _grow(self, name_or_code: str, step, join: bool) -> HandView:
        """The last hand with `step(view)` in it (`join`), or a new hand of it, in one
        transaction."""
        with self._write() as conn:
            view = self._locked(conn, name_or_code)
            entry = step(view)
            if join:
                self._correct(conn, view, len(view.hands), entry)
            else:
                record = _scored(view, entry, view.deal, len(view.hands) + 1, view.riichi_sticks)
                conn.execute(insert(hand_record).values(table_id=view.id, **record))
                _bump(conn, view.id)
        return self.table(view.name).hands[-1]

    def _correct(self, conn: Connection, view: TableView, seq: int, entry: Entry) -> None:
        if not 1 <= seq <= len(view.hands):
            raise LedgerError(W("no_hand", seq=seq, name=view.name, count=len(view.hands)))
        _check_new(view, entry)
        deal = (_deal_after(view.hands[seq - 2], view.rotation) if seq > 1
                else game.Deal(view.first_dealer, view.first_round_wind))
        entries = [entry] + [Entry.from_record(h.entry, h.reading) for h in view.hands[seq:]]
        pot = sticks.on_table(h.payments for h in view.hands[:seq - 1])
        for n, e in enumerate(entries, seq):
            record = _scored(view, e, deal, n, pot)
            pot = sticks.on_table([record["payments"]], pot)
            conn.execute(update(hand_record).where(
                hand_record.c.table_id == view.id, hand_record.c.seq == n).values(**record))
            deal = _deal_after(_as_view(record), view.rotation)
        _bump(conn, view.id)

    # -- plumbing ----------------------------------------------------------------------------
    @contextmanager
    def _write(self):
        with self.engine.connect().execution_options(mjlens_write=True) as conn, conn.begin():
            yield conn

    def _find_id(self, name_or_code: str) -> int | None:
        with self.engine.connect() as conn:
            try:
                return self._row(conn, name_or_code)["id"]
            except LedgerError:
                return None

    def _row(self, conn: Connection, name_or_code: str, lock: bool = False):
        key = name_or_code.strip()
        q = select(game_table).where((game_table.c.name == key)
                                     | (game_table.c.code == key.upper()))
        if lock:
            q = q.with_for_update()
        row = conn.execute(q).mappings().first()
        if row is None:
            raise LedgerError(W("no_table", name=key))
        return row

    def _locked(self, conn: Connection, name_or_code: str) -> TableView:
        return self._view(conn, self._row(conn, name_or_code, lock=True))

    def _view(self, conn: Connection, row) -> TableView:
        hands = conn.execute(select(hand_record).where(hand_record.c.table_id == row["id"])
                             .order_by(hand_record.c.seq)).mappings().all()
        view = TableView(row["id"], row["name"], row["code"], row["rules"], dict(row["options"]),
                         list(row["players"]), row["first_dealer"], row["first_round_wind"],
                         row["revision"])
        view.hands = [_as_view(h) for h in hands]
        return view


def _as_view(h: Mapping[str, Any]) -> HandView:
    return HandView(h["seq"], h["kind"], h["source"], h["dealer"], h["round_wind"], h["streak"],
                    list(h["winners"]), dict(h["result"]), list(h["payments"]), dict(h["entry"]),
                    h["reading"], h["created"], h["honba"])


def _bump(conn: Connection, table_id: int) -> None:
    conn.execute(update(game_table).where(game_table.c.id == table_id)
                 .values(revision=game_table.c.revision + 1))


def _check_new(view: TableView, entry: Entry) -> None:
    """What a hand being added or corrected must agree with (hands stored before a check was
    added are scored again as they are): a riichi declarer was tenpai at a drawn hand."""
    tenpai.check_declarers(entry.tenpai, entry.riichi, view.players)


def _scored(view: TableView, entry: Entry, deal: game.Deal, seq: int,
            pot: int = 0) -> dict[str, Any]:
    """The row of hand `seq` scored at `deal` with `pot` riichi sticks on the table: result,
    payments by player, winners."""
    from mjlens.ledger.scoring_entry import score_entry

    if entry.dealer is not None and entry.dealer != deal.dealer:
        deal = game.Deal(entry.dealer, deal.round_wind, 0, deal.passes, deal.honba)
    if entry.round_wind is not None:
        deal = replace(deal, round_wind=entry.round_wind)
    entry = replace(entry, tenpai=tenpai.check(view.rules, entry.kind, entry.tenpai))
    deal = replace(deal, honba=_honba_given(entry, deal.honba) if counts_honba(view.rules) else 0)
    seats = game.seats_for(view.rules, deal, view.first_dealer)
    if entry.kind == "round" and entry.east is None:  # its seats are this deal's, as written
        entry = replace(entry, east=seats.east)
    result, payments, winners, discarder = score_entry(view.rules, view.options, entry, deal,
                                                       seats, pot, view.players)
    stored = entry.to_json()
    if entry.kind == "hand":  # whom the hand's seat winds named at this deal: a correction
        # that moves the deal re-scores it with the same players, not whoever sits there then
        stored["winner"], stored["discarder"] = winners[0], discarder
    stored["_passes"] = deal.passes
    stored["_discarder"] = discarder
    return {"seq": seq, "kind": entry.kind, "source": entry.source, "entry": stored,
            "dealer": deal.dealer, "round_wind": deal.round_wind, "streak": deal.streak,
            "honba": deal.honba, "result": result, "payments": payments, "winners": winners,
            "reading": entry.reading, "created": datetime.now(UTC)}


def counts_honba(rules: str) -> bool:
    """Whether a table playing `rules` counts honba (本场): its hands read the field `honba`."""
    from scoring.ruleset import get_ruleset

    return "honba" in get_ruleset(rules).field_names


def _honba_given(entry: Entry, honba: int) -> int:
    """The hand's own `honba` where the player gave it (the table counts on from there), else
    the table's count."""
    given = (entry.hand or {}).get("honba") if entry.kind == "hand" else None
    return given if isinstance(given, int) and not isinstance(given, bool) and given >= 0 \
        else honba


def _engine(url: str) -> Engine:
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn, _record):  # SQLAlchemy's recipe: we, not pysqlite, begin
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        if ":memory:" not in url:
            cur.execute("PRAGMA journal_mode=WAL")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn):  # a write takes the lock at once, so two writers queue instead of failing
        write = conn.get_execution_options().get("mjlens_write")
        conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")

    return engine


def _upgrade(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (first use creates it)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    with engine.connect().execution_options(mjlens_write=True) as conn, conn.begin():
        if engine.dialect.name == "postgresql":  # two servers starting at once
            conn.exec_driver_sql("SELECT pg_advisory_xact_lock(20261201)")
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


__all__ = ["Entry", "HandView", "Ledger", "TableView", "default_url"]
