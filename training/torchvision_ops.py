"""Pure-torch stand-ins for torchvision's compiled NMS, for a torchvision wheel whose ops library
cannot load (a CUDA build of torchvision beside a CPU build of torch: ``operator torchvision::nms
does not exist``). Ultralytics imports torchvision at start-up and calls its NMS in validation;
nothing else of the compiled library is used by the box stage's training.

Training only; the runtime (onnxruntime) never imports this.
"""

from __future__ import annotations

import sys


def _nms(dets, scores, iou_threshold: float):
    """Greedy NMS with torchvision's contract: kept indices, by score, highest first."""
    import torch

    if dets.numel() == 0:
        return torch.empty(0, dtype=torch.long, device=dets.device)
    order = scores.argsort(descending=True)
    x1, y1, x2, y2 = dets[order].unbind(1)
    area = (x2 - x1).clamp(min=0) * (y2 - y1).clamp(min=0)
    w = (torch.minimum(x2[:, None], x2[None]) - torch.maximum(x1[:, None], x1[None])).clamp(min=0)
    h = (torch.minimum(y2[:, None], y2[None]) - torch.maximum(y1[:, None], y1[None])).clamp(min=0)
    inter = w * h
    over = inter / (area[:, None] + area[None] - inter).clamp(min=1e-12) > iou_threshold
    suppressed = torch.zeros(len(order), dtype=torch.bool)
    keep = []
    for i in range(len(order)):
        if not suppressed[i]:
            keep.append(i)
            suppressed |= over[i]
    return order[torch.tensor(keep, dtype=torch.long, device=dets.device)]


def ensure_torchvision() -> bool:
    """Import torchvision; where its compiled ops are missing, define ``torchvision::nms`` in
    pure torch first. Returns True when the stand-in was needed."""
    try:
        import torchvision  # noqa: F401
        return False
    except RuntimeError as err:
        if "torchvision::nms" not in str(err):
            raise
    import torch

    for name in [m for m in sys.modules if m == "torchvision" or m.startswith("torchvision.")]:
        del sys.modules[name]
    lib = torch.library.Library("torchvision", "DEF")
    lib.define("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
    lib.define("qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor")
    lib.impl("nms", _nms, "CPU")
    _LIBRARIES.append(lib)  # a Library unregisters its ops when collected
    import torchvision.extension as extension

    extension._has_ops = lambda: True
    import torchvision  # noqa: F401,F811
    return True


_LIBRARIES: list = []
