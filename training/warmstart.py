"""Warm start a YOLO11n from the fused ONNX of the `mahjong-detector` package (MIT).

Why: pretrained Ultralytics weights cannot be downloaded here. The package ships a YOLO11n trained
on riichi tiles whose ONNX initializers keep Ultralytics' parameter names. Its convolutions are
fused with their batch norms, so each conv gets the fused weight and the batch norm becomes an
identity carrying the fused bias. Only the class convolutions (34 classes) do not transfer.
"""

from __future__ import annotations

from pathlib import Path


def find_mahjong_detector_onnx() -> Path | None:
    """model.onnx of the installed `mahjong-detector` package, or None."""
    try:
        import mahjong_detector  # type: ignore
    except ImportError:
        return None
    p = Path(mahjong_detector.__file__).parent / "model.onnx"
    return p if p.exists() else None


def warm_state_dict(onnx_path: str | Path, model) -> tuple[dict, int, int]:
    """State dict for `model` (an Ultralytics DetectionModel) filled from the fused ONNX.

    Returns (state_dict, transferred, total) counting conv weights transferred.
    """
    import onnx
    import torch
    from onnx import numpy_helper

    inits = {i.name: numpy_helper.to_array(i) for i in onnx.load(str(onnx_path)).graph.initializer}
    sd = model.state_dict()
    new = {k: v.clone() for k, v in sd.items()}
    done = total = 0
    for key in sd:
        if not key.endswith(".weight") or sd[key].ndim != 4:
            continue
        total += 1
        w = inits.get(key)
        if w is None or tuple(w.shape) != tuple(sd[key].shape):
            continue
        new[key] = torch.from_numpy(w.copy()).to(sd[key].dtype)
        done += 1
        stem = key[: -len(".conv.weight")] if key.endswith(".conv.weight") else None
        bias = inits.get(key[: -len("weight")] + "bias")
        if stem is not None and f"{stem}.bn.weight" in sd:
            bn_eps = 1e-3
            n = sd[f"{stem}.bn.weight"].shape[0]
            new[f"{stem}.bn.weight"] = torch.ones(n)
            new[f"{stem}.bn.bias"] = (
                torch.from_numpy(bias.copy()) if bias is not None else torch.zeros(n)
            )
            new[f"{stem}.bn.running_mean"] = torch.zeros(n)
            new[f"{stem}.bn.running_var"] = torch.full((n,), 1.0 - bn_eps)
        elif bias is not None and key[: -len("weight")] + "bias" in sd:
            b = key[: -len("weight")] + "bias"
            if tuple(sd[b].shape) == tuple(bias.shape):
                new[b] = torch.from_numpy(bias.copy())
    return new, done, total
