"""The one vocabulary: CLEVR's world, and the open words for shapes, colours, sizes, materials.

The CLEVR values (``properties.json`` of clevr-dataset-gen) are what the renderer
(:mod:`spatioxolver.scenes`) draws. The open vocabulary is what a question or a model's
reply may say about any image: 2-D shapes (circle, ellipse, square, rectangle, triangle,
star, polygons), 3-D shapes (cube, sphere, cylinder, cone), the basic colour terms with
light / dark, and their synonyms and plurals. The question parser, the symbolic reasoner,
the perception agents and the graphs' reply normaliser all read the words from here, so
this module stays free of heavy imports.

Example:
    >>> from spatioxolver.vocabulary import COLORS, SIZES, canonical
    >>> COLORS["red"], SIZES["small"]
    ((173, 35, 35), 0.35)
    >>> canonical("shape", "boxes"), canonical("color", "grey"), canonical("shape", "unicorn")
    ('cube', 'gray', None)
"""

from __future__ import annotations

__all__ = [
    "SHAPES",
    "SIZES",
    "MATERIALS",
    "COLORS",
    "COLOR_NAMES",
    "SHAPES_2D",
    "SHAPES_3D",
    "BASIC_COLORS",
    "SHAPE_WORDS",
    "COLOR_WORDS",
    "TONE_WORDS",
    "SIZE_WORDS",
    "MATERIAL_WORDS",
    "ATTRIBUTE_SYNONYMS",
    "canonical",
    "plural",
    "normalize_attribute",
]

# ----------------------------------------------------------------- CLEVR's world
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

# ----------------------------------------------------------------- open vocabulary
#: Flat shapes the attributes agent names on drawings.
SHAPES_2D: tuple[str, ...] = (
    "circle",
    "ellipse",
    "square",
    "rectangle",
    "diamond",
    "triangle",
    "star",
    "pentagon",
    "hexagon",
    "octagon",
    "polygon",
)
#: Solid shapes (shaded objects).
SHAPES_3D: tuple[str, ...] = ("cube", "sphere", "cylinder", "cone")
#: The basic colour terms (Berlin & Kay's eleven plus cyan).
BASIC_COLORS: tuple[str, ...] = (
    "black", "white", "gray", "red", "orange", "yellow", "green", "blue", "purple", "pink", "brown", "cyan",
)  # fmt: skip

_SHAPE_SYNONYMS = {
    "circle": ("circle", "disc", "disk"),
    "ellipse": ("ellipse", "oval"),
    "square": ("square",),
    "rectangle": ("rectangle", "oblong"),
    "diamond": ("diamond", "rhombus", "lozenge"),
    "triangle": ("triangle",),
    "star": ("star",),
    "pentagon": ("pentagon",),
    "hexagon": ("hexagon",),
    "octagon": ("octagon",),
    "polygon": ("polygon",),
    "cube": ("cube", "box", "block"),
    "sphere": ("sphere", "ball"),
    "cylinder": ("cylinder", "can"),
    "cone": ("cone",),
    "bar": ("bar",),  # a chart's bar: a rectangle (or a square, a short one) in a drawing
}
_COLOR_SYNONYMS = {
    "gray": ("gray", "grey"),
    "purple": ("purple", "violet", "magenta", "lilac"),
    "cyan": ("cyan", "turquoise", "teal", "aqua"),
    "pink": ("pink",),
    "brown": ("brown", "tan"),
    "orange": ("orange",),
}


def plural(word: str) -> str:
    """The plural of a vocabulary noun (``box`` -> ``boxes``, ``sphere`` -> ``spheres``)."""
    if word.endswith(("x", "s", "sh", "ch")):
        return word + "es"
    return word + "s"


#: Plurals :func:`plural` does not make (Latin ones), beside the regular ones.
_IRREGULAR_PLURALS = {"rhombus": "rhombi"}
#: Every word naming a shape (singular and plural) -> its canonical shape.
SHAPE_WORDS: dict[str, str] = {
    form: shape
    for shape, words in _SHAPE_SYNONYMS.items()
    for w in words
    for form in (w, plural(w), *([_IRREGULAR_PLURALS[w]] if w in _IRREGULAR_PLURALS else []))
}
#: Every colour word -> its basic colour term.
COLOR_WORDS: dict[str, str] = {c: c for c in BASIC_COLORS} | {
    w: c for c, words in _COLOR_SYNONYMS.items() for w in words
}
#: Lightness modifiers of a colour term.
TONE_WORDS: dict[str, str] = {"light": "light", "pale": "light", "dark": "dark", "deep": "dark"}
#: Size words -> CLEVR's size classes.
SIZE_WORDS: dict[str, str] = {
    "small": "small",
    "tiny": "small",
    "little": "small",
    "large": "large",
    "big": "large",
}
#: Material words -> CLEVR's materials.
MATERIAL_WORDS: dict[str, str] = {
    "metal": "metal", "metallic": "metal", "shiny": "metal", "rubber": "rubber", "matte": "rubber",
}  # fmt: skip
#: Attribute -> word -> canonical value (for models' replies and scene graphs).
ATTRIBUTE_SYNONYMS: dict[str, dict[str, str]] = {
    "color": COLOR_WORDS,
    "shape": SHAPE_WORDS,
    "size": SIZE_WORDS,
    "material": MATERIAL_WORDS,
}


def canonical(attribute: str, word: str | None) -> str | None:
    """The canonical value of ``word`` for ``attribute`` (``None`` when the word is unknown).

    ``"light blue"`` and ``"dark green"`` keep their tone for colours.
    """
    if word is None:
        return None
    w = " ".join(str(word).strip().lower().split())
    table = ATTRIBUTE_SYNONYMS.get(attribute, {})
    if w in table:
        return table[w]
    if attribute == "color" and " " in w:
        tone, _, base = w.partition(" ")
        if tone in TONE_WORDS and base in COLOR_WORDS:
            return f"{TONE_WORDS[tone]} {COLOR_WORDS[base]}"
    return None


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
