"""Table-driven tests of the pure reply parsers (the ugly cases real models produce)."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from spatioxolver.errors import ParseError
from spatioxolver.models._parse import looks_like_refusal, parse_json, parse_model


@pytest.mark.parametrize(
    "text, expected",
    [
        ('{"a": 1}', {"a": 1}),  # clean JSON
        ("  [1, 2, 3]\n", [1, 2, 3]),  # whitespace around a list
        ('```json\n{"a": "x"}\n```', {"a": "x"}),  # fenced with language
        ('```\n["L", "R"]\n```', ["L", "R"]),  # fenced without language
        ('Sure! Here it is: {"label": "A"} Hope that helps.', {"label": "A"}),  # prose around
        ('{"a": [1, 2,],}', {"a": [1, 2]}),  # trailing commas
        ("{'a': 'b', 'c': ['d']}", {"a": "b", "c": ["d"]}),  # single quotes
        ("{'msg': 'it\\'s'}", {"msg": "it's"}),  # escaped single quote
        (
            '{"ok": True, "none": None, "no": False}',
            {"ok": True, "none": None, "no": False},
        ),  # Python literals
        ('I don\'t know exactly, but {"x": 2}', {"x": 2}),  # apostrophe in prose before JSON
        ('{"text": "a } brace"}', {"text": "a } brace"}),  # brace inside a string
        (
            'Answer:\n```json\n{"relations": [{"s": "1", "p": "left_of",},]}\n```',
            {"relations": [{"s": "1", "p": "left_of"}]},
        ),
        ('{"nested": {"deep": [1, {"x": null}]}}', {"nested": {"deep": [1, {"x": None}]}}),
        ('"just a string"', "just a string"),  # a JSON scalar
        ('{"u": "caf\\u00e9"}', {"u": "café"}),  # unicode escape
    ],
)
def test_parse_json_recovers(text, expected):
    assert parse_json(text) == expected


@pytest.mark.parametrize(
    "text, match",
    [
        ("", "empty"),  # nothing at all
        ("   ", "empty"),  # whitespace only
        ("The left one.", "not valid JSON"),  # plain prose
        ('{"a": "unterminated', "not valid JSON"),  # truncated reply
        ("I'm sorry, I can't help with that.", "refused"),  # refusal
    ],
)
def test_parse_json_errors_carry_raw_text(text, match):
    with pytest.raises(ParseError, match=match) as info:
        parse_json(text)
    assert info.value.raw == text


class Choice(BaseModel):
    label: str
    confidence: float = 1.0


def test_parse_model_validates_against_schema():
    assert parse_model('```json\n{"label": "B", "confidence": 0.5,}\n```', Choice) == Choice(
        label="B", confidence=0.5
    )
    with pytest.raises(ParseError, match="does not fit Choice: label") as info:
        parse_model('{"confidence": 0.5}', Choice)
    assert '"confidence"' in info.value.raw


@pytest.mark.parametrize(
    "text, refusal",
    [
        ("I'm sorry, but I can't help.", True),
        ("I cannot determine that.", True),
        ("Sorry, no.", True),
        ("Object 2 is left.", False),
        ("", False),
    ],
)
def test_refusal_detection(text, refusal):
    assert looks_like_refusal(text) is refusal
