"""Large frames: masks mapped back as crops and attributes read on a reduced copy agree with the 1x image."""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.resolution import to_input_crop, to_input_size

from spatioxolver.testing.drawn import drawn_cases


def test_a_mask_mapped_back_as_a_crop_matches_the_full_size_mapping() -> None:
    rng = np.random.default_rng(0)
    for _ in range(10):
        small = np.zeros((60, 80), bool)
        cy, cx, r = rng.integers(10, 50), rng.integers(10, 70), rng.integers(3, 10)
        cv2.circle(small.view(np.uint8), (int(cx), int(cy)), int(r), 1, -1)
        shape = (int(60 * 7.3), int(80 * 7.3))
        full = to_input_size(small, shape)
        crop, y0, x0 = to_input_crop(small, shape)
        placed = np.zeros(shape, bool)
        placed[y0 : y0 + crop.shape[0], x0 : x0 + crop.shape[1]] = crop
        iou = (placed & full).sum() / (placed | full).sum()
        assert iou > 0.99


def test_attributes_of_a_large_frame_equal_those_of_the_original() -> None:
    from spatioxolver.agents.attributes import describe
    from spatioxolver.agents.segmentation import segment

    for family in ("flat", "shaded"):
        case = drawn_cases(seed=4, per_family=1, families=(family,))[0]
        big = cv2.resize(case.image, None, fx=4, fy=4, interpolation=cv2.INTER_NEAREST)
        assert big.shape[0] * big.shape[1] > 2_000_000
        small_objs = describe(case.image, segment(case.image))
        big_objs = describe(big, segment(big))
        assert len(small_objs) == len(big_objs)
        for a, b in zip(small_objs, big_objs, strict=False):
            assert (a.attributes.color, a.attributes.shape) == (b.attributes.color, b.attributes.shape)
            # Boxes and areas stay in input pixels.
            assert abs(b.area / 16 - a.area) < 0.1 * a.area
            assert b.bbox[2] > 2 * a.bbox[2] or a.bbox[2] < 4


def test_seams_go_to_the_nearest_piece_as_an_exact_distance_transform_says() -> None:
    from scipy import ndimage
    from spatioxolver.agents._vision.part_merge import _fill_from_nearest

    rng = np.random.default_rng(0)
    for _ in range(60):
        label = np.zeros((int(rng.integers(5, 50)), int(rng.integers(5, 50))), np.int32)
        for k in range(1, 5):
            y, x = rng.integers(0, label.shape[0]), rng.integers(0, label.shape[1])
            label[y : y + rng.integers(1, 10), x : x + rng.integers(1, 10)] = k
        if not label.any():
            continue
        comp = rng.random(label.shape) < 0.8
        got = _fill_from_nearest(label, comp)
        assert (got[~comp] == label[~comp]).all()
        dist = {k: ndimage.distance_transform_edt(label != k) for k in np.unique(label) if k}
        for y, x in zip(*np.nonzero(comp & (label == 0)), strict=True):
            best = min(d[y, x] for d in dist.values())
            assert dist[got[y, x]][y, x] == best  # nearest (ties may go either way)
