"""One image loader for the whole project: path, bytes, numpy array or PIL image -> RGB uint8.

Grayscale, RGBA / LA (composited on white, or on black when much of what is opaque is
white, so a white icon on a transparent ground stays visible), palette, 16-bit and float inputs are
converted; the EXIF orientation of an encoded file (phone photos) is applied, and so is
that of a PIL image passed directly. Anything unusable raises :class:`~spatioxolver.errors.InputError` with one
line saying what and where.

Example:
    >>> import numpy as np
    >>> load_image(np.zeros((2, 3), np.uint16)).shape
    (2, 3, 3)
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np

from spatioxolver.errors import InputError

__all__ = ["load_image", "image_sha256", "DEFAULT_MAX_PIXELS", "ImageLike"]

#: Default upper bound on width * height (64 megapixels), checked before decoding.
DEFAULT_MAX_PIXELS = 64_000_000

ImageLike = Any  # str | os.PathLike | bytes | np.ndarray | PIL.Image.Image


def load_image(source: ImageLike, *, max_pixels: int | None = None) -> np.ndarray:
    """Load ``source`` as an ``(H, W, 3)`` RGB ``uint8`` array.

    Args:
        source: a path, encoded image bytes, a numpy array (H x W, H x W x 1/3/4) or a
            PIL image.
        max_pixels: refuse images with more pixels than this (default 64 MP, or the
            ``SPATIOXOLVER_MAX_PIXELS`` environment variable); checked from the header.

    Raises:
        InputError: missing path, directory, empty / non-image / truncated file,
            too many pixels, unsupported array shape or dtype.
    """
    limit = _pixel_limit(max_pixels)
    if isinstance(source, np.ndarray):
        return _from_array(source, "array", limit)
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _decode(bytes(source), "<bytes>", limit)
    if isinstance(source, str) and re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", source):
        raise InputError(
            f"{source} is a URL; images are read from files: download it first and pass the file"
        )
    if isinstance(source, (str, os.PathLike)):
        return _load_path(Path(source), limit)
    if _is_pil(source):
        from PIL import ImageOps

        return _from_pil(ImageOps.exif_transpose(source), "PIL image", limit)
    raise InputError(
        f"cannot load an image from {type(source).__name__}; pass a path, bytes, numpy array or PIL image"
    )


def image_sha256(rgb: np.ndarray) -> str:
    """Content hash of a decoded image (shape and pixels), used for caching."""
    with _LOCK:
        known = _SHA.get(id(rgb))
    if known is not None:  # an array the decoded-image cache holds (read-only): hashed once
        return known
    digest = hashlib.sha256(str(rgb.shape).encode())
    digest.update(np.ascontiguousarray(rgb))  # the buffer itself: no 36 MB copy of a 12 MP frame
    sha = digest.hexdigest()
    with _LOCK:
        if any(entry[0] is rgb for entry in _DECODED.values()):
            _SHA[id(rgb)] = sha
    return sha


#: Decoded files kept (many questions about one image decode it once), at most this many
#: bytes of pixels; an image bigger than a quarter of it is not kept.
DECODED_CACHE_BYTES = 256 * 2**20
_DECODED: OrderedDict[tuple[Any, ...], tuple[np.ndarray, int]] = OrderedDict()
_SHA: dict[int, str] = {}  # id of an array _DECODED holds -> its image_sha256
#: Files being decoded now -> (event set when done, pid of the decoding process).
_PENDING: dict[tuple[Any, ...], tuple[threading.Event, int]] = {}
_LOCK = threading.Lock()


def _load_path(path: Path, limit: int) -> np.ndarray:
    """Decode the file at ``path``, or hand back the decoded array of the same unchanged file.

    The key is the path with the file's inode, size and modification time (ns), so a file
    rewritten or replaced is decoded again. A cached array is read-only and shared: code
    that changes pixels works on a copy (numpy refuses an in-place write).
    """
    try:
        st = path.stat()
    except OSError:
        st = None  # _read_path says what is wrong
    key = (str(path), st.st_ino, st.st_size, st.st_mtime_ns) if st is not None else None
    if key is None:
        return _decode(_read_path(path), str(path), limit)
    while True:
        with _LOCK:
            hit = _DECODED.get(key)
            if hit is not None:
                _DECODED.move_to_end(key)
                break
            pending, owner = _PENDING.get(key, (None, None))
            # This thread decodes; others loading the same file wait for it. An entry a
            # forked child inherited from its parent's threads is nobody's: take it over.
            if pending is None or owner != os.getpid():
                _PENDING[key] = (threading.Event(), os.getpid())
                break
        pending.wait()
    if hit is not None:
        _check_size(hit[0].shape[1], hit[0].shape[0], str(path), limit)
        return hit[0]
    try:
        return _decode_and_keep(path, key, limit)
    finally:
        with _LOCK:
            _PENDING.pop(key)[0].set()


def _decode_and_keep(path: Path, key: tuple[Any, ...], limit: int) -> np.ndarray:
    rgb = _decode(_read_path(path), str(path), limit)
    if rgb.nbytes > DECODED_CACHE_BYTES // 4:
        return rgb
    rgb.flags.writeable = False
    with _LOCK:
        _DECODED[key] = (rgb, rgb.nbytes)
        total = sum(n for _, n in _DECODED.values())
        while total > DECODED_CACHE_BYTES and len(_DECODED) > 1:
            _, (old, n) = _DECODED.popitem(last=False)
            _SHA.pop(id(old), None)
            total -= n
    return rgb


def clear_decoded_cache() -> None:
    """Forget every decoded file (the next load decodes again)."""
    with _LOCK:
        _DECODED.clear()
        _SHA.clear()


def _pixel_limit(max_pixels: int | None) -> int:
    if max_pixels is not None:
        return int(max_pixels)
    env = os.environ.get("SPATIOXOLVER_MAX_PIXELS")
    if env:
        try:
            return int(env)
        except ValueError:
            raise InputError(f"SPATIOXOLVER_MAX_PIXELS={env!r} is not an integer") from None
    return DEFAULT_MAX_PIXELS


def _read_path(path: Path) -> bytes:
    if not path.exists():
        raise InputError(f"image not found: {path} (check the path)")
    if path.is_dir():
        raise InputError(f"image path is a directory, not a file: {path}")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read image {path}: {exc.strerror or exc}") from None
    if not data:
        raise InputError(f"image file is empty (0 bytes): {path}")
    return data


def _decode(data: bytes, where: str, limit: int) -> np.ndarray:
    from PIL import Image, UnidentifiedImageError

    if not data:
        raise InputError(f"image data is empty (0 bytes): {where}")
    import warnings

    pil_limit = Image.MAX_IMAGE_PIXELS
    try:
        # Our limit replaces Pillow's decompression-bomb guard (its warning and its error at
        # twice its own default), so that max_pixels / SPATIOXOLVER_MAX_PIXELS decide.
        Image.MAX_IMAGE_PIXELS = limit
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            # Opening reads only the header: size is known before any pixel is decoded.
            with Image.open(io.BytesIO(data)) as img:
                _check_size(img.size[0], img.size[1], where, limit)
                img.load()
                # A phone stores its photo sideways plus an EXIF orientation tag: apply it, so
                # left / right / above mean what the viewer sees.
                from PIL import ImageOps

                return _from_pil(ImageOps.exif_transpose(img), where, limit)
    except InputError:
        raise
    except UnidentifiedImageError:
        raise InputError(f"not an image file (unrecognised format): {where}") from None
    except Image.DecompressionBombError:
        raise InputError(
            f"image {where} has more than twice the limit of {limit:,} pixels; downscale it or raise "
            "max_pixels / SPATIOXOLVER_MAX_PIXELS"
        ) from None
    except (OSError, SyntaxError, ValueError) as exc:
        raise InputError(f"image is truncated or corrupt: {where} ({exc})") from None
    finally:
        Image.MAX_IMAGE_PIXELS = pil_limit


def _check_size(width: int, height: int, where: str, limit: int) -> None:
    if width * height > limit:
        raise InputError(
            f"image {where} has {width}x{height} = {width * height:,} pixels, over the limit of "
            f"{limit:,}; downscale it or raise max_pixels / SPATIOXOLVER_MAX_PIXELS"
        )
    if width == 0 or height == 0:
        raise InputError(f"image {where} has zero size ({width}x{height})")


def _is_pil(obj: Any) -> bool:
    module = type(obj).__module__ or ""
    return module.startswith("PIL.")


def _from_pil(img: Any, where: str, limit: int) -> np.ndarray:
    _check_size(img.size[0], img.size[1], where, limit)
    mode = img.mode
    if mode in ("I;16", "I;16B", "I;16L", "I", "F"):
        return _from_array(np.asarray(img), where, limit)
    if mode == "P":
        img = img.convert("RGBA")
        mode = "RGBA"
    if mode in ("RGBA", "LA", "PA"):
        return _from_array(np.asarray(img.convert("RGBA")), where, limit)
    if mode != "RGB":
        img = img.convert("RGB")
    return np.ascontiguousarray(np.asarray(img, dtype=np.uint8))


def _to_uint8(arr: np.ndarray, where: str) -> np.ndarray:
    if arr.dtype == np.uint8:
        return arr
    if arr.dtype == bool:
        return arr.astype(np.uint8) * 255
    if np.issubdtype(arr.dtype, np.floating):
        if not np.isfinite(arr).all():
            raise InputError(f"image {where} contains NaN or infinite values")
        scale = 255.0 if arr.max(initial=0.0) <= 1.0 else 1.0
        return np.clip(np.rint(arr * scale), 0, 255).astype(np.uint8)
    if np.issubdtype(arr.dtype, np.integer):
        top = 65535 if arr.max(initial=0) > 255 or arr.dtype.itemsize >= 2 else 255
        if top == 65535 and arr.max(initial=0) <= 255 and arr.dtype.itemsize >= 2:
            # A 16-bit container holding 8-bit values: keep them as they are.
            top = 255
        return np.clip(np.rint(arr.astype(np.float64) * (255.0 / top)), 0, 255).astype(np.uint8)
    raise InputError(f"image {where} has unsupported dtype {arr.dtype}")


def _matte(rgba: np.ndarray) -> float:
    """The grey level transparent pixels are composited on: white, unless a quarter of the
    opaque pixels are near white (a white icon on a transparent ground would vanish), then
    black, or mid grey when a quarter are also near black."""
    opaque = rgba[:, :, 3] >= 250
    if not opaque.any() or opaque.all():
        return 255.0
    px = rgba[:, :, :3][opaque]
    white = float((px.min(axis=1) > 225).mean())
    black = float((px.max(axis=1) < 30).mean())
    if white < 0.25:
        return 255.0
    return 128.0 if black >= 0.25 else 0.0


def _from_array(arr: np.ndarray, where: str, limit: int) -> np.ndarray:
    if arr.ndim == 3 and arr.shape[2] == 1:
        arr = arr[:, :, 0]
    if arr.ndim not in (2, 3) or (arr.ndim == 3 and arr.shape[2] not in (3, 4)):
        raise InputError(f"image {where} has unsupported shape {arr.shape}; expected HxW, HxWx3 or HxWx4")
    _check_size(arr.shape[1], arr.shape[0], where, limit)
    arr = _to_uint8(arr, where)
    if arr.ndim == 2:
        return np.repeat(arr[:, :, None], 3, axis=2)
    if arr.shape[2] == 4:
        rgb = arr[:, :, :3].astype(np.float32)
        alpha = arr[:, :, 3:4].astype(np.float32) / 255.0
        composited = rgb * alpha + _matte(arr) * (1.0 - alpha)
        return np.clip(np.rint(composited), 0, 255).astype(np.uint8)
    return np.ascontiguousarray(arr)
