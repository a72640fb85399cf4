"""An example's ``aask`` call: images, question, the answer key, marks, clean images, choices.

The one place that builds them: the runner (in this process or in a worker), ``ask --example``
and the batch calls use :func:`example_call`.

Example:
    >>> from spatioxolver.evals.example import Example
    >>> ex = Example(id="x", benchmark="t", question="Is A left of B?", query={"type": "pairwise"})
    >>> sorted(example_call(ex, model="sim/exact"))[:4]
    ['clean_images', 'graph', 'ground_truth', 'images']
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spatioxolver.evals.example import Example
from spatioxolver.evals.runinfo import RunConfig

from spatioxolver.errors import BenchmarkError, UnsupportedQuestionError

__all__ = ["build_call", "example_call"]

#: Run options passed on to every ``aask`` call (decoding settings and per-agent models included).
_CALL_OPTIONS = (
    "api_base", "cache", "repair_method", "model_options", "agent_models", "reasoner", "relations_options",
    "refinements",
)  # fmt: skip
_CALL_OPTIONS += (
    "temperature",
    "max_tokens",
    "timeout",
    "world_prior",
    "segmentation_backend",
    "segmentation_options",
    "runner",
)


def _scene_for(example: Example) -> list[dict[str, Any]]:
    from spatioxolver.evals.benchmarks._generated import load_scene

    if example.scenes:
        return [load_scene(p) for p in example.scenes]
    inline = example.meta.get("scene_inline")
    return [inline] if isinstance(inline, dict) else []


def _object_dictionary(scenes: list[dict[str, Any]]) -> dict[str, str]:
    """``{label: "size color material shape"}`` of the first scene's labelled objects."""
    out: dict[str, str] = {}
    for obj in scenes[0].get("objects", []) if scenes else []:
        if obj.get("label") is not None:
            words = (str(obj.get(k)) for k in ("size", "color", "material", "shape") if obj.get(k))
            out[str(obj["label"])] = " ".join(words)
    return out


def build_call(example: Example, config: RunConfig) -> dict[str, Any]:
    """Keyword arguments of the ``aask`` call for one example of a run.

    Raises:
        BenchmarkError: a missing image or scene file.
    """
    return example_call(example, model=config.model, graph=config.graph, options=config.options)


def example_call(
    example: Example, *, model: str, graph: str = "agentic", options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Keyword arguments of ``aask`` for ``example``: images, question, ground truth, marks,
    clean images, choices (the one place that builds them; the runner and ``ask --example`` use it).

    Raises:
        BenchmarkError: a missing image or scene file.
    """
    for path in [*example.images, *example.clean_images]:
        if not Path(path).is_file():
            raise BenchmarkError(f"missing image {path} (check the dataset folder, or pass --image-root)")
    scenes = _scene_for(example)
    marks = {}
    if scenes:
        for obj in scenes[0].get("objects", []):
            label, pix = obj.get("label"), obj.get("pixel_coords")
            if label is not None and pix and len(pix) >= 2:
                marks[str(label)] = (float(pix[0]), float(pix[1]))
    if model == "geometric" and example.query.get("type") == "inconsistent_object" and not marks:
        raise UnsupportedQuestionError(
            "no label positions in this dataset: the geometric backend cannot bind the drawn letters "
            "to objects, so it cannot answer with a letter (use an LLM model, or the generated "
            "inconsistency benchmark, whose scene files give the label positions)"
        )
    call: dict[str, Any] = {
        "images": list(example.images),
        "question": example.question,
        "model": model,
        "graph": graph,
        # The answer key: only a simulated model is bound to it (never sent in a request).
        "ground_truth": {"scenes": scenes, "example": example.gold_payload()},
        "marks": marks or None,
        "clean_images": list(example.clean_images) or None,
    }
    if example.meta.get("world_prior"):  # the world generated data was rendered in (its manifest's)
        call["world_prior"] = example.meta["world_prior"]
    # Protocol inputs, separate from the gold: what is asked, the labels, the object dictionary.
    if example.query.get("type"):
        call["query"] = dict(example.query)
    if example.choices:
        call["choices"] = list(example.choices)
    dictionary = example.meta.get("object_dictionary") or _object_dictionary(scenes)
    if dictionary:
        call["object_dictionary"] = dictionary
        call["labels"] = list(dictionary)
    representation = example.meta.get("representation")
    if not example.images and representation == "text":
        call["text_only"] = True  # the question carries the scene (CVT text representation)
    elif not example.images and representation == "scene-graph":
        if not scenes:
            raise BenchmarkError(f"example {example.id}: the scene-graph representation needs a scene file")
        call["scene_graph"] = scenes[0]  # the current scene's JSON; the API reads it as a SceneGraph
    for key, value in (options or {}).items():
        if key in _CALL_OPTIONS:
            call[key] = value
    from spatioxolver.graphs import normalize_graph_name

    if normalize_graph_name(graph) != "agentic":  # one call with the run's model: no agents, no reasoner
        call.pop("agent_models", None)
        for key in ("reasoner", "relations_options", "refinements"):
            call.pop(key, None)
    return call
