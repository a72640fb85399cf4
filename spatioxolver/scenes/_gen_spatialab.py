"""The ``spatialab`` family (seed 004, App. B): SpatiaLab subcategories on synthetic scenes.

One tabletop scene (6-10 objects, numeric tags "1".."N" in random order) yields, for each
subcategory a synthetic scene can honestly express (see ``_spatialab_items.BUILDERS``),
one multiple-choice item (4 options, gold option number) and one open-ended item (gold
text), whenever the scene supports an unambiguous answer. MCQ gold positions rotate with
the scene index and subcategory, so they are balanced over scenes. To make betweenness
questions possible, the layout places one object near the middle of two others when the
CLEVR placement rules allow it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from spatioxolver.errors import BenchmarkError, InputError
from spatioxolver.scenes._common import camera_points, describe, scene_id
from spatioxolver.scenes._io import write_view
from spatioxolver.scenes._layout import _clevr_ok, _ground_directions, sample_tabletop, tabletop_camera
from spatioxolver.scenes._options import reject_unknown, take_choice, take_int
from spatioxolver.scenes._render import apply_overlay, min_visible_pixels, render_view
from spatioxolver.scenes._spatialab_items import BUILDERS, SUBCATEGORIES, Ctx

__all__ = ["validate_options", "generate_scene", "SUBCATEGORIES"]


def validate_options(options: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "formats": take_choice(options, "formats", "both", ("both", "mcq", "open")),
        "width": take_int(options, "width", 480, 64, 4096),
        "height": take_int(options, "height", 320, 48, 4096),
        "supersample": take_int(options, "supersample", 2, 1, 4),
    }
    subs = options.pop("subcategories", None)
    if subs is None:
        out["subcategories"] = list(SUBCATEGORIES)
    else:
        wanted = [s.strip() for s in subs.split(",")] if isinstance(subs, str) else list(subs)
        bad = [s for s in wanted if s not in SUBCATEGORIES]
        if bad or not wanted:
            raise InputError(f"unknown subcategories {bad}; choose from {', '.join(SUBCATEGORIES)}")
        out["subcategories"] = wanted
    reject_unknown(options, "spatialab")
    return out


def _insert_between(rng: np.random.Generator, objects: list[dict[str, Any]], cam) -> None:  # noqa: ANN001
    dirs = _ground_directions(cam)
    n = len(objects)
    for _ in range(30):
        a, b, c = (int(x) for x in rng.permutation(n)[:3])
        pa, pb = np.array(objects[a]["3d_coords"][:2]), np.array(objects[b]["3d_coords"][:2])
        if np.linalg.norm(pb - pa) < 2.5:
            continue
        t = float(rng.uniform(0.4, 0.6))
        p = pa + t * (pb - pa)
        cand = dict(objects[c])
        cand["3d_coords"] = [float(p[0]), float(p[1]), objects[c]["3d_coords"][2]]
        others = [o for k, o in enumerate(objects) if k != c]
        if _clevr_ok(cand, others, dirs, 0.25, 0.4):
            objects[c] = cand
            return


def _scene(rng: np.random.Generator, opts: dict[str, Any]):  # noqa: ANN202
    W, H = opts["width"], opts["height"]
    need = min_visible_pixels(W, H)
    for _ in range(40):
        n = int(rng.integers(6, 11))
        cam = tabletop_camera(rng, W, H)
        objects = sample_tabletop(rng, n, cam)
        if objects is None:
            continue
        _insert_between(rng, objects, cam)
        view = render_view(objects, cam, supersample=opts["supersample"])
        tagged = [
            i for i, o in enumerate(view.scene["objects"])
            if o["visible_pixels"] >= need and o["visible_fraction"] >= 0.3
            and 0 <= o["pixel_coords"][0] < W and 0 <= o["pixel_coords"][1] < H
        ]  # fmt: skip
        if len(tagged) >= 5 and all(o["visible_pixels"] >= need for o in view.scene["objects"]):
            labels: list[str | None] = [None] * n
            for i, t in zip(tagged, rng.permutation(len(tagged)), strict=True):
                labels[i] = str(int(t) + 1)
            return apply_overlay(view, "tags", labels), tagged
    raise BenchmarkError(f"could not build a spatialab scene at {W}x{H}")


def _mcq(
    stem: str, gold: str, distractors: list[str], pos: int, rng: np.random.Generator
) -> tuple[str, list[str], int]:
    rest = [distractors[k] for k in rng.permutation(len(distractors))][:3]
    choices = rest[:pos] + [gold] + rest[pos:]
    listing = " ".join(f"{k + 1}. {c}" for k, c in enumerate(choices))
    return f"{stem} Options: {listing} Answer with the option number.", choices, pos + 1


def generate_scene(out_dir: Path, index: int, seed: int, opts: dict[str, Any]) -> list[dict[str, Any]]:
    rng = np.random.default_rng([seed, index])
    sid = scene_id("spatialab", index)
    view, tagged = _scene(rng, opts)
    paths = write_view(out_dir, sid, view)
    scene = view.scene
    uv, z = camera_points(scene)
    ctx = Ctx(
        objs=scene["objects"],
        tagged=tagged,
        pts=np.array([o["3d_coords"] for o in scene["objects"]], float),
        uv=uv,
        z=z,
        dirs={k: np.array(v, float) for k, v in scene["directions"].items()},
        width=scene["camera"]["width"],
        height=scene["camera"]["height"],
    )
    lines: list[dict[str, Any]] = []
    objects_dict = {scene["objects"][i]["label"]: describe(scene["objects"][i]) for i in tagged}
    for s_index, (category, sub, builder) in enumerate(BUILDERS):
        if sub not in opts["subcategories"]:
            continue
        item = builder(ctx, rng)
        if item is None:
            continue
        base_meta = {
            "N": len(tagged),
            "scene_id": sid,
            "objects": item.objects,
            "gold_label": item.gold_label,
            "margin": round(float(item.margin), 4),
            "object_dictionary": objects_dict,
            "clean_images": [paths["clean"]],
            "masks": [paths["mask"]],
            "depth_maps": [paths["depth"]],
        }
        slug = sub.lower().replace("/", "-").replace(" ", "-")
        if opts["formats"] in ("both", "mcq"):
            pos = (index + s_index) % 4
            question, choices, answer = _mcq(item.stem, item.gold, item.distractors, pos, rng)
            lines.append(
                {
                    "id": f"{sid}-{slug}-mcq",
                    "family": "spatialab",
                    "images": [paths["image"]],
                    "scenes": [paths["scene"]],
                    "question": question,
                    "query": {"type": "mcq", "category": category, "subcategory": sub},
                    "answer": answer,
                    "choices": choices,
                    "category": category,
                    "subcategory": sub,
                    "meta": dict(base_meta, gold_text=item.gold),
                }
            )
        if opts["formats"] in ("both", "open"):
            lines.append(
                {
                    "id": f"{sid}-{slug}-open",
                    "family": "spatialab",
                    "images": [paths["image"]],
                    "scenes": [paths["scene"]],
                    "question": f"{item.stem} Answer briefly.",
                    "query": {"type": "open", "category": category, "subcategory": sub},
                    "answer": item.open_gold,
                    "category": category,
                    "subcategory": sub,
                    "meta": dict(base_meta),
                }
            )
    return lines
