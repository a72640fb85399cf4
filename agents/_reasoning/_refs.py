"""Reference phrases: the words that name objects, and :func:`parse_reference`.

A reference is ``{"text", "label", "color", "shape", "size", "material", "nouns"}``.
``nouns`` holds head nouns outside the shape vocabulary (``"the pink elephant"`` ->
``["elephant"]``, singular): the phrase still names an object, one the scene graph may not
contain, so the reasoner answers "There is no object matching ..." instead of refusing.
A phrase that is not a plain noun phrase (verbs, pronouns, prepositions, position words,
more than two unknown words) raises :class:`UnsupportedQuestionError`: it is a question
form the parser does not know, and the reasoner never guesses.
"""

from __future__ import annotations

import re
from typing import Any

from spatioxolver.agents._reasoning._typos import near_word

from spatioxolver.errors import UnsupportedQuestionError
from spatioxolver.vocabulary import COLOR_WORDS, MATERIAL_WORDS, SHAPE_WORDS, SIZE_WORDS, TONE_WORDS

__all__ = [
    "UNSUPPORTED_MESSAGE",
    "COLORS",
    "SHAPES",
    "SIZES",
    "MATERIALS",
    "GENERIC",
    "parse_reference",
    "parse_filter",
    "strip_place",
    "singular",
    "query_nouns",
]

UNSUPPORTED_MESSAGE = (
    "unsupported by the geometric reasoner — use an LLM model (--model), or a form it reads "
    '(docs/perception.md, "Images the project did not render")'
)

#: The words a reference may use, from the one vocabulary (:mod:`spatioxolver.vocabulary`).
COLORS = COLOR_WORDS
SHAPES = SHAPE_WORDS
SIZES = SIZE_WORDS
MATERIALS = MATERIAL_WORDS
#: Nouns meaning "any object" (no shape filter).
GENERIC = {
    "object", "objects", "thing", "things", "item", "items", "one", "ones", "shape", "shapes",
    "icon", "icons", "figure", "figures", "element", "elements", "symbol", "symbols",
    "solid", "solids",
    "node", "nodes",  # a diagram's (a network graph's, an org chart's) shapes
}  # fmt: skip
#: Words skipped inside a reference.
STOP = {
    "the", "a", "an", "of", "that", "which", "is", "are", "there", "in", "image", "scene", "picture",
    "photo", "this", "visible", "do", "you", "see", "total", "these", "those", "following", "all",
    "reality", "color", "colour", "colored", "coloured", "size", "sized", "material", "made",
    "separate", "individual",  # "how many separate shapes": each one, not kinds
}  # fmt: skip
#: Words that never belong to a plain noun phrase naming an object: a phrase holding one is a
#: form the parser does not know (pronouns, auxiliaries, prepositions, position words, ...).
_FUNCTION = {
    "i", "me", "my", "we", "our", "your", "it", "its", "they", "them", "their", "he", "she", "his",
    "her", "what", "who", "whom", "whose", "where", "when", "why", "how", "if", "then", "than", "and",
    "or", "but", "not", "no", "nor", "so", "because", "would", "could", "should", "can", "will",
    "shall", "may", "might", "must", "does", "did", "has", "have", "had", "be", "been", "being", "was",
    "were", "am", "get", "got", "fit", "fall", "make", "look", "looks", "appear", "appears", "seem",
    "seems", "to", "from", "on", "at", "into", "onto", "by", "with", "without", "for", "about", "near",
    "behind", "before", "after", "over", "under", "between", "above", "below", "across", "through",
    "toward", "towards", "around", "along", "against", "like", "as", "left", "right", "top", "bottom",
    "front", "back", "middle", "center", "centre", "side", "closest", "nearest", "farthest",
    "furthest", "leftmost", "rightmost", "other", "another", "each", "every", "some", "any", "many",
    "much", "more", "most", "less", "least", "same", "different", "first", "second", "third", "last",
    "next", "times", "way", "direction", "view", "camera", "viewer", "number", "count", "meaning",
    "beneath", "underneath", "situated", "located", "positioned", "placed", "immediately", "directly",
    "adjacent", "beside", "inside", "outside", "within", "either", "both", "neither", "whether",
    "smallest", "largest", "biggest", "tiniest", "highest", "lowest", "topmost", "bottommost", "uppermost",
    "tallest", "shortest", "select", "choose", "name", "identify", "find", "pick", "tell", "give", "show",
    "list", "please", "here", "others", "together", "half", "twice", "double", "triple", "fraction",
    "percent", "average", "row", "rows", "column", "columns", "anywhere", "somewhere", "everywhere",
    "aren", "isn", "don", "doesn", "t", "non", "except", "excluding", "besides", "hand", "corner", "corners",
    "sides", "edges", "part", "region", "area", "position", "location", "place", "pair",
    "frame", "border", "edge", "whereabouts", "away",
}  # fmt: skip
#: The colour and shape words a slip is read back to (:mod:`._typos`).
_SPELLED = (*COLORS, *SHAPES)
#: At most this many unknown words in a reference ("the coffee mug" is fine).
MAX_NOUNS = 2

# A tag after its noun needs a separator or a digit: "box 3", "shape A", "box#2", "object3",
# "shape number 2", "item no. 7" name labels; "boxes" is a plural noun, never tag "ES".
_LABEL_RE = re.compile(
    r"^(?:(?:tag|object|obj|box|label|marker|item|number|no\.?|shape|figure|node|vertex)"
    r"(?:\s+(?:number|no\.?))?(?:\s*#\s*|\s+|(?=\d))|#)"
    r"([A-Za-z0-9]+)$",
    re.I,
)
_NAMED_RE = re.compile(
    r"^(?:[a-z]+\s+){0,2}(?:labell?ed|marked|tagged|named|annotated|numbered)(?:\s+(?:with|by|as))?"
    r"(?:\s+the)?(?:\s+(?:letter|number|digit|label|tag))?\s+[\"']?([A-Za-z0-9]{1,3})[\"']?$"
    # "the shape with the label B" / "bearing the letter C": here the label word is needed
    r"|^(?:[a-z]+\s+){0,2}(?:with|bearing|(?:that|which) (?:has|carries))\s+(?:the\s+|a\s+)?"
    r"(?:letter|number|digit|label|tag)\s+[\"']?([A-Za-z0-9]{1,3})[\"']?$",
    re.I,
)
# A word written as the label: "the shape labelled start", "the box marked 'exit'".
_WORD_LABEL_RE = re.compile(
    r"^(?:[a-z]+\s+){0,2}(?:labell?ed|marked|tagged|named)(?:\s+(?:with|as))?(?:\s+the)?"
    r"(?:\s+(?:word|label|tag))?\s+[\"']?([A-Za-z][A-Za-z0-9]{3,11})[\"']?$",
    re.I,
)
_PAREN_TAG_RE = re.compile(r"\(\s*(?:tag|object|box|label)?\s*#?\s*([A-Za-z0-9]+)\s*\)", re.I)


def clean(text: str) -> str:
    """Typographic quotes to ASCII, whitespace collapsed."""
    text = text.replace("’", "'").replace("“", '"').replace("”", '"')
    return " ".join(text.strip().split())


def singular(word: str) -> str:
    """A crude singular of an English noun (``unicorns`` -> ``unicorn``, ``boxes`` -> ``box``).

    Example:
        >>> [singular(w) for w in ("unicorns", "boxes", "berries", "glass")]
        ['unicorn', 'box', 'berry', 'glass']
    """
    w = word.lower()
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and re.search(r"(?:s|x|z|ch|sh)es$", w):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


def _refuse(phrase: str) -> UnsupportedQuestionError:
    return UnsupportedQuestionError(
        f"cannot tell which object {phrase.strip()[:120]!r} names: {UNSUPPORTED_MESSAGE}"
    )


def _tone_split(words: list[str]) -> list[str]:
    """Words with a hyphenated tone and colour ("light-blue", "dark-green") split in two."""
    out: list[str] = []
    for word in words:
        tone, _, colour = word.partition("-")
        out.extend((tone, colour) if tone in TONE_WORDS and colour in COLORS else (word,))
    return out


def parse_reference(phrase: str) -> dict[str, Any]:
    """Parse a noun phrase naming one object (or a class of objects).

    Args:
        phrase: e.g. ``"the small red metal cylinder (Tag 0)"``, ``"box 3"``, ``"A"``,
            ``"the red cube"``, ``"the pink elephant"``.

    Returns:
        ``{"text", "label", "color", "shape", "size", "material", "nouns"}``; ``label`` is the
        tag, number or letter when the phrase names one; ``nouns`` the (singular) words
        outside the vocabulary.

    Raises:
        UnsupportedQuestionError: the phrase is not a plain noun phrase (see the module docstring).

    Example:
        >>> parse_reference("the small red metal cylinder (Tag 0)")["label"]
        '0'
        >>> parse_reference("the pink elephant")["nouns"]
        ['elephant']
    """
    text = clean(phrase).strip(" .,:;!?\"'")
    ref: dict[str, Any] = {
        "text": text,
        "label": None,
        "tone": None,
        "color": None,
        "shape": None,
        "size": None,
        "material": None,
        "nouns": [],
    }
    paren = _PAREN_TAG_RE.search(text)
    if paren:
        ref["label"] = _norm_label(paren.group(1))
        text = _PAREN_TAG_RE.sub(" ", text).strip()
    body = re.sub(r"^(?:the|a|an)\s+", "", text, flags=re.I).strip()
    place = _PLACE_WORD.match(body)
    rest = _PLACE_WORD.sub("", body, count=1).strip() if place else ""
    if (
        place
        and rest
        and not re.match(
            r"(?:of|to|than|side|hand|and|or|in|on|at|corner|half|edge|row|column)\b", rest, re.I
        )
    ):
        # "the right blue square", "the upper circle": the one furthest that way among them;
        # "the largest shape", "the smaller square": the one largest / smallest in the image
        ref["place"] = _PLACES[place.group(1).lower()]
        body = body[place.end() :].strip()
    prefix = re.match(r"^(?:object|tag|box)\s+#?([A-Za-z0-9]+)\s*\((.*)\)$", body, re.I)
    if ref["label"] is None and prefix:
        # "object 3 (the small red metal cube)": the label, plus the description.
        ref["label"] = _norm_label(prefix.group(1))
        body = prefix.group(2)
    named = _NAMED_RE.match(body) or _WORD_LABEL_RE.match(body)
    if ref["label"] is None and named:
        # "the shape labelled B", "the object marked 3", "the shape labelled start": the label
        # names it. A colour or shape word written as the label ("the shape labelled ball")
        # also describes it where no shape carries that label (``_names.resolve``).
        written = next(g for g in named.groups() if g)
        ref["label"] = _norm_label(written)
        if written.lower() in COLORS:
            ref["color"] = COLORS[written.lower()]
        elif written.lower() in SHAPES:
            ref["shape"] = SHAPES[written.lower()]
        if ref["color"] or ref["shape"]:
            ref["label_or_description"] = True  # no shape carrying it: the word describes
        return ref
    match = _LABEL_RE.match(body)
    if ref["label"] is None and match:
        ref["label"] = _norm_label(match.group(1))
        return ref
    if ref["label"] is None and re.fullmatch(r"[A-Za-z]|\d{1,3}", body):
        ref["label"] = _norm_label(body)
        return ref
    known = False
    unknown: list[str] = []
    for word in _tone_split(re.findall(r"[a-z]+(?:-[a-z]+)*", body.lower())):
        if word not in COLORS and word not in SHAPES and word not in _FUNCTION:
            word = near_word(word, _SPELLED) or word  # "cirle", "shpere": a typing slip
        if word in TONE_WORDS:
            ref["tone"] = TONE_WORDS[word]
            continue
        if word in COLORS:
            ref["color"] = COLORS[word]
        elif word in SHAPES:
            ref["shape"] = SHAPES[word]
        elif word in SIZES:
            ref["size"] = SIZES[word]
        elif word in MATERIALS:
            ref["material"] = MATERIALS[word]
        elif word in GENERIC or word in STOP:
            continue
        else:
            unknown.append(word)
            continue
        known = True
    if ref["label"] is not None:
        return ref  # a tag names the object; other words only describe it
    if unknown:
        if (
            len(unknown) > MAX_NOUNS
            or any(w in _FUNCTION or set(w.split("-")) & _FUNCTION for w in unknown)
            or re.search(r"[^\w\s'-]", body)
        ):
            raise _refuse(phrase)
        ref["nouns"] = [singular(w) for w in unknown]
        known = True
    if not known and not (ref.get("place") and body.lower() in GENERIC):
        raise _refuse(phrase)
    return ref


#: A place word before a noun phrase: which of the matches it names.
_PLACES = {
    "left": "leftmost", "leftmost": "leftmost", "left-hand": "leftmost", "right": "rightmost",
    "rightmost": "rightmost", "right-hand": "rightmost", "top": "topmost", "upper": "topmost",
    "topmost": "topmost", "bottom": "bottommost", "lower": "bottommost", "bottommost": "bottommost",
    # by size in the image: "the largest shape", "the smaller square" (of two)
    "largest": "largest", "biggest": "largest", "smallest": "smallest", "tiniest": "smallest",
    "larger": "larger", "bigger": "larger", "smaller": "smaller",
    # by height in a drawing: "the tallest bar", "the shorter column" (of two)
    "tallest": "tallest", "shortest": "shortest", "taller": "taller", "shorter": "shorter",
}  # fmt: skip
_PLACE_WORD = re.compile(
    r"^(left-hand|right-hand|leftmost|rightmost|topmost|bottommost|left|right|top|upper|bottom|lower|"
    r"largest|biggest|smallest|tiniest|larger|bigger|smaller|tallest|shortest|taller|shorter)\s+",
    re.I,
)


def _norm_label(label: str) -> str:
    return label.upper() if label.isalpha() else label


def strip_place(phrase: str) -> str:
    """The phrase without a trailing "where they are drawn", which says nothing about which
    objects: "icons in the grid", "things standing on the ground", "shapes on the page"."""
    return re.sub(
        r"\s+(?:(?:that are |which are )?(?:standing|lying|sitting|resting|placed|drawn|shown) )?"
        r"(?:on|in) (?:the|this) (?:ground|floor|table|plane|grid|page|canvas|diagram|drawing|image|picture|scene)$",
        "",
        phrase,
        flags=re.I,
    )


def parse_filter(phrase: str | None) -> dict[str, Any] | None:
    """A class filter ("red cubes", "objects") or None for 'any object'."""
    if phrase is None:
        return None
    phrase = strip_place(phrase)  # "hexagons in the grid": the grid is where, not which
    words = [w for w in re.findall(r"[a-z]+", phrase.lower()) if w not in STOP]
    if not words or all(w in GENERIC for w in words):
        return None
    from spatioxolver.agents._reasoning._filters import special_filter

    special = special_filter(phrase)
    if special is not None:  # "shapes that are not red", "shapes with four sides"
        return special
    union = _union(phrase)
    return union if union is not None else parse_reference(phrase)


def _union(phrase: str) -> dict[str, Any] | None:
    """A filter for either of two classes: "red or blue objects", "circles and squares" (when
    counting, "and" joins the classes counted), "shapes that are either red or blue"; the
    shared noun goes to both sides. ``None`` when ``phrase`` is not two plain classes."""
    p = " ".join(phrase.split()).strip(" ?.")
    m = re.fullmatch(
        r"(?:the )?([a-z]+) (?:that |which )?(?:are |is )?(?:either|both) ([a-z -]+?) (?:or|and) ([a-z -]+)",
        p,
        re.I,
    )
    if m:
        a, b = f"{m.group(2)} {m.group(1)}", f"{m.group(3)} {m.group(1)}"
    else:
        m = re.fullmatch(
            r"(?:the )?(?:either |both )?([a-z -]+?),? (?:or|and|and/or) (?:the )?([a-z -]+)", p, re.I
        )
        if not m:
            return None
        a, b = m.group(1), m.group(2)
        nouns = [w for w in b.lower().split() if w in SHAPES or w in GENERIC]
        if nouns and not any(w in SHAPES or w in GENERIC for w in a.lower().split()):
            a = f"{a} {nouns[-1]}"  # "red or blue objects": both are objects
    try:
        refs = [parse_reference(a), parse_reference(b)]
    except UnsupportedQuestionError:
        return None
    if any(r.get("nouns") or r.get("label") for r in refs):
        return None
    return {
        "text": p, "label": None, "tone": None, "color": None, "shape": None, "size": None,
        "material": None, "nouns": [], "any_of": refs,
    }  # fmt: skip


def query_nouns(query: Any) -> list[str]:
    """Every unknown noun a parsed query's references use (nested MCQ stems included)."""
    found: list[str] = []
    if isinstance(query, dict):
        nouns = query.get("nouns")
        if isinstance(nouns, list):
            found.extend(str(n) for n in nouns)
        for key, value in query.items():
            if key != "nouns":
                found.extend(query_nouns(value))
    elif isinstance(query, list):
        for item in query:
            found.extend(query_nouns(item))
    return found
