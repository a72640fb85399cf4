"""A grey shape drawn against a coloured one in a flat drawing is an object, not its shadow.

The drawings are made here with OpenCV (no project drawing code). A grey shape on a white
canvas darkens it uniformly like a cast shadow, and where it touches a coloured shape it
used to be taken for that shape's shadow (the pair counted as one object). It is a shape
when its edge on the canvas is sharp, it is not a copy of the shape it touches shifted by
a small offset (a drop shadow), what it touches is painted flat, and it is the only such
region in a drawing of several objects (a lit scene's objects all cast shadows). Drop
shadows and the shipped render's cast shadows stay shadows.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from spatioxolver import ask

_GREY = (128, 128, 128)


def _canvas(h: int = 320, w: int = 480) -> np.ndarray:
    return np.full((h, w, 3), 255, np.uint8)


def _count(image: np.ndarray) -> int:
    return ask(image, "How many shapes are there?", model="geometric").value


@pytest.mark.parametrize("grey_on_top", [True, False])
def test_a_grey_rectangle_overlapping_a_pink_one_is_a_second_shape(grey_on_top: bool) -> None:
    img = _canvas()
    cv2.circle(img, (80, 90), 35, (230, 25, 25), -1, cv2.LINE_AA)
    cv2.fillPoly(img, [np.array([[400, 50], [360, 120], [440, 120]], np.int32)], (0, 0, 255), cv2.LINE_AA)
    grey = lambda: cv2.rectangle(img, (250, 170), (330, 215), _GREY, -1)  # noqa: E731
    if not grey_on_top:
        grey()
    cv2.rectangle(img, (190, 165), (270, 225), (255, 105, 180), -1)
    if grey_on_top:
        grey()
    assert _count(img) == 4
    answer = ask(img, "What colour is the rightmost shape?", model="geometric")
    assert answer.value == "blue"
    listed = ask(img, "How many gray shapes are there?", model="geometric").value
    assert listed == 1


def test_a_grey_circle_touching_a_green_square_is_a_shape() -> None:
    img = _canvas(360, 540)
    cv2.rectangle(img, (120, 140), (200, 220), (20, 160, 40), -1)
    cv2.circle(img, (235, 200), 38, (150, 150, 150), -1, cv2.LINE_AA)
    cv2.circle(img, (420, 120), 40, (250, 220, 0), -1, cv2.LINE_AA)
    cv2.rectangle(img, (380, 250), (470, 300), (128, 0, 128), -1)
    assert _count(img) == 4


@pytest.mark.parametrize("blur", [0.0, 2.0])
@pytest.mark.parametrize("shadowed", [3, 1])
def test_drop_shadows_stay_shadows(blur: float, shadowed: int) -> None:
    """Drop shadows of every shape, or of one shape only (a highlighted one)."""
    img = _canvas(360, 540)
    shapes = [((110, 170), (230, 25, 25)), ((270, 150), (0, 0, 255)), ((420, 190), (20, 160, 40))]
    shadow = _canvas(360, 540)
    for (x, y), _ in shapes[:shadowed]:
        cv2.rectangle(shadow, (x - 35 + 12, y - 35 + 10), (x + 35 + 12, y + 35 + 10), (150, 150, 150), -1)
    if blur:
        shadow = cv2.GaussianBlur(shadow, (0, 0), blur)
    img = np.minimum(img, shadow)
    for (x, y), colour in shapes:
        cv2.rectangle(img, (x - 35, y - 35), (x + 35, y + 35), colour, -1)
    assert _count(img) == 3


def test_the_shipped_renders_hard_cast_shadows_stay_shadows() -> None:
    """Every object of a lit render casts one: none of them becomes an object."""
    from pathlib import Path

    from spatioxolver.images import load_image

    example = Path(__file__).resolve().parents[2] / "examples" / "tabletop.png"
    assert ask(load_image(str(example)), "How many objects are there?", model="geometric").value == 5


def test_a_lone_hard_shadow_beside_a_shaded_solid_stays_a_shadow() -> None:
    """A render on a grey floor where only one solid's hard shadow shows: the solid's body is
    shaded (not flat paint), so the dark region beside it is its shadow, not a shape."""
    h, w = 240, 360
    img = np.full((h, w, 3), 128.0)
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    # hard shadow falling right of the can, a darker copy of the floor
    shadow = (xx > 140) & (xx < 215) & (yy < 150) & (yy > 112 + (xx - 140) * 0.4)
    img[shadow] *= 0.55
    u = (xx - 120) / 32.0
    body = (np.abs(u) <= 1) & (yy >= 70) & (yy <= 150)
    lit = np.clip(-0.7 * u + 0.7 * np.sqrt(np.clip(1 - u * u, 0, 1)), 0, 1)
    img[body] = np.array((40, 150, 60), float) * (0.35 + 0.8 * lit[body])[:, None]
    top = (u**2 + ((yy - 70) / 10.0) ** 2) <= 1
    img[top] = (70, 190, 90)
    for cx, cy, r, colour in ((260, 90, 26, (200, 190, 40)), (250, 190, 30, (120, 40, 150))):
        d2 = ((xx - cx) ** 2 + (yy - cy) ** 2) / r**2
        ball = d2 <= 1
        shade = np.clip(0.4 + 0.8 * np.sqrt(np.clip(1 - d2, 0, 1)) - 0.3 * (xx - cx) / r, 0.2, 1.2)
        img[ball] = np.array(colour, float) * shade[ball][:, None]
    image = np.clip(img, 0, 255).astype(np.uint8)
    assert ask(image, "How many objects are there?", model="geometric").value == 3
