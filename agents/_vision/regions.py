"""Geometric segmentation: foreground components, colour splits, merges, occlusion splits.

Pipeline (each step is a small function below):

1. :func:`~.background.foreground_evidence` — pixels that depart from the smooth
   background model, minus cast shadows;
2. morphological clean-up and connected components (8-connectivity), holes filled;
3. colour split — a component holding objects of different colours is split by 2-means
   in the CIELAB chroma plane (recursively), when the clusters are far apart and each is
   a sizeable, spatially coherent region;
4. merge — a part that looks like a specular highlight (brighter, less chromatic than
   its neighbour, mostly surrounded by it) or like an attached shadow (darker, neutral,
   at the shadow ratio) is merged into its neighbour or dropped;
5. compression artefacts — JPEG halos (thin rings blending an object into the background)
   are merged into the object, shadow blocks the object's colour bled into are dropped,
   and on noisy (compressed) components the outline's ringing is peeled off
   (:mod:`.artefacts`);
6. occlusion split — a part with a deep concavity (low solidity) is split by a
   watershed seeded from distance-transform cores (two same-coloured objects in contact).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .artefacts import chroma_ringing, clean_parts, peel_blend_rims, trim_fringe
from .background import Foreground, foreground_evidence
from .convex_cut import convex_pieces, cut_asked
from .dashed_outlines import dashed_rings
from .frame_cut import closed_at_frame
from .highlights import gradual_highlight
from .lines import knot_of_lines, peel_lines, peel_pattern_lines
from .nearest import nearest_labels
from .panels import is_ground, split_panel
from .part_merge import merge_parts
from .pattern_fill import (
    dots_inside,
    lattice_before_cleaning,
    lattice_of_holes,
    merged_dots,
    pattern_ink,
    periodic_fill,
    several_inks,
    striped,
)
from .plot_panes import grid_carrying_solids, ruled_pane
from .small_marks import small_letters, small_mark, thin_strokes

__all__ = ["Region", "geometric_regions"]

_RIM = 2  # px of a noisy component's outline that do not vote in the colour split
# Noisy images only: a colour split needs its clusters this many RMS spreads apart ...
_MIN_SEPARATION = 4.0
_NOISY_MAX_SEPARATION = 16.0  # ... unless they are this far apart (chromaticity x 100)
_DARK_HUE = 5.0  # a dark pixel with a channel this bright keeps a usable hue ...
_DARK_CHROMA = 10.0  # ... when its chromaticity (x 100) is this far from neutral grey
_THICK = 3.0  # px: beside a grey, dark hued pixels vote only in patches this deep
_FEW_SPECKS = 0.05  # specks up to this share of a component join the other colour
_NOISY_PIXELS = 0.3  # mean |pixel - 3x3 median| above which a component counts as noisy
_ICON_AREAS = 10  # a drawing's component up to this many minimum areas is one object
_LAYERED_AREAS = 30  # a component this large may be translucent shapes over each other (3 pieces and more)


@dataclass
class Region:
    """One segmented object: a full-size boolean mask and how it was found."""

    mask: np.ndarray
    confidence: float = 1.0
    notes: dict[str, Any] = field(default_factory=dict)


def _fill_holes(
    mask: np.ndarray,
    backdrop: np.ndarray | None = None,
    min_area: int = 40,
    distance: np.ndarray | None = None,
) -> np.ndarray:
    """``mask`` with its holes filled, except holes (of at least ``min_area`` px) where at
    least 70 % of the pixels are ``backdrop`` (the background seen through an outline-only
    shape, a ring: the object is the stroke, not the paper inside it). With ``distance``
    (a drawing's distance to the background), also a hole that is mostly backdrop (40 %)
    and mottled (its distances spread over 20-80 percentiles wider than their median, as
    JPEG ringing inside a ring is; a fill is even)."""
    import cv2

    padded = np.pad(mask.astype(np.uint8), 1)
    flood = padded.copy()
    ff = np.zeros((flood.shape[0] + 2, flood.shape[1] + 2), np.uint8)
    cv2.floodFill(flood, ff, (0, 0), 1)
    holes = flood[1:-1, 1:-1] == 0
    if backdrop is not None and holes.any():
        n, parts = cv2.connectedComponents(holes.astype(np.uint8), connectivity=4)
        for k in range(1, n):
            hole = parts == k
            if hole.sum() < min_area:
                continue
            share = float(backdrop[hole].mean())
            if share >= 0.7 or distance is not None and share >= 0.4 and _mottled(distance[hole]):
                holes &= ~hole
    return mask | holes


def _mottled(values: np.ndarray) -> bool:
    low, mid, high = np.percentile(values, [20, 50, 80])
    return bool(high - low > max(float(mid), 1.0))


def _split_by_colour(
    crop_mask: np.ndarray, crop_rgb: np.ndarray, min_area: int, depth: int = 0
) -> list[np.ndarray]:
    """Recursively split a crop mask into colour-coherent parts.

    Features are rg-chromaticity ``(R, G) / (R + G + B)``: a multiplicative shading
    change (a lit and a shaded face of one object) leaves them unchanged, also after
    the sRGB gamma, so only genuinely different surface colours separate. Very dark
    pixels (self-shadowed sides) have unreliable chromaticity: they do not vote, and
    join the part they touch.
    """
    import cv2

    area = int(crop_mask.sum())
    if depth >= 4 or area < 2 * min_area:
        return [crop_mask]
    if depth == 0:
        from .open_words import linear_fill

        if linear_fill(crop_mask, crop_rgb) is not None:
            return [crop_mask]  # one gradient fill (a tint toward white changes chromaticity)
    pix = crop_rgb[crop_mask].astype(np.float32)
    reliable = pix.max(axis=1) >= 45.0
    if reliable.sum() < 0.4 * area:
        reliable[:] = True
    black = _black_shape(crop_mask, pix, reliable, min_area)
    if black is not None:  # a black shape drawn against a flat coloured one, not its dark side
        return [black, *_split_by_colour(crop_mask & ~black, crop_rgb, min_area, depth + 1)]
    noisy = _pixel_noise(crop_mask, crop_rgb) > _NOISY_PIXELS
    if noisy:
        # On a compressed image the outline's pixels are ringing (a blend of object and
        # background): they do not vote either, and join the part they touch.
        inner = cv2.erode(crop_mask.astype(np.uint8), np.ones((3, 3), np.uint8), iterations=_RIM)
        inner_votes = reliable & inner.astype(bool)[crop_mask]
        if inner_votes.sum() >= max(2 * min_area, 0.3 * reliable.sum()):
            reliable = inner_votes
    total = pix.sum(axis=1, keepdims=True) + 6.0
    feats = np.ascontiguousarray(((pix[:, :2] + 2.0) / total * 100.0)[reliable], dtype=np.float32)
    if feats.shape[0] < 2 * min_area:
        return [crop_mask]
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.2)
    cv2.setRNGSeed(7)
    compactness, labels, centres = cv2.kmeans(feats, 2, None, criteria, 2, cv2.KMEANS_PP_CENTERS)
    labels = labels.ravel()
    sep = float(np.linalg.norm(centres[0] - centres[1]))
    counts = np.bincount(labels, minlength=2)
    # Two colours, not one noisy colour cut in half: on a noisy (compressed) image, a
    # split whose centres are close and only a few within-cluster RMS apart is noise
    # (2-means on a single noisy blob puts the centres about 1.4 RMS apart).
    spread = float(np.sqrt(compactness / max(feats.shape[0], 1)))
    noise_split = noisy and sep < _NOISY_MAX_SEPARATION and sep < _MIN_SEPARATION * spread
    if sep < 8.0 or noise_split or counts.min() < max(min_area, 0.06 * area):
        return [crop_mask]
    if depth == 0 and _one_hue(centres) and _stroke(crop_mask):
        return [crop_mask]  # a stroke's ink and its edge blended with the ground (or ringing)
    label_img = np.zeros(crop_mask.shape, np.int32)
    coords = np.argwhere(crop_mask)
    good = coords[reliable]
    label_img[good[:, 0], good[:, 1]] = labels + 1
    if not reliable.all():
        # A dark pixel that still shows a hue (a ball's self-shadowed crescent, a box's dark
        # face) takes the nearer colour; other dark pixels (a black outline, a crevice) take
        # the label of the nearest reliable pixel. Beside a grey (a shadow, an outline), only
        # thick patches of such pixels vote: an anti-aliased rim between a fill and its black
        # outline is hued too, and must not cut the outline ring.
        hued = np.linalg.norm(centres - 100.0 / 3.0, axis=1) >= _DARK_CHROMA
        if hued.any():
            dark = coords[~reliable]
            votes = _dark_votes(pix[~reliable], centres)
            if not hued.all():
                votes = _thick_votes(dark, votes, crop_mask.shape)
            label_img[dark[:, 0], dark[:, 1]] = votes
        label_img = np.where(crop_mask, nearest_labels(label_img), 0)
    parts = [label_img == k + 1 for k in range(2)]
    if _one_hue(centres) and gradual_highlight(parts, pix[reliable], feats, labels, centres):
        return [crop_mask]  # one surface with a highlight fading into it, not two colours
    # Each side must be made of sizeable blobs (one object, or several separate objects of
    # one colour), not of many specks: that would be texture or shading. A few specks (a
    # highlight on a ball read as the grey beside it) join the other side.
    specks = np.zeros(crop_mask.shape, bool)
    for part in parts:
        n, blobs, stats, _ = cv2.connectedComponentsWithStats(part.astype(np.uint8), connectivity=8)
        sizes = stats[1:, cv2.CC_STAT_AREA]
        small = int(sizes[sizes < min_area].sum())
        if n <= 1 or small == int(part.sum()):
            return [crop_mask]
        if small > 0.2 * part.sum():
            if small > _FEW_SPECKS * area:
                return [crop_mask]
            specks |= np.isin(blobs, 1 + np.flatnonzero(sizes < min_area))
    if specks.any():
        label_img = np.where(crop_mask, nearest_labels(np.where(specks, 0, label_img)), 0)
        parts = [label_img == k + 1 for k in range(2)]
    out: list[np.ndarray] = []
    for part in parts:
        out.extend(_split_by_colour(part, crop_rgb, min_area, depth + 1))
    return out


def _stroke(mask: np.ndarray) -> bool:
    """Whether ``mask`` is a pen stroke (an outline-only shape, a line): nearly all of it
    (97 %) lies within a tenth of its box's shorter side of its edge, at any scale."""
    import cv2

    ys, xs = np.nonzero(mask)
    extent = min(int(np.ptp(ys)), int(np.ptp(xs))) + 1
    depth = cv2.distanceTransform(np.pad(mask, 1).astype(np.uint8), cv2.DIST_L2, 3)[1:-1, 1:-1]
    return float(np.percentile(depth[mask], 97)) <= 0.1 * extent


def _one_hue(centres: np.ndarray) -> bool:
    """Whether two rg-chromaticity centres (x 100) lie in one direction from neutral grey
    (within 20 degrees): one ink, once pure and once blended with a paler ground."""
    a, b = centres[0] - 100.0 / 3.0, centres[1] - 100.0 / 3.0
    if min(float(np.hypot(*a)), float(np.hypot(*b))) < 2.0:
        return False  # a grey cluster has no hue to compare
    gap = abs(np.degrees(np.arctan2(a[1], a[0]) - np.arctan2(b[1], b[0]))) % 360.0
    return min(gap, 360.0 - gap) < 20.0


def _dark_votes(dark: np.ndarray, centres: np.ndarray) -> np.ndarray:
    """Labels (1, 2; 0 = no vote) of dark pixels that still show a hue: bright enough (a
    channel at :data:`_DARK_HUE`) for it to survive rounding, clearly not neutral (a
    contact shadow or crevice is dark whatever it touches), and clearly nearer one of the
    two colour centres (a third of the distance to the other, or less)."""
    total = dark.sum(axis=1, keepdims=True) + 6.0
    feats = (dark[:, :2] + 2.0) / total * 100.0
    d = np.linalg.norm(feats[:, None, :] - centres[None, :, :], axis=2)
    vote = np.where(d[:, 0] <= d[:, 1], 1, 2)
    hued = (dark.max(axis=1) >= _DARK_HUE) & (np.linalg.norm(feats - 100.0 / 3.0, axis=1) >= _DARK_CHROMA)
    clear = np.minimum(d[:, 0], d[:, 1]) * 3.0 <= np.maximum(d[:, 0], d[:, 1])
    return np.where(hued & clear, vote, 0)


def _thick_votes(coords: np.ndarray, votes: np.ndarray, shape: tuple[int, int]) -> np.ndarray:
    """``votes`` kept only in patches at least :data:`_THICK` px deep (a face, not a rim)."""
    import cv2

    out = np.zeros_like(votes)
    for label in (1, 2):
        sel = votes == label
        if not sel.any():
            continue
        patch = np.zeros(shape, np.uint8)
        patch[coords[sel, 0], coords[sel, 1]] = 1
        n, blobs = cv2.connectedComponents(patch, connectivity=8)
        depth = cv2.distanceTransform(np.pad(patch, 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
        deep = np.zeros(n, bool)
        np.maximum.at(deep, blobs[depth >= _THICK], True)
        deep[0] = False
        keep = deep[blobs[coords[:, 0], coords[:, 1]]] & sel
        out[keep] = label
    return out


def _black_shape(
    crop_mask: np.ndarray, pix: np.ndarray, reliable: np.ndarray, min_area: int
) -> np.ndarray | None:
    """The dark pixels of ``crop_mask`` as a part of their own when they are a flat black
    (or near-black grey) shape beside a flat, clearly coloured one; else ``None``.

    A solid's self-shadowed side keeps a trace of its colour or is shaded unevenly; a black
    square drawn against a pink rectangle is one uniform neutral colour next to one uniform
    hue (both are what a drawing is made of).
    """
    dark = ~reliable
    if dark.sum() < max(min_area, 0.06 * dark.size) or reliable.sum() < min_area:
        return None
    d, r = pix[dark], pix[reliable]

    def spread(px: np.ndarray) -> float:  # 10-90 percentile range: anti-aliased rims do not count
        lo, hi = np.percentile(px, [10, 90], axis=0)
        return float((hi - lo).max())

    if float(np.ptp(np.median(d, axis=0))) > 12.0 or spread(d) > 10.0:
        return None  # not one neutral colour
    lit = np.median(r, axis=0)
    if spread(r) > 12.0 or float(lit.max() - lit.min()) < 60.0:
        return None  # the other part is shaded, or not clearly coloured
    mask = np.zeros(crop_mask.shape, bool)
    coords = np.argwhere(crop_mask)[dark]
    mask[coords[:, 0], coords[:, 1]] = True
    return mask


def _pixel_noise(crop_mask: np.ndarray, crop_rgb: np.ndarray) -> float:
    """Mean absolute difference of the component's inner pixels from their 3x3 median.

    About 0.05 on clean renders (smooth shading), 0.7-2 on JPEG (block and ringing noise).
    """
    import cv2

    inner = cv2.erode(crop_mask.astype(np.uint8), np.ones((3, 3), np.uint8), iterations=2).astype(bool)
    if inner.sum() < 20:
        return 0.0
    crop = np.ascontiguousarray(crop_rgb)
    return float(np.abs(crop.astype(np.float32) - cv2.medianBlur(crop, 3).astype(np.float32))[inner].mean())


def geometric_regions(
    rgb: np.ndarray, options: dict[str, Any] | None = None
) -> tuple[list[Region], Foreground]:
    """Segment ``rgb`` into object regions with the geometric pipeline.

    Options: ``min_area`` (pixels, default 40), ``threshold`` (Lab distance, adaptive by
    default), ``shadows`` (default True), ``smoothed`` (``rgb`` is that smoothed copy), ``noisy_input`` (the caller smoothed away pixel
    noise: shadows are judged as on a noisy image), ``split_colours`` (default True),
    ``split_touching`` (default True), ``artefacts`` (default True: merge JPEG halos,
    drop shadow bleed), ``panels`` (default True: objects on a uniform panel, a table top or a
    card, are taken apart from it; :mod:`.panels`).
    """
    import cv2

    from .part_split import apart, split_touching
    from .translucent_overlaps import translucent_layers

    options = dict(options or {})  # its own copy: the 3-D verdict is kept in it (convex_cut)
    min_area = int(options.get("min_area", 40))
    fg = foreground_evidence(
        rgb,
        threshold=options.get("threshold"),
        shadows=bool(options.get("shadows", True)),
        noisy_input=options.get("noisy_input"),
        smoothed=bool(options.get("smoothed", False)),
    )
    mask = fg.object_mask
    backdrop = fg.distance < fg.threshold
    if fg.shadow_ratio is None and options.get("artefacts", True):
        # A drawing: JPEG's colour ringing around a shape is no object (nor part of one),
        # and inside an outline-only shape it is the ground seen through it.
        ringing = chroma_ringing(fg.lab, fg.background, fg.distance, mask)
        mask = mask & ~ringing
        backdrop = backdrop | ringing
    mask = mask.astype(np.uint8)
    if fg.shadow_ratio is None:
        # A drawn outline or hatched shape the frame cuts: the frame closes its ring.
        mask = closed_at_frame(mask)
    before_cleaning = mask
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
    _, raw_labels, raw_stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
    # No cast shadows: a drawing, whose small marks and thin strokes are kept (unless the
    # caller set its own minimum area).
    drawn = fg.shadow_ratio is None and options.get("min_area") is None
    if drawn:
        opened |= thin_strokes(mask, opened, fg.distance, fg.threshold, min_area, fg.lab)
    mask = cv2.morphologyEx(opened, cv2.MORPH_CLOSE, kernel)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    patterned: set[int] = set()
    dashed: set[int] = set()  # dashed outlines, joined
    if drawn:
        # A dotted fill: the dots inside an outline ring of their colour are that shape's.
        for ring, dots in dots_inside(labels, stats, fg.lab, min_area).items():
            for k in dots:
                labels[labels == k] = ring
                stats[ring, 4] += stats[k, 4]
                stats[k, 4] = 0
            patterned.add(ring)
        # A dashed outline: its dashes and the ground between them are one outline-only shape,
        # read like a patterned one (colour from its ink, shape from its outer outline).
        for first, (others, ring_mask) in dashed_rings(labels, stats, fg.lab, fg.distance).items():
            for k in others:
                stats[k, 4] = 0
            labels[ring_mask] = first
            ys, xs = np.nonzero(ring_mask)
            x0, y0 = int(xs.min()), int(ys.min())
            stats[first] = (x0, y0, int(xs.max()) - x0 + 1, int(ys.max()) - y0 + 1, ys.size)
            patterned.add(first)
            dashed.add(first)
    regions: list[Region] = []
    h, w = mask.shape
    for k in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[k])
        if area == 0:
            continue  # a dot of a dotted fill, now part of its shape
        if (
            drawn
            and area < _ICON_AREAS * min_area
            and knot_of_lines(labels[y : y + bh, x : x + bw] == k, (y, x), raw_labels, raw_stats, rgb)
        ):
            continue  # where two thin connectors cross, or an arrowhead: the opening erased the lines
        if area < min_area:
            if drawn and small_mark(
                labels[y : y + bh, x : x + bw] == k,
                fg.distance[y : y + bh, x : x + bw],
                fg.threshold,
                fg.lab[y : y + bh, x : x + bw],
            ):
                regions.append(Region(labels == k, 0.6, {"split": False, "small_mark": True}))  # one icon
            continue
        x0, y0, x1, y1 = max(x - 1, 0), max(y - 1, 0), min(x + bw + 1, w), min(y + bh + 1, h)
        raw = labels[y0:y1, x0:x1] == k
        comp = _fill_holes(
            raw, backdrop[y0:y1, x0:x1], min_area, fg.distance[y0:y1, x0:x1] if drawn else None
        )
        crop_lab = fg.lab[y0:y1, x0:x1]
        # A hatched or dotted fill is one shape: its stripes' blended edges are no second
        # colour, its stripes no lines nor touching objects.
        pattern = (
            drawn
            and (
                k in patterned
                or (
                    (
                        lattice_of_holes(comp)
                        or merged_dots(raw, backdrop[y0:y1, x0:x1])
                        or lattice_before_cleaning(before_cleaning[y0:y1, x0:x1], comp)
                    )
                    # thin grid lines carrying solids: a plot's pane, no hatched shape
                    and not grid_carrying_solids(comp, crop_lab, min_area)
                )
                # one ink: a gridded pane carrying solids of several colours is no hatched shape
                and not several_inks(comp, rgb[y0:y1, x0:x1], min_area)
            )
        )
        # A fill that repeats at one pitch (hatching, dots; resolved or blurred) is a drawing
        # tool's pattern, whatever its outline; gaps of every size (leaves and sky) are not.
        regular = drawn and periodic_fill(comp, fg.distance[y0:y1, x0:x1], fg.threshold, crop_lab)
        pattern = pattern or regular
        comps, on_ground = [comp], False
        found = (
            split_panel(comp, rgb[y0:y1, x0:x1], crop_lab, min_area)
            if options.get("panels", True) and not pattern
            else None
        )
        if found is not None:
            # A uniform panel carrying objects (a table top under solids, a card with shapes
            # drawn on it): the objects are taken apart from it; a ground is no object.
            panel, comps = found
            on_ground = is_ground(comps, crop_lab, panel) or ruled_pane(panel, crop_lab, min_area)
            # A ground panel across the whole frame stays a region: the scenery step reads it
            # as a floor band and finds what it holds of the backdrop's colour (a white solid
            # under a white wall is a hole in it, no piece of it).
            if not on_ground or (x == 0 and x + bw == w):
                full = np.zeros((h, w), bool)
                full[y0:y1, x0:x1] = panel
                regions.append(Region(full, 0.9, {"split": True, "panel": True}))
        for comp in comps:
            if drawn and not pattern and area >= _LAYERED_AREAS * min_area:
                # Translucent shapes over each other: each whole, their overlaps shared.
                layered = translucent_layers(
                    comp, rgb[y0:y1, x0:x1], fg.background[y0:y1, x0:x1, 3:], min_area
                )
                if layered is not None:
                    layers, opacity, ground = layered
                    seen = {"opacity": round(opacity, 3), "ground": [round(float(v), 1) for v in ground]}
                    for layer in layers:
                        full = np.zeros((h, w), bool)
                        full[y0:y1, x0:x1] = layer
                        regions.append(Region(full, 0.9, {"split": True, "translucent": seen}))
                    continue
            strokes = options.get("strokes", True) and fg.shadow_ratio is None  # a drawing
            pieces, lines = (
                (
                    peel_pattern_lines(comp, min_area)
                    if pattern
                    else peel_lines(comp, rgb[y0:y1, x0:x1], min_area)
                )
                if strokes
                else ([comp], [])
            )
            parts = []
            # A small component of a drawing (an icon up to about 20 px across) is one object: on
            # a compressed image its colour split finds the icon's JPEG halo and ringing, not a
            # second icon.
            icon = drawn and area <= _ICON_AREAS * min_area or pattern
            for piece in pieces:
                if options.get("split_colours", True) and not icon:
                    split = _split_by_colour(piece, rgb[y0:y1, x0:x1], min_area)
                    if len(split) > 1:
                        split = [
                            q for p in merge_parts(split, crop_lab, min_area) for q in apart(p, min_area)
                        ]
                    if drawn and striped(split, piece):
                        # Stripes of ink and of its blend with the ground, each thin: a hatched
                        # fill the working resolution no longer resolves, one shape.
                        split, pattern = [piece], True
                    parts.extend(split)
                else:
                    parts.append(piece)
            if options.get("artefacts", True):
                parts = clean_parts(
                    parts,
                    rgb[y0:y1, x0:x1],
                    crop_lab,
                    fg.background[y0:y1, x0:x1],
                    fg.shadow_ratio,
                    min_area=min_area,
                )
                parts = peel_blend_rims(parts, crop_lab, fg.background[y0:y1, x0:x1], min_area=min_area)
            if options.get("split_touching", True) and not icon:
                drawing = fg.shadow_ratio is None  # no cast shadows: strokes and glyphs are drawn
                parts = [q for p in parts for q in split_touching(p, min_area, rgb[y0:y1, x0:x1], drawing)]
            # By default only in a 3-D scene (shaded solids, cast shadows: ``solid_scene``);
            # ``convex_cut=True`` / ``False`` forces it on or off.
            if not icon and not drawn and cut_asked(options, rgb):
                # Shaded solids are convex: a concave shaded part is two overlapping solids.
                crop = rgb[y0:y1, x0:x1]
                parts = [q for p in parts for q in convex_pieces(p, min_area, crop, comp & ~p)]

            if (
                options.get("artefacts", True)
                and not pattern  # a pattern's dots and stripes are its detail, not JPEG noise
                and _pixel_noise(comp, rgb[y0:y1, x0:x1]) > _NOISY_PIXELS
            ):
                # Compressed input only: clean renders' outlines are exact (and a peel would
                # bite into dark faces next to their shadow).
                crop_bg = fg.background[y0:y1, x0:x1]
                parts = [trim_fringe(p, crop_lab, crop_bg, fg.shadow_ratio) for p in parts]
            for part in parts:
                if part.sum() < min_area:
                    continue
                full = np.zeros((h, w), bool)
                full[y0:y1, x0:x1] = part
                contrast = float(np.median(fg.distance[full]))
                conf = float(min(1.0, 0.5 + contrast / (4.0 * fg.threshold)))
                notes: dict[str, Any] = {"split": len(parts) > 1, "on_ground": on_ground}
                if pattern:
                    notes["pattern_ink"] = pattern_ink(full, rgb, fg.distance)
                    notes["pattern_regular"] = bool(regular)
                if k in dashed:
                    notes["dashed"] = True  # its ink alone is no closed ring, yet it is one
                regions.append(Region(full, conf, notes))
            for line in lines:  # their own regions: the scene step drops lines on drawings
                full = np.zeros((h, w), bool)
                full[y0:y1, x0:x1] = line
                regions.append(Region(full, 0.5, {"split": True, "line": True}))
    if options.get("split_colours", True):
        from .box_faces import join_box_faces

        # A block drawn as a lit top and two shaded sides is one object, not three.
        regions = join_box_faces(regions, fg.lab, rgb)
    if drawn and options.get("scenery", True) and options.get("glyphs", True):
        # Small letters the opening thinned away, for the glyph step to read (never objects).
        taken = np.zeros((h, w), bool)
        for r in regions:
            taken |= r.mask
        regions += [
            Region(m, 0.5, {"split": False, "small_letter": True})
            for m in small_letters(fg.object_mask, taken, fg, rgb)
        ]
    return regions, fg
