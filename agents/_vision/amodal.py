"""A partly hidden object's outline, completed, for naming its shape.

A flat drawn shape another one partly covers is completed too (without a world prior): by
the ellipse when its free outline lies on one, else by a polygon (:func:`completed_polygon`:
the two free edges that run under the shape in front, extended until they meet), so a square
half under a circle stays a square, not a pentagon.

The shape classifier reads a silhouette; an object another one partly hides shows a bite
taken out of it (a ball behind a box lost a corner-shaped piece and read as a cylinder, a
box behind a ball a round one). Every object touching another is a candidate (a straight
occluding edge, such as a can's side, takes no bite the occlusion test could see). A ball's
outline is completed by an ellipse
when the outline's free part (away from the objects in front) lies on one, the visible part
inside it and its hidden part under them. Other outlines are left as they are: completing
them by their convex hull fixed a box behind a ball but turned more partly hidden cans into
boxes on the tabletop renders (`bench_perception.py` shape 0.945 -> 0.938; the ellipse alone:
0.949).
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["in_contact", "completed_outline", "completed_polygon", "completed_flat", "free_outline_round"]

_NEAR = 5  # px: outline points this close to another object are where it hides this one
_ON_ELLIPSE = 0.9  # share of the free outline points on the fitted ellipse ...
_TOLERANCE = 0.06  # ... within this relative distance
_INSIDE = 0.95  # the visible part lies inside the ellipse
_UNDER = 0.8  # the ellipse's hidden part lies under the objects in front
_MIN_AXIS = 12.0  # px, semi-axis: a smaller outline is too coarse to tell an ellipse from a hexagon
_MIN_FREE = 40  # free outline points needed for a fit


def in_contact(boxes: list[tuple[float, float, float, float] | None]) -> set[int]:
    """Indices of the objects whose box comes within a few px of another's (candidates for a
    partly hidden outline: a straight occluding edge leaves no bite for the occlusion test)."""
    out: set[int] = set()
    for i, a in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            b = boxes[j]
            if a is None or b is None:
                continue
            if a[0] - 6 <= b[2] and b[0] - 6 <= a[2] and a[1] - 6 <= b[3] and b[1] - 6 <= a[3]:
                out.update((i, j))
    return out


def _near(others: np.ndarray) -> np.ndarray:
    """Pixels within :data:`_NEAR` px of ``others``: where an outline point is hidden by them."""
    import cv2

    kernel = np.ones((2 * _NEAR + 1, 2 * _NEAR + 1), np.uint8)
    return cv2.dilate(others.astype(np.uint8), kernel).astype(bool)


def completed_outline(
    mask: np.ndarray, others: np.ndarray, *, rim: int = 0, near: np.ndarray | None = None
) -> np.ndarray:
    """``mask`` completed where ``others`` (the other objects' pixels) hide it.

    Args:
        mask: boolean mask of the object (visible pixels), image-sized.
        others: boolean mask of every other object, same shape.
        rim: px of the ellipse's rim not counted as hidden (a drawn outline's anti-aliased,
            ragged edge leaves a thin ring of the fitted ellipse uncovered all round).
        near: ``others`` dilated by :data:`_NEAR` px, when the caller has it already.

    Returns:
        A boolean mask of the same shape: the fitted ellipse united with ``mask``, or
        ``mask`` itself.
    """
    import cv2

    mask = np.ascontiguousarray(mask, dtype=bool)
    m = mask.astype(np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return mask
    contour = max(contours, key=cv2.contourArea)
    near = _near(others) if near is None else near
    pts = contour.reshape(-1, 2)
    free = pts[~near[pts[:, 1], pts[:, 0]]]
    if len(free) < _MIN_FREE or len(free) == len(pts):
        return mask
    ellipse = _ellipse_on(free)
    if ellipse is None:
        return mask
    shape = np.zeros(m.shape, np.uint8)
    cv2.ellipse(shape, ellipse, 1, -1)
    inside = shape.astype(bool)
    if (mask & inside).sum() < _INSIDE * mask.sum():
        return mask
    core = cv2.erode(shape, np.ones((2 * rim + 1, 2 * rim + 1), np.uint8)).astype(bool) if rim else inside
    hidden = core & ~mask
    if hidden.sum() and (hidden & near).sum() < _UNDER * hidden.sum():
        return mask
    return inside | mask


def free_outline_round(mask: np.ndarray, others: np.ndarray) -> bool | None:
    """Whether the outline of ``mask`` away from ``others`` (its free part) lies on one ellipse,
    as a ball's does however much of it is hidden; ``None`` when fewer than :data:`_MIN_FREE`
    points are free, or none are hidden. A box or can behind a ball has a bitten, roundish
    silhouette, but its free outline is straight edges and corners: no ellipse."""
    import cv2

    m = np.ascontiguousarray(mask, dtype=np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    pts = max(contours, key=cv2.contourArea).reshape(-1, 2)
    near = _near(others)
    free = pts[~near[pts[:, 1], pts[:, 0]]]
    if len(free) < _MIN_FREE or len(free) == len(pts):
        return None
    return _ellipse_on(free) is not None


def _ellipse_on(points: np.ndarray) -> tuple | None:
    """The ellipse fitted to ``points`` when most of them lie on it, else ``None``."""
    import cv2

    (cx, cy), (w, h), angle = cv2.fitEllipse(points.astype(np.float32))
    a, b = w / 2.0, h / 2.0
    if not (math.isfinite(a) and math.isfinite(b)) or min(a, b) < _MIN_AXIS:
        return None
    t = math.radians(angle)
    p = points.astype(np.float64) - (cx, cy)
    x = p[:, 0] * math.cos(t) + p[:, 1] * math.sin(t)
    y = -p[:, 0] * math.sin(t) + p[:, 1] * math.cos(t)
    r = np.sqrt((x / a) ** 2 + (y / b) ** 2)
    tol = max(_TOLERANCE, 1.0 / min(a, b))
    if float((np.abs(r - 1.0) <= tol).mean()) < _ON_ELLIPSE:
        return None
    return ((cx, cy), (w, h), angle)


_SLIVER = 0.01  # the opening removed more than this share of a touching shape's pixels ...
_KEPT = 0.9  # ... and kept at least this share: a sliver came off, named without it
_MAX_GROWTH = 0.8  # a completed polygon adds at most this share of the visible area
_CONVEX = 0.995  # ... and fills this share of its convex hull
_PARALLEL_DEG = 12.0  # edges closer to parallel than this meet nowhere useful


def completed_polygon(mask: np.ndarray, others: np.ndarray, *, near: np.ndarray | None = None) -> np.ndarray:
    """``mask`` (a flat polygon) completed where ``others`` cover one of its corners.

    The outline's free part (away from ``others``) is simplified to straight edges; its first
    and last edges run under the shape in front and are extended until they meet (parallel,
    where the front shape hides a whole side: until they are as long as they are apart, a
    square's side, :func:`_squared_off`; on one line, toward each other, where it bites into a
    side: joined straight, :func:`_in_line`). The
    completion is kept only when the meeting point lies beyond both edges' visible ends,
    under ``others``, and the completed polygon is convex and not much larger than the visible
    part; else ``mask`` itself is returned.
    """
    import cv2

    mask = np.ascontiguousarray(mask, dtype=bool)
    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return mask
    pts = max(contours, key=cv2.contourArea).reshape(-1, 2)
    near = _near(others) if near is None else near
    hidden = near[pts[:, 1], pts[:, 0]]
    if hidden.all() or not hidden.any() or (~hidden).sum() < _MIN_FREE:
        return mask
    # One hidden run along the (cyclic) outline; the free run follows it.
    starts = np.flatnonzero(~hidden & np.roll(hidden, 1))
    if len(starts) != 1:
        return mask
    free = np.roll(pts, -int(starts[0]), axis=0)[: int((~hidden).sum())].astype(np.int32)
    peri = float(cv2.arcLength(free.reshape(-1, 1, 2), False))
    # A fine tolerance keeps a short visible piece of an edge that runs under the front shape.
    poly = cv2.approxPolyDP(free.reshape(-1, 1, 2), max(2.0, 0.01 * peri), False).reshape(-1, 2)
    if len(poly) < 3:
        return mask
    first, last = _edge(free, poly[0], poly[1]), _edge(free, poly[-1], poly[-2])
    corner = _meeting_point(poly[0] - first, poly[0], poly[-1] - last, poly[-1])
    h, w = mask.shape
    if corner is None:
        # Two parallel edges run under the shape in front (it hides a whole side): close them
        # where a square's side would lie, if that is hidden too.
        if _in_line(poly, first, last):
            polygon = poly.astype(np.int32)  # a bite out of one side: the side runs straight on
        else:
            ends = _squared_off(poly, first, last)
            if ends is None or not all(0 <= x < w and 0 <= y < h and near[y, x] for x, y in ends):
                return mask
            polygon = np.vstack([poly, [ends[1], ends[0]]]).astype(np.int32)
    else:
        cx, cy = int(round(corner[0])), int(round(corner[1]))
        if not (0 <= cx < w and 0 <= cy < h) or not near[cy, cx]:
            return mask
        polygon = np.vstack([poly, [[cx, cy]]]).astype(np.int32)
    # Convex, within the corner's rounding to a pixel (an edge nearly in line with the next
    # may turn the wrong way by a hair).
    hull = float(cv2.contourArea(cv2.convexHull(polygon.reshape(-1, 1, 2))))
    if float(cv2.contourArea(polygon.reshape(-1, 1, 2))) < _CONVEX * hull:
        return mask
    filled = np.zeros(mask.shape, np.uint8)
    cv2.fillPoly(filled, [polygon.reshape(-1, 1, 2)], 1)
    added = filled.astype(bool) & ~mask
    if added.sum() > _MAX_GROWTH * mask.sum() or (added & near).sum() < _UNDER * max(int(added.sum()), 1):
        return mask
    return mask | filled.astype(bool)


def _in_line(poly: np.ndarray, first: np.ndarray, last: np.ndarray) -> bool:
    """Whether the first and the last edge of ``poly`` are one straight side, broken where the
    shape in front bites into it (they run toward each other on one line)."""
    d1, d2 = first / np.linalg.norm(first), last / np.linalg.norm(last)
    if float(np.dot(d1, d2)) > -math.cos(math.radians(_PARALLEL_DEG)):
        return False
    gap = (poly[-1] - poly[0]).astype(float)
    return abs(float(d1[0] * gap[1] - d1[1] * gap[0])) <= 3.0 and float(np.dot(gap, d1)) > 0


def _squared_off(poly: np.ndarray, first: np.ndarray, last: np.ndarray) -> list[tuple[int, int]] | None:
    """Where the first and the last edge of ``poly`` (parallel, both running on into what hides
    them) end if the shape is a square: as far from the visible side between them as they are
    apart; ``None`` when they are not parallel, or such an end would be in sight already."""
    d1, d2 = first / np.linalg.norm(first), last / np.linalg.norm(last)
    if float(np.dot(d1, d2)) < math.cos(math.radians(_PARALLEL_DEG)):
        return None
    d = (d1 + d2) / np.linalg.norm(d1 + d2)
    across = np.array([-d[1], d[0]])
    a, b = poly[0].astype(float), poly[-1].astype(float)
    side = abs(float(np.dot((poly[1] - poly[-2]).astype(float), across)))  # between the two edges' lines
    far = side + min(float(np.dot(poly[1], d)), float(np.dot(poly[-2], d)))
    seen_to = max(float(np.dot(a, d)), float(np.dot(b, d)))
    if far < seen_to - 3:
        return None  # a square would end in sight: this is a longer shape, whose end is hidden
    # (a square's side at the visible ends: the front shape bites into that side)
    ends = [p + max(0.0, far - float(np.dot(p, d))) * d for p in (a, b)]
    return [(int(round(x)), int(round(y))) for x, y in ends]


def _edge(free: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The direction from ``b`` to ``a`` of the straight line fitted to the outline points from
    ``a`` to ``b`` (a line through more than the two ends: a few px of edge, steadier)."""
    import cv2

    index = {tuple(p): k for k, p in enumerate(free.tolist())}
    i, j = sorted((index[tuple(a.tolist())], index[tuple(b.tolist())]))
    vx, vy, _, _ = cv2.fitLine(free[i : j + 1].astype(np.float32), cv2.DIST_L2, 0, 0.01, 0.01).ravel()
    d = np.array([vx, vy], float)
    return d if float(np.dot(d, (a - b).astype(float))) >= 0 else -d


def _meeting_point(a_in: np.ndarray, a_end: np.ndarray, b_in: np.ndarray, b_end: np.ndarray) -> tuple | None:
    """Where the edge from ``a_in`` through its visible end ``a_end``, extended past it, meets
    the edge from ``b_in`` through ``b_end`` extended past that; ``None`` when they do not."""
    p, r = a_end.astype(float), (a_end - a_in).astype(float)
    q, s = b_end.astype(float), (b_end - b_in).astype(float)
    cross = r[0] * s[1] - r[1] * s[0]
    norms = float(np.hypot(*r) * np.hypot(*s))
    if norms == 0 or abs(cross) / norms < math.sin(math.radians(_PARALLEL_DEG)):
        return None
    d = q - p
    t = (d[0] * s[1] - d[1] * s[0]) / cross  # along r from a_end
    u = (d[0] * r[1] - d[1] * r[0]) / cross  # along s from b_end
    if t <= 0 or u <= 0:
        return None  # the lines meet behind a visible end: not a hidden corner
    return float(p[0] + t * r[0]), float(p[1] + t * r[1])


def completed_flat(mask: np.ndarray, front: np.ndarray | None, others: np.ndarray) -> np.ndarray | None:
    """A flat shape's outline completed under the shapes in ``front`` of it (by the ellipse, else
    the polygon), cut to its own box; else the outline without a sliver of its neighbour's edge;
    ``None`` when neither applies. With no shape known to be in front (``front`` ``None``), only
    the ellipse is tried, under any of ``others`` (its test is strict: the free outline on the
    ellipse, the visible part inside it); a polygon's edges beside a shape it covers would
    otherwise be "completed" into that shape. Tried on the mask as
    it is, then without spikes of anti-aliased pixels split off a neighbour's edge (a 5 px
    opening: it also rounds corners, so it comes second); the completed part is returned on the
    opened outline."""
    import cv2

    from .objects import mask_bounds

    mask = np.ascontiguousarray(mask, dtype=bool)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    opened = cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)
    hiding = others if front is None else front
    near = _near(hiding)  # once, for both tries and both completions
    for m in (mask, opened):
        seen = np.count_nonzero(m)
        if seen == 0:
            continue
        out = completed_outline(m, hiding, rim=2, near=near)
        if np.count_nonzero(out) == seen and front is not None:
            out = completed_polygon(m, front, near=near)
        if np.count_nonzero(out) > seen:
            out = opened | (out & ~m)  # what was completed, on the outline without spikes
            y0, y1, x0, x1 = mask_bounds(out)  # type: ignore[misc]  # not empty: it grew
            return out[y0:y1, x0:x1]
    kept, seen = np.count_nonzero(opened), np.count_nonzero(mask)
    if _SLIVER * seen < seen - kept < (1 - _KEPT) * seen:
        # Nothing hidden, but a sliver of the neighbour's anti-aliased edge came with the mask.
        y0, y1, x0, x1 = mask_bounds(opened)  # type: ignore[misc]  # most of it is kept
        return opened[y0:y1, x0:x1]
    return None
