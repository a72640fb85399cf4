"""A chart's frame, tick marks, tick numbers and title are not objects, nor labels of the
shapes plotted inside the frame; a drawn rectangle with no ticks is no chart frame."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image, ImageDraw
from spatioxolver.agents._vision.plot_axes import plot_frame, without_plot_axes


def _chart(ticks: bool = True, size: tuple[int, int] = (640, 480)) -> Image.Image:
    w, h = size
    img = Image.new("RGB", size, "white")
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = int(0.12 * w), int(0.1 * h), int(0.9 * w), int(0.88 * h)
    d.rectangle([x0, y0, x1, y1], outline=(20, 20, 20), width=1)
    if ticks:
        for k in range(7):
            x = x0 + k * (x1 - x0) // 6
            d.line([x, y1, x, y1 + 5], fill=(20, 20, 20))
            d.text((x - 3, y1 + 9), str(2 * k), fill=(20, 20, 20))
        for k in range(5):
            y = y1 - k * (y1 - y0) // 4
            d.line([x0 - 5, y, x0, y], fill=(20, 20, 20))
            d.text((x0 - 16, y - 5), str(k), fill=(20, 20, 20))
        d.text(((x0 + x1) // 2 - 20, y0 - 16), "Figure 2", fill=(20, 20, 20))
    d.ellipse([x0 + 40, y0 + 40, x0 + 110, y0 + 110], fill=(220, 30, 40))
    d.rectangle([x1 - 150, y1 - 120, x1 - 70, y1 - 40], fill=(30, 60, 200))
    d.polygon([(x0 + 250, y1 - 30), (x0 + 330, y1 - 30), (x0 + 290, y1 - 110)], fill=(40, 150, 60))
    return img


@pytest.mark.parametrize("size", [(640, 480), (384, 288), (1200, 900)])
def test_the_frame_inside_the_spines_is_found(size):
    w, h = size
    frame = plot_frame(np.asarray(_chart(size=size)))
    assert frame is not None
    x0, y0, x1, y1 = frame
    assert abs(x0 - 0.12 * w) <= 4 and abs(y1 - 0.88 * h) <= 4
    assert abs(x1 - 0.9 * w) <= 4 and abs(y0 - 0.1 * h) <= 4


def test_a_rectangle_without_ticks_is_left_as_drawn():
    rgb = np.asarray(_chart(ticks=False))
    out, frame = without_plot_axes(rgb)
    assert frame is None and out is rgb


def test_numbers_and_title_outside_the_frame_are_painted_out():
    rgb = np.asarray(_chart())
    out, (x0, y0, x1, y1) = without_plot_axes(rgb)
    outside = np.ones(rgb.shape[:2], bool)
    outside[y0:y1, x0:x1] = False
    assert (rgb[outside] < 128).any()  # the numbers were there
    assert (out[outside] == 255).all()  # and are gone, painted with the canvas
    assert (out[y0:y1, x0:x1] == rgb[y0:y1, x0:x1]).all()  # what is plotted is untouched


def test_a_chart_counts_its_shapes_only(tmp_path):
    import spatioxolver

    path = tmp_path / "chart.png"
    _chart().save(path)
    assert spatioxolver.ask(str(path), "How many shapes are there?").value == 3
    answer = spatioxolver.ask(str(path), "Which shape is leftmost?")
    assert "red" in answer.text and "labelled" not in answer.text


def _with_legend(img: Image.Image, entries: int = 2) -> Image.Image:
    d = ImageDraw.Draw(img)
    w, h = img.size
    x0, y0 = int(0.66 * w), int(0.13 * h)
    x1, y1 = x0 + int(0.2 * w), y0 + 12 + 18 * entries
    d.rounded_rectangle([x0, y0, x1, y1], radius=4, outline=(204, 204, 204), fill=(255, 255, 255))
    for k, colour in enumerate([(255, 140, 0), (128, 0, 128), (30, 160, 200)][:entries]):
        y = y0 + 8 + 18 * k
        d.rectangle([x0 + 10, y + 2, x0 + 20, y + 12], fill=colour)
        d.text((x0 + 30, y), f"series {k + 1}", fill=(10, 10, 10))
    return img


def test_a_legend_inside_the_chart_is_no_shapes(tmp_path):
    import spatioxolver

    path = tmp_path / "legend.png"
    _with_legend(_chart()).save(path)
    assert spatioxolver.ask(str(path), "How many shapes are there?").value == 3
    assert spatioxolver.ask(str(path), "How many squares are there?").value == 1


def test_an_outlined_square_holding_a_label_is_no_legend():
    from spatioxolver.agents._vision.chart_legends import legend_boxes

    img = _chart()
    d = ImageDraw.Draw(img)
    d.rectangle([300, 100, 420, 180], outline=(200, 200, 200), fill=(80, 90, 220), width=2)
    d.text((340, 135), "B", fill=(10, 10, 10))
    rgb = np.asarray(img)
    assert legend_boxes(rgb, plot_frame(rgb)) == []
