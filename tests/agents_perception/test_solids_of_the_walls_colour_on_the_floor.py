"""A solid of the wall's colour standing on the floor is an object. Above a grainy floor the
smooth background model fits the plain wall (its one colour is the commonest); the floor is
then one band of foreground, and a white or grey solid on it, close to the wall's colour, was
no foreground at all: a hole in the band, and lost ("3 objects" for 4 on a wooden floor).
Holes of the band unlike the floor's colour at their height are objects too. Pictures drawn
here with numpy."""

from __future__ import annotations

import numpy as np

from spatioxolver.api import build_scene_graph

H, W, HORIZON = 300, 400, 100


def _scene(seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    img = np.zeros((H, W, 3), np.float64)
    img[:HORIZON] = (148, 148, 150)  # a plain grey wall
    floor = np.array([190.0, 140.0, 100.0])  # light wood, its grain along the planks
    grain = 1 + 0.06 * np.sin(np.arange(W) / 3.0 + rng.normal(0, 1.5, (H - HORIZON, 1)))
    img[HORIZON:] = floor * grain[..., None] * np.linspace(0.92, 1.04, H - HORIZON)[:, None, None]
    img[HORIZON:] += rng.normal(0, 4, (H - HORIZON, W, 1))
    # a white cone: its lit side light, its shaded side the wall's grey
    yy, xx = np.mgrid[0:H, 0:W]
    apex, base, cx, half = 150, 240, 120, 38
    inside = (yy >= apex) & (yy <= base) & (np.abs(xx - cx) <= half * (yy - apex) / (base - apex))
    shade = np.clip(0.5 + 0.5 * (cx + 12 - xx) / half, 0, 1)
    grey = 150 + 75 * shade
    img[inside] = np.stack([grey, grey, grey + 2], -1)[inside]
    # a red box beside it
    img[180:240, 260:330] = (190, 40, 35)
    img[170:180, 266:336] = (225, 70, 60)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_a_white_solid_on_a_wooden_floor_under_a_grey_wall_is_found() -> None:
    graph = build_scene_graph(_scene())
    found = sorted((o.attributes.color, o.attributes.shape) for o in graph.objects)
    assert len(found) == 2, found
    left = min(graph.objects, key=lambda o: o.bbox[0])
    assert 70 < left.bbox[0] < 100 and left.bbox[2] < 170, left.bbox  # the cone
    assert left.attributes.color in ("white", "gray")
