"""A graded (not flat) band read as objects from one edge of the frame to the other -- whole
or in pieces side by side, like the glow of a sunset sky above a ridge cut out of its
gradient -- is backdrop: the geometric reasoner's scene reliability falls below its threshold.
A flat drawn bar across the canvas, and graded solids standing apart on a ground, keep it.

Scene graphs are built here by hand (what perception reports for such pictures).
"""

from __future__ import annotations

from spatioxolver.agents._reasoning._describe import RELIABILITY_THRESHOLD, scene_reliability

from spatioxolver.schema import Attributes, ImageInfo, SceneGraph, SpatialObject

W, H = 640, 420


def _graph(*boxes: tuple[float, float, float, float], flat: bool = False) -> SceneGraph:
    objects = [
        SpatialObject(
            id=f"o{k}",
            bbox=box,
            area=0.6 * (box[2] - box[0]) * (box[3] - box[1]),
            attributes=Attributes(color="orange", shape="sphere", extras={"flat": flat, "edge_support": 0.6}),
        )
        for k, box in enumerate(boxes, 1)
    ]
    quality = {"reliability": 1.0, "noise": 0.5, "rows": 0.4, "background_inliers": 0.6}
    return SceneGraph(objects=objects, images=[ImageInfo(width=W, height=H, quality=quality)])


def test_a_band_across_the_frame_is_backdrop() -> None:
    assert scene_reliability(_graph((0, 273, 640, 335))) < RELIABILITY_THRESHOLD


def test_a_band_in_two_pieces_side_by_side_is_backdrop() -> None:
    assert scene_reliability(_graph((0, 256, 304, 289), (305, 271, 640, 317))) < RELIABILITY_THRESHOLD


def test_a_flat_bar_and_solids_standing_apart_are_read() -> None:
    assert scene_reliability(_graph((0, 380, 640, 420), flat=True)) >= RELIABILITY_THRESHOLD
    apart = _graph((0, 250, 150, 360), (220, 260, 400, 370), (480, 240, 640, 350))
    assert scene_reliability(apart) >= RELIABILITY_THRESHOLD
