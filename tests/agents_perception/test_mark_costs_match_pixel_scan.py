"""Mark binding measures anchors against mask edges: the same costs and bindings as a full scan.

The reference below is the previous algorithm (``np.nonzero`` over the whole-image mask for
every mark-object pair). Scenes come from the renderer and the segmenter; anchors are the
renderer's label anchors plus points the binding code never chose: random, half-pixel,
on and beyond the image border.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from spatioxolver.agents._vision import mark_binding
from spatioxolver.agents.segmentation import bind_marks, segment

from spatioxolver.images import load_image
from spatioxolver.schema import SpatialObject


def _extra_points(rng: np.random.Generator, w: int, h: int, k: int) -> list[tuple[float, float]]:
    pts = [(float(x), float(y)) for x, y in rng.uniform((-20, -20), (w + 20, h + 20), size=(k, 2))]
    pts += [(float(x) + 0.5, float(y) + 0.5) for x, y in rng.integers(0, (w, h), size=(k, 2))]
    return pts + [(0.0, 0.0), (w - 1.0, h - 1.0), (w + 0.4, h / 2), (-0.5, -0.5)]


@pytest.fixture(scope="module")
def scenes(tmp_path_factory) -> list[tuple[np.ndarray, dict[str, tuple[float, float]]]]:
    from spatioxolver.scenes import generate

    root = Path(tmp_path_factory.mktemp("ctr"))
    generate("ctr", root, scenes=3, seed=5, n=16, overwrite=True)
    out = []
    for path in sorted((root / "scenes").glob("*.json")):
        scene = json.loads(path.read_text())
        marks = {o["label"]: tuple(o["label_anchor"]) for o in scene["objects"]}
        out.append((load_image(root / "images" / f"{path.stem}_clean.png"), marks))
    return out


def test_costs_equal_the_full_scan_exactly(scenes, previous) -> None:
    rng = np.random.default_rng(0)
    for rgb, marks in scenes:
        objects = segment(rgb)
        masks = [mark_binding.object_mask(o) for o in objects]
        h, w = rgb.shape[:2]
        points = list(marks.values()) + _extra_points(rng, w, h, 30)
        fast = mark_binding._mark_costs(objects, masks, points)
        assert np.array_equal(fast, previous.mark_costs_by_scan(objects, masks, points))
        assert (fast == 0).any() and (fast > 1).any()  # anchors inside and outside masks


def test_costs_on_random_masks_boxes_and_empty_masks(previous) -> None:
    rng = np.random.default_rng(1)
    for _ in range(40):
        h, w = rng.integers(5, 40, size=2)
        masks: list[np.ndarray | None] = [rng.random((h, w)) < p for p in (0.02, 0.3, 0.9)]
        masks.append(np.ones((h, w), bool))
        masks.append(np.zeros((h, w), bool))
        masks.append(None)
        objects = [SpatialObject(id=f"o{k}", bbox=(2.0, 2.0, 6.0, 5.0)) for k in range(len(masks))]
        points = _extra_points(rng, int(w), int(h), 10)
        fast = mark_binding._mark_costs(objects, masks, points)
        assert np.array_equal(fast, previous.mark_costs_by_scan(objects, masks, points))


def test_bindings_equal_the_full_scan(scenes, monkeypatch, previous) -> None:
    rng = np.random.default_rng(2)
    cases = []
    for rgb, marks in scenes:
        objects = segment(rgb)
        h, w = rgb.shape[:2]
        moved = {k: (x + rng.uniform(-15, 15), y + rng.uniform(-15, 15)) for k, (x, y) in marks.items()}
        cases += [(objects, marks), (objects, moved), (objects[: len(objects) // 2], marks)]
    fast = [[o.model_dump() for o in bind_marks(objs, marks)] for objs, marks in cases]
    monkeypatch.setattr(mark_binding, "_mark_costs", previous.mark_costs_by_scan)
    slow = [[o.model_dump() for o in bind_marks(objs, marks)] for objs, marks in cases]
    assert fast == slow
    assert any(o["attributes"]["extras"].get("split_by_marks") for case in fast for o in case)
