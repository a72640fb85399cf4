"""The segmentation agent: find the objects of an image (masks, boxes, centroids, areas).

Backends:

* ``"geometric"`` (default) — OpenCV: a smooth background model in CIELAB, foreground
  evidence minus cast shadows, connected components, colour splits, highlight merges,
  compression-artefact clean-up and watershed splits of touching objects (see
  ``_vision/regions.py`` and ``_vision/artefacts.py``).
* ``"sam"`` — Segment Anything with a local checkpoint (optional ``sam`` extra).
* a language model (the :class:`SegmentationAgent` in a run with a model): it lists the
  objects with stable ids, attributes and boxes (the seed's base visual analysis + object
  list), prompt ``prompts/segmentation.txt`` (``text_objects`` for a scene given as text).

Objects are numbered ``o1, o2, ...`` in raster order of their centroid (by y, then x).

Example:
    >>> import numpy as np
    >>> img = np.full((60, 80, 3), 128, np.uint8); img[20:40, 10:30] = (200, 30, 30)
    >>> [(o.id, o.bbox) for o in segment(img)]
    [('o1', (10.0, 20.0, 30.0, 40.0))]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from spatioxolver.errors import ConfigError, InputError
from spatioxolver.schema import SpatialObject

from ._vision.mark_binding import bind_marks
from ._vision.objects import number_in_raster_order, object_from_crop, object_from_mask
from ._vision.state import MODEL, backend_of, note, sent_size

__all__ = ["segment", "bind_marks", "frame_object_id", "image_infos", "SegmentationAgent", "BACKENDS"]

BACKENDS = ("geometric", "sam")
#: Working pixels for a scene whose reliability is below the reasoner's threshold.
_COARSE_PIXELS = 120_000


def _check_image(rgb: Any) -> np.ndarray:
    arr = np.asarray(rgb)
    if arr.ndim != 3 or arr.shape[2] != 3 or arr.dtype != np.uint8:
        from spatioxolver.images import load_image

        arr = load_image(rgb)
    if arr.shape[0] < 4 or arr.shape[1] < 4:
        raise InputError(
            f"the image is {arr.shape[1]}x{arr.shape[0]} pixels, too small to segment; give one of at least 4x4"
        )
    return arr


def segment(
    rgb: np.ndarray, *, backend: str = "geometric", options: dict | None = None
) -> list[SpatialObject]:
    """Segment ``rgb`` (``H x W x 3`` uint8) into objects.

    Args:
        rgb: the image.
        backend: ``"geometric"`` or ``"sam"``.
        options: ``frame`` (default 0), ``min_area`` (input pixels; default 40 px at
            the working resolution), ``working_pixels`` (default 500 000: larger inputs are reduced,
            masks mapped back), ``min_working_pixels`` (default 36 000: smaller ones are
            enlarged), ``scenery`` (default True: sky / ground bands, soft shadows and
            drawn glyphs are not objects), ``glyphs``, ``max_objects``,
            ``threshold``, ``shadows``, ``split_colours``, ``split_touching``, ``artefacts``
            (default True: JPEG halos and shadow bleed are not objects);
            ``marks`` ({label: (x, y)}) binds set-of-marks labels; SAM: ``sam_checkpoint``,
            ``sam_mode``.

    Returns:
        Objects with ids ``o1..`` in raster order; each has ``mask`` (RLE), ``bbox``, ``centroid``, ``area``, ``frame``
        and ``attributes.extras["contact"]`` (the lowest point, where it meets the ground).

    Raises:
        ConfigError: unknown backend, SAM unavailable.
        InputError: unusable image.
    """
    options = dict(options or {})
    rgb = _check_image(rgb)
    frame = int(options.get("frame", 0))
    if backend == "geometric":
        from ._vision.halo_labels import paint_out_halo_labels, with_halo_labels
        from ._vision.regions import geometric_regions
        from ._vision.resolution import to_input_crop, working_image
        from ._vision.scenery import drop_scenery

        # A bounded working resolution: answers do not change with the input's scale.
        work, scale = working_image(rgb, options)
        if work.shape[0] * work.shape[1] > _COARSE_PIXELS and not options.get("working_pixels"):
            from ._vision.reliability import image_quality

            if image_quality(work)["reliability"] < 0.5:
                # A photo the engine cannot read (the reasoner will abstain): coarse segments
                # are as good and cost a fraction.
                work, scale = working_image(rgb, {"working_pixels": _COARSE_PIXELS, "min_working_pixels": 0})
        work_options = dict(options)
        from ._vision.denoise import for_reading

        # Heavy sensor noise on a drawing on a plain canvas: read an edge-preserving
        # smoothed copy (shadows are still judged as on a noisy image).
        work, smoothed = for_reading(work, plain=True)
        if smoothed:
            work_options["noisy_input"] = True
            work_options["smoothed"] = True
        if options.get("min_area") is not None:
            # A given minimum area is in input pixels; the default (40) is at the working resolution.
            work_options["min_area"] = max(1, round(float(options["min_area"]) * scale * scale))
        # Solids under haze over a ground plane are found with the haze undone row by row (it
        # took their contrast, not their outline), where what stands on the ground is veiled
        # too (``_vision/haze_gate.py``); ``haze=True`` skips that check, ``haze=False`` reads
        # none. The attributes agent undoes the haze at their foot for their colours.
        from ._vision.haze_gate import hazy_copy

        dehazed = hazy_copy(work, options)
        hazy_ground = dehazed is not None  # haze read over a ground receding to a horizon
        seen = work if dehazed is None else dehazed
        seen, halos = paint_out_halo_labels(seen, options)  # letters haloed over shapes
        regions, fg = geometric_regions(seen, work_options)
        regions, glyphs = drop_scenery(regions, fg, seen, work_options)
        from ._vision.label_step import drawn_label_step

        regions, labels, leaders = drawn_label_step(regions, glyphs, fg, work, rgb, options)
        from ._vision.inner_labels import drop_label_ink, with_inner_labels

        labels, inner_boxes = with_inner_labels(seen if halos else work, regions, labels, fg, options)
        labels = with_halo_labels(work, labels, halos)
        from ._vision.badge_discs import badge_discs, unread_badges
        from ._vision.callout_tags import callout_tags

        if inner_boxes:
            regions = drop_label_ink(regions, inner_boxes)  # the letter's own pieces
            # Letters on small filled discs beside the shapes label those shapes.
            regions, leaders = badge_discs(work, regions, inner_boxes, leaders, labels)
        if fg.shadow_ratio is None:
            from ._vision.double_outlines import merge_double_outlines

            regions = merge_double_outlines(regions)  # a ring round a shape at a narrow gap (labels read)
        if fg.shadow_ratio is None and options.get("glyphs", True):
            # Badges whose letters no reader could read are still no shapes.
            regions = unread_badges(work, regions)
            regions, leaders = callout_tags(work, regions, labels, leaders, fg.object_mask)  # tags on leaders
        if labels:
            from ._vision.labels import one_kind_of_label

            labels = one_kind_of_label(labels)  # "O" among letters, "0" among numbers
        if labels:
            if not options.get("marks"):
                options["marks"] = {
                    text: tuple(v / scale for v in leaders.get(text, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)))
                    for text, b in labels
                }
                options["_drawn_marks"] = True
        # Cast shadows found, or a backdrop that changes with height (a sky or a wall above a
        # floor) -> the objects stand on a ground plane (solids; the depth cue uses it). A
        # backdrop in bands (cards or tiles behind rows of icons, stripes) shows no ground.
        # (Where no row correction fits a textured or noisy floor, the rows' median colours
        # may still step once at the horizon: ``fg.stepped``.)
        rows = bool(getattr(fg, "rows", False)) and not getattr(fg, "banded", False)
        rows = rows or bool(getattr(fg, "stepped", False))
        rows = rows or hazy_ground  # the ground's colour changed with height: haze undone
        ground = fg.shadow_ratio is not None or rows
        from ._vision.floor_reflections import drop_floor_reflections

        regions = drop_floor_reflections(regions, seen)  # a glossy floor's mirror images
        objects = [
            object_from_crop(
                *to_input_crop(r.mask, rgb.shape[:2]),
                rgb.shape[:2],
                frame=frame,
                confidence=r.confidence,
                source="geometric",
                ground=ground or bool(r.notes.get("on_ground")),  # on a table top or floor polygon
                **({"hazy_ground": True} if hazy_ground else {}),
                **({"backdrop_rows": True} if rows else {}),
                **({"pattern_ink": r.notes["pattern_ink"]} if "pattern_ink" in r.notes else {}),
                **({"pattern_regular": True} if r.notes.get("pattern_regular") else {}),
                **({"box_faces": r.notes["box_faces"]} if "box_faces" in r.notes else {}),
                **{flag: True for flag in ("unread_mark", "label_unread") if r.notes.get(flag)},
                **({"translucent": r.notes["translucent"]} if "translucent" in r.notes else {}),
            )
            for r in regions
            if r.mask.any()
        ]
    elif backend == "sam":
        from ._vision.sam import sam_masks

        objects = [
            object_from_mask(m, frame=frame, confidence=s, source="sam") for m, s in sam_masks(rgb, options)
        ]
    else:
        raise ConfigError(f"unknown segmentation backend {backend!r}; use one of {', '.join(BACKENDS)}")
    max_objects = options.get("max_objects")
    if max_objects is not None:
        objects = sorted(objects, key=lambda o: -(o.area or 0.0))[: int(max_objects)]
    objects = number_in_raster_order(objects)
    if options.get("marks"):
        objects = bind_marks(objects, options["marks"])
        if options.get("_drawn_marks"):
            # Labels read off the image: the answer names the object and says its label.
            objects = [
                o.model_copy(
                    update={
                        "attributes": o.attributes.model_copy(
                            update={"extras": {**o.attributes.extras, "label_drawn": True}}
                        )
                    }
                )
                if o.label
                else o
                for o in objects
            ]
    return objects


def frame_object_id(frame: int, object_id: str) -> str:
    """The scene-graph id of object ``object_id`` of frame ``frame``: unchanged in frame 0,
    ``f{k}`` prefixed after (``o1`` -> ``f1o1``), so ids are unique across frames.

    The one id convention of multi-view scene graphs (API, graphs and this agent).

    Example:
        >>> frame_object_id(0, "o1"), frame_object_id(2, "o3")
        ('o1', 'f2o3')
    """
    return str(object_id) if int(frame) == 0 else f"f{int(frame)}{object_id}"


def segment_frames(
    frames: list[Any], marks: list[dict[str, Any] | None], options: dict[str, Any], backend: str
) -> list[dict[str, Any]]:
    """Objects of every frame as scene-graph dicts: :func:`segment`, marks bound with
    :func:`bind_marks` (``marks[k]`` for frame ``k``), ids by :func:`frame_object_id`.

    A pure function of its arguments (so it can run in a worker process).

    Example:
        >>> import numpy as np
        >>> img = np.full((40, 60, 3), 200, np.uint8); img[10:30, 5:25] = (200, 30, 30)
        >>> [o["frame"] for o in segment_frames([img], [None], {}, "geometric")]
        [0]
    """
    out: list[dict[str, Any]] = []
    for k, rgb in enumerate(frames):
        objs = segment(rgb, backend=backend, options={**options, "frame": k})
        if k < len(marks) and marks[k]:
            objs = bind_marks(objs, marks[k])
        for obj in objs:
            data = obj.model_dump(mode="json")
            data["frame"] = k
            data["id"] = frame_object_id(k, data["id"])
            out.append(data)
    return out


class SegmentationAgent:
    """Finds the objects of every frame.

    Pixel backends (no model, or ``segmentation_backend="geometric"|"sam"``): :func:`segment`
    on each overlay-free frame, set-of-marks labels bound with :func:`bind_marks`; frame ``k``
    objects get ids by :func:`frame_object_id`. With a model: one ``segmentation`` call per
    frame with that image only (``text_objects`` when the scene is given as text) listing
    objects, attributes and boxes; boxes are mapped back to each frame's pixels.
    Returns ``{"objects": [...], "images": [...]}``.
    """

    name = "segmentation"
    description = "finds the objects of each frame: masks, boxes, centroids, areas (OpenCV, SAM or a model)"
    backends: tuple[str, ...] = (*BACKENDS, "llm")

    async def run(self, state: Mapping[str, Any], runtime: Any) -> dict[str, Any]:
        from spatioxolver._pool import MIN_POOL_PIXELS, run_cpu

        ctx = runtime.context
        backend = backend_of(ctx, self.name, BACKENDS)
        if backend == MODEL:
            objects = await self._ask_model(ctx)
        else:
            frames = list(ctx.clean_frames)
            marks = [ctx.marks_for(k) for k in range(len(frames))]
            pixels = sum(int(f.shape[0]) * int(f.shape[1]) for f in frames)
            objects = await run_cpu(
                segment_frames,
                frames,
                marks,
                ctx.agent_options("segmentation"),
                backend,
                # SAM keeps its model in this process; tiny images cost less than a round trip
                small=backend != "geometric" or pixels < MIN_POOL_PIXELS,
            )
        return {"objects": objects, "images": image_infos(ctx, backend)}

    @staticmethod
    async def _ask_model(ctx: Any) -> list[dict[str, Any]]:
        from ._vision.llm import ObjectList, objects_from_reply, reply_as, unique_labels

        task = {"kind": "objects", "frame": 0}
        if not ctx.frames:
            reply = await ctx.call(
                "text_objects", {"scene": ctx.question}, task=task, schema=ObjectList, agent="segmentation"
            )
            return unique_labels(objects_from_reply(reply_as(ObjectList, reply), source=ctx.backend))
        import asyncio

        per_frame = await asyncio.gather(*(_model_frame(ctx, k) for k in range(len(ctx.frames))))
        return [obj for objects in per_frame for obj in objects]


async def _model_frame(ctx: Any, k: int) -> list[dict[str, Any]]:
    """One ``segmentation`` call for frame ``k`` (that image only); boxes mapped back to its
    pixels, marks bound, ids made unique across frames (:func:`frame_object_id`)."""
    from ._vision.llm import ObjectList, objects_from_reply, reply_as, scale_boxes, unique_labels

    sent = sent_size(ctx, k, "segmentation")
    original = (int(ctx.frames[k].shape[1]), int(ctx.frames[k].shape[0]))
    fields = {"width": sent[0], "height": sent[1]}
    task = {"kind": "objects", "frame": k}
    reply = await ctx.call(
        "segmentation", fields, task=task, schema=ObjectList, images=[k], agent="segmentation"
    )
    objects = objects_from_reply(reply_as(ObjectList, reply), frame=k, source=ctx.backend)
    objects = unique_labels(scale_boxes(objects, sent, original))
    if not _boxes_inside(objects, *original):
        note(
            f"some boxes fall outside image {k}"
            if len(ctx.frames) > 1
            else "some boxes fall outside the image"
        )
    marks = ctx.marks_for(k)
    if marks:  # drawn labels the caller placed name the objects they sit on
        objs = [SpatialObject.model_validate(o) for o in objects]
        objects = [o.model_dump(mode="json") for o in bind_marks(objs, marks, split=False)]
    for obj in objects:
        obj["frame"] = k
        obj["id"] = frame_object_id(k, obj["id"])
    return objects


def _boxes_inside(objects: list[dict[str, Any]], width: int, height: int) -> bool:
    """Whether every box lies (roughly) inside the image."""
    for obj in objects:
        b = obj.get("bbox")
        if b and (b[2] < 0 or b[3] < 0 or b[0] > width or b[1] > height):
            return False
    return True


def image_infos(ctx: Any, backend: str | None = None) -> list[dict[str, Any]]:
    """:class:`~spatioxolver.schema.ImageInfo` dicts of the run's frames.

    With the ``"geometric"`` backend each carries ``quality``: how far the pixel reading can
    be trusted (the reasoner abstains below a threshold; ``_vision/reliability.py``).
    """
    quality = None
    if backend == "geometric":
        from ._vision.reliability import image_quality

        quality = image_quality
    sources = ctx.image_inputs
    return [
        {
            "width": int(f.shape[1]),
            "height": int(f.shape[0]),
            "source": sources[k] if k < len(sources) and isinstance(sources[k], str) else None,
            "sha256": ctx.frame_sha256(f),
            "quality": quality(f) if quality is not None else None,
        }
        for k, f in enumerate(ctx.frames)
    ]
