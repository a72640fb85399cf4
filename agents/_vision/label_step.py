"""The label step of segmentation on a drawing: glyphs set aside and small marks read by
OCR (:mod:`.labels`), circled labels (:mod:`.badges`), unread glyphs turned back into
objects, leader lines followed, and words far from every object dropped.

Example:
    >>> callable(drawn_label_step)
    True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .badges import badge_letters, drop_badges, drop_frames, ring_glyphs, without_rings
from .labels import (
    drawn_labels,
    free_strokes,
    ink_blobs,
    inside_any,
    leader_end,
    near_an_object,
    round_mark_labels,
    small_mark,
    straight_stroke,
)

__all__ = ["drawn_label_step"]


def drawn_label_step(
    regions: list[Any], glyphs: list[Any], fg: Any, work: np.ndarray, rgb: np.ndarray, options: dict[str, Any]
) -> tuple[list[Any], list[tuple[str, Any]] | None, dict[str, tuple[float, float]]]:
    """``(regions, labels, leaders)``: the object regions left, the labels read
    (``[(text, box)]`` at the working resolution, or ``None`` without the ``ocr`` extra) and,
    per label text, where its leader line meets its object (working pixels)."""
    if fg.shadow_ratio is None:
        from .leader_spurs import cut_leader_spurs

        regions = cut_leader_spurs(regions, work)  # leader lines and arrowheads touching a shape
        from .arrowheads import cut_arrowheads

        regions = cut_arrowheads(regions, work)  # thick heads the spur cut leaves fused to a shape
    if fg.shadow_ratio is None:
        # A key in a corner (lines of "1 lamp", swatches with words) explains the objects.
        from .legend_panels import drop_legend_panels

        regions, glyphs = drop_legend_panels(regions, glyphs, work.shape)
        from .swatch_keys import drop_swatch_keys

        regions, glyphs = drop_swatch_keys(regions, glyphs)  # a key of framed swatches and words
    # Running text (a title, a caption: a line of several words) is never one object's
    # label; a one-word line may be (the word under an icon).
    lone = [g for g in glyphs if g.notes.get("text_words", 1) < 2]
    # Bold letters written small are read too, when there are labels to read, and a letter
    # in a small ring (a circled label).
    blobs = ink_blobs(regions, work)
    badges = badge_letters(regions)
    blobs += [g for _, g in badges if not any(g is b for b in blobs)]
    # A ring small enough to pass for a glyph around a letter (a circled label): the letter is
    # read alone, the ring painted over, and the ring goes with the letter when it is read.
    offered = lone + blobs
    rings = ring_glyphs([g.mask for g in offered])
    for k in {j for inner in rings.values() for j in inner}:
        offered[k].notes["badge"] = True
    ring_masks = [offered[i].mask for i in rings] + [ring.mask for ring, _ in badges]
    labels = drawn_labels(
        without_rings(work, ring_masks),
        [g.mask for k, g in enumerate(offered) if k not in rings],
        options,
        without_rings(rgb, ring_masks),
        circled=[g.mask for g in offered if g.notes.get("badge")],
    )
    if labels is None and blobs and _unreadable(work, options):
        # No reader (the ``ocr`` extra is not installed): the small marks that would have been
        # read stay objects, marked as what they may be, a label nobody read; a count or an
        # answer that takes one in says so rather than guess (the reasoner's ``unread_marks``).
        for blob in blobs:
            blob.notes["unread_mark"] = True
    if fg.shadow_ratio is None and options.get("read_labels", True) and options.get("glyphs", True):
        # Letters in small thin frames (callout boxes) the segmenter thinned away.
        from .framed_labels import framed_labels, with_framed_labels

        framed = framed_labels(fg.object_mask, _taken(regions, work.shape[:2]), work, rgb)
        if framed:
            labels = with_framed_labels(labels or [], framed)
    spent: list[Any] = []
    if labels:
        labels = round_mark_labels(labels, blobs + [offered[j] for inner in rings.values() for j in inner])
    if labels:
        read = [b for _, b in labels]
        spent = [
            offered[i] for i, inner in rings.items() if any(inside_any(offered[j].mask, read) for j in inner)
        ]
        regions = [
            r for r in regions if not any(r is q for q in blobs + spent) or not inside_any(r.mask, read)
        ]
        regions = [r for r in regions if not any(r is q for q in spent)]
        regions = drop_badges(regions, badges, read)
        regions = drop_frames(regions, read)  # a boxed label's frame (and its leader line)
    if labels is not None:
        # A glyph OCR could not read as part of a label is an object after all, unless
        # it is ink much smaller than the objects drawn (a mark beside them), a letter
        # of a line of writing or a straight hairline (a piece of a leader line).
        boxes = [b for _, b in labels]
        unread = [
            g
            for g in lone
            if "text_box" not in g.notes
            and not any(g is q for q in spent)
            and not g.notes.get("small_letter")  # (the opening erased it: never an object)
            and not inside_any(g.mask, boxes)
            and not small_mark(g.mask, regions)
            and not straight_stroke(g.mask)
        ]
        # nor a bent leader line (an elbow) running from a label to an object
        leading = [g for g in unread if _leads(g.mask, labels, regions)]
        regions += [g for g in unread if not any(g is q for q in leading)]
        # Writing left unread beside a shape: whether that shape is labelled cannot be told.
        from .unread_writing import mark_unread_writing

        mark_unread_writing(lone, labels, regions, unread + spent)
    leaders: dict[str, tuple[float, float]] = {}
    if labels:
        # A leader line from a label to an object names that object, however far (an
        # unread thin glyph: the line, not a letter, starting at the label).
        read = [b for _, b in labels]
        letters = [g.mask for g in lone + blobs if inside_any(g.mask, read)]
        strokes = free_strokes(fg.object_mask, regions, letters)
        for text, b in labels:
            end = leader_end(b, strokes, regions) if strokes else None
            if end is not None:
                leaders[text] = end
        # A word far from every object labels none of them (a caption's stray word).
        labels = [(text, b) for text, b in labels if text in leaders or near_an_object(b, regions)]
        labels = _one_per_text(labels, regions, leaders)
    return regions, labels, leaders


def _one_per_text(
    labels: list[tuple[str, Any]], regions: list[Any], leaders: dict[str, tuple[float, float]]
) -> list[tuple[str, Any]]:
    """``labels`` with one label per text: a text read twice (a shape's "3" and the "3" of a
    list of notes beside the drawing) names one shape, the one written nearest a shape (the
    marks are keyed by text, so the last one read used to win)."""
    texts = [t for t, _ in labels]
    if len(set(texts)) == len(texts):
        return labels
    boxes = []
    for r in regions:
        ys, xs = np.nonzero(r.mask)
        if ys.size:
            boxes.append((xs.min(), ys.min(), xs.max() + 1, ys.max() + 1))

    def gap(b: Any) -> float:
        return min(
            (
                float(np.hypot(max(o[0] - b[2], b[0] - o[2], 0), max(o[1] - b[3], b[1] - o[3], 0)))
                for o in boxes
            ),
            default=0.0,
        )

    best: dict[str, tuple[float, int]] = {}
    for k, (text, b) in enumerate(labels):
        g = gap(b)
        if text not in best or g < best[text][0]:
            best[text] = (g, k)
    return [lab for k, lab in enumerate(labels) if best[lab[0]][1] == k]


def _leads(mask: np.ndarray, labels: list[tuple[str, Any]], regions: list[Any]) -> bool:
    """Whether the glyph ``mask`` is a leader line from one of ``labels`` to an object region."""
    ys, xs = np.nonzero(mask)
    return any(leader_end(b, [(ys, xs)], regions) is not None for _, b in labels)


def _unreadable(work: np.ndarray, options: dict[str, Any]) -> bool:
    """Whether labels drawn on this picture would have been read but cannot be: no ``ocr``
    extra, reading asked for, and a picture the engine reads (not a photo's texture)."""
    from .labels import ocr_available
    from .reliability import image_quality

    if not options.get("read_labels", True) or not options.get("glyphs", True) or ocr_available():
        return False
    return image_quality(work)["reliability"] >= 0.5


def _taken(regions: list[Any], shape: tuple[int, ...]) -> np.ndarray:
    """The object regions' pixels and the pixel round them (their blended rim)."""
    import cv2

    taken = np.zeros(shape[:2], np.uint8)
    for r in regions:
        taken |= r.mask.astype(np.uint8)
    return cv2.dilate(taken, np.ones((3, 3), np.uint8)).astype(bool)
