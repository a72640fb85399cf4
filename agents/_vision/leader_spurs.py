"""Leader lines and arrowheads drawn up to a filled shape are no part of it.

A label's leader (straight, or bent at an elbow) and the arrowhead at its end touch the shape
they point at, so the segmenter's region for the shape takes them in: its outline then has a
tail, and the shape cannot be named (a rectangle with a line and an arrowhead hanging from it
is no rectangle). A spur is cut from a region when, once the region is opened with a 7 px disc,
it is outside the body that is left (and the body's own rim), reaches at least 6 px away from
the body, is mostly thin (a line at most 5 px wide, perhaps ending in a small head) and is
drawn in another colour than the body's fill (ink, not a point of the shape: a star's tips are
its fill's colour). The cut pixels become free foreground again, so the label step can follow
them as the label's leader (``labels.leader_end``).

Regions whose body is not most of them (outline-only shapes, hatching) are left alone.

Example:
    >>> import numpy as np
    >>> cut_leader_spurs([], np.zeros((4, 4, 3), np.uint8))
    []
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["cut_leader_spurs"]

#: A spur's pixels lie at most this far (px) from its middle line...
_THIN = 2.6
#: ... for at least this share of them (the rest: a small arrowhead or dot at its end).
_THIN_SHARE = 0.55
#: It reaches at least this far (px) from the body.
_REACH = 6.0
#: Its ink differs from the body's fill by at least this much (CIE Lab distance).
_INK = 25.0


def cut_leader_spurs(regions: list[Any], rgb: np.ndarray) -> list[Any]:
    """``regions`` with the leader spurs (see the module docstring) cut from their masks
    (the regions are changed in place; the list is returned)."""
    if not regions:
        return regions
    import cv2

    lab = None
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))
    rim = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    h, w = rgb.shape[:2]
    for r in regions:
        ys, xs = np.nonzero(r.mask)
        if ys.size < 400:
            continue
        y0, y1 = max(int(ys.min()) - 4, 0), min(int(ys.max()) + 5, h)
        x0, x1 = max(int(xs.min()) - 4, 0), min(int(xs.max()) + 5, w)
        m = r.mask[y0:y1, x0:x1].astype(np.uint8)
        opened = cv2.morphologyEx(m, cv2.MORPH_OPEN, disc)
        n, comp, stats, _ = cv2.connectedComponentsWithStats(opened, connectivity=8)
        if n < 2:
            continue
        k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
        body = comp == k
        if body.sum() < 0.6 * m.sum():
            continue  # an outline-only or hatched shape: no filled body to hang from
        kept = (cv2.dilate(body.astype(np.uint8), rim) > 0) & (m > 0)
        rest = (m > 0) & ~kept
        if rest.sum() < 12:
            continue
        if lab is None:
            lab = cv2.cvtColor(rgb, cv2.COLOR_RGB2LAB).astype(np.float32)
        crop_lab = lab[y0:y1, x0:x1]
        fill = np.median(crop_lab[body], axis=0)
        away = cv2.distanceTransform((~body).astype(np.uint8), cv2.DIST_L2, 3)
        depth = cv2.distanceTransform(np.pad(rest, 1).astype(np.uint8), cv2.DIST_L2, 3)[1:-1, 1:-1]
        n2, parts = cv2.connectedComponents(rest.astype(np.uint8), connectivity=8)
        cut = np.zeros_like(rest)
        for j in range(1, n2):
            part = parts == j
            if part.sum() < 12 or float(away[part].max()) < _REACH:
                continue
            if float(np.mean(depth[part] <= _THIN)) < _THIN_SHARE:
                continue
            ink = np.median(crop_lab[part], axis=0)
            if float(np.linalg.norm((ink - fill) * np.array([100 / 255, 1, 1]))) < _INK:
                continue  # the shape's own colour: a point of it, not a line drawn to it
            cut |= part
        if cut.any():
            r.mask = r.mask.copy()
            r.mask[y0:y1, x0:x1] &= ~cut
    return regions
