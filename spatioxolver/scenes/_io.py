"""Deterministic files for generated views: PNG images, mask PNGs, depth PNGs, scene JSON.

Masks are 8-bit PNGs (16-bit when a view has 255+ objects): 0 = background, k = object
index + 1. Depth maps are 16-bit PNGs of camera-frame z in millimetres, 0 where no object
is hit (read them back with :func:`depth_from_mm`).

PNGs are written by PIL without any metadata chunk (no timestamps), JSON with a fixed key
order and separators, so the same seed and options give byte-identical files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from spatioxolver.scenes._render import RenderedView

__all__ = ["write_png", "write_json", "write_view", "dumps", "depth_to_mm", "depth_from_mm"]


def depth_to_mm(depth: np.ndarray) -> np.ndarray:
    """Depth (metres, inf where no object) as uint16 millimetres, 0 where no object (max 65.534 m)."""
    mm = np.where(np.isfinite(depth), np.round(depth * 1000.0), 0.0)
    return np.clip(mm, 0, 65534).astype(np.uint16)


def depth_from_mm(mm: np.ndarray) -> np.ndarray:
    """Inverse of :func:`depth_to_mm`: float32 metres, inf where the PNG holds 0."""
    mm = np.asarray(mm)
    return np.where(mm > 0, mm.astype(np.float32) / 1000.0, np.inf).astype(np.float32)


def write_png(path: Path, array: np.ndarray) -> None:
    """Write an RGB uint8 or a 2-D integer array (as 8- or 16-bit grey) to ``path``."""
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    if array.ndim == 2:
        if array.dtype == np.uint16 or array.max(initial=0) >= 256:
            img = Image.fromarray(array.astype(np.uint16))
        else:
            img = Image.fromarray(array.astype(np.uint8))
    else:
        img = Image.fromarray(np.ascontiguousarray(array, dtype=np.uint8))
    img.save(path, format="PNG", optimize=False, compress_level=6)


def dumps(obj: Any) -> str:
    """Compact, deterministic JSON text."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def write_json(path: Path, obj: Any) -> None:
    """Write ``obj`` as deterministic JSON."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(obj) + "\n", encoding="utf-8")


def write_view(out_dir: Path, name: str, view: RenderedView, *, write_clean: bool = True) -> dict[str, str]:
    """Write one view; returns relative paths ``image``, ``scene``, ``clean``, ``mask``, ``depth``."""
    rel = {
        "image": f"images/{name}.png",
        "scene": f"scenes/{name}.json",
        "mask": f"masks/{name}.png",
        "depth": f"depth/{name}.png",
    }
    write_png(out_dir / rel["image"], view.rgb)
    if write_clean and view.scene.get("overlay"):
        rel["clean"] = f"images/{name}_clean.png"
        write_png(out_dir / rel["clean"], view.clean_rgb)
    else:
        rel["clean"] = rel["image"]
    write_png(out_dir / rel["mask"], view.instance_mask)
    write_png(out_dir / rel["depth"], depth_to_mm(view.depth))
    scene = dict(view.scene)
    scene["image_filename"] = Path(rel["image"]).name
    scene["mask_filename"] = rel["mask"]
    scene["depth_filename"] = rel["depth"]
    write_json(out_dir / rel["scene"], scene)
    return rel
