"""Compression artefacts: JPEG halos and shadow bleed that must not become objects.

Lossy compression (JPEG's 8x8 DCT blocks and half-resolution chroma) leaves two kinds of
spurious foreground next to real objects:

* **halos** — a thin band of ringing around an object's outline whose colour is a blend
  of the object's and the background's (or the shadowed background's). The colour split
  separates it from the object, and as a ring it encloses the object, so the merge rules
  for highlights do not catch it. A thin part (at most ``5`` px from its outline to its
  core) that touches another part and whose colour lies on the segment between that
  part's colour and a background colour is merged into that part;
* **shadow bleed** — blocks of a cast shadow whose chroma the object's colour leaked into,
  so the per-pixel shadow test (equal darkening in R, G and B) misses them. A part whose
  median brightness ratio to the background is the scene's shadow ratio, evenly (a small
  interquartile range), and whose colour is neutral (close to the shadowed background in CIELAB chroma) is dropped. A whole
  component passes only when it is also small or thin (a lone grey object that happens to
  be as dark as the shadows keeps its place).

Finally :func:`trim_fringe` peels the outline of each object: a pixel within a few px of
the outline whose colour is clearly nearer the background (or the shadowed background)
than the object's colour just inside is ringing, not object.

Example:
    >>> import numpy as np
    >>> obj = np.zeros((20, 20), bool); obj[5:15, 5:15] = True
    >>> ring = np.zeros((20, 20), bool); ring[3:17, 3:17] = True; ring &= ~obj
    >>> lab = np.zeros((20, 20, 3), np.float32); lab[..., 0] = 60
    >>> lab[obj] = (40, 60, 40); lab[ring] = (50, 30, 20)
    >>> bg = np.concatenate([np.full((20, 20, 3), (60, 0, 0), np.float32),
    ...                      np.full((20, 20, 3), 150, np.float32)], axis=2)
    >>> rgb = np.full((20, 20, 3), 150, np.uint8)
    >>> [int(p.sum()) for p in clean_parts([obj, ring], rgb, lab, bg, None)]
    [196]
"""

from __future__ import annotations

import numpy as np

from .colour import rgb_to_lab

__all__ = [
    "chroma_ringing",
    "clean_parts",
    "peel_blend_rims",
    "is_shadow_part",
    "is_penumbra_sliver",
    "thickness",
    "trim_fringe",
]

_W = np.array([0.5, 1.0, 1.0])  # lightness counts half, as in the background distance
HALO_THICKNESS = 5.0
SHADOW_RATIO_TOL = 0.05
SHADOW_CHROMA_TOL = 9.0
SHADOW_SPREAD_TOL = 0.08  # interquartile range of the brightness ratio over the part
_SPUR_AREA = 8  # px: a piece an opening cuts off that is this big is a spur, not a corner
#: Chroma ringing (JPEG's half-resolution colour, quantised): reach (px) from the shape that
#: rings, most lightness it keeps off the ground's, least lightness step of that shape.
RING_REACH, RING_LIGHTNESS, RING_STEP, RING_MAX = 16, 3.0, 20.0, 25.0
#: Colour distance of a shape whose faint tint beside it, at the ground's lightness, is ringing.
RING_STRONG = 40.0


def chroma_ringing(
    lab: np.ndarray, background: np.ndarray, distance: np.ndarray, candidate: np.ndarray
) -> np.ndarray:
    """Pixels of ``candidate`` that are JPEG chroma ringing around a drawn shape: the ground's
    lightness (within :data:`RING_LIGHTNESS`) in another colour, weaker than half the
    strongest contrast within :data:`RING_REACH` px and under :data:`RING_MAX`, beside a
    shape whose lightness differs from the ground by :data:`RING_STEP` or more. JPEG keeps
    lightness at full resolution and colour at half, so ringing on a dark or saturated
    ground is colour without a lightness change; an anti-aliased edge blends the lightness
    too, and is kept."""
    import cv2

    step = np.abs(lab[..., 0] - background[..., 0]).astype(np.float32)
    kernel = np.ones((2 * RING_REACH + 1, 2 * RING_REACH + 1), np.uint8)
    strongest = cv2.dilate(distance.astype(np.float32), kernel)
    steepest = cv2.dilate(step, kernel)
    ring = (
        candidate
        & (step < RING_LIGHTNESS)
        & (steepest >= RING_STEP)
        & (distance < np.minimum(0.5 * strongest, RING_MAX))
    )
    # The pixels touching a shape's ink stay: a 1 px stroke keeps the width that carries it
    # through the segmenter's 3 x 3 clean-up.
    ink = (candidate & (step >= 0.5 * RING_STEP)).astype(np.uint8)
    ring &= ~cv2.dilate(ink, np.ones((3, 3), np.uint8)).astype(bool)
    # A shape of about the ground's lightness in a strong colour (yellow on paper: 7 L units
    # apart, colour distance 69) rings too: a faint tint (under a quarter of its contrast)
    # at the ground's lightness, away from its own edge.
    tint = (
        candidate
        & (step < RING_LIGHTNESS)
        & (steepest < RING_STEP)
        & (strongest >= RING_STRONG)
        & (distance < np.minimum(0.25 * strongest, RING_MAX))
    )
    if tint.any():
        core = (candidate & (distance >= 0.5 * strongest)).astype(np.uint8)
        ring |= tint & ~cv2.dilate(core, np.ones((5, 5), np.uint8)).astype(bool)
    return ring


def thickness(mask: np.ndarray) -> float:
    """Largest distance (px) from a pixel of ``mask`` to its outline (half the thickness)."""
    import cv2

    if not mask.any():
        return 0.0
    padded = np.pad(mask.astype(np.uint8), 1)
    return float(cv2.distanceTransform(padded, cv2.DIST_L2, 3).max())


def is_shadow_part(
    mask: np.ndarray, rgb: np.ndarray, lab: np.ndarray, bg: np.ndarray, shadow_ratio: float | None
) -> bool:
    """Whether ``mask`` looks like (part of) a cast shadow: shadow-dark and neutral.

    ``rgb``, ``lab`` and ``bg`` (``(..., 6)``: background Lab then sRGB) cover the same crop.
    """
    if shadow_ratio is None or not mask.any():
        return False
    px = rgb[mask].astype(np.float32).mean(axis=1)
    ratio = px / np.maximum(bg[mask][:, 3:].mean(axis=1), 4.0)
    lo, mid, hi = np.percentile(ratio, [25, 50, 75])
    # A cast shadow darkens evenly; a grey object as dark on average is shaded unevenly.
    if abs(mid - shadow_ratio) > SHADOW_RATIO_TOL or hi - lo > SHADOW_SPREAD_TOL:
        return False
    shadowed = rgb_to_lab(np.clip(np.median(bg[mask][:, 3:], axis=0) * shadow_ratio, 0, 255))
    chroma_gap = float(np.hypot(*(np.median(lab[mask][:, 1:], axis=0) - shadowed[1:])))
    return chroma_gap < SHADOW_CHROMA_TOL


def is_penumbra_sliver(mask: np.ndarray, rgb: np.ndarray, lab: np.ndarray, bg: np.ndarray) -> bool:
    """Whether ``mask`` is the soft edge of a shadow left as a region of its own: a thin band
    (at most about 12 px wide, at least 3 times as long) of the ground darkened evenly
    (neutral: about the ground's own chroma), between 45 % and 97 % of its brightness.

    ``rgb``, ``lab`` and ``bg`` (``(..., 6)``: background Lab then sRGB) cover the same crop.
    """
    from .objects import mask_bounds

    bounds = mask_bounds(mask)
    if bounds is None:
        return False
    depth = thickness(mask)
    length = max(bounds[1] - bounds[0], bounds[3] - bounds[2])
    if depth > 6.0 or length < 6.0 * max(depth, 1.0):
        return False
    px = rgb[mask].astype(np.float32)
    ground = bg[mask][:, 3:]
    ratio = float(np.median(px.mean(axis=1) / np.maximum(ground.mean(axis=1), 4.0)))
    if not 0.45 <= ratio <= 0.97:
        return False
    darkened = rgb_to_lab(np.clip(np.median(ground, axis=0) * ratio, 0, 255))
    chroma_gap = float(np.hypot(*(np.median(lab[mask][:, 1:], axis=0) - darkened[1:])))
    # (Twice the cast-shadow tolerance: JPEG's halved chroma resolution bleeds the shape's
    # colour into a band this thin.)
    return chroma_gap < 2.0 * SHADOW_CHROMA_TOL


def _on_blend(colour: np.ndarray, inner: np.ndarray, refs: list[np.ndarray]) -> bool:
    """Whether ``colour`` lies near the segment from a reference colour to ``inner``."""
    for ref in refs:
        d = (inner - ref) * _W
        norm2 = float(d @ d)
        if norm2 < 1e-6:
            continue
        v = (colour - ref) * _W
        t = float(v @ d) / norm2
        resid = float(np.linalg.norm(v - t * d))
        if -0.15 <= t <= 1.15 and resid <= max(6.0, 0.3 * np.sqrt(norm2)):
            return True
    return False


def clean_parts(
    parts: list[np.ndarray],
    rgb: np.ndarray,
    lab: np.ndarray,
    bg: np.ndarray,
    shadow_ratio: float | None,
    *,
    min_area: int = 40,
) -> list[np.ndarray]:
    """Merge halo parts into the part they surround and drop shadow-bleed parts.

    Args:
        parts: boolean masks of one connected component's parts (crop coordinates).
        rgb: the crop (uint8 sRGB); ``lab`` its CIELAB; ``bg`` the background model there
            (``(h, w, 6)``: Lab then sRGB).
        shadow_ratio: the scene's cast-shadow brightness ratio (``None``: no shadows seen).
        min_area: parts smaller than this after cleaning are dropped.

    Returns:
        The remaining parts (a new list).
    """
    import cv2

    parts = [p.copy() for p in parts if p.any()]
    if not parts:
        return parts
    kernel = np.ones((3, 3), np.uint8)
    changed = True
    while changed and len(parts) > 1:
        changed = False
        colours = [np.median(lab[p], axis=0) for p in parts]
        for i in sorted(range(len(parts)), key=lambda k: int(parts[k].sum())):
            p = parts[i]
            if thickness(p) > HALO_THICKNESS:
                continue
            ring = cv2.dilate(p.astype(np.uint8), kernel).astype(bool) & ~p
            total = max(int(ring.sum()), 1)
            contact = [float((ring & q).sum()) / total if k != i else 0.0 for k, q in enumerate(parts)]
            refs = [np.median(bg[p][:, :3], axis=0)]
            if shadow_ratio is not None:
                refs.append(rgb_to_lab(np.clip(np.median(bg[p][:, 3:], axis=0) * shadow_ratio, 0, 255)))
            area = int(p.sum())
            for j in sorted(range(len(parts)), key=lambda k: -contact[k]):
                if contact[j] < 0.1:
                    break
                if parts[j].sum() >= area and _on_blend(colours[i], colours[j], refs):
                    parts[j] = parts[j] | p
                    del parts[i]
                    changed = True
                    break
            if changed:
                break
    single = len(parts) == 1
    kept = []
    for p in parts:
        area = int(p.sum())
        if area < min_area:
            continue
        if is_shadow_part(p, rgb, lab, bg, shadow_ratio) and (
            not single or area < 16 * min_area or thickness(p) <= 2 * HALO_THICKNESS
        ):
            continue
        kept.append(p)
    return kept


def peel_blend_rims(
    parts: list[np.ndarray], lab: np.ndarray, bg: np.ndarray, *, min_area: int = 40
) -> list[np.ndarray]:
    """Give each part's edge pixels that are a blend of a larger neighbour and the ground to
    that neighbour; a part left with pieces under ``min_area`` loses them.

    Enlarging with a sharpening filter (Lanczos, bicubic) and reducing again leaves a rim of
    pixels 1-2 px wide around a solid in blends of its colour and the ground's. The colour
    split may put that rim in one part with the solid's shadow (both off the ground and off
    the solid); as a ring it then encloses the solid, so neither the halo merge of
    :func:`clean_parts` (a part's median colour) nor the shadow step (a ring is no shadow)
    takes it. Pixel by pixel: within 2 px of a larger part, on the segment from the ground
    to that part's colour (a shadow's darkening is off it), the pixel is that part's rim.
    """
    import cv2

    if len(parts) < 2:
        return parts
    parts = [p.copy() for p in parts]
    areas = [int(p.sum()) for p in parts]
    kernel = np.ones((5, 5), np.uint8)
    changed = False
    for j in sorted(range(len(parts)), key=lambda k: -areas[k]):
        near = cv2.dilate(parts[j].astype(np.uint8), kernel).astype(bool) & ~parts[j]
        colour = np.median(lab[parts[j]], axis=0)
        for i in range(len(parts)):
            if i == j or areas[i] >= areas[j]:
                continue
            rim = parts[i] & near
            if not rim.any():
                continue
            ref = bg[rim][:, :3]
            d = (colour[None, :] - ref) * _W
            v = (lab[rim] - ref) * _W
            norm2 = np.maximum((d * d).sum(axis=1), 1e-6)
            t = (v * d).sum(axis=1) / norm2
            resid = np.linalg.norm(v - t[:, None] * d, axis=1)
            blend = (t >= -0.15) & (t <= 1.15) & (resid <= np.maximum(6.0, 0.1 * np.sqrt(norm2)))
            if blend.any():
                ys, xs = np.nonzero(rim)
                parts[i][ys[blend], xs[blend]] = False
                parts[j][ys[blend], xs[blend]] = True
                changed = True
    if not changed:
        return parts
    out = []
    for p in parts:
        n, labels, stats, _ = cv2.connectedComponentsWithStats(p.astype(np.uint8), connectivity=8)
        keep = np.zeros(p.shape, bool)
        for k in range(1, n):
            if stats[k, 4] >= min_area:
                keep |= labels == k
        if keep.any():
            out.append(keep)
    return out


def trim_fringe(
    mask: np.ndarray,
    lab: np.ndarray,
    bg: np.ndarray,
    shadow_ratio: float | None,
    *,
    depth: int = 3,
    ratio: float = 0.5,
    passes: int = 3,
) -> np.ndarray:
    """Drop outline pixels that look like background rather than like the object inside.

    A pixel at most ``depth`` px from the outline goes when its weighted CIELAB distance
    to the background (or the shadowed background) is below ``ratio`` times its distance
    to the colour of the nearest pixel ``depth`` px deeper inside. Half-covered
    anti-aliased pixels (about equally far from both) stay. Up to ``passes`` peels (a
    peeled mask has a new outline). A mask too thin to have an inside is returned
    unchanged; crumbs the peel cuts off are dropped, but a peel that would cut the mask
    into sizeable pieces is not made.
    """
    import cv2

    u8 = np.pad(mask.astype(np.uint8), 1)
    dist = cv2.distanceTransform(u8, cv2.DIST_L2, 3)[1:-1, 1:-1]
    inside = dist > depth + 0.5
    if inside.sum() < 0.25 * mask.sum():
        return mask
    band = mask & ~inside
    # The nearest inside pixel of every band pixel (labels of the zero pixels of ~inside).
    _, nearest = cv2.distanceTransformWithLabels(
        (~inside).astype(np.uint8), cv2.DIST_L2, 3, labelType=cv2.DIST_LABEL_PIXEL
    )
    lut = np.zeros(int(nearest.max()) + 1, np.int64)
    lut[nearest[inside]] = np.flatnonzero(inside.ravel())
    by, bx = np.nonzero(band)
    px = lab[by, bx]
    ref_obj = lab.reshape(-1, 3)[lut[nearest[by, bx]]]
    d_obj = np.sqrt((((px - ref_obj) * _W) ** 2).sum(axis=1))
    d_bg = np.sqrt((((px - bg[by, bx, :3]) * _W) ** 2).sum(axis=1))
    if shadow_ratio is not None:
        shadowed = rgb_to_lab(np.clip(bg[by, bx, 3:] * shadow_ratio, 0, 255))
        d_bg = np.minimum(d_bg, np.sqrt((((px - shadowed) * _W) ** 2).sum(axis=1)))
    drop = np.zeros_like(mask)
    drop[by, bx] = d_bg < ratio * d_obj
    if passes > 1 and drop.any():
        # A peeled mask has a new outline: ringing blobs deeper than ``depth`` go next.
        return trim_fringe(mask & ~drop, lab, bg, shadow_ratio, depth=depth, ratio=ratio, passes=passes - 1)
    out = mask & ~drop
    # Thin spurs (ringing along an edge) that an opening removes in chunks, not the
    # single pixels it shaves off corners.
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    spurs = out & ~cv2.morphologyEx(out.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)
    if spurs.any():
        n, cc, stats, _ = cv2.connectedComponentsWithStats(spurs.astype(np.uint8), connectivity=8)
        big = np.flatnonzero(stats[:, cv2.CC_STAT_AREA] >= _SPUR_AREA)
        big = big[big > 0]
        if big.size:
            out = out & ~np.isin(cc, big)
    if out.sum() == mask.sum():
        return mask
    n, cc, stats, _ = cv2.connectedComponentsWithStats(out.astype(np.uint8), connectivity=8)
    if n > 2:
        sizes = stats[1:, cv2.CC_STAT_AREA]
        if (sizes >= 0.1 * sizes.max()).sum() > 1:
            # The peel cut a bridge between sizeable pieces (two objects, or one object's
            # shaded parts): leave that mask as it was, for the later steps to divide.
            return mask
        out = cc == 1 + int(np.argmax(sizes))
    return out
