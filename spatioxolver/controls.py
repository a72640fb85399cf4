"""Run controls for real models: per-agent models and decoding settings.

Two options of ``ask`` / ``aask`` / ``build_scene_graph`` (and of ``spatioxolver eval``):

* ``agent_models={"relations": "openai/gpt-4o-mini", ...}`` — the agents of the agentic
  graph that ask another model than the run's. A value is a model string, a mapping
  ``{"model": ..., "api_base": ..., "model_options": {...}}`` or a ready
  :class:`~spatioxolver.models.ModelClient`. A model string is built with
  :func:`~spatioxolver.models.get_model` and the run's ``api_base`` / ``model_options``
  (a mapping's own ``api_base`` / ``model_options`` replace them; ``api_base=""`` means the
  provider's default endpoint). A simulated agent model is bound to the run's answer key.
* ``temperature`` (0 to 2), ``max_tokens`` (at least 1) and ``timeout`` (seconds per
  request, positive): they override every call's own defaults (:data:`DECODING_TABLE`).

Example:
    >>> check_decoding({"temperature": 0.2, "max_tokens": 64})
    >>> agent_model_specs({"relations": "openai/gpt-4o-mini"})
    {'relations': {'model': 'openai/gpt-4o-mini'}}
    >>> check_decoding({"temperature": 3})
    Traceback (most recent call last):
    ...
    spatioxolver.errors.InputError: temperature must be a number from 0 to 2, got 3
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import Any

from spatioxolver.errors import ConfigError, InputError

__all__ = [
    "AGENT_MODEL_NODES",
    "PERCEPTION_AGENTS",
    "DECODING_TABLE",
    "PROTOCOL_DECODING",
    "REASONERS",
    "check_reasoner",
    "decoding_used",
    "check_decoding",
    "agent_model_specs",
    "build_agent_clients",
    "run_agent_clients",
    "agent_models_key",
    "is_number",
]

#: The agents of the agentic graph that may ask a model of their own.
AGENT_MODEL_NODES: tuple[str, ...] = ("segmentation", "attributes", "relations", "symmetry", "reasoning")
#: Those whose model changes the perception (and so the perception cache key).
PERCEPTION_AGENTS: tuple[str, ...] = ("segmentation", "attributes", "relations", "symmetry")

#: Decoding defaults per call site (a run's ``temperature`` / ``max_tokens`` / ``timeout``
#: options override them); a setting left out is not sent (the provider's default).
PROTOCOL_DECODING: dict[str, dict[str, Any]] = {
    "direct_mcq": {"temperature": 0.0, "max_tokens": 10},  # SpatiaLab, seed 004 appendix D.1
    "direct_open": {"temperature": 0.7, "max_tokens": 1200},  # SpatiaLab, seed 004 appendix D.2
    "agents": {"temperature": 0.1},  # the chain's agents (calls made with agent=...), seed 004 H.5
    "other": {"temperature": 0.0},  # pairwise, CVT, inconsistency, CoT-rank, text: deterministic
}

#: The same, for the docs: (call site, temperature, max_tokens, source).
DECODING_TABLE: tuple[tuple[str, float, int | None, str], ...] = (
    ("direct graph, MCQ (`direct_mcq`)", 0.0, 10, "seed 004, appendix D.1"),
    ("direct graph, open-ended (`direct_open`)", 0.7, 1200, "seed 004, appendix D.2"),
    ("agentic chain: every agent's call (`agent=...`)", 0.1, None, "seed 004, appendix H.5"),
    ("every other call (pairwise, CVT, inconsistency, CoT-rank, text)", 0.0, None, "deterministic"),
)

_SPEC_KEYS = ("model", "api_base", "model_options")


def is_number(v: Any) -> bool:
    """A finite real number (not a bool)."""
    return isinstance(v, numbers.Real) and not isinstance(v, bool) and math.isfinite(float(v))


def check_decoding(options: Mapping[str, Any]) -> None:
    """Check ``temperature``, ``max_tokens`` and ``timeout`` of ``options`` (absent or ``None`` is fine).

    Raises:
        InputError: a value out of range or of the wrong type (one line naming it).
    """
    temperature = options.get("temperature")
    if temperature is not None and (not is_number(temperature) or not 0 <= temperature <= 2):
        raise InputError(f"temperature must be a number from 0 to 2, got {temperature!r}")
    max_tokens = options.get("max_tokens")
    if max_tokens is not None and (
        isinstance(max_tokens, bool) or not isinstance(max_tokens, numbers.Integral) or max_tokens < 1
    ):
        raise InputError(f"max_tokens must be a whole number of at least 1, got {max_tokens!r}")
    timeout = options.get("timeout")
    if timeout is not None and (not is_number(timeout) or timeout <= 0):
        raise InputError(f"timeout must be a positive number of seconds, got {timeout!r}")


def decoding_used(options: Mapping[str, Any]) -> dict[str, Any]:
    """What a run decodes with, for ``run.json``: the run's own settings (``run``) and, per
    call site, the protocol's defaults with them applied (``used``).

    Example:
        >>> decoding_used({"max_tokens": 64})["used"]["direct_open"]
        {'temperature': 0.7, 'max_tokens': 64}
    """
    run = {k: options[k] for k in ("temperature", "max_tokens", "timeout") if options.get(k) is not None}
    return {
        "run": run,
        "defaults": {site: dict(d) for site, d in PROTOCOL_DECODING.items()},
        "used": {site: {**d, **run} for site, d in PROTOCOL_DECODING.items()},
    }


#: The agentic graph's reasoners (``reasoner=``; see :func:`spatioxolver.agents.reasoning.reasoner_of`).
REASONERS: tuple[str, ...] = ("llm", "symbolic", "auto")


def check_reasoner(reasoner: Any, model: str | None = None) -> None:
    """Check a ``reasoner`` option (``None`` is the default); ``llm`` needs a language model.

    Raises:
        ConfigError: an unknown reasoner, or ``llm`` with the ``geometric`` model.
    """
    if reasoner is None:
        return
    if not isinstance(reasoner, str) or reasoner.strip().lower() not in REASONERS:
        raise ConfigError(f"unknown reasoner {reasoner!r}; use one of {', '.join(REASONERS)}")
    if reasoner.strip().lower() == "llm" and model == "geometric":
        raise ConfigError("reasoner 'llm' needs a language model; the run's model is 'geometric'")


def agent_model_specs(agent_models: Any) -> dict[str, Any]:
    """``agent_models`` checked and normalised: ``{node: {"model": ..., ...} or client}``.

    Raises:
        InputError: not a mapping, or a value that is neither a model string, a mapping with
            ``model`` nor a model client.
        ConfigError: an unknown node, or the ``geometric`` model for an agent.
    """
    if agent_models is None:
        return {}
    if not isinstance(agent_models, Mapping):
        raise InputError(
            "agent_models must be a mapping {agent: model}, e.g. {'relations': 'openai/gpt-4o-mini'}, "
            f"not {type(agent_models).__name__}"
        )
    out: dict[str, Any] = {}
    for node, value in agent_models.items():
        if node not in AGENT_MODEL_NODES:
            raise ConfigError(
                f"agent_models: unknown agent {node!r}; agents that ask a model: {', '.join(AGENT_MODEL_NODES)}"
            )
        out[str(node)] = _spec(str(node), value)
    return out


def _spec(node: str, value: Any) -> Any:
    if callable(getattr(value, "complete", None)):
        return value  # a ready client
    if isinstance(value, str):
        value = {"model": value}
    if (
        not isinstance(value, Mapping)
        or not isinstance(value.get("model"), str)
        or not value["model"].strip()
    ):
        raise InputError(
            f"agent_models[{node!r}] must be a model string such as 'openai/gpt-4o-mini' (or "
            f"{{'model': ..., 'api_base': ...}}), got {value!r}"[:300]
        )
    unknown = sorted(set(value) - set(_SPEC_KEYS))
    if unknown:
        raise InputError(
            f"agent_models[{node!r}]: unknown key(s) {', '.join(unknown)}; known: {', '.join(_SPEC_KEYS)}"
        )
    if value.get("api_base") is not None and not isinstance(value["api_base"], str):
        raise InputError(
            f"agent_models[{node!r}]['api_base'] must be a URL string, got {value['api_base']!r}"
        )
    if value.get("model_options") is not None and not isinstance(value["model_options"], Mapping):
        raise InputError(f"agent_models[{node!r}]['model_options'] must be a mapping")
    spec = {k: value[k] for k in _SPEC_KEYS if k in value}
    spec["model"] = spec["model"].strip()
    if spec["model"] == "geometric":
        raise ConfigError(
            f"agent_models[{node!r}]: 'geometric' is not a language model; to run the {node} agent on "
            f"pixels pass {node}_backend='geometric'"
        )
    return spec


def build_agent_clients(
    specs: Mapping[str, Any], *, run_client: Any, options: Mapping[str, Any], bind: bool = True
) -> dict[str, Any]:
    """``{node: client}`` for :attr:`RunContext.agent_clients`.

    Model strings are built with :func:`~spatioxolver.models.get_model`, the run's
    ``api_base`` and ``model_options`` (a spec's own replace them, except the run's response
    ``cache`` setting, which always applies). With ``bind``, a simulated client (built here or
    given) is bound to the run's answer key: ``options["ground_truth"]``, else the key the
    run's client is bound to (the evaluation runner builds its clients once, unbound).

    Raises:
        ConfigError: the run's model is ``geometric`` (its agents do not ask a model), an
            unknown model, or a simulated agent model without an answer key.
    """
    if not specs:
        return {}
    if getattr(run_client, "kind", "geometric") == "geometric":
        raise ConfigError(
            "agent_models needs a language model for the run (sim/<profile> or provider/model): with "
            "the geometric model the agents work on pixels and ask no model"
        )
    from spatioxolver.models import get_model

    answer_key = options.get("ground_truth") or getattr(run_client, "answer_key", None)
    clients: dict[str, Any] = {}
    for node, spec in specs.items():
        client: Any
        if isinstance(spec, Mapping):
            run_options = dict(options.get("model_options") or {})
            kwargs = dict(spec["model_options"]) if spec.get("model_options") is not None else run_options
            if "cache" in run_options:
                kwargs.setdefault("cache", run_options["cache"])
            api_base = spec["api_base"] if "api_base" in spec else options.get("api_base")
            if api_base:
                kwargs["api_base"] = api_base
            client = get_model(spec["model"], **kwargs)
        else:
            client = spec
        if bind and callable(getattr(client, "bind", None)):
            if not answer_key:
                raise ConfigError(
                    f"agent_models[{node!r}]: the simulated model {getattr(client, 'name', client)!r} needs "
                    "the example's answer key (ground_truth=..., or a run of generated examples)"
                )
            client = client.bind(answer_key)
        clients[node] = client
    return clients


def run_agent_clients(options: Mapping[str, Any], agentic: bool, run_client: Any) -> dict[str, Any]:
    """An evaluation's agent clients, built once per run like the run's own client (its
    ``api_base``, ``model_options`` and ``response_cache``) and left unbound (the API binds
    them to each example). Empty without ``agent_models`` or for a graph without agents.

    Raises:
        ConfigError / InputError: an unknown agent or model, a missing API key, a geometric
            run, or a client object (a run records its agent models as strings in run.json).
    """
    specs = agent_model_specs(options.get("agent_models"))
    if not specs or not agentic:
        return {}
    if not all(isinstance(spec, Mapping) for spec in specs.values()):
        raise ConfigError(
            "an evaluation takes agent_models as model strings (recorded in run.json), not clients"
        )
    built = {k: options[k] for k in ("api_base", "model_options") if options.get(k)}
    if options.get("response_cache") is False:
        built["model_options"] = {**(built.get("model_options") or {}), "cache": False}
    return build_agent_clients(specs, run_client=run_client, options=built, bind=False)


def agent_models_key(clients: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any] | None:
    """What the perception agents' own models are, as plain data (the perception cache key).

    ``clients`` are the built (and bound) clients; the reasoning agent's model is left out, as
    it does not change the perception.
    """
    specs = options.get("agent_models") or {}
    out: dict[str, Any] = {}
    for node in PERCEPTION_AGENTS:
        client = clients.get(node)
        if client is None:
            continue
        spec = specs.get(node) if isinstance(specs, Mapping) else None
        model_options = spec.get("model_options") if isinstance(spec, Mapping) else None
        out[node] = {
            "model": str(getattr(client, "name", type(client).__name__)),
            "api_base": getattr(client, "api_base", None),
            "identity": getattr(client, "cache_identity", None),
            "model_options": dict(model_options or options.get("model_options") or {}),
        }
    return out or None
