"""A grey shape drawn beside or over flat ones, told from their cast shadow.

A flat drawing's grey shape darkens the canvas uniformly, as a shadow does; the shadow
search (:mod:`.background`) asks :func:`drawn_grey_shape` before it takes such a region for
a shadow. The tests: the objects it touches are painted flat (:func:`_painted_flat`), its
edge on the canvas is sharp, and it is not a drop shadow (:func:`_drop_shadow_of`).
"""

from __future__ import annotations

import numpy as np

from .colour import rgb_to_lab

__all__ = ["drawn_grey_shape", "with_its_continuation"]


def drawn_grey_shape(
    region: np.ndarray, anchors: np.ndarray, mean_ratio: np.ndarray, rgb: np.ndarray
) -> bool:
    """Whether a shadow-like region touching objects is a grey shape drawn beside or over
    flat ones rather than their shadow.

    A flat drawing's grey shape darkens the canvas uniformly like a shadow, but: every
    object it touches is one flat colour (a lit solid beside its cast shadow is shaded);
    its edge on the canvas is sharp (the canvas's own brightness 2-3 px out, judged on 5 x 5
    medians; a cast shadow has a soft penumbra); and it is not a drop shadow, the copy of
    an object it touches shifted by a small offset (at most 0.4 of the object's size) and
    hidden where it overlaps the object. :func:`_attached` asks only when shadow-like
    regions touch at most a third of a scene's two or more objects (one when fewer than
    six): a lit scene's objects all cast shadows.

    Args:
        region: boolean mask of the shadow-like region.
        anchors: labels of the object bodies (0: none) the region may touch.
        mean_ratio: the image / background brightness ratio per pixel.
        rgb: the image.
    """
    import cv2

    h, w = region.shape
    ys, xs = np.nonzero(region)
    if ys.size < 30:
        return False
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    pad = 10
    Y0, Y1, X0, X1 = max(y0 - pad, 0), min(y1 + pad, h), max(x0 - pad, 0), min(x1 + pad, w)
    part = region[Y0:Y1, X0:X1].astype(np.uint8)
    near = cv2.dilate(part, np.ones((9, 9), np.uint8)).astype(bool)
    touched = [int(v) for v in np.unique(anchors[Y0:Y1, X0:X1][near]) if v]
    if not touched:
        return False
    # sharp edge on the canvas: outside the objects, 2-3 px out has the canvas's brightness
    others = cv2.dilate((anchors[Y0:Y1, X0:X1] > 0).astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
    ring = cv2.dilate(part, np.ones((7, 7), np.uint8)).astype(bool)
    ring &= ~cv2.dilate(part, np.ones((5, 5), np.uint8)).astype(bool) & ~others
    if ring.sum() < 12:
        return False
    ratio = cv2.medianBlur(np.ascontiguousarray(mean_ratio[Y0:Y1, X0:X1], np.float32), 5)
    if float((np.abs(ratio[ring] - 1.0) < 0.04).mean()) < 0.85:
        return False
    for j in touched:
        body = anchors == j
        if not _painted_flat(body, rgb):
            return False  # a shaded solid: a cast shadow beside it is plausible
        if _drop_shadow_of(region, body, anchors > 0):
            return False
    return True


def _painted_flat(body: np.ndarray, rgb: np.ndarray) -> bool:
    """Whether an object body is painted in flat colours: at least 75 % of its inner pixels
    (4 px in, beyond the smoothing's reach of its edge) have a lightness gradient under 0.25 CIELAB units per px (smoothed). A lit
    solid's shading varies across it (a render's cylinder: about half); two flat shapes
    touching form one body with one thin seam."""
    import cv2

    ys, xs = np.nonzero(body)
    h, w = body.shape
    Y0, Y1, X0, X1 = max(ys.min() - 6, 0), min(ys.max() + 7, h), max(xs.min() - 6, 0), min(xs.max() + 7, w)
    b = np.pad(body[Y0:Y1, X0:X1].astype(np.uint8), 5)
    inner = cv2.erode(b, np.ones((9, 9), np.uint8)).astype(bool)[5:-5, 5:-5]
    if inner.sum() < 20:
        return False
    light = cv2.GaussianBlur(rgb_to_lab(rgb[Y0:Y1, X0:X1])[..., 0].astype(np.float32), (0, 0), 1.5)
    grad = np.hypot(cv2.Sobel(light, cv2.CV_32F, 1, 0), cv2.Sobel(light, cv2.CV_32F, 0, 1)) / 8.0
    return float((grad[inner] < 0.25).mean()) >= 0.75


def _drop_shadow_of(region: np.ndarray, body: np.ndarray, objects: np.ndarray) -> bool:
    """Whether ``region`` is ``body`` shifted by a small offset (at most 0.4 of its size)
    minus what the objects hide: intersection over union at least 0.7 for some offset
    (searched on a coarse grid, then refined to the pixel around the best)."""
    ys, xs = np.nonzero(body | region)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    reach = max(3, int(0.4 * np.sqrt(body.sum())))
    Y0, X0 = max(y0 - reach, 0), max(x0 - reach, 0)
    Y1, X1 = min(y1 + reach, region.shape[0]), min(x1 + reach, region.shape[1])
    r, b, o = region[Y0:Y1, X0:X1], body[Y0:Y1, X0:X1], objects[Y0:Y1, X0:X1]
    n_r = int(r.sum())
    hh, ww = r.shape

    def iou(dy: int, dx: int) -> float:
        if dx == 0 and dy == 0:
            return 0.0
        moved = np.zeros_like(b)
        moved[max(dy, 0) : hh + min(dy, 0), max(dx, 0) : ww + min(dx, 0)] = b[
            max(-dy, 0) : hh + min(-dy, 0), max(-dx, 0) : ww + min(-dx, 0)
        ]
        moved &= ~o
        inter = int((moved & r).sum())
        return inter / max(n_r + int(moved.sum()) - inter, 1)

    step = max(1, reach // 6)
    grid = range(-reach, reach + 1, step)
    best, by, bx = max((iou(dy, dx), dy, dx) for dy in grid for dx in grid)
    if step > 1:
        fine = range(-step + 1, step)
        best = max([best] + [iou(by + a, bx + c) for a in fine for c in fine])
    return best >= 0.7


def with_its_continuation(
    region: np.ndarray, candidate: np.ndarray, mean_ratio: np.ndarray, spread: np.ndarray, mode: float
) -> np.ndarray:
    """``region`` (shadow-like pixels touching no object) with the foreground it runs on into
    at the same brightness ratio, channels nearly alike: the whole of a flat grey shape.

    On a tinted or graded canvas a neutral grey fill dims the channels a little unevenly, by
    an amount that changes with the canvas; only part of the fill then passes the even test
    of a shadow's core, and the rest of the same fill would ring that part as if it were
    another object's body. Judged with its continuation, the canvas round the whole fill
    decides (a cast shadow's penumbra is lighter than its core, so it is not taken in).
    """
    import cv2

    similar = candidate & (np.abs(mean_ratio - mode) < 0.03 + 0.04 * mode) & (spread < 0.15)
    _, labels = cv2.connectedComponents((similar | region).astype(np.uint8), connectivity=8)
    ids = np.unique(labels[region])
    return np.isin(labels, ids[ids > 0])
