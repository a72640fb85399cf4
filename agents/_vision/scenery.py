"""What is not an object: sky and ground bands, cast shadows, frames and drawn text.

The geometric segmenter (:mod:`.regions`) finds everything that differs from a smooth
background. On pictures the project did not render that includes:

* **bands** — a sky above a ground plane (or a table edge): a region spanning the frame
  from its left to its right border and covering a good part of it is scenery;
* **soft shadows** — in a scene with a sky band, a region whose pixels are the
  background darkened evenly (ratio 0.25..0.95, channels within 12 % of each other) that
  touches an object is that object's shadow (on tabletop renders the segmenter's own
  shadow test is kept: a grey object there darkens evenly too);
* **frames** — a border drawn around the picture (a region touching all four edges and
  lying in a strip along them, :func:`is_frame`);
* **glyphs** — letters and numbers drawn as labels: thin strokes (the deepest inside
  point at most 20 % of the box's longer side, and at most 6 px at the working
  resolution) in a small box, in ink (black, grey or white), touching no other region.
  They are read (``ocr`` extra; a glyph OCR cannot read is an object again) or, without
  OCR, ignored. Tabletop renders (cast shadows, no sky) skip this test.

The working resolution (:func:`~.resolution.working_image`) lives in :mod:`.resolution`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .colour import lab_distance

__all__ = [
    "drop_scenery",
    "is_frame",
    "inset_frame",
    "open_stroke",
    "letter_strokes",
    "RING_SIDE",
    "hollow",
]

#: A letter 6-8 px tall is a 1 px pen blended over 2-3 px: its deepest point may lie 2 px in.
_MIN_LETTER_DEPTH = 2.0


def _touches(mask: np.ndarray) -> tuple[bool, bool, bool, bool]:
    return bool(mask[:, 0].any()), bool(mask[:, -1].any()), bool(mask[0].any()), bool(mask[-1].any())


def _is_band(mask: np.ndarray) -> bool:
    left, right, top, bottom = _touches(mask)
    share = mask.mean()
    if left and right and share > 0.08:
        return True
    if left and right and (top or bottom):
        # A strip of sky above the horizon (or of floor below the table) along the frame's
        # edge: thin, and filling the full width of every row it covers.
        rows = np.nonzero(mask.any(axis=1))[0]
        if rows.size and rows.size <= 0.15 * mask.shape[0] and float(mask[rows].mean()) > 0.95:
            return True
    if (left + right + top + bottom) >= 3 and share > 0.05:
        # The backdrop beside a ground plane that ends inside the frame (a wall or sky
        # standing at the side of the floor): it runs the whole length of one edge.
        edges = (mask[:, 0], mask[:, -1], mask[0], mask[-1])
        if any(float(e.mean()) > 0.97 for e in edges):
            return True
    return (left + right + top + bottom) >= 3 and share > 0.2


def is_frame(mask: np.ndarray) -> bool:
    """A border drawn around the picture: a region touching all four edges of the frame whose
    pixels (nine in ten) lie in a strip along them, 6 % of the shorter side deep."""
    if not all(_touches(mask)):
        return False
    h, w = mask.shape
    depth = max(3, round(0.06 * min(h, w)))
    inner = mask[depth : h - depth, depth : w - depth].sum()
    return bool(inner <= 0.1 * mask.sum())


def inset_frame(mask: np.ndarray, others: list[np.ndarray]) -> bool:
    """A border drawn a little inside the picture's edge (a page's or a screenshot's frame
    around its content): a thin closed ring (its pixels under a tenth of the area it encloses)
    spanning at least 70 % of the picture's width and 60 % of its height, with every other
    region inside it."""
    import cv2

    if not others:
        return False
    x, y, bw, bh = cv2.boundingRect(mask.astype(np.uint8))
    h, w = mask.shape
    if bw < 0.7 * w or bh < 0.6 * h or mask.sum() > 0.1 * bw * bh or not hollow(mask[y : y + bh, x : x + bw]):
        return False
    for other in others:
        ox, oy, ow, oh = cv2.boundingRect(other.astype(np.uint8))
        if ox < x or oy < y or ox + ow > x + bw or oy + oh > y + bh:
            return False
    return True


def _drawn_in_band(found: list[Any], rgb: np.ndarray, min_area: int) -> tuple[list[Any], np.ndarray]:
    """The shapes among parts found in a drawn band (a swimlane), the lines (arrows,
    connectors) peeled off, and the band seen through their outlines (the holes of a ring:
    inside an outline-only box, no shape of its own)."""
    import cv2

    from .lines import peel_lines

    out = []
    inside = np.zeros(rgb.shape[:2], bool)
    for part in found:
        flood = np.pad(part.mask.astype(np.uint8), 1)
        cv2.floodFill(flood, None, (0, 0), 1)
        inside |= flood[1:-1, 1:-1] == 0
        pieces, _ = peel_lines(part.mask, rgb, min_area)
        out.extend(type(part)(p, part.confidence, dict(part.notes)) for p in pieces if p.sum() >= min_area)
    return out, inside


def _objects_in_band(
    region: Any, lab: np.ndarray, min_area: int, taken: np.ndarray | None = None, opening: bool = True
) -> list[Any]:
    """Parts of a band region unlike the band's colour at their height (objects it swallowed),
    and holes in it unlike that colour either: where the smooth background model fitted the
    other part of the backdrop (a grey wall above a wooden floor), a solid of the wall's
    colour standing on the floor is no foreground, a hole in the floor's band. ``taken``:
    pixels of other regions and shadows (no hole of the band's)."""
    import cv2

    mask = region.mask
    rows = np.nonzero(mask.any(axis=1))[0]
    if rows.size == 0:
        return []
    ref = np.zeros((mask.shape[0], 3), np.float32)
    cover = mask.sum(axis=1)
    wide = rows[cover[rows] >= 0.3 * mask.shape[1]]
    if wide.size == 0:
        return []
    for y in wide:
        ref[y] = np.median(lab[y][mask[y]], axis=0)
    for y in rows:
        # Rows the band barely covers (an object below the horizon) take the nearest wide row's colour.
        if cover[y] < 0.3 * mask.shape[1]:
            ref[y] = ref[wide[np.argmin(np.abs(wide - y))]]
    diff = lab - ref[:, None, :]
    dist = lab_distance(diff)
    search = mask.copy()
    if taken is not None:
        # Holes: in each row the band spans, between its first and last pixel.
        cols = np.arange(mask.shape[1])
        for y in wide:
            xs = np.flatnonzero(mask[y])
            search[y] |= (cols > xs[0]) & (cols < xs[-1]) & ~taken[y]
    found = (dist > 12.0) & search
    # (a drawing's band keeps its thin outlines: its lines are peeled off by the caller)
    found = found.astype(np.uint8)
    if opening:
        found = cv2.morphologyEx(found, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(found, connectivity=8)
    out = []
    for k in range(1, n):
        if stats[k, cv2.CC_STAT_AREA] >= max(min_area, 0.0005 * mask.size):
            part = labels == k
            if not _is_band(part):
                out.append(type(region)(part, region.confidence, {"from_band": True}))
    return out


def _shadow_share(mask: np.ndarray, rgb: np.ndarray, bg_rgb: np.ndarray, ratio: float | None = None) -> float:
    """Share of the region's pixels that are the background darkened evenly (at the scene's
    shadow ratio, when one was found)."""
    px = rgb[mask].astype(np.float32) + 1.0
    ref = np.maximum(bg_rgb[mask].astype(np.float32), 1.0) + 1.0
    ratios = px / ref
    mean = ratios.mean(axis=1)
    spread = ratios.std(axis=1) / np.maximum(mean, 1e-3)
    even = (mean > 0.25) & (mean < 0.95) & (spread < 0.12)
    if ratio is not None:
        # A soft shadow's core sits at the scene's shadow ratio; a grey object's shading does not.
        core = float((even & (np.abs(mean - ratio) < 0.06)).mean())
        return float(even.mean()) if core > 0.4 else 0.0
    return float(even.mean())


#: A thin closed ring at least this tall (working pixels) is an outline shape, not a letter
#: "O" / "D" / "0": labels are written smaller than that (a title's big letters come in a
#: line of letters, which :func:`.text_lines.text_lines` sets apart anyway).
RING_SIDE = 36


def hollow(ink: np.ndarray, share: float = 0.5) -> bool:
    """Whether the ink (a boolean crop) closes around a hole of half its filled area or more
    (``share``): an outline circle, square or polygon, not a "B" (whose small bowls leave it
    mostly ink)."""
    import cv2

    crop = np.pad(ink, 1).astype(np.uint8)
    outside = crop.copy()
    cv2.floodFill(outside, None, (0, 0), 2)
    hole = int((outside == 0).sum())
    return hole >= share * (hole + int(crop.sum()))


def _is_glyph(mask: np.ndarray, rgb: np.ndarray | None = None) -> bool:
    ink_px = letter_strokes(mask, rgb)
    if ink_px is None:
        return False
    if rgb is None:
        return True
    # Labels are written in ink: black, grey or white (a thin coloured sliver is an object's
    # part), both the region (a coloured fill inside a white stroke is no ink) and its ink (a
    # coloured outline's hole, filled by the segmenter, shows the ground, not its ink).
    return all(_ink_colour(np.median(px.astype(np.float32), axis=0)) for px in (rgb[mask], ink_px))


def letter_strokes(mask: np.ndarray, rgb: np.ndarray | None = None) -> np.ndarray | None:
    """The ink pixels (``rgb`` values; ``mask``'s own when ``rgb`` is None) of a region drawn
    in strokes as thin as a letter's (the deepest inside point at most 20 % of the box's
    longer side and at most 6 px, measured on its ink, since the segmenter fills an "A"'s or
    a "B"'s loops) in a small box, and no closed outline of a shape's size; else ``None``.
    Whatever its colour: :func:`_is_glyph` adds that labels are written in ink."""
    import cv2

    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return None
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    side = max(y1 - y0, x1 - x0)
    if side < 6 or mask.sum() > 0.01 * mask.size:
        return None
    crop = mask[y0:y1, x0:x1]
    ink_px = rgb[mask] if rgb is not None else None
    if rgb is not None:
        # Stroke width on the ink itself: the segmenter fills closed loops ("A", "B", "D",
        # "8"), which would make a letter look solid.
        h, w = mask.shape
        Y0, Y1, X0, X1 = max(y0 - 3, 0), min(y1 + 3, h), max(x0 - 3, 0), min(x1 + 3, w)
        m = mask[Y0:Y1, X0:X1]
        lum = rgb[Y0:Y1, X0:X1].astype(np.float32).mean(axis=2)
        ring = cv2.dilate(m.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & ~m
        if ring.any():
            ink = m & (np.abs(lum - float(np.median(lum[ring]))) > 40.0)
            if ink.sum() >= 0.2 * m.sum():
                crop = ink[y0 - Y0 : y1 - Y0, x0 - X0 : x1 - X0]
                ink_px = rgb[Y0:Y1, X0:X1][ink]
    depth = float(cv2.distanceTransform(np.pad(crop, 1).astype(np.uint8), cv2.DIST_L2, 3).max())
    if depth > max(min(0.2 * side, 6.0), _MIN_LETTER_DEPTH):
        return None
    if side >= RING_SIDE and hollow(crop):
        return None  # a thin closed outline bigger than a label's letter: an outline-only shape
    return ink_px if ink_px is not None else mask[mask]


def _ink_colour(rgb: np.ndarray) -> bool:
    """Whether a median colour is a label's ink: black, grey or white, or a dark blue-black
    or brown-black (navy ink: (20, 30, 90)) whose lightest channel is under 110."""
    spread = float(np.ptp(rgb))
    return spread < 40 or (float(rgb.max()) < 110 and spread < 80)


def _side(mask: np.ndarray) -> int:
    ys, xs = np.nonzero(mask)
    return int(max(ys.max() - ys.min(), xs.max() - xs.min())) + 1


def _ring_of_ink(mask: np.ndarray) -> bool:
    """Whether ``mask`` closes around a hole of half its filled area or more (:func:`hollow`)."""
    ys, xs = np.nonzero(mask)
    return bool(ys.size) and hollow(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1])


def _outline_ring(mask: np.ndarray, rgb: np.ndarray, share: float = 0.5) -> bool:
    """Whether a region's ink (its pixels unlike the ground around it) is a closed ring around
    a hole of half its filled area or more: an outline-only shape (the segmenter fills it)."""
    import cv2

    ys, xs = np.nonzero(mask)
    h, w = mask.shape
    y0, y1, x0, x1 = max(ys.min() - 3, 0), min(ys.max() + 4, h), max(xs.min() - 3, 0), min(xs.max() + 4, w)
    m = mask[y0:y1, x0:x1]
    pix = rgb[y0:y1, x0:x1].astype(np.float32)
    around = cv2.dilate(m.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) & ~m
    if not around.any():
        return False
    return hollow(m & (np.abs(pix - np.median(pix[around], axis=0)).max(axis=2) > 30.0), share)


def open_stroke(mask: np.ndarray) -> bool:
    """Whether ``mask`` is a stroke at most about 5 px wide that encloses nothing and runs
    at least 12 times its width (a line, not a dot or a ring)."""
    import cv2

    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return False
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    crop = np.pad(mask[y0:y1, x0:x1], 1).astype(np.uint8)
    depth = float(cv2.distanceTransform(crop, cv2.DIST_L2, 3).max())
    if depth > 2.5 or max(y1 - y0, x1 - x0) < 24 * max(depth, 1.0):
        return False
    # A closed ring holds the ground inside it: the filled outline is much larger.
    contours, _ = cv2.findContours(crop, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(crop)
    cv2.drawContours(filled, contours, -1, 1, -1)
    return float(filled.sum()) < 2.0 * float(crop.sum())


def _boundary(a: np.ndarray, b: np.ndarray) -> int:
    import cv2

    grown = cv2.dilate(a.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    return int((grown & b).sum())


def _perimeter(mask: np.ndarray) -> int:
    import cv2

    return int((mask & ~cv2.erode(mask.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)).sum())


def _solidity(mask: np.ndarray) -> float:
    import cv2

    pts = cv2.findNonZero(mask.astype(np.uint8))
    hull = float(cv2.contourArea(cv2.convexHull(pts))) if pts is not None else 0.0
    return float(mask.sum()) / hull if hull else 0.0


def _hue_gap(a: float, b: float) -> float:
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


def merge_faces(regions: list[Any], rgb: np.ndarray) -> list[Any]:
    """Join a lit or shaded face to its object: touching along a long border, same colour term."""
    from .colour import rgb_to_lab

    labs = [rgb_to_lab(np.median(rgb[r.mask], axis=0).reshape(1, 3))[0] for r in regions]
    # A face differs from its object in lightness only: compare hue (chromatic colours only).
    terms = [
        None if math.hypot(lab[1], lab[2]) < 10 else math.degrees(math.atan2(lab[2], lab[1])) for lab in labs
    ]
    merged = True
    while merged:
        merged = False
        for i in range(len(regions)):
            for j in range(i + 1, len(regions)):
                if terms[i] is None or terms[j] is None or _hue_gap(terms[i], terms[j]) > 25.0:
                    continue
                a, b = regions[i].mask, regions[j].mask
                shared = _boundary(a, b)
                if shared > 0.25 * min(_perimeter(a), _perimeter(b)) and _solidity(a | b) > 0.8:
                    regions[i] = type(regions[i])(
                        a | b, max(regions[i].confidence, regions[j].confidence), {"faces": True}
                    )
                    del regions[j], terms[j]
                    merged = True
                    break
            if merged:
                break
    return regions


def _saturation(lin: np.ndarray) -> np.ndarray:
    return np.ptp(lin, axis=1) / np.maximum(lin.mean(axis=1), 1e-3)


def _soft_bright_blob(mask: np.ndarray, fg: Any, rgb: np.ndarray) -> bool:
    """A cloud: the backdrop mixed with a light white or grey (lighter, and less saturated
    than the backdrop, in linear light) and edged softly (the departure from the backdrop along half its rim
    under 0.15 of its depth per pixel; a solid's silhouette is sharp)."""
    import cv2

    from .soft_shadows import linear_light

    bg, px = linear_light(fg.background[..., 3:][mask]), linear_light(rgb[mask])
    lighter = float(np.median(px.mean(axis=1) - bg.mean(axis=1)))
    greyer = float(np.median(_saturation(px) - _saturation(bg)))  # toward white or grey
    if lighter < 0.02 or greyer > -0.01:
        return False
    ys, xs = np.nonzero(mask)
    y0, y1, x0, x1 = max(ys.min() - 2, 0), ys.max() + 3, max(xs.min() - 2, 0), xs.max() + 3
    m, dist = mask[y0:y1, x0:x1], fg.distance[y0:y1, x0:x1].astype(np.float32)
    grad = (
        np.hypot(cv2.Sobel(dist, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(dist, cv2.CV_32F, 0, 1, ksize=3)) / 8
    )
    rim = m & ~cv2.erode(m.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    depth = max(float(np.percentile(dist[m], 90)), 1.0)
    return bool(rim.any() and float(np.median(grad[rim])) < 0.15 * depth)


def _backdrop_beside_floor(mask: np.ndarray, lab: np.ndarray, horizon: int) -> bool:
    """The sky or wall seen beside a ground plane that ends inside the frame: from the
    horizon to the bottom edge along a whole side edge, in the backdrop's colour just above
    the horizon (nearly all its pixels)."""
    h = mask.shape[0]
    rows = np.flatnonzero(mask.any(axis=1))
    if horizon < 2 or rows[0] > horizon + max(2, 0.03 * h) or rows[-1] < h - 2:
        return False
    span = slice(rows[0], rows[-1] + 1)
    if max(float(mask[span, 0].mean()), float(mask[span, -1].mean())) < 0.97:
        return False
    sky = np.median(lab[max(0, horizon - 6) : horizon].reshape(-1, 3), axis=0)
    diff = lab[mask] - sky
    dist = lab_distance(diff)
    return float((dist < 10.0).mean()) > 0.85


def drop_scenery(
    regions: list[Any], fg: Any, rgb: np.ndarray, options: dict[str, Any]
) -> tuple[list[Any], list[Any]]:
    """``(object regions, glyph regions)``: bands, soft shadows touching an object and glyphs set apart."""
    import cv2

    if not options.get("scenery", True):
        return regions, []
    kept = []
    bands = 0
    taken = fg.shadow_mask.copy()
    for r in regions:
        taken |= r.mask
    band = [_is_band(r.mask) for r in regions]
    seen_through = np.zeros(rgb.shape[:2], bool)
    from .edge_bars import edge_bar

    # a drawing: no cast shadows, no backdrop changing with height (solids cut by the frame)
    drawing = fg.shadow_ratio is None and not (getattr(fg, "rows", False) or getattr(fg, "stepped", False))
    for k, r in enumerate(regions):
        others = [o.mask for j, o in enumerate(regions) if j != k and not band[j]]
        if is_frame(r.mask) or inset_frame(r.mask, others):
            continue  # a border around the picture (or around all of its content) is not an object
        if drawing and edge_bar(r.mask):
            continue  # a header strip or title bar along the picture's edge is not a shape on it
        if not band[k]:
            kept.append(r)
            continue
        bands += 1
        # Objects standing across the horizon joined the band: find them against the
        # band's own colour, row by row (a sky or a ground changes colour with height).
        min_area = int(options.get("min_area", 40))
        found = _objects_in_band(r, fg.lab, min_area, taken, opening=not drawing)
        if drawing:  # a drawing's tinted band (a swimlane): its shapes without their connectors
            found, inside = _drawn_in_band(found, rgb, min_area)
            seen_through |= inside
        kept.extend(p for p in found if not (drawing and edge_bar(p.mask)))  # a lane's header strip
    if seen_through.any():  # the lane inside an outline-only shape drawn on it is no shape
        kept = [
            r for r in kept if r.notes.get("from_band") or (r.mask & seen_through).sum() < 0.9 * r.mask.sum()
        ]
    # Tabletop renders (a ground with cast shadows, no sky) keep the segmenter's own
    # reading: their touching same-colour objects and dark slivers are real objects.
    # A backdrop corrected row by row (a sky or wall above the ground) is a band seen; what
    # lies wholly above its horizon stands on no ground (a cloud, a patch of the wall).
    bands += int(bool(getattr(fg, "rows", False)) or bool(getattr(fg, "stepped", False)))
    horizon = getattr(fg, "horizon", None)
    if horizon is not None and not getattr(fg, "banded", False):  # (cards or stripes: no horizon)
        kept = [r for r in kept if np.flatnonzero(r.mask.any(axis=1))[-1] >= horizon]
        kept = [r for r in kept if not _backdrop_beside_floor(r.mask, fg.lab, horizon)]
    if len(kept) > 1:  # the backdrop past a floor's far edges, cut by the top of the frame
        from .backdrop_corners import beyond_floor

        masks = [r.mask for r in kept]
        kept = [r for k, r in enumerate(kept) if not beyond_floor(r.mask, fg.lab, masks[:k] + masks[k + 1 :])]
    if getattr(fg, "rows", False) and kept:
        # A cloud floats alone: a soft light part of a shaded solid touches its other parts.
        grown = [cv2.dilate(r.mask.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool) for r in kept]
        alone = [
            not any((g & q.mask).any() for j, q in enumerate(kept) if j != k) for k, g in enumerate(grown)
        ]
        kept = [r for r, a in zip(kept, alone, strict=True) if not (a and _soft_bright_blob(r.mask, fg, rgb))]
    tabletop = fg.shadow_ratio is not None and not bands
    if options.get("merge_faces", True) and bands and len(kept) > 1:
        kept = merge_faces(kept, rgb)
    bg_rgb = fg.background[..., 3:]
    shadows = []
    if bands:  # a ground plane under a sky: what is left of soft shadows (penumbrae) touches objects
        shadows = [k for k, r in enumerate(kept) if _shadow_share(r.mask, rgb, bg_rgb) > 0.75]
    if shadows:
        kernel = np.ones((7, 7), np.uint8)
        others = np.zeros(rgb.shape[:2], bool)
        for k, r in enumerate(kept):
            if k not in shadows:
                others |= r.mask
        drop = {
            k
            for k in shadows
            if kept[k].mask.mean() < 0.002  # a penumbra crumb
            or (cv2.dilate(kept[k].mask.astype(np.uint8), kernel).astype(bool) & others).any()
        }
        kept = [r for k, r in enumerate(kept) if k not in drop]
    if options.get("strokes", True) and len(kept) > 1:
        # The soft edge of a drop shadow beside a drawn shape is not an object.
        from .artefacts import is_penumbra_sliver

        grown = [cv2.dilate(r.mask.astype(np.uint8), np.ones((7, 7), np.uint8)).astype(bool) for r in kept]
        drop = set()
        for k, r in enumerate(kept):
            if r.notes.get("small_letter"):
                continue  # grey ink as thin as a penumbra: a glyph or nothing (below)
            if r.notes.get("dashed"):
                continue  # a dashed outline: grey ink and ground in turn, no soft edge
            if _ring_of_ink(r.mask):
                continue  # a grey outline-only shape: a soft shadow's edge closes round nothing
            if is_penumbra_sliver(r.mask, rgb, fg.lab, fg.background) and any(
                (grown[k] & q.mask).any() for j, q in enumerate(kept) if j != k
            ):
                drop.add(k)
        kept = [r for k, r in enumerate(kept) if k not in drop]
    if not tabletop and options.get("strokes", True):
        # A thin open stroke (a rule under a title, a hairline, the sliver of a drop shadow
        # along one edge) is not an object; a thin closed ring is (an outline-only shape).
        kept = [r for r in kept if not open_stroke(r.mask) and not r.notes.get("line")]
    glyphs: list[Any] = []
    if options.get("glyphs", True):
        # (a dashed outline's dashes are no letters: the ring they close is the shape's). A
        # tabletop's lone small dark part is an object's sliver; a line of letters is
        # writing even where drop shadows made the page look like a tabletop (a web page).
        flags = [not tabletop and _is_glyph(r.mask, rgb) and not r.notes.get("dashed") for r in kept]
        if any(flags) and not all(flags):
            # A closed ring about as big as the shapes drawn is an outline-only shape, not a
            # letter "O" or "D" (labels are written smaller than what they label).
            sides = [_side(r.mask) for r, f in zip(kept, flags, strict=False) if not f]
            typical = float(np.median(sides))
            for k, r in enumerate(kept):
                if flags[k] and _side(r.mask) >= 0.6 * typical and _outline_ring(r.mask, rgb):
                    flags[k] = False
        if any(flags):  # (text lines below need no such check: their letters touch only letters)
            # Ink on the backdrop: a glyph touches no region but other ink (a thin dark
            # sliver next to an object is that object's occluded part; the stem and the
            # bowls of a "B" may come as two touching pieces).
            union = np.zeros(rgb.shape[:2], np.uint8)
            for r, f in zip(kept, flags, strict=False):
                if not f:
                    union += r.mask.astype(np.uint8)
            for k, r in enumerate(kept):
                if flags[k]:
                    # (3 px around a letter of 12 px or more; a quarter of a smaller one's
                    # height: a label written small sits as close to its shape.)
                    reach = min(3, max(1, _side(r.mask) // 4))
                    ring = np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)
                    grown = cv2.dilate(r.mask.astype(np.uint8), ring).astype(bool)
                    flags[k] = not ((union > 0) & grown & ~r.mask).any()
        from .text_lines import text_lines

        shapes = [_side(r.mask) for r, f in zip(kept, flags, strict=False) if not f]
        ring_side = min(RING_SIDE, 0.6 * float(np.median(shapes))) if shapes else RING_SIDE
        for line in text_lines(kept, rgb):
            # Letters on one baseline: writing (a title, a caption, a word under an icon),
            # even where letters touch each other or the OCR cannot read them; but a row of
            # closed rings (a bold one's hole a quarter of it) as big as the shapes drawn is a
            # row of outline shapes, not "OOO".
            if tabletop and len(line.members) < 3:
                continue  # two small dark parts side by side on a tabletop: solids' slivers
            if all(
                _side(kept[k].mask) >= ring_side and _outline_ring(kept[k].mask, rgb, 0.25)
                for k in line.members
            ):
                continue
            for k in line.members:
                if kept[k].notes.get("dashed"):
                    continue  # a dashed outline beside the writing
                flags[k] = True
                kept[k].notes["text_words"] = line.words
                kept[k].notes["text_box"] = line.box
        glyphs = [r for r, f in zip(kept, flags, strict=False) if f]
        kept = [r for r, f in zip(kept, flags, strict=False) if not f]
    # A small letter the opening erased was never an object: it is a glyph or nothing.
    kept = [r for r in kept if not r.notes.get("small_letter")]
    return kept, glyphs
