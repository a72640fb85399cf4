"""CLEVR v1.0 as published: the official questions, or relation questions built from scenes.

The release unpacks to ``CLEVR_v1.0/{images,scenes,questions}/``: images in
``images/<split>/CLEVR_<split>_000000.png``, scenes in ``scenes/CLEVR_<split>_scenes.json``
(``{info, scenes[...]}``), questions in ``questions/CLEVR_<split>_questions.json``
(``{info, questions[{image_index, image_filename, question, answer, program,
question_family_index, ...}]}``).

* The ``CLEVR_v1.0`` folder or a ``*_questions.json`` file: the official questions, each
  with its published answer (yes/no, a count, or an attribute word) and scored as CLEVR
  scores them: the normalised answer must equal the gold answer exactly (query type
  ``clevr``, see :func:`spatioxolver.evals.metrics.scoring.clevr_answer`). The folder uses
  split ``val`` unless ``clevr_split`` (``--clevr-split``) names another.
* A ``*_scenes.json`` file: for each scene, up to ``per_scene`` (default 4) object pairs
  are drawn with a seeded generator; each gives "Is the <A> <relation> the <B>?" for one
  of left / right / front / behind, answered from ``relationships[rel][index(B)]`` (CLEVR:
  the objects that are ``rel`` of B). Objects whose description is not unique are never used.

Images are looked up in ``image_root`` (``--image-root``) when given, else in
``images/<split>/`` next to the ``scenes/`` or ``questions/`` folder (the published layout),
else in ``images/`` next to the file.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._base import BenchmarkBase
from spatioxolver.evals.benchmarks._tabular import bad_reason, iter_rows, row_unit
from spatioxolver.evals.example import Example, stable_id
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError, ConfigError

__all__ = ["CLEVRBenchmark", "RELATION_WORDS"]

RELATION_WORDS = {
    "left": "to the left of",
    "right": "to the right of",
    "front": "in front of",
    "behind": "behind",
}


def _describe(obj: dict[str, Any]) -> str:
    return (
        " ".join(str(obj.get(k, "")) for k in ("size", "color", "material", "shape"))
        .replace("  ", " ")
        .strip()
    )


def _image_dir(source: Path, split: str | None, given: Any) -> Path:
    """The folder of the images of ``split`` (see the module docstring).

    Raises:
        ConfigError: ``given`` is not an existing directory.
    """
    if given:
        root = Path(str(given)).expanduser()
        if not root.is_dir():
            raise ConfigError(f"--image-root {given}: no such directory")
        return (root / split).resolve() if split and (root / split).is_dir() else root.resolve()
    release = source.parent.parent if source.parent.name in ("scenes", "questions") else source.parent
    for base in (release / "images", source.parent / "images"):
        if split and (base / split).is_dir():
            return (base / split).resolve()
        if base.is_dir():
            return base.resolve()
    return (release / "images" / (split or "")).resolve()


def _split_of(source: Path, rows_split: Any) -> str | None:
    if isinstance(rows_split, str) and rows_split:
        return rows_split
    m = re.match(r"CLEVR_([A-Za-z]+)_(?:scenes|questions)", source.name)
    return m.group(1) if m else None


class CLEVRBenchmark(BenchmarkBase):
    """Relation questions built from CLEVR ``*_scenes.json`` and its images."""

    name = "clevr"
    description = (
        "CLEVR v1.0 (folder or *_questions.json: official questions and answers; "
        "*_scenes.json: yes/no relation questions from `relationships`)"
    )
    split_patterns = (r"family-\d+",)

    def splits(self) -> list[str]:
        return ["all", *RELATION_WORDS, "yes-no", "count", "attribute"]

    def tags(self, example: Example) -> list[str]:
        if example.query.get("type") == "clevr":
            tags = [example.query.get("answer_kind", "")]
            if example.query.get("family") is not None:
                tags.append(f"family-{example.query['family']}")
            return tags
        return [example.query.get("relation", "")]

    def _file(self, source: Path, options: dict[str, Any]) -> Path:
        """The questions file of a ``CLEVR_v1.0`` folder, or ``source`` itself."""
        if not source.is_dir():
            return source
        split = str(options.get("clevr_split") or "val")
        for candidate in (
            source / "questions" / f"CLEVR_{split}_questions.json",
            source / "CLEVR_v1.0" / "questions" / f"CLEVR_{split}_questions.json",
            source / "scenes" / f"CLEVR_{split}_scenes.json",
            source / "CLEVR_v1.0" / "scenes" / f"CLEVR_{split}_scenes.json",
        ):
            if candidate.is_file():
                return candidate
        raise BenchmarkError(
            f"{source}: no questions/CLEVR_{split}_questions.json or scenes/CLEVR_{split}_scenes.json "
            "(point at the unpacked CLEVR_v1.0 folder or at one of those files)"
        )

    def detect(self, source: Path) -> bool:
        if source.is_dir():
            return any(
                (source / sub / "questions").is_dir() or (source / sub / "scenes").is_dir()
                for sub in ("", "CLEVR_v1.0")
            ) and any(source.glob("**/CLEVR_*_*.json"))
        name = source.name.lower()
        return source.is_file() and source.suffix == ".json" and ("scenes" in name or "questions" in name)

    def index_files(self, source: str | Path) -> list[Path]:
        path = Path(source)
        try:
            return [self._file(path, {})] if path.exists() else []
        except BenchmarkError:
            return []

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        source = self._file(source, options)
        if "questions" in source.name.lower():
            yield from self._questions(source, options)
            return
        image_root = _image_dir(source, _split_of(source, None), options.get("image_root"))
        per_scene = int(options.get("per_scene") or 4)
        rng = random.Random(int(options.get("seed") or 0))
        for number, scene in iter_rows(source, records_key="scenes"):
            try:
                if isinstance(scene, str):
                    raise ValueError(scene)
                objects = scene["objects"]
                rels = scene["relationships"]
                descs = [_describe(o) for o in objects]
                counts = Counter(descs)
                usable = [i for i, d in enumerate(descs) if counts[d] == 1]
                pairs = [(a, b) for a in usable for b in usable if a != b]
                rng.shuffle(pairs)
                filename = scene.get("image_filename") or f"{scene.get('image_index', number)}.png"
                split_dir = (
                    image_root / scene["split"]
                    if scene.get("split") and (image_root / str(scene["split"])).is_dir()
                    else image_root
                )
                image = str((split_dir / filename).resolve())
                for a, b in pairs[:per_scene]:
                    relation = rng.choice(sorted(RELATION_WORDS))
                    answer = a in rels[relation][b]
                    yield Example(
                        id=stable_id(filename, a, b, relation, prefix="clevr-"),
                        benchmark=self.name,
                        family="clevr",
                        images=[image],
                        question=f"Is the {descs[a]} {RELATION_WORDS[relation]} the {descs[b]}? Answer yes or no.",
                        query={
                            "type": "yes_no",
                            "relation": relation,
                            "subject": descs[a],
                            "reference": descs[b],
                        },
                        answer=answer,
                        meta={
                            "scene_inline": scene,
                            "image_filename": filename,
                            "world_prior": _CLEVR_PRIOR(),
                        },
                    )
            except (KeyError, IndexError, TypeError, ValueError) as exc:
                yield BadLine(str(source), number, f"invalid scene: {bad_reason(exc)}", row_unit(source))

    def _questions(self, source: Path, options: dict[str, Any]) -> Iterator[Example | BadLine]:
        """The official questions of a ``CLEVR_<split>_questions.json`` file."""
        try:
            data = json.loads(source.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            hint = (
                "; a JSON Lines file is not a CLEVR release (check --benchmark)"
                if source.suffix.lower() == ".jsonl" or "Extra data" in str(exc)
                else ""
            )
            raise BenchmarkError(f"{source}: unreadable JSON ({exc}){hint}") from None
        questions = data.get("questions") if isinstance(data, dict) else None
        if not isinstance(questions, list):
            raise BenchmarkError(
                f"{source}: expected {{info, questions[...]}} (the official CLEVR questions file)"
            )
        image_root = _image_dir(source, _split_of(source, None), options.get("image_root"))
        for number, q in enumerate(questions, start=1):
            try:
                if not isinstance(q, dict):
                    raise ValueError(f"expected an object, got {type(q).__name__}")
                question = str(q["question"]).strip()
                if "answer" not in q:
                    raise KeyError("answer")
                answer = normalize_clevr(q["answer"])
                if not question or not answer:
                    raise ValueError("empty question or answer")
                filename = q.get("image_filename") or (
                    f"CLEVR_{q.get('split') or _split_of(source, None)}_{int(q['image_index']):06d}.png"
                )
                split = q.get("split")
                folder = image_root / split if split and (image_root / split).is_dir() else image_root
                index = q.get("question_index", number - 1)
                yield Example(
                    id=f"clevr-{_split_of(source, split) or 'q'}-{index}",
                    benchmark=self.name,
                    family="clevr",
                    images=[str((folder / filename).resolve())],
                    question=f"{question} Answer with a single word or number.",
                    query={
                        "type": "clevr",
                        "answer_kind": answer_kind(answer),
                        "family": q.get("question_family_index"),
                    },
                    answer=answer,
                    meta={
                        "image_filename": filename,
                        "image_index": q.get("image_index"),
                        "question_family_index": q.get("question_family_index"),
                        "world_prior": _CLEVR_PRIOR(),  # CLEVR's own renders: its world
                    },
                )
            except (KeyError, TypeError, ValueError) as exc:
                yield BadLine(str(source), number, f"invalid question: {bad_reason(exc)}", "record")


def _CLEVR_PRIOR() -> dict[str, Any]:  # noqa: N802 - reads as the constant it stands for
    from spatioxolver.world import WorldPrior

    return WorldPrior.clevr().to_dict()


def normalize_clevr(value: Any) -> str:
    """A CLEVR answer as the official evaluation compares it: lower-case, trimmed, booleans as
    ``yes``/``no``, whole numbers as digits (``3``, ``3.0`` -> ``"3"``)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)) and float(value).is_integer():
        return str(int(value))
    return " ".join(str(value).strip().lower().split())


def answer_kind(answer: str) -> str:
    """``yes-no``, ``count`` or ``attribute`` (the CLEVR answer families)."""
    if answer in ("yes", "no"):
        return "yes-no"
    return "count" if answer.isdigit() else "attribute"
