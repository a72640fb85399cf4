"""Graphs laid out and drawn by Graphviz (dot, neato, circo); truth positions from the layout's own JSON."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

FAMILY = "graphviz_graphs"
NEEDS = ["bin:dot"]

#: Colour name -> the hex Graphviz is given (plain, saturated hues a user would name alike).
COLOURS = {
    "red": "#d62728",
    "blue": "#1f5fd0",
    "green": "#2ca02c",
    "yellow": "#f2d22e",
    "orange": "#f58518",
    "purple": "#8e3fb5",
    "pink": "#f06bb4",
}
#: Graphviz shape -> the word a user says for it.
SHAPES = {
    "box": "rectangle",
    "ellipse": "ellipse",
    "circle": "circle",
    "diamond": "diamond",
    "triangle": "triangle",
    "hexagon": "hexagon",
    "doublecircle": "circle",
}
#: The plural a question uses for each word.
PLURAL = {
    "rectangle": "rectangles",
    "ellipse": "ellipses",
    "circle": "circles",
    "diamond": "diamonds",
    "triangle": "triangles",
    "hexagon": "hexagons",
}
BACKGROUNDS = ["white", "white", "white", "#f4f1e6", "#e8eef6", "#eef6ec"]
LETTERS = "ABCDEFGHKMPRSTWXYZ"
WORDS = ["start", "load", "parse", "check", "save", "end", "init", "stop", "read", "send"]


def _scene(rng: random.Random, letters: bool) -> list[dict[str, Any]]:
    n = rng.randint(3, 7)
    kinds = list(SHAPES)
    nodes = []
    colours = list(COLOURS)
    labels = rng.sample(LETTERS, n) if letters else rng.sample(WORDS, n)
    for k in range(n):
        shape = rng.choice(kinds)
        filled = rng.random() < 0.6
        colour = rng.choice(colours)
        nodes.append(
            {
                "id": f"n{k}",
                "shape": shape,
                "word": SHAPES[shape],
                "filled": filled,
                "colour": colour,
                "rounded": shape == "box" and rng.random() < 0.4,
                "label": labels[k] if rng.random() < 0.85 or letters else "",
            }
        )
    return nodes


def _edges(nodes: list[dict[str, Any]], rng: random.Random) -> list[tuple[str, str, str]]:
    edges = []
    ids = [n["id"] for n in nodes]
    for k in range(1, len(ids)):
        edges.append((ids[rng.randrange(k)], ids[k], ""))
    for _ in range(rng.randint(0, 2)):
        a, b = rng.sample(ids, 2)
        if all({a, b} != {x, y} for x, y, _ in edges):
            edges.append((a, b, ""))
    return edges


def _dot_text(nodes, edges, *, rankdir: str, bg: str, edge_labels: bool, rng: random.Random) -> str:
    lines = [
        f'digraph G {{ rankdir={rankdir}; bgcolor="{bg}"; nodesep=0.5; ranksep=0.6; overlap=false; sep="+12";'
    ]
    lines.append('  node [fontname="Helvetica", fontsize=14, penwidth=2];')
    for n in nodes:
        hexcol = COLOURS[n["colour"]]
        attrs = [f"shape={n['shape']}", f'label="{n["label"]}"']
        style = []
        if n["filled"]:
            style.append("filled")
            attrs.append(f'fillcolor="{hexcol}"')
            attrs.append('color="#333333"')
        else:
            attrs.append(f'color="{hexcol}"')
        if n["rounded"]:
            style.append("rounded")
        if style:
            attrs.append(f'style="{",".join(style)}"')
        if n["shape"] in ("circle", "doublecircle"):
            attrs.append("width=0.6")
        lines.append(f"  {n['id']} [{', '.join(attrs)}];")
    for a, b, _ in edges:
        label = f' [label="{rng.choice(["yes", "no", "ok", "1", "2"])}"]' if edge_labels else ""
        lines.append(f"  {a} -> {b}{label};")
    lines.append("}")
    return "\n".join(lines)


def _layout(text: str, engine: str) -> dict[str, dict[str, float]]:
    """Each node's centre (x right, y down, in points) and size (points), from Graphviz's JSON."""
    out = subprocess.run([engine, "-Tjson"], input=text.encode(), capture_output=True, check=True).stdout
    data = json.loads(out)
    top = float(data["bb"].split(",")[3])
    found = {}
    for obj in data.get("objects", []):
        if "pos" not in obj:
            continue
        x, y = (float(v) for v in obj["pos"].split(","))
        found[obj["name"]] = {
            "x": x,
            "y": top - y,
            "w": float(obj["width"]) * 72,
            "h": float(obj["height"]) * 72,
        }
    return found


def _name(n: dict[str, Any], nodes: list[dict[str, Any]]) -> str | None:
    """A way to name the node that no other node shares, or None."""
    others = [m for m in nodes if m is not n]
    if n["filled"] and all(m["word"] != n["word"] for m in others):
        return n["word"]
    if n["filled"] and all(not (m["filled"] and m["colour"] == n["colour"]) for m in others):
        if all(m["word"] != n["word"] or m["colour"] != n["colour"] for m in others):
            return f"{n['colour']} {n['word']}"
    if all(m["word"] != n["word"] for m in others):
        return n["word"]
    return None


def _words(n: dict[str, Any], nodes: list[dict[str, Any]]) -> dict[str, Any]:
    others = [m for m in nodes if m is not n]
    one_of = []
    if all(m["word"] != n["word"] for m in others):
        one_of.append(n["word"])
    if n["filled"] and all(not m["filled"] or m["colour"] != n["colour"] for m in others):
        one_of.append(n["colour"])
    if n["label"] and n["label"] != "A":  # (the letter A would match the article "a")
        one_of.append(n["label"])
    nots = sorted({m["word"] for m in others if m["word"] != n["word"]})
    return {"one_of": one_of, "not": nots}


def _clear(a: dict[str, float], b: dict[str, float], axis: str) -> bool:
    """The two centres differ along the axis by more than half their extents: no near tie."""
    size = "w" if axis == "x" else "h"
    return abs(a[axis] - b[axis]) > 0.5 * (a[size] + b[size]) * 0.6 + 10


def _questions(nodes, pos, rng: random.Random, letters: bool) -> list[tuple[str, dict[str, Any]]]:
    qs: list[tuple[str, dict[str, Any]]] = []
    qs.append(
        (
            rng.choice(
                [
                    "How many nodes are in the graph?",
                    "How many nodes are there?",
                    "Count the shapes.",
                    "how many shapes does this diagram have",
                ]
            ),
            {"count": len(nodes)},
        )
    )
    has_double = any(n["shape"] == "doublecircle" for n in nodes)
    for word in rng.sample(sorted(PLURAL), 3):
        if word == "circle" and has_double:
            continue
        count = sum(n["word"] == word for n in nodes)
        qs.append(
            (
                rng.choice(
                    [
                        f"How many {PLURAL[word]} are there?",
                        f"How many {PLURAL[word]} can you see?",
                        f"Count the {PLURAL[word]}.",
                    ]
                ),
                {"count": count},
            )
        )
    word = rng.choice(["triangle", "diamond", "hexagon"])
    qs.append(
        (
            rng.choice([f"Is there a {word}?", f"Is there a {word} in the graph?"]),
            {"yes": any(n["word"] == word for n in nodes)},
        )
    )
    filled = [n for n in nodes if n["filled"]]
    qs.append(
        (
            rng.choice(["How many filled nodes are there?", "How many nodes are filled?"]),
            {"count": len(filled)},
        )
    )
    colour = rng.choice(list(COLOURS))
    if all(n["filled"] or n["colour"] != colour for n in nodes):
        qs.append(
            (
                rng.choice([f"How many {colour} nodes are there?", f"How many {colour} shapes are there?"]),
                {"count": sum(n["filled"] and n["colour"] == colour for n in nodes)},
            )
        )
    uniques = [n for n in filled if sum(m["word"] == n["word"] for m in nodes) == 1]
    if uniques:
        n = rng.choice(uniques)
        qs.append(
            (
                rng.choice([f"What colour is the {n['word']}?", f"What color is the {n['word']} node?"]),
                {"one_of": [n["colour"]], "not": [c for c in COLOURS if c != n["colour"]]},
            )
        )
    named = [(n, _name(n, nodes)) for n in nodes]
    named = [(n, w) for n, w in named if w]
    for axis, words in (("y", ("above", "below")), ("x", ("left of", "right of"))):
        pairs = [
            (a, b)
            for a, _ in named
            for b, _ in named
            if a is not b and _clear(pos[a["id"]], pos[b["id"]], axis)
        ]
        if not pairs:
            continue
        a, b = rng.choice(pairs)
        wa, wb = _name(a, nodes), _name(b, nodes)
        rel = rng.choice(words)
        truth = pos[a["id"]][axis] < pos[b["id"]][axis]
        if rel in ("below", "right of"):
            truth = not truth
        qs.append((f"Is the {wa} {rel} the {wb}?", {"yes": truth}))
    if letters:
        ids = [n for n in nodes if n["label"]]
        pairs = [(a, b) for a in ids for b in ids if a is not b and _clear(pos[a["id"]], pos[b["id"]], "x")]
        if pairs:
            a, b = rng.choice(pairs)
            qs.append(
                (
                    f"Is node {a['label']} left of node {b['label']}?",
                    {"yes": pos[a["id"]]["x"] < pos[b["id"]]["x"]},
                )
            )
        pairs = [(a, b) for a in ids for b in ids if a is not b and _clear(pos[a["id"]], pos[b["id"]], "y")]
        if pairs:
            a, b = rng.choice(pairs)
            qs.append(
                (
                    f"Is node {a['label']} above node {b['label']}?",
                    {"yes": pos[a["id"]]["y"] < pos[b["id"]]["y"]},
                )
            )
    for axis, question in (
        ("y", ["Which node is at the top?", "Which shape is topmost?"]),
        ("x", ["Which node is leftmost?", "Which shape is furthest to the left?"]),
    ):
        order = sorted(nodes, key=lambda n: pos[n["id"]][axis])
        first, second = order[0], order[1]
        if not _clear(pos[first["id"]], pos[second["id"]], axis):
            continue
        truth = _words(first, nodes)
        if truth["one_of"]:
            qs.append((rng.choice(question), truth))
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"graphviz_graphs/{seed}")
    items = []
    for k in range(12):
        letters = rng.random() < 0.5
        nodes = _scene(rng, letters)
        edges = _edges(nodes, rng)
        engine = rng.choice(["dot", "dot", "dot", "neato", "circo"])
        text = _dot_text(
            nodes,
            edges,
            rankdir=rng.choice(["TB", "LR"]),
            bg=rng.choice(BACKGROUNDS),
            edge_labels=rng.random() < 0.3,
            rng=rng,
        )
        dpi = rng.choice([72, 96, 120, 150, 200])
        name = f"graph_{k:02d}.png"
        subprocess.run(
            [engine, "-Tpng", f"-Gdpi={dpi}", "-o", str(outdir / name)], input=text.encode(), check=True
        )
        pos = _layout(text, engine)
        for question, truth in _questions(nodes, pos, rng, letters):
            items.append({"image": name, "question": question, "truth": truth})
    return items
