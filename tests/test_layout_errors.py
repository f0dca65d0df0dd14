"""The layout and the detector catch only the errors they expect: a rule set refusing a hand
(HandError) is 'not a win', a model file that does not load is a ModelError; a bug surfaces."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.app_support import TOY
from tests.test_layout import BASIC, boxes
from vision.layout import read_layout


def _registry_with(monkeypatch, rules):
    import scoring.ruleset as R

    real = dict(R.all_rulesets())
    monkeypatch.setattr(R, "all_rulesets", lambda: {**real, rules.id: rules})


def test_a_rule_set_that_crashes_is_not_read_as_not_a_win(monkeypatch):
    """A rule set raising something other than HandError is a bug: the layout used to turn it
    into 'not a win' and silently rerank the readings; it now reaches the caller."""
    def broken(hand, options):
        raise ZeroDivisionError("a bug in the rule set")

    _registry_with(monkeypatch, replace(TOY, id="broken", score=broken))
    with pytest.raises(ZeroDivisionError, match="a bug in the rule set"):
        read_layout(boxes(BASIC), 1000, 800, rules="broken")


def test_a_rule_set_refusing_a_hand_still_reads(monkeypatch):
    """HandError is the rule set's answer, not a bug: the reading goes on."""
    from scoring.hand import HandError

    def refuses(hand, options):
        raise HandError("no such hands here")

    _registry_with(monkeypatch, replace(TOY, id="refuses", score=refuses))
    r = read_layout(boxes(BASIC), 1000, 800, rules="refuses")
    assert r.hand is not None
    assert all(a.score is None for a in r.alternatives)


def test_a_model_file_that_does_not_load_is_a_model_error(tmp_path):
    from vision.detect import ModelError, TileDetector

    (tmp_path / "detector.onnx").write_bytes(b"not a model")
    (tmp_path / "classifier.onnx").write_bytes(b"not a model")
    with pytest.raises(ModelError, match="could not be loaded"):
        TileDetector(tmp_path)
