"""The reviewed split of mined crops (training/mine_negatives.py) follows the verdicts file."""

from __future__ import annotations

import numpy as np

from scoring.tiles import DETECTOR_CLASSES
from training.mine_negatives import split_reviewed


def test_split_follows_verdicts_including_two_crops_of_one_image(tmp_path):
    x = np.arange(5, dtype=np.uint8)[:, None, None, None] * np.ones((1, 4, 4, 3), np.uint8)
    images = np.array(["a.jpg", "a.jpg", "b.jpg", "c.jpg", "a.jpg"])
    mined = tmp_path / "mined.npz"
    np.savez(mined, x=x, y=np.zeros(5), image=images, score=np.array([0.3, 0.3, 0.5, 0.2, 0.4]))
    review = tmp_path / "review.csv"
    review.write_text("image,nth,box_score,verdict\n"
                      "a.jpg,0,0.3,none\na.jpg,1,0.3,back\nb.jpg,0,0.5,drop\n"
                      "a.jpg,2,0.4,none\n", encoding="utf-8")  # c.jpg never reviewed: left out
    assert split_reviewed(mined, review, tmp_path / "none.npz") == (2, 1, 0)
    none, back = np.load(tmp_path / "none.npz"), np.load(tmp_path / "real_back.npz")
    assert none["x"][:, 0, 0, 0].tolist() == [0, 4]
    assert set(none["y"].tolist()) == {len(DETECTOR_CLASSES)}  # the extra "not a tile" label
    assert back["x"][:, 0, 0, 0].tolist() == [1]
    assert back["y"].tolist() == [DETECTOR_CLASSES.index("back")]


def test_a_verdict_for_another_box_is_not_applied(tmp_path):
    """Mined with other models, the n-th crop of an image is another box: its score tells."""
    x = np.arange(3, dtype=np.uint8)[:, None, None, None] * np.ones((1, 4, 4, 3), np.uint8)
    mined = tmp_path / "mined.npz"
    np.savez(mined, x=x, y=np.zeros(3), image=np.array(["a.jpg", "a.jpg", "b.jpg"]),
             score=np.array([0.31, 0.25, 0.5]))
    review = tmp_path / "review.csv"
    review.write_text("image,nth,box_score,verdict\n"
                      "a.jpg,0,0.3,none\na.jpg,1,0.25,back\nb.jpg,0,0.5,none\n", encoding="utf-8")
    assert split_reviewed(mined, review, tmp_path / "none.npz") == (1, 1, 1)
    assert np.load(tmp_path / "none.npz")["x"][:, 0, 0, 0].tolist() == [2]
