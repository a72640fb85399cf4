"""Bar charts drawn by matplotlib: coloured bars on axes, asked which is tallest, where, and how many."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from families.mpl_patches import PALETTE

FAMILY = "mpl_bars"
NEEDS = ["matplotlib"]


def _draw(bars: list[dict[str, Any]], rng: random.Random, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sheet = rng.choice(["default", "default", "ggplot", "seaborn-v0_8-whitegrid"])
    dpi = rng.choice([60, 80, 120])
    with plt.style.context(sheet):
        fig, ax = plt.subplots(figsize=(6.4, 4.8), dpi=dpi)
        horizontal = False
        names = [b["name"] for b in bars]
        heights = [b["h"] for b in bars]
        colours = [b["css"] for b in bars]
        ax.bar(
            names, heights, color=colours, width=rng.uniform(0.5, 0.8), edgecolor=rng.choice([None, "black"])
        )
        if not horizontal and rng.random() < 0.5:
            ax.set_ylabel(rng.choice(["count", "value", "score"]))
        ax.set_title(rng.choice(["Results", "Totals by group", ""]))
        fig.tight_layout()
        fig.savefig(path, dpi=dpi)
        plt.close(fig)


def _questions(bars: list[dict[str, Any]], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    words = [b["colour"] for b in bars]
    qs: list[tuple[str, dict[str, Any]]] = []
    qs.append(
        (
            rng.choice(
                [
                    "How many bars are there?",
                    "How many bars does the chart have?",
                    "Count the bars.",
                ]
            ),
            {"count": len(bars)},
        )
    )
    ranked = sorted(bars, key=lambda b: b["h"])
    if ranked[-1]["h"] > 1.15 * ranked[-2]["h"]:
        qs.append(
            (
                rng.choice(
                    ["Which bar is the tallest?", "What colour is the tallest bar?", "Which bar is highest?"]
                ),
                {"one_of": [ranked[-1]["colour"]], "not": [w for w in words if w != ranked[-1]["colour"]]},
            )
        )
    if ranked[1]["h"] > 1.15 * ranked[0]["h"]:
        qs.append(
            (
                rng.choice(["Which bar is the shortest?", "What colour is the shortest bar?"]),
                {"one_of": [ranked[0]["colour"]], "not": [w for w in words if w != ranked[0]["colour"]]},
            )
        )
    qs.append(
        ("What colour is the leftmost bar?", {"one_of": [bars[0]["colour"]], "not": [w for w in words[1:]]})
    )
    qs.append(
        (
            "What colour is the rightmost bar?",
            {"one_of": [bars[-1]["colour"]], "not": [w for w in words[:-1]]},
        )
    )
    a, b = rng.sample(range(len(bars)), 2)
    qs.append((f"Is the {bars[a]['colour']} bar left of the {bars[b]['colour']} bar?", {"yes": a < b}))
    if max(bars[a]["h"], bars[b]["h"]) > 1.2 * min(bars[a]["h"], bars[b]["h"]):
        qs.append(
            (
                rng.choice(
                    [
                        f"Is the {bars[a]['colour']} bar taller than the {bars[b]['colour']} bar?",
                        f"Is the {bars[a]['colour']} bar higher than the {bars[b]['colour']} bar?",
                    ]
                ),
                {"yes": bars[a]["h"] > bars[b]["h"]},
            )
        )
    colour = rng.choice(sorted(set(PALETTE.values())))
    qs.append((f"Is there a {colour} bar?", {"yes": colour in words}))
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"mpl_bars/{seed}")
    items = []
    for k in range(10):
        n = rng.randint(3, 6)
        chosen = rng.sample(sorted(PALETTE), n)
        bars = [
            {
                "css": css,
                "colour": PALETTE[css],
                "name": rng.choice("ABCDEFGH") + str(i),
                "h": rng.uniform(1, 10),
            }
            for i, css in enumerate(chosen)
        ]
        name = f"bars_{k:02d}.png"
        _draw(bars, rng, outdir / name)
        for question, truth in _questions(bars, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
