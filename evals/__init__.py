"""Evaluation harness (shipped as ``spatioxolver.evals``): adapters, metrics, runner, reports.

Example:
    >>> from spatioxolver.evals import Example
    >>> Example(id="a", benchmark="b", question="q").query_type
    'open'
"""

from spatioxolver.evals.evaluate import aevaluate, evaluate, load_examples, resolve_benchmark, summarize_run
from spatioxolver.evals.example import Example, dataset_fingerprint, stable_id
from spatioxolver.evals.runinfo import RunConfig
from spatioxolver.evals.runner import RunOutcome, run_examples

__all__ = [
    "Example",
    "RunConfig",
    "RunOutcome",
    "aevaluate",
    "dataset_fingerprint",
    "evaluate",
    "load_examples",
    "resolve_benchmark",
    "run_examples",
    "stable_id",
    "summarize_run",
]
