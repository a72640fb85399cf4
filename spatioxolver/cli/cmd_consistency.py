"""``spatioxolver consistency FILE``: CTR, exact OSC (or a bound), repaired order, flipped pairs."""

from __future__ import annotations

import argparse
import json
from typing import Any

_FORMATS = """\
input formats (FILE):
  JSON  {"matrix": [[0,1,0],[0,0,1],[1,0,0]], "items": ["a","b","c"]}
          matrix[i][j] = 1 iff item i precedes item j (left->right, top->bottom,
          near->far); entries may be probabilities with f[i][j] + f[j][i] = 1;
          null marks an unanswered pair; "items" is optional.
        {"pairs": [["a","b"], ["b","c",0.8], {"first":"c","second":"a","p":0.6}],
         "items": ["a","b","c"]}
          each pair says "first precedes second" with confidence p (default 1);
          "items" is optional (default: order of first appearance).
        a bare matrix, a bare list of pairs, or a scene graph written by
          SceneGraph.to_json (one tournament per axis H, V, D).
  CSV   first,second[,p]     one pair per row; optional header "first,second,p";
                             lines starting with # are comments.

  GraphML is not read: pass the scene JSON (`spatioxolver scene --out`) instead.

output: CTR over fully answered triples (with coverage; "n/a (needs >= 3 items)" for
fewer than 3 items), OSC (exact when proven, otherwise the best agreement found and the
solver's upper bound), the repaired order (first to last, "a < b" = a precedes b) and the
answered pairs the repair reverses ("answer said a < b, repaired to b < a").
--json prints {"items", "n", "coverage", "ctr", "ctr_note", "cyclic_triples",
"observed_triples", "osc": {"value", "lower", "upper", "optimal", "method"}, "repair":
{"method", "order", "agreement", "optimal", "flipped"}}; "ctr" is null with a "ctr_note"
when it cannot be measured; each "flipped" entry [a, b] means the answers put a first and
the repaired order puts b first. A scene graph gives {"axes": {"H": {...}, ...}}.
"""


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "consistency",
        help="measure and repair the consistency of pairwise ordering answers",
        description="Cyclic triple rate, exact ordinal spatial consistency and repair of pairwise "
        "'A precedes B' answers (one axis), or of every axis of a scene graph.",
        epilog=_FORMATS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", metavar="FILE", help="JSON or CSV file of pairwise answers (formats below)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument(
        "--method",
        default="auto",
        choices=("auto", "score", "local", "exact"),
        help="repair method (default auto: exact up to 16 items, local search beyond)",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds for the exact ILP (above 20 items); when reached the bound is reported (default 10)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="seed (>= 0) of the local search restarts (default 0)"
    )
    parser.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from spatioxolver.consistency._io import load_pairwise
    from spatioxolver.consistency._scene import tournaments_from_scene_graph
    from spatioxolver.errors import InputError

    if not args.time_limit > 0:
        raise InputError(f"--time-limit must be positive, got {args.time_limit}")
    if args.seed < 0:
        raise InputError(f"--seed must be >= 0, got {args.seed}")
    data = load_pairwise(args.file)
    if data.scene_graph is not None:
        per_axis = tournaments_from_scene_graph(data.scene_graph)
        if not per_axis:
            raise InputError(
                f"{args.file}: the scene graph has no left/right, above/below or closer/further relations"
            )
        report: dict[str, Any] = {
            "axes": {axis: _analyse(ids, t, args) for axis, (ids, t) in per_axis.items()}
        }
    else:
        report = _analyse(data.items, data.tournament, args)
    if args.json:
        print(json.dumps(report, indent=2))
    elif "axes" in report:
        for axis, rep in report["axes"].items():
            print(f"== axis {axis} ==")
            _print_text(rep)
    else:
        _print_text(report)
    return 0


def _analyse(items: list[str], t: Any, args: argparse.Namespace) -> dict[str, Any]:
    from spatioxolver.consistency._exact import ILP_MAX_N, solve_exact

    cov = t.coverage()
    triples = cov["observed_triples"]
    # Tournament.ctr() raises for n < 3; the report degrades to "n/a" instead.
    ctr = t.ctr() if t.n >= 3 and triples else None
    if t.n < 3:
        ctr_note = "needs >= 3 items"
    elif not triples:
        ctr_note = "no triple has all three pairs answered"
    else:
        ctr_note = None
    rep = t.repair(args.method, seed=args.seed, time_limit=args.time_limit)
    if rep.method in ("dp", "ilp", "trivial"):
        osc = {
            "value": rep.agreement if rep.optimal else None,
            "lower": rep.agreement,
            "upper": rep.bound,
            "optimal": rep.optimal,
            "method": rep.method,
        }
    elif rep.optimal:
        osc = {
            "value": rep.agreement,
            "lower": rep.agreement,
            "upper": 1.0,
            "optimal": True,
            "method": rep.method,
        }
    elif t.n <= ILP_MAX_N:
        ex = solve_exact(t, time_limit=args.time_limit)
        lower = max(ex.agreement, rep.agreement)
        osc = {
            "value": ex.agreement if ex.optimal else None,
            "lower": lower,
            "upper": max(ex.bound, lower),
            "optimal": ex.optimal,
            "method": ex.method,
        }
    else:
        osc = {"value": None, "lower": rep.agreement, "upper": 1.0, "optimal": False, "method": "none"}
    return {
        "items": items,
        "n": t.n,
        "coverage": {"pairs": cov["pairs"], "triples": cov["triples"]},
        "ctr": ctr,
        "ctr_note": ctr_note,
        "cyclic_triples": t.cyclic_triples(),
        "observed_triples": triples,
        "osc": osc,
        "repair": {
            "method": rep.method,
            "order": [items[v] for v in rep.order],
            "agreement": rep.agreement,
            "optimal": rep.optimal,
            "flipped": [[items[i], items[j]] for i, j in rep.flipped],
        },
    }


def _print_text(rep: dict[str, Any]) -> None:
    cov = rep["coverage"]
    triples = f"{cov['triples']:.1%}" if rep["n"] >= 3 else "n/a"
    print(f"items: {rep['n']}   pairs answered: {cov['pairs']:.1%}   triples fully answered: {triples}")
    if rep["ctr"] is None:
        print(f"CTR: n/a ({rep['ctr_note']})")
    else:
        print(f"CTR: {rep['ctr']:.4f} ({rep['cyclic_triples']} cyclic of {rep['observed_triples']} triples)")
    osc = rep["osc"]
    if osc["optimal"]:
        print(f"OSC: {osc['value']:.4f} (exact, {osc['method']})")
    else:
        print(f"OSC: between {osc['lower']:.4f} and {osc['upper']:.4f} (not proven optimal; {osc['method']})")
    r = rep["repair"]
    print(f"repaired order ({r['method']}, first to last; '<' = precedes): {' < '.join(r['order'])}")
    print(f"agreement: {r['agreement']:.4f}   optimal: {'yes' if r['optimal'] else 'not proven'}")
    if r["flipped"]:
        print(f"flipped pairs ({len(r['flipped'])}):")
        for a, b in r["flipped"]:
            print(f"  answer said {a} < {b}, repaired to {b} < {a}")
    else:
        print("flipped pairs: none")
