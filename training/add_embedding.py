"""Give an exported crop classifier a second output, `embedding`: its penultimate features (the
pooled, flattened activations the last linear layer reads) L2-normalised.

The probability output (`logits`, the first output) is left exactly as it was: the surgery only
adds one LpNormalization node reading the tensor that feeds the final Gemm, and a graph output.
Nearest-prototype reading with a tile-set profile (vision/detect/profile.py) compares crops by
this output. Needs the `onnx` package (the `train` extra); the runtime never does.

    python -m training.add_embedding models/classifier.onnx            # in place
    python -m training.add_embedding runs/classify/c12/classifier.onnx --out models/classifier.onnx

Re-applying it to a classifier that already has the output changes nothing.
"""

from __future__ import annotations

import argparse
from pathlib import Path

EMBEDDING = "embedding"


def add_embedding(src: str | Path, out: str | Path | None = None) -> Path:
    """Write `src` with the embedding output to `out` (default: over `src`); returns the path."""
    import onnx
    from onnx import helper

    model = onnx.load(str(src))
    graph = model.graph
    out = Path(out or src)
    if any(o.name == EMBEDDING for o in graph.output):
        if Path(out) != Path(src):
            onnx.save(model, str(out))
        return out
    final = graph.output[0].name
    head = next((n for n in graph.node if final in n.output), None)
    if head is None or head.op_type not in ("Gemm", "MatMul"):
        raise ValueError(f"{src}: the first output {final!r} is not made by a linear layer")
    features = head.input[0]
    graph.node.append(helper.make_node("LpNormalization", [features], [EMBEDDING], axis=1, p=2,
                                       name="/embedding/LpNormalization"))
    weight = next(i for i in graph.initializer if i.name == head.input[1])
    # a torch export's Gemm is transB=1 (weight [classes, features]); MatMul's is [features, classes]
    trans_b = any(a.name == "transB" and a.i for a in head.attribute)
    dim = weight.dims[1] if head.op_type == "Gemm" and trans_b else weight.dims[0]
    batch = graph.output[0].type.tensor_type.shape.dim[0]
    value = helper.make_tensor_value_info(EMBEDDING, onnx.TensorProto.FLOAT, [None, dim])
    value.type.tensor_type.shape.dim[0].CopyFrom(batch)
    graph.output.append(value)
    onnx.checker.check_model(model)
    onnx.save(model, str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("classifier", help="the exported classifier .onnx")
    ap.add_argument("--out", default=None, help="where to write it (default: in place)")
    args = ap.parse_args(argv)
    print(f"wrote {add_embedding(args.classifier, args.out)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
