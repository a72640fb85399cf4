"""A matplotlib 3-D plot keeps its axes on: tinted panes ruled by thin grid lines, axis lines
and tick labels frame the solids. That line art on plain panes is no texture, so the scene is
read, not abstained on. A surface drawn with its mesh's edges (``edgecolor``) is a render
whose facets are plain between thin darker lines, not a photograph's textured subject; the
same surface under sensor noise is still textured. Seen from high up, a cone is a round base
with a short point above it (no triangle down to its widest row), still a cone."""

from __future__ import annotations

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from mpl_toolkits.mplot3d.art3d import Poly3DCollection  # noqa: E402
from spatioxolver.agents._vision.reliability import interior_plain  # noqa: E402

import spatioxolver  # noqa: E402


def _plot(*, edges: bool, axes_on: bool, size=(760, 500)) -> np.ndarray:
    """A sphere and a box on a grey floor, drawn by mplot3d (axes panes, grid and ticks when
    ``axes_on``; the sphere's mesh edges in a darker green when ``edges``)."""
    fig = plt.figure(figsize=(size[0] / 100, size[1] / 100), dpi=100)
    fig.patch.set_facecolor("#dfe9f5")
    if axes_on:
        ax = fig.add_subplot(111, projection="3d", computed_zorder=False)
        for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
            axis.set_pane_color("#f0ead8")
        ax.set_xlabel("x")
        ax.set_ylabel("y")
    else:
        ax = fig.add_axes([0, 0, 1, 1], projection="3d", computed_zorder=False)
        ax.set_axis_off()
    ax.set_facecolor("#dfe9f5")
    floor = [[(-4.5, -4.5, 0), (4.5, -4.5, 0), (4.5, 4.5, 0), (-4.5, 4.5, 0)]]
    ax.add_collection3d(Poly3DCollection(floor, facecolor="#bdbdbd", edgecolor="none", zorder=0))
    ax.bar3d(0.6, -2.2, 0, 1.6, 1.6, 1.6, color="#2050d0", zorder=1)
    u, v = np.mgrid[0 : 2 * np.pi : 40j, 0 : np.pi : 20j]
    r = 1.1
    kw = {"linewidth": 0.4, "edgecolor": (0.1, 0.35, 0.1)} if edges else {"linewidth": 0}
    sphere = ax.plot_surface(
        -1.5 + r * np.cos(u) * np.sin(v), 1.0 + r * np.sin(u) * np.sin(v), r + r * np.cos(v),
        color="#2a9a2a", shade=True, antialiased=True, **kw,
    )  # fmt: skip
    sphere.set_zorder(2)
    ax.set_xlim(-4, 4)
    ax.set_ylim(-4, 4)
    ax.set_zlim(0, 4)
    ax.set_box_aspect((1, 1, 0.5), zoom=1.2)
    ax.view_init(elev=24, azim=-60)
    fig.canvas.draw()
    img = np.asarray(fig.canvas.buffer_rgba())[:, :, :3].copy()
    plt.close(fig)
    return img


def test_a_3d_plot_with_its_axes_panes_and_grid_is_read():
    img = _plot(edges=False, axes_on=True)
    answer = spatioxolver.ask(img, "How many objects are there?")
    assert not answer.abstained, answer.text
    assert answer.value == 2
    assert spatioxolver.ask(img, "What colour is the sphere?").value == "green"


def _sphere_mask(img: np.ndarray) -> np.ndarray:
    """The green sphere's pixels (green well above red and blue)."""
    rgb = img.astype(int)
    return (rgb[..., 1] > rgb[..., 0] + 25) & (rgb[..., 1] > rgb[..., 2] + 25)


def test_a_wireframed_surface_is_plain_between_its_lines_and_a_noisy_one_is_not():
    img = _plot(edges=True, axes_on=False, size=(560, 380))
    mask = _sphere_mask(img)
    assert mask.sum() > 2000
    assert interior_plain(img, mask) >= 0.1
    noisy = np.clip(img + np.random.default_rng(0).normal(0, 4.0, img.shape), 0, 255).astype(np.uint8)
    assert interior_plain(noisy, mask) < 0.1


def test_a_wireframed_sphere_is_answered():
    answer = spatioxolver.ask(
        _plot(edges=True, axes_on=False, size=(560, 380)), "What shape is the green object?"
    )
    assert not answer.abstained, answer.text
    assert answer.value == "sphere"


def _cones_from_above(elev: float, size: tuple[float, float] = (6.4, 4.8)) -> np.ndarray:
    """Two cones and a ball on a floor, seen from ``elev`` degrees up (axes off)."""
    fig = plt.figure(figsize=size, dpi=100)
    ax = fig.add_axes([0, 0, 1, 1], projection="3d", computed_zorder=False)
    ax.set_axis_off()
    fig.patch.set_facecolor("#ffffff")
    floor = [[(-4.5, -4.5, 0), (4.5, -4.5, 0), (4.5, 4.5, 0), (-4.5, 4.5, 0)]]
    ax.add_collection3d(Poly3DCollection(floor, facecolor="#e8e0d0", edgecolor="none", zorder=0))
    u, s = np.mgrid[0 : 2 * np.pi : 40j, 0:1:2j]
    for z, (cx, cy, colour) in enumerate([(-2.0, 1.5, "#8a3cc0"), (2.0, -1.0, "#f08010")]):
        r, h = 0.9, 1.9
        art = ax.plot_surface(cx + r * (1 - s) * np.cos(u), cy + r * (1 - s) * np.sin(u), h * s, color=colour,
                              shade=True, linewidth=0, antialiased=True)  # fmt: skip
        art.set_zorder(z + 1)
    v, w = np.mgrid[0 : 2 * np.pi : 40j, 0 : np.pi : 20j]
    ball = ax.plot_surface(0.5 + 0.9 * np.cos(v) * np.sin(w), 2.2 + 0.9 * np.sin(v) * np.sin(w), 0.9 + 0.9 * np.cos(w),
                           color="#2050d0", shade=True, linewidth=0, antialiased=True)  # fmt: skip
    ball.set_zorder(3)
    ax.set_xlim(-4, 4)
    ax.set_ylim(-4, 4)
    ax.set_zlim(0, 4)
    ax.set_box_aspect((1, 1, 0.5), zoom=1.3)
    ax.view_init(elev=elev, azim=-100)
    fig.canvas.draw()
    img = np.asarray(fig.canvas.buffer_rgba())[:, :, :3].copy()
    plt.close(fig)
    return img


def test_a_cone_seen_from_high_up_is_a_cone_and_the_ball_a_ball():
    img = _cones_from_above(60)
    assert spatioxolver.ask(img, "What shape is the purple object?").value == "cone"
    assert spatioxolver.ask(img, "What shape is the blue object?").value == "sphere"


def _silhouette(widths: list[float]) -> np.ndarray:
    """A silhouette whose rows (top down) are centred runs of the given widths."""
    w = int(max(widths)) + 4
    mask = np.zeros((len(widths), w), bool)
    for y, width in enumerate(widths):
        x0 = round((w - width) / 2)
        mask[y, x0 : x0 + round(width)] = True
    return mask


def test_a_small_cone_whose_thin_tip_is_lost_is_still_a_cone_and_a_ball_is_not():
    from spatioxolver.agents._vision.solid_cues import cone_outline

    # sides growing 1.6 px a row from a tip already 5 px wide (the thinner rows anti-aliased
    # into the ground), down to the widest row, then the base's half-ellipse below it
    sides = [5 + 1.6 * y for y in range(26)]
    base = [45 * np.sqrt(max(0.0, 1 - (y / 16) ** 2)) for y in range(1, 16)]
    assert cone_outline(_silhouette(sides + [45.0] * 3 + base))
    ball = [2 * np.sqrt(max(0.0, 24**2 - (y - 24) ** 2)) for y in range(1, 48)]
    assert not cone_outline(_silhouette(ball))
