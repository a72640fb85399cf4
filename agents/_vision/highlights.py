"""Highlights: a specular highlight on a shaded solid is no second colour.

Light reflected off a glossy solid adds white: its chromaticity moves toward grey along the
solid's own hue and back again gradually, where two touching surfaces of different colours
meet in a step. :func:`gradual_highlight` tells a colour split (``regions._split_by_colour``)
that its two parts are one surface (a cone's lit strip, a can's sheen).

Example:
    >>> import numpy as np
    >>> a = np.zeros((4, 8), bool); a[:, :4] = True
    >>> centres = np.array([[60.0, 20.0], [45.0, 28.0]])
    >>> feats = np.array([[60.0, 20.0]] * 16 + [[45.0, 28.0]] * 16)
    >>> labels = np.array([0] * 16 + [1] * 16)
    >>> pix = np.array([[200.0, 60, 40]] * 16 + [[250.0, 160, 150]] * 16)
    >>> gradual_highlight([a, ~a], pix, feats, labels, centres)  # a step: two colours
    False
"""

from __future__ import annotations

import numpy as np

__all__ = ["gradual_highlight"]

_GRADUAL_PX = 1.6  # a highlight fades over this many px (on average) along its border


def gradual_highlight(
    parts: list[np.ndarray], pix: np.ndarray, feats: np.ndarray, labels: np.ndarray, centres: np.ndarray
) -> bool:
    """Whether a 2-means split of one hue (the caller checks that) is a specular highlight on
    one surface: the paler side is the brighter (light added white to it), and the
    chromaticity changes gradually between them: the pixels a quarter to three quarters of the
    way from one centre to the other are at least 1.6 px deep along the parts' common border on
    average and 8 % of the pixels (two surfaces of different colours meet in a step: at most
    one anti-aliased px lies that far between them)."""
    grey = 100.0 / 3.0
    pale = int(np.argmin(np.linalg.norm(centres - grey, axis=1)))
    bright = [float(pix[labels == k].sum(axis=1).mean()) if (labels == k).any() else 0.0 for k in range(2)]
    if bright[pale] <= bright[1 - pale]:
        return False
    d = centres[1] - centres[0]
    t = (feats - centres[0]) @ d / max(float(d @ d), 1e-9)
    between = int(np.count_nonzero((t >= 0.25) & (t <= 0.75)))
    a, b = parts
    near_b = np.zeros_like(b)  # b grown by one px (4-neighbours): a's pixels on the border
    near_b[1:] |= b[:-1]
    near_b[:-1] |= b[1:]
    near_b[:, 1:] |= b[:, :-1]
    near_b[:, :-1] |= b[:, 1:]
    length = int(np.count_nonzero(a & near_b))
    return length > 0 and between >= _GRADUAL_PX * length and between >= 0.08 * feats.shape[0]
