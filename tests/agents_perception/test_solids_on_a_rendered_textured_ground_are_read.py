"""A ray tracer's granite or agate ground seen from high up fills the frame, graded in every
direction with fine detail and no plain row: the image-level check read it as a photograph's
continuous tone and every question about the solids on it abstained. Where that test alone
lowered the score, the picture is noise-free and every object found is a coloured solid cut
out by a sharp colour step all round, the field is a rendered ground and the score is the one
without the test. A photograph (sensor noise), grey objects, open or soft outlines and
textured objects keep the abstention."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning._describe import scene_reliability

from spatioxolver.schema import Attributes, ImageInfo, SceneGraph, SpatialObject

_FIELD = {"reliability": 0.07, "continuous_field": 0.07, "reliability_as_ground": 0.95, "flat": 0.991}


def _solid(k: int, colour: str = "green", **extras: object) -> SpatialObject:
    base = {"flat": False, "edge_support": 0.99, "edge_open": 0.05, "interior_detail": 0.002}
    return SpatialObject(
        id=f"o{k}",
        bbox=(100.0 + 200 * k, 200.0, 250.0 + 200 * k, 350.0),
        area=18000.0,
        attributes=Attributes(color=colour, shape="cube", extras={**base, **extras}),
    )


def _graph(quality: dict[str, float], objects: list[SpatialObject]) -> SceneGraph:
    return SceneGraph(images=[ImageInfo(width=800, height=600, quality=quality)], objects=objects)


def test_coloured_sharp_solids_on_a_noise_free_field_are_read() -> None:
    g = _graph(_FIELD, [_solid(0, "purple"), _solid(1, "green", edge_open=0.15)])
    assert scene_reliability(g) >= 0.5  # before: 0.07


@pytest.mark.parametrize(
    ("quality", "objects"),
    [
        ({**_FIELD, "flat": 0.93}, [_solid(0)]),  # sensor noise: a photograph
        (_FIELD, [_solid(0, "gray")]),  # a grey piece of the field itself
        (_FIELD, [_solid(0, edge_support=0.6)]),  # a soft outline: a cloud, a blurred subject
        (_FIELD, [_solid(0, edge_open=0.4)]),  # an outline open into the field
        (_FIELD, [_solid(0, interior_detail=0.3, interior_coarse=0.2, interior_plain=0.0)]),  # textured
        (_FIELD, []),  # nothing found
        ({**_FIELD, "continuous_field": 1.0, "reliability": 0.07}, [_solid(0)]),  # low for another cause
    ],
)
def test_photographs_and_doubtful_readings_still_abstain(
    quality: dict[str, float], objects: list[SpatialObject]
) -> None:
    assert scene_reliability(_graph(quality, objects)) < 0.5
