"""Labels the engine used to miss: a letter on a 2000 px drawing (small at the working
resolution, read again at the input's), labels in dark blue-black ink (navy is ink, not a
shape's colour), and a lone letter every window reads alike just under the sure score."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from spatioxolver.agents._vision.labels import best_reading

from spatioxolver import ask

pytest.importorskip("rapidocr_onnxruntime", reason="the ocr extra reads the labels")


def _font(size: int):
    from PIL import ImageFont

    try:
        import matplotlib.font_manager as fm

        return ImageFont.truetype(fm.findfont("DejaVu Sans"), size)
    except Exception:  # pragma: no cover - no matplotlib / font
        pytest.skip("no DejaVu Sans font")


def test_a_letter_on_a_large_drawing_is_read_at_the_input_resolution() -> None:
    """A 48 px "S" beside an ellipse on a 2000 x 1500 paper-coloured drawing, with a leader
    line, was 17 ragged working pixels tall and unread ("no object matching 'shape S'")."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (2000, 1500), (246, 240, 224))
    d = ImageDraw.Draw(img)
    d.ellipse([1236, 464, 1748, 755], fill=(245, 135, 25))
    d.polygon([(410, 890), (450, 980), (510, 985), (460, 1030), (480, 1085), (410, 1050),
               (340, 1085), (360, 1030), (310, 985), (370, 980)], fill=(215, 40, 40))  # fmt: skip
    d.line([(1150, 420), (1300, 520)], fill=(90, 90, 90), width=1)
    d.text((1100, 360), "S", fill=(0, 0, 0), font=_font(48))
    d.text((560, 900), "H", fill=(0, 0, 0), font=_font(48))
    rgb = np.asarray(img)
    assert ask(rgb, "What colour is shape S?", model="geometric").text.lower().startswith("orange")
    assert "red" in ask(rgb, "What colour is shape H?", model="geometric").text.lower()


def test_labels_in_navy_ink_are_labels_not_shapes() -> None:
    """Numbers in dark blue ink (20, 30, 90) beside three shapes: three shapes, each named by
    its number (before: six "shapes", three of them blue digits, no label read)."""
    img = np.full((500, 800, 3), (250, 238, 228), np.uint8)
    cv2.rectangle(img, (140, 160), (310, 250), (40, 40, 215), -1)  # red (BGR drawn as RGB below)
    cv2.circle(img, (595, 170), 65, (170, 55, 130), -1)
    cv2.rectangle(img, (270, 355), (380, 465), (210, 85, 40), -1)
    ink = (90, 30, 20)
    cv2.putText(img, "2", (200, 110), cv2.FONT_HERSHEY_SIMPLEX, 1.6, ink, 3, cv2.LINE_AA)
    cv2.putText(img, "9", (505, 85), cv2.FONT_HERSHEY_SIMPLEX, 1.6, ink, 3, cv2.LINE_AA)
    cv2.putText(img, "8", (200, 400), cv2.FONT_HERSHEY_SIMPLEX, 1.6, ink, 3, cv2.LINE_AA)
    rgb = np.ascontiguousarray(img[:, :, ::-1])
    assert ask(rgb, "How many shapes are there?", model="geometric").value == 3
    assert "red" in ask(rgb, "What colour is shape 2?", model="geometric").text.lower()
    assert "blue" in ask(rgb, "What colour is shape 8?", model="geometric").text.lower()
    assert "purple" in ask(rgb, "What colour is shape 9?", model="geometric").text.lower()


def test_a_lone_letter_read_alike_in_every_window_counts() -> None:
    """ "J" at 0.75 and 0.76 in two windows: sure enough; one window alone, or two that
    disagree, or one under 0.7, is not."""
    assert best_reading([("J", 0.749), ("J", 0.759)]) == ("J", 0.8)
    assert best_reading([("J", 0.76)])[1] < 0.8
    assert best_reading([("J", 0.76), ("j", 0.75)])[1] < 0.8
    assert best_reading([("J", 0.76), ("J", 0.65)])[1] < 0.8


def test_a_quote_clinging_to_a_letter_and_an_empty_window_do_not_disagree() -> None:
    """A leader line's end read as a quote ("s'") beside a lone "S", and a tight ink window
    that saw nothing: the two windows that saw the letter agree."""
    text, score = best_reading([("s'", 0.52), ("S", 0.56), ("", 0.0)])
    assert text == "S" and score >= 0.8


def test_a_lone_j_beside_its_shape_is_read() -> None:
    """A "J" (DejaVu Sans, 23 px, navy ink) beside a green circle on a 512 px paper-coloured
    drawing at JPEG q60: the colour window reads ")" (the circle's edge is in it), the binary
    ink "—"; its own grey levels on a blank ground read "J" (as the look-alike "」")."""
    import io

    from PIL import Image, ImageDraw

    S = 3
    img = Image.new("RGB", (512 * S, 512 * S), (246, 240, 224))
    d = ImageDraw.Draw(img)
    d.rectangle(
        [S * (218.1 - 40.8), S * (191.5 - 40.8), S * (218.1 + 40.8), S * (191.5 + 40.8)], fill=(250, 220, 60)
    )
    d.ellipse(
        [S * (333.9 - 39), S * (424.6 - 22.1), S * (333.9 + 39), S * (424.6 + 22.1)], fill=(40, 85, 210)
    )
    d.ellipse(
        [S * (350.1 - 27.6), S * (113.4 - 27.6), S * (350.1 + 27.6), S * (113.4 + 27.6)], fill=(40, 155, 65)
    )
    font = _font(23 * S)
    for text, (x, y) in (("E", (265.8, 183.2)), ("A", (379.7, 416.2)), ("J", (384.7, 102.8))):
        box = d.textbbox((0, 0), text, font=font)
        d.text((x * S - box[0], y * S - box[1]), text, fill=(20, 30, 90), font=font)
    buf = io.BytesIO()
    img.resize((512, 512), Image.LANCZOS).save(buf, format="JPEG", quality=60)
    rgb = np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert("RGB"))
    assert "green" in ask(rgb, "What colour is shape J?", model="geometric").text.lower()
    assert "yellow" in ask(rgb, "What colour is shape E?", model="geometric").text.lower()
