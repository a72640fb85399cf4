"""Run an evaluation's examples on a Ray cluster: ``executor="ray"`` / ``--executor ray``.

The runner stays where it is: it reads the examples, bounds how many are in flight
(``concurrency``), scores each answer and appends it to the one ``results.jsonl``, so
resume, retry of errors and the report are unchanged. Only the answering moves: the
answer function :func:`ray_answer_fn` returns sends each example's call to a Ray task and
awaits its result. Each Ray worker process builds the run's model client once (from the
run's settings, never from the driver's live objects) and binds it to the example's
answer key when the model is simulated, exactly as the local runner does
(:mod:`spatioxolver.evals.remote`, shared with the local worker processes).

Ray is an optional extra (``pip install 'spatioxolver[ray]'``). Without ``address`` (or
``RAY_ADDRESS``) a local Ray is started with ``num_cpus`` workers; with one, the driver
joins that cluster. Workers read the example's image files by path: on a cluster, keep the
dataset on storage every node mounts at the same path.

Example:
    >>> ray_available() in (True, False)
    True
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import Any

from spatioxolver.evals.remote import _client  # noqa: F401  (the worker's client cache, one per process)

from spatioxolver.errors import ConfigError

__all__ = ["EXECUTORS", "ray_answer_fn", "ray_available"]

EXECUTORS = ("local", "ray")


def ray_available() -> bool:
    """Whether the optional ``ray`` package can be imported."""
    import importlib.util

    return importlib.util.find_spec("ray") is not None


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ConfigError(
            "executor 'ray' needs Ray: pip install 'spatioxolver[ray]' (or run with the local executor)"
        ) from None
    return ray


def ray_answer_fn(
    config: Any, *, address: str | None = None, num_cpus: int | None = None
) -> Callable[..., Awaitable[Any]]:
    """An answer function for :func:`spatioxolver.evals.runner.run_examples` that answers on Ray.

    Args:
        config: the run's :class:`~spatioxolver.evals.runinfo.RunConfig` (plain settings:
            it travels to the workers).
        address: a Ray cluster to join (``ray.init(address=...)``); default ``RAY_ADDRESS``,
            else a local Ray is started.
        num_cpus: CPUs of a local Ray (default: the run's concurrency, at most the cores).

    Raises:
        ConfigError: Ray is not installed, or the cluster cannot be reached.
    """
    ray = _ray()
    if not ray.is_initialized():
        address = address or os.environ.get("RAY_ADDRESS") or None
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            from spatioxolver._pool import usable_cores

            kwargs["num_cpus"] = num_cpus or max(1, min(int(config.concurrency), usable_cores()))
        try:
            ray.init(address=address, **kwargs)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = f"the Ray cluster at {address}" if address else "a local Ray"
            raise ConfigError(f"could not start {where}: {' '.join(str(exc).split())[:300]}") from None
    remote = ray.remote(num_cpus=1, max_retries=0)(_answer_in_worker)
    settings = config.model_dump(mode="json")

    async def answer(**call: Any) -> Any:
        return await remote.remote(settings, call)

    return answer


def _answer_in_worker(settings: dict[str, Any], call: dict[str, Any]) -> Any:
    """Runs in a Ray worker: answer one example's call with the run's client."""
    from spatioxolver.evals.remote import answer_in_worker

    return answer_in_worker(settings, call)
