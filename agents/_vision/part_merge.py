"""Merging the colour parts of one component back into objects: a highlight or a sliver
into its neighbour, a drawn shape's dark outline (whole, broken at sharp tips, or an even
stroke) into its fill, an anti-aliased rim blended with the ground into the part it
borders; tiny pieces go to the nearest remaining part (used by :mod:`.regions`)."""

from __future__ import annotations

import numpy as np

from .artefacts import thickness
from .nearest import fill_from_edges, label_edges, nearest_labels

__all__ = ["chroma", "merge_parts"]


def chroma(lab_pixels: np.ndarray) -> np.ndarray:
    """CIELAB chroma of ``N x 3`` Lab pixels."""
    return np.hypot(lab_pixels[:, 1], lab_pixels[:, 2])


def _thin(part: np.ndarray, width: float = 3.5) -> bool:
    """Whether ``part`` is a stroke at most about ``2 * width`` px wide (an outline): nearly
    all of it (a blurred corner may be thicker) lies within ``width`` of its edge."""
    import cv2

    inside = cv2.distanceTransform(np.pad(part, 1).astype(np.uint8), cv2.DIST_L2, 3)
    deep = int((inside > width).sum())
    return deep == 0 or deep <= 0.03 * int(part.sum()) and inside.max() <= 2.5 * width


def _neighbours(parts: list[np.ndarray], i: int, union: np.ndarray) -> tuple[float, np.ndarray]:
    """Fraction of part ``i``'s outer ring outside the component, and contact per other part."""
    import cv2

    ring = cv2.dilate(parts[i].astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool) & ~parts[i]
    total = max(int(ring.sum()), 1)
    outside = float((ring & ~union).sum()) / total
    contact = np.array([float((ring & p).sum()) / total if j != i else 0.0 for j, p in enumerate(parts)])
    return outside, contact


def _pieces(label: np.ndarray) -> tuple[np.ndarray, int]:
    """Relabel so that every connected piece of every label gets its own id (1..n)."""
    import cv2

    out = np.zeros(label.shape, np.int32)
    n = 0
    for k in np.unique(label):
        if k == 0:
            continue
        m, cc = cv2.connectedComponents((label == k).astype(np.uint8), connectivity=8)
        sel = cc > 0
        out[sel] = cc[sel] + n
        n += m - 1
    return out, n


def _fill_from_nearest(label: np.ndarray, comp: np.ndarray) -> np.ndarray:
    """``label`` with each unlabelled pixel of ``comp`` given the label of its nearest
    labelled pixel (exact Euclidean; ties by scan order).

    The nearest labelled pixel always lies on a labelled region's edge, so only edge pixels
    are compared: a few seams against an outline need no distance transform; large ones
    use :func:`.nearest.nearest_labels`.
    """
    holes = comp & (label == 0)
    if not holes.any():
        return label
    ey, ex = label_edges(label)
    hy, hx = np.nonzero(holes)
    if hy.size * ey.size > 4_000_000:
        # Large seams against a long outline (textured photos): distance transforms are cheaper.
        return np.where(comp, nearest_labels(label), 0)
    out = label.copy()
    fill_from_edges(label, (ey, ex), (hy, hx), out)
    return out


def merge_parts(parts: list[np.ndarray], crop_lab: np.ndarray, min_area: int) -> list[np.ndarray]:
    """Merge highlights, slivers and tiny pieces into the neighbour they belong to."""
    label = np.zeros(parts[0].shape, np.int32)
    for i, p in enumerate(parts):
        label[p] = i + 1
    comp = label > 0
    label, n = _pieces(label)
    areas = np.bincount(label.ravel(), minlength=n + 1)
    small = max(min_area, 0.04 * comp.sum())
    tiny = np.flatnonzero(areas < small)
    tiny = tiny[tiny > 0]
    if tiny.size and tiny.size < n:
        label[np.isin(label, tiny)] = 0
        # Tiny pieces (anti-aliased seams, specks) go to the nearest remaining piece.
        label = _fill_from_nearest(label, comp)
        label, n = _pieces(label)
    pieces = [label == k for k in range(1, n + 1)]
    changed = True
    while changed and len(pieces) > 1:
        changed = False
        union = comp
        stats = []
        for p in pieces:
            px = crop_lab[p]
            stats.append((float(np.median(px[:, 0])), float(np.median(chroma(px))), int(p.sum())))
        order = sorted(range(len(pieces)), key=lambda j: stats[j][2])
        for i in order:
            outside, contact = _neighbours(pieces, i, union)
            if contact.max() <= 0:
                continue
            j = int(np.argmax(contact))
            li, ci, ai = stats[i]
            lj, cj, aj = stats[j]
            highlight = li > lj + 8.0 and ci < cj and outside < 0.5 and ai < 0.5 * aj
            enclosed = outside < 0.15 and ai < 0.35 * aj
            if (highlight or enclosed) and _drawn_on(pieces[i], pieces[j], crop_lab):
                highlight = enclosed = False  # a shape drawn on another, not its highlight
            # A drawn shape's dark outline: a thin black / grey ring around its fill, or a thin
            # band darker than the fill (a blurred edge splits into an outer grey ring and an
            # inner band blended with the fill). A black / grey / white border (white is a dark
            # theme's outline) may be thicker: up to the fill's inscribed radius wide. A thin
            # anti-aliased black ring may leave the fill's sharp corners bare (its pixels blended
            # with the fill's hue join the fill): a quarter of the fill's edge may touch the ground.
            dark_ring = lj < 35.0 and cj < 12.0 and aj < ai
            outlined = (outside < 0.1 or dark_ring and outside < 0.25) and (
                aj < ai
                and ((lj < 35.0 and cj < 12.0) or lj < li - 5.0)
                and _thin(pieces[j])
                or aj < 3.0 * ai
                and cj < 12.0
                and _thin(pieces[j], 0.5 * thickness(pieces[i]))
            )
            # A stroke of even width around a small fill (as wide as the fill's inscribed
            # radius or more): the fill grown by the stroke's width is the whole shape. Not a
            # stroke lighter than the fill (a white border thicker than a small fill on a dark
            # ground): merged, its white would outvote the fill's colour.
            # A thick stroke along a star's edge fills its sharp tips and eats its thin arms
            # (ten times the fill's area): a band of one width whose hole is the fill.
            outlined = outlined or (
                outside < 0.1
                and aj < 10.0 * ai
                and (cj < 12.0 and lj < li + 5.0 or lj < li - 5.0)
                and (
                    aj < 6.0 * ai
                    and _even_stroke(pieces[i], pieces[j])
                    or cj < 12.0
                    and _even_band(pieces[i], pieces[j])
                )
            )
            ring = _outline_pieces(pieces, i, stats, outside, contact)
            if ring:
                pieces = [
                    p | np.logical_or.reduce([pieces[k] for k in ring]) if k == i else p
                    for k, p in enumerate(pieces)
                    if k not in ring
                ]
                changed = True
                break
            outlined = (
                outlined
                or _outline_tip(pieces, i, j, stats, outside, crop_lab)
                or _outline_arc(pieces[i], pieces[j], stats[i], stats[j], outside + contact[j])
            )
            if highlight or enclosed or outlined or _blended_rim(pieces, i, j, crop_lab, union):
                pieces[j] = pieces[j] | pieces[i]
                del pieces[i]
                changed = True
                break
    return pieces


def _outline_pieces(
    pieces: list[np.ndarray],
    i: int,
    stats: list[tuple[float, float, int]],
    outside: float,
    contact: np.ndarray,
) -> list[int]:
    """The pieces of a black / grey outline broken in two or more (at a small star's sharp
    tips) that together enclose fill ``i`` (three quarters of its edge or more): thin, dark,
    neutral, each smaller than the fill, and nothing else touching it. Else ``[]``."""
    if outside >= 0.25:
        return []
    ring = [k for k in np.flatnonzero(contact > 0) if k != i]
    if len(ring) < 2:
        return []
    for k in ring:
        lk, ck, ak = stats[k]
        if not (lk < 35.0 and ck < 12.0 and ak < stats[i][2] and _thin(pieces[k])):
            return []
    return [int(k) for k in ring]


def _outline_tip(
    pieces: list[np.ndarray],
    i: int,
    j: int,
    stats: list[tuple[float, float, int]],
    outside: float,
    crop_lab: np.ndarray,
) -> bool:
    """Whether piece ``i`` is the rest of ``j``'s black / grey outline: a piece of the same
    ink (dark, neutral) left over at a sharp tip, where the stroke is a solid wedge too thick
    for :func:`_thin` (an outline enlarged two or three times at the working resolution).
    It is small beside ``j`` (a fifth of it), attached to it (a quarter of its edge or more
    touches it), ``j`` already holds a stroke of that ink at least as large, and the piece is
    no thicker than 1.5 times that stroke (a black shape drawn touching an outlined one is)."""
    from .artefacts import thickness

    li, ci, ai = stats[i]
    aj = stats[j][2]
    if not (li < 35.0 and ci < 12.0 and ai < 0.2 * aj and outside < 0.75):
        return False
    lab = crop_lab[pieces[j]]
    ink = (lab[:, 0] < li + 10.0) & (np.hypot(lab[:, 1], lab[:, 2]) < 12.0)
    if int(ink.sum()) < max(ai, 0.1 * aj):
        return False
    stroke = np.zeros(pieces[j].shape, bool)
    stroke[pieces[j]] = ink
    return thickness(pieces[i]) <= 1.5 * thickness(stroke) + 1.0


def _outline_arc(
    arc: np.ndarray,
    fill: np.ndarray,
    arc_stats: tuple[float, float, int],
    fill_stats: tuple[float, float, int],
    hemmed: float,
) -> bool:
    """Whether ``arc`` is a piece of a 1-2 px black / grey outline around ``fill`` broken
    where its pixels blended with the fill (a thin outline reduced to half size): thin,
    neutral, no lighter than the fill, a quarter of the fill's size at most, lying along the
    fill's edge (all of it within 2 px of the fill) between the fill and the ground only
    (``hemmed``: the share of its outer ring on the fill or outside the component)."""
    import cv2

    la, ca, aa = arc_stats
    lf, _, af = fill_stats
    if not (ca < 12.0 and la < lf + 5.0 and aa < 0.25 * af and hemmed > 0.95 and _thin(arc, 1.5)):
        return False
    near = cv2.dilate(fill.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    return not (arc & ~near).any()


def _even_stroke(fill: np.ndarray, ring: np.ndarray) -> bool:
    """Whether ``ring`` is a stroke of one width all around ``fill``: ``fill`` grown by that
    width covers the two (intersection over union at least 0.8)."""
    import cv2

    whole = fill | ring

    def perimeter(mask: np.ndarray) -> float:
        contours, _ = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        return sum(cv2.arcLength(c, True) for c in contours)

    # Its mean width: its area over the mean of its outer and inner perimeters.
    width = 2.0 * float(ring.sum()) / max(perimeter(whole) + perimeter(fill), 1.0)
    if width < 1.0:
        return False
    size = 2 * round(width) + 1
    grown = cv2.dilate(fill.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))) > 0
    return float((grown & whole).sum()) >= 0.8 * float((grown | whole).sum())


def _even_band(fill: np.ndarray, ring: np.ndarray) -> bool:
    """Whether ``ring`` is a band of one width whose hole ``fill`` fills: the ring's ridge
    (its pixels farthest from both its edges) lies at one depth along most of it (the 20th
    and 80th percentiles within a factor 1.6). A stroke drawn along a star's edge fills its
    sharp tips (the fill grown by the stroke's width misses them); a shape drawn on a larger
    one leaves a band of varying width."""
    import cv2

    n, cc = cv2.connectedComponents(np.pad(~ring, 1, constant_values=True).astype(np.uint8), connectivity=4)
    hole = (cc[1:-1, 1:-1] != cc[0, 0]) & ~ring  # what the ring encloses
    if not hole.any() or float((hole & fill).sum()) < 0.8 * float((hole | fill).sum()):
        return False
    dist = cv2.distanceTransform(np.pad(ring, 1).astype(np.uint8), cv2.DIST_L2, 5)[1:-1, 1:-1]
    peak = cv2.dilate(dist, np.ones((3, 3), np.uint8))
    ridge = dist[ring & (dist >= peak - 1e-3) & (dist >= 1.0)]
    if ridge.size < 12:
        return False
    lo, hi = np.percentile(ridge, [20, 80])
    return bool(hi <= 1.6 * lo)


def _blended_rim(pieces: list[np.ndarray], i: int, j: int, crop_lab: np.ndarray, union: np.ndarray) -> bool:
    """Whether one of pieces ``i`` and ``j`` is the other's anti-aliased edge: a band about
    2 px wide all around it, of its hue (the fill blended with the ground). On a small shape
    the edge is as many pixels as the fill, and the colour split takes it for a second
    colour. On an enlarged drawing that edge is enlarged too: a band up to about 9 px wide,
    no thicker than the fill, whose chroma is the fill's faded (a sixth to five sixths of
    it) toward a neutral ground."""
    ring, core = (j, i) if _thin(pieces[j], 1.5) else (i, j)
    wide = not _thin(pieces[ring], 1.5)
    a, b = np.median(crop_lab[pieces[i]], axis=0), np.median(crop_lab[pieces[j]], axis=0)
    if wide:
        # The fainter piece is the blended edge.
        ring, core = (i, j) if np.hypot(a[1], a[2]) < np.hypot(b[1], b[2]) else (j, i)
        if not _thin(pieces[ring], 4.5) or thickness(pieces[ring]) > thickness(pieces[core]):
            return False
    if _neighbours(pieces, core, union)[0] >= 0.1:
        return False
    a, b = np.median(crop_lab[pieces[ring]], axis=0), np.median(crop_lab[pieces[core]], axis=0)
    ca, cb = float(np.hypot(a[1], a[2])), float(np.hypot(b[1], b[2]))
    if min(ca, cb) < 8.0:
        return False  # a grey / black / white ring is an outline (merged above) or another object
    if wide and not 0.15 * cb <= ca <= 0.85 * cb:
        return False
    gap = abs(np.degrees(np.arctan2(a[2], a[1]) - np.arctan2(b[2], b[1]))) % 360.0
    return min(gap, 360.0 - gap) < 25.0


def _drawn_on(inner: np.ndarray, outer: np.ndarray, crop_lab: np.ndarray) -> bool:
    """Whether ``inner`` is a shape drawn on ``outer`` (a circle on a rectangle), not a
    highlight, reflection or label of it: both are one flat colour, far apart (a highlight
    or a reflection is shaded, not flat)."""
    from .flat import is_flat

    a, b = crop_lab[inner], crop_lab[outer]
    if not (is_flat(a) and is_flat(b)):
        return False
    ma, mb = np.median(a, axis=0), np.median(b, axis=0)
    ca, cb = float(np.hypot(ma[1], ma[2])), float(np.hypot(mb[1], mb[2]))
    if ca < 20.0:
        return False  # white / grey / black: a specular highlight or a dark patch may be flat
    if cb < 20.0:
        return True  # a coloured shape on a white / grey / black one
    hue_gap = abs(np.degrees(np.arctan2(ma[2], ma[1]) - np.arctan2(mb[2], mb[1]))) % 360.0
    return min(hue_gap, 360.0 - hue_gap) > 30.0
