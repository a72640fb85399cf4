"""The algorithms issue 16 replaced, kept as baselines for side-by-side benchmarks.

Not imported by the package. Each function is the previous implementation as it was, so
``bench_throughput.py`` can swap it back in and measure both in one run (the tests check
the new code gives the same results: ``tests/agents_perception/test_mark_costs_match_pixel_scan.py``,
``test_mirror_search_matches_exhaustive.py``, ``tests/consistency/test_dp_matches_previous_dp.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np


def mark_costs_by_scan(objects: list[Any], masks: list[Any], points: list[tuple[float, float]]) -> np.ndarray:
    """``bind_marks`` costs with ``np.nonzero`` over the full-image mask for every mark-object pair."""

    def distance(obj: Any, mask: Any, x: float, y: float) -> float:
        xi, yi = int(round(x)), int(round(y))
        if mask is not None:
            if 0 <= yi < mask.shape[0] and 0 <= xi < mask.shape[1] and mask[yi, xi]:
                return 0.0
            ys, xs = np.nonzero(mask)
            if ys.size:
                return 1.0 + float(np.sqrt(((xs - x) ** 2 + (ys - y) ** 2).min()))
        if obj.bbox is not None:
            x0, y0, x1, y1 = obj.bbox
            dx = max(x0 - x, 0.0, x - x1)
            dy = max(y0 - y, 0.0, y - y1)
            if dx == 0 and dy == 0:
                return 0.5
            return 1.0 + float(np.hypot(dx, dy))
        if obj.centroid is not None:
            return 1.0 + float(np.hypot(obj.centroid[0] - x, obj.centroid[1] - y))
        return 1e9

    return np.array([[distance(o, m, x, y) for o, m in zip(objects, masks, strict=True)] for x, y in points])


def mirror_exhaustive(objs: list[Any], coord: int, tol: float, min_score: float = 0.0) -> Any:
    """The mirror-axis search that scores every candidate axis (about N^4 log N)."""
    from spatioxolver.agents.symmetry import _same_kind

    n = len(objs)
    if n < 2:
        return None
    pts = np.array([o.centroid for o in objs], dtype=float)
    candidates = {round((pts[i, coord] + pts[j, coord]) / 2, 1) for i in range(n) for j in range(i + 1, n)}
    best = None
    for c in candidates:
        used: set[int] = set()
        pairs: list[tuple[str, str]] = []
        members: list[str] = []
        for i in range(n):
            if i in used:
                continue
            mirrored = pts[i].copy()
            mirrored[coord] = 2 * c - pts[i, coord]
            if abs(pts[i, coord] - c) <= tol / 2:
                used.add(i)
                members.append(objs[i].id)
                continue
            dist = np.hypot(*(pts - mirrored).T)
            for j in np.argsort(dist):
                if j != i and j not in used and dist[j] <= tol and _same_kind(objs[i], objs[j]):
                    used.update((i, int(j)))
                    pairs.append((objs[i].id, objs[int(j)].id))
                    members += [objs[i].id, objs[int(j)].id]
                    break
        score = len(used) / n
        if pairs and (best is None or score > best[1] or (score == best[1] and len(pairs) > len(best[2]))):
            best = (float(c), score, pairs, sorted(members))
    return best


def dp_order_matmul(w: np.ndarray) -> list[int]:
    """The bitmask DP whose gains were a float matmul per layer chunk (BLAS threads)."""
    n = w.shape[0]
    size = 1 << n
    best = np.full(size, -np.inf)
    best[0] = 0.0
    last = np.zeros(size, dtype=np.int8)
    states = np.arange(size, dtype=np.int32)
    popcount = np.zeros(size, dtype=np.int8)
    for b in range(n):
        popcount += ((states >> b) & 1).astype(np.int8)
    by_layer = np.argsort(popcount, kind="stable").astype(np.int32)
    bounds = np.searchsorted(popcount[by_layer], np.arange(n + 2))
    shifts = np.arange(n, dtype=np.int32)
    bits = (np.int32(1) << shifts)[None, :]
    chunk_size = 1 << 16
    for k in range(1, n + 1):
        layer = by_layer[bounds[k] : bounds[k + 1]]
        for lo in range(0, layer.size, chunk_size):
            chunk = layer[lo : lo + chunk_size]
            cand = best[chunk[:, None] ^ bits]
            cand += ((chunk[:, None] >> shifts) & 1).astype(np.float64) @ w
            choice = np.argmax(cand, axis=1)
            best[chunk] = cand[np.arange(chunk.size), choice]
            last[chunk] = choice
    order, state = [], size - 1
    while state:
        v = int(last[state])
        order.append(v)
        state ^= 1 << v
    return order[::-1]
