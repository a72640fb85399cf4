"""A solid's dark face stays part of the solid when a soft shadow lies beside it.

Scenes drawn with numpy / OpenCV here (not the project's renderer): a sky gradient over a
ground gradient, flat-shaded boxes and Lambert-shaded balls lit from the top left, each with
a blurred shadow on the ground to its lower right. A box's dark face (nearly black, still
hued) used to join the grey shadow beside it by nearness, and the shadow plus that face
became a grey object ("2 objects" for one red box).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import api

H, W = 300, 450
COLOURS = {"red": (200, 40, 40), "blue": (50, 70, 210), "yellow": (230, 200, 40)}


def _world(horizon: int) -> np.ndarray:
    img = np.zeros((H, W, 3))
    t = np.linspace(0, 1, horizon)[:, None]
    img[:horizon] = (np.array([120, 170, 235]) * (1 - t) + np.array([200, 220, 245]) * t)[:, None, :]
    g = np.linspace(0, 1, H - horizon)[:, None]
    img[horizon:] = (np.array([150, 140, 120]) * (1 - g) + np.array([190, 180, 160]) * g)[:, None, :]
    return img


def _shadow(img: np.ndarray, x: int, y: int) -> None:
    blob = np.zeros((H, W), np.uint8)
    cv2.ellipse(blob, (x + 25, y + 38), (40, 10), 0, 0, 360, 1, -1)
    img *= 1 - 0.45 * cv2.GaussianBlur(blob.astype(float), (15, 15), 5)[..., None]


def _box(img: np.ndarray, x: int, y: int, colour: tuple, dark: float) -> None:
    s = 45
    faces = (
        ([(x, y - s), (x + 0.87 * s, y - 0.5 * s), (x, y), (x - 0.87 * s, y - 0.5 * s)], 1.0),
        ([(x - 0.87 * s, y - 0.5 * s), (x, y), (x, y + s), (x - 0.87 * s, y + 0.5 * s)], 0.6),
        ([(x, y), (x + 0.87 * s, y - 0.5 * s), (x + 0.87 * s, y + 0.5 * s), (x, y + s)], dark),
    )
    for face, shade in faces:
        m = np.zeros((H, W), np.uint8)
        cv2.fillPoly(m, [np.array(face, np.int32)], 1)
        img[m > 0] = np.array(colour, float) * shade


def _ball(img: np.ndarray, x: int, y: int, colour: tuple, dark: float) -> None:
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    dx, dy = (xx - x) / 40, (yy - y) / 40
    inside = dx**2 + dy**2 < 1
    light = np.clip(-0.6 * dx - 0.5 * dy + 0.6 * np.sqrt(np.clip(1 - dx**2 - dy**2, 0, 1)), dark, 1.0)
    img[inside] = np.array(colour, float) * light[inside, None]


@pytest.mark.parametrize(
    ("solids", "dark"),
    [
        ([("box", "red", 120, 200)], 0.15),
        ([("box", "yellow", 90, 210), ("ball", "red", 330, 190)], 0.15),
        ([("ball", "blue", 110, 200), ("box", "red", 260, 220)], 0.3),
    ],
)
def test_each_solid_once_and_no_grey_shadow_object(solids: list, dark: float) -> None:
    img = _world(120)
    for kind, colour, x, y in solids:
        _shadow(img, x, y)
        (_box if kind == "box" else _ball)(img, x, y, COLOURS[colour], dark)
    image = img.clip(0, 255).astype(np.uint8)
    graph = api.build_scene_graph(image, model="geometric")
    assert sorted(o.attributes.color for o in graph.objects) == sorted(c for _, c, _, _ in solids)
    assert api.ask(image, "How many objects are there?", model="geometric").value == len(solids)
