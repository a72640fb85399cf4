"""The ink of a thin pen: a line of a pixel or two, anti-aliased, is mostly blend.

Anti-aliasing blends each pixel of a line with the ground by how much of the pixel the line
covers; a line of one or two pixels (or one reduced to that by the working resolution) is
mostly such blends, so the median of its pixels is neither its ink nor its lightness: a black
pen reads grey, a white pen on a dark slide grey, a red one brown. Along the line the cover
changes, and where it is most the pixel is nearest the ink: :func:`stroke_ink` reads the
stroke on its pixels farthest from the ground.
"""

from __future__ import annotations

import numpy as np

__all__ = ["stroke_ink", "PEN", "INK_SHARE"]

#: An outline-only shape whose stroke is this thin (px from its middle to its edge, its
#: rims included) is read for its ink on its farthest pixels from the ground.
PEN = 3.0
#: A thin stroke's ink is read on this share of its pixels farthest from the ground (a tenth:
#: a line of one or two pixels covers a whole pixel only here and there), at least
#: :data:`_INK_MIN` of them.
INK_SHARE = 0.1
_INK_MIN = 5


def stroke_ink(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The ink (sRGB) of a thin stroke ``mask`` over the crop ``full``: the median of its
    :data:`INK_SHARE` of pixels farthest (CIELAB) from the ground (the crop's pixels off the
    stroke). Anti-aliasing blends each pixel by how much of it the line covers; along a
    line the cover changes, and where it is most the pixel is nearest the ink (a black pen
    at half a pixel reads grey, a white one on a dark slide grey too, a red one brown).
    ``None`` when the crop shows too little ground or stroke."""
    from .colour import rgb_to_lab

    pixels = np.asarray(full)[mask].reshape(-1, 3).astype(np.float32)
    ground = np.asarray(full)[~mask].reshape(-1, 3).astype(np.float32)
    if pixels.shape[0] < _INK_MIN / INK_SHARE or ground.shape[0] < 12:
        return None
    ground_lab = rgb_to_lab(np.median(ground, axis=0).reshape(1, 3))[0]
    far = np.linalg.norm(rgb_to_lab(pixels) - ground_lab, axis=1)
    ink = far >= np.quantile(far, 1.0 - INK_SHARE)
    return np.median(pixels[ink], axis=0)
