"""A wall or sky above a grainy floor (wood, grass, sand, or any floor under sensor noise) is a
scene with a ground plane: its solids get 3-D names. The per-row correction of the backdrop
is kept only where it lowers the backdrop's residual, which the floor's grain keeps high, so
such scenes read as drawings: evenly lit solids were named "square", "circle", "pentagon".
The rows' median colours still step once at the horizon. Pictures drawn here with numpy."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image
from spatioxolver.agents._vision.backdrop_rows import horizon_step

from spatioxolver.api import build_scene_graph

H, W, HORIZON = 300, 400, 96
FLAT_NAMES = {
    "circle",
    "ellipse",
    "square",
    "rectangle",
    "triangle",
    "pentagon",
    "hexagon",
    "polygon",
    "star",
}


def _scene(grain: float, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    img = np.zeros((H, W, 3), np.float64)
    img[:HORIZON] = (150, 150, 146)  # a grey wall
    floor = np.array([176.0, 132.0, 92.0])  # light wood
    rows = np.linspace(0.9, 1.05, H - HORIZON)[:, None, None]
    streaks = 1 + 0.08 * np.sin(np.arange(H - HORIZON) * 1.7)[:, None, None]  # planks' grain
    img[HORIZON:] = floor * rows * streaks
    img[HORIZON:] += rng.normal(0, grain, (H - HORIZON, W, 1))
    # a box seen face-on under an even light: its front face and a thin lit top
    img[170:214, 80:124] = (60, 170, 70)
    img[165:170, 84:128] = (100, 205, 110)
    # a can under a light from behind the camera: its body barely shaded
    x = np.linspace(-1, 1, 40)
    img[160:215, 260:300] = np.array([40, 70, 220]) * (0.82 + 0.18 * np.sqrt(1 - x**2))[None, :, None]
    return np.clip(img, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("grain", [6.0, 10.0])
def test_a_wall_over_a_grainy_floor_has_one_step(grain: float) -> None:
    from spatioxolver.agents._vision.colour import rgb_to_lab

    step = horizon_step(rgb_to_lab(_scene(grain)))
    assert step is not None and abs(step - HORIZON) <= 4


def test_a_plain_canvas_and_bands_of_cards_have_no_horizon() -> None:
    plain = np.full((H, W, 3), 60.0, np.float32)
    plain[..., 0] = np.linspace(55, 65, H)[:, None]  # a gentle grade is no step
    assert horizon_step(plain) is None
    bands = np.full((H, W, 3), 95.0, np.float32)
    bands[..., 1:] = 0
    for top in range(20, H, 70):  # light cards in rows, white gaps between them
        bands[top : top + 50, :, 0] = 88.0
    assert horizon_step(bands) is None


def _jpeg(rgb: np.ndarray, quality: int) -> np.ndarray:
    buf = io.BytesIO()
    Image.fromarray(rgb).save(buf, "JPEG", quality=quality)
    return np.asarray(Image.open(buf).convert("RGB"))


@pytest.mark.parametrize(("grain", "quality"), [(4.0, 0), (4.0, 85), (8.0, 0), (8.0, 85)])
def test_evenly_lit_solids_on_a_grainy_floor_under_a_wall_get_solid_names(grain: float, quality: int) -> None:
    rgb = _scene(grain)
    graph = build_scene_graph(_jpeg(rgb, quality) if quality else rgb)
    shapes = [o.attributes.shape for o in graph.objects]
    assert len(shapes) == 2, shapes
    assert not FLAT_NAMES & set(shapes), shapes
    assert set(shapes) <= {"cube", "cylinder"}, shapes
