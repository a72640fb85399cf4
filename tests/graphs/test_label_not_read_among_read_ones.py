"""A label named that no shape carries, where some shape's label was not read, cannot be told:
"is node K left of node B" on a graph whose K went unread is "cannot tell" (``labels
unread``), not "there is no object matching 'node K'". With every shape's label read, a
label no shape carries is still "no such object"."""

from __future__ import annotations

from spatioxolver.agents.reasoning import reason_symbolic

from spatioxolver.schema import Attributes, SpatialObject

from .conftest import graph_from_positions


def _graph(k_read: bool):
    spec = [("o1", "B", (100, 100)), ("o2", "K" if k_read else None, (300, 100)), ("o3", "W", (200, 250))]
    return graph_from_positions(
        [
            SpatialObject(
                id=i,
                label=label,
                attributes=Attributes(
                    color="red", shape="circle", extras={"flat": True, "source": "geometric"}
                ),
                centroid=xy,
                bbox=(xy[0] - 30, xy[1] - 30, xy[0] + 30, xy[1] + 30),
                area=3600.0,
                depth=1.0,
            )
            for i, label, xy in spec
        ]
    )


def test_an_unread_label_is_cannot_tell() -> None:
    answer = reason_symbolic("Is node K left of node B?", _graph(k_read=False))
    assert answer.no_answer == "labels unread"
    assert answer.value is None


def test_a_read_label_is_answered() -> None:
    assert reason_symbolic("Is node K left of node B?", _graph(k_read=True)).value is False


def test_with_every_label_read_a_missing_one_is_no_object() -> None:
    answer = reason_symbolic("Is node Z left of node B?", _graph(k_read=True))
    assert answer.no_answer != "labels unread"
    assert "no object matching" in answer.text
