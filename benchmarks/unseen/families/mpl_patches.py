"""Shapes drawn by matplotlib on plot axes: patches and markers with ticks, grids, titles and legends."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

from families.pillow_shapes import SHAPES, _questions

FAMILY = "mpl_patches"
NEEDS = ["matplotlib"]

#: matplotlib colour names, with the everyday word a person uses for each.
PALETTE = {
    "crimson": "red",
    "royalblue": "blue",
    "forestgreen": "green",
    "gold": "yellow",
    "darkorange": "orange",
    "purple": "purple",
}


def _scene(rng: random.Random) -> list[dict[str, Any]]:
    n = rng.randint(3, 6)
    kinds = rng.sample([(c, s) for c in PALETTE for s in SHAPES], n)
    slots = rng.sample(range(12), n)
    objects = []
    for (css, shape), slot in zip(kinds, slots, strict=True):
        col, row = slot % 4, slot // 4
        objects.append(
            {
                "css": css,
                "colour": PALETTE[css],
                "shape": shape,
                "dx": 1.5 + col * 3 + rng.uniform(-0.4, 0.4),
                "dy": 7.5 - row * 3 + rng.uniform(-0.4, 0.4),
                "dr": rng.uniform(0.55, 1.0),
            }
        )
    return objects


def _draw(objects: list[dict[str, Any]], rng: random.Random, path: Path) -> float:
    """Draws the figure and returns its width in pixels."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    style = rng.choice(["axes", "grid", "bare", "dark", "ggplot", "whitegrid", "legend"])
    dpi = rng.choice([60, 80, 120])
    sheet = {"ggplot": "ggplot", "whitegrid": "seaborn-v0_8-whitegrid"}.get(style, "default")
    with plt.style.context(sheet):
        return _draw_on(objects, rng, path, plt, style, dpi)


def _draw_on(
    objects: list[dict[str, Any]], rng: random.Random, path: Path, plt: Any, style: str, dpi: int
) -> float:
    from matplotlib.patches import Circle, Rectangle, RegularPolygon

    fig, ax = plt.subplots(figsize=(6.4, 4.8), dpi=dpi)
    if style == "dark":
        fig.patch.set_facecolor("#222222")
        ax.set_facecolor("#222222")
    ax.set_xlim(0, 12)
    ax.set_ylim(0, 9)
    ax.set_aspect("equal")
    if style == "grid":
        ax.grid(True, color="#cccccc", linewidth=0.8)
        ax.set_axisbelow(True)
    if style in ("bare", "dark"):
        ax.axis("off")
    else:
        ax.set_title(rng.choice(["Shapes", "Layout", "Figure 1"]))
    edge = rng.choice([None, "black"])
    for o in objects:
        x, y, r = o["dx"], o["dy"], o["dr"]
        kw = {"facecolor": o["css"], "edgecolor": edge or o["css"], "linewidth": 1.5}
        if o["shape"] == "circle":
            ax.add_patch(Circle((x, y), r, **kw))
        elif o["shape"] == "square":
            ax.add_patch(Rectangle((x - r, y - r), 2 * r, 2 * r, **kw))
        elif o["shape"] == "triangle":
            ax.add_patch(RegularPolygon((x, y), 3, radius=r, **kw))
        else:
            star = [
                (
                    x + (r if k % 2 == 0 else 0.45 * r) * math.cos(math.pi / 2 + k * math.pi / 5),
                    y + (r if k % 2 == 0 else 0.45 * r) * math.sin(math.pi / 2 + k * math.pi / 5),
                )
                for k in range(10)
            ]
            ax.fill(*zip(*star, strict=True), facecolor=o["css"], edgecolor=edge or o["css"], linewidth=1.5)
    if style == "legend":
        # a key in a corner: its small swatches and words are no shapes
        for label, colour in rng.sample(sorted(PALETTE.items()), 2):
            ax.plot(
                [],
                [],
                marker="s",
                linestyle="",
                color=label,
                label=rng.choice(["series", "group", "set"]) + " " + colour,
            )
        ax.legend(loc=rng.choice(["best", "best", "upper right"]))
    fig.canvas.draw()
    height = fig.canvas.get_width_height()[1]
    for o in objects:
        (px, py), (qx, _) = ax.transData.transform([(o["dx"], o["dy"]), (o["dx"] + o["dr"], o["dy"])])
        o.update(x=float(px), y=float(height - py), r=float(qx - px))
    fig.savefig(path, dpi=dpi, facecolor=fig.get_facecolor())
    plt.close(fig)
    return 6.4 * dpi


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"mpl_patches/{seed}")
    items = []
    for k in range(12):
        objects = _scene(rng)
        name = f"patches_{k:02d}.png"
        # the shared question maker keeps its margins in a 640-px page: scale to it
        scale = _draw(objects, rng, outdir / name) / 640.0
        scaled = [{**o, "x": o["x"] / scale, "y": o["y"] / scale, "r": o["r"] / scale} for o in objects]
        for question, truth in _questions(scaled, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
