"""The fill of a drawn shape under its outline: a uniform core at some depth inside the edge.

A drawn shape outlined in another shade (a black stroke of any width, a light neutral ring),
or carrying an outline and a drop shadow, is one uniform colour deeper in: its core.
:func:`core_pixels` finds the core of a stroked shape (the band just inside the edge darker
than the core along most of the outline, like a stroke); :func:`uniform_core` the core of a
shape whose edge an outline and a drop shadow hide. A lit solid's core is not uniform that
wide, so neither finds one there. (Split out of :mod:`.open_words`, which names what they find.)

Example:
    >>> import numpy as np
    >>> uniform_core(np.zeros((8, 8), bool), np.zeros((8, 8, 3), np.uint8)) is None
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["core_pixels", "uniform_core"]


def _flat_core(
    mask: np.ndarray, full: np.ndarray, up_to: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float] | None:
    """``(distance to the edge, core mask, core Lab pixels, depth)`` of the first core that is
    one uniform colour: the mask deeper than ``d`` px, ``d`` growing one pixel at a time from
    a fifth of the inscribed radius (at least 2 px) to ``up_to`` of it; ``None`` when the
    core shrinks under 20 px first or none is uniform."""
    import cv2

    from .colour import rgb_to_lab
    from .flat import is_flat

    m = np.pad(mask.astype(np.uint8), 1)
    dist = cv2.distanceTransform(m, cv2.DIST_L2, 3)[1:-1, 1:-1]
    radius = float(dist.max())
    full = np.asarray(full)
    depth = max(2.0, 0.2 * radius)
    while depth <= max(2.0, up_to * radius):
        core = dist > depth
        if core.sum() < 20:
            return None
        core_lab = rgb_to_lab(full[core].reshape(-1, 3))
        if is_flat(core_lab):
            return dist, core, core_lab, depth
        depth += 1.0
    return None


def _stroked_core(
    mask: np.ndarray, full: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float] | None:
    """``(core pixels, their Lab, distance to the edge, the core's depth)`` of
    :func:`core_pixels`, or ``None``."""
    from .colour import rgb_to_lab

    found = _flat_core(mask, full, 0.6)
    # A black / grey stroke thicker than three fifths of the inscribed radius (a thick
    # outline around a star's thin arms, or a small shape's): its fill lies deeper.
    thick = found is None
    if thick:
        found = _flat_core(mask, full, 0.85)
    if found is None:
        return None
    dist, core, core_lab, depth = found
    full = np.asarray(full)
    core_l = float(np.median(core_lab[:, 0]))
    if thick and not _neutral_stroke(full, dist, depth, core_lab):
        return None
    # Just inside the edge (1 to 3.5 px in): the stroke; on an enlarged image the outer
    # pixels blur into the ground, so a dark stroke may show only further in (up to the core).
    for reach in (min(depth, 3.5), depth):
        band = (dist > 1.0) & (dist <= reach)
        if band.sum() < 12:
            return None
        band_lab = rgb_to_lab(full[band].reshape(-1, 3))
        band_l = band_lab[:, 0]
        # A white / light grey stroke (a dark theme's border) is lighter than the fill all
        # around; a lit solid's bright rim is on its lit side only.
        light_stroke = (band_l > core_l + 5.0) & (np.hypot(band_lab[:, 1], band_lab[:, 2]) < 12.0)
        if float((band_l < core_l - 5.0).mean()) >= 0.6 or float(light_stroke.mean()) >= 0.8:
            break
    else:
        return None
    return full[core].reshape(-1, 3), core_lab, dist, depth


def _neutral_stroke(full: np.ndarray, dist: np.ndarray, depth: float, core_lab: np.ndarray) -> bool:
    """Whether the band from 1 px in to three fifths of the way to the core (``depth`` px
    in; further in the stroke blends with the fill) is a black / grey stroke (three
    quarters of it neutral, 8 lightness units darker than the core) around a coloured
    core (chroma 20 or more): a shaded solid's rim keeps its hue."""
    from .colour import rgb_to_lab

    band = (dist > 1.0) & (dist <= max(2.0, 0.6 * depth))
    if band.sum() < 12 or float(np.hypot(*np.median(core_lab[:, 1:], axis=0))) < 20.0:
        return False
    lab = rgb_to_lab(full[band].reshape(-1, 3))
    stroke = (np.hypot(lab[:, 1], lab[:, 2]) < 12.0) & (lab[:, 0] < float(np.median(core_lab[:, 0])) - 8.0)
    return float(stroke.mean()) >= 0.75


def core_pixels(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The fill of a shape outlined in another shade (a stroke of any width), or ``None``.

    The core is the first uniform one of :func:`_flat_core` (depth up to three fifths of the
    inscribed radius); the band just inside the edge (1 to 3.5 px in) must be darker than the
    core along most of the outline, like a stroke (a lit solid's rim is bright on its lit
    side, and its core is never uniform), or a light neutral stroke all around.
    """
    stroked = _stroked_core(mask, full)
    return None if stroked is None else stroked[0]


def uniform_core(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The mask's core pixels when they are one uniform colour at some depth from a fifth to
    two fifths of the inscribed radius, else ``None``: the fill of a drawn shape whose edge
    carries an outline and a drop shadow (a lit solid's core is not uniform that wide)."""
    found = _flat_core(mask, full, 0.4)
    return None if found is None else np.asarray(full)[found[1]].reshape(-1, 3)
