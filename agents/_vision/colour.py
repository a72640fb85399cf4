"""Colour names from pixels: nearest palette entry in CIELAB, robust to shading.

A rendered or photographed surface shows its albedo scaled by the local shading, so a
palette colour is compared with every pixel through a family of *shaded variants*
(the palette RGB multiplied by factors from dark to over-exposed). Pixels vote for the
colour of their nearest variant (CIE76 distance with lightness down-weighted); the
majority wins and the vote share is the confidence.

Example:
    >>> import numpy as np
    >>> px = np.array([[173, 35, 35], [150, 30, 30], [190, 40, 40]], np.uint8)
    >>> name_colour(px)[0]
    'red'
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from spatioxolver.vocabulary import COLORS

__all__ = [
    "CLEVR_COLOURS", "COMMON_COLOURS", "colour_saturation", "name_colour", "palette", "rgb_to_lab", "shaded_orange",
]  # fmt: skip

#: CLEVR's eight colours (sRGB; :data:`spatioxolver.vocabulary.COLORS`).
CLEVR_COLOURS: dict[str, tuple[int, int, int]] = COLORS

#: Everyday colour names for photographs (sRGB prototypes).
COMMON_COLOURS: dict[str, tuple[int, int, int]] = {
    "black": (20, 20, 20),
    "white": (240, 240, 240),
    "gray": (128, 128, 128),
    "red": (200, 30, 30),
    "orange": (240, 130, 20),
    "yellow": (240, 220, 40),
    "green": (40, 150, 50),
    "cyan": (40, 200, 210),
    "blue": (40, 70, 210),
    "purple": (130, 40, 190),
    "pink": (240, 130, 180),
    "brown": (120, 70, 30),
}

# Lightness counts half as much as chroma: shading changes L far more than hue.
_L_WEIGHT = 0.5


def rgb_to_lab(rgb: np.ndarray) -> np.ndarray:
    """Convert ``(..., 3)`` sRGB uint8 (or float in 0..255) to CIELAB floats (L 0..100)."""
    import cv2

    arr = np.asarray(rgb, dtype=np.float32).reshape(-1, 1, 3) / 255.0
    if arr.shape[0] == 0:
        return np.zeros((*np.shape(rgb)[:-1], 3), np.float32)
    lab = cv2.cvtColor(arr, cv2.COLOR_RGB2Lab)
    return lab.reshape(*np.shape(rgb)[:-1], 3)


def lab_distance(diff: np.ndarray) -> np.ndarray:
    """Distance of CIELAB differences (``... x 3``) with lightness at half weight: shading
    changes lightness more than hue, so colour decides what differs."""
    return np.sqrt(0.25 * diff[..., 0] ** 2 + diff[..., 1] ** 2 + diff[..., 2] ** 2)


@lru_cache(maxsize=8)
def palette(name: str = "clevr") -> tuple[tuple[str, ...], np.ndarray]:
    """Names and Lab values of the shaded variants of palette ``name``.

    ``"clevr"`` varies shading widely (renders); ``"common"`` only a little, because
    black, gray and white differ by lightness alone; ``"clevr+common"`` merges both.
    """
    if name == "clevr":
        sources = [(CLEVR_COLOURS, np.geomspace(0.3, 1.6, 14))]
    elif name == "common":
        sources = [(COMMON_COLOURS, np.linspace(0.8, 1.2, 5))]
    elif name in ("clevr+common", "common+clevr"):
        sources = [(CLEVR_COLOURS, np.geomspace(0.3, 1.6, 14)), (COMMON_COLOURS, np.linspace(0.8, 1.2, 5))]
    else:
        from spatioxolver.errors import ConfigError

        raise ConfigError(f"unknown colour palette {name!r}; use 'clevr', 'common' or 'clevr+common'")
    names: list[str] = []
    rgbs: list[np.ndarray] = []
    for table, factors in sources:
        for colour, rgb in table.items():
            base = np.asarray(rgb, dtype=np.float64)
            for f in factors:
                names.append(colour)
                rgbs.append(np.clip(base * f, 0, 255))
    lab = rgb_to_lab(np.asarray(rgbs, dtype=np.float32))
    return tuple(names), lab


def name_colour(
    pixels: np.ndarray, *, palette_name: str = "clevr", lab: np.ndarray | None = None
) -> tuple[str, float, dict[str, float]]:
    """Name the dominant colour of ``pixels`` (``(N, 3)`` sRGB) by per-pixel voting.

    Args:
        pixels: sRGB pixels of one object (any order); ignored when ``lab`` is given.
        palette_name: ``"clevr"``, ``"common"`` or ``"clevr+common"``.
        lab: the same pixels already converted to Lab (saves a conversion).

    Returns:
        ``(name, confidence, shares)``: the winning name, its vote share, and the vote
        share of every name that received votes.
    """
    names, pal = palette(palette_name)
    if lab is None:
        lab = rgb_to_lab(np.asarray(pixels).reshape(-1, 3))
    lab = np.asarray(lab, dtype=np.float32).reshape(-1, 3)
    if lab.shape[0] == 0:
        return "unknown", 0.0, {}
    if lab.shape[0] > 400:  # a fixed-stride sample keeps this O(1) per object
        lab = lab[:: lab.shape[0] // 400 + 1]
    weights = np.array([_L_WEIGHT, 1.0, 1.0], dtype=np.float32)
    x = lab * weights
    p = pal * weights
    # Squared distances via |x|^2 - 2 x.p + |p|^2 (one matrix product).
    d2 = (x * x).sum(axis=1)[:, None] - 2.0 * x @ p.T + (p * p).sum(axis=1)[None, :]
    nearest = np.argmin(d2, axis=1)
    unique_names = sorted(set(names))
    index = {n: i for i, n in enumerate(unique_names)}
    name_idx = np.array([index[n] for n in names])
    # Dark pixels (self-shadowed sides) carry little hue: their votes count less.
    weight = np.clip(lab[:, 0] / 60.0, 0.05, 1.0)
    votes = np.bincount(name_idx[nearest], weights=weight, minlength=len(unique_names)).astype(float)
    shares = votes / votes.sum()
    best = int(np.argmax(shares))
    detail = {unique_names[i]: round(float(s), 4) for i, s in enumerate(shares) if s > 0}
    return unique_names[best], float(shares[best]), detail


def colour_saturation(name: str, palette_name: str = "clevr") -> float | None:
    """HSV saturation (0..1) of the prototype of colour ``name`` (``None`` if unknown)."""
    table = COMMON_COLOURS if palette_name == "common" else {**COMMON_COLOURS, **CLEVR_COLOURS}
    rgb = table.get(name)
    if rgb is None:
        return None
    hi, lo = max(rgb), min(rgb)
    return (hi - lo) / hi if hi else 0.0


#: Orange hues (CIELAB degrees): red sits near 35, orange 50-65, brown 60-65, yellow 90 and up.
_ORANGE_HUE = (45.0, 75.0)
#: A shaded orange keeps its chroma high for its lightness: shading scales a colour's light,
#: and CIELAB chroma falls with lightness about in step, so ``C / L`` holds at 1.4-1.65 for an
#: orange from full light down to a tenth of it; a brown's stays under 1.2 (saddle brown,
#: the most saturated, 1.33), however bright the light.
_ORANGE_RATIO, _ORANGE_CHROMA = 1.35, 40.0


def shaded_orange(lab: np.ndarray) -> bool:
    """Whether the median of CIELAB pixels (a shaded solid's lit side) is an orange in shade,
    not a brown: an orange hue (:data:`_ORANGE_HUE`), chroma at least :data:`_ORANGE_CHROMA`
    and at least :data:`_ORANGE_RATIO` times its lightness.

    Example:
        >>> import numpy as np
        >>> shaded_orange(np.array([[45.0, 36.0, 51.0]])), shaded_orange(np.array([[37.0, 19.0, 37.0]]))
        (True, False)
    """
    lab = np.asarray(lab, float).reshape(-1, 3)
    if lab.shape[0] == 0:
        return False
    light, a, b = (float(v) for v in np.median(lab, axis=0))
    chroma = float(np.hypot(a, b))
    hue = float(np.degrees(np.arctan2(b, a)) % 360.0)
    return (
        _ORANGE_HUE[0] <= hue <= _ORANGE_HUE[1]
        and chroma >= _ORANGE_CHROMA
        and chroma >= _ORANGE_RATIO * max(light, 1.0)
    )
