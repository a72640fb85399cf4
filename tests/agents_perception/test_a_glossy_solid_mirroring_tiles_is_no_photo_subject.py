"""A polished ball on a checker floor mirrors the tiles, so its inside reads as textured
(``interior_detail`` 0.2 on a POV-Ray render), and the reliability check took it for a
photograph's subject: the whole scene abstained. On a patterned ground a textured object
whose outline is a sharp colour step all round is a glossy solid mirroring the tiles; a
textured object with a soft or open outline, or on a ground that is no pattern, stays a
photo's subject."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning._describe import scene_reliability
from spatioxolver.agents._reasoning._mirrored_ground import mirrors_patterned_ground

from spatioxolver.schema import Attributes, ImageInfo, SceneGraph, SpatialObject

_TEXTURED = {"interior_detail": 0.205, "interior_coarse": 0.097, "interior_plain": 0.0, "flat": False}


def _graph(edge_support: float, edge_open: float, patterned: float) -> SceneGraph:
    ball = SpatialObject(
        id="o1",
        bbox=(40.0, 170.0, 180.0, 300.0),
        area=15000.0,
        attributes=Attributes(
            color="yellow",
            shape="sphere",
            extras={**_TEXTURED, "edge_support": edge_support, "edge_open": edge_open},
        ),
    )
    cone = SpatialObject(
        id="o2",
        bbox=(340.0, 175.0, 450.0, 285.0),
        area=6000.0,
        attributes=Attributes(
            color="purple", shape="cone", extras={"flat": False, "edge_support": 0.98, "edge_open": 0.02}
        ),
    )
    quality = {"reliability": 1.0, "patterned_ground": patterned, "tiled": patterned}
    return SceneGraph(images=[ImageInfo(width=720, height=480, quality=quality)], objects=[ball, cone])


@pytest.mark.parametrize(
    ("edge_support", "edge_open", "patterned", "mirrors"),
    [
        (0.994, 0.0, 1.0, True),  # a polished ball on a checker floor (POV-Ray)
        (0.91, 0.07, 1.0, True),  # a polished can, its top edge soft against a pale tile
        (0.52, 0.18, 1.0, False),  # a cut-out with a broken outline: a photo's subject
        (0.994, 0.3, 1.0, False),  # its outline open where its colour runs on into the ground
        (0.994, 0.0, 0.0, False),  # no patterned ground to mirror
    ],
)
def test_which_textured_objects_mirror_the_tiles(
    edge_support: float, edge_open: float, patterned: float, mirrors: bool
) -> None:
    g = _graph(edge_support, edge_open, patterned)
    assert mirrors_patterned_ground(g.objects[0], g.images[0].quality) is mirrors


def test_a_ball_mirroring_the_tiles_keeps_the_scene_readable() -> None:
    assert scene_reliability(_graph(0.994, 0.0, 1.0)) >= 0.5  # before: 0.2
    assert scene_reliability(_graph(0.52, 0.18, 1.0)) < 0.5
