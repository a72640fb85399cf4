"""Private helpers of the reasoning agent: question parser, reference binding, symbolic reasoner.

Public names for the rest of the package (tests, graphs, API):
``parse_question`` (text -> query dict, or :class:`UnsupportedQuestionError`),
``parse_reference`` (noun phrase -> reference dict), ``query_nouns`` (the unknown nouns a
query names), ``answer_query`` (query + scene
graph -> :class:`SymbolicAnswer`), ``orbit_relations`` (CVT transform of ground-plane
positions).
"""

from __future__ import annotations

from spatioxolver.agents._reasoning._layout import ground_layout, orbit_relations
from spatioxolver.agents._reasoning._parse import parse_question, parse_reference, split_options
from spatioxolver.agents._reasoning._refs import query_nouns
from spatioxolver.agents._reasoning._symbolic import SymbolicAnswer, answer_query

__all__ = [
    "parse_question",
    "parse_reference",
    "query_nouns",
    "split_options",
    "answer_query",
    "SymbolicAnswer",
    "ground_layout",
    "orbit_relations",
]
