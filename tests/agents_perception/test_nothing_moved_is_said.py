"""Two views in which nothing moved: a user's "which object was moved?" is answered "none",
not with the least unlikely object; a real move is still found."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from spatioxolver import ask


def _view(path, blue_at: int) -> str:
    img = Image.new("RGB", (480, 320), (228, 226, 220))
    draw = ImageDraw.Draw(img)
    draw.rectangle([30, 60, 90, 120], fill=(200, 40, 40))
    draw.ellipse([blue_at, 70, blue_at + 60, 130], fill=(40, 70, 200))
    draw.rectangle([260, 150, 340, 180], fill=(40, 150, 60))
    draw.polygon([(60, 250), (100, 190), (140, 250)], fill=(220, 180, 30))
    draw.ellipse([360, 220, 420, 280], fill=(140, 60, 170))
    img.save(path)
    return str(path)


@pytest.fixture(scope="module")
def views(tmp_path_factory):
    root = tmp_path_factory.mktemp("views")
    return _view(root / "a.png", 150), _view(root / "b.png", 220)


def test_the_same_view_twice_has_no_moved_object(views) -> None:
    answer = ask([views[0], views[0]], "Which object was moved?")
    assert answer.value is None and answer.no_answer == "none moved"


def test_a_moved_object_is_named(views) -> None:
    answer = ask(list(views), "Which object was moved?")
    assert answer.value is not None and "blue" in str(answer.value)
