"""Images -> chat message parts: load, downscale to a max side, encode as a data URI."""

from __future__ import annotations

import base64
import io
from typing import Any

import numpy as np

from spatioxolver.errors import ConfigError
from spatioxolver.images import image_sha256, load_image

__all__ = ["PreparedImage", "prepare_image", "encode_image"]


class PreparedImage:
    """A decoded image plus its content hash (computed before any encoding)."""

    __slots__ = ("rgb", "sha256")

    def __init__(self, rgb: np.ndarray) -> None:
        self.rgb = rgb
        self.sha256 = image_sha256(rgb)


def prepare_image(source: Any) -> PreparedImage:
    """Load anything :func:`load_image` accepts (raises ``InputError`` when unusable)."""
    return PreparedImage(load_image(source))


def encode_image(
    image: PreparedImage, *, max_side: int | None = 1024, fmt: str = "png", quality: int = 90
) -> str:
    """Encode as a ``data:image/...;base64,`` URI, downscaled so its longest side <= ``max_side``."""
    from PIL import Image

    fmt = fmt.lower()
    if fmt not in ("png", "jpeg", "jpg"):
        raise ConfigError(f"image format {fmt!r} is not supported; use 'png' or 'jpeg'")
    img = Image.fromarray(image.rgb)
    if max_side and max(img.size) > max_side:
        scale = max_side / max(img.size)
        size = (max(1, round(img.size[0] * scale)), max(1, round(img.size[1] * scale)))
        img = img.resize(size, Image.Resampling.LANCZOS)
    buf = io.BytesIO()
    if fmt == "png":
        img.save(buf, format="PNG", optimize=False)
        mime = "image/png"
    else:
        img.save(buf, format="JPEG", quality=quality)
        mime = "image/jpeg"
    return f"data:{mime};base64," + base64.b64encode(buf.getvalue()).decode("ascii")
