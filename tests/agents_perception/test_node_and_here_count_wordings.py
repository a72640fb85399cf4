"""Wordings of a diagram's questions: "node" names any shape ("how many nodes are there",
"what shape is the leftmost node", "which node is largest"), "here" in "how many shapes here
are blue" says where to look, "count every shape in the diagram" counts them all, and "the
graph" is the picture ("how many nodes does this graph have"). Drawn here with Pillow."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask


def _nodes() -> np.ndarray:
    img = Image.new("RGB", (400, 260), "white")
    d = ImageDraw.Draw(img)
    d.ellipse([20, 90, 90, 160], fill=(42, 85, 216))  # blue circle, leftmost
    d.rectangle([150, 30, 260, 90], fill=(220, 34, 34))  # red rectangle, the largest
    d.polygon([(330, 150), (370, 220), (290, 220)], fill=(42, 85, 216))  # blue triangle
    d.line([(90, 125), (150, 60)], fill=(50, 50, 50), width=2)
    d.line([(260, 60), (330, 150)], fill=(50, 50, 50), width=2)
    return np.asarray(img)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How many nodes are there?", 3),
        ("How many nodes does this graph have?", 3),
        ("How many shapes here are blue?", 2),
        ("How many blue nodes are there?", 2),
        ("Count every shape in the diagram.", 3),
    ],
)
def test_node_counts(question: str, value: int) -> None:
    assert ask(_nodes(), question, model="geometric").value == value


def test_node_names_any_shape() -> None:
    rgb = _nodes()
    assert "circle" in ask(rgb, "What shape is the leftmost node?", model="geometric").text.lower()
    assert "red" in ask(rgb, "Which node is largest?", model="geometric").text.lower()
