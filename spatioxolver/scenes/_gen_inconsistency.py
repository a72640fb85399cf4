"""The ``inconsistency`` family (seed 002 §2 and App. B.2): one object re-posed across views.

Three views V1, V2, V3 of one tabletop scene are rendered from cameras on the hemisphere.
The chosen object O is re-rendered into V2 with the pose it *shows* in V3: its orientation
relative to the camera becomes the one it has relative to V3's camera, i.e. its world
orientation P becomes ``R2^T R3 P`` (R: world-to-camera rotations), kept at its V2
footprint (same x, y; lifted so its lowest point touches the ground). Everything else is
rendered unchanged. The model sees V1 with letter labels A..Z (raster-scan order of the
visible mask centroids, objects with at least the minimum visible pixels) and the edited
V2'; gold is O's letter.

Only objects whose change is visible are chosen: cubes whose new orientation differs from
the old one by at least 15 degrees modulo the cube's 24 symmetries, cylinders whose axis
tilts by at least 10 degrees; spheres never (their pose cannot show). The edit must also
change at least ``MIN_CHANGED_PIXELS`` pixels of V2.

Buckets (values as in the public annotation file): ``depth_bucket`` low / medium / high -
O's camera depth in V1 within the labelled objects' depth range, by thirds (paper:
close / medium / far); ``lighting_bucket`` low / medium / high - mean luminance of V1 and
V2' (paper: dark / medium / bright); ``plausibility_bucket`` pp when the induced tilt
(roll) is under 5 degrees, else pi. These per-scene / fixed cut-offs are kept as they are;
the ``inconsistency`` adapter replaces them at load time with the seed's dataset-wide
tertiles of ``object_depth`` and ``mean_luminance`` (close / medium / far, dark / medium /
bright; :mod:`spatioxolver.evals.benchmarks.inconsistency`).

Seed 002's selection rules (§2, on Hypersim) are measured, not enforced: O's area in V2
(``object_area_fraction``; seed: 5-10 %), the share of objects visible in both views of
(V1, V2) and (V2, V3) (``object_overlap_12`` / ``_23``; seed: at most 75 %), and O's
visible pixels in V3 over those in V2 (``reprojection_ratio``; seed: at least 40 %).
``meta.seed_selection`` says whether an item meets all three; the adapter's
``seed-selection`` split keeps those. CLEVR's rule that every object shows in V1 makes
the overlap rule rarely hold here, and CLEVR objects at 10-12 m are small.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

import numpy as np

from spatioxolver.errors import BenchmarkError, InputError
from spatioxolver.scenes._camera import orbit_camera
from spatioxolver.scenes._common import describe, scene_id
from spatioxolver.scenes._io import write_view
from spatioxolver.scenes._layout import sample_tabletop
from spatioxolver.scenes._options import reject_unknown, take_int
from spatioxolver.scenes._raycast import Lighting
from spatioxolver.scenes._render import apply_overlay, min_visible_pixels, object_pose, render_view
from spatioxolver.scenes._vocab import bounding_radius, half_extents

__all__ = ["validate_options", "generate_scene", "QUESTION", "pose_change_deg"]

QUESTION = (
    "Here are two photos of a static scene from different views. However, in between taking the photos, "
    "I edited the second image such that, for one object, its positioning is inconsistent with the camera "
    "motion between the two frames. Which letter marks the modified object? Please use the labels from the "
    "first image. Format your reply exactly as: Final Answer: <LETTER> ...where <LETTER> is ONE capital "
    "letter A to Z only. Do not write anything else."
)
MIN_CHANGED_PIXELS = 40
LUMA_LOW, LUMA_HIGH = 112.0, 145.0


def validate_options(options: dict[str, Any]) -> dict[str, Any]:
    out = {
        "min_objects": take_int(options, "min_objects", 5, 2, 1000),
        "max_objects": take_int(options, "max_objects", 9, 2, 1000),
        "width": take_int(options, "width", 480, 64, 4096),
        "height": take_int(options, "height", 320, 48, 4096),
        "supersample": take_int(options, "supersample", 2, 1, 4),
    }
    if max(out["min_objects"], out["max_objects"]) > 26:
        raise InputError(
            f"inconsistency scenes label objects with letters A..Z: at most 26 labels, "
            f"got up to {max(out['min_objects'], out['max_objects'])} objects; use --max-objects 26 or fewer"
        )
    if out["max_objects"] < out["min_objects"]:
        raise InputError("option max_objects must be at least min_objects")
    reject_unknown(options, "inconsistency")
    return out


def _cube_symmetries() -> list[np.ndarray]:
    mats = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            m = np.zeros((3, 3))
            for i, (p, s) in enumerate(zip(perm, signs, strict=True)):
                m[i, p] = s
            if np.linalg.det(m) > 0:
                mats.append(m)
    return mats


_CUBE_SYM = _cube_symmetries()


def _angle(R: np.ndarray) -> float:
    return math.degrees(math.acos(max(-1.0, min(1.0, (np.trace(R) - 1.0) / 2.0))))


def pose_change_deg(shape: str, old: np.ndarray, new: np.ndarray) -> float:
    """Smallest rotation (degrees) between two orientations, modulo the shape's symmetries."""
    if shape == "sphere":
        return 0.0
    if shape == "cylinder":
        c = abs(float(old[:, 2] @ new[:, 2]))
        return math.degrees(math.acos(max(-1.0, min(1.0, c))))
    rel = old.T @ new
    return min(_angle(rel @ s) for s in _CUBE_SYM)


def _rest_height(shape: str, r: float, pose: np.ndarray) -> float:
    hx, hy, hz = half_extents(shape, r)
    if shape == "cube":
        return float(sum(h * abs(pose[2, i]) for i, h in enumerate((hx, hy, hz))))
    if shape == "cylinder":
        c = abs(float(pose[2, 2]))
        return float(hz * c + hx * math.sqrt(max(0.0, 1.0 - c * c)))
    return float(r)


def _luma(rgb: np.ndarray) -> float:
    return float((rgb[..., :3].astype(float) @ np.array([0.299, 0.587, 0.114])).mean())


def _bucket(x: float, lo: float, hi: float) -> str:
    return "low" if x < lo else "medium" if x < hi else "high"


def _attempt(rng: np.random.Generator, opts: dict[str, Any]) -> dict[str, Any] | None:
    W, H = opts["width"], opts["height"]
    n = int(rng.integers(opts["min_objects"], opts["max_objects"] + 1))
    light_az = math.radians(float(rng.uniform(0, 360)))
    light_el = math.radians(float(rng.uniform(35, 70)))
    lighting = Lighting(
        direction=(
            math.cos(light_el) * math.cos(light_az),
            math.cos(light_el) * math.sin(light_az),
            math.sin(light_el),
        ),
        key=float(rng.uniform(0.3, 1.0)),
        ambient=float(rng.uniform(0.15, 0.45)),
    )
    a1, e1, dist = float(rng.uniform(0, 360)), float(rng.uniform(30, 50)), float(rng.uniform(10.5, 12.0))
    a2 = a1 + float(rng.choice([-1, 1]) * rng.uniform(25, 45))
    e2 = float(rng.uniform(28, 50))
    a3 = a2 + float(rng.choice([-1, 1]) * rng.uniform(35, 80))
    e3 = e2 if rng.random() < 0.5 else float(np.clip(e2 + rng.choice([-1, 1]) * rng.uniform(12, 25), 15, 70))
    cams = [orbit_camera(a, e, dist, width=W, height=H) for a, e in ((a1, e1), (a2, e2), (a3, e3))]
    objects = sample_tabletop(rng, n, cams[0])
    if objects is None:
        return None
    sup = opts["supersample"]
    rel = cams[1].R.T @ cams[2].R
    posed = []
    for i, obj in enumerate(objects):
        if obj["shape"] == "sphere":
            continue
        old = object_pose(obj)
        new = rel @ old
        change = pose_change_deg(obj["shape"], old, new)
        if change >= (15.0 if obj["shape"] == "cube" else 10.0):
            posed.append((i, new, change))
    if not posed:
        return None
    need = min_visible_pixels(W, H)
    first = render_view(objects, cams[0], lighting=lighting, supersample=sup)
    if any(ob["visible_pixels"] < need for ob in first.scene["objects"]):
        return None  # CLEVR's rule: every object shows in the reference view
    views = [first] + [render_view(objects, c, lighting=lighting, supersample=sup) for c in cams[1:]]
    candidates = [
        (i, new, change)
        for i, new, change in posed
        if all(
            v.scene["objects"][i]["visible_pixels"] >= need
            and v.scene["objects"][i]["visible_fraction"] >= 0.6
            for v in views
        )
    ]
    if not candidates:
        return None
    i, new_pose, change = candidates[int(rng.integers(len(candidates)))]
    moved = [dict(o) for o in objects]
    o = dict(objects[i])
    o["pose"] = new_pose.tolist()
    o["3d_coords"] = [o["3d_coords"][0], o["3d_coords"][1], _rest_height(o["shape"], o["r"], new_pose)]
    rb = bounding_radius(o["shape"], o["r"])
    for j, other in enumerate(objects):
        if j != i and math.dist(o["3d_coords"][:2], other["3d_coords"][:2]) < rb + other["r"] + 0.05:
            return None
    moved[i] = o
    edited = render_view(moved, cams[1], lighting=lighting, supersample=sup, extra={"edited_object": i})
    if edited.scene["objects"][i]["visible_pixels"] < need:
        return None
    changed = int(
        (np.abs(edited.clean_rgb.astype(int) - views[1].clean_rgb.astype(int)).sum(axis=-1) > 24).sum()
    )
    if changed < MIN_CHANGED_PIXELS:
        return None
    # letters on V1: every object with enough visible pixels (at most 26; O always included)
    v1 = views[0]
    eligible = [k for k, ob in enumerate(v1.scene["objects"]) if ob["visible_pixels"] >= need]
    if len(eligible) < len(objects):  # CLEVR's rule: every object shows in the reference view
        return None
    if len(eligible) > 26:
        eligible = sorted(eligible, key=lambda k: -v1.scene["objects"][k]["visible_pixels"])[:26]
        if i not in eligible:
            eligible[-1] = i
    labels = ["x" if k in eligible else None for k in range(n)]
    v1 = apply_overlay(v1, "letters", labels)
    tilt = math.degrees(math.acos(max(-1.0, min(1.0, float(new_pose[2, 2])))))
    return {
        "objects": objects, "index": i, "views": views, "v1": v1, "edited": edited, "change": change,
        "tilt": tilt, "changed": changed, "lighting": lighting,
    }  # fmt: skip


#: Seed 002's selection rules (§2): O's image share, object overlap, O's reprojection.
AREA_RANGE = (0.05, 0.10)
MAX_OBJECT_OVERLAP = 0.75
MIN_REPROJECTION = 0.40


def _selection(res: dict[str, Any], i: int) -> dict[str, Any]:
    """Seed 002's three selection measurements of an item, and whether it meets them."""
    views = res["views"]
    w, h = views[1].scene.get("camera", {}).get("width"), views[1].scene.get("camera", {}).get("height")
    pixels = [[float(o["visible_pixels"]) for o in v.scene["objects"]] for v in views]
    area = pixels[1][i] / float(w * h) if w and h else None

    def overlap(a: list[float], b: list[float]) -> float:
        seen_a = {k for k, p in enumerate(a) if p > 0}
        seen_b = {k for k, p in enumerate(b) if p > 0}
        union = seen_a | seen_b
        return len(seen_a & seen_b) / len(union) if union else 1.0

    o12, o23 = overlap(pixels[0], pixels[1]), overlap(pixels[1], pixels[2])
    reproj = pixels[2][i] / pixels[1][i] if pixels[1][i] > 0 else 0.0
    ok = (
        area is not None
        and AREA_RANGE[0] <= area <= AREA_RANGE[1]
        and max(o12, o23) <= MAX_OBJECT_OVERLAP
        and reproj >= MIN_REPROJECTION
    )
    return {
        "object_area_fraction": None if area is None else round(area, 5),
        "object_overlap_12": round(o12, 4),
        "object_overlap_23": round(o23, 4),
        "reprojection_ratio": round(reproj, 4),
        "seed_selection": bool(ok),
    }


def generate_scene(out_dir: Path, index: int, seed: int, opts: dict[str, Any]) -> list[dict[str, Any]]:
    rng = np.random.default_rng([seed, index])
    sid = scene_id("inconsistency", index)
    for _ in range(80):
        res = _attempt(rng, opts)
        if res is not None:
            break
    else:
        raise BenchmarkError(f"{sid}: could not build a visible re-posing; try a larger image")
    i = res["index"]
    v1, edited = res["v1"], res["edited"]
    p1 = write_view(out_dir, f"{sid}-v1", v1)
    p2 = write_view(out_dir, f"{sid}-v2edit", edited)
    p2o = write_view(out_dir, f"{sid}-v2", res["views"][1])
    p3 = write_view(out_dir, f"{sid}-v3", res["views"][2])
    objs1 = v1.scene["objects"]
    letter = objs1[i]["label"]
    letters = sorted(o["label"] for o in objs1 if o["label"])
    labelled = [k for k, o in enumerate(objs1) if o["label"]]
    depths = [objs1[k]["pixel_coords"][2] for k in labelled]
    zmin, zmax = min(depths), max(depths)
    rel_depth = (objs1[i]["pixel_coords"][2] - zmin) / (zmax - zmin) if zmax > zmin else 0.5
    luma = (_luma(v1.clean_rgb) + _luma(edited.clean_rgb)) / 2.0
    selection = _selection(res, i)
    meta = {
        "N": len(letters),
        "N_placed": len(objs1),
        "scene_id": sid,
        "moved_object_index": i,
        "moved_object_letter": letter,
        "moved_object": describe(objs1[i]),
        "num_labels": len(letters),
        "depth_bucket": _bucket(rel_depth, 1 / 3, 2 / 3),
        "lighting_bucket": _bucket(luma, LUMA_LOW, LUMA_HIGH),
        "plausibility_bucket": "pp" if res["tilt"] < 5.0 else "pi",
        "relative_depth": round(float(rel_depth), 4),
        "mean_luminance": round(luma, 3),
        "object_depth": round(float(objs1[i]["pixel_coords"][2]), 4),
        **selection,
        "tilt_deg": round(res["tilt"], 3),
        "pose_change_deg": round(res["change"], 3),
        "changed_pixels": res["changed"],
        "clean_images": [p1["clean"], p2["clean"]],
        "masks": [p1["mask"], p2["mask"]],
        "depth_maps": [p1["depth"], p2["depth"]],
        "reference_images": {"v2_unedited": p2o["image"], "v3": p3["image"]},
        "reference_scenes": {"v2_unedited": p2o["scene"], "v3": p3["scene"]},
    }
    return [
        {
            "id": f"{sid}-0",
            "family": "inconsistency",
            "images": [p1["image"], p2["image"]],
            "scenes": [p1["scene"], p2["scene"]],
            "question": QUESTION,
            "query": {"type": "inconsistent_object", "labels": letters},
            "answer": letter,
            "category": "inconsistency",
            "subcategory": f"{meta['plausibility_bucket']}",
            "meta": meta,
        }
    ]
