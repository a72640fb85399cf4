"""Translucent circles drawn over each other (a Venn diagram) are one circle each, in the
colour of their fill; the lens where two overlap is no shape of its own.

The images are drawn with Pillow's alpha compositing here (not the project's renderer). An
overlap's colour is the top circle's colour over the ground plus a fraction (one minus the
opacity) of the lower one's difference from the ground; the engine used to count each
lens as a shape, or merge pieces into "spheres" and "cylinders" of mixed colour.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from spatioxolver import api

RED, GREEN, BLUE, ORANGE = (220, 40, 40), (40, 160, 60), (40, 80, 220), (245, 130, 30)


def _venn(fills: list[tuple[int, int, int]], opacity: float, *, opaque: bool = False) -> Image.Image:
    img = Image.new("RGBA", (640, 480), (255, 255, 255, 255))
    centres = [(260, 200), (380, 200), (320, 300)][: len(fills)]
    for (cx, cy), rgb in zip(centres, fills, strict=True):
        layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
        alpha = 255 if opaque else round(255 * opacity)
        ImageDraw.Draw(layer).ellipse((cx - 100, cy - 100, cx + 100, cy + 100), fill=(*rgb, alpha))
        img = Image.alpha_composite(img, layer)
    return img.convert("RGB")


@pytest.mark.parametrize("opacity", [0.45, 0.6])
@pytest.mark.parametrize("fills", [[RED, GREEN, BLUE], [BLUE, ORANGE, GREEN], [RED, BLUE]])
def test_translucent_circles_over_each_other_are_one_circle_each(fills: list, opacity: float) -> None:
    graph = api.build_scene_graph(_venn(fills, opacity), model="geometric")
    names = {"red": RED, "green": GREEN, "blue": BLUE, "orange": ORANGE}
    assert sorted(o.attributes.shape for o in graph.objects) == ["circle"] * len(fills)
    assert sorted(o.attributes.color for o in graph.objects) == sorted(
        k for k, v in names.items() if v in fills
    )
    answer = api.ask(_venn(fills, opacity), "How many circles are there?", model="geometric")
    assert answer.value == len(fills)


def test_opaque_circles_over_each_other_hide_what_is_under_them() -> None:
    # Opaque paint shows no blend: nothing is shared, so no object gets another's pixels.
    graph = api.build_scene_graph(_venn([RED, GREEN, BLUE], 1.0, opaque=True), model="geometric")
    assert not any(o.attributes.extras.get("translucent") for o in graph.objects)
    assert sorted(o.attributes.color for o in graph.objects) == ["blue", "green", "red"]
