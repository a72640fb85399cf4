"""Nearest-neighbour enlargements: an image made of k x k blocks of one colour each (a
picture enlarged k times by pixel replication) holds no more than its k-times smaller
original, whose shapes have no k-px staircases. Perception reads such an image at the
original's size (:func:`unblocked`), so that it answers as on the original.

Example:
    >>> import numpy as np
    >>> small = np.arange(48, dtype=np.uint8).reshape(4, 4, 3)
    >>> unblocked(np.repeat(np.repeat(small, 3, axis=0), 3, axis=1)).shape
    (4, 4, 3)
"""

from __future__ import annotations

import numpy as np

__all__ = ["block_factor", "unblocked"]

_LAST: list[tuple[tuple, int]] = []  # (key, factor) of the last image looked at


def _may_be_blocks(rgb: np.ndarray, k: int) -> bool:
    """A quick test: a few block rows and columns repeat their first line."""
    h, w = rgb.shape[:2]
    if h % k or w % k or h < 4 * k or w < 4 * k:
        return False
    for j in (0, (h // k) // 2, h // k - 1):
        if not np.array_equal(rgb[j * k], rgb[j * k + k - 1]):
            return False
    for j in (0, (w // k) // 2, w // k - 1):
        if not np.array_equal(rgb[:, j * k], rgb[:, j * k + k - 1]):
            return False
    return True


def _blocks_of(rgb: np.ndarray, k: int) -> bool:
    h, w = rgb.shape[:2]
    tiles = rgb.reshape(h // k, k, w // k, k, -1)
    return bool((tiles == tiles[:, :1, :, :1]).all())


def block_factor(rgb: np.ndarray) -> int:
    """The largest k (2 to 8) such that ``rgb`` is made of k x k blocks of one colour (a
    nearest-neighbour enlargement by k), else 1. An image of one colour is never blocks."""
    rgb = np.asarray(rgb)
    key = (rgb.__array_interface__["data"][0], rgb.shape, rgb.strides, hash(rgb[::97, ::89].tobytes()))
    if _LAST and _LAST[0][0] == key:
        return _LAST[0][1]
    factor = 1
    candidates = [k for k in (8, 7, 6, 5, 4, 3, 2) if rgb.ndim == 3 and _may_be_blocks(rgb, k)]
    if candidates and not (rgb == rgb[0, 0]).all():
        for k in candidates:
            if _blocks_of(rgb, k):
                factor = k
                break
    _LAST[:] = [(key, factor)]
    return factor


def unblocked(rgb: np.ndarray) -> np.ndarray:
    """``rgb`` at its original size when it is a nearest-neighbour enlargement, else itself."""
    k = block_factor(rgb)
    return rgb if k == 1 else np.ascontiguousarray(rgb[::k, ::k])
