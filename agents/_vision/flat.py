"""Open vocabulary on pixels: flat (drawn) shapes, cones, and basic colour terms with light / dark.

A drawn shape is one uniform colour (:func:`is_flat`: lightness and chroma barely vary
inside it); a shaded object (render, photo) is not. Flat shapes are named from the outline
(:func:`flat_shape`): star (solidity below 0.8), circle / ellipse (fills about pi / 4 of its
rotated box and has many polygon vertices), triangle, square / rectangle (4 vertices
filling its rotated box; aspect above 1.2 makes a rectangle), pentagon, hexagon, octagon
(eight straight even sides), polygon; a square, rectangle or four-cornered polygon standing
on a corner, its corners at the middles of its box's sides, is a ``diamond``
(:func:`on_its_corner`; a rhombus too). A concave outline that is not a star (five or more
even points) is ``"unknown"``: a heart, a crescent, a cross or an arrow is named by none of
these words, and a wrong name is worse than none.
Shaded objects keep the 3-D classifier (cube, sphere, cylinder) plus :func:`is_cone`
(a silhouette narrowing to an apex at the top).

Flat colours get a basic colour term by hue in CIELAB (LCh) with the achromatic terms
(black, gray, white) by lightness, brown as dark orange / yellow / red, pink as light
red / magenta (a light purple below hue 325, lavender, stays purple), and a tone (``light`` / ``dark``) when the lightness is far from the
term's prototype (:func:`colour_term`).

Example:
    >>> colour_term((245, 140, 20)), colour_term((140, 190, 245)), colour_term((120, 70, 30))
    (('orange', None), ('blue', 'light'), ('brown', None))
"""

from __future__ import annotations

import math

import numpy as np

__all__ = [
    "is_flat",
    "flat_shape",
    "is_cone",
    "colour_term",
    "harmonics",
    "polygon_by_harmonics",
    "on_its_corner",
    "OTHER_SHAPE",
]

#: Why a flat shape has no name (extras ``shape_other``): its outline was read, and none of
#: the shape words fits it (a heart, a crescent, a cross); it is none of the shapes counted.
OTHER_SHAPE = "an outline none of the shape words name (not a star, a polygon or an ellipse)"

# Prototype (hue degrees in CIELAB, lightness) of the chromatic basic terms.
_HUES = {
    "red": (40.0, 48.0),
    "orange": (62.0, 68.0),
    "yellow": (92.0, 86.0),
    "green": (138.0, 58.0),
    "cyan": (205.0, 74.0),
    "blue": (290.0, 38.0),
    "purple": (315.0, 36.0),
    "pink": (355.0, 66.0),
}


#: Light colours of the purple hue range are pink only from this CIELAB hue on (magenta,
#: orchid, violet); below it (lavender, lilac, medium purple: Munsell 5P-10P at high value)
#: they stay purple, as in the basic colour term centroids (Sturges & Whitfield 1995).
_PINK_FROM = 325.0


def _lab(rgb: tuple[float, float, float] | np.ndarray) -> np.ndarray:
    from .colour import rgb_to_lab

    return rgb_to_lab(np.asarray(rgb, np.float32).reshape(1, 3))[0]


def colour_term(rgb: tuple[float, float, float] | np.ndarray) -> tuple[str, str | None]:
    """``(basic colour term, "light" | "dark" | None)`` of one sRGB colour."""
    L, a, b = (float(v) for v in _lab(rgb))
    chroma = math.hypot(a, b)
    if chroma < 10 + 0.1 * max(0.0, L - 70):
        if L < 22:
            return "black", None
        if L > 88:
            return "white", None
        return "gray", ("light" if L > 72 else "dark" if L < 38 else None)
    hue = math.degrees(math.atan2(b, a)) % 360.0

    def hue_gap(h: float) -> float:
        d = abs(hue - h) % 360.0
        return min(d, 360.0 - d)

    term = min(_HUES, key=lambda t: hue_gap(_HUES[t][0]))
    if term in ("blue", "purple"):
        term = _blue_or_purple(rgb)
    # Brown is dark orange / yellow; a dark red stays red while it is red-hued and saturated
    # (crimson, maroon: hue under 40, chroma over 35), else it is a reddish brown.
    dark_red = term == "red" and (chroma > 55 or hue < 40 and chroma > 35)
    if term in ("red", "orange", "yellow") and L < 50 and hue < 100 and not dark_red:
        return "brown", None
    # A dull red or orange of middle lightness (taupe, a lit brown face, a brown lightened by
    # a gradient fill) is brown too; lighter, a dull red is pink (below).
    if term in ("red", "orange") and chroma < 25 and L < 62:
        return "brown", None
    if term == "red" and L > 62 and chroma < 60:
        return "pink", None
    if term == "purple" and L > 60 and hue >= _PINK_FROM:
        return "pink", None
    proto = _HUES[term][1]
    tone = "light" if L > proto + 16 else "dark" if L < proto - 16 else None
    if term in ("yellow", "pink", "orange") and tone == "light":
        tone = None
    return term, tone


#: Blue and purple meet at this HSV hue (degrees). CIELAB hue does not separate them: the
#: sRGB blue primary (0, 0, 255) and medium purple (147, 112, 219) both sit near 306 degrees,
#: because the blue primary's hue bends toward purple at high chroma. In RGB hue blue is
#: 240, slate blue 248, medium purple 260, indigo 275, purple 300.
_PURPLE_FROM_HSV = 255.0


def _blue_or_purple(rgb: tuple[float, float, float] | np.ndarray) -> str:
    r, g, b = (float(v) for v in np.asarray(rgb, np.float32).reshape(3))
    hi, lo = max(r, g, b), min(r, g, b)
    if hi - lo < 1e-6:
        return "blue"
    if hi == b:
        hue = 240.0 + 60.0 * (r - g) / (hi - lo)
    elif hi == r:
        hue = (60.0 * (g - b) / (hi - lo)) % 360.0
    else:
        hue = 120.0 + 60.0 * (b - r) / (hi - lo)
    return "purple" if _PURPLE_FROM_HSV <= hue < 345.0 else "blue"


def is_flat(lab_pixels: np.ndarray) -> bool:
    """Whether an object's pixels are one uniform colour (a drawing, not a shaded solid)."""
    lab = np.asarray(lab_pixels, np.float32).reshape(-1, 3)
    if lab.shape[0] < 12:
        return False
    q = np.percentile(lab, [20, 80], axis=0)
    spread = q[1] - q[0]
    return bool(spread[0] < 6.0 and spread[1] < 8.0 and spread[2] < 8.0)


def _contour(mask: np.ndarray) -> np.ndarray | None:
    import cv2

    cs, _ = cv2.findContours(np.pad(mask, 2).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(cs, key=cv2.contourArea) if cs else None


def flat_shape(mask: np.ndarray, *, partly_hidden: bool = False, octagons: bool = True) -> str:
    """The 2-D shape name of a flat object's mask (see the module docstring).

    ``partly_hidden``: the mask is an outline completed under the shapes covering it; a
    notch there may be a hidden corner it could not complete, so only an outline concave
    overall (solidity under 0.8) is tested for a star, and it is one only where five or more
    like points show (the concavity may be the bite of the shape in front). ``octagons=False``: a small shape's
    enlarged silhouette, where a circle's pixel steps leave straight facets, is never an
    octagon."""
    import cv2

    c = _contour(mask)
    if c is None or len(c) < 5:
        return "polygon"
    area = float(cv2.contourArea(c))
    hull = float(cv2.contourArea(cv2.convexHull(c))) or 1.0
    notches = [] if partly_hidden else _notches(c)
    if area / hull < 0.8 or notches:
        # Concave: a star has five or more even points; a heart, a crescent, a cross or an
        # arrow is none of the vocabulary's shapes.
        if not notches and not _holds_centre(mask):
            return "unknown"  # an arc or a hook (a broken outline's piece), not a blurred star
        (_, _), (rw, rh), _ = cv2.minAreaRect(c)
        if max(rw, rh) > 2.0 * max(min(rw, rh), 1.0):
            return "unknown"  # a star is about as wide as tall; a ragged bar is no star
        points = _notches(c, 0.5 * max(d for d, _ in notches)) if notches else []
        return "star" if _star_points(points) else "unknown"
    (_, _), (rw, rh), _ = cv2.minAreaRect(c)
    fill = area / max(rw * rh, 1.0)
    aspect = max(rw, rh) / max(min(rw, rh), 1.0)
    peri = cv2.arcLength(c, True)
    quad = cv2.approxPolyDP(c, 0.035 * peri, True)  # the outline's corners
    n = len(quad)
    if octagons and _octagon(c, peri):
        return "octagon"
    if _on_ellipse(c) and fill < _BOX_FILL:
        # A hexagon 36 px across stays within the fit's tolerance: its six sides still
        # stand out in the radius's harmonics. A regular hexagon is 1.155 times as wide
        # across its corners as across its sides, so the harmonics are read before the
        # aspect makes it an ellipse (an ellipse's even harmonics past the 2nd are far
        # under the 6th's threshold up to an aspect of 1.3).
        amp = harmonics(mask) if aspect < _ROUND_POLYGON_ASPECT else None
        polygon = polygon_by_harmonics(amp) if amp is not None else None
        return polygon or ("ellipse" if aspect >= 1.15 else "circle")
    if n == 3 or n <= 5 and _triangle_fill(c, area) >= 0.88:  # a corner blunted by a thick stroke
        return "triangle"
    if n == 4 and fill > 0.86 or fill >= _BOX_FILL:
        return "square" if aspect < 1.2 else "rectangle"
    # Four straight sides, not a box (a rhombus, a kite, a trapezoid): the corners hold 95 %
    # of the outline's area (a round outline's four inscribed corners hold at most 64 %).
    if n == 4 and float(cv2.contourArea(quad)) >= 0.95 * area:
        return "polygon"
    if n == 4 and _blunt_four_sided(c, quad, area) and on_its_corner(mask):
        return "diamond"  # a small one enlarged: its corners are blunt
    if n in (5, 6):
        return _five_or_six(mask) or ("pentagon" if n == 5 else "hexagon")
    if 0.72 < fill < 0.84:
        return "circle" if aspect < 1.15 else "ellipse"
    return "polygon"


def _blunt_four_sided(contour: np.ndarray, quad: np.ndarray, area: float) -> bool:
    """Whether the outline is a quadrilateral with blunt corners (a small rhombus enlarged
    with a smoothing filter): its four corners ``quad`` cover 80 % of its area or more and no
    outline point lies farther than 1.5 px (9 % of the size) from them."""
    import cv2

    if len(quad) != 4 or float(cv2.contourArea(quad)) < 0.8 * area:
        return False
    (_, _), (rw, rh), _ = cv2.minAreaRect(contour)
    tol = max(1.5, 0.09 * max(rw, rh))
    pts = contour.reshape(-1, 2).astype(np.float32)
    far = max(abs(cv2.pointPolygonTest(quad, (float(x), float(y)), True)) for x, y in pts)
    return bool(far <= tol)


#: Up to this aspect a round outline's harmonics may name it a hexagon or an octagon.
_ROUND_POLYGON_ASPECT = 1.3
#: An outline filling this share of its rotated box is a square or a rectangle, even when it
#: lies within the ellipse fit's tolerance (a rectangle 6 px tall, its corners rounded by the
#: pixels: an ellipse fills 0.785, an octagon 0.83).
_BOX_FILL = 0.88

#: A notch of the outline deeper than this share of its radius makes it concave (a heart's
#: cleft, a crescent's hollow, a star's or a cross's inner corners); a convex shape's
#: pixel steps and blunted corners stay far below it.
_NOTCH_DEPTH = 0.15


def _radius(contour: np.ndarray) -> tuple[np.ndarray, float]:
    pts = contour.reshape(-1, 2).astype(np.float64)
    centre = pts.mean(axis=0)
    return centre, float(np.hypot(*(pts - centre).T).max())


def _notches(contour: np.ndarray, depth: float = _NOTCH_DEPTH) -> list[tuple[float, float]]:
    """``(depth / radius, angle about the centre)`` of each notch of the outline deeper than
    ``depth`` radii (and 1.5 px)."""
    import cv2

    hull = cv2.convexHull(contour, returnPoints=False)
    if hull is None or len(hull) < 4:
        return []
    try:
        defects = cv2.convexityDefects(contour, np.sort(hull, axis=0))
    except cv2.error:  # a self-touching outline
        return []
    if defects is None:
        return []
    centre, radius = _radius(contour)
    pts = contour.reshape(-1, 2)
    out = []
    for _, _, far, fixed in defects.reshape(-1, 4):
        d = fixed / 256.0
        if d > max(1.5, depth * radius):
            x, y = pts[far] - centre
            out.append((d / radius, math.atan2(y, x)))
    return out


def _holds_centre(mask: np.ndarray) -> bool:
    """Whether the shape covers its own centroid (within 1 px): a star does, an arc or a
    crescent curls around it."""
    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return False
    cy, cx = int(round(float(ys.mean()))), int(round(float(xs.mean())))
    return bool(mask[max(cy - 1, 0) : cy + 2, max(cx - 1, 0) : cx + 2].any())


def _star_points(notches: list[tuple[float, float]]) -> bool:
    """Five or more notches (at least half as deep as the deepest) of like depth, spread
    evenly around the centre (a star's inner corners); four (a cross), one or two (a heart,
    a crescent, an arrow) are not a star. A shape concave overall whose notches were not
    found (a blurred small star) stays a star."""
    if not notches:
        return True
    if len(notches) < 5:
        return False
    depths = [d for d, _ in notches]
    angles = sorted(a for _, a in notches)
    gaps = np.diff(angles + [angles[0] + 2 * math.pi])
    even = gaps.max() < 1.7 * (2 * math.pi / len(angles))
    return bool(even and min(depths) > 0.5 * max(depths))


def _octagon(contour: np.ndarray, peri: float) -> bool:
    """Eight straight sides of like length meeting at about 135 degrees (a stop sign): the
    outline stays within 2 % of the radius (1 px at least) of its eight-gon, where a circle
    bulges past each side by 8 % of its radius."""
    import cv2

    poly = cv2.approxPolyDP(contour, 0.01 * peri, True).reshape(-1, 2).astype(np.float64)
    if len(poly) != 8:
        return False
    _, radius = _radius(contour)
    if radius < 10:
        return False
    sides = np.hypot(*(np.roll(poly, -1, axis=0) - poly).T)
    if sides.min() < 0.6 * sides.max():
        return False
    gap = max(
        abs(cv2.pointPolygonTest(poly.astype(np.float32), (float(x), float(y)), True))
        for x, y in contour.reshape(-1, 2)
    )
    return bool(gap <= max(1.0, 0.02 * radius))


def _five_or_six(mask: np.ndarray) -> str | None:
    """Pentagon or hexagon by the radius's 5th and 6th harmonics when one stands out (three
    times the other): a small pentagon's steep sides, cut into pixel steps, can add a sixth
    vertex to its polygon, but its outline still turns five times."""
    amp = harmonics(mask)
    if amp is None:
        return None
    fifth, sixth = float(amp[5]), float(amp[6])
    if fifth >= 0.03 and fifth >= 3.0 * sixth:
        return "pentagon"
    if sixth >= 0.02 and sixth >= 3.0 * fifth:
        return "hexagon"
    return None


def _triangle_fill(contour: np.ndarray, area: float) -> float:
    """The share of the smallest enclosing triangle the outline fills (a triangle about 1, a
    square 0.5, a circle 0.6)."""
    import cv2

    tri_area, _ = cv2.minEnclosingTriangle(contour.astype(np.float32))
    return area / tri_area if tri_area > 0 else 0.0


def _on_ellipse(contour: np.ndarray) -> bool:
    """Whether every outline point lies within 5 % (and 1.5 px) of the ellipse fitted to it."""
    import cv2

    (cx, cy), (w, h), angle = cv2.fitEllipse(contour)
    a, b = w / 2.0, h / 2.0
    if min(a, b) < 3:
        return False
    pts = contour.reshape(-1, 2).astype(np.float64) - (cx, cy)
    t = math.radians(angle)
    x = pts[:, 0] * math.cos(t) + pts[:, 1] * math.sin(t)
    y = -pts[:, 0] * math.sin(t) + pts[:, 1] * math.cos(t)
    r = np.sqrt((x / a) ** 2 + (y / b) ** 2)
    tol = max(0.05, 1.5 / min(a, b))
    return bool(np.abs(r - 1.0).max() < tol)


def is_cone(mask: np.ndarray) -> bool:
    """A shaded silhouette narrowing to an apex at its top (width there under 25 % of the widest)."""
    ys, xs = np.nonzero(mask)
    if ys.size < 50:
        return False
    y0, y1 = ys.min(), ys.max()
    height = y1 - y0 + 1
    rows = mask[y0 : y1 + 1].sum(axis=1).astype(float)
    widest = rows.max()
    top = rows[: max(1, height // 6)].mean()
    mid = rows[height // 2]
    lower = rows[int(height * 0.8)]
    # Width grows steadily from the apex down: top << middle < lower part.
    return bool(top < 0.25 * widest and mid < 0.8 * lower and mid > 0.3 * lower and height > 0.7 * widest)


def harmonics(solid: np.ndarray) -> np.ndarray | None:
    """Amplitudes of the harmonics 0-12 of the outline's radius about the centroid, as
    shares of the mean radius (``None`` when there is no outline)."""
    import cv2

    contours, _ = cv2.findContours(solid.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    pts = max(contours, key=cv2.contourArea).reshape(-1, 2).astype(np.float64)
    m = cv2.moments(solid.astype(np.uint8), binaryImage=True)
    if m["m00"] <= 0 or len(pts) < 16:
        return None
    d = pts - (m["m10"] / m["m00"], m["m01"] / m["m00"])
    theta, radius = np.arctan2(d[:, 1], d[:, 0]), np.hypot(d[:, 0], d[:, 1])
    order = np.argsort(theta)
    grid = np.linspace(-math.pi, math.pi, 360, endpoint=False)
    profile = np.interp(grid, theta[order], radius[order], period=2 * math.pi)
    return np.abs(np.fft.rfft(profile)[:13]) * 2 / len(profile) / max(float(profile.mean()), 1e-6)


#: Amplitudes (share of the mean radius) of the radius's 6th / 8th harmonic about the
#: centroid: a regular hexagon's is 0.058, an octagon's 0.032; a circle's, through pixel
#: steps and JPEG, 0.015 or less on outlines 10 px across and more (0.005 from 20 px).
_HEX_SIXTH, _OCT_EIGHTH = 0.035, 0.02


def polygon_by_harmonics(amp: np.ndarray) -> str | None:
    """``"hexagon"`` / ``"octagon"`` when the 6th / 8th harmonic of a round outline's radius
    stands out (1.5 times the 3rd-8th others), else ``None``."""
    sixth, eighth = float(amp[6]), float(amp[8])
    other = float(max(amp[3], amp[4], amp[5], amp[7]))
    if eighth >= _OCT_EIGHTH and eighth >= 1.5 * max(sixth, other):
        return "octagon"
    if sixth >= _HEX_SIXTH and sixth >= 1.5 * max(eighth, other):
        return "hexagon"
    return None


def on_its_corner(mask: np.ndarray) -> bool:
    """Whether a filled four-cornered outline stands on a corner (a diamond / rhombus): its
    polygon has four vertices, one near the middle of each side of its bounding box (within
    15% of the box's size along the side, 12% across it)."""
    import cv2

    m = np.ascontiguousarray(mask, dtype=np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return False
    contour = max(contours, key=cv2.contourArea)
    x, y, w, h = cv2.boundingRect(contour)
    if min(w, h) < 8:
        return False
    poly = cv2.approxPolyDP(contour, 0.04 * cv2.arcLength(contour, True), True).reshape(-1, 2)
    if len(poly) != 4:
        return False
    cx, cy = x + (w - 1) / 2, y + (h - 1) / 2
    sides = {
        "top": lambda p: abs(p[1] - y) <= 0.12 * h and abs(p[0] - cx) <= 0.15 * w,
        "bottom": lambda p: abs(p[1] - (y + h - 1)) <= 0.12 * h and abs(p[0] - cx) <= 0.15 * w,
        "left": lambda p: abs(p[0] - x) <= 0.12 * w and abs(p[1] - cy) <= 0.15 * h,
        "right": lambda p: abs(p[0] - (x + w - 1)) <= 0.12 * w and abs(p[1] - cy) <= 0.15 * h,
    }
    return all(sum(1 for p in poly if near(p)) == 1 for near in sides.values())
