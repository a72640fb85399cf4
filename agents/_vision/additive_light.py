"""Light adds: where two patches of light overlap, their overlap is the sum of both.

Defocused lights (bokeh), glows and projected light are light, not paint: where two discs of
light overlap, the overlap shows both lights at once, so its colour is the ground's plus both
lights' steps over it, lighter than either disc. Paint covers: where drawn shapes overlap, the
front one hides the back one (opaque), or a translucent one mixes with it, which stays between
the two colours (an alpha blend of the front's step falls short of the sum by the back's step
times the front's opacity: 33% or more of the two steps for any opacity up to 0.5, all of it for
an opaque shape). :func:`additive_overlaps` counts plateaus whose colour is the sum of two lighter-
than-ground neighbours (its only two: a crossing of two light lines touches four arms) within
:data:`SUM_TOLERANCE` of their steps: a photograph of lights,
which the reasoner does not read as a drawing of shapes.

Example:
    >>> import numpy as np, cv2
    >>> img = np.full((200, 300, 3), 20, np.uint8)
    >>> a, b = np.zeros_like(img), np.zeros_like(img)
    >>> _ = cv2.circle(a, (120, 100), 60, (90, 70, 40), -1); _ = cv2.circle(b, (180, 100), 60, (40, 60, 90), -1)
    >>> additive_overlaps(np.clip(img.astype(int) + a + b, 0, 255).astype(np.uint8)) >= 1
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["additive_overlaps", "SUM_TOLERANCE"]

#: A plateau is the sum of its two neighbours' steps over the ground when it misses that sum by
#: under this share of the two steps (summed over R, G, B; lights overlapping: 0.00-0.05; a
#: translucent drawn shape over another: 0.33 and more; drawn shapes and shaded solids: none).
SUM_TOLERANCE = 0.1
#: Plateaus: pixels whose CIELAB gradient (units per pixel) is under this, 4-connected.
FLAT_GRADIENT = 1.5
#: ... of at least this share of the picture (and 12 px).
MIN_PLATEAU = 0.0004
#: A light's step over the ground is at least this (encoded value, 0..1, luminance weights).
MIN_STEP = 0.04
#: A plateau whose colour (within :data:`RECUR`, summed over R, G, B) recurs in more than this
#: many plateaus (itself included) is a pattern's: tiles of two or three colours make sums of
#: steps by chance, over and over; an overlap of two lights is one of a kind.
MAX_RECURRENCE = 3
RECUR = 0.06
#: Neighbours: plateaus within this many pixels across the soft edge between them.
REACH = 5


def additive_overlaps(small: np.ndarray, lab: np.ndarray | None = None) -> int:
    """How many plateaus of ``small`` (an RGB copy of about 0.06 MP; ``lab``: its CIELAB copy,
    when already at hand) are the sum of two lighter neighbours over the ground (the largest
    plateau), in the image's encoded values."""
    import cv2

    from .colour import rgb_to_lab

    lab = np.asarray(rgb_to_lab(small) if lab is None else lab, np.float32)
    gx = cv2.Sobel(lab, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(lab, cv2.CV_32F, 0, 1, ksize=3)
    grad = np.sqrt((gx**2 + gy**2).sum(axis=2)) / 8.0
    n, ids, stats, _ = cv2.connectedComponentsWithStats(
        (grad < FLAT_GRADIENT).astype(np.uint8), connectivity=4
    )
    h, w = ids.shape
    area = stats[:, cv2.CC_STAT_AREA]
    keep = [k for k in range(1, n) if area[k] >= max(12, MIN_PLATEAU * h * w)]
    if len(keep) < 3:
        return 0
    values = small.reshape(-1, 3).astype(np.float64) / 255.0
    flat_ids = ids.ravel()
    sums = np.stack([np.bincount(flat_ids, weights=values[:, c], minlength=n) for c in range(3)], axis=1)
    means = (sums / np.maximum(area, 1)[:, None]).astype(np.float32)
    colour = {k: means[k] for k in keep}
    kept_colours = means[keep]
    weights = np.array([0.2126, 0.7152, 0.0722], np.float32)
    light = {k: float(colour[k] @ weights) for k in keep}
    ground = max(keep, key=lambda k: area[k])
    kept = set(keep)
    kernel = np.ones((2 * REACH + 1, 2 * REACH + 1), np.uint8)
    count = 0
    for r in keep:
        if r == ground or light[r] < light[ground] + 2 * MIN_STEP:
            continue
        if int((np.abs(kept_colours - colour[r]).sum(axis=1) < RECUR).sum()) > MAX_RECURRENCE:
            continue  # a pattern's colour (tiles, checks), not one overlap of two lights
        x, y, bw, bh = stats[r, :4]
        y0, y1, x0, x1 = max(0, y - REACH), min(h, y + bh + REACH), max(0, x - REACH), min(w, x + bw + REACH)
        crop = ids[y0:y1, x0:x1]
        ring = cv2.dilate((crop == r).astype(np.uint8), kernel).astype(bool)
        # The lens where two discs overlap touches those two lights only; where two light
        # lines cross (a grid drawn on a ground), the crossing touches four arms.
        lights = [
            k
            for k in set(np.unique(crop[ring]).tolist()) & kept
            if k not in (r, ground) and light[ground] + MIN_STEP <= light[k] < light[r]
        ]
        if len(lights) == 2 and _sum_of(colour[r], colour[lights[0]], colour[lights[1]], colour[ground]):
            count += 1
    return count


def _sum_of(overlap: np.ndarray, a: np.ndarray, b: np.ndarray, ground: np.ndarray) -> bool:
    """Whether ``overlap`` is the ground plus both steps (clipped at white)."""
    steps = float(np.abs(a - ground).sum() + np.abs(b - ground).sum())
    expected = np.clip(a + b - ground, 0.0, 1.0)
    return float(np.abs(overlap - expected).sum()) < SUM_TOLERANCE * max(steps, 1e-6)
