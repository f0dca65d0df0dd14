"""The detector stage: decode a photo (`load_image`), find and name its tiles (`load_detector`:
a shared `TileDetector`; its `Detection`s), measure it on labelled photos (`metrics`, `evaluate`)."""

from vision.detect.detector import (
    Detection,
    ModelError,
    TileDetector,
    default_model_dir,
    load_detector,
)
from vision.detect.imageio import ImageReadError, LoadedImage, load_image

__all__ = ["Detection", "ImageReadError", "LoadedImage", "ModelError", "TileDetector",
           "default_model_dir", "load_detector", "load_image"]
