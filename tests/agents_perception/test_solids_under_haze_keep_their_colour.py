"""Solids on a ground plane under haze: each pixel is blended toward the haze colour by a
share that grows with its distance, so a far red box read pink and thick haze hid a solid.
The ground's own colour fades along the same blend from the near rows up to the horizon;
the engine reads the haze at a solid's foot from it and names the solid's colour with it
undone (``_vision/haze.py``), when asked (``attributes_options={"haze": True}``: off by
default, since a ground graded toward its horizon by its light reads as haze too). The scene is
drawn here with numpy and Pillow polygons: a flat ground in perspective, Lambert-shaded
faces, exponential haze in linear light."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver import build_scene_graph

H, W, HORIZON = 360, 540, 120
HAZE = np.array([0.85, 0.88, 0.92])  # linear light: the sky at the horizon


def _kept(rows: np.ndarray, density: float) -> np.ndarray:
    """The share of light kept over the distance of the ground seen at ``rows`` (~1 / (y - horizon))."""
    return np.exp(-density / np.maximum(rows - HORIZON, 1e-3))


def _polygon_mask(points: list[tuple[float, float]]) -> np.ndarray:
    canvas = Image.new("L", (W, H), 0)
    ImageDraw.Draw(canvas).polygon(points, fill=255)
    return np.asarray(canvas) > 0


def _scene(
    density: float, solids: list[tuple[str, tuple[float, float, float], float, float, float]]
) -> np.ndarray:
    """``solids``: (kind, linear albedo, x centre, foot row, half width); kinds "box", "cone"."""
    rows = np.arange(H, dtype=float)[:, None, None] * np.ones((1, W, 1))
    ground = np.array([0.32, 0.30, 0.27]) * 0.9
    img = np.where(rows > HORIZON, ground, HAZE * (0.9 + 0.1 * rows / HORIZON))
    kept = np.where(rows > HORIZON, _kept(rows, density), 0.0)
    for kind, albedo, cx, foot, half in sorted(solids, key=lambda s: s[3]):
        a = np.array(albedo)
        if kind == "box":
            top = foot - 1.6 * half
            front = _polygon_mask([(cx - half, top), (cx + half, top), (cx + half, foot), (cx - half, foot)])
            lid = _polygon_mask(
                [
                    (cx - half, top),
                    (cx - 0.6 * half, top - 0.5 * half),
                    (cx + 1.4 * half, top - 0.5 * half),
                    (cx + half, top),
                ]
            )
            side = _polygon_mask(
                [
                    (cx + half, top),
                    (cx + 1.4 * half, top - 0.5 * half),
                    (cx + 1.4 * half, foot - 0.5 * half),
                    (cx + half, foot),
                ]
            )
            parts = [(front, 0.75), (lid, 0.95), (side, 0.45)]
        else:
            left = _polygon_mask([(cx, foot - 3 * half), (cx - half, foot), (cx, foot)])
            right = _polygon_mask([(cx, foot - 3 * half), (cx, foot), (cx + half, foot)])
            parts = [(left, 0.85), (right, 0.5)]
        keep = float(_kept(np.array([foot]), density)[0])
        for mask, light in parts:
            img[mask] = a * light
            kept[mask] = keep
    seen = img * kept + HAZE * (1 - kept)
    srgb = np.where(seen <= 0.0031308, 12.92 * seen, 1.055 * np.clip(seen, 0, 1) ** (1 / 2.4) - 0.055)
    return np.clip(srgb * 255 + 0.5, 0, 255).astype(np.uint8)


SOLIDS = [
    ("box", (0.60, 0.04, 0.03), 150, 215, 38),  # red, far
    ("cone", (0.04, 0.10, 0.60), 330, 230, 30),  # blue, far
    ("box", (0.30, 0.30, 0.30), 260, 330, 40),  # grey, near
]


def _colours(img: np.ndarray) -> list[str]:
    graph = build_scene_graph(img, attributes_options={"haze": True})
    return [o.attributes.color for o in sorted(graph.objects, key=lambda o: (o.bbox[0] + o.bbox[2]) / 2)]


@pytest.mark.parametrize("density", [24.0, 30.0])
def test_far_solids_under_haze_keep_their_colours(density) -> None:
    assert _colours(_scene(density, SOLIDS)) == ["red", "gray", "blue"]


def test_the_same_solids_without_haze_read_the_same() -> None:  # a guard: no haze, nothing undone
    assert _colours(_scene(0.0, SOLIDS)) == ["red", "gray", "blue"]


def test_a_pale_solid_on_a_clear_ground_stays_pale() -> None:
    # No haze over the ground (its colour is the same near and far): a pink box is not
    # "undone" into a red one, nor a white one into grey.
    solids = [("box", (0.90, 0.25, 0.40), 170, 230, 40), ("box", (0.80, 0.80, 0.80), 360, 240, 40)]
    assert _colours(_scene(0.0, solids)) == ["pink", "white"]
