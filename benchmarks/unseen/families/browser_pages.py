"""Web pages of CSS and SVG shapes (rows, grids, dashboard cards, dark mode) screenshotted by headless Chromium."""

from __future__ import annotations

import math
import random
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

FAMILY = "browser_pages"
NEEDS = ["bin:chromium"]

CHROMIUM = "/usr/bin/chromium"

#: Two palettes a page may use (Material and Tailwind-like); the names are what a person says.
PALETTES = [
    {
        "red": "#e53935",
        "blue": "#1e88e5",
        "green": "#43a047",
        "yellow": "#fdd835",
        "orange": "#fb8c00",
        "purple": "#8e24aa",
        "grey": "#9e9e9e",
        "black": "#212121",
        "white": "#ffffff",
    },
    {
        "red": "#ef4444",
        "blue": "#3b82f6",
        "green": "#22c55e",
        "yellow": "#facc15",
        "orange": "#f97316",
        "purple": "#9333ea",
        "grey": "#8b8f97",
        "black": "#111111",
        "white": "#fafafa",
    },
]
SHAPES = ("circle", "square", "diamond", "triangle", "star")
LIGHT_PAGES = ["#ffffff", "#f3f4f6", "#eef2f7", "linear-gradient(180deg,#ffffff,#e8eef6)"]
DARK_PAGES = ["#111827", "#1e1e1e", "#0f172a"]
HEADINGS = ["Dashboard", "Shapes", "Overview", "My widgets", "Today", "Palette demo"]
CAPTIONS = ["Sales", "Users", "Orders", "Revenue", "Alpha", "Beta", "Items", "Traffic", "Score", "Tasks"]
SHADOWS = ["0 4px 10px rgba(0,0,0,.35)", "3px 3px 6px rgba(0,0,0,.45)", "0 8px 20px rgba(0,0,0,.3)"]


def _lighter(hex_colour: str, amount: float) -> str:
    r, g, b = (int(hex_colour[k : k + 2], 16) for k in (1, 3, 5))
    r, g, b = (round(c + (255 - c) * amount) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"


def _colours_for(page: dict[str, Any]) -> list[str]:
    """Colours that stand out from the ground they sit on (a card is the ground for its shape)."""
    base = ["red", "blue", "green", "yellow", "orange", "purple", "grey"]
    if page["dark"]:
        return [*base, "white"]
    return [*base, "black"]


def _scene(rng: random.Random) -> dict[str, Any]:
    layout = rng.choice(["absolute", "row", "grid", "cards", "cards"])
    dark = rng.random() < 0.3
    page: dict[str, Any] = {
        "layout": layout,
        "dark": dark,
        "cards": layout == "cards",
        "palette": rng.choice(PALETTES),
        "ground": rng.choice(DARK_PAGES)
        if dark
        else ("#eceff3" if layout == "cards" else rng.choice(LIGHT_PAGES)),
        "card": "#2a2f3a" if dark else "#ffffff",
        "shadow": rng.random() < (0.8 if layout == "cards" else 0.5),
        "gradient": rng.random() < 0.3,
        "heading": rng.choice(HEADINGS) if rng.random() < 0.7 else None,
        "width": rng.choice([800, 960, 1120]),
        "scale": rng.choice([1, 1, 2]),
    }
    if layout == "row":
        n, cols, rows = rng.randint(3, 6), None, 1
    elif layout == "grid":
        cols, rows = rng.choice([(3, 2), (4, 2), (3, 3)])
        n = rng.randint(3, min(8, cols * rows))
    elif layout == "cards":
        cols, rows = rng.choice([(3, 1), (4, 1), (3, 2), (4, 2)])
        n = rng.randint(max(3, cols * rows - 2), cols * rows)
    else:
        cols, rows = 4, 3
        n = rng.randint(3, 6)
    colours = _colours_for(page)
    kinds = rng.sample([(c, s) for c in colours for s in SHAPES], n)
    top = 110 if page["heading"] else 40
    objects = []
    if layout == "row":
        cell, gap = rng.choice([(110, 30), (130, 40), (100, 50)])
        for k, (colour, shape) in enumerate(kinds):
            objects.append(
                {"colour": colour, "shape": shape, "x": 40 + k * (cell + gap) + cell / 2, "y": top + cell / 2}
            )
        page["cell"], page["gap"] = cell, gap
        page["width"] = max(page["width"], 80 + n * (cell + gap))
    elif layout in ("grid", "cards"):
        cell, gap = (150, 28) if layout == "cards" else rng.choice([(120, 20), (140, 30)])
        slots = sorted(rng.sample(range(cols * rows), n)) if layout == "grid" else list(range(n))
        for (colour, shape), slot in zip(kinds, slots, strict=True):
            col, row = slot % cols, slot // cols
            height = cell + (34 if layout == "cards" else 0)
            x = 40 + col * (cell + gap) + cell / 2
            y = top + row * (height + gap) + (16 + 45 if layout == "cards" else cell / 2)
            objects.append({"colour": colour, "shape": shape, "x": x, "y": y, "slot": slot})
        page["cell"], page["gap"], page["cols"] = cell, gap, cols
        page["width"] = max(page["width"], 80 + cols * (cell + gap))
    else:
        slots = rng.sample(range(cols * rows), n)
        for (colour, shape), slot in zip(kinds, slots, strict=True):
            col, row = slot % cols, slot // cols
            x = 90 + col * (page["width"] - 180) / (cols - 1) + rng.randint(-20, 20)
            y = top + 50 + row * 150 + rng.randint(-15, 15)
            objects.append({"colour": colour, "shape": shape, "x": x, "y": y})
    for o in objects:
        o["size"] = rng.randint(70, 90) if layout == "cards" else rng.randint(48, 96)
        o["triangle_css"] = rng.choice(["border", "clip"])
    page["height"] = int(max(o["y"] for o in objects) + 140)
    page["caption_words"] = rng.sample(CAPTIONS, n) if layout == "cards" else []
    for o, word in zip(objects, page["caption_words"], strict=False):
        o["caption"] = word
    return {"page": page, "objects": objects}


def _shape_html(o: dict[str, Any], page: dict[str, Any]) -> str:
    fill = page["palette"][o["colour"]]
    s = o["size"]
    paint = (
        f"linear-gradient(135deg,{_lighter(fill, 0.1 if o['colour'] == 'black' else 0.25)},{fill})"
        if page["gradient"]
        else fill
    )
    shadow = page["shadow_css"] if page["shadow"] else ""
    box = f"box-shadow:{shadow};" if shadow else ""
    drop = f"filter:drop-shadow({shadow});" if shadow else ""
    if o["shape"] == "circle":
        return f'<div style="width:{s}px;height:{s}px;border-radius:50%;background:{paint};{box}"></div>'
    if o["shape"] == "square":
        return f'<div style="width:{s}px;height:{s}px;border-radius:4px;background:{paint};{box}"></div>'
    if o["shape"] == "diamond":
        side = round(s / 1.414)
        return f'<div style="width:{side}px;height:{side}px;transform:rotate(45deg);background:{paint};{box}"></div>'
    if o["shape"] == "triangle":
        if o["triangle_css"] == "border":
            return (
                f'<div style="width:0;height:0;border-left:{s // 2}px solid transparent;'
                f'border-right:{s // 2}px solid transparent;border-bottom:{s}px solid {fill};{drop}"></div>'
            )
        return (
            f'<div style="{drop}"><div style="width:{s}px;height:{s}px;background:{paint};'
            f'clip-path:polygon(50% 0,100% 100%,0 100%)"></div></div>'
        )
    points = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = 50 if k % 2 == 0 else 21
        points.append(f"{50 + rr * math.cos(a):.1f},{52 + rr * math.sin(a):.1f}")
    return (
        f'<svg width="{s}" height="{s}" viewBox="0 0 100 100" style="{drop}">'
        f'<polygon points="{" ".join(points)}" fill="{fill}"/></svg>'
    )


def _html(scene: dict[str, Any]) -> str:
    page, objects = scene["page"], scene["objects"]
    text = "#e5e7eb" if page["dark"] else "#1f2937"
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><style>",
        f"html,body{{margin:0;padding:0;background:{page['ground']};font-family:sans-serif;color:{text};",
        f"width:{page['width']}px;height:{page['height']}px;overflow:hidden}}",
        ".cell{position:absolute;display:flex;align-items:center;justify-content:center;"
        "transform:translate(-50%,-50%)}",
        f".card{{position:absolute;background:{page['card']};border-radius:12px;"
        f"box-shadow:0 2px 8px rgba(0,0,0,.15);display:flex;flex-direction:column;align-items:center}}",
        ".card .caption{font-size:15px;margin-top:8px;opacity:.8}",
        "</style></head><body>",
    ]
    if page["heading"]:
        parts.append(
            f'<h1 style="position:absolute;left:40px;top:18px;margin:0;font-size:32px">{page["heading"]}</h1>'
        )
    if page["layout"] == "row":
        # a real flex row: the runner's centres follow from the fixed cell width and gap
        cell, gap = page["cell"], page["gap"]
        top = objects[0]["y"] - cell / 2
        parts.append(f'<div style="position:absolute;left:40px;top:{top}px;display:flex;gap:{gap}px">')
        for o in objects:
            parts.append(
                f'<div style="width:{cell}px;height:{cell}px;display:flex;align-items:center;'
                f'justify-content:center">{_shape_html(o, page)}</div>'
            )
        parts.append("</div>")
    elif page["layout"] == "cards":
        cell, gap = page["cell"], page["gap"]
        for o, word in zip(objects, page["caption_words"], strict=True):
            left, top = o["x"] - cell / 2, o["y"] - 61
            parts.append(
                f'<div class="card" style="left:{left}px;top:{top}px;width:{cell}px;height:{cell + 34}px">'
                f'<div style="height:90px;width:{cell}px;margin-top:16px;display:flex;align-items:center;'
                f'justify-content:center">{_shape_html(o, page)}</div>'
                f'<div class="caption">{word}</div></div>'
            )
    else:
        for o in objects:
            parts.append(
                f'<div class="cell" style="left:{o["x"]}px;top:{o["y"]}px">{_shape_html(o, page)}</div>'
            )
    parts.append("</body></html>")
    return "\n".join(parts)


def _screenshot(html: str, width: int, height: int, scale: int, out: Path) -> None:
    work = Path(tempfile.mkdtemp(prefix="browser_pages_"))
    try:
        page = work / "page.html"
        page.write_text(html, encoding="utf-8")
        subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={work / 'profile'}",
                "--hide-scrollbars",
                f"--window-size={width},{height}",
                f"--force-device-scale-factor={scale}",
                f"--screenshot={out}",
                page.as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _spellings(colour: str) -> list[str]:
    """A colour word as people spell it (grey and gray are one answer)."""
    return ["grey", "gray"] if colour == "grey" else [colour]


def _name(o: dict[str, Any]) -> str:
    return f"{o['colour']} {o['shape']}"


def _words(o: dict[str, Any], objects: list[dict[str, Any]]) -> dict[str, Any]:
    """Truth for 'which shape': the answer names this one's colour or shape, and no other's."""
    others = [p for p in objects if p is not o]
    one_of = [_name(o)]
    if o["colour"] == "grey":
        one_of.append(f"gray {o['shape']}")
    if all(p["colour"] != o["colour"] for p in others):
        one_of.extend(_spellings(o["colour"]))
    if all(p["shape"] != o["shape"] for p in others):
        one_of.append(o["shape"])
    nots = sorted(
        {p["colour"] for p in others if p["colour"] != o["colour"]}
        | {p["shape"] for p in others if p["shape"] != o["shape"]}
        | {p["caption"] for p in others if p.get("caption")}
    )
    if o.get("caption"):  # a card's word names its shape, as a label does
        one_of.append(o["caption"])
    return {"one_of": one_of, "not": nots}


def _questions(scene: dict[str, Any], rng: random.Random) -> list[tuple[str, dict[str, Any]]]:
    page, objects = scene["page"], scene["objects"]
    qs: list[tuple[str, dict[str, Any]]] = []
    # captions, headings and cards are not shapes: the count is of the drawn shapes only
    total = rng.choice(
        ["How many shapes are there?", "Count the shapes.", "how many shapes are on the page?"]
    )
    qs.append((total, {"count": len(objects)}))
    for shape in rng.sample(SHAPES, 2):
        n = sum(o["shape"] == shape for o in objects)
        word = "stars" if shape == "star" else f"{shape}s"
        qs.append(
            (rng.choice([f"How many {word} are there?", f"How many {word} can you see?"]), {"count": n})
        )
    colours = _colours_for(page)
    for colour in rng.sample(colours, 2):
        n = sum(o["colour"] == colour for o in objects)
        qs.append(
            (
                rng.choice([f"How many {colour} shapes are there?", f"How many things are {colour}?"]),
                {"count": n},
            )
        )
    colour, shape = (
        rng.choice([o for o in objects if o["colour"] in ("grey", "black", "white")] or objects)["colour"],
        rng.choice(SHAPES),
    )
    has = any(o["colour"] == colour and o["shape"] == shape for o in objects)
    qs.append((f"Is there a {colour} {shape}?", {"yes": has}))
    dim = [o for o in objects if o["colour"] in ("grey", "black", "white")]
    if dim:
        qs.append((f"Is there a {_name(dim[0])}?", {"yes": True}))
    a, b = rng.sample(objects, 2)
    if abs(a["x"] - b["x"]) > 40:
        q = rng.choice(
            [
                f"Is the {_name(a)} left of the {_name(b)}?",
                f"Is the {_name(a)} to the right of the {_name(b)}?",
            ]
        )
        qs.append((q, {"yes": (a["x"] < b["x"]) if "left" in q else (a["x"] > b["x"])}))
    if abs(a["y"] - b["y"]) > 40:
        q = rng.choice(
            [f"Is the {_name(a)} above the {_name(b)}?", f"Is the {_name(a)} below the {_name(b)}?"]
        )
        qs.append((q, {"yes": (a["y"] < b["y"]) if "above" in q else (a["y"] > b["y"])}))
    for o in rng.sample(objects, 2):
        if sum(p["shape"] == o["shape"] for p in objects) == 1:
            qs.append(
                (
                    rng.choice([f"What colour is the {o['shape']}?", f"What color is the {o['shape']}?"]),
                    {"one_of": _spellings(o["colour"]), "not": [c for c in colours if c != o["colour"]]},
                )
            )
        elif sum(p["colour"] == o["colour"] for p in objects) == 1:
            qs.append(
                (
                    f"What shape is the {o['colour']} one?",
                    {"one_of": [o["shape"]], "not": [s for s in SHAPES if s != o["shape"]]},
                )
            )
    xs = sorted(objects, key=lambda p: p["x"])
    if xs[1]["x"] - xs[0]["x"] > 40:
        qs.append(
            (
                rng.choice(["Which shape is leftmost?", "Which shape is furthest to the left?"]),
                _words(xs[0], objects),
            )
        )
    ys = sorted(objects, key=lambda p: p["y"])
    if ys[1]["y"] - ys[0]["y"] > 40:
        qs.append(("Which shape is at the top?", _words(ys[0], objects)))
    if xs[-1]["x"] - xs[-2]["x"] > 40:
        qs.append(("What is the rightmost shape?", _words(xs[-1], objects)))
    return qs


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"browser_pages/{seed}")
    items = []
    for k in range(12):
        scene = _scene(rng)
        scene["page"]["shadow_css"] = rng.choice(SHADOWS)
        page = scene["page"]
        name = f"page_{k:02d}.png"
        _screenshot(_html(scene), page["width"], page["height"], page["scale"], outdir / name)
        for question, truth in _questions(scene, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
