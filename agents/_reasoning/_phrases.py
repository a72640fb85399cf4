"""The relation and superlative phrases the question forms share.

``REL_PHRASES``: (pattern, axis, asks) for pairwise / yes-no relation phrases ("to the left
of", "above", "in front of", ...), longest first; ``SUPERLATIVES``: (pattern, name) for
"leftmost", "furthest to the right", "at the very top", "largest", ...

Example:
    >>> rel("further left")
    ('H', 'left')
"""

from __future__ import annotations

import re

from spatioxolver.agents._reasoning._refs import UNSUPPORTED_MESSAGE

from spatioxolver.errors import UnsupportedQuestionError

__all__ = ["REL_PHRASES", "REL_ALT", "SUPERLATIVES", "SUP_ALT", "rel", "superlative"]

REL_PHRASES: list[tuple[str, str, str]] = [
    (
        r"(?:more |further |farther )?to the left(?:-hand side| side)?(?: of| than)?|on the left(?:-hand side| side)?(?: of)?|more left|"
        r"left of|(?:further|farther|more) left(?: than)?",
        "H",
        "left",
    ),
    (
        r"(?:more |further |farther )?to the right(?:-hand side| side)?(?: of| than)?|on the right(?:-hand side| side)?(?: of)?|"
        r"right of|(?:further|farther|more) right(?: than)?",
        "H",
        "right",
    ),
    (
        r"higher(?: up)?(?: than)?|(?:(?:right|directly|just|immediately) )?(?:above|over|on top of)",
        "V",
        "above",
    ),
    (
        r"lower(?: down)?(?: than)?|(?:(?:right|directly|just|immediately) )?(?:below|under(?:neath)?|beneath)",
        "V",
        "below",
    ),
    (
        r"in front of|closer to the camera(?: than)?|nearer to the camera(?: than)?|closer(?: than)?|"
        r"nearer(?: than)?",
        "D",
        "closer",
    ),
    (
        r"behind|further (?:away )?from the camera(?: than)?|farther (?:away )?from the camera(?: than)?|"
        r"further away(?: than)?|farther away(?: than)?|further(?: than)?|farther(?: than)?|"
        r"more distant(?: than)?",
        "D",
        "further",
    ),
]
REL_ALT = "|".join(p for p, _, _ in REL_PHRASES)

SUPERLATIVES: list[tuple[str, str]] = [
    (
        r"left-?most|furthest (?:to the )?left|farthest (?:to the )?left|most to the left|"
        r"(?:on|at) the (?:far|very|extreme) left",
        "leftmost",
    ),
    (
        r"right-?most|furthest (?:to the )?right|farthest (?:to the )?right|most to the right|"
        r"(?:on|at) the (?:far|very|extreme) right",
        "rightmost",
    ),
    (
        r"top-?most|highest|upper-?most|at the (?:very )?top|(?:closest|nearest) (?:to )?the top(?: edge)?",
        "topmost",
    ),
    (
        r"bottom-?most|lowest|lower-?most|at the (?:very )?bottom|(?:closest|nearest) (?:to )?the bottom(?: edge)?",
        "bottommost",
    ),
    (r"front-?most|closest(?: to the (?:camera|viewer))?|nearest(?: to the (?:camera|viewer))?", "closest"),
    (
        r"back-?most|farthest(?: (?:away )?from the (?:camera|viewer))?|"
        r"furthest(?: (?:away )?from the (?:camera|viewer))?|most distant",
        "farthest",
    ),
    (r"largest|biggest", "largest"),
    (r"smallest|tiniest", "smallest"),
    (r"tallest(?: in reality)?", "tallest"),
    (r"shortest(?: in reality)?", "shortest"),
]


def rel(phrase: str) -> tuple[str, str]:
    phrase = phrase.lower().strip()
    for pattern, axis, asks in REL_PHRASES:
        if re.fullmatch(pattern, phrase):
            return axis, asks
    raise UnsupportedQuestionError(f"unknown relation {phrase!r}: {UNSUPPORTED_MESSAGE}")


def superlative(phrase: str) -> str | None:
    for pattern, name in SUPERLATIVES:
        if re.fullmatch(pattern, phrase.strip().lower()):
            return name
    return None


SUP_ALT = "|".join(p for p, _ in SUPERLATIVES)
