""" "Which shape is in the middle": in a mirrored layout, the shape on the centre line; among
shapes scattered at different heights, the one nearest the layout's centre (not the one that
happens to be second of three left to right)."""

from __future__ import annotations

from spatioxolver.agents.reasoning import reason_symbolic

from .conftest import graph_from_positions


def _obj(i: int, colour: str, shape: str, xy: tuple[float, float]):
    from spatioxolver.schema import Attributes, SpatialObject

    x, y = xy
    return SpatialObject(
        id=f"o{i}",
        attributes=Attributes(color=colour, shape=shape),
        centroid=xy,
        area=900.0,
        bbox=(x - 15, y - 15, x + 15, y + 15),
        depth=1.0,
    )


def test_scattered_shapes_middle_is_the_one_nearest_the_centre() -> None:
    # left to right: star (x 120), square (x 200), circle (x 330); the star is at mid height
    # and mid layout, the square high up, the circle low down
    g = graph_from_positions(
        [
            _obj(0, "cyan", "star", (120.0, 170.0)),
            _obj(1, "yellow", "square", (200.0, 30.0)),
            _obj(2, "black", "circle", (330.0, 300.0)),
        ]
    )
    answer = reason_symbolic("Which shape is in the middle?", g)
    assert answer.value == "cyan star", answer.text


def test_mirrored_layout_middle_is_the_centre_line_shape() -> None:
    g = graph_from_positions(
        [
            _obj(0, "red", "circle", (60.0, 100.0)),
            _obj(1, "green", "triangle", (240.0, 250.0)),
            _obj(2, "red", "circle", (420.0, 100.0)),
        ]
    )
    answer = reason_symbolic("Which shape is in the middle?", g)
    assert answer.value == "green triangle", answer.text
