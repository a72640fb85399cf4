"""The ink of a thin pen: a line of a pixel or two, anti-aliased, is mostly blend.

Anti-aliasing blends each pixel of a line with the ground by how much of the pixel the line
covers; a line of one or two pixels (or one reduced to that by the working resolution) is
mostly such blends, so the median of its pixels is neither its ink nor its lightness: a black
pen reads grey, a white pen on a dark slide grey, a red one brown. Along the line the cover
changes, and where it is most the pixel is nearest the ink: :func:`stroke_ink` reads the
stroke on its pixels farthest from the ground.

A stroke blended below a pixel's width may lose even that: :func:`thin_neutral_ink` bounds a
neutral stroke's ink by its most contrasting pixels. Blending moves a pixel from the ink
toward the ground and never past the ink: a neutral stroke whose darkest tenth is already
darker than a mid grey (:data:`BLACK_BOUND`) was drawn in black, and one on a dark ground
whose lightest tenth is lighter than :data:`WHITE_BOUND` in white. (Its lightness says no
more: a grey pen and a black one thinned to half a pixel look alike, so a faint stroke stays
grey.)

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

__all__ = [
    "stroke_ink",
    "pen_stroke",
    "thin_stroke",
    "thin_neutral_ink",
    "neutral_pen_ink",
    "PEN",
    "ENLARGED_PEN",
    "INK_SHARE",
    "BLACK_BOUND",
    "WHITE_BOUND",
]

#: An outline-only shape whose stroke is this thin (px from its middle to its edge, its
#: rims included) is read for its ink on its farthest pixels from the ground.
PEN = 3.0
#: ... and a stroke this thin is a 1-2 px pen enlarged (3-8x with a smoothing filter, which the
#: working resolution halves or more): its neutral ink is bounded like a thin one's
#: (:func:`thin_neutral_ink`).
ENLARGED_PEN = 2 * PEN
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


def pen_stroke(mask: np.ndarray, within: float = 2.0) -> bool:
    """An outline-only shape (:func:`~.open_words.enclosed_area`) whose mask lies within
    ``within`` px of its edge (2: the ink and its two anti-aliased rims, about 4 px across)."""
    from .artefacts import thickness
    from .open_words import enclosed_area

    return enclosed_area(mask) is not None and thickness(mask) <= within


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


def neutral_pen_ink(mask: np.ndarray, full: np.ndarray) -> str | None:
    """:func:`thin_neutral_ink` for a grey outline-only shape drawn with a thin pen: one blended
    below a pixel's width (:func:`thin_stroke`), or a 1-2 px pen enlarged with a smoothing
    filter (within :data:`ENLARGED_PEN`: a soft profile several pixels wide with no plateau of
    its ink, whose middle reads dark grey while its darkest pixels still show black)."""
    if thin_stroke(mask) or pen_stroke(mask, ENLARGED_PEN):
        return thin_neutral_ink(mask, full)
    return None
