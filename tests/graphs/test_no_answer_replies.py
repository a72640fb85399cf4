"""A reply that declines to answer becomes an answer with no value, never a guessed one."""

from __future__ import annotations

import numpy as np
import pytest
from spatioxolver.agents.reasoning import parse_reply

from spatioxolver.api import aask
from spatioxolver.errors import ParseError
from spatioxolver.models import ModelReply
from spatioxolver.testing import ScriptedModel

IMAGE = np.full((48, 64, 3), 90, np.uint8)
PAIRWISE = "Which object is to the left of the other: 1 or 2?"


@pytest.mark.parametrize(
    ("graph", "template", "reply"),
    [
        ("direct", "direct_pairwise", "1 or 2, hard to say."),  # hedge
        ("direct", "direct_pairwise", "I'm sorry, the boxes are too blurry to tell."),  # refusal
        ("cot_rank", "cot_rank", "I cannot rank these objects from this picture."),  # no ranking
    ],
)
async def test_graph_no_answer_has_no_value(graph, template, reply) -> None:
    client = ScriptedModel({template: reply})
    ans = await aask(IMAGE, PAIRWISE, model="scripted/llm", graph=graph, client=client, marks={"1": (1, 1)})
    assert ans.value is None and ans.choice is None and ans.error is None
    assert ans.text == reply  # the model's own words, for the record
    assert ans.no_answer  # the typed reason travels to the Answer


async def test_graph_garbled_reply_is_still_a_parse_error() -> None:
    client = ScriptedModel({"direct_pairwise": "The picture shows a kitchen."})
    with pytest.raises(ParseError):
        await aask(IMAGE, PAIRWISE, model="scripted/llm", graph="direct", client=client)


@pytest.mark.parametrize(
    ("probe", "choices", "text", "reason"),
    [
        ({"kind": "mcq"}, ["a", "b", "c"], "Either 1 or 3; the view is ambiguous.", "ambiguous"),  # hedge
        ({"kind": "inconsistency"}, [], "I cannot tell.", "cannot tell"),  # not the letter I
        ({"kind": "pairwise", "objects": ["1", "2"]}, [], "Neither of them.", "both or neither"),  # neither
        ({"kind": "cvt"}, [], "Unclear from this angle.", "unsure"),  # unsure
    ],
)
def test_parse_reply_no_answer(probe, choices, text, reason) -> None:
    answer = parse_reply(ModelReply(text=text), probe, choices)
    assert answer["value"] is None and answer["choice"] is None
    assert answer["text"] == text and answer["no_answer"] == reason


def test_parse_reply_reads_commitment_after_reasoning() -> None:
    reply = ModelReply(text="Object 1 looks bigger, but the shadows say otherwise, so I choose 2.")
    answer = parse_reply(reply, {"kind": "mcq"}, ["x", "y", "z"])
    assert answer["value"] == 2 and answer["choice"] == 2 and "no_answer" not in answer
