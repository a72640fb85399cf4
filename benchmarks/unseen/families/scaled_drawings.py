"""One Pillow drawing at 0.4x, 1x, 2.5x and 5x (resampled, not redrawn): the answers must not change with scale."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from families.pillow_shapes import _draw, _questions, _scene

FAMILY = "scaled_drawings"
NEEDS = ["PIL"]
SCALES = (0.4, 1.0, 2.5, 5.0)


def make(seed: int, outdir: Path) -> list[dict[str, Any]]:
    from PIL import Image

    rng = random.Random(f"scaled_drawings/{seed}")
    items = []
    for k in range(6):
        objects = _scene(rng)
        base = outdir / f"base_{k:02d}.png"
        _draw(objects, rng.choice([(255, 255, 255), (240, 240, 235)]), 1.0, base)
        questions = _questions(objects, rng)
        img = Image.open(base).convert("RGB")
        for scale in SCALES:
            method = rng.choice([Image.BICUBIC, Image.BILINEAR, Image.NEAREST, Image.LANCZOS])
            size = (round(img.width * scale), round(img.height * scale))
            name = f"scaled_{k:02d}_x{scale:g}.png"
            (img if scale == 1.0 else img.resize(size, method)).save(outdir / name)
            items += [{"image": name, "question": q, "truth": t} for q, t in questions]
        base.unlink()
    return items
