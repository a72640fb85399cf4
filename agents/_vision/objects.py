"""Building :class:`~spatioxolver.schema.SpatialObject` records from masks and boxes."""

from __future__ import annotations

from typing import Any

import numpy as np

from spatioxolver.rle import decode_mask, encode_mask
from spatioxolver.schema import Attributes, SpatialObject

__all__ = [
    "mask_bounds",
    "mask_box",
    "object_from_mask",
    "object_from_crop",
    "object_from_box",
    "number_in_raster_order",
    "object_mask",
]


def mask_bounds(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    """``(y0, y1, x0, x1)`` (ends exclusive) of a 2-D mask's non-zero pixels; ``None`` when empty.

    OpenCV's bounding rectangle of the mask's bytes: about 15x faster than ``np.nonzero`` on a
    full-image mask, which perception did for every object several times over.
    """
    import cv2

    m = mask.view(np.uint8) if mask.dtype == bool else (mask != 0).view(np.uint8)
    x, y, w, h = cv2.boundingRect(np.ascontiguousarray(m))
    if w == 0 or h == 0:
        return None
    return y, y + h, x, x + w


def mask_box(mask: np.ndarray) -> tuple[int, int, int, int]:
    """``(x0, y0, x1, y1)`` (ends exclusive) of a non-empty 2-D mask (:func:`mask_bounds`
    in box order); ``ValueError`` when it is empty."""
    bounds = mask_bounds(mask)
    if bounds is None:
        raise ValueError("empty mask has no box")
    y0, y1, x0, x1 = bounds
    return x0, y0, x1, y1


def object_from_mask(
    mask: np.ndarray, *, frame: int = 0, confidence: float = 1.0, **extras: Any
) -> SpatialObject:
    """An object (id assigned later) with RLE mask, box, centroid, area and contact point."""
    ys, xs = np.nonzero(mask)
    x0, x1, y0, y1 = int(xs.min()), int(xs.max()), int(ys.min()), int(ys.max())
    bottom = ys >= y1 - 1
    contact = (float(xs[bottom].mean()), float(y1))
    info = {"contact": [round(contact[0], 2), round(contact[1], 2)], **extras}
    return SpatialObject(
        id="?",
        bbox=(float(x0), float(y0), float(x1 + 1), float(y1 + 1)),
        mask=encode_mask(mask),
        centroid=(float(xs.mean()), float(ys.mean())),
        area=float(ys.size),
        confidence=float(np.clip(confidence, 0.0, 1.0)),
        frame=int(frame),
        attributes=Attributes(extras=info),
    )


def object_from_crop(
    crop: np.ndarray,
    y0: int,
    x0: int,
    shape: tuple[int, int],
    *,
    frame: int = 0,
    confidence: float = 1.0,
    **extras: Any,
) -> SpatialObject:
    """:func:`object_from_mask` of a mask given as ``crop`` at ``(y0, x0)`` in a ``shape`` frame
    (the cost follows the crop, not the frame: large images)."""
    from spatioxolver.rle import encode_crop

    col_counts = np.count_nonzero(crop, axis=0)
    row_counts = np.count_nonzero(crop, axis=1)
    cols, rows = np.flatnonzero(col_counts), np.flatnonzero(row_counts)
    area = float(row_counts.sum())
    bx0, bx1, by0, by1 = int(cols[0]) + x0, int(cols[-1]) + x0, int(rows[0]) + y0, int(rows[-1]) + y0
    centroid = (
        float(col_counts @ np.arange(crop.shape[1])) / area + x0,
        float(row_counts @ np.arange(crop.shape[0])) / area + y0,
    )
    foot = np.nonzero(crop[max(by1 - 1 - y0, 0) : by1 - y0 + 1])[1] + x0
    contact = (float(foot.mean()), float(by1))
    info = {"contact": [round(contact[0], 2), round(contact[1], 2)], **extras}
    return SpatialObject(
        id="?",
        bbox=(float(bx0), float(by0), float(bx1 + 1), float(by1 + 1)),
        mask=encode_crop(crop, y0, x0, shape),
        centroid=centroid,
        area=area,
        confidence=float(np.clip(confidence, 0.0, 1.0)),
        frame=int(frame),
        attributes=Attributes(extras=info),
    )


def object_from_box(
    bbox: list[float] | tuple[float, ...], *, frame: int = 0, confidence: float = 1.0, **fields: Any
) -> SpatialObject:
    """An object known only by its box (LLM backends): centroid = box centre."""
    x0, y0, x1, y1 = (float(v) for v in bbox)
    x0, x1 = min(x0, x1), max(x0, x1)
    y0, y1 = min(y0, y1), max(y0, y1)
    extras = dict(fields.pop("extras", {}) or {})
    extras.setdefault("contact", [round((x0 + x1) / 2, 2), round(y1, 2)])
    attrs = {k: fields.pop(k) for k in ("color", "shape", "size", "material") if k in fields}
    return SpatialObject(
        id="?",
        bbox=(x0, y0, x1, y1),
        centroid=((x0 + x1) / 2, (y0 + y1) / 2),
        area=max(x1 - x0, 0.0) * max(y1 - y0, 0.0),
        confidence=float(np.clip(confidence, 0.0, 1.0)),
        frame=int(frame),
        attributes=Attributes(extras=extras, **attrs),
        **fields,
    )


def number_in_raster_order(objects: list[SpatialObject], prefix: str = "o") -> list[SpatialObject]:
    """Ids ``o1, o2, ...`` in raster order of the centroid (by y, then x)."""

    def key(o: SpatialObject) -> tuple[float, float]:
        c = o.centroid or (0.0, 0.0)
        return (round(c[1], 3), round(c[0], 3))

    ordered = sorted(objects, key=key)
    return [o.model_copy(update={"id": f"{prefix}{i + 1}"}) for i, o in enumerate(ordered)]


def object_mask(obj: SpatialObject, shape: tuple[int, int] | None = None) -> np.ndarray | None:
    """The object's boolean mask (decoded RLE, or its filled box when only a box is known)."""
    if obj.mask is not None:
        return decode_mask(obj.mask)
    if obj.bbox is not None and shape is not None:
        h, w = shape
        x0, y0, x1, y1 = obj.bbox
        m = np.zeros((h, w), bool)
        m[max(int(y0), 0) : max(int(np.ceil(y1)), 0), max(int(x0), 0) : max(int(np.ceil(x1)), 0)] = True
        return m
    return None
