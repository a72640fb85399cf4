"""Attributes from pixels: colour, shape, size, material, orientation and depth cues."""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents._vision.material import classify_material, material_features
from spatioxolver.agents._vision.shape import classify_shape, orientation_degrees, silhouette_features
from spatioxolver.agents.attributes import depth_cues, describe
from spatioxolver.agents.segmentation import segment

from spatioxolver.errors import ConfigError
from spatioxolver.rle import decode_mask
from spatioxolver.schema import SpatialObject

#: The renderer's world: these tests read our own renders (issue 13: no prior unless given).
CLEVR = {"world_prior": "clevr"}


def _matched(view, objects):
    """(gold object, predicted object) pairs with mask IoU >= 0.5."""
    out = []
    for k, gt in enumerate(view.scene["objects"]):
        g = view.instance_mask == k + 1
        for o in objects:
            m = decode_mask(o.mask)
            if (g & m).sum() / max((g | m).sum(), 1) >= 0.5:
                out.append((gt, o))
    return out


@pytest.mark.parametrize("seed", [31, 32, 33, 34])
def test_attributes_on_renders(render, seed: int) -> None:
    view = render(seed, 7)
    objs = describe(view.rgb, segment(view.rgb), options=CLEVR)
    pairs = _matched(view, objs)
    assert len(pairs) >= 6
    for attr, need in (("color", 1.0), ("shape", 0.8), ("size", 0.85), ("material", 0.8)):
        acc = np.mean([getattr(o.attributes, attr) == gt[attr] for gt, o in pairs])
        assert acc >= need, (attr, acc)
    for _, o in pairs:
        ex = o.attributes.extras
        assert 0 <= ex["color_confidence"] <= 1 and 0 <= ex["shape_confidence"] <= 1
        assert ex["depth_source"] == "contact"
        assert 0 <= o.orientation < 180


def test_depth_cue_orders_objects_by_camera_distance(render) -> None:
    view = render(35, 8)
    pairs = _matched(view, describe(view.rgb, segment(view.rgb), options=CLEVR))
    good = total = 0
    for i in range(len(pairs)):
        for j in range(i + 1, len(pairs)):
            (ga, oa), (gb, ob) = pairs[i], pairs[j]
            total += 1
            good += (oa.depth < ob.depth) == (ga["pixel_coords"][2] < gb["pixel_coords"][2])
    assert good / total >= 0.9


def test_depth_map_option_wins(render) -> None:
    view = render(36, 5)
    objs = describe(view.rgb, segment(view.rgb), options={"depth": view.depth})
    pairs = _matched(view, objs)
    assert all(o.attributes.extras["depth_source"] == "map" for _, o in pairs)
    for gt, o in pairs:
        # The median visible-surface depth sits within an object radius of the centre's z.
        assert abs(o.depth - gt["pixel_coords"][2]) < 1.0


def test_depth_cues_size_mode_and_missing_positions() -> None:
    objs = [SpatialObject(id="a", area=400.0), SpatialObject(id="b", area=100.0), SpatialObject(id="c")]
    values, cue = depth_cues(objs, (100, 100), {"depth_cue": "size"})
    assert cue == "size" and values[0] < values[1]
    # With the renderer's prior an unseen ground still means contact; without one (a user's
    # image) vertical position is used only where a ground plane was seen: image area.
    values, cue = depth_cues(objs, (100, 100), CLEVR)
    assert cue == "contact" and values == [None, None, None]
    values, cue = depth_cues(objs, (100, 100))
    assert cue == "size" and values[0] < values[1]


def test_drawn_colours_and_common_palette(drawn) -> None:
    img = drawn(
        [("disc", (50, 60), 18, (240, 130, 20)), ("square", (150, 60), 16, (40, 150, 50))], shadow=False
    )
    objs = describe(img, segment(img), options={"palette": "common"})
    assert sorted(o.attributes.color for o in objs) == ["green", "orange"]


def test_unknown_backend() -> None:
    with pytest.raises(ConfigError, match="attributes backend"):
        describe(np.zeros((10, 10, 3), np.uint8), [], backend="oracle")


def test_objects_without_masks_pass_through() -> None:
    obj = SpatialObject(id="o1")
    assert describe(np.zeros((10, 10, 3), np.uint8), [obj])[0].id == "o1"


def _disc(r: int = 20) -> np.ndarray:
    import cv2

    m = np.zeros((64, 64), np.uint8)
    cv2.circle(m, (32, 32), r, 1, -1)
    return m.astype(bool)


def test_shape_classifier_basics() -> None:
    assert classify_shape(silhouette_features(_disc()))[0] == "sphere"
    assert classify_shape({"area": 1.0}) == ("unknown", 0.0, {})
    shape, conf, probs = classify_shape(silhouette_features(_disc()))
    assert sum(probs.values()) == pytest.approx(1.0, abs=1e-3) and conf == pytest.approx(
        max(probs.values()), abs=1e-3
    )


def test_orientation_of_a_tilted_bar() -> None:
    import cv2

    m = np.zeros((80, 80), np.uint8)
    box = cv2.boxPoints(((40, 40), (50, 8), 30.0)).astype(np.int32)
    cv2.fillPoly(m, [box], 1)
    assert orientation_degrees(m.astype(bool)) == pytest.approx(30.0, abs=3.0)


@pytest.mark.parametrize(
    ("pixels", "expected_saturation", "material"),
    [
        (np.tile([[173, 35, 35]], (50, 1)), 0.8, "rubber"),  # constant saturation: matte
        (np.tile([[173, 80, 80]], (50, 1)), 0.8, "metal"),  # washed out by reflections
        (np.tile([[25, 25, 25]], (50, 1)), 0.0, "rubber"),  # dark grey, no lift
        (np.tile([[80, 80, 80]], (50, 1)), 0.0, "metal"),  # grey lifted by reflections
    ],
)
def test_material_rules(pixels, expected_saturation, material) -> None:
    got, conf = classify_material(material_features(pixels.astype(np.uint8)), expected_saturation)
    assert got == material and 0.5 <= conf <= 1.0


def test_material_needs_pixels() -> None:
    assert classify_material(material_features(np.zeros((3, 3), np.uint8))) == ("unknown", 0.0)
