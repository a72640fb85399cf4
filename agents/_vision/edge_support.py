"""Edge support: does an object's outline lie on a real edge of the picture?

A drawn shape, a rendered solid and a photographed object with a crisp silhouette change
colour within a pixel or two of their outline. A cloud, a nebula's glow, a defocused light
or a band of graded sky cut out of a gradient has no such edge: the colour drifts over many
pixels and the segmenter's outline is wherever a threshold happened to fall, so its size,
shape and count say nothing about the scene.

:func:`edge_support` measures, for every outline pixel, the colour step far across it (mean
colours inside and outside at 15% of the object's size, at least 2 x ``reach`` + 2 px) and
the steepest colour change (Sobel, CIELAB units per pixel) within ``reach`` of it on either
side (4% of the object's size, at least 4 px: the segmenter's outline may lie a few pixels
off the true edge; an anti-aliased, noisy or JPEG'd edge, or a drawing upscaled 8x, is still
that steep). Of the outline pixels with a step far across (over :data:`STEP` CIELAB units; where the
outline meets a like colour there is no evidence either way) it returns the share where a
change that steep completes it within ``reach``. Outline
pixels on the frame's border have no outside and do not count.

Example:
    >>> import numpy as np
    >>> img = np.full((120, 120, 3), 230, np.uint8); img[40:80, 40:80] = (200, 30, 30)
    >>> m = np.zeros((120, 120), bool); m[40:80, 40:80] = True
    >>> edge_support(img, m) > 0.9
    True
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["edge_support", "edge_measures", "STEP", "SHARP"]

#: A colour step under this many CIELAB units far across the outline is no edge at all.
STEP = 6.0
#: The share of the far step that the steepest change near the outline completes within
#: ``reach`` pixels for the edge to count as sharp.
SHARP = 1.0
#: On a crop whose grain (:func:`_grain`, CIELAB L units) exceeds :data:`GRAIN` the steepest
#: change is measured after a Gaussian blur of this sigma (px of the measured copy): a crisp
#: edge, anti-aliased or JPEG'd, still completes within ``reach`` (4 px or more); grain no
#: longer makes a steep change of its own on a soft outline.
GRAIN_SIGMA = 1.0
GRAIN = 0.7
#: ``lit_support`` is measured where the object is the lighter side on at least this share of
#: its stepped outline (defocused lights on a dark ground: nearly all of it; a faceted cone
#: render's pale seams 0.07).
LIT_SHARE = 0.5
#: A bigger object's crop is measured on a copy of about this many pixels.
CROP_PIXELS = 40_000


def edge_support(rgb: np.ndarray, mask: np.ndarray) -> float | None:
    """Share (0..1) of the outline of ``mask`` lying on a sharp colour step in ``rgb``;
    ``None`` when the object is too small (under 10 px across) or its outline lies on the
    frame's border throughout."""
    return edge_measures(rgb, mask)[0]


def edge_measures(rgb: np.ndarray, mask: np.ndarray) -> tuple[float | None, float | None, float | None]:
    """``(edge_support, open_share, lit_support)``: :func:`edge_support`; the share of the
    measured outline (off the frame's border) that meets a like colour far across (no step
    over :data:`STEP`): where the object's colour runs on into its surroundings; and the
    edge support of the stretches where the object is the lighter side (``None`` under 8
    such pixels, or under :data:`LIT_SHARE` of the stepped outline). A soft stretch where the
    object is darker is a penumbra (a solid's soft shadow taken into its mask); a soft one
    where it is lighter is light spreading out (a defocused light, a glow): a solid's lit
    body ends on a sharp step."""
    steps = _steps(rgb, mask)
    if steps is None:
        return None, None, None
    keyed, step_near, step_far, outer, lighter = steps
    stepped = keyed & (step_far > STEP)  # where the outline meets a like colour, no evidence
    # Open: on the outer outline only (a hole's or a seam's rim inside the object meets the
    # object's own colour across a thin gap: that is no colour running on into the scene).
    open_share = round(1.0 - float((stepped & outer).sum()) / max(float(outer.sum()), 1.0), 3)
    if int(stepped.sum()) < 8:
        return None, open_share, None
    sharp = stepped & (step_near >= SHARP * step_far)
    lit = stepped & lighter
    # A light is the lighter side all round; an object lighter than its surroundings on a few
    # stretches only (a render's pale seam, a patch of brighter ground taken in) is no light.
    glows = int(lit.sum()) >= max(8, LIT_SHARE * int(stepped.sum()))
    lit_support = round(float((sharp & lit).sum()) / float(lit.sum()), 3) if glows else None
    return round(float(sharp.sum()) / float(stepped.sum()), 3), open_share, lit_support


def _steps(
    rgb: np.ndarray, mask: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """``(keyed, step_near, step_far, outer, lighter)`` per pixel of the object's crop (flat):
    the outline pixels measured, the colour steps across them near and far, which of them lie
    on the outer outline (next to the scene, not to a hole or seam inside the object), and
    where the object is lighter (CIELAB L) than its surroundings far across."""
    import cv2

    from .colour import rgb_to_lab

    count = int(np.count_nonzero(mask))
    if count < 100:
        return None
    side = math.sqrt(float(count))
    if side < 10:
        return None
    pad = int(math.ceil(max(12.0, 0.15 * side))) + 2
    h, w = mask.shape
    ys, xs = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    y0, y1 = max(0, int(ys[0]) - pad), min(h, int(ys[-1]) + 1 + pad)
    x0, x1 = max(0, int(xs[0]) - pad), min(w, int(xs[-1]) + 1 + pad)
    m = np.ascontiguousarray(mask[y0:y1, x0:x1]).astype(np.uint8)
    crop = np.ascontiguousarray(np.asarray(rgb)[y0:y1, x0:x1])
    f = math.sqrt(CROP_PIXELS / float(m.size))
    if f < 1.0:  # a big object is measured on a smaller copy (the distances scale with it)
        size = (max(8, round(m.shape[1] * f)), max(8, round(m.shape[0] * f)))
        crop = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
        m = cv2.resize(m, size, interpolation=cv2.INTER_NEAREST)
        side *= f
    reach = max(4.0, 0.04 * side)
    far = max(2.0 * reach + 2.0, 0.15 * side)
    lab = rgb_to_lab(crop).astype(np.float32)
    # The steepest colour change per pixel (Sobel / 8: half a sharp step on each side of it).
    # On a grainy crop, measured on a lightly smoothed copy (:data:`GRAIN_SIGMA`): sensor grain
    # makes steep one-pixel changes everywhere, which would lend a soft outline a sharp step.
    # A clean crop (a drawing, a render) is measured as it is: a 1 px stroke stays steep.
    smooth = cv2.GaussianBlur(lab, (0, 0), GRAIN_SIGMA) if _grain(lab) > GRAIN else lab
    grad = np.zeros(lab.shape[:2], np.float32)
    for c in range(3):
        gx = cv2.Sobel(smooth[..., c], cv2.CV_32F, 1, 0, ksize=3)
        gy = cv2.Sobel(smooth[..., c], cv2.CV_32F, 0, 1, ksize=3)
        grad += gx * gx + gy * gy
    grad = np.sqrt(grad).ravel() / 8.0
    # Outside pixels: distance to (and label of) their nearest inside pixel; inside pixels:
    # distance to their nearest outside pixel, whose own nearest inside pixel is the key.
    d_out, lab_out = cv2.distanceTransformWithLabels(1 - m, cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_PIXEL)
    d_in, lab_in = cv2.distanceTransformWithLabels(m, cv2.DIST_L2, 5, labelType=cv2.DIST_LABEL_PIXEL)
    inside, outside = m.astype(bool), ~m.astype(bool)
    n = m.size
    # position of each label's seed pixel (labels number the zero pixels of each transform)
    seed_in = np.full(int(lab_out.max()) + 1, -1, np.int64)  # label -> flat index of inside pixel
    seed_in[lab_out[inside]] = np.flatnonzero(inside)
    seed_out = np.full(int(lab_in.max()) + 1, -1, np.int64)  # label -> flat index of outside pixel
    seed_out[lab_in[outside]] = np.flatnonzero(outside)
    key_out = seed_in[lab_out.ravel()]  # outside pixel -> nearest inside pixel
    key_in = key_out[np.maximum(seed_out[lab_in.ravel()], 0)]  # inside -> via nearest outside pixel
    # Outline pixels on the frame's border: their outside lies beyond the frame.
    border = np.zeros_like(m, dtype=bool)
    if y0 == 0:
        border[0] = True
    if y1 == h:
        border[-1] = True
    if x0 == 0:
        border[:, 0] = True
    if x1 == w:
        border[:, -1] = True
    on_border = np.zeros(n, bool)
    on_border[np.flatnonzero(inside & border)] = True
    flat_lab = lab.reshape(-1, 3)

    def ring_means(key: np.ndarray, dist: np.ndarray, sel: np.ndarray, lo: float, hi: float):
        pick = sel.ravel() & (dist.ravel() >= lo) & (dist.ravel() <= hi) & (key >= 0)
        k = key[pick]
        cnt = np.bincount(k, minlength=n).astype(np.float32)
        sums = np.stack([np.bincount(k, weights=flat_lab[pick, c], minlength=n) for c in range(3)], -1)
        return sums / np.maximum(cnt, 1)[:, None], cnt > 0

    in_near, ok1 = ring_means(key_in, d_in, inside, 0.5, reach + 0.5)
    out_near, ok2 = ring_means(key_out, d_out, outside, 0.5, reach + 0.5)
    in_far, ok3 = ring_means(key_in, d_in, inside, far - 1.0, far + 1.0)
    out_far, ok4 = ring_means(key_out, d_out, outside, far - 1.0, far + 1.0)
    keyed = ok2 & ~on_border  # outline pixels with an outside next to them
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(m)
    cv2.drawContours(filled, contours, -1, 1, -1)
    scene = (outside & ~filled.astype(bool)).ravel() & (d_out.ravel() <= reach + 0.5) & (key_out >= 0)
    outer = np.zeros(n, bool)
    outer[key_out[scene]] = True
    outer &= keyed
    # A thin part (a line, a ring) has no inside that deep: its colour is what near says;
    # likewise an outside cut by the frame.
    in_far = np.where(ok3[:, None], in_far, in_near)
    out_far = np.where(ok4[:, None], out_far, out_near)
    if int(keyed.sum()) < 8:
        return None
    # The steepest change within ``reach`` of each outline pixel, either side (the segmenter's
    # outline may lie a few pixels off the true edge), times ``reach``: the step a change that
    # steep completes within that distance.
    steepest = np.zeros(n, np.float32)
    for key, dist, sel in ((key_in, d_in, inside), (key_out, d_out, outside)):
        pick = sel.ravel() & (dist.ravel() <= reach + 0.5) & (key >= 0)
        np.maximum.at(steepest, key[pick], grad[pick])
    step_near = steepest * reach
    step_far = np.linalg.norm(in_far - out_far, axis=1)
    return keyed, step_near, step_far, outer, in_far[:, 0] > out_far[:, 0]


def _grain(lab: np.ndarray) -> float:
    """Robust scale (1.4826 x median absolute value, CIELAB L units) of the crop's lightness
    minus its 3x3 median: sensor grain; next to nothing on a drawing or a render, however
    many edges it has (a step survives the median)."""
    import cv2

    light = np.ascontiguousarray(lab[..., 0], dtype=np.float32)
    return 1.4826 * float(np.median(np.abs(light - cv2.medianBlur(light, 3))))
