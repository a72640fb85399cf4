"""A glossy cone mirroring the floor was cut by the segmenter along a reflected band into two
blue pieces, the smaller lying almost wholly within the larger's box and sharing a long
boundary with it, and "how many solids" counted three for two. A piece of one colour nested
that way in a larger object of its colour is part of it; two solids of one colour, one
behind the other, show beyond each other's box and stay two."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from spatioxolver.agents._vision.nested_pieces import drop_nested_pieces, nested_pieces


def _mask(y0: int, y1: int, x0: int, x1: int) -> np.ndarray:
    m = np.zeros((300, 400), bool)
    m[y0:y1, x0:x1] = True
    return m


def test_a_flank_cut_from_a_cone_is_part_of_it() -> None:
    cone = _mask(100, 220, 100, 180)
    flank = _mask(120, 215, 160, 185)  # reaches a little beyond the cone's box
    cone &= ~flank
    assert nested_pieces([cone, flank], ["blue", "blue"]) == [1]


def test_two_solids_of_one_colour_stay_two() -> None:
    front = _mask(120, 220, 100, 200)
    behind = _mask(80, 150, 170, 260) & ~front  # shows beyond the front one's box
    assert nested_pieces([front, behind], ["blue", "blue"]) == []
    small = _mask(130, 160, 120, 150)  # inside the box, but apart: no shared boundary
    big = _mask(100, 220, 100, 300) & ~_mask(120, 170, 110, 160)
    assert nested_pieces([big, small], ["red", "red"]) == []
    assert nested_pieces([_mask(100, 220, 100, 180), _mask(120, 215, 140, 170)], ["blue", "green"]) == []


def test_dropping_a_piece_renumbers_the_pairs() -> None:
    def obj(name: str, colour: str) -> SimpleNamespace:
        return SimpleNamespace(name=name, attributes=SimpleNamespace(color=colour))

    cone = _mask(100, 220, 100, 180)
    flank = _mask(120, 215, 160, 185)
    cone &= ~flank
    ball = _mask(200, 280, 250, 330)
    kept, masks, pairs = drop_nested_pieces(
        [obj("cone", "blue"), obj("flank", "blue"), obj("ball", "red")],
        [cone, flank, ball],
        [(0, 2, 0.1), (1, 2, 0.2)],
    )
    assert [o.name for o in kept] == ["cone", "ball"]
    assert pairs == [(0, 1, 0.1)]
