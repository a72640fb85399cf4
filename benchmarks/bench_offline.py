"""The offline (geometric) engine on images it did not render: accuracy per family, scale, speed.

Images come from :mod:`spatioxolver.testing.drawn` (Pillow drawings: flat shapes, icon
grids, shaded 3-D scenes with sky and ground, labelled diagrams) and scikit-image's
photographs. Reports per family: right / wrong / abstained (a refusal or an abstaining
Answer counts as abstained); photos must have no wrong answer. Then the same questions on
a few drawn scenes rescaled 0.5x / 4x / 8x (share of answers equal to the 1x answer), and
the warm time of one question on a 12 MP photo.

Targets (issue 13): drawn >= 90% right, photos 0 wrong, scale agreement 100%, 12 MP < 1 s.
Also reported: the held-out drawings of :mod:`spatioxolver.testing.heldout`, the painted
images of :mod:`spatioxolver.testing.painted` (a third, independent generator) and the
sketched images of :mod:`spatioxolver.testing.sketched` (a fourth) per family.

Usage: ``python benchmarks/bench_offline.py [--per-family 6] [--seed 0] [--no-scale] [--no-photos]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from typing import Any

TARGET_DRAWN = 0.90
TARGET_12MP_S = 1.0


def _ask(image: Any, text: str) -> Any:
    from spatioxolver import ask
    from spatioxolver.errors import SpatioxolverError

    try:
        return ask(image, text, model="geometric")
    except SpatioxolverError as exc:
        return exc


def _tally(cases: Any, *, verbose: bool) -> dict[str, Counter]:
    """Verdicts ("right", "wrong", "abstain") per family of every question of ``cases``."""
    from spatioxolver.testing.drawn import score_answer

    tally: dict[str, Counter] = defaultdict(Counter)
    for case in cases:
        for q in case.questions:
            answer = _ask(case.image, q.text)
            verdict = score_answer(q, answer)
            tally[case.family][verdict] += 1
            if verbose and verdict != "right":
                got = answer if isinstance(answer, BaseException) else (answer.value, answer.text[:60])
                print(f"  {verdict:7s} {case.name:12s} {q.text!r} gold={q.gold!r} got={got!r}")
    return tally


def _report_set(name: str, cases: Any, *, verbose: bool, note: str = "") -> None:
    """Ask every question of ``cases`` and print right / wrong per family and overall."""
    tally = _tally(cases, verbose=verbose)
    overall: Counter = Counter()
    for family, c in tally.items():
        n = sum(c.values())
        overall.update(c)
        print(
            f"{name} {family:9s} {c['right']:4d}/{n:<4d} right {100 * c['right'] / n:5.1f}%  wrong {c['wrong']}"
        )
    n = sum(overall.values())
    if n:
        extra = f" ({note})" if note else ""
        print(f"{name}: {100 * overall['right'] / n:.1f}% right, {overall['wrong']} wrong of {n}{extra}")


def _key(answer: Any) -> str:
    if isinstance(answer, BaseException):
        return f"error:{type(answer).__name__}"
    return repr(answer.value) if answer.value is not None else "abstain"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-family", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-scale", action="store_true")
    parser.add_argument("--no-photos", action="store_true")
    parser.add_argument("--verbose", action="store_true", help="print every wrong answer")
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])

    from spatioxolver.testing.drawn import drawn_cases, photo_cases
    from spatioxolver.testing.heldout import heldout_cases

    cases = drawn_cases(seed=args.seed, per_family=args.per_family)
    held = heldout_cases(seed=args.seed, per_family=args.per_family)
    if not args.no_photos:
        try:
            cases += photo_cases()
        except ImportError:
            print("photos skipped: scikit-image is not installed (pip install scikit-image)")
    tally = _tally(cases, verbose=args.verbose)
    print(f"{'family':10s} {'right':>6s} {'wrong':>6s} {'abstain':>8s} {'n':>4s} {'right %':>8s}")
    drawn = Counter()
    for family, c in tally.items():
        n = sum(c.values())
        print(
            f"{family:10s} {c['right']:6d} {c['wrong']:6d} {c['abstain']:8d} {n:4d} {100 * c['right'] / n:7.1f}%"
        )
        if family != "photo":
            drawn.update(c)
    n = sum(drawn.values())
    ok = True
    if n:
        share = drawn["right"] / n
        print(f"drawn: {100 * share:.1f}% right (target >= {100 * TARGET_DRAWN:.0f}%)")
        ok &= share >= TARGET_DRAWN
    if "photo" in tally:
        print(f"photos: {tally['photo']['wrong']} confident wrong answers (target 0)")
        ok &= tally["photo"]["wrong"] == 0

    # Held-out drawings (spatioxolver.testing.heldout: other drawing code and conventions);
    # reported, not part of the pass / fail targets (the tagged family is a known gap).
    _report_set("held-out", held, verbose=args.verbose)

    # Painted images (spatioxolver.testing.painted: a third generator, written apart from the
    # engine and from the other two: supersampled Pillow drawings, pastel colours, paper and
    # gradient grounds, outline-only shapes, drop shadows, a horizon 3-D style, letters, a
    # quarter re-saved as JPEG q85) with their own wordings; reported, not a pass / fail target.
    from spatioxolver.agents._vision.labels import ocr_available

    from spatioxolver.testing.painted import painted_cases

    painted = painted_cases(seed=args.seed, per_family=args.per_family)
    _report_set(
        "painted",
        painted,
        verbose=args.verbose,
        note=f"ocr extra {'installed' if ocr_available() else 'absent'}",
    )

    # Sketched images (spatioxolver.testing.sketched: a fourth generator, OpenCV primitives:
    # slides with titles and captions, icon rows with words under them, oblique solids on a
    # floor; blur, noise, a third re-saved as JPEG q70-90) with their own wordings (either-or,
    # "tell me the colour of ..."); reported, not a pass / fail target.
    from spatioxolver.testing.sketched import sketched_cases

    _report_set(
        "sketched",
        sketched_cases(seed=args.seed, per_family=args.per_family),
        verbose=args.verbose,
        note=f"ocr extra {'installed' if ocr_available() else 'absent'}",
    )

    if not args.no_scale:
        import cv2

        same = total = 0
        for case in [c for c in cases if c.family != "photo"][:: max(1, args.per_family // 2)][:6]:
            for q in case.questions[:4]:
                ref = _key(_ask(case.image, q.text))
                for f in (0.5, 4.0, 8.0):
                    img = cv2.resize(
                        case.image,
                        None,
                        fx=f,
                        fy=f,
                        interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_CUBIC,
                    )
                    total += 1
                    same += _key(_ask(img, q.text)) == ref
        print(f"scale 0.5x/4x/8x: {same}/{total} answers equal to the 1x answer")
        ok &= same == total

    import numpy as np

    try:
        from skimage import data

        photo = np.asarray(data.astronaut())
    except ImportError:
        photo = np.random.default_rng(0).integers(0, 255, (512, 512, 3), dtype=np.uint8)
    import cv2

    big = cv2.resize(photo, (4000, 3000), interpolation=cv2.INTER_CUBIC)
    from spatioxolver.graphs._cache import cache_clear

    _ask(big, "How many objects are there?")  # warm: imports, compiled graph
    cache_clear()
    start = time.perf_counter()
    _ask(big, "Which object is the leftmost?")
    took = time.perf_counter() - start
    print(
        f"12 MP photo, one question (perception not cached): {took:.2f} s (target < {TARGET_12MP_S} s, ratio {took / TARGET_12MP_S:.2f})"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
