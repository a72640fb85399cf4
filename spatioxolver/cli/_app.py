"""Argument parsing and error handling shared by every sub-command.

Each sub-command lives in its own small module exposing ``add_parser(subparsers)``;
those modules import nothing heavy at import time (work happens inside the handler).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from spatioxolver import __version__
from spatioxolver.cli import (
    cmd_ask,
    cmd_consistency,
    cmd_eval,
    cmd_generate,
    cmd_info,
    cmd_serve,
    cmd_view,
)
from spatioxolver.errors import SpatioxolverError

COMMAND_MODULES = (cmd_info, cmd_ask, cmd_consistency, cmd_generate, cmd_eval, cmd_serve, cmd_view)


class _OneLineParser(argparse.ArgumentParser):
    """Usage errors become one ``error:`` line (exit 2) naming the command's ``--help``."""

    def error(self, message: str) -> NoReturn:
        print(f"error: {self.prog}: {message} (see '{self.prog} --help')", file=sys.stderr)
        raise SystemExit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(
        prog="spatioxolver",
        description="Answer spatial questions about images with plug-in agents; "
        "measure consistency; evaluate on spatial-reasoning benchmarks.",
    )
    parser.add_argument("--version", action="version", version=f"spatioxolver {__version__}")
    parser.add_argument("--debug", action="store_true", help="show full tracebacks on errors")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.add_parser(subparsers)
    return parser


def process_defaults() -> None:
    """What the CLI sets up before any command runs (the throughput benchmark's arms too).

    LangGraph's unused dependencies load on first use, not at start. One OpenBLAS thread,
    unless the user set ``OPENBLAS_NUM_THREADS``: numpy's small matrices gain nothing from
    more, and idle BLAS threads spin (a geometric eval at concurrency 1 burnt about 50% more
    CPU on 2 cores for no speed, and starved the worker processes at concurrency 2). It must
    happen before numpy is first imported, which the CLI has not done yet here.
    """
    from spatioxolver._lazy_imports import defer_on_import

    defer_on_import("langgraph")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the process exit code (2 for any SpatioXolver error)."""
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv  # accepted anywhere: `spatioxolver --debug ask ...` or `ask ... --debug`
    args, unknown = parser.parse_known_args([a for a in argv if a != "--debug"])
    args.debug = debug
    if unknown:
        _subparser(parser, args.command).error(f"unrecognized arguments: {' '.join(unknown)}")
    if not getattr(args, "handler", None):
        parser.print_help()
        return 0
    process_defaults()
    try:
        result = args.handler(args)
    except SpatioxolverError as exc:
        if args.debug:
            raise
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return int(result or 0)


def _subparser(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    for action in parser._subparsers._group_actions if parser._subparsers else ():
        choices = getattr(action, "choices", None) or {}
        if command in choices:
            return choices[command]
    return parser


def _one_line(exc: BaseException) -> str:
    from spatioxolver.evals.results import redact

    text = redact(" ".join(str(exc).split()))
    return text or type(exc).__name__
