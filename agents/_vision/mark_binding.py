"""Set-of-marks: a user's marks (a label and its anchor point) bound to the segments.

Each mark labels the segment that contains its anchor, else the nearest free one; two marks
in one segment split it between them (:func:`bind_marks`). Split out of
``agents/segmentation.py``, which re-exports :func:`bind_marks`.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from spatioxolver.errors import InputError
from spatioxolver.schema import SpatialObject

from .objects import number_in_raster_order, object_from_mask, object_mask

__all__ = ["bind_marks"]


def bind_marks(
    objects: list[SpatialObject], marks: Mapping[str, tuple[float, float]], *, split: bool = True
) -> list[SpatialObject]:
    """Set ``label`` of the segment containing (else nearest to) each mark's anchor point.

    Each mark binds one object and each object at most one mark (a Hungarian assignment
    on the distance from the anchor to the segment). A mark left far from every free
    segment while its anchor lies inside a segment another mark took means the segmenter
    merged two objects: with ``split=True`` (default) that segment's mask is divided
    between its marks (each pixel to the nearest anchor; a fragment cut off from its
    anchor joins the piece it is connected to, so no sliver becomes an object) and the
    objects are renumbered in raster order; otherwise objects keep their ids. A mark
    matched to a far segment whose anchor lies in another segment moves there (it is not
    also split off the far one). Afterwards every label is on exactly one object.

    Example:
        >>> from spatioxolver.schema import SpatialObject
        >>> objs = [SpatialObject(id="o1", centroid=(10, 10), bbox=(0, 0, 20, 20)),
        ...         SpatialObject(id="o2", centroid=(50, 10), bbox=(40, 0, 60, 20))]
        >>> [o.label for o in bind_marks(objs, {"A": (52, 12), "B": (9, 30)})]
        ['B', 'A']
    """
    if not objects or not marks:
        return list(objects)
    masks = [object_mask(o) for o in objects]
    labels = list(marks)
    points: list[tuple[float, float]] = []
    for label in labels:
        try:
            x, y = (float(v) for v in marks[label])
        except (TypeError, ValueError):
            raise InputError(f"mark {label!r} must be an (x, y) pair, got {marks[label]!r}") from None
        points.append((x, y))
    cost = _mark_costs(objects, masks, points)
    from scipy.optimize import linear_sum_assignment

    rows, cols = linear_sum_assignment(cost)
    assigned = {int(i): int(j) for i, j in zip(rows, cols, strict=True)}
    out = list(objects)
    for i, j in assigned.items():
        out[j] = out[j].model_copy(update={"label": str(labels[i])})
    if not split:
        return _unique_labels(out, masks, cost, labels)
    # Marks displaced far from their anchor whose anchor sits inside a taken segment.
    owner_of = {j: i for i, j in assigned.items()}
    far = {
        i
        for i in range(len(labels))
        if assigned.get(i) is None
        or cost[i, assigned[i]] > 1.0 + 0.5 * np.sqrt(max(objects[assigned[i]].area or 0.0, 1.0)) + 5.0
    }
    host_of: dict[int, int] = {}
    for i in sorted(far):
        inside = [k for k, m in enumerate(masks) if m is not None and cost[i, k] == 0.0]
        if inside:
            host_of[i] = inside[0]
    groups: dict[int, list[int]] = {}
    for i, host in host_of.items():
        if host not in groups:
            owner = owner_of.get(host)
            # A far owner that is itself moved to the segment under its anchor does not
            # share this one (else its label would land on two objects).
            groups[host] = [] if owner is None or owner in host_of else [owner]
        groups[host].append(i)
    if not groups:
        return _unique_labels(out, masks, cost, labels)
    moved = {i for members in groups.values() for i in members}
    for j, i in owner_of.items():
        if i in moved and j not in groups:  # the mark now labels the segment under its anchor
            out[j] = out[j].model_copy(update={"label": None})
    result: list[SpatialObject] = []
    result_masks: list[np.ndarray | None] = []
    for k, o in enumerate(out):
        if k not in groups:
            result.append(o)
            result_masks.append(masks[k])
    for host, mark_idx in groups.items():
        base = objects[host]
        host_mask = masks[host]
        if len(mark_idx) == 1 or host_mask is None:  # a host holds an anchor, so it has a mask
            result.append(out[host].model_copy(update={"label": str(labels[mark_idx[0]])}))
            result_masks.append(masks[host])
            continue
        extras = {k: v for k, v in base.attributes.extras.items() if k not in ("contact",)}
        extras["split_by_marks"] = True
        for i, piece in zip(mark_idx, _split_mask(host_mask, [points[i] for i in mark_idx]), strict=True):
            if not piece.any():
                continue
            obj = object_from_mask(piece, frame=base.frame, confidence=base.confidence * 0.8, **extras)
            result.append(obj.model_copy(update={"label": str(labels[i])}))
            result_masks.append(piece)
    order = sorted(range(len(result)), key=lambda k: _raster_key(result[k]))
    result = [result[k] for k in order]
    result_masks = [result_masks[k] for k in order]
    cost2 = _mark_costs(result, result_masks, points)
    return number_in_raster_order(_unique_labels(result, result_masks, cost2, labels))


def _raster_key(obj: SpatialObject) -> tuple[float, float]:
    c = obj.centroid or (0.0, 0.0)
    return (c[1], c[0])


def _split_mask(mask: np.ndarray, anchors: list[tuple[float, float]]) -> list[np.ndarray]:
    """Divide ``mask`` between anchors (each pixel to the nearest), one connected piece each.

    The nearest-anchor cells can cut a mask into several fragments; every fragment that
    does not hold its anchor (else is not its cell's largest) is merged into the piece it
    touches (nearest pixel of another piece), so no sliver becomes an object of its own.
    """
    import cv2

    from .nearest import nearest_labels

    ys, xs = np.nonzero(mask)
    pts = np.array(anchors, dtype=float)
    nearest = np.argmin((xs[:, None] - pts[None, :, 0]) ** 2 + (ys[:, None] - pts[None, :, 1]) ** 2, axis=1)
    cell = np.zeros(mask.shape, np.int32)
    cell[ys, xs] = nearest + 1
    keep = np.zeros(mask.shape, np.int32)
    for n, (ax, ay) in enumerate(anchors):
        m, cc = cv2.connectedComponents((cell == n + 1).astype(np.uint8), connectivity=8)
        if m <= 1:
            continue
        xi, yi = int(round(ax)), int(round(ay))
        inside = 0 <= yi < mask.shape[0] and 0 <= xi < mask.shape[1] and cc[yi, xi] > 0
        if inside:
            main = int(cc[yi, xi])
        else:
            main = 1 + int(np.argmax(np.bincount(cc.ravel())[1:]))
        keep[cc == main] = n + 1
    # Grow the kept pieces inside the mask (geodesically), so a fragment joins the piece
    # it is connected to; whatever no piece reaches takes the nearest piece's label.
    grown = keep.astype(np.uint16)
    kernel = np.ones((3, 3), np.uint8)
    for _ in range(mask.shape[0] + mask.shape[1]):
        todo = mask & (grown == 0)
        if not todo.any():
            break
        reach = cv2.dilate(grown, kernel)
        step = todo & (reach > 0)
        if not step.any():
            break
        grown[step] = reach[step]
    if (mask & (grown == 0)).any() and grown.any():
        grown = np.where(mask, nearest_labels(grown), 0)
    return [grown == n + 1 for n in range(len(anchors))]


def _unique_labels(
    objects: list[SpatialObject], masks: list[np.ndarray | None], cost: np.ndarray, labels: list[str]
) -> list[SpatialObject]:
    """Guarantee one object per mark label: a repeated label stays on the closest object."""
    out = list(objects)
    for i, label in enumerate(labels):
        holders = [k for k, o in enumerate(out) if o.label == str(label)]
        if len(holders) <= 1:
            continue
        best = min(holders, key=lambda k: (cost[i, k], -(out[k].area or 0.0)))
        for k in holders:
            if k != best:
                out[k] = out[k].model_copy(update={"label": None})
    return out


def _mark_costs(
    objects: list[SpatialObject], masks: list[np.ndarray | None], points: list[tuple[float, float]]
) -> np.ndarray:
    """``cost[i, j]``: 0 when mark ``i``'s anchor lies in object ``j``'s mask (or box when it
    has no mask), else the pixel distance to it plus a bias of 1 (0.5 inside a box).

    Each mask is reduced once to its edge pixels (the nearest mask pixel to an outside point
    is always an edge pixel), and all anchors are measured against them in one array
    operation, instead of listing every pixel of a full-image mask for every mark.
    """
    cost = np.zeros((len(points), len(objects)))
    if not points:
        return cost
    px = np.array([p[0] for p in points], dtype=float)
    py = np.array([p[1] for p in points], dtype=float)
    cells = [(int(round(x)), int(round(y))) for x, y in points]
    for j, (obj, mask) in enumerate(zip(objects, masks, strict=True)):
        nearest = None
        if mask is not None:
            ey, ex = _edge_pixels(mask)
            if ey.size:
                d2 = (ex[None, :] - px[:, None]) ** 2 + (ey[None, :] - py[:, None]) ** 2
                nearest = d2.min(axis=1)
        h, w = mask.shape if mask is not None else (0, 0)
        for i, (x, y) in enumerate(points):
            xi, yi = cells[i]
            if mask is not None and 0 <= yi < h and 0 <= xi < w and mask[yi, xi]:
                cost[i, j] = 0.0
            elif nearest is not None:
                cost[i, j] = 1.0 + float(np.sqrt(nearest[i]))
            else:
                cost[i, j] = _box_distance(obj, x, y)
    return cost


def _edge_pixels(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows and columns of the mask pixels with a neighbour (of 8) outside the mask or image.

    Any point outside the mask is nearer to one of these than to an interior pixel: an
    interior pixel's neighbour one step towards the point is in the mask and closer.
    """
    rows = np.flatnonzero(mask.any(axis=1))
    if rows.size == 0:
        return rows, rows
    cols = np.flatnonzero(mask.any(axis=0))
    y0, x0 = int(rows[0]), int(cols[0])
    crop = np.pad(mask[y0 : int(rows[-1]) + 1, x0 : int(cols[-1]) + 1].astype(bool), 1)
    interior = crop[1:-1, 1:-1].copy()
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            interior &= crop[dy : dy + interior.shape[0], dx : dx + interior.shape[1]]
    ey, ex = np.nonzero(crop[1:-1, 1:-1] & ~interior)
    return ey + y0, ex + x0


def _box_distance(obj: SpatialObject, x: float, y: float) -> float:
    """Mark cost of an object without a usable mask: its box, else its centroid."""
    if obj.bbox is not None:
        x0, y0, x1, y1 = obj.bbox
        dx = max(x0 - x, 0.0, x - x1)
        dy = max(y0 - y, 0.0, y - y1)
        if dx == 0 and dy == 0:
            return 0.5
        return 1.0 + float(np.hypot(dx, dy))
    if obj.centroid is not None:
        return 1.0 + float(np.hypot(obj.centroid[0] - x, obj.centroid[1] - y))
    return 1e9
