"""Is this a 3-D scene of solids on a ground? The evidence the picture itself gives.

Some perception steps read depth cues (haze over a receding ground, concave silhouettes of
solids in front of each other) that flat drawings and photos imitate: a sheet of paper
graded toward one edge looks like a hazy floor, a clock's soft shadow makes its outline
concave. Those steps ask this check first.

Two cues are counted, each one a thing a lit solid shows and a flat fill does not:

* a **shaded solid**: a thing standing out from its row's ground on a sharp outline, whose
  body's lightness spans a lit and a dark side (at least :data:`SHADED_RANGE` units of L*)
  smoothly (its grain, the step from a pixel to its smoothed neighbourhood, is small
  beside that span). A drawing's fill is one lightness; a photo's texture or print is
  grainy; a blurred blob of a defocused backdrop has no sharp outline.
* a **cast shadow**: beside such a solid, in the same thing, pixels that are the ground's
  own colour dimmed alike in every channel (a darker copy of the ground under them).

The scene is 3-D where one shaded solid casts a shadow, or where two shaded solids stand
apart (a render without shadows, a plot of shaded solids). Things are found against each
row's median colour, so a ground graded with height (paper under a lamp, a floor receding
to its horizon) is still ground.

Example:
    >>> import numpy as np
    >>> yy, xx = np.mgrid[0:120, 0:160]
    >>> img = np.full((120, 160, 3), 200, np.uint8)
    >>> ball = (yy - 50) ** 2 + (xx - 50) ** 2 <= 20**2
    >>> img[ball] = np.clip(60 + 3 * (xx - 30) + 1.5 * (yy - 30), 0, 255)[ball, None] * [1, 0.3, 0.3]
    >>> img[((yy - 72) ** 2 / 36 + (xx - 75) ** 2 / 400 <= 1) & ~ball] = 120  # its shadow
    >>> solid_scene(img).three_d
    True
    >>> flat = np.full((120, 160, 3), 200, np.uint8)
    >>> flat[ball] = (200, 40, 40)
    >>> solid_scene(flat).three_d
    False
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["SceneEvidence", "solid_scene"]

#: The check reads a copy at most this many pixels on its longer side.
_SIDE = 256
#: A thing differs from its row's ground by this much (CIELAB distance), and by four times
#: the row's own spread.
_THING = 12.0
#: A thing spans at least this share of the image (smaller: letters, ticks, noise) ...
_SMALLEST = 0.002
#: ... and at most this share (larger: the ground itself, a backdrop band).
_LARGEST = 0.4
#: A shaded solid's body spans this many units of lightness (5th to 95th percentile), and
#: this share of its outline's contrast with the ground (haze and a dark colour compress
#: both alike) ...
SHADED_RANGE = 6.0
_SHADED_SHARE = 0.2
#: ... with a grain (median distance of a pixel's lightness from its 2-px neighbourhood)
#: under this share of the span: shading is smooth, texture is not.
_GRAIN = 0.12
#: Its outline is sharp: the steps across it (upper quartile) are this share of its
#: contrast with the ground (a defocused blob fades into its ground over many pixels).
_SHARP = 0.2
#: A lit side and a dark side: the centres of the body's light and dark pixels (the top
#: and bottom quarter of its span) lie this share of its radius apart.
_SIDES = 0.4
#: A shadow dims the ground by a ratio in this range, every channel within
#: :data:`_EVEN` of the others ...
_DIM = (0.2, 0.85)
_EVEN = 0.12
#: ... over at least this share of the solid's body.
_SHADOW_SHARE = 0.1


@dataclass(frozen=True)
class SceneEvidence:
    """What the check found: ``solids`` (shaded solids), ``shadowed`` (those beside a cast
    shadow) and the verdict ``three_d``."""

    solids: int
    shadowed: int

    @property
    def three_d(self) -> bool:
        return self.shadowed >= 1 or self.solids >= 2


def _small(rgb: np.ndarray) -> np.ndarray:
    import cv2

    h, w = rgb.shape[:2]
    scale = _SIDE / max(h, w)
    img = np.ascontiguousarray(rgb[..., :3])
    if img.dtype != np.uint8:
        img = np.clip(img, 0, 255).astype(np.uint8)
    if scale < 1:
        img = cv2.resize(
            img, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA
        )
    return img


def _lit_side(core: np.ndarray, values: np.ndarray, lo: float, hi: float) -> bool:
    """Whether the body's light and dark pixels (the top and bottom quarter of its span of
    lightness) lie on opposite sides: their centres :data:`_SIDES` of the body's radius
    apart (a lit and a dark side, a box's lit and shaded faces; a ring or a glow brighter or
    darker all round, a fill inside a dark outline, has both near its middle)."""
    ys, xs = np.nonzero(core)
    quarter = 0.25 * (hi - lo)
    dark, light = values <= lo + quarter, values >= hi - quarter
    if not dark.any() or not light.any():
        return False
    apart = np.hypot(ys[dark].mean() - ys[light].mean(), xs[dark].mean() - xs[light].mean())
    return bool(apart >= _SIDES * np.sqrt(core.sum() / np.pi))


def solid_scene(rgb: np.ndarray) -> SceneEvidence:
    """The evidence in ``rgb`` (``H x W x 3`` sRGB) that it shows solids on a ground (see
    the module docstring)."""
    import cv2

    from .colour import rgb_to_lab
    from .soft_shadows import linear_light

    img = _small(rgb)
    h, w = img.shape[:2]
    lab = rgb_to_lab(img).astype(np.float32)
    ground = np.median(lab, axis=1)  # each row's ground
    diff = np.linalg.norm(lab - ground[:, None, :], axis=2)
    spread = np.median(diff, axis=1)
    limit = np.maximum(_THING, 4.0 * spread)[:, None]
    thing = cv2.morphologyEx((diff > limit).astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(thing, connectivity=8)
    # Each pixel's brightness relative to its row's ground, per channel (linear light).
    lin = linear_light(img)
    ground_lin = np.median(lin, axis=1)
    ratio = lin / np.maximum(ground_lin[:, None, :], 1e-3)
    mean_ratio = ratio.mean(axis=2)
    even = (ratio.max(axis=2) - ratio.min(axis=2)) < _EVEN * np.maximum(mean_ratio, 1e-3) + 0.03
    shadowish = even & (mean_ratio > _DIM[0]) & (mean_ratio < _DIM[1])
    lum = cv2.GaussianBlur(lab[..., 0], (0, 0), 0.8)
    neighbourhood = cv2.GaussianBlur(lum, (0, 0), 2.0)
    kernel = np.ones((3, 3), np.uint8)
    # Each pixel's step to its neighbours (CIELAB distance per pixel).
    steep = (
        np.sqrt(
            sum(
                cv2.Sobel(lab[..., c], cv2.CV_32F, 1, 0) ** 2 + cv2.Sobel(lab[..., c], cv2.CV_32F, 0, 1) ** 2
                for c in range(3)
            )
        )
        / 8.0
    )
    solids = shadowed = 0
    for k in range(1, n):
        area = int(stats[k, cv2.CC_STAT_AREA])
        if not _SMALLEST * h * w <= area <= _LARGEST * h * w:
            continue
        comp = labels == k
        shadow = comp & shadowish
        body = comp & ~shadow
        core = cv2.erode(body.astype(np.uint8), kernel, iterations=2).astype(bool)
        if core.sum() < 30:
            continue
        values = lum[core]
        lo, hi = np.percentile(values, (5, 95))
        span = float(hi - lo)
        rim = comp & ~cv2.erode(comp.astype(np.uint8), kernel).astype(bool)
        inside = cv2.erode(comp.astype(np.uint8), kernel).astype(bool)
        edge = inside & ~cv2.erode(inside.astype(np.uint8), kernel).astype(bool)
        if not edge.any():
            continue
        contrast = float(np.median(diff[edge]))
        # The body's own outline: not where its cast shadow's soft edge bounds the thing.
        outline = (rim | edge) & ~cv2.dilate(shadow.astype(np.uint8), kernel, iterations=2).astype(bool)
        if outline.sum() < 8:
            outline = rim | edge
        if float(np.percentile(steep[outline], 75)) < _SHARP * contrast:
            continue  # fades into the ground: a defocused blob
        if span < max(SHADED_RANGE, _SHADED_SHARE * contrast):
            continue  # one lightness: a flat fill
        grain = float(np.median(np.abs(values - neighbourhood[core])))
        if grain > _GRAIN * span:
            continue  # texture, print, noise
        if not _lit_side(core, values, lo, hi):
            continue  # light all round (a lens's ring, a radial glow): no lit and dark side
        solids += 1
        if shadow.sum() >= _SHADOW_SHARE * body.sum():
            shadowed += 1
    return SceneEvidence(solids, shadowed)
