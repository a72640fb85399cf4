"""Render a world (objects + lighting) through a camera into a labelled view.

A view carries the RGB image (with the requested overlay), the clean RGB, an instance
mask (0 = background and ground, k = object index + 1), a depth map (camera-frame z,
``inf`` where no object is hit) and the CLEVR-style scene JSON for exactly that image.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from spatioxolver.errors import InputError
from spatioxolver.scenes._camera import Camera
from spatioxolver.scenes._layout import sample_tabletop, sample_volume, tabletop_camera, volume_camera
from spatioxolver.scenes._overlay import LETTERS, OVERLAYS, draw_overlay, letters_in_raster_order, mask_anchor
from spatioxolver.scenes._raycast import Lighting, Primitive, cast
from spatioxolver.scenes._scene_json import scene_json
from spatioxolver.scenes._vocab import COLORS, half_extents

__all__ = [
    "RenderedView",
    "render_view",
    "apply_overlay",
    "view_is_clean",
    "render_random_scene",
    "yaw_matrix",
    "object_pose",
    "min_visible_pixels",
]


@dataclass
class RenderedView:
    """One rendered image with exact ground truth.

    Attributes:
        rgb: (H, W, 3) uint8 image, overlay drawn when one was requested.
        instance_mask: (H, W) int32, 0 = background / ground, k = object index + 1.
        depth: (H, W) float32 camera-frame z of the visible object, ``inf`` elsewhere.
        scene: CLEVR-style scene JSON (objects with ``label``, ``directions``,
            ``relationships``, ``camera``).
        clean_rgb: the same image without any overlay.
    """

    rgb: np.ndarray
    instance_mask: np.ndarray
    depth: np.ndarray
    scene: dict[str, Any]
    clean_rgb: np.ndarray = field(repr=False, default=None)  # type: ignore[assignment]


def yaw_matrix(deg: float) -> np.ndarray:
    """Rotation about the world z axis by ``deg`` degrees (counter-clockwise from above)."""
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def object_pose(obj: dict[str, Any]) -> np.ndarray:
    """The object's 3x3 orientation (local axes as columns): ``pose`` if set, else its yaw."""
    if obj.get("pose") is not None:
        return np.asarray(obj["pose"], float)
    return yaw_matrix(float(obj.get("rotation", 0.0)))


def _primitive(obj: dict[str, Any]) -> Primitive:
    rgb = np.asarray(COLORS[obj["color"]], float) / 255.0
    return Primitive(
        shape=obj["shape"],
        center=np.asarray(obj["3d_coords"], float),
        rotation=object_pose(obj),
        half=half_extents(obj["shape"], float(obj["r"])),
        color=tuple(float(c) for c in rgb),  # type: ignore[arg-type]
        metal=obj["material"] == "metal",
    )


def min_visible_pixels(width: int, height: int) -> int:
    """CLEVR's 200 visible pixels at 320x240, scaled with the image area (at least 40)."""
    return max(40, int(round(200 * width * height / (320 * 240))))


def _downsample(result, ss: int, H: int, W: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # noqa: ANN001
    col = result.color.reshape(H, ss, W, ss, 3).mean(axis=(1, 3))
    rgb = np.clip(np.round(col * 255.0), 0, 255).astype(np.uint8)
    if ss == 1:
        return rgb, result.label.astype(np.int32), result.depth.astype(np.float32)
    lab = result.label.reshape(H, ss, W, ss).transpose(0, 2, 1, 3).reshape(H, W, ss * ss)
    dep = result.depth.reshape(H, ss, W, ss).transpose(0, 2, 1, 3).reshape(H, W, ss * ss)
    mask = lab[..., 0].astype(np.int32)
    depth = dep.min(axis=-1)
    mixed = np.nonzero((lab != lab[..., :1]).any(axis=-1))
    if mixed[0].size:
        # majority label per edge pixel; ties go to the nearer sample
        ml, md = lab[mixed], dep[mixed]
        counts = (ml[:, :, None] == ml[:, None, :]).sum(axis=-1)
        near = np.where(np.isfinite(md), md, 1e9)
        pick = np.argmax(counts * 1e7 - np.minimum(near, 1e6), axis=-1)
        m = np.take_along_axis(ml, pick[:, None], axis=-1)[:, 0]
        mask[mixed] = m
        depth[mixed] = np.where((ml == m[:, None]) & (m[:, None] > 0), md, np.inf).min(axis=-1)
    depth = np.where(mask > 0, depth, np.inf).astype(np.float32)
    return rgb, mask, depth


def render_view(
    objects: list[dict[str, Any]],
    camera: Camera,
    *,
    lighting: Lighting | None = None,
    overlay: str | None = None,
    labels: list[str | None] | None = None,
    supersample: int = 2,
    extra: dict[str, Any] | None = None,
) -> RenderedView:
    """Render ``objects`` through ``camera`` and assemble the view's ground truth.

    Args:
        objects: world objects (CLEVR fields plus ``r`` and optional ``pose``).
        camera: the camera.
        lighting: light setup (default: key light, ambient, ground with shadows).
        overlay: None, "tags", "letters" or "boxes".
        labels: label per object for tags / boxes (default "1".."N" in index order);
            letters are always assigned in raster-scan order.
        supersample: samples per pixel along each axis.
        extra: extra top-level scene JSON fields.
    """
    if overlay is not None and overlay not in OVERLAYS:
        raise InputError(f"unknown overlay {overlay!r}; choose one of {', '.join(OVERLAYS)}")
    lighting = lighting or Lighting()
    prims = [_primitive(o) for o in objects]
    result = cast(prims, camera, lighting, supersample)
    H, W = camera.height, camera.width
    rgb, mask, depth = _downsample(result, supersample, H, W)

    anchors, bboxes, pixels = _mask_stats(mask, len(objects))
    drawn = _assign_labels(overlay, labels, anchors, pixels)

    coords = np.array([o["3d_coords"] for o in objects], float).reshape(-1, 3)
    proj = camera.project(coords) if len(objects) else np.zeros((0, 3))
    out_objects = []
    for i, obj in enumerate(objects):
        solo = int(result.solo_samples[i])
        entry: dict[str, Any] = {
            "shape": obj["shape"],
            "size": obj["size"],
            "material": obj["material"],
            "color": obj["color"],
            "3d_coords": [round(float(c), 6) for c in obj["3d_coords"]],
            "rotation": round(float(obj.get("rotation", 0.0)), 6),
            "pixel_coords": [round(float(c), 4) for c in proj[i]],
            "label": drawn[i],
            "label_anchor": [round(a, 2) for a in anchors[i]] if anchors[i] and drawn[i] else None,
            "bbox": list(bboxes[i]) if bboxes[i] else None,
            "visible_pixels": pixels[i],
            "visible_fraction": round(float(result.visible_samples[i]) / solo, 4) if solo else 0.0,
            "occluded_by": {str(j): round(c / solo, 4) for j, c in sorted(result.occluders[i].items())}
            if solo
            else {},
        }
        if obj.get("pose") is not None:
            entry["pose"] = np.round(np.asarray(obj["pose"], float), 9).tolist()
        out_objects.append(entry)
    meta = {"overlay": overlay, "lighting": _lighting_json(lighting), "supersample": supersample}
    meta.update(extra or {})
    scene = scene_json(out_objects, camera, extra=meta)
    shown = draw_overlay(rgb, overlay, drawn, anchors, bboxes) if overlay else rgb
    return RenderedView(rgb=shown, instance_mask=mask, depth=depth, scene=scene, clean_rgb=rgb)


def _mask_stats(mask: np.ndarray, n: int):  # noqa: ANN202
    anchors: list[tuple[float, float] | None] = []
    bboxes: list[tuple[int, int, int, int] | None] = []
    pixels: list[int] = []
    for k in range(1, n + 1):
        m = mask == k
        count = int(m.sum())
        pixels.append(count)
        anchors.append(mask_anchor(m) if count else None)
        if count:
            ys, xs = np.nonzero(m)
            bboxes.append((int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1))
        else:
            bboxes.append(None)
    return anchors, bboxes, pixels


def _assign_labels(overlay, labels, anchors, pixels) -> list[str | None]:  # noqa: ANN001
    n = len(anchors)
    if overlay is None:
        return [None] * n
    if overlay == "letters":
        if labels is not None:  # letters only for the objects given a (truthy) label
            return letters_in_raster_order([a if labels[i] else None for i, a in enumerate(anchors)])
        return letters_in_raster_order(anchors)
    if labels is None:
        labels = [str(i + 1) for i in range(n)]
    return [lab if pixels[i] else None for i, lab in enumerate(labels)]


def apply_overlay(
    view: RenderedView, overlay: str | None, labels: list[str | None] | None = None
) -> RenderedView:
    """Redraw ``view`` with another overlay / labels (``None`` label: object left unlabelled).

    For ``letters``, ``labels`` only selects which objects get a letter (any truthy value);
    the letters themselves follow raster-scan order.
    """
    if overlay is not None and overlay not in OVERLAYS:
        raise InputError(f"unknown overlay {overlay!r}; choose one of {', '.join(OVERLAYS)}")
    n = len(view.scene["objects"])
    anchors, bboxes, pixels = _mask_stats(view.instance_mask, n)
    drawn = _assign_labels(overlay, labels, anchors, pixels)
    scene = dict(view.scene)
    objs = []
    for i, o in enumerate(scene["objects"]):
        o = dict(o)
        o["label"] = drawn[i]
        o["label_anchor"] = [round(a, 2) for a in anchors[i]] if anchors[i] and drawn[i] else None
        objs.append(o)
    scene["objects"] = objs
    scene["overlay"] = overlay
    shown = draw_overlay(view.clean_rgb, overlay, drawn, anchors, bboxes) if overlay else view.clean_rgb
    return RenderedView(
        rgb=shown, instance_mask=view.instance_mask, depth=view.depth, scene=scene, clean_rgb=view.clean_rgb
    )


def _lighting_json(lighting: Lighting) -> dict[str, Any]:
    return {
        "direction": [round(float(x), 6) for x in lighting.direction],
        "key": round(float(lighting.key), 6),
        "ambient": round(float(lighting.ambient), 6),
        "ground": lighting.ground,
        "shadows": lighting.shadows,
    }


def view_is_clean(view: RenderedView, *, min_fraction: float = 0.5) -> bool:
    """Every object has the minimum visible pixels and is not occluded beyond ``min_fraction``."""
    cam = view.scene["camera"]
    need = min_visible_pixels(cam["width"], cam["height"])
    for o in view.scene["objects"]:
        u, v, z = o["pixel_coords"]
        if not (0 <= u < cam["width"] and 0 <= v < cam["height"] and z > 0):
            return False
        if o["visible_pixels"] < need or o["visible_fraction"] < min_fraction:
            return False
    return True


def render_random_scene(
    seed: int,
    *,
    layout: str = "tabletop",
    n_objects: int = 6,
    width: int = 480,
    height: int = 320,
    overlay: str | None = None,
    supersample: int = 2,
    max_attempts: int = 30,
) -> RenderedView:
    """Render a random CLEVR-style scene; the same arguments give the same view.

    Example:
        >>> view = render_random_scene(0, n_objects=3, width=96, height=64)
        >>> view.rgb.shape, int(view.instance_mask.max())
        ((64, 96, 3), 3)
    """
    if layout not in ("tabletop", "volume"):
        raise InputError(f"unknown layout {layout!r}; choose 'tabletop' or 'volume'")
    if n_objects < 1:
        raise InputError(f"n_objects must be at least 1, got {n_objects}")
    if overlay == "letters" and n_objects > len(LETTERS):
        raise InputError(f"{n_objects} objects need letter labels but only 26 letters exist")
    if overlay is not None and overlay not in OVERLAYS:
        raise InputError(f"unknown overlay {overlay!r}; choose one of {', '.join(OVERLAYS)}")
    if width < 16 or height < 16:
        raise InputError(f"image size {width}x{height} is too small (at least 16x16)")
    rng = np.random.default_rng(seed)
    view = None
    for _attempt in range(max_attempts):
        if layout == "tabletop":
            cam = tabletop_camera(rng, width, height)
            objects = sample_tabletop(rng, n_objects, cam)
            lighting = Lighting()
        else:
            cam = volume_camera(rng, width, height)
            objects = sample_volume(rng, n_objects, cam)
            lighting = Lighting(ground=False, shadows=False)
        if objects is None:
            continue
        labels = [str(i + 1) for i in rng.permutation(n_objects)]
        view = render_view(
            objects, cam, lighting=lighting, overlay=overlay, labels=labels, supersample=supersample,
            extra={"layout": layout, "seed": int(seed)},
        )  # fmt: skip
        if view_is_clean(view, min_fraction=0.3):
            return view
    if view is None:
        raise InputError(
            f"could not place {n_objects} objects in a {layout} scene at {width}x{height}; use fewer objects"
        )
    return view
