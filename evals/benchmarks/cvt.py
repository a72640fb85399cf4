"""Generated ``cvt`` family (seed 003): counterfactual-viewpoint relation queries.

Protocol splits change how each example is presented:

* ``episodic`` (default): one scene per prompt.
* ``sequential``: scenes are batched ``batch_size`` at a time (default 20, seed 003) in manifest
  order; each prompt carries the scenes that came before it in its batch, so the model
  must keep the current scene apart from the earlier ones. The current scene's image is
  always the first image (its labels are the marks); earlier scenes follow.
  ``meta.batch_position`` (1-based) records where the scene sits in its batch.
* ``image`` (default) / ``text`` / ``scene-graph``: the tagged image with an object
  dictionary; seed 003's Scene Object Dictionary (tag -> description and ``[x, y, w, h]``
  box, no image; the call gets ``text_only=True``); the same dictionary plus the seed's
  ``Tag X | dir:[...]`` relation lines of the original (0°) view in the question, and the
  call also gets ``scene_graph=`` the scene JSON (the API turns it into a
  :class:`~spatioxolver.schema.SceneGraph` with exact ground positions; the symbolic
  reasoner answers from it).
  In the sequential protocol the earlier scenes' descriptions precede the current one.
* ``sequential-batch``: seed 003's own form (App. 11): ``batch_size`` scenes (default 20) with all
  their questions concatenated in ONE prompt, answered by ONE JSON object
  ``{"<scene name>": {"q_<id>": [relations], ...}, ...}``. Each example keeps its own row; its
  ``meta`` names the call (``batch_id``), the scene (``batch_scene``, ``batch_position``), the
  question key (``batch_qid``) and the scene's context block (``batch_block``); the runner
  makes the one call (:mod:`spatioxolver.evals.batch`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._generated import GeneratedBenchmark, load_scene
from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError

__all__ = ["CVTBenchmark", "density_of", "describe_scene"]

PROTOCOLS = ("episodic", "sequential", "sequential-batch")
REPRESENTATIONS = ("image", "text", "scene-graph")


def density_of(example: Example) -> str | None:
    meta = example.meta
    value = meta.get("density") or meta.get("regime")
    if isinstance(value, str) and value in ("sparse", "dense"):
        return value
    n = meta.get("n_objects") or meta.get("N")
    if isinstance(n, int):
        return "sparse" if n <= 5 else "dense"
    return None


def _xywh(bbox: Any) -> list[int] | None:
    """``[x, y, w, h]`` (seed 003's box form) from the scene JSON's ``[x0, y0, x1, y1]``."""
    if not isinstance(bbox, (list, tuple)) or len(bbox) != 4:
        return None
    x0, y0, x1, y1 = (float(v) for v in bbox)
    return [round(x0), round(y0), round(x1 - x0), round(y1 - y0)]


def describe_scene(scene: dict[str, Any], *, with_graph: bool) -> str:
    """Seed 003's Text-only / Scene Graph context (App. 11): the Scene Object Dictionary.

    ``{"0": ("small red metal cylinder", [x, y, w, h]), ...}`` over the tagged objects (no
    3-D coordinates: the seed gives boxes only), and with ``with_graph`` the relation lines
    ``Tag X | left:[A, B] right:[..] front:[..] behind:[..]`` of the original (0°) view,
    where ``Tag X | left:[A, B]`` means Tags A and B are to the LEFT of Tag X (CLEVR's
    ``relationships[dir][X]``). Untagged (hidden) objects are left out.
    """
    objects = scene.get("objects", [])
    tagged = [(i, str(o.get("label"))) for i, o in enumerate(objects) if o.get("label") is not None]
    entries = []
    for i, tag in tagged:
        obj = objects[i]
        desc = " ".join(
            str(obj.get(k, "")) for k in ("size", "color", "material", "shape") if obj.get(k)
        ).strip()
        box = _xywh(obj.get("bbox"))
        entries.append(f'"{tag}": ("{desc}", {box})' if box is not None else f'"{tag}": ("{desc}")')
    lines = [
        "Refer to the bounding boxes [x, y, w, h] provided in the dictionary.",
        "Scene Object Dictionary: {" + ", ".join(entries) + "}",
    ]
    if with_graph:
        tag_of = dict(tagged)
        rel = scene.get("relationships") or {}
        lines += [
            "Scene Graph (original view):",
            "Format: 'Tag X | dir:[A, B]' means Tags A and B are in direction 'dir' relative to Tag X.",
        ]
        for i, tag in tagged:
            parts = []
            for name in ("left", "right", "front", "behind"):
                rows = rel.get(name, [])
                others = [tag_of[j] for j in (rows[i] if i < len(rows) else []) if j in tag_of]
                if others:
                    parts.append(f"{name}:[{', '.join(others)}]")
            lines.append(f"Tag {tag} | " + " ".join(parts))
    return "\n".join(lines)


class CVTBenchmark(GeneratedBenchmark):
    """Orbit and top-down relation queries with multi-label gold."""

    name = "cvt"
    family = "cvt"
    description = (
        "generated counterfactual-viewpoint queries (seed 003): F1 per angle, survival, 0=360 consistency"
    )

    def splits(self) -> list[str]:
        return ["all", "sparse", "dense", "orbit", "top-down", "tracked", *PROTOCOLS, *REPRESENTATIONS]

    def protocol_splits(self) -> set[str]:
        return {*PROTOCOLS, *REPRESENTATIONS}

    def tags(self, example: Example) -> list[str]:
        tags = []
        density = density_of(example)
        if density:
            tags.append(density)
        kind = example.query.get("type")
        tags.append("top-down" if kind == "top_down" else "orbit")
        if example.meta.get("tracked"):
            tags.append("tracked")
        return tags

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        yield from super()._examples(source, strict=strict, **options)

    def transform(self, examples: list[Example], protocol: list[str], **options: Any) -> list[Example]:
        reps = [p for p in protocol if p in REPRESENTATIONS]
        protos = [p for p in protocol if p in PROTOCOLS]
        if len(reps) > 1 or len(protos) > 1:
            raise BenchmarkError(f"choose one representation and one protocol, got {'+'.join(protocol)}")
        rep = reps[0] if reps else "image"
        proto = protos[0] if protos else "episodic"
        out = [self._represent(e, rep) for e in examples]
        if proto == "sequential":
            out = self._sequential(out, int(options.get("batch_size") or 20))
        elif proto == "sequential-batch":
            from spatioxolver.evals.benchmarks.cvt_batch import concatenated_batches

            out = concatenated_batches(out, int(options.get("batch_size") or 20))
        for e in out:
            e.meta.setdefault("protocol", proto)
            e.meta.setdefault("representation", rep)
        return out

    @staticmethod
    def _represent(example: Example, rep: str) -> Example:
        if rep == "image":
            return example
        if not example.scenes:
            raise BenchmarkError(f"example {example.id}: the {rep} representation needs scene files")
        # Scene-graph mode: the seed's relation lines in the text, and the scene JSON as scene_graph=.
        text = describe_scene(load_scene(example.scenes[0]), with_graph=rep == "scene-graph")
        return example.model_copy(
            update={
                "id": f"{example.id}@{rep}",
                "images": [],
                "clean_images": [],
                "question": f"{text}\n\n{example.question}",
                "meta": {
                    **example.meta,
                    "representation": rep,
                    "scene_text": text,
                    "scene_question": example.question,
                },
            },
            deep=True,
        )

    @staticmethod
    def _sequential(examples: list[Example], batch_size: int) -> list[Example]:
        from spatioxolver.evals.benchmarks.cvt_batch import scenes_in_order

        order, by_scene = scenes_in_order(examples, batch_size)
        out: list[Example] = []
        for start in range(0, len(order), batch_size):
            batch = order[start : start + batch_size]
            for position, key in enumerate(batch, start=1):
                earlier = [by_scene[k][0] for k in batch[: position - 1]]
                for e in by_scene[key]:
                    context = ""
                    texts = [str(x.meta.get("scene_text")) for x in earlier if x.meta.get("scene_text")]
                    if earlier and texts:  # text representations: the earlier scenes are in the prompt
                        blocks = "".join(f"Earlier scene {k}:\n{t}\n\n" for k, t in enumerate(texts, start=1))
                        context = (
                            f"This conversation has shown {len(earlier)} earlier scene(s); answer only about "
                            f"the current scene, described last.\n\n{blocks}Current scene:\n"
                        )
                    elif earlier:
                        context = (
                            f"This conversation has shown {len(earlier)} earlier scene(s) "
                            f"(images 2..{len(earlier) + 1}); answer only about the current scene, image 1.\n\n"
                        )
                    out.append(
                        e.model_copy(
                            update={
                                "id": f"{e.id}@seq{batch_size}",
                                "images": e.images + [i for x in earlier for i in x.images[:1]],
                                "clean_images": e.clean_images
                                + [i for x in earlier for i in x.clean_images[:1]],
                                "scenes": e.scenes + [s for x in earlier for s in x.scenes[:1]],
                                "question": context + e.question,
                                "meta": {
                                    **e.meta,
                                    "protocol": "sequential",
                                    "batch_size": batch_size,
                                    "batch_position": position,
                                },
                            },
                            deep=True,
                        )
                    )
        return out
