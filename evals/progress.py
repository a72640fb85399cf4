"""The evaluation runner's progress bar: done / total, ETA, running accuracy, errors and cost."""

from __future__ import annotations

from typing import Any

from spatioxolver.evals.metrics.summary import free_model

__all__ = ["Progress"]


class Progress:
    """A rich progress bar with ETA, running accuracy and running cost (no-op when disabled)."""

    def __init__(self, total: int, enabled: bool, label: str) -> None:
        self.done = self.correct = self.errors = self.cost_unknown = 0
        self.cost: float | None = None
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
        cost = (row.get("usage") or {}).get("cost_usd")
        if cost is None and free_model(row.get("model")):
            cost = 0.0
        if cost is None:
            self.cost_unknown += 1  # unknown stays unknown (a local server, an unpriced model)
        else:
            self.cost = (self.cost or 0.0) + float(cost)
        if self._bar is not None:
            stats = f"acc {self.correct / self.done:.1%} err {self.errors} {self.money()}"
            self._bar.update(self._task, advance=1, stats=stats)

    def money(self) -> str:
        """The running cost: ``$0.0123``, ``cost unknown`` or ``$0.0123 + unknown for 3``."""
        from spatioxolver.costs import format_cost

        return format_cost(self.cost, unknown=self.cost_unknown if self.cost is not None else 0)

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()
