"""Is the ground a pattern (tiles, planks, grain), and where does its palette explain it?

A checkerboard floor in perspective or wooden planks fill the lower part of a shaded 3-D
scene with a pattern no smooth surface fits: the smooth background model
(:mod:`.background`) leaves tiles and seams as foreground and raises its threshold over
the objects. :func:`~.ground_palette.band_palettes` reads such a ground by the colours
that recur across the width of each band of rows. But sensor noise on a plain floor
recurs across the width too (every band shows the same cloud of colours): read as a
palette, the noise would lower the threshold and cut the floor into objects. So a
palette is trusted only where the ground shows *spatial structure* that i.i.d. noise
cannot have (:func:`structured_ground`):

* averaged over ``k x k`` blocks, i.i.d. noise shrinks as ``1 / k``: the second
  difference of the block means along a row halves each time the block side doubles;
* tiles, planks, grain and ridges are larger than a few pixels: their block means keep
  (or grow) their swing as the blocks grow, up to the pattern's own size.

The ratio of the two (8 px blocks over 4 px ones) is about 0.5 for sensor noise, with or
without JPEG (block means keep only the noise's low frequencies, which JPEG keeps) and 1
or more for a pattern. It is measured along rows, so a sky, a horizon or a floor graded
with depth (changes from row to row) count for nothing; a straight ramp across the width
has no second difference either.

Example:
    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> plain = np.full((240, 320), 60.0) + rng.normal(0, 3, (240, 320))
    >>> yy, xx = np.mgrid[:240, :320]
    >>> tiles = np.where((yy // 20 + xx // 20) % 2 == 1, 70.0, 50.0)
    >>> structured_ground(plain), structured_ground(tiles)
    (False, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .colour import lab_distance

__all__ = ["PatternedGround", "patterned_ground", "structured_ground", "textured_ground", "grey_pattern"]

#: Block sides (px) compared by :func:`structured_ground`.
_SMALL_BLOCK, _LARGE_BLOCK = 4, 8
#: Ratio of the large blocks' second-difference swing (75th percentile) to the small
#: ones' from which the ground is structured (i.i.d. noise: 0.5 to 0.75; tiles, planks,
#: ridges: 1 and up).
STRUCTURE_RATIO = 0.9
#: ... and the least swing (CIELAB lightness units, large blocks) that is a pattern at all.
_MIN_SWING = 0.5
#: A patterned ground is looked for where the smooth model's residual scale reaches this
#: (CIELAB units) or where it leaves this share of the picture over :data:`_THRESHOLD`.
_MISFIT = 1.0
_SEEN = 0.1
_THRESHOLD = 6.0
#: ... and taken where the recurring colours explain this share of the picture, cutting the
#: residual scale, or the share over the threshold, to this share of the smooth model's.
_EXPLAINS = 0.5
_GAIN = 0.6
#: A ground in two tones this far apart (sRGB) may be a pattern of greys (:func:`grey_pattern`):
#: faint tiles (a tone a few percent darker) hide a grey solid as well as strong ones do.
_TWO_TONE = 15.0
#: Median lightness gradient (CIELAB units per px) from which a picture is textured.
_TEXTURED = 0.15


@dataclass
class PatternedGround:
    """A patterned ground read by its recurring colours (:func:`patterned_ground`)."""

    background: np.ndarray  # (H, W, 6): Lab then sRGB, shadowed pixels given their lit colour
    noise: float  # robust residual scale on the pixels it explains
    explained: float  # share of the picture it explains
    tint: np.ndarray | None  # the cast shadows' tint, where they dim two ground colours alike
    neutral: bool  # a pattern of greys: a grey, white or black solid may hide in it
    tiled: bool  # tiles in perspective (:func:`~.reliability.tiled_floor`)
    mask: np.ndarray  # the pixels it explains


def structured_ground(lightness: np.ndarray, top: int = 0) -> bool:
    """Whether the picture below row ``top`` shows spatial structure beyond i.i.d. noise:
    the second difference along rows of ``8 x 8`` block means swings at least
    :data:`STRUCTURE_RATIO` times as much as that of ``4 x 4`` ones (75th percentiles), and
    at least :data:`_MIN_SWING` lightness units (module docstring)."""
    import cv2

    g = np.ascontiguousarray(lightness[top:], dtype=np.float32)
    h, w = g.shape
    if h < 4 * _LARGE_BLOCK or w < 4 * _LARGE_BLOCK:
        return False
    swings = []
    for k in (_SMALL_BLOCK, _LARGE_BLOCK):
        blocks = cv2.resize(g, (w // k, h // k), interpolation=cv2.INTER_AREA)
        second = np.abs(blocks[:, :-2] - 2.0 * blocks[:, 1:-1] + blocks[:, 2:])
        swings.append(float(np.percentile(second, 75)))
    small, large = swings
    return large >= _MIN_SWING and large >= STRUCTURE_RATIO * small


def patterned_ground(
    lab: np.ndarray,
    rgb: np.ndarray,
    bg: np.ndarray,
    old_noise: float,
    *,
    tiled: bool | None = None,
    top: int = 0,
) -> PatternedGround | None:
    """A patterned ground (tiles in perspective, planks, ridged sand:
    :func:`~.ground_palette.band_palettes`) where the smooth model ``bg`` (residual scale
    ``old_noise``) misfits the picture, the ground is structured beyond sensor noise
    (:func:`structured_ground`) and colours that recur across the width of their band of
    rows explain most of it far better; else ``None``. Bands without recurring colours
    keep the smooth model. ``tiled``: whether the picture is a tiled floor, when the caller
    knows. ``top``: the horizon (the first row below the backdrop's step), when the caller
    found one: the rows above it, the blend rows of the step included, keep ``bg`` (an
    enlarged copy's horizon is a few rows of blends, more colours than a band's palette
    holds, and was read as a foreground strip joining the solids that touch it)."""
    old = lab_distance(lab - bg[..., :3])
    if old_noise < _MISFIT and float((old > _THRESHOLD).mean()) < _SEEN:
        return None  # a plain or gently graded ground: the smooth model fits it
    tiled = _tiled(rgb) if tiled is None else tiled
    if not tiled and not textured_ground(lab):
        return None
    from .ground_palette import band_palettes, ground_distance, shadowed_background

    found = band_palettes(lab, rgb, top=top)
    if found is None:
        return None
    palette_bg, explained, banded, palettes = found
    share = float(explained.mean())
    if share < _EXPLAINS:
        return None
    out = np.where(banded[:, None, None], palette_bg, bg).astype(np.float32)
    new = ground_distance(lab, out)
    noise = float(1.4826 * np.median(new[explained])) + 0.3
    # Better than the smooth model: a far smaller residual scale (tiles), or far less of the
    # picture over the threshold (grain).
    old_share = float((old > max(_THRESHOLD, 5.0 * old_noise)).mean())
    new_share = float((new > max(_THRESHOLD, 5.0 * noise)).mean())
    if noise > _GAIN * old_noise and new_share > _GAIN * old_share:
        return None
    unexplained = (new > max(_THRESHOLD, 5.0 * noise)) & banded[:, None]
    shadowed, tint = shadowed_background(rgb, out, unexplained, palettes)
    return PatternedGround(shadowed, noise, share, tint, grey_pattern(palettes), tiled, explained)


def _tiled(rgb: np.ndarray) -> bool:
    """Tiles in perspective (:func:`~.reliability.tiled_floor`, on its ~0.06 MP copy)."""
    import cv2

    from .reliability import QUALITY_PIXELS, tiled_floor

    h, w = rgb.shape[:2]
    f = min(1.0, float(np.sqrt(QUALITY_PIXELS / max(h * w, 1))))
    from .receding_grid import turned_grid

    small = (
        np.ascontiguousarray(rgb)
        if f >= 1.0
        else cv2.resize(rgb, (max(8, round(w * f)), max(8, round(h * f))), interpolation=cv2.INTER_AREA)
    )
    return tiled_floor(small) or turned_grid(small)


def textured_ground(lab: np.ndarray) -> bool:
    """A textured ground under a horizon: the picture's median lightness gradient is
    :data:`_TEXTURED` CIELAB units per px or more, a sky or wall stands above the floor
    (the rows' colours step once: textured paper under a sketch shows no horizon), and
    below it the texture is structured beyond sensor noise (:func:`structured_ground`)."""
    import cv2

    from .backdrop_rows import horizon_step

    lightness = np.ascontiguousarray(lab[..., 0], dtype=np.float32)
    gx = cv2.Sobel(lightness, cv2.CV_32F, 1, 0, ksize=3) / 8.0
    gy = cv2.Sobel(lightness, cv2.CV_32F, 0, 1, ksize=3) / 8.0
    if float(np.median(np.hypot(gx, gy))) < _TEXTURED:
        return False
    horizon = horizon_step(lab)
    return horizon is not None and structured_ground(lightness, horizon)


def grey_pattern(palettes: list[tuple[int, int, np.ndarray]]) -> bool:
    """Whether the ground is a pattern of greys: two clearly different tones (sRGB
    :data:`_TWO_TONE` apart) in a third of its bands or more, and nine in ten of its
    colours ones the engine itself names gray, white or black (:func:`~.flat.colour_term`):
    a solid of such a colour is told from the tiles by nothing the reading reports. (A
    plain grey floor is no pattern: a solid on it differs from its one colour.)"""
    if not palettes:
        return False
    two_tone = [
        float(np.linalg.norm(c[:, None, :] - c[None, :, :], axis=2).max()) >= _TWO_TONE
        for _, _, c in palettes
    ]
    if float(np.mean(two_tone)) < 1 / 3:
        return False
    from .flat import colour_term

    colours = np.concatenate([c for _, _, c in palettes])
    neutral = [colour_term(np.clip(c, 0, 255))[0] in ("gray", "white", "black") for c in colours]
    return float(np.mean(neutral)) >= 0.9
