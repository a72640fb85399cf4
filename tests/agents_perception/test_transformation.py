"""Tracking across frames: matching, global motion, flagged violators, appear / disappear."""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents.attributes import describe
from spatioxolver.agents.segmentation import segment
from spatioxolver.agents.transformation import match_objects, track

from spatioxolver.schema import Attributes, SpatialObject

COLOURS = [(173, 35, 35), (42, 75, 215), (29, 105, 20), (255, 238, 51), (129, 38, 192), (41, 208, 208)]


def _bars(placements: list[tuple[int, int, float]], size=(320, 240)) -> np.ndarray:
    """Coloured rotated bars on a plain background: (x, y, angle) per object."""
    import cv2

    w, h = size
    img = np.full((h, w, 3), 128, np.uint8)
    for (x, y, angle), colour in zip(placements, COLOURS, strict=False):
        box = cv2.boxPoints(((x, y), (34, 14), angle)).astype(np.int32)
        cv2.fillPoly(img, [box], colour)
    return img


def _frame(img: np.ndarray, k: int) -> tuple[np.ndarray, list[SpatialObject]]:
    objs = describe(img, segment(img, options={"frame": k}))
    return img, objs


BASE = [
    (50, 50, 0.0),
    (150, 60, 30.0),
    (250, 50, 60.0),
    (60, 160, 90.0),
    (160, 170, 120.0),
    (260, 160, 150.0),
]


def test_camera_pan_and_one_moved_object() -> None:
    shift = (12, 7)
    moved = [(x + shift[0], y + shift[1], a) for x, y, a in BASE]
    moved[4] = (moved[4][0] + 45, moved[4][1] - 30, moved[4][2])  # the violator
    fa, fb = _frame(_bars(BASE), 0), _frame(_bars(moved), 1)
    result = track([fa, fb])
    glob = [t for t in result if t.object is None]
    assert len(glob) == 1 and glob[0].kind in ("affine", "homography")
    assert glob[0].translation is not None
    per = [t for t in result if t.kind == "motion"]
    assert len(per) == 6 and all(t.from_frame == 0 and t.to_frame == 1 for t in per)
    flagged = [t for t in per if t.inconsistent]
    assert len(flagged) == 1
    violator = next(o for o in fa[1] if o.id == flagged[0].object)
    assert abs(violator.centroid[0] - 160) < 5 and abs(violator.centroid[1] - 170) < 5
    for t in per:
        if not t.inconsistent:
            assert t.translation == pytest.approx(shift, abs=3.0)
    assert glob[0].extras["flagged"] == flagged[0].object


def test_no_violation_flags_nothing_in_auto_mode() -> None:
    moved = [(x + 10, y - 4, a) for x, y, a in BASE]
    result = track([_frame(_bars(BASE), 0), _frame(_bars(moved), 1)])
    assert not any(t.inconsistent for t in result)
    assert all(t.residual < 3.0 for t in result if t.kind == "motion")


def test_flag_always_picks_the_rotated_object() -> None:
    rotated = [(x + 8, y + 3, a) for x, y, a in BASE]
    rotated[2] = (rotated[2][0], rotated[2][1], rotated[2][2] + 75.0)  # re-posed in place
    result = track([_frame(_bars(BASE), 0), _frame(_bars(rotated), 1)], options={"flag": "always"})
    flagged = [t for t in result if t.inconsistent]
    assert len(flagged) == 1
    assert flagged[0].extras["orientation_change"] is not None
    assert abs(flagged[0].extras["orientation_change"]) > 40


def test_appear_and_disappear() -> None:
    a = _frame(_bars(BASE[:5]), 0)
    img_b = _bars(BASE[:5])
    img_b[20:80, 20:80] = 128  # the first bar is gone in frame 1
    b = _frame(img_b, 1)
    result = track([a, b], options={"flag": "never"})
    kinds = sorted(t.kind for t in result if t.object is not None)
    assert kinds.count("motion") == 4 and kinds.count("disappeared") == 1
    assert not any(t.inconsistent for t in result)


def test_three_frames_give_consecutive_pairs() -> None:
    frames = [_frame(_bars([(x + 5 * k, y, a) for x, y, a in BASE]), k) for k in range(3)]
    result = track(frames)
    assert sorted({(t.from_frame, t.to_frame) for t in result}) == [(0, 1), (1, 2)]
    assert len([t for t in result if t.object is None]) == 2


def test_single_frame_and_empty() -> None:
    assert track([]) == []
    assert track([_frame(_bars(BASE), 0)]) == []
    empty = np.full((50, 50, 3), 128, np.uint8)
    result = track([(empty, []), (empty, [])])
    assert [t.object for t in result] == [None]


def test_match_objects_uses_attributes() -> None:
    def obj(i, x, colour):
        return SpatialObject(id=f"o{i}", centroid=(x, 10.0), attributes=Attributes(color=colour))

    a = [obj(1, 10, "red"), obj(2, 50, "blue")]
    b = [obj(1, 52, "red"), obj(2, 12, "blue")]  # swapped places: colour decides
    assert sorted((i, j) for i, j, _ in match_objects(a, b, scale=100.0, use_contact=False)) == [
        (0, 0),
        (1, 1),
    ]
    assert match_objects([], b, scale=1.0) == []


def test_two_views_of_a_render(render) -> None:
    """Same scene, camera moved a little: every object is matched and none flagged in auto mode."""
    from spatioxolver.scenes import render_random_scene

    view = render_random_scene(51, n_objects=5)
    shifted = np.roll(view.rgb, (6, -9), axis=(0, 1))
    result = track([_frame(view.rgb, 0), _frame(shifted, 1)])
    per = [t for t in result if t.kind == "motion"]
    assert len(per) >= 4
    assert not any(t.inconsistent for t in per)
    glob = next(t for t in result if t.object is None)
    assert glob.translation == pytest.approx((-9, 6), abs=2.5)
