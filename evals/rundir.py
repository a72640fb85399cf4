"""Safety of a run directory: one writer at a time, SIGTERM handled like Ctrl-C, a full disk
reported in one line.

Example:
    >>> import tempfile
    >>> with RunLock(tempfile.mkdtemp()) as lock:
    ...     lock.path.name
    '.lock'
"""

from __future__ import annotations

import asyncio
import errno
import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from spatioxolver.errors import BenchmarkError, InputError

__all__ = ["RunLock", "on_terminate", "write_failure", "RunAborted"]

LOCK_NAME = ".lock"


class RunAborted(Exception):
    """Raised inside a run to stop it at once; carries the typed error to raise afterwards."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


class RunLock:
    """An exclusive ``flock`` on ``RUN_DIR/.lock`` for the lifetime of a run.

    The kernel releases it when the process dies (SIGKILL included), so a stale lock
    never blocks a later ``--resume``.

    Raises:
        BenchmarkError: another process holds the lock (the message names its pid).
    """

    def __init__(self, run_dir: str | Path) -> None:
        self.path = Path(run_dir) / LOCK_NAME
        self._fd = -1

    def __enter__(self) -> RunLock:
        import fcntl

        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            try:
                holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
            finally:
                os.close(fd)
            raise BenchmarkError(
                f"{self.path.parent} is in use by another eval (pid {holder}); wait for it to finish "
                "or use another --run-dir"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd
        return self

    def __exit__(self, *exc: object) -> None:
        if self._fd >= 0:
            import fcntl

            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = -1


class on_terminate:  # noqa: N801 - used as a context manager, reads like a function
    """While active, SIGTERM calls ``callback`` (in the event loop) instead of killing the
    process, so a run stops the way Ctrl-C stops it. A no-op off the main thread or on
    platforms without loop signal handlers."""

    def __init__(self, callback: Callable[[], Any]) -> None:
        self.callback = callback
        self._loop: asyncio.AbstractEventLoop | None = None

    def __enter__(self) -> on_terminate:
        try:
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGTERM, self.callback)
            self._loop = loop
        except (NotImplementedError, RuntimeError, ValueError):
            self._loop = None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None:
            self._loop.remove_signal_handler(signal.SIGTERM)


def write_failure(path: Path, exc: OSError) -> InputError:
    """The one-line error for a failed write of ``path`` (a full disk says so and how to go on)."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return InputError(
            f"cannot write {path}: no space left on the device; free some space and continue with --resume"
        )
    return InputError(f"cannot write {path}: {exc.strerror or exc}; fix it and continue with --resume")
