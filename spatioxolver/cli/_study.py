"""A whole comparison study in one TOML file: ``spatioxolver eval --config study.toml``.

The file names the datasets, models, graphs (arms), reasoners, decoding, per-agent models,
concurrency and run directory of a study; a flag given on the command line overrides the
file's value. Read with :mod:`tomllib` (standard library). Every key is checked: an unknown
key or a value of the wrong type is one :class:`~spatioxolver.errors.ConfigError` line
naming the file and the key (exit 2 at the CLI).

Example file::

    datasets = ["runs/data/clevr-small"]
    models = ["openai/gpt-4o"]
    graphs = ["agentic", "direct"]
    reasoners = ["llm", "symbolic"]      # the agentic arms: LLM reasoner and neuro-symbolic
    run_dir = "runs/study-1"
    concurrency = 8
    limit = 50

    [decoding]
    temperature = 0.0
    max_tokens = 512
    request_timeout = 60

    [agent_models]
    relations = "openai/gpt-4o-mini"

Example:
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "s.toml"
    >>> _ = path.write_text('models = ["sim/gpt-4o"]\\n[decoding]\\ntemperature = 0.2\\n')
    >>> study = read_study(path)
    >>> study["models"], study["temperature"]
    (['sim/gpt-4o'], 0.2)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from spatioxolver.errors import ConfigError

__all__ = ["read_study", "STUDY_KEYS"]

_STR = (str,)
_INT = (int,)
_NUM = (int, float)

#: Top-level keys: name -> (types, list allowed, study setting name).
STUDY_KEYS: dict[str, tuple[tuple[type, ...], bool, str]] = {
    "datasets": (_STR, True, "datasets"),
    "dataset": (_STR, False, "datasets"),
    "models": (_STR, True, "models"),
    "model": (_STR, False, "models"),
    "graphs": (_STR, True, "graphs"),
    "graph": (_STR, False, "graphs"),
    "reasoners": (_STR, True, "reasoners"),
    "reasoner": (_STR, False, "reasoners"),
    "run_dir": (_STR, False, "run_dir"),
    "benchmark": (_STR, False, "benchmark"),
    "split": (_STR, False, "split"),
    "limit": (_INT, False, "limit"),
    "concurrency": (_INT, False, "concurrency"),
    "timeout": (_NUM, False, "timeout"),
    "seed": (_INT, False, "seed"),
    "judge": (_STR, False, "judge"),
    "api_base": (_STR, False, "api_base"),
    "judge_api_base": (_STR, False, "judge_api_base"),
    "no_cache": ((bool,), False, "no_cache"),
    "traces": ((bool,), False, "traces"),
    "log_samples": ((bool,), False, "log_samples"),
    "repair": (_STR, False, "repair"),
    "executor": (_STR, False, "executor"),
    "max_error_rate": (_NUM, False, "max_error_rate"),
    "image_root": (_STR, False, "image_root"),
}
_DECODING_KEYS: dict[str, tuple[type, ...]] = {
    "temperature": _NUM,
    "max_tokens": _INT,
    "request_timeout": _NUM,
}
_TABLES = ("decoding", "agent_models", "model_options")


def read_study(path: str | Path) -> dict[str, Any]:
    """The study settings of ``path``: plural keys as lists (``datasets``, ``models``,
    ``graphs``, ``reasoners``), decoding flattened (``temperature``, ``max_tokens``,
    ``request_timeout``), ``agent_models`` and ``model_options`` as mappings.

    Raises:
        ConfigError: an unreadable file, TOML syntax, an unknown key, a value of the wrong
            type, or a singular and plural key given together (one line each).
    """
    import tomllib

    where = str(path)
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"--config {where}: no such file") from None
    except OSError as exc:
        raise ConfigError(f"--config {where}: cannot read it ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"--config {where}: not valid TOML ({exc})") from None
    out: dict[str, Any] = {}
    known = sorted([*STUDY_KEYS, *(f"[{t}]" for t in _TABLES)])
    for key, value in data.items():
        if key in _TABLES:
            if not isinstance(value, Mapping):
                raise ConfigError(f"{where}: {key} must be a table ([{key}]), got {value!r}"[:300])
            continue
        if key not in STUDY_KEYS:
            raise ConfigError(f"{where}: unknown key {key!r}; known: {', '.join(known)}")
        types, plural, name = STUDY_KEYS[key]
        if name in out:
            raise ConfigError(f"{where}: give {name} once (both the singular and the plural key are set)")
        out[name] = _typed(where, key, value, types, plural)
    decoding = data.get("decoding") or {}
    for key, value in decoding.items():
        if key not in _DECODING_KEYS:
            raise ConfigError(
                f"{where}: unknown key {key!r} in [decoding]; known: {', '.join(_DECODING_KEYS)}"
            )
        out[key] = _typed(where, f"decoding.{key}", value, _DECODING_KEYS[key], False)
    if "agent_models" in data:
        out["agent_models"] = {
            str(k): _agent_model(where, str(k), v) for k, v in data["agent_models"].items()
        }
    if "model_options" in data:
        out["model_options"] = dict(data["model_options"])
    return out


def _typed(where: str, key: str, value: Any, types: tuple[type, ...], plural: bool) -> Any:
    def ok(v: Any) -> bool:
        return isinstance(v, types) and not (isinstance(v, bool) and bool not in types)

    names = " or ".join(t.__name__ for t in types)
    if plural:
        items = value if isinstance(value, list) else [value]
        if not items or not all(ok(v) for v in items):
            raise ConfigError(
                f"{where}: {key} must be a {names} or a non-empty list of them, got {value!r}"[:300]
            )
        return list(items)
    if not ok(value):
        raise ConfigError(f"{where}: {key} must be a {names}, got {value!r}"[:300])
    return [value] if key in ("dataset", "model", "graph", "reasoner") else value


def _agent_model(where: str, node: str, value: Any) -> Any:
    if isinstance(value, str):
        return {"model": value}
    if isinstance(value, Mapping):
        return dict(value)
    raise ConfigError(
        f"{where}: agent_models.{node} must be a model string or a table {{model, api_base}}, got {value!r}"[
            :300
        ]
    )
