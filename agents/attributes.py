"""The attributes agent: colour, shape, size, material, orientation and a depth cue per object.

Backends:

* ``"geometric"`` (default) — from the pixels under each mask: colour by CIELAB votes
  against CLEVR's palette (or common colour names), shape from the silhouette, material
  from highlight / saturation statistics, apparent orientation from second moments,
  relative depth from the ground-contact point (or a depth map in
  ``options["depth"]``), and the size class from apparent size corrected by depth.
* a language model (the :class:`AttributesAgent` in a run with a model): objects from the
  model's segmentation already carry their attributes (mapped onto the scene-graph
  vocabulary); only objects missing colour or shape are asked about (prompt
  ``prompts/attributes.txt``), or all of them with ``attributes_options={"refresh": True}``.

Example:
    >>> import numpy as np
    >>> from spatioxolver.agents.segmentation import segment
    >>> img = np.full((80, 80, 3), 130, np.uint8); img[30:50, 30:50] = (173, 35, 35)
    >>> describe(img, segment(img))[0].attributes.color
    'red'
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from spatioxolver.errors import ConfigError
from spatioxolver.schema import Attributes, SpatialObject
from spatioxolver.world import prior_of

from ._vision.depth_sizes import area_size_classes, depth_cues, size_classes, volume_hypotheses
from ._vision.fill_pixels import body_pixels, hull_area, inner_pixels
from ._vision.objects import object_mask
from ._vision.shadow_patches import without_cast_shadows
from ._vision.state import MODEL, backend_of, frame_objects, state_objects

__all__ = ["describe", "AttributesAgent", "BACKENDS", "depth_cues", "size_classes", "area_size_classes"]

BACKENDS = ("geometric",)

#: Objects over this share of the frame are checked for texture inside (``interior_detail``):
#: a photo's subject, however flat its colour reads, is textured; drawn fills and shaded
#: solids are not (the reasoner abstains on a textured one, ``_reasoning/_describe.py``).
DETAIL_AREA = 0.01
#: ... and objects over this share for the sharpness of their outline (``edge_support``).
EDGE_AREA = 0.002


def describe(
    rgb: np.ndarray, objects: list[SpatialObject], *, backend: str = "geometric", options: dict | None = None
) -> list[SpatialObject]:
    """Fill ``attributes`` (color, shape, size, material), ``orientation`` and ``depth``.

    Args:
        rgb: the frame the objects were segmented from.
        objects: objects with masks (or at least boxes).
        backend: ``"geometric"``.
        options: ``palette`` (``"clevr"`` default, ``"common"``, ``"clevr+common"``),
            ``depth`` (an ``H x W`` depth map: larger = further), ``depth_cue``
            (``"auto"`` default: ``"contact"`` when the segmenter saw a ground plane with
            cast shadows, else ``"volume"`` for floating objects; ``"size"`` is apparent
            size alone), ``focal_px`` / ``volume_side`` / ``volume_sigma`` (the volume
            cue's camera and layout priors), ``occlusion`` (default
            True: record ``extras["occludes"]``, the ids of touching objects this one
            covers).

    Returns:
        New objects (same ids, same order; strips of sky or ground cut at a horizon left
        out, ``_vision/backdrop_strips.py``) with the attributes filled; per-attribute
        confidences and raw features are in ``attributes.extras``.
    """
    options = dict(options or {})
    if backend == "geometric":
        from ._vision.working import describe_at_working_resolution

        return describe_at_working_resolution(_describe_geometric, np.asarray(rgb), objects, options)
    raise ConfigError(f"unknown attributes backend {backend!r}; use one of {', '.join(BACKENDS)}")


def _crop(mask: np.ndarray, obj: SpatialObject) -> tuple[slice, slice]:
    if obj.bbox is not None:
        x0, y0, x1, y1 = obj.bbox
        return slice(max(int(y0), 0), int(math.ceil(y1))), slice(max(int(x0), 0), int(math.ceil(x1)))
    ys, xs = np.nonzero(mask)
    return slice(int(ys.min()), int(ys.max()) + 1), slice(int(xs.min()), int(xs.max()) + 1)


def _gradient_filled(mask: np.ndarray, rgb: np.ndarray) -> bool:
    """A drawing program's gradient fill, over the whole shape or (a soft drop shadow left in
    the mask) over its deep inside."""
    from ._vision.gradient_fill import deep_gradient_fill, gradient_fill

    return gradient_fill(mask, rgb) is not None or deep_gradient_fill(mask, rgb) is not None


def _drop_shadowed_drawing(
    rgb: np.ndarray, objects: list[SpatialObject], size: tuple[int, int], gradients: bool = False
) -> bool:
    """Whether a scene with cast shadows is a drawing with drop shadows: every object is one
    uniform colour (a shaded solid never is), so the shadows do not make them solids; with
    ``gradients`` (a user's image), a drawing program's gradient fill
    (:func:`_gradient_filled`: a web page's gradient button) counts as
    drawn too, since a lit solid's shading is neither planar nor concentric. An
    object the frame cuts too thin to show a core (all its pixels are rim) tells neither
    way, as long as such objects are a few (a quarter of those read at most); a small far
    solid inside the frame with no core counts against a drawing, as before."""
    from ._vision.colour import rgb_to_lab
    from ._vision.flat import is_flat
    from ._vision.flat_cores import core_pixels, uniform_core

    if not any(o.attributes.extras.get("ground") for o in objects):
        return False
    if any(o.attributes.extras.get("backdrop_rows") for o in objects):
        return False  # a sky or a wall above the floor: a scene, whose hazy solids look flat
    seen = unseen = 0
    for obj in objects:
        mask = object_mask(obj, size)
        if mask is None or not mask.any():
            continue
        rows, cols = _crop(mask, obj)
        crop = mask[rows, cols]
        body = body_pixels(rgb[rows, cols], crop).reshape(-1, 3)
        inner = inner_pixels(rgb[rows, cols], crop)
        core = core_pixels(crop, rgb[rows, cols])
        flats = [body, inner, core, uniform_core(crop, rgb[rows, cols])]
        cut = bool(mask[0].any() or mask[-1].any() or mask[:, 0].any() or mask[:, -1].any())
        if cut and inner is None and core is None and flats[3] is None:
            unseen += 1  # cut too thin by the frame to show a core: no evidence either way
            continue
        if not any(
            p is not None and is_flat(rgb_to_lab(np.asarray(p).reshape(-1, 3))) for p in flats
        ) and not (gradients and _gradient_filled(crop, rgb[rows, cols])):
            return False
        seen += 1
    return seen > 0 and 3 * unseen <= seen  # a few shapes too small to tell, not most


def _consistent_drawing(
    rgb: np.ndarray, objects: list[SpatialObject], masks: list[np.ndarray | None], drawing: bool
) -> list[SpatialObject]:
    """A drawing is drawn throughout: when at least three quarters of three or more objects
    read as flat shapes (and the scene has no lit ground, or is a drop-shadowed drawing),
    the others (a small shape whose few pixels are mostly its outline) get 2-D names too,
    unless drawn as a faceted box."""
    from ._vision.flat import OTHER_SHAPE, colour_term, flat_shape
    from ._vision.open_words import faceted

    flat = [bool(o.attributes.extras.get("flat")) for o in objects]
    grounded = any(o.attributes.extras.get("ground") for o in objects)
    if len(objects) < 3 or sum(flat) < 0.75 * len(objects) or all(flat) or (grounded and not drawing):
        return objects
    h, w = rgb.shape[:2]
    out = []
    for obj, is_flat_, mask in zip(objects, flat, masks, strict=True):
        if is_flat_ or mask is None or not mask.any():
            out.append(obj)
            continue
        rows, cols = _crop(mask, obj)
        crop = mask[rows, cols]
        if faceted(crop, rgb[rows, cols]):
            out.append(obj)
            continue
        term, tone = colour_term(np.median(body_pixels(rgb[rows, cols], crop), axis=0))
        extras = {**obj.attributes.extras, "flat": True, "tone": tone, "flat_by_scene": True}
        shape = flat_shape(crop)
        if shape == "unknown":
            extras["shape_other"] = OTHER_SHAPE
        update = {"color": term, "shape": None if shape == "unknown" else shape, "material": None}
        attrs = obj.attributes.model_copy(update={**update, "extras": extras})
        out.append(obj.model_copy(update={"attributes": attrs}))
    return out


def _on_ground_alone(mask: np.ndarray, masks: list[np.ndarray | None], k: int) -> np.ndarray:
    """The part of object ``k``'s mask no other object's mask covers."""
    alone = mask.copy()
    for j, other in enumerate(masks):
        if j != k and other is not None:
            alone &= ~other
    return alone


def _describe_geometric(
    rgb: np.ndarray, objects: list[SpatialObject], options: dict[str, Any]
) -> list[SpatialObject]:
    from ._vision.amodal import completed_flat, completed_outline, free_outline_round, in_contact
    from ._vision.backdrop_strips import drop_backdrop_strips
    from ._vision.colour import colour_saturation, name_colour
    from ._vision.denoise import for_reading
    from ._vision.edge_support import edge_measures
    from ._vision.haze import dehazed, haze_model
    from ._vision.haze_gate import haze_asked
    from ._vision.horizon_band import drop_far_band
    from ._vision.lit_ball_shading import balls_read_flat
    from ._vision.material import classify_material, material_features
    from ._vision.nested_pieces import drop_nested_pieces
    from ._vision.occlusion import occlusion_pairs
    from ._vision.open_words import drawn_details, open_words
    from ._vision.pattern_fill import filled_outline
    from ._vision.reliability import interior_details, interior_plain
    from ._vision.shadow_patches import CAST_SHADOW, drop_shadow_patches
    from ._vision.shape import classify_shape, orientation_degrees, silhouette_features
    from ._vision.solid_cues import cones_read_flat
    from ._vision.subpixel import small_shape

    rgb, _ = for_reading(rgb, plain=True)  # as the segmenter read it: noise is not shading
    h, w = rgb.shape[:2]
    palette_name = str(options.get("palette", "clevr"))
    out: list[SpatialObject] = []
    masks: list[np.ndarray | None] = []
    # Without a world prior the colours are the basic colour terms, not a world's palette,
    # and small silhouettes are measured smoothed (sizes vary in a user's image).
    basic_terms = prior_of(options) is None and "palette" not in options
    drawing = _drop_shadowed_drawing(rgb, objects, (h, w), gradients=basic_terms)
    all_masks = [object_mask(obj, (h, w)) for obj in objects]
    boxes = [o.bbox if m is not None else None for o, m in zip(objects, all_masks, strict=True)]
    hidden = in_contact(boxes) if options.get("occlusion", True) else set()
    pairs = occlusion_pairs(all_masks) if options.get("occlusion", True) else []
    fronts: dict[int, list[int]] = {}  # object -> the objects in front of it
    for front_k, back_k, _ in pairs:
        fronts.setdefault(back_k, []).append(front_k)
    cover: np.ndarray | None = None
    haze = None
    # Haze over the ground: read where the segmenter read it (``hazy_ground``: it veils what
    # stands on the ground too, not a graded floor), or wherever it shows when the run says
    # ``haze=True``; never with ``haze=False``.
    asked = haze_asked(options)
    hazy = asked if asked is not None else any(o.attributes.extras.get("hazy_ground") for o in objects)
    if hazy and basic_terms and any(o.attributes.extras.get("ground") for o in objects):
        union = np.zeros((h, w), bool)
        for m in all_masks:
            if m is not None:
                union |= m
        haze = haze_model(rgb, union)
    for k, obj in enumerate(objects):
        mask = all_masks[k]
        masks.append(mask)
        if mask is None or not mask.any():
            out.append(obj)
            continue
        rows, cols = _crop(mask, obj)
        crop = mask[rows, cols]
        patch = rgb[rows, cols]
        if haze is not None and obj.attributes.extras.get("ground"):
            # A solid under haze: read as seen without the haze at its foot's distance (its
            # colour, and its shading, which the haze flattened too).
            clear = dehazed(patch.reshape(-1, 3), haze, rows.stop - 1)
            if clear is not None:
                patch = np.clip(clear + 0.5, 0, 255).astype(patch.dtype).reshape(patch.shape)
        body = body_pixels(patch, crop, whole_rim=basic_terms)
        colour, c_conf, c_shares = name_colour(body, palette_name=palette_name)
        outline, flat_outline = crop, None
        if k in hidden:  # a ball's outline partly hidden by the objects it touches, completed
            if cover is None:  # how many objects cover each pixel (once, not once per hidden object)
                cover = np.zeros((h, w), np.uint16)
                for other in all_masks:
                    if other is not None:
                        cover += other
            others = (cover - mask) > 0
            outline = completed_outline(mask, others)
            if basic_terms:  # a drawn shape partly under others, completed
                front = None  # the shapes in front of it, when the occlusion test tells
                if fronts.get(k):
                    front = np.zeros((h, w), bool)
                    for j in fronts[k]:
                        front |= all_masks[j]
                flat_outline = completed_flat(mask, front, others)
        reading = crop
        if (seen := obj.attributes.extras.get("translucent")) is not None:
            # A translucent shape over others: its colour is its fill's, un-blended from where
            # it lies on the ground alone; its outline the whole shape, overlaps included.
            from ._vision.translucent_overlaps import unblended

            reading, flat_outline = _on_ground_alone(mask, all_masks, k)[rows, cols], crop
            if reading.any():
                patch = patch.copy()
                patch[reading] = unblended(patch[reading], seen["opacity"], np.array(seen["ground"]))
                body = body_pixels(patch, reading, whole_rim=basic_terms)
                colour, c_conf, c_shares = name_colour(body, palette_name=palette_name)
            else:
                reading = crop
        feats = silhouette_features(outline, smooth_small=basic_terms) if obj.mask is not None else {}
        shape, s_conf, s_scores = classify_shape(feats) if feats else ("unknown", 0.0, {})
        if (
            basic_terms
            and shape == "sphere"
            and k in hidden
            and fronts.get(k)
            and free_outline_round(mask, others) is False
        ):
            # bitten by an object in front, its free outline on no ellipse: no ball behind it
            shape = max(("cube", "cylinder"), key=lambda s: s_scores.get(s, 0.0))
            s_conf = s_scores.get(shape, 0.0)
        m_feats = material_features(body)
        material, m_conf = classify_material(
            m_feats, expected_saturation=colour_saturation(colour, palette_name)
        )
        extras = dict(obj.attributes.extras)
        if options.get("open_vocabulary", True):
            colour, shape, material, flat_extras = open_words(
                body,
                reading,
                colour,
                shape,
                material,
                ground=bool(obj.attributes.extras.get("ground")) and not drawing,
                inner=inner_pixels(patch, reading, whole_rim=basic_terms),
                full=patch,
                basic_terms=basic_terms,
                drawing=drawing,
                completed=flat_outline,
                small=small_shape(rgb, mask) if basic_terms else None,
                touching=k in hidden,
            )
            extras.update(flat_extras)
            if basic_terms and extras.get("pattern_ink") is not None:
                from ._vision.pattern_fill import patterned_words

                # A hatched or dotted fill: a drawn shape in its ink's colour, named on its
                # outer outline (the ground between its stripes or dots is no shading).
                colour, shape, material = patterned_words(crop, extras)
            if (
                flat_extras.get("flat") or extras.get("pattern_ink") is not None
            ):  # an outline-only shape's size; a diamond's pose
                shape = drawn_details(crop, shape, extras)
            if extras.get("box_faces"):  # a drawn block's faces: a box, in most faces' colour
                from ._vision.box_faces import box_colour

                shape, colour = "cube", box_colour(extras["box_faces"])[0]
            if basic_terms and extras.get("flat") and shape not in (None, "unknown"):
                from ._vision.frame_cut import cut_shape

                shape = cut_shape(mask, shape)  # a disc the frame cuts is no hexagon
        extras.update(
            {
                "hull_area": hull_area(crop),
                "color_confidence": round(c_conf, 4),
                "color_votes": c_shares,
                "shape_confidence": round(s_conf, 4),
                "shape_scores": s_scores,
                "material_confidence": round(m_conf, 4),
                "material_features": {k: round(v, 4) for k, v in m_feats.items()},
            }
        )
        area = float(crop.sum())
        ringed = "outline_area" in extras or extras.get("pattern_ink") is not None
        if area > 0.3 * h * w or (area > DETAIL_AREA * h * w and not ringed):
            # A photo's subject or a drawn shape: texture inside? (Not asked of a smaller
            # outline-only shape: its ring and the ground it encloses are no texture; nor of
            # a hatched or dotted one: its stripes and dots are its fill.)
            extras["interior_detail"], extras["interior_coarse"] = interior_details(rgb, mask)
            extras["interior_plain"] = interior_plain(rgb, mask)  # noise-free: drawn, not a photo
        elif area > DETAIL_AREA * h * w and (
            extras.get("pattern_ink") is None
            or shape in (None, "unknown")
            and not extras.get("pattern_regular")
        ):
            # An outline-only shape: plain ground inside, or texture? (A hatched or dotted
            # shape with a shape's outline, or with a fill repeating at one pitch: the gaps
            # are its fill; a patterned blob no shape fits, such as a canopy of leaves with
            # sky between, is asked.)
            extras["enclosed_detail"], extras["enclosed_coarse"] = interior_details(
                rgb, filled_outline(mask), ring=mask
            )
        if area > EDGE_AREA * h * w:  # does its outline lie on an edge (a cloud's does not)?
            extras["edge_support"], extras["edge_open"], extras["edge_support_lit"] = edge_measures(rgb, mask)
        attrs = Attributes(
            color=colour, shape=None if shape == "unknown" else shape,
            material=None if material == "unknown" else material, extras=extras,
        )  # fmt: skip
        out.append(
            obj.model_copy(update={"attributes": attrs, "orientation": round(orientation_degrees(crop), 2)})
        )
    # Thin graded bands of sky or ground cut at a horizon are backdrop, not objects.
    out, masks, pairs = drop_backdrop_strips(out, masks, pairs)
    out, masks, pairs = drop_far_band(out, masks, pairs)  # a ground's far rows, left in pieces
    out, masks, pairs = drop_nested_pieces(out, masks, pairs)  # a glossy solid cut along a reflection
    if options.get("open_vocabulary", True):
        out = _consistent_drawing(rgb, out, masks, drawing)
        out = balls_read_flat(out, masks, rgb)  # a headlit ball's even core in a dark rim
        out = cones_read_flat(out, masks, rgb)  # (a ball found above makes the scene 3-D)
        if not drawing:
            # A flat dark patch at a shaded solid's foot is its shadow, no object: marked
            # here and left out by the agent (:func:`without_cast_shadows`), after the depth and
            # size cues below, which are still read with the patch among the objects.
            for k in set(range(len(out))) - set(drop_shadow_patches(rgb, out, masks)):
                extras = {**out[k].attributes.extras, CAST_SHADOW: True}
                out[k] = out[k].model_copy(
                    update={"attributes": out[k].attributes.model_copy(update={"extras": extras})}
                )
    prior = prior_of(options)
    options = {**options, "world_prior": prior}
    depths, source = depth_cues(out, (w, h), options, masks)
    sizes = size_classes(out, (w, h), prior) if prior is not None else area_size_classes(out)
    occludes: dict[int, list[str]] = {}
    for front_k, back_k, _ in pairs:
        occludes.setdefault(front_k, []).append(out[back_k].id)
    final = []
    for k, (obj, d, size) in enumerate(zip(out, depths, sizes, strict=True)):
        extras = {
            **obj.attributes.extras,
            "depth_source": source,
            "size_source": "world-prior" if prior is not None else "image-area",
        }
        if source == "volume":
            hyp = volume_hypotheses(obj, (w, h), options)
            if hyp is not None:
                extras["depth_hyp"] = [[round(z, 4), round(wt, 4)] for z, wt in hyp]
                # The size class is the likelier hypothesis (the contact rule needs a ground).
                p_large = hyp[1][1]
                odds = max(p_large, 1e-9) / max(1.0 - p_large, 1e-9)
                size = ("large" if p_large > 0.5 else "small", math.log(odds))
        if k in occludes:
            extras["occludes"] = sorted(occludes[k])
        if size is not None:
            extras["size_score"] = round(size[1], 4)
        if extras.get("flat"):
            size = None  # a drawing's size class is not a physical size
        attrs = obj.attributes.model_copy(
            update={"size": size[0] if size else obj.attributes.size, "extras": extras}
        )
        final.append(
            obj.model_copy(update={"attributes": attrs, "depth": None if d is None else round(float(d), 5)})
        )
    return final


def _note_prior(options: Mapping[str, Any]) -> None:
    """Say in the trace which world the depth and size cues assumed."""
    from ._vision.state import note

    prior = prior_of(options)
    if prior is None:
        note(
            "no world prior: depth from ground contact where a ground plane is seen, else image "
            "area and occlusion; size class from image area"
        )
    else:
        note(f"world prior {prior.name!r}: metric depth hypotheses and size rule from its lens and sizes")


class AttributesAgent:
    """Colour, shape, size, material, orientation and a depth cue per object, every frame.

    Pixel backend: :func:`describe` on each overlay-free frame. With a model: the
    segmentation reply's attributes mapped onto the scene-graph vocabulary; one
    ``attributes`` call only when some object lacks colour or shape (or ``refresh``).
    Returns ``{"objects": [...]}``.
    """

    name = "attributes"
    description = "colour, shape, size, material, orientation and a depth cue per object"
    backends: tuple[str, ...] = (*BACKENDS, "llm")

    async def run(self, state: Mapping[str, Any], runtime: Any) -> dict[str, Any]:
        from spatioxolver._pool import MIN_POOL_PIXELS, run_cpu

        ctx = runtime.context
        objects = state_objects(state)
        if not objects:
            return {"objects": []}
        if backend_of(ctx, self.name, BACKENDS) == MODEL:
            return {"objects": await self._ask_model(ctx, objects)}
        options = ctx.agent_options(self.name)
        out: list[dict[str, Any]] = []
        for k, rgb in enumerate(ctx.clean_frames):
            mine = frame_objects(objects, k)
            if mine:
                small = int(rgb.shape[0]) * int(rgb.shape[1]) < MIN_POOL_PIXELS
                done = await run_cpu(describe, rgb, mine, options={**options, "frame": k}, small=small)
                out.extend(o.model_dump(mode="json") for o in without_cast_shadows(done))
        _note_prior(options)
        return {"objects": out}

    @staticmethod
    async def _ask_model(ctx: Any, objects: list[SpatialObject]) -> list[dict[str, Any]]:
        from spatioxolver.vocabulary import normalize_attribute

        from ._vision.llm import ObjectList, reply_as

        refresh = bool(ctx.agent_options("attributes").get("refresh"))
        missing = [o for o in objects if refresh or not (o.attributes.color and o.attributes.shape)]
        by_key: dict[str, Any] = {}
        if missing and ctx.frames:
            listing = "\n".join(
                f"- {o.id}: label={o.label or '-'} bbox={[round(v) for v in o.bbox] if o.bbox else '-'}"
                for o in missing
            )
            reply = await ctx.call(
                "attributes",
                {"objects": listing},
                task={"kind": "objects", "frame": 0},
                schema=ObjectList,
                agent="attributes",
            )
            for entry in reply_as(ObjectList, reply).objects:
                if entry.id is not None:
                    by_key.setdefault(str(entry.id), entry)
                if entry.label:
                    by_key.setdefault(str(entry.label), entry)
        out = []
        for obj in objects:
            attrs = obj.attributes.model_dump()
            entry = by_key.get(obj.id) or (by_key.get(obj.label) if obj.label else None)
            if entry is not None:
                for key in ("color", "shape", "size", "material"):
                    attrs[key] = getattr(entry, key) or attrs.get(key)
                attrs["extras"] = {**attrs.get("extras", {}), "attributes_source": "model"}
            for key in ("color", "shape", "size", "material"):
                attrs[key] = normalize_attribute(key, attrs.get(key))
            out.append(obj.model_copy(update={"attributes": Attributes(**attrs)}).model_dump(mode="json"))
        return out
