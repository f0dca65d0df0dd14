"""The layout stage: the detector's boxes for one photo (`TileBox`es) read as the shared hand
model (`read_layout` -> `LayoutResult`, its `Alternative` readings, each tile's box in
`links`). How: reader.py (the rows of the scene.py fit, the cuts of hypotheses.py, the melds of
melds.py and claims.py, the photo's cue in image.py, the links in links.py)."""

from vision.layout.boxes import TileBox
from vision.layout.reader import read_layout
from vision.layout.result import (
    Alternative,
    LayoutFailure,
    LayoutResult,
    NoHandShape,
    NoRow,
    NoTiles,
    hand_key,
)

__all__ = ["Alternative", "LayoutFailure", "LayoutResult", "NoHandShape", "NoRow", "NoTiles",
           "TileBox", "hand_key", "read_layout"]
