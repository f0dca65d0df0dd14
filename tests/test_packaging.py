"""A regular (non-editable) install carries the detector: the wheel ships the ONNX models inside
the package, so `mjlens detect` works from any directory (issue 20, fault 8: a `pip install .`
had left models/ behind and `detect` failed with "model file .../site-packages/models/
detector.onnx not found")."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PHOTO = ROOT / "tests" / "fixtures" / "detect" / "hand_a.jpg"
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE",
           "scoring", "vision", "datasets", "mjlens")


def _pip(*args: str, cwd: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args],
                          cwd=cwd, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_built_wheel_detects_from_another_directory(tmp_path):
    if not (ROOT / "models" / "detector.onnx").exists():
        pytest.skip("no shipped model in this checkout")
    src = tmp_path / "src"  # a clean copy: the build leaves nothing in the checkout
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    (src / "models").mkdir()
    for name in ("detector.onnx", "classifier.onnx"):
        shutil.copy2(ROOT / "models" / name, src / "models" / name)
    # the venv's own setuptools and wheel build it (no download); its dependencies are reused
    _pip("wheel", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist"), ".", cwd=src)
    wheel = next((tmp_path / "dist").glob("mjlens-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "vision/models/detector.onnx" in names and "vision/models/classifier.onnx" in names
    assert not any(n.startswith("models/") for n in names)
    assert "scoring/zh_hant.json" in names  # the Traditional Chinese the runtime reads

    site = tmp_path / "site"
    _pip("install", "--no-deps", "--target", str(site), str(wheel), cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy2(PHOTO, elsewhere / "photo.jpg")
    env = {**os.environ, "PYTHONPATH": str(site)}
    where = subprocess.run([sys.executable, "-c", "import vision.detect.detector as d; print(d.__file__); "
                            "print(d.default_model_dir())"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120)
    module_file, model_dir = where.stdout.split()
    assert Path(module_file).is_relative_to(site), "the installed copy must be the one imported"
    assert Path(model_dir) == site / "vision" / "models"
    done = subprocess.run([sys.executable, "-m", "mjlens.cli", "detect", "photo.jpg", "--json"],
                          cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    reading = json.loads(done.stdout)
    assert reading["image"] == "photo.jpg" and len(reading["tiles"]) >= 10
    done = subprocess.run([sys.executable, "-m", "mjlens.cli", "score", "--lang", "zh-TW", "--hand",
                           "123m 456p 789s 1z [555s<] +1z"], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "合計" in done.stdout, done.stderr
