"""Snapshots of what must not drift silently: graph topology (mermaid) and rendered prompts.

Regenerate after an intended change with ``SPATIOXOLVER_UPDATE_SNAPSHOTS=1 pytest tests/graphs``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from spatioxolver.graphs import GRAPH_NAMES, build_graph
from spatioxolver.prompts import render, template_hash

SNAPSHOTS = Path(__file__).parent / "snapshots"
UPDATE = os.environ.get("SPATIOXOLVER_UPDATE_SNAPSHOTS") == "1"

PROMPT_FIELDS = {
    "direct_pairwise": {"question": "Looking at this image, which object is above the other: 1 or 2?"},
    "cot_rank": {"labels": "1, 2, 3", "order": "from left to right"},
    "direct_cvt": {
        "objects": '{"0": "small red metal cube"}',
        "question": "If the camera orbits 90 degrees to the left, what is the new spatial relationship "
        "of the small red metal cube (Tag 0) with respect to the large cyan sphere (Tag 1)?",
    },
    "direct_cvt_batch": {
        "what": "images",
        "scenes": 'Input Image: a.png\nScene Object Dictionary: {"0": "small red metal cube"}\n'
        "q_1: If the camera orbits 90 degrees to the left, what is the new spatial relationship "
        "of the small red metal cube (Tag 0) with respect to the large cyan sphere (Tag 1)?",
    },
    "direct_inconsistency": {"question": "Which letter marks the modified object?"},
    "direct_mcq": {"question": "Which object is the leftmost?", "options": "1. red cube\n2. blue sphere"},
    "direct_open": {"question": "What is behind the red cube?"},
    "reasoning": {
        "scene_graph": '{"objects": []}',
        "question": "Which object is the leftmost?",
        "options": "",
        "answer_format": "Answer with just the object name (its label).",
    },
    "direct_text": {
        "what": " and a scene graph",
        "scene": '\nScene graph (JSON):\n{"objects":[],"relations":[]}\n',
        "question": "If the camera orbits 90 degrees to the left, where is Tag 0 relative to Tag 1?",
        "options": "",
        "answer_format": 'Answer with a JSON list of relations, e.g. ["left", "front"].',
    },
    "text_objects": {"scene": "- 0: small red metal cube at (0.00, 1.00, 0.35)"},
    "text_relations": {"objects": '["0","1"]', "scene": "- 0: small red metal cube at (0.00, 1.00, 0.35)"},
    "text_cot_rank": {"labels": "0, 1", "order": "from left to right", "scene": "- 0: ..."},
    "relation_orderings": {
        "source": "The image shows",
        "objects": "- mug (red cup)\n- lamp",
        "axes": "H, V, D",
    },
    "transformation": {
        "frame_number": 2,
        "objects_first": "- A (red cube)",
        "objects_later": "- A (red cube)",
    },
    "reasoning_refine": {
        "scene_graph": '{"objects": []}',
        "question": "Which object is the leftmost?",
        "options": "",
        "previous": "2",
        "answer_format": "Answer with just the object's name as the scene graph gives it.",
    },
}


def _check(path: Path, text: str) -> None:
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    if not path.exists():
        pytest.fail(
            f"snapshot {path.name} is missing; write it with SPATIOXOLVER_UPDATE_SNAPSHOTS=1 and review it"
        )
    assert text == path.read_text(encoding="utf-8"), f"{path.name} drifted; update the snapshot if intended"


@pytest.mark.parametrize("name", GRAPH_NAMES)
def test_topology_snapshot(name: str) -> None:
    _check(SNAPSHOTS / f"graph_{name}.mmd", build_graph(name).get_graph().draw_mermaid())


def test_agentic_topology_has_the_chain() -> None:
    g = build_graph("agentic").get_graph()
    edges = {(e.source, e.target) for e in g.edges}
    for pair in [
        ("attributes", "relations"),
        ("segmentation", "attributes"),
        ("relations", "symmetry"),
        ("transformation", "scene_graph"),
        ("scene_graph", "consistency"),
        ("consistency", "reasoning"),
    ]:
        assert pair in edges
    conditional = {(e.source, e.target) for e in g.edges if e.conditional}
    assert ("symmetry", "transformation") in conditional and ("symmetry", "scene_graph") in conditional


@pytest.mark.parametrize("name", sorted(PROMPT_FIELDS))
def test_rendered_prompt_snapshot(name: str) -> None:
    text = render(name, **PROMPT_FIELDS[name])
    _check(SNAPSHOTS / f"prompt_{name}.txt", f"# template hash {template_hash(name)}\n{text}")
