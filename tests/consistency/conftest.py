"""Shared builders for the consistency tests (brute-force references, random tournaments).

Exposed through the session fixture ``helpers`` (pytest runs with --import-mode=importlib,
so test modules cannot import a sibling helper module).
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pytest

from spatioxolver.consistency import Tournament


def random_matrix(n: int, rng: np.random.Generator, p: float = 0.5) -> np.ndarray:
    upper = np.triu(rng.random((n, n)) < p, 1).astype(int)
    return upper + np.triu(1 - upper, 1).T


def near_transitive(n: int, flip: float, rng: np.random.Generator) -> np.ndarray:
    perm = rng.permutation(n)
    pos = np.empty(n, dtype=int)
    pos[perm] = np.arange(n)
    m = (pos[:, None] < pos[None, :]).astype(int)
    iu, ju = np.triu_indices(n, 1)
    flips = rng.random(iu.size) < flip
    a, b = iu[flips], ju[flips]
    m[a, b], m[b, a] = m[b, a], m[a, b]
    return m


def brute_cyclic(m: np.ndarray) -> int:
    n = m.shape[0]
    count = 0
    for i, j, k in itertools.combinations(range(n), 3):
        if (m[i, j] and m[j, k] and m[k, i]) or (m[j, i] and m[k, j] and m[i, k]):
            count += 1
    return count


def brute_best(t: Tournament) -> float:
    return max(t.forward_weight(list(p)) for p in itertools.permutations(range(t.n)))


def matrices(n: int):
    iu, ju = np.triu_indices(n, 1)
    for bits in itertools.product([0, 1], repeat=iu.size):
        m = np.zeros((n, n), dtype=int)
        b = np.array(bits)
        m[iu, ju] = b
        m[ju, iu] = 1 - b
        yield m


@pytest.fixture(scope="session")
def helpers() -> SimpleNamespace:
    return SimpleNamespace(
        random_matrix=random_matrix,
        near_transitive=near_transitive,
        brute_cyclic=brute_cyclic,
        brute_best=brute_best,
        matrices=matrices,
    )
