"""Train the tile crop classifier (stage 2: names each box the detector finds; 43 classes).

Input: 64x64 BGR crops scaled to 0..1 (the box plus ~7% margin on each side, aspect not kept),
NCHW float32. Output: 43 logits in scoring.tiles.DETECTOR_CLASSES order, plus a 44th, "not a
tile" (NONE), when trained with --negatives (crops from training/mine_negatives.py).

Training data: .npz files from datasets/crops.py (72x72 crops with 15% margin); each batch gets
random crop windows (imitating detector box jitter), small rotations, quarter turns and colour
jitter, all done batched with affine grids so it costs little on a CPU.

    python -m training.train_classifier --train data/crops/real_train.npz \
        --extra data/crops/tilecrops.npz:10 --valid data/crops/real_valid.npz --epochs 6
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import numpy as np

from scoring.tiles import DETECTOR_CLASSES

INPUT = 64
# Inference crop margin matching the centre of the training windows (see crops.CONTEXT).
INFER_MARGIN = 0.07
NONE = len(DETECTOR_CLASSES)  # label of "not a tile" crops (the optional 44th output)


def cosine_head(n_in: int, n_classes: int, scale: float = 16.0):
    """A normalised (cosine) last layer: scale x cos(features, class weight). Why: its pooled
    features cluster by tile rather than by length, which is what a tile-set profile's nearest
    prototype compares (vision/detect/profile.py)."""
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    class CosineHead(nn.Module):
        def __init__(self):
            super().__init__()
            self.weight = nn.Parameter(torch.randn(n_classes, n_in) * 0.01)
            self.scale = scale

        def forward(self, x):
            return F.linear(F.normalize(x, dim=1), F.normalize(self.weight, dim=1) * self.scale)

        def folded(self):
            """The same map as normalise-then-linear with constant weights, so the export ends
            in one linear layer reading the normalised features (training/add_embedding.py)."""
            linear = nn.Linear(n_in, n_classes)
            with torch.no_grad():
                linear.weight.copy_(F.normalize(self.weight, dim=1) * self.scale)
                linear.bias.zero_()
            return nn.Sequential(_Unit(), linear)

    class _Unit(nn.Module):
        def forward(self, x):
            return F.normalize(x, dim=1)

    return CosineHead()


def build_model(n_classes: int = len(DETECTOR_CLASSES), width: int = 32, head: str = "linear"):
    import torch.nn as nn

    def block(cin, cout, stride):
        return nn.Sequential(
            nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(True),
            nn.Conv2d(cout, cout, 3, 1, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(True),
        )

    w = width
    return nn.Sequential(
        nn.Conv2d(3, w, 3, 2, 1, bias=False), nn.BatchNorm2d(w), nn.ReLU(True),  # 32x32
        block(w, 2 * w, 2),  # 16
        block(2 * w, 4 * w, 2),  # 8
        block(4 * w, 8 * w, 2),  # 4
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2),
        cosine_head(8 * w, n_classes) if head == "cosine" else nn.Linear(8 * w, n_classes),
    )


def model_from_checkpoint(ck: dict):
    """The wrapped net a checkpoint of main() describes, its weights loaded."""
    model = Normalised.wrap(build_model(len(ck["classes"]), width=ck.get("width", 32),
                                        head=ck.get("head", "linear")))
    model.load_state_dict(ck["model"])
    return model


def load_npz(spec: str) -> tuple[np.ndarray, np.ndarray]:
    """`path.npz` or `path.npz:K` (repeat K times, to weigh small clean sources up)."""
    path, _, rep = spec.partition(":")
    d = np.load(path)
    x, y = d["x"], d["y"]
    k = int(rep or 1)
    return np.concatenate([x] * k), np.concatenate([y] * k)


def augment(xb, train: bool, rng: np.random.Generator, style: bool = False,
            swap: bool = False):
    """uint8 [B,72,72,3] -> float [B,3,64,64]; random windows/rotations when training. `style`
    adds what other tile sets and far-off tiles change: wider per-channel gains and a blur by
    resampling through 16-40 px; `swap` also swaps colour channels (body and ink colours),
    which costs the red fives their red (models/MODEL_CARD.md, cos1)."""
    import torch
    import torch.nn.functional as F

    x = torch.from_numpy(xb).permute(0, 3, 1, 2).float().div_(255.0)
    b = x.shape[0]
    store = x.shape[-1]
    if not train:
        f = INPUT / store * (1 + 2 * INFER_MARGIN) / (1 + 2 * 0.15) * store / INPUT
        theta = torch.zeros(b, 2, 3)
        theta[:, 0, 0] = f
        theta[:, 1, 1] = f
    else:
        scale = rng.uniform(0.74, 1.0, b)  # share of the stored window kept
        aspect = np.exp(rng.uniform(-0.12, 0.12, b))
        sx, sy = scale * aspect, scale / aspect
        tx = rng.uniform(-1, 1, b) * (1 - sx + 0.08)
        ty = rng.uniform(-1, 1, b) * (1 - sy + 0.08)
        quarter = rng.choice(4, b, p=[0.7, 0.1, 0.1, 0.1])
        ang = quarter * (math.pi / 2) + rng.normal(0, 0.08, b)
        c, s = np.cos(ang), np.sin(ang)
        theta = torch.tensor(np.stack([
            np.stack([c * sx, -s * sy, tx], 1), np.stack([s * sx, c * sy, ty], 1)], 1),
            dtype=torch.float32)
    grid = F.affine_grid(theta, (b, 3, INPUT, INPUT), align_corners=False)
    out = F.grid_sample(x, grid, mode="bilinear", padding_mode="border", align_corners=False)
    if train:
        gain = torch.from_numpy(rng.uniform(0.75, 1.25, (b, 1, 1, 1))).float()
        chan = torch.from_numpy(rng.uniform(0.9, 1.1, (b, 3, 1, 1))).float()
        bias = torch.from_numpy(rng.uniform(-0.1, 0.1, (b, 1, 1, 1))).float()
        mean = out.mean(dim=(1, 2, 3), keepdim=True)
        contrast = torch.from_numpy(rng.uniform(0.7, 1.3, (b, 1, 1, 1))).float()
        out = ((out - mean) * contrast + mean) * gain * chan + bias
        if style or swap:
            out = _style(out, rng, swap)
        gray = rng.random(b) < 0.05
        if gray.any():
            g = out[gray].mean(1, keepdim=True)
            out[gray] = g.expand(-1, 3, -1, -1)
        out = out.clamp_(0, 1)
    return out


def _style(out, rng: np.random.Generator, swap: bool):
    import torch
    import torch.nn.functional as F

    b = out.shape[0]
    swapped = np.flatnonzero(rng.random(b) < 0.3) if swap else []
    for i in swapped:
        out[i] = out[i, torch.from_numpy(rng.permutation(3))]
    chan = torch.from_numpy(rng.uniform(0.75, 1.25, (b, 3, 1, 1))).float()
    out = out * chan
    blur = np.flatnonzero(rng.random(b) < 0.3)
    for i in blur:
        side = int(rng.integers(16, 41))
        small = F.interpolate(out[i:i + 1], size=(side, side), mode="area")
        out[i] = F.interpolate(small, size=out.shape[-2:], mode="bilinear",
                               align_corners=False)[0]
    return out


class Normalised:
    """Wraps the net so the ONNX takes 0..1 BGR and normalises inside."""

    @staticmethod
    def wrap(net):
        import torch.nn as nn

        class _M(nn.Module):
            def __init__(self, net):
                super().__init__()
                self.net = net

            def forward(self, x):
                return self.net((x - 0.5) / 0.25)

        return _M(net)


def evaluate(model, x, y, batch=512) -> tuple[float, np.ndarray]:
    import torch

    model.eval()
    preds = []
    rng = np.random.default_rng(0)
    with torch.no_grad():
        for i in range(0, len(x), batch):
            preds.append(model(augment(x[i:i + batch], False, rng)).argmax(1).numpy())
    p = np.concatenate(preds)
    return float((p == y).mean()), p


def load_init(model, state: dict) -> None:
    """Start from trained weights; a 43-class head grows a fresh "not a tile" row if needed."""
    import torch

    own = model.state_dict()
    # a linear head's bias has no place in a cosine head (its weight rows start the directions)
    state = {k: v for k, v in state.items() if k in own}
    for key, value in state.items():
        if own[key].shape != value.shape:  # the last linear layer: copy the rows it has
            grown = own[key].clone()
            grown[: value.shape[0]] = value
            if key.endswith("bias"):
                grown[value.shape[0]:] = value.mean() - 2.0  # "not a tile" starts unlikely
            state[key] = grown
    with torch.no_grad():
        model.load_state_dict(state)


def export_onnx(model, out: str | Path) -> Path:
    import copy

    import torch

    model.eval()
    inner = model.net
    if hasattr(inner[-1], "folded"):  # a cosine head: export its constant-weight equivalent
        model = copy.deepcopy(model)
        model.net[-1] = inner[-1].folded()
        model.eval()
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    dummy = torch.zeros(1, 3, INPUT, INPUT)
    torch.onnx.export(
        model, dummy, str(out), input_names=["crops"], output_names=["logits"],
        dynamic_axes={"crops": {0: "n"}, "logits": {0: "n"}}, opset_version=17, dynamo=False,
    )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--train", nargs="+", default=[], help=".npz[:repeat] files")
    ap.add_argument("--extra", nargs="*", default=[], help="more .npz[:repeat] files")
    ap.add_argument("--negatives", nargs="*", default=[],
                    help="'not a tile' .npz[:repeat] files (adds a 44th output)")
    ap.add_argument("--valid", default=None)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--per-epoch", type=int, default=0, help="crops sampled per epoch (0 = all)")
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--width", type=int, default=32)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", default="runs/classify/tiles")
    ap.add_argument("--resume", action="store_true", help="continue from OUT/last.pt")
    ap.add_argument("--init", default=None, help="start from these weights (.pt)")
    ap.add_argument("--onnx", default="models/classifier.onnx")
    ap.add_argument("--export", default=None, help="only export this .pt to --onnx and exit")
    ap.add_argument("--head", choices=("linear", "cosine"), default="linear",
                    help="the last layer: linear, or normalised (cosine_head)")
    ap.add_argument("--style", action="store_true",
                    help="style augmentation: wider colour gains, blur (augment)")
    ap.add_argument("--swap", action="store_true", help="also swap colour channels (augment)")
    args = ap.parse_args(argv)

    import torch
    import torch.nn as nn

    torch.set_num_threads(args.threads)
    if args.export:
        model = model_from_checkpoint(torch.load(args.export, weights_only=False))
        print(f"exported {export_onnx(model, args.onnx)}")
        return 0
    if not args.train:
        ap.error("--train is required")
    torch.manual_seed(0)
    parts = [load_npz(s) for s in args.train + args.extra]
    negatives = [load_npz(s) for s in args.negatives]
    parts += [(nx, np.full(len(nx), NONE, np.int64)) for nx, _ in negatives]
    classes = list(DETECTOR_CLASSES) + (["none"] if negatives else [])
    x = np.concatenate([p[0] for p in parts])
    y = np.concatenate([p[1] for p in parts])
    print(f"train crops: {len(y)}; per-class counts "
          f"{np.bincount(y, minlength=len(classes)).tolist()}")
    xv = yv = None
    if args.valid:
        d = np.load(args.valid)
        xv, yv = d["x"], d["y"]

    model = Normalised.wrap(build_model(len(classes), width=args.width, head=args.head))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    per_epoch = min(args.per_epoch or len(y), len(y))
    steps_per_epoch = math.ceil(per_epoch / args.batch)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=5e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(
        opt, max_lr=args.lr, total_steps=args.epochs * steps_per_epoch, pct_start=0.15)
    start = 0
    if args.resume and (out / "last.pt").exists():
        ck = torch.load(out / "last.pt", weights_only=False)
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        sched.load_state_dict(ck["sched"])
        start = ck["epoch"] + 1
        print(f"resumed at epoch {start}")
    elif args.init:
        load_init(model, torch.load(args.init, weights_only=False)["model"])
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.05)
    best = -1.0
    for epoch in range(start, args.epochs):
        model.train()
        rng = np.random.default_rng(epoch)
        order = rng.permutation(len(y))[:per_epoch]
        t0, tot, n = time.time(), 0.0, 0
        for i in range(0, len(order), args.batch):
            idx = np.sort(order[i:i + args.batch])
            xb = augment(x[idx], True, rng, style=args.style, swap=args.swap)
            yb = torch.from_numpy(y[idx])
            loss = loss_fn(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += float(loss.detach()) * len(idx)
            n += len(idx)
            if (i // args.batch) % 50 == 49:
                print(f"  {n}/{per_epoch} loss {tot / n:.4f} {time.time() - t0:.0f}s", flush=True)
        msg = f"epoch {epoch + 1}/{args.epochs} loss {tot / n:.4f} {time.time() - t0:.0f}s"
        acc = None
        if xv is not None:
            acc, _ = evaluate(model, xv, yv)
            msg += f" valid acc {acc:.4f}"
        print(msg, flush=True)
        ck = {"model": model.state_dict(), "opt": opt.state_dict(), "sched": sched.state_dict(),
              "epoch": epoch, "width": args.width, "classes": classes,
              "head": args.head}
        torch.save(ck, out / "last.pt")
        if acc is None or acc >= best:
            best = acc if acc is not None else best
            torch.save({"model": model.state_dict(), "width": args.width, "head": args.head,
                        "classes": classes, "epoch": epoch, "valid_acc": acc},
                       out / "best.pt")
    best_ck = torch.load(out / "best.pt", weights_only=False)
    model.load_state_dict(best_ck["model"])
    if args.onnx:
        print(f"exported {export_onnx(model, args.onnx)} (epoch {best_ck['epoch'] + 1})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
