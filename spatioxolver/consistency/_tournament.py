"""The ``Tournament``: pairwise "i precedes j" answers on one axis, complete, partial or soft.

A tournament on ``n`` items stores, for every unordered pair that was observed, the
probability ``w[i, j]`` that item ``i`` precedes item ``j`` (``w[j, i] = 1 - w[i, j]``).
Binary answers are probabilities 0 or 1. Pairs a model failed to answer are *missing*:
``w`` is 0 both ways and the pair is not in :attr:`Tournament.observed`.

The 0/1 :attr:`Tournament.matrix` is the majority direction of each observed pair
(``w[i, j] > 1/2``); an exact tie ``w = 1/2`` goes to the lower index, so the matrix of a
complete tournament always has exactly one of ``m[i, j]``, ``m[j, i]`` set.

Example:
    >>> T = Tournament.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
    >>> T.cyclic_triples(), T.ctr()
    (1, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from spatioxolver.errors import InputError

if TYPE_CHECKING:  # pragma: no cover
    from spatioxolver.consistency._exact import ExactResult
    from spatioxolver.consistency._repair import Repair

__all__ = ["Tournament"]

_TOL = 1e-9


def _read_only(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


class Tournament:
    """Pairwise precedence answers on ``n`` items (indices ``0 .. n-1``).

    Build one with :meth:`from_matrix`, :meth:`from_pairs`, :meth:`from_probabilities`
    or :meth:`from_order`; the constructor itself takes already validated arrays.

    Attributes:
        n: number of items.
        matrix: ``(n, n)`` 0/1 ``int8`` array, ``matrix[i, j] == 1`` iff the (majority)
            answer says ``i`` precedes ``j``; missing pairs are 0 both ways. Read-only.
        weights: ``(n, n)`` float array, ``weights[i, j]`` = confidence that ``i``
            precedes ``j`` (0 both ways for missing pairs). Read-only.
        observed: ``(n, n)`` symmetric bool array of answered pairs (diagonal False).
    """

    __slots__ = ("n", "matrix", "weights", "observed", "_n_pairs", "_complete", "_soft")

    def __init__(
        self, weights: np.ndarray, observed: np.ndarray, *, _binary_matrix: np.ndarray | None = None
    ) -> None:
        n = int(weights.shape[0])
        self.n = n
        self.weights = _read_only(np.array(weights, dtype=np.float64))
        self.observed = _read_only(np.array(observed, dtype=bool))
        self._n_pairs = int(np.count_nonzero(self.observed)) // 2
        self._complete = self._n_pairs == n * (n - 1) // 2
        if _binary_matrix is not None:  # validated 0/1 input: nothing soft, no ties
            self.matrix = _read_only(np.array(_binary_matrix, dtype=np.int8))
            self._soft = False
            return
        w = self.weights
        tie = self.observed & (np.abs(w - 0.5) <= _TOL)
        m = w > 0.5 + _TOL
        if tie.any():
            m |= np.triu(tie, 1)
        self.matrix = _read_only(m.astype(np.int8))
        self._soft = bool(np.any(self.observed & (w > _TOL) & (w < 1 - _TOL)))

    # ------------------------------------------------------------------ builders
    @classmethod
    def from_matrix(cls, matrix: Any, *, allow_missing: bool = False) -> Tournament:
        """Build from a 0/1 matrix, ``m[i][j] == 1`` iff item ``i`` precedes ``j``.

        Args:
            matrix: square nested sequence or array of 0/1 (or bool).
            allow_missing: accept pairs that are 0 both ways (a partial tournament).

        Raises:
            InputError: not square, entries other than 0/1, a self-loop (nonzero
                diagonal), a pair set both ways, or (unless ``allow_missing``) a pair
                set neither way.

        Example:
            >>> Tournament.from_matrix([[0, 1], [0, 0]]).score_order()
            [0, 1]
        """
        m = _as_square(matrix, "tournament matrix")
        if not np.all((m == 0) | (m == 1)):
            bad = np.argwhere(~((m == 0) | (m == 1)))[0]
            raise InputError(
                f"tournament matrix entries must be 0 or 1; got {m[bad[0], bad[1]]!r} at [{bad[0]}][{bad[1]}]"
            )
        diag = np.flatnonzero(np.diag(m))
        if diag.size:
            raise InputError(
                f"tournament matrix has a self-loop at [{diag[0]}][{diag[0]}]; the diagonal must be 0"
            )
        m8 = m.astype(np.int8)
        both_ways = m8 + m8.T
        if (both_ways > 1).any():
            i, j = np.argwhere(both_ways > 1)[0]
            raise InputError(
                f"tournament matrix is not antisymmetric: m[{i}][{j}] and m[{j}][{i}] are both 1"
            )
        observed = both_ways == 1
        n = m.shape[0]
        if np.count_nonzero(observed) != n * (n - 1) and not allow_missing:
            neither = ~observed
            np.fill_diagonal(neither, False)
            i, j = np.argwhere(neither)[0]
            raise InputError(
                f"tournament matrix has no answer for pair ({i}, {j}): exactly one of m[{i}][{j}], "
                f"m[{j}][{i}] must be 1 (use allow_missing=True or from_pairs for a partial tournament)"
            )
        return cls(m, observed, _binary_matrix=m8)

    @classmethod
    def from_pairs(cls, n: int, outcomes: Mapping[Any, Any]) -> Tournament:
        """Build from ``{(i, j): outcome}``; pairs may be missing (partial) or soft.

        ``outcome`` is ``True``/``False`` ("``i`` precedes ``j``" or not) or a
        probability in ``[0, 1]`` that ``i`` precedes ``j``. A pair may be given in both
        orientations only if they agree (``p[i, j] + p[j, i] == 1``).

        Raises:
            InputError: ``n`` not a positive integer, a key that is not a pair of item
                indices in ``range(n)``, a self-pair, a NaN or out-of-range outcome, or two
                contradictory entries for one pair.

        Example:
            >>> T = Tournament.from_pairs(3, {(0, 1): True, (1, 2): 0.9})
            >>> T.coverage()["pairs"]
            0.6666666666666666
        """
        n = _check_n(n)
        if not isinstance(outcomes, Mapping):
            raise InputError(
                f"outcomes must be a mapping {{(i, j): bool or probability}}, got {type(outcomes).__name__}"
            )
        weights = np.zeros((n, n))
        observed = np.zeros((n, n), dtype=bool)
        for key, value in outcomes.items():
            i, j = _check_key(key, n)
            p = _check_probability(value, f"outcome for pair ({i}, {j})")
            if observed[i, j]:
                if abs(weights[i, j] - p) > 1e-9:
                    raise InputError(
                        f"contradictory outcomes for pair ({i}, {j}): P({i} precedes {j}) is given as "
                        f"{weights[i, j]:.6g} and {p:.6g}"
                    )
                continue
            weights[i, j], weights[j, i] = p, 1.0 - p
            observed[i, j] = observed[j, i] = True
        return cls(weights, observed)

    @classmethod
    def from_probabilities(cls, probabilities: Any) -> Tournament:
        """Build from a soft matrix ``f[i][j]`` = P(``i`` precedes ``j``); NaN = missing.

        Only one orientation of a pair needs a value; where both are given they must
        sum to 1. The diagonal is ignored.

        Raises:
            InputError: not square, a value outside ``[0, 1]`` or infinite, or
                ``f[i][j] + f[j][i] != 1``.

        Example:
            >>> Tournament.from_probabilities([[0, 0.8], [0.2, 0]]).matrix.tolist()
            [[0, 1], [0, 0]]
        """
        f = _as_square(probabilities, "probability matrix")
        n = f.shape[0]
        off = ~np.eye(n, dtype=bool)
        present = off & ~np.isnan(f)
        vals = f[present]
        if vals.size and (not np.all(np.isfinite(vals)) or vals.min() < 0 or vals.max() > 1):
            i, j = np.argwhere(present & ~((f >= 0) & (f <= 1)))[0]
            raise InputError(f"probability matrix entry [{i}][{j}] = {float(f[i, j])} is outside [0, 1]")
        both = present & present.T
        bad = both & (np.abs(np.where(both, f + f.T, 1.0) - 1.0) > 1e-9)
        if bad.any():
            i, j = np.argwhere(bad)[0]
            raise InputError(
                f"probability matrix is not complementary: f[{i}][{j}] + f[{j}][{i}] = {f[i, j] + f[j, i]:.6g}, expected 1"
            )
        observed = present | present.T
        weights = np.where(present, f, np.where(present.T, 1.0 - f.T, 0.0))
        weights = np.where(observed, weights, 0.0)
        np.fill_diagonal(weights, 0.0)
        return cls(weights, observed)

    @classmethod
    def from_order(cls, order: Sequence[int]) -> Tournament:
        """The transitive tournament of a total order (``order`` lists items first to last).

        Example:
            >>> Tournament.from_order([2, 0, 1]).score_order()
            [2, 0, 1]
        """
        n = _check_n(len(order))  # an empty order is refused like from_pairs(0, ...)
        pos = _positions(order, n)
        m = (pos[:, None] < pos[None, :]).astype(np.float64)
        return cls(m, ~np.eye(n, dtype=bool))

    # ------------------------------------------------------------------ basics
    @property
    def is_complete(self) -> bool:
        """True when every pair was answered."""
        return self._complete

    @property
    def is_soft(self) -> bool:
        """True when some answered pair has a confidence strictly between 0 and 1."""
        return self._soft

    @property
    def n_observed_pairs(self) -> int:
        """Number of answered unordered pairs."""
        return self._n_pairs

    def scores(self) -> np.ndarray:
        """Out-degree ``s_i`` of every item in :attr:`matrix` (Theorem 3.6), ``int64``."""
        return self.matrix.sum(axis=1, dtype=np.int64)

    def soft_scores(self) -> np.ndarray:
        """Net soft score ``sum_j (w[i, j] - w[j, i])`` (Borda count; equals ``2 s_i - (n-1)`` when complete and binary)."""
        return self.weights.sum(axis=1) - self.weights.sum(axis=0)

    def __repr__(self) -> str:
        kind = "complete" if self._complete else f"partial ({self._n_pairs} pairs)"
        return f"Tournament(n={self.n}, {kind}{', soft' if self._soft else ''})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tournament):
            return NotImplemented
        return (
            self.n == other.n
            and np.array_equal(self.observed, other.observed)
            and np.allclose(self.weights, other.weights, atol=1e-12)
        )

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------ Definition 3.1
    def cyclic_triples(self) -> int:
        """Number of directed 3-cycles in :attr:`matrix`.

        Complete tournaments use the score formula ``C(n,3) - sum_i C(s_i, 2)``
        (Kendall & Babington Smith) in O(n^2); partial ones count ``trace(A^3) / 3``,
        which only sees triples whose three pairs were all answered.
        """
        n = self.n
        if self._complete:
            s = self.scores()
            return math.comb(n, 3) - int((s * (s - 1) // 2).sum())
        a = self.matrix.astype(np.float64)
        return int(round(float(((a @ a) * a.T).sum()) / 3.0))

    def observed_triples(self) -> int:
        """Number of triples whose three pairs were all answered."""
        n = self.n
        if self._complete:
            return math.comb(n, 3)
        o = self.observed.astype(np.float64)
        return int(round(float(((o @ o) * o).sum()) / 6.0))

    def ctr(self) -> float:
        """Cyclic Triple Rate (Definition 3.1) over the fully observed triples.

        Raises:
            InputError: fewer than 3 items, or no triple with all three pairs answered.

        Example:
            >>> Tournament.from_order([0, 1, 2]).ctr()
            0.0
        """
        if self.n < 3:
            raise InputError(f"CTR needs at least 3 items (a triple); this tournament has {self.n}")
        total = self.observed_triples()
        if total == 0:
            raise InputError("CTR is undefined: no triple has all three pairs answered")
        return self.cyclic_triples() / total

    def coverage(self) -> dict[str, float | int]:
        """How much of the tournament was answered.

        Returns:
            ``{"pairs": fraction of pairs answered, "triples": fraction of triples fully
            answered, "observed_pairs", "total_pairs", "observed_triples", "total_triples"}``.
        """
        n = self.n
        tp, tt = n * (n - 1) // 2, math.comb(n, 3)
        ot = self.observed_triples()
        return {
            "pairs": self._n_pairs / tp if tp else 1.0,
            "triples": ot / tt if tt else 1.0,
            "observed_pairs": self._n_pairs,
            "total_pairs": tp,
            "observed_triples": ot,
            "total_triples": tt,
        }

    # ------------------------------------------------------------------ Definition 3.2
    def forward_weight(self, order: Sequence[int]) -> float:
        """Total confidence on pairs that ``order`` puts in their answered direction."""
        pos = _positions(order, self.n)
        return float(self.weights[pos[:, None] < pos[None, :]].sum())

    def agreement(self, order: Sequence[int]) -> float:
        """``OSC(T, sigma)``: share of answered pairs (confidence-weighted) that ``order`` keeps.

        ``order`` lists items first to last. For a complete binary tournament this is
        the number of forward edges over ``C(n, 2)``. With no answered pair it is 1.

        Raises:
            InputError: ``order`` is not a permutation of ``range(n)``.
        """
        fw = self.forward_weight(order)
        return fw / self._n_pairs if self._n_pairs else 1.0

    def score_order(self) -> list[int]:
        """Order by decreasing score (Theorem 3.6), deterministic.

        Sorted by the net soft score (the out-degree for complete binary tournaments).
        Ties are broken inside each tied group by the same rule applied to the
        sub-tournament of the group (recursively); a group whose internal scores are
        all equal is taken in index order, or reversed when that keeps strictly more
        weight. (Arbitrary tie-breaking can fall below the theorem's 1/2: the 3-cycle
        in index order keeps only 1/3 of its pairs.)
        """
        w = np.asarray(self.weights)
        return [int(i) for i in _score_sort(w, np.arange(self.n))]

    # ------------------------------------------------------------------ exact + repair
    def exact(self, method: str = "auto", *, time_limit: float | None = None) -> ExactResult:
        """Exact maximiser of :meth:`agreement` with its proof status (see ``solve_exact``)."""
        from spatioxolver.consistency._exact import solve_exact

        return solve_exact(self, method=method, time_limit=time_limit)

    def optimal_order(self, method: str = "auto", *, time_limit: float | None = None) -> list[int]:
        """An order maximising :meth:`agreement` (``"dp"``, ``"ilp"`` or ``"auto"``).

        Without ``time_limit`` the result is always a proven optimum. With one, the
        ILP may stop early: then the best order found is returned; use :meth:`exact`
        to see whether it was proven.
        """
        return self.exact(method, time_limit=time_limit).order

    def osc(self, method: str = "auto") -> float:
        """Ordinal Spatial Consistency (Definition 3.2), computed exactly (no time limit)."""
        return self.exact(method).agreement

    def repair(self, method: str = "auto", **options: Any) -> Repair:
        """Nearest transitive tournament: ``"score"``, ``"local"``, ``"exact"`` or ``"auto"``.

        See :func:`spatioxolver.consistency.repair` for the options.
        """
        from spatioxolver.consistency._repair import repair

        return repair(self, method=method, **options)


# ---------------------------------------------------------------------- validation helpers
def _check_n(n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or int(n) < 1:
        raise InputError(f"number of items must be a positive integer, got {n!r}")
    return int(n)


def _as_square(data: Any, what: str) -> np.ndarray:
    try:
        arr = np.asarray(data, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(
            f"{what} must be a square numeric matrix (ragged or non-numeric rows): {exc}"
        ) from None
    if arr.ndim != 2 or arr.shape[0] != arr.shape[1] or arr.shape[0] == 0:
        raise InputError(f"{what} must be a non-empty square matrix, got shape {arr.shape}")
    return arr


def _check_key(key: Any, n: int) -> tuple[int, int]:
    if not isinstance(key, tuple) or len(key) != 2:
        raise InputError(f"pair key must be a tuple (i, j) of item indices, got {key!r}")
    out = []
    for x in key:
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
            raise InputError(f"pair key {key!r} must hold integer item indices")
        if not 0 <= int(x) < n:
            raise InputError(f"unknown item {int(x)} in pair {key!r}: items are 0..{n - 1}")
        out.append(int(x))
    if out[0] == out[1]:
        raise InputError(f"self-pair {key!r}: an item cannot precede itself")
    return out[0], out[1]


def _check_probability(value: Any, what: str) -> float:
    if isinstance(value, (bool, np.bool_)):
        return 1.0 if value else 0.0
    try:
        p = float(value)
    except (TypeError, ValueError):
        raise InputError(f"{what} must be a bool or a probability in [0, 1], got {value!r}") from None
    if not math.isfinite(p) or not 0.0 <= p <= 1.0:
        raise InputError(f"{what} must be a probability in [0, 1], got {value!r}")
    return p


def _score_sort(w: np.ndarray, idx: np.ndarray) -> list[int]:
    """Sort ``idx`` by decreasing net score within ``w[idx][:, idx]``; ties recursively."""
    if idx.size <= 1:
        return [int(i) for i in idx]
    sub = w[np.ix_(idx, idx)]
    net = np.round(sub.sum(axis=1) - sub.sum(axis=0), 9)
    if np.all(net == net[0]):
        forward = float(np.triu(sub, 1).sum())
        backward = float(np.tril(sub, -1).sum())
        return [int(i) for i in (idx[::-1] if backward > forward + 1e-12 else idx)]
    out: list[int] = []
    for value in np.unique(net)[::-1]:
        out.extend(_score_sort(w, idx[net == value]))
    return out


def _positions(order: Sequence[int], n: int) -> np.ndarray:
    """Inverse permutation of ``order``; InputError unless it is a permutation of range(n)."""
    try:
        arr = np.asarray(order)
    except (TypeError, ValueError):
        raise InputError("order must be a sequence of item indices") from None
    if arr.ndim != 1 or arr.shape[0] != n or (n and arr.dtype.kind not in "iu"):
        raise InputError(
            f"order must list each of the {n} item indices exactly once, got {list(order)[:10]!r}"
        )
    if n and (arr.min() < 0 or arr.max() >= n or np.unique(arr).size != n):
        raise InputError(f"order must be a permutation of 0..{n - 1}, got {list(order)[:10]!r}")
    pos = np.empty(n, dtype=np.int64)
    pos[arr] = np.arange(n)
    return pos
