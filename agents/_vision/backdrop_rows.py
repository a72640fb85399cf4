"""A backdrop that changes with height: a per-row correction to the smooth background.

A sky or a back wall above a ground plane, a floor graded or hazy toward the horizon:
the colour changes with the row (a step at the horizon, a steep ramp near it), which one
quadratic in (x, y) cannot follow. Its residual then raises the foreground threshold and
puts the cast shadows' brightness ratios off. :func:`row_corrected` adds a robust per-row
offset (the median over the row's backdrop pixels, objects and shadows left out) to the
smooth model where that explains the backdrop far better.

Example:
    >>> import numpy as np
    >>> lab = np.zeros((40, 30, 3), np.float32); lab[:15, :, 0] = 80; lab[15:, :, 0] = 40
    >>> lab[15:, :, 0] += np.linspace(0, 12, 25)[:, None] ** 2 / 12
    >>> bg = np.zeros((40, 30, 6), np.float32); bg[..., 0] = lab[..., 0].mean()
    >>> out = row_corrected(lab, lab.copy(), bg, noise=8.0)
    >>> out is not None and out[1] < 1.0 and out[2] == 15
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["row_corrected", "banded", "horizon_step", "row_span", "MIN_ROW_SPAN"]

#: The smooth model's residual scale (Lab units) from which a row correction is tried:
#: a plain canvas or a gently graded ground stays well under it.
_MIN_NOISE = 1.0
#: The row correction is kept only if it cuts the residual scale to this share or less.
_GAIN = 0.6
#: A row whose backdrop pixels are fewer than this share of its width takes its
#: neighbours' offset.
_MIN_ROW_SHARE = 0.25

#: On a copy smoothed from sensor noise, a horizon step this many times the leftover
#: residual is a backdrop's step even when the residual falls by less than :data:`_GAIN`.
_STEP_OVER_NOISE = 4.0

_W = np.array([0.5, 1.0, 1.0], np.float32)  # lightness counts half, as in the smooth model


def _dist(res: np.ndarray) -> np.ndarray:
    return np.sqrt(((res[..., :3] * _W) ** 2).sum(axis=-1))


def _row_offsets(res: np.ndarray, keep: np.ndarray) -> np.ndarray | None:
    """Median residual per row over ``keep``; rows with too few kept pixels interpolated."""
    h, w = keep.shape
    masked = np.where(keep[..., None], res, np.nan)
    count = keep.sum(axis=1)
    good = count >= _MIN_ROW_SHARE * w
    if good.sum() < 0.5 * h:
        return None
    with np.errstate(all="ignore"):
        med = np.nanmedian(masked[good], axis=1)
    rows = np.arange(h)
    out = np.empty((h, res.shape[2]), np.float32)
    for c in range(res.shape[2]):
        out[:, c] = np.interp(rows, rows[good], med[:, c])
    return out


def _steps(offsets: np.ndarray) -> tuple[int, int | None]:
    """Runs of rows where the offset jumps (more than 4 Lab units from the row above), and
    the first row below the first jump (the horizon when there is one jump)."""
    jump = _dist(np.diff(offsets, axis=0)) > 4.0
    if not jump.any():
        return 0, None
    runs = int(np.count_nonzero(jump[1:] & ~jump[:-1]) + int(jump[0]))
    last = int(np.flatnonzero(jump)[0])
    while last + 1 < jump.size and jump[last + 1]:
        last += 1
    return runs, last + 1


def _row_modes(res: np.ndarray) -> np.ndarray:
    """Per row, the pixels at the commonest residual lightness (within 3 units): the
    backdrop's flat run, even where an object and its shadow cover most of the row (their
    shading spreads their lightness; the backdrop's is one value across the row)."""
    h, w = res.shape[:2]
    light = res[..., 0]
    lo = float(light.min())
    bins = np.clip(((light - lo) / 1.5).astype(np.int64), 0, None)
    n = int(bins.max()) + 1
    counts = np.bincount((np.arange(h)[:, None] * n + bins).ravel(), minlength=h * n).reshape(h, n)
    counts = counts[:, :-2] + 2 * counts[:, 1:-1] + counts[:, 2:] if n > 2 else counts
    peak = lo + (np.argmax(counts, axis=1) + (1.5 if n > 2 else 0.5)) * 1.5
    return np.abs(light - peak[:, None]) < 3.0


def row_corrected(
    lab: np.ndarray,
    rgb: np.ndarray,
    bg: np.ndarray,
    noise: float,
    inliers: float = 1.0,
    *,
    smoothed: bool = False,
) -> tuple[np.ndarray, float, int | None, bool] | None:
    """``(background, noise, horizon, banded)`` with a per-row offset added (``horizon``: the
    first row below the one step in the offsets, if any; ``banded``: :func:`banded`), or
    ``None`` when the smooth
    model (``bg``: Lab then sRGB, residual scale ``noise``) needs none.

    The offset is the median of the residual over each row's backdrop (first over the
    pixels at the row's commonest lightness, then over pixels near that first estimate, so objects and shadows covering
    part of a row do not pull it); it is kept when it cuts the backdrop's residual scale
    to :data:`_GAIN` of the smooth model's or less, or, where the smooth model fits only
    part of the backdrop (``inliers``, its share of the image, under 0.75: a wall above a
    floor of another colour), explains a fifth of the image more with a low residual.
    The offsets may jump once (the horizon), not twice: a big shape drawn across a plain
    canvas would make a plateau, and stays an object. ``smoothed``: the image is a copy
    smoothed from heavy sensor noise, whose leftover noise no correction removes; there a
    single horizon step far above that leftover (:data:`_STEP_OVER_NOISE` times) is kept
    too, when it lowers the residual at all or explains a fifth of the image more.
    """
    if noise < _MIN_NOISE and inliers >= 0.75:
        return None
    h, w = lab.shape[:2]
    step = 2 if w >= 200 else 1  # every other column: the median barely changes
    res = np.concatenate([lab, rgb.astype(np.float32)], axis=2)[:, ::step] - bg[:, ::step]
    res = res.astype(np.float32)
    offsets = _row_offsets(res, _row_modes(res))
    if offsets is None:
        return None
    new_noise = noise
    for _ in range(2):
        d = _dist(res - offsets[:, None, :])
        scale = float(1.4826 * np.median(d)) + 0.3
        keep = d < max(6.0, 3.0 * scale)
        updated = _row_offsets(res, keep)
        if updated is None:
            return None
        offsets = updated
        d = _dist(res - offsets[:, None, :])
        inl = d < max(6.0, 3.0 * scale)
        new_noise = float(1.4826 * np.median(d[inl])) + 0.3
    share = float((_dist(res - offsets[:, None, :]) < max(4.0 * new_noise, 3.0)).mean())
    # Tighter on fewer pixels is not better: cards or tiles covering most of their rows
    # would become the backdrop there, and the canvas between them foreground.
    better = noise >= _MIN_NOISE and new_noise <= _GAIN * noise and share >= inliers - 0.08
    wider = inliers < 0.75 and share >= inliers + 0.2 and new_noise < 1.5
    steps, horizon = _steps(offsets)
    if smoothed and not (better or wider) and steps == 1:
        # Lower than the smooth model's residual, or as low where it explains far more.
        fits = new_noise < noise or (share >= inliers + 0.2 and new_noise <= 1.25 * noise)
        rise = _dist(offsets[3:] - offsets[:-3]).max() if offsets.shape[0] > 3 else 0.0
        better = fits and float(rise) >= _STEP_OVER_NOISE * new_noise
    if not (better or wider) or steps > 1:
        return None
    return (bg + offsets[:, None, :]).astype(np.float32), new_noise, horizon, banded(offsets)


#: Least :func:`row_span` of a backdrop that changes with height (a sky or wall above a
#: floor, a graded floor: 3 units and more; a plain slide's JPEG noise, a canvas weave, rows
#: of hatching the smooth model half absorbed: under 1.6).
MIN_ROW_SPAN = 2.5


def row_span(offsets: np.ndarray) -> float:
    """How far a per-row correction (``H x W x C`` or ``H x C``, Lab first) moves the
    backdrop from top to bottom: the widest 5-95 percentile range of its rows' offsets over
    the Lab channels (lightness at half weight).

    Example:
        >>> row_span(np.linspace(0, 10, 50)[:, None] * [1.0, 0.0, 0.0])
        4.5
    """
    rows = offsets[:, 0, :3] if offsets.ndim == 3 else offsets[:, :3]
    weighted = rows * _W
    spread = np.percentile(weighted, 95, axis=0) - np.percentile(weighted, 5, axis=0)
    return round(float(spread.max()), 3)


#: A change of the row offset (Lab units, lightness at half weight) within a few rows that
#: :func:`banded` counts as an edge of a band.
_EDGE = 1.5
#: ... but never less than this (a backdrop flat but for noise has no bands).
_FAINT_EDGE = 0.5


def banded(offsets: np.ndarray) -> bool:
    """Whether the row offsets change in bands: three sharp changes or more (at least
    :data:`_EDGE` within a hundredth of the height), as the edges of cards or tiles behind
    rows of icons, or of stripes, make. A sky or a wall above a floor changes sharply once,
    at the horizon; its ramps above and below are gradual.

    Example:
        >>> rows = np.zeros((90, 3), np.float32)
        >>> rows[20:30, 0] = rows[50:60, 0] = 6.0  # light gaps between rows of cards
        >>> banded(rows), banded(np.linspace(0, 8, 90)[:, None] * [1, 0, 0])
        (True, False)
    """
    weighted = offsets[:, :3] * _W
    centred = weighted - weighted.mean(axis=0)
    _, _, axes = np.linalg.svd(centred, full_matrices=False)
    profile = centred @ axes[0]  # along the backdrop's main change of colour
    k = max(2, profile.size // 100)
    # Faint tiles (light grey on white) change the backdrop by less than _EDGE: an edge is
    # also a change of half the profile's whole range or more (a horizon is one such change).
    edge = min(_EDGE, max(0.5 * float(np.ptp(profile)), _FAINT_EDGE))
    sharp = np.abs(profile[k:] - profile[:-k]) > edge
    edges = int(np.count_nonzero(sharp[1:] & ~sharp[:-1]) + int(sharp[0])) if sharp.size else 0
    return edges >= 3


#: :func:`horizon_step`: the least colour step (Lab units, lightness at half weight) between
#: the backdrop above and the floor below, the least share of the height above it, and the
#: most share of the one-curve misfit the two pieces may leave.
_STEP, _ABOVE, _BELOW, _TWO_PIECES = 8.0, 0.08, 0.3, 0.4
#: ... and a band above it under this share of the height, of one flat colour, is a title bar.
_BAR = 0.15


def horizon_step(lab: np.ndarray) -> int | None:
    """The row where a backdrop above (a sky, a wall) meets a floor of another colour,
    from the rows' median colours alone, or ``None``.

    :func:`row_corrected` needs its correction to lower the backdrop's residual, which a
    textured floor (wood grain, grass, sand) or sensor noise keeps high; the rows' medians
    average the texture and the noise out, and the objects too (they cover a minority of
    each row). A horizon is a step in that profile: two straight pieces (the sky or wall's
    gradient, the floor's), the upper at least :data:`_ABOVE` of the height, fit it with
    under :data:`_TWO_PIECES` of the misfit of one quadratic, and meet :data:`_STEP` or more
    apart. A plain or graded canvas has no step; bands of cards have several (two pieces do
    not fit them); a thin flat band along the top (under :data:`_BAR` of the height: a
    screenshot's title bar, a slide's header) is no sky.

    Example:
        >>> lab = np.zeros((60, 40, 3), np.float32); lab[:20, :, 0] = 85; lab[20:, :, 0] = 55
        >>> lab[20:, :, 0] += np.random.default_rng(0).normal(0, 6, (40, 40))  # a grainy floor
        >>> horizon_step(lab), horizon_step(np.full((60, 40, 3), 50, np.float32))
        (20, None)
    """
    h, w = lab.shape[:2]
    if h < 24:
        return None
    step = max(1, w // 160)  # the median of 160 columns a row is as good as of all
    profile = np.median(lab[:, ::step], axis=1).astype(np.float64) * _W
    y = np.arange(h, dtype=np.float64) / h
    design = np.vander(y, 3)
    coef, *_ = np.linalg.lstsq(design, profile, rcond=None)
    one = float(np.sqrt(((profile - design @ coef) ** 2).sum(axis=1).mean()))
    ks = np.arange(max(3, int(_ABOVE * h)), int((1.0 - _BELOW) * h) + 1)
    if ks.size == 0:
        return None
    above, below = _line_fits(y, profile, ks, upper=True), _line_fits(y, profile, ks, upper=False)
    rms = np.sqrt((above[0] + below[0]) / h)
    best = int(np.argmin(rms))
    gap = float(np.linalg.norm(above[1][best] - below[1][best]))
    if gap < _STEP or float(rms[best]) > _TWO_PIECES * one:
        return None
    k = int(ks[best])
    # (its first and last two rows aside: a frame's or a rule's line along its edges)
    if k < _BAR * h and float(np.ptp(profile[2 : max(3, k - 2)], axis=0).max()) < 1.0:
        return None  # a thin band of one flat colour along the top: a title bar or header, no sky
    from .ruled_steps import ruled_step

    if ruled_step(lab, k):
        return None  # a line drawn along the step: drawn bands (swimlanes, a table's rows), no horizon
    return k


def _line_fits(
    y: np.ndarray, profile: np.ndarray, ks: np.ndarray, *, upper: bool
) -> tuple[np.ndarray, np.ndarray]:
    """For each split row ``k`` in ``ks``, a straight line fitted (least squares, per
    channel) to the rows above ``k`` (``upper``) or from ``k`` down: its summed squared
    residual over the channels, and its value at the split (row ``k - 1`` above, ``k``
    below); from running sums, one pass for every split."""
    if not upper:
        rss, end = _line_fits(1.0 - y[::-1], profile[::-1], y.size - ks, upper=True)
        return rss, end
    ones = np.ones_like(y)
    sums = [np.concatenate([[0.0], np.cumsum(v)]) for v in (ones, y, y * y)]
    n, sy, syy = (v[ks] for v in sums)
    sp = np.concatenate([np.zeros((1, 3)), np.cumsum(profile, axis=0)])[ks]
    syp = np.concatenate([np.zeros((1, 3)), np.cumsum(y[:, None] * profile, axis=0)])[ks]
    spp = np.concatenate([np.zeros((1, 3)), np.cumsum(profile**2, axis=0)])[ks]
    det = np.maximum(n * syy - sy * sy, 1e-12)[:, None]
    slope = (n[:, None] * syp - sy[:, None] * sp) / det
    icept = (sp - slope * sy[:, None]) / n[:, None]
    rss = spp - icept * sp - slope * syp
    return np.maximum(rss, 0.0).sum(axis=1), icept + slope * y[ks - 1][:, None]
