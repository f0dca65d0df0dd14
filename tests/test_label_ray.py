"""`mjlens label --ray` on a local Ray instance gives the same labels as the local run.

Ray is an optional extra (`pip install -e '.[ray]'`, about 2.5 minutes into a fresh venv), so
this test is skipped where it is not installed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

pytest.importorskip("ray")

from mjlens.cli import main  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.slow
def test_ray_job_labels_like_the_local_run(tmp_path):
    import ray

    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    shutil.copy(FIXTURES / "detect" / "hand_a.jpg", src / "a.jpg")
    shutil.copy(FIXTURES / "app" / "hand_melds.jpg", src / "sub" / "m.jpg")
    (src / "bad.png").write_bytes(b"not a png")
    try:
        assert main(["label", str(src), "--out", str(tmp_path / "ray"), "--ray",
                     "--workers", "1"]) == 1
    finally:
        ray.shutdown()
    assert main(["label", str(src), "--out", str(tmp_path / "local"), "--workers", "1"]) == 1
    for name in ("labelling.jsonl", "annotations.coco.json", "label_studio.json"):
        ray_text = (tmp_path / "ray" / name).read_text()
        if name.endswith(".jsonl"):  # written as photos finish: the order may differ
            ray_text = "".join(sorted(ray_text.splitlines(True)))
            local = "".join(sorted((tmp_path / "local" / name).read_text().splitlines(True)))
        else:
            local = (tmp_path / "local" / name).read_text()
        assert ray_text == local, name
    labels = sorted(p.name for p in (tmp_path / "ray" / "labels").iterdir())
    assert labels == ["a.txt", "sub__m.txt"]
    for name in labels:
        assert (tmp_path / "ray" / "labels" / name).read_text() == \
            (tmp_path / "local" / "labels" / name).read_text() != ""
