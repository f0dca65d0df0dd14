"""Number arguments of the commands, checked as argparse reads them: a threshold outside 0..1 or
a negative count was taken as given (`detect --conf 2` and `--conf nan` found no tile, `--conf
-1` every speck, `--alternatives -1` listed every code but one) and answered a question nobody
asked. The refusal is in the environment's language, as `--lang`'s own (it is not read yet)."""

from __future__ import annotations

import argparse
import math

from mjlens.lang import env_lang
from scoring.messages import Catalog

M = Catalog("arg_types", {
    "fraction": ("{value} is not a number from 0 to 1.", "{value} 不是 0 到 1 之间的数。"),
    "count": ("{value} is not a whole number of 0 or more.", "{value} 不是大于或等于 0 的整数。"),
})


def fraction(text: str) -> float:
    """A threshold on a score or a probability: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= 1:  # nan fails it too
        raise argparse.ArgumentTypeError(M("fraction", value=repr(text)).render(env_lang()))
    return value


def count(text: str) -> int:
    """How many of something: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(M("count", value=repr(text)).render(env_lang()))
    return value
