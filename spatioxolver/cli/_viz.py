"""The ``scene --viz`` overlay: outlines, id / label tags and per-axis order badges.

The overlay never tints objects (a tint changes their apparent colour): each segment is
outlined with a neutral two-tone line (dark halo, white core) that reads on any background.
Each object gets one tag, placed so that tags do not overprint each other, joined by a
leader line to the nearest point of the object's outline::

    o3 [A]        id and, when a set-of-marks label is bound, the label
    H2 D4         rank on H (1 = leftmost) and D (1 = nearest)

Ranks replace arrows: an arrow chain per axis hides the other axis's arrows wherever the
orders agree. A legend at the bottom explains the badges.
"""

from __future__ import annotations

from typing import Any

__all__ = ["draw_overlay", "tag_layout", "axis_ranks"]

_FONT_SCALE = 0.4
_PAD = 2
_HALO = (0, 0, 0)
_CORE = (255, 255, 255)
_BADGE_AXES = (("H", "left->right"), ("D", "near->far"))


def axis_ranks(graph: Any, objects: list[Any]) -> dict[str, dict[str, int]]:
    """``{axis: {object id: 1-based rank}}`` for H and D (axes with relations only)."""
    from spatioxolver.agents._reasoning._order import _axis_order

    ranks: dict[str, dict[str, int]] = {}
    for axis, _ in _BADGE_AXES:
        if not any(True for _ in graph.relations_on(axis)):
            continue
        order = _axis_order(graph, axis, objects)
        ranks[axis] = {o.id: k for k, o in enumerate(order, start=1)}
    return ranks


def tag_layout(graph: Any, shape: tuple[int, int]) -> list[dict[str, Any]]:
    """Where the overlay puts each frame-0 object's tag, and the legend.

    Args:
        graph: a :class:`~spatioxolver.schema.SceneGraph`.
        shape: ``(height, width)`` of the image.

    Returns:
        ``[{"id", "lines", "box": (x0, y0, x1, y1), "outline"}, ...]``: one entry per object
        (``lines`` = ``["o3 [A]", "H2 D4"]``), then the legend (``id`` ``None``) when ranks are
        shown. Boxes are inside the image and pairwise disjoint whenever the image has room.
    """
    height, width = shape
    objects = [o for o in graph.objects if o.frame == 0]
    outlines = {o.id: _outline(o, (height, width)) for o in objects}
    ranks = axis_ranks(graph, objects)
    placed: list[tuple[int, int, int, int]] = []
    legend = []
    if ranks:
        parts = [f"{axis}#: rank {words}" for axis, words in _BADGE_AXES if axis in ranks]
        lines = ["   ".join(parts) + " (1 = first)"]
        if _block_size(lines)[0] > width:  # narrow image: one axis per line
            lines = [*parts[:-1], parts[-1] + " (1 = first)"]
        lw, lh = _block_size(lines)
        box = (0, max(0, height - lh), min(lw, width), height)
        placed.append(box)
        legend.append({"id": None, "lines": lines, "box": box, "outline": None})
    anchors = {o.id: _anchor_box(o, outlines[o.id]) for o in objects}
    tags = []
    for obj in sorted(objects, key=lambda o: (o.bbox[1], o.bbox[0]) if o.bbox else (0.0, 0.0)):
        lines = [obj.id + (f" [{obj.label}]" if obj.label else "")]
        badge = " ".join(f"{axis}{ranks[axis][obj.id]}" for axis, _ in _BADGE_AXES if axis in ranks)
        if badge:
            lines.append(badge)
        others = tuple(box for oid, box in anchors.items() if oid != obj.id)
        box = _place(anchors[obj.id], _block_size(lines), placed, (width, height), avoid=others)
        placed.append(box)
        tags.append({"id": obj.id, "lines": lines, "box": box, "outline": outlines[obj.id]})
    return tags + legend


def draw_overlay(rgb: Any, graph: Any) -> Any:
    """Return ``rgb`` (HxWx3 uint8) with the scene graph drawn on it (frame-0 objects).

    Args:
        rgb: the image the graph was built from (or its overlay-free render).
        graph: a :class:`~spatioxolver.schema.SceneGraph`.

    Returns:
        A new HxWx3 uint8 array; pixels inside objects keep their colour except where an
        outline, a leader line or a tag is drawn.
    """
    import cv2
    import numpy as np

    img = np.ascontiguousarray(rgb[..., :3], dtype=np.uint8).copy()
    tags = tag_layout(graph, img.shape[:2])
    outlines = [t["outline"] for t in tags if t["outline"] is not None]
    for pts in outlines:
        cv2.polylines(img, pts, True, _HALO, 3, cv2.LINE_AA)
    for pts in outlines:
        cv2.polylines(img, pts, True, _CORE, 1, cv2.LINE_AA)
    for tag in tags:  # leaders under every tag
        if tag["outline"] is not None:
            target = _nearest_point(tag["outline"], tag["box"])
            start = _box_point_towards(tag["box"], target)
            cv2.line(img, start, target, _HALO, 3, cv2.LINE_AA)
            cv2.line(img, start, target, _CORE, 1, cv2.LINE_AA)
            cv2.circle(img, target, 2, _CORE, -1, cv2.LINE_AA)
    for tag in tags:
        _text_block(img, tag["lines"], tag["box"])
    return img


# ---------------------------------------------------------------------- geometry helpers
def _outline(obj: Any, shape: tuple[int, int]) -> list[Any] | None:
    """Outer contours of the object's mask (or its box), as cv2 point arrays."""
    import cv2
    import numpy as np

    from spatioxolver.rle import decode_mask

    if obj.mask:
        mask = decode_mask(obj.mask)
        if mask.shape == shape and mask.any():
            contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            if contours:
                return list(contours)
    if obj.bbox is not None:
        x0, y0, x1, y1 = (int(round(v)) for v in obj.bbox)
        return [np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], np.int32)]
    return None


def _anchor_box(obj: Any, pts: list[Any] | None) -> tuple[int, int, int, int]:
    import cv2
    import numpy as np

    if pts is not None:
        x, y, w, h = cv2.boundingRect(np.concatenate(pts))
        return x, y, x + w, y + h
    cx, cy = (int(v) for v in (obj.centroid or (0, 0)))
    return cx, cy, cx, cy


def _block_size(lines: list[str]) -> tuple[int, int]:
    import cv2

    widths, height = [], 0
    for line in lines:
        (w, h), base = cv2.getTextSize(line, cv2.FONT_HERSHEY_SIMPLEX, _FONT_SCALE, 1)
        widths.append(w)
        height += h + base + 1
    return max(widths) + 2 * _PAD, height + 2 * _PAD


def _overlaps(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] + 1 and b[0] < a[2] + 1 and a[1] < b[3] + 1 and b[1] < a[3] + 1


def _place(
    anchor: tuple[int, int, int, int],
    size: tuple[int, int],
    placed: list[tuple[int, int, int, int]],
    image: tuple[int, int],
    avoid: tuple[tuple[int, int, int, int], ...] = (),
) -> tuple[int, int, int, int]:
    """A tag box next to ``anchor`` that overlaps no placed tag (first free candidate).

    Candidates that also keep clear of the ``avoid`` boxes (other objects) are preferred.
    """
    (w, h), (width, height) = size, image
    x0, y0, x1, y1 = anchor
    candidates = [
        (x0, y0 - h - 2),  # above, left-aligned
        (x0, y1 + 2),  # below
        (x1 + 2, y0),  # right
        (x0 - w - 2, y0),  # left
        (x1 - w, y0 - h - 2),  # above, right-aligned
        (x1 - w, y1 + 2),  # below, right-aligned
        (x0 + 2, y0 + 2),  # inside, top-left
    ]
    step = max(4, h // 2)
    for dy in range(step, height + w + h, step):  # then slide further down / up from above/below
        candidates += [(x0, y1 + 2 + dy), (x0, y0 - h - 2 - dy), (x1 + 2 + dy, y0), (x0 - w - 2 - dy, y0)]

    def clip(x: int, y: int) -> tuple[int, int, int, int]:
        x = min(max(0, x), max(0, width - w))
        y = min(max(0, y), max(0, height - h))
        return x, y, x + w, y + h

    for blockers in ([*placed, *avoid], placed):
        for x, y in candidates[:40]:
            box = clip(x, y)
            if not any(_overlaps(box, other) for other in blockers):
                return box
    for x, y in candidates[40:]:
        box = clip(x, y)
        if not any(_overlaps(box, other) for other in placed):
            return box
    return clip(*candidates[0])


def _nearest_point(pts: list[Any], box: tuple[int, int, int, int]) -> tuple[int, int]:
    import numpy as np

    allpts = np.concatenate(pts).reshape(-1, 2).astype(np.float64)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    k = int(np.argmin((allpts[:, 0] - cx) ** 2 + (allpts[:, 1] - cy) ** 2))
    return int(allpts[k, 0]), int(allpts[k, 1])


def _box_point_towards(box: tuple[int, int, int, int], target: tuple[int, int]) -> tuple[int, int]:
    return (min(max(target[0], box[0]), box[2]), min(max(target[1], box[1]), box[3]))


def _text_block(img: Any, lines: list[str], box: tuple[int, int, int, int]) -> None:
    """Dark translucent box with white text lines."""
    import cv2

    x0, y0, x1, y1 = box
    region = img[y0:y1, x0:x1]
    if region.size:
        img[y0:y1, x0:x1] = (region.astype("float32") * 0.3).astype("uint8")
    y = y0 + _PAD
    for line in lines:
        (_, h), base = cv2.getTextSize(line, cv2.FONT_HERSHEY_SIMPLEX, _FONT_SCALE, 1)
        y += h
        cv2.putText(img, line, (x0 + _PAD, y), cv2.FONT_HERSHEY_SIMPLEX, _FONT_SCALE, _CORE, 1, cv2.LINE_AA)
        y += base + 1
