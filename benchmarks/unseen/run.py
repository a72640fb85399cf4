"""Ask the offline engine about images other code drew, and score its answers.

Usage::

    python benchmarks/unseen/run.py [FAMILY ...] [--seeds 2 3] [--out runs/unseen] [--max-images N]
    python benchmarks/unseen/run.py --list
    python benchmarks/unseen/run.py diff OLD_DIR NEW_DIR [FAMILY ...]

Each family (``families/*.py``) draws its images with its own code and keeps its own truth
and wording; the runner asks ``spatioxolver.ask(image, question)`` with the default
``geometric`` model and writes one JSON file per family and seed under ``--out``
(``<family>_s<seed>.json``: every question with its answer and verdict), then prints a
table of right / wrong / abstained / unsupported / error. ``diff`` lists the questions whose
verdict changed between two runs. Seeds 0–1 are for looking at; measure on others.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import shutil
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from score import VERDICTS, tally, verdict  # noqa: E402


def families() -> dict[str, ModuleType]:
    """Every family module under ``families/``, by its ``FAMILY`` name."""
    found = {}
    for path in sorted((HERE / "families").glob("*.py")):
        if path.stem.startswith("_"):
            continue
        module = importlib.import_module(f"families.{path.stem}")
        found[module.FAMILY] = module
    return found


def missing_needs(module: ModuleType) -> list[str]:
    """What a family draws with that this machine lacks (``bin:NAME`` is a program)."""
    missing = []
    for need in getattr(module, "NEEDS", ()):
        if need.startswith("bin:"):
            if shutil.which(need[4:]) is None:
                missing.append(need)
        elif importlib.util.find_spec(need) is None:
            missing.append(need)
    return missing


def ask_one(image: Path, question: str) -> dict[str, Any]:
    """One question's answer as a plain record (exceptions become ``unsupported``/``error``)."""
    import spatioxolver
    from spatioxolver.errors import UnsupportedQuestionError

    start = time.perf_counter()
    try:
        answer = spatioxolver.ask(str(image), question)
    except UnsupportedQuestionError as exc:
        return {"outcome": "unsupported", "text": str(exc)[:200], "seconds": time.perf_counter() - start}
    except Exception as exc:  # a probe reports every failure and goes on
        return {
            "outcome": "error",
            "text": f"{type(exc).__name__}: {exc}"[:300],
            "seconds": time.perf_counter() - start,
        }
    return {
        "outcome": "answer",
        "text": answer.text,
        "value": answer.value,
        "abstained": answer.abstained,
        "no_answer": answer.no_answer,
        "confidence": answer.confidence,
        "seconds": time.perf_counter() - start,
    }


def run_family(
    name: str, module: ModuleType, seed: int, out: Path, max_images: int | None
) -> list[dict[str, Any]]:
    image_dir = out / "images" / f"{name}_s{seed}"
    image_dir.mkdir(parents=True, exist_ok=True)
    items = module.make(seed, image_dir)
    images = list(dict.fromkeys(item["image"] for item in items))
    if max_images is not None:
        keep = set(images[:max_images])
        items = [item for item in items if item["image"] in keep]
        images = images[:max_images]
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    for n, image in enumerate(images, 1):
        for item in (i for i in items if i["image"] == image):
            got = ask_one(image_dir / image, item["question"])
            if got["outcome"] == "answer":
                got["verdict"] = verdict(
                    item["truth"],
                    value=got.get("value"),
                    text=got.get("text", ""),
                    abstained=bool(got.get("abstained")),
                    no_answer=got.get("no_answer"),
                )
            else:
                got["verdict"] = got["outcome"]
            records.append({"family": name, "seed": seed, **item, **got})
        elapsed = time.perf_counter() - start
        eta = elapsed / n * (len(images) - n)
        line = f"  {name} s{seed}: image {n}/{len(images)}  {elapsed:5.0f} s, about {eta:4.0f} s left"
        if sys.stdout.isatty():
            print("\r" + line, end="", flush=True)
        elif n % 10 == 0 or n == len(images):
            print(line, flush=True)
    if sys.stdout.isatty():
        print()
    (out / f"{name}_s{seed}.json").write_text(json.dumps(records, indent=1, default=str))
    return records


def print_table(rows: list[tuple[str, dict[str, int]]]) -> None:
    print(f"{'family':<24}" + "".join(f"{v:>12}" for v in VERDICTS) + f"{'% right':>9}")
    for label, counts in rows:
        total = sum(counts.values())
        pct = 100.0 * counts["right"] / total if total else 0.0
        print(f"{label:<24}" + "".join(f"{counts[v]:>12}" for v in VERDICTS) + f"{pct:>9.1f}")


def diff(old: Path, new: Path, names: list[str]) -> int:
    """Print every question whose verdict differs between two run folders."""
    changed = 0
    for path in sorted(new.glob("*_s*.json")):
        if names and not any(path.name.startswith(f"{n}_s") for n in names):
            continue
        before_path = old / path.name
        if not before_path.exists():
            print(f"{path.name}: not in {old}")
            continue
        before = {(r["image"], r["question"]): r for r in json.loads(before_path.read_text())}
        for r in json.loads(path.read_text()):
            b = before.get((r["image"], r["question"]))
            if b is not None and b["verdict"] != r["verdict"]:
                changed += 1
                print(
                    f"{path.stem} {r['image']}: {r['question']!r}: {b['verdict']} -> {r['verdict']}"
                    f"  ({str(b.get('text'))[:60]!r} -> {str(r.get('text'))[:60]!r})"
                )
    print(f"{changed} question(s) changed verdict")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["diff"]:
        if len(args) < 3:
            print("usage: run.py diff OLD_DIR NEW_DIR [FAMILY ...]", file=sys.stderr)
            return 2
        return diff(Path(args[1]), Path(args[2]), args[3:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "family", nargs="*", help="families to run (default: every family this machine can draw)"
    )
    parser.add_argument("--seeds", type=int, nargs="+", default=[2, 3])
    parser.add_argument("--out", type=Path, default=Path("runs/unseen"))
    parser.add_argument("--max-images", type=int, default=None, help="first N images of each family and seed")
    parser.add_argument("--list", action="store_true", help="list the families and what each needs")
    opts = parser.parse_args(args)
    known = families()
    if opts.list:
        for name, module in known.items():
            missing = missing_needs(module)
            state = f"missing {', '.join(missing)}" if missing else "ready"
            print(f"{name:<20} {state:<28} {(module.__doc__ or '').strip().splitlines()[0]}")
        return 0
    unknown = [n for n in opts.family if n not in known]
    if unknown:
        print(f"unknown family {', '.join(unknown)}; known: {', '.join(known)}", file=sys.stderr)
        return 2
    rows = []
    for name in opts.family or list(known):
        missing = missing_needs(known[name])
        if missing:
            print(f"skipping {name}: needs {', '.join(missing)}")
            continue
        for seed in opts.seeds:
            records = run_family(name, known[name], seed, opts.out, opts.max_images)
            rows.append((f"{name} s{seed}", tally(records)))
    if rows:
        print_table(rows)
        summary_path = opts.out / "summary.json"
        summary = json.loads(summary_path.read_text()) if summary_path.exists() else {}
        summary.update({label: counts for label, counts in rows})
        summary_path.write_text(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
