"""Render-time benchmark of the numpy ray caster.

Target (issue 4): one 480x320 tabletop view with 10 objects and hard ground shadows
renders in under 0.5 s on one core (2x2 supersampling). Prints the median of several
runs and its ratio to the target; also the cost of shadows (same view without them) and
of supersampling (1x1 vs 2x2) side by side.

Run: ``python benchmarks/bench_scenes.py``
"""

from __future__ import annotations

import os
import statistics
import time

TARGET_S = 0.5


def _one_core() -> None:
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
        except OSError:
            pass


def _time(fn, repeats: int = 7) -> tuple[float, float]:  # noqa: ANN001
    """Median CPU seconds of this process (robust to other load on the machine) and median wall seconds."""
    fn()  # warm-up
    cpu, wall = [], []
    for _ in range(repeats):
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return statistics.median(cpu), statistics.median(wall)


def main() -> int:
    _one_core()
    import numpy as np

    from spatioxolver.scenes import Lighting, render_view
    from spatioxolver.scenes._layout import sample_tabletop, tabletop_camera

    rng = np.random.default_rng(0)
    cam = tabletop_camera(rng, 480, 320)
    objects = None
    while objects is None:
        objects = sample_tabletop(rng, 10, cam)
    full = _time(lambda: render_view(objects, cam, supersample=2))
    no_shadow = _time(lambda: render_view(objects, cam, lighting=Lighting(shadows=False), supersample=2))
    single = _time(lambda: render_view(objects, cam, supersample=1))
    print(
        "bench_scenes: 480x320, 10 objects, one core (median of 7; CPU time of this process, and wall time)"
    )
    print(f"  {'variant':<34}{'cpu s':>8}{'wall s':>8}{'cpu / 0.5 s target':>20}")
    for name, (c, w) in (
        ("2x2 supersampling + shadows", full),
        ("2x2 supersampling, no shadows", no_shadow),
        ("1x1 sampling + shadows", single),
    ):
        print(f"  {name:<34}{c:>8.3f}{w:>8.3f}{c / TARGET_S:>20.2f}")
    print(
        f"  shadows cost x{full[0] / no_shadow[0]:.2f}; 2x2 supersampling cost x{full[0] / single[0]:.2f} (CPU)"
    )
    ok = full[0] < TARGET_S
    print(
        f"  target {'met' if ok else 'MISSED'}: {full[0]:.3f} s CPU vs {TARGET_S} s (ratio {full[0] / TARGET_S:.2f})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
