"""The working resolution: perception reads a bounded image and maps its masks back.

:func:`working_image` bounds the pixels the segmenter sees (``working_pixels``, default
0.5 MP; ``min_working_pixels`` 36 000 px) so that answers do not change with the input's
scale and a 12 MP photo costs what a 0.5 MP one does; :func:`to_input_size` and
:func:`to_input_crop` map a working-resolution mask back to the input. The floor is low on
purpose: enlarging the project's 240 x 160 renders to 0.15 MP moved their depth cues
(``ctr`` in ``make demo``: 98.1 % -> 95.8 %), so images of 36 000 px and more are read at
their own size.

Example:
    >>> import numpy as np
    >>> working_image(np.zeros((3000, 4000, 3), np.uint8), {})[0].shape
    (612, 816, 3)
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from typing import Any

import numpy as np

__all__ = [
    "working_image",
    "reduce_image",
    "to_input_size",
    "to_input_crop",
    "WORKING_PIXELS",
    "MIN_WORKING_PIXELS",
]

#: Perception runs on at most this many pixels (option ``working_pixels``).
WORKING_PIXELS = 500_000
#: Smaller inputs are enlarged to this many pixels (option ``min_working_pixels``); a
#: 240 x 160 render (38 400 px) is read at its own size (see the module docstring).
MIN_WORKING_PIXELS = 36_000


#: The last few reductions, key -> image: segmentation, attributes and the quality score
#: share them. More than one, because a photo read coarsely (``segmentation._COARSE_PIXELS``)
#: is reduced twice and the image record then asks for the first size again.
_RECENT: OrderedDict[tuple[Any, ...], np.ndarray] = OrderedDict()
_RECENT_SIZE = 3
_LOCK = threading.Lock()


def _key(rgb: np.ndarray, size: tuple[int, int]) -> tuple[Any, ...]:
    probe = rgb[:: max(1, rgb.shape[0] // 7), :: max(1, rgb.shape[1] // 7)]
    return (rgb.__array_interface__["data"][0], rgb.shape, rgb.strides, size, hash(probe.tobytes()))


def reduce_image(rgb: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``rgb`` resized to ``size`` (w, h) with area averaging; the last reduction is reused."""
    import cv2

    key = _key(rgb, size)
    with _LOCK:
        if key in _RECENT:
            _RECENT.move_to_end(key)
            return _RECENT[key]
    small = cv2.resize(rgb, size, interpolation=cv2.INTER_AREA)
    with _LOCK:
        _RECENT[key] = small
        while len(_RECENT) > _RECENT_SIZE:
            _RECENT.popitem(last=False)
    return small


def working_image(rgb: np.ndarray, options: dict[str, Any]) -> tuple[np.ndarray, float]:
    """``(image at the working resolution, scale factor working / input)``; a
    nearest-neighbour enlargement is read from its original (:mod:`.pixel_blocks`)."""
    import cv2

    from .pixel_blocks import unblocked

    w_in = rgb.shape[1]
    rgb = unblocked(rgb)
    h, w = rgb.shape[:2]
    hi = int(options.get("working_pixels") or WORKING_PIXELS)
    lo = min(int(options.get("min_working_pixels", MIN_WORKING_PIXELS) or 0), hi)
    px = h * w
    if lo <= px <= hi:
        return rgb, w / w_in
    f = math.sqrt((hi if px > hi else lo) / px)
    size = (max(4, round(w * f)), max(4, round(h * f)))
    if f < 1:
        return reduce_image(rgb, size), size[0] / w_in
    return cv2.resize(rgb, size, interpolation=cv2.INTER_LINEAR), size[0] / w_in


def to_input_size(mask: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """A working-resolution mask mapped back to the input's ``(H, W)``."""
    import cv2

    if mask.shape == shape:
        return mask
    big = cv2.resize(mask.astype(np.uint8) * 255, (shape[1], shape[0]), interpolation=cv2.INTER_LINEAR)
    return big > 127


def to_input_crop(mask: np.ndarray, shape: tuple[int, int]) -> tuple[np.ndarray, int, int]:
    """``(crop, y0, x0)``: a working-resolution mask mapped back to the input's ``(H, W)``,
    only around the object (no full-size array)."""
    import cv2

    from .objects import mask_bounds

    h, w = shape
    by0, by1, bx0, bx1 = mask_bounds(mask)  # type: ignore[misc]  # an object's mask is never empty
    if mask.shape == (h, w):
        return mask[by0:by1, bx0:bx1], by0, bx0
    sy, sx = mask.shape[0] / h, mask.shape[1] / w
    wy0, wy1 = max(by0 - 1, 0), min(by1 + 1, mask.shape[0])
    wx0, wx1 = max(bx0 - 1, 0), min(bx1 + 1, mask.shape[1])
    y0, y1 = max(int(math.floor(wy0 / sy)), 0), min(int(math.ceil(wy1 / sy)), h)
    x0, x1 = max(int(math.floor(wx0 / sx)), 0), min(int(math.ceil(wx1 / sx)), w)
    small = mask[wy0:wy1, wx0:wx1].astype(np.uint8) * 255
    # The same sampling as resizing the whole mask (pixel centres aligned), on the crop only.
    m = np.array([[sx, 0.0, (x0 + 0.5) * sx - 0.5 - wx0], [0.0, sy, (y0 + 0.5) * sy - 0.5 - wy0]])
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    big = (
        cv2.warpAffine(
            small, m, (max(x1 - x0, 1), max(y1 - y0, 1)), flags=flags, borderMode=cv2.BORDER_REPLICATE
        )
        > 127
    )
    return big, y0, x0
