"""Labels written inside a shape ("A" on a blue disc, "3" in a box), read with OCR.

The segmenter takes a letter drawn inside a filled shape as part of that shape (dark ink
joins the nearest lit pixel) or as a hole in it (ink of the backdrop's colour), so the
glyph path of ``scenery.py`` never sees it. :func:`inner_labels` looks inside each
object region, away from its rim, for thin strokes unlike the fill; when they form one
word of glyph size it reads them (``ocr`` extra, recognition only) on a black-on-white
rendering of their contrast against the fill, whatever the two colours are.

Example:
    >>> inner_labels(np.zeros((8, 8, 3), np.uint8), []) in ([], None)
    True
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

__all__ = ["inner_labels", "with_inner_labels", "drop_label_ink", "label_ink", "unread_inner_boxes"]

#: CIELAB distance from the fill at which a pixel is ink.
_INK_CONTRAST = 30.0
#: Regions narrower than this are read only when they are badges (:func:`_badge`), and not
#: when narrower than :data:`_MIN_BADGE_SIDE`; a badge narrower than :data:`_BADGE_SIDE` is
#: read as one (its letter fills it).
_SMALL_SIDE = 24
_MIN_BADGE_SIDE = 12
_BADGE_SIDE = 32


def _filled(mask: np.ndarray) -> np.ndarray:
    import cv2

    pad = np.pad(mask, 1).astype(np.uint8)
    outside = pad.copy()
    cv2.floodFill(outside, None, (0, 0), 2)
    return (outside != 2)[1:-1, 1:-1]


def _badge(mask: np.ndarray) -> bool:
    """A small filled disc or square (a badge holding a letter), at least
    :data:`_MIN_BADGE_SIDE` px wide: about as wide as tall, filling most of its box."""
    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return False
    w, h = int(np.ptp(xs)) + 1, int(np.ptp(ys)) + 1
    if min(w, h) < _MIN_BADGE_SIDE or not 0.75 <= w / h <= 1.33:
        return False
    crop = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    return float(_filled(crop).sum()) >= 0.7 * w * h


def _ink(
    lab: np.ndarray, mask: np.ndarray, *, small: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """``(ink, contrast, inner)`` inside ``mask`` (crop coordinates), or None when its fill
    cannot be told from ink (``small``: a small badge, :func:`_badge`)."""
    import cv2

    filled = _filled(mask)
    ys, xs = np.nonzero(filled)
    side = min(ys.max() - ys.min() + 1, xs.max() - xs.min() + 1)
    # A small badge's letter fills most of it: only its blended rim is peeled, and the
    # letter's own pixels may be a large share of its inside.
    e = max(1, round(0.1 * side)) if small else max(3, round(0.07 * side))
    inner = cv2.erode(
        filled.astype(np.uint8), cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * e + 1,) * 2)
    ).astype(bool)
    own = inner & mask
    if inner.sum() < 0.2 * filled.sum() or own.sum() < (0.45 if small else 0.6) * inner.sum():
        return None
    fill = np.median(lab[own], axis=0)
    contrast = np.linalg.norm(lab - fill, axis=2)
    if float(np.percentile(contrast[own], 50)) > (15.0 if small else 8.0):
        return None  # a shaded or textured fill (a small badge's: JPEG ringing around its letter)
    ink = inner & (contrast > _INK_CONTRAST)
    # Writing sits inside the fill; ink along the inner edge (an outline's blended inner
    # rim, which a small outlined disc reads as "O") is the shape's own.
    edge = inner & ~cv2.erode(inner.astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    if small:
        # (a letter filling a badge touches its rim here and there; an outline runs along it)
        if (ink & edge).sum() > 0.3 * max(int(edge.sum()), 1):
            return None
    elif (ink & edge).sum() > 0.05 * max(int(ink.sum()), 1):
        return None
    return ink, contrast, inner


def _glyph_box(ink: np.ndarray, side: int) -> tuple[tuple[int, int, int, int], bool] | None:
    """``(box, bold)``: the box of the ink when it is one word of a label's size in pen strokes,
    ``bold`` when they are as thick as a bold letter's rather than a thin one's (the deepest
    point up to 0.3 x its height, inking up to 85 % of its box: a 34 px Hershey Duplex "E"
    drawn 2 px thick inks 83 %; a bar or a disc is denser or deeper) and its reading must be
    surer."""
    import cv2

    n, comp, stats, _ = cv2.connectedComponentsWithStats(ink.astype(np.uint8), connectivity=8)
    keep = [k for k in range(1, n) if stats[k, cv2.CC_STAT_AREA] >= 4]
    if not keep or len(keep) > 12:
        return None
    x0 = min(stats[k, cv2.CC_STAT_LEFT] for k in keep)
    y0 = min(stats[k, cv2.CC_STAT_TOP] for k in keep)
    x1 = max(stats[k, cv2.CC_STAT_LEFT] + stats[k, cv2.CC_STAT_WIDTH] for k in keep)
    y1 = max(stats[k, cv2.CC_STAT_TOP] + stats[k, cv2.CC_STAT_HEIGHT] for k in keep)
    h = y1 - y0
    if h < 7 or h > 0.7 * side or (x1 - x0) > 0.85 * side:
        return None
    strokes = np.isin(comp, keep)
    depth = float(cv2.distanceTransform(np.pad(strokes, 1).astype(np.uint8), cv2.DIST_L2, 3).max())
    box = (int(x0), int(y0), int(x1), int(y1))
    if depth <= min(0.2 * h, 6.0) and strokes.sum() <= 0.6 * h * (x1 - x0):
        return box, False
    if depth <= min(0.3 * h, 6.0) and strokes.sum() <= 0.85 * h * (x1 - x0):
        return box, True
    return None  # a solid patch (a highlight, a second colour), not pen strokes


def _read(
    engine: Any, contrast: np.ndarray, inner: np.ndarray, box: tuple[int, int, int, int]
) -> tuple[str, float]:
    """The ink in ``box`` read in two windows, tight and loose (the recogniser scales its
    input to a fixed height: a wide margin shrinks the letter, a tight one crowds some
    letters): the surer reading (:func:`.labels.best_reading`)."""
    import cv2

    x0, y0, x1, y1 = box
    h, w = contrast.shape
    height = y1 - y0
    cx = (x0 + x1) / 2
    readings = []
    for pad, side, border in (
        (max(2, round(0.2 * height)), 0.3, 0),
        (max(4, height // 3), 0.33, max(8, height // 2)),
    ):
        half = max((x1 - x0) / 2, 0.5 * height) + side * height
        Y0, Y1 = max(0, y0 - pad), min(h, y1 + pad)
        X0, X1 = max(0, int(cx - half)), min(w, int(cx + half) + 1)
        # The ink alone, black on white (the fill's colour and the letter's do not matter).
        ink = (contrast[Y0:Y1, X0:X1] > _INK_CONTRAST) & inner[Y0:Y1, X0:X1]
        grey = np.where(ink, 0, 255).astype(np.uint8)
        if border:
            grey = cv2.copyMakeBorder(grey, border, border, border, border, cv2.BORDER_CONSTANT, value=255)
        result, _ = engine(
            np.ascontiguousarray(np.repeat(grey[:, :, None], 3, axis=2)),
            use_det=False,
            use_cls=False,
            use_rec=True,
        )
        if result:
            readings.append((str(result[0][0]).strip(), float(result[0][1])))
    if not readings:
        return "", 0.0
    from .labels import best_reading

    return best_reading(readings)


def _inner_ink(rgb: np.ndarray, regions: list[Any]) -> Any:
    """Per object region holding one word of pen strokes unlike its fill: ``(k, box, bold,
    contrast, inner, (x0, y0))``, the box in the crop at ``(x0, y0)`` (see :func:`_glyph_box`)."""
    from .colour import rgb_to_lab

    H, W = rgb.shape[:2]
    for k, r in enumerate(regions):
        ys, xs = np.nonzero(r.mask)
        if ys.size == 0:
            continue
        y0, y1, x0, x1 = (
            max(ys.min() - 2, 0),
            min(ys.max() + 3, H),
            max(xs.min() - 2, 0),
            min(xs.max() + 3, W),
        )
        side = min(y1 - y0, x1 - x0)
        small = ys.size < 300 or side < _SMALL_SIDE
        badge = (small or side < _BADGE_SIDE) and _badge(r.mask)
        if small and not badge:
            continue
        lab = rgb_to_lab(rgb[y0:y1, x0:x1])
        found = _ink(lab, r.mask[y0:y1, x0:x1], small=badge)
        if found is None:
            continue
        ink, contrast, inner = found
        if ink.sum() < 12 or ink.sum() > (0.55 if badge else 0.3) * inner.sum():
            continue
        found_box = _glyph_box(ink, side)
        if found_box is None:
            continue
        box, bold = found_box
        yield k, box, bold, contrast, inner, (int(x0), int(y0))


def inner_labels(
    rgb: np.ndarray, regions: list[Any], *, min_score: float = 0.8
) -> list[tuple[str, tuple[int, int, int, int], int]] | None:
    """``[(text, box, k), ...]``: a word written inside region ``k`` and its box (image
    coordinates); ``None`` without the ``ocr`` extra. A region holding a word that could not
    be read is noted ``label_unread`` (whether it carries a label cannot be told)."""
    from .labels import _engine

    engine = _engine()
    if engine is None:
        return None
    out: list[tuple[str, tuple[int, int, int, int], int]] = []
    for k, box, bold, contrast, inner, (x0, y0) in _inner_ink(rgb, regions):
        text, score = _read(engine, contrast, inner, box)
        if score < (0.9 if bold else min_score) or not re.fullmatch(r"[A-Za-z0-9]{1,12}", text):
            regions[k].notes["label_unread"] = True
            continue
        text = text.upper() if len(text) == 1 and text.isalpha() else text
        bx0, by0, bx1, by1 = box
        out.append((text, (x0 + bx0, y0 + by0, x0 + bx1, y0 + by1), k))
    return out


def unread_inner_boxes(rgb: np.ndarray, regions: list[Any]) -> list[tuple[int, int, int, int]]:
    """The boxes (image coordinates) of the words written inside object regions, unread (no
    ``ocr`` extra): where a letter's pieces may have been taken for objects."""
    return [
        (x0 + box[0], y0 + box[1], x0 + box[2], y0 + box[3])
        for _, box, _, _, _, (x0, y0) in _inner_ink(rgb, regions)
    ]


def drop_label_ink(regions: list[Any], boxes: list[tuple[int, int, int, int]]) -> list[Any]:
    """Regions that are not a letter of an inner label (mostly inside one of ``boxes``)."""
    pieces = label_ink(regions, boxes)
    return [r for r, piece in zip(regions, pieces, strict=True) if not piece]


def label_ink(regions: list[Any], boxes: list[tuple[int, int, int, int]]) -> list[bool]:
    """Per region, whether it is a piece of a letter written inside a shape (mostly inside
    one of ``boxes``, the words' boxes)."""
    from .labels import inside_any

    if not boxes:
        return [False] * len(regions)

    def within(mask: np.ndarray) -> bool:
        # The shape a letter is written in reaches past the letter's box on some side (a
        # small star or hexagon on a small image is under 2 % of it, and half inside the box).
        ys, xs = np.nonzero(mask)
        return any(
            xs.min() >= x0 - 6 and xs.max() < x1 + 6 and ys.min() >= y0 - 6 and ys.max() < y1 + 6
            for x0, y0, x1, y1 in boxes
        )

    def around(mask: np.ndarray) -> bool:
        # The small disc or square a letter is written on (a badge) holds the whole letter.
        ys, xs = np.nonzero(mask)
        return any(
            xs.min() < x0 and xs.max() >= x1 and ys.min() < y0 and ys.max() >= y1 for x0, y0, x1, y1 in boxes
        )

    return [
        bool(
            r.mask.sum() < 0.02 * r.mask.size
            and inside_any(r.mask, boxes)
            and within(r.mask)
            and not around(r.mask)
        )
        for r in regions
    ]


def with_inner_labels(
    work: Any, regions: list[Any], labels: Any, fg: Any, options: dict[str, Any]
) -> tuple[Any, list[Any]]:
    """``(labels, boxes)``: ``labels`` plus the words written inside object regions, and
    those words' boxes (``ocr`` extra; not on tabletop renders nor on pictures the engine
    cannot read)."""
    if not options.get("read_labels", True) or not options.get("glyphs", True) or not regions:
        return labels, []
    if fg.shadow_ratio is not None or len(regions) > 40:
        return labels, []
    from .reliability import image_quality

    if image_quality(work)["reliability"] < 0.5:
        return labels, []
    inner = inner_labels(work, regions)
    if inner is None:
        # No reader: a letter's pieces inside a shape (the counter of an "A", a white letter
        # on a dark fill) stay objects, marked as what they may be (see ``label_step``).
        for r, piece in zip(regions, label_ink(regions, unread_inner_boxes(work, regions)), strict=True):
            if piece:
                r.notes["unread_mark"] = True
        return labels, []
    if not inner:
        return labels, []
    words = {t for t, _, _ in inner}
    # A word read inside a shape names that shape; the same word read outside is dropped.
    outer = [(t, b) for t, b in (labels or []) if t not in words]
    return outer + [(t, b) for t, b, _ in inner], [b for _, b, _ in inner]
