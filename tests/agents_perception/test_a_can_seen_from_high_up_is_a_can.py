"""A can seen from high up is a can, not a box (issue 13, VTK scenes with a high camera).

Drawn here with numpy (no project drawing code). Seen from high up a can shows a large lit
top ellipse above a short, darker band of its side. Across its middle rows the lightness
steps between the side and the top, and the body-shading test took the step for a box's
crease between two faces; but the outline has no box's corners (its hull is no polygon of
six corners, its bottom a half-ellipse). A box's outline with the same steps stays a box.
"""

from __future__ import annotations

import cv2
import numpy as np
from spatioxolver.agents._vision.open_words import open_words
from spatioxolver.agents._vision.solid_cues import box_or_can


def _stepped(mask: np.ndarray, x0: float, x1: float) -> np.ndarray:
    """Brown, dark outside the columns ``x0..x1`` and light inside them (three plateaus)."""
    h, w = mask.shape
    xx = np.broadcast_to(np.arange(w)[None, :], (h, w))
    lit = np.where((xx >= x0) & (xx <= x1), 0.95, 0.4)
    rgb = np.array([150.0, 90.0, 40.0])[None, None] * lit[..., None]
    out = np.full((h, w, 3), 178.0)
    out[mask] = rgb[mask]
    return out.astype(np.uint8)


def _can_outline(r: int = 40, tilt: float = 0.85, side: int = 26) -> np.ndarray:
    b = round(r * tilt)
    m = np.zeros((2 * b + side + 1, 2 * r + 1), np.uint8)
    cv2.ellipse(m, (r, b), (r, b), 0, 0, 360, 1, -1)
    cv2.rectangle(m, (0, b), (2 * r, b + side), 1, -1)
    cv2.ellipse(m, (r, b + side), (r, b), 0, 0, 360, 1, -1)
    return m.astype(bool)


def _box_outline(s: int = 80) -> np.ndarray:
    m = np.zeros((s + 10, s + 1), np.uint8)
    pts = np.array([[0, 18], [s // 2, 0], [s, 18], [s, s - 8], [s // 2, s + 8], [0, s - 8]], np.int32)
    cv2.fillPoly(m, [pts], 1)
    return m.astype(bool)


def _name(mask: np.ndarray, full: np.ndarray) -> str:
    _, shape, _, _ = open_words(full[mask], mask, "brown", "cylinder", "rubber", full=full, basic_terms=True)
    return shape


def test_a_stepped_shading_on_a_cans_outline_stays_a_can() -> None:
    mask = _can_outline()
    full = _stepped(mask, 22, 58)
    assert box_or_can(mask, full)[0] == "cube"  # the shading alone reads a crease
    assert _name(mask, full) == "cylinder"


def test_a_stepped_shading_on_a_boxs_outline_is_a_box() -> None:
    mask = _box_outline()
    full = _stepped(mask, -1, 40)
    assert box_or_can(mask, full)[0] == "cube"
    assert _name(mask, full) == "cube"
