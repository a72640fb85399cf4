"""Pure reply parsers: a model's reply text (and optional structured value) in, a typed value out.

One function per reply form, used by the graphs and by scoring alike:

=======================  ==========================================  =================
form                     function                                    value
=======================  ==========================================  =================
pairwise object label    :func:`parse_label`                         ``str`` (a label)
forced-choice letter     :func:`parse_letter`                        ``str`` (``"C"``)
multiple choice          :func:`parse_option`                        ``int`` (1-based)
CVT relation set         :func:`parse_relation_set`                  ``list[str]``
CoT-rank ranking         :func:`parse_ranking`                       ``list[str]``
batch answer table       :func:`parse_answer_table`                  ``dict`` (entries as written)
yes / no                 :func:`parse_yes_no`                        ``bool``
count / number           :func:`parse_count` / :func:`parse_number`  ``int`` / ``float``
open-ended               :func:`parse_open`                          ``str`` (as is)
=======================  ==========================================  =================

Each raises :class:`~spatioxolver.errors.NoAnswerError` when the model declines to
answer (a refusal, "I cannot tell", a hedge such as "1 or 2", "both", "neither"): never
a guessed value. Garbled text raises a plain :class:`~spatioxolver.errors.ParseError`.
How a reply is read (``<think>`` blocks, markdown, ``Final Answer:``, negation) is
described in :mod:`spatioxolver.replies._text`; rankings are read in the order written
(``3 < 1 < 2`` is ``["3", "1", "2"]``).

Example:
    >>> from spatioxolver.replies import parse_option
    >>> parse_option("**Final Answer: 3**", 4)
    3
"""

from typing import Any

from spatioxolver.errors import NoAnswerError
from spatioxolver.replies._choices import parse_label, parse_letter, parse_option
from spatioxolver.replies._collections import CVT_RELATIONS, parse_ranking, parse_relation_set
from spatioxolver.replies._scalars import parse_count, parse_number, parse_open, parse_yes_no
from spatioxolver.replies._table import MISSING, parse_answer_table, table_entry

__all__ = [
    "CVT_RELATIONS",
    "parse_label",
    "parse_letter",
    "parse_option",
    "parse_relation_set",
    "parse_ranking",
    "parse_answer_table",
    "table_entry",
    "MISSING",
    "parse_yes_no",
    "parse_count",
    "parse_number",
    "parse_open",
    "no_answer",
]


def no_answer(text: str | None, error: NoAnswerError) -> dict[str, Any]:
    """The answer fields of a reply that gave no answer: no value, the reply as text, the reason.

    Example:
        >>> from spatioxolver.errors import NoAnswerError
        >>> no_answer("I cannot tell.", NoAnswerError("no answer", reason="cannot tell"))["no_answer"]
        'cannot tell'
    """
    return {"text": (text or "").strip(), "value": None, "choice": None, "no_answer": error.reason}
