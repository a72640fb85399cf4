"""Set-of-marks overlays drawn on a rendered view.

Three styles, each a separate image variant (the clean render is kept too):

* ``tags`` - a numeric tag on each object (CVT style);
* ``letters`` - letters A..Z on each object, assigned in raster-scan order of the visible
  mask centroid (top-left to bottom-right; seed 002 App. B.2);
* ``boxes`` - a coloured bounding box per object with its number 1..N (seed 000 §4.1).

Tags and letters are drawn centred on the object's ``label_anchor``: the visible mask
pixel nearest to the mask centroid, so the anchor always lies on the object.
"""

from __future__ import annotations

import string

import numpy as np

from spatioxolver.errors import InputError

__all__ = ["OVERLAYS", "LETTERS", "letters_in_raster_order", "mask_anchor", "draw_overlay"]

OVERLAYS = ("tags", "letters", "boxes")
LETTERS = string.ascii_uppercase
_BOX_COLORS = [
    (255, 64, 64), (64, 160, 255), (255, 200, 0), (0, 200, 90), (255, 0, 200),
    (0, 230, 230), (255, 128, 0), (160, 90, 255), (200, 255, 0), (255, 255, 255),
]  # fmt: skip


def mask_anchor(mask: np.ndarray) -> tuple[float, float] | None:
    """Centre (x, y) of the visible mask pixel nearest to the mask centroid."""
    ys, xs = np.nonzero(mask)
    if ys.size == 0:
        return None
    cy, cx = ys.mean(), xs.mean()
    i = int(np.argmin((ys - cy) ** 2 + (xs - cx) ** 2))
    return (float(xs[i]) + 0.5, float(ys[i]) + 0.5)


def letters_in_raster_order(centroids: list[tuple[float, float] | None]) -> list[str | None]:
    """Letters for objects sorted by centroid (y, then x); invisible objects get None."""
    visible = [i for i, c in enumerate(centroids) if c is not None]
    if len(visible) > len(LETTERS):
        raise InputError(
            f"{len(visible)} objects need letter labels but only 26 letters exist; use at most 26 objects"
        )
    order = sorted(visible, key=lambda i: (centroids[i][1], centroids[i][0]))  # type: ignore[index]
    out: list[str | None] = [None] * len(centroids)
    for rank, i in enumerate(order):
        out[i] = LETTERS[rank]
    return out


def _font(size: int):  # noqa: ANN202 - PIL font type
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


def draw_overlay(
    rgb: np.ndarray,
    style: str,
    labels: list[str | None],
    anchors: list[tuple[float, float] | None],
    bboxes: list[tuple[int, int, int, int] | None],
) -> np.ndarray:
    """Return a copy of ``rgb`` with the labels drawn in ``style``."""
    from PIL import Image, ImageDraw

    if style not in OVERLAYS:
        raise InputError(f"unknown overlay {style!r}; choose one of {', '.join(OVERLAYS)}")
    img = Image.fromarray(rgb)
    draw = ImageDraw.Draw(img)
    h = rgb.shape[0]
    font = _font(max(10, int(round(h / 22))))
    for k, (label, anchor, box) in enumerate(zip(labels, anchors, bboxes, strict=True)):
        if label is None or anchor is None:
            continue
        tb = draw.textbbox((0, 0), label, font=font)
        tw, th = tb[2] - tb[0], tb[3] - tb[1]
        if style == "boxes" and box is not None:
            color = _BOX_COLORS[k % len(_BOX_COLORS)]
            x0, y0, x1, y1 = box
            draw.rectangle([x0, y0, x1 - 1, y1 - 1], outline=color, width=2)
            lx, ly = x0, max(0, y0 - th - 4)
            draw.rectangle([lx, ly, lx + tw + 4, ly + th + 4], fill=color)
            draw.text((lx + 2 - tb[0], ly + 2 - tb[1]), label, fill=(0, 0, 0), font=font)
            continue
        ax, ay = anchor
        x0, y0 = int(round(ax - tw / 2 - 3)), int(round(ay - th / 2 - 3))
        x1, y1 = x0 + tw + 6, y0 + th + 6
        if style == "letters":
            draw.rectangle([x0, y0, x1, y1], fill=(0, 0, 0))
            draw.text((x0 + 3 - tb[0], y0 + 3 - tb[1]), label, fill=(255, 255, 255), font=font)
        else:
            draw.rectangle([x0, y0, x1, y1], fill=(255, 255, 255), outline=(0, 0, 0))
            draw.text((x0 + 3 - tb[0], y0 + 3 - tb[1]), label, fill=(0, 0, 0), font=font)
    return np.asarray(img, dtype=np.uint8).copy()
