"""The ``cvt`` family (seed 003 §3, App. 8 and 11): counterfactual camera orbits.

A CLEVR tabletop scene (sparse: 3-5 objects, dense: 7-10) is rendered once at the
observed viewpoint with numeric tags ("0", "1", ... in random order); objects occluded
beyond 70 % get no tag and are never queried. Queries ask for the relations of a subject
with respect to a reference after the camera orbits θ degrees about the vertical axis
through the scene centre: 15 at θ = 0, 5 at each of 45..315, 5 at 360 (0° queries
reworded), 5 top-down. Three tracked relations appear at every one of the ten views.

Conventions: orbiting to the *right* by θ moves the camera toward its right hand, i.e.
its azimuth grows by θ (counter-clockwise seen from above); to the *left* it shrinks by θ.
Gold relations are CLEVR's: relation ``r`` holds when ``dot(p_subject - p_reference,
directions_r) > 0.2`` with the orbited camera's ``directions``. Top-down: ``north`` is the
observed camera's ``behind`` direction (image up in the top-down view), ``south`` its
front, left/right as observed. As in the seed, queries whose dot products lie within
``MARGIN`` of the 0.2 threshold (``meta.near_threshold``) or whose answer set is empty
(``meta.empty_answer``) are kept; ``filter_ambiguous=True`` refuses them at that view (an
easier set: the generator before issue 17 always did). ``meta.ambiguous`` marks both.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from spatioxolver.errors import BenchmarkError
from spatioxolver.scenes._camera import Camera, orbit_camera, top_down_camera
from spatioxolver.scenes._common import describe, scene_id
from spatioxolver.scenes._io import write_view
from spatioxolver.scenes._layout import sample_tabletop, tabletop_camera
from spatioxolver.scenes._options import reject_unknown, take_bool, take_choice, take_int
from spatioxolver.scenes._render import apply_overlay, render_view
from spatioxolver.scenes._scene_json import RELATION_EPS, directions

__all__ = ["THETAS", "validate_options", "generate_scene", "relations_at", "view_directions"]

THETAS = (0, 45, 90, 135, 180, 225, 270, 315, 360)
VIEWS: tuple[str, ...] = tuple(str(t) for t in THETAS) + ("top",)
MAX_OCCLUSION = 0.7
MARGIN = 0.05

_Q0 = (
    "What is the spatial relationship of the {sd} (Tag {s}) with respect to the {rd} (Tag {r})? "
    "Choose from [left, right, front, behind]. Multiple relations possible."
)
_QORBIT = (
    "If the camera orbits {theta} degrees to the {direction}, what is the new spatial relationship of the "
    "{sd} (Tag {s}) with respect to the {rd} (Tag {r})? Choose from [left, right, front, behind]. "
    "Multiple relations possible."
)
_Q360 = (
    "Suppose the camera travels a full {theta}-degree circle to the {direction} around the scene. Where is the "
    "{sd} (Tag {s}) now, relative to the {rd} (Tag {r})? Choose from [left, right, front, behind]. "
    "Multiple relations possible."
)
_QTOP = (
    "If the camera orbits to a top-down view, what is the new spatial relationship of the {sd} (Tag {s}) "
    "with respect to the {rd} (Tag {r})? Choose from [left, right, north, south]. Multiple relations possible."
)


def validate_options(options: dict[str, Any]) -> dict[str, Any]:
    out = {
        "density": take_choice(options, "density", "mixed", ("mixed", "sparse", "dense")),
        "width": take_int(options, "width", 320, 64, 4096),
        "height": take_int(options, "height", 240, 48, 4096),
        "supersample": take_int(options, "supersample", 2, 1, 4),
        "filter_ambiguous": take_bool(options, "filter_ambiguous", False),
    }
    reject_unknown(options, "cvt")
    return out


def view_directions(cam0: Camera, view: str, direction: str) -> dict[str, np.ndarray]:
    """Ground directions of the observer after the orbit (``view`` is a θ in degrees or "top")."""
    if view == "top":
        top = top_down_camera(cam0, 20.0, width=cam0.width, height=cam0.height)
        d = directions(top)
        return {"left": np.array(d["left"]), "right": np.array(d["right"]),
                "north": np.array(d["behind"]), "south": np.array(d["front"])}  # fmt: skip
    theta = float(view) * (1.0 if direction == "right" else -1.0)
    cam = orbit_camera(
        cam0.azimuth + theta, cam0.elevation, cam0.distance, width=cam0.width, height=cam0.height
    )
    d = directions(cam)
    return {k: np.array(d[k]) for k in ("left", "right", "front", "behind")}


def relations_at(
    p_subject: np.ndarray, p_reference: np.ndarray, dirs: dict[str, np.ndarray]
) -> tuple[list[str], float]:
    """Sorted relations of the subject w.r.t. the reference, and the smallest distance to the threshold."""
    delta = np.asarray(p_subject, float) - np.asarray(p_reference, float)
    rels, closest = [], np.inf
    for name, d in dirs.items():
        dot = float(delta @ d)
        closest = min(closest, abs(dot - RELATION_EPS))
        if dot > RELATION_EPS:
            rels.append(name)
    return sorted(rels), closest


def _render(rng: np.random.Generator, n: int, opts: dict[str, Any]):  # noqa: ANN202
    W, H = opts["width"], opts["height"]
    for _ in range(60):
        cam = tabletop_camera(rng, W, H)
        objects = sample_tabletop(rng, n, cam)
        if objects is None:
            continue
        view = render_view(objects, cam, supersample=opts["supersample"])
        occl = [1.0 - o["visible_fraction"] for o in view.scene["objects"]]
        from spatioxolver.scenes._render import min_visible_pixels

        need = min_visible_pixels(W, H)
        taggable = [
            i
            for i, o in enumerate(view.scene["objects"])
            if occl[i] <= MAX_OCCLUSION and o["visible_pixels"] >= need
        ]
        all_visible = all(o["visible_pixels"] >= need for o in view.scene["objects"])
        if len(taggable) >= 2 and all_visible:
            return cam, view, taggable
    raise BenchmarkError(f"could not build a cvt scene with {n} objects at {W}x{H}")


def generate_scene(out_dir: Path, index: int, seed: int, opts: dict[str, Any]) -> list[dict[str, Any]]:
    rng = np.random.default_rng([seed, index])
    sid = scene_id("cvt", index)
    density = opts["density"] if opts["density"] != "mixed" else ("sparse" if index % 2 == 0 else "dense")
    n = int(rng.integers(3, 6)) if density == "sparse" else int(rng.integers(7, 11))
    cam0, view, taggable = _render(rng, n, opts)
    tags = [str(t) for t in rng.permutation(len(taggable))]
    labels: list[str | None] = [None] * n
    for i, t in zip(taggable, tags, strict=True):
        labels[i] = t
    view = apply_overlay(view, "tags", labels)
    paths = write_view(out_dir, sid, view)
    objs = view.scene["objects"]
    pts = np.array([o["3d_coords"] for o in objs], float)
    occl = {i: round(1.0 - objs[i]["visible_fraction"], 4) for i in range(n)}
    pairs = [(s, r) for s in taggable for r in taggable if s != r]

    def ask(pair: tuple[int, int], view_name: str, direction: str) -> tuple[list[str], float] | None:
        rels, closest = relations_at(pts[pair[0]], pts[pair[1]], view_directions(cam0, view_name, direction))
        if opts["filter_ambiguous"] and (not rels or closest < MARGIN):
            return None
        return rels, closest

    directions_for = {v: [str(rng.choice(["left", "right"])) for _ in range(20)] for v in VIEWS}
    # tracked relations: valid at all ten views (with each view's first directions), occluded pairs first
    order = [pairs[k] for k in rng.permutation(len(pairs))]
    order.sort(key=lambda p: 0 if (occl[p[0]] >= 0.05 or occl[p[1]] >= 0.05) else 1)
    tracked: list[tuple[int, int]] = []
    n_occluded = 0
    for p in order:
        occluded = occl[p[0]] >= 0.05 or occl[p[1]] >= 0.05
        if occluded and n_occluded >= 2:
            continue
        if all(ask(p, v, directions_for[v][len(tracked)]) for v in VIEWS):
            tracked.append(p)
            n_occluded += int(occluded)
        if len(tracked) == 3:
            break
    if len(tracked) < 3:
        for p in order:  # fill up without the occlusion cap
            if p not in tracked and all(ask(p, v, directions_for[v][len(tracked)]) for v in VIEWS):
                tracked.append(p)
            if len(tracked) == 3:
                break

    lines: list[dict[str, Any]] = []
    zero_queries: list[tuple[tuple[int, int], str]] = []

    def emit(pair, view_name, direction, *, track_id=None, paraphrase=False, source=None) -> str:  # noqa: ANN001
        s, r = pair
        rels, closest = ask(pair, view_name, direction)  # type: ignore[misc]
        ls, lr = labels[s], labels[r]
        fmt = {"sd": describe(objs[s]), "s": ls, "rd": describe(objs[r]), "r": lr, "direction": direction}
        if view_name == "top":
            question = _QTOP.format(**fmt)
            query: dict[str, Any] = {"type": "top_down", "subject": ls, "reference": lr}
            sub = "top_down"
        else:
            theta = int(view_name)
            fmt["theta"] = theta
            question = (_Q0 if theta == 0 else _Q360 if paraphrase else _QORBIT).format(**fmt)
            query = {"type": "orbit", "subject": ls, "reference": lr, "theta": theta, "direction": direction}
            sub = "standard" if theta == 0 else "orbit"
        occ_s, occ_r = occl[s] >= 0.05, occl[r] >= 0.05
        qid = f"{sid}-q{len(lines):02d}"
        lines.append(
            {
                "id": qid,
                "family": "cvt",
                "images": [paths["image"]],
                "scenes": [paths["scene"]],
                "question": question,
                "query": query,
                "answer": rels,
                "category": "cvt",
                "subcategory": sub,
                "meta": {
                    "N": len(taggable),
                    "N_placed": n,
                    "density": density,
                    "scene_id": sid,
                    "view": view_name,
                    "theta": None if view_name == "top" else int(view_name),
                    "direction": None if view_name == "top" else direction,
                    "query_index": len(lines),
                    "tracked": track_id is not None,
                    "track_id": track_id,
                    "paraphrase": paraphrase,
                    "source_id": source,
                    "threshold_margin": round(closest, 4),
                    "near_threshold": bool(closest < MARGIN),
                    "empty_answer": not rels,
                    "ambiguous": bool(closest < MARGIN or not rels),
                    "occlusion": {
                        "subject": occl[s],
                        "reference": occl[r],
                        "kind": "both"
                        if occ_s and occ_r
                        else "subject"
                        if occ_s
                        else "object"
                        if occ_r
                        else "none",
                    },
                    "objects": {labels[i]: describe(objs[i]) for i in taggable},
                    "clean_images": [paths["clean"]],
                    "masks": [paths["mask"]],
                    "depth_maps": [paths["depth"]],
                },
            }
        )
        return qid

    zero_ids: dict[tuple[int, int], str] = {}
    for view_name in VIEWS:
        dirs = directions_for[view_name]
        if view_name == "360":
            reused = [p for p, _ in zero_queries if p not in tracked]
            picks = [reused[k] for k in rng.permutation(len(reused))[:2]]
            for t, p in enumerate(tracked):
                emit(p, "360", dirs[t], track_id=t, paraphrase=True, source=zero_ids.get(p))
            for p in picks:
                d = str(rng.choice(["left", "right"]))
                if ask(p, "360", d) is not None:
                    emit(p, "360", d, paraphrase=True, source=zero_ids.get(p))
            continue
        quota = 15 if view_name == "0" else 5
        for t, p in enumerate(tracked):
            qid = emit(p, view_name, dirs[t], track_id=t)
            if view_name == "0":
                zero_ids[p] = qid
                zero_queries.append((p, dirs[t]))
        rest = [p for p in (pairs[k] for k in rng.permutation(len(pairs))) if p not in tracked]
        taken = 0
        for p in rest:
            if taken >= quota - len(tracked):
                break
            d = "right" if view_name == "0" else str(rng.choice(["left", "right"]))
            if ask(p, view_name, d) is None:
                continue
            qid = emit(p, view_name, d)
            taken += 1
            if view_name == "0":
                zero_ids[p] = qid
                zero_queries.append((p, d))
    return lines
