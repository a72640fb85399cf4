"""A white ball whose shaded rim fades into a grey floor does not make a scene of solids abstain.

The soft-light rule (defocused lights, bokeh) weighed the lit stretches of every graded object
lighter than its surroundings: a white ball on a grey floor is such an object, and where its
mask stops short of its dark rim (the rim has the floor's grey) its lit outline is soft -- so a
scene of crisp dark solids and one white ball read as bokeh and abstained on every question.
The rule now judges only where such lighter-all-round objects are half the graded objects'
area, as lights are in a picture of lights (``test_defocused_lights_abstain_...`` guards that).
Drawn here with numpy: a flat grey floor, three dark shaded solids, one white ball."""

from __future__ import annotations

import numpy as np

from spatioxolver import ask


def _scene() -> np.ndarray:
    h, w = 400, 600
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    img = np.empty((h, w, 3))
    img[:] = (128.0, 128.0, 128.0)
    img[:90] = (190.0, 215.0, 240.0)  # a plain sky above the floor
    balls = ((120, 250, 45, (40.0, 40.0, 170.0)), (300, 200, 55, (110.0, 30.0, 140.0)))
    balls += ((470, 290, 40, (30.0, 120.0, 40.0)), (460, 150, 32, (255.0, 255.0, 255.0)))
    for cx, cy, r, colour in balls:
        d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / r**2
        nz = np.sqrt(np.clip(1 - d2, 0, 1))
        lam = np.clip(-(xx - cx) / r * 0.5 - (yy - cy) / r * 0.5 + nz * 0.7, 0, 1)
        img = np.where((d2 <= 1)[..., None], np.array(colour) * (0.45 + 0.55 * lam)[..., None], img)
    return np.clip(img, 0, 255).astype(np.uint8)


def test_a_scene_with_one_white_ball_is_read() -> None:
    answer = ask(_scene(), "What colour is the leftmost object?", model="geometric")
    assert answer.text.strip().lower() == "blue", answer.text


def test_the_white_ball_is_counted() -> None:
    answer = ask(_scene(), "How many objects are there?", model="geometric")
    assert answer.value == 4, answer.text
