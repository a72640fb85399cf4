"""Reading pairwise answers from files (JSON or CSV) for the ``consistency`` command.

Formats (the ``--help`` of ``spatioxolver consistency`` repeats them):

JSON, one of
    * ``{"matrix": [[0, 1, ...], ...], "items": ["a", "b", ...]}`` — 0/1 matrix,
      ``matrix[i][j] == 1`` iff item ``i`` precedes ``j``; entries may also be
      probabilities (then ``f[i][j] + f[j][i]`` must be 1) and ``null`` marks an
      unanswered pair. ``items`` is optional (default ``"0", "1", ...``).
    * ``{"pairs": [...], "items": [...]}`` — each pair is ``[first, second]``,
      ``[first, second, p]`` or ``{"first": ..., "second": ..., "p": ...}`` and says
      "``first`` precedes ``second``" with confidence ``p`` (default 1). ``items`` is
      optional (default: order of first appearance); when given, pairs may only name
      its items.
    * a bare matrix ``[[0, 1], [0, 0]]`` or a bare list of pairs.
    * a scene graph (``{"objects": [...], "relations": [...]}``, as written by
      ``SceneGraph.to_json``): one tournament per axis.

CSV: rows ``first,second[,p]``, "``first`` precedes ``second``" with confidence ``p``
(default 1); an optional header row ``first,second[,p]``; ``#`` starts a comment line.

GraphML (``.graphml``, or XML naming ``graphml``) is refused with a pointer to the scene JSON.
"""

from __future__ import annotations

import csv
import io
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spatioxolver.errors import InputError

__all__ = ["PairwiseInput", "load_pairwise", "parse_pairwise_json", "parse_pairwise_csv"]

_MAX_BYTES = 64 * 1024 * 1024


@dataclass
class PairwiseInput:
    """Parsed input: either one tournament (``items``, ``tournament``) or a scene graph."""

    items: list[str] | None = None
    tournament: Any = None
    scene_graph: Any = None


def load_pairwise(path: str | Path) -> PairwiseInput:
    """Read a JSON (``.json``) or CSV (anything else that does not start with ``{``/``[``) file.

    Raises:
        InputError: missing, unreadable, empty, too large, or malformed file.
    """
    p = Path(path)
    if not p.exists():
        raise InputError(f"{p}: file not found")
    if not p.is_file():
        raise InputError(f"{p}: not a regular file")
    if p.stat().st_size > _MAX_BYTES:
        raise InputError(f"{p}: file is larger than {_MAX_BYTES // (1024 * 1024)} MB")
    try:
        text = p.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{p}: cannot read as UTF-8 text ({exc})") from None
    if not text.strip():
        raise InputError(f"{p}: file is empty")
    stripped = text.lstrip()
    if p.suffix.lower() == ".graphml" or (stripped.startswith("<") and "graphml" in stripped[:4096].lower()):
        raise InputError(
            f"{p}: GraphML is not supported; pass the scene JSON (`spatioxolver scene --out`) "
            "or a JSON/CSV of pairwise answers"
        )
    try:
        if p.suffix.lower() == ".json" or stripped[:1] in "[{":
            return parse_pairwise_json(text)
        return parse_pairwise_csv(text)
    except InputError as exc:
        raise InputError(f"{p}: {exc}") from None


def parse_pairwise_json(text: str) -> PairwiseInput:
    """Parse the JSON formats described in the module docstring."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    if isinstance(data, dict) and "objects" in data and "relations" in data:
        from pydantic import ValidationError

        from spatioxolver.schema import SceneGraph

        try:
            return PairwiseInput(scene_graph=SceneGraph.model_validate(data))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(x) for x in first.get("loc", ()))
            raise InputError(f"invalid scene graph at {where or 'top level'}: {first.get('msg')}") from None
    if isinstance(data, list):
        data = (
            {"matrix": data}
            if data and all(isinstance(r, list) and _is_matrix_row(r) for r in data) and _square(data)
            else {"pairs": data}
        )
    if not isinstance(data, dict):
        raise InputError(
            "JSON must be an object with 'matrix' or 'pairs', a matrix, a list of pairs, or a scene graph"
        )
    unknown = set(data) - {"matrix", "pairs", "items"}
    if unknown:
        raise InputError(
            f"unknown JSON key(s) {sorted(unknown)}; expected 'matrix' or 'pairs' (and optional 'items')"
        )
    items = data.get("items")
    if items is not None:
        if not isinstance(items, list) or not items:
            raise InputError("'items' must be a non-empty list of item names")
        items = [_name(x, "items") for x in items]
        if len(set(items)) != len(items):
            raise InputError("'items' has duplicate names")
    if ("matrix" in data) == ("pairs" in data):
        raise InputError("give exactly one of 'matrix' or 'pairs'")
    if "matrix" in data:
        return _from_matrix(data["matrix"], items)
    pairs = data["pairs"]
    if not isinstance(pairs, list):
        raise InputError("'pairs' must be a list")
    rows = []
    for k, entry in enumerate(pairs):
        if isinstance(entry, dict):
            extra = set(entry) - {"first", "second", "p"}
            if extra or "first" not in entry or "second" not in entry:
                raise InputError(
                    f"pair #{k + 1} must have keys 'first', 'second' and optional 'p', got {sorted(entry)}"
                )
            rows.append((entry["first"], entry["second"], entry.get("p", 1.0), f"pair #{k + 1}"))
        elif isinstance(entry, list) and len(entry) in (2, 3):
            rows.append((entry[0], entry[1], entry[2] if len(entry) == 3 else 1.0, f"pair #{k + 1}"))
        else:
            raise InputError(
                f"pair #{k + 1} must be [first, second], [first, second, p] or an object, got {entry!r}"
            )
    return _from_rows(rows, items)


def parse_pairwise_csv(text: str) -> PairwiseInput:
    """Parse CSV rows ``first,second[,p]`` (optional header, ``#`` comments)."""
    rows = []
    reader = csv.reader(io.StringIO(text))
    for lineno, row in enumerate(reader, start=1):
        cells = [c.strip() for c in row]
        if not cells or all(not c for c in cells) or cells[0].startswith("#"):
            continue
        if not rows and [c.lower() for c in cells[:2]] == ["first", "second"]:
            if len(cells) == 3 and cells[2].lower() not in ("p", "confidence", "probability"):
                raise InputError(f"line {lineno}: unknown header column {cells[2]!r}; use 'p'")
            continue
        if len(cells) not in (2, 3):
            raise InputError(f"line {lineno}: expected 'first,second[,p]', got {len(cells)} fields")
        p: Any = 1.0
        if len(cells) == 3:
            try:
                p = float(cells[2])
            except ValueError:
                raise InputError(f"line {lineno}: confidence {cells[2]!r} is not a number") from None
        rows.append((cells[0], cells[1], p, f"line {lineno}"))
    if not rows:
        raise InputError("no pairwise rows found")
    return _from_rows(rows, None)


# ---------------------------------------------------------------------- helpers
def _is_matrix_row(row: list) -> bool:
    return all(
        x is None or (isinstance(x, (int, float)) and not isinstance(x, bool)) or isinstance(x, bool)
        for x in row
    )


def _square(rows: list) -> bool:
    return all(len(r) == len(rows) for r in rows)


def _name(x: Any, where: str) -> str:
    if isinstance(x, bool) or not isinstance(x, (str, int)):
        raise InputError(f"{where}: item names must be strings or integers, got {x!r}")
    name = str(x).strip()
    if not name:
        raise InputError(f"{where}: empty item name")
    return name


def _from_matrix(matrix: Any, items: list[str] | None) -> PairwiseInput:
    import numpy as np

    from spatioxolver.consistency._tournament import Tournament

    if not isinstance(matrix, list) or not matrix or not all(isinstance(r, list) for r in matrix):
        raise InputError("'matrix' must be a non-empty list of rows")
    n = len(matrix)
    for k, row in enumerate(matrix):
        if len(row) != n:
            raise InputError(f"matrix is not square: row {k} has {len(row)} entries, expected {n}")
        for x in row:
            if x is not None and (isinstance(x, bool) or not isinstance(x, (int, float))):
                raise InputError(f"matrix row {k} has a non-numeric entry {x!r}")
    arr = np.array([[np.nan if x is None else float(x) for x in row] for row in matrix])
    if items is not None and len(items) != n:
        raise InputError(f"'items' has {len(items)} names but the matrix has {n} rows")
    names = items or [str(k) for k in range(n)]
    if np.isnan(arr).any() or not np.all((arr == 0) | (arr == 1)):
        diag = np.diag(arr)
        if np.any(~np.isnan(diag) & (diag != 0)):
            k = int(np.flatnonzero(~np.isnan(diag) & (diag != 0))[0])
            raise InputError(f"matrix has a self-loop at [{k}][{k}]; the diagonal must be 0")
        return PairwiseInput(items=names, tournament=Tournament.from_probabilities(arr))
    return PairwiseInput(items=names, tournament=Tournament.from_matrix(arr))


def _from_rows(rows: list[tuple[Any, Any, Any, str]], items: list[str] | None) -> PairwiseInput:
    from spatioxolver.consistency._tournament import Tournament

    if not rows:
        raise InputError("no pairs given")
    names: list[str] = list(items) if items else []
    index = {name: k for k, name in enumerate(names)}
    outcomes: dict[tuple[int, int], float] = {}
    for first, second, p, where in rows:
        a, b = _name(first, where), _name(second, where)
        if a == b:
            raise InputError(f"{where}: item {a!r} is paired with itself")
        for name in (a, b):
            if name not in index:
                if items is not None:
                    raise InputError(f"{where}: unknown item {name!r} (not in 'items')")
                index[name] = len(names)
                names.append(name)
        if isinstance(p, bool):
            p = 1.0 if p else 0.0
        if not isinstance(p, (int, float)) or not math.isfinite(float(p)) or not 0.0 <= float(p) <= 1.0:
            raise InputError(f"{where}: confidence must be a number in [0, 1], got {p!r}")
        i, j, q = index[a], index[b], float(p)
        key, value = ((i, j), q) if i < j else ((j, i), 1.0 - q)
        if key in outcomes and abs(outcomes[key] - value) > 1e-9:
            raise InputError(f"{where}: pair ({a}, {b}) is answered twice with different outcomes")
        outcomes[key] = value
    return PairwiseInput(items=names, tournament=Tournament.from_pairs(len(names), outcomes))
