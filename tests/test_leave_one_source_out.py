"""Source groups of the real photos (training/leave_one_source_out.py): read from file names."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from vision.detect.evaluate import SOURCES, source_of

PHOTOS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "photos"


def test_groups_from_roboflow_names():
    assert source_of("IMG_2778_jpg.rf.0a1b.jpg") == "IMG"
    assert source_of("hand_003_jpg.rf.ffee.jpg") == "hand"
    assert source_of("393108498_1026650501930230_4447288272682756468_n_jpg.rf.74f9.jpg") == "fb"
    assert source_of("2aGXQnBH5SHRuF2LqyrkpYxAIOY3vY_jpg.rf.2843.jpg") == "other"
    assert source_of("bamboo_1_png.rf.99.jpg") == "other"


@pytest.mark.skipif(not PHOTOS.exists(), reason="no real photos in ../shared")
def test_every_photo_has_a_group_and_the_big_groups_are_in_both_splits():
    by_split = {s: Counter(source_of(p.name) for p in (PHOTOS / s / "images").iterdir())
                for s in ("train", "valid")}
    for split, counts in by_split.items():
        assert set(counts) <= set(SOURCES), (split, counts)
    for g in ("IMG", "fb", "hand"):
        assert by_split["train"][g] > 0 and by_split["valid"][g] > 0, g
