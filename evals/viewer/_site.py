"""Write the viewer as static files: ``index.html``, one page per example, the images (hard
links or copies, never inlined), a stylesheet and two scripts. Opens from ``file://``."""

from __future__ import annotations

import hashlib
import os
import shutil
import time
from pathlib import Path
from typing import Any

from spatioxolver.evals.viewer._assets import CSS, EXAMPLE_JS, INDEX_JS
from spatioxolver.evals.viewer._collect import Item, RunInfo, collect
from spatioxolver.evals.viewer._pages import example_page, index_page, outcome_code

from spatioxolver.errors import InputError

__all__ = ["write_viewer", "disagreement_flags"]


def disagreement_flags(item: Item, runs: list[RunInfo]) -> str:
    """``d`` when an agentic and a direct run of the same model, data and split give different
    answers; ``a`` when agentic is right there and direct wrong; ``r`` the other way round."""
    flags = set()
    by_family: dict[Any, dict[str, dict[str, Any]]] = {}
    for k, row in item.answers.items():
        by_family.setdefault(runs[k].family_key, {})[runs[k].graph] = row
    for graphs in by_family.values():
        agentic, direct = graphs.get("agentic"), graphs.get("direct")
        if agentic is None or direct is None:
            continue
        if agentic.get("value") != direct.get("value"):
            flags.add("d")
        a, d = outcome_code(agentic), outcome_code(direct)
        if a == "c" and d != "c":
            flags.add("a")
        if d == "c" and a != "c":
            flags.add("r")
    return "".join(f for f in "dar" if f in flags)


def _place_image(src: str, images_dir: Path, placed: dict[str, str]) -> str | None:
    """The image's path relative to the site root (linked or copied once); ``None`` when missing."""
    if src in placed:
        return placed[src]
    path = Path(src)
    if not path.is_file():
        placed[src] = None  # type: ignore[assignment]
        return None
    name = hashlib.sha1(str(path).encode("utf-8")).hexdigest()[:16] + path.suffix.lower()
    target = images_dir / name
    if not target.exists():
        try:
            os.link(path, target)
        except OSError:
            shutil.copyfile(path, target)
    placed[src] = f"images/{name}"
    return placed[src]


def write_viewer(run_dirs: list[str | Path], out: str | Path) -> dict[str, Any]:
    """Write the static viewer of ``run_dirs`` into ``out``; returns paths and counts.

    Raises:
        BenchmarkError: a directory is not a run directory.
        InputError: no run directory given, or ``out`` cannot be written.

    Example:
        >>> # write_viewer(["runs/demo/runs/ctr--geometric--agentic"], "runs/demo/viewer")
    """
    if not run_dirs:
        raise InputError(
            "no run directory given; pass one or more directories written by 'spatioxolver eval'"
        )
    start = time.perf_counter()
    runs, items, warnings = collect(run_dirs)
    root = Path(out)
    try:
        (root / "examples").mkdir(parents=True, exist_ok=True)
        (root / "images").mkdir(exist_ok=True)
        for stale in (root / "examples").glob("*.html"):
            stale.unlink()
        placed: dict[str, str] = {}
        rows = []
        missing = 0
        for n, item in enumerate(items):
            images = []
            for src in item.images:
                rel = _place_image(src, root / "images", placed)
                if rel is None:
                    missing += 1
                else:
                    images.append("../" + rel)
            prev_page = str(n - 1) if n > 0 else None
            next_page = str(n + 1) if n + 1 < len(items) else None
            page = example_page(item, runs, images, prev_page, next_page)
            (root / "examples" / f"{n}.html").write_text(page, encoding="utf-8")
            outcomes = "".join(outcome_code(item.answers.get(r.index)) for r in runs)
            rows.append(
                [
                    n,
                    item.id,
                    item.dataset,
                    item.category or "",
                    item.subcategory or "",
                    outcomes,
                    disagreement_flags(item, runs),
                ]
            )
        if missing:
            warnings.append(
                f"{missing} image file(s) named by the datasets are missing; their examples show none"
            )
        (root / "viewer.css").write_text(CSS, encoding="utf-8")
        (root / "index.js").write_text(INDEX_JS, encoding="utf-8")
        (root / "example.js").write_text(EXAMPLE_JS, encoding="utf-8")
        index = root / "index.html"
        index.write_text(index_page(runs, rows, warnings), encoding="utf-8")
    except OSError as exc:
        raise InputError(
            f"cannot write the viewer into {root}: {exc.strerror or exc}; pick another --out"
        ) from None
    return {
        "index": str(index),
        "examples": len(items),
        "runs": len(runs),
        "images": sum(1 for v in placed.values() if v),
        "index_bytes": index.stat().st_size,
        "seconds": round(time.perf_counter() - start, 3),
        "warnings": warnings,
    }
