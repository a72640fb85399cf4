"""Question parser: free text -> a structured query dict (pure functions, no scene needed).

Every recognised form becomes a plain dict with a ``type`` key:

* ``pairwise``  — "which object is further / to the left of / above the other: A or B?"
  -> ``{"type", "axis", "asks", "objects": [ref, ref]}``
* ``yesno``     — "is the red cube left of the blue sphere?"
  -> ``{"type", "axis", "asks", "subject": ref, "reference": ref}``
* ``extreme``   — "which object is the leftmost / closest / largest ...?"
  -> ``{"type", "which", "filter": ref | None}``
* ``count``     — "how many red objects are there?" (optionally "... left of X")
* ``between``   — "is X between A and B?" / "which object is between A and B?"
* ``nearest``   — "which object is nearest to / farthest from X?"
* ``orbit`` / ``top_down`` — CVT-Bench's counterfactual viewpoint question
* ``inconsistent_object`` — seed 002's two-view question
* ``mcq``       — a stem plus numbered options (the stem is parsed recursively)

A reference (``ref``) is ``{"text", "label", "color", "shape", "size", "material", "nouns"}``
(missing parts ``None``; see :mod:`spatioxolver.agents._reasoning._refs`). Each form accepts
several wordings (tests: ``tests/graphs/test_paraphrases.py``); the compass form defaults to
north = the camera's viewing direction. Anything else raises
:class:`UnsupportedQuestionError`: the geometric reasoner never guesses.

Example:
    >>> parse_question("Which object is further: 1 or 2?")["asks"]
    'further'
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._benchmark_forms import (
    BENCHMARK_FORMS,
    compass_form,
    outline_form,
    subject_reference,
)
from spatioxolver.agents._reasoning._mcq_text import split_options
from spatioxolver.agents._reasoning._phrases import REL_ALT, SUP_ALT, superlative
from spatioxolver.agents._reasoning._phrases import rel as relation_of
from spatioxolver.agents._reasoning._refs import (
    UNSUPPORTED_MESSAGE,
    parse_reference,
    strip_place,
)
from spatioxolver.agents._reasoning._refs import (
    clean as _clean,
)
from spatioxolver.agents._reasoning._refs import (
    parse_filter as _filter,
)
from spatioxolver.agents._reasoning._typos import repair_typos
from spatioxolver.agents._reasoning._wording import claim_of, normalise, strip_wrappers

from spatioxolver.errors import UnsupportedQuestionError

__all__ = ["parse_question", "parse_reference", "split_options", "UNSUPPORTED_MESSAGE"]

# --------------------------------------------------------------------------- forms
_TAIL = re.compile(
    r"\s*(?:answer|respond|reply|please answer|format)\b.*$|\s*\((?:yes|no)(?:/| or )(?:yes|no)\)\s*$",
    re.I | re.S,
)


def _strip_tail(text: str) -> str:
    # Drop instructions such as "Answer with just the object name." after the question.
    pieces = re.split(r"(?<=\?)\s+", text, maxsplit=1)
    head = pieces[0]
    head = _TAIL.sub("", head) if "?" not in head else head
    return head.strip().rstrip("?").strip()


def parse_question(question: str, *, n_images: int = 1, choices: list[str] | None = None) -> dict[str, Any]:
    """Parse ``question`` into a query dict (see the module docstring).

    Args:
        question: the free-text question.
        n_images: how many images come with it (the two-view question needs two).
        choices: MCQ options given separately (otherwise read from the text).

    Raises:
        UnsupportedQuestionError: the text matches none of the supported forms.

    Example:
        >>> parse_question("Is the red cube left of the blue sphere?")["type"]
        'yesno'
    """
    if not isinstance(question, str) or not question.strip():
        raise UnsupportedQuestionError(f"empty question: {UNSUPPORTED_MESSAGE}")
    paragraphs = [p for p in re.split(r"\n\s*\n", question) if p.strip()]
    if len(paragraphs) > 1:
        # A scene description may precede the question (CVT's text representation): the
        # question is the last paragraph; the whole text is the fallback (e.g. MCQ options).
        try:
            return _parse_text(paragraphs[-1], n_images, choices)
        except UnsupportedQuestionError:
            pass
    try:
        return _parse_text(question, n_images, choices)
    except UnsupportedQuestionError:
        mended = repair_typos(question)  # "are ther three stars": a slip in a question word
        if mended is None:
            raise
    try:
        return _parse_text(mended, n_images, choices)
    except UnsupportedQuestionError:
        pass
    return _parse_text(question, n_images, choices)  # raises the error of the question as typed


def _parse_text(question: str, n_images: int, choices: list[str] | None) -> dict[str, Any]:
    text = strip_wrappers(_clean(question))
    stem, options = (text, list(choices)) if choices else split_options(text)
    if options:
        inner = _parse_single(stem, n_images)
        return {"type": "mcq", "stem": inner, "options": options}
    return _parse_single(text, n_images)


#: CVT's orbit wordings; groups: angle in degrees, direction, subject, reference.
_ORBIT_FORMS = (
    r"orbits? (?:by )?(\d+(?:\.\d+)?) ?(?:degrees?|°|deg) (?:to the |towards the )?(left|right)\b.*?"
    r"relationship of (.+?) with respect to (.+?)(?:\?|$)",
    r"(?:full )?(\d+(?:\.\d+)?)[- ]degree circle to the (left|right)\b.*?where is (.+?)(?: now)?,? "
    r"relative to (.+?)(?:\?|$)",
)


def _parse_single(text: str, n_images: int) -> dict[str, Any]:
    low = text.lower()
    # Two-view inconsistency (seed 002).
    if n_images >= 2 and re.search(
        r"inconsisten|modified object|which letter marks|edited|re-?posed|"
        r"moved object|which object (?:was|has been) (?:moved|changed)",
        low,
    ):
        return {"type": "inconsistent_object"}
    # CVT orbit / top-down (seed 003).
    for form in _ORBIT_FORMS:
        m = re.search(form, text, re.I)
        if m:
            theta, direction, subject, reference = m.groups()
            return subject_reference(
                "orbit", subject, reference, theta=float(theta), direction=direction.lower()
            )
    m = re.search(
        r"^(?:what is )?the (?:current )?spatial relationship of (.+?) with respect to (.+?)(?:\?|$)",
        text,
        re.I,
    )
    if m:
        return subject_reference("orbit", m.group(1), m.group(2), theta=0.0, direction="left")
    m = re.search(r"top-?down.*?relationship of (.+?) with respect to (.+?)(?:\?|$)", text, re.I)
    if m:
        return subject_reference("top_down", m.group(1), m.group(2))
    body = _strip_tail(text)
    body = re.sub(r"\b(what|where|which|who)'s\b", r"\1 is", body, flags=re.I)
    body = re.sub(
        r"^(?:looking at (?:this|the) (?:image|picture|scene)|in (?:this|the) (?:image|picture|scene))"
        r"\s*,?\s*",
        "",
        body,
        flags=re.I,
    )
    from spatioxolver.agents._reasoning._either import without_scene_words

    body = normalise(without_scene_words(body))
    body = _ISNT.sub(r"\1 \2", body)
    negated = _negation_of(body)
    if negated is not None:
        return _negated(negated, text, n_images)
    claim = claim_of(body)
    statement = _as_question(claim, claim) if claim else _as_question(text, body)
    if statement is not None:
        try:
            query = _parse_single(statement, n_images)
        except UnsupportedQuestionError:
            query = {}
        if query.get("type") in _TRUTH_KINDS:
            return {**query, "statement": True}
    from spatioxolver.agents._reasoning._claims import CLAIM_FORMS
    from spatioxolver.agents._reasoning._either import canonical, either_form
    from spatioxolver.agents._reasoning._frame_half import FRAME_HALF_FORMS
    from spatioxolver.agents._reasoning._label_forms import LABEL_FORMS
    from spatioxolver.agents._reasoning._question_forms import QUESTION_FORMS

    body = canonical(body)

    for parser in (
        compass_form,
        outline_form,
        *FRAME_HALF_FORMS,  # before either_form: "or the right side of the image" names no object
        either_form,
        *CLAIM_FORMS,
        lambda b: _is_pick(b, n_images),
        lambda b: _picked_has(b, n_images),
        *LABEL_FORMS,
        *QUESTION_FORMS,
        *BENCHMARK_FORMS,
        _pairwise,
        _between,
        _nearest,
        _extreme,
        _count,
        _yesno,
    ):
        query = parser(body)
        if query is not None:
            return query
    raise UnsupportedQuestionError(f"{text[:120]!r} is {UNSUPPORTED_MESSAGE}")


_PICKED = re.compile(
    rf"(?:is|are) (.+?) (the (?:{SUP_ALT})(?: [a-z]+){{0,2}}|(?:the )?(?:first|second|third|fourth|fifth|last|\d(?:st|nd|rd|th))"
    rf"(?: [a-z]+)? (?:from|on) the (?:left|right|top|bottom)|in the (?:very )?(?:middle|centre|center)"
    rf"|the (?:second|third|fourth|fifth|\d(?:st|nd|rd|th)) (?:largest|biggest|smallest|tiniest)(?: [a-z]+)?"
    rf"(?: of (?:the )?(?:row|image|picture|grid))?)",
    re.I,
)


def _is_pick(body: str, n_images: int) -> dict[str, Any] | None:
    """``is the red circle the largest shape`` / ``is the square second from the left`` /
    ``is the triangle in the middle``: the named object against the one the rest picks."""
    m = _PICKED.fullmatch(body)
    if not m or re.search(r"\b(?:above|below|under|over|beneath|behind|left of|right of)$", m.group(1), re.I):
        return None  # "is the leftmost shape above the rightmost one": a relation, not a pick
    try:
        subject = parse_reference(m.group(1))
        pick = _parse_single(f"which is {m.group(2)}", n_images)
    except UnsupportedQuestionError:
        return None
    if pick.get("type") not in ("extreme", "ordinal", "cell_pick") or subject.get("nouns"):
        return None
    return {"type": "is_pick", "subject": subject, "pick": pick}


_PICKED_HAS = re.compile(r"is (the .+?) ((?:an? )?(?:light |dark |pale |bright )?[a-z]+)", re.I)
#: words that make a noun phrase select one object by place or size
_SELECTING = re.compile(
    rf"\b(?:{SUP_ALT}|first|second|third|fourth|fifth|last|\d(?:st|nd|rd|th)|corner|middle|centre|center)\b",
    re.I,
)


def _picked_has(body: str, n_images: int) -> dict[str, Any] | None:
    """``is the largest shape red`` / ``is the leftmost object a circle`` / ``is the shape in the
    top left corner blue``: the attribute of the one object a selection picks."""
    m = _PICKED_HAS.fullmatch(body)
    if not m or not _SELECTING.search(m.group(1)) or _SELECTING.search(m.group(2)):
        return None
    try:
        pick = _parse_single(f"which is {m.group(1)}", n_images)
        predicate = parse_reference(m.group(2))
    except UnsupportedQuestionError:
        return None
    if pick.get("type") not in ("extreme", "ordinal", "cell_pick") or pick.get("asks"):
        return None
    if (
        predicate.get("label")
        or predicate.get("nouns")
        or not (predicate.get("color") or predicate.get("shape"))
    ):
        return None
    return {"type": "picked_has", "pick": pick, "predicate": predicate}


#: Yes / no query kinds a statement can become ("The cup is left of the laptop." -> true / false).
_TRUTH_KINDS = (
    "yesno",
    "has_attribute",
    "frame_side",
    "touch",
    "size_compare",
    "is_pick",
    "picked_has",
    "all_are",
)


#: "is A not above B" (the subject a plain noun phrase, no clause of its own) and "is it
#: false / not true that A is above B": the question without the "not", its answer flipped.
_NOT_ASKED = re.compile(
    r"^(is|are|does|do) ((?:(?!\b(?:that|which|who|is|are|not)\b)[^,])+?) not (.+)$", re.I
)
_FALSE_THAT = re.compile(r"^is it (?:false|not true|not the case|untrue) that (.+)$", re.I)
_THERE_NO = re.compile(r"^(?:is|are) there no (.+)$", re.I)
#: "isn't A above B" asks what "is A above B" asks (answered "Yes" when A is above B).
_ISNT = re.compile(r"^(is|are|does|do)n'?t (.+)$", re.I)


def _negation_of(body: str) -> str | None:
    """The question a negated yes / no question negates, else ``None``."""
    m = _FALSE_THAT.match(body)
    if m:
        return f"is it true that {m.group(1)}"
    m = _THERE_NO.match(body)
    if m:  # "is there no red star": yes when there is none
        return f"are there any {m.group(1)}"
    m = _NOT_ASKED.match(body)
    if m and not re.match(r"there\b", m.group(2), re.I):
        return f"{m.group(1)} {m.group(2)} {m.group(3)}"
    return None


def _negated(question: str, text: str, n_images: int) -> dict[str, Any]:
    """The yes / no query of ``question`` marked ``negated`` (the reasoner flips its answer);
    a negation of anything else is refused, never answered as if the "not" were absent."""
    try:
        query = _parse_single(question, n_images)
    except UnsupportedQuestionError:
        query = {}
    asks_yes_no = (
        query.get("type") in (*_TRUTH_KINDS, "exists", "all_same")
        or (query.get("type") == "between" and query.get("subject"))
        or (query.get("type") == "same_as" and query.get("asks") in ("pair", "exists"))
    )
    if not asks_yes_no or query.get("negated"):
        raise UnsupportedQuestionError(f"{text[:120]!r} (a negated question) is {UNSUPPORTED_MESSAGE}")
    return {**query, "negated": True}


def _as_question(text: str, body: str) -> str | None:
    """A claim to check, as its yes / no question: "The cup is to the left of the laptop." (also
    after "True or false:") -> "Is the cup to the left of the laptop?"; else ``None``."""
    if text.rstrip().endswith("?"):
        return None
    q = re.fullmatch(r"(all|none of|every|each|no) (.+?) (is|are) (.+?)[.!]?", body, re.I)
    if q:  # "all (the) circles are red" -> "are all the circles red"
        return f"{q.group(3)} {q.group(1)} {q.group(2)} {q.group(4)}?"
    m = re.fullmatch(
        r"(?:true or false\s*[:,-]?\s*)?((?:the|a|an) .+?|(?-i:[A-Z])|\d{1,3}) (is|are) (.+?)[.!]?",
        body,
        re.I,
    )
    if not m or re.match(r"(?:the|a|an) (?:question|answer|image|picture|task)\b", m.group(1), re.I):
        return None
    return f"{m.group(2)} {m.group(1)} {m.group(3)}?"


def _pairwise(body: str) -> dict[str, Any] | None:
    m = re.fullmatch(
        rf"(?:which|what) (?:[a-z]+|of (?:the|these|them)(?: two)?(?: objects| ones| items| shapes)?)? ?"
        rf"(?:is|appears|looks) "
        rf"(?:located )?({REL_ALT})(?: (?:than )?the other(?: one)?| of the two)?\s*[:,-]?\s*(?:between )?"
        rf"(.+?)\s*(?:,\s*)?(?:\bor\b|\band\b)\s*(.+)",
        body,
        re.I,
    )
    if m:
        rel, a, b = m.group(1), m.group(2), m.group(3)
    else:
        # "Of A and B, which one is closer?" / "Between A and B, which is further left?"
        m = re.fullmatch(
            rf"(?:of|between|comparing) (.+?) and (.+?),? (?:which|what)(?: one| object| of (?:them|the two))? "
            rf"(?:is|appears|looks) (?:located )?({REL_ALT})(?: the other(?: one)?| of the two)?",
            body,
            re.I,
        )
        if not m:
            return None
        a, b, rel = m.group(1), m.group(2), m.group(3)
    axis, asks = relation_of(rel)
    return {
        "type": "pairwise",
        "axis": axis,
        "asks": asks,
        "objects": [parse_reference(a), parse_reference(b)],
    }


def _between(body: str) -> dict[str, Any] | None:
    m = re.fullmatch(
        r"(?:is|are) (.+?) (?:located |positioned |placed )?(?:in )?between (.+?) and (.+)", body, re.I
    )
    if m:
        return {
            "type": "between",
            "subject": parse_reference(m.group(1)),
            "a": parse_reference(m.group(2)),
            "b": parse_reference(m.group(3)),
        }
    m = re.fullmatch(
        r"(?:which|what) (.*?)\s*(?:is|lies|sits) (?:located |positioned )?(?:in )?between (.+?) and (.+)",
        body,
        re.I,
    )
    if m:
        return {
            "type": "between",
            "subject": None,
            "filter": _filter(m.group(1) or None),
            "a": parse_reference(m.group(2)),
            "b": parse_reference(m.group(3)),
        }
    return None


def _nearest_parts(body: str) -> tuple[str, str, str] | None:
    """``(filter, superlative, target)`` of "which X is nearest to Y" and its word orders."""
    m = re.fullmatch(  # "what is the closest shape to the star": the noun after the superlative
        r"(?:which|what) (?:one )?is the (nearest|closest|farthest|furthest) ([a-z][a-z ]*?) (?:to|from) (.+)",
        body,
        re.I,
    )
    if m:
        return m.group(2), m.group(1), m.group(3)
    m = re.fullmatch(
        r"(?:which|what) (.*?)\s*(?:is )?(?:the )?(nearest|closest|farthest|furthest)"
        r"(?: (?:to|from))? (?!(?:to |from )?the (?:camera|viewer))(.+)",
        body,
        re.I,
    ) or re.fullmatch(
        r"(?:which|what) (.*?)\s*is (nearest|closest|farthest|furthest) (?:to|from) (.+)", body, re.I
    )
    return (m.group(1), m.group(2), m.group(3)) if m else None


def _nearest(body: str) -> dict[str, Any] | None:
    parts = _nearest_parts(body)
    if parts is None:
        return None
    subject, word, target = parts
    target = re.sub(r"\s+in the (?:scene|image|picture)$", "", target.strip(), flags=re.I)
    if (
        re.search(r"\b(?:camera|viewer)$", target, re.I)
        or re.fullmatch(r"away", target, re.I)
        or re.fullmatch(r"(?:the )?(?:left|right|top|bottom|front|back)(?: side)?", target, re.I)
    ):
        return None
    which = "nearest" if word.lower() in ("nearest", "closest") else "farthest"
    subject_filter = re.sub(r"\b(?:is|the)\b", " ", subject).strip()
    return {
        "type": "nearest",
        "which": which,
        "reference": parse_reference(target),
        "filter": _filter(subject_filter or None),
    }


def _extreme(body: str) -> dict[str, Any] | None:
    query = _extreme_query(body)
    if query is not None and query["which"] in ("largest", "smallest"):
        # "Largest" is what the image shows (image area) unless the question asks about reality.
        query["apparent"] = not re.search(
            r"\b(?:in reality|really|actually|physically|real|volume)\b", body, re.I
        )
    return query


def _extreme_query(body: str) -> dict[str, Any] | None:
    if re.search(r"occupies the (?:most|largest) volume", body, re.I):
        return {"type": "extreme", "which": "largest", "filter": None}
    if re.search(r"occupies the (?:least|smallest) volume", body, re.I):
        return {"type": "extreme", "which": "smallest", "filter": None}
    body = re.sub(r"\s*\([^)]*\)", "", body)
    body = re.sub(
        r" (?:to|from) the (?:camera|viewer)$| in the (?:image|scene|picture)$", "", body, flags=re.I
    )
    m = re.fullmatch(
        rf"(?:which|what) (.*?)\s*(?:is|appears|looks|seems) (?:the )?({SUP_ALT})(?: (.+))?", body, re.I
    )
    if m and re.fullmatch(r"colou?r|size|material", m.group(1).strip(), re.I):
        return None  # "what colour is the biggest one" asks an attribute, not for the object
    if m:
        which = superlative(m.group(2))
        rest = (m.group(3) or "").strip()
        if which and (
            not rest
            or re.fullmatch(r"(?:away|one|object|item|of (?:the|all)(?: \w+)*|in the \w+)", rest, re.I)
        ):
            return {"type": "extreme", "which": which, "filter": _filter(m.group(1) or None)}
        if (
            which
            and rest
            and re.fullmatch(r"(?:object|one|item|thing|shape)?", (m.group(1) or "").strip(), re.I)
        ):
            return {
                "type": "extreme",
                "which": which,
                "filter": _filter(rest),
            }  # "which object is the rightmost square"
    m = re.fullmatch(rf"(?:which|what) is the ({SUP_ALT}) (.+)", body, re.I)
    if m and superlative(m.group(1)):
        return {"type": "extreme", "which": superlative(m.group(1)), "filter": _filter(m.group(2))}
    m = re.fullmatch(rf"(?:which|what) (.+?) is (?:the )?({SUP_ALT})", body, re.I)
    if m and superlative(m.group(2)):
        return {"type": "extreme", "which": superlative(m.group(2)), "filter": _filter(m.group(1))}
    return None


def _count(body: str) -> dict[str, Any] | None:
    m = re.fullmatch(
        r"(?:how many|count(?: the| all(?: the)?)?|what(?: is the)? (?:number|count) of(?: the)?) (.+?)"
        r"(?: are| is)?(?: there| visible| shown| present| can you see| can be seen| do you see)?"
        r"(?: in (?:the|this) (?:image|scene|picture))?\.?",
        body,
        re.I,
    )
    if not m:
        return None
    phrase = m.group(1)
    phrase = strip_place(phrase)
    rel = re.search(rf"\b(?:are |is )?({REL_ALT}) (.+)$", phrase, re.I)
    relation = None
    if rel:
        axis, asks = relation_of(rel.group(1))
        relation = {"axis": axis, "asks": asks, "reference": parse_reference(rel.group(2))}
        phrase = phrase[: rel.start()]
    phrase = re.sub(r"\b(?:are|is|there)\b", " ", phrase)
    return {"type": "count", "filter": _filter(phrase), "relation": relation}


def _yesno(body: str) -> dict[str, Any] | None:
    m = re.fullmatch(
        rf"(?:is|are|does|do) (.+?) (?:located |positioned |placed |situated |sitting |lying |standing |appear(?:s)? (?:to be )?)?"
        rf"({REL_ALT}) (.+)",
        body,
        re.I,
    )
    if not m:
        return None
    axis, asks = relation_of(m.group(2))
    return subject_reference("yesno", m.group(1), m.group(3), axis=axis, asks=asks)
