"""Scene-level reliability of the geometric reading: is this a picture the engine can read?

The geometric engine explains an image as a smooth background (or a sky above a ground
plane) with a few uniformly coloured objects on it. :func:`image_quality` measures how
well that holds, on a small copy of the image (about 0.06 MP, so it costs a few ms at any
resolution):

* ``explained`` — the share of pixels within the background model's noise, or within a
  few CIELAB units of one of the image's dominant flat colours (objects are flat patches);
* ``noise`` — the background model's robust residual scale (texture of the backdrop);
* ``texture`` — the median gradient magnitude of the image in CIELAB units (a photo's
  fur, fabric and foliage are busy; drawings and renders are smooth);
* ``grey`` — whether the picture has no colour at all (99th percentile of CIELAB chroma
  under 3): then colour cannot separate objects from a backdrop, and a backdrop whose
  residual stays above a drawing's (after :func:`~.denoise.for_reading`, drawings and
  scans leave <= 0.9 L units, even under heavy noise; a grey photograph's surface — the
  moon, a micrograph, a fundus — leaves >= 1; :data:`GREY_DRAWING_NOISE`,
  :data:`GREY_PHOTO_NOISE`) means continuous tone, not flat fills;
* ``structures`` — how many compact patches of strong edges it shows (objects, whatever
  the background model made of them: a reading of no object beside them cannot be trusted);
* ``tiled`` — whether the ground is a tiled (checker) floor seen in perspective: several
  long straight edges across the frame, level ones (rows of tiles) and oblique ones in
  several directions (their columns converging), as :func:`tiled_floor` finds them. Tile
  edges cut objects' outlines and the tiles themselves read as objects, so the reading is
  not trusted (graph paper's level and upright lines, a horizon, a box's edges are no such
  grid) -- unless the colours recurring across each band of rows explain the floor
  (``patterned_ground``, :mod:`.patterned_ground`): then the segmenter reads the floor by
  them, and ``noise``, ``background_inliers`` and ``busy`` are that model's. Tiles the engine
  names gray (``neutral_ground``) hide grey, white and black solids: the reasoner trusts a
  reading there only where no object found is of those colours; ``textured_ground`` (a
  structured texture under a horizon) makes an empty reading a guess;
* ``light_adds`` — how many patches are the sum of two overlapping lights
  (:func:`~.additive_light.additive_overlaps`: defocused lights, glows; paint covers, light adds);
* ``shaded_solids`` — where one patch or more adds up like that, how many shaded solids
  :func:`~.solid_scene.solid_scene` finds (a render's chance sum has them; lights do not;
  ``_reasoning/_photo_evidence.py``), else -1;
* ``rows`` — :func:`line_residual`: how far the picture is from its row-by-row (or
  column-by-column) median; a large misfit of the smooth model that rows or columns do not
  explain either is a continuous-tone field (clouds, marble, fur), which local flatness does
  not vouch for;
* ``continuous_field`` — the factor that continuous-tone test applied (1: none), and
  ``reliability_as_ground`` the score without it: a render's textured ground (granite, agate,
  wood) fills the frame the same way, and the reasoner tells the two apart by the objects
  found on it (``_reasoning/_render_field.py``);
* ``content_reliability`` — on a picture inside a plain margin (a photo on a page or with a
  white border, :func:`content_box`), the same score of the content alone; the lower counts;
* ``dim_reliability`` — on a dim picture (:mod:`.exposure`: nothing in it bright, a night
  photograph), the same score of its tones stretched to full contrast; the lower counts;
* ``reliability`` — their product, squashed into 0..1 (the backdrop's residual is forgiven
  where nearly every pixel lies in a locally flat patch: a piecewise-smooth drawing).

The reasoner combines it with what the segments say (coverage, count) in
:func:`spatioxolver.agents._reasoning._describe.scene_reliability` and abstains below a
threshold.

Example:
    >>> import numpy as np
    >>> img = np.full((120, 160, 3), 230, np.uint8); img[40:80, 50:90] = (200, 30, 30)
    >>> image_quality(img)["reliability"] > 0.8
    True
"""

from __future__ import annotations

import hashlib
import math
import threading
from typing import Any

import numpy as np

__all__ = [
    "image_quality",
    "interior_detail",
    "interior_details",
    "interior_plain",
    "tiled_floor",
    "content_box",
    "line_residual",
    "QUALITY_PIXELS",
    "TILED_FACTOR",
]

#: The copy measured has about this many pixels.
QUALITY_PIXELS = 60_000
#: A tiled floor's reliability is multiplied by this (below the reasoner's 0.5 threshold).
TILED_FACTOR = 0.3
#: A patterned ground's tiles are smooth inside when the picture's median lightness gradient
#: (CIELAB units per px) is under this: rendered and drawn floors 0.1-0.5, photographed grass,
#: fabric and shop floors 2.5 and more.
SMOOTH_TILES = 1.0
#: A textured, off-model picture whose :func:`line_residual` exceeds this (by 0.5: all of it)
#: is continuous tone: its reliability falls to 0.
CONTINUOUS_ROWS = 2.5
#: Under this share of plain rows (or columns) the picture is one continuous field.
PLAIN_LINES = 0.1
#: Above this background-model residual (CIELAB units) local flatness alone no longer
#: vouches for the backdrop: it must also be explained row by row or column by column.
NOISY_BACKDROP = 4.0
#: A :func:`line_residual` from 1.5 below this up to it takes that vouching away (all of it here).
ROW_RESIDUAL = 4.0
#: A grey picture's backdrop residual (CIELAB units, denoised copy) up to which it reads as a
#: drawing (grey drawings stay under it even under heavy sensor noise, paper texture, a graded
#: ground or JPEG q15) and from which it is a photograph's continuous tone (the moon 0.97-1.0,
#: micrographs 1.5); the score falls linearly in between. (It fell from 1.05 before: a moon
#: crop at 0.97 and a small grey micrograph on a page kept half their score and were read.)
GREY_DRAWING_NOISE = 0.9
GREY_PHOTO_NOISE = 1.0
_MEASURED: dict[tuple[Any, ...], dict[str, float]] = {}  # the last few images' measures
_LOCK = threading.Lock()


def _small(rgb: np.ndarray) -> np.ndarray:
    import cv2

    from .denoise import for_reading
    from .resolution import working_image

    rgb, _ = working_image(rgb, {"min_working_pixels": 0})  # shared with the segmenter (cached)
    rgb, _ = for_reading(rgb)  # sensor noise on a drawing is not texture
    h, w = rgb.shape[:2]
    f = math.sqrt(QUALITY_PIXELS / max(h * w, 1))
    if f >= 1.0:
        return rgb
    return cv2.resize(rgb, (max(8, round(w * f)), max(8, round(h * f))), interpolation=cv2.INTER_AREA)


def image_quality(rgb: np.ndarray) -> dict[str, float]:
    """Reliability (0..1) of reading ``rgb`` geometrically, with its features (measured once
    per image content: the segmenter and the image description both ask)."""
    small = _small(np.asarray(rgb))
    key = (small.shape, hashlib.blake2b(np.ascontiguousarray(small).tobytes(), digest_size=16).digest())
    with _LOCK:
        if key in _MEASURED:
            return dict(_MEASURED[key])
    found = _measure(small)
    with _LOCK:
        _MEASURED[key] = found
        while len(_MEASURED) > 8:
            _MEASURED.pop(next(iter(_MEASURED)))
    return dict(found)


def _measure(small: np.ndarray) -> dict[str, float]:
    from .exposure import stretched

    found = _measure_one(small)
    box = content_box(small)
    if box is not None:
        # A picture on a plain page (a photo with a white border, pasted on a slide): the page
        # is trivially explained, so the content is measured on its own as well.
        y0, y1, x0, x1 = box
        inner = _measure_one(np.ascontiguousarray(small[y0:y1, x0:x1]), tiles=False)
        found["content_reliability"] = inner["reliability"]
        found["reliability"] = min(found["reliability"], inner["reliability"])
    bright = stretched(small)
    if bright is not None:
        # A dim picture (a night photo): its detail is measured at full contrast as well.
        found["dim_reliability"] = _measure_one(bright, tiles=False)["reliability"]
        found["reliability"] = min(found["reliability"], found["dim_reliability"])
    return found


def _measure_one(small: np.ndarray, *, tiles: bool = True) -> dict[str, float]:
    """The features and score of one picture (``tiles``: look for a tiled floor too; a
    picture's content inside its margin is measured without: its crop edges are no tiles)."""
    import cv2

    from .additive_light import additive_overlaps
    from .background import fit_background
    from .colour import rgb_to_lab
    from .denoise import flat_share
    from .lit_surface import lit_surface

    lab = rgb_to_lab(small).astype(np.float32)
    model = fit_background(lab, small, step=2)
    noise, inliers = model.noise, model.inlier_fraction
    tiled = tiles and tiled_floor(small)
    ground, textured = None, False
    if tiles:
        from .patterned_ground import patterned_ground, textured_ground
        from .receding_grid import turned_grid

        if tiled or turned_grid(small):  # a grid turned on the floor counts once its colours explain it
            ground = patterned_ground(lab, small, model.evaluate(*lab.shape[:2]), noise, tiled=True)
            tiled = tiled or ground is not None
        else:
            textured = textured_ground(lab)
    if ground is not None:
        # Tiles in perspective the segmenter reads by their recurring colours: the residual
        # is that model's, and what it explains is explained.
        noise, inliers = ground.noise, max(inliers, ground.explained)
    gx = cv2.Sobel(lab[..., 0], cv2.CV_32F, 1, 0, ksize=3) / 8.0
    gy = cv2.Sobel(lab[..., 0], cv2.CV_32F, 0, 1, ksize=3) / 8.0
    grad = np.hypot(gx, gy)
    texture = float(np.median(grad))
    edges = grad > 2.5
    if ground is not None:
        edges &= ~ground.mask  # the tiles' own edges are explained ground, not busy detail
    busy = float(edges.mean())
    flat = flat_share(lab)
    # A patterned ground explains its own rows: what is left of them is what it does not explain
    # -- where its tiles are smooth inside (a render's or a drawing's floor). A photo's ground
    # (grass, a printed fabric, a shop floor) carries fine detail everywhere: its rows stay raw.
    smooth_tiles = ground is not None and texture < SMOOTH_TILES
    rows, plain_lines = line_residual(lab - ground.background[..., :3] if smooth_tiles else lab)
    field = plain_lines < PLAIN_LINES  # no plain sky, wall or ground anywhere
    score = 1.0
    score *= float(np.clip((flat - 0.55) / 0.3, 0.0, 1.0))
    score *= float(np.clip((0.45 - busy) / 0.3, 0.0, 1.0))
    # A backdrop the smooth model misfits (a horizon between sky and ground, tiles behind
    # icons) leaves a large residual without being textured: locally flat almost everywhere
    # (drawings: flat >= 0.98; photographs: <= 0.94), so local flatness vouches for it --
    # unless the misfit is large, no row or column is plain and rows or columns do not explain
    # it either: then it is a smooth continuous-tone field (clouds, marble, blurred fur).
    forgive = float(np.clip((_flat_beside_lines(lab) - 0.95) / 0.03, 0.0, 1.0))
    if field and noise > NOISY_BACKDROP:
        forgive *= float(np.clip((ROW_RESIDUAL - rows) / 1.5, 0.0, 1.0))
    score *= max(float(np.clip((4.0 - noise) / 2.5, 0.0, 1.0)), forgive)
    lit = field and lit_surface(small)  # a lamp's pool on one plain floor: light, not a photo's tone
    continuous = 1.0
    if field and texture >= 0.15 and noise >= 0.5 and not lit:
        # Graded in every direction, with fine detail, a backdrop off the smooth model and no
        # plain line: a continuous-tone surface (a photo's sky, skin or metal), however few
        # sharp edges it shows. Drawings are flat (texture 0) or graded by rows (a sky over a
        # floor: rows <= 2.3); a textured floor under a plain sky or wall is a drawn scene.
        continuous = 1.0 - float(np.clip((rows - CONTINUOUS_ROWS) / 0.5, 0.0, 1.0))
    as_ground = score  # the score were the field a rendered ground (judged with the objects found)
    score *= continuous
    if tiled and ground is None:
        # Tile edges cut objects' outlines and tiles read as objects -- unless the tiles'
        # recurring colours explain the floor (:mod:`.patterned_ground`).
        score *= TILED_FACTOR
        as_ground *= TILED_FACTOR
    grey = float(np.percentile(np.hypot(lab[..., 1], lab[..., 2]), 99)) < 3.0
    adds = additive_overlaps(small, lab)
    if grey:  # no colour to read objects by: a continuous-tone backdrop is a photograph
        score *= float(
            np.clip((GREY_PHOTO_NOISE - noise) / (GREY_PHOTO_NOISE - GREY_DRAWING_NOISE), 0.0, 1.0)
        )
        as_ground = score
    return {
        "structures": float(_compact_edges(lab)),
        "reliability": round(score, 3),
        "background_inliers": round(inliers, 3),
        "noise": round(noise, 3),
        "texture": round(texture, 3),
        "busy": round(busy, 3),
        "flat": round(flat, 3),
        "rows": round(rows, 3),
        "plain_lines": round(plain_lines, 3),
        "grey": float(grey),
        "light_adds": float(adds),
        "shaded_solids": float(_shaded_solids(small)) if adds >= 1 else -1.0,
        "tiled": float(tiled),
        "patterned_ground": float(ground is not None),
        "neutral_ground": float(ground is not None and ground.neutral),
        "textured_ground": float(textured),
        "lit_surface": float(lit),
        "continuous_field": round(continuous, 3),
        "reliability_as_ground": round(as_ground, 3),
    }


def _shaded_solids(small: np.ndarray) -> int:
    """How many shaded solids the picture shows (:func:`~.solid_scene.solid_scene`): asked only
    where two patches add up like lights, to tell lights from a render's chance sums."""
    from .solid_scene import solid_scene

    return solid_scene(small).solids


def _flat_beside_lines(lab: np.ndarray) -> float:
    """Share of pixels in flat patches, thin lines counted as flat: a pixel off its 3x3
    median whose rough neighbours do not fill a 3x3 block (a 1-2 px grid line, an axis, a
    tick label's stroke drawn over plain panes) is line art on a plain ground, not texture."""
    import cv2

    lab = np.ascontiguousarray(lab, dtype=np.float32)
    sq = (lab - cv2.medianBlur(lab, 3)) ** 2
    rough = (np.sqrt(sq[..., 0] + sq[..., 1] + sq[..., 2]) >= 4.0).astype(np.uint8)
    broad = cv2.morphologyEx(rough, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return 1.0 - float(broad.mean())


def line_residual(lab: np.ndarray) -> tuple[float, float]:
    """``(residual, plain)``: the median CIELAB distance of the pixels from their row's median
    colour, or from their column's, whichever is smaller -- a backdrop graded down (or
    across) the picture, a sky over a floor, leaves little (<= 2.3 on shaded 3-D scenes with
    haze), a continuous-tone field varying both ways more (clouds, marble, foliage: >= 4.5)
    -- and the share of rows (or columns) whose own median distance is under 1: a plain sky
    or wall above a textured floor (>= 0.15), none in a photo's or a texture's field."""
    residual, plain = [], []
    for axis in (1, 0):
        distance = np.linalg.norm(lab - np.median(lab, axis=axis, keepdims=True), axis=2)
        residual.append(float(np.median(distance)))
        plain.append(float((np.median(distance, axis=axis) < 1.0).mean()))
    return min(residual), max(plain)


def content_box(small: np.ndarray) -> tuple[int, int, int, int] | None:
    """``(y0, y1, x0, x1)`` of what lies inside a plain margin (a page or a white border all
    round the picture: the 2 px ring around it within 4 CIELAB units of its median), when that
    content is one picture (85% of its box off the page colour: shapes spread on a ground
    leave much of theirs blank), under 80% of the whole and at least 24 x 24 px of the copy;
    else ``None``. Plain bands of another colour outside the page (a window's title bar, a
    slide's header strip) are peeled off first (:func:`_inside_plain_bands`): a screenshot of
    a photo is a picture on a page too."""
    import cv2

    from .colour import rgb_to_lab

    h, w = small.shape[:2]
    if min(h, w) < 40:
        return None
    lab = rgb_to_lab(small).astype(np.float32)
    by, bh, bx, bw = _inside_plain_bands(lab)
    if min(bh - by, bw - bx) < 40:
        return None
    ring = np.concatenate(
        [
            lab[by : by + 2, bx:bw].reshape(-1, 3),
            lab[bh - 2 : bh, bx:bw].reshape(-1, 3),
            lab[by:bh, bx : bx + 2].reshape(-1, 3),
            lab[by:bh, bw - 2 : bw].reshape(-1, 3),
        ]
    )
    page = np.median(ring, axis=0)
    if float((np.linalg.norm(ring - page, axis=1) < 4.0).mean()) < 0.98:
        return None
    away = np.zeros((h, w), bool)
    inside = np.ascontiguousarray(lab[by:bh, bx:bw])
    away[by:bh, bx:bw] = np.linalg.norm(cv2.GaussianBlur(inside, (3, 3), 0) - page, axis=2) > 6.0
    ys, xs = np.nonzero(away)
    if ys.size == 0:
        return None
    y0, y1, x0, x1 = int(ys.min()), int(ys.max()) + 1, int(xs.min()), int(xs.max()) + 1
    if (y1 - y0) < 24 or (x1 - x0) < 24 or (y1 - y0) * (x1 - x0) >= 0.8 * h * w:
        return None
    if float(away[y0:y1, x0:x1].mean()) < 0.85:  # shapes on a ground, not one picture on a page
        return None
    return y0, y1, x0, x1


def _inside_plain_bands(lab: np.ndarray) -> tuple[int, int, int, int]:
    """``(y0, y1, x0, x1)`` inside the plain bands along the edges whose colour is not the
    page's (the median of the outer ring, most of which is page): full rows (or columns)
    within 4 CIELAB units of their median on 98% of their pixels and over 6 units from the
    page, peeled from each side while they are (a dark title bar above a white page; at most
    a quarter of the side)."""
    h, w = lab.shape[:2]
    ring = np.concatenate([lab[0], lab[-1], lab[:, 0], lab[:, -1]])
    page = np.median(ring, axis=0)
    box = [0, h, 0, w]
    for side in range(4):
        lines = lab if side < 2 else lab.transpose(1, 0, 2)
        n = lines.shape[0]
        order = list(range(n // 4)) if side % 2 == 0 else list(range(n - 1, n - 1 - n // 4, -1))
        edge = lines[order]
        med = np.median(edge, axis=1, keepdims=True)
        plain = (np.linalg.norm(edge - med, axis=2) < 4.0).mean(axis=1) >= 0.98
        banded = plain & (np.linalg.norm(med[:, 0] - page, axis=1) > 6.0)
        k = int(np.argmin(banded)) if not banded.all() else 0  # the first line that is no band
        if k > 0:
            box[side] = order[k] if side % 2 == 0 else order[k] + 1
    return box[0], box[1], box[2], box[3]


def _compact_edges(lab: np.ndarray) -> int:
    """How many compact patches of strong edges the (denoised, small) picture shows: edges
    far above the picture's own gradient noise (median + 8 MADs, and 1.5 Lab units per
    pixel), in patches of at least 20 px that span under 0.6 of the width (a horizon or a
    table edge spans it). Objects show up here even where the background model, fooled by a
    sky over a floor, finds none."""
    import cv2

    blurred = cv2.GaussianBlur(lab, (0, 0), 1.5)
    gx = cv2.Sobel(blurred, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(blurred, cv2.CV_32F, 0, 1, ksize=3)
    grad = np.sqrt((gx * gx + gy * gy).sum(axis=2)) / 8.0
    med = float(np.median(grad))
    mad = 1.4826 * float(np.median(np.abs(grad - med))) + 1e-3
    strong = (grad > max(med + 8.0 * mad, 1.5)).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(strong, connectivity=8)
    width = strong.shape[1]
    return sum(
        1
        for i in range(1, n)
        if stats[i, cv2.CC_STAT_WIDTH] < 0.6 * width and stats[i, cv2.CC_STAT_AREA] >= 20
    )


def interior_detail(rgb: np.ndarray, mask: np.ndarray) -> float:
    """Share of an object's inner pixels (away from its rim) more than 3 CIELAB units from
    the median of their neighbourhood (8% of the object's size), on a copy of about
    :data:`QUALITY_PIXELS`: fine texture inside it. A drawn fill, a gradient and a shaded
    solid leave next to none (a word written inside about 0.06; a shaded ball, JPEG too,
    0.01); a photograph's subject much (a fundus with its vessels 0.27). A small drawn
    shape saved as JPEG may reach 0.17 (its block noise): :func:`interior_details` also
    gives the share beyond 5 units, which tells the two apart."""
    return interior_details(rgb, mask)[0]


def interior_details(
    rgb: np.ndarray, mask: np.ndarray, ring: np.ndarray | None = None
) -> tuple[float, float]:
    """``(share beyond 3, share beyond 5 CIELAB units)`` of :func:`interior_detail`. JPEG
    block noise on drawn fills (q50-95) stays under 0.05 beyond 5 units; a photograph's
    textured subject (girders, fur, a face) is 0.08 or more there.

    ``ring``: the object's own pixels where ``mask`` is what its outline encloses
    (:func:`filled_outline`). Pixels within a JPEG block (8 px of ``rgb``, at least the rim
    left out) of the ring's edges, on either side, are not measured: there a thin stroke
    meets the ground it encloses, and a JPEG copy rings with its colour (chroma at half
    resolution, block noise along the step) -- that is the stroke's edge, not texture
    (outline icons at q30-60 read 0.2-0.7 beyond 5 units, all of it there). The ring's
    own deep inside (a canopy's leaves) and the ground further in are measured as before."""
    import cv2

    from .colour import rgb_to_lab

    h, w = mask.shape
    # Measured at about QUALITY_PIXELS whatever the frame's size: the residual is per pixel, and
    # a small frame's smooth shading changes more per pixel (a 15 px ball's highlight read as
    # texture); an enlarged copy spreads it as a larger frame shows it.
    f = math.sqrt(QUALITY_PIXELS / max(h * w, 1))
    size = (max(8, round(w * f)), max(8, round(h * f)))
    resample = cv2.INTER_AREA if f < 1.0 else cv2.INTER_LINEAR
    small = cv2.resize(np.asarray(rgb), size, interpolation=resample) if f != 1.0 else np.asarray(rgb)
    m = (
        cv2.resize(mask.astype(np.uint8), size, interpolation=cv2.INTER_NEAREST)
        if f != 1.0
        else mask.astype(np.uint8)
    )
    ys, xs = np.nonzero(m)
    if ys.size < 100:
        return 0.0, 0.0
    side = int(min(np.ptp(ys), np.ptp(xs))) + 1
    e = max(2, round(0.04 * side))
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * e + 1, 2 * e + 1))
    inner = cv2.erode(m, disc).astype(bool)
    if ring is not None:
        r = ring.astype(np.uint8)
        if f != 1.0:
            r = cv2.resize(r, size, interpolation=cv2.INTER_NEAREST)
        b = max(e, round(8 * f))
        block = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * b + 1, 2 * b + 1))
        inner &= ~(cv2.dilate(r, block).astype(bool) & ~cv2.erode(r, block).astype(bool))
    if inner.sum() < 50:
        return 0.0, 0.0
    lab = rgb_to_lab(small)
    scaled = np.clip(lab * np.array([2.55, 1.0, 1.0]) + np.array([0.0, 128.0, 128.0]), 0, 255).astype(
        np.uint8
    )
    k = max(3, round(0.08 * side)) | 1
    smooth = np.stack([cv2.medianBlur(np.ascontiguousarray(scaled[..., c]), k) for c in range(3)], axis=-1)
    smooth = (smooth.astype(np.float32) - np.array([0.0, 128.0, 128.0])) / np.array([2.55, 1.0, 1.0])
    residual = np.linalg.norm(lab - smooth, axis=2)[inner]
    return round(float((residual > 3.0).mean()), 3), round(float((residual > 5.0).mean()), 3)


def interior_plain(rgb: np.ndarray, mask: np.ndarray) -> float:
    """Share of an object's inner pixels in flat patches of one exact colour: their 3x3
    neighbourhood holds a single value in every channel. A render's flat-shaded facets and a
    drawing's fills repeat one exact colour (a faceted cone's fan of wedges 0.14-0.43); a
    photograph's subject carries sensor noise everywhere (0.00). A smooth continuous tone
    (blurred mottling, vignetting) has near-plain places too, but there neighbours step by a
    level or two: where the pixels within 2 levels are not mostly exactly plain (under
    :data:`_EXACT` of them), the share is 0. Measured on the object's box, at most about
    0.25 MP of it (sampled by nearest neighbour, which keeps exact values)."""
    import cv2

    ys, xs = np.nonzero(mask)
    if ys.size < 100:
        return 0.0
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    crop, m = np.asarray(rgb)[y0:y1, x0:x1], mask[y0:y1, x0:x1].astype(np.uint8)
    f = min(1.0, math.sqrt(250_000 / max(crop.shape[0] * crop.shape[1], 1)))
    if f < 1.0:
        size = (max(8, round(crop.shape[1] * f)), max(8, round(crop.shape[0] * f)))
        crop = cv2.resize(np.ascontiguousarray(crop), size, interpolation=cv2.INTER_NEAREST)
        m = cv2.resize(m, size, interpolation=cv2.INTER_NEAREST)
    inner = cv2.erode(m, np.ones((5, 5), np.uint8)).astype(bool)
    if inner.sum() < 50:
        return 0.0
    exact, near = _plain_shares(crop, inner)
    plain = exact if exact >= _EXACT * near else 0.0
    if plain >= _LINED_EXACT:
        return round(plain, 3)
    # A wireframe over the facets (mplot3d's ``edgecolor``): thin darker lines every few px
    # leave no 3x3 patch plain, but a 3x3 closing fills them (up to 2 px wide) and the facets
    # between come back exactly plain; a photograph's noise and a smooth tone do not.
    closed = cv2.morphologyEx(np.ascontiguousarray(crop), cv2.MORPH_CLOSE, np.ones((3, 3), np.uint8))
    exact, near = _plain_shares(closed, inner)
    if exact >= _LINED_EXACT and exact >= _EXACT_LINED_SHARE * near:
        plain = max(plain, exact)
    return round(plain, 3)


def _plain_shares(crop: np.ndarray, inner: np.ndarray) -> tuple[float, float]:
    """Shares of the ``inner`` pixels whose 3x3 neighbourhood holds one value in every channel
    (exactly plain), and whose channels there spread over 2 levels at most (near plain)."""
    import cv2

    k = np.ones((3, 3), np.uint8)
    spread = np.zeros(inner.shape, np.int16)
    for c in range(3):
        ch = np.ascontiguousarray(crop[..., c])
        spread = np.maximum(spread, cv2.dilate(ch, k).astype(np.int16) - cv2.erode(ch, k).astype(np.int16))
    inside = spread[inner]
    return float((inside == 0).mean()), float((inside <= 2).mean())


#: Flat patches are exactly plain: at least this share of the pixels within 2 levels of
#: their neighbours are within 0 (facets 0.82-0.98; blurred mottling 0.16-0.41).
_EXACT = 0.7
#: Under a wireframe, after closing its lines: at least this share of the inner pixels exactly
#: plain (mplot3d meshes with edge lines 0.18-0.25; photographs' textured subjects up to 0.12,
#: an upscaled photo among them), and at least this share of the near-plain ones (0.47-0.71;
#: a photo 0.27).
_LINED_EXACT, _EXACT_LINED_SHARE = 0.16, 0.4


def tiled_floor(small: np.ndarray) -> bool:
    """A tiled floor in perspective: level long straight edges in 4 or more rows (the rows of
    tiles) and two oblique ones that, prolonged, meet well above both (columns of tiles
    converging on a vanishing point; a triangle's sides meet at its apex, not above it).

    Edges are found on the ~0.06 MP copy; "long" is a quarter of its shorter side.
    """
    import cv2

    grey = cv2.cvtColor(np.ascontiguousarray(small), cv2.COLOR_RGB2GRAY)
    edges = cv2.Canny(grey, 40, 100)
    h, w = grey.shape
    lines = cv2.HoughLinesP(
        edges, 1, np.pi / 180, threshold=30, minLineLength=max(8, int(0.25 * min(h, w))), maxLineGap=4
    )
    if lines is None:
        return False
    rows: set[int] = set()
    level: list[tuple[float, float, float]] = []
    oblique: list[tuple[float, float, float, float, float]] = []
    for x1, y1, x2, y2 in lines.reshape(-1, 4).astype(float):
        angle = math.degrees(math.atan2(y2 - y1, x2 - x1)) % 180.0
        if angle < 3.0 or angle > 177.0:
            rows.add(int((y1 + y2) / 2 // 4))
            level.append((min(x1, x2), max(x1, x2), (y1 + y2) / 2))
        elif 10.0 < angle < 80.0 or 100.0 < angle < 170.0:
            oblique.append((x1, y1, x2, y2, angle))
    if len(rows) < 4:
        return False
    # A column of tiles crosses rows of tiles; a connector beside a hatched fill crosses none.
    oblique = [o for o in oblique if _rows_crossed(o, level) >= 1]
    for i, (ax1, ay1, ax2, ay2, aa) in enumerate(oblique):
        for bx1, by1, bx2, by2, ba in oblique[i + 1 :]:
            if abs(aa - ba) < 10.0:
                continue
            dax, day, dbx, dby = ax2 - ax1, ay2 - ay1, bx2 - bx1, by2 - by1
            den = dax * dby - day * dbx
            if abs(den) < 1e-9:
                continue
            t = ((bx1 - ax1) * dby - (by1 - ay1) * dbx) / den
            y = ay1 + t * day
            if y < min(ay1, ay2, by1, by2) - 0.1 * h:
                return True
    return False


def _rows_crossed(
    segment: tuple[float, float, float, float, float], level: list[tuple[float, float, float]]
) -> int:
    """How many distinct level edges (4 px bands) the oblique segment crosses within their extent."""
    x1, y1, x2, y2, _ = segment
    lo, hi = min(y1, y2), max(y1, y2)
    crossed: set[int] = set()
    for a, b, y in level:
        if not lo - 2.0 <= y <= hi + 2.0:
            continue
        x = x1 + (x2 - x1) * (y - y1) / (y2 - y1)
        if a - 3.0 <= x <= b + 3.0:
            crossed.add(int(y // 4))
    return len(crossed)
