"""The attributes agent's open-vocabulary step: drawn shapes, cones, basic colour terms.

:func:`open_words` refines the CLEVR-vocabulary reading of one object: a flat (drawn)
object gets its 2-D shape and its basic colour term with tone, and no material; a
shaded one keeps the 3-D shape unless its silhouette is a cone, and its CLEVR colour
unless its lit pixels are clearly orange or pink (colours CLEVR lacks). See
:mod:`.flat`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["open_words"]


def open_words(
    body: np.ndarray,
    mask: np.ndarray,
    colour: str,
    shape: str,
    material: str,
    *,
    ground: bool = False,
    inner: np.ndarray | None = None,
) -> tuple[str, str, str, dict[str, Any]]:
    """``(colour, shape, material, extras)`` with the open vocabulary applied.

    ``ground``: the segmenter saw cast shadows (objects stand on a ground plane), so no
    object is read as a flat drawing. ``inner``: the pixels well inside the outline; a
    shape drawn with a dark outline stroke is flat when its body or its inner pixels are.
    """
    from .colour import rgb_to_lab
    from .flat import colour_term, flat_shape, is_cone, is_flat

    pixels = np.asarray(body).reshape(-1, 3)
    if pixels.shape[0] == 0:
        return colour, shape, material, {}
    lab = rgb_to_lab(pixels)
    if not ground:
        fill = None
        if is_flat(lab):
            fill = pixels
        elif inner is not None:
            inner = np.asarray(inner).reshape(-1, 3)
            if is_flat(rgb_to_lab(inner)):
                fill = inner
        if fill is not None:
            term, tone = colour_term(np.median(fill, axis=0))
            return term, flat_shape(mask), "unknown", {"flat": True, "tone": tone}
    extras: dict[str, Any] = {"flat": False}
    if is_cone(mask):
        shape = "cone"
    lit = pixels[lab[:, 0] >= np.percentile(lab[:, 0], 60)]
    if lit.shape[0]:
        term, _ = colour_term(np.median(lit, axis=0))
        lit_l = float(np.median(lab[lab[:, 0] >= np.percentile(lab[:, 0], 60), 0]))
        if term == "orange" and lit_l > 67 or term == "pink" and colour in ("red", "purple"):
            colour = term
    return colour, shape, material, extras
