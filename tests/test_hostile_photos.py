"""Hostile and huge photos: each answers within seconds, with bounded memory, with a result or a
sentence in the player's words (no exception class names, object reprs or package paths).

The loading policy is vision/detect/imageio.py's (README, "Photos"): JPEG of any size decoded reduced,
other formats refused above MAX_FULL_DECODE_MP before decoding, files above MAX_FILE_MB refused.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from vision.detect.imageio import MAX_FILE_MB, MAX_FULL_DECODE_MP, ImageReadError, load_image

ROOT = Path(__file__).resolve().parents[1]
PEAK_LIMIT_KB = 1_500_000  # 1.5 GB
# Run one CLI command as a child and report its exit status, output and peak memory (KiB).
_RUN = """
import json, resource, subprocess, sys, time
t = time.monotonic()
p = subprocess.run(sys.argv[1:], capture_output=True, text=True, timeout=120)
print(json.dumps({"rc": p.returncode, "out": p.stdout, "err": p.stderr,
                  "seconds": time.monotonic() - t,
                  "peak_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}))
"""
INTERNALS = ("Error:", "Exception", "Traceback", "<_io", "object at 0x", "site-packages",
             "PIL.", "cv2.", "UnidentifiedImage", "DecompressionBomb")


def _detect(path: Path) -> dict:
    cmd = [sys.executable, "-c", _RUN, sys.executable, "-m", "mjlens.cli", "detect", str(path),
           "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=180, cwd=ROOT, check=True)
    return json.loads(out.stdout)


def _assert_player_words(text: str) -> None:
    for bad in INTERNALS:
        assert bad not in text, f"{bad!r} shown to the player: {text}"


def _png_bomb(path: Path, side: int) -> Path:
    img = Image.new("1", (side, side))  # one bit a pixel: compresses to ~100 KB
    img.save(path, "PNG")
    return path


def _big_jpeg(path: Path, width: int, height: int) -> Path:
    import cv2

    pixels = np.full((height, width, 3), 90, np.uint8)
    pixels[::40] = 200
    assert cv2.imwrite(str(path), pixels, [cv2.IMWRITE_JPEG_QUALITY, 70])
    return path


def _jpeg_bytes(size=(640, 480), **save) -> bytes:
    rng = np.random.default_rng(3)
    img = Image.fromarray(rng.integers(0, 255, (size[1], size[0], 3), dtype=np.uint8))
    buf = io.BytesIO()
    img.save(buf, "JPEG", **save)
    return buf.getvalue()


@pytest.mark.slow
def test_hostile_photos_answer_quickly_in_words_with_bounded_memory(tmp_path):
    truncated = tmp_path / "truncated.jpg"
    truncated.write_bytes(_jpeg_bytes()[:3000])
    exif = Image.Exif()
    exif[0x010E] = "x" * 60_000  # ImageDescription: a 60 KB EXIF block
    huge_exif = tmp_path / "huge_exif.jpg"
    huge_exif.write_bytes(_jpeg_bytes(exif=exif.tobytes()))
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    noise = tmp_path / "noise.jpg"
    noise.write_bytes(np.random.default_rng(1).integers(0, 255, 5000, dtype=np.uint8).tobytes())
    cases = {
        "bomb": (_png_bomb(tmp_path / "bomb.png", 30_000), "error"),
        "200mp": (_big_jpeg(tmp_path / "big.jpg", 16_330, 12_250), "tiles"),
        "truncated": (truncated, "error"),
        "huge_exif": (huge_exif, "tiles"),
        "empty": (empty, "error"),
        "noise": (noise, "error"),
    }
    for name, (path, expect) in cases.items():
        got = _detect(path)
        assert got["seconds"] < 30, (name, got["seconds"])
        assert got["peak_kb"] < PEAK_LIMIT_KB, (name, got["peak_kb"])
        line = json.loads(got["out"])
        assert expect in line, (name, line, got["err"])
        if expect == "error":
            assert got["rc"] == 1, name
            _assert_player_words(line["error"])
        else:
            assert got["rc"] == 0, (name, got["err"])
        assert "Traceback" not in got["err"], (name, got["err"])


def test_a_png_bomb_is_refused_before_decoding_with_its_size(tmp_path):
    path = _png_bomb(tmp_path / "bomb.png", 12_000)  # 144 MP, over the full-decode limit
    with pytest.raises(ImageReadError) as err:
        load_image(path)
    assert "144 megapixels" in str(err.value) and f"{MAX_FULL_DECODE_MP} megapixels" in str(err.value)
    assert "144 百万像素" in err.value.render("zh")


def test_a_png_under_the_limit_is_read_and_shrunk(tmp_path):
    path = tmp_path / "ok.png"
    Image.new("RGB", (5000, 3000), (30, 120, 60)).save(path)
    got = load_image(path, max_side=800)
    assert (got.width, got.height) == (5000, 3000)
    assert max(got.pixels.shape[:2]) <= 1600 and got.pixels[10, 10].tolist() == [60, 120, 30]


def test_a_file_over_the_size_limit_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "huge.jpg"
    with open(path, "wb") as f:  # sparse: no disk or memory is spent
        f.truncate(MAX_FILE_MB * 1024 * 1024 + 1)
    with pytest.raises(ImageReadError) as err:
        load_image(path)
    assert f"up to {MAX_FILE_MB} MB" in str(err.value)


@pytest.mark.parametrize("data, words", [
    (b"", "empty"),
    (b"\x00" * 200, "not a photo"),
    (b"\xff\xd8\xff\xe0 not really a jpeg", "damaged"),
])
def test_unreadable_bytes_are_told_in_words_in_both_languages(data, words):
    with pytest.raises(ImageReadError) as err:
        load_image(data)
    assert words in str(err.value)
    _assert_player_words(str(err.value))
    zh = err.value.render("zh")
    assert zh != str(err.value) and any("\u4e00" <= ch <= "\u9fff" for ch in zh)


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (600, 8)])
def test_a_picture_too_small_to_show_tiles_is_refused_in_words(size):
    """A 1 x 1 picture stopped the detector (cv2 resized it to nothing) and, in the app, the
    page: every run read the upload again and met the same error."""
    buf = io.BytesIO()
    Image.new("RGB", size, (30, 120, 60)).save(buf, "PNG")
    with pytest.raises(ImageReadError) as err:
        load_image(buf.getvalue())
    assert "too small" in str(err.value) and f"{size[0]} × {size[1]}" in str(err.value)
    _assert_player_words(str(err.value))
    assert "太小" in err.value.render("zh")


def test_the_chinese_refusals_hold_no_latin_words(tmp_path):
    """Chinese texts hold no Latin words: the refusals said 请使用 JPEG、PNG、WebP 或 HEIC 照片
    and 最多可读 64 MB 的文件."""
    import re

    from datasets.labelling import M as LABEL
    from vision.detect.imageio import M

    for key, params in (("not_image", {}), ("too_large_file", {"mb": 80, "limit": 64}),
                        ("too_many_pixels", {"mp": 200, "limit": 178})):
        zh = M(key, name=M("this_file"), **params).render("zh")
        assert not re.search("[A-Za-z]", zh), zh
    assert not re.search("[A-Za-z]", LABEL("no_photos", root="").render("zh"))


def test_a_broken_exif_orientation_reads_upright():
    exif = Image.Exif()
    exif[0x0112] = 77  # no such orientation
    got = load_image(_jpeg_bytes(size=(320, 200), exif=exif.tobytes()))
    assert (got.width, got.height) == (320, 200)
