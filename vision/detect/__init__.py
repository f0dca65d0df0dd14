"""The detector stage: decode a photo (`load_image`), find and name its tiles (`TileDetector`,
its `Detection`s), and measure it against labelled photos (`metrics`, `evaluate`)."""

from vision.detect.detector import Detection, ModelError, TileDetector, default_model_dir
from vision.detect.imageio import ImageReadError, LoadedImage, load_image

__all__ = ["Detection", "ImageReadError", "LoadedImage", "ModelError", "TileDetector",
           "default_model_dir", "load_image"]
