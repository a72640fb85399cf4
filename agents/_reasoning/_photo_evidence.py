"""Readings a photograph's own evidence rules out, judged only where the picture is one.

The scene reliability (:func:`._describe.scene_reliability`) applies its rules to every
picture alike, so a rule strict enough for photographs made drawings abstain (an icon grid of
small cards, a render's small solids). Here each rule asks first for the evidence that the
picture is of the kind the rule is about, evidence a drawing or a render does not show:

* **lights, not solids**: an overlap that is the sum of two lights (``quality["light_adds"]``,
  ``_vision/additive_light.py``) in a picture that shows no shaded solid
  (``quality["shaded_solids"]``, ``_vision/solid_scene.py``). One such overlap alone was left
  to chance (``_describe.LIGHT_OVERLAPS``): it turns up in renders of shaded solids, whose
  highlights and floors can sum by chance; a picture with no shaded solid in it has no such
  excuse -- its discs are defocused lights (bokeh), and what they show is no count of things.
* **specks on a photographic backdrop**: a backdrop that is a photograph's continuous tone --
  off the smooth model (:data:`PHOTO_NOISE`), graded both ways so rows or columns do not
  explain it (:data:`PHOTO_ROWS`), fine detail throughout (median gradient
  :data:`PHOTO_TEXTURE`) and locally flat on under :data:`PHOTO_FLAT` of it (drawings and
  renders 0.95 and more, textured floors included) -- where every object is a speck
  (``_describe.SPECK_AREA``): lit windows of a city at night, stars, glints. On a drawing's
  ground a crowd of small marks is read (an icon grid, a render's small solids: their grounds
  are plain or explained by rows); on such a backdrop small flat patches are no drawn marks.

One reading goes the other way, sparing a drawing a photo's rule: **a drawing's blur, not a
photo's defocus** (:func:`blurred_drawing`): soft outlines (``_describe._soft_outlines``) where
every object is a flat fill that mixes only with a plain page and one has corners. And the
soft-light rule (defocused lights) judges only where the lights are most of what is graded
(:func:`mostly_lights`).
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "blurred_drawing",
    "mostly_lights",
    "photo_penalty",
    "photographic_backdrop",
    "PHOTO_NOISE",
    "PHOTO_ROWS",
    "PHOTO_TEXTURE",
    "PHOTO_FLAT",
]

#: A photograph's backdrop: the smooth model's residual (CIELAB units) from this (drawings'
#: grounds 0.3-3, a ray-traced textured floor up to 11 -- but locally flat) ...
PHOTO_NOISE = 4.0
#: ... its row-by-row (or column) residual from this (a sky over a floor is explained by rows) ...
PHOTO_ROWS = 1.0
#: ... its median gradient (CIELAB units per pixel) from this (flat drawings 0) ...
PHOTO_TEXTURE = 0.15
#: ... and its share of locally flat pixels (``quality["flat"]``) under this (drawings and
#: renders 0.95 and more, at most 0.94 on photographs).
PHOTO_FLAT = 0.95
#: The score left to a reading a photograph's evidence rules out (as ``_describe``'s rules).
PENALTY = 0.2


def photographic_backdrop(quality: dict[str, Any]) -> bool:
    """Whether the picture's backdrop is a photograph's continuous tone (module docstring)."""
    return (
        float(quality.get("noise", 0.0)) >= PHOTO_NOISE
        and float(quality.get("rows", 0.0)) >= PHOTO_ROWS
        and float(quality.get("texture", 0.0)) >= PHOTO_TEXTURE
        and float(quality.get("flat", 1.0)) < PHOTO_FLAT
    )


def photo_penalty(objs: list[Any], quality: dict[str, Any], frame_area: float, speck_area: float) -> float:
    """:data:`PENALTY` where the picture's evidence says it is a photograph of lights or of
    specks (module docstring), else 1.0. ``speck_area``: a speck's largest share of the frame."""
    lights = float(quality.get("light_adds", 0.0)) >= 1 and float(quality.get("shaded_solids", -1.0)) == 0
    if lights:
        return PENALTY
    if objs and photographic_backdrop(quality):
        if all(float(o.area or 0.0) < speck_area * frame_area for o in objs):
            return PENALTY
    return 1.0


#: Shapes with corners: no defocused light takes them (its disc is the lens's aperture).
_CORNERED = ("triangle", "square", "rectangle", "star", "diamond")


def blurred_drawing(objs: list[Any]) -> bool:
    """Whether soft outlines are a drawing's blur, not a photo's defocus: every object is a
    flat fill, at least half of them mix only that fill and a plain page (extras ``blended``,
    ``agents/_vision/blurred_fill.py``; a shape whose box holds a neighbour is not tested), and
    one of those has corners (a defocused light is a disc, the lens's aperture)."""
    blended = [o for o in objs if (o.attributes.extras or {}).get("blended")]
    return (
        2 * len(blended) >= len(objs) > 0
        and all((o.attributes.extras or {}).get("flat") for o in objs)
        and any(o.attributes.shape in _CORNERED for o in blended)
    )


#: The soft-light rule (``_describe.SOFT_LIGHT``) is judged only where lighter-all-round
#: objects make up this share of the graded objects' area (bokeh: all of it); dark solids
#: beside one pale ball are no lights.
LIGHTS_SHARE = 0.5


def mostly_lights(graded: list[Any]) -> bool:
    """Whether the graded objects lighter than their surroundings all round (those whose
    ``edge_support_lit`` is measured) make up :data:`LIGHTS_SHARE` of the graded objects' area:
    a picture of lights (bokeh), not solids among which one pale ball's shaded rim fades into
    a grey floor (its lit stretches soft where the mask stopped short of the rim)."""
    total = sum(float(o.area or 0.0) for o in graded)
    lit = sum(
        float(o.area or 0.0)
        for o in graded
        if (o.attributes.extras or {}).get("edge_support_lit") is not None
    )
    return total > 0.0 and lit >= LIGHTS_SHARE * total
