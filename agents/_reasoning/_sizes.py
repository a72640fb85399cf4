"""Size answerers of the symbolic reader: which of two is larger (physically under a world
prior, else as the image shows them), and "is A larger / taller than B", "how large is A
compared to B" in the image."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem
from spatioxolver.agents._reasoning._names import _norm, _one, _ref_name, apparent_area

from spatioxolver.schema import SceneGraph, SpatialObject

_HEIGHT = {"cube": 2 / math.sqrt(2), "sphere": 2.0, "cylinder": 2.0}
_VOLUME = {"cube": (2 / math.sqrt(2)) ** 3, "sphere": 4 / 3 * math.pi, "cylinder": 2 * math.pi}


def _world_sizes(g: SceneGraph) -> dict[str, float] | None:
    """The physical scale of each size class word under the graph's world prior, if any."""
    prior = g.provenance.get("world_prior")
    if not prior:
        return None
    from spatioxolver.world import coerce_world_prior

    world = coerce_world_prior(prior)
    return dict(world.object_sizes) if world is not None else None


def _physical(
    obj: SpatialObject, what: str = "volume", sizes: dict[str, float] | None = None
) -> tuple[float, float]:
    """Physical size from shape and size class (scales from the world prior's ``sizes``), ties
    by apparent size x depth^2; without a prior, the size class word's order (small < large)
    then apparent size x depth^2."""
    shape, size = _norm(obj.attributes.shape), _norm(obj.attributes.size)
    depth = obj.depth if obj.depth and math.isfinite(obj.depth) else 1.0
    apparent = apparent_area(obj) * depth * depth
    if sizes and shape in _HEIGHT and size in sizes:
        r = sizes[size]
        return (_HEIGHT[shape] * r if what == "height" else _VOLUME[shape] * r**3), apparent
    size_rank = {"small": 0.0, "large": 1.0}.get(size or "", -1.0)
    return size_rank, apparent


def _larger_of_two(
    q: dict[str, Any], g: SceneGraph, size: Callable[[SpatialObject], Any], kind: str
) -> SymbolicAnswer:
    """The larger (or, if asked, smaller) of ``q["objects"]`` as measured by ``size``."""
    ref_a, ref_b = q["objects"]
    a, b = _one(ref_a, g), _one(ref_b, g)
    a_larger = size(a) > size(b)
    pick_a = a_larger if q["asks"] == "larger" else not a_larger
    chosen, ref = (a, ref_a) if pick_a else (b, ref_b)
    name = _ref_name(ref, chosen)
    return SymbolicAnswer(text=name, value=name, kind=kind, objects=[chosen.id])


def _size_pair(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    sizes = _world_sizes(g)
    return _larger_of_two(q, g, lambda o: _physical(o, "volume", sizes), "size_pair")


def _apparent_pair(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    return _larger_of_two(q, g, apparent_area, "apparent_pair")


def _size_compare(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    """Yes / no: is the subject larger (taller) than the reference, as the image shows them."""
    s, r = _one(q["subject"], g), _one(q["reference"], g)
    if s.id == r.id:
        raise _ReferenceProblem("the question compares an object with itself.")
    if q.get("measure") == "height":
        measure, noun = (lambda o: (o.bbox[3] - o.bbox[1]) if o.bbox is not None else 0.0), "height"
    else:
        measure, noun = apparent_area, "size"
    ms, mr = measure(s), measure(r)
    sn, rn = _ref_name(q["subject"], s), _ref_name(q["reference"], r)
    if not ms or not mr:
        text = f"Cannot tell: the image does not show the {noun} of {sn} and {rn}."
        return SymbolicAnswer(text=text, value=None, kind="yesno", rationale=text, no_answer="cannot tell")
    if q["asks"] == "how":  # "how large is A compared to B": within 15% they look alike
        word = "larger" if ms > 1.15 * mr else "smaller" if ms * 1.15 < mr else "about the same size"
        word = {"larger": "taller", "smaller": "shorter"}.get(word, word) if noun == "height" else word
        return SymbolicAnswer(text=word, value=word, kind="size_compare", objects=[s.id, r.id],
                              rationale=f"{noun} in the image: {sn} {ms:.0f}, {rn} {mr:.0f}")  # fmt: skip
    # Within 5% the two look the same: neither is larger.
    holds = (ms > 1.05 * mr) if q["asks"] == "larger" else (ms * 1.05 < mr)
    return SymbolicAnswer(
        text="Yes" if holds else "No",
        value=holds,
        kind="yesno",
        objects=[s.id, r.id],
        rationale=f"{noun} in the image: {sn} {ms:.0f}, {rn} {mr:.0f}",
    )
