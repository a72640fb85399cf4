"""The CLI gives numpy one OpenBLAS thread unless the user chose otherwise: idle BLAS
threads spin, so a geometric eval burnt about 50% more CPU for no speed and starved its
worker processes. The setting must land before numpy is first imported."""

from __future__ import annotations

import os
import subprocess
import sys

_CODE = (
    "import os, sys\n"
    "from spatioxolver.cli._app import process_defaults\n"
    "numpy_before = 'numpy' in sys.modules\n"
    "process_defaults()\n"
    "print(numpy_before, os.environ['OPENBLAS_NUM_THREADS'])\n"
)


def _run(**env: str) -> str:
    base = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run(
        [sys.executable, "-c", _CODE], capture_output=True, text=True, timeout=120, env={**base, **env}
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_one_blas_thread_by_default_set_before_numpy_loads() -> None:
    assert _run() == "False 1"


def test_a_users_own_blas_setting_is_kept() -> None:
    assert _run(OPENBLAS_NUM_THREADS="4") == "False 4"


def test_opencv_threads_while_workers_run_are_one_then_restored() -> None:
    import cv2
    from spatioxolver.evals.processes import _one_opencv_thread

    before = cv2.getNumThreads()
    previous = _one_opencv_thread()
    try:
        assert previous == before and cv2.getNumThreads() == 1
    finally:
        cv2.setNumThreads(previous)
    assert cv2.getNumThreads() == before
