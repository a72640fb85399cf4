"""Background / ground estimation and foreground evidence for the geometric segmenter.

The background (a table top, a ground plane, a studio backdrop) is modelled as a
smooth surface: a polynomial in (x, y) per channel (CIELAB for distances, sRGB for
shadow ratios), fitted on a downsampled image. The fit starts from the image's most
frequent colour (the background nearly always covers the most pixels), then alternates
a least-squares fit (plane first, then quadratic) with keeping only pixels close to it,
so objects touching the border or covering a corner do not bend it.

Cast shadows are recognised as a *uniform darkening* of the background: the
pixel / background ratio is the same in the three channels (a multiplicative change
survives the sRGB gamma) and equals the scene's one shadow ratio (one key light plus
ambient), found as the sharp mode of the ratio histogram. Shadow regions must be
thicker than a thin band, which keeps iso-brightness curves on shaded grey objects.

Example:
    >>> import numpy as np
    >>> img = np.full((40, 60, 3), 120, np.uint8); img[10:20, 20:30] = (200, 30, 30)
    >>> fg = foreground_evidence(img)
    >>> bool(fg.object_mask[15, 25]) and not bool(fg.object_mask[2, 2])
    True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from . import drawn_lines
from .colour import lab_distance, rgb_to_lab

__all__ = ["BackgroundModel", "Foreground", "fit_background", "foreground_evidence"]

_WEIGHTS = np.array([0.5, 1.0, 1.0])  # lightness counts half: shading varies it most
_BLEED_STEPS = 12  # px a shadow may be grown through chroma bleed (JPEG chroma blocks are 16 px)
_BLEED_CHROMA = 8.0  # CIELAB chroma distance from the shadowed background still called shadow


@dataclass
class BackgroundModel:
    """A smooth background: per-channel polynomial in normalized (x, y), Lab + sRGB."""

    coeffs: np.ndarray  # (6, 6): design terms x [L, a, b, R, G, B]
    inlier_fraction: float
    noise: float  # robust scale of the Lab residuals on inliers
    step: int

    def evaluate(self, height: int, width: int) -> np.ndarray:
        """Background image ``(height, width, 6)`` (Lab then sRGB 0..255), float32."""
        import cv2

        hs, ws = -(-height // self.step), -(-width // self.step)
        ys = (np.arange(hs) * self.step + self.step / 2 - 0.5) / max(height - 1, 1)
        xs = (np.arange(ws) * self.step + self.step / 2 - 0.5) / max(width - 1, 1)
        gx, gy = np.meshgrid(xs, ys)
        small = (_design(gx.ravel(), gy.ravel()) @ self.coeffs).reshape(hs, ws, 6).astype(np.float32)
        return cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)


@dataclass
class Foreground:
    """Per-pixel evidence: what is object, what is shadow, and the background itself."""

    lab: np.ndarray
    background: np.ndarray  # (H, W, 6): Lab then sRGB
    distance: np.ndarray  # weighted Lab distance to the background
    shadow_mask: np.ndarray
    object_mask: np.ndarray
    threshold: float
    shadow_ratio: float | None
    model: BackgroundModel
    rows: bool = False  # a per-row correction was added (a backdrop changing with height)
    horizon: int | None = None  # with it, the first row below the backdrop's one step
    banded: bool = False  # the per-row correction goes up and down in bands (cards, stripes)
    stepped: bool = False  # uncorrected, the rows' colours still step once (a horizon)
    patterned: bool = False  # read against a patterned ground (:mod:`.patterned_ground`)


def _design(x: np.ndarray, y: np.ndarray, order: int = 2) -> np.ndarray:
    cols = [np.ones_like(x), x, y]
    if order >= 2:
        cols += [x * x, x * y, y * y]
    else:
        cols += [np.zeros_like(x)] * 3
    return np.stack(cols, axis=1).astype(np.float64)


def fit_background(lab: np.ndarray, rgb: np.ndarray, *, step: int = 4) -> BackgroundModel:
    """Fit the robust background model to an image (sampled every ``step`` pixels)."""
    h, w = lab.shape[:2]
    sub_lab = lab[step // 2 :: step, step // 2 :: step].reshape(-1, 3).astype(np.float64)
    sub_rgb = rgb[step // 2 :: step, step // 2 :: step].reshape(-1, 3).astype(np.float64)
    values = np.concatenate([sub_lab, sub_rgb], axis=1)
    ys, xs = np.mgrid[step // 2 : h : step, step // 2 : w : step]
    x = xs.ravel() / max(w - 1, 1)
    y = ys.ravel() / max(h - 1, 1)
    # Initial inliers: pixels near the most frequent (coarsely quantized) colour.
    q = np.floor(sub_lab / np.array([6.0, 5.0, 5.0])).astype(np.int64)
    keys = (q[:, 0] * 1000 + q[:, 1] + 500) * 1000 + q[:, 2] + 500
    uniq, counts = np.unique(keys, return_counts=True)
    mode_key = uniq[np.argmax(counts)]
    # A canvas framed by one colour is that colour, even when a big shape covers most of
    # it (a drawing's ground shows at its edges; a photo's edges are rarely uniform).
    edge = (x <= 0.03) | (x >= 0.97) | (y <= 0.03) | (y >= 0.97)
    if edge.sum() >= 20:
        e_uniq, e_counts = np.unique(keys[edge], return_counts=True)
        if e_counts.max() >= 0.8 * edge.sum():
            mode_key = e_uniq[np.argmax(e_counts)]
    mode_lab = np.median(sub_lab[keys == mode_key], axis=0)
    resid = np.sqrt((((sub_lab - mode_lab) * _WEIGHTS) ** 2).sum(axis=1))
    keep = resid < 14.0
    coeffs = np.zeros((6, 6))
    noise = 1.0
    schedule = [(1, 12.0), (1, 9.0), (2, 7.0), (2, 0.0)]
    for order, floor in schedule:
        if keep.sum() < 12:
            keep = np.ones_like(keep)
        design = _design(x, y, order)
        a = design[keep]
        coeffs = np.linalg.solve(a.T @ a + 1e-6 * np.eye(6), a.T @ values[keep])
        pred = design @ coeffs
        resid = np.sqrt((((sub_lab - pred[:, :3]) * _WEIGHTS) ** 2).sum(axis=1))
        noise = float(1.4826 * np.median(resid[keep])) + 0.3
        keep = resid < max(floor, 4.0 * noise, 3.0)
    return BackgroundModel(coeffs.astype(np.float32), float(keep.mean()), noise, step)


def foreground_evidence(
    rgb: np.ndarray,
    *,
    threshold: float | None = None,
    shadows: bool = True,
    noisy_input: bool | None = None,
    smoothed: bool = False,
) -> Foreground:
    """Separate object pixels from background and cast shadows.

    Args:
        rgb: ``(H, W, 3)`` uint8 image.
        threshold: Lab distance above which a pixel is foreground (default: adaptive,
            ``max(6, 5 * noise)``).
        shadows: detect and remove cast shadows.
        noisy_input: whether the image (before any smoothing the caller did) shows pixel
            noise (default: :func:`noisy` of ``rgb``); shadows are then judged on medians.
        smoothed: ``rgb`` is a copy smoothed from heavy sensor noise
            (:func:`~.denoise.for_reading`); a backdrop changing with height is corrected
            row by row as on a clean image.
    """
    lab = rgb_to_lab(rgb)
    h, w = lab.shape[:2]
    model = fit_background(lab, rgb)
    bg = model.evaluate(h, w)
    noise = model.noise
    # A sky or wall above a graded or hazy floor: a per-row correction (else the residual
    # raises the threshold and puts the shadows' ratios off).
    # Under pixel noise only when the smooth model alone sees (almost) nothing: there its
    # residual is mostly the noise, and a threshold from the corrected backdrop can let the
    # noisy ground through; but a sky over a graded floor under slight noise would otherwise
    # raise the threshold over every object ("0 objects").
    # A copy the caller smoothed from heavy noise tries the correction as a clean image
    # does, its leftover noise allowed for.
    from .backdrop_rows import MIN_ROW_SPAN, horizon_step, row_corrected, row_span
    from .ruled_steps import ruled_step

    is_noisy = noisy(rgb) if noisy_input is None else noisy_input
    distance: np.ndarray | None = None
    if is_noisy and not smoothed:
        distance, thr = _distance(lab, bg, noise, threshold)
        sees_nothing = threshold is None and float((distance > thr).mean()) < _SEES_NOTHING
        corrected = row_corrected(lab, rgb, bg, noise, model.inlier_fraction) if sees_nothing else None
    else:
        corrected = row_corrected(lab, rgb, bg, noise, model.inlier_fraction, smoothed=smoothed)
    horizon, banded, changes = None, False, False
    if corrected is not None:
        # Kept as the backdrop however small; but only a correction that moves the backdrop
        # by more than noise does across the height is a sky or wall above a floor (a
        # canvas weave, JPEG noise on a plain slide or hatching's rows leave under 1.5 units).
        changes = row_span(corrected[0] - bg) >= MIN_ROW_SPAN
        bg, noise, horizon, banded = corrected
        if horizon is not None and ruled_step(lab, horizon):  # drawn bands (swimlanes), no ground
            horizon, banded = None, True
        distance = None  # measured against the corrected backdrop below
    if distance is None:
        distance, thr = _distance(lab, bg, noise, threshold)
    ground = None
    if threshold is None and not smoothed:
        from .patterned_ground import patterned_ground

        # Tiles or planks no smooth surface fits (sensor noise is no pattern): the ground
        # is its recurring colours, a pixel far from all of them is foreground. (A copy
        # smoothed from heavy noise is piecewise flat, and its leftover noise is no longer
        # i.i.d.: no pattern is looked for there.)
        ground = patterned_ground(lab, rgb, bg, noise, top=horizon or 0)
    if ground is not None:
        from .ground_palette import ground_distance

        bg, noise = ground.background, ground.noise
        distance, thr = ground_distance(lab, bg), max(6.0, 5.0 * noise)
    candidate = distance > thr
    shadow = np.zeros_like(candidate)
    ratio_mode: float | None = None
    if shadows and candidate.any():
        # On a copy smoothed from heavy noise, a lit scene's shadows keep their tint and a
        # leftover of the noise on top of it: the two add up.
        lit_smoothed = smoothed and horizon is not None
        shadow, ratio_mode = _shadow_pixels(
            rgb, lab, bg[..., 3:], candidate, is_noisy, lit_smoothed, None if ground is None else ground.tint
        )
        page = not (changes or horizon is not None or ground is not None)  # grey lines there: ink
        shadow, ratio_mode = drawn_lines.lines_not_shadows(rgb, bg[..., 3:], shadow, ratio_mode, page)
    obj = candidate & ~shadow
    # A sky or wall above a textured or noisy floor, which no row correction fits (or
    # whose planks' seams make the correction look banded): its rows' median colours
    # still show the horizon, one step (a scene with a ground plane; bands of cards have
    # several).
    stepped = (corrected is None or banded) and horizon_step(lab) is not None
    return Foreground(
        lab, bg, distance, shadow, obj, thr, ratio_mode, model, changes, horizon, banded, stepped,
        ground is not None,
    )  # fmt: skip


#: Share of the image over the threshold below which the smooth model "sees nothing".
_SEES_NOTHING = 0.002


def _distance(
    lab: np.ndarray, bg: np.ndarray, noise: float, threshold: float | None
) -> tuple[np.ndarray, float]:
    """Weighted Lab distance to the background model, and the threshold on it."""
    diff = lab - bg[..., :3]
    distance = lab_distance(diff)
    return distance, float(threshold) if threshold is not None else max(6.0, 5.0 * noise)


def noisy(rgb: np.ndarray) -> bool:
    """Whether pixel noise is visible on the image's flattest patches (mean absolute
    difference from the 3 x 3 median above 0.3 grey levels on half the pixels; 0 on
    clean renders and JPEG, whose flat areas stay flat)."""
    import cv2

    small = np.ascontiguousarray(rgb[::2, ::2] if rgb.shape[0] * rgb.shape[1] > 400_000 else rgb)
    blurred = cv2.medianBlur(small, 3)
    # cv2.absdiff per channel, summed: the same median as the mean over channels (sum / 3 vs
    # 0.9), without numpy's slow reduction over a length-3 axis.
    diff = cv2.absdiff(small, blurred).astype(np.uint16)
    total = diff[..., 0] + diff[..., 1] + diff[..., 2]
    return float(np.percentile(total, 50)) / 3 > 0.3


def _shadow_pixels(
    rgb: np.ndarray,
    lab: np.ndarray,
    bg_rgb: np.ndarray,
    candidate: np.ndarray,
    noisy_input: bool,
    additive: bool = False,
    ground_tint: np.ndarray | None = None,
) -> tuple[np.ndarray, float | None]:
    # Per-channel ratios to the background, their mean and relative spread; channel by channel
    # (reductions over a length-3 last axis were 9x slower), bit-identical to ratio.mean(axis=2).
    den = np.maximum(bg_rgb, np.float32(4.0))
    r, g, b = (rgb[..., k].astype(np.float32) / den[..., k] for k in range(3))
    mean_ratio = ((r + g + b).astype(np.float64) / 3).astype(np.float32)
    spread = (np.maximum(np.maximum(r, g), b) - np.minimum(np.minimum(r, g), b)) / np.maximum(
        mean_ratio, 1e-3
    )
    from .soft_shadows import linear_light, shadow_tint

    # (The smooth fit may dip under 0 where it extrapolates past a very dark ground.)
    linear = linear_light(rgb) / np.maximum(linear_light(np.maximum(bg_rgb, 0.0)), 1e-3)
    tint = shadow_tint(linear, candidate)
    if tint is None:
        # Hard shadows on a patterned ground: their tint, read where they dim two of the
        # pattern's colours alike (:func:`~.ground_palette.shadowed_background`).
        tint = ground_tint
    soft = tint is not None  # soft penumbrae seen: grow shadows through them
    shadow, mode = _shadows_given(
        rgb, lab, bg_rgb, candidate, noisy_input, mean_ratio, spread, soft, additive
    )
    # Under a warm key light and a neutral or bluish fill a shadow dims the channels by a
    # fixed tint, not alike: measured from the tint, the spread may find more shadow. (A
    # grey object's smooth shading can vote a small tint too: the tinted reading wins only
    # if it explains more of the image as shadow, keeping the untinted shadows or more
    # than tripling them.)
    if soft and tint.any():
        # Judged in linear light, where a penumbra mixes lit and shadowed ground linearly
        # (sRGB's gamma makes relative spreads about 2.2 times smaller: same thresholds).
        lin_mean = linear.mean(axis=2, keepdims=True)
        dev = linear - (lin_mean + tint * (1.0 - lin_mean))
        tinted = (dev.max(axis=2) - dev.min(axis=2)) / np.maximum(lin_mean[..., 0], 1e-3) / 2.2
        shadow_t, mode_t = _shadows_given(
            rgb, lab, bg_rgb, candidate, noisy_input, mean_ratio, tinted, True, additive
        )
        n, n_t = int(shadow.sum()), int(shadow_t.sum())
        # It must keep what the untinted reading found, or explain far more.
        kept = int((shadow_t & shadow).sum()) >= 0.7 * n
        if mode_t is not None and n_t > n and (kept or n_t > 3 * n):
            return shadow_t, mode_t
    return shadow, mode


def _shadows_given(
    rgb: np.ndarray,
    lab: np.ndarray,
    bg_rgb: np.ndarray,
    candidate: np.ndarray,
    noisy_input: bool,
    mean_ratio: np.ndarray,
    spread: np.ndarray,
    soft: bool = False,
    additive: bool = False,
) -> tuple[np.ndarray, float | None]:
    """Cast shadows given each pixel's brightness ratio to the background and its channel
    spread: the commonest ratio of the even candidates, attached to objects, grown (through
    the whole penumbra when ``soft``)."""
    import cv2

    if noisy_input:
        # Sensor noise or JPEG blocks would split one flat grey shape (or one shadow) into
        # fragments, each judged apart: judge 3 x 3 medians instead.
        mean_ratio = cv2.medianBlur(mean_ratio.astype(np.float32), 3)
        spread = cv2.medianBlur(spread.astype(np.float32), 3)
    limit = _even_limit(spread, mean_ratio, candidate, noisy_input, additive)
    uniform = candidate & (spread < limit)
    uniform &= (mean_ratio > 0.08) & (mean_ratio < 0.9)
    if uniform.sum() < 20:
        return np.zeros_like(candidate), None
    values = mean_ratio[uniform]
    hist, edges = np.histogram(values, bins=164, range=(0.08, 0.9))
    hist = np.convolve(hist, [1, 2, 1], mode="same")
    k = int(np.argmax(hist))
    mode = float((edges[k] + edges[k + 1]) / 2)
    core = uniform & (np.abs(mean_ratio - mode) < 0.03 + 0.04 * mode)
    if noisy_input:
        # A cast shadow dims every channel alike nearly everywhere in it; a grey shape on a
        # tinted ground only here and there (noise): regions of the shadow's brightness
        # where under half the pixels are that even are not shadows. (Noisy images only: on
        # clean ones the per-pixel test is exact, and a grey object standing in its own
        # shadow would join the shadow's region.)
        similar = candidate & (np.abs(mean_ratio - mode) < 0.03 + 0.04 * mode)
        n_sim, sim = cv2.connectedComponents(similar.astype(np.uint8), connectivity=8)
        share = np.bincount(sim[core], minlength=n_sim) / np.maximum(
            np.bincount(sim.ravel(), minlength=n_sim), 1
        )
        core &= share[sim] >= 0.5
    # A cast shadow is a region, not an iso-brightness curve on a shaded object.
    kernel = np.ones((3, 3), np.uint8)
    core = cv2.morphologyEx(core.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)
    core = _attached(core, candidate, mean_ratio, spread, mode, rgb)
    if core.sum() < (0.0005 if noisy_input else 0.0001) * core.size:
        # A speck is no evidence of lit ground (on a noisy or re-compressed image, a few
        # hundred pixels beside a drawn outline can pass for one).
        return np.zeros_like(core), None
    core = core | _shadow_bleed(lab, bg_rgb, candidate, core, mean_ratio, mode)
    # Penumbra / anti-aliased rims: uniform pixels between shadow and ground next to a core.
    rim = candidate & (spread < 0.15) & (mean_ratio > mode - 0.05) & (mean_ratio < 1.0)
    grown = cv2.dilate(core.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    shadow = core | (grown & rim)
    if not noisy_input:  # flat steps: a clean render's
        from .soft_shadows import shadow_steps

        channels = rgb.astype(np.float32) / np.maximum(bg_rgb, np.float32(4.0))
        shadow |= shadow_steps(shadow, candidate, mean_ratio, spread, mode, limit, channels)
    if soft:
        from .soft_shadows import penumbra

        shadow |= penumbra(shadow, rim, mean_ratio, candidate)
    if noisy_input:
        # A soft penumbra on a noisy (or smoothed noisy) image is several px of uneven
        # pixels: grow through it, at most 6 px.
        for _ in range(5):
            step = cv2.dilate(shadow.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool) & rim & ~shadow
            if not step.any():
                break
            shadow |= step
    return shadow, mode


def _even_limit(
    spread: np.ndarray,
    mean_ratio: np.ndarray,
    candidate: np.ndarray,
    noisy_input: bool,
    additive: bool = False,
) -> np.ndarray | float:
    """The largest channel spread of a pixel still dimmed alike: 0.022; on a noisy image,
    at least 1.5 times the lit ground's own median spread (noise on the ground, judged on
    the same medians), scaled up where the pixel is darker (sensor noise is a number of grey
    levels: relatively larger on a darker pixel). ``additive`` (a lit scene read on a copy
    smoothed from heavy noise): the noise's share adds to the 0.022 a shadow's tint may take."""
    if not noisy_input or candidate.all():
        return 0.022
    ground = float(np.median(spread[~candidate]))
    if additive:
        return 0.022 + 1.5 * ground / np.maximum(mean_ratio, 0.25)
    if 1.5 * ground <= 0.022:
        return 0.022
    return np.maximum(0.022, 1.5 * ground / np.maximum(mean_ratio, 0.25))


def _holds_lit_writing(part: np.ndarray, mean_ratio: np.ndarray) -> bool:
    """Whether a shadow-like region (``part``, a crop) holds writing of the lit ground's
    brightness: holes (inside its outline, not of it) making 8-60 % of its filled area, lit
    well above the region's brightness (a white letter on a small dark
    disc; a cast shadow is the ground dimmed, with no lit strokes inside)."""
    from scipy import ndimage

    filled = ndimage.binary_fill_holes(part)
    holes = filled & ~part
    n = int(holes.sum())
    if n < 12 or not 0.08 <= n / float(filled.sum()) <= 0.6:
        return False
    lit, dark = float(np.median(mean_ratio[holes])), float(np.median(mean_ratio[part]))
    return lit >= 0.3 and lit >= 3.0 * dark  # (a thin letter's blended strokes are not all white)


def _attached(
    core: np.ndarray,
    candidate: np.ndarray,
    mean_ratio: np.ndarray,
    spread: np.ndarray,
    mode: float,
    rgb: np.ndarray | None = None,
) -> np.ndarray:
    """The shadow regions of a scene where a shadow touches an object (a cast shadow lies
    next to what casts it); none when no shadow-like region touches one.

    An object pixel here is one a shadow cannot explain: coloured against the background,
    darker than the shadow or brighter than the background. A grey or black shape drawn on
    a plain canvas darkens it uniformly too, but touches none (its anti-aliased rim only
    blends between it and the canvas), so it stays an object.
    """
    import cv2

    from .grey_shapes import drawn_grey_shape, with_its_continuation

    rest = candidate & ~core
    anchor = rest & ((spread >= 0.05) | (mean_ratio < mode - 0.05) | (mean_ratio > 1.02))
    # Solid anchors only: JPEG ringing around a drawn grey shape leaves thin specks that
    # look coloured or darker, but no object body (nor does noise on a flat grey shape or
    # its thin dark outline: 5 px across at least).
    anchor = cv2.morphologyEx(anchor.astype(np.uint8), cv2.MORPH_OPEN, np.ones((5, 5), np.uint8)).astype(bool)
    # Nor do blocks inside a shadow-like region's outline (JPEG blocks on a flat grey
    # shape): a shadow lies beside its object, not around it.
    contours, _ = cv2.findContours(core.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    solid = np.zeros(core.shape, np.uint8)
    cv2.drawContours(solid, contours, -1, 1, -1)
    anchor &= ~cv2.erode(solid, np.ones((5, 5), np.uint8)).astype(bool)
    n_a, a_labels, a_stats, _ = cv2.connectedComponentsWithStats(anchor.astype(np.uint8), connectivity=8)
    body = a_stats[:, cv2.CC_STAT_AREA] >= 60  # a body, not a JPEG block
    body[0] = False
    anchor = body[a_labels]
    if not anchor.any():
        return np.zeros_like(core)
    near = cv2.dilate(anchor.astype(np.uint8), np.ones((7, 7), np.uint8)).astype(bool)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(core.astype(np.uint8), connectivity=8)
    if n <= 1:
        return core
    touching = np.zeros(n, bool)
    touching[np.unique(labels[near & core])] = True
    touching[0] = False
    enclosed = np.zeros(n, bool)
    h, w = core.shape
    # A lit scene's objects cast shadows alike; a drawing's grey shape touches one or two
    # of its objects: which objects do shadow-like regions touch, of how many?
    bodies = a_labels * body[a_labels]
    reached = cv2.dilate((touching[labels] & core).astype(np.uint8), np.ones((9, 9), np.uint8)).astype(bool)
    n_touched = int(np.count_nonzero(np.unique(bodies[reached])))
    n_bodies = int(body.sum())
    lonely = n_bodies >= 2 and n_touched <= max(1, n_bodies // 3)
    stroke = candidate & ~core & (mean_ratio < mode - 0.1)  # darker than the shadow: ink
    stroke = cv2.dilate(stroke.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    for k in np.flatnonzero(touching):
        # Ringed by ink (a grey fill inside a dark outline stroke) is not a shadow: a shadow
        # meets its object on one side and the ground on the others.
        x, y, bw, bh = (int(v) for v in stats[k, :4])
        y0, y1, x0, x1 = max(y - 3, 0), min(y + bh + 3, h), max(x - 3, 0), min(x + bw + 3, w)
        part = (labels[y0:y1, x0:x1] == k).astype(np.uint8)
        ring = cv2.dilate(part, np.ones((5, 5), np.uint8)).astype(bool) & ~part.astype(bool)
        if ring.any() and float(stroke[y0:y1, x0:x1][ring].mean()) > 0.8:
            enclosed[k] = True
            continue
        if _holds_lit_writing(part.astype(bool), mean_ratio[y0:y1, x0:x1]):
            enclosed[k] = True  # a dark badge with a letter on it: a shadow holds no writing
            continue
        # Inside an object (noise on a flat grey fill): no ground within 7 px (a cast
        # shadow reaches the lit ground through its soft edge).
        Y0, Y1, X0, X1 = max(y - 8, 0), min(y + bh + 8, h), max(x - 8, 0), min(x + bw + 8, w)
        part = (labels[Y0:Y1, X0:X1] == k).astype(np.uint8)
        wide = cv2.dilate(part, np.ones((15, 15), np.uint8)).astype(bool) & ~part.astype(bool)
        # A soft shadow's penumbra (lighter than the core toward the ground, channels
        # dimmed alike) counts as reaching the ground: it can be wider than 7 px.
        mr = mean_ratio[Y0:Y1, X0:X1]
        open_side = ~candidate[Y0:Y1, X0:X1] | (
            (spread[Y0:Y1, X0:X1] < 0.15) & (mr > mode + 0.08) & (mr < 1.0)
        )
        if wide.any() and float(open_side[wide].mean()) < 0.1:
            enclosed[k] = True
            continue
        if lonely and rgb is not None and drawn_grey_shape(labels == k, bodies, mean_ratio, rgb):
            enclosed[k] = True  # a grey shape drawn against a flat one, not its shadow
    if not (touching & ~enclosed).any():
        from .small_marks import writing_cores

        c_all = (core & ~enclosed[labels]).astype(np.uint8)  # (its neighbours' ink is no canvas)
        # Writing touching no object (dark grey digits, bold letters) is ink, not shadow.
        dark = candidate & (spread < 0.15) & (mean_ratio < mode + 0.25)
        enclosed[1:] |= writing_cores(labels, n, dark, anchor)
        enclosed[1:] |= _stroke_pieces(labels, n, candidate, core, mean_ratio, mode)
        # No shadow beside any object: a drawing, not a lit scene, when every such region
        # stands on plain canvas (its surroundings 1-3 px out have the background's own
        # brightness; a shaded body fading out around it does not). Else, as before, shadows.
        k3 = np.ones((3, 3), np.uint8)
        k7 = np.ones((7, 7), np.uint8)
        # (round the whole of a grey fill that a graded canvas left partly uneven)
        c8 = with_its_continuation(core & ~enclosed[labels], candidate, mean_ratio, spread, mode).astype(
            np.uint8
        )
        c_all |= c8
        ring = cv2.dilate(c8, k7).astype(bool) & ~cv2.dilate(c_all, k3).astype(bool)
        if not ring.any() or float((np.abs(mean_ratio[ring] - 1.0) < 0.04).mean()) >= 0.85:
            return np.zeros_like(core)
        # (Pixel noise and JPEG blocks: judge the canvas on 5 x 5 medians.)
        mean_ratio = cv2.medianBlur(mean_ratio.astype(np.float32), 5)
        # A blurred or noisy drawing: the canvas shows a little further out (4-8 px).
        far = cv2.dilate(c8, np.ones((17, 17), np.uint8)).astype(bool) & ~cv2.dilate(
            c_all, np.ones((9, 9), np.uint8)
        ).astype(bool)
        if far.any() and float((np.abs(mean_ratio[far] - 1.0) < 0.05).mean()) >= 0.85:
            return np.zeros_like(core)
        keep = ~enclosed
        keep[0] = False
        return keep[labels]
    # Fragments of a shadow (JPEG noise splits one) need not touch the object themselves.
    keep = ~enclosed
    keep[0] = False
    return keep[labels]


def _stroke_pieces(
    labels: np.ndarray, n: int, candidate: np.ndarray, core: np.ndarray, mean_ratio: np.ndarray, mode: float
) -> np.ndarray:
    """Per shadow-like region 1..n-1 (touching no object), whether it is a piece of a dark
    stroke: the foreground it belongs to holds at least as many other pixels as dark as it
    (the rest of a black ring or outline, whose curve or anti-aliasing kept it out of the
    even core) and is thin for its size (:data:`_STROKE_SHARE`). A cast shadow is a whole
    region, lighter only toward its edge; a black solid beside one is thick."""
    import cv2

    _, parts = cv2.connectedComponents(candidate.astype(np.uint8), connectivity=8)
    as_dark = candidate & ~core & (mean_ratio < mode + 0.05)
    depth = cv2.distanceTransform(candidate.astype(np.uint8), cv2.DIST_L2, 3)
    out = np.zeros(max(n - 1, 0), bool)
    for k in range(1, n):
        own = labels == k
        ids = np.unique(parts[own])
        ids = ids[ids > 0]
        if not ids.size or int(np.isin(parts[as_dark], ids).sum()) < int(own.sum()):
            continue
        # A stroke is thin for its size; a black solid beside its cast shadow is thick.
        member = np.isin(parts, ids)
        _, _, w, h = cv2.boundingRect(member.astype(np.uint8))
        out[k - 1] = 2.0 * float(depth[member].max()) < _STROKE_SHARE * min(w, h)
    return out


#: A dark region's foreground is a stroke when its thickness is under this share of its
#: smaller extent (a ring's or outline's pen, not a black solid).
_STROKE_SHARE = 0.3


def _shadow_bleed(
    lab: np.ndarray,
    bg_rgb: np.ndarray,
    candidate: np.ndarray,
    core: np.ndarray,
    mean_ratio: np.ndarray,
    mode: float,
) -> np.ndarray:
    """Shadow pixels whose chroma a neighbouring object bled into (JPEG's coarse chroma).

    Grown from the shadow core (at most ``_BLEED_STEPS`` px) through candidates that have
    the shadow's brightness ratio and stay near the shadowed background's colour in the
    CIELAB chroma plane (a bleed shifts chroma a little, an object's own colour a lot);
    like the core, the added region must be thicker than a thin band.
    """
    import cv2

    tol = 0.03 + 0.04 * mode
    allowed = candidate & ~core & (np.abs(mean_ratio - mode) < tol)
    if not allowed.any():
        return np.zeros_like(core)
    ys, xs = np.nonzero(allowed)
    shadowed = rgb_to_lab(np.clip(bg_rgb[ys, xs] * mode, 0, 255))
    gap = np.hypot(lab[ys, xs, 1] - shadowed[:, 1], lab[ys, xs, 2] - shadowed[:, 2])
    allowed[ys[gap >= _BLEED_CHROMA], xs[gap >= _BLEED_CHROMA]] = False
    kernel = np.ones((3, 3), np.uint8)
    region = core.copy()
    for _ in range(_BLEED_STEPS):
        step = cv2.dilate(region.astype(np.uint8), kernel).astype(bool) & allowed & ~region
        if not step.any():
            break
        region |= step
    added = region & ~core
    return cv2.morphologyEx(added.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)
