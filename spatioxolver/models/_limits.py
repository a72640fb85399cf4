"""Per-model rate limits: a concurrency cap and an optional requests-per-minute pace.

Limiters are shared by every client of the same ``(model, api_base)`` in the process.
Semaphores are created per event loop (``complete_sync`` runs a fresh loop per call).
"""

from __future__ import annotations

import asyncio
import threading
import time
import weakref
from contextlib import asynccontextmanager
from typing import Any

__all__ = ["Limiter", "get_limiter"]

_LIMITERS: dict[tuple[Any, ...], Limiter] = {}
_REGISTRY_LOCK = threading.Lock()


class Limiter:
    """At most ``concurrency`` calls at once and (if ``rpm``) at most ``rpm`` starts a minute."""

    def __init__(self, concurrency: int, rpm: float | None = None) -> None:
        self.concurrency = max(1, int(concurrency))
        self.rpm = float(rpm) if rpm else None
        self._semaphores: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()
        self._next_start = 0.0

    def _semaphore(self) -> asyncio.Semaphore:
        loop = asyncio.get_running_loop()
        with self._lock:
            sem = self._semaphores.get(loop)
            if sem is None:
                sem = asyncio.Semaphore(self.concurrency)
                self._semaphores[loop] = sem
            return sem

    async def _pace(self) -> None:
        if not self.rpm:
            return
        interval = 60.0 / self.rpm
        with self._lock:
            now = time.monotonic()
            start = max(now, self._next_start)
            self._next_start = start + interval
        if start > now:
            await asyncio.sleep(start - now)

    @asynccontextmanager
    async def slot(self) -> Any:
        """Hold one concurrency slot (after waiting for the rpm pace)."""
        async with self._semaphore():
            await self._pace()
            yield


def get_limiter(key: tuple[Any, ...], concurrency: int, rpm: float | None) -> Limiter:
    """The shared limiter for ``key``; the first caller's settings win unless they change."""
    with _REGISTRY_LOCK:
        limiter = _LIMITERS.get(key)
        if (
            limiter is None
            or limiter.concurrency != max(1, int(concurrency))
            or limiter.rpm != (float(rpm) if rpm else None)
        ):
            limiter = Limiter(concurrency, rpm)
            _LIMITERS[key] = limiter
        return limiter
