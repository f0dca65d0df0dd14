"""The order of a row's standing tiles: players usually sort them, so the order tells which way
the row reads for the player and which tiles belong to the standing ones (vision/layout/reader.py)."""

from __future__ import annotations

from scoring import tiles as T


def sortedness(codes: list[str]) -> int:
    """Ascending minus descending neighbours of the same suit (a sorted hand reads left to right)."""
    s = 0
    for a, b in zip(codes[:-1], codes[1:], strict=True):
        if a[-1] == b[-1] and a[-1] in "mps" and a != b:
            s += 1 if a < b else -1
    return s


def order_cost(codes: list[str]) -> float:
    """Standing tiles are usually sorted: each neighbour pair out of order costs a little (so
    a meld touching the standing tiles is not taken for part of them when it breaks their
    order). Paid by the standing tiles less the winning tile, set apart or not (an unsorted
    row then does not favour the readings with no tile set apart)."""
    cost = 0.0
    for a, b in zip(codes[:-1], codes[1:], strict=True):
        ka, kb = T.sort_key(a), T.sort_key(b)
        if ka > kb:
            cost += 0.5 if ka[0] == kb[0] else 0.3
    return cost


def is_sorted(codes: list[str]) -> bool:
    return all(T.sort_key(a) <= T.sort_key(b) for a, b in zip(codes[:-1], codes[1:], strict=True))
