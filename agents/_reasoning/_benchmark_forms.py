"""Question forms of the benchmarks' own wordings: compass bearings, the outline seen from
above, occluders, "where is A relative to B", alignment, corners, and the two size-pair
wordings of SpatiaLab.

Each function takes the question body and returns a query dict or ``None``.

Example:
    >>> aligned_form("Which object is vertically aligned with the red cube")["axis"]
    'x'
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._refs import UNSUPPORTED_MESSAGE, parse_reference

from spatioxolver.errors import UnsupportedQuestionError

__all__ = ["BENCHMARK_FORMS", "subject_reference", "compass_form", "outline_form"]


def subject_reference(kind: str, subject: str, reference: str, **extra: Any) -> dict[str, Any]:
    """A query of ``kind`` about ``subject`` relative to ``reference`` (both parsed), plus ``extra``."""
    return {
        "type": kind,
        **extra,
        "subject": parse_reference(subject),
        "reference": parse_reference(reference),
    }


_FROM = r"(?:from|of|relative to|with respect to|in relation to)"
#: Statements of the default north (the camera's viewing direction, as in the generator).
_DEFAULT_NORTH = re.compile(
    r"north is (?:the direction )?(?:(?:that |where )?the camera is (?:facing|looking|pointing)|into the scene|"
    r"away from the (?:camera|viewer)|straight ahead|forward|(?:the )?(?:camera'?s? )?viewing direction)",
    re.I,
)


def compass_form(body: str) -> dict[str, Any] | None:
    """Compass bearing; north defaults to the camera's viewing direction, east to its right."""
    m = re.search(
        rf"(?:in )?(?:which|what) (?:compass |cardinal )?direction (?:is|lies) (.+?) {_FROM} (.+)$",
        body,
        re.I,
    ) or re.search(rf"what is the (?:compass|cardinal) direction (?:of|to) (.+?) {_FROM} (.+)$", body, re.I)
    low = body.lower()
    if not m or not re.search(r"compass|cardinal|north", low):
        return None
    stated_north = re.search(r"north is\b", low) and not _DEFAULT_NORTH.search(body)
    stated_east = re.search(r"east is\b", low) and not re.search(
        r"east is (?:to )?the (?:camera'?s? )?right", low
    )
    if stated_north or stated_east:
        raise UnsupportedQuestionError(
            "only the default compass (north = the camera's viewing direction, east = its right) is "
            f"supported: {UNSUPPORTED_MESSAGE}"
        )
    return subject_reference("compass", m.group(1), m.group(2))


_ABOVE = re.compile(
    r"(?:(?:when |if |as )?(?:it is |they are )?(?:viewed|seen|looked at|observed) )?from (?:directly |straight )?"
    r"(?:above|overhead)|(?:(?:when |if )?(?:viewed|seen) )?(?:from|in) (?:a |the )?(?:top-?down|bird'?s[- ]eye|"
    r"overhead) (?:view|perspective)",
    re.I,
)
_OUTLINE_FORMS = (
    r"what (?:shape is|is) the (?:outline|shape|silhouette)(?: shape)? of (.+)",
    r"what (?:shape is|is) (?:the )?(.+?)'s? (?:outline|shape|silhouette)",
    r"what shape (?:is|does) (.+?)(?: have| make| form)?",
    r"what (?:outline|silhouette) does (.+?) (?:have|make)",
)


def outline_form(body: str) -> dict[str, Any] | None:
    """The outline seen from above: needs both the viewpoint and outline/shape words."""
    if not _ABOVE.search(body) or not re.search(r"\b(?:outline|shape|silhouette)\b", body, re.I):
        return None
    rest = " ".join(_ABOVE.sub(" ", body).split()).strip(" ,.")
    for form in _OUTLINE_FORMS:
        m = re.fullmatch(form, rest, re.I)
        if m:
            return {"type": "outline", "subject": parse_reference(m.group(1).strip(" ,"))}
    return None


def _occluder(body: str) -> dict[str, Any] | None:
    m = re.fullmatch(
        r"(?:which|what) (?:object|one|thing)(?: is)? (?:partially |partly )?(?:hides|hiding|occludes|occluding|"
        r"covers|covering|blocks|blocking) (?:the view of )?(.+?)(?: from view)?",
        body,
        re.I,
    )
    if not m:
        return None
    return {"type": "occluder", "reference": parse_reference(m.group(1))}


def _size_question(kind: str, pattern: str, body: str) -> dict[str, Any] | None:
    """Which of two objects is larger/smaller; ``pattern``'s groups: object, object, size word."""
    m = re.fullmatch(pattern, body, re.I)
    if not m:
        return None
    return {
        "type": kind,
        "objects": [parse_reference(m.group(1)), parse_reference(m.group(2))],
        "asks": "smaller" if m.group(3).lower() == "smaller" else "larger",
    }


def _apparent_pair(body: str) -> dict[str, Any] | None:
    return _size_question(
        "apparent_pair",
        r"(.+?) and (.+?) have the same (?:real )?size\.\s*which (?:one|object) (?:appears|looks) "
        r"(larger|bigger|smaller) in the image",
        body,
    )


def _direction(body: str) -> dict[str, Any] | None:
    m = re.fullmatch(
        r"(?:from the camera'?s? (?:viewpoint|point of view|perspective),? )?where is (.+?) "
        r"(?:located |positioned )?(?:relative to|with respect to|in relation to) (.+)",
        body,
        re.I,
    )
    if not m:
        return None
    return subject_reference("direction", m.group(1), m.group(2))


def aligned_form(body: str) -> dict[str, Any] | None:
    m = re.fullmatch(
        r"(?:in the image,? )?which object is (?:most nearly )?(vertically|horizontally) aligned with"
        r"(?: \([^)]*\))? (.+)",
        body,
        re.I,
    )
    if not m:
        return None
    return {
        "type": "aligned",
        "axis": "x" if m.group(1).lower() == "vertically" else "y",
        "reference": parse_reference(m.group(2)),
    }


def _corner(body: str) -> dict[str, Any] | None:
    m = re.search(
        r"which object is (?:positioned |located )?in the (back|front|top|bottom)[- ](left|right) corner",
        body,
        re.I,
    )
    if not m:
        return None
    depth = {"back": "behind", "top": "behind", "front": "front", "bottom": "front"}[m.group(1).lower()]
    return {"type": "corner", "directions": [depth, m.group(2).lower()]}


def _size_pair(body: str) -> dict[str, Any] | None:
    return _size_question(
        "size_pair",
        r"(.+?) looks (?:smaller|larger|bigger) in the image than (.+?)\.\s*which (?:one|object) is "
        r"(?:actually|really) (larger|bigger|smaller)",
        body,
    )


#: Tried first (compass, outline) and after the general forms (the rest), see the parser.
BENCHMARK_FORMS = (_occluder, _apparent_pair, _direction, aligned_form, _corner, _size_pair)
