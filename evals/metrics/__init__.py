"""Seed-faithful metrics: parsing, per-example scoring, accuracy, CTR, CVT, inconsistency, judges, CIs."""

from spatioxolver.evals.metrics.bootstrap import bootstrap_ci, mean_ci, paired_delta_ci
from spatioxolver.evals.metrics.judge import LLMJudge, NormalizedJudge, make_judge, normalized_match
from spatioxolver.evals.metrics.parsing import (
    parse_label,
    parse_letter,
    parse_option_number,
    parse_relations,
    parse_yes_no,
)
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
    "parse_label",
    "parse_letter",
    "parse_option_number",
    "parse_relations",
    "parse_yes_no",
    "score_example",
    "set_prf",
    "latest_rows",
    "summarize",
]
