"""Hard cast shadows under a coloured light: the one tint they dim the ground by.

A key light whose colour differs from the ambient / fill light (a warm sun under a blue
sky, a coloured spot) leaves shadows that dim the ground's channels by different factors.
In linear light a shadow pixel over its lit ground is ``ratio_c = fill_c / (fill_c +
key_c)`` in every shadow, whatever the ground's colour or texture: the ratio's chromaticity
(each channel over the channels' mean) is one point for every fully shadowed pixel. A hard
shadow has no penumbra for :func:`.soft_shadows.shadow_tint` to read it from, so
:func:`hard_tint` finds that point as the sharp mode of the candidates' ratio
chromaticities, and :func:`tinted_spread` measures each pixel's departure from it, for the
background module's shadow test.

Example:
    >>> import numpy as np
    >>> q = np.ones((40, 40, 3), np.float32); q[10:30, 5:35] = (0.5, 0.55, 0.65)
    >>> w, drift = hard_tint(q, q.mean(axis=2) < 0.9)
    >>> [round(float(v), 2) for v in w]
    [0.88, 0.97, 1.15]
"""

from __future__ import annotations

import numpy as np

__all__ = ["hard_tint", "tinted_spread"]

#: Furthest chromaticity departure (per channel, from neutral) read as a light's tint: a
#: sun against a blue sky stays within it; a saturated object's side lit by the ambient
#: light alone (one ratio too: its colour over the floor's) mostly lies beyond.
_MAX_DEPARTURE = 0.3
#: Nearest departure that is a light's tint: a black or dark grey object's faces (a
#: floating black box on a grey backdrop: 0.06) and a grey shape on a tinted slide (0.1)
#: dim by one ratio too, nearly neutral.
_MIN_DEPARTURE = 0.12
_STEP = 0.02


def hard_tint(ratio: np.ndarray, candidate: np.ndarray) -> tuple[np.ndarray, float] | None:
    """The tint ``w`` (3 channels, mean 1) of a scene's hard shadows and the spread of its
    votes about it (a fill light that fades across the floor drifts the tint a little), or
    ``None``.

    ``ratio``: the image over the background per channel, in linear light. Candidate pixels
    darker than the ground in every channel vote with their ratio's chromaticity; the peak
    must carry at least 150 votes and a tenth of them, lie between :data:`_MIN_DEPARTURE`
    and :data:`_MAX_DEPARTURE` from neutral with green between red and blue, and its
    pixels share one brightness (the
    interquartile range of their mean ratio under 0.12: a fully shadowed ground, not a
    shaded body, whose chromaticity drifts with its shade).
    """
    import cv2

    m = ratio.mean(axis=2)
    sel = candidate & (m > 0.04) & (m < 0.85) & (ratio.max(axis=2) < 0.95)
    if int(sel.sum()) < 150:
        return None
    u = ratio[sel] / np.maximum(m[sel], 1e-3)[:, None] - 1.0
    bins = int(round(2 * _MAX_DEPARTURE / _STEP))
    lim = _MAX_DEPARTURE
    hist, ex, ey = np.histogram2d(u[:, 0], u[:, 2], bins=bins, range=[[-lim, lim], [-lim, lim]])
    hist = cv2.GaussianBlur(hist.astype(np.float32), (3, 3), 0)
    i, j = np.unravel_index(int(np.argmax(hist)), hist.shape)
    peak = np.array([(ex[i] + ex[i + 1]) / 2, (ey[j] + ey[j + 1]) / 2])
    near = np.hypot(u[:, 0] - peak[0], u[:, 2] - peak[1]) < 2 * _STEP
    if near.sum() < max(150, 0.1 * u.shape[0]):
        return None
    w = 1.0 + u[near].mean(axis=0)
    dep = float(np.abs(w - 1.0).max())
    if dep < _MIN_DEPARTURE or dep > _MAX_DEPARTURE:
        return None
    # Lights lie near the daylight / lamplight line (warm sun and blue sky, tungsten and
    # daylight): red and blue move apart, green stays between them. A green- or
    # magenta-shifted ratio is an object's face (a green box on grass), not a light's tint.
    if not min(w[0], w[2]) - 0.03 <= w[1] <= max(w[0], w[2]) + 0.03:
        return None
    lo, hi = np.percentile(m[sel][near], [25, 75])
    if hi - lo > 0.12:
        return None
    drift = float(np.median(np.abs(u[near] + 1.0 - w)))
    return (w / w.mean()).astype(np.float32), drift


def tinted_spread(ratio: np.ndarray, tint: np.ndarray, drift: float = 0.0) -> np.ndarray:
    """Each pixel's channel spread once the tint is divided out, relative to its mean, less
    twice the tint's ``drift``, on the scale of sRGB spreads (linear-light spreads are about
    2.2 times larger)."""
    v = ratio / tint
    mean = v.mean(axis=2)
    raw = (v.max(axis=2) - v.min(axis=2)) / np.maximum(mean, 1e-3)
    return np.maximum(raw - 2.0 * drift, 0.0) / 2.2
