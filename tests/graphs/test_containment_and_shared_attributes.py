"""Inside and outside in a flat drawing ("is the dot inside the square", "how many circles are
inside the rectangle", "does the rectangle contain X"), read on the page for flat shapes only;
"are any two shapes the same colour" / "are all the shapes different colours"; and the
wordings "I'd like to know if there is a X", "any X?", "count the X in the top row". One test
draws its image with Pillow and asks through the public API."""

from __future__ import annotations

import pytest
from spatioxolver.agents._reasoning import parse_question
from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.errors import UnsupportedQuestionError

from .conftest import flat_drawing


def _diagram(*, flat: bool = True) -> object:
    """A green outline rectangle (100..400 x 50..250) holding a red circle and a blue square; a
    yellow circle outside it; a big purple circle (450..630 x 40..220) holding a small red
    square near its centre; a blue triangle across the rectangle's right edge."""
    from spatioxolver.schema import Attributes, ImageInfo, SceneGraph, SpatialObject

    spec = [
        ("green", "rectangle", (100, 50, 400, 250), 9000.0),
        ("red", "circle", (150, 100, 190, 140), 1250.0),
        ("blue", "square", (250, 150, 290, 190), 1600.0),
        ("yellow", "circle", (40, 280, 80, 320), 1250.0),
        ("purple", "circle", (450, 40, 630, 220), 25400.0),
        ("red", "square", (530, 120, 550, 140), 400.0),
        ("blue", "triangle", (380, 200, 430, 240), 1000.0),
    ]
    objects = [
        SpatialObject(
            id=f"o{i}",
            attributes=Attributes(color=c, shape=s, extras={"flat": flat}),
            centroid=((b[0] + b[2]) / 2, (b[1] + b[3]) / 2),
            bbox=b,
            area=a,
        )
        for i, (c, s, b, a) in enumerate(spec)
    ]
    return SceneGraph(objects=objects, relations=[], images=[ImageInfo(width=700, height=360)])


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Is the red circle inside the rectangle?", True),
        ("is the yellow circle in the rectangle", False),
        ("Is the yellow circle outside the green rectangle?", True),
        ("Does the rectangle contain the blue square?", True),
        ("Is the red square inside the purple circle?", True),
        ("is the blue square within the purple circle", False),
        ("How many circles are inside the rectangle?", 1),
        ("How many shapes are outside of the purple circle?", 5),
        ("how many squares are within the rectangle", 1),
    ],
)
def test_inside_and_outside_on_the_page(question: str, expected: object) -> None:
    assert reason_symbolic(question, _diagram()).value == expected


def test_straddling_the_rim_or_solids_cannot_tell() -> None:
    edge = reason_symbolic("Is the blue triangle inside the rectangle?", _diagram())
    assert edge.value is None and edge.text.startswith("Cannot tell")
    count = reason_symbolic("How many shapes are inside the rectangle?", _diagram())
    assert count.value is None and count.text.startswith("Cannot tell")  # the triangle
    solid = reason_symbolic("Is the red circle inside the rectangle?", _diagram(flat=False))
    assert solid.value is None and solid.text.startswith("Cannot tell")


@pytest.mark.parametrize(
    "question",
    ["Is the circle in the top left corner?", "Is the circle in the image?", "is the square in the middle"],
)
def test_places_are_not_containers(question: str) -> None:
    try:
        query = parse_question(question)
    except UnsupportedQuestionError:
        return
    assert query["type"] not in ("inside", "inside_count")


@pytest.mark.parametrize(
    "question,expected",
    [
        ("Are any two shapes the same colour?", True),
        ("Do any of the shapes share a color", True),
        ("Is there a pair of objects with the same shape?", True),
        ("Are all the shapes different colours?", False),
        ("are all the circles different colours", True),
        ("Do any two squares have the same colour?", False),
    ],
)
def test_shared_attributes(question: str, expected: bool) -> None:
    assert reason_symbolic(question, flat_drawing()).value is expected


def test_shared_attribute_with_an_unread_value() -> None:
    g = flat_drawing()
    g.objects[5].attributes.color = None  # the second blue: now all read colours differ
    answer = reason_symbolic("Are any two shapes the same colour?", g)
    assert answer.value is None and answer.text.startswith("Cannot tell")


@pytest.mark.parametrize(
    "question,expected",
    [
        ("I'd like to know if there is a green triangle.", True),
        ("any red squares?", False),
        ("Can I see a yellow star in this picture?", True),
        ("pls count the shapes in the bottom row", 4),
        ("How many shapes does the top row have?", 1),  # the star alone (the purple circle is lower)
        ("Could you identify the second biggest shape?", "red circle"),
        ("Among the shapes, which is the third largest?", "blue square"),
        ("Show me what colour the largest shape is", "green"),
        ("Is each shape a different colour?", False),
        ("Where can the blue square be seen?", "centre"),
        ("please find the tiniest object", "purple circle"),
        ("Which one is the second-smallest shape?", "blue circle"),
    ],
)
def test_other_wordings_of_known_questions(question: str, expected: object) -> None:
    answer = reason_symbolic(question, flat_drawing())
    if isinstance(expected, str) and " " in expected:
        assert expected in answer.text, answer.text  # an object, said by its description
    else:
        assert answer.value == expected, answer.text


def test_drawn_diagram_through_the_api(tmp_path) -> None:  # noqa: ANN001
    from PIL import Image, ImageDraw

    import spatioxolver

    im = Image.new("RGB", (640, 420), (255, 255, 255))
    d = ImageDraw.Draw(im)
    d.rectangle((120, 90, 460, 330), outline=(30, 150, 60), width=5)
    d.ellipse((170, 150, 230, 210), fill=(220, 40, 40))
    d.ellipse((330, 220, 390, 280), fill=(40, 80, 220))
    d.ellipse((540, 40, 600, 100), fill=(230, 200, 30))
    path = tmp_path / "diagram.png"
    im.save(path)
    assert spatioxolver.ask(str(path), "How many circles are inside the rectangle?").value == 2
    assert spatioxolver.ask(str(path), "Is the yellow circle inside the rectangle?").value is False
    assert "right" in spatioxolver.ask(str(path), "Where is the yellow circle?").text


@pytest.mark.parametrize(
    "question", ["Is the red circle on the blue square?", "is the yellow star in the green triangle"]
)
def test_a_place_phrase_is_never_an_attribute_claim(question: str) -> None:
    # main read "is the red circle in the rectangle" as "is the red circle a rectangle" ("No")
    try:
        query = parse_question(question)
    except UnsupportedQuestionError:
        return
    assert query["type"] != "has_attribute", query
