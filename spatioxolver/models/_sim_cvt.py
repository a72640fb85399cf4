"""Counterfactual-viewpoint (CVT) answers of the simulated MLLM.

The relation of a subject to a reference as seen by an observer orbited by ``theta``
around the scene (or looking top-down) is computed from the ground-plane vector
``subject - reference`` in that observer's frame, with CLEVR's 0.2 m threshold. Noise is
added to that vector in the frame of the view the model is shown - ``N(0, sigma_h^2)``
across it and ``N(0, sigma_d^2)`` along it (the depth the model perceives) - and then
turns with the imagined viewpoint, before the exact rule is applied. These are the
ground-plane noises the ``objects`` probe puts on each subject-reference difference (half
the variance per object), so an agentic answer read from those boxes sees at least the
noise of a direct one (its ground reading of a box also picks up the box's vertical
noise). The orbit / top-down convention is the one (of a few candidates) that reproduces
the example's gold answer from the noise-free geometry; see :mod:`._sim`.

Optional knobs (an assumption of ours, default off, not a seed figure): the noise is scaled
by ``1 + cvt_angle_gain * |sin(theta / 2)|`` (top-down as 180 degrees) and by
``1 + cvt_context_gain * (batch_position - 1)`` (the scene's position in a sequential
batch), so seed 003's angle and context effects can be studied offline.

``cvt_batch`` (seed 003's concatenated sequential prompt): the task lists the batch's
questions (``items``: scene name and ``q_<n>``), the answer key the matching examples
(``batch``); each is answered exactly as the ``cvt`` probe of that example alone (same
seeding, so the same draws and the same accuracy; only ``cvt_context_gain`` makes depth in
the prompt matter), and the reply is one fenced JSON object
``{"<scene>": {"q_<n>": [relations]}}`` as a chat model writes it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from spatioxolver.errors import ConfigError
from spatioxolver.models._sim_profiles import SimProfile
from spatioxolver.models._sim_scene import SceneView

__all__ = ["answer_cvt", "answer_cvt_batch"]

_OPPOSITE = {
    "left": "right",
    "right": "left",
    "front": "behind",
    "behind": "front",
    "north": "south",
    "south": "north",
}


def _rotate(vec: np.ndarray, axis: np.ndarray, angle: float) -> np.ndarray:
    """Rodrigues rotation of ``vec`` about unit ``axis`` by ``angle`` radians."""
    c, s = math.cos(angle), math.sin(angle)
    return vec * c + np.cross(axis, vec) * s + axis * axis.dot(vec) * (1.0 - c)


def _labels_from(lateral: float, along: float, eps: float, names: tuple[str, str, str, str]) -> list[str]:
    """``names`` = (negative-lateral, positive-lateral, negative-along, positive-along)."""
    out = []
    if lateral > eps:
        out.append(names[1])
    elif lateral < -eps:
        out.append(names[0])
    if along > eps:
        out.append(names[3])
    elif along < -eps:
        out.append(names[2])
    return sorted(out)


def _normalise_gold(gold: Any) -> list[str]:
    if isinstance(gold, str):
        text = gold.strip()
        if text.startswith("["):
            try:
                gold = json.loads(text)
            except ValueError:
                gold = text.strip("[]").split(",")
        else:
            gold = text.split(",")
    return sorted(str(g).strip().strip("'\"").lower() for g in gold if str(g).strip())


def answer_cvt(
    profile: SimProfile,
    probe: dict[str, Any],
    rng: np.random.Generator,
    view: SceneView,
    gold_raw: Any,
    eps: float,
) -> tuple[str, Any]:
    """Noisy relation set for a CVT query; returns ``(json text, sorted list)``."""
    example = probe.get("example") or {}
    query = example.get("query") or {}
    qtype = str(query.get("type") or "").lower()
    if qtype not in ("orbit", "top_down"):
        raise ConfigError(f"cvt probe needs example.query of type 'orbit' or 'top_down', got {qtype!r}")
    gold = _normalise_gold(gold_raw)
    scale = _noise_scale(profile, query, example.get("meta") or {})
    if scale != 1.0:
        profile = replace(profile, sigma_h=profile.sigma_h * scale, sigma_d=profile.sigma_d * scale)
    s, r = view.index(query.get("subject")), view.index(query.get("reference"))
    delta = view.world[s] - view.world[r]
    dirs = view.ground_directions()
    up = dirs["up"]
    delta = delta - delta.dot(up) * up
    if qtype == "orbit":
        theta = math.radians(float(query.get("theta") or 0.0))
        names = ("left", "right", "front", "behind")
        sigmas = (profile.sigma_h, profile.sigma_d)
        bases = [
            (_rotate(dirs["right"], up, sign * theta), _rotate(dirs["behind"], up, sign * theta))
            for sign in (1.0, -1.0)
        ]
    else:
        names = ("left", "right", "south", "north")
        sigmas = (profile.sigma_h, profile.sigma_d)  # north/south: the view's behind/front
        bases = []
        for quarter in range(4):
            angle = quarter * math.pi / 2
            right = _rotate(dirs["right"], up, angle)
            north = _rotate(dirs["behind"], up, angle)
            bases += [(right, north), (-right, north)]
    if profile.chance:
        lateral = ("left", "right", None)[int(rng.integers(3))]
        along = (names[2], names[3], None)[int(rng.integers(3))]
        answer = sorted(x for x in (lateral, along) if x)
        return json.dumps(answer), answer
    basis = _matching_basis(bases, delta, eps, names, gold)
    if basis is None:
        answer = _flip_gold(gold, names, sigmas, rng)
    else:
        # The model perceives the layout from the view it is shown: its noise lies across
        # (sigma_h) and along (sigma_d) that view, and turns with the imagined viewpoint.
        across = rng.standard_normal() * profile.sigma_h
        depth = rng.standard_normal() * profile.sigma_d
        noisy = delta + across * dirs["right"] + depth * dirs["behind"]
        answer = _labels_from(float(noisy.dot(basis[0])), float(noisy.dot(basis[1])), eps, names)
    return json.dumps(answer), answer


def _noise_scale(profile: SimProfile, query: dict[str, Any], meta: dict[str, Any]) -> float:
    """The assumption knobs: angle- and context-dependent noise (1.0 when both are off)."""
    scale = 1.0
    if profile.cvt_angle_gain:
        theta = (
            math.pi
            if str(query.get("type")) == "top_down"
            else math.radians(float(query.get("theta") or 0.0))
        )
        scale *= 1.0 + profile.cvt_angle_gain * abs(math.sin(theta / 2.0))
    if profile.cvt_context_gain:
        position = int(meta.get("batch_position") or 1)
        scale *= 1.0 + profile.cvt_context_gain * max(position - 1, 0)
    return scale


def _matching_basis(
    bases: list[tuple[np.ndarray, np.ndarray]],
    delta: np.ndarray,
    eps: float,
    names: tuple[str, str, str, str],
    gold: list[str],
) -> tuple[np.ndarray, np.ndarray] | None:
    for basis in bases:
        if _labels_from(float(delta.dot(basis[0])), float(delta.dot(basis[1])), eps, names) == gold:
            return basis
    return None


def _flip_gold(
    gold: list[str], names: tuple[str, str, str, str], sigmas: tuple[float, float], rng: np.random.Generator
) -> list[str]:
    """Fallback noise: flip each gold relation to its opposite with ``Phi(-1 / sigma)``."""
    phi: Callable[[float], float] = lambda x: 0.5 * math.erfc(-x / math.sqrt(2.0))  # noqa: E731
    out = []
    for label in gold:
        sigma = sigmas[0] if label in names[:2] else sigmas[1]
        p_flip = 0.5 if math.isinf(sigma) else (0.0 if sigma == 0 else phi(-1.0 / sigma))
        out.append(_OPPOSITE.get(label, label) if rng.random() < p_flip else label)
    return sorted(out)


def answer_cvt_batch(
    probe: dict[str, Any], answer_one: Callable[[dict[str, Any]], tuple[str, Any]]
) -> tuple[str, Any]:
    """One JSON table answering every item of a ``cvt_batch`` probe (module docstring).

    ``answer_one`` answers a single ``cvt`` probe (the simulator's own entry point, so an item
    gets the draws it would get asked alone).

    Raises:
        ConfigError: items and answer key of different lengths, or an item without scene / qid.
    """
    items, keys = list(probe.get("items") or []), list(probe.get("batch") or [])
    if not items or len(items) != len(keys):
        raise ConfigError(
            f"cvt_batch probe needs one answer key per item (got {len(items)} items, {len(keys)} keys)"
        )
    table: dict[str, dict[str, Any]] = {}
    for item, key in zip(items, keys, strict=True):
        if not item.get("scene") or not item.get("qid"):
            raise ConfigError(f"cvt_batch item {item!r} needs 'scene' and 'qid'")
        _text, answer = answer_one(
            {"kind": "cvt", "scenes": key.get("scenes"), "example": key.get("example")}
        )
        table.setdefault(str(item["scene"]), {})[str(item["qid"])] = answer
    text = "Here are the answers for every scene.\n```json\n" + json.dumps(table, indent=1) + "\n```"
    return text, table
