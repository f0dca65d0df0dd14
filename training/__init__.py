"""Training scripts (need the `train` extra: torch, ultralytics, onnx). Never imported at inference."""
