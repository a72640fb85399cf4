"""A drawing with soft drop shadows is flat when its shapes are each one uniform colour; a
tiny shape whose dark outline stroke is half of it (here a small star cut by the top edge)
has no pixels inside its rim to judge, and no longer makes every shape in the drawing a
shaded solid ("blue sphere", "pink cube"). Pictures drawn here with Pillow."""

from __future__ import annotations

import math

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from spatioxolver.api import build_scene_graph

STROKE = (40, 40, 40)


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (cx + (r if k % 2 == 0 else 0.45 * r) * math.sin(math.pi * k / 5),
         cy - (r if k % 2 == 0 else 0.45 * r) * math.cos(math.pi * k / 5))
        for k in range(10)
    ]  # fmt: skip


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(k * math.pi / 3), cy + r * math.sin(k * math.pi / 3)) for k in range(6)]


def _picture() -> np.ndarray:
    w, h = 700, 600
    shapes = [
        ("ellipse", (150, 80, 300, 230), (160, 238, 240)),
        ("rectangle", (540, 90, 610, 215), (255, 176, 70)),
        ("polygon", _hexagon(95, 485, 40), (168, 200, 232)),
        ("polygon", _star(170, 10, 22), (160, 220, 160)),  # cut by the top edge
    ]
    shadow = Image.new("L", (w, h), 0)
    sd = ImageDraw.Draw(shadow)
    for kind, geom, _ in shapes:
        moved = [(x + 5, y + 6) for x, y in geom] if kind == "polygon" else [v + 5 for v in geom]
        getattr(sd, kind)(moved, fill=255)
    shadow = shadow.filter(ImageFilter.GaussianBlur(4))
    top, bottom = np.array([255.0, 255.0, 255.0]), np.array([233.0, 228.0, 218.0])
    ground = top + (bottom - top) * np.linspace(0, 1, h)[:, None, None]  # a graded page
    ground = ground * (1.0 - 0.35 * np.asarray(shadow, np.float32)[..., None] / 255.0)
    im = Image.fromarray(ground.clip(0, 255).astype(np.uint8))
    d = ImageDraw.Draw(im)
    for kind, geom, colour in shapes:
        getattr(d, kind)(geom, fill=colour, outline=STROKE, width=3)
    return np.asarray(im)


def test_every_shape_of_a_drop_shadowed_drawing_stays_flat() -> None:
    objects = sorted(build_scene_graph(_picture(), cache=False).objects, key=lambda o: o.bbox[0])
    assert [o.attributes.shape for o in objects if o.area > 1000] == ["hexagon", "circle", "rectangle"]
    assert all(o.attributes.extras.get("flat") for o in objects)
    assert not any(o.attributes.material for o in objects)
