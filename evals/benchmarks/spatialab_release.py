"""SpatiaLab release files on disk (parquet / JSON / JSONL) or ``hf:`` datasets.

The mapping from our field names to the file's columns comes from a preset per known
layout (:data:`PRESETS`, picked by the columns of each row, so a file may mix layouts) and can be overridden
key by key (``columns={"question": "prompt", ...}``, or ``--columns`` on the CLI). Options
may be one column (a list, a JSON list string or ``"1. a\n2. b"`` text) or spread over
several columns (``columns={"options": ["A", "B", "C", "D"]}``; the presets recognise
``A``-``D``, ``option1``-``option4``, ``option_1``-``option_4`` and ``choice1``-``choice4``).
Each row yields an MCQ example when it has options and a gold option, and an open-ended
example when it has a gold open answer.
"""

from __future__ import annotations

import json
import re
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
from spatioxolver.evals.benchmarks.spatialab import spatialab_splits, spatialab_tags, spatialab_transform
from spatioxolver.evals.example import Example, stable_id
from spatioxolver.evals.manifest import BadLine

from spatioxolver.errors import BenchmarkError, ConfigError

__all__ = ["SpatiaLabReleaseBenchmark", "DEFAULT_COLUMNS", "parse_options", "parse_gold_option"]

DEFAULT_COLUMNS: dict[str, str] = {
    "id": "question_id",
    "image": "image",
    "question": "question",
    "options": "options",
    "gold_option": "correct_option",
    "open_answer": "open_answer",
    "category": "category",
    "subcategory": "subcategory",
}

#: Known layouts: the field -> column mapping of each (``question_id`` ... is the fixture in
#: ``evals/fixtures/spatialab_release/``; ``hf`` the Hugging Face parquet export with an
#: ``image`` struct ``{bytes, path}``, an ``options`` list and an integer ``answer`` 1-4).
PRESETS: dict[str, dict[str, Any]] = {
    "fixture": DEFAULT_COLUMNS,
    "hf": {
        "id": "id",
        "image": "image",
        "question": "question",
        "options": "options",
        "gold_option": "answer",
        "open_answer": "open_answer",
        "category": "category",
        "subcategory": "subcategory",
    },
}
#: Alternative column names the presets accept for a field (the first present one is used).
ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("question_id", "id", "qid", "idx", "index"),
    "image": ("image", "image_path", "img", "image_file"),
    "question": ("question", "prompt", "query"),
    "options": ("options", "choices", "answer_options"),
    "gold_option": ("correct_option", "answer", "answer_idx", "answer_index", "label", "correct_answer"),
    "open_answer": ("open_answer", "open_ended_answer", "answer_open", "free_form_answer", "gt_answer"),
    "category": ("category", "main_category"),
    "subcategory": ("subcategory", "sub_category", "subcategory_name"),
}
SPREAD_OPTIONS = (
    ("A", "B", "C", "D"),
    ("option1", "option2", "option3", "option4"),
    ("option_1", "option_2", "option_3", "option_4"),
    ("choice1", "choice2", "choice3", "choice4"),
)


def layout_columns(row: dict[str, Any], given: Any = None) -> dict[str, Any]:
    """The field -> column mapping for a row with the columns of ``row``: each field's first
    alias present in the row (options spread over columns when there is no options column),
    then the user's ``given`` mapping on top.

    Raises:
        ConfigError: a bad ``given`` mapping (unknown key, a value that is not a column name;
            ``options`` may also be a list of column names).

    Example:
        >>> layout_columns({"id": 1, "question": "q", "A": "x", "B": "y", "C": "z", "D": "w", "answer": 2})["options"]
        ['A', 'B', 'C', 'D']
    """
    mapping: dict[str, Any] = dict(DEFAULT_COLUMNS)
    for field, names in ALIASES.items():
        present = next((n for n in names if n in row), None)
        if present is not None:
            mapping[field] = present
    if not any(n in row for n in ALIASES["options"]):
        for spread in SPREAD_OPTIONS:
            if all(c in row for c in spread):
                mapping["options"] = list(spread)
                break
    has_options = isinstance(mapping["options"], list) or mapping["options"] in row
    if not has_options and mapping["open_answer"] not in row and "answer" in row:
        mapping["open_answer"], mapping["gold_option"] = "answer", "correct_option"  # an open-form-only file
    if given is not None:
        spread = given.get("options") if isinstance(given, dict) else None
        if isinstance(spread, list):
            if not spread or not all(isinstance(c, str) and c.strip() for c in spread):
                raise ConfigError("--columns: 'options' must be a column name or a list of column names")
            given = {k: v for k, v in given.items() if k != "options"}
            mapping["options"] = spread
        resolve_columns(DEFAULT_COLUMNS, given, adapter="spatialab-release")  # validates
        mapping.update(given)
    return mapping


MCQ_SUFFIX = "\nAnswer with the option number only."


def parse_options(value: Any) -> list[str]:
    """Options as a list: a list, a JSON list string, or ``"1. a\\n2. b"`` text."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    text = str(value).strip()
    if text.startswith("["):
        try:
            parsed = json.loads(text)
            if isinstance(parsed, list):
                return [str(v) for v in parsed]
        except json.JSONDecodeError:
            pass
    parts = re.split(r"(?:^|\n|\s)\(?([1-9]|[A-Ha-h])[.):]\s+", text)
    if len(parts) >= 3:
        return [p.strip() for p in parts[2::2]]
    return [p.strip() for p in text.split("\n") if p.strip()]


def parse_gold_option(value: Any, options: list[str], *, base: int = 1) -> int | None:
    """Gold option as a 1-based number, or None when the cell is empty.

    Accepted: a number (``2``, ``2.0``, ``"2"``, ``"2.0"``, ``"(2)"``, ``"option 2"``), read
    with ``base`` (1: ``1`` is the first option, the default; 0: ``0`` is the first
    option); a letter ``A``-``Z`` (``"B"``, ``"(b)"``; always ``A`` = first option,
    whatever ``base``); or the exact text of an option (case-insensitive).

    Raises:
        ValueError: the value is out of range for ``options``, not integral, or none of
            the above.

    Example:
        >>> parse_gold_option("B", ["yes", "no"]), parse_gold_option(2.0, ["yes", "no"])
        (2, 2)
        >>> parse_gold_option("0", ["yes", "no"], base=0)
        1
    """
    if base not in (0, 1):
        raise ValueError(f"option_base must be 0 or 1, not {base!r}")
    if value is None or isinstance(value, bool):
        if isinstance(value, bool):
            raise ValueError(f"gold option {value!r} is not an option number, letter or text")
        return None
    if isinstance(value, float) and value != value:  # NaN: an empty cell in a pandas/parquet column
        return None
    n = len(options)
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return None
    else:
        text = str(value)
    number: float | None = None
    if isinstance(value, (int, float)):
        number = float(value)
    else:
        m = re.fullmatch(r"\(?(?:option\s*)?([+-]?\d+(?:\.\d+)?)\)?\.?", text, flags=re.I)
        if m:
            number = float(m.group(1))
    if number is not None:
        if not number.is_integer():
            raise ValueError(f"gold option {value!r} is not a whole option number")
        first = base
        last = n - 1 + base
        if not first <= number <= last:
            raise ValueError(
                f"gold option {value!r} is out of range: {n} options numbered {first}..{last} "
                f"(option_base {base})"
            )
        return int(number) - base + 1
    m = re.fullmatch(r"\(?([A-Za-z])\)?\.?", text)
    if m:
        index = ord(m.group(1).upper()) - ord("A") + 1
        if not 1 <= index <= n:
            letters = f"A..{chr(ord('A') + n - 1)}" if n else "none"
            raise ValueError(f"gold option {value!r} is out of range: {n} options lettered {letters}")
        return index
    lowered = [o.strip().lower() for o in options]
    if text.lower() in lowered:
        return lowered.index(text.lower()) + 1
    raise ValueError(f"gold option {value!r} is not an option number, letter or the text of an option")


class SpatiaLabReleaseBenchmark(BenchmarkBase):
    """The SpatiaLab release with a configurable column mapping."""

    name = "spatialab-release"
    description = (
        "SpatiaLab release file (parquet/JSON/JSONL or hf:NAME) with configurable columns (seed 004)"
    )
    split_patterns = (r"[a-z0-9-]+",)

    def splits(self) -> list[str]:
        return spatialab_splits()

    def protocol_splits(self) -> set[str]:
        return {"balanced"}

    def transform(self, examples: list[Example], protocol: list[str], **options: Any) -> list[Example]:
        return spatialab_transform(examples, protocol, **options)

    def tags(self, example: Example) -> list[str]:
        return spatialab_tags(example)

    def detect(self, source: Path) -> bool:
        return (
            source.is_file()
            and source.suffix.lower() in (".parquet", ".jsonl", ".json")
            and ("spatialab" in source.name.lower())
        )

    def _examples(self, source: Path, *, strict: bool, **options: Any) -> Iterator[Example | BadLine]:
        given = options.get("columns")
        if given is not None and not isinstance(given, dict):
            resolve_columns(DEFAULT_COLUMNS, given, adapter=self.name)  # raises the one-line error
        base = options.get("option_base", 1)
        if isinstance(base, bool) or base not in (0, 1):
            raise ConfigError(f"option_base must be 0 or 1, not {base!r}")
        root = Path(options.get("image_root") or (source.parent if source.is_file() else Path.cwd()))
        origin = options.get("hf") or source
        unit = row_unit(origin)
        unique = UniqueIds()
        by_keys: dict[frozenset[str], dict[str, Any]] = {}  # each row's own layout (files mix them)
        for number, row in iter_rows(origin):
            if not isinstance(row, dict):
                yield BadLine(str(source), number, str(row), unit)
                continue
            keys = frozenset(row)
            if keys not in by_keys:
                by_keys[keys] = layout_columns(row, given)
            columns = by_keys[keys]
            try:
                # Build the whole row first so a bad row yields nothing but its BadLine.
                yield from list(self._row_examples(row, number, columns, root, int(base), unique))
            except (BenchmarkError, KeyError, TypeError, ValueError) as exc:
                yield BadLine(str(source), number, f"invalid row: {bad_reason(exc)}", unit)

    def _row_examples(
        self,
        row: dict[str, Any],
        number: int,
        columns: dict[str, str],
        root: Path,
        base: int = 1,
        unique: UniqueIds | None = None,
    ) -> Iterator[Example]:
        def get(field: str) -> Any:
            column = columns.get(field, field)
            if isinstance(column, list):
                values = [row.get(c) for c in column]
                return [v for v in values if v is not None and str(v).strip()]
            return row.get(column)

        question = get("question")
        if not isinstance(question, str) or not question.strip():
            what = (
                "no question" if question is None or not str(question).strip() else f"{question!r}, not text,"
            )
            raise ValueError(
                f"{what} in column {columns['question']!r}, where the question text belongs "
                f"(columns in the file: {', '.join(map(str, row))})"
            )
        question = question.strip()
        image = get("image")
        if isinstance(image, str) and image.strip() in ("", "."):
            raise ValueError(f"no image in column {columns['image']!r} (the value is {image!r})")
        images = [materialize_image(image, root)] if image is not None else []
        category, subcategory = get("category"), get("subcategory")
        options = parse_options(get("options"))
        if not options and get("options") is not None and get("gold_option") is not None:
            raise ValueError(
                f"no options in column {columns['options']!r} for gold option {get('gold_option')!r}"
            )
        gold = parse_gold_option(get("gold_option"), options, base=base)
        if get("id") not in (None, ""):
            base_id = str(get("id"))
        else:
            # Content-derived: re-sorting or filtering the file keeps every id.
            image_key = image if isinstance(image, str) else (Path(images[0]).name if images else "")
            base_id = stable_id(str(question), image_key, options, prefix="sl-")
            base_id = (unique or UniqueIds())(base_id)
        produced = False
        if options and gold is not None:
            numbered = "\n".join(f"{i}. {o}" for i, o in enumerate(options, start=1))
            yield Example(
                id=f"{base_id}:mcq",
                benchmark=self.name,
                family="spatialab",
                images=images,
                question=f"{question}\n{numbered}{MCQ_SUFFIX}",
                query={"type": "mcq", "category": category, "subcategory": subcategory},
                answer=gold,
                choices=options,
                category=category,
                subcategory=subcategory,
                meta={"row": number},
            )
            produced = True
        open_answer = get("open_answer")
        if open_answer not in (None, ""):
            yield Example(
                id=f"{base_id}:open",
                benchmark=self.name,
                family="spatialab",
                images=images,
                question=str(question),
                query={"type": "open", "category": category, "subcategory": subcategory},
                answer=str(open_answer),
                category=category,
                subcategory=subcategory,
                meta={"row": number},
            )
            produced = True
        if not produced:
            raise ValueError(
                "row has neither options + gold option nor an open answer (columns used: "
                f"options={columns['options']!r}, gold_option={columns['gold_option']!r}, "
                f"open_answer={columns['open_answer']!r}; columns in the file: {', '.join(map(str, row))}; "
                "map them with --columns)"
            )
