"""Questions about which objects touch, as a set: "which shapes are (not) touching", "which
shapes touch the square", "how many circles are touching each other", "are any shapes
touching", "is anything touching the star". The pair rule is :func:`._position.touches`
(outlines within 2 px); a pair whose boxes meet but whose outlines are not known makes the
answer a typed "Cannot tell" when it could change it.

Query: ``{"type": "touching", "filter", "reference" | None, "negate", "asks"}`` with ``asks``
one of ``list`` / ``count`` / ``exists``.

Example:
    >>> touching_form("which shapes are not touching")["negate"]
    True
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
from spatioxolver.agents._reasoning._names import _no_match, _one, display_name, resolve
from spatioxolver.agents._reasoning._position import touches
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.schema import SceneGraph

__all__ = ["TOUCHING_FORMS", "TOUCHING_HANDLERS", "touching_form"]

#: What "touching" may be followed by when it names no object: "each other", "anything".
_OTHERS = re.compile(
    r"(?:each other|one another|anything(?: else)?|something|any(?: other)? (?:shapes?|objects?|things?)|"
    r"another (?:shape|object|thing)|other (?:shapes|objects|things)|the others)",
    re.I,
)
_VERB = r"(?:touching|in contact with|touch(?:es)?)"


def touching_form(body: str) -> dict[str, Any] | None:
    """The ``touching`` query of ``body``, else ``None``."""
    b = body.strip()
    forms = (
        ("list", rf"(?:which|what) (.*?)\s*(?:are|is) (not )?{_VERB}(.*)"),
        ("list", r"(?:which|what) (.*?)\s*(do(?:es)? not |don't |doesn't )?touch(?:es)?(.*)"),
        ("count", rf"how many (.*?)\s*(?:are|is) (not )?{_VERB}(.*)"),
        ("count", r"how many (.*?)\s*(do not |don't )?touch(.*)"),
        ("exists", rf"(?:are|is) (?:there )?(?:any|anything)(.*?)\s*(not )?{_VERB}(.*)"),
        ("exists", r"(?:do|does) (?:any|anything)(.*?)\s*()touch(.*)"),
    )
    for asks, pattern in forms:
        m = re.fullmatch(pattern, b, re.I)
        if not m:
            continue
        thing, negate, rest = m.group(1).strip(), bool(m.group(2)), m.group(3).strip()
        thing = re.sub(r"^(?:of the |the )|\b(?:else|there)\b", " ", thing, flags=re.I).strip()
        try:
            filt = parse_filter(thing or None)
            if not rest or _OTHERS.fullmatch(rest):
                reference = None
            elif rest.startswith("with "):
                reference = parse_reference(rest[5:])
            else:
                reference = parse_reference(rest)
        except UnsupportedQuestionError:
            return None
        if reference is not None and reference.get("nouns"):
            return None
        return {"type": "touching", "filter": filt, "reference": reference, "negate": negate, "asks": asks}
    return None


def _touching(q: dict[str, Any], g: SceneGraph) -> SymbolicAnswer:
    objects = [o for o in g.objects if o.frame == 0]
    pool = resolve(q["filter"], g)
    if q["filter"] and not pool:
        raise _ReferenceProblem(_no_match(q["filter"].get("text"), g))
    ref = _one(q["reference"], g) if q["reference"] else None
    chosen, unsure = [], []
    for o in pool:
        if ref is not None and o.id == ref.id:
            continue
        others = [ref] if ref is not None else [p for p in objects if p.id != o.id]
        verdicts = [touches(o, p) for p in others]
        hit = True if True in verdicts else None if None in verdicts else False
        if hit is None:
            unsure.append(o)
        elif hit != q["negate"]:
            chosen.append(o)
    ids = [o.id for o in chosen]
    if q["asks"] == "exists" and chosen:
        return SymbolicAnswer(text="Yes", value=True, kind="touching", objects=ids)
    if unsure:
        return cannot_tell(f"whether {display_name(unsure[0])} touches its neighbour is not known "
                           "(their boxes meet, their outlines were not kept)", "touching", [o.id for o in unsure])  # fmt: skip
    if q["asks"] == "exists":
        return SymbolicAnswer(text="No", value=False, kind="touching")
    if q["asks"] == "count":
        return SymbolicAnswer(text=str(len(chosen)), value=len(chosen), kind="touching", objects=ids)
    names = [display_name(o) for o in sorted(chosen, key=lambda o: (o.centroid or (0.0, 0.0))[0])]
    text = ", ".join(names) if names else "None: no such object in the image."
    return SymbolicAnswer(text=text, value=names, kind="touching", objects=ids)


TOUCHING_FORMS = (touching_form,)
TOUCHING_HANDLERS = {"touching": _touching}
