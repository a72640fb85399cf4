"""Generated ``ctr`` family (seed 000 §4.1): pairwise H / V / D queries and the N = 3 gap set."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._generated import GeneratedBenchmark, load_scene
from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError

__all__ = ["CTRBenchmark", "N_VALUES", "AXES", "is_gap_example", "gap_of"]

N_VALUES = (3, 5, 8, 12, 16, 20)
AXES = ("H", "V", "D")


def gap_of(meta: dict[str, Any]) -> float | None:
    """The controlled depth separation Δ of a gap-set example, if any."""
    for key in ("depth_gap", "gap", "delta", "depth_separation"):
        value = meta.get(key)
        if isinstance(value, (int, float)):
            return float(value)
    return None


def is_gap_example(meta: dict[str, Any]) -> bool:
    subset = str(meta.get("subset") or meta.get("set") or "")
    return bool(meta.get("gap_set")) or subset.startswith("gap") or gap_of(meta) is not None


def _object_coordinates(scene: dict[str, Any]) -> dict[str, Any]:
    """``object_depths`` (pixel_coords z), ``object_camera_coords`` (x, y, z) and
    ``object_plane_coords`` per label.

    ``object_plane_coords`` are the coordinates the simulated models perturb (and the
    theory curves and sigma-hat use): image-plane metres at the scene's median object depth,
    ``x / z * z_ref`` and ``y / z * z_ref`` (equal to ``(u - cx) / fx * z_ref``), and the depth z.
    """
    import numpy as np

    out: dict[str, Any] = {}
    labelled = [o for o in scene.get("objects", []) if o.get("label") is not None]
    depths = {
        str(o["label"]): float(o["pixel_coords"][2])
        for o in labelled
        if len(o.get("pixel_coords") or []) >= 3
    }
    if depths:
        out["object_depths"] = depths
    camera = scene.get("camera") or {}
    if camera.get("world_to_camera") is not None:
        m = np.asarray(camera["world_to_camera"], dtype=float)
        coords = {}
        for o in labelled:
            p = m @ np.array([*map(float, o["3d_coords"][:3]), 1.0])
            coords[str(o["label"])] = [round(float(v), 6) for v in p[:3]]
        out["object_camera_coords"] = coords
        if coords and all(c[2] > 0 for c in coords.values()):
            z_ref = float(np.median([c[2] for c in coords.values()]))
            out["object_plane_coords"] = {
                label: [round(c[0] / c[2] * z_ref, 6), round(c[1] / c[2] * z_ref, 6), c[2]]
                for label, c in coords.items()
            }
    return out


def _copy_coordinates(coords: dict[str, Any]) -> dict[str, Any]:
    """Each example's own copy of :func:`_object_coordinates` (``{name: {label: number | [x, y, z]}}``)."""
    return {
        name: {label: list(v) if isinstance(v, list) else v for label, v in per_label.items()}
        for name, per_label in coords.items()
    }


class CTRBenchmark(GeneratedBenchmark):
    """Pairwise spatial queries grouped per (scene, axis) into tournaments."""

    name = "ctr"
    family = "ctr"
    description = "generated pairwise H/V/D queries (seed 000): CTR, OSC, pairwise accuracy, N=3 gap set"
    split_patterns = (
        r"n\d+",
        r"n\d+-[HVD]",
    )

    def splits(self) -> list[str]:
        names = ["all", "main", "gap"] + [f"axis-{a}" for a in AXES]
        names += [f"n{n}" for n in N_VALUES] + [f"n{n}-{a}" for n in N_VALUES for a in AXES]
        return names

    def tags(self, example: Example) -> list[str]:
        meta, query = example.meta, example.query
        axis = query.get("axis") or meta.get("axis")
        n = meta.get("N") or meta.get("n_objects")
        tags = ["gap" if is_gap_example(meta) else "main"]
        if axis:
            tags.append(f"axis-{axis}")
        if n:
            tags.append(f"n{int(n)}")
            if axis:
                tags.append(f"n{int(n)}-{axis}")
        return tags

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        per_scene: dict[str, dict[str, Any]] = {}  # many questions share a scene: computed once each
        for item in super()._examples(source, strict=strict, **options):
            if isinstance(item, Example) and item.scenes and "object_plane_coords" not in item.meta:
                # Camera-frame coordinates of each labelled object: the theory curves
                # (Thm 3.7) are evaluated at the true positions, not at nominal gaps.
                try:
                    coords = per_scene.get(item.scenes[0])
                    if coords is None:
                        coords = per_scene[item.scenes[0]] = _object_coordinates(load_scene(item.scenes[0]))
                    item.meta.update(_copy_coordinates(coords))
                except (BenchmarkError, KeyError, TypeError, ValueError):  # becomes an error row later
                    pass
            yield item
