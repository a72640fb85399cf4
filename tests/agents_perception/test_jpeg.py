"""Compressed input: JPEG halos and shadow bleed must not become objects (QA2 #3).

Before the fix the shipped example re-saved as JPEG q80 gave 12 objects (a grey "ring"
around each object, shadow blocks as objects) and a photo-like image with four shapes
gave 8 at q70.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import numpy as np
import pytest
from spatioxolver.agents.attributes import describe
from spatioxolver.agents.segmentation import segment

from spatioxolver.images import load_image
from spatioxolver.rle import decode_mask

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tabletop.png"


def _jpeg(rgb: np.ndarray, quality: int) -> np.ndarray:
    import cv2

    ok, buf = cv2.imencode(".jpg", np.ascontiguousarray(rgb[..., ::-1]), [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return np.ascontiguousarray(cv2.imdecode(buf, cv2.IMREAD_COLOR)[..., ::-1])


def _photo(seed: int = 0) -> np.ndarray:
    """540x360: gradient background with noise; red disc, blue square, green triangle, yellow ellipse."""
    import cv2

    rng = np.random.default_rng(seed)
    h, w = 360, 540
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    img = np.stack([150 + 40 * xx / w, 145 + 30 * yy / h, 135 + 20 * (xx + yy) / (w + h)], axis=-1)
    cv2.circle(img, (100, 180), 45, (220, 40, 40), -1)
    cv2.rectangle(img, (200, 120), (290, 210), (40, 70, 200), -1)
    cv2.fillPoly(img, [np.array([[360, 250], [450, 250], [405, 160]])], (40, 170, 60))
    cv2.ellipse(img, (470, 90), (40, 25), 0, 0, 360, (230, 210, 40), -1)
    img += rng.normal(0, 6, img.shape)
    return np.clip(img, 0, 255).astype(np.uint8)


def _best_iou(mask: np.ndarray, refs: list[np.ndarray]) -> tuple[int, float]:
    ious = [float((mask & r).sum() / max((mask | r).sum(), 1)) for r in refs]
    k = int(np.argmax(ious))
    return k, ious[k]


@pytest.fixture(scope="module")
def example_png() -> tuple[np.ndarray, list]:
    rgb = load_image(EXAMPLE)
    return rgb, describe(rgb, segment(rgb))


@pytest.mark.parametrize("quality", [95, 80, 70])
def test_example_as_jpeg_keeps_its_five_objects(example_png, quality: int) -> None:
    rgb, ref = example_png
    assert len(ref) == 5
    ref_masks = [decode_mask(o.mask) for o in ref]
    objects = describe(_jpeg(rgb, quality), segment(_jpeg(rgb, quality)))
    assert len(objects) == 5
    seen = set()
    same_shape = 0
    for o in objects:
        k, iou = _best_iou(decode_mask(o.mask), ref_masks)
        seen.add(k)
        assert iou >= 0.85, (quality, o.id, iou)
        assert o.attributes.color == ref[k].attributes.color
        same_shape += o.attributes.shape == ref[k].attributes.shape
    assert seen == set(range(5))
    # The shape classifier is borderline on this cube (confidence ~0.5-0.65 on good masks),
    # so one flip is tolerated; the masks themselves are checked above.
    assert same_shape >= 4, quality


@pytest.mark.parametrize(("quality", "seed"), [(70, 0), (70, 1), (85, 2), (95, 3)])
def test_photo_like_jpeg_has_the_right_count(quality: int, seed: int) -> None:
    clean = _photo(seed)
    assert len(segment(clean)) == 4
    objects = describe(_jpeg(clean, quality), segment(_jpeg(clean, quality)))
    assert len(objects) == 4
    assert sorted(o.attributes.color for o in objects) == ["blue", "green", "red", "yellow"]
    leftmost = min(objects, key=lambda o: o.bbox[0])
    assert leftmost.attributes.color == "red"
    # no object box nests inside another (the old halo rings enclosed their objects)
    for a in objects:
        for b in objects:
            if a is not b:
                inside = (
                    a.bbox[0] >= b.bbox[0]
                    and a.bbox[1] >= b.bbox[1]
                    and a.bbox[2] <= b.bbox[2]
                    and a.bbox[3] <= b.bbox[3]
                )
                assert not inside, (a.bbox, b.bbox)


def test_artefacts_doctest_and_rules() -> None:
    from spatioxolver.agents._vision import artefacts

    assert doctest.testmod(artefacts).failed == 0
    # a thin band of an unrelated colour (not a blend of object and background) stays
    obj = np.zeros((20, 20), bool)
    obj[5:15, 5:15] = True
    ring = np.zeros((20, 20), bool)
    ring[3:17, 3:17] = True
    ring &= ~obj
    lab = np.zeros((20, 20, 3), np.float32)
    lab[..., 0] = 60
    lab[obj] = (40, 60, 40)
    lab[ring] = (50, -40, -30)
    bg = np.concatenate(
        [np.full((20, 20, 3), (60, 0, 0), np.float32), np.full((20, 20, 3), 150, np.float32)], axis=2
    )
    rgb = np.full((20, 20, 3), 150, np.uint8)
    assert len(artefacts.clean_parts([obj, ring], rgb, lab, bg, None)) == 2
