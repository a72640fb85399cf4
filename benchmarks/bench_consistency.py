"""Consistency engine benchmarks, printed side by side as ratios (issue 3).

1. CTR: closed form from scores vs a brute-force triple count (N = 50, 200), and the
   closed form alone at N = 2000 (target < 0.2 s).
2. Exact OSC: bitmask DP at N = 12, 16, 20 (target N = 16 < 2 s) next to the ILP at the
   same sizes, and the ILP at N = 30, 40 on near-transitive tournaments (10%, 20% flipped).
3. Repair quality on uniformly random tournaments, N = 6 and N = 12, 1,000 each:
   agreement(repair) / OSC for "score" and "local" (seed 001 Table G2: score-rank
   83.9% mean, 64.1% min for a random oracle at N = 6; target for local >= 99% / >= 97%).
4. Queries used by elicit_order for N = 5..50 next to C(N, 2), binary insertion and
   ceil(log2 N!).

Run: ``python benchmarks/bench_consistency.py [--quick]`` (``--quick``: 200 tournaments
per size in group 3 instead of 1,000).
"""

from __future__ import annotations

import itertools
import math
import random
import sys
import time

import numpy as np


def _random_matrix(n: int, rng: np.random.Generator) -> np.ndarray:
    upper = np.triu(rng.random((n, n)) < 0.5, 1).astype(np.int8)
    return upper + np.triu(1 - upper, 1).T


def _near_transitive(n: int, flip: float, rng: np.random.Generator) -> np.ndarray:
    perm = rng.permutation(n)
    pos = np.empty(n, dtype=int)
    pos[perm] = np.arange(n)
    m = (pos[:, None] < pos[None, :]).astype(np.int8)
    iu, ju = np.triu_indices(n, 1)
    pick = rng.random(iu.size) < flip
    a, b = iu[pick], ju[pick]
    m[a, b], m[b, a] = m[b, a], m[a, b]
    return m


def _brute_cyclic(m: np.ndarray) -> int:
    rows = m.tolist()
    count = 0
    for i, j, k in itertools.combinations(range(len(rows)), 3):
        if rows[i][j] == rows[j][k] == rows[k][i] == 1 or rows[j][i] == rows[k][j] == rows[i][k] == 1:
            count += 1
    return count


def _timed(fn, repeat: int = 1):
    best, value = math.inf, None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        best = min(best, time.perf_counter() - start)
    return best, value


def bench_ctr(rng: np.random.Generator) -> bool:
    from spatioxolver.consistency import Tournament

    print("\n== 1. CTR: closed form (scores) vs brute-force triple count ==")
    print(f"{'N':>6} {'closed s':>10} {'brute s':>10} {'speed-up':>10} {'equal':>6}")
    ok = True
    for n in (50, 200):
        m = _random_matrix(n, rng)
        t = Tournament.from_matrix(m)
        t_fast, c_fast = _timed(t.cyclic_triples, repeat=5)
        t_slow, c_slow = _timed(lambda m=m: _brute_cyclic(m))
        ok &= c_fast == c_slow
        print(f"{n:>6} {t_fast:>10.5f} {t_slow:>10.3f} {t_slow / t_fast:>9.0f}x {str(c_fast == c_slow):>6}")
    m = _random_matrix(2000, rng)
    t_build, t = _timed(lambda: Tournament.from_matrix(m))
    t_ctr, _ = _timed(t.ctr, repeat=5)
    target = t_ctr < 0.2
    print(
        f"N = 2000: ctr() {t_ctr:.4f} s (target < 0.2 s: {'met' if target else 'MISSED'}); "
        f"from_matrix (validation) {t_build:.3f} s; ratio to target {t_ctr / 0.2:.3f}"
    )
    return ok and target


def bench_exact(rng: np.random.Generator) -> bool:
    from spatioxolver.consistency import Tournament, solve_exact

    print("\n== 2. Exact OSC: bitmask DP vs HiGHS ILP ==")
    print(f"{'N':>4} {'kind':>18} {'DP s':>8} {'ILP s':>8} {'ILP/DP':>8} {'same OSC':>9} {'proven':>7}")
    ok = True
    solve_exact(Tournament.from_matrix(_random_matrix(8, rng)), "ilp")  # warm-up: import scipy/HiGHS
    for n in (12, 16, 20):
        t = Tournament.from_matrix(_random_matrix(n, rng))
        t_dp, dp = _timed(lambda t=t: solve_exact(t, "dp"))
        t_ilp, ilp = _timed(lambda t=t: solve_exact(t, "ilp", time_limit=60))
        same = abs(dp.agreement - ilp.agreement) < 1e-12
        ok &= same or not ilp.optimal
        if n == 16:
            ok &= t_dp < 2.0
        print(
            f"{n:>4} {'uniform random':>18} {t_dp:>8.3f} {t_ilp:>8.3f} {t_ilp / t_dp:>7.1f}x {str(same):>9} {str(ilp.optimal):>7}"
        )
    print(f"{'N':>4} {'kind':>18} {'ILP s':>8} {'local s':>8} {'local/OSC':>10} {'proven':>7}")
    for n in (30, 40):
        for flip in (0.1, 0.2):
            t = Tournament.from_matrix(_near_transitive(n, flip, rng))
            t_ilp, ilp = _timed(lambda t=t: solve_exact(t, "ilp", time_limit=60))
            t_loc, loc = _timed(lambda t=t: t.repair("local"))
            ok &= ilp.optimal
            print(
                f"{n:>4} {f'{flip:.0%} flipped':>18} {t_ilp:>8.3f} {t_loc:>8.3f} "
                f"{loc.agreement / ilp.agreement:>10.4f} {str(ilp.optimal):>7}"
            )
    print("target: DP at N = 16 under 2 s")
    return ok


def bench_repair(rng: np.random.Generator, count: int) -> bool:
    from spatioxolver.consistency import Tournament

    print(f"\n== 3. Repair quality on uniformly random tournaments ({count} per N): agreement / OSC ==")
    print(
        f"{'N':>4} {'naive mean':>11} {'naive min':>10} {'score mean':>11} {'score min':>10} "
        f"{'local mean':>11} {'local min':>10} {'local=OSC':>10} {'seed G2 (score, N=6)':>21} {'local/each':>11}"
    )
    ok = True
    for n in (6, 12):
        naive, score, local, t_local = [], [], [], 0.0
        for _ in range(count):
            t = Tournament.from_matrix(_random_matrix(n, rng))
            osc = t.osc()
            # naive: sort by score, ties by index (what Theorem 3.6 allows, "any tie-breaking")
            naive.append(t.agreement(sorted(range(n), key=lambda i: -int(t.scores()[i]))) / osc)
            score.append(t.repair("score").agreement / osc)
            start = time.perf_counter()
            local.append(t.repair("local").agreement / osc)
            t_local += time.perf_counter() - start
        nv, s, loc = np.array(naive), np.array(score), np.array(local)
        ok &= loc.mean() >= 0.99 and loc.min() >= 0.97
        seed = "83.9% / 64.1%" if n == 6 else "-"
        print(
            f"{n:>4} {nv.mean():>11.2%} {nv.min():>10.2%} {s.mean():>11.2%} {s.min():>10.2%} "
            f"{loc.mean():>11.2%} {loc.min():>10.2%} {np.mean(loc > 1 - 1e-12):>10.1%} {seed:>21} "
            f"{t_local / count * 1000:>8.2f} ms"
        )
    print("naive = score order with ties by index; score = repair('score') (recursive tie-breaking)")
    print("target for local: >= 99% mean, >= 97% min")
    return ok


def bench_elicit() -> bool:
    from spatioxolver.consistency import (
        binary_insertion_bound,
        elicit_order,
        information_bound,
        merge_insertion_bound,
    )

    print("\n== 4. Queries to elicit an order (worst over 200 random orders; bounds are worst cases) ==")
    print(
        f"{'N':>4} {'C(N,2)':>7} {'binary used':>12} {'binary bound':>13} {'MI used':>8} "
        f"{'MI bound F(N)':>14} {'log2 N!':>8} {'C(N,2)/MI':>10}"
    )
    rnd = random.Random(0)
    ok = True
    for n in (5, 8, 10, 12, 15, 20, 25, 30, 40, 50):
        worst = {"merge-insertion": 0, "binary-insertion": 0}
        for _ in range(200):
            truth = list(range(n))
            rnd.shuffle(truth)
            rank = {v: r for r, v in enumerate(truth)}
            for method in worst:
                order, used = elicit_order(list(range(n)), lambda a, b, rank=rank: rank[a] < rank[b], method)
                ok &= order == truth
                worst[method] = max(worst[method], used)
        ok &= worst["merge-insertion"] <= merge_insertion_bound(n)
        ok &= worst["binary-insertion"] <= binary_insertion_bound(n)
        print(
            f"{n:>4} {math.comb(n, 2):>7} {worst['binary-insertion']:>12} {binary_insertion_bound(n):>13} "
            f"{worst['merge-insertion']:>8} {merge_insertion_bound(n):>14} {information_bound(n):>8} "
            f"{math.comb(n, 2) / merge_insertion_bound(n):>9.1f}x"
        )
    return ok


def main(argv: list[str] | None = None) -> int:
    """Run every group; returns 0 when all targets and equalities hold, 1 otherwise."""
    argv = sys.argv[1:] if argv is None else argv
    count = 200 if "--quick" in argv else 1000
    rng = np.random.default_rng(20261121)
    start = time.perf_counter()
    results = {
        "ctr": bench_ctr(rng),
        "exact": bench_exact(rng),
        "repair": bench_repair(rng, count),
        "elicit": bench_elicit(),
    }
    print(
        f"\nconsistency benchmarks: {time.perf_counter() - start:.1f} s; "
        + ", ".join(f"{k} {'ok' if v else 'FAILED'}" for k, v in results.items())
    )
    return 0 if all(results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
