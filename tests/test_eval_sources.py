"""Per-source figures of `mjlens eval --by-source`: each photo counts in the group its file
name gives, and each group's report is computed from its own photos only."""

from __future__ import annotations

import numpy as np

from vision.detect.evaluate import SOURCES, by_source, source_of


def _result(right: bool):
    from vision.detect.metrics import ImageResult

    box = np.array([[10.0, 10.0, 50.0, 60.0]])
    return ImageResult(gt_boxes=box, gt_codes=["1m"], pred_boxes=box.copy(),
                       pred_codes=["1m" if right else "2m"], pred_conf=np.array([0.9]),
                       pred_keep=np.array([True]))


def test_each_group_is_scored_on_its_own_photos():
    results = [("IMG_0001_jpg.rf.aa.jpg", _result(True)),
               ("IMG_0002_jpg.rf.bb.jpg", _result(True)),
               ("hand_004_jpg.rf.cc.jpg", _result(False)),
               ("393108498_1026650501930230_4447288272682756468_n_jpg.rf.dd.jpg", _result(True))]
    reps = by_source(results)
    assert list(reps) == [g for g in SOURCES if g in {"IMG", "hand", "fb"}]  # SOURCES order
    assert reps["IMG"].images == 2 and reps["IMG"].f1 == 1.0 and reps["IMG"].hand_exact == 1.0
    assert reps["hand"].images == 1 and reps["hand"].f1 == 0.0 and reps["hand"].hand_exact == 0.0
    assert reps["fb"].f1 == 1.0


def test_a_name_without_a_known_prefix_is_other():
    assert source_of("2aGXQnBH5SHRuF2LqyrkpYxAIOY3vY_jpg.rf.2843.jpg") == "other"
    assert source_of("IMG_1.rf.x.png") == "IMG"
