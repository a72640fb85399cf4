"""Labels drawn on an image (letters, numbers, words), read with OCR instead of segmented.

The segmenter sets thin glyph regions aside (``scenery.py``). With the optional ``ocr``
extra (``pip install 'spatioxolver[ocr]'``: rapidocr-onnxruntime, whose wheel ships its
ONNX models, so it runs offline) :func:`read_labels` groups them into words and reads
each (recognition only, about 40 ms a label); the segmenter then binds each label to the
nearest object (set-of-marks, ``bind_marks``).
Without the extra it returns ``None``: thin glyphs are still dropped (see
``scenery.py``), but labels cannot be read, so "shape A" finds no object and the
reasoner says so.

Example:
    >>> read_labels is not None
    True
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

import numpy as np

from .label_readings import LOOKALIKE, best_reading
from .label_readings import sure as _sure

__all__ = [
    "read_labels",
    "ocr_available",
    "drawn_labels",
    "near_an_object",
    "small_mark",
    "ink_blobs",
    "round_mark_labels",
    "leader_end",
    "free_strokes",
    "inside_any",
    "straight_stroke",
    "best_reading",
    "one_kind_of_label",
]


@lru_cache(maxsize=1)
def _engine() -> Any:
    try:
        from rapidocr_onnxruntime import RapidOCR
    except ImportError:
        return None
    return RapidOCR()


def ocr_available() -> bool:
    """Whether the ``ocr`` extra is installed."""
    return _engine() is not None


def _groups(masks: list[np.ndarray], rgb: np.ndarray | None = None) -> list[tuple[int, int, int, int]]:
    """Boxes of glyphs grouped into words (side by side, gap under 0.6 x their height, or
    wider with an upright stroke of ink in it in ``rgb``: a thin "l" the segmenter lost; a
    piece within a letter-sized glyph's height and under 0.3 x it away joins it)."""
    from .text_lines import stroke_in_gap

    boxes = []
    for m in masks:
        ys, xs = np.nonzero(m)
        boxes.append([int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1])
    # Only a glyph of a letter's size takes pieces beside it (not a small shape offered too).
    letter_h = 2.0 * float(np.median([b[3] - b[1] for b in boxes])) if boxes else 0.0
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                h = max(a[3] - a[1], b[3] - b[1])
                overlap_y = min(a[3], b[3]) - max(a[1], b[1]) > 0.4 * h
                gap = max(a[0], b[0]) - min(a[2], b[2])
                # A short piece within a glyph's height, close beside it: a stroke the
                # segmenter cut off that letter (a thin italic serif), not a letter of its own.
                within = (
                    min(a[3], b[3]) - max(a[1], b[1]) >= min(a[3] - a[1], b[3] - b[1]) - 2 and h <= letter_h
                )
                side_by_side = overlap_y and (
                    gap < 0.6 * h
                    or (
                        rgb is not None
                        and gap < 1.2 * h
                        and stroke_in_gap(rgb, _union(a, b), min(a[2], b[2]), max(a[0], b[0]), h)
                    )
                )
                if side_by_side or (within and gap < 0.3 * h):
                    boxes[i] = list(_union(a, b))
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    return [tuple(b) for b in boxes]  # type: ignore[misc]


def _union(a: list[int], b: list[int]) -> tuple[int, int, int, int]:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def _crop(rgb: np.ndarray, box: tuple[int, int, int, int], f: float = 1.0, zoom: float = 2.0) -> np.ndarray:
    """The window read around a label ``box`` (working pixels) from ``rgb``, which is ``f``
    times the working resolution: a margin of a third of the height, at least as wide as
    the glyphs are tall (pieces under the minimum area are lost), upscaled ``zoom`` x when short."""
    import cv2

    x0, y0, x1, y1 = box
    h, w = rgb.shape[:2]
    pad = max(6, (y1 - y0) // 3)
    half = max((x1 - x0) / 2, 0.5 * (y1 - y0)) + pad
    cx = (x0 + x1) / 2
    crop = rgb[
        max(0, int((y0 - pad) * f)) : min(h, int(round((y1 + pad) * f))),
        max(0, int((cx - half) * f)) : min(w, int((cx + half) * f) + 1),
    ]
    if (y1 - y0) * f < 32:
        crop = cv2.resize(crop, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_CUBIC)
    return crop


def _read_crop(engine: Any, crop: np.ndarray) -> tuple[str, float]:
    result, _ = engine(np.ascontiguousarray(crop[:, :, ::-1]), use_det=False, use_cls=False, use_rec=True)
    text, score = (str(result[0][0]).strip(), float(result[0][1])) if result else ("", 0.0)
    return LOOKALIKE.get(text, text), score


def read_labels(
    rgb: np.ndarray,
    glyphs: list[np.ndarray],
    *,
    min_score: float = 0.8,
    source: np.ndarray | None = None,
    circled: list[np.ndarray] | None = None,
) -> list[tuple[str, tuple[float, float, float, float]]] | None:
    """``[(text, box), ...]``: the glyph regions grouped into words and read (1-12 alphanumerics).

    ``circled``: glyphs drawn inside a ring (a circled label); the ring says they are writing,
    so even a small one is read on its own cleaned pixels (see below).

    ``source``: the input image when ``rgb`` is a reduced working copy of it; a label that is
    small at the working resolution is read there too (a 48 px letter on a 2000 px drawing
    is 17 working pixels tall, too ragged for the recogniser), the surer reading winning.
    Returns ``None`` when the ``ocr`` extra is not installed.
    """
    engine = _engine()
    if engine is None:
        return None
    h, w = rgb.shape[:2]
    f = source.shape[1] / w if source is not None else 1.0
    out = []
    ink = np.zeros((h, w), bool)
    for g in glyphs:
        ink |= g
    from .scenery import letter_strokes

    thin = [letter_strokes(g, rgb) is not None for g in glyphs]
    for box in _word_boxes(glyphs, thin, rgb):
        found = [(*_read_group(engine, rgb, source, f, ink, box, circled, min_score), box)]
        members = [g for g in glyphs if _within(g, box)]
        if not _sure(found[0][0], found[0][1], min_score) and len(members) >= 2:
            # Unsure of the group as a word: each glyph on its own.
            found = []
            for m in members:
                ys, xs = np.nonzero(m)
                own = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
                found.append((*_read_group(engine, rgb, source, f, m, own, circled, min_score), own))
        for text, score, (x0, y0, x1, y1) in found:
            if score < min_score or not re.fullmatch(r"[A-Za-z0-9]{1,12}", text):
                continue
            out.append((text.upper() if len(text) == 1 and text.isalpha() else text, (x0, y0, x1, y1)))
    if len(out) >= 2:  # a word read in pieces ("Riv", "iver", "er"): the pieces joined
        from .label_fragments import join_fragments

        def read_joined(box: tuple[int, int, int, int]) -> tuple[str, bool]:
            text, score = _read_group(engine, rgb, source, f, ink, box, circled, min_score)
            return text, _sure(text, score, min_score)

        out = join_fragments(out, read_joined)
    return out


def _word_boxes(
    glyphs: list[np.ndarray], thin: list[bool], rgb: np.ndarray | None = None
) -> list[tuple[int, int, int, int]]:
    """:func:`_groups` of the glyphs, where a word never mixes thin strokes with solid blobs: a
    letter written beside a flat shape offered as a possible small word (an ellipse much wider
    than tall) is read alone, and the shape alone (it stays a shape when nothing is read)."""
    boxes = _groups(glyphs, rgb)
    out: list[tuple[int, int, int, int]] = []
    for box in boxes:
        members = [k for k, g in enumerate(glyphs) if _within(g, box)]
        kinds = {thin[k] for k in members}
        if len(kinds) < 2:
            out.append(box)
            continue
        for kind in kinds:
            out.extend(_groups([glyphs[k] for k in members if thin[k] == kind], rgb))
    return out


def _read_group(
    engine: Any,
    rgb: np.ndarray,
    source: np.ndarray | None,
    f: float,
    ink: np.ndarray,
    box: tuple[int, int, int, int],
    circled: list[np.ndarray] | None,
    min_score: float,
) -> tuple[str, float]:
    """``(text, score)`` of the glyphs in ``box``: the crop, then (unsure) the input's crop when
    ``rgb`` is reduced, the ink alone and its clean grey pixels, the surest reading winning."""
    x0, y0, x1, y1 = box
    readings = [_read_crop(engine, _crop(rgb, box))]
    text, score = readings[0]
    if source is not None and f > 1.2 and y1 - y0 < 32 and not _sure(text, score, min_score):
        readings.append(_read_crop(engine, _crop(source, box, f)))
        text, score = best_reading(readings, min_score)
    if not _sure(text, score, min_score):
        # Unsure: read the glyphs' own ink, black on white, in a tight window (the
        # recogniser scales a word to a fixed height; the margin above shrank it).
        readings.append(_read_ink(engine, ink, box))
        text, score = best_reading(readings, min_score)
    ringed = any(_within(m, box) for m in circled or [])
    if not _sure(text, score, min_score) and (y1 - y0 >= 14 or ringed):
        # Still unsure, and at least 14 px tall (a small shape's outline passes for a "4"):
        # the glyph's own pixels, grey levels kept, on a blank ground (a shape beside a
        # lone "J" made it read ")"; the binary ink lost its curve).
        readings.append(_read_clean(engine, rgb, ink, box))
        text, score = best_reading(readings, min_score)
    if not _sure(text, score, min_score):
        # A letter touching the ring drawn round it is one mark with it: its inside alone.
        from .badges import ring_core

        core = ring_core(ink[y0:y1, x0:x1])
        if core is not None:
            readings.append(_read_crop(engine, _inside_ring(rgb, box, core)))
            text, score = best_reading(readings, min_score)
    if not _sure(text, score, min_score) and y1 - y0 < 32:
        # A short label still unsure: the crop upscaled 3x, one more window, weighed with all
        # the others (a sure contrary reading of the ink still vetoes it).
        readings.append(_read_crop(engine, _crop(rgb, box, zoom=3.0)))
        text, score = best_reading(readings, min_score)
    return text, score


def _inside_ring(rgb: np.ndarray, box: tuple[int, int, int, int], core: np.ndarray) -> np.ndarray:
    """The window of a ringed letter (``core``: the ring's inside, in ``box``) with the ring
    and all round it painted the ground inside the ring (its lightest half's median)."""
    x0, y0, x1, y1 = box
    window = rgb[y0:y1, x0:x1].copy()
    inside = window[core].astype(np.float32)
    lum = inside.mean(axis=1)
    window[~core] = np.median(inside[lum >= np.median(lum)], axis=0).astype(rgb.dtype)
    return _crop(window, (0, 0, x1 - x0, y1 - y0))


def _within(mask: np.ndarray, box: tuple[int, int, int, int]) -> bool:
    ys, xs = np.nonzero(mask)
    return (
        bool(ys.size)
        and xs.min() >= box[0]
        and ys.min() >= box[1]
        and xs.max() < box[2]
        and ys.max() < box[3]
    )


def _read_ink(engine: Any, ink: np.ndarray, box: tuple[int, int, int, int]) -> tuple[str, float]:
    """``(text, score)`` of the ink in ``box``, drawn black on white with a fifth of its
    height above and below and a third beside it."""
    Y0, Y1, X0, X1 = _window(box, ink.shape, min_pad=2, above=0.2, beside=0.3)
    return _recognise(engine, np.where(ink[Y0:Y1, X0:X1], 0, 255).astype(np.uint8))


def _window(
    box: tuple[int, int, int, int], shape: tuple[int, ...], *, min_pad: int, above: float, beside: float
) -> tuple[int, int, int, int]:
    """``(y0, y1, x0, x1)`` of a reading window around a glyph ``box``: ``above`` x its height
    (at least ``min_pad``) above and below, at least as wide as it is tall plus ``beside`` x
    its height each side, clipped to the image."""
    x0, y0, x1, y1 = box
    h, w = shape[:2]
    height = y1 - y0
    pad = max(min_pad, round(above * height))
    half = max((x1 - x0) / 2, 0.5 * height) + beside * height
    cx = (x0 + x1) / 2
    return max(0, y0 - pad), min(h, y1 + pad), max(0, int(cx - half)), min(w, int(cx + half) + 1)


def _recognise(engine: Any, grey: np.ndarray) -> tuple[str, float]:
    """``(text, score)`` the recogniser reads in a grey window (no detection pass)."""
    result, _ = engine(
        np.ascontiguousarray(np.repeat(grey[:, :, None], 3, axis=2)),
        use_det=False,
        use_cls=False,
        use_rec=True,
    )
    return (str(result[0][0]).strip(), float(result[0][1])) if result else ("", 0.0)


def _read_clean(
    engine: Any, rgb: np.ndarray, ink: np.ndarray, box: tuple[int, int, int, int]
) -> tuple[str, float]:
    """``(text, score)`` of the pixels within 2 px of the ink in ``box``, their lightness
    stretched from the darkest (black) to the ground around them (white), all else white."""
    import cv2

    Y0, Y1, X0, X1 = _window(box, ink.shape, min_pad=4, above=0.3, beside=0.4)
    height = box[3] - box[1]
    near = cv2.dilate(ink[Y0:Y1, X0:X1].astype(np.uint8), np.ones((5, 5), np.uint8)).astype(bool)
    if not near.any() or near.all():
        return "", 0.0
    lum = rgb[Y0:Y1, X0:X1].astype(np.float32).mean(axis=2)
    ground, darkest = float(np.median(lum[~near])), float(lum[near].min())
    if ground - darkest < 30:
        return "", 0.0  # light ink on a dark ground, or no contrast: not read this way
    from .scenery import _ink_colour

    core = near & (lum <= np.percentile(lum[near], 20))
    if not _ink_colour(np.median(rgb[Y0:Y1, X0:X1][core].astype(np.float32), axis=0)):
        return "", 0.0  # its darkest pixels are coloured: a small shape's outline, not ink
    clean = np.where(near, np.clip(255 * (lum - darkest) / (ground - darkest), 0, 255), 255).astype(np.uint8)
    if height < 32:
        clean = cv2.resize(clean, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    return _recognise(engine, clean)


def drawn_labels(
    work: np.ndarray,
    glyphs: list[np.ndarray],
    options: dict[str, Any],
    source: np.ndarray | None = None,
    circled: list[np.ndarray] | None = None,
) -> list[tuple[str, Any]] | None:
    """Labels read by OCR (``ocr`` extra) from the glyphs set aside, else ``None``
    (``source``: the input image, when ``work`` is a reduced copy; ``circled``: glyphs in a ring)."""
    if not glyphs or not options.get("read_labels", True) or len(glyphs) > 60:
        return None
    from .reliability import image_quality

    if image_quality(work)["reliability"] < 0.5:
        return None  # a photo's texture is not labels (and reading it would cost seconds)
    return read_labels(
        work,
        glyphs,
        source=source if source is not None and source.shape[1] > work.shape[1] else None,
        circled=circled,
    )


def near_an_object(box: Any, regions: list[Any]) -> bool:
    """Whether a label's ``box`` lies within 2.5 label heights, or 0.6 x the object's size,
    of some object region's box, or within 1.5 x its size when centred under it (and not
    wider than 1.5 x it), centred over it (and not wider than it) or level beside it (a
    label is written beside what it names; a title above the drawing, wider than the shape
    under it, is not its label)."""
    x0, y0, x1, y1 = (float(v) for v in box)
    height = max(y1 - y0, 1.0)
    for r in regions:
        ys, xs = np.nonzero(r.mask)
        if ys.size == 0:
            continue
        bx0, by0, bx1, by1 = float(xs.min()), float(ys.min()), float(xs.max()) + 1, float(ys.max()) + 1
        gap = math.hypot(max(bx0 - x1, x0 - bx1, 0.0), max(by0 - y1, y0 - by1, 0.0))
        size = math.sqrt(float(ys.size))
        if gap <= max(2.5 * height, 0.6 * size):
            return True
        # Centred under / over it, or level beside it (a word under an icon): farther is fine.
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        under = bx0 <= cx <= bx1 and y0 >= by1 - 2 and x1 - x0 <= 1.5 * (bx1 - bx0)
        beside = by0 <= cy <= by1 and height <= by1 - by0
        # Over it: a word no wider than the object (a title spans the drawing).
        over = bx0 <= cx <= bx1 and y1 <= by0 + 2 and x1 - x0 <= bx1 - bx0
        if (under or beside or over) and gap <= 1.5 * size:
            return True
    return False


def _extent(mask: np.ndarray) -> tuple[float, float]:
    """``(height in rows, 0.0 when empty; area in px)`` of a mask."""
    ys = np.nonzero(mask.any(axis=1))[0]
    return (float(ys[-1] - ys[0] + 1) if ys.size else 0.0), float(mask.sum())


def small_mark(
    mask: np.ndarray, regions: list[Any], extents: dict[int, tuple[float, float]] | None = None
) -> bool:
    """Whether a glyph is under half the median height of the object regions (at least two)
    and either under a tenth of their median area (a label's letter) or at least 1.6 times as
    wide as it is tall (a small word, such as the word under an icon OCR could not read): not
    one of the shapes. ``extents``: :func:`_extent` of the regions by ``id``, measured once
    by a caller that asks of every region in turn (a field of specks: hundreds of regions,
    each asked against all the others, was quadratic in full-frame masks)."""
    if len(regions) < 2:
        return False
    measured = [extents[id(r)] if extents is not None else _extent(r.mask) for r in regions]
    heights = [hh for hh, _ in measured]
    areas = [a for _, a in measured]
    ys = np.nonzero(mask.any(axis=1))[0]
    xs = np.nonzero(mask.any(axis=0))[0]
    height = float(ys[-1] - ys[0] + 1) if ys.size else 0.0
    width = float(xs[-1] - xs[0] + 1) if xs.size else 0.0
    if height >= 0.5 * float(np.median(heights)):
        return False
    return float(mask.sum()) < 0.1 * float(np.median(areas)) or width >= 1.6 * height


def ink_blobs(regions: list[Any], rgb: np.ndarray) -> list[Any]:
    """Regions the glyph test passed over that could be letters: bold letters written small
    (strokes too deep for a stroke test at 10-15 px, or a letter in two touching pieces) in
    ink's colours (``scenery._ink_colour``: black, grey, white, navy) or in a colour (dark
    red, green: notes ``coloured_mark``); small marks beside the other regions
    (:func:`small_mark`), touching none of the others but such marks. Such a mark is a label
    only when OCR reads it; else it stays an object (the recogniser reads no letter in a small
    disc, square, triangle or star, and a coloured one read as "O" or "0" stays a disc)."""
    import cv2

    from .scenery import _ink_colour, letter_strokes

    if len(regions) < 3:
        return []
    # The shapes' size is measured on the regions not drawn in a letter's thin strokes: with a
    # coloured letter beside each shape, the letters would halve the median they are held to.
    thin = [letter_strokes(r.mask, rgb) is not None for r in regions]
    solid = [r for r, t in zip(regions, thin, strict=True) if not t]
    shapes_ref = solid if len(solid) >= 2 else regions
    extents = {id(q): _extent(q.mask) for q in shapes_ref}
    ink = [
        r
        for r, t in zip(regions, thin, strict=True)
        if small_mark(r.mask, others := [q for q in shapes_ref if q is not r], extents)
        or (t and _letter_sized(r.mask, others, extents))
    ]
    shapes = [r for r in regions if not any(r is q for q in ink)]
    if len(shapes) < 2:
        return []
    kernel = np.ones((7, 7), np.uint8)
    out = [
        r
        for r in ink
        if not any((cv2.dilate(r.mask.astype(np.uint8), kernel).astype(bool) & q.mask).any() for q in shapes)
    ]
    for r in out:
        if not _ink_colour(np.median(rgb[r.mask].astype(np.float32), axis=0)):
            r.notes["coloured_mark"] = True
    return out


def _letter_sized(mask: np.ndarray, shapes: list[Any], extents: dict[int, tuple[float, float]]) -> bool:
    """Whether a region drawn in a letter's thin strokes is smaller than the (at least two)
    ``shapes``: under 0.8 x their median height and a quarter of their median area (a label
    in a large font beside small shapes: a 28 px "8" under 50 px discs). ``extents``: as
    for :func:`small_mark`."""
    if len(shapes) < 2:
        return False
    measured = [extents[id(q)] for q in shapes]
    heights = [hh for hh, a in measured if a > 0]
    areas = [a for _, a in measured]
    rows = np.nonzero(mask.any(axis=1))[0]
    height = float(rows[-1] - rows[0] + 1) if rows.size else 0.0
    return height < 0.8 * float(np.median(heights)) and float(mask.sum()) < 0.25 * float(np.median(areas))


def round_mark_labels(labels: list[Any], blobs: list[Any]) -> list[Any]:
    """``labels`` without an "O" or "0" read on a coloured mark or in a ring (``blobs`` not
    in ink's colours, or badge glyphs): a small disc, not a letter."""
    coloured = [b for b in blobs if b.notes.get("coloured_mark") or b.notes.get("badge")]
    return [
        (text, box)
        for text, box in labels
        if not (text.upper() in ("O", "0") and any(inside_any(c.mask, [box]) for c in coloured))
    ]


def free_strokes(
    foreground: np.ndarray, regions: list[Any], glyphs: list[np.ndarray]
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Pieces of the foreground no object region and no glyph holds (leader lines, rules,
    strokes set aside), at least 10 px each, as ``(ys, xs)`` pixel coordinates."""
    import cv2
    from scipy import ndimage

    free = foreground.astype(bool).copy()
    for m in [r.mask for r in regions] + glyphs:
        free &= ~m
    n, lab, stats, _ = cv2.connectedComponentsWithStats(free.astype(np.uint8), connectivity=8)
    out = []
    for k, sl in enumerate(ndimage.find_objects(lab), start=1):
        if sl is None or stats[k, cv2.CC_STAT_AREA] < 10:
            continue
        ys, xs = np.nonzero(lab[sl] == k)
        out.append((ys + sl[0].start, xs + sl[1].start))
    return out


def leader_end(
    box: Any, strokes: list[tuple[np.ndarray, np.ndarray]], regions: list[Any]
) -> tuple[float, float] | None:
    """Where a leader line drawn from a label's ``box`` meets an object: the far end of a thin
    stroke (``strokes``: :func:`free_strokes`, such as a leader line) that starts within 0.6 x
    the label's height of the box, runs at least twice that far and ends within 4 px of an
    object region; else ``None``. The label names that object, however far it is."""
    import cv2

    x0, y0, x1, y1 = (float(v) for v in box)
    reach = max(4.0, 0.6 * (y1 - y0))
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    best, near = None, None
    for ys, xs in strokes:
        gap = np.hypot(
            np.maximum(np.maximum(x0 - xs, xs - x1), 0), np.maximum(np.maximum(y0 - ys, ys - y1), 0)
        )
        if gap.min() > reach or gap.max() < 2 * reach:
            continue  # not from this label, or no longer than a letter's stroke
        k = int(np.argmax(np.hypot(xs - cx, ys - cy)))
        if near is None:
            near = [cv2.dilate(r.mask.astype(np.uint8), np.ones((9, 9), np.uint8)) for r in regions]
        if any(m[ys[k], xs[k]] for m in near) and (best is None or gap.max() > best[0]):
            best = (float(gap.max()), (float(xs[k]), float(ys[k])))
    return best[1] if best else None


def straight_stroke(mask: np.ndarray) -> bool:
    """Whether ``mask`` is a straight line at most 4 px thick and at least 5 times as long
    (its pixels' spread across their main axis against along it), such as a piece of a
    leader line cut off near its label (a hairline "I" passes too; unread, it is no shape
    either)."""
    ys, xs = np.nonzero(mask)
    if ys.size < 8:
        return False
    spread = np.linalg.eigvalsh(np.cov(np.stack([xs, ys]).astype(np.float64)))
    thickness = 4.0 * float(np.sqrt(max(spread[0], 0.0)))
    length = float(np.sqrt(12.0 * max(spread[1], 0.0)))
    return thickness <= 4.0 and length >= 5.0 * max(thickness, 1.0)


def inside_any(mask: np.ndarray, boxes: list[Any]) -> bool:
    """Whether most of ``mask`` lies inside one of the label ``boxes`` (a glyph of that label)."""
    ys, xs = np.nonzero(mask)
    for x0, y0, x1, y1 in boxes:
        inside = (xs >= x0 - 6) & (xs <= x1 + 6) & (ys >= y0 - 6) & (ys <= y1 + 6)
        if inside.mean() > 0.5:
            return True
    return False


#: Glyphs that look alike as a letter and as a digit: which one a label is follows the others.
_LETTER_FOR_DIGIT = {"0": "O", "1": "I", "5": "S", "8": "B"}
_DIGIT_FOR_LETTER = {"O": "0", "I": "1", "L": "1"}


def one_kind_of_label(labels: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """``labels`` with a lone "0" read among letters made "O" (and "1" "I", "5" "S", "8" "B"),
    and a lone "O" among numbers made "0" (and "I" or "L" "1"): a drawing labels its shapes
    with one kind of mark, so at least two others of one kind, and none of the other, decide
    a glyph the recogniser cannot tell ("O" and "0" are one ring in many fonts).

    Example:
        >>> [t for t, _ in one_kind_of_label([("A", 0), ("0", 1), ("C", 2)])]
        ['A', 'O', 'C']
        >>> [t for t, _ in one_kind_of_label([("3", 0), ("O", 1), ("12", 2)])]
        ['3', '0', '12']
    """
    out = []
    for k, (text, box) in enumerate(labels):
        others = [t for j, (t, _) in enumerate(labels) if j != k]
        letters = [t for t in others if len(t) == 1 and t.isalpha()]
        numbers = [t for t in others if t.isdigit()]
        if text in _LETTER_FOR_DIGIT and len(letters) >= 2 and not numbers:
            text = _LETTER_FOR_DIGIT[text]
        elif text.upper() in _DIGIT_FOR_LETTER and len(text) == 1 and len(numbers) >= 2 and not letters:
            text = _DIGIT_FOR_LETTER[text.upper()]
        # (never a label another mark already carries: two "B"s would name nothing)
        out.append((text if text not in others else labels[k][0], box))
    return out
