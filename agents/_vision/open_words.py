"""The attributes agent's open-vocabulary step: drawn shapes, cones, basic colour terms.

:func:`open_words` refines the CLEVR-vocabulary reading of one object: a flat (drawn)
object gets its 2-D shape and its basic colour term with tone, and no material; a
shaded one keeps the 3-D shape unless its silhouette is a cone, and its CLEVR colour
unless its lit pixels are clearly orange or pink (colours CLEVR lacks). See
:mod:`.flat`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .flat_cores import _stroked_core, core_pixels, uniform_core  # noqa: F401  (core_pixels, uniform_core: their old home)
from .gradient_fill import deep_gradient_fill, gradient_fill, linear_fill  # noqa: F401  (linear_fill: its old home)

__all__ = [
    "open_words",
    "core_pixels",
    "uniform_core",
    "faceted",
    "too_small_to_shade",
    "drawn_details",
    "enclosed_area",
]


def open_words(
    body: np.ndarray,
    mask: np.ndarray,
    colour: str,
    shape: str,
    material: str,
    *,
    ground: bool = False,
    inner: np.ndarray | None = None,
    full: np.ndarray | None = None,
    basic_terms: bool = False,
    drawing: bool = False,
    completed: np.ndarray | None = None,
    small: Any = None,
    touching: bool = False,
) -> tuple[str, str, str, dict[str, Any]]:
    """``(colour, shape, material, extras)`` with the open vocabulary applied.

    ``ground``: the segmenter saw cast shadows (objects stand on a ground plane), so no
    object is read as a flat drawing. ``inner``: the pixels well inside the outline; a
    shape drawn with a dark outline stroke is flat when its body or its inner pixels are.
    ``basic_terms``: a shaded object's colour is the basic colour term of its lit side
    (no world prior: CLEVR's palette would call lavender blue); also, only then, a small
    shape's uniform core and a gradient fill make it flat (a world's small solids may
    show one uniform face). ``full``: the crop's RGB pixels (same shape as ``mask``); a shape whose core (the mask
    eroded by a fifth of its inscribed radius) is one uniform colour is flat too (an outline
    in a darker shade of the fill; a shaded solid's core is never uniform). ``drawing``: the
    scene is a drawing with drop shadows, so a uniform core alone makes a shape flat.
    ``completed``: the outline of a flat shape partly covered by another, completed
    (:func:`~.amodal.completed_flat`); named instead of ``mask`` when the shape is flat.
    ``small``: the :class:`.subpixel.SmallShape` of a small object (no world prior): one
    with no pixels past its 2 px rim shows no shading, so it is drawn, and so is one whose
    inside is one colour within JPEG's noise (``small.plain``); a small flat shape is
    named from its sub-pixel silhouette, and not named when that is too small to tell.

    A flat shape whose outline was read but is none of the vocabulary's (a heart, a crescent)
    gets shape ``"unknown"`` and extras ``shape_other``: it is not one of the shapes counted.
    ``touching``: the shape comes within a few px of another, so a notch of its outline may
    be a bite another shape hides (only an outline concave overall is tested for a star).
    """
    from .flat import OTHER_SHAPE, colour_term
    from .pen_ink import PEN

    colour, shape, material, extras = _open_words(
        body, mask, colour, shape, material, ground=ground, inner=inner, full=full,
        basic_terms=basic_terms, drawing=drawing, completed=completed, small=small, touching=touching,
    )  # fmt: skip
    if shape == "unknown" and extras.get("flat") and "shape_unread" not in extras:
        extras["shape_other"] = OTHER_SHAPE
    from .pen_ink import neutral_pen_ink, pen_stroke, thin_stroke

    if extras.get("flat") and thin_stroke(mask):
        # A thin pen's pixels blend ink and ground by its width and the image's scale (a
        # 1 px line halved is half as dark): its lightness says nothing, its hue does, and
        # its darkest pixels may show black ink.
        extras = {**extras, "tone": None}
    if extras.get("flat") and basic_terms and full is not None and pen_stroke(mask, PEN):
        # ... and its ink is nearest where the line covers a pixel most (:func:`.pen_ink.stroke_ink`).
        from .pen_ink import stroke_ink

        ink = stroke_ink(mask, full)
        if ink is not None:
            colour = colour_term(ink)[0]
    if colour == "gray" and full is not None and extras.get("flat"):
        neutral = neutral_pen_ink(mask, full)  # black or white ink no blend makes grey-dark
        if neutral is not None:
            colour, extras = neutral, {**extras, "tone": None}
    return colour, shape, material, extras


def _open_words(
    body: np.ndarray,
    mask: np.ndarray,
    colour: str,
    shape: str,
    material: str,
    *,
    ground: bool,
    inner: np.ndarray | None,
    full: np.ndarray | None,
    basic_terms: bool,
    drawing: bool,
    completed: np.ndarray | None,
    small: Any,
    touching: bool,
) -> tuple[str, str, str, dict[str, Any]]:
    from .blurred_fill import blended_core
    from .colour import rgb_to_lab
    from .flat import colour_term, flat_shape, is_cone, is_flat

    pixels = np.asarray(body).reshape(-1, 3)
    if pixels.shape[0] == 0:
        return colour, shape, material, {}
    lab = rgb_to_lab(pixels)
    if not ground and small is not None and (small.deep < 20 or small.plain and not _boxy(mask, full)):
        term, tone = colour_term(np.median(small.ink, axis=0))
        if completed is not None:  # partly covered: named from its completed outline
            return term, flat_shape(completed, partly_hidden=True), "unknown", {"flat": True, "tone": tone}
        return term, small.name or "unknown", "unknown", _small_extras(small, tone)
    # A gradient fill's shades change smoothly (a box's faces change in steps).
    ramp = gradient_fill(mask, full) if basic_terms and full is not None else None
    if ramp is None and drawing and basic_terms and full is not None:
        ramp = deep_gradient_fill(mask, full)  # its soft drop shadow left in the mask
    if not ground and not (full is not None and _boxy(mask, full) and ramp is None):
        fill = blurred = None
        if is_flat(lab):
            fill = pixels
        elif basic_terms and full is not None and (rim_free := _rim_free(mask, full)) is not None:
            fill = rim_free  # a small shape whose 2 px rim is JPEG ringing and colour bleed
        elif ramp is not None:
            fill = ramp  # a gradient fill: linear in position, or radial on a polygon
        elif basic_terms and full is not None and (blurred := blended_core(mask, full)) is not None:
            fill = blurred  # a flat shape blurred into the page: blends of fill and page only
        elif inner is not None:
            inner = np.asarray(inner).reshape(-1, 3)
            if is_flat(rgb_to_lab(inner)):
                fill = inner
        if fill is None and full is not None:
            fill = _ring_ridge(mask, full, any_shade=basic_terms)  # an outline-only shape
        if fill is None and basic_terms and full is not None:
            fill = too_small_to_shade(mask, full)  # no pixels past the rim: no shading to see
        if fill is None:
            core = core_pixels(mask, full) if full is not None else None
            if core is not None and is_flat(rgb_to_lab(core)):
                fill = core  # an outline stroke of another shade around a uniform fill
            elif drawing and full is not None:
                fill = uniform_core(mask, full)  # outline and drop shadow hide the stroke
        if fill is not None:
            term, tone = colour_term(np.median(fill, axis=0))
            if small is not None and not drawing and completed is None:
                return term, small.name or "unknown", "unknown", _small_extras(small, tone)
            outline = _without_shadow(mask, full, fill) if drawing and full is not None else mask
            if completed is not None:
                outline = completed
            name = flat_shape(outline, partly_hidden=completed is not None or touching)
            if name == "unknown" and basic_terms and full is not None and outline is mask:
                # an unseen soft drop shadow darkest in the shape's concave corners
                name = flat_shape(_without_shadow(mask, full, fill), partly_hidden=touching)
            # its pixels only mix its fill and the page (sharp and anti-aliased, or blurred)
            blended = fill is blurred or (
                basic_terms and full is not None and blended_core(mask, full) is not None
            )
            return (
                term,
                name,
                "unknown",
                {"flat": True, "tone": tone, **({"blended": True} if blended else {})},
            )
    from .round_solid_tops import round_can
    from .solid_cues import ball_with_shadow

    extras: dict[str, Any] = {"flat": False}
    if is_cone(mask):
        shape = "cone"
    elif basic_terms and _cone_outline(mask):
        shape = "cone"  # a triangle down to the base's half-ellipse (squat or seen from above)
    elif basic_terms and shape == "sphere" and round_can(mask, full):
        shape = "cylinder"  # a round silhouette with a flattened top and base, or an even top: a can
        extras["can_from_outline"] = True
    elif basic_terms and shape in ("cube", "cylinder") and full is not None:
        from .solid_cues import box_or_can, polygonal_outline, rounded_bottom

        verdict, measures = box_or_can(mask, full)
        extras["body_shading"] = {**measures, "verdict": verdict, "silhouette": shape}
        even = measures.get("range", 99.0) < 4.0
        if verdict != "cube" and ball_with_shadow(mask, full):
            verdict, even = "sphere", False  # a ball's round top; below it only its shadow
            extras["ball_from_outline"] = True
        can_outline = rounded_bottom(mask) and not polygonal_outline(mask)
        lit_top = verdict == "cube" and measures.get("range", 0.0) >= _LIT_TOP_STEP
        if verdict is not None and not ((even or lit_top) and shape == "cylinder" and can_outline):
            # planes meet in a crease, a curved body shades smoothly; a body of even
            # lightness (fog, a light behind the camera) shows neither: a can's outline
            # standing on its base's half-ellipse stays a can (a box face seen square-on
            # whose bottom edge slants is no half-ellipse: its hull is a polygon). Nor is
            # the strong step at a can's lit top seen from high up (its rim, an ellipse)
            # a box's crease where the outline has no box's corners.
            shape = verdict
        elif verdict is None and shape == "cylinder" and polygonal_outline(mask):
            shape = "cube"  # no clean shading either way, but a hull of six corners at most
    lit_sel = lab[:, 0] >= np.percentile(lab[:, 0], 60)
    lit = pixels[lit_sel]
    if lit.shape[0]:
        term, _ = colour_term(np.median(lit, axis=0))
        if basic_terms and term == "brown":
            term = _lit_side_term(pixels, lab) or term
        lit_lab = lab[lit_sel]
        lit_l = float(np.median(lit_lab[:, 0]))
        lit_c = float(np.hypot(np.median(lit_lab[:, 1]), np.median(lit_lab[:, 2])))
        # Orange lit strongly (light) or vividly (chroma above CLEVR's browns) is orange.
        if term == "orange" and (lit_l > 67 or lit_c > 65) or term == "pink" and colour in ("red", "purple"):
            colour = term
        elif colour == "gray" and term not in ("gray", "black", "white"):
            colour = term  # a colour CLEVR's palette lacks (pink, a pastel) is not gray
        elif basic_terms and term not in ("black", "white", "gray"):
            colour = term  # no world's palette: the basic colour term of the lit side
        if basic_terms:
            colour = _white_or_black(lab) or colour
    return colour, shape, material, extras


#: A step across a can's body this large (CIELAB L) is its top facing the light above its
#: side, not the crease between two box faces of near-equal brightness (a headlit box).
_LIT_TOP_STEP = 15.0


#: A shaded solid is white when the median of its lightest tenth is at least this light
#: (a grey solid's lit side stays near L 70-84 under a full light) and no more coloured
#: than a warm or dim light tints white (a yellow solid's lit side has chroma 60 and up).
_WHITE_L, _WHITE_CHROMA = 88.0, 24.0
#: ... and black when even its lightest tenth is this dark and nearly neutral (a black
#: solid's lit side reaches L 30 or so; a grey one's 55 and up unless the scene is dim).
_BLACK_L, _BLACK_CHROMA = 33.0, 8.0


def _white_or_black(lab: np.ndarray) -> str | None:
    """ "white" or "black" for a shaded solid from its lit side (lightest tenth): the palette
    vote names both "gray" (white's shaded side and black's lit side are grey), and a
    white under a warm light reads yellowish."""
    if lab.shape[0] < 12:
        return None
    light = lab[:, 0]
    top = lab[light >= np.percentile(light, 90)]
    lit_l = float(np.median(top[:, 0]))
    chroma = float(np.hypot(np.median(top[:, 1]), np.median(top[:, 2])))
    if lit_l >= _WHITE_L and chroma <= _WHITE_CHROMA:
        return "white"
    if lit_l < _BLACK_L and chroma <= _BLACK_CHROMA:
        return "black"
    return None


def _lit_side_term(pixels: np.ndarray, lab: np.ndarray) -> str | None:
    """Orange, yellow or red when a shaded solid read brown shows that colour, vivid, on its
    lit side (the top 15 % by lightness, less specular glints: light, nearly neutral).
    Under a dim fill most of a solid can be in shade, and a shaded orange or yellow is brown
    by its lightness; a brown solid's lit side is brown or a dull orange (chroma under 48),
    however bright the light."""
    from .colour import shaded_orange
    from .flat import colour_term

    glint = (lab[:, 0] > 80) & (np.hypot(lab[:, 1], lab[:, 2]) < 12)
    keep = ~glint if (~glint).sum() >= max(12, 0.3 * lab.shape[0]) else np.ones(lab.shape[0], bool)
    light = lab[:, 0]
    top = keep & (light >= np.percentile(light[keep], 85))
    if not top.any():
        return None
    term, _ = colour_term(np.median(pixels[top], axis=0))
    chroma = float(np.hypot(np.median(lab[top, 1]), np.median(lab[top, 2])))
    if term == "brown" and shaded_orange(lab[top]):
        return "orange"  # its whole lit side in shade, too dark for orange, too vivid for brown
    return term if term in ("orange", "yellow", "red") and chroma >= 48.0 else None


def _cone_outline(mask: np.ndarray) -> bool:
    """:func:`.solid_cues.cone_outline` or, seen from high up, :func:`.solid_cues.cone_from_above`;
    a silhouette under 40 px tall may have its tip blunted by up to a quarter of the run (its
    top rows are a few px of staircase and blur)."""
    from .round_solid_tops import pointed_top
    from .solid_cues import cone_from_above, cone_outline

    rows = np.flatnonzero(np.asarray(mask).any(axis=1))
    small = rows.size > 0 and rows[-1] - rows[0] + 1 < 40
    blunt = 0.25 if small else 0.1
    return cone_outline(mask, blunt=blunt) or cone_from_above(mask, blunt=blunt) or pointed_top(mask)


def _small_extras(small: Any, tone: str | None) -> dict[str, Any]:
    extras: dict[str, Any] = {"flat": True, "tone": tone, "coverage": round(float(small.coverage), 1)}
    if small.name is None:
        extras["shape_unread"] = "too few pixels to tell the shape"
    return extras


#: A ring whose hole (the ground) is a fifth of its filled outline or more is an outline-only
#: shape (no world prior): a thick or JPEG-haloed stroke around a small hole still shows it.
_RING = 1.25


#: Outlines a diamond is read as before its pose is looked at.
_FOUR_CORNERED = ("square", "rectangle", "polygon")


def drawn_details(mask: np.ndarray, shape: str, extras: dict[str, Any]) -> str:
    """The name of a flat shape after its pose (a square or rhombus on a corner is a
    ``diamond``), recording an outline-only shape's enclosed area in ``extras``."""
    from .flat import on_its_corner

    inside = enclosed_area(mask)
    if inside is not None:
        extras["outline_area"] = round(inside, 1)
    return "diamond" if shape in _FOUR_CORNERED and on_its_corner(mask) else shape


def enclosed_area(mask: np.ndarray) -> float | None:
    """The area (px) inside an outline-only shape's stroke, the stroke included, when the
    mask is a ring whose hole (the ground: other holes were filled) is at least a fifth of
    its filled outline; else ``None``. A user sizes such a shape by what it encloses."""
    import cv2

    m = np.ascontiguousarray(np.pad(mask.astype(np.uint8), 1))
    contours, _ = cv2.findContours(m, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    solid = np.zeros(m.shape, np.uint8)
    cv2.drawContours(solid, contours, -1, 1, -1)
    filled = float(solid.sum())
    return filled if filled >= _RING * float(m.sum()) else None


def _shows_ground(mask: np.ndarray) -> bool:
    """Whether the mask is an outline-only shape (:func:`enclosed_area`): never a box's
    faces (JPEG ringing beside its stroke is a patch of another lightness)."""
    return enclosed_area(mask) is not None


def _boxy(mask: np.ndarray, full: np.ndarray) -> bool:
    """:func:`faceted`, unless the shape is a uniform fill inside a black or grey stroke (a
    small outlined shape whose stroke is half its pixels reads as a face beside the fill; a
    shaded ball's rim is a darker shade of its colour, not neutral) or a ring showing the
    ground (:func:`_shows_ground`)."""
    from .colour import rgb_to_lab

    if not faceted(mask, full) or _shows_ground(mask):
        return False
    stroked = _stroked_core(mask, full)
    if stroked is None:
        return True
    _, core_lab, dist, depth = stroked
    # The stroke's middle: 1 to 2.5 px in, or up to half the core's depth on an enlarged
    # drawing (its outer pixels blur into the ground over several px).
    rim = (dist > 1.0) & (dist <= max(2.5, 0.5 * depth))
    if rim.sum() < 12:
        return True
    rim_lab = rgb_to_lab(np.asarray(full)[rim].reshape(-1, 3))
    neutral = float(np.median(np.hypot(rim_lab[:, 1], rim_lab[:, 2]))) < 12.0
    # A grey stroke around a vivid fill may be only a little darker (a red fill's lightness
    # is about 45); a solid's darker face keeps its hue.
    vivid = float(np.hypot(*np.median(core_lab[:, 1:], axis=0))) >= 20.0
    darker = float(np.median(rim_lab[:, 0])) < float(np.median(core_lab[:, 0])) - (8.0 if vivid else 20.0)
    return not (neutral and darker)


def _rim_free(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The pixels more than 2 (or 3) px inside the outline when they are one uniform colour
    and at least a quarter of the shape, else ``None``. On a small or compressed drawing the
    first pixels inside the edge are anti-aliasing, JPEG ringing and chroma bleed (4:2:0
    subsampling smears colour over 2 px and more), and on a thin star arm they are most of
    its pixels; a shaded solid's deeper pixels still carry its shading."""
    import cv2

    from .colour import rgb_to_lab
    from .flat import is_flat

    m = np.pad(mask.astype(np.uint8), 1)
    dist = cv2.distanceTransform(m, cv2.DIST_L2, 3)[1:-1, 1:-1]
    for depth in (2.0, 3.0):  # JPEG's chroma blocks bleed further on a strong contrast
        deep = dist > depth
        if deep.sum() < 20 or deep.sum() < 0.25 * mask.sum():
            return None
        pixels = np.asarray(full)[deep].reshape(-1, 3)
        if is_flat(rgb_to_lab(pixels)):
            return pixels
    return None


def too_small_to_shade(mask: np.ndarray, full: np.ndarray) -> np.ndarray | None:
    """The innermost pixels (at least three fifths of the inscribed radius deep) of a shape
    too small or too thin to show shading, else ``None``.

    A solid is told from a drawing by the shading of its pixels past the 2 px rim (which
    on a small or compressed image is anti-aliasing and chroma bleed); a shape with fewer
    than 20 such pixels, or under a quarter of its area (a 6-12 px icon, a 1-2 px outline
    stroke), shows none, so nothing says it is a solid: without a world prior and with no
    ground seen it is read as drawn, in the colour of its innermost pixels.
    """
    import cv2

    m = np.pad(mask.astype(np.uint8), 1)
    dist = cv2.distanceTransform(m, cv2.DIST_L2, 3)[1:-1, 1:-1]
    deep = dist > 2.0
    if deep.sum() >= 20 and deep.sum() >= 0.25 * mask.sum():
        return None
    inner = dist >= max(1.0, 0.6 * float(dist.max()))
    if inner.sum() < 3:
        inner = mask.astype(bool)
    return np.asarray(full)[inner].reshape(-1, 3)


def _ring_ridge(mask: np.ndarray, full: np.ndarray, any_shade: bool = False) -> np.ndarray | None:
    """The middle of the stroke of an outline-only shape (a ring: filling its holes at least
    doubles it) when that middle is one uniform colour, else ``None``: a thin stroke's
    pixels are mostly anti-aliased rims, its ridge is the ink. With ``any_shade`` (no world
    prior) the ridge need not be uniform (a blurred or enlarged stroke's profile is a smooth
    bump) and a hole of a fifth of the filled outline makes a ring: a ring showing the ground
    through it is no cube, ball, can or cone."""
    import cv2

    from .colour import rgb_to_lab
    from .flat import is_flat

    m = mask.astype(np.uint8)
    contours, _ = cv2.findContours(np.pad(m, 1), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return None
    solid = np.zeros((m.shape[0] + 2, m.shape[1] + 2), np.uint8)
    cv2.drawContours(solid, contours, -1, 1, -1)
    if solid.sum() < (_RING if any_shade else 2.0) * m.sum():  # the ground seen through it
        return None
    dist = cv2.distanceTransform(np.pad(m, 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    ridge = dist >= max(1.0, 0.6 * float(dist.max()))
    if ridge.sum() < 20:
        return None
    pixels = np.asarray(full)[ridge].reshape(-1, 3)
    lab = rgb_to_lab(pixels)
    if is_flat(lab):
        return pixels
    if not any_shade:
        return None
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    if float(np.median(chroma)) > 15.0:  # a coloured stroke: its ink is where it is purest
        return pixels[chroma >= np.percentile(chroma, 70)]
    return pixels


def _without_shadow(mask: np.ndarray, full: np.ndarray, fill: np.ndarray) -> np.ndarray:
    """The shape of a drop-shadowed drawing without its shadow: the pixels of the fill's
    hue (the fill and an outline in a darker shade of it; a shadow is grey), holes filled.
    The mask itself when the fill is grey or too little is left."""
    import cv2

    from .colour import rgb_to_lab

    f = rgb_to_lab(np.median(np.asarray(fill).reshape(-1, 3), axis=0).reshape(1, 3).astype(np.float32))[0]
    chroma = float(np.hypot(f[1], f[2]))
    if chroma < 20.0:
        return mask
    lab = rgb_to_lab(np.asarray(full).reshape(-1, 3)).reshape(*mask.shape, 3)
    c = np.hypot(lab[..., 1], lab[..., 2])
    cos = (lab[..., 1] * f[1] + lab[..., 2] * f[2]) / np.maximum(c * chroma, 1e-6)
    keep = mask.astype(bool) & (c > 0.4 * chroma) & (cos > 0.9)
    keep = cv2.morphologyEx(keep.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(keep, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return mask
    solid = np.zeros_like(keep)
    cv2.drawContours(solid, [max(contours, key=cv2.contourArea)], -1, 1, -1)
    return solid.astype(bool) if solid.sum() >= 0.6 * mask.sum() else mask


def faceted(mask: np.ndarray, full: np.ndarray) -> bool:
    """Whether a uniformly coloured silhouette is a solid drawn with flat-shaded faces (a box:
    front, top and side in three shades of one colour): at least 12 % of it is more than 8
    CIELAB lightness units off the median, and those pixels form a face (their inscribed
    radius is at least 15 % of the silhouette's), not a thin outline stroke; on a coloured
    silhouette they keep some of its colour (a grey drop shadow is no face), and both the face and
    the rest reach the silhouette's outline (a fill inside a thick border is no face)."""
    import cv2

    from .colour import rgb_to_lab

    m = mask.astype(bool)
    if m.sum() < 60:
        return False
    lab = np.zeros((*m.shape, 3), np.float32)
    lab[m] = rgb_to_lab(np.asarray(full)[m].reshape(-1, 3))
    light = lab[..., 0]
    off = m & (np.abs(light - float(np.median(light[m]))) > 8.0)
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    main = float(np.median(chroma[m]))
    if main > 20.0:
        # A face is a shade of the box's colour; a grey band beside a coloured shape is its
        # drop shadow.
        off &= chroma > 0.35 * main
    if off.sum() < 0.12 * m.sum():
        return False
    # A box's faces each reach its silhouette's outline (seen 2-3 px in: the outermost pixels
    # are anti-aliased); a fill inside a border does not.
    dist = cv2.distanceTransform(np.pad(m.astype(np.uint8), 1), cv2.DIST_L2, 3)[1:-1, 1:-1]
    edge = (dist > 1.5) & (dist <= 3.5)
    if (off & edge).sum() < 0.1 * edge.sum() or (edge & ~off).sum() < 0.1 * edge.sum():
        return False
    whole = float(cv2.distanceTransform(np.pad(m.astype(np.uint8), 1), cv2.DIST_L2, 3).max())
    part = float(cv2.distanceTransform(np.pad(off.astype(np.uint8), 1), cv2.DIST_L2, 3).max())
    return part >= 3.0 and part >= 0.15 * whole
