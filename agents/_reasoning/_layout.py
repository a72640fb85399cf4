"""Ground-plane layout of a scene graph and CVT-Bench's counterfactual orbit transform.

Coordinates are in the observer frame of the original view: ``u`` points to the
viewer's right and ``w`` points away from the viewer ("behind"), both on the ground.

Orbit convention (same as the ``cvt`` generator): the camera orbits about the vertical
axis through the scene; "orbits θ degrees to the left" moves the camera towards its own
left, i.e. its azimuth (counter-clockwise seen from above) decreases by θ. A displacement
``(u, w)`` then reads ``u' = u cos δ + w sin δ``, ``w' = -u sin δ + w cos δ`` with
``δ = -θ`` (left) or ``+θ`` (right). Top-down: image up ("north") is the original
viewer's "behind", image right is the viewer's right.

Example:
    >>> orbit_relations((1.0, 0.0), 180, "left", eps=0.1)
    ['left']
"""

from __future__ import annotations

import math
from typing import Any

from spatioxolver.schema import SceneGraph

__all__ = ["ground_layout", "orbit_relations", "top_down_relations", "ORBIT_LEFT_SIGN"]

#: Sign of the azimuth change for an orbit "to the left" (see the module docstring).
ORBIT_LEFT_SIGN = -1.0


def ground_layout(graph: SceneGraph, *, frame: int = 0) -> dict[str, tuple[float, float]]:
    """Estimate each object's ground position ``(u, w)`` in the original observer frame.

    Uses, in order of preference: ``attributes.extras["ground_uw"]`` (set by a backend that
    knows it); the ground contact point (bottom centre of the box) back-projected onto the
    ground plane through the camera in ``provenance["camera"]`` (``K`` and
    ``world_to_camera``) or, without one, the camera of the world prior in
    ``provenance["world_prior"]`` (its lens and nominal elevation; CLEVR's: 35 mm, 40
    degrees); else the relative depth cue with the centroid's image x. Without a camera and
    a prior nothing metric is assumed: ``u`` is the image x as a fraction of the width
    from the centre and ``w`` the image's own depth evidence scaled to 0..1.
    """
    objects = [o for o in graph.objects if o.frame == frame]
    if len(graph.images) > frame:
        width, height = graph.images[frame].width, graph.images[frame].height
    else:
        xs = [o.bbox[2] for o in objects if o.bbox] or [1.0]
        ys = [o.bbox[3] for o in objects if o.bbox] or [1.0]
        width, height = int(max(xs)) + 1, int(max(ys)) + 1
    model = _camera_model(graph.provenance.get("camera"), graph.provenance.get("world_prior"), width, height)
    if model is None:
        return _image_layout(graph, objects, width)
    focal, cx, cy, elevation = model
    d_rank = _depth_rank(graph, [o.id for o in objects])
    out: dict[str, tuple[float, float]] = {}
    for obj in objects:
        ground = obj.attributes.extras.get("ground_uw") if obj.attributes.extras else None
        if isinstance(ground, (list, tuple)) and len(ground) >= 2:
            out[obj.id] = (float(ground[0]), float(ground[1]))
            continue
        x = _center_x(obj)
        if obj.bbox is not None and x is not None:
            point = _back_project(x, float(obj.bbox[3]), focal, cx, cy, elevation)
            if point is not None:
                out[obj.id] = point
                continue
        if obj.depth is not None and math.isfinite(obj.depth) and obj.depth > 0:
            z = float(obj.depth)
        else:
            z = 1.0 + d_rank.get(obj.id, 0.0)
        u = (x - width / 2.0) / focal * z if x is not None else 0.0
        out[obj.id] = (u, z)
    return out


def _image_layout(graph: SceneGraph, objects: list[Any], width: int) -> dict[str, tuple[float, float]]:
    """Relative layout from image evidence only: ``(x offset / width, depth scaled to 0..1)``;
    for a flat drawing (every object flat, none with a depth) ``(x offset, y) / width``.

    The depth is the perception's own cue (ground contact where a ground plane was seen,
    else image area), min-max scaled over the frame; objects without one take their rank
    in the graph's front/behind relations.
    """
    if objects and all(o.depth is None and (o.attributes.extras or {}).get("flat") for o in objects):
        # A flat drawing has no depth: the page is the plane, so distances are the image's.
        return {
            o.id: ((o.centroid[0] - width / 2.0) / max(width, 1), o.centroid[1] / max(width, 1))
            if o.centroid is not None
            else (0.0, 0.0)
            for o in objects
        }
    d_rank = _depth_rank(graph, [o.id for o in objects])
    depths = {o.id: float(o.depth) for o in objects if o.depth is not None and math.isfinite(o.depth)}
    lo, hi = (min(depths.values()), max(depths.values())) if depths else (0.0, 0.0)
    span = hi - lo
    out: dict[str, tuple[float, float]] = {}
    for obj in objects:
        x = _center_x(obj)
        u = (x - width / 2.0) / max(width, 1) if x is not None else 0.0
        if obj.id in depths and span > 0:
            z = (depths[obj.id] - lo) / span
        else:
            z = d_rank.get(obj.id, 0.0)
        out[obj.id] = (u, z)
    return out


def _camera_model(
    camera: Any, prior: Any, width: int, height: int
) -> tuple[float, float, float, float] | None:
    """``(focal, cx, cy, elevation_rad)`` from a scene camera, else from the world prior; ``None``
    when there is neither."""
    if isinstance(camera, dict) and camera.get("K") is not None and camera.get("world_to_camera") is not None:
        k = camera["K"]
        r = camera["world_to_camera"]
        forward_z = float(r[2][2])  # z (up) component of the optical axis in the world
        elevation = math.asin(max(-1.0, min(1.0, -forward_z)))
        return float(k[0][0]), float(k[0][2]), float(k[1][2]), elevation
    if prior:
        from spatioxolver.world import coerce_world_prior

        world = coerce_world_prior(prior)
        if world is not None:
            elevation = math.radians(world.nominal_elevation_deg)
            return world.focal_px(width), width / 2.0, height / 2.0, elevation
    return None


def _back_project(
    x: float, y: float, focal: float, cx: float, cy: float, elevation: float
) -> tuple[float, float] | None:
    """Ground point (lateral, forward) seen at pixel ``(x, y)`` by a level camera at height 1."""
    dx, dy = (x - cx) / focal, (y - cy) / focal
    down = dy * math.cos(elevation) + math.sin(elevation)
    if down <= 1e-6:
        return None  # at or above the horizon
    t = 1.0 / down
    return t * dx, t * (math.cos(elevation) - dy * math.sin(elevation))


def _center_x(obj: Any) -> float | None:
    if obj.centroid is not None:
        return float(obj.centroid[0])
    if obj.bbox is not None:
        return (obj.bbox[0] + obj.bbox[2]) / 2.0
    return None


def _depth_rank(graph: SceneGraph, ids: list[str]) -> dict[str, float]:
    """Fraction of other objects each object is further than (0 = closest)."""
    wins = {i: 0.0 for i in ids}
    for rel in graph.relations_on("D"):
        if rel.subject not in wins or rel.object not in wins:
            continue
        further = rel.subject if rel.predicate == "further_than" else rel.object
        wins[further] += 1.0
    n = max(len(ids) - 1, 1)
    return {i: w / n for i, w in wins.items()}


def orbit_relations(
    displacement: tuple[float, float], theta: float, direction: str, *, eps: float
) -> list[str]:
    """Relations (sorted) of a subject displaced by ``(u, w)`` from its reference after an orbit.

    Args:
        displacement: subject minus reference, in the original observer frame.
        theta: orbit angle in degrees.
        direction: ``"left"`` or ``"right"``.
        eps: margin below which no relation holds along a direction (CLEVR's rule).
    """
    delta = math.radians(theta) * (ORBIT_LEFT_SIGN if direction == "left" else -ORBIT_LEFT_SIGN)
    u, w = displacement
    u2 = u * math.cos(delta) + w * math.sin(delta)
    w2 = -u * math.sin(delta) + w * math.cos(delta)
    return _relation_words(u2, w2, eps, ahead="behind", back="front")


def top_down_relations(displacement: tuple[float, float], *, eps: float) -> list[str]:
    """Relations (sorted) in the top-down view: north = original "behind"."""
    u, w = displacement
    return _relation_words(u, w, eps, ahead="north", back="south")


def _relation_words(u: float, w: float, eps: float, *, ahead: str, back: str) -> list[str]:
    """Sorted words for a sideways offset ``u`` (right/left) and a depth offset ``w`` (ahead/back)."""
    rels = []
    if u > eps:
        rels.append("right")
    if u < -eps:
        rels.append("left")
    if w > eps:
        rels.append(ahead)
    if w < -eps:
        rels.append(back)
    return sorted(rels)
