"""CVT-style question files (JSON / JSONL / parquet / ``hf:``): relation lists under rotation.

Each record (field names configurable with ``columns``, like the SpatiaLab release
adapter):

* ``image`` - path (relative to ``image_root``) or image bytes;
* ``subject``, ``reference`` - the two objects (a tag number such as ``"4"`` or a
  description such as ``"large red cube"``); both required;
* ``answer`` - the gold relations: a list, a JSON-list string (``'["left", "front"]'``) or
  a comma-separated string; each word one of left, right, front, behind, north, south,
  east, west;
* ``theta`` (degrees) and ``direction`` (``left``, the default, or ``right``) for an orbit
  question, or ``view: "top_down"`` for a top-down question;
* optional ``question`` (else the ``cvt`` generator's wording is used), ``id`` (else a
  hash of the content), ``scene``, ``density``, ``tracked``;
* optional ``objects`` - the scene object dictionary (tag -> description, or tag ->
  ``[description, [x, y, w, h]]``; a dict or its JSON string). As in seed 003's image
  mode, the prompt gives it before the question (``Scene Object Dictionary: {...}``), and
  ``meta.object_dictionary`` keeps it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._base import BenchmarkBase
from spatioxolver.evals.benchmarks._tabular import (
    UniqueIds,
    bad_reason,
    iter_rows,
    materialize_image,
    resolve_columns,
    row_unit,
)
from spatioxolver.evals.example import Example, stable_id
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError

__all__ = ["CVTReleaseBenchmark", "RELATION_WORDS", "parse_relations", "default_question"]

#: Relation words a gold answer may use (orbit views: left/right/front/behind; top-down
#: views: left/right/north/south; east/west accepted as well).
RELATION_WORDS = ("left", "right", "front", "behind", "north", "south", "east", "west")


def parse_relations(value: Any) -> list[str]:
    """Gold relations, sorted: from a list, a JSON-list string or ``"left, front"``.

    Raises:
        ValueError: missing, not a list of strings, or a word outside :data:`RELATION_WORDS`.

    Example:
        >>> parse_relations('["left", "front"]'), parse_relations("behind; right")
        (['front', 'left'], ['behind', 'right'])
    """
    if value is None:
        raise ValueError("no answer")
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            try:
                value = json.loads(text)
            except json.JSONDecodeError as exc:
                raise ValueError(f"answer {text[:60]!r} is not a valid JSON list ({exc.msg})") from None
        else:
            value = [a for a in text.replace(";", ",").split(",") if a.strip()]
    if not isinstance(value, (list, tuple)) or not all(isinstance(a, str) for a in value):
        raise ValueError(f"answer must be a list of relation words, not {value!r}")
    words = sorted(a.strip().lower() for a in value)
    unknown = [w for w in words if w not in RELATION_WORDS]
    if unknown:
        raise ValueError(
            f"unknown relation word {unknown[0]!r} in answer (known: {', '.join(RELATION_WORDS)})"
        )
    return words


def _mention(name: str) -> str:
    """``"4"`` -> ``"object 4"``; ``"large red cube"`` -> ``"the large red cube"``."""
    if name.isdigit() or (len(name) <= 2 and name.isalnum()):
        return f"object {name}"
    return name if name.lower().startswith("the ") else f"the {name}"


def default_question(
    subject: str, reference: str, *, theta: float | None = None, direction: str = "left"
) -> str:
    """The ``cvt`` generator's question wording (``theta=None``: the top-down question).

    Example:
        >>> default_question("4", "1", theta=90, direction="right")[:52]
        'If the camera orbits 90 degrees to the right, what i'
    """
    s, r = _mention(subject), _mention(reference)
    if theta is None:
        return (
            f"If the camera orbits to a top-down view, what is the new spatial relationship of {s} "
            f"with respect to {r}? Choose from [left, right, north, south]. Multiple relations possible."
        )
    return (
        f"If the camera orbits {theta:g} degrees to the {direction}, what is the new spatial relationship "
        f"of {s} with respect to {r}? Choose from [left, right, front, behind]. Multiple relations possible."
    )


DEFAULT_COLUMNS = {
    k: k
    for k in (
        "id",
        "image",
        "question",
        "subject",
        "reference",
        "answer",
        "theta",
        "view",
        "direction",
        "scene",
        "density",
        "tracked",
        "objects",
    )
}


def parse_object_dictionary(value: Any) -> dict[str, Any] | None:
    """The record's tag -> description dictionary (a dict or a JSON object string), or None.

    Raises:
        ValueError: present but not a JSON object.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise ValueError(f"objects {value[:60]!r} is not a JSON object ({exc.msg})") from None
    if isinstance(value, list) and all(isinstance(v, dict) and "tag" in v for v in value):
        value = {str(v["tag"]): v.get("description", v.get("name")) for v in value}
    if not isinstance(value, dict):
        raise ValueError(f"objects must map tags to descriptions, not {type(value).__name__}")
    return {str(k): list(v) if isinstance(v, tuple) else v for k, v in value.items()}


class CVTReleaseBenchmark(BenchmarkBase):
    """Counterfactual-viewpoint questions from a file (seed 003 format, fields configurable)."""

    name = "cvt-release"
    description = "CVT-style question files (JSON/JSONL/parquet or hf:NAME): multi-label relations per view"

    def splits(self) -> list[str]:
        return ["all", "sparse", "dense", "orbit", "top-down", "tracked"]

    def tags(self, example: Example) -> list[str]:
        tags = ["top-down" if example.query.get("type") == "top_down" else "orbit"]
        if example.meta.get("density") in ("sparse", "dense"):
            tags.append(example.meta["density"])
        if example.meta.get("tracked"):
            tags.append("tracked")
        return tags

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        columns = resolve_columns(DEFAULT_COLUMNS, options.get("columns"), adapter=self.name)
        root = Path(options.get("image_root") or (source.parent if source.is_file() else Path.cwd()))
        origin = options.get("hf") or source
        unit = row_unit(origin)
        unique = UniqueIds()
        for number, row in iter_rows(origin):
            try:
                if isinstance(row, str):
                    raise ValueError(row)
                yield self._example(row, columns, root, unique)
            except (BenchmarkError, KeyError, TypeError, ValueError) as exc:
                yield BadLine(str(source), number, f"invalid record: {bad_reason(exc)}", unit)

    def _example(
        self, record: dict[str, Any], columns: dict[str, str], root: Path, unique: UniqueIds
    ) -> Example:
        def get(field: str) -> Any:
            return record.get(columns[field])

        def name(field: str) -> str:
            value = get(field)
            if value is None or isinstance(value, bool) or not str(value).strip():
                raise ValueError(f"no {field} (column {columns[field]!r})")
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            return str(value).strip()

        subject, reference = name("subject"), name("reference")
        answer = parse_relations(get("answer"))
        top = str(get("view") or "").replace("-", "_").lower() in ("top_down", "topdown", "top")
        if top:
            query: dict[str, Any] = {"type": "top_down", "subject": subject, "reference": reference}
            default_q = default_question(subject, reference)
        else:
            raw_theta = get("theta")
            if raw_theta is None or isinstance(raw_theta, bool) or str(raw_theta).strip() == "":
                raise ValueError(f"no theta (column {columns['theta']!r}) and the view is not top_down")
            try:
                theta = float(raw_theta)
            except (TypeError, ValueError):
                raise ValueError(f"theta {raw_theta!r} is not a number of degrees") from None
            if not math.isfinite(theta):
                raise ValueError(f"theta {raw_theta!r} is not a number of degrees")
            direction = str(get("direction") or "left").strip().lower()
            if direction not in ("left", "right"):
                raise ValueError(f"direction {direction!r} must be 'left' or 'right'")
            query = {
                "type": "orbit",
                "subject": subject,
                "reference": reference,
                "theta": theta,
                "direction": direction,
            }
            default_q = default_question(subject, reference, theta=theta, direction=direction)
        objects = parse_object_dictionary(get("objects"))
        image = get("image")
        images = [materialize_image(image, root)] if image else []
        image_key = image if isinstance(image, str) else (Path(images[0]).name if images else "")
        if get("id") not in (None, ""):
            example_id = str(get("id"))
        else:
            example_id = unique(stable_id(image_key, subject, reference, query, prefix="cvt-"))
        question = str(get("question") or default_q)
        meta = {k: get(k) for k in ("scene", "density", "tracked") if get(k) is not None}
        meta["scene_key"] = str(get("scene") or image_key)
        if objects:
            meta["object_dictionary"] = objects
            question = f"Scene Object Dictionary: {json.dumps(objects, ensure_ascii=False)}\n{question}"
        return Example(
            id=example_id,
            benchmark=self.name,
            family="cvt",
            images=images,
            question=question,
            query=query,
            answer=answer,
            meta=meta,
        )
