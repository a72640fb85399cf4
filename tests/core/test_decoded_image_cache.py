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


def test_threads_loading_one_file_at_once_decode_it_once(tmp_path: Path, monkeypatch) -> None:
    import threading
    import time

    import spatioxolver.images as images

    clear_decoded_cache()
    path = tmp_path / "a.png"
    _write(path, (200, 30, 30), size=(300, 200))
    decodes: list[int] = []
    real = images._decode

    def slow_decode(data, where, limit):
        decodes.append(1)
        time.sleep(0.2)  # long enough for every other thread to arrive while it runs
        return real(data, where, limit)

    monkeypatch.setattr(images, "_decode", slow_decode)
    results: list[np.ndarray] = []
    threads = [threading.Thread(target=lambda: results.append(load_image(path))) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(decodes) == 1 and len(results) == 4 and all(r is results[0] for r in results)


def test_a_failed_decode_lets_the_waiting_loads_report_the_error_themselves(tmp_path: Path) -> None:
    import threading

    clear_decoded_cache()
    path = tmp_path / "broken.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"not really" * 50)
    errors: list[str] = []

    def load() -> None:
        try:
            load_image(path)
        except InputError as exc:
            errors.append(str(exc))

    threads = [threading.Thread(target=load) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert len(errors) == 3 and all("broken.png" in e for e in errors)


def test_a_decode_in_progress_inherited_from_a_parent_process_is_taken_over(tmp_path: Path) -> None:
    import threading

    import spatioxolver.images as images

    clear_decoded_cache()
    path = tmp_path / "a.png"
    pixels = _write(path, (20, 200, 30))
    st = path.stat()
    key = (str(path), st.st_ino, st.st_size, st.st_mtime_ns)
    # what a forked worker sees when its parent's thread was decoding at the fork: that
    # thread does not exist here, so its event is never set
    images._PENDING[key] = (threading.Event(), os.getpid() + 1)
    try:
        assert np.array_equal(load_image(path), pixels)
    finally:
        images._PENDING.pop(key, None)
