"""The attributes agent at the working resolution: large frames are described on a reduced copy.

Colour, shape, material and the depth cues are ratios and votes that do not need 12
megapixels; decoding every full-size mask does. :func:`describe_at_working_resolution`
reduces a frame above ``working_pixels`` (default 0.5 MP, as the segmenter), samples each
object's mask on the reduced grid straight from its RLE (no full-size decode), describes
the reduced objects and copies their attributes, orientation and depth back onto the
input's objects (whose boxes, masks and areas stay in input pixels).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from spatioxolver.schema import SpatialObject

__all__ = ["describe_at_working_resolution"]


def _reduced(obj: SpatialObject, fy: float, fx: float, shape: tuple[int, int]) -> SpatialObject:
    from spatioxolver.rle import encode_crop, sample_mask

    h, w = shape
    update: dict[str, Any] = {}
    if obj.bbox is not None:
        x0, y0, x1, y1 = obj.bbox
        update["bbox"] = (x0 * fx, y0 * fy, x1 * fx, y1 * fy)
    if obj.centroid is not None:
        update["centroid"] = (obj.centroid[0] * fx, obj.centroid[1] * fy)
    if obj.area is not None:
        update["area"] = obj.area * fx * fy
    extras = dict(obj.attributes.extras)
    if extras.get("contact") is not None:
        cx, cy = extras["contact"]
        extras["contact"] = [cx * fx, cy * fy]
    if obj.mask is not None and obj.bbox is not None:
        x0, y0, x1, y1 = obj.bbox
        gy0, gy1 = max(int(math.floor(y0 * fy)) - 1, 0), min(int(math.ceil(y1 * fy)) + 1, h)
        gx0, gx1 = max(int(math.floor(x0 * fx)) - 1, 0), min(int(math.ceil(x1 * fx)) + 1, w)
        H, W = (int(v) for v in obj.mask["size"])
        ys = np.clip(((np.arange(gy0, gy1) + 0.5) / fy).astype(np.int64), 0, H - 1)
        xs = np.clip(((np.arange(gx0, gx1) + 0.5) / fx).astype(np.int64), 0, W - 1)
        crop = sample_mask(obj.mask, ys, xs)
        if crop.any():
            update["mask"] = encode_crop(crop, gy0, gx0, (h, w))
            yy, xx = np.nonzero(crop)
            update["bbox"] = (
                float(gx0 + xx.min()),
                float(gy0 + yy.min()),
                float(gx0 + xx.max() + 1),
                float(gy0 + yy.max() + 1),
            )
            update["area"] = float(yy.size)
    update["attributes"] = obj.attributes.model_copy(update={"extras": extras})
    return obj.model_copy(update=update)


def describe_at_working_resolution(
    describe: Callable[[np.ndarray, list[SpatialObject], dict[str, Any]], list[SpatialObject]],
    rgb: np.ndarray,
    objects: list[SpatialObject],
    options: dict[str, Any],
) -> list[SpatialObject]:
    """``describe(rgb, objects, options)``, on a reduced copy when the frame is large or a
    nearest-neighbour enlargement (read at its original's size)."""
    from .pixel_blocks import unblocked
    from .resolution import WORKING_PIXELS, reduce_image

    h, w = rgb.shape[:2]
    limit = int(options.get("working_pixels") or WORKING_PIXELS)
    if options.get("depth") is not None:
        return describe(rgb, objects, options)
    source = unblocked(rgb)
    sh, sw = source.shape[:2]
    if sh * sw <= limit:
        if source is rgb:
            return describe(rgb, objects, options)
        small, size = source, (sw, sh)
    else:
        f = math.sqrt(limit / (sh * sw))
        size = (max(4, round(sw * f)), max(4, round(sh * f)))
        small = reduce_image(source, size)
    fy, fx = size[1] / h, size[0] / w
    done = describe(small, [_reduced(o, fy, fx, (size[1], size[0])) for o in objects], options)
    out = []
    by_id = {o.id: o for o in done}  # strips of sky or ground are dropped (:mod:`.backdrop_strips`)
    for original in objects:
        reduced = by_id.get(original.id)
        if reduced is None:
            continue
        extras = {**reduced.attributes.extras, "contact": original.attributes.extras.get("contact")}
        for key in ("hull_area", "outline_area"):
            if key in extras and isinstance(extras[key], (int, float)):
                extras[key] = round(float(extras[key]) / (fx * fy), 1)
        attrs = reduced.attributes.model_copy(update={"extras": extras})
        out.append(
            original.model_copy(
                update={"attributes": attrs, "orientation": reduced.orientation, "depth": reduced.depth}
            )
        )
    return out
