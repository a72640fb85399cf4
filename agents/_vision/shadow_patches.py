"""Flat dark patches at a shaded solid's foot: its cast shadow (or its own shade), no object.

In a shaded 3-D scene every object is a solid, and every solid casts a shadow on the
ground. The background model (:mod:`.background`) takes most shadows for ground, but not
all: a hard shadow under a tinted light, one on sand or grass, or one a solid's own dark
side runs into, can be left over as a segment. It then reads as a flat grey "hexagon",
"star" or "circle" beside the solid, and every count, every "smallest" and "leftmost"
takes it for one more object.

Such a patch is told by what a shadow is, whatever the ground or the light:

* it reads flat (one even tone, no shading of its own) -- where other objects of the
  scene read as shaded solids (a drawing's flat shapes with drop shadows are left alone);
* it adjoins a shaded solid (within a few px) in that solid's lower part: a shadow lies on
  the ground the solid stands on, at its foot or behind it, never up beside its top;
* it is darker than the ground around it and no more colourful (a shadow takes light away;
  a solid of its own colour stands out from the ground in hue or chroma, a pale one in
  lightness above it) -- measured against the ring of ground pixels around the patch that
  no object covers;
* it is smaller than the solid it adjoins seen from the camera's height, or not much larger.

A dropped patch is a shadow or a split-off shaded part of the solid beside it: either way
it is no separate object.

Example:
    >>> import numpy as np
    >>> rgb = np.full((80, 100, 3), 180, np.uint8)
    >>> ball = np.zeros((80, 100), bool); ball[20:50, 30:60] = True
    >>> shade = np.zeros((80, 100), bool); shade[50:60, 32:70] = True
    >>> rgb[shade] = 110
    >>> shadow_like(rgb, shade, ball, [ball, shade])
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["CAST_SHADOW", "drop_shadow_patches", "shadow_like", "without_cast_shadows"]

#: The extras key marking a segment read as a cast shadow (left out of the scene).
CAST_SHADOW = "cast_shadow"

#: A patch adjoins a solid when their masks come within this many px.
_ADJOIN = 3
#: ... in the solid's lower part: the patch's top row is at least this share of the
#: solid's height below the solid's top row.
_LOWER = 0.3
#: A shadow is at least this much darker than the ground around it (CIELAB L) ...
_DARKER = 6.0
#: ... and at most this much more colourful (CIELAB chroma: a tinted key light leaves a
#: shadow lit by the ambient alone a little bluer than a warm-lit ground).
_CHROMA_GAIN = 10.0
#: ... and at most this many times the solid's area.
_AREA = 1.5
#: A segment read as a solid may still be a patch on the ground: this flat (height over
#: width) at most, and this even in lightness (CIELAB L, 20th to 80th percentile).
_LYING, _EVEN = 0.5, 5.0
#: Ring of ground (px) around the patch the ground's colour is read from.
_RING = 6


def _lab_median(rgb: np.ndarray, mask: np.ndarray) -> np.ndarray | None:
    from .colour import rgb_to_lab

    px = rgb[mask]
    if px.shape[0] < 8:
        return None
    return np.median(rgb_to_lab(px.reshape(-1, 3)), axis=0)


def shadow_like(
    rgb: np.ndarray, patch: np.ndarray, solid: np.ndarray, masks: list[np.ndarray | None]
) -> bool:
    """Whether ``patch`` (a flat segment's full-frame mask) is a shadow at the foot of
    ``solid`` (a shaded solid's mask), ``masks`` being every object's (module docstring)."""
    import cv2

    ys, _ = np.nonzero(solid)
    pys, _ = np.nonzero(patch)
    if ys.size == 0 or pys.size == 0:
        return False
    if pys.size > _AREA * ys.size:
        return False
    top, height = int(ys.min()), int(ys.max() - ys.min() + 1)
    if pys.min() < top + _LOWER * height:
        return False  # up beside the solid's top: no shadow on the ground
    kernel = np.ones((2 * _ADJOIN + 1, 2 * _ADJOIN + 1), np.uint8)
    near = cv2.dilate(patch.astype(np.uint8), kernel).astype(bool)
    if not (near & solid).any():
        return False
    ring = cv2.dilate(patch.astype(np.uint8), np.ones((2 * _RING + 1, 2 * _RING + 1), np.uint8)).astype(bool)
    for m in masks:
        if m is not None:
            ring &= ~m
    ring &= ~near  # the patch's own blurred rim is neither ground nor shadow
    ground = _lab_median(rgb, ring)
    inside = _lab_median(rgb, patch)
    if ground is None or inside is None:
        return False
    darker = float(ground[0] - inside[0])
    chroma_gain = float(np.hypot(inside[1], inside[2]) - np.hypot(ground[1], ground[2]))
    return darker >= _DARKER and chroma_gain <= _CHROMA_GAIN


def _lying_even(rgb: np.ndarray, mask: np.ndarray | None) -> bool:
    """Whether a segment read as a solid is rather a patch lying on the ground: at most
    :data:`_LYING` times as tall as it is wide (the ground is foreshortened; a solid standing
    on it is about as tall as wide, or taller) and one even tone inside (no faces, no
    shading: CIELAB lightness within :data:`_EVEN` between its 20th and 80th percentiles,
    its 2 px rim left out)."""
    import cv2

    if mask is None:
        return False
    ys, xs = np.nonzero(mask)
    if ys.size < 30 or ys.max() - ys.min() + 1 > _LYING * (xs.max() - xs.min() + 1):
        return False
    core = cv2.erode(mask.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    if core.sum() < 12:
        return False
    from .colour import rgb_to_lab

    light = rgb_to_lab(rgb[core].reshape(-1, 3))[:, 0]
    return float(np.percentile(light, 80) - np.percentile(light, 20)) < _EVEN


def _box(mask: np.ndarray) -> tuple[int, int, int, int] | None:
    """``(y0, x0, y1, x1)`` inclusive of a mask's pixels, ``None`` when it is empty."""
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if rows.size == 0:
        return None
    return int(rows[0]), int(cols[0]), int(rows[-1]), int(cols[-1])


def _near(a: tuple[int, int, int, int] | None, b: tuple[int, int, int, int] | None) -> bool:
    """Whether box ``a`` grown by :data:`_ADJOIN` px meets box ``b``."""
    if a is None or b is None:
        return False
    return (
        a[0] - _ADJOIN <= b[2]
        and b[0] <= a[2] + _ADJOIN
        and a[1] - _ADJOIN <= b[3]
        and b[1] <= a[3] + _ADJOIN
    )


def drop_shadow_patches(rgb: np.ndarray, objects: list[Any], masks: list[np.ndarray | None]) -> list[int]:
    """Indices of ``objects`` to keep: all but the patches that are a shaded solid's shadow
    (:func:`shadow_like`): segments read flat, or read as solids yet lying flat and even on
    the ground (:func:`_lying_even`). Nothing is dropped where no other object reads as a
    shaded solid (a drawing with drop shadows)."""
    patches = {
        k
        for k, o in enumerate(objects)
        if (o.attributes.extras or {}).get("flat") or _lying_even(rgb, masks[k])
    }
    solids = [k for k in range(len(objects)) if k not in patches and masks[k] is not None]
    # A patch is only asked of the solids its box comes within _ADJOIN px of (shadow_like
    # needs them to touch): with hundreds of segments (a field of specks) asking every pair
    # on full-frame masks took minutes.
    boxes = {k: _box(masks[k]) for k in patches | set(solids) if masks[k] is not None}
    keep = []
    for k, obj in enumerate(objects):
        mask = masks[k]
        dropped = (
            k in patches
            and (obj.attributes.extras or {}).get("pattern_ink") is None
            and mask is not None
            and any(
                _near(boxes[k], boxes[s]) and shadow_like(rgb, mask, masks[s], masks)  # type: ignore[arg-type]
                for s in solids
            )
        )
        if not dropped:
            keep.append(k)
    return keep


def without_cast_shadows(objects: list[Any]) -> list[Any]:
    """``objects`` less those marked :data:`CAST_SHADOW`, and the marked ones' ids taken out
    of the others' ``occludes`` lists."""
    gone = {o.id for o in objects if (o.attributes.extras or {}).get(CAST_SHADOW)}
    if not gone:
        return objects
    out = []
    for o in objects:
        if o.id in gone:
            continue
        occludes = (o.attributes.extras or {}).get("occludes")
        if occludes:
            extras = {**o.attributes.extras, "occludes": [i for i in occludes if i not in gone]}
            o = o.model_copy(update={"attributes": o.attributes.model_copy(update={"extras": extras})})
        out.append(o)
    return out
