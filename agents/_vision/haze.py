"""Haze over a ground plane: a solid's colour read as it would look without the haze.

Haze (aerial perspective, fog) blends every pixel toward one haze colour ``A`` by a share
``w`` that grows with the distance: ``I = (1 - w) J + w A`` in linear light. A far solid's
colour is washed toward ``A`` (a red box reads pink or grey), and a solid is no longer told
by its colour.

A lit ground plane of one material under a far light has one radiance everywhere, so the
change of the free ground's colour from the image's bottom rows (the nearest ground) up
toward the backdrop is the haze alone: the rows' colours lie on the line from the near
ground ``G`` to ``A``, and the share a row has gone along it is its extra haze ``w``. A solid
stands at its foot's distance, so it shares the haze of the ground row at its foot, and
``J = (I - w A) / (1 - w)`` undoes it (relative to the nearest ground's own, small haze).

``A`` is the haziest colour of the free backdrop: the row whose darkest channel is highest
(the sky at the horizon, or a fogged wall). A ground that keeps its colour up to its far
edge has no haze (``w`` near 0: nothing changes); one that changes colour off the line
toward ``A`` (a tinted or graded floor) is no haze either.

Example:
    >>> import numpy as np
    >>> kept = np.exp(-30.0 / (np.arange(80.0) + 10))[:, None, None]  # light kept, per row
    >>> ground, haze = np.array([0.3, 0.2, 0.1]), np.array([0.9, 0.9, 0.9])
    >>> img = ((ground * kept + haze * (1 - kept)) * np.ones((80, 60, 1))) ** (1 / 2.2) * 255
    >>> model = haze_model(img.astype(np.uint8), np.zeros((80, 60), bool))
    >>> round(model.share_at(40), 2)  # 1 - exp(-30 / 50)
    0.45
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from .soft_shadows import linear_light

__all__ = ["HazeModel", "dehazed", "foot_shares", "ground_pixels", "haze_model", "linear", "without_haze"]

#: A row speaks for the ground when at least this share of it is free of objects.
_FREE_ROW = 0.3
#: The near ground and the haze colour must differ by this much (linear light, max channel).
_MIN_PATH = 0.06
#: The ground rows must stay this close to the line from the near ground to the haze
#: colour (share of the path's length, median over rows): haze moves along it, a tinted or
#: graded floor leaves it.
_OFF_LINE = 0.25
#: Haze is read where at least this share of the image's rows shows some (0.05 to 0.9) ...
_HAZY_ROWS = 0.08
#: ... and where the rows' light kept follows ``exp(-c / (y - y_h))`` to this mean squared
#: error of its log (a change of the ground's colour with another cause, planks or tiles
#: thinning with distance, a light's falloff, follows it less well) ...
_FIT_ERROR = 0.06
#: ... toward a horizon ``y_h`` at most this share of the image's height above its top
#: (haze thick enough to read shows where the ground recedes far, near the horizon).
_HORIZON_ABOVE = 0.2
#: A change of share from one ground row to the next over this is a step (a horizon).
_STEP = 0.1
#: A share of haze under this is none (the ground's grain, a light's slight falloff).
_NO_HAZE = 0.1
#: The most haze undone (beyond it the noise would be enlarged more than the colour).
_MAX_SHARE = 0.75


@dataclass(frozen=True)
class HazeModel:
    """The haze colour ``haze`` (linear light), the near ground ``near``, each row's share
    of haze ``shares`` and its free ground's colour ``rows`` (``nan`` where the row shows too
    little free ground)."""

    haze: np.ndarray
    near: np.ndarray
    shares: np.ndarray
    rows: np.ndarray

    def share_at(self, row: int) -> float:
        """The haze share of the ground near ``row`` (0 where none is known)."""
        h = self.shares.shape[0]
        lo, hi = max(0, row - 2), min(h, row + 6)  # the foot's row and the ground just below it
        values = self.shares[lo:hi]
        values = values[np.isfinite(values)]
        return float(np.median(values)) if values.size else 0.0


def haze_model(rgb: np.ndarray, objects: np.ndarray) -> HazeModel | None:
    """The haze over the free ground of ``rgb`` (``objects``: the pixels of all objects), or
    ``None`` when the ground shows none."""
    import cv2

    h, w = rgb.shape[:2]
    if h < 40 or w < 40:
        return None
    free = ~cv2.dilate(objects.astype(np.uint8), np.ones((7, 7), np.uint8)).astype(bool)
    lin = linear(rgb)
    counts = free.sum(axis=1)
    rows = np.full((h, 3), np.nan, np.float32)
    if free.all():  # no objects given (the segmenter's look): every row's median at once
        rows[:] = np.median(lin, axis=1)
    else:
        for y in np.nonzero(counts >= _FREE_ROW * w)[0]:
            rows[y] = np.median(lin[y][free[y]], axis=0)
    known = np.isfinite(rows[:, 0])
    if known.sum() < 0.4 * h:
        return None
    bottom = np.nonzero(known)[0]
    bottom = bottom[bottom >= 0.85 * h]
    if bottom.size < 3:
        return None
    near = np.median(rows[bottom], axis=0)
    # The haze colour: the haziest backdrop row (highest darkest channel), above the middle.
    upper = np.nonzero(known & (np.arange(h) < 0.6 * h))[0]
    if upper.size < 3:
        return None
    darkest = np.convolve(np.nan_to_num(rows[:, :].min(axis=1)), np.ones(5) / 5, mode="same")
    top = int(upper[np.argmax(darkest[upper])])
    haze = rows[top]
    path = haze - near
    length2 = float((path**2).sum())
    if np.abs(path).max() < _MIN_PATH:
        return None
    above = np.nonzero(known[: max(top - 2, 0)])[0]
    if above.size and np.linalg.norm(rows[above[-1]] - haze) > 0.5 * np.sqrt(length2):
        return None  # the haziest row is a ground's far edge against another backdrop: a horizon
    shares = ((rows - near) @ path) / length2
    # The ground: the rows below the haze row that the bottom rows reach without a step (haze
    # fades the ground into the backdrop; a horizon or a wall's foot that steps ends it).
    # (Read on a running median over 5 rows: a plank's seam or a tile's grout is no step.)
    ground = known & (np.arange(h) > top)
    windows = np.lib.stride_tricks.sliding_window_view(np.pad(shares, 2, constant_values=np.nan), 5)
    with warnings.catch_warnings():  # a window of unknown rows only: nan, as its row is unknown
        warnings.simplefilter("ignore", RuntimeWarning)
        level = np.where(known, np.nanmedian(windows, axis=1), np.nan)
    last = None
    for y in range(h - 1, top, -1):
        if not known[y]:
            continue
        if last is not None and abs(level[y] - level[last]) > _STEP * max(last - y, 1):
            ground[:last] = False
            break
        last = y
    # The ground rows must lie along the path: haze, not another hue.
    off = np.linalg.norm((rows - near) - shares[:, None] * path[None, :], axis=1) / np.sqrt(length2)
    if ground.sum() < 5 or float(np.median(off[ground])) > _OFF_LINE:
        return None
    shares = np.where(ground, np.clip(shares, 0.0, 1.0), np.nan)
    absolute = _absolute_shares(shares, float(np.median(bottom)))
    if absolute is None:
        return None
    return HazeModel(haze.astype(np.float32), near.astype(np.float32), absolute.astype(np.float32), rows)


def _absolute_shares(shares: np.ndarray, bottom: float) -> np.ndarray | None:
    """Each row's haze share counted from the camera, not from the nearest ground.

    The nearest ground is hazy too. Haze thins the light as ``T = exp(-k d)`` over the
    distance ``d``, and a pinhole camera sees the ground at row ``y`` at a distance
    ``d ~ 1 / (y - y_h)`` (``y_h``: the horizon, where the ground vanishes): so
    ``T(y) = exp(-c / (y - y_h))``, and a row's share counted from the near ground is
    ``1 - T(y) / T(bottom)``. ``c`` and ``y_h`` are fitted on the rows with some haze
    (the rows left nan where they show none); ``None`` when no row shows haze."""
    h = shares.shape[0]
    rows = np.nonzero(np.isfinite(shares) & (shares > 0.05) & (shares < 0.9))[0]
    if rows.size < max(6, _HAZY_ROWS * h):
        return None
    kept = np.log(1.0 - shares[rows])  # log T(y) - log T(bottom) = c (x_b - x(y))
    best: tuple[float, float, float] | None = None
    for y_h in np.arange(rows.min() - 1.0, -_HORIZON_ABOVE * h, -1.0):
        x = 1.0 / (rows - y_h)
        lever = 1.0 / (bottom - y_h) - x
        c = float((lever * kept).sum() / max((lever * lever).sum(), 1e-12))
        if c <= 0:
            continue
        err = float(((kept - c * lever) ** 2).mean())
        if best is None or err < best[0]:
            best = (err, c, float(y_h))
    if best is None:
        return None
    err, c, y_h = best
    if err > _FIT_ERROR or y_h <= 1.0 - _HORIZON_ABOVE * h:
        return None  # a poor fit, or no horizon found (the best one runs to the search's end)
    y = np.arange(shares.shape[0], dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):  # rows above y_h: masked
        share = 1.0 - np.exp(-c / (y - y_h))
    return np.where(np.isfinite(shares) & (y > y_h), share, np.nan)


def dehazed(pixels: np.ndarray, model: HazeModel, foot_row: int) -> np.ndarray | None:
    """``pixels`` (sRGB ``N x 3``) of a solid standing at ``foot_row`` with the haze between
    it and the nearest ground undone, or ``None`` where that haze is too small to matter."""
    share = min(model.share_at(foot_row), _MAX_SHARE)
    if share < _NO_HAZE:
        return None
    lin = linear(np.asarray(pixels).reshape(-1, 3))
    clear = np.clip((lin - share * model.haze[None, :]) / (1.0 - share), 0.0, 1.0)
    return _srgb(clear)


def without_haze(rgb: np.ndarray, model: HazeModel | None = None, *, most: float = 0.6) -> np.ndarray | None:
    """A copy of ``rgb`` with the haze undone, for finding solids whose contrast the haze
    took; ``None`` where the ground shows no haze.

    A pixel like its row's free ground is ground, and has its row's share of haze. A pixel
    unlike it (a solid, a cast shadow) stands on the ground at its foot: it takes the share
    of the first ground pixel below it in its column (a solid's face keeps one share, so
    it is not graded into parts). Shares are capped at ``most`` (beyond it the noise grows
    more than the contrast). Each row's free ground is its median (solids cover less than
    half of a ground row). ``model``: the haze read off ``rgb``'s ground, when known."""
    model = model if model is not None else haze_model(rgb, np.zeros(rgb.shape[:2], bool))
    if model is None:
        return None
    shares = np.nan_to_num(np.minimum(model.shares, most), nan=0.0)
    if float(shares.max()) < _NO_HAZE:
        return None
    lin = linear(rgb)
    ground = ground_pixels(lin, model)
    ground[-1] = True  # a column ending in a solid takes the bottom row's share
    s = foot_shares(ground, shares)[..., None]
    clear = np.clip((lin - s * model.haze[None, None, :]) / (1.0 - s), 0.0, 1.0)
    return np.clip(_srgb(clear) + 0.5, 0, 255).astype(np.uint8)


def ground_pixels(lin: np.ndarray, model: HazeModel) -> np.ndarray:
    """The pixels of ``lin`` (linear light) like their row's free ground (within three times
    the ground's own grain in that row), in the rows the ``model`` knows."""
    known = np.isfinite(model.shares)
    away = np.abs(lin - np.nan_to_num(model.rows)[:, None, :]).max(axis=2)
    spread = np.full(known.shape[0], np.inf, np.float32)
    spread[known] = np.median(away[known], axis=1)  # the ground's own grain, per row
    return (away <= np.maximum(3.0 * spread, 0.01)[:, None]) & known[:, None]


def foot_shares(ground: np.ndarray, shares: np.ndarray) -> np.ndarray:
    """Each pixel's share of haze: its own row's where it is ground, else the share of the
    first ground pixel below it in its column (the foot of the solid or shadow it belongs
    to); 0 below the last ground pixel of a column."""
    h = ground.shape[0]
    foot = np.where(ground, np.arange(h)[:, None], h)
    foot = np.minimum.accumulate(foot[::-1], axis=0)[::-1]
    return np.append(shares, 0.0)[foot]


def linear(srgb: np.ndarray) -> np.ndarray:
    """Linear light of sRGB pixels (a smoothed copy may stray a little out of 0..255)."""
    srgb = np.asarray(srgb)
    if srgb.dtype == np.uint8:  # by table: the same values, a fraction of the time
        return linear_light(srgb)
    return linear_light(np.clip(srgb.astype(np.float32), 0.0, 255.0))


def _srgb(lin: np.ndarray) -> np.ndarray:
    """sRGB (0..255, float32) of linear light in 0..1."""
    return (np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055) * 255.0).astype(
        np.float32
    )
