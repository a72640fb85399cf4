"""Filled label discs ("badges"): a small disc or square holding a letter, set on or beside a
larger shape, is that shape's label, not a shape of its own.

:mod:`.inner_labels` reads the letter inside the disc and, alone, would make the disc the
labelled object (the shape beside it unlabelled, the count one too many per badge). A
drawing that labels its shapes this way does it for several shapes: so at least two small
compact regions holding a letter, each touching (or almost) exactly one larger unlabelled
shape, and every small lettered region of the drawing being such a badge, make them labels.
A small shape holding a letter on its own (a star with "G" in it, standing apart) stays a
shape (``tests/agents_perception/test_small_shapes_holding_a_letter.py``).

Example:
    >>> badge_discs(np.zeros((4, 4, 3), np.uint8), [], [], {}) == ([], {})
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .objects import mask_box

__all__ = ["badge_discs", "unread_badges"]

#: A badge is at most this fraction of the median shape's area,
_MAX_AREA_RATIO = 0.35
#: and at most this fraction of the width (or height) of the shape it labels.
_MAX_WIDTH_RATIO = 0.6


def _extent(mask: np.ndarray) -> tuple[int, int]:
    x0, y0, x1, y1 = mask_box(mask)
    return x1 - x0, y1 - y0


def _host(regions: list[Any], box: tuple[int, int, int, int]) -> int | None:
    """The smallest region whose box holds the letter's ``box``."""
    x0, y0, x1, y1 = box
    best = None
    for k, r in enumerate(regions):
        if not r.mask.any():
            continue
        bx0, by0, bx1, by1 = mask_box(r.mask)
        if bx0 <= x0 and by0 <= y0 and bx1 >= x1 and by1 >= y1:
            area = int(r.mask.sum())
            if best is None or area < best[0]:
                best = (area, k)
    return best[1] if best else None


def _compact(mask: np.ndarray) -> bool:
    """A filled disc or square: about as wide as tall, filling most of its box (holes filled)."""
    from scipy import ndimage

    x0, y0, x1, y1 = mask_box(mask)
    w, h = x1 - x0, y1 - y0
    filled = ndimage.binary_fill_holes(mask[y0:y1, x0:x1])
    return 0.75 <= w / max(h, 1) <= 1.33 and float(filled.sum()) >= 0.7 * w * h


def badge_discs(
    work: np.ndarray,
    regions: list[Any],
    inner_boxes: list[tuple[int, int, int, int]],
    leaders: dict[str, tuple[float, float]],
    labels: list[tuple[str, Any]] | None = None,
) -> tuple[list[Any], dict[str, tuple[float, float]]]:
    """``(regions, leaders)``: the regions without the badges, and per badge's text a point on
    the shape it labels (the binding anchor, as a leader line's end is).

    ``work``: the working image; ``inner_boxes``: the boxes of words read inside regions; ``labels``: all labels read
    (``[(text, box)]``), to know each inner box's text."""

    if not inner_boxes or not labels:
        return regions, leaders
    text_of = {tuple(int(v) for v in b): t for t, b in labels}
    hosts = {}
    for b in inner_boxes:
        k = _host(regions, b)
        if k is not None:
            hosts[k] = b
    lettered = set(hosts)
    areas = [float(r.mask.sum()) for r in regions]
    plain = [a for k, a in enumerate(areas) if k not in lettered]
    if len(plain) < 2:
        return regions, leaders
    found: dict[int, int] = {}
    for k, b in hosts.items():
        if areas[k] > _MAX_AREA_RATIO * float(np.median(plain)):
            continue  # a shape of the drawing's size holding its letter: its own label
        j = _labelled_shape(k, regions, lettered)
        if j is None or text_of.get(tuple(int(v) for v in b)) is None:
            return regions, leaders  # one small lettered shape that is no badge: none are
        found[k] = j
    if not found or len(set(found.values())) < len(found):
        return regions, leaders
    # A badge whose letter was not read: one more of about the same size (a longer word's is
    # wider), holding writing, beside a shape no badge labels, is no shape either (its label
    # stays unknown); compact, and with two badges read, it need show no writing.
    size = float(np.median([areas[k] for k in found]))
    unread = set()
    for k, r in enumerate(regions):
        if k in lettered or k in found.values() or not 0.4 * size <= areas[k] <= 2.5 * size:
            continue
        j = _labelled_shape(k, regions, lettered | {k})
        # (with two badges read the style is plain: one whose letter is a blur is a badge too)
        if j is not None and j not in found.values() and (len(found) >= 2 or _holds_writing(work, r.mask)):
            unread.add(k)
    if len(found) + len(unread) < 2:
        return regions, leaders  # one small lettered shape: the drawing shows no badge style
    leaders = dict(leaders)
    for k, j in found.items():
        text = text_of[tuple(int(v) for v in hosts[k])]
        # The anchor: the labelled shape's pixel nearest the badge's centre.
        ys, xs = np.nonzero(regions[j].mask)
        x0, y0, x1, y1 = mask_box(regions[k].mask)
        i = int(np.argmin(np.hypot(xs - (x0 + x1) / 2, ys - (y0 + y1) / 2)))
        leaders[text] = (float(xs[i]), float(ys[i]))
    return [r for k, r in enumerate(regions) if k not in found and k not in unread], leaders


def _labelled_shape(k: int, regions: list[Any], skip: set[int]) -> int | None:
    """The shape region ``k`` is a badge of: ``k`` compact, the nearest region (``skip`` aside)
    within 1.5 x the badge's width or half the shape's size (a badge at the corner of a
    star's, a disc's or a triangle's box is that far from its ink), the next one clearly
    farther, and ``k`` under 0.6 x its width; else ``None``."""
    import cv2

    mask = regions[k].mask
    if not _compact(mask):
        return None
    x0, y0, x1, y1 = mask_box(mask)
    gap = cv2.distanceTransform((~mask).astype(np.uint8), cv2.DIST_L2, 5)
    gaps = sorted((float(gap[r.mask].min()), j) for j, r in enumerate(regions) if j != k and j not in skip)
    if not gaps:
        return None
    near, j = gaps[0]
    # (a badge at the corner of a triangle's box is up to half the triangle's size from its ink)
    reach = max(4.0, 1.5 * float(max(x1 - x0, y1 - y0)), 0.5 * float(max(_extent(regions[j].mask))))
    if near > reach or (len(gaps) > 1 and gaps[1][0] <= 2.0 * near + 4.0):
        return None
    if max(x1 - x0, y1 - y0) > _MAX_WIDTH_RATIO * max(_extent(regions[j].mask)):
        return None
    return j


def _holds_writing(work: np.ndarray, mask: np.ndarray) -> bool:
    """Whether thin strokes unlike the fill, of a glyph's size, lie inside ``mask``."""
    from .colour import rgb_to_lab
    from .inner_labels import _BADGE_SIDE, _glyph_box, _ink

    H, W = mask.shape
    ys, xs = np.nonzero(mask)
    y0, y1 = max(int(ys.min()) - 2, 0), min(int(ys.max()) + 3, H)
    x0, x1 = max(int(xs.min()) - 2, 0), min(int(xs.max()) + 3, W)
    small = min(y1 - y0, x1 - x0) < _BADGE_SIDE  # (its letter fills it: see inner_labels._ink)
    found = _ink(rgb_to_lab(work[y0:y1, x0:x1]), mask[y0:y1, x0:x1], small=small)
    if found is None or found[0].sum() < 12:
        return False
    return _glyph_box(found[0], min(y1 - y0, x1 - x0)) is not None


def unread_badges(work: np.ndarray, regions: list[Any]) -> list[Any]:
    """``regions`` without the badges whose letters were not read (no ``ocr`` extra, or
    letters too small for it): at least two small compact regions holding writing, under
    :data:`_MAX_AREA_RATIO` x the median of the other regions' areas, each the badge of its own
    larger shape (:func:`_labelled_shape`), and compact regions of about their size each
    beside a shape of its own. Their labels stay unknown; they are no shapes.

    Example:
        >>> unread_badges(np.zeros((4, 4, 3), np.uint8), [])
        []
    """
    if len(regions) < 4:
        return regions
    areas = [float(r.mask.sum()) for r in regions]
    upper = [a for a in areas if a >= float(np.median(areas))]  # (badges may be half the regions)
    small = [k for k, a in enumerate(areas) if a <= _MAX_AREA_RATIO * float(np.median(upper))]
    if len(small) < 2:
        return regions
    others = [a for k, a in enumerate(areas) if k not in small]
    if not others:
        return regions
    limit = _MAX_AREA_RATIO * float(np.median(others))
    small = [k for k in small if areas[k] <= limit]
    lettered = [k for k in small if _holds_writing(work, regions[k].mask)]
    if len(lettered) < 2:
        return regions
    # One more compact region of about their size, beside a shape of its own, is a badge too
    # (its letter too small or too blurred to make out).
    size = float(np.median([areas[k] for k in lettered]))
    badges = lettered + [k for k in small if k not in lettered and 0.4 * size <= areas[k] <= 2.5 * size]
    shapes = [_labelled_shape(k, regions, set(badges)) for k in badges]
    if any(j is None for j in shapes[: len(lettered)]):
        return regions  # a small lettered shape that is no badge: the drawing shows no badge style
    badges = [k for k, j in zip(badges, shapes, strict=True) if j is not None]
    if len({shapes[i] for i in range(len(shapes)) if shapes[i] is not None}) < len(badges):
        return regions  # two badges at one shape: not this style
    return [r for k, r in enumerate(regions) if k not in badges]
