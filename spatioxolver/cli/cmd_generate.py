"""``spatioxolver generate FAMILY --out DIR --scenes K --seed S``: build a synthetic benchmark split."""

from __future__ import annotations

import argparse
from typing import Any

#: family options: (flag, dest, argparse kwargs)
_FAMILY_OPTIONS: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("--n", "n", {"help": "ctr: object counts to cycle through, e.g. 3,5,8 (default 3,5,8,12,16,20)"}),
    (
        "--gap-set",
        "gap_set",
        {"action": "store_const", "const": True, "help": "ctr: the N=3 controlled depth-gap set"},
    ),
    ("--deltas", "deltas", {"help": "ctr --gap-set: depth gaps in metres (default 0.1,...,8.0)"}),
    ("--axes", "axes", {"help": "ctr: axes to query (default H,V,D)"}),
    ("--density", "density", {"help": "cvt: sparse, dense or mixed (default mixed)"}),
    (
        "--filter-ambiguous",
        "filter_ambiguous",
        {
            "action": "store_const",
            "const": True,
            "help": "cvt: drop queries within 0.05 of the 0.2 threshold or with no relation (seed 003 keeps them)",
        },
    ),
    ("--min-objects", "min_objects", {"type": int, "help": "inconsistency: fewest objects (default 5)"}),
    (
        "--max-objects",
        "max_objects",
        {"type": int, "help": "inconsistency: most objects (default 9, at most 26)"},
    ),
    ("--formats", "formats", {"help": "spatialab: both, mcq or open (default both)"}),
    ("--subcategories", "subcategories", {"help": "spatialab: comma-separated SpatiaLab subcategory names"}),
    ("--width", "width", {"type": int, "help": "image width (ctr/inconsistency/spatialab 480, cvt 320)"}),
    ("--height", "height", {"type": int, "help": "image height (ctr/inconsistency/spatialab 320, cvt 240)"}),
    ("--supersample", "supersample", {"type": int, "help": "samples per pixel along each axis (default 2)"}),
)


def add_parser(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "generate",
        help="generate a synthetic benchmark split (ctr, cvt, inconsistency, spatialab)",
        description="Render CLEVR-style scenes and write DIR/manifest.jsonl, DIR/images/, DIR/scenes/.",
    )
    p.add_argument("family", metavar="FAMILY", help="ctr, cvt, inconsistency or spatialab")
    p.add_argument("--out", required=True, help="output directory (empty, or pass --overwrite)")
    p.add_argument("--scenes", type=int, required=True, help="number of scenes to render")
    p.add_argument("--seed", type=int, default=0, help="base random seed (default 0)")
    p.add_argument("--overwrite", action="store_true", help="replace an earlier generation in --out")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--no-progress", action="store_true", help="do not show the progress bar")
    group = p.add_argument_group("family options")
    for flag, dest, kwargs in _FAMILY_OPTIONS:
        group.add_argument(flag, dest=dest, default=None, **kwargs)
    p.set_defaults(handler=_handler)


def _handler(args: argparse.Namespace) -> int:
    import json

    from spatioxolver.scenes import generate

    options = {dest: getattr(args, dest) for _, dest, _ in _FAMILY_OPTIONS if getattr(args, dest) is not None}
    manifest = generate(
        args.family,
        args.out,
        scenes=args.scenes,
        seed=args.seed,
        overwrite=args.overwrite,
        workers=args.workers,
        progress=not args.no_progress,
        **options,
    )
    info = json.loads((manifest.parent / "generation.json").read_text(encoding="utf-8"))
    print(f"wrote {info['examples']} examples from {info['scenes']} {args.family} scenes to {manifest}")
    return 0
