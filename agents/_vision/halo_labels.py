"""Haloed labels: a letter or number drawn with an outline of another colour round its strokes
(a white halo round dark ink, a dark one round white ink), set over a shape or its edge so
that it reads on any fill.

The halo cuts a letter-shaped hole in the shape under it: the segmenter then sees a shape
with a bite out of it (or two pieces), and the letter as a small object of its own. A halo
is told from the ground round ordinary writing by where it ends: every pixel one or two
steps from the ink is the halo's colour, and a few pixels further out much of the ring is
another colour (the shape), not ink. Such glyphs are painted out before segmentation, each
pixel of the glyph and its halo taking the colour of the nearest pixel outside them (the
shape's edge under the letter comes back), and are read (``ocr`` extra) as labels.

Example:
    >>> import numpy as np
    >>> image, found = paint_out_halo_labels(np.full((40, 40, 3), 255, np.uint8))
    >>> found
    []
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["HaloLabel", "paint_out_halo_labels", "read_halo_labels", "with_halo_labels"]

#: A glyph is this many working pixels tall at least, and at most.
_MIN_H, _MAX_H = 7, 48
#: Most ring pixels this near the ink are the halo's colour (the halo's fraction, at least).
_HALO_SHARE = 0.75
#: Just beyond the halo, at least this share of the ring is another colour.
_BEYOND_SHARE = 0.2
#: Colours closer than this (RGB distance) are one colour.
_SAME = 48.0


@dataclass
class HaloLabel:
    """One glyph found with a halo: its ink and halo (working pixels), its ink's box ``(x0, y0, x1, y1)``,
    and the ink's and the halo's lightness (to draw it black on white for the reader)."""

    ink: np.ndarray
    box: tuple[int, int, int, int]
    ink_lum: float
    halo_lum: float


def _why(*a):
    import os

    if os.environ.get("HALO_DEBUG"):
        print("   halo:", *a)


def _bands(distance: np.ndarray, ok: np.ndarray, upto: int) -> list[np.ndarray]:
    return [ok & (distance > d - 1) & (distance <= d) for d in range(1, upto + 1)]


def _others(rgb: np.ndarray, band: np.ndarray, halo: np.ndarray) -> np.ndarray:
    """The colours in ``band`` unlike the halo's."""
    pixels = rgb[band].astype(np.float32)
    return pixels[np.linalg.norm(pixels - halo, axis=1) >= _SAME]


def _matched(pixels: np.ndarray, palette: np.ndarray) -> float:
    """The share of ``pixels`` (a sample) with a colour of ``palette`` (a sample) within reach."""
    step_p, step_q = max(1, len(pixels) // 150), max(1, len(palette) // 150)
    d = np.linalg.norm(pixels[::step_p, None, :] - palette[None, ::step_q, :], axis=2)
    return float((d.min(axis=1) < _SAME).mean())


def _blend(ink: np.ndarray, ring: np.ndarray, beyond: np.ndarray) -> bool:
    """Whether the ring's colour lies between the ink's and the colour beyond it (0.1-0.9 of
    the way, near that line): the edge of blurred or anti-aliased ink on that ground, not a
    halo of its own colour (a white halo round black ink over a blue shape lies past white)."""
    axis = beyond - ink
    span = float(np.linalg.norm(axis))
    if span < 2.5 * _SAME:
        return False
    t = float(np.dot(ring - ink, axis)) / (span * span)
    off = float(np.linalg.norm(ring - ink - t * axis))
    return 0.1 <= t <= 0.9 and off <= max(_SAME, 0.15 * span)


def _halo_of(rgb: np.ndarray, comp: np.ndarray, letters: np.ndarray) -> tuple[float, np.ndarray] | None:
    """The halo's width (px) and colour round one glyph ``comp`` (a crop), or ``None`` when
    the glyph has none."""
    import cv2

    distance = cv2.distanceTransform((~comp).astype(np.uint8), cv2.DIST_L2, 3)
    bands = _bands(distance, ~letters, 9)
    # (the first pixel round the ink blends ink and halo: the halo is judged from the second)
    if bands[1].sum() < 10:
        return None
    pixels = rgb[bands[1]].astype(np.float32)
    halo = np.median(pixels, axis=0)
    ink = np.median(rgb[comp].astype(np.float32), axis=0)
    if np.linalg.norm(halo - ink) < 2.5 * _SAME:
        return None  # no contrast between the ink and what rings it

    def share(band: np.ndarray) -> float:
        if not band.any():
            return 1.0
        return float((np.linalg.norm(rgb[band].astype(np.float32) - halo, axis=1) < _SAME).mean())

    shares = [share(b) for b in bands]
    if shares[1] < _HALO_SHARE:
        return None
    for width in (2, 3):
        # A halo two or three pixels wide: ringed by its colour up to ``width`` (past the blended
        # first pixel); within two pixels more a share of the ring turns another colour (the
        # shape under the letter), the same colour and about the same share further out (the
        # halo's edge follows the letter's outline). Writing beside a shape meets its straight
        # edge further out, more of it the further; writing in a framed box meets the frame, a
        # thin line of another colour than what lies beyond it.
        if min(shares[1:width]) < (_HALO_SHARE if width == 2 else 0.85):
            break
        step = max(shares[:width]) - shares[width + 1]
        first, further = 1 - min(shares[width : width + 2]), 1 - max(shares[width + 3 : width + 5])
        if step < 0.25 or first < _BEYOND_SHARE or further < 0.6 * first:
            _why("no step", width, round(step, 2), round(first, 2), round(further, 2))
            continue
        tail = shares[width + 1 :]
        if max(tail) - min(tail) > 0.2:
            _why("the halo's colour comes back", width)
            continue  # a thin frame (a ring, a tag's border) with the ground beyond it
        near, far = (
            _others(rgb, bands[width] | bands[width + 1], halo),
            _others(rgb, bands[width + 3] | bands[width + 4], halo),
        )
        if len(near) < 8 or len(far) < 8:
            _why("few others")
            continue
        if _matched(far, near) < 0.7 or _matched(near, far) < 0.5:
            _why("other colours further out")
            continue  # a frame round the writing, something else beyond it
        if float((np.linalg.norm(near - ink, axis=1) < _SAME).mean()) >= 0.25:
            _why("ink-like beyond")
            continue  # a frame in the ink's colour (a tag's border), the ground round a counter
        if _blend(ink, halo, np.median(far, axis=0)):
            _why("a blur's blend")
            continue  # soft writing on a plain ground: the ring is ink fading into that ground
        _why("ACCEPT", width, ink, halo, [round(v, 2) for v in shares], len(near), len(far))
        return float(width), halo
    return None


def paint_out_halo_labels(
    rgb: np.ndarray, options: dict[str, Any] | None = None
) -> tuple[np.ndarray, list[HaloLabel]]:
    """``(image, labels)``: a copy of ``rgb`` (working resolution) with every haloed glyph and
    its halo painted in the colours round them, and the glyphs found (``rgb`` itself when
    none, or when glyphs are not looked for: ``options`` ``glyphs`` or ``scenery`` False)."""
    import cv2

    options = options or {}
    if not options.get("glyphs", True) or not options.get("scenery", True) or rgb.ndim != 3:
        return rgb, []
    lum = rgb.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    h, w = lum.shape
    found: list[HaloLabel] = []
    paint = np.zeros((h, w), bool)
    for dark in (True, False):
        ink_any = lum < 150 if dark else lum > 190
        n, labels, stats, _ = cv2.connectedComponentsWithStats(ink_any.astype(np.uint8), connectivity=8)
        if n > 400:
            continue  # texture, not a few letters
        # Glyph-sized pieces of ink (a label's other letters) are left out of the rings.
        small = (stats[:, cv2.CC_STAT_HEIGHT] <= _MAX_H) & (stats[:, cv2.CC_STAT_WIDTH] <= 3 * _MAX_H)
        small[0] = False
        letters = small[labels]
        for k in range(1, n):
            x, y, bw, bh, area = (int(v) for v in stats[k])
            if not (_MIN_H <= bh <= _MAX_H and bw <= 3 * bh and area >= 12):
                continue
            pad = 12
            X0, Y0, X1, Y1 = max(x - pad, 0), max(y - pad, 0), min(x + bw + pad, w), min(y + bh + pad, h)
            ids = labels[Y0:Y1, X0:X1]
            comp = ids == k
            around = (stats[:, 0] <= x) & (stats[:, 1] <= y)
            around &= (stats[:, 0] + stats[:, 2] >= x + bw) & (stats[:, 1] + stats[:, 3] >= y + bh)
            around[k] = False
            if (around & small).any():
                continue  # writing inside a ring, a tag's frame or a letter's counter
            others = letters[Y0:Y1, X0:X1] & ~around[ids]
            thick = cv2.distanceTransform(comp.astype(np.uint8), cv2.DIST_L2, 3).max()
            if thick > max(2.5, 0.2 * bh):
                continue  # a filled blot, not a pen's stroke
            if area > 0.6 * bw * bh:
                continue
            got = _halo_of(rgb[Y0:Y1, X0:X1], comp, others)
            if got is None:
                continue
            width, halo = got
            distance = cv2.distanceTransform((~comp).astype(np.uint8), cv2.DIST_L2, 3)
            paint[Y0:Y1, X0:X1] |= distance <= width + 2.0
            ink = np.zeros((h, w), bool)
            ink[Y0:Y1, X0:X1] = distance <= width  # the glyph and its halo (and its lost hairlines)
            found.append(
                HaloLabel(
                    ink=ink,
                    box=(x, y, x + bw, y + bh),
                    ink_lum=float(np.median(lum[Y0:Y1, X0:X1][comp])),
                    halo_lum=float(halo @ np.array([0.299, 0.587, 0.114], np.float32)),
                )
            )
    if not found:
        return rgb, []
    from scipy.ndimage import distance_transform_edt  # only when a halo was found

    _, (iy, ix) = distance_transform_edt(paint, return_indices=True)
    out = rgb.copy()
    out[paint] = rgb[iy[paint], ix[paint]]
    return out, found


def _inside(box: tuple[int, int, int, int], outer: tuple[int, int, int, int]) -> bool:
    return outer[0] <= box[0] and box[2] <= outer[2] and outer[1] <= box[1] and box[3] <= outer[3]


def read_halo_labels(rgb: np.ndarray, found: list[HaloLabel]) -> list[tuple[str, Any]] | None:
    """``[(text, box)]`` read from the haloed glyphs (beside one another: one label), or
    ``None`` without the ``ocr`` extra."""
    import cv2

    from .label_readings import best_reading
    from .labels import _engine, _groups, _recognise, _window

    engine = _engine()
    if engine is None:
        return None
    lum = rgb.astype(np.float32) @ np.array([0.299, 0.587, 0.114], np.float32)
    out: list[tuple[str, Any]] = []
    for group in _groups([g.ink for g in found]):
        members = [g for g in found if _inside(g.box, group)]
        if not members:
            continue
        box = (
            min(g.box[0] for g in members),
            min(g.box[1] for g in members),
            max(g.box[2] for g in members),
            max(g.box[3] for g in members),
        )
        ink_lum = float(np.median([g.ink_lum for g in members]))
        halo_lum = float(np.median([g.halo_lum for g in members]))
        zone = np.zeros(lum.shape, bool)
        for g in members:
            zone |= g.ink
        Y0, Y1, X0, X1 = _window(box, lum.shape, min_pad=4, above=0.3, beside=0.4)
        # Ink black and halo white whatever their polarity, all beyond the halo white; and the
        # window as it is (a hairline of the letter too faint for the ink's threshold).
        grey = np.clip(255 * (lum[Y0:Y1, X0:X1] - ink_lum) / (halo_lum - ink_lum), 0, 255)
        clean = np.where(zone[Y0:Y1, X0:X1], grey, 255).astype(np.uint8)
        plain = grey.astype(np.uint8)
        if box[3] - box[1] < 32:
            clean, plain = (
                cv2.resize(g, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC) for g in (clean, plain)
            )
        text, score = best_reading([_recognise(engine, clean), _recognise(engine, plain)])
        if score >= 0.8 and text:
            out.append((text, box))
    return out


def with_halo_labels(
    rgb: np.ndarray, labels: list[tuple[str, Any]] | None, found: list[HaloLabel]
) -> list[tuple[str, Any]] | None:
    """``labels`` with the haloed glyphs' readings added (unchanged without a reader)."""
    if not found:
        return labels
    read = read_halo_labels(rgb, found)
    if read is None:
        return labels
    return [*(labels or []), *read]
