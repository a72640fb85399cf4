"""Translucent shapes drawn over each other (a Venn diagram): one object per shape, not per piece.

Where a shape of opacity ``a`` is painted over another, the overlap's colour is the top
shape's colour over the ground plus a fraction ``1 - a`` of the lower one's difference
from the ground: with ``X`` the top shape's colour where it lies on the ground alone, ``Y``
the colour under it and ``G`` the ground, ``P = X + (1 - a) (Y - G)`` (source-over
compositing; ``Y`` may itself be an overlap, for three shapes). An opaque shape hides what
is under it, and two shapes of their own colours side by side show no such piece. So a
flat piece of a drawing whose colour is that blend of two pieces it touches, one of them
on the ground, is where those shapes overlap: it belongs to both, and each shape is its
piece on the ground with all the overlaps it takes part in. The shapes then complete into
convex outlines (discs, ellipses, squares), which their pieces alone are not; where one
does not, nothing is changed.

Example:
    >>> import numpy as np
    >>> rgb = np.full((120, 200, 3), 255, np.uint8)
    >>> yy, xx = np.mgrid[0:120, 0:200]
    >>> a = (xx - 70) ** 2 + (yy - 60) ** 2 < 45**2
    >>> b = (xx - 130) ** 2 + (yy - 60) ** 2 < 45**2
    >>> red, blue = np.array([230, 40, 40.0]), np.array([40, 80, 220.0])
    >>> rgb[a] = 0.5 * red + 0.5 * 255
    >>> rgb[b] = 0.5 * blue + 0.5 * rgb[b]
    >>> shapes, opacity, _ = translucent_layers(a | b, rgb, np.full((120, 200, 3), 255.0), 40)
    >>> len(shapes), round(opacity, 1)
    (2, 0.5)
"""

from __future__ import annotations

import numpy as np

__all__ = ["translucent_layers", "unblended"]

#: The blend fraction ``1 - a`` a translucent fill leaves of what is under it.
_LEAVES = (0.1, 0.9)
#: Most a piece's colour may stray from the blend, sRGB units (JPEG and anti-aliasing).
_MISFIT = 7.0
#: A shape completed with its overlaps fills this much of its convex hull (a disc, a square).
_CONVEX = 0.93


def translucent_layers(
    comp: np.ndarray, rgb: np.ndarray, ground: np.ndarray, min_area: int
) -> tuple[list[np.ndarray], float, np.ndarray] | None:
    """The masks of the translucent shapes ``comp`` is drawn with (each the whole shape, the
    overlaps shared), their opacity (one minus the median blend fraction) and the ground's
    colour; or ``None`` when its flat pieces are no such overlap of two or more shapes.
    ``ground``: the background model's sRGB at each pixel."""
    pieces, colours = _flat_pieces(comp, rgb, min_area)
    if len(pieces) < 3:
        return None
    import cv2

    kernel = np.ones((5, 5), np.uint8)
    grown = [cv2.dilate(p.astype(np.uint8), kernel).astype(bool) for p in pieces]
    outside = ~comp
    ground_colour = np.median(
        ground[cv2.dilate(comp.astype(np.uint8), kernel).astype(bool) & outside], axis=0
    )
    edge = [int((g & outside).sum()) for g in grown]
    rim = [int((g & ~p).sum()) for g, p in zip(grown, pieces, strict=True)]
    # A piece on the ground: a good share of its rim is the ground (a lens only meets it at a point).
    on_ground = [e > 0.15 * r for e, r in zip(edge, rim, strict=True)]
    if sum(on_ground) < 2:
        return None
    count = len(pieces)
    touch = [[i != j and bool((grown[i] & pieces[j]).any()) for j in range(count)] for i in range(count)]
    # An overlap may reach the ground too (squares' edges in line): on the ground and a blend
    # of two pieces it touches, it is no shape of its own.
    blend = [
        any(
            on_ground[x]
            and touch[p][x]
            and touch[p][y]
            and _blend_of(colours[p], colours[x], colours[y], ground_colour)
            for x in range(count)
            for y in range(count)
            if len({p, x, y}) == 3
        )
        for p in range(count)
    ]
    pure = [on_ground[i] and not blend[i] for i in range(count)]
    if sum(pure) < 2:
        return None
    on_ground = pure
    layers: list[set[int] | None] = [{i} if pure[i] else None for i in range(count)]
    fractions: list[float] = []
    for _ in range(len(pieces)):
        progress = False
        for p, known in enumerate(layers):
            if known is not None:
                continue
            for x in range(len(pieces)):
                if not (on_ground[x] and touch[p][x]):
                    continue
                for y in range(len(pieces)):
                    if y == x or not touch[p][y] or layers[y] is None or x in layers[y]:
                        continue
                    if _blend_of(colours[p], colours[x], colours[y], ground_colour):
                        layers[p] = {x} | layers[y]
                        fractions.append(_fraction(colours[p], colours[x], colours[y], ground_colour))
                        progress = True
                        break
                if layers[p] is not None:
                    break
        if not progress:
            break
    if any(known is None for known in layers) or all(len(known) == 1 for known in layers):
        return None
    shapes = []
    for x in (i for i in range(len(pieces)) if on_ground[i]):
        whole = np.zeros_like(comp)
        for p, known in enumerate(layers):
            if x in known:
                whole |= pieces[p]
        whole = cv2.morphologyEx(whole.astype(np.uint8), cv2.MORPH_CLOSE, kernel).astype(bool) & comp
        if _solidity(whole) < _CONVEX:
            return None
        shapes.append(whole)
    return shapes, 1.0 - float(np.median(fractions)), ground_colour


def unblended(pixels: np.ndarray, opacity: float, ground: np.ndarray) -> np.ndarray:
    """The fill colour that, laid at ``opacity`` over ``ground``, shows as ``pixels``."""
    fill = (np.asarray(pixels, np.float64) - (1.0 - opacity) * np.asarray(ground, np.float64)) / opacity
    return np.clip(fill + 0.5, 0, 255).astype(np.uint8)


def _fraction(p: np.ndarray, x: np.ndarray, y: np.ndarray, ground: np.ndarray) -> float:
    """The ``f`` for which ``x + f (y - ground)`` comes nearest colour ``p``."""
    under = y - ground
    return float((p - x) @ under) / max(float(under @ under), 1e-6)


def _blend_of(p: np.ndarray, x: np.ndarray, y: np.ndarray, ground: np.ndarray) -> bool:
    """Whether colour ``p`` is ``x + f (y - ground)`` for a fraction ``f`` in :data:`_LEAVES`."""
    under = y - ground
    if float(under @ under) < 30.0**2:
        return False  # a shape hardly apart from the ground: no blend to tell
    f = _fraction(p, x, y, ground)
    return _LEAVES[0] <= f <= _LEAVES[1] and float(np.abs(p - x - f * under).max()) <= _MISFIT


def _flat_pieces(
    comp: np.ndarray, rgb: np.ndarray, min_area: int
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The connected pieces of ``comp`` of one flat colour each (smoothed colour changing less
    than a few units per px; at least ``min_area`` px and 1 % of ``comp``), every pixel of
    ``comp`` given to the nearest piece, and their median colours."""
    import cv2

    smooth = cv2.medianBlur(np.ascontiguousarray(rgb, dtype=np.uint8), 5).astype(np.float32)
    steep = np.zeros(comp.shape, np.float32)
    for k in range(3):
        gx = cv2.Sobel(smooth[..., k], cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(smooth[..., k], cv2.CV_32F, 0, 1, ksize=3)
        steep = np.maximum(steep, np.hypot(gx, gy) / 8.0)
    flat = comp & (steep < 2.0)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(flat.astype(np.uint8), connectivity=4)
    least = max(min_area, 0.01 * comp.sum())
    keep = [k for k in range(1, n) if stats[k, 4] >= least]
    if len(keep) < 3 or len(keep) > 12:
        return [], []
    seeds = np.zeros(comp.shape, np.int32)
    for i, k in enumerate(keep):
        seeds[labels == k] = i + 1
    _, nearest = cv2.distanceTransformWithLabels(
        (seeds == 0).astype(np.uint8), cv2.DIST_L2, 3, labelType=cv2.DIST_LABEL_PIXEL
    )
    seed_of = np.zeros(int(nearest.max()) + 1, np.int32)
    ys, xs = np.nonzero(seeds)
    seed_of[nearest[ys, xs]] = seeds[ys, xs]
    owner = seed_of[nearest] * comp
    pieces = [owner == i + 1 for i in range(len(keep))]
    colours = [np.median(rgb[labels == k].reshape(-1, 3).astype(np.float64), axis=0) for k in keep]
    return pieces, colours


def _solidity(mask: np.ndarray) -> float:
    import cv2

    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return 0.0
    hull = cv2.convexHull(np.vstack(contours))
    return float(mask.sum()) / max(float(cv2.contourArea(hull)), 1.0)
