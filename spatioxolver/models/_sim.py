"""The simulated MLLM (``sim/<profile>``): answers probes from ground truth with noise.

Noise model (seed 000, Thm 3.7). For a pairwise question on axis ``a`` about objects
``i`` and ``j`` the simulator predicts "``i`` precedes ``j``" iff ``eps < x_j - x_i`` with
``eps ~ N(0, sigma_a^2)`` drawn independently for every query; coordinates ``x`` are
those of :class:`~._sim_scene.SceneView` (metres; smaller precedes). The ordinal kinds
(``pairwise``, ``ranking``, ``relations``) first add the profile's shared per-object offsets
``N(0, tau_a^2)`` (one draw per object, axis and scene; :mod:`._sim_noise`), calibrated with
sigma against seed 000's Tables G1 and 1 (:mod:`._sim_calibration`). With ``sigma, tau -> 0``
every answer is the gold answer; ``sim/random`` answers every question at chance.

The other probe kinds use the same sigma:

* ``ranking`` (CoT-rank): one noisy sample per object, ``x_i + N(0, sigma^2 / 2)``, then
  sort - each pair's difference then has the same variance ``sigma^2`` as a pairwise
  query, but the ranking is transitive.
* ``relations``: every unordered pair on every axis with independent noise (cycles occur).
* ``objects``: exact labels; each box is the object's CLEVR cube projected from its
  perceived position: slid ``N(0, sigma_d^2 / 2)`` metres along the ground's view
  direction (minus the perspective bias), then shifted by ``N(0, sigma_h^2 / 2)`` and
  ``N(0, sigma_v^2 / 2)`` image-plane metres at the median depth (converted to pixels
  with ``K``): one draw per object and scene, so every pairwise difference read from the
  boxes has the variance ``sigma^2`` of a pairwise query. ``sim/random`` puts boxes at
  uniformly random positions. Each attribute is replaced by a wrong value with
  probability ``attribute_error``.
* ``cvt``: the subject-minus-reference ground vector gets ``N(0, sigma_h^2)`` across and
  ``N(0, sigma_d^2)`` along the view the model is shown (the difference noise of the
  ``objects`` boxes), is turned into the orbited / top-down observer's frame, and the
  relations are then computed exactly with
  CLEVR's 0.2 threshold. The orbit / top-down convention is chosen as the one that
  reproduces the gold answer from the noise-free coordinates; when none does, each
  opposite pair of relations (left/right, front/behind, north/south) of the gold answer
  flips with probability ``Phi(-1 / sigma)`` (a nominal 1 m margin).
* ``cvt_batch`` (seed 003's one-call batch): each item answered as its own ``cvt`` probe
  (the same draws as asked alone), replied as one fenced JSON table.
* ``inconsistency``: every labelled object gets evidence ``1`` (the re-posed object) or
  ``0`` plus ``N(0, sigma_d^2)``; the reply is the letter with the largest evidence.
* ``mcq``: the gold option gets ``1`` and the others ``0``, each plus ``N(0, sigma^2)``
  with ``sigma = sigma_d`` for depth / 3-D categories and ``sqrt((sigma_h^2 + sigma_v^2)/2)``
  otherwise; the reply is the arg-max option number.
* ``open``: right with the probability of a 4-option ``mcq`` of the same sigma; a wrong
  reply is another choice when choices exist, the flipped yes/no, a count off by one, or
  "I am not sure".

Every random draw comes from a numpy ``Generator`` seeded with a hash of
``(seed, example, query)``: the same question about the same example gives the same
answer, different questions get independent noise, and profiles share standard-normal
draws (so sweeps over sigma are coupled). The scene-level kinds (``relations``,
``objects``, ``ranking``) are seeded by the scene JSON instead of the example, so every
question about one scene sees the same noisy scene graph / ranking - as a real model at
temperature 0 behind the response cache would. Replies cost nothing and say ``simulated``.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import replace
from typing import Any

import numpy as np

from spatioxolver.errors import ConfigError
from spatioxolver.models._sim_profiles import SimProfile, resolve_profile
from spatioxolver.models._sim_scene import CLEVR_VOCAB, SceneView, clip_box
from spatioxolver.models._types import ModelReply, ModelRequest, Usage, run_sync

__all__ = ["SimulatedClient", "answer_probe", "PROBE_KINDS", "SIM_OPTIONS"]

_PRECEDES = {"H": ("left_of", "right_of"), "V": ("above", "below"), "D": ("closer_than", "further_than")}
_ASKS_FIRST = {"left", "above", "closer", "nearer", "front", "top", "first"}
_ASKS_LAST = {"right", "below", "further", "farther", "behind", "bottom", "last"}
_DEFAULT_ASKS = {"H": "left", "V": "above", "D": "further"}
_DEPTH_WORDS = ("depth", "distance", "3d", "occlu", "layer", "closer", "further", "front", "behind", "volume")
_CVT_EPS = 0.2
#: Probe kinds about the scene rather than about one question: seeded by the scene.
SCENE_LEVEL_KINDS = frozenset({"relations", "orderings", "transformation", "objects", "ranking"})
_OPEN_ALTERNATIVES = 3
#: Options a simulated client understands (``sigma`` sets all three axis sigmas).
SIM_OPTIONS = (
    "seed", "latency", "sigma", "sigma_h", "sigma_v", "sigma_d",
    "tau", "tau_h", "tau_v", "tau_d", "bias", "attribute_error", "cvt_angle_gain", "cvt_context_gain",
)  # fmt: skip
#: Transport options generic callers pass to every client; meaningless for a simulation.
_TRANSPORT_OPTIONS = ("api_base", "cache")


class SimulatedClient:
    """Client of a simulated MLLM profile.

    Example:
        >>> client = SimulatedClient("sim/custom", sigma_h=0, sigma_v=0, sigma_d=0)
        >>> client.profile.sigma_d
        0.0
    """

    kind = "sim"
    simulated = True

    def __init__(self, name: str, *, seed: int = 0, latency: float = 0.0, **options: Any) -> None:
        profile_name = name.split("/", 1)[1] if "/" in name else ""
        if not profile_name:
            raise ConfigError("simulated model needs a profile: 'sim/<profile>', e.g. 'sim/gpt-4o'")
        unknown = sorted(set(options) - set(SIM_OPTIONS) - set(_TRANSPORT_OPTIONS))
        if unknown:
            raise ConfigError(
                f"unknown option(s) for simulated model {name!r}: {', '.join(unknown)}; "
                f"known: {', '.join(SIM_OPTIONS)}"
            )
        try:
            seed, latency = int(seed), float(latency)
        except (TypeError, ValueError):
            raise ConfigError(f"sim option seed={seed!r} / latency={latency!r} is not a number") from None
        self.profile: SimProfile = resolve_profile(profile_name, options)
        self.name = name
        self.seed = int(seed)
        self.latency = float(latency)
        self.answer_key: dict[str, Any] | None = None

    def bind(self, answer_key: dict[str, Any] | None) -> SimulatedClient:
        """A copy of this client that answers from ``answer_key``.

        The answer key is ``{"scenes": [scene JSON per image], "example": {"id", "query",
        "answer", "choices", "meta"}}``: what a generated example knows. The evaluation runner
        binds it once per example; requests never carry it (they carry a gold-free ``task``).
        """
        import copy

        bound = copy.copy(self)
        bound.answer_key = dict(answer_key) if answer_key else None
        return bound

    @property
    def cache_identity(self) -> str:
        """What distinguishes this client's answers beyond its name: the bound scenes."""
        key = self.answer_key or {}
        scenes = key.get("scenes") or [b.get("scenes") for b in key.get("batch") or []] or None
        return hashlib.sha256(_canonical([self.name, self.seed, scenes]).encode()).hexdigest()[:16]

    async def complete(self, request: ModelRequest) -> ModelReply:
        """Answer ``request.task`` from the bound answer key (noise model: module docstring).

        Raises:
            ConfigError: no task, an unknown task kind, or no answer key bound.
        """
        start = time.perf_counter()
        if self.latency > 0:
            import asyncio

            await asyncio.sleep(self.latency)
        text, value = answer_probe(self.profile, self._probe(request), seed=self.seed)
        if request.output_schema is not None:
            value = _as_schema(request.output_schema, text, value)
        return ModelReply(
            text=text,
            value=value,
            usage=Usage(prompt_tokens=0, completion_tokens=0, cost_usd=0.0),
            latency_s=time.perf_counter() - start,
            cached=False,
            raw=None,
            model=self.name,
            simulated=True,
        )

    def _probe(self, request: ModelRequest) -> dict[str, Any]:
        """The request's task joined with the bound answer key (the view ``task["frame"]``)."""
        task = request.task
        if not isinstance(task, dict) or not task.get("kind"):
            raise ConfigError(
                f"simulated model {self.name!r} answers only structured tasks (template "
                f"{request.template or '?'!r} sent none); use an LLM model for free-form prompts"
            )
        if not self.answer_key:
            raise ConfigError(
                f"simulated model {self.name!r} has no answer key: it answers generated benchmark "
                "examples only (the evaluation runner binds each example's key; in the API pass "
                "ground_truth={'scenes': [...], 'example': {...}})"
            )
        probe = {k: v for k, v in task.items() if k != "frame"}
        scenes = list(self.answer_key.get("scenes") or [])
        frame = task.get("frame")
        if frame is not None and len(scenes) > 1 and 0 <= int(frame) < len(scenes):
            scenes = [scenes[int(frame)]]
        if self.answer_key.get("scenes") is not None:
            probe["scenes"] = scenes
        if self.answer_key.get("example") is not None:
            probe["example"] = self.answer_key["example"]
        if self.answer_key.get("batch") is not None:  # one call answering many examples (CVT batch)
            probe["batch"] = self.answer_key["batch"]
        return probe

    def complete_sync(self, request: ModelRequest) -> ModelReply:
        """Blocking :meth:`complete`."""
        return run_sync(self.complete(request))

    def __repr__(self) -> str:
        bound = ", bound" if self.answer_key else ""
        return f"SimulatedClient({self.name!r}, seed={self.seed}{bound})"


def _as_schema(schema: Any, text: str, value: Any) -> Any:
    from pydantic import ValidationError

    for candidate in (value, text):
        try:
            if isinstance(candidate, str):
                return schema.model_validate_json(candidate)
            return schema.model_validate(candidate)
        except (ValidationError, ValueError):
            continue
    return None


def answer_probe(profile: SimProfile, probe: Any, *, seed: int = 0) -> tuple[str, Any]:
    """Answer one probe; returns ``(text, value)``.

    Raises:
        ConfigError: no probe / unknown kind / missing ground truth.
    """
    if not isinstance(probe, dict) or not probe.get("kind"):
        raise ConfigError(
            "simulated models answer only structured probes with ground truth (request.probe); "
            "this request has none - use an LLM model for free-form prompts"
        )
    kind = str(probe["kind"]).lower()
    handler = PROBE_KINDS.get(kind)
    if handler is None:
        raise ConfigError(
            f"simulated model cannot answer probe kind {kind!r}; known: {', '.join(PROBE_KINDS)}"
        )
    rng = _rng(seed, probe)
    if profile.seed != int(seed):
        profile = replace(profile, seed=int(seed))
    return handler(profile, probe, rng)


# --------------------------------------------------------------------------- seeding


def _canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, default=str, separators=(",", ":"))


def _example_key(probe: dict[str, Any]) -> str:
    example = probe.get("example") or {}
    for key in ("id", "example_id"):
        if example.get(key) is not None:
            return str(example[key])
    if probe.get("example_id") is not None:
        return str(probe["example_id"])
    return hashlib.sha256(
        _canonical([probe.get("scenes"), example.get("query"), example.get("question")]).encode()
    ).hexdigest()


def _rng(seed: int, probe: dict[str, Any]) -> np.random.Generator:
    query = {k: v for k, v in probe.items() if k not in ("scenes", "example", "example_id")}
    if str(probe.get("kind")).lower() in SCENE_LEVEL_KINDS:
        # A question about the picture itself: the same scene gives the same answer,
        # whichever benchmark question it is asked for (like a real model at
        # temperature 0 behind the response cache).
        subject = "scene:" + hashlib.sha256(_canonical(probe.get("scenes")).encode()).hexdigest()
        material = _canonical([int(seed), subject, query])
    else:
        example = probe.get("example") or {}
        material = _canonical([int(seed), _example_key(probe), query, example.get("query")])
    digest = hashlib.sha256(material.encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:16], "little"))


# --------------------------------------------------------------------------- helpers


def _view(probe: dict[str, Any], index: int = 0) -> SceneView:
    scenes = probe.get("scenes")
    if not isinstance(scenes, list) or len(scenes) <= index:
        raise ConfigError(
            f"probe kind {probe.get('kind')!r} needs ground truth: 'scenes' (scene JSON of the images); "
            "simulated models work only on generated benchmarks"
        )
    return SceneView.from_scene(scenes[index])


def _gold(probe: dict[str, Any]) -> Any:
    example = probe.get("example") or {}
    if example.get("answer") is None:
        raise ConfigError(
            f"probe kind {probe.get('kind')!r} needs ground truth: example.answer is missing; "
            "simulated models work only on generated benchmarks"
        )
    return example["answer"]


def _axis(value: Any) -> str:
    axis = str(value or "").upper()
    if axis not in _PRECEDES:
        raise ConfigError(f"probe axis {value!r} is not one of H, V, D")
    return axis


def _precedes(profile: SimProfile, gap: float, axis: str, rng: np.random.Generator) -> bool:
    """Thm 3.7: ``i`` precedes ``j`` iff ``eps < x_j - x_i`` (``gap``)."""
    if profile.chance:
        return bool(rng.random() < 0.5)
    eps = rng.standard_normal() * profile.sigma(axis)
    return bool(eps < gap)


def _perceived(profile: SimProfile, view: SceneView, axis: str) -> np.ndarray:
    """Coordinates the ordinal probes compare: truth (with bias) plus the shared offsets."""
    from spatioxolver.models._sim_noise import shared_offsets

    return view.coords(axis, profile.bias) + shared_offsets(profile, view, axis)


def _labels(probe: dict[str, Any], view: SceneView) -> list[str]:
    objects = probe.get("objects")
    return [str(o) for o in objects] if objects else list(view.labels)


# --------------------------------------------------------------------------- probe kinds


def _pairwise(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    axis = _axis(probe.get("axis"))
    objects = probe.get("objects") or []
    if len(objects) != 2:
        raise ConfigError(f"pairwise probe needs two objects, got {objects!r}")
    view = _view(probe)
    a, b = str(objects[0]), str(objects[1])
    coords = _perceived(profile, view, axis)
    first = _precedes(profile, float(coords[view.index(b)] - coords[view.index(a)]), axis, rng)
    asks = str(probe.get("asks") or _DEFAULT_ASKS[axis]).lower()
    if asks in _ASKS_FIRST:
        choice = a if first else b
    elif asks in _ASKS_LAST:
        choice = b if first else a
    else:
        raise ConfigError(f"pairwise probe 'asks'={asks!r}; use left/right, above/below or closer/further")
    return choice, choice


def _ranking(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    axis = _axis(probe.get("axis"))
    view = _view(probe)
    labels = _labels(probe, view)
    idx = [view.index(label) for label in labels]
    if profile.chance:
        order = list(rng.permutation(len(labels)))
    else:
        coords = _perceived(profile, view, axis)[idx]
        noisy = coords + rng.standard_normal(len(idx)) * (profile.sigma(axis) / math.sqrt(2.0))
        order = list(np.argsort(noisy, kind="stable"))
    ranked = [labels[k] for k in order]
    return json.dumps(ranked), ranked


def _relations(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    view = _view(probe)
    labels = _labels(probe, view)
    idx = [view.index(label) for label in labels]
    out = []
    for axis in [_axis(a) for a in (probe.get("axes") or ["H", "V", "D"])]:
        coords = _perceived(profile, view, axis)
        for p in range(len(idx)):
            for q in range(p + 1, len(idx)):
                first = _precedes(profile, float(coords[idx[q]] - coords[idx[p]]), axis, rng)
                predicate = _PRECEDES[axis][0 if first else 1]
                out.append({"subject": labels[p], "predicate": predicate, "object": labels[q], "axis": axis})
    value = {"relations": out}
    return json.dumps(value), value


def _orderings(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    """One holistic ranking per axis (as :func:`_ranking`), e.g. ``{"H": [...], "V": [...]}``."""
    value = {}
    for axis in [_axis(a) for a in (probe.get("axes") or ["H", "V", "D"])]:
        _text, ranked = _ranking(profile, {**probe, "axis": axis}, rng)
        value[axis] = ranked
    return json.dumps(value), value


def _transformation(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    """Objects matched across two views by their drawn label; no motion and no flag: the
    simulator models the reasoning step's accuracy on inconsistency pairs (kind
    ``inconsistency``), not this agent's."""
    frames = probe.get("frames") or [0, 1]
    first, later = _view(probe, int(frames[0])), _view(probe, int(frames[-1]))
    present = set(later.labels)
    matches = [{"object": label, "match": label if label in present else None} for label in first.labels]
    value = {"matches": matches, "motion": None, "inconsistent": None}
    return json.dumps(value), value


def _objects(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    view = _view(probe)
    objects = view.scene["objects"]
    # Position noise first (one standard-normal triple per object), so every profile
    # scales the same draws and the attribute draws stay as they were.
    unit = rng.standard_normal((len(objects), 3))
    boxes = _chance_boxes(view, rng) if profile.chance else _noisy_boxes(profile, view, unit)
    out = []
    for k, obj in enumerate(objects):
        item: dict[str, Any] = {"id": view.labels[k], "label": view.labels[k]}
        for attr, vocab in CLEVR_VOCAB.items():
            true = obj.get(attr)
            item[attr] = _noisy_attribute(profile, true, vocab, rng)
        item["bbox"] = boxes[k]
        out.append(item)
    value = {"objects": out}
    return json.dumps(value), value


def _noisy_boxes(profile: SimProfile, view: SceneView, unit: np.ndarray) -> list[list[float]]:
    """Boxes at each object's perceived position (see ``docs/models.md``, ``objects``).

    Per object: ``N(0, sigma_h^2 / 2)`` and ``N(0, sigma_v^2 / 2)`` image-plane metres at the
    median depth (shifted in pixels through ``K``), and a slide of ``N(0, sigma_d^2 / 2)``
    metres (minus the perspective bias) along the ground's view direction before the box
    is projected. Half the variance per object gives every pairwise difference the
    variance ``sigma^2`` of one pairwise query, as in ``ranking``.
    """
    px_h, px_v = view.pixels_per_metre()
    scale = 1.0 / math.sqrt(2.0)
    boxes = []
    for k in range(len(view.labels)):
        n_h, n_v, n_d = unit[k] * scale * np.array([profile.sigma_h, profile.sigma_v, profile.sigma_d])
        slide = float(n_d) - (profile.bias * float(view.v[k]) if profile.bias else 0.0)
        boxes.append(view.bbox(k, depth_offset=slide, shift=(float(n_h) * px_h, float(n_v) * px_v)))
    return boxes


def _chance_boxes(view: SceneView, rng: np.random.Generator) -> list[list[float]]:
    """``sim/random``: boxes of the scene's median size at uniformly random image positions."""
    exact = np.array([view.bbox(k) for k in range(len(view.labels))], dtype=float)
    half_w = float(np.median(exact[:, 2] - exact[:, 0])) / 2.0
    half_h = float(np.median(exact[:, 3] - exact[:, 1])) / 2.0
    if view.width and view.height:
        lo, hi = np.zeros(2), np.array([float(view.width), float(view.height)])
    else:
        lo, hi = view.pixels.min(axis=0), view.pixels.max(axis=0)
    centres = lo + rng.random((len(view.labels), 2)) * (hi - lo)
    boxes = []
    for u, v in centres:
        box = [float(u) - half_w, float(v) - half_h, float(u) + half_w, float(v) + half_h]
        if view.width and view.height:
            box = clip_box(box, float(view.width), float(view.height))
        boxes.append([round(b, 1) for b in box])
    return boxes


def _noisy_attribute(profile: SimProfile, true: Any, vocab: tuple[str, ...], rng: np.random.Generator) -> Any:
    draw = rng.random()
    if profile.chance:
        return str(vocab[rng.integers(len(vocab))])
    if draw < profile.attribute_error:
        wrong = [v for v in vocab if v != true]
        return str(wrong[rng.integers(len(wrong))]) if wrong else true
    return true


def _cvt(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    from spatioxolver.models._sim_cvt import answer_cvt

    return answer_cvt(profile, probe, rng, _view(probe), _gold(probe), _CVT_EPS)


def _cvt_batch(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    from spatioxolver.models._sim_cvt import answer_cvt_batch

    return answer_cvt_batch(probe, lambda sub: answer_probe(profile, sub, seed=profile.seed))


def _argmax_choice(scores_true: int, n: int, sigma: float, chance: bool, rng: np.random.Generator) -> int:
    """Index of the largest of ``1[k == true] + N(0, sigma^2)`` over ``n`` options."""
    if chance:
        return int(rng.integers(n))
    evidence = np.zeros(n)
    evidence[scores_true] = 1.0
    evidence += rng.standard_normal(n) * sigma
    return int(np.argmax(evidence))


def _inconsistency(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    gold = str(_gold(probe)).strip().upper()
    example = probe.get("example") or {}
    query = example.get("query") or {}
    labels = query.get("labels") or probe.get("labels")
    if not labels and probe.get("scenes"):
        objects = _view(probe).scene["objects"]
        labels = [o["label"] for o in objects if o.get("label") is not None]
    labels = [str(x).upper() for x in (labels or [])]
    if gold not in labels:
        labels.append(gold)
    pick = _argmax_choice(labels.index(gold), len(labels), profile.sigma_d, profile.chance, rng)
    return labels[pick], labels[pick]


def _mcq_sigma(profile: SimProfile, example: dict[str, Any]) -> float:
    meta = example.get("meta") or {}
    query = example.get("query") or {}
    axis = str(meta.get("axis") or query.get("axis") or "").upper()
    words = " ".join(
        str(x)
        for x in (
            query.get("category"),
            query.get("subcategory"),
            example.get("category"),
            example.get("subcategory"),
        )
    ).lower()
    if axis == "D" or any(w in words for w in _DEPTH_WORDS):
        return profile.sigma_d
    if axis in ("H", "V"):
        return profile.sigma(axis)
    return math.sqrt((profile.sigma_h**2 + profile.sigma_v**2) / 2.0)


def _mcq(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    example = probe.get("example") or {}
    try:
        gold = int(str(_gold(probe)).strip())
    except ValueError:
        raise ConfigError(f"mcq gold answer {example.get('answer')!r} is not an option number") from None
    n = len(example.get("choices") or []) or 4
    if not 1 <= gold <= n:
        raise ConfigError(f"mcq gold option {gold} is outside 1..{n}")
    pick = _argmax_choice(gold - 1, n, _mcq_sigma(profile, example), profile.chance, rng) + 1
    return str(pick), pick


def _open(profile: SimProfile, probe: dict[str, Any], rng: np.random.Generator) -> tuple[str, Any]:
    example = probe.get("example") or {}
    gold = str(_gold(probe)).strip()
    n = _OPEN_ALTERNATIVES + 1
    right = _argmax_choice(0, n, _mcq_sigma(profile, example), profile.chance, rng) == 0
    if right:
        return gold, gold
    choices = [str(c) for c in (example.get("choices") or []) if str(c).strip().lower() != gold.lower()]
    if choices:
        wrong = choices[int(rng.integers(len(choices)))]
    elif gold.lower() in ("yes", "no"):
        wrong = "no" if gold.lower() == "yes" else "yes"
    elif gold.lstrip("-").isdigit():
        wrong = str(int(gold) + (1 if rng.random() < 0.5 or int(gold) == 0 else -1))
    else:
        wrong = "I am not sure."
    return wrong, wrong


PROBE_KINDS = {
    "pairwise": _pairwise,
    "ranking": _ranking,
    "relations": _relations,
    "orderings": _orderings,
    "transformation": _transformation,
    "objects": _objects,
    "cvt": _cvt,
    "cvt_batch": _cvt_batch,
    "inconsistency": _inconsistency,
    "mcq": _mcq,
    "open": _open,
}
