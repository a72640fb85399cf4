"""Run a family generator over K scenes in a process pool and write ``manifest.jsonl``.

Every scene ``i`` draws from its own ``numpy`` generator seeded with ``(seed, i)``, so the
output does not depend on the number of workers or on scheduling: the same seed and
options give byte-identical files. Manifest lines are written in scene order after all
scenes finish (atomically, via a temporary file).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

from spatioxolver.errors import InputError
from spatioxolver.scenes._io import dumps, write_json
from spatioxolver.world import WorldPrior

__all__ = ["FAMILIES", "generate", "family_module"]

FAMILIES: tuple[str, ...] = ("ctr", "cvt", "inconsistency", "spatialab")
_OUTPUTS = ("manifest.jsonl", "generation.json", "images", "scenes", "masks", "depth")


def family_module(family: str) -> ModuleType:
    """The generator module of ``family`` (raises InputError for an unknown one)."""
    if family == "ctr":
        from spatioxolver.scenes import _gen_ctr as mod
    elif family == "cvt":
        from spatioxolver.scenes import _gen_cvt as mod
    elif family == "inconsistency":
        from spatioxolver.scenes import _gen_inconsistency as mod
    elif family == "spatialab":
        from spatioxolver.scenes import _gen_spatialab as mod
    else:
        raise InputError(f"unknown family {family!r}; choose one of {', '.join(FAMILIES)}")
    return mod


def _prepare_out(out_dir: Path, overwrite: bool) -> None:
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError(f"--out {out_dir} exists and is not a directory; choose another path")
    if out_dir.is_dir() and any(out_dir.iterdir()):
        if not overwrite:
            raise InputError(f"--out {out_dir} is not empty; pass --overwrite or choose an empty directory")
        for name in _OUTPUTS:
            p = out_dir / name
            try:
                if p.is_dir():
                    shutil.rmtree(p)
                elif p.exists():
                    p.unlink()
            except OSError as exc:
                raise InputError(f"cannot clear {p}: {exc.strerror}; check permissions") from None
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        probe = out_dir / ".write-test"
        probe.write_text("ok")
        probe.unlink()
    except OSError as exc:
        raise InputError(
            f"--out {out_dir} is not writable ({exc.strerror}); choose a writable directory"
        ) from None


def _run_scene(args: tuple[str, str, int, int, dict[str, Any]]) -> tuple[int, list[dict[str, Any]]]:
    family, out_dir, index, seed, options = args
    mod = family_module(family)
    return index, mod.generate_scene(Path(out_dir), index, seed, options)


def generate(
    family: str,
    out_dir: str | os.PathLike[str],
    *,
    scenes: int,
    seed: int = 0,
    overwrite: bool = False,
    workers: int | None = None,
    progress: bool = True,
    **family_options: Any,
) -> Path:
    """Generate ``scenes`` scenes of a benchmark family into ``out_dir``.

    Args:
        family: "ctr", "cvt", "inconsistency" or "spatialab".
        out_dir: output directory (created; must be empty unless ``overwrite``).
        scenes: number of scenes (each yields one or more manifest lines).
        seed: base seed; scene ``i`` uses the generator seeded with ``(seed, i)``.
        overwrite: replace an earlier generation in a non-empty ``out_dir``.
        workers: worker processes (default: all cores; 1 runs in this process).
        progress: show a rich progress bar on stderr.
        **family_options: the family's own options (see ``docs/scenes.md``).

    Returns:
        The path of the written ``manifest.jsonl``.

    Raises:
        InputError: unknown family, bad counts or options, unusable ``out_dir``.

    Example:
        >>> import tempfile
        >>> path = generate("ctr", tempfile.mkdtemp(), scenes=1, n=[3], width=96, height=64,
        ...                 workers=1, progress=False)
        >>> path.name
        'manifest.jsonl'
    """
    mod = family_module(family)
    if not isinstance(scenes, int) or isinstance(scenes, bool) or scenes < 1:
        raise InputError(f"--scenes must be a positive integer, got {scenes!r}")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise InputError(f"--seed must be a non-negative integer, got {seed!r}")
    if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
        raise InputError(f"--workers must be a positive integer (or omitted for all cores), got {workers!r}")
    options = mod.validate_options(dict(family_options))
    out = Path(out_dir)
    _prepare_out(out, overwrite)
    n_workers = min(scenes, workers if workers and workers > 0 else (os.cpu_count() or 1))
    tasks = [(family, str(out), i, int(seed), options) for i in range(scenes)]
    results: dict[int, list[dict[str, Any]]] = {}
    if n_workers <= 1:
        with _progress_bar(progress, family, scenes) as advance:
            for task in tasks:
                index, lines = _run_scene(task)
                results[index] = lines
                advance()
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor, as_completed

        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
        with ProcessPoolExecutor(max_workers=n_workers, mp_context=ctx) as pool:
            futures = [pool.submit(_run_scene, t) for t in tasks]  # workers fork before the bar's thread
            with _progress_bar(progress, family, scenes) as advance:
                for fut in as_completed(futures):
                    index, lines = fut.result()
                    results[index] = lines
                    advance()
    manifest = out / "manifest.jsonl"
    tmp = out / "manifest.jsonl.tmp"
    count = 0
    with open(tmp, "w", encoding="utf-8") as fh:
        for i in range(scenes):
            for line in results[i]:
                fh.write(dumps(line) + "\n")
                count += 1
    tmp.replace(manifest)
    write_json(
        out / "generation.json",
        {
            "family": family,
            "scenes": scenes,
            "seed": int(seed),
            "options": options,
            "examples": count,
            # the world the scenes were rendered in: the eval adapters pass it as world_prior=
            "world_prior": WorldPrior.clevr().to_dict(),
        },
    )
    return manifest


class _progress_bar:  # noqa: N801 - used as a context manager function
    def __init__(self, enabled: bool, family: str, total: int) -> None:
        self.enabled = enabled
        self.family = family
        self.total = total
        self._progress = None

    def __enter__(self):  # noqa: ANN204
        if not self.enabled:
            return lambda: None
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self._progress = Progress(
            TextColumn(f"generate {self.family}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        from rich.errors import LiveError

        try:
            self._progress.start()
        except LiveError:  # another live display (e.g. a caller's progress bar) is active
            self._progress = None
            return lambda: None
        task = self._progress.add_task("scenes", total=self.total)
        return lambda: self._progress.advance(task)  # type: ignore[union-attr]

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()
