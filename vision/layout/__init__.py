"""The layout stage: the detector's boxes for one photo (`TileBox`es) read as the shared hand
model (`read_layout` -> `LayoutResult`, its `Alternative` readings). See reader.py for how."""

from vision.layout.geometry import TileBox
from vision.layout.reader import Alternative, LayoutResult, hand_key, read_layout

__all__ = ["Alternative", "LayoutResult", "TileBox", "hand_key", "read_layout"]
