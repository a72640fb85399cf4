"""Haze and the convex cut are read by default only in a 3-D scene of solids on a ground.

``_vision/solid_scene.py`` counts a picture's evidence of solids: shaded solids (a lit and
a dark side, smooth, on a sharp outline) and cast shadows beside them (the ground's colour
dimmed alike in every channel). Flat drawings on graded paper and photo-like fields show
neither, so depth-reading steps stay off there (by default, haze read over graded paper made
a drawing's shapes solids, and the cut took a photographed clock from its soft shadow).
The convex cut also leaves a solid whole where the piece it would cut off is its soft shadow.

The images are drawn here: numpy Lambert-shaded balls and a box with blurred cast shadows
on a floor receding to a wall; Pillow shapes on paper graded top to bottom; fractal noise
with defocused discs."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw, ImageFilter
from spatioxolver.agents._vision import convex_cut
from spatioxolver.agents._vision.solid_scene import solid_scene

H, W = 240, 320


def _shaded_scene() -> np.ndarray:
    """Two shaded balls and a box (lit top, darker sides) with soft shadows on a floor."""
    rows = np.linspace(0.0, 1.0, H)[:, None, None]
    floor = np.array([150.0, 130.0, 100.0]) * (0.8 + 0.2 * rows)
    img = np.where(rows < 0.3, np.array([200.0, 205.0, 210.0]), floor) * np.ones((H, W, 1))
    shadow = Image.new("L", (W, H), 0)
    d = ImageDraw.Draw(shadow)
    d.ellipse([95, 150, 175, 172], fill=255)
    d.ellipse([205, 160, 285, 186], fill=255)
    d.polygon([(30, 200), (80, 200), (105, 215), (55, 215)], fill=255)
    soft = np.asarray(shadow.filter(ImageFilter.GaussianBlur(3)), float)[..., None] / 255.0
    img = img * (1.0 - 0.55 * soft)
    yy, xx = np.mgrid[0:H, 0:W]
    light = np.array([-0.5, -0.6, 0.62])
    for cx, cy, r, colour in ((120, 130, 30, (200, 40, 40)), (230, 140, 32, (40, 80, 200))):
        inside = (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
        nz = np.sqrt(np.clip(1 - ((xx - cx) ** 2 + (yy - cy) ** 2) / r**2, 0, 1))
        lam = np.clip(((xx - cx) / r * light[0] + (yy - cy) / r * light[1] + nz * light[2]), 0, 1)
        img[inside] = (np.array(colour) * (0.25 + 0.75 * lam[..., None]))[inside]
    img[160:205, 30:75] = (90, 160, 90)  # the box's front
    img[150:160, 35:80] = (140, 230, 140)  # its lit top
    img[150:205, 75:82] = (50, 95, 50)  # its dark side
    return np.clip(img, 0, 255).astype(np.uint8)


def _graded_paper_drawing() -> np.ndarray:
    """Flat shapes, a digit and an outline on paper graded lighter toward the top."""
    shade = np.linspace(246, 198, H)[:, None] * np.ones((1, W))
    im = Image.fromarray(np.dstack([shade, shade - 3, shade - 12]).astype(np.uint8))
    d = ImageDraw.Draw(im)
    d.ellipse([30, 60, 110, 110], fill=(20, 20, 25))
    d.regular_polygon((170, 150, 34), 6, fill=(240, 130, 20))
    d.rectangle([220, 40, 290, 90], fill=(128, 128, 128))
    d.polygon([(240, 220), (270, 160), (300, 220)], outline=(120, 40, 160), width=4)
    d.text((60, 180), "3", fill=(10, 10, 10))
    return np.asarray(im)


def _photo_like_field() -> np.ndarray:
    """Fractal-noise foliage, defocused, with bright defocused discs (bokeh)."""
    rng = np.random.default_rng(7)
    field = np.zeros((H, W))
    for octave in range(1, 6):
        n = rng.normal(0, 1, (H // 2 ** (6 - octave) + 2, W // 2 ** (6 - octave) + 2)).astype(np.float32)
        field += np.asarray(Image.fromarray(n).resize((W, H), Image.BICUBIC)) / octave
    field = (field - field.min()) / (field.max() - field.min())
    img = (field[..., None] * np.array([60.0, 170.0, 50.0]) + 20.0) * np.ones((1, 1, 3))
    yy, xx = np.mgrid[0:H, 0:W]
    for _ in range(12):
        x, y, r = rng.uniform(0, W), rng.uniform(0, H), rng.uniform(8, 22)
        disc = np.clip(r - np.hypot(xx - x, yy - y), 0, 2.0)[..., None] / 2.0 * 0.6
        img = img * (1 - disc) + np.array([240.0, 235.0, 190.0]) * disc
    im = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(1.5))
    return np.asarray(im)


def test_shaded_solids_with_cast_shadows_make_a_3d_scene() -> None:
    evidence = solid_scene(_shaded_scene())
    assert evidence.three_d
    assert evidence.solids >= 2 and evidence.shadowed >= 1


def test_a_drawing_on_graded_paper_is_flat() -> None:
    evidence = solid_scene(_graded_paper_drawing())
    assert not evidence.three_d
    assert evidence.solids == 0


def test_a_photo_like_field_is_flat() -> None:
    assert not solid_scene(_photo_like_field()).three_d


def _ball_and_soft_shadow() -> tuple[np.ndarray, np.ndarray]:
    """A grey shaded disc on a grey wall, its blurred shadow offset to the lower right (the
    part a segmenter finds: disc and shadow together)."""
    h, w = 200, 200
    wall = np.full((h, w, 3), 170.0)
    shadow = Image.new("L", (w, h), 0)
    ImageDraw.Draw(shadow).ellipse([70, 70, 160, 160], fill=255)
    soft = np.asarray(shadow.filter(ImageFilter.GaussianBlur(5)), float)[..., None] / 255.0
    img = wall * (1 - 0.5 * soft)
    yy, xx = np.mgrid[0:h, 0:w]
    disc = (xx - 75) ** 2 + (yy - 75) ** 2 <= 45**2
    lum = 250 - 0.6 * np.hypot(xx - 60, yy - 60)  # lit from the upper left
    img[disc] = lum[disc][:, None]
    img = np.clip(img, 0, 255).astype(np.uint8)
    part = disc | (soft[..., 0] > 0.3)
    return img, part


def test_a_solid_is_not_cut_from_its_soft_shadow(monkeypatch) -> None:
    img, part = _ball_and_soft_shadow()
    assert len(convex_cut.convex_pieces(part, 40, img)) == 1
    # Without the soft-shadow check the crescent of shadow is cut off as a second solid.
    monkeypatch.setattr(convex_cut, "_soft_shadow", lambda *a: False)
    assert len(convex_cut.convex_pieces(part, 40, img)) == 2


def test_the_cut_follows_the_run_option_else_the_scene() -> None:
    drawing, scene = _graded_paper_drawing(), _shaded_scene()
    assert convex_cut.cut_asked({}, scene) and not convex_cut.cut_asked({}, drawing)
    assert convex_cut.cut_asked({"convex_cut": True}, drawing)
    assert not convex_cut.cut_asked({"convex_cut": False}, scene)
