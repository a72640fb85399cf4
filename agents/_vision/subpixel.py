"""Small drawn shapes read from their anti-aliased coverage, at sub-pixel precision.

A shape 6-20 px across is a few dozen pixels, and its binary mask says little: the
segmenter's mask of a small icon on a compressed image also carries a halo of JPEG
ringing 1-3 px wide, so it can be several times the shape's area, and the outline of a
9-pixel triangle drawn with anti-aliasing is a blob. The edge pixels still hold the shape:
each is a blend of the ink and the ground in proportion to how much of it the shape
covers. :func:`small_shape` measures that coverage (each pixel projected on the line from
the ground colour, the median of a ring just outside the mask, to the ink colour, the
median of the mask's innermost pixels), enlarges it with bilinear interpolation and cuts
it at one half: a silhouette whose edge is placed to a fraction of a pixel, named as any
drawn shape is (:func:`.flat.flat_shape`). Ringing and halos blend toward neither colour
and fall below the cut. Under :data:`MIN_COVERAGE` px of coverage (a shape about 5 px
across) no outline is told from another: the shape gets no name (the answer says it
cannot tell) rather than a guess. A round silhouette is a circle, a hexagon or an octagon
by its radius's 6th and 8th harmonics (:func:`round_shape`); a circle under 11 px across,
where an octagon's sides are a third of a pixel deep, is not named.

Example:
    >>> import numpy as np
    >>> img = np.full((40, 40, 3), 250, np.uint8)
    >>> yy, xx = np.mgrid[0:40, 0:40]
    >>> img[(yy - 20) ** 2 + (xx - 20) ** 2 <= 49] = (200, 30, 30)
    >>> s = small_shape(img, (yy - 20) ** 2 + (xx - 20) ** 2 <= 56)
    >>> s.name, round(s.coverage)
    ('circle', 149)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

__all__ = ["SmallShape", "small_shape", "round_shape", "SMALL_AREA", "MIN_COVERAGE"]

#: Masks of at most this many pixels (input resolution) are read from their coverage.
SMALL_AREA = 700
#: Below this coverage (px) a shape is too small to name.
MIN_COVERAGE = 20.0
_MIN_CONTRAST = 30.0  # RGB distance between ink and ground below which coverage is noise
_ENLARGED = 64  # px: the silhouette is cut on a grid this many pixels across (at least)
#: Names of a round small silhouette that its radial profile decides (:func:`round_shape`).
_ROUND = ("circle", "hexagon", "octagon", "polygon")
_ROUND_MAX = 0.013  # a circle's 6th / 8th harmonic, through pixel steps and JPEG
#: Under this radius (input px) an octagon's sides are a third of a pixel deep: a round
#: silhouette without a clear 8th harmonic may still be one, and is not called a circle.
_ROUND_MIN_RADIUS = 5.5


@dataclass
class SmallShape:
    """What the coverage of a small shape shows.

    Attributes:
        ink: the innermost pixels' RGB values (the shape's colour), ``N x 3``.
        coverage: the shape's area in input pixels (sum of the coverage).
        deep: pixels of the sub-pixel silhouette more than 2 px inside its edge (a solid's
            shading shows there; a shape without them cannot show any).
        name: its drawn-shape name, ``None`` when it is too small to tell.
        plain: whether the pixels more than 1.5 px inside the coverage's half-cut are one
            colour within JPEG's noise: CIELAB lightness (kept at full resolution by JPEG)
            within 12 (20-80 percentile) and one hue within 14 degrees; the chroma may vary
            (4:2:0 subsampling smears it into a dome over a small fill, which is no shading).
            A shaded body's lightness varies.
    """

    ink: np.ndarray
    coverage: float
    deep: float
    name: str | None
    plain: bool = False


def small_shape(rgb: np.ndarray, mask: np.ndarray) -> SmallShape | None:
    """Read the small shape under ``mask`` (full-image boolean) from ``rgb``, or ``None``
    when the mask is not small, the ground around it is not seen, or the ink hardly differs
    from the ground."""
    import cv2

    from .flat import flat_shape
    from .frame_cut import closed_at_frame
    from .objects import mask_bounds

    area = int(np.count_nonzero(mask))
    if area == 0 or area > SMALL_AREA:
        return None
    h, w = mask.shape
    pad = 4
    by0, by1, bx0, bx1 = mask_bounds(mask)  # type: ignore[misc]  # not empty
    y0, y1 = max(by0 - pad, 0), min(by1 + pad, h)
    x0, x1 = max(bx0 - pad, 0), min(bx1 + pad, w)
    m = mask[y0:y1, x0:x1].astype(np.uint8)
    pix = rgb[y0:y1, x0:x1].astype(np.float32)
    kernel = np.ones((3, 3), np.uint8)
    near = cv2.dilate(m, kernel, iterations=1).astype(bool)
    around = cv2.dilate(m, kernel, iterations=3).astype(bool) & ~near
    if around.sum() < 8:
        return None
    ground = np.median(pix[around], axis=0)
    dist = cv2.distanceTransform(np.pad(m, 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    innermost = (dist > 0) & (dist >= 0.6 * float(dist.max()))
    ink = np.median(pix[innermost], axis=0)
    if float(np.linalg.norm(ink - ground)) < _MIN_CONTRAST:
        # The middle is ground (an outline-only shape whose hole was filled): the ink is
        # the pixels farthest from the ground.
        far = np.linalg.norm(pix - ground, axis=2) * m
        innermost = m.astype(bool) & (far >= 0.8 * float(np.percentile(far[m.astype(bool)], 95)))
        ink = np.median(pix[innermost], axis=0)
    d = ink - ground
    n2 = float(d @ d)
    if math.sqrt(n2) < _MIN_CONTRAST:
        return None
    alpha = np.clip(((pix - ground) @ d) / n2, 0.0, 1.0).astype(np.float32)
    alpha[~cv2.dilate(m, kernel, iterations=2).astype(bool)] = 0.0  # not a neighbour's pixels
    coverage = float(alpha.sum())
    k = int(min(12, max(2, math.ceil(_ENLARGED / max(m.shape)))))
    big = cv2.resize(alpha, (m.shape[1] * k, m.shape[0] * k), interpolation=cv2.INTER_LINEAR)
    cut = (big >= 0.5).astype(np.uint8)
    # An outline the frame cuts: the frame closes it (the pixels read hold no ink there).
    cut = closed_at_frame(cut, (by0 == 0, bx0 == 0, by1 == h, bx1 == w))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(cut, connectivity=8)
    if n <= 1:
        return None
    main = (labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))).astype(np.uint8)
    contours, _ = cv2.findContours(main, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    solid = np.zeros_like(main)
    cv2.drawContours(solid, contours, -1, 1, -1)
    inside = cv2.distanceTransform(np.pad(main, 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    deep = float((inside > 2.0 * k).sum()) / (k * k)
    filled_px = float(solid.sum()) / (k * k)
    name = (
        flat_shape(solid.astype(bool), octagons=False) if max(coverage, filled_px) >= MIN_COVERAGE else None
    )
    if name in _ROUND:
        name = round_shape(solid, name, scale=k)
    half = (alpha >= 0.5).astype(np.uint8)
    core = cv2.distanceTransform(np.pad(half, 1), cv2.DIST_L2, 3)[1:-1, 1:-1] > 1.5
    plain = False
    if core.sum() >= 12:
        from .colour import rgb_to_lab

        lab = rgb_to_lab(pix[core].reshape(-1, 3).astype(np.float32))
        light = np.percentile(lab[:, 0], [20, 80])
        chroma = np.hypot(lab[:, 1], lab[:, 2])
        if float(np.median(chroma)) >= 15.0:
            hue = np.degrees(np.arctan2(lab[:, 2], lab[:, 1]))
            turn = (hue - float(np.median(hue)) + 180.0) % 360.0 - 180.0
            hue_spread = float(np.subtract(*np.percentile(turn, [80, 20])))
        else:
            hue_spread = float(np.subtract(*np.percentile(chroma, [80, 20])))
        plain = bool(light[1] - light[0] < 12.0 and hue_spread < 14.0)
    strong = alpha >= 0.75
    ink_px = pix[strong] if strong.sum() >= 3 else pix[innermost]
    return SmallShape(ink=ink_px.reshape(-1, 3), coverage=coverage, deep=deep, name=name, plain=plain)


def round_shape(solid: np.ndarray, name: str, scale: float = 1.0) -> str | None:
    """Circle, hexagon or octagon for a small round silhouette (the enlarged sub-pixel cut),
    from its radius's harmonics: six flat sides make the 6th stand out, eight the 8th, a
    circle has neither. Between (an octagon under about 14 px across, whose flat sides are
    under half a pixel deep) the shape cannot be told and is not named (``None``), nor is a
    circle under :data:`_ROUND_MIN_RADIUS` px (``scale``: enlarged px per input px), where
    an octagon reads as one; a silhouette that is not round keeps ``name``."""
    import cv2

    from .flat import harmonics, polygon_by_harmonics

    c, _ = cv2.findContours(solid.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not c:
        return name
    (_, _), (rw, rh), _ = cv2.minAreaRect(max(c, key=cv2.contourArea))
    amp = harmonics(solid)
    if amp is None or max(rw, rh) > 1.15 * max(min(rw, rh), 1.0):
        return name
    sixth, eighth = float(amp[6]), float(amp[8])
    other = float(max(amp[3], amp[4], amp[5], amp[7]))
    if other >= 0.02 and other > max(sixth, eighth) and name != "circle":
        return name  # three, four or five corners stand out: not a round shape
    polygon = polygon_by_harmonics(amp)
    if polygon is not None:
        return polygon
    if max(sixth, eighth) < _ROUND_MAX:
        if name == "circle":
            area = float(np.count_nonzero(solid)) / (scale * scale)
            return "circle" if math.sqrt(area / math.pi) >= _ROUND_MIN_RADIUS else None
        return name if name == "polygon" else None
    return None
