"""Run every ``benchmarks/bench_*.py`` in turn (``make bench``); each prints its own ratios.

Usage: ``python benchmarks/run_all.py [NAME ...]`` where NAME filters by substring.
Exit code is non-zero if any benchmark script failed to run.
"""

from __future__ import annotations

import runpy
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).resolve().parent
    scripts = sorted(here.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(a in s.stem for a in argv)]
    failed = []
    for script in scripts:
        print(f"\n=== {script.stem} ===", flush=True)
        start = time.perf_counter()
        saved_argv = sys.argv
        sys.argv = [str(script)]  # each benchmark parses its own (default) arguments
        try:
            namespace = runpy.run_path(str(script), run_name="benchmark")
            code = namespace["main"]()
        except Exception as exc:  # report and keep going: one broken bench must not hide the rest
            print(f"{script.stem} failed: {type(exc).__name__}: {exc}")
            code = 1
        finally:
            sys.argv = saved_argv
        print(f"--- {script.stem}: {time.perf_counter() - start:.1f} s, exit {code}")
        if code:
            failed.append(script.stem)
    if failed:
        print("failed:", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
