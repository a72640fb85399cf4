"""Noise profiles of the simulated MLLM (``sim/<profile>``).

Each axis has two noise components (see :mod:`._sim_calibration` and ``docs/models.md``):

* ``sigma_*``: the per-query noise of seed 000's Thm 3.7 (``eps ~ N(0, sigma^2)``, drawn
  independently for every question): it makes cycles, and it is the noise every other
  probe kind (boxes, CVT, MCQ, open, inconsistency) uses.
* ``tau_*``: a shared per-object offset ``N(0, tau^2)`` drawn once per object, axis and
  scene, added to the coordinates the ordinal probes (``pairwise``, ``ranking``,
  ``relations``) compare: transitive errors (seed 000 section 5's correlated errors).

The named profiles are calibrated so that the ``ctr`` protocol's simulated per-axis CTR at
N = 10 is the seed's Table G1 and the pairwise accuracy is its Table 1 (LLaVA-1.6-34B's
below-chance 43.7 % depth accuracy raised to 51 %), with Eq. (4) evaluated on the
generator's own scenes in the coordinates the simulator perturbs
(:func:`._sim_calibration.calibrate_model` re-derives the table below; a test checks it).

Example:
    >>> SIM_PROFILES["gpt-4o"].sigma_d
    2.127
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from spatioxolver.errors import ConfigError

__all__ = ["SimProfile", "SIM_PROFILES", "CALIBRATED", "resolve_profile"]

#: ``(sigma, tau)`` per axis (metres, simulator coordinates), from
#: ``_sim_calibration.calibrate_model(model)`` with its defaults (300 scenes, seed 0).
CALIBRATED: dict[str, dict[str, tuple[float, float]]] = {
    "gpt-4o": {"H": (0.959, 2.296), "V": (0.9639, 2.357), "D": (2.127, 2.803)},
    "claude-3.5-sonnet": {"H": (1.246, 2.953), "V": (1.277, 3.032), "D": (2.891, 3.401)},
    "internvl2-40b": {"H": (2.289, 4.298), "V": (2.455, 4.41), "D": (6.293, 5.731)},
    "qwen-vl-max": {"H": (4.259, 6.7), "V": (4.888, 7.353), "D": (15.43, 11.41)},
    "llava-1.6-34b": {"H": (15.03, 19.16), "V": (32.78, 38.39), "D": (93.77, 40.81)},
}


@dataclass(frozen=True)
class SimProfile:
    """Per-axis noise of one simulated model.

    Attributes:
        name: profile name (the part after ``sim/``).
        sigma_h: std of the per-query noise on horizontal comparisons (metres, image plane).
        sigma_v: std of the per-query noise on vertical comparisons (metres, image plane).
        sigma_d: std of the per-query noise on depth comparisons (metres along the optical axis).
        bias: perspective bias: perceived depth is ``z - bias * y`` where ``y`` is the
            object's downward image-plane coordinate (metres), so objects lower in the
            image are judged closer. Same for every query of a scene (correlated errors).
        attribute_error: probability that each attribute of an object in an ``objects``
            reply is replaced by a wrong value.
        chance: answer every question uniformly at random (``sim/random``).
        source: where the numbers come from.
        tau_h: std of the shared per-object horizontal offset (ordinal probes only).
        tau_v: std of the shared per-object vertical offset (ordinal probes only).
        tau_d: std of the shared per-object depth offset (ordinal probes only).
        seed: the client's seed (seeds the shared offsets together with the scene).
        cvt_angle_gain: ASSUMPTION knob (default 0, not from a seed): CVT noise is scaled by
            ``1 + cvt_angle_gain * |sin(theta / 2)|`` (top-down counts as 180 degrees).
        cvt_context_gain: ASSUMPTION knob (default 0): CVT noise is scaled by
            ``1 + cvt_context_gain * (batch_position - 1)`` in the sequential protocol.
    """

    name: str
    sigma_h: float
    sigma_v: float
    sigma_d: float
    bias: float = 0.0
    attribute_error: float = 0.0
    chance: bool = False
    source: str = ""
    tau_h: float = 0.0
    tau_v: float = 0.0
    tau_d: float = 0.0
    seed: int = 0
    cvt_angle_gain: float = 0.0
    cvt_context_gain: float = 0.0

    def sigma(self, axis: str) -> float:
        """Per-query noise std for ``axis`` (``"H"``, ``"V"`` or ``"D"``)."""
        return {"H": self.sigma_h, "V": self.sigma_v, "D": self.sigma_d}[axis]

    def tau(self, axis: str) -> float:
        """Shared per-object offset std for ``axis`` (0 for the pure Thm 3.7 model)."""
        return {"H": self.tau_h, "V": self.tau_v, "D": self.tau_d}[axis]


def _from_seed(name: str, model: str) -> SimProfile:
    cal = CALIBRATED[name]
    return SimProfile(
        name=name,
        sigma_h=cal["H"][0],
        sigma_v=cal["V"][0],
        sigma_d=cal["D"][0],
        tau_h=cal["H"][1],
        tau_v=cal["V"][1],
        tau_d=cal["D"][1],
        source=f"seed 000 Table G1 CTR and Table 1 accuracy of {model}, per axis (two-component calibration)",
    )


#: Built-in profiles by name (``sim/<name>``).
SIM_PROFILES: dict[str, SimProfile] = {
    "random": SimProfile(
        "random",
        math.inf,
        math.inf,
        math.inf,
        chance=True,
        attribute_error=1.0,
        source="chance (Thm 3.3: CTR -> 1/4)",
    ),
    "gpt-4o": _from_seed("gpt-4o", "GPT-4o"),
    "claude-3.5-sonnet": _from_seed("claude-3.5-sonnet", "Claude 3.5 Sonnet"),
    "internvl2-40b": _from_seed("internvl2-40b", "InternVL2-40B"),
    "qwen-vl-max": _from_seed("qwen-vl-max", "Qwen-VL-Max"),
    "llava-1.6-34b": _from_seed("llava-1.6-34b", "LLaVA-1.6-34B"),
    "custom": SimProfile(
        "custom", 0.0, 0.0, 0.0, source="user options sigma_h, sigma_v, sigma_d, tau_h, tau_v, tau_d, bias"
    ),
}

_ALIASES = {"claude-3.5": "claude-3.5-sonnet", "exact": "custom"}

_OVERRIDES = (
    "sigma_h", "sigma_v", "sigma_d", "tau_h", "tau_v", "tau_d", "bias", "attribute_error",
    "cvt_angle_gain", "cvt_context_gain",
)  # fmt: skip


def resolve_profile(name: str, options: dict[str, object]) -> SimProfile:
    """Profile for ``sim/<name>`` with numeric overrides taken from ``options``.

    Raises:
        ConfigError: unknown profile, or a negative / non-numeric override.
    """
    key = _ALIASES.get(name, name)
    if key not in SIM_PROFILES:
        known = ", ".join(f"sim/{k}" for k in SIM_PROFILES)
        raise ConfigError(f"unknown simulated model 'sim/{name}'; known: {known}")
    profile = SIM_PROFILES[key]
    changes: dict[str, float] = {}
    for field in _OVERRIDES:
        if field in options and options[field] is not None:
            try:
                value = float(options[field])  # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise ConfigError(f"sim option {field}={options[field]!r} is not a number") from None
            if field != "bias" and (value < 0 or math.isnan(value)):
                raise ConfigError(f"sim option {field}={value} must be >= 0")
            if field == "attribute_error" and value > 1:
                raise ConfigError(f"sim option attribute_error={value} must be in [0, 1]")
            changes[field] = value
    for name_, fields in (("tau", ("tau_h", "tau_v", "tau_d")), ("sigma", ("sigma_h", "sigma_v", "sigma_d"))):
        if name_ in options and options[name_] is not None:
            # One value for every axis (handy in tests and sweeps).
            try:
                value = float(options[name_])  # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise ConfigError(f"sim option {name_}={options[name_]!r} is not a number") from None
            if value < 0 or math.isnan(value):
                raise ConfigError(f"sim option {name_}={value} must be >= 0")
            for field in fields:
                changes.setdefault(field, value)
    if "sigma" in options and options["sigma"] is not None:
        # ``sigma`` alone selects the pure Thm 3.7 model: no shared offsets unless given.
        for field in ("tau_h", "tau_v", "tau_d"):
            changes.setdefault(field, 0.0)
    return replace(profile, **changes) if changes else profile  # type: ignore[arg-type]
