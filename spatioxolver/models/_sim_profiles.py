"""Noise profiles of the simulated MLLM (``sim/<profile>``).

Depth noise ``sigma_d`` (metres) is the seed-000 value (Table 2, "sigma_D (direct)") of
the model a profile is named after. The simulator takes the seed's sigma values, **not**
its accuracy tables: the seed's own Gaussian model does not reproduce those tables (e.g.
LLaVA-1.6-34B's 43.7 % depth accuracy is below chance, which no zero-mean noise gives).

The seed reports no sigma for the image axes. We derive them from its statement that depth
CTR is 4-6x horizontal CTR at N = 12 (4.7x for GPT-4o): for small noise the cycle
probability of Thm 3.7 grows linearly in sigma over a spread of gaps, and the ``volume``
scenes spread objects about equally across and along the view, so ``sigma_h = sigma_d / 5``.
The seed does not separate vertical CTR; its accuracy ordering (H > V > D) only says V is a
little harder than H, so we take ``sigma_v = sigma_d / 4``. H and V sigma are in metres of
the image-plane coordinate at the scene's median object depth (see :mod:`._sim`).

Example:
    >>> SIM_PROFILES["gpt-4o"].sigma_d
    0.71
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from spatioxolver.errors import ConfigError

__all__ = ["SimProfile", "SIM_PROFILES", "resolve_profile", "H_RATIO", "V_RATIO"]

#: sigma_d / sigma_h (depth CTR is 4-6x horizontal CTR in seed 000, section 5).
H_RATIO = 5.0
#: sigma_d / sigma_v (vertical assumed a little harder than horizontal).
V_RATIO = 4.0


@dataclass(frozen=True)
class SimProfile:
    """Per-axis noise of one simulated model.

    Attributes:
        name: profile name (the part after ``sim/``).
        sigma_h: std of the noise on horizontal comparisons (metres, image plane).
        sigma_v: std of the noise on vertical comparisons (metres, image plane).
        sigma_d: std of the noise on depth comparisons (metres along the optical axis).
        bias: perspective bias: perceived depth is ``z - bias * y`` where ``y`` is the
            object's downward image-plane coordinate (metres), so objects lower in the
            image are judged closer. Same for every query of a scene (correlated errors).
        attribute_error: probability that each attribute of an object in an ``objects``
            reply is replaced by a wrong value.
        chance: answer every question uniformly at random (``sim/random``).
        source: where the numbers come from.
    """

    name: str
    sigma_h: float
    sigma_v: float
    sigma_d: float
    bias: float = 0.0
    attribute_error: float = 0.0
    chance: bool = False
    source: str = ""

    def sigma(self, axis: str) -> float:
        """Noise std for ``axis`` (``"H"``, ``"V"`` or ``"D"``)."""
        return {"H": self.sigma_h, "V": self.sigma_v, "D": self.sigma_d}[axis]


def _from_seed(name: str, sigma_d: float, model: str) -> SimProfile:
    return SimProfile(
        name=name,
        sigma_h=round(sigma_d / H_RATIO, 4),
        sigma_v=round(sigma_d / V_RATIO, 4),
        sigma_d=sigma_d,
        source=f"seed 000 Table 2 sigma_D (direct) of {model}; H, V = sigma_D/{H_RATIO:g}, /{V_RATIO:g}",
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
    "gpt-4o": _from_seed("gpt-4o", 0.71, "GPT-4o"),
    "claude-3.5-sonnet": _from_seed("claude-3.5-sonnet", 0.84, "Claude 3.5 Sonnet"),
    "internvl2-40b": _from_seed("internvl2-40b", 1.09, "InternVL2-40B"),
    "qwen-vl-max": _from_seed("qwen-vl-max", 1.38, "Qwen-VL-Max"),
    "llava-1.6-34b": _from_seed("llava-1.6-34b", 1.82, "LLaVA-1.6-34B"),
    "custom": SimProfile("custom", 0.0, 0.0, 0.0, source="user options sigma_h, sigma_v, sigma_d, bias"),
}

_ALIASES = {"claude-3.5": "claude-3.5-sonnet", "exact": "custom"}

_OVERRIDES = ("sigma_h", "sigma_v", "sigma_d", "bias", "attribute_error")


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
    if "sigma" in options and options["sigma"] is not None:
        # One sigma for every axis (handy in tests and sweeps).
        try:
            sigma = float(options["sigma"])  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise ConfigError(f"sim option sigma={options['sigma']!r} is not a number") from None
        if sigma < 0 or math.isnan(sigma):
            raise ConfigError(f"sim option sigma={sigma} must be >= 0")
        for field in ("sigma_h", "sigma_v", "sigma_d"):
            changes.setdefault(field, sigma)
    return replace(profile, **changes) if changes else profile  # type: ignore[arg-type]
