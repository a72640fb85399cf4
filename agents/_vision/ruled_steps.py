"""A step between two bands of backdrop with a line drawn along it: drawn bands, no horizon.

Where a sky meets a floor, the rows at the step blend the two colours (a row's median lies
between the colour above and the colour below). Where a drawing's bands meet (the lanes of a
swimlane chart, a table's rows, a slide's sections), a thin rule is usually drawn along the
boundary across the whole width: rows whose colour lies far off the way from one band to
the other (darker or lighter than both), with the bands' own colours just beyond them.

Example:
    >>> import numpy as np
    >>> lab = np.zeros((80, 60, 3), np.float32); lab[:40, :, 0] = 90; lab[40:, :, 0] = 80
    >>> ruled_step(lab, 40)
    False
    >>> lab[40, :, 0] = 20  # a 1 px dark rule along the boundary
    >>> ruled_step(lab, 41)
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["ruled_step"]

#: Lab units off the line from the colour above to the colour below at which a row is a rule.
_OFF_BLEND = 12.0
#: A rule is thin: at most this many rows (at least 4, or this share of the height).
_RULE_ROWS, _RULE_SHARE = 4, 0.01


def ruled_step(lab: np.ndarray, k: int) -> bool:
    """Whether the step at row ``k`` between two bands of ``lab`` has a thin rule drawn along it
    (across most of the width: the rows' medians show it), rather than a blend of the two."""
    h = lab.shape[0]
    reach = max(_RULE_ROWS, int(_RULE_SHARE * h))
    lo, hi = max(0, k - reach), min(h, k + reach + 1)
    if lo < 2 or hi > h - 2:
        return False
    step = max(1, lab.shape[1] // 160)
    profile = np.median(lab[:, ::step], axis=1).astype(np.float64)
    above = np.median(profile[max(0, lo - 2 * reach) : lo], axis=0)
    below = np.median(profile[hi : hi + 2 * reach], axis=0)
    way = below - above
    length = float(np.linalg.norm(way))
    if length < 1e-6:
        return False
    rows = profile[lo:hi] - above
    along = np.clip(rows @ way / length**2, 0.0, 1.0)
    off = np.linalg.norm(rows - along[:, None] * way, axis=1)
    ruled = off > _OFF_BLEND
    # thin: a line, not a third band between the two
    return bool(ruled.any()) and int(ruled.sum()) <= reach
