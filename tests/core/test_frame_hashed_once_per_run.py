"""A run hashes each frame once: the perception cache key and the image record share the hash.

Hashing is the largest fixed cost of a big in-memory image (about 0.1 s per 12 MP), so a
second hash of the same frame in one run is measurable time on every question.
"""

from __future__ import annotations

import numpy as np

import spatioxolver
import spatioxolver.images as images
from spatioxolver.context import RunContext


def _picture() -> np.ndarray:
    rgb = np.full((120, 160, 3), 235, np.uint8)
    rgb[20:60, 20:60] = (200, 40, 40)
    rgb[70:110, 100:140] = (40, 60, 200)
    return rgb


def test_one_question_on_an_array_hashes_it_once(monkeypatch):
    from spatioxolver.graphs._cache import cache_clear

    calls: list[tuple[int, ...]] = []
    real = images.image_sha256

    def counting(rgb):
        calls.append(tuple(rgb.shape))
        return real(rgb)

    monkeypatch.setattr(images, "image_sha256", counting)
    cache_clear()
    answer = spatioxolver.ask(_picture(), "How many objects are there?")
    assert answer.value == 2
    assert calls == [(120, 160, 3)]


def test_the_run_hash_is_the_content_hash_and_tells_frames_apart():
    a, b = _picture(), _picture()
    b[0, 0] = (0, 0, 0)
    ctx = RunContext(client=None, model="geometric", frames=[a, b])
    assert ctx.frame_sha256(a) == images.image_sha256(a.copy())
    assert ctx.frame_sha256(b) != ctx.frame_sha256(a)
    assert ctx.frame_sha256(ctx.clean_frames[1]) == ctx.frame_sha256(b)


def test_a_photo_read_coarsely_is_reduced_once_per_size(monkeypatch):
    """A textured photo is read at a coarser size after the first look; the image record then
    asks for the first size again, which must come from the recent reductions, not a new resize."""
    import cv2
    from spatioxolver.graphs._cache import cache_clear

    rng = np.random.default_rng(5)
    noise = cv2.GaussianBlur(rng.normal(128, 60, (1200, 1600, 3)), (0, 0), 3)
    photo = np.clip(noise + np.linspace(-40, 40, 1600)[None, :, None], 0, 255).astype(np.uint8)
    sizes: list[tuple[int, int]] = []
    real = cv2.resize

    def counting(src, dsize, *args, **kwargs):
        if src.shape[:2] == photo.shape[:2]:
            sizes.append(tuple(dsize) if dsize is not None else (-1, -1))
        return real(src, dsize, *args, **kwargs)

    monkeypatch.setattr(cv2, "resize", counting)
    cache_clear()
    spatioxolver.ask(photo, "How many objects are there?")
    assert len(sizes) >= 2  # the working size and the coarse one
    assert len(sizes) == len(set(sizes)), sizes
