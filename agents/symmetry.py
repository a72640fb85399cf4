"""The symmetry agent: rows, columns, grids, clusters, mirror symmetry and repetition.

Geometric backend (always available), from object centroids and attributes:

* **rows / columns** — objects whose centroid y (x) agree within a tolerance
  (``align_tol``, default half the median object size), at least ``min_members``;
* **grids** — objects that belong to both a row and a column, forming at least two of
  each (every row x column cell holds at most one object);
* **clusters** — single-linkage groups of centroids closer than ``cluster_distance``
  (default 1.6 x the median object size), reported when there are several;
* **mirror symmetry** — the vertical (horizontal) axis that maps the most objects onto
  an object with the same attributes; reported with its pairs when at least
  ``mirror_min_score`` of the objects take part;
* **repetition** — two or more objects with identical colour, shape, size and material.

With ``symmetry_backend="llm"`` in a run with a model, :class:`SymmetryAgent` asks the model
instead (prompt ``prompts/symmetry.txt``); by default structure is computed from the boxes
whatever the model, since it is geometry of the objects already found.

Example:
    >>> from spatioxolver.schema import SpatialObject
    >>> objs = [SpatialObject(id=f"o{i}", centroid=(20.0 + 30 * i, 50.0), area=100.0) for i in range(4)]
    >>> groups, syms = find_structure(objs, image_size=(200, 100))
    >>> [g.kind for g in groups][:1], syms[0].kind
    (['row'], 'mirror')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from spatioxolver.schema import Group, SpatialObject, Symmetry

from ._vision.state import MODEL, backend_of, frame_objects, image_size_of, state_objects

__all__ = ["find_structure", "structure_from_reply", "structure_listing", "SymmetryAgent"]


def _size(obj: SpatialObject) -> float:
    if obj.area:
        return math.sqrt(obj.area)
    if obj.bbox:
        return max(obj.bbox[2] - obj.bbox[0], obj.bbox[3] - obj.bbox[1])
    return 0.0


def _signature(obj: SpatialObject) -> tuple[str | None, ...]:
    a = obj.attributes
    return (a.color, a.shape, a.size, a.material)


def _same_kind(a: SpatialObject, b: SpatialObject) -> bool:
    return all(x is None or y is None or x == y for x, y in zip(_signature(a), _signature(b), strict=False))


def _lines(
    objs: list[SpatialObject], coord: int, tol: float, min_members: int
) -> list[tuple[list[int], float]]:
    """1-D single-linkage groups along one coordinate, span-limited to 2 x tol."""
    order = sorted(range(len(objs)), key=lambda i: objs[i].centroid[coord])
    groups: list[list[int]] = []
    for i in order:
        v = objs[i].centroid[coord]
        if (
            groups
            and v - objs[groups[-1][-1]].centroid[coord] <= tol
            and v - objs[groups[-1][0]].centroid[coord] <= 2 * tol
        ):
            groups[-1].append(i)
        else:
            groups.append([i])
    out = []
    for g in groups:
        if len(g) >= min_members:
            vals = np.array([objs[i].centroid[coord] for i in g])
            spread = float(vals.max() - vals.min())
            out.append((g, max(0.0, 1.0 - spread / (2 * tol + 1e-9))))
    return out


def _single_linkage(pts: np.ndarray, dist: float) -> list[list[int]]:
    """Single-linkage clusters of ``pts`` cut at ``dist``, each as sorted member indices,
    ordered by their first member.

    They are the connected components of the graph joining points at most ``dist`` apart
    (what ``scipy.cluster.hierarchy.fcluster(linkage(pts, "single"), dist, "distance")``
    gives, without importing scipy).

    Example:
        >>> _single_linkage(np.array([[0.0, 0], [5, 0], [1, 0], [20, 0]]), 1.5)
        [[0, 2], [1], [3]]
    """
    n = len(pts)
    if n == 0:
        return []
    d = np.sqrt(((pts[:, None, :] - pts[None, :, :]) ** 2).sum(axis=-1))
    near = (d <= dist) | np.eye(n, dtype=bool)
    component = np.arange(n)
    while True:  # label propagation: each point takes the smallest label among its neighbours
        merged = np.where(near, component[None, :], n).min(axis=1)
        merged = merged[merged]  # pointer jumping: long chains settle in few rounds
        if np.array_equal(merged, component):
            break
        component = merged
    return [np.flatnonzero(component == k).tolist() for k in np.unique(component)]


def _mirror(
    objs: list[SpatialObject], coord: int, tol: float, min_score: float = 0.0
) -> tuple[float, float, list[tuple[str, str]], list[str]] | None:
    """Best mirror axis along ``coord``: (position, score, pairs, members), or ``None``.

    Candidate axes are the midpoints of all centroid pairs (rounded to 0.1 px); each is
    scored by greedily pairing objects with a same-kind object near their reflection. The
    best axis has the highest score, then the most pairs, then comes first in the candidate
    set's iteration order. Only candidates whose coverage bound (:func:`_coverage_bound`)
    can reach ``min_score`` and the best score so far are scored, best bound first, so a
    scene without a strong axis costs array work instead of a greedy pass per candidate.
    Axes scoring below ``min_score`` may be skipped (the caller drops them anyway).
    """
    n = len(objs)
    if n < 2:
        return None
    pts = np.array([o.centroid for o in objs], dtype=float)
    candidates = list(
        {round((pts[i, coord] + pts[j, coord]) / 2, 1) for i in range(n) for j in range(i + 1, n)}
    )
    bound = _coverage_bound(objs, pts, coord, tol, np.array(candidates))
    best: tuple[int, int, int] | None = None  # (used, pairs, -position in candidate order)
    found = None
    for k in sorted(range(len(candidates)), key=lambda k: (-bound[k], k)):
        if bound[k] / n < min_score or (best is not None and bound[k] < best[0]):
            break  # sorted by bound: no later candidate reaches the threshold or ties the best
        c = candidates[k]
        used, pairs, members = _greedy_pairs(objs, pts, coord, tol, c)
        key = (len(used), len(pairs), -k)
        if pairs and (best is None or key > best):
            best = key
            found = (float(c), len(used) / n, pairs, sorted(members))
    return found


def _greedy_pairs(
    objs: list[SpatialObject], pts: np.ndarray, coord: int, tol: float, c: float
) -> tuple[set[int], list[tuple[str, str]], list[str]]:
    """Objects used by axis ``c``: each on the axis, or paired with the nearest free same-kind
    object within ``tol`` of its reflection, in index order."""
    used: set[int] = set()
    pairs: list[tuple[str, str]] = []
    members: list[str] = []
    for i in range(len(objs)):
        if i in used:
            continue
        mirrored = pts[i].copy()
        mirrored[coord] = 2 * c - pts[i, coord]
        if abs(pts[i, coord] - c) <= tol / 2:  # on the axis: maps to itself
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
    return used, pairs, members


def _coverage_bound(
    objs: list[SpatialObject], pts: np.ndarray, coord: int, tol: float, axes: np.ndarray
) -> np.ndarray:
    """For each axis position, how many objects could take part: an upper bound of the
    greedy count of :func:`_greedy_pairs`.

    Object ``i`` can take part at axis ``c`` only if it lies within ``tol / 2`` of ``c`` or
    has a same-kind partner ``j`` within ``tol`` across the axis, whose midpoint along
    ``coord`` is then within ``tol / 2`` of ``c``. Each object's set of such ``c`` is a union
    of intervals (merged per object), so the count at every axis is two sorted searches.
    """
    n = len(objs)
    other = 1 - coord
    vocabulary: dict[str, int] = {}
    sigs = [_signature(o) for o in objs]
    codes = np.array(
        [[vocabulary.setdefault(v, len(vocabulary)) if v is not None else -1 for v in s] for s in sigs]
    )
    known = np.array([[v is not None for v in s] for s in sigs])
    kind = np.ones((n, n), bool)
    for a in range(codes.shape[1]):
        kind &= ~known[:, None, a] | ~known[None, :, a] | (codes[:, None, a] == codes[None, :, a])
    slack = 1e-6 * (1.0 + tol + float(np.abs(pts).max()))  # float rounding never drops an object
    near = kind & (np.abs(pts[:, None, other] - pts[None, :, other]) <= tol + slack)
    ii, jj = np.nonzero(near)
    centres = np.where(ii == jj, pts[ii, coord], (pts[ii, coord] + pts[jj, coord]) / 2)  # i == j: on the axis
    half = tol / 2 + slack
    order = np.lexsort((centres, ii))
    ii, centres = ii[order], centres[order]
    new = np.ones(ii.size, bool)
    new[1:] = (ii[1:] != ii[:-1]) | (centres[1:] - centres[:-1] > 2 * half)
    starts = centres[new] - half
    last = np.append(np.flatnonzero(new)[1:] - 1, ii.size - 1)
    ends = np.sort(centres[last] + half)
    return np.searchsorted(np.sort(starts), axes, side="right") - np.searchsorted(ends, axes, side="left")


def find_structure(
    objects: list[SpatialObject], *, image_size: tuple[int, int], options: dict | None = None
) -> tuple[list[Group], list[Symmetry]]:
    """Groups (rows, columns, grids, clusters, repetitions) and mirror symmetries.

    Args:
        objects: objects of one frame with centroids (attributes refine matching).
        image_size: ``(width, height)``.
        options: ``align_tol`` (px), ``min_members`` (default 3), ``cluster_distance``
            (px), ``mirror_min_score`` (default 0.75).
    """
    options = dict(options or {})
    objs = [o for o in objects if o.centroid is not None]
    if len(objs) < 2:
        return [], []
    sizes = [s for s in (_size(o) for o in objs) if s > 0]
    med = float(np.median(sizes)) if sizes else 0.05 * max(image_size)
    tol = float(options.get("align_tol", max(3.0, 0.5 * med)))
    min_members = int(options.get("min_members", 3))
    groups: list[Group] = []

    def add(kind: str, idx: list[int], conf: float, **extras: Any) -> None:
        groups.append(
            Group(
                id=f"g{len(groups) + 1}",
                kind=kind,
                members=[objs[i].id for i in idx],
                confidence=round(float(np.clip(conf, 0, 1)), 4),
                extras=extras,
            )
        )

    rows = _lines(objs, 1, tol, min_members)
    cols = _lines(objs, 0, tol, min_members)
    for idx, conf in rows:
        add("row", sorted(idx, key=lambda i: objs[i].centroid[0]), conf)
    for idx, conf in cols:
        add("column", sorted(idx, key=lambda i: objs[i].centroid[1]), conf)
    # Grid: rows and columns of >= 2 whose intersections hold the same objects.
    rows2 = [set(g) for g, _ in _lines(objs, 1, tol, 2)]
    cols2 = [set(g) for g, _ in _lines(objs, 0, tol, 2)]
    in_both = {i for r in rows2 for i in r} & {i for c in cols2 for i in c}
    grid_rows = [r & in_both for r in rows2 if len(r & in_both) >= 2]
    grid_cols = [c & in_both for c in cols2 if len(c & in_both) >= 2]
    cells_ok = all(len(r & c) <= 1 for r in grid_rows for c in grid_cols)
    members = set().union(*grid_rows) if grid_rows else set()
    if len(grid_rows) >= 2 and len(grid_cols) >= 2 and cells_ok and len(members) >= 4:
        fill = len(members) / (len(grid_rows) * len(grid_cols))
        add(
            "grid",
            sorted(members, key=lambda i: (objs[i].centroid[1], objs[i].centroid[0])),
            fill,
            rows=len(grid_rows),
            columns=len(grid_cols),
        )
    # Clusters: single linkage on centroids.
    dist = float(options.get("cluster_distance", 1.6 * med))
    pts = np.array([o.centroid for o in objs], dtype=float)
    clusters = _single_linkage(pts, dist)
    if len(clusters) > 1:
        for c in clusters:
            if len(c) >= 2:
                add(
                    "cluster",
                    [int(i) for i in c],
                    1.0,
                    radius=round(float(np.ptp(pts[c], axis=0).max() / 2), 2),
                )
    # Repetition: identical attribute signatures.
    by_sig: dict[tuple, list[int]] = {}
    for i, o in enumerate(objs):
        sig = _signature(o)
        if sig[0] is not None and sig[1] is not None:
            by_sig.setdefault(sig, []).append(i)
    for sig, idx in sorted(by_sig.items(), key=lambda kv: kv[1][0]):
        if len(idx) >= 2:
            add(
                "repetition",
                idx,
                1.0,
                attributes=dict(zip(("color", "shape", "size", "material"), sig, strict=False)),
            )
    symmetries: list[Symmetry] = []
    min_score = float(options.get("mirror_min_score", 0.75))
    for coord, name in ((0, "vertical"), (1, "horizontal")):
        found = _mirror(objs, coord, tol, min_score)
        if found and found[1] >= min_score:
            c, score, pairs, mem = found
            symmetries.append(
                Symmetry(
                    kind="mirror",
                    axis=f"{name} {'x' if coord == 0 else 'y'}={c:.1f}",
                    members=mem,
                    pairs=pairs,
                    score=round(score, 4),
                )
            )
    return groups, symmetries


def structure_listing(objects: list[SpatialObject]) -> str:
    """The symmetry prompt's object list: id, colour, shape, centre."""
    return "\n".join(
        f"- {o.id}: {o.attributes.color or ''} {o.attributes.shape or ''} centroid="
        f"{[round(v) for v in o.centroid] if o.centroid else '-'}"
        for o in objects
    )


def structure_from_reply(objects: list[SpatialObject], reply: Any) -> tuple[list[Group], list[Symmetry]]:
    """Groups and symmetries from a model's :class:`~._vision.llm.StructureReply` (unknown ids dropped)."""
    ids = {o.id for o in objects}
    groups = []
    for k, g in enumerate(reply.groups):
        members = [m for m in g.get("members", []) if m in ids]
        if members:
            groups.append(Group(id=f"g{k + 1}", kind=str(g.get("kind", "group")), members=members))
    syms = []
    for s in reply.symmetries:
        pairs = [(a, b) for a, b in (s.get("pairs") or []) if a in ids and b in ids]
        syms.append(
            Symmetry(
                kind=str(s.get("kind", "mirror")),
                axis=s.get("axis"),
                members=[m for m in s.get("members", []) if m in ids],
                pairs=pairs,
            )
        )
    return groups, syms


class SymmetryAgent:
    """Rows, columns, grids, clusters, mirror symmetry and repetition among frame-0 objects.

    With a real language model (or ``symmetry_backend="llm"``): one ``symmetry`` call with
    image 1 and the object list; otherwise computed from the objects' boxes
    (:func:`find_structure`). Returns ``{"groups": [...], "symmetries": [...]}``.
    """

    name = "symmetry"
    description = "rows, columns, grids, clusters, mirror symmetry and repetition among objects"
    backends: tuple[str, ...] = ("geometric", "llm")

    async def run(self, state: Mapping[str, Any], runtime: Any) -> dict[str, Any]:
        ctx = runtime.context
        objects = frame_objects(state_objects(state), 0)
        if not objects:
            return {"groups": [], "symmetries": []}
        size = image_size_of(ctx, objects)
        # A real language model is asked by default (the paper's chain); pixels otherwise,
        # or when chosen with symmetry_backend.
        asks_model = ctx.options.get("symmetry_backend") is not None or ctx.backend == "llm"
        if asks_model and backend_of(ctx, self.name) == MODEL and ctx.frames:
            from ._vision.llm import StructureReply, reply_as

            fields = {"objects": structure_listing(objects), "width": size[0], "height": size[1]}
            reply = await ctx.call(
                "symmetry",
                fields,
                task={"kind": "structure"},
                schema=StructureReply,
                images=[0],
                agent="symmetry",
            )
            groups, syms = structure_from_reply(objects, reply_as(StructureReply, reply))
        else:
            if size == (0, 0):
                return {"groups": [], "symmetries": []}
            from spatioxolver._pool import MIN_POOL_OBJECTS, run_cpu

            # few objects: a few ms, less than a round trip to a worker; inline as before
            if len(objects) < MIN_POOL_OBJECTS:
                groups, syms = find_structure(objects, image_size=size, options=ctx.agent_options(self.name))
            else:
                groups, syms = await run_cpu(
                    find_structure, objects, image_size=size, options=ctx.agent_options(self.name)
                )
        return {
            "groups": [g.model_dump(mode="json") for g in groups],
            "symmetries": [s.model_dump(mode="json") for s in syms],
        }
