"""Other wordings of known questions, and either-or questions.

:func:`canonical` rewrites a question body into a wording the parser's forms know, without
changing what it asks:

* polite or imperative openings — "Tell me the colour of X", "Can you tell me the leftmost
  shape", "Please name the shape of X" -> "what is the colour of X", "what is the leftmost
  shape", "what is the shape of X" ("Name the squares from left to right" is another form);
* an attribute asked at the end — "The X is what colour", "The green item is which shape"
  -> "what colour is the X";
* counting clauses that say nothing about which objects — "how many X can you find / are
  drawn here / does the picture show / are in the picture" -> "how many X are there".

:func:`either_form` parses questions that offer two answers:

* "Is X (to the) left or (to the) right of Y", "Is X above or below Y", "Is X in front of
  or behind Y", "Is X higher or lower than Y" -> ``{"type": "either", "inner": yesno
  query, "yes": word, "no": word}``: the inner yes / no query is answered and its verdict
  named with the question's own word;
* "Are there more X or more Y", "Are there more X or Y" -> ``{"type": "either_count",
  "a", "b", "words"}``: the words of the more numerous (or "the same number").

Example:
    >>> canonical("Tell me the colour of the star")
    'what is the colour of the star'
    >>> either_form("Is the star above or below the circle")["no"]
    'below'
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._question_forms import describe_subject
from spatioxolver.agents._reasoning._refs import parse_filter, parse_reference

__all__ = ["canonical", "without_scene_words", "either_form", "answer_either", "answer_either_count"]

_OPENING = re.compile(
    r"^(?:(?:can|could|would|will) you(?: please)? |please )?(?:tell me|say|identify|state|determine|"
    r"find out|work out|give me|let me know|name(?= the (?:colou?r|shape|size) of\b))\s+",
    re.I,
)
_ATTR_LAST = re.compile(r"^(.+?) (?:is|are) (?:of )?(?:what|which) (colou?r|shape|size)$", re.I)
_COUNT_CLAUSE = re.compile(
    r"^(how many|count(?: the| all(?: the)?)?) (.+?) (?:can (?:you|one|i|we) (?:see|find|spot|count|identify|make out|"
    r"notice)(?: here| in (?:the|this) \w+)?|do (?:you|i|we) (?:see|find|spot|count|notice)(?: here| in (?:the|this) \w+)?|"
    r"(?:are|is) (?:there )?(?:drawn|shown|depicted|pictured|displayed|visible|present|painted|sketched)"
    r"(?: here| in (?:the|this) \w+| on (?:the|this) \w+)?|(?:does|do) (?:the|this) (?:picture|image|drawing|scene|slide|"
    r"figure|diagram|photo) (?:show|contain|have|include|depict)|(?:are|is) (?:there )?(?:in|on) (?:the|this) "
    r"(?:picture|image|drawing|scene|slide|diagram|photo|page))$",
    re.I,
)


#: Words for the whole picture: "in the diagram" says where to look, not which object.
_SCENE_NOUN = (
    r"(?:image|picture|scene|diagram|figure|flow ?chart|chart|graph|drawing|illustration|graphic|sketch|slide|page"
    r"|timeline)"
)
#: Words after which "in the image" says something: "are there in the picture" and "is in the
#: image" (the counting forms read them), and a size or place as the picture shows it
#: ("which one appears larger in the image": image area, not real size).
_KEEPS_SCENE_PHRASE = re.compile(
    r"are|is|there|appears?|appeared|looks?|seems?"
    r"|(?:larg|bigg|small|tall|short|wid|narrow|high|low|clos|near|farth|furth|far)(?:er|est)"
)
_SCENE_REWRITES = (
    # "in the diagram, how many ..." / "within this figure: is ..."
    (
        rf"^(?:in|within|on) (?:this|the) {_SCENE_NOUN}"
        r"(?:\s*[,:]\s*|\s+(?=(?:how|what|which|is|are|does|do|where|count|name)\b))",
        "",
    ),
    # "the diamond in this chart is ...", "... in the diagram" at the end (not "are there in the
    # picture" / "is in the image", which the counting forms read; not "the figure labelled A")
    (
        rf"\b([a-z]+) (?:in|within) (?:this|the) {_SCENE_NOUN}(?=$|[,;]| (?:is|are|has|have|does|do)\b)",
        lambda m: m.group(0) if _KEEPS_SCENE_PHRASE.fullmatch(m.group(1).lower()) else m.group(1),
    ),
    # "give the count / number of X (shown)", "what number of X", "number of X": how many X
    (
        r"^(?:(?:please )?(?:give|tell me|state|report) )?(?:the |what )?(?:count|number|total number) of "
        r"(.+?)(?: (?:shown|drawn|present|visible))?$",
        r"how many \1",
    ),
    (r"^(?:tell me|say|state) (how many )", r"\1"),
    # "how many shapes here are blue": "here" says where to look; "count every shape": all of them
    (r"^(how many .+?) here (are|is) ", r"\1 \2 "),
    (r"^count (?:every|each) ", "count all "),
    # "how many X appear in / make up / does this chart contain": how many X are there
    (
        rf"^(how many .+?) (?:appear|can be seen)(?: (?:in|on) (?:the|this) {_SCENE_NOUN})?$",
        r"\1 are there",
    ),
    (rf"^(how many .+?) (?:make up|are in|form) (?:the|this) {_SCENE_NOUN}$", r"\1 are there"),
    (
        rf"^(how many .+?) (?:does|do) (?:the|this) {_SCENE_NOUN} (?:show|contain|have|include)$",
        r"\1 are there",
    ),
    # "does the chart have a diamond": is there a diamond
    (
        rf"^(?:does|do) (?:the|this) {_SCENE_NOUN} (?:have|contain|show|include|hold) (an?|any) ",
        r"is there \1 ",
    ),
    # "which shape is drawn in red", "what shape has the colour red": the red one's shape
    (
        r"^(?:which|what) (?:kind of |sort of |type of )?shape (?:is|has been) (?:drawn|painted|coloured|colored|"
        r"filled|shown) in (\w+)$",
        r"what shape is the \1 object",
    ),
    (r"^(?:which|what) shape has the colou?r (\w+)$", r"what shape is the \1 object"),
    # "which shape sits lowest", "the shape nearest the left edge": the lowest, the leftmost
    (r"^((?:which|what) .+?) (?:sits|lies|stands|is placed|is located|is positioned) ", r"\1 is "),
    (
        r"\bthe (\w+) (?:nearest|closest to) the (left|right|top|bottom) (?:edge|side|border)\b",
        r"the \2most \1",
    ),
)


def without_scene_words(body: str) -> str:
    """``body`` without phrases naming the whole picture ("in the diagram", "of this figure")
    and with counting and shape questions worded around it in a form the parser knows.

    Example:
        >>> without_scene_words("In the diagram, how many shapes are red")
        'how many shapes are red'
        >>> without_scene_words("The diamond in this chart is what colour")
        'The diamond is what colour'
    """
    text = body.strip().rstrip(".?! ")
    for pattern, replace in _SCENE_REWRITES:
        text = re.sub(pattern, replace, text, flags=re.I)
    return text


def canonical(body: str) -> str:
    """``body`` in a wording the parser knows (unchanged when no rewrite applies)."""
    text = body.strip()
    m = _OPENING.match(text)
    if m:
        rest = text[m.end() :]
        if re.match(r"(?:what|which|how|where|whether|if|is|are)\b", rest, re.I):
            rest = re.sub(r"^(?:whether|if) ", "", rest, flags=re.I)
            text = rest
        elif re.match(r"(?:the|a|an)\b", rest, re.I):
            text = "what is " + rest
    m = _ATTR_LAST.match(text)
    if m and not re.match(r"(?:what|which|how)\b", text, re.I):
        text = f"what {m.group(2)} is {m.group(1)}"
    m = _COUNT_CLAUSE.match(text)
    if m:
        text = f"{m.group(1)} {m.group(2)} are there"
    return text


#: word -> (axis, asks, the word the answer uses); pairs must share an axis.
_SIDE_WORDS = {
    "left": ("H", "left", "left"),
    "right": ("H", "right", "right"),
    "above": ("V", "above", "above"),
    "over": ("V", "above", "above"),
    "higher": ("V", "above", "higher"),
    "below": ("V", "below", "below"),
    "under": ("V", "below", "below"),
    "beneath": ("V", "below", "below"),
    "lower": ("V", "below", "lower"),
    "in front": ("D", "closer", "in front"),
    "closer": ("D", "closer", "closer"),
    "nearer": ("D", "closer", "nearer"),
    "behind": ("D", "further", "behind"),
    "farther": ("D", "further", "farther"),
    "further": ("D", "further", "further"),
}
_SIDE = (
    r"(left|right|above|over|higher|below|under|beneath|lower|in front|closer|nearer|behind|farther|further)"
)


def either_form(body: str) -> dict[str, Any] | None:
    """Either-or questions (see the module docstring), else ``None``."""
    m = re.fullmatch(
        rf"(?:is|are) (.+?) (?:located |positioned |placed |situated )?(?:more )?(?:to the |on the )?{_SIDE}"
        rf"(?: side| up| down)?(?: of| than| to)? or (?:more )?(?:to the |on the )?{_SIDE}(?: side| up| down)?"
        rf"(?: of| than| to| from)? (.+)",
        body,
        re.I,
    )
    if m:
        subject, w1, w2, reference = m.groups()
        a1, a2 = _SIDE_WORDS[w1.lower()], _SIDE_WORDS[w2.lower()]
        if a1[0] != a2[0] or a1[1] == a2[1]:
            return None
        return {
            "type": "either",
            "inner": {
                "type": "yesno",
                "axis": a1[0],
                "asks": a1[1],
                "subject": parse_reference(subject),
                "reference": parse_reference(re.sub(r"^(?:the camera than |of )", "", reference, flags=re.I)),
            },
            "yes": a1[2],
            "no": a2[2],
        }
    attribute = _either_attribute(body)
    if attribute is not None:
        return attribute
    m = re.fullmatch(
        r"(?:are there more|(?:which|what) (?:are there more of|is more (?:common|numerous|frequent)|"
        r"(?:kind|type|shape|colou?r)? ?(?:are|is) there more of)[:,]?) (.+?),? or (?:more )?(.+?)"
        r"(?: in (?:the|this) (?:image|picture|scene|drawing))?",
        body,
        re.I,
    )
    if m and parse_filter(m.group(1)) and parse_filter(m.group(2)):
        return {
            "type": "either_count",
            "a": parse_filter(m.group(1)),
            "b": parse_filter(m.group(2)),
            "words": [m.group(1).strip(), m.group(2).strip()],
        }
    return None


_KINDS = ("color", "shape", "size")


def _either_attribute(body: str) -> dict[str, Any] | None:
    """``is the green object a triangle or a circle`` / ``is the square red or blue`` ->
    ``{"type": "either_attribute", "pick": attribute query, "options", "words"}`` (both options of one kind:
    two colours, two shapes or two sizes)."""
    m = re.fullmatch(r"(?:is|are) (.+) or (?:an? )?([a-z]+(?: [a-z]+)?)", body, re.I)
    if not m:
        return None
    left, second = m.group(1).split(), m.group(2)
    for k in (len(second.split()), 1, 2):
        if len(left) <= k:
            continue
        first, subject = left[-k:], left[:-k]
        if subject and subject[-1].lower() in ("a", "an"):
            subject = subject[:-1]
        if not subject:
            continue
        try:
            options = [parse_reference(" ".join(first)), parse_reference(second)]
            pick = describe_subject("shape", " ".join(subject))  # "the triangle", "the leftmost shape"
        except Exception:  # noqa: BLE001 - not this form
            continue
        kinds = [tuple(x for x in _KINDS if o.get(x)) for o in options]
        if (
            kinds[0] != kinds[1]
            or len(kinds[0]) != 1
            or any(o.get("nouns") or o.get("label") for o in options)
        ):
            continue
        return {"type": "either_attribute", "pick": {**pick, "attribute": kinds[0][0]}, "options": options,
                "words": [" ".join(first), second]}  # fmt: skip
    return None


def answer_either_attribute(q: dict[str, Any], g: Any) -> Any:
    """The option word the object has ("triangle"), "neither" when it has none of them."""
    from spatioxolver.agents._reasoning._answer import SymbolicAnswer, _ReferenceProblem, cannot_tell
    from spatioxolver.agents._reasoning._describe import HANDLERS
    from spatioxolver.agents._reasoning._names import _matches

    what = q["pick"]["attribute"]
    try:
        picked = HANDLERS["attribute"](q["pick"], g)  # the object the subject picks, and its attribute
    except _ReferenceProblem as problem:
        if "could not be read" not in str(problem):
            raise
        return cannot_tell(f"its {what} is not read from the pixels", "either_attribute")
    if picked.value is None:
        return picked
    if len(picked.objects) != 1:
        raise _ReferenceProblem(f"{len(picked.objects)} objects match; say which.")
    obj = next(o for o in g.objects if o.id == picked.objects[0])
    if what == "size":  # a drawing's size is relative: the word the attribute answer read
        holds = [
            w
            for w, option in zip(q["words"], q["options"], strict=True)
            if option.get("size") == picked.value
        ]
    else:
        holds = [w for w, option in zip(q["words"], q["options"], strict=True) if _matches(option, obj)]
    if len(holds) == 2:
        return cannot_tell("both options describe it", "either_attribute", [obj.id])
    word = holds[0] if holds else "neither"
    return SymbolicAnswer(text=word, value=word, kind="either_attribute", objects=[obj.id])


def answer_either(q: dict[str, Any], g: Any) -> Any:
    """The inner yes / no query's verdict, named with the question's word (abstains with it)."""
    from spatioxolver.agents._reasoning._symbolic import _HANDLERS

    inner = _HANDLERS["yesno"](q["inner"], g)
    if inner.value is None:
        return inner
    word = q["yes"] if inner.value else q["no"]
    if inner.value is False and "level" in (inner.rationale or ""):
        inner.value, inner.text = None, f"Neither: {inner.rationale}."
        inner.no_answer = "cannot tell"
        return inner
    inner.text, inner.value, inner.kind = word, word, "either"
    return inner


def answer_either_count(q: dict[str, Any], g: Any) -> Any:
    """The words of whichever class is more numerous ("the same number" when equal)."""
    from spatioxolver.agents._reasoning._answer import SymbolicAnswer
    from spatioxolver.agents._reasoning._describe import _count_of

    a, b = _count_of(q["a"], g), _count_of(q["b"], g)
    word = q["words"][0] if a > b else q["words"][1] if b > a else "the same number"
    return SymbolicAnswer(text=word, value=word, kind="either_count", rationale=f"{a} vs {b}")
