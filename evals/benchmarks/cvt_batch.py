"""CVT's concatenated sequential protocol (seed 003, App. 11): one prompt, one JSON reply per batch.

Seed 003 builds a batch-size-``k`` prompt by concatenating ``k`` single-scene prompts (each its
scene block followed by its questions) after one instruction that asks for a single JSON
``{"<image_name>": {"q_<id>": [relationships], ...}, ...}``. :func:`concatenated_batches` marks
the examples for that: scenes in manifest order, ``batch_size`` scenes per call; every example
keeps its own id (``<id>@batch<k>``) and row, and its ``meta`` carries what the one call needs:

* ``batch_id``: the call it belongs to (``b0001``, ``b0002``...);
* ``batch_scene``: the scene's name in the prompt and the reply (the image file name, else the
  scene file's stem), ``batch_position``: the scene's 1-based place in the prompt;
* ``batch_qid``: the question's key in that scene (``q_1``, ``q_2``... in manifest order);
* ``batch_context``: the scene block (image mode: the image's name and the object dictionary;
  text / scene-graph modes: the Scene Object Dictionary and relation lines of the scene);
* ``batch_question``: the question without the scene description.

The runner groups by ``batch_id`` and makes one call (:mod:`spatioxolver.evals.batch`).
"""

from __future__ import annotations

import json
from pathlib import Path

from spatioxolver.evals.benchmarks._generated import load_scene
from spatioxolver.evals.example import Example

from spatioxolver.errors import BenchmarkError

__all__ = ["concatenated_batches", "scene_name"]


def scene_name(example: Example) -> str:
    """The scene's name in the prompt and the JSON reply (seed: the image's file name)."""
    if example.images:
        return Path(example.images[0]).name
    if example.scenes:
        return Path(example.scenes[0]).stem
    return str(example.meta.get("scene_key") or example.id)


def _tag_dictionary(example: Example) -> dict[str, str]:
    table = example.meta.get("object_dictionary")
    if isinstance(table, dict) and table:
        return {str(k): str(v) for k, v in table.items()}
    if not example.scenes:
        return {}
    out = {}
    for obj in load_scene(example.scenes[0]).get("objects", []):
        if obj.get("label") is not None:
            words = (str(obj[k]) for k in ("size", "color", "material", "shape") if obj.get(k))
            out[str(obj["label"])] = " ".join(words)
    return out


def _context(example: Example, name: str) -> str:
    text = example.meta.get("scene_text")
    if text:  # text / scene-graph representations: the seed's dictionary (and relation lines)
        return f"Scene '{name}':\n{text}"
    table = _tag_dictionary(example)
    dictionary = json.dumps(table) if table else "(see the tags in the image)"
    return (
        f"Input Image: {name}\nRefer to the numeric tags overlaid on the objects in the image.\n"
        f"Scene Object Dictionary: {dictionary}"
    )


def scenes_in_order(examples: list[Example], batch_size: int) -> tuple[list[str], dict[str, list[Example]]]:
    """The examples grouped by scene (its scene file, else its image, else its id), scenes in
    first-seen order; the check of ``batch_size`` both sequential protocols share.

    Raises:
        BenchmarkError: ``batch_size`` below 1.
    """
    if batch_size < 1:
        raise BenchmarkError("batch_size must be at least 1")
    order: list[str] = []
    by_scene: dict[str, list[Example]] = {}
    for e in examples:
        key = e.scenes[0] if e.scenes else (e.images[0] if e.images else e.id)
        if key not in by_scene:
            order.append(key)
            by_scene[key] = []
        by_scene[key].append(e)
    return order, by_scene


def concatenated_batches(examples: list[Example], batch_size: int) -> list[Example]:
    """Mark ``examples`` for seed 003's one-call batches of ``batch_size`` scenes (module docstring).

    Raises:
        BenchmarkError: ``batch_size`` below 1.
    """
    order, by_scene = scenes_in_order(examples, batch_size)
    out: list[Example] = []
    for number, start in enumerate(range(0, len(order), batch_size), start=1):
        seen: dict[str, int] = {}
        for position, key in enumerate(order[start : start + batch_size], start=1):
            first = by_scene[key][0]
            name = scene_name(first)
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:  # two scenes with one file name: keep the reply's keys apart
                name = f"{name}#{seen[name]}"
            context = _context(first, name)
            for q, e in enumerate(by_scene[key], start=1):
                meta = {
                    **e.meta,
                    "protocol": "sequential-batch",
                    "batch_size": batch_size,
                    "batch_id": f"b{number:04d}",
                    "batch_position": position,
                    "batch_scene": name,
                    "batch_qid": f"q_{q}",
                    "batch_context": context,
                    "batch_question": str(e.meta.get("scene_question") or e.question),
                }
                out.append(e.model_copy(update={"id": f"{e.id}@batch{batch_size}", "meta": meta}, deep=True))
    return out
