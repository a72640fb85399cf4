"""The ink of a thin pen stroke, whose pixels blend ink and ground.

A 1 px outline drawn anti-aliased (or enlarged with a smoothing filter and reduced again to
the working resolution) lies across two or three pixels that each hold only part of the
ink: a black pen reads as a dark grey, its median lighter still. Blending moves a pixel from
the ink toward the ground and never past the ink, so the stroke's most contrasting pixels
bound its ink: a neutral stroke whose darkest tenth is already darker than a mid grey
(:data:`BLACK_BOUND`) was drawn in black, and one on a dark ground whose lightest tenth is
lighter than :data:`WHITE_BOUND` in white. (Its lightness says no more: a grey pen and a
black one thinned to half a pixel look alike, so a faint stroke stays grey.)

Example:
    >>> import numpy as np
    >>> crop = np.full((20, 20, 3), 255, np.uint8); ring = np.zeros((20, 20), bool)
    >>> ring[2:18, 2:18] = True; ring[4:16, 4:16] = False
    >>> crop[ring] = (90, 90, 90); crop[3:17, 3] = (40, 40, 40)
    >>> thin_neutral_ink(ring, crop)
    'black'
"""

from __future__ import annotations

import numpy as np

__all__ = ["thin_stroke", "thin_neutral_ink", "BLACK_BOUND", "WHITE_BOUND"]

#: CIELAB lightness under which a blended neutral stroke's darkest tenth shows black ink (a
#: grey ink, L 38-88 in :func:`~.flat.colour_term`, never blends darker than itself).
BLACK_BOUND = 38.0
#: ... over which a blended stroke's lightest tenth on a darker ground shows white ink.
WHITE_BOUND = 72.0


def thin_stroke(mask: np.ndarray) -> bool:
    """An outline-only shape (:func:`~.open_words.enclosed_area`) whose mask lies within 2 px
    of its edge: the ink and its two anti-aliased rims, about 4 px across (but for the pixels
    where its sides meet and JPEG's ringing bumps: a sixth of it at most, where a wider pen's
    mask is mostly deeper)."""
    import cv2

    from .open_words import enclosed_area

    if enclosed_area(mask) is None:
        return False
    depth = cv2.distanceTransform(np.pad(mask, 1).astype(np.uint8), cv2.DIST_L2, 3)
    return int((depth > 2.0).sum()) <= 0.15 * int(mask.sum())


def thin_neutral_ink(mask: np.ndarray, full: np.ndarray) -> str | None:
    """``"black"`` or ``"white"`` for the thin neutral stroke ``mask`` (a boolean crop of
    ``full``, its RGB pixels) when its most contrasting pixels show that ink, else ``None``."""
    from .colour import rgb_to_lab

    ground = ~mask
    if int(ground.sum()) < 4 or int(mask.sum()) < 10:
        return None
    ground_l = float(np.median(rgb_to_lab(full[ground].reshape(-1, 3))[:, 0]))
    ink_l = rgb_to_lab(full[mask].reshape(-1, 3))[:, 0]
    if float(np.median(ink_l)) < ground_l:
        return "black" if float(np.percentile(ink_l, 10)) < BLACK_BOUND else None
    return "white" if float(np.percentile(ink_l, 90)) > WHITE_BOUND else None
