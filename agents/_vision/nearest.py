"""Nearest-label fill: every unlabelled pixel takes the label of its nearest labelled pixel.

The same labels as ``scipy.ndimage.distance_transform_edt(label == 0, return_indices=True)``
(an equidistant tie goes to the labelled pixel of smallest column, then row), without
importing scipy, which took about 0.2 s of a first answer. One exact Euclidean distance
transform per label (OpenCV's ``DIST_MASK_PRECISE``) keeps the closest label; where two
labels come within float32 rounding of each other, integer distances to the labelled
region's edge pixels decide.
"""

from __future__ import annotations

import numpy as np

__all__ = ["fill_from_edges", "label_edges", "nearest_labels"]

_TIE = 1e-3  # float32 distances closer than this (relative to the distance) are re-checked exactly


def nearest_labels(label: np.ndarray) -> np.ndarray:
    """``label`` with each 0 pixel set to the label of its nearest non-zero pixel.

    Args:
        label: 2-D integer image; 0 = unlabelled. Without any labelled pixel it is
            returned unchanged.

    Returns:
        A new array of ``label``'s shape and dtype.

    Example:
        >>> nearest_labels(np.array([[1, 0, 0, 0, 2]])).tolist()
        [[1, 1, 1, 2, 2]]
    """
    import cv2

    values = np.unique(label[label != 0])
    if values.size == 0:
        return label.copy()
    out = np.zeros_like(label)
    best = np.full(label.shape, np.inf, np.float32)
    second = np.full(label.shape, np.inf, np.float32)
    for value in values:
        away = np.ascontiguousarray(label != value, dtype=np.uint8)
        dist = cv2.distanceTransform(away, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
        closer = dist < best
        second = np.where(closer, best, np.minimum(second, dist))
        best[closer] = dist[closer]
        out[closer] = value
    unsure = (label == 0) & (second - best <= _TIE * (1.0 + best))
    if unsure.any():
        _settle_ties(label, out, unsure)
    return out


def _settle_ties(label: np.ndarray, out: np.ndarray, unsure: np.ndarray) -> None:
    """Set ``out`` at the ``unsure`` pixels from exact integer distances; sorted by (column,
    row), the edge pixel ``argmin`` returns is the tie that scipy's transform chooses."""
    ey, ex = label_edges(label, column_first=True)
    qy, qx = np.nonzero(unsure)
    fill_from_edges(label, (ey, ex), (qy, qx), out)


def label_edges(label: np.ndarray, *, column_first: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Rows and columns of the labelled pixels on a labelled region's edge (a nearest labelled
    pixel always lies there: its neighbour towards the query is unlabelled), in scan order or
    by (column, row)."""
    import cv2

    filled = (label != 0).astype(np.uint8)
    inner = cv2.erode(filled, np.ones((3, 3), np.uint8), borderType=cv2.BORDER_CONSTANT, borderValue=0)
    ey, ex = np.nonzero(filled & (inner == 0))
    if column_first:
        order = np.lexsort((ey, ex))
        ey, ex = ey[order], ex[order]
    return ey.astype(np.int64), ex.astype(np.int64)


def fill_from_edges(
    label: np.ndarray,
    edges: tuple[np.ndarray, np.ndarray],
    queries: tuple[np.ndarray, np.ndarray],
    out: np.ndarray,
) -> None:
    """Set ``out`` at each query pixel to the label of its nearest edge pixel (exact integer
    distances; a tie goes to the edge pixel listed first), in chunks of about 2 M pairs."""
    ey, ex = edges
    qy, qx = queries
    values = label[ey, ex]
    step = max(1, 2_000_000 // max(ey.size, 1))
    for s in range(0, qy.size, step):
        y, x = qy[s : s + step, None].astype(np.int64), qx[s : s + step, None].astype(np.int64)
        d = (y - ey[None]) ** 2 + (x - ex[None]) ** 2
        out[qy[s : s + step], qx[s : s + step]] = values[d.argmin(axis=1)]
