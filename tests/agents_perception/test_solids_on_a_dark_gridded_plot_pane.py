"""A 3-D plot's panes, ruled by grid lines, carry the solids; they are no object.

matplotlib's mplot3d draws a floor and two walls, here dark ("#2b2b2b"), ruled by light grid
lines that cut the fill into cells, none big enough to be a panel on its own. The cells are
one pane across the lines, and the solids standing on it are read one by one. A pane
ruled by a grid is scenery (the page a plot is drawn on), whatever stands on it. A hatched
fill or a speckled texture is no ruled pane."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from spatioxolver.agents._vision.colour import rgb_to_lab  # noqa: E402
from spatioxolver.agents._vision.plot_panes import (  # noqa: E402
    grid_carrying_solids,
    pane_across_lines,
    ruled_pane,
)

import spatioxolver  # noqa: E402


def _dark_pane_plot(pane: str = "#2b2b2b") -> np.ndarray:
    """A red box (bar3d) and a blue cylinder standing on an mplot3d floor, axes on."""
    fig = plt.figure(figsize=(5.2, 4.6), dpi=90)
    fig.patch.set_facecolor("#e8eef4")
    ax = fig.add_subplot(111, projection="3d", computed_zorder=False)
    ax.set_facecolor("#e8eef4")
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
        axis.set_pane_color(pane)
    ax.bar3d(1.0, -2.5, 0, 1.5, 1.5, 1.5, color="#d62020", shade=True, zorder=1)
    u, z = np.mgrid[0 : 2 * np.pi : 40j, 0:2:6j]
    side = ax.plot_surface(-1.5 + np.cos(u), 1.5 + np.sin(u), z, color="#2050d0", shade=True, linewidth=0)
    t, rr = np.mgrid[0 : 2 * np.pi : 40j, 0:1:2j]
    top = ax.plot_surface(-1.5 + rr * np.cos(t), 1.5 + rr * np.sin(t), np.full_like(t, 2.0), color="#2050d0",
                          shade=True, linewidth=0)  # fmt: skip
    side.set_zorder(2)
    top.set_zorder(2)
    ax.set_xlim(-4, 4)
    ax.set_ylim(-4, 4)
    ax.set_zlim(0, 6)
    ax.set_box_aspect((1, 1, 0.75))
    ax.view_init(elev=17, azim=-40)
    fig.canvas.draw()
    img = np.asarray(fig.canvas.buffer_rgba())[:, :, :3].copy()
    plt.close(fig)
    return img


def test_solids_on_a_dark_gridded_pane_are_counted_without_the_pane():
    img = _dark_pane_plot()
    answer = spatioxolver.ask(img, "How many objects are there?")
    assert not answer.abstained, answer.text
    assert answer.value == 2
    assert spatioxolver.ask(img, "What colour is the cylinder?").value == "blue"


def _ruled(size: int = 240, pitch: int = 24) -> tuple[np.ndarray, np.ndarray]:
    """A grey card ruled by a light grid (``rgb``) and its mask."""
    rgb = np.full((size, size, 3), (60, 60, 60), np.uint8)
    for t in range(0, size, pitch):
        cv2.line(rgb, (t, 0), (t, size - 1), (200, 200, 200), 1)
        cv2.line(rgb, (0, t), (size - 1, t), (200, 200, 200), 1)
    return rgb, np.ones((size, size), bool)


def test_pane_cells_cut_by_grid_lines_are_one_pane_and_a_solid_stays_out():
    rgb, comp = _ruled()
    cv2.circle(rgb, (120, 120), 30, (200, 40, 40), -1)
    lab = rgb_to_lab(rgb)
    near = np.linalg.norm(lab - lab[5, 5], axis=-1) < 7.0
    pane = pane_across_lines(comp, near, 40)
    assert pane is not None
    assert pane.sum() > 0.8 * (comp.sum() - np.pi * 30**2)
    assert not pane[120, 120]  # the ball is no pane
    assert ruled_pane(pane, lab, 40)


def test_speckle_and_a_plain_card_are_no_ruled_pane():
    rng = np.random.default_rng(1)
    rgb = np.full((200, 200, 3), (60, 60, 60), np.uint8)
    specks = rng.random((200, 200)) < 0.25
    rgb[specks] = (200, 200, 200)
    lab = rgb_to_lab(rgb)
    comp = np.ones((200, 200), bool)
    near = np.linalg.norm(lab - rgb_to_lab(np.array([[[60, 60, 60]]], np.uint8))[0, 0], axis=-1) < 7.0
    assert pane_across_lines(comp, near, 40) is None
    plain = np.full((200, 200, 3), (60, 60, 60), np.uint8)
    cv2.circle(plain, (100, 100), 40, (61, 61, 61), 2)  # a ring of nearly its colour
    assert not ruled_pane(comp, rgb_to_lab(plain), 40)


def test_a_grid_carrying_a_ball_is_no_hatching_but_a_bare_grid_is():
    comp = np.zeros((220, 220), bool)
    lab = np.zeros((220, 220, 3), np.float32)
    lab[..., 0] = 75.0
    for t in range(10, 211, 20):
        comp[t : t + 2, 10:212] = True
        comp[10:212, t : t + 2] = True
    assert not grid_carrying_solids(comp, lab, 40)  # hatching: thin lines only
    dots = comp.copy()
    for cx in range(20, 211, 40):  # dots of the lines' own ink on them
        for cy in range(20, 211, 40):
            disc = np.zeros((220, 220), np.uint8)
            cv2.circle(disc, (cx, cy), 6, 1, -1)
            dots |= disc.astype(bool)
    assert not grid_carrying_solids(dots, lab, 40)
    ball = np.zeros((220, 220), np.uint8)
    cv2.circle(ball, (110, 110), 28, 1, -1)
    lab[ball.astype(bool)] = (45.0, 60.0, 40.0)
    assert grid_carrying_solids(comp | ball.astype(bool), lab, 40)
