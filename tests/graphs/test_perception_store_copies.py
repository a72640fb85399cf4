"""The in-process perception store hands out independent copies: what a caller changes in
its copy never reaches the store or another caller, and the types survive (tuples stay tuples)."""

from __future__ import annotations

from spatioxolver.graphs._cache import cache_clear, cache_get, cache_put


class _Opaque:
    """Something pickle refuses (a local lambda inside): the store still copies it."""

    def __init__(self) -> None:
        self.fn = lambda: 1
        self.items = [1, 2]


def test_copies_are_independent_and_keep_types() -> None:
    cache_clear()
    value = {
        "scene_graph": {"objects": [{"id": "o1", "bbox": (1.0, 2.0, 3.0, 4.0)}]},
        "trace": [{"node": "x"}],
    }
    cache_put("k", value)
    value["trace"].append({"node": "late"})  # the caller's own object: not the stored one
    first = cache_get("k")
    first["scene_graph"]["objects"][0]["id"] = "changed"
    second = cache_get("k")
    assert second["scene_graph"]["objects"][0]["id"] == "o1" and second["trace"] == [{"node": "x"}]
    assert isinstance(second["scene_graph"]["objects"][0]["bbox"], tuple)


def test_unpicklable_values_are_copied_too() -> None:
    cache_clear()
    cache_put("k", {"extra": _Opaque()})
    a, b = cache_get("k"), cache_get("k")
    a["extra"].items.append(3)
    assert b["extra"].items == [1, 2] and a["extra"] is not b["extra"]
