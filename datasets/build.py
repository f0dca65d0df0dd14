"""Build the detector's training set: converted real photos plus synthetic ones, one data.yaml.

Layout under OUT::

    real/train, real/valid      converted Roboflow export (images are symlinks; datasets.convert_real)
    synth_train, synth_valid    synthetic images/, labels/, labels_json/ (datasets.synth)
    data.yaml                   Ultralytics dataset file listing the folders above, 43 classes

Synthetic folders already written with the same parameters (synth.json) are reused.
"""

from __future__ import annotations

from pathlib import Path

from datasets.synth.faces import DEFAULT_CACHE, DEFAULT_CROPS, REPO_ROOT
from datasets.synth.generate import GENERATOR_VERSION, read_manifest, write_set
from scoring.tiles import DETECTOR_CLASSES

DEFAULT_REAL = REPO_ROOT.parent / "shared" / "data" / "photos"


def _synth(out: Path, n: int, seed: int, size: int, workers: int, crops, cache, log) -> bool:
    if n <= 0:
        return False
    m = read_manifest(out)
    if m and m.get("generator") == GENERATOR_VERSION and m.get("seed") == seed and \
            m.get("size") == size and m.get("n") == n and m.get("start", 0) == 0 and \
            m.get("crops") == (str(crops) if crops else None) and \
            len(list((out / "images").glob("*.jpg"))) == n:
        log(f"{out.name}: reusing {n} synthetic images")
        return True
    stats = write_set(out, n, seed, size, workers, crops, cache)
    log(f"{out.name}: {n} synthetic images ({stats['images_per_s']} images/s)")
    return True


def write_yaml(out: Path, train: list[str], val: list[str]) -> Path:
    def seq(items: list[str]) -> str:
        return "[" + ", ".join(items) + "]"

    lines = [f"path: {out.resolve()}", f"train: {seq(train)}", f"val: {seq(val)}",
             f"nc: {len(DETECTOR_CLASSES)}",
             "names: [" + ", ".join(f"'{c}'" for c in DETECTOR_CLASSES) + "]"]
    path = out / "data.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def _existing(folder: str | Path) -> str:
    """An already written synthetic (or any YOLO) folder, referenced by absolute path."""
    folder = Path(folder)
    if not (folder / "images").is_dir() or not (folder / "labels").is_dir():
        raise FileNotFoundError(f"{folder} has no images/ and labels/ folders")
    return str((folder / "images").resolve())


def build(out: str | Path, real: str | Path | None = DEFAULT_REAL, synth_train: int = 3000,
          synth_valid: int = 300, real_valid_from: str = "valid", seed: int = 0,
          size: int = 640, workers: int = 2, crops=DEFAULT_CROPS, cache=DEFAULT_CACHE,
          log=print, synth_train_from=None, synth_valid_from=None) -> Path:
    """Write the combined set under `out` and return its data.yaml. `synth_*_from` use
    synthetic folders written before (e.g. by `mjlens synth`) instead of generating new ones."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    train: list[str] = []
    val: list[str] = []
    if real:
        from datasets.convert_real import convert_real  # the detector's converter

        stats = convert_real(real, out / "real")
        for split, st in stats.items():
            log(f"real/{split}: kept {st.kept} of {st.images} images")
            if st.kept == 0:
                continue
            if split == real_valid_from:
                val.append(f"real/{split}/images")
            else:
                train.append(f"real/{split}/images")
        if real_valid_from != "none" and real_valid_from not in stats:
            raise FileNotFoundError(
                f"the real set has no '{real_valid_from}' split to validate on "
                f"(found: {', '.join(stats) or 'none'})")
    # different seeds for the two synthetic splits, so validation images are never training ones
    if synth_train_from:
        train.append(_existing(synth_train_from))
    elif _synth(out / "synth_train", synth_train, seed * 2 + 1, size, workers, crops, cache, log):
        train.append("synth_train/images")
    if synth_valid_from:
        val.append(_existing(synth_valid_from))
    elif _synth(out / "synth_valid", synth_valid, seed * 2 + 2, size, workers, crops, cache, log):
        val.append("synth_valid/images")
    if not train:
        raise ValueError("nothing to train on: give real photos or --synth-train above 0")
    if not val:
        val = list(train)
        log("warning: no validation images; validating on the training folders")
    return write_yaml(out, train, val)
