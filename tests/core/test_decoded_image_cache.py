"""Many questions about one image file decode it once: the decoded array is shared, read-only,
and a file that changes on disk is decoded again."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from spatioxolver.errors import InputError
from spatioxolver.images import clear_decoded_cache, image_sha256, load_image


def _write(path: Path, colour: tuple[int, int, int], size: tuple[int, int] = (40, 30)) -> np.ndarray:
    img = np.zeros((size[1], size[0], 3), np.uint8)
    img[5:20, 5:25] = colour
    Image.fromarray(img).save(path)
    return img


def test_second_load_is_the_same_pixels_without_decoding_again(tmp_path: Path) -> None:
    clear_decoded_cache()
    path = tmp_path / "a.png"
    pixels = _write(path, (200, 30, 30))
    first, second = load_image(path), load_image(str(path))
    assert np.array_equal(first, pixels) and second is first
    assert image_sha256(second) == image_sha256(np.array(pixels))  # the memo is the real hash


def test_shared_array_refuses_in_place_writes(tmp_path: Path) -> None:
    clear_decoded_cache()
    path = tmp_path / "a.png"
    _write(path, (10, 200, 10))
    rgb = load_image(path)
    with pytest.raises(ValueError):
        rgb[0, 0] = 255
    mine = rgb.copy()  # a caller that changes pixels works on its own copy
    mine[0, 0] = 255
    assert load_image(path)[0, 0].tolist() == [0, 0, 0]


def test_a_rewritten_or_replaced_file_is_decoded_again(tmp_path: Path) -> None:
    clear_decoded_cache()
    path = tmp_path / "a.png"
    _write(path, (200, 30, 30))
    before = load_image(path)
    _write(path, (30, 30, 200))  # same size on disk is possible: the mtime (ns) differs
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    after = load_image(path)
    assert after[10, 10].tolist() == [30, 30, 200] and before[10, 10].tolist() == [200, 30, 30]
    other = tmp_path / "b.png"
    _write(other, (0, 255, 0))
    os.replace(other, path)  # atomically replaced: a new inode
    assert load_image(path)[10, 10].tolist() == [0, 255, 0]


def test_pixel_limit_and_missing_files_still_checked_on_a_hit(tmp_path: Path) -> None:
    clear_decoded_cache()
    path = tmp_path / "a.png"
    _write(path, (1, 2, 3))
    load_image(path)
    with pytest.raises(InputError, match="over the limit"):
        load_image(path, max_pixels=100)
    path.unlink()
    with pytest.raises(InputError, match="not found"):
        load_image(path)
