"""Sensor noise: estimate it, and smooth it away (edges kept) before segmenting a drawing.

Heavy pixel noise (a phone photo of a slide, a scanned drawing: a standard deviation of
several grey levels) raises the segmenter's foreground threshold past a pale grey shape's
contrast and makes a flat drawing look textured to the reliability score. When the noise
estimate is high *and* the image under the noise is piecewise flat (a drawing or a render,
not a photograph's texture), perception reads an edge-preserving smoothed copy.

* :func:`noise_sigma` — the noise's standard deviation in grey levels, from the median
  absolute response of a Laplacian-difference kernel that cancels planes and flat
  patches (its squared weights sum to 36), so edges and gradients barely count;
* :func:`for_reading` — ``(image to read, whether it was smoothed)``.

Example:
    >>> import numpy as np
    >>> img = np.full((120, 160, 3), 200.0); img[40:80, 50:90] = (128, 128, 128)
    >>> noisy = np.clip(img + np.random.default_rng(0).normal(0, 6, img.shape), 0, 255).astype(np.uint8)
    >>> round(noise_sigma(noisy)) in (5, 6, 7), noise_sigma(img.astype(np.uint8)) < 0.5
    (True, True)
    >>> for_reading(noisy)[1], for_reading(img.astype(np.uint8))[1]
    (True, False)
"""

from __future__ import annotations

import numpy as np

__all__ = ["noise_sigma", "for_reading", "NOISE_SIGMA"]

#: Grey levels of noise from which an image is read on a smoothed copy.
NOISE_SIGMA = 2.0
#: Share of the smoothed copy that must lie in locally flat patches (a drawing, a render).
_FLAT_SHARE = 0.95
#: Robust residual (CIELAB units) of the background model on a smoothed plain canvas, as
#: (base, per grey level of noise): smoothing leaves about a fifth of the noise; a lit
#: scene's wall and floor leave more (a third of the noise, or 1.4 units, and up).
_PLAIN_CANVAS = (0.4, 0.25)
#: A wall or sky over a floor may leave this much more than a plain canvas (the light's
#: fall-off across the floor, a row's shading the per-row offset does not follow).
_LIT_SCENE = 1.25
#: Pixels the noise is estimated on (a reduced copy of larger images would average it away).
_MAX_SAMPLE = 250_000


def noise_sigma(rgb: np.ndarray) -> float:
    """Standard deviation of i.i.d. pixel noise per channel, in grey levels (0 on clean
    drawings), from a window of at most 250 000 full-resolution pixels."""
    import cv2

    rgb = np.asarray(rgb)
    h, w = rgb.shape[:2]
    if h < 8 or w < 8:
        return 0.0
    step = max(1, int(np.ceil(np.sqrt(h * w / _MAX_SAMPLE))))
    if step > 1:  # a window of full-resolution pixels, not a reduced copy
        ch, cw = min(h, int(np.sqrt(_MAX_SAMPLE * h / w))), min(w, int(np.sqrt(_MAX_SAMPLE * w / h)))
        y0, x0 = (h - ch) // 2, (w - cw) // 2
        rgb = rgb[y0 : y0 + ch, x0 : x0 + cw]
    chans = rgb.reshape(*rgb.shape[:2], -1).astype(np.float32)
    kernel = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], np.float32)
    response = np.abs(cv2.filter2D(chans, -1, kernel, borderType=cv2.BORDER_REFLECT))[1:-1, 1:-1]
    return float(np.median(response) / (0.6745 * 6.0))


def flat_share(lab: np.ndarray) -> float:
    """Share of pixels in flat colour patches (within 4 Lab units of their 3x3 neighbourhood's
    median). Summed channel by channel: a reduction over the length-3 last axis was ~8x slower."""
    import cv2

    lab = np.ascontiguousarray(lab, dtype=np.float32)
    sq = (lab - cv2.medianBlur(lab, 3)) ** 2
    return float((np.sqrt(sq[..., 0] + sq[..., 1] + sq[..., 2]) < 4.0).mean())


def for_reading(rgb: np.ndarray, *, plain: bool = False) -> tuple[np.ndarray, bool]:
    """``(image, smoothed)``: the image without a border or a ruled backdrop's lines (:mod:`.ruled`),
    as an edge-preserving smoothed copy (two bilateral passes, colour
    scale three noise deviations, spatial scale 2 px) when the noise estimate is at least
    :data:`NOISE_SIGMA` grey levels and the copy is piecewise flat; else the image itself.

    ``plain``: also require a plain canvas (the smooth background model fits the smoothed
    copy to within :data:`_PLAIN_CANVAS` Lab units for this much noise), or a plain wall or
    sky over a plain floor (a per-row backdrop with one step, the horizon, fits it as well). Segmentation and attributes ask for it:
    on a lit scene (a wall above a floor, soft contact shadows) the lower threshold a
    smoothed copy allows would make soft shadows and the floor's edge objects, while the
    high threshold of the noisy original leaves them out.
    """
    import cv2

    from .plot_axes import without_plot_axes
    from .ruled import unframed, unruled

    rgb, _ = without_plot_axes(np.ascontiguousarray(rgb))  # a chart's axes, ticks and numbers
    rgb, _ = unframed(np.ascontiguousarray(rgb))  # a border around the picture is no object
    rgb, _ = unruled(rgb)  # graph paper's lines are not what is drawn
    rgb = np.ascontiguousarray(rgb)
    sigma = noise_sigma(rgb)
    if sigma < NOISE_SIGMA:
        return rgb, False
    out = rgb
    for _ in range(2):
        out = cv2.bilateralFilter(out, 7, 3.0 * sigma, 2.0)
    from .colour import rgb_to_lab

    lab = rgb_to_lab(out)  # once, for the flat share and the canvas test
    if flat_share(lab) < _FLAT_SHARE:
        return rgb, False  # texture, not sensor noise (a photograph)
    if plain:
        from .background import fit_background

        model = fit_background(lab, out)
        limit = _PLAIN_CANVAS[0] + _PLAIN_CANVAS[1] * sigma
        if model.noise > limit and not _plain_by_rows(lab, out, model, limit):
            return rgb, False
    return out, True


def _plain_by_rows(lab: np.ndarray, rgb: np.ndarray, model: object, limit: float) -> bool:
    """Whether a wall or sky above a floor of another colour (one step, the horizon, in a
    per-row backdrop) explains the smoothed copy to within ``limit`` Lab units: a lit
    scene on plain grounds, whose threshold the noise alone would raise past its objects."""
    from .backdrop_rows import row_corrected

    h, w = lab.shape[:2]
    fit = row_corrected(lab, rgb, model.evaluate(h, w), model.noise, model.inlier_fraction, smoothed=True)  # type: ignore[attr-defined]
    return fit is not None and fit[2] is not None and fit[1] <= _LIT_SCENE * limit
