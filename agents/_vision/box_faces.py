"""The faces of one drawn box: an isometric block painted as three polygons of one hue (a lit
top, two shaded sides, often with dark edges) is one object, not three.

A tint toward white (the usual lit top of clip-art blocks) changes the colour's
chromaticity, so the colour split cuts the top from the sides, and drawn edges cut the sides
apart. The parts are put back together when the component they came from looks like a box:
its silhouette is convex and a hexagon with two vertical sides (a box seen from above a
corner), and every face is one hue (or every face is grey) at two or more lightness levels.
A flat drawing of two touching shapes of one hue rarely makes such a hexagon; several blocks
touching each other make no convex silhouette and are left as they are.
"""

from __future__ import annotations

import numpy as np

__all__ = ["box_colour", "join_box_faces"]

#: Convex silhouette: the union fills at least this share of its convex hull.
_SOLIDITY = 0.93
#: Lab chroma below which a face is grey (no hue to compare).
_GREY_CHROMA = 12.0
#: Faces of one hue: their Lab hue angles lie within this many degrees.
_HUE_SPREAD = 25.0
#: Faces this close (px) touch: a drawn edge line between them is about this wide.
_GAP = 4
_PAD = 2 * _GAP + 2


def _hexagon_with_vertical_sides(union: np.ndarray) -> bool:
    import cv2

    contours, _ = cv2.findContours(union.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if len(contours) != 1:
        return False
    hull = cv2.convexHull(contours[0])
    hull_area = float(cv2.contourArea(hull))
    if hull_area <= 0 or union.sum() < _SOLIDITY * hull_area:
        return False
    poly = cv2.approxPolyDP(hull, 0.035 * cv2.arcLength(hull, True), True).reshape(-1, 2).astype(float)
    if len(poly) != 6:
        return False
    height = float(np.ptp(poly[:, 1]))
    vertical = 0
    for a, b in zip(poly, np.roll(poly, -1, axis=0), strict=True):
        dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
        if dy >= 0.2 * height and dx <= 0.12 * dy:
            vertical += 1
    return vertical == 2


def _face_colours(parts: list[np.ndarray], crop_lab: np.ndarray, area: int) -> list[np.ndarray] | None:
    """Median Lab of each face (parts of at least 8% of the union that are not dark edges)."""
    faces = []
    for p in parts:
        if p.sum() < 0.08 * area:
            continue
        lab = np.median(crop_lab[p], axis=0)
        if lab[0] < 25.0 and np.hypot(lab[1], lab[2]) < _GREY_CHROMA:
            continue  # a dark edge line, whatever the faces' colour
        faces.append(lab)
    return faces if 2 <= len(faces) <= 3 else None


def _one_hue_at_levels(faces: list[np.ndarray]) -> bool:
    chroma = [float(np.hypot(f[1], f[2])) for f in faces]
    lightness = [float(f[0]) for f in faces]
    if max(lightness) - min(lightness) < 6.0:
        return False  # not lit and shaded faces
    if all(c < _GREY_CHROMA for c in chroma):
        return True  # a grey block
    if min(chroma) < _GREY_CHROMA:
        return False
    hues = np.degrees([np.arctan2(f[2], f[1]) for f in faces])
    gaps = [abs(a - b) % 360.0 for a in hues for b in hues]
    return max(min(g, 360.0 - g) for g in gaps) <= _HUE_SPREAD


def _check(masks: list[np.ndarray], lab: np.ndarray, rgb: np.ndarray):
    """``(joined mask, faces)`` when ``masks`` (full-frame) are the faces of one box, else ``None``."""
    import cv2

    ys, xs = np.nonzero(np.logical_or.reduce(masks))
    y0, y1 = max(int(ys.min()) - _PAD, 0), int(ys.max()) + _PAD + 1
    x0, x1 = max(int(xs.min()) - _PAD, 0), int(xs.max()) + _PAD + 1
    parts = [m[y0:y1, x0:x1] for m in masks]
    union = np.logical_or.reduce(parts)
    area = int(union.sum())
    faces = _face_colours(parts, lab[y0:y1, x0:x1], area)
    if faces is None or len(faces) != len(parts) or not _one_hue_at_levels(faces):
        return None
    # drawn edges between the faces (or read as shadow and dropped) leave gaps: closed over
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * _GAP + 1, 2 * _GAP + 1))
    closed = cv2.morphologyEx(union.astype(np.uint8), cv2.MORPH_CLOSE, kernel).astype(bool)
    contours, _ = cv2.findContours(closed.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    filled = np.zeros(closed.shape, np.uint8)
    cv2.drawContours(filled, contours, -1, 1, thickness=-1)
    if not _hexagon_with_vertical_sides(filled.astype(bool)):
        return None
    full = np.zeros(masks[0].shape, bool)
    full[y0:y1, x0:x1] = filled.astype(bool)
    # the faces by lightness over the whole block (a part may hold two faces, or the edges)
    tones = _tones_of_one_box(full, (x0, y0, x1 - 1, y1 - 1), lab, rgb)
    return None if tones is None else (full, tones)


def _touching(
    a: np.ndarray, b: np.ndarray, box_a: tuple[int, int, int, int], box_b: tuple[int, int, int, int]
) -> bool:
    """Whether masks ``a`` and ``b`` come within :data:`_GAP` px of each other."""
    import cv2

    if (
        box_a[0] > box_b[2] + _GAP
        or box_b[0] > box_a[2] + _GAP
        or box_a[1] > box_b[3] + _GAP
        or box_b[1] > box_a[3] + _GAP
    ):
        return False
    y0, x0 = max(min(box_a[1], box_b[1]) - _GAP, 0), max(min(box_a[0], box_b[0]) - _GAP, 0)
    y1, x1 = max(box_a[3], box_b[3]) + _GAP + 1, max(box_a[2], box_b[2]) + _GAP + 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * _GAP + 1, 2 * _GAP + 1))
    grown = cv2.dilate(a[y0:y1, x0:x1].astype(np.uint8), kernel).astype(bool)
    return bool((grown & b[y0:y1, x0:x1]).any())


def join_box_faces(regions: list, lab: np.ndarray, rgb: np.ndarray) -> list:
    """``regions`` with the faces of each drawn box (two or three regions within a few pixels
    of each other; see the module docstring) joined into one region noted ``box_faces``
    (each face's median sRGB and pixel count)."""
    from itertools import combinations

    usable = [
        i
        for i, r in enumerate(regions)
        if r.mask.any() and not any(r.notes.get(k) for k in ("line", "small_letter", "panel", "small_mark"))
    ]
    if len(usable) < 2:
        return regions
    boxes = {}
    for i in usable:
        ys, xs = np.nonzero(regions[i].mask)
        boxes[i] = (int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max()))
    near = {i: set() for i in usable}
    for i, j in combinations(usable, 2):
        if _touching(regions[i].mask, regions[j].mask, boxes[i], boxes[j]):
            near[i].add(j)
            near[j].add(i)
    used: set[int] = set()
    joined: list = []
    for i in sorted(usable, key=lambda k: -int(regions[k].mask.sum())):
        if i in used or not near[i]:
            continue
        others = sorted(near[i] - used)
        groups = [(i, a, b) for a, b in combinations(others, 2) if b in near[a]] + [(i, a) for a in others]
        for group in groups:
            found = _check([regions[k].mask for k in group], lab, rgb)
            if found is not None:
                mask, faces = found
                conf = max(regions[k].confidence for k in group)
                joined.append((group, mask, conf, faces))
                used.update(group)
                break
    for i in usable:
        if i not in used and "box_faces" not in regions[i].notes:
            faces = _tones_of_one_box(regions[i].mask, boxes[i], lab, rgb)
            if faces is not None:  # the faces were never cut apart: noted all the same
                regions[i].notes["box_faces"] = faces
    if not joined:
        return regions
    from .regions import Region

    out = [r for k, r in enumerate(regions) if k not in used]
    for _, mask, conf, faces in joined:
        out.append(Region(mask, conf, {"split": False, "box_faces": faces}))
    return out


def _quadrilateral(face: np.ndarray) -> bool:
    """Whether the largest piece of ``face`` is a four-sided polygon (a box's face is a
    parallelogram; the best four-gon in an ellipse covers about two thirds of it)."""
    import cv2

    n, labels, stats, _ = cv2.connectedComponentsWithStats(face.astype(np.uint8), connectivity=8)
    if n < 2:
        return False
    piece = (labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))).astype(np.uint8)
    contours, _ = cv2.findContours(piece, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    poly = cv2.approxPolyDP(hull, 0.06 * cv2.arcLength(hull, True), True)
    if len(poly) != 4:
        return False
    drawn = np.zeros(piece.shape, np.uint8)
    cv2.fillPoly(drawn, [poly], 1)
    inter = float((drawn & piece).sum())
    union = float((drawn | piece).sum())
    return union > 0 and inter / union >= 0.85


def _tones_of_one_box(
    mask: np.ndarray, box: tuple[int, int, int, int], lab: np.ndarray, rgb: np.ndarray
) -> list[tuple[list[float], int]] | None:
    """The faces of a region that is one box already (its faces never cut apart): a hexagon
    with two vertical sides whose pixels fall into two or three flat lightness levels of one
    hue (a shaded ball or can is graded, not flat; a flat hexagon has one level)."""
    import cv2

    x0, y0, x1, y1 = box[0], box[1], box[2] + 1, box[3] + 1
    crop = mask[y0:y1, x0:x1]
    if crop.sum() < 200 or not _hexagon_with_vertical_sides(crop):
        return None
    pix = lab[y0:y1, x0:x1][crop].astype(np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    cv2.setRNGSeed(11)
    # four levels: a lit top, two shaded sides, and the dark edge lines where they are drawn
    _, labels, _ = cv2.kmeans(np.ascontiguousarray(pix[:, :1]), 4, None, criteria, 2, cv2.KMEANS_PP_CENTERS)
    labels = labels.ravel()
    faces, covered, edges = [], 0, 0
    colours = rgb[y0:y1, x0:x1][crop]
    for k in range(4):
        sel = labels == k
        centre = np.median(pix[sel], axis=0) if sel.any() else np.zeros(3)
        if centre[0] < 25.0 and np.hypot(centre[1], centre[2]) < _GREY_CHROMA:
            edges += int(sel.sum())  # dark edge lines
            continue
        if sel.sum() < 0.12 * len(pix) or float(np.std(pix[sel, 0])) > 5.0:
            continue  # a blend, or a graded surface
        face = np.zeros(crop.shape, bool)
        face[crop] = sel
        if not _quadrilateral(face):
            return None  # a curved face (a can's elliptic top): no box
        faces.append((centre, [float(v) for v in np.median(colours[sel], axis=0)], int(sel.sum())))
        covered += int(sel.sum())
    if len(faces) < 2 or covered < 0.8 * (len(pix) - edges) or not _one_hue_at_levels([f[0] for f in faces]):
        return None
    return [(c, n) for _, c, n in faces]


def box_colour(faces: list[tuple[list[float], int]]) -> tuple[str, str | None]:
    """The colour term most of a box's surface shows (face terms weighted by area): a lit top
    tinted toward white or a deeply shaded side may name another term (a brown block's top
    reads orange)."""
    from .flat import colour_term

    votes: dict[tuple[str, str | None], int] = {}
    for rgb, n in faces:
        term = colour_term(np.asarray(rgb, np.float32))
        votes[term] = votes.get(term, 0) + n
    by_name: dict[str, int] = {}
    for (name, _), n in votes.items():
        by_name[name] = by_name.get(name, 0) + n
    name = max(by_name, key=by_name.__getitem__)
    tone = max((t for t in votes if t[0] == name), key=votes.__getitem__)[1]
    return name, tone
