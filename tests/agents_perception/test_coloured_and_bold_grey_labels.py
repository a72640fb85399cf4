"""Labels written in a colour (dark red, dark green, mid navy) or in bold dark grey are read,
not counted as shapes (issue 13, helper issue13lb).

Before: a dark red or green letter beside a shape failed the ink-colour test (black, grey,
white, navy) and was counted as a small red / green "shape"; bold dark grey digits away
from every shape were taken for cast shadows (the drawing then became a lit scene, so no
glyph was read and "shape 7" was not found). Now a small mark of any colour touching no
shape is offered to OCR (a label only when read; a coloured one read as "O" stays a disc),
and writing built of strokes that touches no object is never a cast shadow; a leader line
from a label to a shape binds the label to that shape, however far it is written.

Drawn here with OpenCV's Hershey fonts (no project drawing code).
"""

from __future__ import annotations

import io

import numpy as np
import pytest

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")
cv2 = pytest.importorskip("cv2")

_FILL = {"red": (215, 35, 35), "blue": (35, 90, 220), "yellow": (245, 205, 25), "pink": (240, 120, 190)}


def _poly(shape: str, cx: float, cy: float, r: float) -> np.ndarray:
    if shape == "circle":
        t = np.linspace(0, 2 * np.pi, 72, endpoint=False)
        return np.c_[cx + r * np.cos(t), cy + r * np.sin(t)].astype(np.int32)
    if shape == "square":
        return np.array([[cx - r, cy - r], [cx + r, cy - r], [cx + r, cy + r], [cx - r, cy + r]], np.int32)
    t = -np.pi / 2 + np.arange(3) * 2 * np.pi / 3  # triangle
    return np.c_[cx + 1.15 * r * np.cos(t), cy + 0.3 * r + 1.15 * r * np.sin(t)].astype(np.int32)


def _drawing(labels, ink, *, face, thickness, height, leader=False, jpeg=None, ground=(255, 255, 255)):
    """Shapes ``[(label, shape, colour, (cx, cy))]`` on ``ground``, each labelled in ``ink``
    to its upper right (with a leader line when ``leader``)."""
    w, h = 1000, 660
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = ground
    r = 70
    for label, shape, colour, (cx, cy) in labels:
        cv2.fillPoly(img, [_poly(shape, cx, cy, r)], _FILL[colour], cv2.LINE_AA)
        lx, ly = (
            (cx + 1.3 * r + height, cy - 1.5 * r - 0.5 * height)
            if leader
            else (cx + r + height, cy - 0.8 * r)
        )
        if leader:  # from the label's lower left to 3 px short of the shape's outline
            a = np.array([lx - 0.6 * height, ly + 0.7 * height])
            d = np.array([cx, cy]) - a
            t = next(
                t
                for t in np.linspace(0, 1, 400)
                if cv2.pointPolygonTest(_poly(shape, cx, cy, r), tuple(map(float, a + t * d)), False) >= 0
            )
            b = a + max(t - 3 / np.linalg.norm(d), 0) * d
            cv2.line(img, tuple(map(int, a)), tuple(map(int, b)), (60, 60, 60), 1, cv2.LINE_AA)
        scale = cv2.getFontScaleFromHeight(face, height, thickness)
        (tw, th), _ = cv2.getTextSize(label, face, scale, thickness)
        cv2.putText(
            img, label, (int(lx - tw / 2), int(ly + th / 2)), face, scale, ink, thickness, cv2.LINE_AA
        )
    if jpeg:
        from PIL import Image

        buf = io.BytesIO()
        Image.fromarray(img).save(buf, "JPEG", quality=jpeg)
        img = np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))
    return img


def _answer(img, question):
    return ask(img, question, model="geometric").text


def test_dark_red_letters_are_labels_not_red_shapes():
    shapes = [
        ("B", "triangle", "yellow", (200, 430)),
        ("D", "circle", "blue", (500, 250)),
        ("E", "square", "pink", (800, 450)),
    ]
    img = _drawing(shapes, (140, 10, 10), face=cv2.FONT_HERSHEY_DUPLEX, thickness=2, height=26)
    assert _answer(img, "How many shapes are there?") == "3"
    assert _answer(img, "How many red shapes are there?") == "0"
    assert "circle" in _answer(img, "What shape is D?")
    assert "yellow" in _answer(img, "What colour is the shape labelled B?")


def test_dark_green_numbers_name_their_shapes():
    """Guard (passed before too: this green is dark enough to read as ink after JPEG)."""
    shapes = [
        ("3", "square", "red", (200, 300)),
        ("8", "circle", "yellow", (520, 420)),
        ("5", "triangle", "blue", (800, 300)),
    ]
    img = _drawing(shapes, (10, 90, 30), face=cv2.FONT_HERSHEY_SIMPLEX, thickness=2, height=28, jpeg=85)
    assert _answer(img, "How many shapes are there?") == "3"
    assert "yellow" in _answer(img, "What colour is object 8?")
    assert _answer(img, "Is shape 3 to the left of shape 5?").startswith("Yes")


def test_bold_grey_digits_with_leader_lines_are_not_shadows():
    shapes = [
        ("7", "triangle", "red", (220, 250)),
        ("2", "square", "pink", (790, 220)),
        ("11", "circle", "yellow", (470, 480)),
    ]
    img = _drawing(shapes, (70, 70, 70), face=cv2.FONT_HERSHEY_PLAIN, thickness=3, height=28, leader=True,
                   jpeg=85, ground=(238, 242, 248))  # fmt: skip
    assert _answer(img, "How many shapes are there?") == "3"
    assert "pink" in _answer(img, "What colour is the shape labelled 2?")
    assert "red" in _answer(img, "What colour is shape 7?")


def test_a_small_red_disc_beside_shapes_is_still_counted():
    """Guard: a coloured small mark that OCR cannot read as a letter stays an object."""
    shapes = [("A", "square", "blue", (200, 300)), ("C", "triangle", "yellow", (700, 300))]
    img = _drawing(shapes, (0, 0, 0), face=cv2.FONT_HERSHEY_SIMPLEX, thickness=2, height=26)
    cv2.circle(img, (450, 520), 12, (215, 35, 35), -1, cv2.LINE_AA)
    assert _answer(img, "How many red shapes are there?") == "1"
    assert _answer(img, "How many shapes are there?") == "3"
