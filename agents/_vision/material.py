"""Material (metal vs rubber) and apparent-size features from an object's pixels.

Metal shows a sharp specular highlight and an environment reflection that adds white
light in proportion to how much a surface faces up: its pixels' saturation varies
across the object. Rubber is shaded multiplicatively (saturation constant) with at
most a faint, broad highlight. The statistics below measure both effects; the decision
rule's weights were fitted on renders of the project's synthetic world (see
``docs/perception.md``), with scale-free features so they transfer to other sizes.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["material_features", "classify_material"]


def material_features(pixels: np.ndarray) -> dict[str, float]:
    """Statistics of ``(N, 3)`` sRGB pixels of one object (boundary already eroded)."""
    px = np.asarray(pixels, dtype=np.float32).reshape(-1, 3)
    if px.shape[0] < 8:
        return {}
    mx = px.max(axis=1)
    mn = px.min(axis=1)
    value = mx / 255.0
    sat = (mx - mn) / np.maximum(mx, 1.0)
    v_med = float(np.median(value))
    v99 = float(np.percentile(value, 99))
    bright = value > v_med + 0.25
    near_white = (value > 0.85) & (sat < 0.25)
    sat_med = float(np.median(sat))
    return {
        "v_median": v_med,
        "v_p10": float(np.percentile(value, 10)),
        "highlight": v99 - v_med,
        "bright_fraction": float(bright.mean()),
        "white_fraction": float(near_white.mean()),
        "sat_median": sat_med,
        "sat_spread": float(np.percentile(sat, 90) - np.percentile(sat, 10)),
        "sat_rel_spread": float((np.percentile(sat, 90) - np.percentile(sat, 10)) / max(sat_med, 0.05)),
    }


# Thresholds fitted on renders of the synthetic world (200 scenes, 1265 objects):
# chromatic objects: saturation below this share of the colour's own -> metal (99.8 %);
_SAT_SHARE = 0.925
# achromatic objects: the darkest tenth still lifted above this value -> metal (84 %).
_GREY_LIFT = 0.14
# a sharp, near-white highlight on any object is metal evidence on its own.
_WHITE_FRACTION = 0.002


def classify_material(
    features: dict[str, float], expected_saturation: float | None = None
) -> tuple[str, float]:
    """``("metal" | "rubber", confidence)`` from :func:`material_features`.

    Args:
        features: output of :func:`material_features`.
        expected_saturation: saturation of the object's named colour (HSV, 0..1), e.g.
            0.8 for CLEVR's chromatic colours; ``None`` treats the object as chromatic
            with the typical 0.8 when it is saturated, achromatic otherwise.
    """
    if not features:
        return "unknown", 0.0
    sat = features["sat_median"]
    chromatic = sat >= 0.2 if expected_saturation is None else expected_saturation >= 0.2
    if features.get("white_fraction", 0.0) >= _WHITE_FRACTION and features.get("highlight", 0.0) > 0.3:
        return "metal", 0.9
    if chromatic:
        expected = expected_saturation if expected_saturation is not None else 0.8
        share = sat / max(expected, 1e-3)
        z = (_SAT_SHARE - share) / 0.03
    else:
        z = (features["v_p10"] - _GREY_LIFT) / 0.02
    p = 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0)))
    return ("metal", p) if p >= 0.5 else ("rubber", 1.0 - p)
