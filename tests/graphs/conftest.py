"""Shared fixtures: small rendered scenes (cached per session) and a clean perception cache."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def boxes_view():
    from spatioxolver.scenes import render_random_scene

    return render_random_scene(3, n_objects=5, overlay="boxes", width=240, height=160)


@pytest.fixture(scope="session")
def tags_view():
    from spatioxolver.scenes import render_random_scene

    return render_random_scene(5, layout="tabletop", n_objects=4, overlay="tags", width=240, height=160)


@pytest.fixture(autouse=True)
def _fresh_cache():
    from spatioxolver.graphs._cache import cache_clear

    cache_clear()
    yield
    cache_clear()


def chain_rules(objects: dict, **replies: str) -> list[tuple[str, str]]:
    """LocalServer rules answering the agentic chain's perception prompts: ``objects`` (JSON)
    for segmentation and attributes, no relations, no groups; ``replies`` override or add a
    step (``relations=``, ``symmetry=``, ``transformation=``, ``reasoning=``)."""
    import json

    steps = {
        "segmentation": ("^You are the object segmentation agent", json.dumps(objects)),
        "attributes": ("^You are the attribute extraction agent", json.dumps(objects)),
        "relations": ("^You are the spatial relation agent", '{"relations": []}'),
        "symmetry": ("^You are the grouping and symmetry agent", '{"groups": [], "symmetries": []}'),
        "transformation": ("^You are the transformation agent", None),
        "reasoning": ("(?s)^You are the reasoning agent", None),
    }
    out = []
    for step, (pattern, default) in steps.items():
        reply = replies.get(step, default)
        if reply is not None:
            out.append((pattern, reply))
    return out


@pytest.fixture
def plain_image(tmp_path):
    """A blank 200x100 PNG: the scripted model's replies, not pixels, carry the scene."""
    import numpy as np
    from PIL import Image

    path = tmp_path / "plain.png"
    Image.fromarray(np.full((100, 200, 3), 225, np.uint8)).save(path)
    return path


def graph_from_positions(objects: list) -> object:
    """A scene graph over ``objects`` whose H / V / D relations follow their centroids and
    depths exactly (every pair, every axis), in a 480x320 frame."""
    import itertools

    from spatioxolver.schema import AXIS_PREDICATES, ImageInfo, Relation, SceneGraph

    rels = []
    for a, b in itertools.combinations(objects, 2):
        for axis, key in (
            ("H", lambda o: o.centroid[0]),
            ("V", lambda o: o.centroid[1]),
            ("D", lambda o: o.depth),
        ):
            first, second = AXIS_PREDICATES[axis]
            rels.append(
                Relation(subject=a.id, predicate=first if key(a) < key(b) else second, object=b.id, axis=axis)
            )
    return SceneGraph(objects=objects, relations=rels, images=[ImageInfo(width=480, height=320)])


def labelled_flat_graph(shapes: list[tuple]) -> object:
    """A scene graph (:func:`graph_from_positions`) of flat drawn shapes, each 60 px square round
    its centre and carrying a drawn label: ``shapes`` holds ``(id, colour, shape, (x, y), label)``."""
    from spatioxolver.schema import Attributes, SpatialObject

    objs = [
        SpatialObject(
            id=i,
            label=label,
            attributes=Attributes(color=c, shape=s, extras={"flat": True, "label_drawn": True}),
            centroid=xy,
            bbox=(xy[0] - 30, xy[1] - 30, xy[0] + 30, xy[1] + 30),
            area=3600.0,
            depth=1.0,
        )
        for i, c, s, xy, label in shapes
    ]
    return graph_from_positions(objs)


def planar_relations(objects: list) -> list:
    """H and V relations of every pair of ``objects``, following their centroids; two at the
    same height (or in one column) are level on that axis: a coin-flip relation (0.5)."""
    import itertools

    from spatioxolver.schema import AXIS_PREDICATES, Relation

    relations = []
    for a, b in itertools.combinations(objects, 2):
        for axis, k in (("H", 0), ("V", 1)):
            first, second = AXIS_PREDICATES[axis]
            ca, cb = a.centroid[k], b.centroid[k]
            relations.append(
                Relation(
                    subject=a.id,
                    predicate=first if ca < cb else second,
                    object=b.id,
                    axis=axis,
                    confidence=0.5 if ca == cb else 1.0,
                )  # fmt: skip
            )
    return relations


def flat_drawing(*, labelled: bool = False) -> object:
    """A flat drawing's scene graph (no sizes, no depth), 480x320: a row of red circle A,
    blue square B, green triangle C and blue circle F at y = 200; yellow star D straight above
    the triangle; a small purple circle E up and to the left of the triangle, nearer to it
    than the star but not in its column. ``labelled``: the letters are drawn beside them.
    H and V relations follow the centroids; objects at the same height (the row) or in one
    column are level on that axis (a coin-flip relation)."""

    from spatioxolver.schema import (
        Attributes,
        ImageInfo,
        SceneGraph,
        SpatialObject,
    )

    spec = [
        ("A", "red", "circle", (80.0, 200.0), 30.0),
        ("B", "blue", "square", (200.0, 200.0), 25.0),
        ("C", "green", "triangle", (320.0, 200.0), 35.0),
        ("D", "yellow", "star", (320.0, 60.0), 22.0),
        ("E", "purple", "circle", (250.0, 120.0), 15.0),
        ("F", "blue", "circle", (430.0, 200.0), 20.0),
    ]
    objects = [
        SpatialObject(
            id=f"o{i}",
            label=letter if labelled else None,
            attributes=Attributes(
                color=colour, shape=shape, extras={"label_drawn": True} if labelled else {}
            ),
            centroid=xy,
            bbox=(xy[0] - half, xy[1] - half, xy[0] + half, xy[1] + half),
            area=4.0 * half * half,
        )
        for i, (letter, colour, shape, xy, half) in enumerate(spec)
    ]
    return SceneGraph(
        objects=objects, relations=planar_relations(objects), images=[ImageInfo(width=480, height=320)]
    )


def shapes_in_a_row(*objects: tuple) -> object:
    """A scene graph of ``(colour, shape)`` objects, one every 60 px left to right (ids o0, o1, ...)."""
    from spatioxolver.schema import Attributes, SceneGraph, SpatialObject

    return SceneGraph(
        objects=[
            SpatialObject(
                id=f"o{k}",
                centroid=(20.0 + 60 * k, 50.0),
                area=400.0,
                bbox=(10 + 60 * k, 40, 30 + 60 * k, 60),
                attributes=Attributes(color=c, shape=s),
            )  # fmt: skip
            for k, (c, s) in enumerate(objects)
        ]
    )
