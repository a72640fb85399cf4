"""Shared pieces of the painted test images (:mod:`spatioxolver.testing.painted`): colour
boxes of the basic colour terms, grounds, the supersampled canvas's reduction, JPEG."""

from __future__ import annotations

import colorsys
import io
import math
import random
from typing import Any

import numpy as np

__all__ = ["paint_colour", "jpeg", "SS"]

_SATURATED = {
    "red": ((352, 364), (0.75, 0.95), (0.75, 0.95)),
    "orange": ((24, 32), (0.85, 1.0), (0.92, 1.0)),
    "yellow": ((50, 56), (0.8, 1.0), (0.92, 1.0)),
    "green": ((110, 140), (0.6, 0.85), (0.55, 0.8)),
    "blue": ((215, 230), (0.75, 0.9), (0.7, 0.9)),
    "purple": ((272, 285), (0.55, 0.75), (0.5, 0.7)),
    "pink": ((322, 335), (0.45, 0.6), (0.92, 1.0)),
    "cyan": ((184, 190), (0.8, 0.95), (0.8, 0.9)),
    "brown": ((22, 30), (0.65, 0.8), (0.35, 0.48)),
}
_PASTEL = {
    "red": ((354, 362), (0.55, 0.65), (0.88, 0.95)),
    "orange": ((26, 32), (0.55, 0.65), (0.98, 1.0)),
    "yellow": ((50, 56), (0.5, 0.6), (0.98, 1.0)),
    "green": ((115, 135), (0.35, 0.45), (0.8, 0.88)),
    "blue": ((210, 222), (0.38, 0.48), (0.92, 1.0)),
    "purple": ((265, 278), (0.3, 0.4), (0.85, 0.92)),
    "pink": ((328, 338), (0.28, 0.36), (0.97, 1.0)),
}
_PLURALS = {"box": "boxes", "ellipse": "ellipses"}
SS = 3  # supersampling factor


def paint_colour(term: str, rng: random.Random, pastel: bool = False) -> tuple[int, int, int]:
    """An sRGB colour drawn from the HSV box of a basic colour term.

    Args:
        term: a key of the saturated (or, with ``pastel``, the pastel) table.
        rng: the random source.
        pastel: draw a light, weakly saturated version.

    Returns:
        The colour as three ints.
    """
    (h0, h1), (s0, s1), (v0, v1) = (_PASTEL if pastel else _SATURATED)[term]
    r, g, b = colorsys.hsv_to_rgb((rng.uniform(h0, h1) % 360) / 360, rng.uniform(s0, s1), rng.uniform(v0, v1))
    return round(r * 255), round(g * 255), round(b * 255)


def jpeg(image: np.ndarray, quality: int = 85) -> np.ndarray:
    """The image after a JPEG save and load at ``quality`` (Pillow's encoder)."""
    from PIL import Image

    buf = io.BytesIO()
    Image.fromarray(image).save(buf, format="JPEG", quality=quality)
    buf.seek(0)
    return np.asarray(Image.open(buf).convert("RGB")).copy()


def plural(noun: str) -> str:
    return _PLURALS.get(noun, noun + "s")


# ------------------------------------------------------------------ grounds
def paint_ground(rng: random.Random, w: int, h: int, kind: str) -> Any:
    from PIL import Image, ImageFilter

    if kind == "white":
        return Image.new("RGB", (w, h), (255, 255, 255))
    if kind == "gradient":
        a = np.array(rng.choice([(250, 246, 236), (238, 244, 252), (246, 240, 250), (240, 250, 242)]), float)
        b = np.array(rng.choice([(225, 228, 236), (252, 236, 226), (228, 240, 232), (255, 255, 255)]), float)
        t = np.linspace(0, 1, h)[:, None, None] if rng.random() < 0.5 else np.linspace(0, 1, w)[None, :, None]
        arr = np.broadcast_to(a * (1 - t) + b * t, (h, w, 3))
        return Image.fromarray(arr.astype(np.uint8))
    # textured paper: a warm tone, fine grain and a few faint fibres
    nrng = np.random.default_rng(rng.randrange(1 << 30))
    base = np.array(rng.choice([(244, 238, 222), (236, 232, 224), (248, 244, 236)]), float)
    grain = nrng.normal(0, 5, (h // 2 + 1, w // 2 + 1, 1))
    grain = np.kron(grain, np.ones((2, 2, 1)))[:h, :w]
    arr = np.clip(base + grain, 0, 255).astype(np.uint8)
    img = Image.fromarray(arr).filter(ImageFilter.GaussianBlur(0.6))
    from PIL import ImageDraw

    d = ImageDraw.Draw(img)
    for _ in range(int(w * h / 4000)):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        a = rng.uniform(0, math.pi)
        ln = rng.uniform(4, 14)
        d.line([(x, y), (x + ln * math.cos(a), y + ln * math.sin(a))], fill=tuple(int(v) - 14 for v in base))
    return img


def render(big: Any, w: int, h: int) -> np.ndarray:
    from PIL import Image

    return np.asarray(big.resize((w, h), Image.LANCZOS).convert("RGB")).copy()


def darker(c: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return tuple(int(v * f) for v in c)  # type: ignore[return-value]
