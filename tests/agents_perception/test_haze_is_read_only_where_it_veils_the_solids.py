"""With ``haze="auto"``, haze is read only where it veils what stands on the ground (issue 13).

A ground whose colour moves toward the sky's with distance is either hazy (fog veils the
ground, the solids and their cast shadows alike, each by the share of its distance) or a
floor graded toward its horizon (painted lighter far away; the solids and shadows on it
keep their colour and depth far as near). Undoing haze on a graded floor misreads the far
solids (an orange can read yellow), so the engine undoes it only where the far solids and
shadows are as veiled as haze makes them: none of them darker than the airlight in front
of them, in a scene that shows shaded solids on a ground (``_vision/solid_scene.py``). The
run option ``haze=True`` / ``haze=False`` forces the reading on or off; left out, no haze is
read.

The scenes are drawn here with numpy and Pillow polygons: a flat ground in perspective,
Lambert-lit boxes and cones with cast shadows, exponential haze in linear light."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.haze import haze_model
from spatioxolver.agents._vision.haze_gate import haze_is_real

from spatioxolver import build_scene_graph

H, W, HORIZON = 360, 540, 110
SKY = np.array([0.80, 0.84, 0.90])  # linear light: the sky at the horizon, the haze's colour
GROUND = np.array([0.30, 0.26, 0.20])
DENSITY = 28.0  # the haze: the light kept from a ground row is exp(-DENSITY / (row - HORIZON))

SOLIDS = [  # (kind, linear albedo, x centre, foot row, half width); the far ones first
    ("box", (0.60, 0.04, 0.03), 130, 190, 30),  # red, far
    ("cone", (0.04, 0.10, 0.60), 300, 200, 26),  # blue, far
    ("box", (0.70, 0.22, 0.02), 440, 215, 28),  # orange, far
    ("box", (0.05, 0.35, 0.08), 250, 320, 40),  # green, near
]
COLOURS = ["red", "green", "blue", "orange"]  # left to right


def _mask(points: list[tuple[float, float]]) -> np.ndarray:
    canvas = Image.new("L", (W, H), 0)
    ImageDraw.Draw(canvas).polygon(points, fill=255)
    return np.asarray(canvas) > 0


def _kept(rows: np.ndarray) -> np.ndarray:
    return np.exp(-DENSITY / np.maximum(rows - HORIZON, 1e-3))


def _scene(hazy: bool) -> np.ndarray:
    """``hazy``: the haze veils everything by its distance; else the floor alone is graded
    the same way (its albedo moves toward the sky's) and the solids and shadows are clear."""
    rows = np.arange(H, dtype=float)[:, None, None] * np.ones((1, W, 1))
    on_ground = rows > HORIZON
    kept = np.where(on_ground, _kept(rows), 0.0)
    # Graded or hazy, the free ground looks the same: its colour moves toward the sky's.
    floor = GROUND * kept + SKY * (1 - kept)
    img = np.where(on_ground, GROUND if hazy else floor, SKY)
    veil = kept.copy()  # each pixel's light kept through the haze
    for _kind, _albedo, cx, foot, half in SOLIDS:  # cast shadows to the lower right
        shadow = _mask(
            [
                (cx - half, foot),
                (cx + half, foot - 0.3 * half),
                (cx + 3.2 * half, foot + 0.5 * half),
                (cx, foot + 0.7 * half),
            ]
        )
        img[shadow] *= 0.35
    for kind, albedo, cx, foot, half in SOLIDS:
        a = np.array(albedo)
        if kind == "box":
            top = foot - 1.5 * half
            front = _mask([(cx - half, top), (cx + half, top), (cx + half, foot), (cx - half, foot)])
            lid = _mask(
                [
                    (cx - half, top),
                    (cx - 0.6 * half, top - 0.5 * half),
                    (cx + 1.4 * half, top - 0.5 * half),
                    (cx + half, top),
                ]
            )
            side = _mask(
                [
                    (cx + half, top),
                    (cx + 1.4 * half, top - 0.5 * half),
                    (cx + 1.4 * half, foot - 0.5 * half),
                    (cx + half, foot),
                ]
            )
            parts = [(front, 0.8), (lid, 0.95), (side, 0.5)]
        else:
            left = _mask([(cx, foot - 3 * half), (cx - half, foot), (cx, foot)])
            right = _mask([(cx, foot - 3 * half), (cx, foot), (cx + half, foot)])
            parts = [(left, 0.9), (right, 0.55)]
        for mask, light in parts:
            img[mask] = a * light
            veil[mask] = float(_kept(np.array([foot]))[0])  # a solid stands at its foot's distance
    if hazy:
        img = img * veil + SKY * (1 - veil)
    srgb = np.where(img <= 0.0031308, 12.92 * img, 1.055 * np.clip(img, 0, 1) ** (1 / 2.4) - 0.055)
    return np.clip(srgb * 255 + 0.5, 0, 255).astype(np.uint8)


def _read(img: np.ndarray, **options) -> tuple[list[str], bool]:
    """The solids' colours left to right, and whether haze was read over the ground."""
    graph = build_scene_graph(img, **options)
    objects = sorted(graph.objects, key=lambda o: (o.bbox[0] + o.bbox[2]) / 2)
    return [o.attributes.color for o in objects], any(o.attributes.extras.get("hazy_ground") for o in objects)


def test_both_grounds_fit_the_haze_model_and_only_the_hazy_one_veils_its_solids() -> None:
    for hazy in (True, False):
        img = _scene(hazy)
        model = haze_model(img, np.zeros(img.shape[:2], bool))
        assert model is not None  # the free ground alone cannot tell them apart
        assert haze_is_real(img, model) is hazy


def test_a_hazed_scene_is_read_through_its_haze_when_auto() -> None:
    colours, hazy = _read(_scene(hazy=True), haze="auto")
    assert hazy
    assert colours == COLOURS


def test_a_graded_floor_is_not_dehazed() -> None:
    colours, hazy = _read(_scene(hazy=False), haze="auto")
    assert not hazy
    assert colours == COLOURS


@pytest.mark.parametrize(("hazy", "forced"), [(True, False), (False, True)])
def test_one_run_option_forces_the_haze_reading(hazy, forced) -> None:
    _, read = _read(_scene(hazy), haze=forced)
    assert read is forced


def test_an_agents_own_haze_option_wins_over_the_runs() -> None:
    # The older per-agent options keep working: the segmenter told not to read haze does not,
    # whatever the run says (and the colour step follows the segmenter's reading).
    _, read = _read(_scene(hazy=True), haze=True, segmentation_options={"haze": False})
    assert not read


def test_no_haze_is_read_unless_asked() -> None:
    _, read = _read(_scene(hazy=True))
    assert not read
