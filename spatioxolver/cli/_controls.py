"""Command-line flags of the run controls (:mod:`spatioxolver.controls`), shared by ``ask``,
``scene`` and ``eval``: ``--agent-model NODE=MODEL``, ``--agent-api-base NODE=URL``,
``--temperature``, ``--max-tokens`` and the per-request timeout.

Example:
    >>> agent_models_from_flags(["relations=openai/gpt-4o-mini"], ["relations=http://127.0.0.1:8001/v1"])
    {'relations': {'model': 'openai/gpt-4o-mini', 'api_base': 'http://127.0.0.1:8001/v1'}}
"""

from __future__ import annotations

import argparse
from typing import Any

from spatioxolver.controls import AGENT_MODEL_NODES, agent_model_specs, check_decoding
from spatioxolver.errors import InputError

__all__ = [
    "add_agent_model_flags",
    "add_decoding_flags",
    "add_reasoner_flag",
    "add_chain_flags",
    "add_segmentation_flags",
    "agent_models_from_flags",
    "control_options",
]


def add_agent_model_flags(parser: Any) -> None:
    """``--agent-model NODE=MODEL`` and ``--agent-api-base NODE=URL`` (both repeatable)."""
    parser.add_argument(
        "--agent-model",
        action="append",
        default=None,
        metavar="NODE=MODEL",
        help=f"the model the agentic graph's NODE asks instead of --model ({', '.join(AGENT_MODEL_NODES)}); "
        "built with --api-base and the model options; repeatable",
    )
    parser.add_argument(
        "--agent-api-base",
        action="append",
        default=None,
        metavar="NODE=URL",
        help="server URL of NODE's --agent-model instead of --api-base ('NODE=' for the provider's own); repeatable",
    )


def add_reasoner_flag(parser: Any) -> None:
    """``--reasoner llm|symbolic|auto`` (the agentic graph's reasoning agent)."""
    parser.add_argument(
        "--reasoner",
        choices=("llm", "symbolic", "auto"),
        default=None,
        help="the agentic graph's reasoning agent: llm (the model answers from the scene graph; default for "
        "provider models), symbolic (the rule-based reader only: the neuro-symbolic arm) or auto (symbolic "
        "when the question parses, else the model; default for sim/ models)",
    )


def add_chain_flags(parser: Any) -> None:
    """``--relations pairs|orderings|auto`` and ``--refinements N`` (the agentic chain with a model)."""
    parser.add_argument(
        "--relations",
        dest="relations_elicitation",
        choices=("pairs", "orderings", "auto"),
        default=None,
        help="how the relation agent asks a model: one triple per pair (quadratic in the number of objects), "
        "one ordering per axis (linear), or auto (orderings above 6 objects for provider models; the default)",
    )
    parser.add_argument(
        "--refinements",
        type=int,
        default=None,
        metavar="N",
        help="rounds (0-5, default 0) in which the reasoning model checks its answer against the scene graph",
    )


def add_segmentation_flags(parser: Any) -> None:
    """``--segmentation``, ``--sam-checkpoint``, ``--sam-device`` and ``--sam-mode``."""
    parser.add_argument(
        "--segmentation",
        dest="segmentation_backend",
        choices=("geometric", "sam", "llm"),
        default=None,
        help="how the segmentation agent finds objects: geometric (OpenCV), sam (Segment Anything, optional "
        "extra, local checkpoint) or llm (ask the model); default: the model when the run has one, else geometric",
    )
    parser.add_argument(
        "--sam-checkpoint",
        default=None,
        metavar="PATH",
        help="local SAM checkpoint (.pth) for --segmentation sam (default: $SPATIOXOLVER_SAM_CHECKPOINT)",
    )
    parser.add_argument(
        "--sam-device",
        default=None,
        metavar="auto|cpu|cuda[:N]|mps",
        help="where SAM runs (default auto: the first CUDA GPU when torch sees one, else the CPU)",
    )
    parser.add_argument(
        "--sam-mode",
        choices=("automatic", "boxes"),
        default=None,
        help="SAM's automatic mask generator (default) or one mask per geometric proposal's box",
    )


def add_decoding_flags(parser: Any, *, timeout_flags: tuple[str, ...]) -> None:
    """``--temperature``, ``--max-tokens`` and the per-request timeout (named ``timeout_flags``)."""
    parser.add_argument(
        "--temperature",
        type=float,
        default=None,
        help="sampling temperature of every model call, 0 to 2 (default: per call site, see docs/models.md)",
    )
    parser.add_argument(
        "--max-tokens",
        type=int,
        default=None,
        help="reply token limit of every model call (default: per call site, see docs/models.md)",
    )
    parser.add_argument(
        *timeout_flags,
        dest="request_timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="seconds per model request attempt (default: the client's, 60 for provider models)",
    )


def _pairs(flag: str, specs: list[str] | None, example: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for spec in specs or []:
        node, sep, value = str(spec).partition("=")
        node = node.strip()
        if not sep or not node:
            raise InputError(f"{flag} {spec}: use NODE=VALUE, e.g. {flag} {example}")
        if node in out:
            raise InputError(f"{flag}: node {node!r} given twice")
        out[node] = value.strip()
    return out


def agent_models_from_flags(models: list[str] | None, api_bases: list[str] | None) -> dict[str, Any]:
    """The ``agent_models`` option of ``--agent-model`` / ``--agent-api-base``.

    Raises:
        InputError: a flag without ``NODE=VALUE``, a node given twice, an empty model, or an
            ``--agent-api-base`` for a node without ``--agent-model``.
        ConfigError: an unknown node.
    """
    chosen = _pairs("--agent-model", models, "relations=openai/gpt-4o-mini")
    bases = _pairs("--agent-api-base", api_bases, "relations=http://127.0.0.1:8001/v1")
    for node, model in chosen.items():
        if not model:
            raise InputError(
                f"--agent-model {node}=: give a model, e.g. --agent-model {node}=openai/gpt-4o-mini"
            )
    for node in bases:
        if node not in chosen:
            raise InputError(f"--agent-api-base {node}=...: give --agent-model {node}=MODEL too")
    out: dict[str, Any] = {}
    for node, model in chosen.items():
        out[node] = {"model": model, "api_base": bases[node]} if node in bases else {"model": model}
    agent_model_specs(out)  # unknown node, 'geometric'
    return out


def control_options(args: argparse.Namespace) -> dict[str, Any]:
    """The ``agent_models`` and decoding options of parsed flags (only those given), checked.

    Raises:
        InputError / ConfigError: see :func:`agent_models_from_flags` and
            :func:`spatioxolver.controls.check_decoding` (one line each).
    """
    options: dict[str, Any] = {}
    agent_models = agent_models_from_flags(
        getattr(args, "agent_model", None), getattr(args, "agent_api_base", None)
    )
    if agent_models:
        options["agent_models"] = agent_models
    if getattr(args, "reasoner", None):
        options["reasoner"] = args.reasoner
    if getattr(args, "relations_elicitation", None):
        options["relations_options"] = {"elicitation": args.relations_elicitation}
    if getattr(args, "refinements", None) is not None:
        if not 0 <= args.refinements <= 5:
            raise InputError(f"--refinements {args.refinements}: give a whole number of rounds from 0 to 5")
        options["refinements"] = args.refinements
    if getattr(args, "segmentation_backend", None):
        options["segmentation_backend"] = args.segmentation_backend
    sam = {
        f: getattr(args, f) for f in ("sam_checkpoint", "sam_device", "sam_mode") if getattr(args, f, None)
    }
    if sam and options.get("segmentation_backend") != "sam":
        given = ", ".join(f"--{f.replace('_', '-')}" for f in sam)
        raise InputError(f"{given}: these only apply with --segmentation sam; add it or drop them")
    if sam:
        options["segmentation_options"] = sam
    for flag, key in (
        ("temperature", "temperature"),
        ("max_tokens", "max_tokens"),
        ("request_timeout", "timeout"),
    ):
        value = getattr(args, flag, None)
        if value is not None:
            options[key] = value
    named = {"temperature": "--temperature", "max_tokens": "--max-tokens", "timeout": "request timeout"}
    try:
        check_decoding(options)
    except InputError as exc:
        key = str(exc).split(" ", 1)[0]
        raise InputError(f"{named.get(key, key)}: {exc}") from None
    return options
