"""sRGB <-> linear light for the tests that shade their own scenes (numpy, not the engine's code)."""

from __future__ import annotations

import numpy as np


def to_srgb8(x: np.ndarray) -> np.ndarray:
    """Linear light (0..1) to 8-bit sRGB."""
    x = np.clip(x, 0, 1)
    return (
        (np.where(x <= 0.0031308, 12.92 * x, 1.055 * x ** (1 / 2.4) - 0.055) * 255).round().astype(np.uint8)
    )


def to_linear(rgb) -> np.ndarray:
    """8-bit sRGB to linear light (0..1)."""
    c = np.asarray(rgb, float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
