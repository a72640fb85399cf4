"""A triangle standing on the half-ellipse of its base is a cone, also drawn flat among flat
shapes (an icon, or a render whose cone came out evenly lit): no drawn triangle ends in a
half-ellipse."""

from __future__ import annotations

from PIL import Image, ImageDraw

import spatioxolver


def _cone_icon(d: ImageDraw.ImageDraw, cx: int, top: int, half: int, height: int, fill) -> None:
    base = top + height
    d.ellipse([cx - half, base - half // 3, cx + half, base + half // 3], fill=fill)
    d.polygon([(cx, top), (cx - half, base), (cx + half, base)], fill=fill)


def _diagram() -> Image.Image:
    im = Image.new("RGB", (640, 360), (246, 246, 242))
    d = ImageDraw.Draw(im)
    _cone_icon(d, 120, 80, 55, 170, (220, 60, 60))
    d.polygon([(300, 90), (240, 250), (360, 250)], fill=(60, 90, 210))  # a drawn triangle
    d.ellipse([420, 120, 540, 240], fill=(240, 190, 30))
    return im


def test_a_flat_cone_icon_is_a_cone_and_a_triangle_stays_a_triangle():
    graph = spatioxolver.build_scene_graph(_diagram())
    named = {o.attributes.color: o.attributes.shape for o in graph.objects}
    assert named.get("red") == "cone", named
    assert named.get("blue") == "triangle", named
    assert named.get("yellow") == "circle", named


def test_asking_the_shape_of_the_cone_icon():
    assert spatioxolver.ask(_diagram(), "What shape is the red object?").value == "cone"
