"""A hard shadow at a shaded solid's foot is no object, under a tinted light too.

Scenes drawn with numpy / OpenCV here (not the project's renderer): a sky over a ground lit
by a warm key light, Lambert-shaded balls and flat-faced boxes, each casting a hard shadow
lit by the bluish sky alone (so the shadow is no even dimming of the ground: the ground's
warm tint is gone from it). Such a shadow used to be left over as a flat grey "hexagon" or
"star" at the solid's foot: one object too many in every count.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import api

H, W = 300, 450
GROUND = np.array([205.0, 180.0, 140.0])  # lit by a warm key light
SHADE = np.array([92.0, 98.0, 112.0])  # lit by the sky alone
COLOURS = {"red": (200, 40, 40), "blue": (50, 70, 210), "gray": (128, 128, 128), "yellow": (230, 200, 40)}


def _world(horizon: int = 110) -> np.ndarray:
    img = np.zeros((H, W, 3))
    t = np.linspace(0, 1, horizon)[:, None]
    img[:horizon] = (np.array([110, 160, 230]) * (1 - t) + np.array([205, 220, 240]) * t)[:, None, :]
    g = np.linspace(0.85, 1.0, H - horizon)[:, None, None]
    img[horizon:] = GROUND * g
    return img


def _shadow(img: np.ndarray, x: int, y: int, r: int) -> None:
    m = np.zeros((H, W), np.uint8)
    cv2.ellipse(m, (x + r, y + r - 4), (int(1.6 * r), r // 3), 0, 0, 360, 1, -1)
    img[m > 0] = SHADE


def _ball(img: np.ndarray, x: int, y: int, r: int, colour: tuple) -> None:
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    dx, dy = (xx - x) / r, (yy - y) / r
    inside = dx**2 + dy**2 < 1
    light = np.clip(-0.5 * dx - 0.5 * dy + 0.7 * np.sqrt(np.clip(1 - dx**2 - dy**2, 0, 1)), 0.25, 1.0)
    img[inside] = np.array(colour, float) * light[inside, None]


def _box(img: np.ndarray, x: int, y: int, s: int, colour: tuple) -> None:
    faces = (
        ([(x, y - s), (x + 0.87 * s, y - 0.5 * s), (x, y), (x - 0.87 * s, y - 0.5 * s)], 1.0),
        ([(x - 0.87 * s, y - 0.5 * s), (x, y), (x, y + s), (x - 0.87 * s, y + 0.5 * s)], 0.75),
        ([(x, y), (x + 0.87 * s, y - 0.5 * s), (x + 0.87 * s, y + 0.5 * s), (x, y + s)], 0.5),
    )
    for face, shade in faces:
        m = np.zeros((H, W), np.uint8)
        cv2.fillPoly(m, [np.array(face, np.int32)], 1)
        img[m > 0] = np.array(colour, float) * shade


def _scene(solids: list) -> np.ndarray:
    img = _world()
    for kind, _, x, y, size in solids:
        _shadow(img, x, y + (0 if kind == "ball" else 6), size)
    for kind, colour, x, y, size in solids:
        (_ball if kind == "ball" else _box)(img, x, y, size, COLOURS[colour])
    return img.clip(0, 255).astype(np.uint8)


@pytest.mark.parametrize(
    "solids",
    [
        [("ball", "red", 120, 190, 40), ("ball", "blue", 320, 170, 30)],
        [("box", "yellow", 110, 180, 40), ("ball", "red", 300, 200, 35)],
        [("ball", "gray", 130, 200, 38), ("box", "blue", 320, 170, 35)],
    ],
)
def test_each_solid_once_and_no_shadow_object(solids: list) -> None:
    image = _scene(solids)
    graph = api.build_scene_graph(image, model="geometric")
    assert sorted(o.attributes.color for o in graph.objects) == sorted(c for _, c, _, _, _ in solids)
    assert api.ask(image, "How many objects are there?", model="geometric").value == len(solids)


def test_drawn_flat_discs_with_drop_shadows_stay() -> None:
    """Flat discs with drop shadows on a plain canvas are a drawing: no solid, nothing dropped."""
    img = np.full((H, W, 3), 240.0)
    for x, colour in ((120, (200, 40, 40)), (300, (60, 60, 60))):
        cv2.circle(img, (x + 6, 156), 40, (150, 150, 150), -1)
        cv2.circle(img, (x, 150), 40, colour, -1)
    image = img.clip(0, 255).astype(np.uint8)
    assert api.ask(image, "How many circles are there?", model="geometric").value == 2
