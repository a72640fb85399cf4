"""The ``ctr`` family (seed 000 §4.1): pairwise H / V / D queries on floating-object scenes.

Main set: a ``volume`` scene with N objects (N cycles through the ``n`` option), numbered
boxes 1..N (numbers are a random permutation, so they carry no position cue), and all
C(N, 2) pairwise queries per axis. Controlled-gap set (``gap_set=True``): N = 3 objects at
camera-frame depths ``z0, z0 + Δ, z0 + 2Δ`` (Δ cycles through ``deltas``), placed apart on
screen, with the three depth queries.

Gold (checked against the 3D coordinates through the recorded camera): H - the object with
the smaller projected pixel x is left; V - smaller projected pixel y is higher; D - larger
camera-frame z is further. Pairs closer than ``tie_px`` pixels (H, V) or ``tie_depth`` m (D)
are refused; the layout redraws objects to avoid them in the first place.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import numpy as np

from spatioxolver.errors import BenchmarkError, InputError
from spatioxolver.scenes._camera import Camera, orbit_camera
from spatioxolver.scenes._common import camera_points, scene_id
from spatioxolver.scenes._io import write_view
from spatioxolver.scenes._layout import VOLUME_SCALE, random_object, sample_volume, volume_camera
from spatioxolver.scenes._options import (
    reject_unknown,
    take_bool,
    take_float_list,
    take_int,
    take_int_list,
)
from spatioxolver.scenes._raycast import Lighting
from spatioxolver.scenes._render import RenderedView, render_view, view_is_clean
from spatioxolver.scenes._vocab import bounding_radius

__all__ = ["N_VALUES", "DELTAS", "validate_options", "generate_scene", "QUESTION"]

N_VALUES = (3, 5, 8, 12, 16, 20)
DELTAS = (0.1, 0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 3.0, 5.0, 8.0)
ASKS = {"H": "left", "V": "above", "D": "further"}
QUESTION = {
    "H": "Looking at this image, which object is to the left of the other: {a} or {b}? "
    "Objects are identified by the numbered boxes. Answer with just the object number.",
    "V": "Looking at this image, which object is above the other: {a} or {b}? "
    "Objects are identified by the numbered boxes. Answer with just the object number.",
    "D": "Looking at this image, which object is further from the camera than the other: {a} or {b}? "
    "Objects are identified by the numbered boxes. Answer with just the object number.",
}
TIE_PX = 2.0
TIE_DEPTH = 0.1


def validate_options(options: dict[str, Any]) -> dict[str, Any]:
    out = {
        "n": take_int_list(options, "n", list(N_VALUES), allowed=N_VALUES),
        "gap_set": take_bool(options, "gap_set", False),
        "deltas": take_float_list(options, "deltas", list(DELTAS)),
        "width": take_int(options, "width", 480, 64, 4096),
        "height": take_int(options, "height", 320, 48, 4096),
        "supersample": take_int(options, "supersample", 2, 1, 4),
    }
    axes = options.pop("axes", None) or "H,V,D"
    axes_list = [a.strip().upper() for a in (axes.split(",") if isinstance(axes, str) else axes)]
    if not axes_list or any(a not in ASKS for a in axes_list):
        raise InputError(f"option axes must be a subset of H,V,D, got {axes!r}")
    out["axes"] = axes_list
    reject_unknown(options, "ctr")
    return out


def _render_labelled(
    rng: np.random.Generator, objects: list[dict[str, Any]], cam: Camera, n: int, opts: dict[str, Any]
) -> RenderedView:
    """Render ``objects`` floating (no ground, no shadows), boxed and labelled 1..n in random order."""
    labels = [str(k + 1) for k in rng.permutation(n)]
    return render_view(
        objects, cam, lighting=Lighting(ground=False, shadows=False), overlay="boxes", labels=labels,
        supersample=opts["supersample"],
    )  # fmt: skip


def _main_scene(rng: np.random.Generator, n: int, opts: dict[str, Any]):  # noqa: ANN202
    W, H = opts["width"], opts["height"]
    for _ in range(60):
        cam = volume_camera(rng, W, H)
        objects = sample_volume(rng, n, cam, tie_px=TIE_PX, tie_depth=TIE_DEPTH)
        if objects is None:
            continue
        view = _render_labelled(rng, objects, cam, n, opts)
        if view_is_clean(view, min_fraction=0.4):
            return view
    raise BenchmarkError(f"could not place {n} unambiguous objects at {W}x{H}; use a larger --width/--height")


def _gap_scene(rng: np.random.Generator, delta: float, opts: dict[str, Any]):  # noqa: ANN202
    W, H = opts["width"], opts["height"]
    for _ in range(200):
        az, el = float(rng.uniform(0, 360)), float(rng.uniform(10, 60))
        cam = orbit_camera(az, el, 15.0, width=W, height=H)
        objects = [random_object(rng, scale=VOLUME_SCALE) for _ in range(3)]
        z0 = float(rng.uniform(6.0, 9.0))
        depths = [z0 + k * delta for k in rng.permutation(3)]
        Kinv = np.linalg.inv(cam.K)
        placed: list[tuple[float, float, float]] = []
        ok = True
        for obj, z in zip(objects, depths, strict=True):
            rp = cam.K[0, 0] * bounding_radius(obj["shape"], obj["r"]) / z
            for _try in range(200):
                u = float(rng.uniform(rp + 4, W - rp - 4))
                v = float(rng.uniform(rp + 4, H - rp - 4))
                if all(
                    np.hypot(u - pu, v - pv) > 1.15 * (rp + prp)
                    and abs(u - pu) >= TIE_PX
                    and abs(v - pv) >= TIE_PX
                    for pu, pv, prp in placed
                ):
                    break
            else:
                ok = False
                break
            placed.append((u, v, rp))
            pc = z * (Kinv @ np.array([u, v, 1.0]))
            obj["3d_coords"] = [float(c) for c in cam.R.T @ (pc - cam.t)]
        if not ok:
            continue
        view = _render_labelled(rng, objects, cam, 3, opts)
        if view_is_clean(view, min_fraction=0.9):
            return view
    raise BenchmarkError(f"could not build a controlled-gap scene with Δ={delta} at {W}x{H}")


def _gold(axis: str, a: int, b: int, uv: np.ndarray, z: np.ndarray) -> tuple[int, float]:
    """Index of the object that is more left / higher / further, and the margin."""
    if axis == "H":
        return (a if uv[a, 0] < uv[b, 0] else b), abs(float(uv[a, 0] - uv[b, 0]))
    if axis == "V":
        return (a if uv[a, 1] < uv[b, 1] else b), abs(float(uv[a, 1] - uv[b, 1]))
    return (a if z[a] > z[b] else b), abs(float(z[a] - z[b]))


def generate_scene(out_dir: Path, index: int, seed: int, opts: dict[str, Any]) -> list[dict[str, Any]]:
    rng = np.random.default_rng([seed, index])
    sid = scene_id("ctr", index)
    if opts["gap_set"]:
        delta = float(opts["deltas"][index % len(opts["deltas"])])
        view = _gap_scene(rng, delta, opts)
        axes = ["D"]
    else:
        delta = None
        n = opts["n"][index % len(opts["n"])]
        view = _main_scene(rng, n, opts)
        axes = opts["axes"]
    paths = write_view(out_dir, sid, view)
    scene = view.scene
    objs = scene["objects"]
    uv, z = camera_points(scene)
    pix = np.array([o["pixel_coords"] for o in objs], float)
    if np.abs(pix[:, :2] - uv).max() > 0.01 or np.abs(pix[:, 2] - z).max() > 0.01:
        raise BenchmarkError(f"{sid}: pixel_coords disagree with the camera projection")
    labels = [o["label"] for o in objs]
    n = len(objs)
    lines: list[dict[str, Any]] = []
    orders = {
        "H": sorted(range(n), key=lambda i: uv[i, 0]),
        "V": sorted(range(n), key=lambda i: uv[i, 1]),
        "D": sorted(range(n), key=lambda i: z[i]),
    }
    depth_gaps = None
    if delta is not None:
        by_depth = orders["D"]
        depth_gaps = [
            round(float(z[by_depth[1]] - z[by_depth[0]]), 6),
            round(float(z[by_depth[2]] - z[by_depth[1]]), 6),
        ]
    refused = 0
    for axis in axes:
        pairs = list(itertools.combinations(range(n), 2))
        for k, (a, b) in enumerate(pairs):
            if rng.random() < 0.5:
                a, b = b, a
            gold, margin = _gold(axis, a, b, uv, z)
            if margin < (TIE_DEPTH if axis == "D" else TIE_PX) * (0.999 if delta is not None else 1.0):
                refused += 1
                continue
            la, lb = labels[a], labels[b]
            meta: dict[str, Any] = {
                "N": n,
                "axis": axis,
                "scene_id": sid,
                "set": "gap" if delta is not None else "main",
                "pair_gap": round(margin, 4),
                "pair_gap_unit": "m" if axis == "D" else "px",
                "axis_order": [labels[i] for i in orders[axis]],
                "camera": {"azimuth": scene["camera"]["azimuth"], "elevation": scene["camera"]["elevation"]},
                "occlusion": {
                    la: round(1 - objs[a]["visible_fraction"], 4),
                    lb: round(1 - objs[b]["visible_fraction"], 4),
                },
                "clean_images": [paths["clean"]],
                "masks": [paths["mask"]],
                "depth_maps": [paths["depth"]],
            }
            if delta is not None:
                meta["delta"] = delta
                meta["depth_gaps"] = depth_gaps
            lines.append(
                {
                    "id": f"{sid}-{axis}{k:03d}",
                    "family": "ctr",
                    "images": [paths["image"]],
                    "scenes": [paths["scene"]],
                    "question": QUESTION[axis].format(a=la, b=lb),
                    "query": {"type": "pairwise", "axis": axis, "objects": [la, lb], "asks": ASKS[axis]},
                    "answer": labels[gold],
                    "category": "ctr-gap" if delta is not None else "ctr",
                    "subcategory": axis,
                    "meta": meta,
                }
            )
    for line in lines:
        line["meta"]["refused_in_scene"] = refused
    return lines
