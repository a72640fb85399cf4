"""Small round-ish shapes: an octagon or a hexagon 12-28 px across is not a circle.

A small shape is read from its sub-pixel silhouette, where an octagon's flat sides are
under a pixel deep: it was always named "circle" (and a hexagon often was). The radius's
harmonics about the centroid tell them apart (an octagon's 8th, a hexagon's 6th); where
neither a circle's nor a polygon's reading holds (an octagon about 8 px across), the shape
is not named rather than guessed. Images are drawn in the test with OpenCV.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from spatioxolver import ask, build_scene_graph


def _polygon(n: int, cx: float, cy: float, r: float, turn: float) -> np.ndarray:
    angles = [turn + 2 * math.pi * i / n for i in range(n)]
    return (
        (np.array([[cx + r * math.cos(a), cy + r * math.sin(a)] for a in angles]) * 16)
        .round()
        .astype(np.int32)
    )


def _row(
    shape: str, r: float, ground=(255, 255, 255), ink=(35, 85, 215), quality: int | None = None
) -> np.ndarray:
    img = np.zeros((80, 320, 3), np.uint8)
    img[:] = ground
    for i in range(5):
        cx, cy = 30 + i * (2 * r + 24) + 0.3 * i, 40.4
        if shape == "circle":
            cv2.circle(img, (round(cx * 16), round(cy * 16)), round(r * 16), ink, -1, cv2.LINE_AA, 4)
        else:
            n = {"hexagon": 6, "octagon": 8}[shape]
            cv2.fillPoly(img, [_polygon(n, cx, cy, r, math.pi / n)], ink, cv2.LINE_AA, 4)
    if quality is not None:
        ok, buf = cv2.imencode(".jpg", img[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()
    return img


@pytest.mark.parametrize(
    "shape,r,quality",
    [
        ("octagon", 7, None),
        ("octagon", 10, None),
        ("octagon", 13, 60),
        ("hexagon", 8, None),
        ("hexagon", 10, 60),
    ],
)
def test_a_small_polygon_is_not_a_circle(shape: str, r: float, quality: int | None) -> None:
    img = _row(shape, r, quality=quality)
    names = [o.attributes.shape for o in build_scene_graph(img, cache=False).objects]
    assert len(names) == 5
    assert names.count(shape) >= 4 and "circle" not in names


@pytest.mark.parametrize(
    "r,ground,ink", [(6, (255, 255, 255), (200, 40, 40)), (10, (20, 30, 70), (245, 215, 35))]
)
def test_a_small_circle_stays_a_circle(r: float, ground, ink) -> None:
    names = [
        o.attributes.shape for o in build_scene_graph(_row("circle", r, ground, ink), cache=False).objects
    ]
    assert names == ["circle"] * 5


def test_an_octagon_too_small_to_tell_is_not_called_a_circle() -> None:
    img = _row("octagon", 4, ink=(40, 165, 70))
    answer = ask(img, "How many circles are there?", cache=False)
    assert answer.value != 5
    names = [o.attributes.shape for o in build_scene_graph(img, cache=False).objects]
    assert names.count("circle") <= 1


@pytest.mark.parametrize("r,quality", [(17, None), (19, 70)])
def test_a_hexagon_36_px_across_is_not_a_circle(r: float, quality: int | None) -> None:
    # Its outline stays within the ellipse fit's tolerance; its six sides do not.
    img = np.zeros((120, 400, 3), np.uint8)
    img[:] = (246, 244, 238)
    for i in range(4):
        cx = 50 + i * 95 + 0.4 * i
        cv2.fillPoly(img, [_polygon(6, cx, 60.3, r, i * 0.2)], (40, 165, 70), cv2.LINE_AA, 4)
    cv2.circle(img, (200 * 16, 105 * 16), 8 * 16, (200, 40, 40), -1, cv2.LINE_AA, 4)
    if quality is not None:
        ok, buf = cv2.imencode(".jpg", img[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, quality])
        img = cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()
    names = sorted(str(o.attributes.shape) for o in build_scene_graph(img, cache=False).objects)
    assert names == ["circle"] + ["hexagon"] * 4


@pytest.mark.parametrize(
    "half,ink,ground", [((5.4, 2.7), (40, 195, 215), 228), ((4.5, 2.2), (245, 135, 25), 255)]
)
def test_a_small_rectangle_under_jpeg_is_not_an_ellipse(half, ink, ground) -> None:
    # 9-11 px long, 4-5 px tall: its JPEG'd silhouette is within the ellipse fit's tolerance,
    # but it fills its box (an ellipse fills 0.785 of it).
    img = np.full((90, 320, 3), ground, np.uint8)
    for i in range(4):
        cx, cy = 40 + i * 75 + 0.3 * i, 45.2 + 0.25 * i
        box = np.array(
            [
                [cx - half[0], cy - half[1]],
                [cx + half[0], cy - half[1]],
                [cx + half[0], cy + half[1]],
                [cx - half[0], cy + half[1]],
            ]
        )
        cv2.fillPoly(img, [(box * 16).round().astype(np.int32)], ink, cv2.LINE_AA, 4)
    ok, buf = cv2.imencode(".jpg", img[..., ::-1], [cv2.IMWRITE_JPEG_QUALITY, 48])
    img = cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1].copy()
    names = [o.attributes.shape for o in build_scene_graph(img, cache=False).objects]
    assert names.count("rectangle") >= 3 and names.count("ellipse") <= 1


def test_a_small_ellipse_stays_an_ellipse() -> None:
    img = np.full((90, 320, 3), 228, np.uint8)
    for i in range(4):
        cv2.ellipse(
            img,
            ((40 + i * 75) * 16, 45 * 16),
            ((7 + i) * 16, (3 + i // 2) * 16),
            0,
            0,
            360,
            (245, 135, 25),
            -1,
            cv2.LINE_AA,
            4,
        )
    names = [o.attributes.shape for o in build_scene_graph(img, cache=False).objects]
    assert names.count("ellipse") >= 3 and "rectangle" not in names
