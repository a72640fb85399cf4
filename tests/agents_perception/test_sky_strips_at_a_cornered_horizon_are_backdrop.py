"""A ground plane seen from its corner: its far edge is a peak, not a level horizon, and the
row-by-row backdrop model leaves a graded strip of sky along the frame's top edge (or a
thin wedge of it at a side), which was read as a "blue metal cube" and made the whole scene
abstain. Such a strip is backdrop: thin, on the frame's edge, graded, its colour running on
into the sky along much of its outline (``edge_open``). Solids cut by the frame, drawn bars
and strips inside the frame stay objects."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from spatioxolver.agents._vision.backdrop_strips import drop_backdrop_strips, strip_like


def _obj(name: str, **extras: object) -> SimpleNamespace:
    return SimpleNamespace(name=name, attributes=SimpleNamespace(extras=extras))


def _mask(y0: int, y1: int, x0: int, x1: int) -> np.ndarray:
    m = np.zeros((480, 640), bool)
    m[y0:y1, x0:x1] = True
    return m


def test_a_graded_open_strip_on_the_top_edge_is_backdrop() -> None:
    assert strip_like(_mask(0, 30, 0, 640), {"edge_open": 0.71, "flat": False})
    assert strip_like(_mask(164, 178, 0, 134), {"edge_open": 0.5, "flat": False})  # a side wedge
    # A ground's far rows squeezed at a horizon that ends inside the frame: far longer than tall.
    assert strip_like(_mask(30, 56, 116, 642), {"edge_open": 0.51, "flat": False})


def test_solids_bars_and_inner_strips_stay_objects() -> None:
    assert not strip_like(_mask(0, 30, 0, 640), {"edge_open": 0.05, "flat": False})  # a closed outline
    assert not strip_like(_mask(0, 30, 0, 640), {"edge_open": 0.8, "flat": True})  # a drawn bar
    assert not strip_like(_mask(200, 230, 100, 300), {"edge_open": 0.8, "flat": False})  # off the frame
    assert not strip_like(_mask(0, 120, 0, 200), {"edge_open": 0.8, "flat": False})  # not thin
    assert not strip_like(_mask(0, 100, 0, 640), {"edge_open": 0.8, "flat": False})  # a photo's sky


def test_dropping_a_strip_renumbers_the_occlusion_pairs() -> None:
    objs = [_obj("sky", edge_open=0.7, flat=False), _obj("a", edge_open=0.0), _obj("b", edge_open=0.0)]
    masks = [_mask(0, 20, 0, 640), _mask(100, 200, 100, 200), _mask(150, 250, 150, 250)]
    pairs = [(1, 2, 0.3), (0, 1, 0.1)]
    kept, kept_masks, kept_pairs = drop_backdrop_strips(objs, masks, pairs)
    assert [o.name for o in kept] == ["a", "b"]
    assert len(kept_masks) == 2
    assert kept_pairs == [(0, 1, 0.3)]
