"""Masks handled as crops (large images): the same RLE, samples and objects as the full-frame path."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from spatioxolver.rle import decode_mask, encode_crop, encode_mask, sample_mask


def _frame_and_crop(data: st.DataObject) -> tuple[np.ndarray, np.ndarray, int, int]:
    h, w = data.draw(st.integers(1, 14)), data.draw(st.integers(1, 14))
    y0, x0 = data.draw(st.integers(0, h - 1)), data.draw(st.integers(0, w - 1))
    ch, cw = data.draw(st.integers(1, h - y0)), data.draw(st.integers(1, w - x0))
    bits = data.draw(st.lists(st.booleans(), min_size=ch * cw, max_size=ch * cw))
    crop = np.array(bits, bool).reshape(ch, cw)
    full = np.zeros((h, w), bool)
    full[y0 : y0 + ch, x0 : x0 + cw] = crop
    return full, crop, y0, x0


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_crop_encodes_to_the_same_rle_as_its_full_mask(data: st.DataObject) -> None:
    full, crop, y0, x0 = _frame_and_crop(data)
    rle = encode_crop(crop, y0, x0, full.shape)
    assert rle == encode_mask(full)
    assert (decode_mask(rle) == full).all()


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_sampling_an_rle_reads_the_same_pixels_as_decoding_it(data: st.DataObject) -> None:
    full, _, _, _ = _frame_and_crop(data)
    h, w = full.shape
    ys = np.array(data.draw(st.lists(st.integers(0, h - 1), min_size=1, max_size=6)))
    xs = np.array(data.draw(st.lists(st.integers(0, w - 1), min_size=1, max_size=6)))
    assert (sample_mask(encode_mask(full), ys, xs) == full[np.ix_(ys, xs)]).all()


def test_an_object_from_a_crop_equals_the_object_from_its_full_mask() -> None:
    from spatioxolver.agents._vision.objects import object_from_crop, object_from_mask

    rng = np.random.default_rng(3)
    for _ in range(20):
        h, w = rng.integers(5, 40, size=2)
        full = np.zeros((h, w), bool)
        y0, x0 = rng.integers(0, h - 2), rng.integers(0, w - 2)
        y1, x1 = rng.integers(y0 + 1, h + 1), rng.integers(x0 + 1, w + 1)
        full[y0:y1, x0:x1] = rng.random((y1 - y0, x1 - x0)) < 0.6
        if not full.any():
            continue
        ys, xs = np.nonzero(full)
        crop = full[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
        a = object_from_mask(full, confidence=0.7, source="t")
        b = object_from_crop(crop, int(ys.min()), int(xs.min()), (int(h), int(w)), confidence=0.7, source="t")
        assert a.mask == b.mask and a.bbox == b.bbox and a.area == b.area
        assert np.allclose(a.centroid, b.centroid)
        assert np.allclose(a.attributes.extras["contact"], b.attributes.extras["contact"])
