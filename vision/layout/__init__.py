"""The layout stage: the detector's boxes for one photo (`TileBox`es) read as the shared hand
model (`read_layout` -> `LayoutResult`, its `Alternative` readings). See reader.py for how."""

from vision.layout.geometry import TileBox
from vision.layout.reader import (
    Alternative,
    LayoutFailure,
    LayoutResult,
    NoHandShape,
    NoRow,
    NoTiles,
    hand_key,
    read_layout,
)

__all__ = ["Alternative", "LayoutFailure", "LayoutResult", "NoHandShape", "NoRow", "NoTiles",
           "TileBox", "hand_key", "read_layout"]
