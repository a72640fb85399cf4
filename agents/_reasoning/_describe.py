"""Answerers for the wider question forms (:mod:`~spatioxolver.agents._reasoning._question_forms`), and
the reasoner's abstention on scenes the pixels do not explain.

* ``attribute`` — the colour (with light / dark), shape or size of the object(s) named;
* ``relative`` — the nearest object on the asked side of a reference;
* ``compare_count`` — more / fewer / as many;
* ``grid`` — rows or columns: centroids clustered along one axis (a gap wider than half
  the typical object size starts a new row);
* ``mirror`` — whether every object has a mirror partner of the same colour and shape
  across the layout's vertical (or horizontal) mid-line.

:func:`abstention` reads the scene-level reliability that perception stored in
``graph.images[k].quality`` (see :mod:`spatioxolver.agents._vision.reliability`) and the
objects found; below :data:`RELIABILITY_THRESHOLD` the answer is "cannot tell from
pixels" (``value=None``, ``abstained=True``), never a number.
"""

from __future__ import annotations

import math
import re
from typing import Any

from spatioxolver.agents._reasoning._cells import CELL_HANDLERS, bands, pick_cell
from spatioxolver.agents._reasoning._central import CENTRAL_HANDLERS
from spatioxolver.agents._reasoning._claims import CLAIM_HANDLERS
from spatioxolver.agents._reasoning._closer import CLOSER_HANDLERS
from spatioxolver.agents._reasoning._containment import CONTAINMENT_HANDLERS
from spatioxolver.agents._reasoning._drawn_size import drawn_size
from spatioxolver.agents._reasoning._either import answer_either, answer_either_attribute, answer_either_count
from spatioxolver.agents._reasoning._frame_half import FRAME_HALF_HANDLERS
from spatioxolver.agents._reasoning._mirrored_ground import mirrors_patterned_ground
from spatioxolver.agents._reasoning._names import _tone_as_description, said_together, typical_size
from spatioxolver.agents._reasoning._order import _order
from spatioxolver.agents._reasoning._photo_evidence import blurred_drawing, mostly_lights, photo_penalty
from spatioxolver.agents._reasoning._position import POSITION_HANDLERS, pick_ordinal
from spatioxolver.agents._reasoning._refs import singular
from spatioxolver.agents._reasoning._render_field import rendered_ground_score
from spatioxolver.agents._reasoning._same_as import SAME_AS_HANDLERS
from spatioxolver.agents._reasoning._sets import SET_HANDLERS
from spatioxolver.agents._reasoning._shape_facts import FACT_HANDLERS
from spatioxolver.agents._reasoning._symbolic import (
    SymbolicAnswer,
    _candidates,
    _object_answer,
    _one,
    _ref_name,
    _ReferenceProblem,
    resolve,
)
from spatioxolver.agents._reasoning._tally import TALLY_HANDLERS
from spatioxolver.agents._reasoning._touching import TOUCHING_HANDLERS
from spatioxolver.agents._reasoning._where import WHERE_HANDLERS

from spatioxolver.schema import SceneGraph, SpatialObject

__all__ = ["HANDLERS", "abstention", "scene_reliability", "RELIABILITY_THRESHOLD", "ABSTAIN_TEXT"]

#: Below this scene reliability the geometric reasoner abstains.
RELIABILITY_THRESHOLD = 0.5
#: An object whose ``interior_detail`` (``_vision/reliability.py``) reaches this is
#: textured inside: a photo's subject, not a drawn fill or a shaded solid.
DETAILED_INTERIOR = 0.15
#: ... and its share of inner pixels beyond 5 CIELAB units reaches this (JPEG block noise
#: on a small drawn shape passes the first test, not this one; nor do a mesh render's facet
#: lines on a cone, 0.07; a photo's textured subject is 0.11 or more, JPEG q50 too).
COARSE_INTERIOR = 0.09
#: A shape of one uniform colour whose inner pixels are this often beyond 5 CIELAB units from
#: their neighbourhood is no drawn fill holding a letter (a word inside stays under 0.07 even
#: beyond 3 units, JPEG block noise under 0.05): it is a textured subject (a tree's canopy of
#: leaves, 0.77), however small and however uniform its dominant colour.
TEXTURED_FILL = 0.3
ABSTAIN_TEXT = "Cannot tell from pixels; use a vision-language model"
#: ... unless this share of its inner pixels is exactly plain (``interior_plain``): a
#: render's flat-shaded facets (0.17 and up), not a photo's noisy texture (0.01 or less).
PLAIN_INTERIOR = 0.1
#: An object no shape fits and under this share of the frame is a speck (a bright caustic
#: line, a leaf, a cloud's edge when it sits in texture; a drawn mark when on plain ground).
SPECK_AREA = 0.005
#: A backdrop off a plain ground: its residual scale after the smooth model (drawn grounds,
#: JPEG'd or graded, 0.3-0.75) or its row-by-row residual (drawn grounds up to 0.5) beyond these.
TEXTURED_NOISE = 0.8
TEXTURED_ROWS = 1.0
#: A picture with no plain row or column (``reliability.PLAIN_LINES``) is one continuous
#: field, textured where its median gradient reaches this (CIELAB units per pixel; flat
#: drawings 0, a paper texture or JPEG'd gradient up to 0.3 but with plain rows).
FIELD_TEXTURE = 0.15
#: Under this share of the frame explained by the backdrop model and the objects together,
#: with rows that do not explain the rest either, the reading missed most of the picture
#: (drawings 0.55 or more; shaded 3-D scenes down to 0.37, but their rows explain them).
EXPLAINED_SHARE = 0.5
#: Objects whose outlines lie on a sharp colour step on under this share of their length
#: (``_vision/edge_support.py``; weighted by area) have soft outlines: clouds and glows
#: 0.0-0.43, the clock photo 0.46 (caught only just); drawn shapes and shaded solids, noisy
#: or JPEG'd, 0.74 and more, but a drawn shape whose mask took in its soft drop shadow
#: 0.55-0.62; defocused lights (bokeh) 0.5-0.7 are told from those by :data:`SOFT_LIGHT`.
SOFT_EDGE = 0.45
#: Graded objects (read as shaded solids) whose lit stretches of outline (where the object is
#: lighter than its surroundings, ``edge_support_lit``) lie on a sharp step on under this share
#: of their length (weighted by area) are light spreading out, not solids: defocused lights
#: (bokeh) 0.58-0.71. A solid's lit body ends on a sharp step, noisy or JPEG'd (0.89 and
#: more); its soft stretches are penumbrae, where it is the darker side (a soft shadow taken
#: into its mask: shaded solids' whole outlines 0.79 and up), which do not count here. Flat
#: shapes are left out: a drawn disc with a soft glow around a crisp core is still read.
SOFT_LIGHT = 0.8
#: Plateaus that are the sum of two overlapping lights (``quality["light_adds"]``,
#: ``_vision/additive_light.py``) from which the picture is one of lights: bokeh with
#: overlapping discs shows 2-4; one alone may be a chance sum of three drawn colours.
LIGHT_OVERLAPS = 2
#: Colour names of solids a floor tiled in greys can hide.
NEUTRAL_COLOURS = ("gray", "grey", "white", "black", "silver")
#: Reliability left to a reading that names such a solid on such a floor.
NEUTRAL_ON_GREY_TILES = 0.3
#: ... in a picture without colour (``quality["grey"]``), where lightness is the only evidence
#: for an outline, this share: grey drawings keep 0.89 and more (sensor noise, graded ground,
#: JPEG q15), shaded solids 0.66 and more; a blurred grey photograph's subject (the clock
#: photo) 0.45-0.51.
GREY_SOFT_EDGE = 0.65
#: Objects whose outlines meet a like colour far across (no step at all, ``edge_open``) on
#: this share of their length or more (weighted by area) are not told from their surroundings
#: there: pieces of a glow or a sky cut where a threshold fell in a gradient (the sky above a
#: silhouetted ridge 0.37-0.63, a sun's halo 0.4-0.6, a photo strip's pieces under a plain sky
#: 0.38-0.62). Drawn shapes leave none; rendered solids, a grey one on a grey floor included,
#: up to 0.42 one by one but at most 0.17 over a scene's objects.
OPEN_OUTLINE = 0.35


def scene_reliability(graph: SceneGraph) -> float | None:
    """Reliability (0..1) of the geometric reading of frame 0, ``None`` when not measured.

    The image-level score (how well a smooth background explains the pixels that are not
    objects, how textured it is; see ``agents/_vision/reliability.py``) times penalties for
    what the segments say: objects covering most of the frame (a photo's subject), a
    crowd of segments (texture cut into pieces).
    """
    if not graph.images or not graph.images[0].quality:
        return None
    quality = graph.images[0].quality
    score = float(quality.get("reliability", 1.0))
    info = graph.images[0]
    frame_area = max(float(info.width * info.height), 1.0)
    objs = [o for o in graph.objects if o.frame == 0]
    as_ground = rendered_ground_score(objs, quality, _textured)
    if as_ground is not None:  # a rendered textured ground with solids on it, no photo's field
        score = as_ground
    if not objs and float(quality.get("structures", 0.0)) >= 1:
        # Nothing found, yet the picture shows compact edges (faint solids under haze and
        # noise): "no objects" would be a confident guess.
        score *= 0.2
    elif not objs and float(quality.get("textured_ground", 0.0)):
        # Nothing found on a ground read by its recurring colours (planks, ridged sand): that
        # reading explains whatever recurs, a faint solid as well as a dune's crest.
        score *= 0.2
    score *= _unexplained_penalty(objs, quality, (float(info.width), float(info.height)))
    score *= photo_penalty(objs, quality, frame_area, SPECK_AREA)  # judged where it is a photo
    if float(quality.get("neutral_ground", 0.0)) and any(o.attributes.color in NEUTRAL_COLOURS for o in objs):
        # Tiles in greys (a grey checkerboard): a grey, white or black solid on them shows the
        # tiles' own colours, so it is cut or lost (and a shadow's leftover reads as one):
        # only clearly coloured solids are read with confidence there.
        score *= NEUTRAL_ON_GREY_TILES
    soft = GREY_SOFT_EDGE if float(quality.get("grey", 0.0)) else SOFT_EDGE
    graded = [o for o in objs if not (o.attributes.extras or {}).get("flat")]
    soft_lights = _soft_outlines(graded, SOFT_LIGHT, key="edge_support_lit") and mostly_lights(graded)
    if (
        (_soft_outlines(objs, soft) and not blurred_drawing(objs))
        or soft_lights
        or _open_outlines(objs)
        or _graded_band(objs, info.width, info.height)
        or float(quality.get("light_adds", 0.0)) >= LIGHT_OVERLAPS
    ):
        # ... or where patches overlap, the overlap is the sum of both (``light_adds``): lights
        # (defocused, glowing), whose discs are no shapes to count.
        score *= 0.2
    subjects = [
        o
        for o in objs
        if _textured(o)
        and not mirrors_patterned_ground(o, quality)  # a glossy solid mirroring the tiles
        and (
            not (o.attributes.extras or {}).get("flat")
            or float(o.area or 0.0) > 0.3 * frame_area
            or float((o.attributes.extras or {}).get("interior_coarse", 0.0)) >= TEXTURED_FILL
        )
    ]
    # A ring-like shape (an outline-only reading) enclosing texture, not plain ground: leaves
    # with sky between them, a tree's canopy.
    subjects += [
        o for o in objs if float((o.attributes.extras or {}).get("enclosed_coarse", 0.0)) >= TEXTURED_FILL
    ]
    if subjects:
        # An object textured inside (a fundus and its vessels, a cat's fur, a rocket's
        # girders): a photo's subject, however flat its colour reads when it fills much of
        # the frame. A smaller shape of one uniform colour with some detail inside is a drawn
        # shape holding a letter or blurred by JPEG, not a photo's subject -- unless its
        # inside is texture throughout (TEXTURED_FILL: a tree's canopy of leaves).
        score *= 0.2
    elif objs and all((o.attributes.extras or {}).get("flat") for o in objs) and len(objs) <= 40:
        # A flat drawing (every object one uniform colour, which a photo's subjects are not):
        # a big shape filling much of the canvas is still a drawing, not a photo's subject.
        return round(max(0.0, min(1.0, score)), 3)
    coverage = sum(float(o.area or 0.0) for o in objs) / frame_area
    if coverage > 0.45:
        score *= max(0.0, 1.0 - (coverage - 0.45) * 3.0)
    if len(objs) > 40:
        score *= 0.3
    largest = max((float(o.area or 0.0) for o in objs), default=0.0) / frame_area
    if largest > 0.3:
        score *= 0.4
    return round(max(0.0, min(1.0, score)), 3)


def _unexplained_penalty(
    objs: list[SpatialObject], quality: dict[str, Any], frame: tuple[float, float]
) -> float:
    """0.2 where the reading leaves the picture unexplained, else 1.0:

    * nothing found on a backdrop that neither the smooth model nor its rows or columns
      explain (residual and row residual both over 4 Lab units: dunes, waves; a drawn sky
      over a floor is explained by rows, under 2.5) -- "0 objects" would be a guess;
    * nothing found on a continuous-tone field: textured (median gradient
      :data:`FIELD_TEXTURE` or more) and off the smooth model (:data:`TEXTURED_NOISE`) with no
      plain row or column anywhere (sand, grain, a macro shot); a drawn ground, even graded,
      noisy or paper-textured, leaves plain rows or columns, or fits the model; nor, on such
      a field, objects none of which ends on a sharp step (a graded sky's corner cut at the
      frame, flecks of grain: a drawn shape's outline is measured and sharp);
    * on a textured backdrop (:data:`TEXTURED_NOISE`, :data:`TEXTURED_ROWS`), half the
      objects are specks (:data:`SPECK_AREA`) no shape fits, or eight or more and two thirds
      are specks: pieces of texture (caustics, foliage, terrain), not drawn marks;
    * on a textured backdrop, every object a speck, all of them together under
      :data:`SPECK_AREA` of the frame, and half of them loose (no flat named shape): points
      of light on a night sky or a nebula, not a drawing's marks;
    * the backdrop model and the objects together explain under :data:`EXPLAINED_SHARE`
      of the picture and rows do not explain it (a textured field read as flat pieces)."""
    from spatioxolver.agents._vision.reliability import PLAIN_LINES

    frame_area = max(frame[0] * frame[1], 1.0)
    noise, rows = float(quality.get("noise", 0.0)), float(quality.get("rows", 0.0))
    field = float(quality.get("plain_lines", 1.0)) < PLAIN_LINES
    continuous = field and noise >= TEXTURED_NOISE and float(quality.get("texture", 0.0)) >= FIELD_TEXTURE
    if not objs:
        if continuous:
            return 0.2
        return 0.2 if noise > 4.0 and rows > 4.0 else 1.0
    if continuous and not any(_stands_out(o, frame) for o in objs):
        # A continuous-tone field (no plain line, textured, off the smooth model) from which
        # no object stands out on a sharp step (:data:`SOFT_EDGE`): what was found is where a
        # threshold fell in the field (a frame corner of a graded sky, a fleck of its grain),
        # as much a guess as "0 objects" there. A drawing's shapes end on a step.
        return 0.2
    textured = noise >= TEXTURED_NOISE or rows >= TEXTURED_ROWS
    specks = [o for o in objs if float(o.area or 0.0) < SPECK_AREA * frame_area]
    unnamed = [o for o in specks if not o.attributes.shape]
    # A small named shape of one flat colour is a drawn mark (a crowd of icons on textured
    # paper), not a piece of texture.
    loose = [o for o in specks if not (o.attributes.shape and (o.attributes.extras or {}).get("flat"))]
    if textured and (2 * len(unnamed) >= len(objs) or (len(loose) >= 8 and 3 * len(loose) >= 2 * len(objs))):
        return 0.2
    dust = len(specks) == len(objs) and sum(float(o.area or 0.0) for o in objs) < SPECK_AREA * frame_area
    if textured and dust and 2 * len(loose) >= len(objs):
        return 0.2
    inliers = quality.get("background_inliers")
    if inliers is not None and rows >= TEXTURED_ROWS:
        coverage = sum(float(o.area or 0.0) for o in objs) / frame_area
        if float(inliers) + coverage < EXPLAINED_SHARE:
            return 0.2
    return 1.0


def _stands_out(obj: SpatialObject, frame: tuple[float, float]) -> bool:
    """Whether ``obj`` stands out of its surroundings as an object: its outline, measured
    (``edge_support``, an object big enough), lies on a sharp colour step for at least
    :data:`SOFT_EDGE` of its length; or, too small to be measured, it is a flat named shape
    clear of the frame's border (a drawn mark; a piece cut at the frame is a corner of the
    backdrop)."""
    extras = obj.attributes.extras or {}
    support = extras.get("edge_support")
    if support is not None:
        return float(support) >= SOFT_EDGE
    box = obj.bbox
    inside = box is not None and box[0] > 1 and box[1] > 1 and box[2] < frame[0] - 2 and box[3] < frame[1] - 2
    return bool(obj.attributes.shape and extras.get("flat") and inside)


def _soft_outlines(objs: list[SpatialObject], soft: float = SOFT_EDGE, key: str = "edge_support") -> bool:
    """Whether the measured objects' outlines (``edge_support``, ``agents/attributes.py``),
    weighted by area, lie on a sharp colour step for under ``soft`` of their length
    (:data:`SOFT_EDGE`; :data:`GREY_SOFT_EDGE` in a picture without colour):
    clouds, a nebula's glow, defocused lights, pieces of a photo's texture -- the outline is
    where a threshold fell in a gradient, so counts, shapes and sizes read from it are guesses.
    Drawn shapes and shaded solids, JPEG'd or noisy, keep three quarters or more on a step.
    ``key="edge_support_lit"``: the lit stretches only (:data:`SOFT_LIGHT`)."""
    measured = [o for o in objs if (o.attributes.extras or {}).get(key) is not None]
    total = sum(float(o.area or 0.0) for o in measured)
    if total <= 0.0:
        return False
    support = sum(float(o.area or 0.0) * float(o.attributes.extras[key]) for o in measured)
    return support < soft * total


def _open_outlines(objs: list[SpatialObject]) -> bool:
    """Whether the measured objects' outlines (``edge_open``, ``agents/attributes.py``),
    weighted by area, meet a like colour for :data:`OPEN_OUTLINE` of their length or more:
    there the object's colour runs on into its surroundings, so its extent, shape and count
    are where a threshold fell (the glow over a horizon, a halo), not an object's edge."""
    measured = [o for o in objs if (o.attributes.extras or {}).get("edge_open") is not None]
    total = sum(float(o.area or 0.0) for o in measured)
    if total <= 0.0:
        return False
    share = sum(float(o.area or 0.0) * float(o.attributes.extras["edge_open"]) for o in measured)
    return share >= OPEN_OUTLINE * total


def _graded_band(objs: list[SpatialObject], width: float, height: float) -> bool:
    """Whether graded (not flat) objects, side by side without a gap, run from one edge of the
    frame to the opposite one: a stretch of sky or ground cut out of a gradient (the glow
    above a horizon, whole or in pieces), not objects standing in the scene. A drawn bar
    across the canvas is flat; solids in a scene leave ground between them."""
    graded = [o.bbox for o in objs if o.bbox is not None and not (o.attributes.extras or {}).get("flat")]
    for along, size in ((0, width), (1, height)):
        across = 1 - along
        for seed in graded:
            if seed[along] > 1:
                continue
            reach, rows = seed[along + 2], (seed[across], seed[across + 2])
            grown = True
            while grown and reach < size - 1:
                grown = False
                for b in graded:
                    overlaps = b[across] < rows[1] and b[across + 2] > rows[0]
                    if overlaps and b[along] <= reach + 2 and b[along + 2] > reach:
                        reach, grown = b[along + 2], True
            if reach >= size - 1:
                return True
    return False


def _textured(obj: SpatialObject) -> bool:
    """Whether ``obj`` (any object over ``DETAIL_AREA`` of the frame, ``agents/attributes.py``)
    is textured inside: ``interior_detail`` at least :data:`DETAILED_INTERIOR` (drawn shapes,
    letters inside included, stay under 0.07, small ones under JPEG under 0.17; shaded
    solids under 0.04) and ``interior_coarse`` at least :data:`COARSE_INTERIOR` (JPEG'd
    drawn shapes under 0.05, a faceted cone 0.07; photographs' subjects 0.11 or more), and
    its pixels carry noise (``interior_plain`` under :data:`PLAIN_INTERIOR`: a render's
    flat-shaded facets are noise-free)."""
    extras = obj.attributes.extras or {}
    return (
        float(extras.get("interior_detail", 0.0)) >= DETAILED_INTERIOR
        and float(extras.get("interior_coarse", 1.0)) >= COARSE_INTERIOR
        and float(extras.get("interior_plain", 0.0)) < PLAIN_INTERIOR
    )


def abstention(graph: SceneGraph) -> SymbolicAnswer | None:
    """The abstaining answer when the scene's reliability is below the threshold, else ``None``."""
    score = scene_reliability(graph)
    if score is None or score >= RELIABILITY_THRESHOLD:
        return None
    text = f"{ABSTAIN_TEXT} (scene reliability {score:.2f} < {RELIABILITY_THRESHOLD})."
    return SymbolicAnswer(
        text=text, value=None, kind="abstain", problem=text, confidence=score, abstained=True,
        no_answer="cannot tell",
    )  # fmt: skip


def _colour_word(obj: SpatialObject) -> str | None:
    colour = obj.attributes.color
    tone = obj.attributes.extras.get("tone")
    if colour and tone in ("light", "dark"):
        return f"{tone} {colour}"
    return colour


def _plural(subject: dict[str, Any] | None) -> bool:
    """Whether a reference names several by a plural noun ("the circles"), not by a label."""
    words = ((subject or {}).get("text") or "").split()
    return (
        bool(words) and not (subject or {}).get("label") and singular(words[-1].lower()) != words[-1].lower()
    )


def _attribute_value(obj: SpatialObject, what: str, objects: list[SpatialObject] | None = None) -> str | None:
    if what == "color":
        return _colour_word(obj)
    if what == "label":  # the letter / number / word drawn beside it, or its mark
        return obj.label
    if what == "size" and not obj.attributes.size:
        return drawn_size(obj, objects)
    return getattr(obj.attributes, what)


def _attribute(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    if q.get("relative"):
        # "What colour is the shape left of the square?": the neighbour first, then its attribute.
        rel = q["relative"]
        chosen = _relative(rel, g).objects
        found = [o for o in g.objects if o.id in chosen]
        name = f"the object {rel['asks']} of {rel['reference'].get('text')}"
    elif q.get("between"):
        # "What colour is the shape between A and B?": that object first, then its attribute.
        from spatioxolver.agents._reasoning._symbolic import _between

        picked = _between(q["between"], g)
        if picked.value is None:
            return picked
        found = [o for o in g.objects if o.id in picked.objects]
        name = picked.text
    elif q.get("nearest"):
        # "What colour is the shape closest to the square?": the nearest first, then its attribute.
        from spatioxolver.agents._reasoning._symbolic import _nearest

        picked = _nearest(q["nearest"], g)
        found = [o for o in g.objects if o.id in picked.objects]
        name = picked.text
    elif isinstance(q.get("select"), dict):
        # "What colour is the second shape from the left?" / "... the middle object?"
        pick = pick_ordinal if "axis" in q["select"] else pick_cell
        picked = pick({**q["select"], "filter": q["subject"]}, g)
        if picked.value is None:
            return picked  # cannot tell which object is meant
        chosen = picked.objects
        found = [o for o in g.objects if o.id in chosen]
        name = picked.text
    elif q.get("select"):
        # "What colour is the leftmost shape?": the extreme object first, then its attribute.
        from spatioxolver.agents._reasoning._symbolic import _extreme

        which = q["select"]
        pick = {"type": "extreme", "which": which, "filter": q["subject"], "apparent": True}
        chosen = _extreme(pick, g).objects
        found = [o for o in g.objects if o.id in chosen]
        name = f"the {which} {(q['subject'] or {}).get('text') or 'object'}"
    else:
        found = resolve(q["subject"], g) or _tone_as_description(q["subject"], g)
        name = q["subject"].get("text") or q["subject"].get("label")
    if not found:
        from spatioxolver.agents._reasoning._symbolic import _no_match

        raise _ReferenceProblem(_no_match(name, g))
    what = q["attribute"]
    ordered = sorted(found, key=lambda o: o.centroid or (0, 0))  # left to right
    each = [_attribute_value(o, what, list(g.objects)) for o in ordered]
    values = {v for v in each if v is not None}
    if len(values) != 1:
        if len(found) > 1 and _plural(q["subject"]) and None not in each:
            # "What colour are the circles?": each one's (left to right), when every one was read
            named = list(dict.fromkeys(str(v) for v in each))
            return SymbolicAnswer(
                text=said_together(named), value=named, kind="attribute", objects=[o.id for o in found]
            )
        if len(found) > 1:
            raise _ReferenceProblem(f"{name!r} matches {len(found)} objects of different {what}s.")
        raise _ReferenceProblem(f"The {what} of {name!r} could not be read from the pixels.")
    value = str(values.pop())
    return SymbolicAnswer(text=value, value=value, kind="attribute", objects=[o.id for o in found])


def _relative(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    ref = _one(q["reference"], g)
    from spatioxolver.agents._reasoning._symbolic import _PRECEDES_ASKS

    side = [
        o
        for o in _candidates(q, g)
        if o.id != ref.id and _order(g, q["axis"], o, ref) is _PRECEDES_ASKS[q["asks"]]
    ]
    if not side:  # "No large shape is left of X" when a filter left none (not "No object")
        what = ((q.get("filter") or {}).get("text") or "object").strip()
        what = re.sub(r"^(?:the|a|an) |\s+(?:that|which)(?: is| are)?$", "", what, flags=re.I) or "object"
        raise _ReferenceProblem(f"No {what} is {q['asks']} of {_ref_name(q['reference'], ref)}.")

    def gap(o: SpatialObject) -> float:
        if o.centroid is None or ref.centroid is None:
            return math.inf
        return math.dist(o.centroid, ref.centroid)

    # "What is below X" means in X's column first (a shape straight under it, not a nearer
    # one off to the side); then one whose centre is past X's edge on that side (a shape a
    # little left of X's centre but far above it, within X's width, is "above X", not the
    # answer to "what is left of X"); only then the nearest on that side.
    in_line = [o for o in side if _in_line(o, ref, q["axis"])]
    beyond = [o for o in side if _past_edge(o, ref, q["axis"])]
    return _object_answer(min(in_line or beyond or side, key=gap), "relative")


def _past_edge(obj: SpatialObject, ref: SpatialObject, axis: str) -> bool:
    """Whether ``obj``'s centre lies outside ``ref``'s box along ``axis`` (H or V)."""
    if axis not in ("H", "V") or obj.centroid is None or ref.bbox is None:
        return False
    k = 0 if axis == "H" else 1
    return not ref.bbox[k] <= obj.centroid[k] <= ref.bbox[k + 2]


def _in_line(obj: SpatialObject, ref: SpatialObject, axis: str) -> bool:
    """Whether ``obj`` overlaps ``ref`` across ``axis`` (in its column for above / below, in
    its row for left / right); ``False`` without boxes or for depth."""
    if axis not in ("H", "V") or obj.bbox is None or ref.bbox is None:
        return False
    k = 1 if axis == "H" else 0
    lo, hi = max(obj.bbox[k], ref.bbox[k]), min(obj.bbox[k + 2], ref.bbox[k + 2])
    return hi - lo > 0.25 * min(obj.bbox[k + 2] - obj.bbox[k], ref.bbox[k + 2] - ref.bbox[k])


def _count_of(ref: dict[str, Any] | None, g: SceneGraph) -> int:
    found = resolve(ref, g)
    if ref and ref.get("nouns") and not found:
        raise _ReferenceProblem(
            f"No object is described as {' '.join(ref['nouns'])!r}, so no count is given."
        )
    return len(found)


def _compare_count(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    a, b = _count_of(q["a"], g), _count_of(q["b"], g)
    holds = {"more": a > b, "fewer": a < b, "same": a == b}[q["asks"]]
    return SymbolicAnswer(
        text="Yes" if holds else "No", value=holds, kind="compare_count", rationale=f"{a} vs {b}"
    )


def _exists(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    if q.get("relation"):  # "is there a circle left of the triangle": count those, then say
        from spatioxolver.agents._reasoning._symbolic import _count

        n = int(_count({"filter": q.get("filter"), "relation": q["relation"]}, g).value or 0)
        return SymbolicAnswer(text="Yes" if n else "No", value=n > 0, kind="exists", rationale=f"{n} found")
    n = _count_of(q["filter"], g) if q.get("filter") else len(g.objects)
    return SymbolicAnswer(text="Yes" if n else "No", value=n > 0, kind="exists", rationale=f"{n} found")


def _grid(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    objs = [o for o in _candidates(q, g) if o.centroid is not None]
    k = 1 if q["asks"] == "rows" else 0
    n = len(bands(objs, k))
    return SymbolicAnswer(
        text=str(n), value=n, kind="grid", rationale=f"{len(objs)} objects in {n} {q['asks']}"
    )


def _mirrored(objs: list[SpatialObject], k: int) -> bool:
    lo = min(o.bbox[k] for o in objs if o.bbox)  # type: ignore[index]
    hi = max(o.bbox[k + 2] for o in objs if o.bbox)  # type: ignore[index]
    mid, tol = (lo + hi) / 2.0, 0.35 * typical_size(objs)
    for o in objs:
        want = list(o.centroid)  # type: ignore[arg-type]
        want[k] = 2 * mid - want[k]
        partners = [
            p
            for p in objs
            if math.dist(p.centroid, want) < tol  # type: ignore[arg-type]
            and p.attributes.shape == o.attributes.shape
            and p.attributes.color == o.attributes.color
        ]
        if not partners:
            return False
    return True


def _mirror(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    objs = [o for o in _candidates(q, g) if o.centroid is not None and o.bbox is not None]
    axes = {"vertical": [0], "horizontal": [1], "any": [0, 1]}[q["axis"]]
    holds = any(_mirrored(objs, k) for k in axes)
    return SymbolicAnswer(text="Yes" if holds else "No", value=holds, kind="mirror")


HANDLERS = {
    **POSITION_HANDLERS,
    **TOUCHING_HANDLERS,
    **CENTRAL_HANDLERS,
    **FRAME_HALF_HANDLERS,
    **SAME_AS_HANDLERS,
    **CELL_HANDLERS,
    **TALLY_HANDLERS,
    **CLAIM_HANDLERS,
    **WHERE_HANDLERS,
    **CLOSER_HANDLERS,
    **CONTAINMENT_HANDLERS,
    **SET_HANDLERS,
    **FACT_HANDLERS,
    "attribute": _attribute,
    "relative": _relative,
    "compare_count": _compare_count,
    "grid": _grid,
    "mirror": _mirror,
    "exists": _exists,
    "either": answer_either,
    "either_count": answer_either_count,
    "either_attribute": answer_either_attribute,
}
