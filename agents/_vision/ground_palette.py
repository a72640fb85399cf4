"""The colours of a patterned ground: those that recur across the width of the frame.

A checkerboard floor in perspective, sand, wood planks or grass fill the lower part of a
shaded 3-D scene with a pattern no smooth surface fits: the smooth background model
(:mod:`.background`) leaves the tiles, the grain or the blades as foreground, raises its
threshold over the objects and cuts their outlines. What makes such a ground a ground is
that, in any band of rows, its colours recur all across the width (a tile row alternates
its two colours from the left edge to the right; the period shrinks towards the horizon,
where the tiles blend into their mean, but every band still shows the same few colours in
every part of it); a solid standing on it is a colour found in one part of the band only.

:func:`band_palettes` finds, band by band, the few colours present in most of the band's
column blocks (2-means-like clustering, then a coverage test) and returns a per-pixel
background: the nearest such colour, or the nearest blend of two (an anti-aliased tile
edge, or tiles too small to resolve). Shadows cast on the ground are darker versions of
these colours, which the shadow test of :mod:`.background` judges against this background.
Whether a picture's ground is such a pattern at all is :mod:`.patterned_ground`'s question.

Example:
    >>> import numpy as np
    >>> from spatioxolver.agents._vision.colour import rgb_to_lab
    >>> rgb = np.full((96, 128, 3), 200, np.uint8)
    >>> yy, xx = np.mgrid[:96, :128]
    >>> rgb[((yy // 8 + xx // 8) % 2) == 1] = 120          # a checkerboard
    >>> rgb[40:60, 50:70] = (200, 40, 40)                  # a red block on it
    >>> found = band_palettes(rgb_to_lab(rgb), rgb)
    >>> found is not None and bool(found[1][5, 5]) and not bool(found[1][50, 60])
    True
"""

from __future__ import annotations

import numpy as np

__all__ = ["band_palettes", "ground_distance", "shadowed_background", "BLOCKS", "COVERAGE"]

#: Column blocks a band is cut into for the coverage test.
BLOCKS = 16
#: A ground colour is present in at least this share of a band's column blocks (a solid,
#: even a wide one near the camera, covers a few of them).
COVERAGE = 0.5
#: A block holds a colour when this share of its pixels lies near it.
_BLOCK_SHARE = 0.03
#: CIELAB distance (:func:`ground_distance`) within which a pixel is "near" a ground colour.
_NEAR = 6.0
#: Clusters per band.
_K = 6
#: A colour in this share of a band's blocks is the ground's too where it is a ground
#: colour of a band up to this many bands away.
_NEARBY_COVERAGE = 0.25
_NEARBY = 3
#: A ground colour lasts over this many bands (a third of the picture's height).
_MIN_BANDS = 16


def _band_rows(h: int) -> list[tuple[int, int]]:
    step = max(3, round(h / 48))
    return [(y, min(h, y + step)) for y in range(0, h, step)]


def band_palettes(
    lab: np.ndarray, rgb: np.ndarray, *, top: int = 0
) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[tuple[int, int, np.ndarray]]] | None:
    """``(background, explained, banded)`` of the ground below row ``top``, or ``None``
    when no band shows recurring colours.

    ``background``: ``(H, W, 6)`` float32, Lab then sRGB, the nearest recurring colour (or
    blend of two) of each pixel's band (zeros where no band was modelled); ``explained``:
    pixels within :data:`_NEAR` of it; ``banded``: rows whose band has a palette.
    """
    import cv2

    h, w = lab.shape[:2]
    if w < BLOCKS * 2 or h - top < 8:
        return None
    weights = np.ones(3, np.float32)  # full lightness: a ground colour is one colour at its height
    background = np.zeros((h, w, 6), np.float32)
    banded = np.zeros(h, bool)
    palettes: list[tuple[int, int, np.ndarray]] = []
    edges = np.linspace(0, w, BLOCKS + 1).astype(int)
    rng = np.random.default_rng(0)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 15, 0.3)
    found = []
    for y0, y1 in _band_rows(h):
        if y1 <= top:
            continue
        y0 = max(y0, top)
        feats = lab[y0:y1].reshape(-1, 3).astype(np.float32) * weights
        sample = feats if feats.shape[0] <= 3000 else feats[rng.choice(feats.shape[0], 3000, replace=False)]
        cv2.setRNGSeed(3)
        _, _, centres = cv2.kmeans(np.ascontiguousarray(sample), _K, None, criteria, 2, cv2.KMEANS_PP_CENTERS)
        d = np.linalg.norm(feats[:, None, :] - centres[None, :, :], axis=2)  # (n, K)
        near = (d < _NEAR).reshape(y1 - y0, w, _K)
        cover = np.zeros(_K)
        for b in range(BLOCKS):
            share = near[:, edges[b] : edges[b + 1]].reshape(-1, _K).mean(axis=0)
            cover += share >= _BLOCK_SHARE
        found.append((y0, y1, feats, centres, d, cover / BLOCKS))
    keeps = []
    for i, (_, _, _, centres, _, cover) in enumerate(found):
        keep = cover >= COVERAGE
        # Near the camera a tile can span a third of the frame: a colour in fewer blocks is
        # the ground's still when it is a ground colour of a band nearby (tiles go on).
        nearby = [
            c[k]
            for j in range(max(0, i - _NEARBY), min(len(found), i + _NEARBY + 1))
            if j != i
            for c, k in [(found[j][3], found[j][5] >= COVERAGE)]
            if k.any()
        ]
        if nearby:
            others = np.concatenate(nearby)
            gap = np.linalg.norm(centres[:, None, :] - others[None, :, :], axis=2).min(axis=1)
            keep |= (cover >= _NEARBY_COVERAGE) & (gap < _NEAR)
        keeps.append(keep)
    keeps = _lasting(found, keeps)
    models: list[tuple[np.ndarray, np.ndarray] | None] = [None] * len(found)
    for i, ((y0, y1, feats, centres, d, _), keep) in enumerate(zip(found, keeps, strict=True)):
        if not keep.any():
            continue
        kept = centres[keep]
        band_rgb = rgb[y0:y1].reshape(-1, 3).astype(np.float32)
        # Each kept colour's sRGB: the mean of the band pixels nearest to it.
        nearest = np.argmin(d[:, keep], axis=1)
        close = d[:, keep].min(axis=1) < _NEAR
        held = [j for j in range(kept.shape[0]) if (close & (nearest == j)).any()]
        if not held:
            continue
        kept = kept[held]
        kept_rgb = np.stack([band_rgb[close & (nearest == j)].mean(axis=0) for j in held])
        best_d, best_lab, best_rgb = _nearest_on_palette(feats, kept, kept_rgb)
        background[y0:y1] = np.concatenate([best_lab / weights, best_rgb], axis=1).reshape(y1 - y0, w, 6)
        banded[y0:y1] = True
        palettes.append((y0, y1, kept_rgb.astype(np.float32)))
        models[i] = (kept, kept_rgb)
    if not banded.any():
        return None
    from .ground_gaps import bridge_gaps

    bridge_gaps(
        found, models, background, banded, palettes, near=_NEAR
    )  # the ground goes on through crowded bands
    explained = (ground_distance(lab, background) < _NEAR) & banded[:, None]
    return background, explained, banded, palettes


def _lasting(found: list[tuple], keeps: list[np.ndarray]) -> list[np.ndarray]:
    """``keeps`` with only the colours that last: chained band to band (a kept colour of the
    next band within :data:`_NEAR`; a ground's colours change slowly with depth) over at
    least :data:`_MIN_BANDS` bands. A ground runs from its horizon to the frame's edge; a row
    of drawn shapes spanning the width (a grid of circles) lasts only their height."""
    nodes = [(i, k) for i, keep in enumerate(keeps) for k in np.flatnonzero(keep)]
    index = {node: n for n, node in enumerate(nodes)}
    parent = list(range(len(nodes)))

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for i, k in nodes:
        if i + 1 < len(keeps):
            here = found[i][3][k]
            for k2 in np.flatnonzero(keeps[i + 1]):
                if float(np.linalg.norm(here - found[i + 1][3][k2])) < _NEAR:
                    parent[root(index[(i, k)])] = root(index[(i + 1, int(k2))])
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for n, (i, _) in enumerate(nodes):
        r = root(n)
        first[r], last[r] = min(first.get(r, i), i), max(last.get(r, i), i)
    out = [np.zeros_like(keep) for keep in keeps]
    for n, (i, k) in enumerate(nodes):
        r = root(n)
        if last[r] - first[r] + 1 >= _MIN_BANDS:
            out[i][k] = True
    return out


def ground_distance(lab: np.ndarray, background: np.ndarray) -> np.ndarray:
    """CIELAB distance of each pixel to the ground's colour at its place, lightness at full
    weight: across a band of rows the ground is lit alike, so a solid differing from a tile
    by its lightness alone (a white can on pale grey tiles) is no tile."""
    return np.linalg.norm(lab - background[..., :3], axis=2)


def shadowed_background(
    rgb: np.ndarray,
    background: np.ndarray,
    unexplained: np.ndarray,
    palettes: list[tuple[int, int, np.ndarray]],
) -> tuple[np.ndarray, np.ndarray | None]:
    """``(background, tint)``: ``background`` with the pixels of ``unexplained`` that are a
    ground colour dimmed evenly (a cast shadow) given that colour, in place of the nearest
    one; and the shadows' tint slope (as :func:`~.soft_shadows.shadow_tint` gives it) when
    they show one, else ``None``.

    A shadow dims every colour of the pattern by the same ratio (light and dark tiles
    alike; a solid hides the pattern): the commonest ratio of even dimmings (channel ratios
    within 8 % of their mean: a coloured key light tints a shadow a little) over the ground
    colours is the shadow's, and each such pixel gets the colour whose ratio is nearest to
    it. Where those pixels dim at least two ground colours, their tint (in linear light)
    is the shadows' tint, hard shadows included. The shadow test of :mod:`.background` then
    judges them as on a plain ground."""
    from .soft_shadows import linear_light

    out = background.copy()
    px_all = rgb.astype(np.float32) + 1.0
    found: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    votes = []
    for y0, y1, colours in palettes:
        ys, xs = np.nonzero(unexplained[y0:y1])
        if ys.size == 0:
            continue
        px = px_all[y0 + ys, xs]
        ratios = px[:, None, :] / (colours[None, :, :] + 1.0)  # (n, K, 3)
        mean = ratios.mean(axis=2)
        spread = (ratios.max(axis=2) - ratios.min(axis=2)) / np.maximum(mean, 1e-3)
        even = (spread < 0.08) & (mean > 0.15) & (mean < 0.92)
        found.append((y0 + ys, xs, np.where(even, mean, np.nan), colours))
        votes.append(mean[even])
    if not votes or sum(v.size for v in votes) < 20:
        return out, None
    values = np.concatenate(votes)
    hist, edges = np.histogram(values, bins=77, range=(0.15, 0.92))
    k = int(np.argmax(np.convolve(hist, [1, 2, 1], mode="same")))
    mode = float((edges[k] + edges[k + 1]) / 2)
    slopes, used = [], set()
    for ys, xs, means, colours in found:
        gap = np.abs(np.nan_to_num(means, nan=9.0) - mode)
        best = np.argmin(gap, axis=1)
        ok = gap[np.arange(best.size), best] < 0.05 + 0.05 * mode
        if not ok.any():
            continue
        given = colours[best[ok]]
        out[ys[ok], xs[ok], 3:] = given
        used.update(tuple(np.round(c / 8.0).astype(int)) for c in colours[np.unique(best[ok])])
        lin = linear_light(rgb[ys[ok], xs[ok]]) / np.maximum(linear_light(given), 1e-3)
        m = lin.mean(axis=1, keepdims=True)
        slopes.append((lin - m) / np.maximum(1.0 - m, 0.1))
    if len(used) < 2 or not slopes:
        return out, None
    from .soft_shadows import MAX_TINT

    tint = np.median(np.concatenate(slopes), axis=0)
    if np.abs(tint).max() >= MAX_TINT:
        return out, None
    return out, (tint - tint.mean()).astype(np.float32)


def _nearest_on_palette(
    feats: np.ndarray, kept: np.ndarray, kept_rgb: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per pixel, the nearest point on the palette (its colours and the segments between
    each pair: blends), its distance, weighted Lab and sRGB."""
    d = np.linalg.norm(feats[:, None, :] - kept[None, :, :], axis=2)
    j = np.argmin(d, axis=1)
    best_d = d[np.arange(d.shape[0]), j]
    best_lab = kept[j].copy()
    best_rgb = kept_rgb[j].copy()
    for a in range(kept.shape[0]):
        for b in range(a + 1, kept.shape[0]):
            seg = kept[b] - kept[a]
            length = float(seg @ seg)
            if length < 1e-6:
                continue
            t = np.clip(((feats - kept[a]) @ seg) / length, 0.0, 1.0)
            point = kept[a] + t[:, None] * seg
            dist = np.linalg.norm(feats - point, axis=1)
            better = dist < best_d
            best_d = np.where(better, dist, best_d)
            best_lab[better] = point[better]
            best_rgb[better] = kept_rgb[a] + t[better, None] * (kept_rgb[b] - kept_rgb[a])
    return best_d, best_lab, best_rgb
