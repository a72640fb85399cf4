"""Geometric segmentation on drawn images, photo-like images and synthetic renders."""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents.segmentation import BACKENDS, bind_marks, segment

from spatioxolver.errors import ConfigError, InputError
from spatioxolver.rle import decode_mask
from spatioxolver.schema import SpatialObject


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    return float((a & b).sum() / max((a | b).sum(), 1))


def _recall(view, objects, min_pixels: int = 200) -> tuple[int, int]:
    masks = [decode_mask(o.mask) for o in objects]
    hit = total = 0
    for k in range(len(view.scene["objects"])):
        gt = view.instance_mask == k + 1
        if gt.sum() < min_pixels:
            continue
        total += 1
        hit += any(_iou(gt, m) >= 0.5 for m in masks)
    return hit, total


def test_drawn_shapes_with_shadows(drawn) -> None:
    img = drawn([
        ("disc", (50, 60), 18, (173, 35, 35)),
        ("square", (130, 50), 16, (42, 75, 215)),
        ("disc", (190, 110), 14, (87, 87, 87)),  # grey, like the shadows
    ])  # fmt: skip
    objs = segment(img)
    assert len(objs) == 3
    # Raster order of centroids: by y, then x.
    ys = [o.centroid[1] for o in objs]
    assert ys == sorted(ys)
    assert [o.id for o in objs] == ["o1", "o2", "o3"]
    for o in objs:
        assert o.mask is not None and o.area == decode_mask(o.mask).sum()
        x0, y0, x1, y1 = o.bbox
        assert x0 < o.centroid[0] < x1 and y0 < o.centroid[1] < y1
        assert o.frame == 0
        assert "contact" in o.attributes.extras
    # The soft shadow below-right of each object is not part of it.
    red = min(objs, key=lambda o: o.centroid[0])
    assert red.bbox[2] <= 50 + 18 + 3 and red.bbox[3] <= 60 + 18 + 3


def test_touching_different_colours_are_split(drawn) -> None:
    img = drawn(
        [("disc", (80, 80), 22, (173, 35, 35)), ("disc", (118, 80), 22, (41, 208, 208))], shadow=False
    )
    objs = segment(img)
    assert len(objs) == 2
    assert abs(objs[0].area - objs[1].area) < 0.35 * max(o.area for o in objs)


@pytest.mark.parametrize(("noise", "vignette"), [(4.0, 0.0), (8.0, 0.35)])
def test_photo_like_gradient_and_noise(drawn, noise: float, vignette: float) -> None:
    img = drawn(
        [("disc", (60, 70), 20, (200, 40, 40)), ("square", (160, 90), 18, (40, 150, 50)),
         ("disc", (200, 40), 12, (240, 220, 40))],
        size=(260, 180), background=(170, 160, 150), gradient=0.35, noise=4.0, shadow=True, seed=3,
    )  # fmt: skip
    objs = segment(img)
    assert len(objs) == 3
    centres = sorted((round(o.centroid[0] / 10), round(o.centroid[1] / 10)) for o in objs)
    assert centres == sorted([(6, 7), (16, 9), (20, 4)])


def test_plain_image_has_no_objects() -> None:
    assert segment(np.full((50, 70, 3), 128, np.uint8)) == []


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_render_recall_and_no_spurious_objects(render, seed: int) -> None:
    view = render(seed, 7)
    objs = segment(view.rgb)
    hit, total = _recall(view, objs)
    assert hit >= total - 1  # at most one miss per render (occlusion merges)
    assert len(objs) <= len(view.scene["objects"]) + 1


def test_volume_layout_without_ground(render) -> None:
    view = render(5, 5, "volume")
    hit, total = _recall(view, segment(view.rgb))
    assert hit >= total - 1


def test_options_min_area_and_max_objects(drawn) -> None:
    img = drawn([("disc", (40, 40), 20, (173, 35, 35)), ("disc", (150, 100), 5, (42, 75, 215))], shadow=False)
    assert len(segment(img)) == 2
    assert len(segment(img, options={"min_area": 200})) == 1
    only = segment(img, options={"max_objects": 1})
    assert len(only) == 1 and only[0].area > 1000


def test_frame_option_is_recorded(drawn) -> None:
    img = drawn([("disc", (40, 40), 15, (173, 35, 35))])
    assert segment(img, options={"frame": 2})[0].frame == 2


def test_bad_backend_and_bad_image() -> None:
    img = np.zeros((20, 20, 3), np.uint8)
    with pytest.raises(ConfigError, match="unknown segmentation backend"):
        segment(img, backend="magic")
    with pytest.raises(InputError):
        segment(np.zeros((2, 2, 3), np.uint8))
    with pytest.raises(InputError):
        segment("/no/such/image.png")
    assert BACKENDS == ("geometric", "sam")


def test_grayscale_array_is_accepted(drawn) -> None:
    img = drawn([("disc", (40, 40), 15, (200, 200, 200))], shadow=False)
    gray = img.mean(axis=2).astype(np.uint8)
    assert len(segment(gray)) == 1


def test_bind_marks_inside_and_nearest(drawn) -> None:
    img = drawn([("disc", (50, 50), 15, (173, 35, 35)), ("disc", (150, 50), 15, (42, 75, 215))], shadow=False)
    objs = segment(img)
    bound = bind_marks(objs, {"B": (152, 48), "A": (20, 90)})  # A outside both: nearest free segment
    assert [(o.id, o.label) for o in bound] == [("o1", "A"), ("o2", "B")]
    # Same via the segment option.
    assert [o.label for o in segment(img, options={"marks": {"X": (50, 50)}})] == ["X", None]


def test_bind_marks_competition_and_box_only_objects() -> None:
    objs = [
        SpatialObject(id="o1", bbox=(0, 0, 10, 10), centroid=(5, 5)),
        SpatialObject(id="o2", bbox=(30, 0, 40, 10), centroid=(35, 5)),
    ]
    # Both marks fall nearest to o1: the one inside wins, the other takes o2.
    out = bind_marks(objs, {"P": (5, 5), "Q": (12, 5)})
    assert [o.label for o in out] == ["P", "Q"]
    with pytest.raises(InputError, match="mark"):
        bind_marks(objs, {"bad": "here"})
    assert bind_marks([], {"A": (1, 1)}) == []


def test_render_with_marks_binds_scene_labels(render) -> None:
    from spatioxolver.scenes import render_random_scene

    view = render_random_scene(21, n_objects=5, overlay="tags")
    marks = {o["label"]: tuple(o["label_anchor"]) for o in view.scene["objects"] if o.get("label_anchor")}
    assert len(marks) == 5
    objs = segment(view.clean_rgb, options={"marks": marks})
    hits = 0
    for k, gt in enumerate(view.scene["objects"]):
        match = [o for o in objs if o.label == gt["label"]]
        if match and _iou(decode_mask(match[0].mask), view.instance_mask == k + 1) > 0.5:
            hits += 1
    assert hits >= len(marks) - 1


def test_bind_marks_splits_a_merged_segment() -> None:
    from spatioxolver.rle import encode_mask

    # One segment that really holds two touching objects; a free segment far away.
    merged = np.zeros((60, 120), bool)
    merged[10:40, 10:70] = True
    lone = np.zeros((60, 120), bool)
    lone[45:55, 100:110] = True
    objs = [
        SpatialObject(
            id="o1", mask=encode_mask(merged), bbox=(10, 10, 70, 40), centroid=(39.5, 24.5), area=1800.0
        ),
        SpatialObject(
            id="o2", mask=encode_mask(lone), bbox=(100, 45, 110, 55), centroid=(104.5, 49.5), area=100.0
        ),
    ]
    out = bind_marks(objs, {"L": (20, 25), "R": (60, 25), "Z": (105, 50)})
    assert sorted(o.label for o in out) == ["L", "R", "Z"]
    by = {o.label: o for o in out}
    assert by["L"].centroid[0] < 40 < by["R"].centroid[0]
    assert by["L"].area + by["R"].area == 1800
    assert by["L"].attributes.extras["split_by_marks"] is True
    assert [o.id for o in out] == ["o1", "o2", "o3"]
    # Without splitting, the displaced mark takes the remaining free segment.
    kept = bind_marks(objs, {"L": (20, 25), "R": (60, 25)}, split=False)
    assert len(kept) == 2


def test_bind_marks_does_not_split_for_an_occluded_neighbour() -> None:
    from spatioxolver.rle import encode_mask

    front = np.zeros((60, 120), bool)
    front[10:50, 10:60] = True
    behind = np.zeros((60, 120), bool)
    behind[10:30, 60:75] = True  # peeks out right next to the front object
    objs = [
        SpatialObject(
            id="o1", mask=encode_mask(front), bbox=(10, 10, 60, 50), centroid=(34.5, 29.5), area=2000.0
        ),
        SpatialObject(
            id="o2", mask=encode_mask(behind), bbox=(60, 10, 75, 30), centroid=(67, 19.5), area=300.0
        ),
    ]
    # The occluded object's projected centre falls inside the front object's mask.
    out = bind_marks(objs, {"F": (30, 30), "B": (56, 20)})
    assert {o.id: o.label for o in out} == {"o1": "F", "o2": "B"}
