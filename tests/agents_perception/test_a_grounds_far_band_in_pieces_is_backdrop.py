"""Towards the horizon a textured or tiled ground blends into its mean colour, and its far
rows were left by the backdrop model as a string of thin grey pieces side by side along the
horizon, read as a dozen "gray cubes" that made the scene abstain. Such a string is the
ground's far band: several graded pieces of one colour, each only a few rows tall, within one
band of rows and spread across the frame. Solids standing there, drawn dashes and a pair of
small far objects stay objects."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from spatioxolver.agents._vision.horizon_band import drop_far_band, far_band


def _mask(y0: int, y1: int, x0: int, x1: int) -> np.ndarray:
    m = np.zeros((480, 640), bool)
    m[y0:y1, x0:x1] = True
    return m


def _string(n: int = 8, top: int = 130, step: int = 70) -> list[np.ndarray]:
    return [_mask(top + k % 3, top + 5 + k % 3, 40 + k * step, 80 + k * step) for k in range(n)]


def test_a_string_of_thin_pieces_along_the_horizon_is_the_far_band() -> None:
    masks = _string()
    assert far_band(masks, ["gray"] * 8, [False] * 8) == list(range(8))


def test_solids_dashes_and_a_few_far_objects_stay() -> None:
    masks = _string()
    assert far_band(masks, ["gray"] * 8, [True] * 8) == []  # a drawn dashed rule
    colours = ["red", "blue", "green", "yellow", "purple", "orange", "pink", "cyan"]
    assert far_band(masks, colours, [False] * 8) == []  # pieces of many colours: no one ground
    assert far_band(masks[:2], ["gray"] * 2, [False] * 2) == []  # two small far objects
    assert far_band(_string(step=20), ["gray"] * 8, [False] * 8) == []  # huddled, not across
    tall = [_mask(100, 160, 40 + k * 120, 100 + k * 120) for k in range(4)]  # solids in a row
    assert far_band(tall, ["gray"] * 4, [False] * 4) == []


def test_dropping_the_band_keeps_the_solids_and_renumbers_pairs() -> None:
    def obj(name: str, colour: str) -> SimpleNamespace:
        return SimpleNamespace(name=name, attributes=SimpleNamespace(color=colour, extras={"flat": False}))

    masks = [_mask(200, 300, 100, 200), *_string(4, step=120), _mask(250, 350, 300, 420)]
    objs = [obj("ball", "red"), *(obj(f"p{k}", "gray") for k in range(4)), obj("box", "gray")]
    kept, kept_masks, pairs = drop_far_band(objs, masks, [(0, 5, 0.2), (1, 0, 0.1)])
    assert [o.name for o in kept] == ["ball", "box"]
    assert len(kept_masks) == 2
    assert pairs == [(0, 1, 0.2)]
