"""The evaluation runner's progress bar: done / total, ETA, running accuracy, errors and cost."""

from __future__ import annotations

from typing import Any

__all__ = ["Progress"]


class Progress:
    """A rich progress bar with ETA, running accuracy and running cost (no-op when disabled)."""

    def __init__(self, total: int, enabled: bool, label: str) -> None:
        self.done = self.correct = self.errors = 0
        self.cost = 0.0
        self._bar = None
        if enabled and total:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[stats]}"),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                transient=False,
            )
            self._task = self._bar.add_task(label, total=total, stats="")
            self._bar.start()

    def update(self, row: dict[str, Any]) -> None:
        self.done += 1
        self.correct += 1 if row.get("correct") is True else 0
        self.errors += 1 if row.get("status") != "ok" else 0
        self.cost += float((row.get("usage") or {}).get("cost_usd") or 0.0)
        if self._bar is not None:
            stats = f"acc {self.correct / self.done:.1%} err {self.errors} ${self.cost:.4f}"
            self._bar.update(self._task, advance=1, stats=stats)

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()
