"""Who occludes whom: for two touching convex objects, the one behind is "bitten".

CLEVR-like objects have convex silhouettes. Where a nearer object covers part of a further
one, the further object's visible mask loses a piece, so its convex hull reaches into the
nearer object's mask; the nearer object's hull does not reach back. Comparing the two
"bites" (hull of one intersected with the other's mask, as a share of the smaller mask)
orders every touching pair.

Example:
    >>> import numpy as np
    >>> front = np.zeros((40, 60), bool); front[10:30, 20:40] = True
    >>> back = np.zeros((40, 60), bool); back[5:25, 30:55] = True; back &= ~front
    >>> [(f, b) for f, b, _ in occlusion_pairs([front, back])]
    [(0, 1)]
"""

from __future__ import annotations

import numpy as np

__all__ = ["occlusion_pairs"]


def _hull_mask(mask: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    import cv2

    y0, y1, x0, x1 = box
    crop = np.ascontiguousarray(mask[y0:y1, x0:x1]).astype(np.uint8)
    contours, _ = cv2.findContours(crop, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = np.zeros_like(crop)
    if contours:
        cv2.fillPoly(hull, [cv2.convexHull(np.vstack(contours))], 1)
    return hull.astype(bool)


def occlusion_pairs(
    masks: list[np.ndarray | None], *, min_bite: float = 0.03
) -> list[tuple[int, int, float]]:
    """``(front, back, strength)`` for every touching pair with a clear occluder.

    ``strength`` is the difference of the two bites (share of the smaller mask); pairs whose
    bites differ by less than ``min_bite`` are left out.
    """
    import cv2

    from .objects import mask_bounds

    boxes = [None if m is None else mask_bounds(m) for m in masks]
    kernel = np.ones((3, 3), np.uint8)
    out = []
    for i in range(len(masks)):
        for j in range(i + 1, len(masks)):
            bi, bj = boxes[i], boxes[j]
            if bi is None or bj is None:
                continue
            y0, y1 = min(bi[0], bj[0]), max(bi[1], bj[1])
            x0, x1 = min(bi[2], bj[2]), max(bi[3], bj[3])
            if bi[1] < bj[0] - 1 or bj[1] < bi[0] - 1 or bi[3] < bj[2] - 1 or bj[3] < bi[2] - 1:
                continue
            mi = masks[i][y0:y1, x0:x1]
            mj = masks[j][y0:y1, x0:x1]
            touch = cv2.dilate(mi.astype(np.uint8), kernel).astype(bool) & mj
            if touch.sum() < 3:
                continue
            box = (0, y1 - y0, 0, x1 - x0)
            hi, hj = _hull_mask(mi, box), _hull_mask(mj, box)
            small = max(min(mi.sum(), mj.sum()), 1)
            bite_j = float((hj & mi).sum()) / small  # j's hull reaching into i: j is behind
            bite_i = float((hi & mj).sum()) / small
            if abs(bite_j - bite_i) < min_bite:
                continue
            out.append((i, j, bite_j - bite_i) if bite_j > bite_i else (j, i, bite_i - bite_j))
    return out
