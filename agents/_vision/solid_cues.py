"""Box or can? Shading cues of a shaded solid's body, for images the project did not render.

The silhouette classifier (:mod:`.shape`) was fitted on one renderer's masks; a box seen
corner-on has a hexagonal outline much like a can's, and a hand-drawn can's straight sides
look like a box's. The shading of the body tells them apart in any lit drawing or render:

* a box's visible side faces are planes: across the body (left to right) the lightness is
  piecewise constant, one plateau per face, with a sharp step (a crease) between faces;
* a can's body is curved: its lightness varies smoothly and continuously across the width
  (a Lambert falloff from the lit side), which no few plateaus fit.

:func:`body_profile` measures the lightness profile across the body (the median of each
column over the middle rows, so noise and a contact shadow below do not count);
:func:`box_or_can` compares a fit by at most three plateaus with a smooth polynomial fit.

Example:
    >>> import numpy as np
    >>> x = np.linspace(-1, 1, 60)
    >>> mask = np.ones((70, 60), bool)
    >>> can = np.repeat((40 + 40 * np.sqrt(1 - x**2))[None, :], 70, 0)
    >>> box_or_can(mask, np.stack([can] * 3, -1).astype(np.uint8) * 2)[0]
    'cylinder'
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "ball_outline", "ball_with_shadow", "body_profile", "box_or_can", "cone_from_above", "cone_outline",
    "cones_read_flat", "hull_corners", "polygonal_outline", "rounded_bottom", "squat_can_outline",
]  # fmt: skip


def body_profile(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """CIELAB lightness across the body: per column, the median over the rows from 45 % to
    85 % of the silhouette's height, inside the mask eroded by about 6 % of its width (the
    anti-aliased rim is not the body). ``None`` when fewer than 10 columns are covered."""
    import cv2

    from .colour import rgb_to_lab

    m = mask.astype(np.uint8)
    h, w = m.shape
    if h < 12 or w < 12:
        return None
    k = max(1, round(0.06 * w))
    inner = cv2.erode(np.pad(m, k + 1), np.ones((2 * k + 1, 2 * k + 1), np.uint8))[
        k + 1 : -k - 1, k + 1 : -k - 1
    ]
    inner = inner.astype(bool)
    r0, r1 = int(0.45 * h), max(int(0.45 * h) + 3, int(0.85 * h))
    band = inner[r0:r1]
    cols = np.flatnonzero(band.mean(axis=0) >= 0.8)
    if cols.size < 10:
        return None
    # the covered run of columns around the middle (a shadow's tail is not the body)
    runs = np.split(cols, np.flatnonzero(np.diff(cols) > 1) + 1)
    cols = max(runs, key=len)
    if cols.size < 10:
        return None
    light = rgb_to_lab(np.asarray(full)[r0:r1][:, cols].reshape(-1, 3))[:, 0].reshape(r1 - r0, cols.size)
    light = np.where(band[:, cols], light, np.nan)
    return np.nanmedian(light, axis=0)


def _plateaus_rms(p: np.ndarray) -> float:
    """RMS residual of the best fit of ``p`` by at most three constant runs (each run at
    least two samples), from the table of every run's squared error."""
    n = p.size
    c1 = np.concatenate([[0.0], np.cumsum(p)])
    c2 = np.concatenate([[0.0], np.cumsum(p * p)])
    i, j = np.meshgrid(np.arange(n + 1), np.arange(n + 1), indexing="ij")
    m = np.maximum(j - i, 1)
    s = c1[j] - c1[i]
    sse = np.where(j - i >= 2, c2[j] - c2[i] - s * s / m, np.inf)  # sse[i, j]: p[i:j]
    best = sse[0, n]
    best = min(best, float(np.min(sse[0, :] + sse[:, n])))
    three = sse[0, :, None] + sse + sse[None, :, n]  # runs [0, a), [a, b), [b, n)
    best = min(best, float(np.min(three)))
    return float(np.sqrt(max(best, 0.0) / n))


def box_or_can(mask: np.ndarray, full: np.ndarray) -> tuple[str | None, dict[str, float]]:
    """``("cube" | "cylinder" | None, measures)`` from the body's shading.

    ``measures``: ``range`` (lightness units across the body), ``plateaus`` (RMS residual of
    the best three-plateau fit), ``smooth`` (RMS residual of a quartic fit), both over the
    range. A can: the plateaus leave at least 6 % of the range and the quartic fits at
    least 1.6x better. A box: the plateaus fit to within 6 % and at least 2x better than
    the quartic (a crease), or the body is flat (under 4 units: one face seen square-on).
    Otherwise ``None`` (no verdict).
    """
    prof = body_profile(mask, full)
    if prof is None or not np.all(np.isfinite(prof)):
        return None, {}
    if prof.size > 48:  # at most 48 samples: the plateau search is quadratic
        edges = np.linspace(0, prof.size, 49).astype(int)
        prof = np.array([prof[a:b].mean() for a, b in zip(edges[:-1], edges[1:], strict=True)])
    rng = float(np.percentile(prof, 95) - np.percentile(prof, 5))
    x = np.linspace(-1, 1, prof.size)
    smooth = float(np.sqrt(np.mean((np.polyval(np.polyfit(x, prof, 4), x) - prof) ** 2)))
    steps = _plateaus_rms(prof)
    span = max(rng, 1e-6)
    measures = {"range": round(rng, 2), "plateaus": round(steps / span, 4), "smooth": round(smooth / span, 4)}
    if rng < 4.0:
        return "cube", measures
    if steps >= 0.06 * span and smooth * 1.6 <= steps:
        return "cylinder", measures
    if steps <= 0.06 * span and steps * 2.0 <= smooth:
        return "cube", measures
    return None, measures


def _row_widths(mask: np.ndarray) -> np.ndarray:
    """Per row of the silhouette's bounding rows: the extent (rightmost - leftmost + 1)."""
    rows = np.flatnonzero(mask.any(axis=1))
    sub = mask[rows[0] : rows[-1] + 1]
    any_ = sub.any(axis=1)
    left = np.argmax(sub, axis=1)
    right = sub.shape[1] - 1 - np.argmax(sub[:, ::-1], axis=1)
    return np.where(any_, right - left + 1, 0).astype(float)


#: A cone's tip thinner than this many px is lost to anti-aliasing (its pixels are mostly
#: ground): the fitted sides may meet zero width this far (in width) above the top row.
_TIP_LOST = 3.0


def cone_outline(mask: np.ndarray, blunt: float = 0.1) -> bool:
    """Whether a silhouette is a cone's: a triangle from an apex at the top down to its widest
    row, then at most a half-ellipse (the base seen from above) below it.

    The widths of the rows between 10 % and 90 % of the way from the top to the widest row
    lie on a line (RMS under 5 % of the widest) that reaches zero width within a tenth of
    that run of the top (a can's or ball's rounded top reaches its width far faster: the
    line through it meets zero well above the silhouette); the triangle is at least a third
    of the height and at least 0.45 of the widest row tall; below the widest row there is at
    most 0.6 of the widest row (the base's half-ellipse; a box keeps its full width down its
    vertical edges). ``blunt``: how far above the silhouette (a share of the run) the line
    may reach zero width — a small or compressed cone's tip is cut off a few rows -- and
    further by the rows in which it is under :data:`_TIP_LOST` px wide.
    """
    widths = _row_widths(mask)
    height = widths.size
    widest = float(widths.max()) if height else 0.0
    if height < 12 or widest < 8:
        return False
    y_w = int(np.flatnonzero(widths >= 0.95 * widest)[0])
    if y_w < max(0.33 * height, 0.45 * widest) or height - y_w > 0.6 * widest + 2:
        return False
    lo, hi = max(1, int(0.1 * y_w)), max(int(0.9 * y_w), int(0.1 * y_w) + 4)
    ys = np.arange(lo, hi)
    a, b = np.polyfit(ys, widths[lo:hi], 1)
    if a <= 0:
        return False
    rms = float(np.sqrt(np.mean((a * ys + b - widths[lo:hi]) ** 2)))
    apex = -b / a  # the row where the fitted width is zero
    return bool(
        rms < 0.05 * widest
        and -blunt * y_w - _TIP_LOST / a <= apex <= 0.15 * y_w
        and widths[: max(1, lo)].mean() < 0.2 * widest
    )


def cone_from_above(mask: np.ndarray, blunt: float = 0.1) -> bool:
    """Whether a silhouette is a cone seen from high up: its base a nearly round ellipse whose
    widest row is its centre, and above the ellipse's top a point -- the widths of the rows
    from the silhouette's top down to where the ellipse would begin grow on a line from zero
    (RMS under 5 % of the widest or 1 px; the line meets zero within ``blunt`` of that run
    of the top). The point rises at least 4 px and 8 % of the widest row above the ellipse
    (a ball's or a can's top is the ellipse's own: it rises none, and its rounded cap's
    widths meet zero far above it); below the widest row the base's half-ellipse (RMS within
    6 % of the widest: a box seen corner-on, its top a point too, keeps its width down its
    upright edges or is cut off by what stands in front). :func:`cone_outline` asks for a triangle down to the
    widest row, which a tall base ellipse under a short point does not show."""
    widths = _row_widths(mask)
    height = widths.size
    widest = float(widths.max()) if height else 0.0
    if height < 16 or widest < 12:
        return False
    centre = int(round(float(np.flatnonzero(widths >= 0.98 * widest).mean())))
    top = centre - (height - centre)  # the ellipse's top row: its lower half is below the centre
    if top < max(4.0, 0.08 * widest):
        return False
    minor = float(height - centre)
    below = np.arange(centre, height)
    ellipse = widest * np.sqrt(np.clip(1.0 - ((below - centre + 0.5) / minor) ** 2, 0.0, 1.0))
    if float(np.sqrt(np.mean((widths[centre:] - ellipse) ** 2))) > 0.06 * widest:
        return False  # below its widest row no half-ellipse: a box's corner on top, cut off below
    lo, hi = int(0.1 * top), max(int(0.9 * top), int(0.1 * top) + 3)
    ys = np.arange(lo, hi)
    a, b = np.polyfit(ys, widths[lo:hi], 1)
    if a <= 0:
        return False
    rms = float(np.sqrt(np.mean((a * ys + b - widths[lo:hi]) ** 2)))
    apex = -b / a
    return bool(rms < max(1.0, 0.05 * widest) and -blunt * top - _TIP_LOST / a <= apex <= 0.15 * top + 1)


def rounded_bottom(mask: np.ndarray) -> bool:
    """Whether a silhouette's lowest row is at most 0.6 of its widest: the half-ellipse of a
    can's base seen from above (a box seen square-on keeps its width down to its bottom edge)."""
    widths = _row_widths(mask)
    return bool(widths.size >= 8 and widths[-1] <= 0.6 * float(widths.max()))


def polygonal_outline(mask: np.ndarray) -> bool:
    """Whether a silhouette's convex hull is a polygon of at most six corners: within 1 % of
    its perimeter it needs no more vertices. A box's outline is one (the hull of a cuboid's
    eight corners seen from anywhere has at most six), a can's is not: the ellipses of its top
    and bottom need eight or more at that tolerance. Silhouettes under 18 px are not judged."""
    corners = hull_corners(mask)
    return corners is not None and corners <= 6


def hull_corners(mask: np.ndarray) -> int | None:
    """Vertices of a silhouette's convex hull simplified within 1 % of its perimeter;
    ``None`` under 18 px (see :func:`polygonal_outline`)."""
    import cv2

    m = np.ascontiguousarray(mask, dtype=np.uint8)
    ys, xs = np.nonzero(m)
    if ys.size == 0 or min(np.ptp(ys), np.ptp(xs)) < 18:
        return None
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    return len(cv2.approxPolyDP(hull, 0.01 * cv2.arcLength(hull, True), True))


def _round_based_cone(mask: np.ndarray) -> bool:
    """:func:`cone_outline` (a tip blunted by up to a quarter of the run allowed) with a base seen
    from above: at least a tenth of the widest row (and 2 px) of silhouette below it,
    narrowing to at most half the widest row at the bottom — a drawn triangle's widest row
    is its bottom edge, and the strip of a drop shadow under it ends square. Halfway down the
    base the silhouette is still most of the widest row (a half-ellipse keeps 87 % there): a
    drawn diamond's lower half narrows in a straight line (50 %)."""
    if not cone_outline(mask, blunt=0.25):
        return False
    widths = _row_widths(mask)
    widest = float(widths.max())
    y_w = int(np.flatnonzero(widths >= 0.95 * widest)[0])
    below = widths.size - y_w
    # the base's half-ellipse narrows to its lowest row (a drop shadow's strip ends square)
    if below < max(2.0, 0.1 * widest) or widths[-1] > 0.5 * widest:
        return False
    return below < 6 or float(widths[y_w + below // 2]) >= 0.7 * widest


#: Flat names of a box's silhouette seen with even faces (a pentagon: one corner bitten off).
_BOX_FACES = frozenset({"square", "rectangle", "pentagon", "hexagon", "polygon"})


def _base_is_shadow(mask: np.ndarray, rgb: np.ndarray) -> bool:
    """Whether the rows below a triangle's widest rows (where a cone's base would be) are of
    another chromaticity than the rows above (medians of ``r, g`` over ``r + g + b`` more
    than 0.1 apart): a drawing's grey drop shadow left in the mask. Shading leaves
    chromaticity alone, so an evenly or softly lit cone's base is the cone's own."""
    widths = _row_widths(mask)
    rows = np.flatnonzero(mask.any(axis=1))
    y_w = int(rows[0]) + int(np.flatnonzero(widths >= 0.95 * widths.max())[-1])
    above, below = mask.copy(), mask.copy()
    above[y_w:] = False
    below[: y_w + 1] = False
    if not above.any() or not below.any():
        return False

    def chroma(pixels: np.ndarray) -> np.ndarray:
        pixels = pixels.reshape(-1, 3).astype(np.float64)
        return np.median(pixels[:, :2] / np.maximum(pixels.sum(axis=1, keepdims=True), 1.0), axis=0)

    return float(np.linalg.norm(chroma(rgb[above]) - chroma(rgb[below]))) > 0.1


def _read_flat_as(obj, mask: np.ndarray, full: np.ndarray | None = None) -> str | None:
    """The solid a silhouette read flat in a 3-D scene draws, or ``None``: a cone standing on
    its base's half-ellipse; a box (a polygon of five or six corners, :func:`hull_corners`:
    two or three faces; a lone square or rectangle stays a drawn shape); a can (the silhouette classifier's cylinder at 0.6 or more, a
    rounded bottom, a hull that is no polygon of six corners; or, with its pixels ``full``, an
    even top over a band of its side, :func:`.round_solid_tops.can_top_face`); a ball (the
    classifier's sphere at 0.9 or more, filling 92 % of its enclosing circle). A round outline
    with a V on top (:func:`.round_solid_tops.pointed_top`) is a cone seen from high up."""
    from .round_solid_tops import pointed_top

    if _round_based_cone(mask) or pointed_top(mask):
        return "cone"
    if obj.attributes.shape in _BOX_FACES and hull_corners(mask) in (5, 6):
        return "cube"  # two or three even faces of a box (one face alone is a drawn rectangle)
    scores = obj.attributes.extras.get("shape_scores") or {}
    if scores.get("cylinder", 0.0) >= 0.6 and rounded_bottom(mask) and not polygonal_outline(mask):
        return "cylinder"
    if full is not None:
        from .round_solid_tops import can_top_face

        if can_top_face(mask, full):
            return "cylinder"  # an even top over a band of its side: a can seen from high up
    if scores.get("sphere", 0.0) >= 0.9:
        from .shape import silhouette_features

        if silhouette_features(mask, smooth_small=True).get("circle_fill", 0.0) >= 0.92:
            return "sphere"
    return None


def cones_read_flat(objects: list, masks: list, rgb: np.ndarray | None = None) -> list:
    """Objects read as flat shapes in a 3-D scene (the object casts a shadow, or another
    object there is a shaded solid) whose silhouette is a solid's are that solid: a cone
    (a triangle standing on the half-ellipse of its base), a can or a ball (see
    :func:`_read_flat_as`; a ball needs another shaded solid in the scene, a shadow alone
    does not make a disc a ball).

    Fog, a soft or backlit light can leave a solid's shading too even for the flatness test
    (and a scene whose objects all read even is taken for a drop-shadowed drawing), but a
    triangle standing on the half-ellipse of its base is no drawn triangle, nor is a
    silhouette with a can's outline among shaded solids a drawn hexagon or ellipse. A shape
    filled with a pattern (hatching, dots) is a drawing tool's and stays flat. With ``rgb``,
    a triangle whose "base" below its widest row is another colour (a drop shadow, see
    :func:`_base_is_shadow`) stays a triangle.
    """
    solids = any(not o.attributes.extras.get("flat") for o in objects)
    out = []
    for obj, mask in zip(objects, masks, strict=True):
        extras = obj.attributes.extras
        named = None
        if (
            extras.get("flat")
            and extras.get("pattern_ink") is None  # a hatched or dotted fill is drawn, no solid
            and (solids or extras.get("ground"))
            and mask is not None
            and mask.any()
        ):
            ys, xs = np.nonzero(mask)
            rows, cols = slice(ys.min(), ys.max() + 1), slice(xs.min(), xs.max() + 1)
            named = _read_flat_as(obj, mask[rows, cols], None if rgb is None else rgb[rows, cols])
            if named == "cone" and rgb is not None and _base_is_shadow(mask[rows, cols], rgb[rows, cols]):
                named = None
            if named != "cone" and not solids:
                named = None
        if named is not None:
            extras = {**extras, "flat": False, f"{named}_from_outline": True}
            extras.pop("shape_other", None)
            extras.pop("tone", None)
            attrs = obj.attributes.model_copy(update={"shape": named, "extras": extras})
            obj = obj.model_copy(update={"attributes": attrs})
        out.append(obj)
    return out


def ball_outline(mask: np.ndarray) -> bool:
    """Whether a silhouette's top is a ball's: its outline from the top down to a radius below
    lies on one circle (RMS within 3 % of the radius, radius 14 px or more), on at least one
    side it keeps to that circle past the circle's middle (curving in, where a can's side runs
    straight down), and the silhouette covers 90 % of the disc. What hangs below (a soft
    shadow merged with the ball) does not matter."""
    import cv2

    m = np.ascontiguousarray(mask, dtype=np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return False
    pts = max(contours, key=cv2.contourArea).reshape(-1, 2).astype(float)
    widths = _row_widths(mask.astype(bool))
    top = float(pts[:, 1].min())
    r_guess = 0.5 * float(widths[: max(8, int(0.6 * widths.max()))].max())
    if r_guess < 14:
        return False  # a smaller outline is too coarse to tell a circle from a box's corners
    upper = pts[pts[:, 1] <= top + r_guess]
    if len(upper) < 12:
        return False
    x, y = upper[:, 0], upper[:, 1]
    a = np.stack([x, y, np.ones_like(x)], 1)
    sol, *_ = np.linalg.lstsq(a, x * x + y * y, rcond=None)
    cx, cy = sol[0] / 2, sol[1] / 2
    r = float(np.sqrt(max(sol[2] + cx * cx + cy * cy, 0.0)))
    if not 0.8 * r_guess <= r <= 1.25 * r_guess:
        return False
    if float(np.sqrt(np.mean((np.hypot(x - cx, y - cy) - r) ** 2))) > max(0.8, 0.03 * r):
        return False
    band = pts[(pts[:, 1] >= cy + 0.15 * r) & (pts[:, 1] <= cy + 0.7 * r)]
    tol = max(1.5, 0.05 * r)
    on_side = []
    for side in (band[band[:, 0] < cx], band[band[:, 0] >= cx]):
        if len(side) >= 4:
            on_side.append(float((np.abs(np.hypot(side[:, 0] - cx, side[:, 1] - cy) - r) <= tol).mean()))
    if not on_side or max(on_side) < 0.8:
        return False
    disc = np.zeros_like(m)
    cv2.circle(disc, (round(cx), round(cy)), max(1, round(0.95 * r)), 1, -1)
    return bool(disc.sum() and (disc.astype(bool) & mask.astype(bool)).sum() >= 0.9 * disc.sum())


def _ball_disc(mask: np.ndarray) -> np.ndarray | None:
    """The disc of the circle :func:`ball_outline` found (the same fit), or ``None``."""
    import cv2

    if not ball_outline(mask):
        return None
    m = np.ascontiguousarray(mask, dtype=np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    pts = max(contours, key=cv2.contourArea).reshape(-1, 2).astype(float)
    widths = _row_widths(mask.astype(bool))
    r_guess = 0.5 * float(widths[: max(8, int(0.6 * widths.max()))].max())
    upper = pts[pts[:, 1] <= pts[:, 1].min() + r_guess]
    x, y = upper[:, 0], upper[:, 1]
    sol, *_ = np.linalg.lstsq(np.stack([x, y, np.ones_like(x)], 1), x * x + y * y, rcond=None)
    cx, cy = sol[0] / 2, sol[1] / 2
    r = float(np.sqrt(max(sol[2] + cx * cx + cy * cy, 0.0)))
    disc = np.zeros_like(m)
    cv2.circle(disc, (round(cx), round(cy)), max(1, round(1.05 * r)), 1, -1)
    return disc.astype(bool)


def ball_with_shadow(mask: np.ndarray, full: np.ndarray) -> bool:
    """A ball whose soft shadow joined its silhouette: :func:`ball_outline`, no polygon's hull
    (a box's corners), and what lies outside the ball's disc is under 3 % of the silhouette or
    is the floor's colour, not the ball's: its median rg-chromaticity is at least half as far
    from the disc's as the disc's is from grey, and twice as near the floor's (the crop's
    pixels outside the silhouette) as the disc's. A shadow keeps the floor's hue; a can's
    dark body below its round lit top keeps the can's. ``mask`` and ``full``: the object's
    bounding-box crop."""
    disc = _ball_disc(mask)
    if disc is None:
        return False
    mask = mask.astype(bool)
    if polygonal_outline(mask):
        return False  # a box's corners
    rest = mask & ~disc
    if rest.sum() < 0.03 * mask.sum():
        return True  # the silhouette is the disc, a rim of shadow at most
    if (~mask).sum() < 20:
        return False  # no floor beside it to compare the tail with
    pix = np.asarray(full, dtype=float)
    chroma = pix[..., :2] / (pix.sum(axis=-1, keepdims=True) + 6.0)
    ball = np.median(chroma[mask & disc], axis=0)
    tail = np.median(chroma[rest], axis=0)
    floor = np.median(chroma[~mask], axis=0)
    grey = np.array([1.0 / 3.0, 1.0 / 3.0])
    hue = float(np.linalg.norm(ball - grey))
    off_ball = float(np.linalg.norm(tail - ball))
    return hue >= 0.03 and off_ball >= 0.5 * hue and float(np.linalg.norm(tail - floor)) <= 0.5 * off_ball


def squat_can_outline(mask: np.ndarray) -> bool:
    """Whether a roundish silhouette is a squat can's, not a ball's: both its top and its bottom
    are flattened ellipse arcs. A ball's outline widens to 95 % of its widest row about 0.69 of
    a radius down from the top (and up from the bottom); a can's top and base, ellipses seen
    obliquely, reach it within half a radius (measured 0.14-0.49 on cans, 0.59 or more on balls).
    Silhouettes under 20 px wide, or polygons (:func:`polygonal_outline`), are not judged."""
    widths = _row_widths(np.asarray(mask, bool))
    widest = float(widths.max()) if widths.size else 0.0
    if widest < 20 or polygonal_outline(mask):
        return False

    def reach(w: np.ndarray) -> float:
        return int(np.flatnonzero(w >= 0.95 * widest)[0]) / (widest / 2.0)

    return reach(widths) <= 0.5 and reach(widths[::-1]) <= 0.5
