"""One photo pipeline (vision.pipeline.scan_photo): `mjlens scan` and the app read a photo the
same way (decoder, detector, alternatives per box, rule-set options), and scan's exit status
follows the kind of failure, not its wording."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjlens.cli import main
from mjlens.ui import photo as P
from scoring.hand import WinContext
from tests.app_support import FixtureDetector
from vision.detect import default_model_dir

FIXTURES = Path(__file__).parent / "fixtures"
PHOTOS = sorted((FIXTURES / "detect").glob("hand_*.jpg")) + sorted(
    (FIXTURES / "app").glob("hand_*.jpg"))
SAME = ("hand", "notation", "confidence", "uncertain", "alternatives", "detections", "links",
        "missing")
HAS_MODEL = (default_model_dir() / "detector.onnx").exists()


def _cli(capsys, photo: Path, *extra: str) -> dict:
    main(["scan", str(photo), "--json", "--rules", "gb", *extra])
    return json.loads(capsys.readouterr().out)


def _app(photo: Path, detector, options=None) -> dict:
    image = P.load_photo(photo.read_bytes())
    reading = P.read_photo(image, detector, "gb", WinContext(), options)
    return {"width": reading.scan.image.width, **reading.scan.layout.to_json()}


@pytest.mark.skipif(not HAS_MODEL, reason="no shipped detector model")
@pytest.mark.parametrize("photo", PHOTOS, ids=lambda p: p.name)
def test_the_cli_and_the_app_read_a_photo_identically(capsys, photo):
    """The shipped detector on the fixture photos: the same boxes, readings and notes both
    ways (before one pipeline the app decoded with PIL at 1,600 px, took 4 alternatives per box
    and no rule-set options)."""
    cli = _cli(capsys, photo)
    app = _app(photo, P.load_detector())
    assert cli["width"] == app["width"]
    for key in SAME:
        assert cli[key] == app[key], key
    assert cli["detections"], "the fixture photos show tiles"


def test_both_paths_give_the_layout_the_rule_sets_options(capsys, monkeypatch):
    """Options reach the layout from the CLI and the app alike."""
    import vision.detect as VD
    import vision.pipeline as VP

    seen = []
    real = VP.read_layout

    def spy(*args, **kwargs):
        seen.append(kwargs.get("options"))
        return real(*args, **kwargs)

    monkeypatch.setattr(VP, "read_layout", spy)
    monkeypatch.setattr(VD, "load_detector", lambda model=None: FixtureDetector("hand_melds"))
    photo = FIXTURES / "app" / "hand_melds.jpg"
    cli = _cli(capsys, photo, "-o", "base=16")
    app = _app(photo, FixtureDetector("hand_melds"), {"base": 16})
    assert [str(o["base"]) for o in seen] == ["16", "16"]  # the CLI's text, the app's number
    for key in SAME:
        assert cli[key] == app[key], key


def test_scan_status_follows_the_kind_of_failure_not_its_words(tmp_path, capsys, monkeypatch):
    """2 when tiles make no hand (NoHandShape), 1 when there is no hand-like row, whatever the
    message says."""
    import vision.layout as VL
    from vision.layout import LayoutResult, NoHandShape, NoRow

    f = tmp_path / "boxes.json"
    f.write_text(json.dumps({"width": 100, "height": 100,
                             "tiles": [{"code": "1m", "box": [0, 0, 10, 14]}]}))
    for failure, status in ((NoHandShape("anything at all"), 2), (NoRow("cannot be split"), 1)):
        monkeypatch.setattr(VL, "read_layout", lambda *a, _f=failure, **k: LayoutResult(
            None, 0.0, [], [str(_f)], [], failure=_f))
        assert main(["scan", "x.jpg", "--boxes", str(f), "--json"]) == status
        assert json.loads(capsys.readouterr().out)["error"] == str(failure)


def test_one_shared_detector(monkeypatch, tmp_path):
    """load_detector loads a model once for every caller; a failure is not kept."""
    import vision.detect.detector as D

    made = []
    monkeypatch.setattr(D, "_LOADED", {})
    monkeypatch.setattr(D, "_construct", lambda model, conf: made.append(model) or object())
    a = D.load_detector(tmp_path)
    assert D.load_detector(str(tmp_path)) is a and len(made) == 1
    monkeypatch.setenv(D.MODEL_DIR_VARIABLE, str(tmp_path))
    assert D.load_detector() is a  # the app's folder from the environment: the same key
    monkeypatch.undo()
    with pytest.raises(D.ModelError, match="not found"):
        D.load_detector(tmp_path / "none")
