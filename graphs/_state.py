"""The graphs' state: a TypedDict of plain data (dicts, lists, strings, numbers).

Live objects (model clients, decoded images) never enter the state, so the SQLite
checkpointer can persist it; nodes find them in LangGraph's run context
(``runtime.context``, a :class:`~spatioxolver.context.RunContext`).
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, TypedDict

__all__ = ["PipelineState"]


class PipelineState(TypedDict, total=False):
    """State shared by the ``agentic``, ``direct`` and ``cot_rank`` graphs.

    Attributes:
        run_id: the run's id (the default checkpoint thread).
        question: the user's question.
        n_frames: number of input images.
        images: :class:`~spatioxolver.schema.ImageInfo` dicts, one per frame.
        objects: :class:`~spatioxolver.schema.SpatialObject` dicts from segmentation.
        relations, groups, symmetries, transformations: scene-graph parts as dicts.
        scene_graph: the assembled (and, after ``consistency``, repaired) scene graph.
        repairs: consistency records (axis, CTR before / after, flipped pairs, ...).
        answer: ``{"text", "value", "choice", "rationale", "reasoner"}``.
        ranking: the CoT-rank graph's holistic order (labels, first to last).
        trace: one entry per node run (merged by ``+``).
        prompt_hashes: template name -> version hash of every prompt used.
        from_cache: whether the scene graph came from the perception cache.
        given_graph: whether the scene graph was supplied by the caller (``scene_graph=``).
    """

    run_id: str
    question: str
    n_frames: int
    images: list[dict[str, Any]]
    objects: list[dict[str, Any]]
    relations: list[dict[str, Any]]
    groups: list[dict[str, Any]]
    symmetries: list[dict[str, Any]]
    transformations: list[dict[str, Any]]
    scene_graph: dict[str, Any]
    repairs: list[dict[str, Any]]
    answer: dict[str, Any]
    ranking: list[str]
    trace: Annotated[list[dict[str, Any]], operator.add]
    prompt_hashes: Annotated[dict[str, str], operator.or_]
    from_cache: bool
    given_graph: bool
