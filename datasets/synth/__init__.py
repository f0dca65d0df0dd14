"""Synthetic photos of revealed mahjong hands for training the detector and testing the layout
reader: `make_sample` renders one image with its YOLO labels and a sidecar of the true hand,
`write_set` writes a seeded, reproducible set with several processes."""

from datasets.synth.generate import Sample, make_sample, write_set

__all__ = ["Sample", "make_sample", "write_set"]
