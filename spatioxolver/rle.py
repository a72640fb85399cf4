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

__all__ = ["encode_mask", "decode_mask", "mask_area"]


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
