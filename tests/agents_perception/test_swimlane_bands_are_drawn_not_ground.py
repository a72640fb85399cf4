"""A swimlane chart: tinted lanes across the page with a rule between them and a header strip
at each lane's start, flat shapes in the lanes joined by arrows. The lanes are no sky over a
ground (a rule is drawn along their boundary; a horizon is a blend), their header strips are
no shapes, and the shapes keep flat names (circle, rectangle), never solids."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.backdrop_rows import horizon_step
from spatioxolver.agents._vision.colour import rgb_to_lab
from spatioxolver.agents._vision.edge_bars import edge_bar
from spatioxolver.agents._vision.ruled_steps import ruled_step

import spatioxolver


def _swimlanes(rule: bool = True) -> Image.Image:
    w, h = 900, 540
    im = Image.new("RGB", (w, h), (255, 255, 255))
    d = ImageDraw.Draw(im)
    lanes = [((253, 236, 214), (240, 200, 150)), ((238, 230, 246), (210, 190, 225))]
    for k, (tint, head) in enumerate(lanes):
        y0, y1 = k * h // 2, (k + 1) * h // 2
        d.rectangle([0, y0, w - 1, y1 - 1], fill=tint)
        d.rectangle([0, y0, 95, y1 - 1], fill=head)
    if rule:
        d.line([(0, h // 2), (w, h // 2)], fill=(30, 30, 30), width=1)
    d.ellipse([400, 100, 460, 160], fill=(240, 140, 30))  # upper lane
    d.ellipse([700, 100, 760, 160], fill=(210, 40, 40))
    d.ellipse([150, 380, 200, 430], fill=(40, 90, 210))  # lower lane
    d.rectangle([280, 375, 380, 435], fill=(70, 170, 80))
    d.ellipse([560, 370, 630, 440], fill=(240, 140, 30))
    for a, b in (((200, 405), (280, 405)), ((380, 405), (560, 405)), ((330, 375), (430, 160))):
        d.line([a, b], fill=(30, 30, 30), width=3)
    return im


def test_a_rule_along_the_step_makes_it_drawn_bands_not_a_horizon():
    lab = rgb_to_lab(np.asarray(_swimlanes(rule=True)))
    assert ruled_step(lab, 270)
    assert horizon_step(lab) is None
    # without the rule the step is a blend of the two bands, as a horizon is
    assert not ruled_step(rgb_to_lab(np.asarray(_swimlanes(rule=False))), 270)


@pytest.mark.parametrize(
    ("box", "expected"),
    [
        ((0, 0, 96, 270), True),  # a lane's header strip down the left edge
        ((0, 0, 900, 40), True),  # a title bar along the top
        ((300, 200, 400, 260), False),  # a box on the page
        ((0, 200, 60, 260), False),  # a square cut by the frame: not long along the edge
    ],
)
def test_edge_bar(box, expected):
    mask = np.zeros((540, 900), bool)
    x0, y0, x1, y1 = box
    mask[y0:y1, x0:x1] = True
    assert edge_bar(mask) is expected


@pytest.mark.slow
def test_swimlane_shapes_are_counted_flat_and_without_header_strips():
    graph = spatioxolver.build_scene_graph(_swimlanes())
    shapes = sorted(o.attributes.shape or "?" for o in graph.objects)
    assert len(graph.objects) == 5, shapes
    assert set(shapes) <= {"circle", "rectangle", "square", "ellipse"}, shapes
    assert not any(o.attributes.extras.get("ground") for o in graph.objects)
