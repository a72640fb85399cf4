"""Consistency engine: tournaments from pairwise spatial answers (seed 000 §3, seed 001 App. A–G).

CTR / OSC (Definitions 3.1, 3.2), exact OSC (bitmask DP, HiGHS ILP), repair (score,
local search, exact), the Gaussian noise model (Eq. 4, Theorem 3.7, Corollary 3.8),
the differentiable cycle loss (Theorem 3.9), redundancy (Theorem 3.4), query-efficient
elicitation (merge-insertion), and scene-graph adapters.

Example:
    >>> from spatioxolver.consistency import Tournament
    >>> T = Tournament.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
    >>> T.ctr(), T.osc(), T.repair().flipped
    (1.0, 0.6666666666666666, [(0, 1)])
"""

from spatioxolver.consistency._elicit import (
    aelicit_order,
    binary_insertion_bound,
    elicit_order,
    information_bound,
    merge_insertion_bound,
)
from spatioxolver.consistency._exact import DP_MAX_N, ILP_MAX_N, ExactResult, solve_exact
from spatioxolver.consistency._loss import cycle_loss, cycle_loss_grad, max_cycle_loss, max_cyclic_triples
from spatioxolver.consistency._noise import (
    cycle_probability,
    depth_cycle_probability,
    fit_noise_sigma,
    pairwise_accuracy,
    sigma_from_accuracy,
)
from spatioxolver.consistency._redundancy import redundancy
from spatioxolver.consistency._repair import Repair, repair
from spatioxolver.consistency._scene import repair_scene_graph, tournaments_from_scene_graph
from spatioxolver.consistency._tournament import Tournament

__all__ = [
    "Tournament",
    "Repair",
    "ExactResult",
    "repair",
    "solve_exact",
    "DP_MAX_N",
    "ILP_MAX_N",
    "cycle_probability",
    "depth_cycle_probability",
    "fit_noise_sigma",
    "pairwise_accuracy",
    "sigma_from_accuracy",
    "cycle_loss",
    "cycle_loss_grad",
    "max_cycle_loss",
    "max_cyclic_triples",
    "redundancy",
    "elicit_order",
    "aelicit_order",
    "merge_insertion_bound",
    "binary_insertion_bound",
    "information_bound",
    "tournaments_from_scene_graph",
    "repair_scene_graph",
]
