"""CLEVR's object vocabulary: the one source of truth for shapes, sizes, materials and colours.

The values are CLEVR's (``properties.json`` of clevr-dataset-gen). The renderer
(:mod:`spatioxolver.scenes`), the perception agents and the simulated models all read
them from here, so this module stays free of heavy imports.

Example:
    >>> from spatioxolver.vocabulary import COLORS, SIZES
    >>> COLORS["red"], SIZES["small"]
    ((173, 35, 35), 0.35)
"""

from __future__ import annotations

__all__ = [
    "SHAPES",
    "SIZES",
    "MATERIALS",
    "COLORS",
    "COLOR_NAMES",
    "ATTRIBUTE_SYNONYMS",
    "normalize_attribute",
]

#: Shape names, in CLEVR's order.
SHAPES: tuple[str, ...] = ("cube", "sphere", "cylinder")
#: Size name -> object scale ``r`` (metres): large objects 0.7, small ones 0.35.
SIZES: dict[str, float] = {"large": 0.7, "small": 0.35}
#: Material names.
MATERIALS: tuple[str, ...] = ("rubber", "metal")
#: CLEVR's eight colours (sRGB).
COLORS: dict[str, tuple[int, int, int]] = {
    "gray": (87, 87, 87),
    "red": (173, 35, 35),
    "blue": (42, 75, 215),
    "green": (29, 105, 20),
    "brown": (129, 74, 25),
    "purple": (129, 38, 192),
    "cyan": (41, 208, 208),
    "yellow": (255, 238, 51),
}
#: Colour names, in :data:`COLORS`'s order.
COLOR_NAMES: tuple[str, ...] = tuple(COLORS)

#: Words models use for a scene-graph attribute value -> the value (per attribute).
ATTRIBUTE_SYNONYMS: dict[str, dict[str, str]] = {
    "color": {"grey": "gray"},
    "shape": {"block": "cube", "ball": "sphere", "box": "cube"},
    "material": {"metallic": "metal", "shiny": "metal", "matte": "rubber"},
    "size": {"big": "large", "tiny": "small"},
}


def normalize_attribute(attribute: str, value: object) -> str | None:
    """A model's word for ``attribute`` mapped onto the scene-graph vocabulary.

    Example:
        >>> normalize_attribute("shape", " Ball"), normalize_attribute("color", None)
        ('sphere', None)
    """
    if not isinstance(value, str):
        return None if value is None else str(value)
    word = value.strip().lower()
    return ATTRIBUTE_SYNONYMS.get(attribute, {}).get(word, word)
