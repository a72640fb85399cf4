"""Two shaded solids of one colour, one in front of the other: cut at the silhouette's neck.

A ball, a box, a can and a cone are convex, so each one's silhouette is convex. A shaded
part whose silhouette is clearly not convex, and which one straight cut between two of its
concavities (convexity defects) divides into two convex pieces, is two solids of one colour
overlapping in the picture -- a ball behind a can's top, a box in front of another. The
watershed of :func:`.part_split.split_touching` seeds one core per body from 0.7 of the
deepest distance, so a small solid against a big one gets no core of its own; this cut
asks only the outline.

A piece that is a soft shadow is no solid: a solid's shadow on the ground beside it
makes its silhouette concave too (a photographed clock and its shadow on the wall). A
piece whose colour is the ground's around it, dimmed alike in every channel, and whose
outline is softer than the other piece's, is that shadow, and the part is not cut.

A cut through a highlight is no neck either: a glossy ball's specular highlight is a
bright, washed-out blob inside the ball's one colour, graded to a peak, and a cut along it splits one ball
into a "white" piece and a coloured one. Two solids overlapping meet at the front one's
rim, not inside a highlight; a cut whose line meets such a blob is not made.

The cut is made by default only in a scene with the evidence of solids on a ground
(:func:`.solid_scene.solid_scene`); ``convex_cut=True`` / ``False`` forces it on or off.

A flat part (one uniform colour) is not asked: drawn arrows, stars and L-shapes are
concave by design, and their pieces are convex too.

Example:
    >>> import numpy as np
    >>> yy, xx = np.mgrid[0:90, 0:60]
    >>> ball = (yy - 22) ** 2 + (xx - 30) ** 2 <= 15**2
    >>> can = (yy >= 34) & (yy < 88) & (np.abs(xx - 30) <= 24)
    >>> shade = np.dstack([40 + xx * 2] * 3).astype(np.uint8)
    >>> len(convex_pieces(ball | can, 40, shade))
    2
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["convex_pieces", "cut_asked"]

#: A silhouette this convex (area over its hull's) is one solid: a soft edge's or a
#: shadow's nibble leaves it above this.
ONE_SOLID = 0.99
#: Each piece of a cut must be this convex: a solid's silhouette, anti-aliased and seen
#: at working size, fills 96.5 % of its hull or more.
CONVEX_PIECE = 0.965
#: A concavity shallower than this share of the part's equivalent radius (and than
#: :data:`DEEP_PX`) is the outline's pixel steps, not a neck.
DEEP = 0.12
#: JPEG leaves a small solid's outline ragged by up to about 3 px: no neck is shallower.
DEEP_PX = 4.0
#: A soft shadow dims the ground around the part by a ratio under this, every channel
#: within :data:`SHADOW_EVEN` of the others (relative) ...
SHADOW_DIM = 0.9
SHADOW_EVEN = 0.15
#: ... and its outline (its contrast with the ground over its steps' median) is this many
#: times as wide as the other piece's, and 3 px or more: a penumbra is blurred, a solid's
#: outline is sharp.
SHADOW_SOFT = 2.0
#: A piece smaller than this share of the part is a sliver (a rim, a shadow's tip).
SMALLEST_SHARE = 0.08
#: A highlight: pixels this much lighter (CIELAB L) than the part's median, with under
#: :data:`HIGHLIGHT_CHROMA` of its median chroma (washed out toward the light's colour),
#: covering at most :data:`HIGHLIGHT_SHARE` of the part.
HIGHLIGHT_LIGHTER = 15.0
HIGHLIGHT_CHROMA = 0.6
HIGHLIGHT_SHARE = 0.25
#: ... and graded: its lightness spans this share of its peak's rise above the median or more.
HIGHLIGHT_GRADED = 0.5
#: A cut through a highlight leaves this share of it or more on each side.
HIGHLIGHT_SPLIT = 0.25


def cut_asked(options: dict[str, Any], rgb: np.ndarray) -> bool:
    """The run's choice (``convex_cut``), else whether ``rgb`` shows a 3-D scene (read once
    per run of the segmenter, kept in ``options``)."""
    value = options.get("convex_cut")
    if value is not None:
        return bool(value)
    if "_three_d" not in options:
        from .solid_scene import solid_scene

        options["_three_d"] = solid_scene(rgb).three_d
    return bool(options["_three_d"])


def _soft_shadow(piece: np.ndarray, other: np.ndarray, part: np.ndarray, crop_rgb: np.ndarray) -> bool:
    """Whether ``piece`` of ``part`` is a soft shadow on the ground: the ground's colour
    around the part dimmed alike in every channel, with an outline softer than ``other``'s."""
    import cv2

    from .soft_shadows import linear_light

    u8 = part.astype(np.uint8)
    ring = cv2.dilate(u8, np.ones((9, 9), np.uint8)).astype(bool) & ~cv2.dilate(
        u8, np.ones((3, 3), np.uint8)
    ).astype(bool)
    if ring.sum() < 12:
        return False
    lin = linear_light(crop_rgb)
    ground = np.median(lin[ring], axis=0)
    ratio = np.median(lin[piece], axis=0) / np.maximum(ground, 1e-3)
    mean = float(ratio.mean())
    if not 0.05 < mean < SHADOW_DIM or float(ratio.max() - ratio.min()) > SHADOW_EVEN * mean + 0.02:
        return False
    grey = cv2.cvtColor(np.ascontiguousarray(crop_rgb[..., :3]).astype(np.uint8), cv2.COLOR_RGB2GRAY).astype(
        np.float32
    )
    steep = np.hypot(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1)) / 8.0
    level = float(np.median(grey[ring]))
    near = cv2.dilate((~part).astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    band = cv2.erode(u8, np.ones((7, 7), np.uint8)).astype(bool) & ~cv2.erode(
        u8, np.ones((13, 13), np.uint8)
    ).astype(bool)

    def width(p: np.ndarray) -> float | None:
        """How many pixels the piece's outline takes to go from the ground to its inside."""
        if (p & near).sum() < 5 or (p & band).sum() < 5:
            return None
        contrast = abs(float(np.median(grey[p & band])) - level)
        return contrast / max(float(np.median(steep[p & near])), 1e-3)

    mine, theirs = width(piece), width(other)
    return mine is not None and theirs is not None and mine >= max(SHADOW_SOFT * theirs, 3.0)


def _highlight(part: np.ndarray, crop_rgb: np.ndarray) -> np.ndarray | None:
    """The part's highlight: its pixels lighter than its median by :data:`HIGHLIGHT_LIGHTER`
    and washed out (chroma under :data:`HIGHLIGHT_CHROMA` of the median) in a part of one
    clear colour, at most :data:`HIGHLIGHT_SHARE` of it and graded (:data:`HIGHLIGHT_GRADED`);
    ``None`` if there is none."""
    from .colour import rgb_to_lab

    lab = rgb_to_lab(crop_rgb.reshape(-1, 3)).reshape(part.shape + (3,))
    px = lab[part]
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    body_l, body_c = float(np.median(px[:, 0])), float(np.median(chroma[part]))
    if body_c < 15.0:
        return None  # a grey solid: a highlight is no different hue from it
    blob = part & (lab[..., 0] > body_l + HIGHLIGHT_LIGHTER) & (chroma < HIGHLIGHT_CHROMA * body_c)
    n = int(blob.sum())
    if not 0 < n <= HIGHLIGHT_SHARE * int(part.sum()):
        return None
    # Graded: it rises smoothly to a peak (a lit can's top or a box's lit face is flat inside,
    # one step above the rest, and no highlight).
    low, peak = np.percentile(lab[..., 0][blob], [5, 95])
    return blob if peak - low >= HIGHLIGHT_GRADED * (peak - body_l) else None


def _through_highlight(
    part: np.ndarray, pieces: list[np.ndarray], a: tuple[int, int], b: tuple[int, int], crop_rgb: np.ndarray
) -> bool:
    """Whether the cut from ``a`` to ``b`` runs through the part's highlight: a blob of it
    (12 px or more) that the cut's line meets is split between the two pieces, a quarter of
    it or more on each side. A highlight beside a nearer solid's rim lies on one side only."""
    import cv2

    blob = _highlight(part, crop_rgb)
    if blob is None:
        return False
    line = np.zeros(part.shape, np.uint8)
    cv2.line(line, a, b, 1, 5)
    n, labels = cv2.connectedComponents(blob.astype(np.uint8), connectivity=8)
    for k in set(np.unique(labels[line.astype(bool) & blob])) - {0}:
        spot = labels == k
        sides = [int((spot & p).sum()) for p in pieces]
        if int(spot.sum()) >= 12 and min(sides) >= HIGHLIGHT_SPLIT * sum(sides):
            return True
    return False


def _solidity(mask: np.ndarray) -> float:
    import cv2

    contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return 0.0
    hull = sum(cv2.contourArea(cv2.convexHull(c)) for c in contours)
    return float(mask.sum()) / max(hull, 1.0)


def _shaded(part: np.ndarray, crop_rgb: np.ndarray) -> bool:
    from .colour import rgb_to_lab
    from .flat import is_flat

    return not is_flat(rgb_to_lab(crop_rgb[part].reshape(-1, 3)))


def _outlined(part: np.ndarray, crop_rgb: np.ndarray) -> bool:
    """Whether the part is a drawing's fill inside a dark outline: four fifths of its rim
    (2 px) is darker than its inside's median by 20 lightness units. A shaded solid's rim
    darkens on the side away from its light, not all round (a drawn star is no two solids)."""
    import cv2

    from .colour import rgb_to_lab

    u8 = part.astype(np.uint8)
    rim = part & ~cv2.erode(u8, np.ones((5, 5), np.uint8)).astype(bool)
    inside = cv2.erode(u8, np.ones((9, 9), np.uint8)).astype(bool)
    if rim.sum() < 12 or inside.sum() < 12:
        return False
    lum = rgb_to_lab(crop_rgb.reshape(-1, 3)).reshape(part.shape + (3,))[..., 0]
    return float((lum[rim] < np.median(lum[inside]) - 20.0).mean()) >= 0.8


def _cut(part: np.ndarray, a: tuple[int, int], b: tuple[int, int], min_area: int) -> list[np.ndarray] | None:
    """The part cut along the segment ``a``-``b`` into exactly two pieces, at least one of
    them convex, or ``None``."""
    import cv2

    line = np.zeros(part.shape, np.uint8)
    cv2.line(line, a, b, 1, 2)
    on = line.astype(bool)
    if part[on].mean() < 0.85:
        return None  # the cut runs across the ground: no neck between the two concavities
    n, labels = cv2.connectedComponents((part & ~on).astype(np.uint8), connectivity=4)
    if n != 3:
        return None
    area = int(part.sum())
    pieces = [labels == k for k in (1, 2)]
    if min(int(p.sum()) for p in pieces) < max(min_area, SMALLEST_SHARE * area):
        return None
    if max(_solidity(p) for p in pieces) < CONVEX_PIECE:
        return None
    from .nearest import nearest_labels

    seeds = np.zeros(part.shape, np.int32)
    for k, p in enumerate(pieces, start=1):
        seeds[p] = k
    owner = nearest_labels(seeds)
    return [part & (owner == k) for k in (1, 2)]


def _bitten(part: np.ndarray, others: np.ndarray | None, far: tuple[int, int], deep_px: float) -> bool:
    """Whether the concavity at ``far`` is another object's bite: over a quarter of the pocket
    beside it (a disc of half the concavity's depth, outside the part) is ``others``. A solid
    partly hidden by a nearer one of another colour is concave there, and no neck."""
    if others is None:
        return False
    import cv2

    disc = np.zeros(part.shape, np.uint8)
    cv2.circle(disc, far, max(3, round(0.5 * deep_px)), 1, -1)
    pocket = disc.astype(bool) & ~part
    return bool(pocket.any() and others[pocket].mean() > 0.25)


def convex_pieces(
    part: np.ndarray, min_area: int, crop_rgb: np.ndarray, others: np.ndarray | None = None, depth: int = 0
) -> list[np.ndarray]:
    """A shaded, clearly concave part cut into convex pieces at its necks (see the module
    docstring); any other part as ``[part]``. A cut leaves convex pieces only: a piece that is
    not is cut again (three solids), or the cut is not made. ``others``: the pixels of the
    other objects around it (concavities they fill are where they hide this one)."""
    import cv2

    area = int(part.sum())
    if depth > 2 or area < 3 * min_area or _solidity(part) >= ONE_SOLID or not _shaded(part, crop_rgb):
        return [part]
    if depth == 0 and _outlined(part, crop_rgb):
        return [part]
    contours, _ = cv2.findContours(part.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if len(contours) != 1:
        return [part]
    c = contours[0]
    hull = cv2.convexHull(c, returnPoints=False)
    if hull is None or len(hull) < 4:
        return [part]
    try:
        defects = cv2.convexityDefects(c, np.sort(hull, axis=0))
    except cv2.error:
        return [part]
    if defects is None:
        return [part]
    least = max(DEEP_PX, DEEP * float(np.sqrt(area / np.pi)))
    deep = [
        d
        for d in defects.reshape(-1, 4)
        if d[3] / 256.0 >= least
        and not _bitten(part, others, tuple(int(v) for v in c[d[2], 0]), d[3] / 256.0)
    ]
    deep = sorted(deep, key=lambda d: -d[3])[:5]
    best = None
    for i in range(len(deep)):
        for j in range(i + 1, len(deep)):
            a = tuple(int(v) for v in c[deep[i][2], 0])
            b = tuple(int(v) for v in c[deep[j][2], 0])
            length = float(np.hypot(a[0] - b[0], a[1] - b[1]))
            if best is not None and length >= best[0]:
                continue
            pieces = _cut(part, a, b, min_area)
            if pieces is None or _through_highlight(part, pieces, a, b, crop_rgb):
                continue  # no neck, or one ball's highlight
            if _soft_shadow(pieces[0], pieces[1], part, crop_rgb) or _soft_shadow(
                pieces[1], pieces[0], part, crop_rgb
            ):
                continue  # a solid and its soft shadow: no two solids
            out = []
            for p in pieces:
                more = (
                    [p]
                    if _solidity(p) >= CONVEX_PIECE
                    else convex_pieces(p, min_area, crop_rgb, others, depth + 1)
                )
                if len(more) == 1 and _solidity(p) < CONVEX_PIECE:
                    break  # a concave piece no cut makes convex: not solids of one colour
                out.extend(more)
            else:
                best = (length, out)
    return [part] if best is None else best[1]
