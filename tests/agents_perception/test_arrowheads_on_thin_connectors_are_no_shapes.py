"""An arrowhead at the end of a thin connector is the connector's, not a shape of its own.

The flowcharts are drawn with Pillow here (not the project's renderer), at 4x and reduced
with a Lanczos filter as rasterisers anti-alias: a 1.5 px line then shows its ink blended
with the ground (lighter than the ink), while its filled head shows the ink itself. Matched
by colour alone the two differ, and each head was counted as an unnamed shape.
"""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from spatioxolver import api

INK = (51, 51, 51)


def _flowchart(ground: tuple[int, int, int], line: float, gap: int) -> Image.Image:
    s = 4  # drawn at 4x, reduced: anti-aliased edges
    img = Image.new("RGB", (560 * s, 700 * s), ground)
    d = ImageDraw.Draw(img)
    boxes = [
        (180, 60, 380, 150, (230, 60, 60)),
        (180, 300, 380, 390, (245, 140, 40)),
        (180, 540, 380, 630, (60, 170, 80)),
    ]
    for x0, y0, x1, y1, fill in boxes:
        d.rounded_rectangle(
            (x0 * s, y0 * s, x1 * s, y1 * s), radius=12 * s, fill=fill, outline=INK, width=2 * s
        )
    for (_, _, _, top_end, _), (_, next_top, _, _, _) in zip(boxes, boxes[1:], strict=False):
        x = 280 * s
        tip = (next_top - gap) * s
        d.line((x, top_end * s, x, tip - 10 * s), fill=INK, width=round(line * s))
        d.polygon([(x, tip), (x - 6 * s, tip - 12 * s), (x + 6 * s, tip - 12 * s)], fill=INK)
    return img.resize((560, 700), Image.LANCZOS)


@pytest.mark.parametrize("ground", [(255, 255, 255), (234, 242, 251)])
@pytest.mark.parametrize(("line", "gap"), [(1.5, 2), (1.5, 5), (2.0, 5)])
def test_arrowheads_on_thin_connectors_are_no_shapes(ground: tuple, line: float, gap: int) -> None:
    image = _flowchart(ground, line, gap)
    graph = api.build_scene_graph(image, model="geometric")
    assert sorted(o.attributes.color for o in graph.objects) == ["green", "orange", "red"]
    assert api.ask(image, "How many shapes are there?", model="geometric").value == 3
