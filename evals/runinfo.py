"""What ``run.json`` records: the configuration, package versions and the git commit."""

from __future__ import annotations

import json
import os
import platform
import sys
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from spatioxolver.evals.results import redact, to_jsonable

from spatioxolver.errors import BenchmarkError

__all__ = [
    "RunConfig",
    "RESUME_KEYS",
    "package_versions",
    "git_commit",
    "write_json_atomic",
    "check_resume",
    "now_iso",
    "safe_options",
    "public_options",
]

#: Settings that must match for ``--resume`` (limit and concurrency may change).
RESUME_KEYS = ("dataset", "benchmark", "split", "model", "graph", "judge", "seed", "options", "fingerprint")
_SECRET_WORDS = ("key", "token", "secret", "password", "authorization")


class RunConfig(BaseModel):
    """Settings of one evaluation run (stored in ``run.json``; never holds secrets)."""

    model_config = ConfigDict(extra="forbid")

    dataset: str
    benchmark: str
    split: str | None = None
    model: str
    graph: str = "agentic"
    limit: int | None = None
    concurrency: int = Field(default=4, ge=1, le=1024)
    timeout_s: float = Field(default=300.0, gt=0)
    judge: str | None = None
    seed: int = 0
    strict: bool = False
    traces: bool = False
    log_samples: bool = False
    #: Kept for run files written before retries moved into the model client; not used.
    retries: int = Field(default=0, ge=0, le=10)
    options: dict[str, Any] = Field(default_factory=dict)
    fingerprint: str = ""
    #: Where examples are answered: ``local`` (this process) or ``ray`` (a Ray cluster).
    executor: str = "local"
    #: Ray cluster to join (``ray.init(address=...)``); ``None``: ``RAY_ADDRESS`` or a local Ray.
    executor_address: str | None = None


#: Option names that only look like secrets.
_NOT_SECRET = ("max_tokens",)


def safe_options(options: dict[str, Any]) -> dict[str, Any]:
    """Drop any option whose name suggests a secret (api_key, token...; ``max_tokens`` is kept)."""
    return {
        k: v for k, v in options.items() if k in _NOT_SECRET or not any(w in k.lower() for w in _SECRET_WORDS)
    }


def public_options(options: dict[str, Any]) -> dict[str, Any]:
    """:func:`safe_options` of the run's options, of its ``model_options`` and of each
    ``agent_models`` entry's ``model_options``: what ``run.json`` may record."""
    public = safe_options(options)
    if isinstance(public.get("model_options"), dict):
        public["model_options"] = safe_options(public["model_options"])
    if isinstance(public.get("agent_models"), dict):  # {node: {"model", "api_base", "model_options"}}
        public["agent_models"] = {
            node: {**spec, "model_options": safe_options(spec["model_options"])}
            if isinstance(spec, dict) and isinstance(spec.get("model_options"), dict)
            else spec
            for node, spec in public["agent_models"].items()
        }
    return public


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def package_versions() -> dict[str, str]:
    out = {"python": platform.python_version(), "platform": sys.platform}
    for name in (
        "spatioxolver",
        "pydantic",
        "numpy",
        "scipy",
        "litellm",
        "langgraph",
        "opencv-python-headless",
        "networkx",
        "rich",
        "matplotlib",
    ):
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return out


def git_commit(start: Path | None = None) -> str | None:
    """The checked-out commit, read from ``.git`` files (no git process, nothing changed)."""
    here = (start or Path(__file__)).resolve()
    for folder in [here, *here.parents]:
        git = folder / ".git"
        if git.is_file():  # worktree: "gitdir: <path>"
            text = git.read_text().strip()
            if text.startswith("gitdir:"):
                git = (folder / text.split(":", 1)[1].strip()).resolve()
        if not git.is_dir():
            continue
        head = (git / "HEAD").read_text().strip()
        if not head.startswith("ref:"):
            return head
        ref = head.split(" ", 1)[1].strip()
        ref_file = git / ref
        if ref_file.is_file():
            return ref_file.read_text().strip()
        packed = git / "packed-refs"
        if packed.is_file():
            for line in packed.read_text().splitlines():
                if line.endswith(" " + ref):
                    return line.split(" ", 1)[0]
        return None
    return None


def write_json_atomic(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` via a temporary file and ``os.replace``.

    Raises:
        OSError: the write failed (a full disk); the temporary file is removed and ``path``
            keeps its previous, whole content.
    """
    tmp = path.with_name(path.name + ".tmp")
    text = redact(json.dumps(data, indent=2, default=to_jsonable, ensure_ascii=False))
    try:
        with tmp.open("w", encoding="utf-8") as handle:
            handle.write(text + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def check_resume(run_json: Path, config: RunConfig) -> dict[str, Any]:
    """Load ``run.json`` and refuse (BenchmarkError) when a resume-relevant setting differs."""
    try:
        previous = json.loads(run_json.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise BenchmarkError(
            f"{run_json}: cannot resume, run.json unreadable ({exc}); use a new --run-dir"
        ) from exc
    old = dict(previous.get("config") or {}) if isinstance(previous, dict) else {}
    new = config.model_dump(mode="json")
    # Reading the response cache or not, and which runner steps the graph (same nodes, same
    # answers), do not change what a row means.
    for cfg in (old, new):
        if isinstance(cfg.get("options"), dict):
            cfg["options"] = {
                k: v for k, v in cfg["options"].items() if k not in ("response_cache", "runner")
            }
    diffs = [f"{k}: {old.get(k)!r} -> {new.get(k)!r}" for k in RESUME_KEYS if old.get(k) != new.get(k)]
    if diffs:
        raise BenchmarkError(
            f"{run_json.parent}: refusing to --resume with different settings ({'; '.join(diffs)}); "
            "use the original settings or a new --run-dir"
        )
    return previous
