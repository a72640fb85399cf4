"""A patterned ground goes on through a band of rows where its colours were not found.

:func:`~.ground_palette.band_palettes` reads a patterned ground band by band (a few rows
each) by the colours that recur across the width. Where solids crowd one band (four or
five of them standing in a row), their colours take most of the band's clusters and the
tiles' two colours merge into one cluster between them, which recurs nowhere: the band
gets no palette, the smooth model stands in for it, and its tiles become a strip of
foreground across the whole frame that joins every solid it touches into one object.

But a ground does not stop for a band: its colours change slowly with depth, so the
palettes of the nearest bands above and below that have one are this band's too.
:func:`bridge_gaps` gives such a band their colours where they still explain a good part of the
band (a quarter of its pixels or more near them: the solids crowding it cover the rest);
a band the neighbours' colours do not explain stays without.

Example:
    >>> bridge_gaps([], [], None, None, [])
    0
"""

from __future__ import annotations

import numpy as np

__all__ = ["bridge_gaps"]

#: How many bands away a palette may be borrowed from (above and below).
_REACH = 3
#: Share of the band's pixels the borrowed colours must explain.
_EXPLAINS = 0.25


def bridge_gaps(found, models, background, banded, palettes, *, near: float = 6.0) -> int:
    """Fill, in place, the bands of ``found`` without a model (``models[i] is None``) that
    have modelled bands both above and below within :data:`_REACH`, from those bands'
    colours; ``background``, ``banded`` and ``palettes`` are updated as
    :func:`~.ground_palette.band_palettes` fills them. Returns how many bands were filled."""
    from .ground_palette import _nearest_on_palette

    filled = 0
    n = len(found)
    for i, (y0, y1, feats, *_rest) in enumerate(found):
        if models[i] is not None:
            continue
        above = next(
            (models[j] for j in range(i - 1, max(-1, i - _REACH - 1), -1) if models[j] is not None), None
        )
        below = next((models[j] for j in range(i + 1, min(n, i + _REACH + 1)) if models[j] is not None), None)
        if above is None or below is None:
            continue
        kept = np.concatenate([above[0], below[0]])
        kept_rgb = np.concatenate([above[1], below[1]])
        best_d, best_lab, best_rgb = _nearest_on_palette(feats, kept, kept_rgb)
        if float((best_d < near).mean()) < _EXPLAINS:
            continue
        w = background.shape[1]
        background[y0:y1] = np.concatenate([best_lab, best_rgb], axis=1).reshape(y1 - y0, w, 6)
        banded[y0:y1] = True
        palettes.append((y0, y1, kept_rgb.astype(np.float32)))
        filled += 1
    return filled
