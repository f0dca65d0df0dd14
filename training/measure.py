"""Every held-out measure of the shipping rule (training/ship_rule.py) for one model folder, in one
file: valid by source, held-out art, held-out set, the clutter benchmark.

    python -m training.measure --model DIR --tilesets TS --out docs/measures/NAME.json

DIR holds detector.onnx + classifier.onnx (default: the shipped models/). Measure the shipped
models and a candidate with the same code, then compare the two files with ship_rule. The
figures: `mjlens eval --by-source` on ../shared/data/photos/valid, `bench_synth_detect.py --n 20`
with `--style held-out` and `--style held-out-set`, `bench_clutter.py --n 30`.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("IMG", "fb", "hand", "other")


def _bench(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def valid_measures(model: str | None, data: str) -> dict:
    cmd = [sys.executable, "-m", "mjlens.cli", "eval", "--data", data, "--by-source", "--json"]
    out = json.loads(subprocess.run(cmd + (["--model", model] if model else []), check=True,
                                    capture_output=True, text=True, cwd=ROOT).stdout)
    m = {"valid F1": round(out["f1"], 4), "valid hands": round(out["hand_exact_match"], 4)}
    for s in SOURCES:
        r = out["by_source"].get(s)
        m[f"{s} F1"] = round(r["f1"], 4) if r else None
        m[f"{s} hands"] = round(r["hand_exact_match"], 4) if r else None
    return m


def synthetic_measures(model: str | None, tilesets: str, n: int) -> dict:
    bench = _bench("bench_synth_detect")
    m = {}
    for name, style in (("held-out art", "held-out"), ("held-out set", "held-out-set")):
        c = bench.run(bench.held_out_seeds(), n, style, model, tilesets)
        m[f"{name} box recall"] = round(c["found"] / max(1, c["tiles"]), 3)
        m[f"{name} code accuracy"] = round(c["right"] / max(1, c["found"]), 3)
        m[f"{name} hands"] = round(c["exact"] / max(1, c["scenes"]), 4)
    return m


def clutter_measures(model: str | None, tilesets: str, n: int) -> dict:
    bench = _bench("bench_clutter")
    r = bench.run(bench.held_out_seeds(), n, model, tilesets)
    m = {"clutter precision": r["precision"], "clutter recall": r["recall"],
         "clutter boxes on the surface per scene": r["boxes on the surface per scene"],
         "clutter flower codes on a set without flowers": r["flower codes on them"]}
    for kind, v in r["recall by kind"].items():
        m[f"clutter recall {kind}"] = v["recall"]
    return m


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default=None, help="folder with detector.onnx + classifier.onnx")
    ap.add_argument("--tilesets", required=True, help="the KDE tilesets folder")
    ap.add_argument("--valid", default="../shared/data/photos/valid")
    ap.add_argument("--synth-n", type=int, default=20)
    ap.add_argument("--clutter-n", type=int, default=30)
    ap.add_argument("--only", choices=("valid", "synthetic", "clutter"), nargs="+",
                    default=("valid", "synthetic", "clutter"))
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    out = Path(args.out)
    m = json.loads(out.read_text()) if out.exists() else {}
    if "valid" in args.only:
        m.update(valid_measures(args.model, args.valid))
    if "synthetic" in args.only:
        m.update(synthetic_measures(args.model, args.tilesets, args.synth_n))
    if "clutter" in args.only:
        m.update(clutter_measures(args.model, args.tilesets, args.clutter_n))
    m.setdefault("leave-one-source-out", None)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(m, indent=1) + "\n")
    print(json.dumps(m, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
