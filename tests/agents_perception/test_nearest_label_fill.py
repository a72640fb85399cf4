"""Unlabelled pixels take the label of the nearest labelled pixel (exact Euclidean, ties as scipy breaks them)."""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.nearest import nearest_labels


def _random_labels(rng: np.random.Generator) -> np.ndarray:
    h, w = (int(v) for v in rng.integers(10, 160, 2))
    label = np.zeros((h, w), np.int32)
    for k in range(int(rng.integers(1, 6))):
        centre = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        if rng.random() < 0.5:
            cv2.circle(label, centre, int(rng.integers(1, 25)), k + 1, -1)
        else:
            cv2.line(label, centre, (int(rng.integers(0, w)), int(rng.integers(0, h))), k + 1, 2)
    return label


def test_same_labels_as_scipy_nearest_index_ties_included() -> None:
    from scipy import ndimage

    rng = np.random.default_rng(11)
    checked = 0
    for _ in range(150):
        label = _random_labels(rng)
        if not label.any():
            continue
        _, (iy, ix) = ndimage.distance_transform_edt(label == 0, return_indices=True)
        assert (nearest_labels(label) == label[iy, ix]).all()
        checked += 1
    assert checked > 100


def test_scattered_single_pixels_tie_like_scipy() -> None:
    from scipy import ndimage

    rng = np.random.default_rng(5)
    for _ in range(60):
        h, w = (int(v) for v in rng.integers(5, 40, 2))
        label = np.where(rng.random((h, w)) < 0.06, rng.integers(1, 4, (h, w)), 0).astype(np.int32)
        if not label.any():
            continue
        _, (iy, ix) = ndimage.distance_transform_edt(label == 0, return_indices=True)
        assert (nearest_labels(label) == label[iy, ix]).all()


def test_without_labels_or_holes() -> None:
    empty = np.zeros((4, 5), np.int32)
    assert (nearest_labels(empty) == 0).all()
    full = np.full((3, 3), 7, np.uint16)
    assert (nearest_labels(full) == 7).all() and nearest_labels(full).dtype == np.uint16


def test_one_label_fills_everything_and_two_split_at_the_middle() -> None:
    label = np.zeros((1, 9), np.int32)
    label[0, 0], label[0, 8] = 3, 5
    assert nearest_labels(label).tolist() == [[3, 3, 3, 3, 3, 5, 5, 5, 5]]  # tie at 4 -> smaller
