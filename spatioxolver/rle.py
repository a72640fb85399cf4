"""Run-length encoding of binary masks (column-major, COCO style, uncompressed counts).

Example:
    >>> import numpy as np
    >>> mask = np.zeros((4, 5), bool); mask[1:3, 2:4] = True
    >>> rle = encode_mask(mask)
    >>> bool((decode_mask(rle) == mask).all())
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from spatioxolver.errors import InputError

__all__ = ["encode_mask", "encode_crop", "decode_mask", "sample_mask", "mask_area"]


def encode_mask(mask: np.ndarray) -> dict[str, Any]:
    """Encode a 2-D boolean mask as ``{"size": [h, w], "counts": [...]}``.

    Counts alternate background / foreground runs in column-major (Fortran)
    order, starting with a (possibly empty) background run.
    """
    mask = np.asarray(mask)
    if mask.ndim != 2:
        raise InputError(f"mask must be 2-D, got shape {mask.shape}")
    h, w = mask.shape
    flat = mask.astype(bool).ravel(order="F")
    if flat.size == 0:
        return {"size": [int(h), int(w)], "counts": []}
    change = np.flatnonzero(flat[1:] != flat[:-1]) + 1
    bounds = np.concatenate(([0], change, [flat.size]))
    runs = np.diff(bounds).tolist()
    if flat[0]:
        runs = [0, *runs]
    return {"size": [int(h), int(w)], "counts": [int(r) for r in runs]}


def decode_mask(rle: dict[str, Any]) -> np.ndarray:
    """Decode a mask produced by :func:`encode_mask` into a boolean array."""
    try:
        h, w = (int(v) for v in rle["size"])
        counts = [int(c) for c in rle["counts"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise InputError(
            f"malformed mask RLE ({exc}); expected {{'size': [h, w], 'counts': [...]}}"
        ) from None
    if any(c < 0 for c in counts) or sum(counts) != h * w:
        raise InputError(f"mask RLE counts sum to {sum(counts)}, expected {h}*{w}={h * w}")
    values = np.zeros(len(counts), dtype=bool)
    values[1::2] = True
    flat = np.repeat(values, counts)
    return flat.reshape((h, w), order="F")


def mask_area(rle: dict[str, Any]) -> int:
    """Number of foreground pixels of an RLE mask, without decoding it."""
    return int(sum(rle.get("counts", [])[1::2]))


def encode_crop(crop: np.ndarray, y0: int, x0: int, shape: tuple[int, int]) -> dict[str, Any]:
    """:func:`encode_mask` of a full ``shape`` mask that is ``crop`` at ``(y0, x0)`` and empty
    elsewhere, without building the full mask (large images: cost ~ the crop's size).

    Example:
        >>> crop = np.ones((2, 2), bool)
        >>> full = np.zeros((4, 5), bool); full[1:3, 2:4] = True
        >>> encode_crop(crop, 1, 2, (4, 5)) == encode_mask(full)
        True
    """
    h, w = (int(v) for v in shape)
    crop = np.asarray(crop, bool)
    padded = np.zeros((crop.shape[0] + 2, crop.shape[1]), bool)
    padded[1:-1] = crop
    # Transitions down each column, listed column by column (column-major order).
    diff = np.diff(padded.astype(np.int8), axis=0).T
    cols, rows = np.nonzero(diff)
    kinds = diff[cols, rows]
    index = (x0 + cols).astype(np.int64) * h + y0 + rows
    starts, ends = index[kinds == 1], index[kinds == -1]
    if starts.size:
        # A run ending at a column's foot and the next starting at the next column's head join.
        join = np.nonzero(ends[:-1] == starts[1:])[0]
        if join.size:
            starts = np.delete(starts, join + 1)
            ends = np.delete(ends, join)
    bounds = np.empty(2 * starts.size + 2, np.int64)
    bounds[0], bounds[-1] = 0, h * w
    bounds[1:-1:2], bounds[2:-1:2] = starts, ends
    runs = np.diff(bounds).tolist()
    if runs and runs[-1] == 0:
        runs = runs[:-1]
    return {"size": [h, w], "counts": [int(r) for r in runs]}


def sample_mask(rle: dict[str, Any], ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """The mask's values at the grid ``ys x xs`` (pixel rows and columns), without decoding it all.

    Example:
        >>> full = np.zeros((4, 6), bool); full[2:, 3:] = True
        >>> sample_mask(encode_mask(full), np.array([0, 2]), np.array([0, 3])).tolist()
        [[False, False], [False, True]]
    """
    h = int(rle["size"][0])
    ends = np.cumsum(np.asarray(rle["counts"], np.int64))
    index = np.asarray(xs, np.int64)[None, :] * h + np.asarray(ys, np.int64)[:, None]
    run = np.searchsorted(ends, index, side="right")
    return (run % 2) == 1
