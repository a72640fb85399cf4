"""Flowcharts, swimlane charts and timelines drawn with pycairo: boxes, diamonds, pills, circles, arrows."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

FAMILY = "cairo_flowcharts"
NEEDS = ["cairo"]

#: Fill colours by the word a user would say (a pale tint still says its hue).
FILLS = {
    "red": [(0.85, 0.18, 0.18), (0.93, 0.42, 0.40)],
    "blue": [(0.16, 0.36, 0.80), (0.45, 0.62, 0.92)],
    "green": [(0.20, 0.62, 0.28), (0.45, 0.78, 0.45)],
    "yellow": [(0.96, 0.82, 0.12), (0.98, 0.88, 0.38)],
    "orange": [(0.96, 0.55, 0.10)],
    "purple": [(0.50, 0.22, 0.66), (0.68, 0.48, 0.82)],
}
PAGES = {
    "white": (1.0, 1.0, 1.0),
    "off-white": (0.97, 0.96, 0.92),
    "light grey": (0.90, 0.90, 0.91),
    "dark": (0.14, 0.15, 0.18),
}
WORDS = ["Start", "End", "Check", "Load", "Save", "Retry", "OK?", "Send", "Step", "Done", "Plan", "Ship"]
#: Pens for outlines and arrows, by the word a user would say.
INK_WORDS = {(0.1, 0.1, 0.1): "black", (0.3, 0.3, 0.33): "grey", (0.2, 0.25, 0.4): "blue"}
NOTE = "arrows, connector lines, lanes and the timeline axis are not shapes"
KIND_WORDS = {
    "box": "rectangle",
    "diamond": "diamond",
    "circle": "circle",
    "ellipse": "ellipse",
    "pill": "pill",
}


def _node(kind: str, x: float, y: float, w: float, h: float, rng: random.Random, outline_ok: bool) -> dict:
    colour = rng.choice(list(FILLS))
    return {
        "kind": kind,
        "x": x,
        "y": y,
        "w": w,
        "h": h,
        "colour": colour,
        "rgb": rng.choice(FILLS[colour]),
        "outlined": outline_ok and kind == "box" and rng.random() < 0.4,
        "text": rng.choice(WORDS) if rng.random() < 0.5 else "",
    }


def _flow(rng: random.Random, width: int, height: int) -> dict[str, Any]:
    cols, rows = rng.randint(2, 4), rng.randint(2, 4)
    cw, ch = width / cols, height / rows
    n = rng.randint(4, min(8, cols * rows))
    cells = rng.sample(range(cols * rows), n)
    vertical = rng.random() < 0.5
    cells.sort(key=(lambda c: (c % cols, c // cols)) if vertical else (lambda c: (c // cols, c % cols)))
    term = rng.choice(["ellipse", "pill"])
    nodes = []
    for k, c in enumerate(cells):
        col, row = c % cols, c // cols
        x, y = (col + 0.5) * cw, (row + 0.5) * ch
        if k in (0, n - 1):
            kind = term
        else:
            kind = rng.choice(["box", "box", "box", "diamond", "diamond", "circle"])
        s = min(cw, ch)
        if kind == "circle":
            w = h = s * rng.uniform(0.30, 0.42)
        elif kind == "diamond":
            w = s * rng.uniform(0.50, 0.65)
            h = w * rng.uniform(0.7, 1.0)
        else:
            w = min(cw * 0.72, s * rng.uniform(0.65, 0.85))
            h = s * rng.uniform(0.30, 0.42)
        nodes.append(_node(kind, x, y, w, h, rng, outline_ok=True))
    edges = [(k, k + 1) for k in range(n - 1)]
    return {"nodes": nodes, "edges": edges, "lanes": [], "axis": None}


def _swimlane(rng: random.Random, width: int, height: int) -> dict[str, Any]:
    lanes_n = rng.randint(2, 4)
    horizontal = rng.random() < 0.6
    span = height if horizontal else width
    lane = span / lanes_n
    header = rng.uniform(0.07, 0.11) * (width if horizontal else height)
    lanes = []
    for _ in range(lanes_n):
        tint = rng.choice(list(FILLS))
        base = rng.choice(FILLS[tint])
        lanes.append(
            {"tint": tuple(0.82 + 0.18 * v for v in base), "head": tuple(0.55 + 0.4 * v for v in base)}
        )
    steps = rng.randint(4, 7)
    free = (width if horizontal else height) - header
    nodes = []
    for k in range(steps):
        li = rng.randrange(lanes_n)
        along = header + (k + 0.5) * free / steps
        across = (li + 0.5) * lane
        x, y = (along, across) if horizontal else (across, along)
        kind = rng.choice(["box", "box", "diamond", "circle"])
        step = free / steps
        s = min(lane, step)
        if kind == "circle":
            w = h = s * rng.uniform(0.32, 0.45)
        elif kind == "diamond":
            w = h = s * rng.uniform(0.50, 0.62)
        else:
            w, h = s * rng.uniform(0.62, 0.8), s * rng.uniform(0.32, 0.42)
        nodes.append(_node(kind, x, y, w, h, rng, outline_ok=True))
    edges = [(k, k + 1) for k in range(steps - 1)]
    return {
        "nodes": nodes,
        "edges": edges,
        "lanes": lanes,
        "horizontal": horizontal,
        "header": header,
        "axis": None,
    }


def _timeline(rng: random.Random, width: int, height: int) -> dict[str, Any]:
    n = rng.randint(3, 6)
    y_axis = height * rng.uniform(0.45, 0.55)
    margin = width * 0.1
    step = (width - 2 * margin) / (n - 1)
    marker_colour = rng.choice(list(FILLS))
    nodes, edges = [], []
    r = min(step, height) * rng.uniform(0.05, 0.08)
    for k in range(n):
        x = margin + k * step
        m = _node("circle", x, y_axis, 2 * r, 2 * r, rng, outline_ok=False)
        m["colour"], m["rgb"], m["text"] = marker_colour, FILLS[marker_colour][0], ""
        nodes.append(m)
        up = k % 2 == 0 if rng.random() < 0.8 else rng.random() < 0.5
        bw, bh = min(step * rng.uniform(0.6, 0.85), 1.8 * margin), height * rng.uniform(0.12, 0.18)
        by = y_axis + (-1 if up else 1) * height * rng.uniform(0.25, 0.32)
        nodes.append(_node("box", x, by, bw, bh, rng, outline_ok=True))
        edges.append((len(nodes) - 1, len(nodes) - 2))
    return {"nodes": nodes, "edges": edges, "lanes": [], "axis": (margin * 0.4, y_axis, width - margin * 0.4)}


def _path(ctx: Any, node: dict) -> None:
    x, y, w, h = node["x"], node["y"], node["w"], node["h"]
    kind = node["kind"]
    if kind == "box":
        ctx.rectangle(x - w / 2, y - h / 2, w, h)
    elif kind == "diamond":
        ctx.move_to(x, y - h / 2)
        ctx.line_to(x + w / 2, y)
        ctx.line_to(x, y + h / 2)
        ctx.line_to(x - w / 2, y)
        ctx.close_path()
    elif kind == "circle":
        ctx.new_sub_path()
        ctx.arc(x, y, w / 2, 0, 2 * math.pi)
    elif kind == "ellipse":
        ctx.save()
        ctx.translate(x, y)
        ctx.scale(w / 2, h / 2)
        ctx.new_sub_path()
        ctx.arc(0, 0, 1, 0, 2 * math.pi)
        ctx.restore()
    else:  # pill: a rectangle with half-round ends
        r = h / 2
        ctx.new_sub_path()
        ctx.arc(x - w / 2 + r, y, r, math.pi / 2, 3 * math.pi / 2)
        ctx.arc(x + w / 2 - r, y, r, -math.pi / 2, math.pi / 2)
        ctx.close_path()


def _border_point(node: dict, tx: float, ty: float) -> tuple[float, float]:
    """Where a line from the node's centre towards (tx, ty) leaves its box (close enough for all kinds)."""
    dx, dy = tx - node["x"], ty - node["y"]
    if dx == 0 and dy == 0:
        return node["x"], node["y"]
    sx = (node["w"] / 2) / abs(dx) if dx else math.inf
    sy = (node["h"] / 2) / abs(dy) if dy else math.inf
    s = min(sx, sy)
    if node["kind"] in ("diamond", "circle", "ellipse"):
        a, b = node["w"] / 2, node["h"] / 2
        s = 1 / (abs(dx) / a + abs(dy) / b) if node["kind"] == "diamond" else 1 / math.hypot(dx / a, dy / b)
    return node["x"] + dx * s, node["y"] + dy * s


def _arrow(ctx: Any, a: dict, b: dict, ink: tuple, width: float, elbow: bool) -> None:
    if elbow and abs(a["x"] - b["x"]) > 4 and abs(a["y"] - b["y"]) > 4:
        corner = (b["x"], a["y"])
        start = _border_point(a, *corner)
        end = _border_point(b, *corner)
        points = [start, corner, end]
    else:
        points = [_border_point(a, b["x"], b["y"]), _border_point(b, a["x"], a["y"])]
    ctx.set_source_rgb(*ink)
    ctx.set_line_width(width)
    (x1, y1), (x2, y2) = points[-2], points[-1]
    ang = math.atan2(y2 - y1, x2 - x1)
    head = 4 + 3 * width
    tip_back = (x2 - head * 0.8 * math.cos(ang), y2 - head * 0.8 * math.sin(ang))
    ctx.move_to(*points[0])
    for p in points[1:-1]:
        ctx.line_to(*p)
    ctx.line_to(*tip_back)
    ctx.stroke()
    ctx.move_to(x2, y2)
    ctx.line_to(x2 - head * math.cos(ang - 0.4), y2 - head * math.sin(ang - 0.4))
    ctx.line_to(x2 - head * math.cos(ang + 0.4), y2 - head * math.sin(ang + 0.4))
    ctx.close_path()
    ctx.fill()


def _text(ctx: Any, node: dict, ink: tuple) -> None:
    if not node["text"]:
        return
    size = max(9.0, min(node["h"] * 0.35, node["w"] / (0.7 * len(node["text"]) + 1)))
    ctx.select_font_face("Sans")
    ctx.set_font_size(size)
    ext = ctx.text_extents(node["text"])
    ctx.move_to(node["x"] - ext.width / 2 - ext.x_bearing, node["y"] - ext.height / 2 - ext.y_bearing)
    ctx.set_source_rgb(*ink)
    ctx.show_text(node["text"])


def _draw(scene: dict[str, Any], style: dict[str, Any], path: Path) -> None:
    import cairo

    width, height = style["size"]
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, width, height)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(*style["page"])
    ctx.paint()
    dark = style["page_name"] == "dark"
    ink = (0.85, 0.85, 0.88) if dark else style["ink"]
    lanes = scene["lanes"]
    if lanes:
        span = height if scene["horizontal"] else width
        lane = span / len(lanes)
        for k, ln in enumerate(lanes):
            tint = ln["tint"] if not dark else tuple(v * 0.35 for v in ln["tint"])
            head = ln["head"] if not dark else tuple(v * 0.5 for v in ln["head"])
            if scene["horizontal"]:
                box, strip = (0, k * lane, width, lane), (0, k * lane, scene["header"], lane)
            else:
                box, strip = (k * lane, 0, lane, height), (k * lane, 0, lane, scene["header"])
            ctx.set_source_rgb(*tint)
            ctx.rectangle(*box)
            ctx.fill()
            ctx.set_source_rgb(*head)
            ctx.rectangle(*strip)
            ctx.fill()
            ctx.set_source_rgb(*ink)
            ctx.set_line_width(1.0)
            ctx.rectangle(*box)
            ctx.stroke()
    if scene["axis"] is not None:
        x0, y, x1 = scene["axis"]
        ctx.set_source_rgb(*ink)
        ctx.set_line_width(style["stroke"] + 1)
        ctx.move_to(x0, y)
        ctx.line_to(x1, y)
        ctx.stroke()
    nodes = scene["nodes"]
    for a, b in scene["edges"]:
        if scene["axis"] is not None:  # a timeline's stem: a plain line from box to marker
            ctx.set_source_rgb(*ink)
            ctx.set_line_width(max(1.0, style["stroke"] - 1))
            ctx.move_to(*_border_point(nodes[a], nodes[b]["x"], nodes[b]["y"]))
            ctx.line_to(*_border_point(nodes[b], nodes[a]["x"], nodes[a]["y"]))
            ctx.stroke()
        else:
            _arrow(ctx, nodes[a], nodes[b], ink, style["stroke"] * 0.8, style["elbow"])
    for node in nodes:
        _path(ctx, node)
        if node["outlined"]:
            fill = style["page"] if not lanes or style["clear_outline"] else (1.0, 1.0, 1.0)
            if dark:
                fill = style["page"]
            ctx.set_source_rgb(*fill)
            if not (lanes and style["clear_outline"]):
                ctx.fill_preserve()
            ctx.set_source_rgb(*(node["rgb"] if style["coloured_outline"] else ink))
            ctx.set_line_width(style["stroke"])
            ctx.stroke()
        else:
            ctx.set_source_rgb(*node["rgb"])
            if style["stroke_filled"]:
                ctx.fill_preserve()
                ctx.set_source_rgb(*ink)
                ctx.set_line_width(max(1.0, style["stroke"] - 1))
                ctx.stroke()
            else:
                ctx.fill()
        text_ink = node["rgb"] if node["outlined"] and style["coloured_outline"] else (0.1, 0.1, 0.1)
        if dark and node["outlined"]:
            text_ink = (0.9, 0.9, 0.9)
        _text(ctx, node, text_ink)
    surface.write_to_png(str(path))


def _name(node: dict) -> str:
    return f"{node['colour']} {KIND_WORDS[node['kind']]}"


def _seen_colour(node: dict) -> str:
    """The colour a user sees a shape in: its fill, or an outline-only shape's pen."""
    return node["line"] if node["outlined"] else node["colour"]


def _unique(nodes: list[dict], node: dict) -> bool:
    """Whether 'the <colour> <kind>' picks this filled node alone (an outline in that colour
    around a shape of that kind would answer to it too)."""
    same = [n for n in nodes if n["kind"] == node["kind"] and _seen_colour(n) == node["colour"]]
    return not node["outlined"] and len(same) == 1


def _words(node: dict, nodes: list[dict]) -> dict[str, Any]:
    others = [n for n in nodes if n is not node]
    kind = KIND_WORDS[node["kind"]]
    one_of = [_name(node)] if not node["outlined"] else []
    if all(KIND_WORDS[n["kind"]] != kind for n in others):
        one_of.append(kind)
    if not node["outlined"] and all(_seen_colour(n) != node["colour"] for n in others):
        one_of.append(node["colour"])
    if node["text"] and all(n["text"] != node["text"] for n in others):
        one_of.append(node["text"])  # the engine may name a shape by the word written in it
    nots = {KIND_WORDS[n["kind"]] for n in others if KIND_WORDS[n["kind"]] != kind}
    nots |= {n["colour"] for n in others if n["colour"] != node["colour"] and not n["outlined"]}
    if node["outlined"]:
        nots |= {n["colour"] for n in others if not n["outlined"]}
    if kind == "pill":  # a rounded rectangle: "rectangle" or "ellipse" both describe it fairly
        nots -= {"rectangle", "ellipse"}
    nots |= {n["text"] for n in others if n["text"] and n["text"] != node["text"]}
    return {"one_of": one_of, "not": sorted(nots - set(one_of))}


def _questions(scene: dict[str, Any], style: dict[str, Any], rng: random.Random) -> list[tuple[str, dict]]:
    nodes = scene["nodes"]
    chart = "timeline" if scene["axis"] is not None else "chart" if scene["lanes"] else "flowchart"
    kinds = [n["kind"] for n in nodes]
    qs: list[tuple[str, dict]] = []
    total = rng.choice(
        [
            "How many shapes are there?",
            f"How many shapes are in the {chart}?",
            "Count the shapes.",
            "how many shapes does this diagram have",
        ]
    )
    qs.append((total, {"count": len(nodes), "note": NOTE}))
    for kind, say in (("diamond", "diamonds"), ("circle", "circles")):
        if kind == "circle" or rng.random() < 0.7:
            qs.append(
                (
                    rng.choice([f"How many {say} are there?", f"How many {say} can you see?"]),
                    {"count": kinds.count(kind)},
                )
            )
    if "pill" not in kinds:
        boxes = kinds.count("box")
        qs.append(
            (
                rng.choice(["How many rectangles are there?", "How many rectangles are in the diagram?"]),
                {"count": boxes, "note": "the lanes and their header strips are not rectangles"},
            )
        )
        outlined = sum(n["outlined"] for n in nodes)
        if boxes and rng.random() < 0.7:
            qs.append(
                (
                    rng.choice(
                        [
                            "How many rectangles are only outlined, not filled?",
                            "How many outlined rectangles are there?",
                            "How many empty rectangles are there?",
                        ]
                    ),
                    {"count": outlined},
                )
            )
    if "ellipse" in kinds and "circle" not in kinds:
        qs.append(("How many ellipses are there?", {"count": kinds.count("ellipse")}))
    qs.append(
        (
            rng.choice(
                [
                    "Is there a diamond?",
                    "Is there a diamond in the diagram?",
                    "Does the chart have a diamond?",
                ]
            ),
            {"yes": "diamond" in kinds},
        )
    )
    colour = rng.choice(list(FILLS))
    filled = [n for n in nodes if not n["outlined"]]
    if not any(n["outlined"] and n["line"] == colour for n in nodes):
        qs.append((f"Is there a {colour} shape?", {"yes": any(n["colour"] == colour for n in filled)}))
    # colour of a shape named by its kind alone
    for kind in ("diamond", "circle", "ellipse"):
        same = [n for n in nodes if n["kind"] == kind]
        if len(same) == 1 and not same[0]["outlined"]:
            n = same[0]
            qs.append(
                (
                    rng.choice(
                        [f"What colour is the {KIND_WORDS[kind]}?", f"What color is the {KIND_WORDS[kind]}?"]
                    ),
                    {"one_of": [n["colour"]], "not": [c for c in FILLS if c != n["colour"]]},
                )
            )
            break
    # extremes
    ys = sorted(nodes, key=lambda n: n["y"] - n["h"] / 2)
    if (ys[1]["y"] - ys[1]["h"] / 2) - (ys[0]["y"] - ys[0]["h"] / 2) > 30 and all(
        n["y"] - ys[0]["y"] > 30 for n in ys[1:]
    ):
        words = _words(ys[0], nodes)
        if words["one_of"]:
            qs.append((rng.choice(["Which shape is at the top?", "What is the topmost shape?"]), words))
    xs = sorted(nodes, key=lambda n: n["x"] - n["w"] / 2)
    # (a clear lead by left edge and by centre: a timeline's box and its marker share a centre)
    if (xs[1]["x"] - xs[1]["w"] / 2) - (xs[0]["x"] - xs[0]["w"] / 2) > 30 and all(
        n["x"] - xs[0]["x"] > 30 for n in xs[1:]
    ):
        words = _words(xs[0], nodes)
        if words["one_of"]:
            qs.append(
                (rng.choice(["Which shape is leftmost?", "Which shape is furthest to the left?"]), words)
            )
    # relations between two uniquely named filled shapes
    named = [n for n in nodes if _unique(nodes, n) and n["kind"] != "pill"]  # "pill" is no everyday word
    for _ in range(3):
        if len(named) < 2:
            break
        a, b = rng.sample(named, 2)
        dy = b["y"] - a["y"]
        dx = b["x"] - a["x"]
        gap_y = abs(dy) - (a["h"] + b["h"]) / 2
        gap_x = abs(dx) - (a["w"] + b["w"]) / 2
        if gap_y > 10 and abs(dy) > abs(dx) * 0.5:
            word = rng.choice(["above", "below"])
            qs.append((f"Is the {_name(a)} {word} the {_name(b)}?", {"yes": (dy > 0) == (word == "above")}))
        elif gap_x > 10 and abs(dx) > abs(dy) * 0.5:
            word = rng.choice(["left of", "right of", "to the left of"])
            qs.append((f"Is the {_name(a)} {word} the {_name(b)}?", {"yes": (dx > 0) == ("left" in word)}))
    unique = {q: t for q, t in reversed(qs)}
    return [(q, unique[q]) for q in dict.fromkeys(q for q, _ in qs)]


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"cairo_flowcharts/{seed}")
    items = []
    for k in range(14):
        width = rng.choice([500, 640, 800, 1024, 1280, 1600])
        height = int(width * rng.uniform(0.55, 0.85))
        kind = rng.choice(["flow", "flow", "flow", "swimlane", "timeline"])
        scene = {"flow": _flow, "swimlane": _swimlane, "timeline": _timeline}[kind](rng, width, height)
        page_name = rng.choice(list(PAGES))
        if kind == "swimlane" and page_name == "dark":
            page_name = "white"
        style = {
            "size": (width, height),
            "page": PAGES[page_name],
            "page_name": page_name,
            "ink": rng.choice(list(INK_WORDS)),
            "stroke": rng.choice([1.5, 2.0, 3.0, 4.0]) * max(1.0, width / 1000),
            "elbow": rng.random() < 0.5,
            "stroke_filled": rng.random() < 0.4,
            "coloured_outline": rng.random() < 0.4,
            "clear_outline": rng.random() < 0.5,
        }
        ink_word = "grey" if page_name == "dark" else INK_WORDS[style["ink"]]
        for node in scene["nodes"]:
            node["line"] = node["colour"] if style["coloured_outline"] else ink_word
        name = f"{kind}_{k:02d}.png"
        _draw(scene, style, outdir / name)
        for question, truth in _questions(scene, style, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
