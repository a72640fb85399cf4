""" "Which object is closest to the centre of the image?": the form and its answerer.

* "which is closest to the centre", "what shape is nearest the middle of the picture",
  "which one is most central" -> ``{"type": "central", "filter"}``.

The middle of a row ("which one is in the middle") is the ordinal form's; this one measures
the distance of each object's centre to the image's centre, and says "Cannot tell" when the
two nearest are within 5% of the image's smaller side of each other.

Example:
    >>> central_form("which shape is closest to the centre of the image")["type"]
    'central'
"""

from __future__ import annotations

import math
import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import _no_match, _object_answer, display_name, resolve
from spatioxolver.agents._reasoning._refs import parse_filter

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["CENTRAL_FORMS", "CENTRAL_HANDLERS", "central_form"]

_IMAGE = r"(?: of (?:the |this )?(?:image|picture|frame|scene|canvas|page|drawing|photo|photograph))?"
_FORMS = (
    re.compile(
        r"(?:which|what) (.*?)\s*(?:is |lies |sits )?(?:the )?(?:closest|nearest) (?:to )?(?:the )?"
        r"(?:centre|center|middle)" + _IMAGE,
        re.I,
    ),
    re.compile(
        r"(?:which|what) (.*?)\s*(?:is |lies |sits )?(?:the )?most central(?: one| object| shape| item| thing)?"
        r"(?: in (?:the |this )?(?:image|picture|frame|scene|drawing))?",
        re.I,
    ),
)
_TIE = 0.05


def central_form(body: str) -> dict[str, Any] | None:
    """The ``central`` query of ``body``, else ``None``."""
    for form in _FORMS:
        m = form.fullmatch(body.strip())
        if m:
            phrase = re.sub(r"\b(?:one|is|the)\b", " ", m.group(1) or "").strip()
            try:
                return {"type": "central", "filter": parse_filter(phrase or None)}
            except UnsupportedQuestionError:
                return None
    return None


def _central(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    found = [o for o in resolve(q["filter"], g) if o.centroid is not None]
    if not found:
        raise _ReferenceProblem(_no_match((q["filter"] or {}).get("text", "object"), g))
    info = g.images[0] if g.images else None
    if info is None:
        raise _ReferenceProblem("The size of the image is not known.")
    cx, cy = info.width / 2.0, info.height / 2.0
    ranked = sorted(found, key=lambda o: math.hypot(o.centroid[0] - cx, o.centroid[1] - cy))  # type: ignore[index]
    dist = [math.hypot(o.centroid[0] - cx, o.centroid[1] - cy) for o in ranked[:2]]  # type: ignore[index]
    if len(ranked) > 1 and dist[1] - dist[0] < _TIE * min(info.width, info.height):
        names = f"{display_name(ranked[0])} and {display_name(ranked[1])}"
        return cannot_tell(f"{names} are about as close to the centre of the image", "central",
                           [ranked[0].id, ranked[1].id])  # fmt: skip
    return _object_answer(ranked[0], "central", f"{dist[0]:.0f} px from the centre of the image")


CENTRAL_FORMS = (central_form,)
CENTRAL_HANDLERS = {"central": _central}
