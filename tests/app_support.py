"""Helpers for the app tests: a small, fully known rule set ("toy") to check that the app shows
whatever a rule set returns (options, extra fields, fans, payments) independently of the real
rule sets, and a fixture that adds it to the registry."""

from __future__ import annotations

from collections import Counter

import pytest

from scoring import tiles as T
from scoring.hand import Hand, HandError
from scoring.ruleset import SEATS, Fan, Option, Payment, RuleSet, ScoreResult


def _toy_score(hand: Hand, options) -> ScoreResult:
    """1 point per pung or kong (declared or standing), 2 for self-drawn, x2 when `double`.
    Honours are refused when `no_honours` (like Sichuan rules). Discarder pays all."""
    hand.validate()
    if options["no_honours"]:
        for c in hand.all_tiles:
            if T.is_honor(c):
                raise HandError(f"{c} is not used in this rule set.")
    counts = Counter(hand.closed_tiles)
    pungs = sum(1 for m in hand.melds if m.is_pung_or_kong) + sum(1 for n in counts.values() if n >= 3)
    fans = []
    if pungs:
        fans.append(Fan("碰碰", "Pungs", 1, pungs, f"{pungs} pung(s) or kong(s)"))
    if hand.context.self_drawn:
        fans.append(Fan("自摸", "Self-drawn", 2, 1, "won on a drawn tile"))
    total = sum(f.fan * f.count for f in fans) * (2 if options["double"] else 1)
    me = hand.context.seat_wind
    stake = total * options["base"]
    if hand.context.self_drawn:
        payers = [s for s in SEATS if s != me]
    else:
        payers = [hand.context.extra.get("discarder") or SEATS[(SEATS.index(me) + 3) % 4]]
    payments = [Payment(p, me, stake, "toy") for p in payers]
    return ScoreResult("toy", total, "pt", fans, payments=payments, is_win=total > 0,
                       notes=["toy rule set"] if options["style"] == "loud" else [])


TOY = RuleSet(
    id="toy", name="Toy rules", name_zh="玩具规则", unit="pt",
    description="A tiny rule set used by the app tests.",
    score=_toy_score,
    options=(
        Option("base", 1, "points per unit"),
        Option("double", False, "double every total"),
        Option("no_honours", False, "refuse honours"),
        Option("style", "quiet", "note style", choices=("quiet", "loud")),
    ),
    extra_fields=("discarder",),
)


@pytest.fixture
def toy_rules(monkeypatch):
    """The registry with the toy rule set added to whatever rule sets exist."""
    import scoring.ruleset as R

    real = dict(R.all_rulesets())

    def patched():
        return {**real, "toy": TOY}

    monkeypatch.setattr(R, "all_rulesets", patched)
    return TOY


FIXTURES = __import__("pathlib").Path(__file__).parent / "fixtures" / "app"


class FixtureDetector:
    """Stands in for the trained detector (vision.detect.TileDetector's detect_loaded): returns
    the true boxes of a fixture photo (from its JSON sidecar, in the photo's full-size pixels) as
    vision.detect Detections, face-down tiles as `back`, and one tile with a low confidence and
    the true code as its first alternative."""

    def __init__(self, name: str, doubtful: int | None = 0, wrong: str | None = None):
        import json

        self.truth = json.loads((FIXTURES / f"{name}.json").read_text())
        self.doubtful = doubtful
        self.wrong = wrong  # code reported for the doubtful tile instead of the true one
        self.calls = 0

    def detect_loaded(self, images):
        return [self._detect(im.width, im.height) for im in images]

    def _detect(self, w: int, h: int) -> list:
        import numpy as np

        from scoring.tiles import DETECTOR_CLASSES
        from vision.detect import Detection

        self.calls += 1
        sx, sy = w / self.truth["width"], h / self.truth["height"]
        out = []
        for i, tile in enumerate(self.truth["tiles"]):
            x1, y1, x2, y2 = tile["box"]
            code = "back" if tile["face_down"] else tile["code"]
            probs = np.full(len(DETECTOR_CLASSES), 1e-4)
            probs[DETECTOR_CLASSES.index(code)] = 0.97
            if i == self.doubtful and not tile["face_down"]:
                probs[DETECTOR_CLASSES.index(code)] = 0.4
                code = self.wrong or code
                probs[DETECTOR_CLASSES.index(code)] = 0.41
            k = DETECTOR_CLASSES.index(code)
            out.append(Detection(code, (x1 * sx, y1 * sy, x2 * sx, y2 * sy), float(probs[k]),
                                 1.0, probs))
        return out


class HoleDetector(FixtureDetector):
    """The fixture's true boxes less one (`hole`): a row short of a tile, as when a tile is
    hidden or not found, so the layout has a spot to check."""

    def __init__(self, name: str, hole: int):
        super().__init__(name, doubtful=None)
        self.hole = hole

    def _detect(self, w: int, h: int) -> list:
        return [d for i, d in enumerate(super()._detect(w, h)) if i != self.hole]


@pytest.fixture
def kong_detector(monkeypatch):
    """The app's detector replaced by the fixture photo hand_kong's boxes, two of them doubtful;
    yields it (its calls are counted)."""
    from mjlens.ui import photo as P
    from mjlens.ui.views import _detector

    found = FixtureDetector("hand_kong", doubtful=2)
    monkeypatch.setattr(P, "load_detector", lambda *a, **k: found)
    _detector.clear()
    yield found
    _detector.clear()



def open_scoring_page(at) -> None:
    """AppTest.switch_page takes a page's file; the scoring page of app.py's navigation is a
    function (st.Page(main)), so it is named by its URL path, the empty one."""
    at._page_hash = next(h for h, page in at._registered_pages.items()
                         if page.get("url_pathname") == "")
