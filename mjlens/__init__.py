"""mjlens: photograph a revealed mahjong hand, get its score."""

__version__ = "0.1.0"
