"""Grey lines drawn on a page are ink, not cast shadows.

The shadow test (:func:`.background.foreground_evidence`) takes pixels that dim the ground
alike in every channel for cast shadows. A grey line on a white page does exactly that: the
connectors and arrows of a flowchart, a graph's edges, a timeline's axis. Read as shadows they
make the page a lit ground, and every node a solid standing on it (a "cube", a "cone"; an
outline-only node, which is no uniform fill, is not rescued as a drawing with drop shadows).

A cast shadow is a region: a solid's shadow on its ground is about as wide as the solid. A
drawn line is a stroke a few pixels wide, many times longer than wide. Where every piece of
"shadow" is such a stroke (none is a region) on a backdrop that does not change with height
(no sky or wall above a floor), and the picture shows no shaded solid
(:func:`.solid_scene.solid_scene`), the "shadows" are lines: they stay foreground, as black
lines do, and the scene has no cast shadows.

Example:
    >>> import numpy as np
    >>> shadow = np.zeros((100, 160), bool)
    >>> shadow[50:53, 20:140] = True  # a 3 px grey connector
    >>> all_strokes(shadow)
    True
    >>> shadow[60:90, 40:100] = True  # a solid's shadow beside it
    >>> all_strokes(shadow)
    False
"""

from __future__ import annotations

import numpy as np

__all__ = ["all_strokes", "grey_ink", "lines_not_shadows"]

#: A stroke's half-width (90th percentile of the distance to its edge, working pixels) is at
#: most this: lines up to about 6 px wide (a connector, an axis, an arrow's shaft and head).
STROKE_HALF_WIDTH = 3.0
#: ... and it is this many times longer (its bounding box's longer side) than wide.
STROKE_ELONGATION = 5.0
#: Pieces smaller than this many pixels (a letter's grey anti-aliasing, a speck) tell neither way.
_SPECK = 12
#: Grey ink dims the page alike in every channel (relative spread of the channels' ratios
#: under this; anti-aliased edges included) and by more than this share.
_EVEN = 0.06
_DIMMED = 0.92
#: A hole this many pixels or more inside a piece of ink is a shape's inside (a letter's
#: counter is smaller).
_HOLE = 150


def grey_ink(rgb: np.ndarray, page_rgb: np.ndarray) -> np.ndarray:
    """Pixels that dim the page (``page_rgb``, the backdrop's sRGB per pixel) alike in
    every channel: a shadow's pixels, and a grey line's with its anti-aliased edges."""
    ratio = rgb[..., :3].astype(np.float32) / np.maximum(page_rgb[..., :3].astype(np.float32), 4.0)
    mean = ratio.mean(axis=2)
    spread = (ratio.max(axis=2) - ratio.min(axis=2)) / np.maximum(mean, 1e-3)
    return (spread < _EVEN) & (mean < _DIMMED)


def all_strokes(shadow: np.ndarray, ink: np.ndarray | None = None) -> bool:
    """Whether no piece of ``shadow`` (a boolean mask) is a region, each lying in a thin
    line of ``ink`` (the even-dimmed pixels around it; default: the shadow itself), and at
    least one in a long stroke. A stroke is judged whole: an arrowhead the shadow test kept is
    judged with the line it ends."""
    import cv2

    ink = shadow if ink is None else (ink | shadow)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    pieces = np.unique(labels[shadow])
    pieces = pieces[pieces > 0]
    if pieces.size == 0:
        return False
    # Distance of each pixel to the nearest pixel outside the ink (the edge counts 1).
    depth = cv2.distanceTransform(ink.astype(np.uint8), cv2.DIST_L2, 3)
    strokes = 0
    for k in pieces:
        if int(stats[k, cv2.CC_STAT_AREA]) < _SPECK:
            continue
        half = float(np.percentile(depth[labels == k], 90))
        if half > STROKE_HALF_WIDTH:
            return False  # a region: a cast shadow
        length = max(int(stats[k, cv2.CC_STAT_WIDTH]), int(stats[k, cv2.CC_STAT_HEIGHT]))
        # Short and thin (an arrowhead on a stub of line, a sliver of shadow by a solid's
        # foot) tells neither way.
        strokes += length >= STROKE_ELONGATION * 2.0 * max(half, 1.0)
    return strokes > 0


def _lines(shadow: np.ndarray, ink: np.ndarray) -> np.ndarray:
    """The whole lines of ``ink`` the ``shadow`` pieces lie in: a connector with its
    arrowhead, anti-aliased edges included. A piece of ink enclosing a hole bigger than a
    letter's (an outline-only node drawn in grey, joined to its connectors) is a shape, not
    a line: there only the shadow pieces themselves are taken out, as before."""
    import cv2
    from scipy import ndimage

    ink = ink | shadow
    n, labels = cv2.connectedComponents(ink.astype(np.uint8), connectivity=8)
    pieces = np.unique(labels[shadow])
    out = shadow.copy()
    for k in pieces[pieces > 0]:
        part = labels == k
        ys, xs = np.nonzero(part)
        crop = part[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        hole = ndimage.binary_fill_holes(crop) & ~crop
        if int(hole.sum()) < _HOLE:
            out |= part
    return out


def _outlines_a_fill(shadow: np.ndarray, ink: np.ndarray, rgb: np.ndarray, page_rgb: np.ndarray) -> bool:
    """Whether a piece of the ink encloses a coloured fill (more than half of the hole it
    rings is not the page): a filled shape's dark outline, not a line (an outline-only node
    rings the page itself)."""
    import cv2
    from scipy import ndimage

    n, labels = cv2.connectedComponents((ink | shadow).astype(np.uint8), connectivity=8)
    page = ink | (np.abs(rgb[..., :3].astype(np.int16) - page_rgb[..., :3].astype(np.int16)).max(axis=2) < 24)
    pieces = np.unique(labels[shadow])
    for k in pieces[pieces > 0]:
        ys, xs = np.nonzero(labels == k)
        y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
        crop = labels[y0:y1, x0:x1] == k
        hole = ndimage.binary_fill_holes(crop) & ~crop
        if int(hole.sum()) >= _HOLE and float(page[y0:y1, x0:x1][hole].mean()) < 0.5:
            return True
    return False


def lines_not_shadows(
    rgb: np.ndarray, page_rgb: np.ndarray, shadow: np.ndarray, mode: float | None, plain_page: bool
) -> tuple[np.ndarray, float | None]:
    """``(pixels that are neither object nor ground, shadow ratio)``: when every "shadow" is
    part of a line drawn on a plain page (see the module docstring), the whole lines and no
    ratio (no cast shadows); otherwise ``(shadow, mode)`` as given."""
    if mode is None or not plain_page:
        return shadow, mode
    ink = grey_ink(rgb, page_rgb)
    if not all_strokes(shadow, ink) or _outlines_a_fill(shadow, ink, rgb, page_rgb):
        return shadow, mode
    from .solid_scene import solid_scene

    if solid_scene(rgb).three_d:
        return shadow, mode
    return _lines(shadow, ink), None
