"""Shapes filled with a pattern: hatching (stripes) or dots of one colour on the ground.

A drawing tool's pattern fill leaves a shape's ink as stripes or dots with the ground
showing between them, usually inside an outline stroke of the same colour. Read pixel by
pixel that is a ring with many narrow holes (the gaps between stripes), or a ring with many
small marks of its colour in its hole (the dots). Either is one flat shape:

* :func:`lattice_of_holes` — a component whose holes showing the ground are many (four or
  more) and narrow (each no wider than a third of the shape's inscribed radius) is one
  patterned shape: it is not split by colour (its stripes' anti-aliased edges are a blend
  of ink and ground, a second "colour") nor cut as touching objects;
* :func:`dots_inside` — small components of one colour lying in the hole of an outline
  ring of that colour, at least four of them and none bigger than a twentieth of the hole,
  are the ring's fill pattern and join it.

* :func:`lattice_before_cleaning` — a hatched fill whose gaps are a pixel or two wide at
  the working resolution: the mask's morphological clean-up closes them, so the lattice is
  read on the mask before it (the gaps must be many, about one width, and show the ground
  over a good share of the outline: JPEG's specks in a plain fill are few and tiny).
* :func:`periodic_fill` — a hatched or dotted fill the working resolution blurs into stripes
  or dots of ink and its blend with the ground (no gap is ground any more, and the colour
  split need not cut it): its distance to the ground repeats at one pitch across the shape,
  so a few peaks of its spectrum hold most of its modulation (a plain fill's JPEG noise, a
  solid's shading or a photo's texture spread theirs).
* :func:`striped` — a hatched fill the working resolution no longer resolves (its gaps are
  blends of ink and ground, not ground) is cut by the colour split into four or more thin
  stripes: it stays one shape.

Such a region carries its ink's colour (:func:`pattern_ink`), and the attributes step reads
it with :func:`patterned_words`: flat, in that colour, named on its hull when nearly convex
(the gaps notch its edge evenly, which is no star), sized by what it encloses. A table's
cell borders (large holes, little ink) and a shape drawn inside an outline (one mark, or
marks of another colour) are no pattern.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = [
    "lattice_of_holes",
    "lattice_before_cleaning",
    "periodic_fill",
    "merged_dots",
    "dots_inside",
    "pattern_ink",
    "filled_outline",
    "pattern_outline",
    "several_inks",
    "striped",
    "convex_pattern",
    "solidity",
    "INK_SHARE",
    "STAR_SOLIDITY",
]

#: Holes of the ground a pattern has at least.
MIN_HOLES = 4
#: ... each at most this share of the shape's inscribed radius wide (its own inscribed radius).
NARROW = 0.34
#: A stripe a colour split cut out is at most this share of the shape's inscribed radius wide.
STRIPE = 0.25
#: Ink covers at least this share of a hatched shape's filled outline (a table's rules: ~5 %).
MIN_INK = 0.25
#: The ink's colour is read on this share of a patterned shape's pixels farthest from the
#: ground (the rest blend ink and ground at the stripes' and dots' edges).
INK_SHARE = 0.3
#: The stripes a colour split cut out of an unresolved hatched fill cover at least this
#: share of its filled outline (ink and blend stripes tile it; outline-only shapes and their
#: connectors, all thin too, cover a quarter or less).
FILLED = 0.6
#: A dotted fill's dots joined into a web leave at least this many holes of the ground.
MIN_WEB_HOLES = 8
#: A dot of a dotted fill is at most this share of the ring's hole.
DOT_SHARE = 0.05


def filled_outline(mask: np.ndarray) -> np.ndarray:
    """``mask`` with every hole filled (its outer outline): a pattern's gaps, a ring's hole, the sky
    between a canopy's leaves. The one copy: the hatching readers here, ``lines``, ``frame_cut``
    and ``attributes`` (whether an outline-only shape encloses plain ground or texture) share it.
    The 1 px pad keeps a mask touching the frame's edge whole."""
    import cv2

    m = np.ascontiguousarray(np.pad(mask.astype(np.uint8), 1))
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    solid = np.zeros(m.shape, np.uint8)
    cv2.drawContours(solid, contours, -1, 1, -1)
    return solid[1:-1, 1:-1].astype(bool)


def lattice_of_holes(comp: np.ndarray) -> bool:
    """Whether ``comp`` (a component whose ground-showing holes were kept) is a shape with a
    hatched (striped or cross-hatched) fill: :data:`MIN_HOLES` or more holes, each narrow
    against the shape (:data:`NARROW`), the ink :data:`MIN_INK` or more of the outline."""
    import cv2

    solid = filled_outline(comp)
    holes = solid & ~comp
    area = float(solid.sum())
    if not holes.any() or comp.sum() < MIN_INK * area:
        return False
    n, parts = cv2.connectedComponents(holes.astype(np.uint8), connectivity=4)
    if n - 1 < MIN_HOLES:
        return False
    outer = cv2.distanceTransform(np.pad(solid, 1).astype(np.uint8), cv2.DIST_L2, 3)[1:-1, 1:-1]
    inscribed = float(outer.max())
    inner = cv2.distanceTransform(np.pad(holes, 1).astype(np.uint8), cv2.DIST_L2, 3)[1:-1, 1:-1]
    widest = np.zeros(n, np.float32)
    np.maximum.at(widest, parts.ravel(), inner.ravel())
    return bool(inscribed >= 4.0 and widest[1:].max() <= NARROW * inscribed)


#: Before the clean-up, a pattern's gaps cover at least this share of its filled outline
#: (hatching and dots show the ground over a third to two thirds; a plain fill's JPEG specks
#: well under a twentieth).
GAP_SHARE = 0.15


#: A hue carries an ink when at least this share of the component shows it (and 3 minimum areas).
HUE_SHARE = 0.02
#: Two inks' hues lie at least this far apart (degrees around neutral grey).
HUE_APART = 45.0


def several_inks(comp: np.ndarray, rgb: np.ndarray, min_area: int) -> bool:
    """Whether ``comp`` (a crop's component; ``rgb`` the same crop) shows two or more clearly
    chromatic colours whose hues lie :data:`HUE_APART` apart, each over :data:`HUE_SHARE` of it.

    A pattern fill is one ink (its stripes' and dots' edges blend it with the ground, along
    the same hue); a gridded wall or floor carrying solids of several colours (a 3-D plot's
    panes behind a red ball and a green box) leaves holes between its grid lines too, but
    is no hatched shape."""
    pix = np.asarray(rgb, np.float32)[comp]
    chroma = (pix[:, :2] + 2.0) / (pix.sum(axis=1, keepdims=True) + 6.0) * 100.0 - 100.0 / 3.0
    hued = np.hypot(chroma[:, 0], chroma[:, 1]) >= 4.0
    need = max(3 * min_area, HUE_SHARE * float(comp.sum()))
    if hued.sum() < 2 * need:
        return False
    angle = np.degrees(np.arctan2(chroma[hued, 1], chroma[hued, 0])) % 360.0
    counts = np.bincount((angle // 15.0).astype(int) % 24, minlength=24).astype(float)
    # hue groups: runs of neighbouring 15-degree bins (around the circle), each heavy enough
    full = counts >= 0.1 * need
    if full.all():
        return False  # every hue: a rainbow gradient or a photo, not separate inks
    start = int(np.flatnonzero(~full)[0])
    groups: list[tuple[float, float]] = []  # (mean angle, pixels)
    run: list[int] = []
    for step in range(1, 25):
        b = (start + step) % 24
        if full[b]:
            run.append(b)
        elif run:
            weight = counts[run]
            centre = np.degrees(
                np.angle(np.sum(weight * np.exp(1j * np.radians(np.array(run) * 15.0 + 7.5))))
            )
            groups.append((float(centre) % 360.0, float(weight.sum())))
            run = []
    heavy = [a for a, n in groups if n >= need]
    for i, a in enumerate(heavy):
        for b in heavy[i + 1 :]:
            gap = abs(a - b) % 360.0
            if min(gap, 360.0 - gap) >= HUE_APART:
                return True
    return False


def lattice_before_cleaning(before: np.ndarray, comp: np.ndarray) -> bool:
    """Whether ``comp`` (a cleaned component, holes filled) is a hatched or dotted shape whose
    gaps the clean-up closed: ``before`` (the foreground mask before the opening and
    closing, same crop) inside ``comp``'s outline is a lattice (:func:`lattice_of_holes`)
    whose holes cover :data:`GAP_SHARE` of the outline, most of them (three in five) of one
    width within a factor two of their median (stripes or dots of one pitch; a texture's
    gaps are of every width)."""
    import cv2

    solid = filled_outline(comp)
    ink = before.astype(bool) & solid
    holes = filled_outline(ink) & ~ink
    if float(holes.sum()) < GAP_SHARE * float(solid.sum()) or not lattice_of_holes(ink):
        return False
    n, parts = cv2.connectedComponents(holes.astype(np.uint8), connectivity=4)
    inner = cv2.distanceTransform(np.pad(holes, 1).astype(np.uint8), cv2.DIST_L2, 3)[1:-1, 1:-1]
    widest = np.zeros(n, np.float32)
    np.maximum.at(widest, parts.ravel(), inner.ravel())
    widths = widest[1:]
    mid = float(np.median(widths))
    even = int(((widths >= 0.5 * mid) & (widths <= 2.0 * mid)).sum())
    return even >= max(MIN_HOLES, 0.6 * widths.size)


#: A periodic fill: its interior lies this far (px) inside the outline (past the stroke) ...
PERIODIC_INSET = 2.5
#: ... covers at least this many pixels, at least this share of them ink ...
PERIODIC_MIN_PIXELS, PERIODIC_INK = 100, 0.25
#: ... repeats at least this many times across the shape's box ...
PERIODIC_REPEATS = 4
#: ... and this many peaks of its spectrum (two directions of a dot lattice, each with its
#: mirror) hold at least this share of its modulation's power (stripes 0.6-0.9, a dot lattice
#: about 0.6; a render's solids, a paper or canvas texture under 0.45; a plain fill's faint
#: ripples up to 0.6, but at a depth of 0.15 or less) ...
PERIODIC_PEAKS, PERIODIC_SHARE = 4, 0.5
#: ... with an amplitude (RMS) of at least this share of its median distance to the ground.
PERIODIC_DEPTH = 0.2


#: Two shades of one ink (a colour and its tint in checks, stripes or a grid; no gap shows the
#: ground) repeat along their main CIELAB axis at least this RMS apart.
TONE_DEPTH = 6.0
#: ... counting each peak's multiples up to this one (thin grid lines of a tint on the ink).
TONE_HARMONICS = 3
#: ... on at least this many pixels inside: on a small compressed shape JPEG's 8 px blocks
#: repeat as evenly, and as deep (a 26 px octagon at q60: 6.6 units, like a faint pattern).
TONE_MIN_PIXELS = 1000


def periodic_fill(
    comp: np.ndarray, distance: np.ndarray, threshold: float, lab: np.ndarray | None = None
) -> bool:
    """Whether ``comp``'s inside (``distance``: each pixel's colour distance to the ground,
    same crop) repeats at one pitch: a hatched or dotted fill, resolved or not. Read on its
    pixels :data:`PERIODIC_INSET` px inside the outline (a quarter or more of those twice as
    deep ink, at ``threshold`` from the ground or farther: the inside of an outline-only shape
    is ground, and the ring's own sides repeat), less their mean: the
    :data:`PERIODIC_PEAKS` strongest frequencies of period at most a
    :data:`PERIODIC_REPEATS`-th of the box (each with its 3x3 neighbours: the shape's outline
    spreads them) hold :data:`PERIODIC_SHARE` of the power at such periods, at an amplitude of
    :data:`PERIODIC_DEPTH` of the median distance or more. With ``lab`` (the crop's CIELAB
    pixels) a fill of two shades equally far from the ground counts too: read the same way on
    the pixels' projection on their main colour axis, at :data:`TONE_DEPTH` or more."""
    import cv2

    solid = filled_outline(comp)
    depth = cv2.distanceTransform(np.pad(solid, 1).astype(np.uint8), cv2.DIST_L2, 3)[1:-1, 1:-1]
    inner = depth > PERIODIC_INSET
    if int(inner.sum()) < PERIODIC_MIN_PIXELS:
        return False
    values = distance[inner].astype(np.float64)
    deep = distance[depth > 2 * PERIODIC_INSET]  # past any outline stroke
    if deep.size < 20 or float((deep >= threshold).mean()) < PERIODIC_INK:
        return False
    signals = [(distance.astype(np.float64), PERIODIC_DEPTH * float(np.median(values)), 1)]
    if lab is not None and int(inner.sum()) >= TONE_MIN_PIXELS:
        px = np.asarray(lab, np.float64)[inner]
        axis = np.linalg.svd(px - px.mean(axis=0), full_matrices=False)[2][0]
        tone = np.zeros(comp.shape, np.float64)
        tone[inner] = px @ axis
        signals.append((tone, TONE_DEPTH, TONE_HARMONICS))
    middle = depth > max(2 * PERIODIC_INSET, 0.5 * float(depth.max()))
    for field, needed, harmonics in signals:
        core = field[middle]
        if core.size >= 20 and float(core.std()) < 0.5 * needed:
            # Plain in its middle (a flat fill inside a thick outline of another colour): the
            # outline's sides are what repeats, not the fill; a hatched or dotted fill's pitch
            # (a quarter of the box or less) shows in the middle half too.
            continue
        if _pitch_amplitude(field, inner, harmonics) >= needed:
            return True
    return False


def _pitch_amplitude(field: np.ndarray, inner: np.ndarray, harmonics: int = 1) -> float:
    """The RMS of ``field``'s modulation inside ``inner`` held by its :data:`PERIODIC_PEAKS`
    strongest frequencies (period at most a :data:`PERIODIC_REPEATS`-th of the box), or 0.0
    when they hold less than :data:`PERIODIC_SHARE` of the power at such periods. With
    ``harmonics`` k each peak holds its multiples up to k times its frequency too (a grid of
    thin lines spreads its power over them)."""
    values = field[inner]
    signal = np.zeros(inner.shape, np.float64)
    signal[inner] = values - values.mean()
    h, w = inner.shape
    power = np.abs(np.fft.fft2(signal, s=(max(h, 32), max(w, 32)))) ** 2
    freq = np.hypot(np.fft.fftfreq(power.shape[0])[:, None], np.fft.fftfreq(power.shape[1])[None, :])
    power[freq < PERIODIC_REPEATS / min(h, w)] = 0.0  # shading and the shape's own extent
    total = float(power.sum())
    if total <= 0.0:
        return 0.0
    peaks = 0.0
    for _ in range(PERIODIC_PEAKS):
        y, x = np.unravel_index(int(np.argmax(power)), power.shape)
        fy, fx = (
            (y + power.shape[0] // 2) % power.shape[0] - power.shape[0] // 2,
            (x + power.shape[1] // 2) % power.shape[1] - power.shape[1] // 2,
        )
        for k in range(1, 1 + harmonics):  # thin lines repeat with their harmonics
            rows = np.arange(k * fy - 1, k * fy + 2) % power.shape[0]
            cols = np.arange(k * fx - 1, k * fx + 2) % power.shape[1]
            peaks += float(power[np.ix_(rows, cols)].sum())
            power[np.ix_(rows, cols)] = 0.0
    if peaks < PERIODIC_SHARE * total:
        return 0.0
    return math.sqrt(peaks / power.size / float(inner.sum()))  # Parseval: RMS of the peaks


def merged_dots(raw: np.ndarray, backdrop: np.ndarray) -> bool:
    """Whether ``raw`` (a component before its holes were filled; ``backdrop``: the pixels
    of the ground, same crop) is a dotted fill whose dots the clean-up joined into a web:
    :data:`MIN_WEB_HOLES` or more holes showing the ground, most of them of one size (within
    a factor two of their median: a regular grid; a word's letters are few and uneven), and
    a lattice (:func:`lattice_of_holes`) once the other holes are filled. At the working
    resolution a dotted fill's gaps are a few pixels, too small to count as holes alone."""
    import cv2

    solid = filled_outline(raw)
    holes = solid & ~raw
    if not holes.any():
        return False
    n, parts, stats, _ = cv2.connectedComponentsWithStats(holes.astype(np.uint8), connectivity=4)
    ground = [k for k in range(1, n) if float(backdrop[parts == k].mean()) >= 0.7]
    if len(ground) < MIN_WEB_HOLES:
        return False
    sizes = stats[ground, cv2.CC_STAT_AREA].astype(np.float64)
    mid = float(np.median(sizes))
    even = int(((sizes >= 0.5 * mid) & (sizes <= 2.0 * mid)).sum())
    if even < max(MIN_WEB_HOLES, 0.6 * len(ground)):
        return False
    kept = np.isin(parts, ground)
    return lattice_of_holes(raw | (holes & ~kept))


def dots_inside(
    labels: np.ndarray, stats: np.ndarray, lab: np.ndarray, min_ring: int
) -> dict[int, list[int]]:
    """``{ring label: [dot labels]}``: connected components (``labels``, ``stats`` as OpenCV
    gives them) lying in the hole of a larger component of the same colour (median CIELAB
    within 12 units), four or more per ring, each at most :data:`DOT_SHARE` of the hole."""
    import cv2

    n = stats.shape[0]
    out: dict[int, list[int]] = {}
    if n < 1 + MIN_HOLES + 1:
        return out
    order = [k for k in range(1, n) if stats[k, 4] >= min_ring]
    small = [k for k in range(1, n)]
    for ring in order:
        x, y, w, h = (int(v) for v in stats[ring][:4])
        box = labels[y : y + h, x : x + w]
        mask = box == ring
        hole = filled_outline(mask) & ~mask
        hole_area = float(hole.sum())
        if hole_area < 4 * MIN_HOLES:
            continue
        inside = set(np.unique(box[hole])) - {0, ring}
        if len(inside) < MIN_HOLES:
            continue
        ring_colour = np.median(lab[y : y + h, x : x + w][mask], axis=0)
        dots = []
        for k in inside:
            if k not in small or stats[k, 4] > DOT_SHARE * hole_area:
                continue
            kx, ky, kw, kh = (int(v) for v in stats[k][:4])
            if kx < x or ky < y or kx + kw > x + w or ky + kh > y + h:
                continue
            piece = labels[ky : ky + kh, kx : kx + kw] == k
            if not hole[ky - y : ky - y + kh, kx - x : kx - x + kw][piece].all():
                continue
            colour = np.median(lab[ky : ky + kh, kx : kx + kw][piece], axis=0)
            if float(np.linalg.norm(colour - ring_colour)) <= 12.0:
                dots.append(int(k))
        if len(dots) >= MIN_HOLES:
            out[ring] = dots
    del cv2
    return out


def pattern_ink(mask: np.ndarray, rgb: np.ndarray, distance: np.ndarray) -> list[float]:
    """The ink colour (sRGB) of a patterned shape: the median of its :data:`INK_SHARE` of pixels
    farthest from the ground (``distance``: each pixel's colour distance to the backdrop)."""
    far = distance[mask]
    ink = far >= np.quantile(far, 1.0 - INK_SHARE)
    return [round(float(v), 1) for v in np.median(rgb[mask][ink].astype(np.float32), axis=0)]


def pattern_outline(mask: np.ndarray) -> np.ndarray:
    """The outer outline of a patterned shape's ink: closed by a disc growing one pixel at a
    time while that still fills gaps (the shape's solidity grows by 2 % or more; up to a
    quarter of its inscribed radius), then every hole filled. The gaps between stripes or
    dots that reach the edge bite notches into the ink's own outline; the closing mends them
    and leaves a star's points, far wider than the gaps, as they are."""
    import cv2

    m = np.ascontiguousarray(np.pad(mask.astype(np.uint8), 2))
    best = filled_outline(m.astype(bool))
    depth = float(cv2.distanceTransform(np.pad(best, 1).astype(np.uint8), cv2.DIST_L2, 3).max())

    def solidity(shape: np.ndarray) -> float:
        pts = cv2.findNonZero(shape.astype(np.uint8))
        hull = cv2.contourArea(cv2.convexHull(pts)) if pts is not None else 0.0
        return float(shape.sum()) / max(hull, 1.0)

    score = solidity(best)
    for r in range(1, max(1, int(0.25 * depth)) + 1):
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
        shape = filled_outline(cv2.morphologyEx(m, cv2.MORPH_CLOSE, kernel).astype(bool))
        s = solidity(shape)
        if s < score + 0.02:
            break
        best, score = shape, s
    return best[2:-2, 2:-2]


def striped(parts: list[np.ndarray], whole: np.ndarray) -> bool:
    """Whether a colour split of ``whole`` into ``parts`` cut a hatched fill into its stripes:
    :data:`MIN_HOLES` or more parts, each narrow against the whole (its inscribed radius at
    most :data:`STRIPE` of the whole's, or up to 3 px and :data:`NARROW` of it). Shapes of two colours that touch, or a fill inside
    an outline stroke, leave a wide part."""
    import cv2

    if len(parts) < MIN_HOLES:
        return False
    solid = filled_outline(whole)
    if sum(int(p.sum()) for p in parts) < FILLED * int(solid.sum()):
        return False  # thin outlines and their connectors, not a fill: the ground shows between

    def depth(mask: np.ndarray) -> float:
        return float(cv2.distanceTransform(np.pad(mask, 1).astype(np.uint8), cv2.DIST_L2, 3).max())

    whole_depth = depth(solid)
    limit = max(STRIPE * whole_depth, min(3.0, NARROW * whole_depth))
    return all(depth(p) <= limit for p in parts)


#: A patterned shape filling this share of its convex hull is convex: its notches are gaps.
CONVEX = 0.95
#: A patterned star fills less than this share of its hull (a five-pointed star about 0.5-0.7).
STAR_SOLIDITY = 0.85


def solidity(mask: np.ndarray) -> float:
    """The share of its convex hull that the mask's outer outline fills."""
    import cv2

    solid = filled_outline(mask)
    pts = cv2.findNonZero(solid.astype(np.uint8))
    if pts is None:
        return 0.0
    return float(solid.sum()) / max(float(cv2.contourArea(cv2.convexHull(pts))), 1.0)


def convex_pattern(mask: np.ndarray) -> str | None:
    """The name of a patterned shape's convex hull when the shape fills :data:`CONVEX` of it
    (a circle or a box whose edge the gaps between its stripes notch), else ``None``."""
    import cv2

    from .flat import flat_shape

    solid = filled_outline(mask)
    pts = cv2.findNonZero(solid.astype(np.uint8))
    if pts is None:
        return None
    hull = cv2.convexHull(pts)
    if float(solid.sum()) < CONVEX * max(float(cv2.contourArea(hull)), 1.0):
        return None
    shape = np.zeros(solid.shape, np.uint8)
    cv2.fillConvexPoly(shape, hull, 1)
    name = flat_shape(shape.astype(bool))
    return None if name in ("star", "unknown") else name


def patterned_words(crop: np.ndarray, extras: dict[str, Any]) -> tuple[str, str, str]:
    """``(colour, shape, material)`` of a shape with a pattern fill (``extras["pattern_ink"]``,
    the ink's sRGB colour); sets its extras flat, with the ink's tone. The gaps between
    stripes or dots bite notches into the outline, evenly: a nearly convex shape is named on
    its hull, and only a deeply concave one can be a star; else its shape is unread."""
    from .flat import colour_term, flat_shape

    colour, tone = colour_term(np.asarray(extras["pattern_ink"], np.float32))
    extras.update({"flat": True, "tone": tone})
    extras.pop("shape_other", None)
    shape = convex_pattern(crop) or flat_shape(pattern_outline(crop))
    if shape == "unknown" or shape == "star" and solidity(crop) >= STAR_SOLIDITY:
        shape = "unknown"
        extras["shape_unread"] = "a patterned fill's outline could not be read"
    return colour, shape, "unknown"
