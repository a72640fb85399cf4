"""render_random_scene: contract, determinism, overlays, CLEVR relationships."""

from __future__ import annotations

import numpy as np
import pytest

from spatioxolver.errors import InputError
from spatioxolver.scenes import RELATION_EPS, apply_overlay, relationships, render_random_scene
from spatioxolver.scenes._common import camera_points
from spatioxolver.scenes._render import min_visible_pixels


@pytest.fixture(scope="module")
def views():
    return {
        "tabletop": render_random_scene(3, n_objects=8, width=240, height=160, overlay="tags"),
        "volume": render_random_scene(
            4, layout="volume", n_objects=8, width=240, height=160, overlay="boxes"
        ),
    }


@pytest.mark.parametrize("layout", ["tabletop", "volume"])
def test_contract_fields(views, layout) -> None:
    v = views[layout]
    assert v.rgb.shape == (160, 240, 3) and v.rgb.dtype == np.uint8
    assert v.instance_mask.shape == (160, 240) and v.depth.dtype == np.float32
    cam = v.scene["camera"]
    assert np.asarray(cam["world_to_camera"]).shape == (4, 4) and np.asarray(cam["K"]).shape == (3, 3)
    assert (cam["width"], cam["height"]) == (240, 160)
    objs = v.scene["objects"]
    assert len(objs) == 8
    for o in objs:
        assert set(o) >= {
            "shape",
            "size",
            "material",
            "color",
            "3d_coords",
            "rotation",
            "pixel_coords",
            "label",
        }
    labels = [o["label"] for o in objs]
    assert sorted(labels, key=int) == [str(i) for i in range(1, 9)]


@pytest.mark.parametrize("layout", ["tabletop", "volume"])
def test_pixel_coords_agree_with_camera_and_every_object_is_visible_enough(views, layout) -> None:
    v = views[layout]
    uv, z = camera_points(v.scene)
    pix = np.array([o["pixel_coords"] for o in v.scene["objects"]])
    assert np.allclose(pix[:, :2], uv, atol=1e-3) and np.allclose(pix[:, 2], z, atol=1e-3)
    need = min_visible_pixels(240, 160)
    counts = np.bincount(v.instance_mask.ravel(), minlength=9)[1:]
    assert counts.min() >= need
    for k, o in enumerate(v.scene["objects"], start=1):
        x, y = o["label_anchor"]
        assert v.instance_mask[int(y), int(x)] == k  # the drawn label sits on its object


def test_relationships_follow_clevr_rule(views) -> None:
    scene = views["tabletop"].scene
    coords = np.array([o["3d_coords"] for o in scene["objects"]])
    assert scene["relationships"] == relationships(coords, scene["directions"])
    for name in ("left", "right", "front", "behind"):
        d = np.array(scene["directions"][name])
        for i, js in enumerate(scene["relationships"][name]):
            for j in range(len(coords)):
                inside = (coords[j] - coords[i]) @ d > RELATION_EPS
                assert (j in js) == bool(inside and j != i)
    assert np.allclose(scene["directions"]["left"], -np.array(scene["directions"]["right"]))


def test_same_seed_same_pixels_and_json() -> None:
    a = render_random_scene(11, n_objects=5, width=120, height=80, overlay="letters")
    b = render_random_scene(11, n_objects=5, width=120, height=80, overlay="letters")
    c = render_random_scene(12, n_objects=5, width=120, height=80, overlay="letters")
    assert np.array_equal(a.rgb, b.rgb) and np.array_equal(a.instance_mask, b.instance_mask)
    assert a.scene == b.scene
    assert not np.array_equal(a.rgb, c.rgb)


def test_letters_follow_raster_order() -> None:
    v = render_random_scene(5, n_objects=6, width=160, height=120, overlay="letters")
    anchored = sorted(
        (o for o in v.scene["objects"] if o["label"]),
        key=lambda o: (o["label_anchor"][1], o["label_anchor"][0]),
    )
    assert [o["label"] for o in anchored] == list("ABCDEF")[: len(anchored)]
    clean = apply_overlay(v, None)
    assert all(o["label"] is None for o in clean.scene["objects"])
    assert np.array_equal(clean.rgb, v.clean_rgb) and not np.array_equal(v.rgb, v.clean_rgb)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"n_objects": 27, "overlay": "letters"},
        {"n_objects": 0},
        {"layout": "floating"},
        {"overlay": "stickers"},
        {"width": 8},
    ],
)
def test_bad_arguments_raise_input_error(kwargs) -> None:
    with pytest.raises(InputError):
        render_random_scene(0, **kwargs)
