"""Underexposure: a dim picture's tones stretched, so its reliability is measured at full contrast.

The reliability score (:mod:`.reliability`) judges texture, flatness and the backdrop's residual
in CIELAB units with thresholds set on pictures that use the whole tonal range. A photograph
taken at night or underexposed squeezes its fur, fabric and clutter into a few dark levels:
the residuals shrink under the thresholds and the picture reads as a flat drawing. Where no
part of the frame reaches :data:`DIM_TOP` (the 99.5th percentile of each pixel's brightest
channel), :func:`stretched` returns the picture with its tones scaled so that percentile
reaches :data:`STRETCH_TO`; the caller measures that copy too and keeps the lower score. A
drawing stays flat under a gain (its fills stay uniform, its ground plain), so a dark drawing
keeps its score; a photograph's hidden detail shows.

Example:
    >>> import numpy as np
    >>> dim = np.full((40, 60, 3), 10, np.uint8); dim[10:30, 20:40] = (40, 20, 30)
    >>> out = stretched(dim)
    >>> out is not None and int(out.max()) > 150
    True
    >>> stretched(np.full((40, 60, 3), 200, np.uint8)) is None
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["stretched", "DIM_TOP", "STRETCH_TO", "MAX_GAIN"]

#: A picture whose brightest parts (99.5th percentile of the brightest channel) stay under this
#: is dim: night photographs 30-80, drawings (white or coloured fills, labels) 110 and up.
DIM_TOP = 100.0
#: The level that percentile is stretched to.
STRETCH_TO = 200.0
#: The largest gain (a nearly black frame's few levels are quantisation, not detail).
MAX_GAIN = 8.0


def stretched(rgb: np.ndarray) -> np.ndarray | None:
    """``rgb`` with its tones scaled up where the picture is dim (module docstring), else None."""
    top = float(np.percentile(np.asarray(rgb).max(axis=2), 99.5))
    if top >= DIM_TOP:
        return None
    gain = min(STRETCH_TO / max(top, 1.0), MAX_GAIN)
    return np.clip(rgb.astype(np.float32) * gain, 0, 255).astype(np.uint8)
