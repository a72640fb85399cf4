"""Labels drawn on an image (letters, numbers, words), read with OCR instead of segmented.

The segmenter sets thin glyph regions aside (``scenery.py``). With the optional ``ocr``
extra (``pip install 'spatioxolver[ocr]'``: rapidocr-onnxruntime, whose wheel ships its
ONNX models, so it runs offline) :func:`read_labels` groups them into words and reads
each (recognition only, about 40 ms a label); the segmenter then binds each label to the
nearest object (set-of-marks, ``bind_marks``).
Without the extra it returns ``None``: thin glyphs are still dropped (see
``scenery.py``), but labels cannot be read, so "shape A" finds no object and the
reasoner says so.

Example:
    >>> read_labels is not None
    True
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import numpy as np

__all__ = ["read_labels", "ocr_available"]


#: Symbols the recogniser returns for a lone capital letter drawn in some fonts (its
#: dictionary holds them, a one-glyph label is always a letter or a digit).
_LOOKALIKE = {"√": "V", "|": "I", "∨": "V", "Λ": "A", "∧": "A", "○": "O", "О": "O", "Ｌ": "L"}


@lru_cache(maxsize=1)
def _engine() -> Any:
    try:
        from rapidocr_onnxruntime import RapidOCR
    except ImportError:
        return None
    return RapidOCR()


def ocr_available() -> bool:
    """Whether the ``ocr`` extra is installed."""
    return _engine() is not None


def _groups(masks: list[np.ndarray]) -> list[tuple[int, int, int, int]]:
    """Boxes of glyphs grouped into words (side by side, gap under 0.6 x their height)."""
    boxes = []
    for m in masks:
        ys, xs = np.nonzero(m)
        boxes.append([int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1])
    merged = True
    while merged:
        merged = False
        for i in range(len(boxes)):
            for j in range(i + 1, len(boxes)):
                a, b = boxes[i], boxes[j]
                h = max(a[3] - a[1], b[3] - b[1])
                overlap_y = min(a[3], b[3]) - max(a[1], b[1]) > 0.4 * h
                gap = max(a[0], b[0]) - min(a[2], b[2])
                if overlap_y and gap < 0.6 * h:
                    boxes[i] = [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]
                    del boxes[j]
                    merged = True
                    break
            if merged:
                break
    return [tuple(b) for b in boxes]  # type: ignore[misc]


def read_labels(
    rgb: np.ndarray, glyphs: list[np.ndarray], *, min_score: float = 0.8
) -> list[tuple[str, tuple[float, float, float, float]]] | None:
    """``[(text, box), ...]``: the glyph regions grouped into words and read (1-12 alphanumerics).

    Returns ``None`` when the ``ocr`` extra is not installed.
    """
    import cv2

    engine = _engine()
    if engine is None:
        return None
    h, w = rgb.shape[:2]
    out = []
    for x0, y0, x1, y1 in _groups(glyphs):
        # Pieces of a glyph under the minimum area are lost: read a window at least as
        # wide as the glyph is tall around what was found.
        pad = max(6, (y1 - y0) // 3)
        half = max((x1 - x0) / 2, 0.5 * (y1 - y0)) + pad
        cx = (x0 + x1) / 2
        crop = rgb[max(0, y0 - pad) : min(h, y1 + pad), max(0, int(cx - half)) : min(w, int(cx + half) + 1)]
        if y1 - y0 < 32:
            crop = cv2.resize(crop, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
        result, _ = engine(np.ascontiguousarray(crop[:, :, ::-1]), use_det=False, use_cls=False, use_rec=True)
        if not result:
            continue
        text, score = str(result[0][0]).strip(), float(result[0][1])
        text = _LOOKALIKE.get(text, text)
        if score < min_score or not re.fullmatch(r"[A-Za-z0-9]{1,12}", text):
            continue
        out.append((text.upper() if len(text) == 1 and text.isalpha() else text, (x0, y0, x1, y1)))
    return out
