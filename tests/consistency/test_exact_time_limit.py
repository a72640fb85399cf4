"""The exact solvers' time limit covers the whole solve, and an exact repair always has one.

The ILP's limit is counted from the call: building the triangle model (C(n, 3) rows) and
handing it to HiGHS are paid out of it. ``method="exact"`` repairs of scene graphs get a
default limit and their records carry the proven bound.
"""

from __future__ import annotations

import numpy as np
import pytest
import scipy.optimize

from spatioxolver.consistency import Tournament, _exact, solve_exact


def test_solver_gets_what_is_left_after_building(helpers, monkeypatch):
    seen: list[float] = []
    real_milp = scipy.optimize.milp

    def spy(*args, options=None, **kwargs):
        seen.append(options["time_limit"])
        return real_milp(*args, options=options, **kwargs)

    monkeypatch.setattr(scipy.optimize, "milp", spy)
    t = Tournament.from_matrix(helpers.near_transitive(40, 0.1, np.random.default_rng(0)))
    result = solve_exact(t, "ilp", time_limit=30.0)
    assert len(seen) == 1 and 0 < seen[0] < 30.0
    assert result.optimal and result.bound == result.agreement


def test_no_solver_run_when_building_used_the_limit(helpers, monkeypatch):
    def never(*args, **kwargs):
        raise AssertionError("milp must not run once the limit is spent")

    monkeypatch.setattr(scipy.optimize, "milp", never)
    monkeypatch.setattr(_exact, "_HANDOFF_S_PER_NONZERO", 1.0)  # as if handing over took hours
    t = Tournament.from_matrix(helpers.random_matrix(30, np.random.default_rng(1)))
    result = solve_exact(t, "ilp", time_limit=5.0)
    assert not result.optimal and result.method == "ilp"
    assert "building the model" in result.status
    assert sorted(result.order) == list(range(30))
    assert result.agreement >= t.agreement(t.repair("local").order) - 1e-12
    assert result.agreement <= result.bound <= 1.0


def test_exact_scene_repair_has_a_default_limit_and_reports_the_bound(monkeypatch):
    from spatioxolver.agents.consistency import EXACT_TIME_LIMIT_S, check_consistency

    from spatioxolver.schema import Relation, SceneGraph, SpatialObject

    limits: list[float | None] = []
    real = _exact.solve_exact

    def spy(t, method="auto", *, time_limit=None):
        limits.append(time_limit)
        return real(t, method, time_limit=time_limit)

    monkeypatch.setattr(_exact, "solve_exact", spy)
    rng = np.random.default_rng(4)
    n = 8
    objs = [SpatialObject(id=f"o{i}") for i in range(n)]
    rels = [
        Relation(subject=f"o{i}", predicate="left_of", object=f"o{j}", axis="H")
        if rng.random() < 0.5
        else Relation(subject=f"o{j}", predicate="left_of", object=f"o{i}", axis="H")
        for i in range(n)
        for j in range(i + 1, n)
    ]
    graph = SceneGraph(objects=objs, relations=rels)
    _, records = check_consistency(graph, method="exact")
    assert limits == [EXACT_TIME_LIMIT_S]
    assert records[0]["optimal"] and records[0]["bound"] == pytest.approx(records[0]["agreement"])
    _, records = check_consistency(graph, method="exact", time_limit=2.5)
    assert limits[-1] == 2.5
    _, records = check_consistency(graph, method="local")
    assert len(limits) == 2 and records[0]["bound"] >= records[0]["agreement"]
