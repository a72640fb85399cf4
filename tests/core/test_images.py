"""The one image loader: every accepted form, every rejected form, one clear line each."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from spatioxolver.errors import InputError
from spatioxolver.images import image_sha256, load_image


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _png_bytes(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def test_rgb_path_bytes_array_and_pil_agree(tmp_path: Path) -> None:
    arr = np.random.default_rng(0).integers(0, 256, (5, 7, 3), dtype=np.uint8)
    img = Image.fromarray(arr)
    path = tmp_path / "a.png"
    img.save(path)
    for source in (path, str(path), _png_bytes(img), arr, img):
        out = load_image(source)
        assert out.dtype == np.uint8 and out.shape == (5, 7, 3)
        assert (out == arr).all()


def test_grayscale_palette_rgba_and_16bit_are_converted() -> None:
    gray = Image.fromarray(np.full((3, 4), 100, np.uint8), mode="L")
    assert (load_image(_png_bytes(gray)) == 100).all()

    rgba = np.zeros((2, 2, 4), np.uint8)
    rgba[..., 0] = 255
    rgba[0, 0, 3] = 255  # opaque red; the rest transparent -> white
    out = load_image(_png_bytes(Image.fromarray(rgba, mode="RGBA")))
    assert tuple(out[0, 0]) == (255, 0, 0)
    assert tuple(out[1, 1]) == (255, 255, 255)

    pal = Image.fromarray(np.full((2, 2, 3), (0, 0, 200), np.uint8)).convert(
        "P", palette=Image.Palette.ADAPTIVE
    )
    assert tuple(load_image(_png_bytes(pal))[0, 0]) == (0, 0, 200)

    sixteen = np.full((2, 3), 65535, np.uint16)
    out16 = load_image(_png_bytes(Image.fromarray(sixteen)))
    assert out16.shape == (2, 3, 3) and (out16 == 255).all()
    assert (load_image(np.full((2, 2), 32768, np.uint16)) == 128).all()
    assert (load_image(np.full((2, 2, 1), 0.5, np.float32)) == 128).all()


@pytest.mark.parametrize(
    "make, fragment",
    [
        (lambda p: p / "missing.png", "not found"),
        (lambda p: p, "directory"),
        (lambda p: _write(p / "empty.png", b""), "empty"),
        (lambda p: _write(p / "text.png", b"hello, not an image"), "not an image"),
    ],
)
def test_bad_paths_raise_one_line_input_error(tmp_path: Path, make, fragment: str) -> None:
    with pytest.raises(InputError) as info:
        load_image(make(tmp_path))
    message = str(info.value)
    assert fragment in message and "\n" not in message


def test_truncated_file(tmp_path: Path) -> None:
    data = _png_bytes(Image.fromarray(np.zeros((64, 64, 3), np.uint8) + 7))
    path = tmp_path / "cut.png"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(InputError, match="truncated or corrupt"):
        load_image(path)


def test_pixel_limit_checked_before_decoding(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _png_bytes(Image.fromarray(np.zeros((100, 100, 3), np.uint8)))
    with pytest.raises(InputError, match="over the limit"):
        load_image(data, max_pixels=9_999)
    monkeypatch.setenv("SPATIOXOLVER_MAX_PIXELS", "50")
    with pytest.raises(InputError, match="over the limit"):
        load_image(np.zeros((10, 10, 3), np.uint8))
    assert load_image(data, max_pixels=10_000).shape == (100, 100, 3)


def test_bad_arrays_and_types() -> None:
    with pytest.raises(InputError, match="shape"):
        load_image(np.zeros((2, 2, 5), np.uint8))
    with pytest.raises(InputError, match="NaN"):
        load_image(np.full((2, 2), np.nan))
    with pytest.raises(InputError, match="cannot load"):
        load_image(12345)


def test_content_hash_changes_with_pixels() -> None:
    a = np.zeros((2, 2, 3), np.uint8)
    b = a.copy()
    b[0, 0, 0] = 1
    assert image_sha256(a) != image_sha256(b)
    assert image_sha256(a) == image_sha256(a.copy())


def test_exif_orientation_is_applied_at_load(tmp_path) -> None:
    """A phone photo stored sideways with orientation 6 (rotate 90 degrees clockwise)."""
    from PIL import Image

    from spatioxolver.images import load_image

    stored = np.zeros((20, 40, 3), np.uint8)
    stored[:, :10] = (255, 0, 0)  # red on the stored image's left
    img = Image.fromarray(stored)
    exif = img.getexif()
    exif[0x0112] = 6
    path = tmp_path / "phone.jpg"
    img.save(path, exif=exif, quality=95)
    shown = load_image(path)
    assert shown.shape[:2] == (40, 20)
    assert shown[:10, :, 0].mean() > 200 and shown[-10:, :, 0].mean() < 60  # red now on top
    with Image.open(path) as opened:
        assert load_image(opened).shape[:2] == (40, 20)


@pytest.mark.parametrize(("width", "height"), [(9000, 8000), (10000, 10000), (14000, 14000)])
def test_an_oversized_image_says_so_and_how_to_fix_it(width, height, recwarn) -> None:
    buf = io.BytesIO()
    Image.new("1", (width, height)).save(buf, "PNG")  # a 1-bit PNG: big in pixels, small in bytes
    with pytest.raises(InputError) as info:
        load_image(buf.getvalue())
    message = str(info.value)
    assert "corrupt" not in message and "SPATIOXOLVER_MAX_PIXELS" in message
    assert not [w for w in recwarn if "DecompressionBomb" in type(w.message).__name__]


def test_the_pixel_limit_can_be_raised_past_pillows_own(monkeypatch) -> None:
    buf = io.BytesIO()
    Image.new("1", (13000, 14000)).save(buf, "PNG")  # 182 MP: past Pillow's 179 MP error
    monkeypatch.setenv("SPATIOXOLVER_MAX_PIXELS", str(200_000_000))
    pillows = Image.MAX_IMAGE_PIXELS
    assert load_image(buf.getvalue()).shape == (14000, 13000, 3)
    assert Image.MAX_IMAGE_PIXELS == pillows  # Pillow's own setting is restored


def test_a_url_is_refused_with_how_to_fix_it() -> None:
    with pytest.raises(InputError, match="https://example.com/a.png is a URL.*download"):
        load_image("https://example.com/a.png")


def test_a_white_icon_on_a_transparent_ground_stays_visible() -> None:
    """Composited on white, a white shape on a transparent ground would vanish."""
    from spatioxolver import ask

    rgba = np.zeros((120, 200, 4), np.uint8)
    rgba[40:80, 30:70] = (255, 255, 255, 255)  # white square
    rgba[40:80, 120:160] = (250, 250, 250, 255)  # another white square
    rgb = load_image(rgba)
    assert rgb[60, 50].tolist() == [255, 255, 255] and rgb[5, 5].tolist() == [0, 0, 0]
    assert ask(rgba, "How many squares are there?").value == 2
    coloured = np.zeros((60, 60, 4), np.uint8)
    coloured[20:40, 20:40] = (200, 30, 30, 255)
    assert load_image(coloured)[0, 0].tolist() == [255, 255, 255]  # the usual white matte
