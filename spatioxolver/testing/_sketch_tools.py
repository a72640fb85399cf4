"""Drawing tools of the sketched test images (:mod:`spatioxolver.testing.sketched`): OpenCV
primitives with anti-aliased edges, colour tables, grounds, text, and degradations.

Images are RGB arrays (H, W, 3) uint8; OpenCV draws in whatever channel order it is given,
so colours here are RGB throughout."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np

#: Basic colour term -> RGB shades a person or a plotting library would pick for it
#: (matplotlib's ``tab:`` colours, office-suite defaults, web colours).
COLOURS: dict[str, list[tuple[int, int, int]]] = {
    "red": [(214, 39, 40), (200, 30, 45), (230, 60, 50), (192, 0, 0)],
    "orange": [(255, 127, 14), (240, 150, 40), (250, 110, 30), (237, 125, 49)],
    "yellow": [(240, 200, 20), (255, 220, 60), (250, 210, 0), (255, 192, 0)],
    "green": [(44, 160, 44), (60, 180, 90), (30, 130, 60), (112, 173, 71)],
    "blue": [(31, 119, 180), (40, 90, 220), (68, 114, 196), (30, 60, 200)],
    "purple": [(148, 103, 189), (120, 60, 160), (112, 48, 160), (150, 70, 200)],
    "pink": [(247, 129, 191), (240, 110, 170), (255, 150, 200), (230, 100, 160)],
    "brown": [(140, 86, 75), (130, 80, 40), (150, 95, 55), (120, 70, 40)],
    "gray": [(127, 127, 127), (110, 110, 115), (150, 150, 150), (128, 128, 128)],
}

FLAT_SHAPES = ("circle", "square", "triangle", "star", "rectangle", "ellipse", "hexagon", "pentagon")

_SHIFT = 4  # sub-pixel bits for OpenCV's drawing calls
_ONE = 1 << _SHIFT


def _pts(points: list[tuple[float, float]]) -> np.ndarray:
    return np.array([[round(x * _ONE), round(y * _ONE)] for x, y in points], np.int32).reshape(-1, 1, 2)


def polygon(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The outline of ``shape`` (not circle / ellipse) centred at (cx, cy), radius ``r``."""
    if shape == "rectangle":
        return [
            (cx - 1.5 * r, cy - 0.8 * r),
            (cx + 1.5 * r, cy - 0.8 * r),
            (cx + 1.5 * r, cy + 0.8 * r),
            (cx - 1.5 * r, cy + 0.8 * r),
        ]
    if shape == "square":
        s = 0.9 * r
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    n = {"triangle": 3, "pentagon": 5, "hexagon": 6, "star": 10}[shape]
    out = []
    for i in range(n):
        a = -math.pi / 2 + 2 * math.pi * i / n
        rr = r * (0.45 if shape == "star" and i % 2 else 1.0)
        out.append(
            (cx + rr * math.cos(a), cy + (rr * math.sin(a)) + (0.2 * r if shape == "triangle" else 0.0))
        )
    return out


def shape_extent(shape: str, r: float) -> tuple[float, float]:
    """Half width and half height of the drawn shape."""
    if shape == "rectangle":
        return 1.5 * r, 0.8 * r
    if shape == "ellipse":
        return 1.5 * r, 0.75 * r
    return r, r


def _draw(
    canvas: np.ndarray, shape: str, cx: float, cy: float, r: float, colour: Any, thickness: int
) -> None:
    """Draw ``shape`` filled (``thickness`` -1) or as a stroke, anti-aliased."""
    import cv2

    c = tuple(int(v) for v in colour)
    if shape in ("circle", "ellipse"):
        axes = (r, r) if shape == "circle" else (1.5 * r, 0.75 * r)
        cv2.ellipse(
            canvas,
            (round(cx * _ONE), round(cy * _ONE)),
            (round(axes[0] * _ONE), round(axes[1] * _ONE)),
            0,
            0,
            360,
            c,
            thickness,
            cv2.LINE_AA,
            _SHIFT,
        )
        return
    pts = _pts(polygon(shape, cx, cy, r))
    if thickness < 0:
        cv2.fillPoly(canvas, [pts], c, cv2.LINE_AA, _SHIFT)
    else:
        cv2.polylines(canvas, [pts], True, c, thickness, cv2.LINE_AA, _SHIFT)


def _area(img: np.ndarray, shape: str, cx: float, cy: float, r: float, thickness: int) -> int:
    mask = np.zeros(img.shape[:2], np.uint8)
    _draw(mask, shape, cx, cy, r, (255,), thickness)
    return int((mask > 127).sum())


def fill_shape(
    img: np.ndarray, shape: str, cx: float, cy: float, r: float, colour: Any, edge: tuple[Any, int] | None
) -> int:
    """Fill ``shape`` in ``colour``, with an optional (colour, width) edge; returns its area."""
    _draw(img, shape, cx, cy, r, colour, -1)
    if edge is not None:
        _draw(img, shape, cx, cy, r, edge[0], edge[1])
    return _area(img, shape, cx, cy, r, -1)


def outline_shape(
    img: np.ndarray, shape: str, cx: float, cy: float, r: float, colour: Any, thickness: int
) -> int:
    """Draw only the outline of ``shape``; returns the area it encloses (what a reader compares)."""
    _draw(img, shape, cx, cy, r, colour, thickness)
    return _area(img, shape, cx, cy, r, -1)


def ground(rng: random.Random, w: int, h: int) -> np.ndarray:
    """An off-white ground: flat, a faint vertical gradient, or a faint vignette."""
    base = np.array(
        rng.choice([(250, 249, 245), (245, 245, 240), (252, 250, 246), (240, 242, 246), (255, 255, 255)]),
        float,
    )
    kind = rng.choice(["flat", "gradient", "vignette"])
    if kind == "flat":
        return np.broadcast_to(base, (h, w, 3)).astype(np.uint8).copy()
    yy, xx = np.mgrid[0:h, 0:w].astype(float)
    if kind == "gradient":
        t = (yy / h)[..., None]
        return np.clip(base - 14 * t, 0, 255).astype(np.uint8)
    d = np.hypot((xx - w / 2) / w, (yy - h / 2) / h)[..., None]
    return np.clip(base - 30 * d**2, 0, 255).astype(np.uint8)


def text(img: np.ndarray, words: str, org: tuple[int, int], scale: float, colour: Any, thickness: int) -> int:
    """Write ``words`` with its baseline at ``org``; returns the text height in pixels."""
    import cv2

    font = cv2.FONT_HERSHEY_DUPLEX if thickness > 1 else cv2.FONT_HERSHEY_SIMPLEX
    cv2.putText(img, words, org, font, scale, tuple(int(v) for v in colour), thickness, cv2.LINE_AA)
    (_, th), _ = cv2.getTextSize(words, font, scale, thickness)
    return int(th)


def degrade(
    img: np.ndarray,
    nrng: np.random.Generator,
    *,
    blur: float = 0.0,
    noise: float = 0.0,
    quality: int | None = None,
) -> np.ndarray:
    """Blur (Gaussian sigma ``blur``), add noise (std ``noise``), re-save as JPEG ``quality``."""
    import cv2

    out = img
    if blur > 0:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    if noise > 0:
        out = np.clip(out.astype(float) + nrng.normal(0, noise, out.shape), 0, 255).astype(np.uint8)
    if quality:
        ok, buf = cv2.imencode(".jpg", out[:, :, ::-1], [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
        out = cv2.imdecode(buf, cv2.IMREAD_COLOR)[:, :, ::-1]
    return np.ascontiguousarray(out)
