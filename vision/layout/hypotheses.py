"""Every way to cut a scene's rows into standing tiles, a winning tile and declared melds, each
with its cost (gaps, the detector's doubts, the players' habits) and the hands it gives, judged
by the scorer (LayoutReader.readings). vision/layout/reader.py keeps the best of them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import tiles as T
from scoring.decompose import all_arrangements
from scoring.hand import Hand, HandError, WinContext
from vision.layout.geometry import Slot, gaps_between
from vision.layout.melds import MeldOdds, MeldReading, meld_sideways, read_meld
from vision.layout.order import is_sorted, order_cost, sortedness
from vision.layout.scene import Scene, far_side

# gap costs, in tile widths
IN_GAP = 0.22  # gaps inside a group stay below this
OUT_GAP = 0.30  # gaps between groups are at least this
IN_SLOPE, OUT_SLOPE = 8.0, 12.0
ILLEGAL = 30.0
NOT_WINNING = 6.0
STRAY = 5.0
SPLIT = 4.0  # melds on both sides of the standing tiles, or in both rows
FAR_ROW = 2.5  # melds in a row on the player's side of the standing tiles (they lie beyond)
SIDE_IN_BLOCK = 4.0  # a standing tile that looks sideways (per unit of odds over 0.3)


@dataclass
class Reading:
    cost: float
    concealed: list[Slot]
    win: Slot | None  # set apart; None: chosen among the concealed tiles
    melds: list[tuple[list[Slot], MeldReading]]
    dropped: list[Slot]
    orient: int
    notes: list
    odds: MeldOdds | None = None  # the scene's memo of meld tiles' sideways odds


def _gaps(slots: list[Slot]) -> list[float]:
    return gaps_between(slots)


def _seq_gaps(row: list[Slot]) -> tuple[list[Slot], list[float], list[Slot]]:
    """Non-flower slots of a row with the gap between each and the next (a flower in between
    counts by the largest gap along the way), and the flowers."""
    g = _gaps(row)
    idx = [i for i, s in enumerate(row) if not s.is_flower]
    seq = [row[i] for i in idx]
    gaps = [max(g[i:j]) for i, j in zip(idx[:-1], idx[1:], strict=True)]
    return seq, gaps, [s for s in row if s.is_flower]


def c_in(g: float) -> float:
    return max(0.0, g - IN_GAP) * IN_SLOPE


def c_out(g: float) -> float:
    return max(0.0, OUT_GAP - g) * OUT_SLOPE


class _RowParser:
    """Best ways to read a stretch of a row as declared melds only (cached by stretch)."""

    def __init__(self, seq: list[Slot], gaps: list[float], odds: MeldOdds):
        self.seq, self.gaps, self.odds = seq, gaps, odds
        self.cache: dict[tuple[int, int], list[tuple[float, list]]] = {}
        self.groups: dict[tuple[int, int], tuple[list[Slot], list, float]] = {}

    def may_hold(self, lo: int, left_end: int, right_start: int, hi: int, need: int,
                 counts: set[int]) -> bool:
        """Whether melds read in seq[lo:left_end] and seq[right_start:hi] (the two best ways
        of each, as LayoutReader._block_readings combines them) and `counts` melds elsewhere
        may make the `need` melds of a hand: the blocks between them that cannot are skipped
        before they are costed."""
        left = self.melds(lo, left_end)
        right = self.melds(right_start, hi) if left else None
        return bool(left and right) and any(need - len(lm) - len(rm) in counts
                                            for _, lm in left[:2] for _, rm in right[:2])

    def group(self, a: int, k: int) -> tuple[list[Slot], list, float]:
        """seq[a:a + k], its readings as one meld and the cost of its inner gaps (the same
        for every stretch that starts with it)."""
        key = (a, k)
        if key not in self.groups:
            group = self.seq[a:a + k]
            self.groups[key] = (group, read_meld(group, memo=self.odds),
                                sum(c_in(g) for g in self.gaps[a:a + k - 1]))
        return self.groups[key]

    def melds(self, a: int, b: int, keep: int = 3) -> list[tuple[float, list]]:
        """Readings of seq[a:b] as consecutive melds: [(cost, [(slots, MeldReading)])]."""
        key = (a, b)
        if key in self.cache:
            return self.cache[key]
        if a == b:
            res = [(0.0, [])]
        else:
            cands: list[tuple[float, list]] = []
            for k in (2, 3, 4):
                if a + k > b:
                    break
                group, readings, inner = self.group(a, k)
                if not readings:
                    continue
                edge = c_out(self.gaps[a + k - 1]) if a + k < b else 0.0
                rest = self.melds(a + k, b, keep)
                for r in readings:
                    for rc, rm in rest:
                        cands.append((r.cost + inner + edge + rc, [(group, r)] + rm))
            cands.sort(key=lambda x: x[0])
            res = cands[:keep]
        self.cache[key] = res
        return res


def _windowed_sideways(seq: list[Slot], odds: MeldOdds) -> list[float]:
    """Each tile's odds of lying sideways, judged as in a meld against its neighbours (the
    most telling three-tile window around it): a claimed tile among the standing tiles is
    most likely a meld that touches them."""
    out = [s.pside for s in seq]
    for a in range(len(seq) - 2):
        win = seq[a:a + 3]
        if any(s.is_back or s.is_flower for s in win):
            continue
        for k, p in enumerate(meld_sideways(win, odds)):
            out[a + k] = max(out[a + k], p)
    return out


@dataclass
class _MainRow:
    """The row holding the standing tiles, as one reading direction sees it."""

    seq: list[Slot]
    gaps: list[float]
    parser: _RowParser
    side_odds: list[float]
    orient: int


def _blocks(lo: int, hi: int, fewest_melds: int, size: int = 14):
    """Where the standing tiles may lie in seq[lo:hi]: (i0, i1, mode, melds needed besides),
    `mode` saying where the winning tile is (inside the block, or set apart after / before
    it); a hand has `size` tiles (14, or 17 in 16-tile games) without its kongs' fourth
    tiles, so the block and the winning tile leave a multiple of three."""
    for i0 in range(lo, hi):
        for i1 in range(i0 + 1, hi + 1):
            for mode in ("inside", "after", "before"):
                if mode == "after" and i1 >= hi:
                    continue
                if mode == "before" and i0 <= lo:
                    continue
                closed = i1 - i0 + (0 if mode == "inside" else 1)
                if closed < 2 or closed > size or (size - closed) % 3:
                    continue
                if (size - closed) // 3 < fewest_melds:
                    continue
                yield i0, i1, mode, (size - closed) // 3


class LayoutReader:
    def __init__(self, scene: Scene, context: WinContext, rules: str | None,
                 options: Mapping[str, Any] | None, loose_ends: bool = False, sets: int = 4,
                 odds: dict | None = None):
        self.scene = scene
        self.sets = sets  # sets in a complete hand besides the pair: 4, or 5 in 16-tile games
        self.loose_ends = loose_ends  # any row's end tile may be left out (a last resort)
        self.context = context
        self.rules = rules
        self.options = options
        self._win_cache: dict[tuple, bool] = {}
        # the meld tiles' sideways odds and readings, worked out once (`odds`: shared with
        # the other scenes of the same photo)
        self.odds = MeldOdds(odds)

    # -- winning check --------------------------------------------------------------------------
    def is_winning(self, hand: Hand) -> bool:
        key = (tuple(sorted(hand.closed_tiles)), tuple(m.kind for m in hand.melds),
               tuple(m.tiles for m in hand.melds))
        if key in self._win_cache:
            return self._win_cache[key]
        ok = bool(all_arrangements(hand, self.sets))
        if not ok and self.rules:
            from scoring.ruleset import score_hand

            try:
                ok = bool(score_hand(hand, self.rules, self.options).is_win)
            except HandError:  # the rule set refuses this hand: not a win (a bug surfaces)
                ok = False
        self._win_cache[key] = ok
        return ok

    # -- enumerate readings ---------------------------------------------------------------------
    def readings(self) -> list[tuple[float, Hand, Reading, list]]:
        rows = self.scene.rows
        out: list[tuple[float, Hand, Reading, list]] = []
        for orient in (1, -1):
            prepared = []
            for row in rows:
                r = row if orient == 1 else row[::-1]
                seq, gaps, flowers = _seq_gaps(r)
                prepared.append((seq, gaps, flowers))
            for main in range(len(rows)):
                out.extend(self._read_main(prepared, main, orient))
        return out

    def _parser(self, row: int, orient: int, seq: list[Slot], gaps: list[float],
                keep: int = 3) -> _RowParser:
        """The meld parser of one row read one way, kept by the scene: a reader of the same
        scene that may leave out any end tile (`loose_ends`) parses its rows alike. `keep`:
        the readings kept per stretch (the parser's cache does not tell them apart)."""
        parsers = self.odds.parsers(self.scene)
        key = (row, orient, keep)
        if key not in parsers:
            parsers[key] = _RowParser(seq, gaps, self.odds)
        return parsers[key]

    def _trims(self, seq, gaps):
        """Which end slots may be left out as strays: (left, right, cost)."""
        n = len(seq)
        opts = [(0, 0, 0.0)]
        if n >= 2:
            # an unsure detection set apart at the end of a row is the likeliest stray
            doubt = [3.0 * (1.0 - min(1.0, s.site.det.confidence)) for s in (seq[0], seq[-1])]
            # ... and so is a tile well off the row's line (a loose tile beside its end)
            off = [min(2.0, 2 * max(0.0, s.raised - 0.25)) for s in (seq[0], seq[-1])]
            left_ok = (gaps[0] > OUT_GAP or seq[0].is_back or doubt[0] > 1.5 or off[0] > 0.4
                       or self.loose_ends)
            right_ok = (gaps[-1] > OUT_GAP or seq[-1].is_back or doubt[1] > 1.5 or off[1] > 0.4
                        or self.loose_ends)
            if left_ok:
                opts.append((1, 0, STRAY - min(3.0, gaps[0]) - doubt[0] - off[0]))
            if right_ok:
                opts.append((0, 1, STRAY - min(3.0, gaps[-1]) - doubt[1] - off[1]))
        return opts

    def _read_main(self, prepared, main: int, orient: int):
        """Readings with row `main` holding the standing tiles, the other rows melds only."""
        others = self._other_rows(prepared, main, orient)
        seq, gaps, _ = prepared[main]
        row = _MainRow(seq, gaps, self._parser(main, orient, seq, gaps),
                       _windowed_sideways(seq, self.odds), orient)
        results = []
        fewest = min(len(m) for _, m, _ in others)
        counts = {len(m) for _, m, _ in others}  # melds the other rows may hold
        for tl, tr, tcost in self._trims(seq, gaps):
            lo, hi = tl, len(seq) - tr
            for i0, i1, mode, need_melds in _blocks(lo, hi, fewest, 3 * self.sets + 2):
                left_end = i0 - 1 if mode == "before" else i0
                right_start = i1 + 1 if mode == "after" else i1
                if row.parser.may_hold(lo, left_end, right_start, hi, need_melds, counts):
                    results.extend(self._block_readings(row, (lo, hi, tcost), (i0, i1, mode),
                                                        need_melds, others))
        return [h for r in results for h in self._hands(r)]

    def _other_rows(self, prepared, main: int, orient: int) -> list[tuple[float, list, list]]:
        """The ways to read the rows other than `main` as melds only: (cost, melds, tiles
        left out at their ends), every combination across the rows."""
        other_parses: list[tuple[float, list, list[Slot]]] = [(0.0, [], [])]
        for i in [i for i in range(len(prepared)) if i != main]:
            seq, gaps, _ = prepared[i]
            far = far_side(self.scene.frames, main, i) * orient  # > 0: on the player's side
            other_parses = [(c + FAR_ROW * (far > 0 and bool(seq)), m, d)
                            for c, m, d in other_parses]
            parser = self._parser(i, orient, seq, gaps, keep=2)
            row_opts = []
            for tl, tr, tc in self._trims(seq, gaps):
                for c, m in parser.melds(tl, len(seq) - tr, keep=2):
                    dropped = seq[:tl] + seq[len(seq) - tr:]
                    row_opts.append((c + tc, m, dropped))
            if not seq:
                row_opts = [(0.0, [], [])]
            if not row_opts:
                row_opts = [(STRAY * len(seq), [], list(seq))]
            other_parses = [(a + c, ma + m, da + d) for a, ma, da in other_parses
                            for c, m, d in row_opts]
        return other_parses

    def _block_readings(self, row: _MainRow, trim: tuple[int, int, float],
                        block_at: tuple[int, int, str], need_melds: int, others) -> list[Reading]:
        """The readings with the standing tiles at seq[i0:i1] of the main row (the winning
        tile inside the block, or set apart just after or before it: `mode`) and melds around
        them and in the other rows."""
        seq, gaps = row.seq, row.gaps
        lo, hi, cost = trim
        i0, i1, mode = block_at
        left_end = i0 - 1 if mode == "before" else i0
        right_start = i1 + 1 if mode == "after" else i1
        left = row.parser.melds(lo, left_end)
        right = row.parser.melds(right_start, hi)
        if not left or not right:
            return []
        cost += sum(c_in(g) for g in gaps[i0:i1 - 1])
        if mode == "after":
            cost += c_out(gaps[i1 - 1])
            win = seq[i1]
        elif mode == "before":
            cost += c_out(gaps[i0 - 1]) + 1.5
            win = seq[i0 - 1]
        else:
            win = None
            cost += 1.0
        if left_end > lo:
            cost += c_out(gaps[left_end - 1]) + 0.3
        if right_start < hi:
            cost += c_out(gaps[right_start - 1])
        block = seq[i0:i1]
        cost += sum(SIDE_IN_BLOCK * max(0.0, row.side_odds[j] - 0.3) for j in range(i0, i1))
        cost += sum(8.0 for s in block if s.is_back)
        if win is not None:
            cost += 2 * max(0.0, win.pside - 0.5) + (8.0 if win.is_back else 0.0)
        dropped_main = seq[:lo] + seq[hi:]
        out = []
        for lc, lm in left[:2]:
            for rc, rm in right[:2]:
                for oc, om, od in others:
                    melds = lm + rm + om
                    if len(melds) != need_melds:
                        continue
                    # players keep their melds together, on one side
                    split = SPLIT if sum(map(bool, (lm, rm, om))) > 1 else 0.0
                    out.append(Reading(cost + lc + rc + oc + split, block, win, melds,
                                       dropped_main + od, row.orient, [], self.odds))
        return out

    def _hands(self, r: Reading):
        """Hands from one reading (several when the winning tile must be chosen)."""
        codes = [s.code for s in r.concealed]
        melds = tuple(m.meld for _, m in r.melds)
        flowers = self._flowers(r)
        base_cost = r.cost
        # which way the row runs for the player: a sorted hand reads left to right
        srt = sortedness(codes)
        base_cost += 0.6 * max(0, -srt) + order_cost(codes if r.win is not None else [])
        out = []
        if r.win is not None:
            hand = self._make(codes, melds, r.win.code, flowers)
            c, notes = self._judge(hand, base_cost)
            out.append((c, hand, r, notes))
            return out
        seen = set()
        last = codes[-1] if codes else None
        for pos in range(len(codes) - 1, -1, -1):
            code = codes[pos]
            if code in seen or not T.is_tile(code):
                continue
            seen.add(code)
            rest = codes[:pos] + codes[pos + 1:]
            hand = self._make(rest, melds, code, flowers)
            extra = 0.0 if code == last else 0.8
            if is_sorted(rest) and not is_sorted(codes):
                extra -= 0.6
            c, notes = self._judge(hand, base_cost + extra + order_cost(rest))
            out.append((c, hand, r, notes))
        return out

    def _flowers(self, r: Reading) -> tuple[str, ...]:
        fl = [s.code for row in self.scene.rows for s in row if s.is_flower]
        fl += [s.code for s in self.scene.loose_flowers]
        return tuple(T.sorted_codes(fl))

    def _make(self, concealed, melds, win, flowers) -> Hand:
        return Hand(tuple(T.sorted_codes(concealed)), tuple(melds), win, flowers, self.context)

    def _judge(self, hand: Hand, cost: float) -> tuple[float, list]:
        try:
            hand.validate(sets=self.sets)
        except HandError as exc:
            return cost + ILLEGAL, [exc.msg]
        if not self.is_winning(hand):
            return cost + NOT_WINNING, []
        return cost, []
