"""Start-up work ``spatioxolver ask`` overlaps with importing the graph's libraries.

Importing LangGraph (and langchain-core, langsmith) is pure Python and holds the GIL for
a few hundred milliseconds. Meanwhile another core can do the C-level work the answer will
need anyway, all of which releases the GIL: decoding the images into the decoded-image
cache (:mod:`spatioxolver.images`), hashing them, and building OpenCV's colour-conversion
tables (its first Lab conversion costs about 80 ms, once per process).

Nothing here changes an answer: the graph loads the same files through the same cache, and
any error (a missing file, a corrupt image) is left for the graph to report, in its words.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

__all__ = ["start_warm_up", "warming_up"]


def _warm(paths: Sequence[str]) -> None:
    try:
        import cv2
        import numpy as np

        from spatioxolver.images import image_sha256, load_image

        cv2.cvtColor(np.zeros((1, 1, 3), np.float32), cv2.COLOR_RGB2Lab)
        for path in paths:
            image_sha256(load_image(path))
    except Exception:  # noqa: BLE001 - the graph reports the same problem properly
        return


def start_warm_up(paths: Sequence[str]) -> threading.Thread:
    """Start decoding ``paths`` and OpenCV's tables in a daemon thread; join it before asking."""
    thread = threading.Thread(target=_warm, args=(list(paths),), name="spatioxolver-warm-up", daemon=True)
    thread.start()
    return thread


@contextmanager
def warming_up(paths: Sequence[str]) -> Iterator[None]:
    """Warm up ``paths`` during the block; the thread is joined before the block's exit.

    Joining matters: a process that exits (say, on a bad option) while the thread is still
    inside OpenCV's C++ code is aborted by the C++ runtime.
    """
    # SPATIOXOLVER_NO_WARM_UP=1 turns it off (the benchmark's side-by-side arm).
    thread = start_warm_up(paths) if paths and not os.environ.get("SPATIOXOLVER_NO_WARM_UP") else None
    try:
        yield
    finally:
        if thread is not None:
            thread.join()
