"""`mjlens label --ray`: the same per-photo function (`datasets.labelling.label_photo`) as a Ray
Data job, for folders that outgrow one machine.

The job is a list of photo paths (`ray.data.from_items`); `map_batches` runs one detector per
worker actor, which reads its photos itself (no separate read tasks competing for the cores), and the results come back to the driver, which writes the same
labelled folder as a local run. Without an address a local Ray instance is started; with
`--ray-address` (or RAY_ADDRESS) the job joins that cluster, whose nodes need mjlens installed
(`pip install 'mjlens[ray]'`) and the photos at the same path (a shared file system).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import ray  # ImportError without the `ray` extra: the command says how to install it

from datasets.labelling import label_photo
from vision.detect import load_detector

BATCH = 4


class PhotoLabeller:
    """One Ray actor: loads the detector once, labels batches of encoded photos."""

    def __init__(self, model: str | None, conf: float | None, threads: int | None):
        self.detector = load_detector(model, conf, threads=threads)

    def __call__(self, batch: dict) -> dict:
        results = [label_photo(self.detector, Path(path).read_bytes(), str(path))
                   for path in batch["path"]]
        return {"source": [r["source"] for r in results],
                "result": [_encode(r) for r in results]}


def _encode(result: dict) -> str:
    import json

    return json.dumps(result, ensure_ascii=False)


def run_ray(paths: list[Path], model: str | None, conf: float | None,
            address: str | None = None, workers: int | None = None) -> Iterator[dict]:
    """Results of `label_photo` for every path, from a Ray Data job."""
    import json

    if not paths:
        return
    _init(address)
    if address is None and not os.environ.get("RAY_ADDRESS"):
        n = workers or max(1, int(ray.available_resources().get("CPU", 1)))
        threads = 1
    else:
        n, threads = workers, None
    ray.data.DataContext.get_current().enable_progress_bars = False  # mjlens shows its own
    files = [str(Path(p).resolve()) for p in paths]
    by_resolved = {f: str(p) for f, p in zip(files, paths, strict=True)}
    ds = ray.data.from_items([{"path": f} for f in files])
    ds = ds.map_batches(PhotoLabeller, fn_constructor_kwargs={"model": model, "conf": conf,
                                                             "threads": threads},
                        batch_size=BATCH, num_cpus=1,
                        compute=ray.data.ActorPoolStrategy(min_size=n or 1, max_size=n))
    for row in ds.iter_rows():
        result = json.loads(row["result"])
        result["source"] = by_resolved[result["source"]]
        yield result


def _init(address: str | None) -> None:
    if ray.is_initialized():
        return
    root = str(Path(__file__).resolve().parent.parent)
    env = {"env_vars": {"PYTHONPATH": os.pathsep.join(
        p for p in (root, os.environ.get("PYTHONPATH")) if p)}}
    ray.init(address=address, runtime_env=env if address is None else None,
             include_dashboard=False, log_to_driver=False, configure_logging=False)
