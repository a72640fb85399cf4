"""Soft cast shadows: the tint a coloured key light gives them, and their penumbra.

Under a warm sun and a neutral or bluish sky fill a shadow does not dim the ground's
channels alike: :func:`shadow_tint` reads the fixed tint from the soft penumbrae (and says
whether any are seen), so :mod:`.background` can judge shadows from it; :func:`penumbra`
grows a shadow through its soft edge, which can be many pixels wide.

Example:
    >>> import numpy as np
    >>> [round(float(v), 3) for v in linear_light(np.array([0, 128, 255], np.uint8))]
    [0.0, 0.216, 1.0]
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

__all__ = [
    "linear_light",
    "shadow_tint",
    "penumbra",
    "shadow_steps",
    "stepped_penumbra",
    "darker_steps",
    "MAX_TINT",
]

#: Largest tint slope (per-channel departure of the shadow's brightness ratio from its
#: mean, per unit of darkening) read as a coloured light, not an object's colour.
MAX_TINT = 0.08


def linear_light(srgb: np.ndarray) -> np.ndarray:
    """sRGB (0..255, any float or int array) to linear light (0..1), float32."""
    a = np.asarray(srgb)
    if a.dtype == np.uint8:
        return _linear_table()[a]
    c = a.astype(np.float32) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4).astype(np.float32)


@lru_cache(maxsize=1)
def _linear_table() -> np.ndarray:
    return linear_light(np.arange(256, dtype=np.float32))  # the float branch: the same values


def shadow_tint(ratio: np.ndarray, candidate: np.ndarray) -> np.ndarray | None:
    """The cast shadows' tint slope ``s`` (3 channels summing to 0; zeros when neutral).

    ``ratio``: the image over the background per channel, in linear light. In the lit
    ground's colour, a shadow pixel lit by a fraction ``v`` of a key light whose
    colour differs from the fill's has channel ratios ``t_c + v (1 - t_c)``: the slope
    ``(ratio_c - mean) / (1 - mean)`` is the same for every penumbra pixel of every shadow
    on that ground. Soft penumbra pixels vote on it (brightness changing gently, 0.003 to
    0.08 of the ground's per px, with no sharp edge within 2 px: not an object's uniform
    face, nor its outline; 3 x 3 medians against noise and JPEG blocks); a peak of the
    votes away from neutral, within :data:`MAX_TINT`, carrying at least 60 votes and a
    quarter of the votes within it, from pixels whose brightness spans at least 0.2 of the
    ground's, is the tint. A shaded grey object's body spreads its votes along its shading
    (its slope changes with the shade); hard shadows cast no vote.

    Returns:
        ``None`` when no soft penumbra is seen (too few consistent votes), zeros when the
        soft shadows are neutral, else the tint.
    """
    import cv2

    smooth = cv2.medianBlur(np.ascontiguousarray(ratio.astype(np.float32)), 3)
    mr = smooth.mean(axis=2)
    gx = cv2.Sobel(mr, cv2.CV_32F, 1, 0, ksize=3) / 8.0
    gy = cv2.Sobel(mr, cv2.CV_32F, 0, 1, ksize=3) / 8.0
    grad = np.hypot(gx, gy)
    sharp = cv2.dilate(grad, np.ones((5, 5), np.uint8))
    sel = candidate & (mr > 0.02) & (mr < 0.8) & (grad > 0.003) & (sharp < 0.08)
    if int(sel.sum()) < 60:
        return None
    r = smooth[sel]
    m = r.mean(axis=1, keepdims=True)
    slope = (r - m) / np.maximum(1.0 - m, 0.1)
    lim, step = MAX_TINT, 0.004
    inside = (np.abs(slope) < lim).all(axis=1)  # coloured objects vote outside
    slope = slope[inside]
    if slope.shape[0] < 60:
        return None
    bins = int(round(2 * lim / step))
    hist, ex, ey = np.histogram2d(slope[:, 0], slope[:, 2], bins=bins, range=[[-lim, lim], [-lim, lim]])
    hist = cv2.GaussianBlur(hist.astype(np.float32), (3, 3), 0)
    i, j = np.unravel_index(int(np.argmax(hist)), hist.shape)
    peak = np.array([(ex[i] + ex[i + 1]) / 2, (ey[j] + ey[j + 1]) / 2])
    near = np.hypot(slope[:, 0] - peak[0], slope[:, 2] - peak[1]) < 0.008
    if near.sum() < max(60, 0.25 * slope.shape[0]):
        return None
    # The same slope from deep shadow to nearly lit ground (a grey object's slope changes
    # with its shade: one slope holds over a narrow band of its brightness only).
    lo_m, hi_m = np.percentile(m[inside][near, 0], [10, 90])
    if hi_m - lo_m < 0.2:
        return None
    fine = slope[near].mean(axis=0)
    if np.hypot(fine[0], fine[2]) < 0.002:
        return np.zeros(3, np.float32)  # soft and neutral: exactly the untinted test
    return (fine - fine.mean()).astype(np.float32)


def penumbra(
    shadow: np.ndarray, rim: np.ndarray, mean_ratio: np.ndarray, candidate: np.ndarray
) -> np.ndarray:
    """A soft shadow's penumbra: grown from the shadow through ``rim`` pixels (channels
    dimmed alike, between the shadow's brightness and the ground's), each step only into
    pixels no darker than the shadow pixel beside them (a penumbra brightens toward the
    lit ground; an object's dark rim beside it is darker), at most 4 % of the image's
    larger side (a penumbra is as wide as the light's angle times the occluder's height);
    then a small foreground piece beside it that is all penumbra-like (a long shadow's tip)."""
    import cv2

    kernel = np.ones((3, 3), np.uint8)
    limit = max(2, int(0.04 * max(shadow.shape)))
    region = shadow.copy()
    for _ in range(limit):
        edge = region & ~cv2.erode(region.astype(np.uint8), kernel).astype(bool)
        if not edge.any():
            break
        brightest = cv2.dilate(np.where(edge, mean_ratio, 0.0).astype(np.float32), kernel)
        step = (
            cv2.dilate(edge.astype(np.uint8), kernel).astype(bool)
            & rim
            & ~region
            & (mean_ratio >= brightest - 0.01)
        )
        if not step.any():
            break
        region |= step
    # What is left of a penumbra beyond that (a long shadow's soft tip): a small piece of
    # the foreground touching the shadow, all of it penumbra-like.
    n, labels, stats, _ = cv2.connectedComponentsWithStats(
        (candidate & ~region).astype(np.uint8), connectivity=8
    )
    if n > 1:
        touching = np.zeros(n, bool)
        touching[np.unique(labels[cv2.dilate(region.astype(np.uint8), kernel).astype(bool)])] = True
        rim_share = np.bincount(labels[rim & ~region], minlength=n) / np.maximum(
            stats[:, cv2.CC_STAT_AREA], 1
        )
        tip = touching & (rim_share >= 0.95) & (stats[:, cv2.CC_STAT_AREA] <= 0.05 * region.sum())
        tip[0] = False
        region |= tip[labels]
    return region & ~shadow


#: A penumbra band lies between its shadow and the lit ground: they make at least this share
#: of its outline (an object's face beside its shadow also meets the object's other faces).
BAND_BETWEEN = 0.85
#: ... and it is thin: at most this share of the image's larger side from its outline.
BAND_THICKNESS = 0.015


def shadow_steps(
    shadow: np.ndarray,
    candidate: np.ndarray,
    mean_ratio: np.ndarray,
    spread: np.ndarray,
    mode: float,
    limit: float,
    channels: np.ndarray,
) -> np.ndarray:
    """The flat steps of a clean render's shadows beyond the ``shadow`` found at brightness
    ratio ``mode``: lighter penumbra bands (:func:`stepped_penumbra`) and darker cores and
    overlaps (:func:`darker_steps`), in turn, for candidate pixels dimmed alike (channel
    ``spread`` under ``limit``; ``channels``: each channel's brightness ratio)."""
    lighter = candidate & (spread < limit) & (mean_ratio > mode) & (mean_ratio < 0.97)
    # 8-bit rounding is a larger share of a darker pixel: the even test allows the spread
    # the shadow's own brightness would (spread x ratio).
    even_dark = spread * mean_ratio < limit * mode
    dark = candidate & even_dark & (mean_ratio < mode) & (mean_ratio > 0.85 * mode * mode)
    region = shadow.copy()
    region |= stepped_penumbra(region, lighter, candidate)
    core = darker_steps(region, dark, candidate, (spread < limit) | even_dark, channels)
    if core.any():  # a darker core found lets the bands ringing it be found, and back
        region |= core
        region |= stepped_penumbra(region, lighter, candidate)
        region |= darker_steps(region, dark, candidate, (spread < limit) | even_dark, channels)
    return region & ~shadow


def stepped_penumbra(
    shadow: np.ndarray, band: np.ndarray, candidate: np.ndarray, rounds: int = 4
) -> np.ndarray:
    """A penumbra drawn in steps (a shadow rendered from a few light samples, a shadow map's
    filtered edge): flat bands of even dimming, brighter than the shadow, each lying between
    the shadow found so far and the lit ground (:data:`BAND_BETWEEN` of its outline) and thin
    (:data:`BAND_THICKNESS`). ``band``: the candidate pixels dimmed alike, between the
    shadow's brightness and the ground's. Grown band by band, at most ``rounds`` steps."""
    import cv2
    from scipy import ndimage

    region = shadow.copy()
    limit = max(2.0, BAND_THICKNESS * max(shadow.shape))
    for _ in range(rounds):
        n, labels = cv2.connectedComponents((band & ~region).astype(np.uint8), connectivity=4)
        if n <= 1:
            break
        cls = np.where(region, 1, np.where(candidate, 2, 0))  # 0 lit ground, 1 shadow, 2 other
        touch = _outline_touch(labels, n, cls)
        total = np.maximum(touch.sum(axis=1), 1)
        dist = cv2.distanceTransform((labels > 0).astype(np.uint8), cv2.DIST_L2, 3)
        thick = np.asarray(ndimage.maximum(dist, labels, np.arange(n)), np.float32)
        ok = (
            ((touch[:, 0] + touch[:, 1]) >= BAND_BETWEEN * total)
            & (touch[:, 1] >= 0.2 * total)
            & (thick <= limit)
        )
        ok[0] = False
        if not ok.any():
            break
        region |= ok[labels]
    return region & ~shadow


#: Share of a darker step's outline that must lie on the shadow found or on even pixels
#: (its lighter steps), and the most of it that may meet the lit ground.
STEP_INSIDE = 0.3
STEP_ON_GROUND = 0.15
#: Share of a darker step's pixels at its three commonest brightness ratios (bins of STEP_BIN).
STEP_FLAT = 0.5
STEP_BIN = 0.02
#: Most departure of a darker step's mean channel ratios (each over their mean) from the
#: shadow's.
STEP_TINT = 0.012


def darker_steps(
    shadow: np.ndarray, dark: np.ndarray, candidate: np.ndarray, even: np.ndarray, channels: np.ndarray
) -> np.ndarray:
    """Where cast shadows overlap, or at a stepped shadow's core when a lighter step was
    the commonest brightness, the ground is dimmed alike again: an even region darker than
    the shadow found, meeting it. It lies inside the shadow and its lighter steps
    (:data:`STEP_INSIDE` of its outline), beside the solid casting it, and meets the lit
    ground little (:data:`STEP_ON_GROUND`). A grey solid's dark face on a neutral ground is
    dimmed alike too, but so are its other faces: a region meeting more even pixels (off
    the shadow found) than coloured ones is a face, not a shadow; and a shadow's steps are
    flat (:data:`STEP_FLAT` of the pixels at one to three brightness ratios, in bins of
    :data:`STEP_BIN`), a smooth-shaded grey solid's dark side is not. Averaged over the
    region, its channels keep the shadow's tint (:data:`STEP_TINT`); a neutral grey solid
    on a warm or cool ground differs from it by a few percent, too little for one pixel's
    8-bit channels to show. ``channels``: each channel's brightness ratio to the ground. ``dark``: the candidate
    pixels dimmed alike, darker than the shadow (down to its brightness squared, two
    shadows overlapping); ``even``: all candidate pixels dimmed alike."""
    import cv2

    n, labels = cv2.connectedComponents((dark & ~shadow).astype(np.uint8), connectivity=4)
    if n <= 1:
        return np.zeros_like(shadow)
    # 0 lit ground, 1 shadow found, 2 dimmed alike (lighter steps, grey faces), 3 coloured
    cls = np.where(shadow, 1, np.where(candidate & even, 2, np.where(candidate, 3, 0)))
    touch = _outline_touch(labels, n, cls)
    total = np.maximum(touch.sum(axis=1), 1)
    ok = (touch[:, 1] > 0) & (touch[:, 1] + touch[:, 2] >= STEP_INSIDE * total)
    ok &= (touch[:, 0] <= STEP_ON_GROUND * total) & (touch[:, 2] <= touch[:, 3])
    ok[0] = False
    ratio = channels.mean(axis=2)
    tint = np.median(channels[shadow] / np.maximum(ratio[shadow], 1e-3)[:, None], axis=0)
    for k in np.flatnonzero(ok):
        # Flat steps, one to three: a smooth-shaded solid's side darkens gradually.
        inside = labels == k
        counts = np.bincount(np.round(ratio[inside] / STEP_BIN).astype(np.int64))
        flat = np.sort(counts)[-3:].sum() >= STEP_FLAT * counts.sum()
        own = (channels[inside] / np.maximum(ratio[inside], 1e-3)[:, None]).mean(axis=0)
        ok[k] = flat and float(np.abs(own - tint).max()) <= STEP_TINT
    return ok[labels]


def _outline_touch(labels: np.ndarray, n: int, cls: np.ndarray) -> np.ndarray:
    """``(n, 4 or more)`` counts of each component's outline pixels by the class (``cls``)
    of the pixel across them."""
    touch = np.zeros((n, max(4, int(cls.max()) + 1)), np.int64)
    h, w = labels.shape
    for dy, dx in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        lab = labels[max(0, -dy) : h - max(0, dy), max(0, -dx) : w - max(0, dx)]
        nb_lab = labels[max(0, dy) : h - max(0, -dy), max(0, dx) : w - max(0, -dx)]
        nb_cls = cls[max(0, dy) : h - max(0, -dy), max(0, dx) : w - max(0, -dx)]
        edge = (lab > 0) & (nb_lab != lab)
        np.add.at(touch, (lab[edge], nb_cls[edge]), 1)
    return touch
