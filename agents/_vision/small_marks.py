"""Foreground too small or too thin for the segmenter's clean-up: small icons, 1 px strokes.

The segmenter opens its foreground mask with a 3 x 3 disc (specks and one-pixel bridges go)
and drops components under ``min_area`` (40 px at the working resolution). On a drawing
(no cast shadows) two kinds of real marks fall to that:

* **small marks** — an icon 5-8 px across is 15-40 px: a compact component of at least
  :data:`MIN_MARK` px whose median contrast with the background is at least
  :data:`MARK_CONTRAST` times the foreground threshold (a JPEG block or a noise speck
  barely clears the threshold), in a colour (not black, grey or white: punctuation and
  specks of writing), is kept (:func:`small_mark`);
* **thin strokes** — (and small marks the opening shrank away) an outline drawn with a 1-2 px pen, or one shrunk by nearest-neighbour
  sampling (its stroke broken into diagonal steps), is erased by the opening: a component
  of the unopened mask of at least ``min_area`` px that the opening all but removed, and
  whose contrast (of its stronger half: a 1 px line under JPEG is half faint ringing) is
  as strong and whose strongest quarter is in a colour — or which, black or grey, closes
  around the ground and is taller than a label's letter (a 1 px ink circle) — is put back
  (:func:`thin_strokes`); a closed outline around the ground (:func:`_open_ring`) is put
  back at :data:`RING_CONTRAST`, whatever its colour and size (a drawing reduced with a
  smoothing filter leaves its 1 px pen a third as dark; the glyph step still tells a
  letter's ring from a shape's by the shapes beside it);
* **small letters** — a label's letter 10-14 px tall drawn with a 1-2 px pen, black, grey
  or white, loses most of its strokes to the opening (a "4", an "X"): a component of the
  unopened mask that no region took, of a letter's size and build (thin strokes, not one
  straight line) and of strong contrast, is put back for the glyph step to read
  (:func:`small_letters`).

Example:
    >>> import numpy as np
    >>> ring = np.zeros((30, 30), bool); ring[5:25, 5:25] = True; ring[6:24, 6:24] = False
    >>> dist = np.where(ring, 40.0, 0.0)
    >>> lab = np.zeros((30, 30, 3), np.float32); lab[..., 1] = 40.0
    >>> int(thin_strokes(ring.astype(np.uint8), np.zeros((30, 30), np.uint8), dist, 6.0, 40, lab).sum())
    76
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = [
    "small_mark",
    "small_letters",
    "thin_strokes",
    "stroke_built",
    "writing_cores",
    "MIN_MARK",
    "MARK_CONTRAST",
]

#: Pixels of the smallest mark kept (a shape about 4-5 px across).
MIN_MARK = 12
#: Median background distance of a kept mark or stroke, in foreground thresholds.
MARK_CONTRAST = 3.0
#: ... of a thin closed outline taller than a label's letter (:func:`_ink_outline`).
RING_CONTRAST = 2.0
#: The smallest side of a closed outline held to :data:`RING_CONTRAST` (a letter's bowl is smaller).
MIN_RING_SIDE = 12
_MARK_CHROMA = 15.0  # CIELAB chroma of a coloured mark
_FAINT_CHROMA_SHARE = 0.35  # chroma / lightness contrast of a thinned coloured stroke


def small_mark(component: np.ndarray, distance: np.ndarray, threshold: float, lab: np.ndarray) -> bool:
    """Whether a component under ``min_area`` is a small drawn mark: at least :data:`MIN_MARK`
    px, compact (it fills at least a third of its box, whose sides differ at most 3 times),
    coloured (black, grey and white specks are punctuation, the dot of an i, a stroke's
    end) and of strong contrast (``distance`` and ``lab``: the background distance and
    CIELAB pixels of the same crop)."""
    area = int(component.sum())
    if area < MIN_MARK:
        return False
    a, b = np.median(lab[component][:, 1]), np.median(lab[component][:, 2])
    if float(np.hypot(a, b)) < _MARK_CHROMA:
        return False
    h, w = component.shape
    if max(h, w) > 3 * min(h, w) or area < 0.33 * h * w:
        return False
    return float(np.median(distance[component])) >= MARK_CONTRAST * float(threshold)


def _broken_stroke(comp: np.ndarray, opened: np.ndarray, raw: np.ndarray) -> bool:
    """Whether ``comp`` is one stroke at most about 5 px wide (nearly all of it within
    2.5 px of its edge) that the opening cut (into several pieces, or a ring into an arc):
    a 2 px outline whose slanted sides are staircases at its own size."""
    import cv2

    kept = (opened.astype(bool) & comp).astype(np.uint8)
    if int(kept.sum()) == int(comp.sum()):
        return False
    depth = cv2.distanceTransform(np.pad(comp, 1).astype(np.uint8), cv2.DIST_L2, 3)
    if int((depth > 2.5).sum()) > 0.03 * int(comp.sum()):
        return False
    # A ring around other foreground is a halo (ringing around an enlarged icon), not a pen
    # outline, which shows the ground inside.
    filled = np.pad(comp, 1).astype(np.uint8)
    cv2.floodFill(filled, None, (0, 0), 2)
    inside = (filled[1:-1, 1:-1] == 0) & ~comp
    return not inside.any() or float(raw[inside].astype(bool).mean()) < 0.1


def _faint_colour(
    chroma: float, pix: np.ndarray, comp: np.ndarray, distance: np.ndarray, threshold: float, lab: np.ndarray
) -> bool:
    """Whether a stroke of low chroma is a coloured pen thinned by a reduction: a 1 px brown
    line halved to 0.5 px is half brown, half paper (chroma 15, 31 L units off the paper).
    Mixing with the ground scales chroma and lightness contrast alike, so a stroke whose
    chroma is at least a third of its lightness contrast (and half a coloured mark's) is
    coloured ink; black or grey ink, faint or not, has next to no chroma."""
    if chroma < 0.5 * _MARK_CHROMA:
        return False
    ground = ~comp & (distance < threshold)
    if int(ground.sum()) < 4:
        return False
    contrast = abs(float(np.median(lab[ground][:, 0])) - float(np.median(pix[:, 0])))
    return chroma >= _FAINT_CHROMA_SHARE * contrast


def _ink_outline(comp: np.ndarray) -> bool:
    """Whether a thin black / grey component is a closed outline taller than a label's
    letter (a circle drawn with a 1 px pen): the glyph step keeps such a ring as a shape,
    so it must not be erased here as writing."""
    from .scenery import RING_SIDE, hollow

    return max(comp.shape) >= RING_SIDE and hollow(comp)


def _open_ring(comp: np.ndarray, raw: np.ndarray) -> bool:
    """Whether ``comp`` closes around ground alone (the unopened foreground ``raw`` holds no
    mark of :data:`MIN_MARK` px inside it) with a hole of half its filled area, at least
    :data:`MIN_RING_SIDE` px across: a pen's outline shape, not a speck, a letter's bowl, a
    halo round another shape, nor a frame round other marks (a cell's box round its icon, a
    ruled grid round a sheet of icons: faint rulings, which the plain contrast must carry)."""
    import cv2

    from .scenery import hollow

    if min(comp.shape) < MIN_RING_SIDE or not hollow(comp):
        return False
    filled = np.pad(comp, 1).astype(np.uint8)
    cv2.floodFill(filled, None, (0, 0), 2)
    inside = (filled[1:-1, 1:-1] == 0) & ~comp
    if not inside.any():
        return False
    held = (raw.astype(bool) & inside).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(held, connectivity=8)
    return not any(int(stats[k, cv2.CC_STAT_AREA]) >= MIN_MARK for k in range(1, n))


def thin_strokes(
    raw: np.ndarray,
    opened: np.ndarray,
    distance: np.ndarray,
    threshold: float,
    min_area: int,
    lab: np.ndarray,
) -> np.ndarray:
    """The components of ``raw`` (the unopened foreground, uint8) the opening erased (under a
    fifth of them survives in ``opened``) of strong contrast and in a colour: strokes of at
    least ``min_area`` px and :func:`small_mark` s; and closed outlines of any colour at a
    lower contrast (:data:`RING_CONTRAST`)."""
    import cv2

    n, labels, stats, _ = cv2.connectedComponentsWithStats(raw, connectivity=8)
    out = np.zeros(raw.shape, np.uint8)
    for k in range(1, n):
        x, y, bw, bh, area = (int(v) for v in stats[k])
        if area < MIN_MARK:
            continue
        comp = labels[y : y + bh, x : x + bw] == k
        if int(opened[y : y + bh, x : x + bw][comp].sum()) >= 0.2 * area and not _broken_stroke(
            comp, opened[y : y + bh, x : x + bw], raw[y : y + bh, x : x + bw]
        ):
            continue
        if area < min_area and not small_mark(
            comp, distance[y : y + bh, x : x + bw], threshold, lab[y : y + bh, x : x + bw]
        ):
            continue
        # A 1 px pen line under JPEG is as many pixels of faint ringing beside it as of ink:
        # the ink is its stronger half.
        dist = distance[y : y + bh, x : x + bw][comp]
        ink = dist >= np.median(dist)
        pix = lab[y : y + bh, x : x + bw][comp][dist >= np.percentile(dist, 75)]  # its colour
        chroma = float(np.hypot(np.median(pix[:, 1]), np.median(pix[:, 2])))
        crop_dist, crop_lab = distance[y : y + bh, x : x + bw], lab[y : y + bh, x : x + bw]
        coloured = chroma >= _MARK_CHROMA or _faint_colour(chroma, pix, comp, crop_dist, threshold, crop_lab)
        ring = _open_ring(comp, raw[y : y + bh, x : x + bw])
        if not coloured and not (ring or _ink_outline(comp)):
            continue  # black / grey / white: writing, whose thin strokes the glyph step reads
        # A closed outline is no speck nor JPEG block, whatever its contrast: a 1 px pen
        # reduced to half its size blends half ink, half ground (and a smoothing filter spreads
        # it over two pixels), so its contrast falls with the scale while its ring stays.
        needed = RING_CONTRAST if ring else MARK_CONTRAST
        if float(np.median(dist[ink])) < needed * float(threshold):
            continue
        out[y : y + bh, x : x + bw][comp] = 1
    return out


def stroke_built(comp: np.ndarray, image_side: int) -> bool:
    """Whether a component (a boolean crop) is built like writing: small (a side 6 px to a
    sixth of the image's longer side), of strokes at most 4.5 px and a quarter of its side
    deep, bent (under 90 % of its convex hull) or thin (a sixth of its side deep: an "I"):
    a letter or digit, bold ones too, not a cast shadow's convex blob."""
    import cv2

    h, w = comp.shape
    side = max(h, w)
    if not 6 <= side <= image_side / 6:
        return False
    crop = np.pad(comp, 1).astype(np.uint8)
    depth = float(cv2.distanceTransform(crop, cv2.DIST_L2, 3).max())
    if depth > min(4.5, 0.25 * side):
        return False
    if depth <= side / 6:
        return True
    contours, _ = cv2.findContours(crop, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.contourArea(cv2.convexHull(np.vstack(contours)))
    return hull > 0 and float(comp.sum()) < 0.9 * hull


def writing_cores(labels: np.ndarray, n: int, dark: np.ndarray, bodies: np.ndarray) -> np.ndarray:
    """For shadow-like cores ``1..n-1`` (``labels``), whether each is writing: the piece of
    even, shadow-dark pixels (``dark``) it lies in is :func:`stroke_built` and lies clear of
    every lit body (``bodies``; a shaded ball's dark side lies within half its size of its
    lit side: no letter)."""
    import cv2

    h, w = labels.shape
    _, pieces, stats, _ = cv2.connectedComponentsWithStats(dark.astype(np.uint8), connectivity=8)
    body_gap = cv2.distanceTransform((~bodies).astype(np.uint8), cv2.DIST_L2, 3)
    out = np.zeros(max(n - 1, 0), bool)
    for k in range(1, n):
        p = int(pieces[labels == k][0])
        x, y, bw, bh = (int(v) for v in stats[p, :4])
        piece = pieces[y : y + bh, x : x + bw] == p
        if float(body_gap[y : y + bh, x : x + bw][piece].min()) > max(3.0, 0.6 * max(bw, bh)):
            out[k - 1] = stroke_built(piece, max(h, w))
    return out


def small_letters(raw: np.ndarray, taken: np.ndarray, fg: Any, rgb: np.ndarray) -> list[np.ndarray]:
    """Masks of the thin neutral letters of ``raw`` (the unopened foreground) that no region
    took (``taken``): black, grey, white or dark blue-black, 7-40 px tall, at most 1.6 times as wide, at least :data:`MIN_MARK` px
    of strong contrast, not one straight line, a glyph by ``scenery``'s test."""
    import cv2

    from .scenery import _is_glyph

    # (1 px off the regions, their anti-aliased rim: a label written small sits 2 px away.)
    free = raw.astype(bool) & ~cv2.dilate(taken.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(free.astype(np.uint8), connectivity=8)
    out = []
    pieces = [(k, *(int(v) for v in stats[k])) for k in range(1, n)]
    for k, x, y, bw, bh, area in list(pieces):
        if area >= max(MIN_MARK, 20) and (bh > 40 or bw > 1.6 * bh):
            # A leader line drawn from a letter's edge joins it: the letter hangs off the line.
            for piece in _off_the_line(labels[y : y + bh, x : x + bw] == k):
                labels[y : y + bh, x : x + bw][piece] = n
                py, px = np.nonzero(piece)
                pieces.append(
                    (
                        n,
                        x + int(px.min()),
                        y + int(py.min()),
                        int(np.ptp(px)) + 1,
                        int(np.ptp(py)) + 1,
                        int(piece.sum()),
                    )
                )
                n += 1
    for k, x, y, bw, bh, area in pieces:
        if area < max(MIN_MARK, 20) or not 7 <= bh <= 40 or bw > 1.6 * bh:
            continue
        comp = labels[y : y + bh, x : x + bw] == k
        pix = fg.lab[y : y + bh, x : x + bw][comp]
        chroma = float(np.hypot(np.median(pix[:, 1]), np.median(pix[:, 2])))
        if chroma >= _MARK_CHROMA and not (float(np.median(pix[:, 0])) < 45 and chroma < 50):
            continue  # coloured: a mark, not writing (dark blue-black ink is writing)
        if float(np.median(fg.distance[y : y + bh, x : x + bw][comp])) < MARK_CONTRAST * float(fg.threshold):
            continue
        pts = np.column_stack(np.nonzero(comp)).astype(np.float32)
        if min(cv2.minAreaRect(pts)[1]) <= 3.0:
            continue  # one straight stroke (a tick, a hairline), which no reading could tell
        full = labels == k
        if _is_glyph(full, rgb):
            out.append(full)
    return out


def _off_the_line(comp: np.ndarray) -> list[np.ndarray]:
    """Pieces of ``comp`` (a crop) off the one straight thin line most of it is (a leader line
    drawn from a label's first or last letter): what lies more than 2 px from the line or
    past the ends of its thin run (the letter sits on the line's end, along it), in pieces
    of at least 20 px; ``[]`` when ``comp`` is not mostly such a line."""
    import cv2

    ys, xs = np.nonzero(comp)
    if ys.size < 40:
        return []
    pts = np.column_stack([xs, ys]).astype(np.float32)
    vx, vy, x0, y0 = (float(v) for v in cv2.fitLine(pts, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel())
    across = (xs - x0) * vy - (ys - y0) * vx
    along = np.round((xs - x0) * vx + (ys - y0) * vy).astype(int)
    on = np.abs(across) <= 2.0
    if on.sum() < 0.5 * ys.size or np.ptp(along) < 40:
        return []
    # The thin run: the longest stretch of positions along the line where the ink is at most
    # 2 px off its middle.
    lo = int(along.min())
    spread = np.full(int(np.ptp(along)) + 1, -1.0)
    np.maximum.at(spread, along - lo, np.abs(across))
    thin = spread <= 2.0
    best, run, start = (0, 0), 0, 0
    for i, t in enumerate(thin):
        run = run + 1 if t else 0
        if run == 1:
            start = i
        if run > best[1] - best[0]:
            best = (start, i + 1)
    if best[1] - best[0] < 40:
        return []
    beyond = (along - lo < best[0]) | (along - lo >= best[1])
    rest = np.zeros(comp.shape, np.uint8)
    keep = ~on | beyond
    rest[ys[keep], xs[keep]] = 1
    n, lab, stats, _ = cv2.connectedComponentsWithStats(rest, connectivity=8)
    return [lab == j for j in range(1, n) if stats[j, cv2.CC_STAT_AREA] >= 20]
