"""Three wordings that were refused: "which shape has the most / fewest sides" (from the
shape names; a star or an unnamed outline makes it "cannot tell"), "which shapes are red or
blue" (a list of either colour) and "how big / how large is X" (the size word of "what size
is X"). Pictures drawn here with Pillow."""

from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask


def _shapes(with_star: bool = False) -> Image.Image:
    im = Image.new("RGB", (520, 260), (248, 247, 242))
    d = ImageDraw.Draw(im)
    d.ellipse((30, 90, 90, 150), fill=(215, 35, 35))  # red circle
    d.polygon([(150, 150), (190, 80), (230, 150)], fill=(35, 70, 205))  # blue triangle
    cx, cy, r = 330, 120, 42  # green hexagon
    d.polygon(
        [(cx + r * math.cos(math.pi / 3 * k), cy + r * math.sin(math.pi / 3 * k)) for k in range(6)],
        fill=(40, 160, 70),
    )
    if with_star:
        pts = []
        for k in range(10):
            rad = 40 if k % 2 == 0 else 17
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((450 + rad * math.cos(a), 120 + rad * math.sin(a)))
        d.polygon(pts, fill=(240, 200, 30))
    return im


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which shape has the most sides?", "green hexagon"),
        ("Which shape has the fewest corners?", "red circle"),
        ("What has the greatest number of edges?", "green hexagon"),
        ("Which shapes are red or blue?", "red circle and blue triangle"),
        ("Which of the shapes are green or red?", "red circle and green hexagon"),
    ],
)
def test_refused_wordings_now_answer(question: str, expected: str) -> None:
    assert ask(_shapes(), question, model="geometric").text.strip() == expected


def test_a_star_makes_the_most_sides_cannot_tell() -> None:
    answer = ask(_shapes(with_star=True), "Which shape has the most sides?", model="geometric")
    assert answer.no_answer == "cannot tell"


def test_how_big_is_the_size_word() -> None:
    im = Image.new("RGB", (400, 300), (245, 245, 240))
    d = ImageDraw.Draw(im)
    d.ellipse((30, 40, 60, 70), fill=(220, 30, 30))
    d.rectangle((150, 100, 300, 250), fill=(30, 60, 200))
    d.ellipse((320, 40, 350, 70), fill=(30, 160, 60))
    assert ask(im, "How big is the red circle?", model="geometric").text.strip() == "small"
    assert ask(im, "How large is the blue square?", model="geometric").text.strip() == "large"
