"""SpatiaLab's taxonomy (seed 004, App. B), which parts the synthetic generator expresses,
and the seed's balanced evaluation subset (5 items per subcategory, seed 42: 150 items).

The generator (``spatioxolver generate spatialab``) builds 13 of the 30 subcategories on
CLEVR-style scenes; :data:`NOT_GENERATED` says for each of the other 17 why a synthetic
tabletop of CLEVR primitives cannot express it honestly, or (three navigation tasks and
Shadow-Size Projection) which reduced form could be built and why it is not yet. Those are
evaluated on the real release (``spatialab-release``), whose adapter reads any category /
subcategory name.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["TAXONOMY", "NOT_GENERATED", "balanced_subset", "category_of"]

#: Category -> its five subcategories, in the seed's order (App. B.1-B.6).
TAXONOMY: dict[str, tuple[str, ...]] = {
    "Relative Positioning": (
        "Directional Relations",
        "Proximity Gradients",
        "Alignment Patterns",
        "Betweenness Relationships",
        "Corner/Angle Positioning",
    ),
    "Depth & Occlusion": (
        "Layering Order",
        "Partial Occlusion",
        "Complete Occlusion Inference",
        "Transparency Effects",
        "Reflective Surfaces",
    ),
    "Orientation": (
        "Cardinal Direction",
        "Object Rotation",
        "Facing Direction",
        "Stacking Orientation",
        "Tool Handedness",
    ),
    "Size & Scale": (
        "Relative Size Comparison",
        "Perspective Distortion",
        "Distance-Size Correlation",
        "Scale Consistency",
        "Shadow-Size Projection",
    ),
    "Spatial Navigation": (
        "Pathway Existence",
        "Obstacle Avoidance",
        "Viewpoint Visibility",
        "Spatial Sequence",
        "Accessibility Constraints",
    ),
    "3D Geometry": (
        "Volume Comparison",
        "Stability Prediction",
        "Shape Projection",
        "Spatial Containment",
        "Gravity Effects",
    ),
}

#: Subcategories the synthetic generator does not build, and why.
NOT_GENERATED: dict[str, str] = {
    "Complete Occlusion Inference": "needs indirect evidence of a fully hidden object (its shadow, a "
    "reflection, context); hidden objects are dropped from the questions and their shadows are not "
    "recorded, so there is no gold for what can be inferred",
    "Transparency Effects": "the ray caster renders opaque rubber and metal only: no transparent material",
    "Reflective Surfaces": "metal is shaded, not ray-traced: no mirror images to reason about",
    "Object Rotation": "CLEVR primitives (cube, sphere, cylinder) are rotation-symmetric or 90-degree "
    "symmetric: a turn is not visible without a textured or asymmetric object",
    "Facing Direction": "CLEVR primitives have no front side",
    "Stacking Orientation": "the tabletop layout never stacks objects (no support relations)",
    "Tool Handedness": "needs real tools (scissors, gloves); no such objects in the vocabulary",
    "Scale Consistency": "needs real-world size priors (a car vs a cup); CLEVR sizes are arbitrary",
    "Shadow-Size Projection": "hard shadows are rendered, but the scene JSON records no shadow geometry to "
    "derive gold from, and with one fixed key light shadow length adds nothing beyond object height "
    "(not built yet; expressible in principle)",
    "Pathway Existence": "the seed's routes run through rooms with walls and gaps; a tabletop only offers "
    "straight lines between objects (expressible in that reduced form, not built: the agentic graph's "
    "symbolic reasoner has no path reasoning, and every generated item must be answerable by it)",
    "Obstacle Avoidance": "needs an agent, a goal and a traversability model; the straight-line reduced form "
    "(which object blocks A->B) is not built, for the same reasoner reason as Pathway Existence",
    "Viewpoint Visibility": "needs a second observer position inside the scene; only the camera is rendered",
    "Spatial Sequence": "needs a path through the scene; the straight-line reduced form (which object is "
    "passed first walking A->B) is expressible but not built, for the same reasoner reason",
    "Accessibility Constraints": "needs reachability (blocked containers, doors); no such structure",
    "Stability Prediction": "needs physics (centres of mass on supports); objects never rest on each other",
    "Spatial Containment": "needs hollow containers; CLEVR primitives are solid",
    "Gravity Effects": "needs physical simulation of motion; scenes are static and unsupported objects absent",
}


def category_of(subcategory: str) -> str | None:
    """The category a SpatiaLab subcategory belongs to (case-insensitive), else None."""
    key = str(subcategory).strip().lower()
    for category, subs in TAXONOMY.items():
        if any(s.lower() == key for s in subs):
            return category
    return None


def balanced_subset(examples: list[Any], *, per_subcategory: int = 5, seed: int = 42) -> list[Any]:
    """The seed's balanced subset: ``per_subcategory`` items drawn per subcategory with ``seed``.

    Items are grouped by subcategory in the order given (MCQ and open items of one
    question are different items); each group is shuffled with
    ``numpy.random.default_rng(seed)`` in sorted subcategory order and its first
    ``per_subcategory`` kept. Groups with fewer items are kept whole. Items without a
    subcategory are left out. With the full release this gives 5 x 30 = 150 items.
    """
    groups: dict[str, list[Any]] = {}
    for example in examples:
        sub = getattr(example, "subcategory", None) or (getattr(example, "query", None) or {}).get(
            "subcategory"
        )
        if sub:
            groups.setdefault(str(sub), []).append(example)
    rng = np.random.default_rng(seed)
    keep: set[int] = set()
    for sub in sorted(groups):
        items = groups[sub]
        for k in rng.permutation(len(items))[:per_subcategory]:
            keep.add(id(items[int(k)]))
    return [e for e in examples if id(e) in keep]
