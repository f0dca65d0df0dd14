"""vision/detect/one_set.py: a photo shows one set, so a fifth copy or a second flower is a misreading."""

from __future__ import annotations

import numpy as np

from scoring.tiles import DETECTOR_CLASSES
from vision.detect.detector import Detection
from vision.detect.one_set import fit_to_one_set


def det(probs: dict[str, float], score: float = 0.9, x: float = 0.0) -> Detection:
    p = np.full(len(DETECTOR_CLASSES), 1e-4)
    for code, v in probs.items():
        p[DETECTOR_CLASSES.index(code)] = v
    p /= p.sum()
    code = DETECTOR_CLASSES[int(p.argmax())]
    return Detection(code=code, box=(x, 0.0, x + 30, 40), confidence=score * float(p.max()),
                     box_score=score, probs=p)


def test_second_copy_of_a_flower_goes_to_its_next_best_reading():
    sure = det({"3f": 0.97, "1f": 0.02})
    unsure = det({"3f": 0.55, "1f": 0.40}, x=40)
    out = fit_to_one_set([sure, unsure])
    assert [d.code for d in out] == ["3f", "1f"]
    assert out[1].confidence < unsure.confidence  # now scored by its 1f probability


def test_fifth_copy_moves_the_least_sure_reading_to_a_code_with_room():
    # every reading could move (9m has room and weight in all), so the choice is tested, and
    # the least sure is neither the first nor the last
    dets = [det({"7m": 0.9, "9m": 0.08}, x=40 * i) for i in range(4)]
    dets.insert(2, det({"7m": 0.6, "9m": 0.35}, x=200))
    out = fit_to_one_set(dets)
    assert [d.code for d in out] == ["7m", "7m", "9m", "7m", "7m"]


def test_a_code_that_is_full_does_not_take_the_extra_reading():
    full_9m = [det({"9m": 0.99}, x=40 * i) for i in range(4)]
    sevens = [det({"7m": 0.99}, x=200 + 40 * i) for i in range(4)]
    extra = det({"7m": 0.6, "9m": 0.3, "5m": 0.08}, x=400)
    out = fit_to_one_set(full_9m + sevens + [extra])
    assert out[-1].code == "5m"


def test_nothing_moves_without_a_plausible_second_reading():
    dets = [det({"3f": 0.99}), det({"3f": 0.99}, x=40)]  # e.g. two sets in the photo
    assert [d.code for d in fit_to_one_set(dets)] == ["3f", "3f"]


def test_boxes_below_the_operating_score_do_not_count_as_tiles():
    kept = det({"3f": 0.9, "1f": 0.09})
    faint = det({"3f": 0.9, "1f": 0.09}, score=0.1, x=40)
    out = fit_to_one_set([kept, faint], min_score=0.3)
    assert [d.code for d in out] == ["3f", "3f"]
    out = fit_to_one_set([kept, faint])
    assert sorted(d.code for d in out) == ["1f", "3f"]


def test_a_moved_reading_keeps_the_confidence_scale_of_the_others():
    """The detector's `probs` are renormalised without the "not a tile" share, its confidence
    is not (box score x raw probability): a moved reading must not gain that share back."""
    sure = det({"3f": 0.97, "1f": 0.02})
    unsure = det({"3f": 0.55, "1f": 0.40}, x=40)
    not_tile = 0.3
    unsure.confidence *= 1 - not_tile
    out = fit_to_one_set([sure, unsure])
    raw_1f = unsure.probs[DETECTOR_CLASSES.index("1f")] * (1 - not_tile)
    assert out[1].code == "1f"
    assert np.isclose(out[1].confidence, unsure.box_score * raw_1f)


def test_a_face_that_was_seen_never_becomes_a_face_down_tile():
    sure = det({"3f": 0.97, "1f": 0.02})
    unsure = det({"3f": 0.55, "back": 0.35, "4f": 0.08}, x=40)
    out = fit_to_one_set([sure, unsure])
    assert [d.code for d in out] == ["3f", "4f"]
