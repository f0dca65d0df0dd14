"""Train the class-agnostic tile detector (stage 1 of detector + crop classifier).

Why class-agnostic: on 2 CPU cores a 43-class YOLO learns far too slowly, while a one-class
"tile" YOLO11n warm-started from `mahjong-detector` reaches useful recall in 1-2 epochs; the
crop classifier (training/train_classifier.py) names each tile.

    python -m training.train_detector --data data/real/data.yaml --epochs 8
Resumes automatically from runs/detect/<name>/weights/last.pt when it exists.
Export: python -m training.train_detector --export runs/detect/<name>/weights/best.pt
"""

from __future__ import annotations

import argparse
import os
import shutil
from pathlib import Path


def pick_device(device: str) -> str:
    if device != "auto":
        return device
    import torch

    return "0" if torch.cuda.is_available() else "cpu"


def export_onnx(weights: str | Path, out: str | Path, imgsz: int = 640) -> Path:
    """ONNX export with a dynamic batch (opset 17, no simplifier download needed)."""
    import tempfile

    from ultralytics import YOLO

    # Ultralytics writes the ONNX beside the weights: export a copy, so exporting
    # models/detector.pt never rewrites the shipped models/detector.onnx
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / Path(weights).name
        shutil.copy(weights, copy)
        path = YOLO(str(copy)).export(format="onnx", imgsz=imgsz, dynamic=True, simplify=False,
                                      opset=17)
        out = Path(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, out)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="data/real/data.yaml")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--imgsz", type=int, default=640)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--device", default="auto", help="auto picks cuda when present")
    ap.add_argument("--name", default="tiles1")
    ap.add_argument("--project", default="runs/detect")
    ap.add_argument("--warm", default=None, help="fused ONNX to warm start from")
    ap.add_argument("--init", default=None, help="fine-tune from these weights (.pt) instead")
    ap.add_argument("--lr0", type=float, default=None, help="AdamW learning rate (fine-tuning)")
    ap.add_argument("--close-mosaic", type=int, default=None, help="epochs without mosaic at the end")
    ap.add_argument("--threads", type=int, default=0, help="torch threads (0 = all cores)")
    ap.add_argument("--freeze", type=int, default=None,
                    help="freeze the first N layers (10: YOLO11n's backbone), so an epoch of a "
                         "fine-tune costs less on CPU")
    ap.add_argument("--export", default=None, help="only export this .pt to ONNX and exit")
    ap.add_argument("--export-out", default="models/detector.onnx")
    args = ap.parse_args(argv)

    if args.export:
        from training.torchvision_ops import ensure_torchvision

        ensure_torchvision()
        print(export_onnx(args.export, args.export_out, args.imgsz))
        return 0

    os.environ.setdefault("YOLO_OFFLINE", "1")
    from training.torchvision_ops import ensure_torchvision

    if ensure_torchvision():
        print("torchvision's compiled ops are missing: NMS runs in pure torch (training/torchvision_ops.py)")
    import torch
    import ultralytics.utils.torch_utils as tu
    from ultralytics import YOLO

    # Ultralytics trains on cpu_count-1 threads (1 of our 2 cores); use them all.
    threads = args.threads or os.cpu_count() or 1
    tu.NUM_THREADS = threads
    torch.set_num_threads(threads)
    device = pick_device(args.device)
    last = Path(args.project) / args.name / "weights" / "last.pt"
    if last.exists():
        print(f"resuming from {last}")
        YOLO(str(last)).train(resume=True)
        return 0

    from ultralytics.nn.tasks import DetectionModel

    from training.warmstart import find_mahjong_detector_onnx, warm_state_dict

    model = YOLO("yolo11n.yaml")
    warm = args.warm or find_mahjong_detector_onnx()
    extra = {}
    if args.init:
        model = YOLO(args.init)
        warm = None
        print(f"fine-tuning from {args.init}")
    if args.lr0:
        extra.update(optimizer="AdamW", lr0=args.lr0, warmup_epochs=0.3)
    if args.freeze:
        extra.update(freeze=args.freeze)
    if warm:
        # Build the one-class head first: its hidden widths match the 34-class source model.
        net = DetectionModel("yolo11n.yaml", nc=1, verbose=False)
        sd, done, total = warm_state_dict(warm, net)
        net.load_state_dict(sd)
        model.model = net
        model.load(net)  # marks the model as "loaded" so train() seeds from these weights
        print(f"warm start from {warm}: {done}/{total} convolutions transferred")
    model.train(
        data=str(Path(args.data).resolve()),
        single_cls=True,
        epochs=args.epochs,
        imgsz=args.imgsz,
        batch=args.batch,
        workers=args.workers,
        device=device,
        project=str(Path(args.project).resolve()),
        name=args.name,
        exist_ok=True,
        plots=False,
        save_period=1,
        close_mosaic=args.close_mosaic if args.close_mosaic is not None else max(1, args.epochs // 4),
        amp=device != "cpu",
        patience=100,
        seed=0,
        deterministic=False,
        **extra,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
