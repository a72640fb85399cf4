"""A label that is also a shape or colour word ("the shape labelled ball") names the shape
carrying that label, not the circles; where no shape carries it (no labels read, or other
labels) the word describes. "Numbered" names a label like "labelled" does."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning._refs import parse_reference
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.schema import Attributes, ImageInfo, SceneGraph, SpatialObject

from .conftest import planar_relations


@pytest.mark.parametrize(
    ("phrase", "label", "shape", "color"),
    [
        ("the shape labelled ball", "BALL", "sphere", None),  # a shape word as the label
        ("the object labelled 'ball'", "BALL", "sphere", None),  # quoted
        ("the shape labeled red", "RED", None, "red"),  # a colour word as the label
        ("the shape labelled lamp", "LAMP", None, None),  # a word outside the vocabulary
        ("the object numbered 7", "7", None, None),  # "numbered" names a label
        ('the object marked "door', "DOOR", None, None),  # a quote left by the question splitter
    ],
)
def test_label_words_parse(phrase: str, label: str, shape: str | None, color: str | None) -> None:
    ref = parse_reference(phrase)
    assert (ref["label"], ref["shape"], ref["color"]) == (label, shape, color)


def _scene(labels: list[str | None]) -> SceneGraph:
    spec = [
        ("yellow", "circle", (80.0, 100.0)),
        ("red", "triangle", (240.0, 100.0)),
        ("blue", "square", (400.0, 100.0)),
    ]
    objects = [
        SpatialObject(
            id=f"o{i}",
            label=label,
            attributes=Attributes(color=colour, shape=shape, extras={"label_drawn": True} if label else {}),
            centroid=xy,
            bbox=(xy[0] - 30, xy[1] - 30, xy[0] + 30, xy[1] + 30),
            area=3600.0,
        )
        for i, ((colour, shape, xy), label) in enumerate(zip(spec, labels, strict=True))
    ]
    return SceneGraph(
        objects=objects, relations=planar_relations(objects), images=[ImageInfo(width=480, height=200)]
    )


def test_the_label_ball_names_the_shape_carrying_it_not_the_circle() -> None:
    graph = _scene(["lamp", "ball", "rock"])
    assert reason_symbolic("What shape is the shape labelled ball?", graph).value == "triangle"
    assert reason_symbolic("What colour is the object marked 'ball'?", graph).value == "red"


def test_without_read_labels_the_word_describes() -> None:
    graph = _scene([None, None, None])
    assert reason_symbolic("What colour is the shape labelled ball?", graph).value == "yellow"


def test_a_word_no_shape_carries_describes() -> None:
    graph = _scene(["A", "B", "C"])
    assert reason_symbolic("What shape is the shape labelled red?", graph).value == "triangle"
    assert reason_symbolic("What colour is the shape labelled ball?", graph).value == "yellow"


def test_the_ball_shape_is_the_one_labelled_ball() -> None:
    graph = _scene(["lamp", "ball", "rock"])
    assert reason_symbolic("What shape is the ball shape?", graph).value == "triangle"
    assert reason_symbolic("What colour is the lamp?", graph).value == "yellow"
