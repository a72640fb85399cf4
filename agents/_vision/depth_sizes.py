"""Depth and size cues per object: ground contact, floating-object volume hypotheses, size classes.

Without a world prior, depth comes from ground contact where a ground plane is seen (else
image area and occlusion), and the size class from image area alone
(:func:`area_size_classes`). With a prior, :func:`volume_hypotheses` gives metric depth
hypotheses for floating objects from its lens and sizes, and :func:`size_classes` applies
its size rule. Used by the attributes agent (:mod:`spatioxolver.agents.attributes`) and by
the relations agent for front / behind.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from spatioxolver.schema import SpatialObject
from spatioxolver.world import prior_of

from .objects import object_mask

__all__ = ["depth_cues", "volume_hypotheses", "area_size_classes", "size_classes"]

# Depth cue: the reference ground point sits this fraction of the box height above the
# lowest mask pixel (an object's centre is behind its nearest ground contact).
_CONTACT_LIFT = 0.25
# Size rule (``WorldPrior.size_rule``): logistic regression on apparent size (sqrt(area),
# box width and height, as logs of fractions of the image height) and the contact height
# (a depth proxy: the same object looks smaller the higher it stands in the image). The
# CLEVR prior's was fitted on 1265 objects of 200 tabletop renders; held-out accuracy 99.8 %.
# Without a prior the size class is read from image area alone (:func:`area_size_classes`).
#: Smallest ratio of image areas between two groups of objects that makes them "small" and "large".
_AREA_SPLIT = 1.8


def _contact_y(obj: SpatialObject) -> float | None:
    contact = obj.attributes.extras.get("contact")
    if contact is not None:
        return float(contact[1])
    if obj.bbox is not None:
        return float(obj.bbox[3])
    return None


def depth_cues(
    objects: list[SpatialObject],
    image_size: tuple[int, int],
    options: Mapping[str, Any] | None = None,
    masks: list[np.ndarray | None] | None = None,
) -> tuple[list[float | None], str]:
    """Relative depth per object (larger = further) and the cue used.

    ``options["depth"]`` (a depth map) wins; otherwise ``depth_cue="contact"`` (objects
    standing on a ground plane touch it higher in the image the further they are),
    ``"volume"`` (floating objects: the likelier of two size hypotheses, see
    :func:`volume_hypotheses`; the value is the weighted geometric mean depth in metres),
    ``"size"`` (apparent size only) or ``"auto"`` (default: with a world prior, contact
    when the segmenter reported a ground plane, volume when it reported none, or as the
    prior's ``ground_plane`` says; without a prior, contact only where a ground plane was
    seen, else image area: the volume cue needs the prior's lens and sizes).
    """
    options = options or {}
    w, h = image_size
    depth_map = options.get("depth")
    if depth_map is not None:
        dm = np.asarray(depth_map, dtype=np.float32)
        values: list[float | None] = []
        for obj, mask in zip(objects, masks or [None] * len(objects), strict=False):
            m = mask if mask is not None else object_mask(obj, dm.shape[:2])
            vals = dm[m] if m is not None else np.array([])
            vals = vals[np.isfinite(vals)]
            values.append(float(np.median(vals)) if vals.size else None)
        return values, "map"
    cue = options.get("depth_cue", "auto")
    if cue == "auto":
        # Objects resting on a visible ground (the segmenter saw cast shadows) -> contact
        # point; floating objects on a plain backdrop -> apparent size.
        flags = [o.attributes.extras.get("ground") for o in objects]
        prior = prior_of(options)
        if prior is None:  # image evidence only: vertical position only on a seen ground plane
            cue = "contact" if any(f is True for f in flags) else "size"
        elif prior.ground_plane != "detect":
            cue = "contact" if prior.ground_plane == "always" else "volume"
        else:
            cue = "volume" if flags and all(f is False for f in flags) else "contact"
    if cue == "volume" and prior_of(options) is None:
        cue = "size"  # metric hypotheses need the world prior's lens and object sizes
    out: list[float | None] = []
    # A flat drawing (a diagram of circles and squares, icons) has no depth: size is not distance.
    drawing = bool(objects) and all(
        o.attributes.extras.get("flat") is True and o.attributes.extras.get("ground") is not True
        for o in objects
    )
    for obj in objects:
        if cue == "size":
            out.append(None if drawing else 1.0 / math.sqrt(max(obj.area or 1.0, 1.0)))
            continue
        if cue == "volume":
            hyp = volume_hypotheses(obj, image_size, options)
            out.append(None if hyp is None else _hyp_mean(hyp))
            continue
        y = _contact_y(obj)
        if y is None or obj.bbox is None:
            out.append(None)
            continue
        box_h = obj.bbox[3] - obj.bbox[1]
        y_ref = y - _CONTACT_LIFT * box_h
        # 1 - y/H grows upward in the image, i.e. with distance on a ground plane; a
        # small apparent-size term breaks near-ties the same way.
        size_term = 0.02 / math.sqrt(max(obj.area or 1.0, 1.0) / max(w * h, 1) * 1000.0)
        out.append(1.0 - y_ref / max(h, 1) + size_term)
    return out, cue


# Floating-object depth ("volume" cue, only with a world prior): the prior's volume layout
# (objects of its physical sizes x ``floating_scale``, scattered uniformly in a cube of
# ``volume_side_m`` that its lens frames from the centre; CLEVR's: x 1.5, 10 m, 35 mm). Each
# object gets one depth hypothesis per size class (apparent radius = focal * radius / depth),
# weighted by how plausible the implied 3D point is (its distance from the framed centre,
# Gaussian with the cube's spread) times the volume element along the viewing ray.
# ``apparent_radius``: sqrt(mask area / pi) in units of the scale r (CLEVR's: medians measured
# on 255 segmented objects of 30 volume renders; theory, mean projected area = surface / 4:
# sphere 1, cube 0.977, cylinder 1.225).


def volume_hypotheses(
    obj: SpatialObject, image_size: tuple[int, int], options: Mapping[str, Any] | None = None
) -> list[tuple[float, float]] | None:
    """``[(depth_m, weight), ...]`` for the size hypotheses of a floating object.

    Needs ``options["world_prior"]`` (its lens, object sizes and volume); ``None`` without one.
    """
    options = options or {}
    prior = prior_of(options)
    if prior is None or not obj.area or obj.centroid is None:
        return None
    w, h = image_size
    f = float(options.get("focal_px", prior.focal_px(w)))
    side = float(options.get("volume_side", prior.volume_side_m))
    dist = 0.5 * side / math.sin(math.atan(min(w, h) / 2.0 / f)) * 1.02
    sigma = float(options.get("volume_sigma", side / math.sqrt(12.0)))
    area = float(obj.attributes.extras.get("hull_area") or obj.area)
    k = prior.apparent_radius.get(obj.attributes.shape or "", 1.07)
    rho = math.sqrt(max(area, 1.0) / math.pi) / k
    u, v = float(obj.centroid[0]) - w / 2.0, float(obj.centroid[1]) - h / 2.0
    logs = []
    for radius in prior.floating_radii():
        z = f * radius / rho
        d2 = (u * z / f) ** 2 + (v * z / f) ** 2 + (z - dist) ** 2
        logs.append((z, -d2 / (2 * sigma * sigma) + 4.0 * math.log(z) - math.log(radius)))
    top = max(lw for _, lw in logs)
    total = sum(math.exp(lw - top) for _, lw in logs)
    return [(z, math.exp(lw - top) / total) for z, lw in logs]


def _hyp_mean(hyp: list[tuple[float, float]]) -> float:
    return float(math.exp(sum(wt * math.log(z) for z, wt in hyp)))


def area_size_classes(objects: list[SpatialObject]) -> list[tuple[str, float] | None]:
    """``("small" | "large", score)`` from image area alone (no world prior).

    The objects are split at the widest gap of their sorted image areas when that gap is a
    ratio of at least ``_AREA_SPLIT``; otherwise no size class is claimed (``None``).
    """
    areas = [float(o.area) if o.area and o.area > 0 else None for o in objects]
    known = sorted(a for a in areas if a is not None)
    if len(known) < 2:
        return [None] * len(objects)
    ratio, cut = max((known[i + 1] / known[i], known[i]) for i in range(len(known) - 1))
    if ratio < _AREA_SPLIT:
        return [None] * len(objects)
    thresh = math.sqrt(cut * cut * ratio)  # geometric middle of the gap
    return [
        None if a is None else ("large" if a > thresh else "small", round(math.log(a / thresh), 4))
        for a in areas
    ]


def size_classes(
    objects: list[SpatialObject], image_size: tuple[int, int], prior: Any = None
) -> list[tuple[str, float] | None]:
    """``("small" | "large", score)`` from apparent size corrected by the contact height,
    by the world prior's ``size_rule``; without a prior (or a rule) from image area alone."""
    if prior is None or prior.size_rule is None:
        return area_size_classes(objects)
    *weights, bias = prior.size_rule
    w, h = image_size
    out: list[tuple[str, float] | None] = []
    for obj in objects:
        y = _contact_y(obj)
        if obj.area is None or y is None or obj.area <= 0:
            out.append(None)
            continue
        hh = max(h, 1)
        if obj.bbox is not None:
            bw, bh = max(obj.bbox[2] - obj.bbox[0], 1.0), max(obj.bbox[3] - obj.bbox[1], 1.0)
        else:
            bw = bh = math.sqrt(obj.area)
        feats = (math.log(math.sqrt(obj.area) / hh), y / hh, math.log(bw / hh), math.log(bh / hh))
        score = sum(wi * fi for wi, fi in zip(weights, feats, strict=False)) + bias
        out.append(("large" if score > 0 else "small", score))
    return out
