"""The spatial-inconsistency release (seed 002): ``public_eval_annotations.json`` + pair folders.

The published repository (``UCDvision/spatial-incon``) has the annotation file at its root,
``{version, description, records[...], groupings{...}}``, and the images at
``data/benchmark/<pair_id>/A.jpg`` and ``B.jpg``; each record's ``a_path`` / ``b_path`` is
relative to that pair root. The pair root is ``image_root`` (``--image-root``) or
``pair_root`` when given, else ``data/benchmark`` next to the annotation file when the
first record's image is there, else the annotation file's folder. Gold is
``moved_object_letter``; chance for a record is ``1 / num_labels``. Every record keeps the
release's six groupings (depth, lighting, plausibility buckets, ``num_labels``,
``object_class``, ``scene_class``) in ``meta``; a ``groupings`` object of the form
``{name: {value: [pair_id, ...]}}`` fills a grouping a record does not carry itself.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from spatioxolver.evals.benchmarks._base import BenchmarkBase
from spatioxolver.evals.benchmarks._buckets import KNOWN_BUCKET_SPLITS, bucket_tags
from spatioxolver.evals.benchmarks._tabular import bad_reason
from spatioxolver.evals.example import Example
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError, ConfigError

__all__ = ["InconsistencyReleaseBenchmark", "SEED_PROMPT"]

#: The forced-choice prompt of seed 002, App. B.2.
SEED_PROMPT = (
    "Here are two photos of a static scene from different views. However, in between taking the "
    "photos, I edited the second image such that, for one object, its positioning is inconsistent "
    "with the camera motion between the two frames. Which letter marks the modified object? Please "
    "use the labels from the first image.\nFormat your reply exactly as:\nFinal Answer: <LETTER>\n"
    "...where <LETTER> is ONE capital letter A to Z only. Do not write anything else."
)

ANNOTATION_FILE = "public_eval_annotations.json"
#: Where the published repository keeps the pair folders, relative to the annotation file.
RELEASE_PAIR_DIR = ("data", "benchmark")
_META_KEYS = (
    "scene_id",
    "mode",
    "num_labels",
    "depth_bucket",
    "lighting_bucket",
    "plausibility_bucket",
    "scene_class",
    "object_class",
    "moved_object_id",
)


def _groupings_index(data: Any) -> dict[str, dict[str, str]]:
    """``pair_id -> {meta key: value}`` from a ``groupings`` object ``{name: {value: [ids]}}``
    (other shapes carry no per-record membership and are ignored)."""
    out: dict[str, dict[str, str]] = {}
    groupings = data.get("groupings") if isinstance(data, dict) else None
    if not isinstance(groupings, dict):
        return out
    for name, values in groupings.items():
        if not isinstance(values, dict):
            continue
        key = str(name)
        key = f"{key}_bucket" if key in ("depth", "lighting", "plausibility") else key
        for value, members in values.items():
            if isinstance(members, list):
                for pair_id in members:
                    out.setdefault(str(pair_id), {})[key] = value
    return out


def pair_root(annotation: Path, first: dict[str, Any] | None, given: Any = None) -> Path:
    """The folder ``a_path`` / ``b_path`` are relative to (see the module docstring).

    Raises:
        ConfigError: ``given`` is not an existing directory.
    """
    if given:
        root = Path(str(given)).expanduser()
        if not root.is_dir():
            raise ConfigError(
                f"--image-root {given}: no such directory (give the folder holding <pair_id>/A.jpg)"
            )
        return root.resolve()
    candidates = [annotation.parent.joinpath(*RELEASE_PAIR_DIR), annotation.parent]
    rel = (first or {}).get("a_path")
    if not isinstance(rel, str):
        return next((c for c in candidates if c.is_dir()), annotation.parent).resolve()
    for candidate in candidates:
        if (candidate / rel).is_file():
            return candidate.resolve()
    # Not there (yet): every row becomes a "missing image" error row, which fails the run loudly.
    return next((c for c in candidates if c.is_dir()), annotation.parent).resolve()


class InconsistencyReleaseBenchmark(BenchmarkBase):
    """Forced choice A..Z over labelled objects of the first view."""

    name = "inconsistency-release"
    description = "spatial-inconsistency release (public_eval_annotations.json + pair folders, seed 002)"
    split_patterns = (r"(depth|lighting|plausibility)-[A-Za-z0-9_]+",)

    def splits(self) -> list[str]:
        return ["all", *KNOWN_BUCKET_SPLITS]

    def tags(self, example: Example) -> list[str]:
        return bucket_tags(example.meta)

    def _annotation(self, source: Path) -> Path:
        return source / ANNOTATION_FILE if source.is_dir() else source

    def detect(self, source: Path) -> bool:
        path = self._annotation(source)
        if not path.is_file() or path.suffix != ".json":
            return False
        if path.name == ANNOTATION_FILE:
            return True
        with path.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(4096)
        return '"moved_object_letter"' in head

    def index_files(self, source: str | Path) -> list[Path]:
        return [self._annotation(Path(source))]

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        import json

        annotation = self._annotation(source)
        try:
            data = json.loads(annotation.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise BenchmarkError(f"{annotation}: unreadable JSON ({exc})") from None
        records = data.get("records") if isinstance(data, dict) else data
        if not isinstance(records, list):
            raise BenchmarkError(
                f"{annotation}: expected an object with a 'records' list (or a list of records)"
            )
        first = next((r for r in records if isinstance(r, dict)), None)
        root = pair_root(annotation, first, options.get("image_root") or options.get("pair_root"))
        extra = _groupings_index(data)
        for number, row in enumerate(records, start=1):
            try:
                if not isinstance(row, dict):
                    raise ValueError(f"expected an object, got {type(row).__name__}")
                num_labels = int(row["num_labels"])
                if not 1 <= num_labels <= 26:
                    raise ValueError(f"num_labels {num_labels} outside 1..26")
                letter = str(row["moved_object_letter"]).strip().upper()
                labels = list(string.ascii_uppercase[:num_labels])
                if letter not in labels:
                    raise ValueError(f"moved_object_letter {letter!r} not among the {num_labels} labels")
                pair_id = str(row["pair_id"])
                meta = {**extra.get(pair_id, {}), **{k: row[k] for k in _META_KEYS if row.get(k) is not None}}
                for view in ("A", "B", "C"):
                    if isinstance(row.get(view), dict):
                        meta[f"view_{view}"] = row[view]
                yield Example(
                    id=pair_id,
                    benchmark=self.name,
                    family="inconsistency",
                    images=[str((root / row["a_path"]).resolve()), str((root / row["b_path"]).resolve())],
                    question=SEED_PROMPT,
                    query={"type": "inconsistent_object", "labels": labels},
                    answer=letter,
                    meta=meta,
                )
            except (KeyError, TypeError, ValueError) as exc:
                yield BadLine(str(annotation), number, f"invalid record: {bad_reason(exc)}", "record")
