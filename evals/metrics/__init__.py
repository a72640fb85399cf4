"""Seed-faithful metrics: per-example scoring, accuracy, CTR, CVT, inconsistency, judges, CIs.

Replies are parsed by :mod:`spatioxolver.replies` (the parsers the graphs use too).
"""

from spatioxolver.evals.metrics.bootstrap import bootstrap_ci, mean_ci, paired_delta_ci
from spatioxolver.evals.metrics.judge import LLMJudge, NormalizedJudge, make_judge, normalized_match
from spatioxolver.evals.metrics.scoring import score_example, set_prf
from spatioxolver.evals.metrics.summary import latest_rows, summarize

__all__ = [
    "bootstrap_ci",
    "mean_ci",
    "paired_delta_ci",
    "LLMJudge",
    "NormalizedJudge",
    "make_judge",
    "normalized_match",
    "score_example",
    "set_prf",
    "latest_rows",
    "summarize",
]
