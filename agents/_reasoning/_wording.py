"""Other people's wordings of known questions, rewritten into the parser's forms.

Pure text -> text rewrites, each for a family of wordings, none changing what is asked:

* :func:`strip_wrappers` — benchmark wrappers around the question: "Q: ... A:",
  "Question: ... Answer:";
* :func:`normalise` — spelling slips ("whats", "wich", "left most" -> "leftmost"),
  embedded questions after a polite opening ("could you tell me what colour the triangle
  is" -> "what colour is the triangle"), imperatives ("name the object that is farthest to
  the right" -> "which object is farthest to the right"), relative clauses ("what is the
  shape that is on the left"), counting directions ("counting from the left, which is the
  fourth shape" -> "which is the fourth shape from the left"), verbs that only say where
  something is ("can be found between", "is situated left of" -> "is ..."), and the frame's
  edges ("closest to the top of the image" -> "topmost");
* :func:`claim_of` — a claim to check, whatever wraps it ("True or false: X is Y",
  "X is Y. True or false?", "Statement: X is Y. Is this true?", "Is it true that X is Y",
  "Would you say X is Y") -> the bare statement "X is Y".

Example:
    >>> normalise("could you tell me what colour the triangle is")
    'what colour is the triangle'
    >>> claim_of("Is it true that the red circle is left of the square")
    'the red circle is left of the square'
"""

from __future__ import annotations

import re

__all__ = ["strip_wrappers", "normalise", "claim_of"]

_WRAP_HEAD = re.compile(r"^\s*(?:q|question)\s*(?:\d+\s*)?[:.)-]\s*", re.I)
_WRAP_TAIL = re.compile(r"\s*(?:\n|\s)(?:a|answer)\s*:\s*$", re.I)


def strip_wrappers(text: str) -> str:
    """``text`` without a leading "Q:" / "Question:" and a trailing empty "A:" / "Answer:"."""
    text = _WRAP_TAIL.sub("", text)
    return _WRAP_HEAD.sub("", text).strip()


#: Slips people make when typing a question (whole words only).
_SLIPS = {
    "whats": "what is", "wats": "what is", "wich": "which", "whcih": "which", "hwo": "how",
    "teh": "the", "cirlce": "circle", "circel": "circle", "sqaure": "square", "squre": "square",
    "triange": "triangle", "traingle": "triangle", "trianlge": "triangle", "colur": "colour",
    "objcet": "object", "shpae": "shape", "colr": "colour", "ther": "there", "pls": "please", "plz": "please", "wheres": "where is", "thats": "that is",
}  # fmt: skip
_SLIP_RE = re.compile(r"\b(" + "|".join(_SLIPS) + r")\b", re.I)
_OPEN_WORDS = re.compile(
    r"^(?:(?:(?:can|could|would|will) you(?: please)?|please|i(?:'d| would) like to know|i wonder|"
    r"i was wondering|do you know|(?:can|could) you (?:say|check))\s+(?:(?:tell|show) me\s+)?|(?:tell|show) me\s+)"
    r"(?=(?:what|which|how|whether|if|where)\b)",
    re.I,
)
#: "what colour the triangle is" (an embedded question): the wh-phrase, the subject, the verb.
_EMBEDDED = re.compile(
    r"^((?:what|which)(?: (?:colou?r|shape|size|kind of \w+|type of \w+|label|letter|number))?|how many \w+(?: \w+)?|where)"
    r" ((?:the|a|an|this|that|object|shape|item) .+?) (is|are)(?: located| placed| positioned| situated)?$",
    re.I,
)
_IMPERATIVE = re.compile(
    r"^(?:please )?(?:name|identify|find|point out|point to|show me|pick out|pick|select|indicate|choose|give)"
    r"(?: me)? (?!all\b)(?:the )?((?:[a-z]+ ){0,2}?(?:object|shape|item|thing|one|figure|circle|square|triangle|ball|"
    r"sphere|box|cube|icon|element))s?(?: (?:that|which) (?:is|lies|sits|appears)|(?= (?:between|to the|on the|"
    r"above|below|under|beneath|next to|beside|in the|at the|directly|immediately|just)\b))( .+)$",
    re.I,
)
_CLAUSE = re.compile(
    r"^(what|which) is the ((?:[a-z]+ ){0,2}?(?:object|shape|item|thing|one|figure))"
    r" (?:that|which) (?:is|lies|sits|appears)( .+)$",
    re.I,
)
_COUNTING_FROM = re.compile(
    r"^(?:(?:counting|going|reading|starting|moving)(?: from)? (?:the )?(left|right|top|bottom)"
    r"(?: to (?:the )?(?:left|right|top|bottom))?|from (left|right|top|bottom) to (?:left|right|top|bottom)),? (.+)$",
    re.I,
)
_COUNTING_AFTER = re.compile(
    r"^(.+?),? (?:counting|going|reading|starting|moving)(?: from)? (?:the )?(left|right|top|bottom)"
    r"(?: to (?:the )?(?:left|right|top|bottom))?$",
    re.I,
)
_PLACE_VERBS = re.compile(
    r"\b(?:can be (?:found|seen|spotted)|is (?:found|seen|situated|sitting|lying|standing|to be found)|"
    r"are (?:found|seen|situated|sitting|lying|standing))\b",
    re.I,
)
_EDGE = re.compile(
    r"\b(?:is )?(?:the )?(?:closest|nearest) (?:to )?the (top|bottom|left|right)(?: edge| side| border)?"
    r"(?: of (?:the |this )?(?:image|picture|frame|scene|page|canvas))?$",
    re.I,
)
_OR_OTHER_SIDE = re.compile(
    r"^(is|are) (.+?) ((?:(?:to|on) the )?(?:left|right)(?: side)? of|above|below|in front of|behind) (.+?),? "
    r"or (?:(?:to|on) the )?(left|right|above|below|in front|behind)(?: side)?(?: of (?:it|them))?$",
    re.I,
)
#: "takes up more space" / "takes more room" / "occupies less area": bigger / smaller in the image.
_SPACE_WORDS = re.compile(
    r"\b(?:takes up|take up|takes|take|occupies|occupy|covers|cover|fills|fill|uses|use) (more|less) (?:space|room|area)"
    r"(?: in the (?:image|picture))?",
    re.I,
)
_EDGE_WORD = {"top": "topmost", "bottom": "bottommost", "left": "leftmost", "right": "rightmost"}


#: Counting a row or a column in other words: "count the shapes in the top row", "how many
#: shapes does the middle row have".
_ROW_COUNTS = (
    (
        r"^(?:please )?count (?:the |all (?:of )?the |all |every )?(.+?) (?:that are |which are )?(in|on) (the .+? (?:row|column))$",
        r"how many \1 are \2 \3",
    ),
    (
        r"^how many (.+?) (?:does|do) (the .+? (?:row|column)) (?:have|contain|hold|include)$",
        r"how many \1 are in \2",
    ),
    # "count the rows of symbols": how many rows
    (r"^(?:please )?count (?:the )?(rows|columns)(?: of (.+?))?$", r"how many \1 of \2 are there"),
)


#: A polite opening before an imperative or a question ("please count ...", "pls name ...").
_PLEASE = (
    r"^please,? (?=(?:count|name|tell|identify|find|list|give|show|say|spot|point|pick|select|choose|"
    r"what|which|how|is|are|where|do|does|can|could)\b)"
)
#: "could you name ...", "can you count ...": the imperative itself.
_CAN_YOU = (
    r"^(?:(?:can|could|would|will) you(?: please)?|please) (?=(?:name|identify|find|count|list|spot|point|pick|"
    r"select|choose|tell me|show me|give me)\b)"
)
#: "out of all the shapes, which is the second smallest": "which shape is ...".
_OUT_OF = r"^(?:out of|of|among|amongst) (?:all )?(?:the|these) ([a-z]+),? (which|what)(?: one)? is (.+)$"
#: "name / find / identify the smallest pink object": the object a superlative or a rank picks.
_NAME_PICKED = re.compile(
    r"^(?:name|identify|find|spot|point out|point to|show me|pick out|select|choose|tell me|give me)"
    r" (the (?:largest|biggest|smallest|tiniest|leftmost|rightmost|topmost|bottommost|highest|lowest|"
    r"first|second|third|fourth|fifth|last|middle|central|\d(?:st|nd|rd|th))\b.*)$",
    re.I,
)


def _bare_any(text: str) -> str:
    """ "any red squares?" -> "are there any red squares" (only a plain class of the vocabulary)."""
    from spatioxolver.vocabulary import COLOR_WORDS, SHAPE_WORDS

    m = re.fullmatch(r"any ((?:[a-z]+ ){0,2}[a-z]+)", text, re.I)
    if m and any(w in SHAPE_WORDS or w in COLOR_WORDS for w in m.group(1).lower().split()):
        return f"are there any {m.group(1)}"
    return text


def normalise(body: str) -> str:
    """``body`` in a wording the parser knows (unchanged when no rewrite applies)."""
    from spatioxolver.agents._reasoning._casual import casual

    text = _SLIP_RE.sub(lambda m: _SLIPS[m.group(1).lower()], body.strip().rstrip(".!").strip())
    text = casual(text)
    text = re.sub(r"^yes or no\s*[:,-]\s*", "", text, flags=re.I)
    # "count the 3D objects", "what 3-D shape is X": the adjective says what every solid is
    text = re.sub(
        r"\b(?:3-?d|three-dimensional) (?=(?:object|shape|solid|thing|figure|form|item|bod(?:y|ies))s?\b)",
        "",
        text,
        flags=re.I,
    )
    text = re.sub(r"\b(left|right|top|bottom)[- ]most\b", r"\1most", text, flags=re.I)
    text = re.sub(r"\bmost (left|right)\b", r"\1most", text, flags=re.I)
    text = re.sub(r",?\s*yes or no$", "", text, flags=re.I)
    text = re.sub(_PLEASE, "", text, flags=re.I)
    text = re.sub(_CAN_YOU, "", text, flags=re.I)
    text = re.sub(_OUT_OF, r"\2 \1 is \3", text, flags=re.I)
    m = _NAME_PICKED.match(text)
    if m:  # "name the smallest pink object", "find the second shape from the right"
        text = f"what is {m.group(1)}"
    opened = _OPEN_WORDS.match(text)
    if opened:
        text = re.sub(r"^(?:whether|if) ", "", text[opened.end() :], flags=re.I)
        text = re.sub(r"^there (is|are) ", r"\1 there ", text, flags=re.I)  # "... if there is a X"
    text = _bare_any(text)
    for pattern, replace in _ROW_COUNTS:
        text = re.sub(pattern, replace, text, flags=re.I)
    m = _EMBEDDED.match(text)
    if m and opened:
        text = f"{m.group(1)} {m.group(3)} {m.group(2)}"
    m = _IMPERATIVE.match(text)
    if m:
        text = f"which {m.group(1)} is{m.group(2)}"
    m = _CLAUSE.match(text)
    if m:
        text = f"which {m.group(2)} is{m.group(3)}"
    m = _COUNTING_FROM.match(text)
    if m:
        side = (m.group(1) or m.group(2)).lower()
        text = f"{m.group(3)} from the {side}"
    else:
        m = _COUNTING_AFTER.match(text)
        if m and re.search(
            r"\b(?:first|second|third|fourth|fifth|sixth|\d(?:st|nd|rd|th))\b", m.group(1), re.I
        ):
            text = f"{m.group(1)} from the {m.group(2).lower()}"
    text = re.sub(
        r"^(which|what)( .+?)? (?:comes|is) (first|second|third|fourth|fifth|sixth) from the (left|right|top|bottom)$",
        r"\1\2 is \3 from the \4",
        text,
        flags=re.I,
    )
    text = _PLACE_VERBS.sub(lambda m: "are" if m.group(0).lower().startswith("are") else "is", text)
    text = re.sub(r"\bis is\b", "is", text, flags=re.I)
    m = _OR_OTHER_SIDE.match(text)
    if m:  # "is X left of Y, or to the right?" -> "is X left or right of Y"
        first = re.search(r"left|right|above|below|in front|behind", m.group(3), re.I)
        if first:
            text = f"{m.group(1)} {m.group(2)} {first.group(0)} or {m.group(5)} of {m.group(4)}"
    text = _SPACE_WORDS.sub(lambda m: "is larger" if m.group(1).lower() == "more" else "is smaller", text)
    m = _EDGE.search(text)
    if m and re.match(r"(?:which|what)\b", text, re.I):
        text = text[: m.start()] + "is the " + _EDGE_WORD[m.group(1).lower()]
    for pattern, replacement in _REWRITES:
        text = pattern.sub(replacement, text)
    m = _PRONOUN_AFTER.match(text)
    if m:  # "The rightmost shape - what colour is it?" -> "what colour is the rightmost shape"
        text = re.sub(r"\b(?:it|that one|this one)\b", m.group(1), m.group(2), count=1, flags=re.I)
    m = _BARE_COMPARATIVE.fullmatch(text)
    if m:  # "which is bigger?" with no pair named: of all of them (an MCQ stem)
        text = f"{m.group(1)} is the {_SUPERLATIVE_OF[m.group(2).lower()]}"
    return " ".join(text.split())


_SIDE_WORD = r"(?:to|on|in|at|above|below|under|beneath|between|next|beside|behind|directly|just|immediately|right|left|" \
    r"straight|further|farther|furthest|farthest|closest|nearest|closer|nearer|higher|lower|the)"  # fmt: skip
_COMPARATIVE = (
    r"bigger|larger|smaller|higher(?: up)?|lower(?: down)?|taller|shorter|further (?:left|right)|farther (?:left|right)|"
    r"more to the (?:left|right)|closer|nearer|further away|farther away"
)
#: Plain substitutions, in order (each a family of wordings; see the module docstring).
_REWRITES = tuple(
    (re.compile(p, re.I), r)
    for p, r in (
        # "is the square bigger than the circle or not": the yes / no question itself
        (r"^((?:is|are|does|do) .+?),? or not$", r"\1"),
        # "how big is X - large or small": "is X large or small"
        (r"^how (?:big|large) is (.+?)\s*[-:,]\s*(?:is it )?(large|big) or (small)$", r"is \1 \2 or \3"),
        # "which of A and B is smaller": "which is smaller, A or B"
        (
            r"^(?:which|what)(?: one)? of (.+?) and (.+?) is (bigger|larger|smaller)$",
            r"which is \3, \1 or \2",
        ),
        (r"\b(farthest|furthest) away from\b", r"\1 from"),
        # "the most distant shape from the star", "the closest one to the star"
        (r"^(what|which) is the most distant ([a-z]+) from\b", r"which \2 is farthest from"),
        (r"\bthe (closest|nearest|farthest|furthest) one (to|from)\b", r"the \1 \2"),
        # "which shape carries the label A": the shape labelled A
        (r"\b(?:carries|bears|wears|displays|shows) the (label|letter|number|mark)\b", r"has the \1"),
        # "the shape next to the letter A": a label written beside its shape
        (
            r"\b(shape|object|figure|one|item) (?:next to|beside|by|near|under|above|below) the (?:letter|number|digit|label)"
            r" ([A-Za-z0-9])$",
            r"\1 labelled \2",
        ),
        # a verb that only says where: "shapes lie to the right of", "which object lies farthest left"
        # ("does A lie right of B" first: the plural rule below would leave "does A are")
        (rf"^(does|do) (.+?) (?:sit|lie|stand|appear|rest|lay)(?= {_SIDE_WORD}\b)", r"is \2"),
        (rf"\b(?:lie|sit|stand|rest)\b(?= {_SIDE_WORD}\b)", "are"),
        (rf"\b(?:lies|sits|stands|rests|is positioned|is located|is placed)\b(?= {_SIDE_WORD}\b)", "is"),
        (r"\b(?:appears?|seems?|looks?) to be\b", "is"),
        (r"\s+(?:in )?here$", ""),
        (r"\b(colou?r|shape|size)'s\b(?! (?:colou?r|shape|size)$)", r"\1 is"),  # not "the shape's colour"
        (r"^(colou?r|shape|size) of (.+)$", r"what is the \1 of \2"),
        (r"^(what|which) is (the .+?)'s? (colou?r|shape|size)$", r"what is the \3 of \2"),
        (r"\b(?:at|on|to) the extreme (left|right|top|bottom)\b", r"at the very \1"),
        (
            r"^(?:the )?(?!(?:select|choose|name|identify|find|pick|tell|give|show|list|count|what|which|how)\b)"
            r"([a-z]+(?: [a-z]+)?) (colou?r|shape|size)$",
            r"what \2 is the \1",
        ),
        (
            r"^in what (colou?r) (is|are) (.+?) (?:drawn|painted|shown|coloured|colored|filled|rendered)$",
            r"what \1 \2 \3",
        ),
        (
            r"^what (colou?r) (?:has|have) (.+?) been (?:drawn|painted|coloured|colored|filled)(?: in)?$",
            r"what \1 is \2",
        ),
        (
            r"^(what|which) (?:colou?r) (is|are) (.+?) (?:drawn|painted|coloured|colored|filled)(?: in)?$",
            r"\1 colour \2 \3",
        ),
        (r"^(what|which) (?:form|outline type) (is|does) ", r"\1 shape \2 "),
        (
            r"^how (?:big|large|small) (?:is|are) (?!.*\b(?:than|compared|relative)\b)(.+)$",
            r"what size is \1",
        ),
        (
            r"^(what|which) (shape|object|one|thing) (?:has|is of|is in) (?:the |a )?([a-z]+) colou?r$",
            r"what shape is the \3 object",
        ),
        # superlatives in other words
        (
            r"\b(?:has|have|covers?|occupies|occupy|takes? up|fills?) the (?:largest|biggest|greatest|most) (?:area|space|room|size)\b",
            "is the largest",
        ),
        # "covers the most of the image", "fills most of the picture": the largest in it
        (
            r"\b(?:covers?|occupies|occupy|takes? up|fills?) (?:the )?most of the (?:image|picture|frame|scene)\b",
            "is the largest in the image",
        ),
        (
            r"\b(?:has|have|covers?|occupies|occupy|takes? up|fills?) the (?:smallest|least) (?:area|space|room|size)\b",
            "is the smallest",
        ),
        (r"\bthe least (?:big|large)\b", "the smallest"),
        (
            r"\bthe (smallest|largest|biggest|tiniest|leftmost|rightmost|topmost|bottommost) of (?:them )?all\b",
            r"the \1",
        ),
        (r"\bfinal\b", "last"),
        (
            r"\b(?:to the )?(left|right) of (?:all )?(?:the )?(?:others|other (?:shapes|objects|ones))$",
            r"the \1most",
        ),
        (
            r"\b(?:above|higher than) (?:all )?(?:the )?(?:others|other (?:shapes|objects|ones))$",
            "the topmost",
        ),
        (
            r"\b(?:below|lower than) (?:all )?(?:the )?(?:others|other (?:shapes|objects|ones))$",
            "the bottommost",
        ),
        (
            r"\b(?:bigger|larger) than (?:all )?(?:the )?(?:others|other (?:shapes|objects|ones))$",
            "the largest",
        ),
        (r"\bsmaller than (?:all )?(?:the )?(?:others|other (?:shapes|objects|ones))$", "the smallest"),
        (r"^(the .+?) (?:is|are) (?:which|what)(?: one| object| shape| thing)?$", r"which is \1"),
        (
            r"^(?:please )?(?:point out|point to|show me|pick out|select|choose|indicate|highlight|locate|find|spot|"
            r"identify) (?=the )",
            "what is ",
        ),
        # "count how many X there are" / "count how many X you can see": a count
        (
            r"^(?:please )?count how many (.+?)(?: there are| are there| you can see| can you see| you see| can be seen"
            r"| are (?:in|on) (?:the|this) (?:image|picture|scene|drawing))?$",
            r"how many \1 are there",
        ),
        # "are there equally many X and Y": a count comparison
        (
            r"^(?:are there|do we have|does it have) equally many (.+?) and (.+)$",
            r"are there as many \1 as \2",
        ),
        # two objects compared, other word orders
        (
            r"^(?:of|out of|between|comparing) ((?:the )?.+?) and ((?:the )?.+?),? (?:which|what)(?: one| object| shape| of (?:them|the two))? "
            r"(?:is|appears|looks) (bigger|larger|smaller)$",
            r"which is \3: \1 or \2",
        ),
        (
            r"^(what|which) is the ((?:[a-z]+ ){0,2}?(?:object|shape|item|thing|one|figure)) ((?:directly |immediately |just )?"
            r"(?:(?:to|on) the (?:left|right)(?: side)? of|above|below|under|underneath|beneath|over|next to|beside)) (.+)$",
            r"which \2 is \3 \4",
        ),
        (
            rf"^(?:which|what)(?: one)? is the ({_COMPARATIVE}) (?:one )?of (.+?) and (.+)$",
            r"which is \1: \2 or \3",
        ),
        (rf"^(?:is|are) (the .+?) or (the .+?) ({_COMPARATIVE})$", r"which is \3: \1 or \2"),
        # "which is the larger shape, the star or the hexagon?"
        (
            r"^(?:which|what)(?: one)? is the (bigger|larger|smaller)(?: one| shape| object| figure| of the two)?\s*[:,-]\s*(.+? or .+)$",
            r"which is \1: \2",
        ),
        # "is A or B the bigger one?": the comparative after the pair, with its own article
        (
            rf"^(?:is|are) (.+?) or (.+?),? the ({_COMPARATIVE})(?: one| of the two)?$",
            r"which is \3: \1 or \2",
        ),
        # "the green shape has what shape?": the wh-word after the subject
        (
            r"^(?!(?:what|which|how|is|are|does|do)\b)(.+?) (?:has|have|is of|are of|comes in|come in) (?:what|which) "
            r"(colou?r|shape|size)$",
            r"what \2 is \1",
        ),
        # "bigger: A or B?", "which one's bigger, A or B" (issue 13q)
        (rf"^({_COMPARATIVE})\s*[:,-]\s*(the .+? or the .+)$", r"which is \1: \2"),
        (r"^which one's\b", "which one is"),
        # "more circles or more squares?": which are there more of
        (
            r"^more ([a-z]+(?: [a-z]+)?) or (?:more )?([a-z]+(?: [a-z]+)?)$",
            r"which are there more of, \1 or \2",
        ),
        # between in other words
        (r"\bin the middle of (the .+?) and (the .+)$", r"between \1 and \2"),
        (
            r"^between (.+?) and (.+?),? (what|which)((?: [a-z]+)?) (?:is|lies|sits) (?:there|in between|in the middle)$",
            r"\3\4 is between \1 and \2",
        ),
        (r"\bto the immediate (left|right) of\b", r"immediately to the \1 of"),
        (r"\bstraight (above|below|under|beneath|over)\b", r"directly \1"),
        # counting in other words
        (r"^(?:the )?(?:number|count|total) of (.+)$", r"how many \1"),
        (r"^(?:count|give me|tell me|what is) the (?:number|count|total number) of (.+)$", r"how many \1"),
        (r"^tell me how many (.+?) there (are|is)$", r"how many \1 are there"),
        (
            r"^(how many .+?) (?:can|could|do) (?:you|i|we|one) (?:see|find|spot|count|make out|notice|identify)\b",
            r"\1 are there",
        ),
        (
            r"^(?:is|are) (an?|any|some) (.+?) (?:present|visible|shown|to be seen|depicted|drawn)(?: in (?:the|this) \w+)?$",
            r"is there \1 \2",
        ),
        (
            r"^(?:does|do) (?:the|this) (?:image|picture|scene|drawing) (?:contain|have|show|include) (more|fewer|less) (.+?) than (.+)$",
            r"are there \1 \2 than \3",
        ),
        # grid cells in other words
        # "in the second row, what is in the third column": the cell named in one phrase
        (
            r"^in (the [a-z]+ row|row \d+),? (what|which)((?: [a-z]+)?) is in (the [a-z]+ column|column \d+)$",
            r"\2\3 is in \1, \4",
        ),
        # "what do you see in the second row and third column": what is there
        (r"^what (?:do|can|could) (?:you|we|i|one) (?:see|find|spot|notice)(?= (?:in|at|on) )", "what is"),
        (
            r"^(which|what)((?: [a-z]+)?) (?:occupies|fills|takes up) (?=the [a-z ,-]*\b(?:cell|corner|row|column|centre|center|middle)\b)",
            r"\1\2 is in ",
        ),
        # "at position row 2 column 1", "in the cell in row 1, column 2": the cell itself
        (
            r"\b(in|at|on) (?:the )?(?:position|cell|slot|spot|place|square|box)(?: (?:in|at|of))?"
            r"(?= (?:the )?(?:row \d|column \d|[a-z0-9]+ row\b|[a-z0-9]+ column\b))",
            r"\1",
        ),
        # "the middle cell" is the layout's centre; "the middle square" may be the middle of the squares
        (
            r"\bthe (?:centre|center) (?:cell|square|position|spot|box)\b|\bthe middle (?:cell|position|spot)\b",
            r"the centre",
        ),
        (
            r"\bthe (?:middle|centre|center) of the (top|bottom|middle|first|second|third|last) row\b",
            r"the \1 row, middle column",
        ),
        (
            r"\bthe (?:middle|centre|center) of the (left|right|middle|first|second|third|last) column\b",
            r"the \1 column, middle row",
        ),
        # mirror symmetry in other words
        (
            r"^(?:would|does|do|will) (?:the|this) (?:image|picture|layout|arrangement|drawing|scene) (?:look|stay|remain|appear) "
            r"(?:the same|unchanged|identical) (?:if|when) (?:it is |it's )?(?:flipped|mirrored|reflected)"
            r"(?: (?:horizontally|left to right|left-right))?$",
            "is the layout left-right symmetric",
        ),
        (
            r"^(?:would|does|do|will) (?:the|this) (?:image|picture|layout|arrangement|drawing|scene) (?:look|stay|remain|appear) "
            r"(?:the same|unchanged|identical) (?:if|when) (?:it is |it's )?(?:flipped|mirrored|reflected)"
            r" (?:vertically|top to bottom|upside down)$",
            "is the layout top-bottom symmetric",
        ),
        (
            r"^(?:is|are) (?:the|this) (?:image|picture|layout|arrangement|drawing|scene|pattern|grid) (?:the same|unchanged|identical)"
            r" (?:if|when) (?:it is |it's )?(?:flipped|mirrored|reflected)(?: (?:horizontally|left to right|left-right))?$",
            "is the layout left-right symmetric",
        ),
        # "does the layout have a vertical axis of symmetry" / "a horizontal line of symmetry"
        (
            r"^(?:does|do) (?:the|this) (image|picture|layout|arrangement|drawing|scene|pattern|grid) (?:have|show|possess)"
            r" an? (vertical|horizontal) (?:axis|line|mirror line) of (?:mirror |reflection(?:al)? )?symmetry$",
            r"is the \1 symmetric about a \2 line",
        ),
        (r"^is this (layout|arrangement|image|picture|drawing|pattern|grid|scene)\b", r"is the \1"),
    )
)
#: "X - what colour is it?": the subject first, then a question about "it".
_PRONOUN_AFTER = re.compile(
    r"^((?:the|this|that) [^,:;-]+?)\s*[-:,;]\s*((?:what|which|how|is|are|where)\b.*\bit\b.*)$", re.I
)
_BARE_COMPARATIVE = re.compile(
    r"((?:which|what)(?: one| object| shape| thing| item)?) is (bigger|larger|smaller|higher|lower|further left|"
    r"further right|more to the left|more to the right|closer|nearer)",
    re.I,
)
_SUPERLATIVE_OF = {
    "bigger": "largest", "larger": "largest", "smaller": "smallest", "higher": "topmost", "lower": "bottommost",
    "further left": "leftmost", "further right": "rightmost", "more to the left": "leftmost",
    "more to the right": "rightmost", "closer": "closest", "nearer": "closest",
}  # fmt: skip


_CLAIM_HEAD = re.compile(
    r"^(?:true or false|true/false|t/f|statement|claim|fact check|check this|verify(?: this)?|correct or incorrect|"
    r"right or wrong|agree or disagree|is (?:this|the following|this next) (?:statement |claim |sentence )?"
    r"(?:true|correct|right)|"
    r"is it (?:true|correct|the case|right) that|would you say(?: that)?|do you think(?: that)?|"
    r"is the following (?:statement )?(?:true|correct)|decide whether|tell me (?:whether|if))\s*[:,-]?\s*",
    re.I,
)
_CLAIM_TAIL = re.compile(
    r"[.,;]?\s*(?:is (?:this|that|it|the statement|this statement) (?:true|correct|right)(?: or (?:false|not))?|"
    r"true or false|true/false|right or wrong|correct or not|yes or no)\s*[.?]?$",
    re.I,
)


def claim_of(body: str) -> str | None:
    """The claim a "true or false" wording asks about ("the circle is left of the square"),
    or ``None`` when ``body`` is not one (see the module docstring)."""
    text = body.strip()
    head = _CLAIM_HEAD.match(text)
    tail = _CLAIM_TAIL.search(text)
    if not head and not tail:
        return None
    if head:
        text = text[head.end() :]
        tail = _CLAIM_TAIL.search(text)  # searched again in what is left
    if tail:
        text = text[: tail.start()]
    text = text.strip().rstrip(".!?").strip()
    if not re.fullmatch(
        r"(?:(?:the|a|an|shape|object|all|every|each|none of|no) .+?|(?-i:[A-Z])|\d{1,3}) (?:is|are) .+",
        text,
        re.I,
    ):
        return None
    return text
