"""Flat Pillow drawings as users pass them on: JPEG-compressed, blurred, noisy, small, tilted, photographed paper."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

from families.pillow_shapes import _draw, _questions, _scene

FAMILY = "degraded_drawings"
NEEDS = ["PIL", "numpy"]


def _degrade(path: Path, rng: random.Random) -> str:
    import numpy as np
    from PIL import Image, ImageFilter

    img = Image.open(path).convert("RGB")
    how = rng.choice(["jpeg", "blur", "noise", "small", "tilt", "paper"])
    if how == "jpeg":
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=rng.randint(15, 40))
        img = Image.open(buf).convert("RGB")
    elif how == "blur":
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(1.5, 3.0)))
    elif how == "noise":
        arr = np.asarray(img).astype(np.float32)
        arr += np.random.default_rng(rng.randint(0, 2**31)).normal(0, rng.uniform(8, 20), arr.shape)
        img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
    elif how == "small":
        w, h = img.size
        f = rng.uniform(0.3, 0.45)
        img = img.resize((int(w * f), int(h * f)), Image.BILINEAR)
    elif how == "tilt":
        img = img.rotate(
            rng.uniform(-4, 4), resample=Image.BICUBIC, expand=False, fillcolor=img.getpixel((2, 2))
        )
    else:  # paper: warm uneven light, grain, a soft vignette, JPEG
        arr = np.asarray(img).astype(np.float32)
        h, w = arr.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w]
        light = 0.85 + 0.15 * (1 - ((xx - w * 0.4) ** 2 + (yy - h * 0.3) ** 2) / (w * w + h * h))
        arr = arr * light[..., None] * np.array([1.0, 0.97, 0.9])
        arr += np.random.default_rng(rng.randint(0, 2**31)).normal(0, 4, arr.shape)
        img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8))
        buf = io.BytesIO()
        img.save(buf, "JPEG", quality=60)
        img = Image.open(buf).convert("RGB")
    img.save(path)
    return how


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    rng = random.Random(f"degraded_drawings/{seed}")
    items = []
    for k in range(12):
        objects = _scene(rng)
        page = rng.choice([(255, 255, 255), (246, 244, 236)])
        _draw(objects, page, 1.0, outdir / "drawn.png")
        name = f"degraded_{k:02d}_{_degrade(outdir / 'drawn.png', rng)}.png"
        (outdir / "drawn.png").rename(outdir / name)
        for question, truth in _questions(objects, rng):
            items.append({"image": name, "question": question, "truth": truth})
    return items
