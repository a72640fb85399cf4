"""Table tests of the one reply-parser module (spatioxolver.replies), form by form.

Every table mixes the styles real models answer in (bare, JSON, fenced JSON, prose around
the answer, answer-then-explanation, explanation-then-answer, a <think> block, markdown,
"Final Answer:", case, punctuation) with refusals, hedges and negations. A refusal or a
hedge must raise NoAnswerError (never a guessed value); garbled text a plain ParseError.
The wordings are written for this table, not taken from the parsers' code.
"""

from __future__ import annotations

import pytest

from spatioxolver.errors import NoAnswerError, ParseError
from spatioxolver.replies import (
    no_answer,
    parse_count,
    parse_label,
    parse_letter,
    parse_number,
    parse_open,
    parse_option,
    parse_ranking,
    parse_relation_set,
    parse_yes_no,
)

NO = NoAnswerError  # expected: a typed "no answer"
BAD = ParseError  # expected: garbled (a ParseError that is not a NoAnswerError)


def _check(parse, text, expected, **kwargs):
    if expected is NO:
        with pytest.raises(NoAnswerError) as info:
            parse(text, **kwargs)
        assert info.value.reason and info.value.raw == (text or "")[:2000]
    elif expected is BAD:
        with pytest.raises(ParseError) as info:
            parse(text, **kwargs)
        assert not isinstance(info.value, NoAnswerError), info.value
    else:
        assert parse(text, **kwargs) == expected


# --------------------------------------------------------------------------- pairwise labels

LABEL_CASES = [
    ("2", "2"),  # bare label
    ("Object 2.", "2"),  # prose around it, trailing full stop
    ("**1**", "1"),  # markdown bold
    ("Answer: 1", "1"),  # answer prefix
    ("box 2", "2"),  # seed 000's numbered boxes
    ("tag 1!", "1"),  # tag wording, exclamation
    ("FINAL ANSWER: OBJECT 2", "2"),  # upper case
    ("2. It sits further back than the other one because its shadow is shorter.", "2"),  # answer first
    ("Object 2 — it is partly hidden behind object 1, so it must be further.", "2"),  # answer, dash, why
    ("Object 1 looks bigger in the picture, so I choose 2.", "2"),  # reasoning names 1, commits to 2
    ("The first box is larger on screen; I'd go with object 1.", "1"),  # "I'd go with"
    ("<think>Is 1 further? Maybe 1 or 2... no.</think>\nObject 2", "2"),  # think block ignored
    ("Let me reason: hard to say at first glance.\n\n\\boxed{1}", "1"),  # \boxed{} commits
    ("I am not fully sure, but the answer is 2.", "2"),  # commitment overrides a hedge in the reasoning
    ("The answer is 1, not 2.", "1"),  # negated alternative; the old scorer read nothing here
    ("Judging by the perspective lines, object 2 is the one nearer the back wall.", "2"),  # one mention
    ("Box 1 is not as far as the other, whereas box 2 recedes.", "2"),  # negated clause ignored
    ("Both are plausible at first, but I lean towards 1.", "1"),  # "lean towards" commits past "both"
    ("**Answer:** 2\n\n**Explanation:** object 1 sits in the foreground.", "2"),  # bold answer, then why
    ("1 or 2", NO),  # bare hedge
    ("It is either 1 or 2, hard to say.", NO),  # hedge with refusal wording
    ("Neither", NO),  # neither
    ("Both are at the same depth.", NO),  # both
    ("I'm sorry, I can't see the image.", NO),  # refusal
    ("Final Answer: 1 or 2", NO),  # hedged commitment
    ("The answer is not 1.", NO),  # only what it is not
    ("Box 1 is definitely not the further one.", NO),  # only a negated label
    ("There is no object matching '3' in the scene.", NO),  # the geometric reasoner's no-match text
    ("'15' is ambiguous: it matches 2 objects (15, 15).", NO),  # ambiguity report
    ("'3' and 'object 3' name the same object.", NO),  # same object
    ("The derived answer (object 3) matches none of the options.", NO),  # no match
    ("The derived answer (object 3) matches more than one option.", NO),  # several matches
    ("I cannot tell whether 3 is further.", NO),  # cannot tell
    ("It is not 3.", NO),  # negation only
    ("I'm not sure; maybe 3.", NO),  # unsure
    ("Sorry, I can't determine that, 3 is hidden.", NO),  # apology
    ("Neither; 3 is unclear.", NO),  # neither + unclear
    ("", BAD),  # empty reply
    ("The picture shows a kitchen table.", BAD),  # names no label
    ("Object 2 is further than object 1.", BAD),  # names both, commits to none
    ("<think>comparing the two boxes", BAD),  # cut off inside the think block
    ('{"answer": "2", "reasoning": "Box 1 sits nearer the middle than object 2."}', "2"),  # JSON answer key
    ('```json\n{"final_answer": "object 1"}\n```\n\nObject 2 is in the middle; object 1 at the edge.', "1"),
    ('Here is my answer: {"object": "2", "why": "1 is in front"}', "2"),  # JSON inside prose
    ('{"answer": null, "reason": "the boxes overlap"}', NO),  # a null JSON answer is no answer
    ('{"answer": "1 or 2"}', NO),  # a hedge under the answer key
    ("Object 2 is higher up. Object 1 sits near the middle, while object 2 is at the top.", "2"),  # subject
    ("It is object 1. Object 2 sits in the middle of the table.", "1"),  # "It is X." first
    ("The object labeled 2 is the one further back. Object 1 is in front of it.", "2"),  # labeled X
    ("Object 1 is near the middle of the table, and object 2 is at the edge.", BAD),  # names both
    ("## Reasoning\n\n1. Box 1 is closer than object 2.\n2. So it is 1.\n\n## Answer\n\n**Object 1**", "1"),
    ("**Answer:**\n2\n\nObject 1 is in the foreground.", "2"),  # answer heading, value below
    ("The leftmost object is 3. Object 1 is near the centre; object 3 is at the edge.", "3"),  # ends on it
]


@pytest.mark.parametrize(("text", "expected"), LABEL_CASES)
def test_parse_label(text, expected):
    labels = ["1", "2"] if "3" not in text and "15" not in text else ["3", "7", "15", "1", "2"]
    _check(parse_label, text, expected, labels=labels)


@pytest.mark.parametrize(
    ("labels", "text", "expected"),
    [
        (["1", "2", "3", "12"], "The answer is 12.", "12"),  # 12 is not label 1 or 2
        (["1", "2"], "About 1.5 m away, object 2.", "2"),  # 1.5 is not label 1
        (["A", "B"], "A is the further one.", "A"),  # a letter label before a verb, not an article
        (["A", "B"], "A small shadow falls on B.", "B"),  # "A small" is an article
        (["3", "7"], "object 7", "7"),  # lower-case prefix
        (["3", "7"], "Object 3 is further.", "3"),  # one label in a sentence
        (["3", "7"], "The answer is 3.", "3"),  # explicit commitment
        (["1", "2", "3", "12"], "1 and 2", NO),  # two labels given as the answer
        (["1", "2", "3", "12"], "nothing", BAD),  # no label
    ],
)
def test_parse_label_labels(labels, text, expected):
    _check(parse_label, text, expected, labels=labels)


def test_parse_label_reads_the_structured_value_first():
    assert parse_label("Object 1 or object 2", ["1", "2"], value="2") == "2"  # a schema reply's value
    assert parse_label("Object 1.", ["1", "2"], value="9") == "1"  # a value naming no label: the text


# --------------------------------------------------------------------------- forced-choice letters

LETTER_CASES = [
    ("E", "E"),  # bare capital
    ("b", "B"),  # bare lower case
    ("(D)", "D"),  # parenthesised
    ("Final Answer: C", "C"),  # seed 002's format
    ("Reasoning first...\nFinal Answer: d", "D"),  # lower case after the marker
    ("**Final Answer:** B", "B"),  # markdown around the marker
    ("final answer: **d**", "D"),  # markdown around the letter
    ("The modified object is E.", "E"),  # one capital in prose
    ("The moved object is A.", "A"),  # A as a label, not an article
    ("A small cube moved: it is D", "D"),  # leading article ignored
    ("A did not move, B did not move. Final Answer: C", "C"),  # negated letters, then commitment
    ("<think>I think A... or B?</think>Final Answer: B", "B"),  # think block ignored
    ("B - its colour changed between the two views.", "B"),  # answer then explanation
    ("Comparing both views, the cylinder moved. I choose C.", "C"),  # explanation then answer
    ("I cannot tell.", NO),  # "I" is a pronoun, not the letter I
    ("I think B or C", NO),  # hedge
    ("Final Answer: A or D", NO),  # hedged commitment
    ("Neither view shows a change I can see.", NO),  # neither
    ("There is no object matching 'B' in the scene.", NO),  # no match
    ("'B' is ambiguous: it matches 2 objects (B, B).", NO),  # ambiguity
    ("Object B is not the one that moved.", NO),  # negated only
    ("I cannot identify B in the second view.", NO),  # cannot identify
    ("", BAD),  # empty
    ("the views look identical to me overall", BAD),  # no letter at all
    ('{"answer": "C", "explanation": "Object A moves with the camera, but C is rotated."}', "C"),  # JSON
    ("## Reasoning\n\n1. Object D moves as predicted, but object A is rotated.\n\n## Answer\n\n**(A)**", "A"),
    ("The edited object is B. Object D moves as predicted, but object B is rotated.", "B"),  # ends on it
]


@pytest.mark.parametrize(("text", "expected"), LETTER_CASES)
def test_parse_letter(text, expected):
    _check(parse_letter, text, expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Final Answer: Q", BAD),  # not among the allowed letters
        ("Final Answer: B", "B"),  # allowed
        ("c", "C"),  # allowed, lower case
    ],
)
def test_parse_letter_allowed_letters(text, expected):
    _check(parse_letter, text, expected, letters=list("ABCDE"))


# --------------------------------------------------------------------------- MCQ options

CHOICES = ["the blue sphere", "the red cube", "the green cylinder", "the gray cone"]
OPTION_CASES = [
    ("3", 3),  # bare number
    ("**1**", 1),  # bold number
    ("C", 3),  # lone letter
    ("Answer: (2)", 2),  # parenthesised after a prefix
    ("Option 4.", 4),  # "Option N"
    ("Option no. 2", 2),  # "no." is "number" here, not a negation
    ("The answer is option (2).", 2),  # prose
    ("(4) the gray cone", 4),  # option as listed
    ("B", 2),  # a letter, A = 1
    ("Answer: c", 3),  # lower-case letter after a marker
    ("three", 3),  # number word
    ("I'd pick the second option.", 2),  # ordinal
    ("the red cube", 2),  # the option's text
    ("The Green Cylinder.", 3),  # option text, other case
    ('{"answer": 1}', 1),  # JSON as text
    ('```json\n{"answer": 4}\n```', 4),  # fenced JSON
    ("2. The cube is the largest object because it fills the frame.", 2),  # answer, then why
    (
        "Object 1 looks bigger from here, but the scale bar says otherwise, so I choose 2.",
        2,
    ),  # why, then answer
    ("<think>Option 1? No, 3.</think>\n**Final Answer: 3**", 3),  # think block and bold
    ("It could be 1 or 4 at first sight; on reflection the answer is 4.", 4),  # commitment wins
    ("7", BAD),  # out of range
    ("1 or 2, hard to say", NO),  # the graph used to return 1 here
    ("I cannot answer that.", NO),  # refusal
    ("Either 2 or 3.", NO),  # hedge
    ("There is no option 2 that holds.", NO),  # no match
    ("None of the options fit; 3 is closest.", NO),  # none of the options
    ("The derived answer (object 2) matches none of the options.", NO),  # no-match note
    ("'2' is ambiguous: it matches 2 objects.", NO),  # ambiguity
    ("The picture is too dark.", BAD),  # no option at all
    ('{"option": 3, "explanation": "option 1 is near the centre"}', 3),  # JSON option key
    ('```json\n{"answer": "2"}\n```\nOption 4 is too far right.', 2),  # fenced JSON, prose after
]


@pytest.mark.parametrize(("text", "expected"), OPTION_CASES)
def test_parse_option(text, expected):
    _check(parse_option, text, expected, n_options=4, choices=CHOICES)


@pytest.mark.parametrize(
    ("value", "text", "expected"),
    [
        (3, None, 3),  # structured int
        (True, "2", 2),  # a bool is not an option number: the text is read
        (True, None, BAD),  # ... and without text there is no option
        (9, "Option 1", 1),  # out-of-range value: the text is read
        (None, "Object 3 is behind object 1, hence option 2.", 2),  # object labels are not options
    ],
)
def test_parse_option_value_and_object_labels(value, text, expected):
    _check(parse_option, text, expected, n_options=4, value=value)


# --------------------------------------------------------------------------- CVT relation sets

RELATION_CASES = [
    ('["left", "front"]', ["front", "left"]),  # clean JSON
    ('```json\n["Behind"]\n```', ["behind"]),  # fenced JSON, capitalised
    ('{"img": {"q_1": ["right", "behind"]}}', ["behind", "right"]),  # seed 001's batch format
    ('["north", "left",]', ["left", "north"]),  # trailing comma
    ('Sure! Here you go: ["in front", "to the right"]', ["front", "right"]),  # prose around JSON, phrases
    ("The cube is to the left and in front.", ["front", "left"]),  # prose
    ("left and in front", ["front", "left"]),  # bare prose
    ("north", ["north"]),  # one word
    ("[]", []),  # the empty set is an answer
    ("none", []),  # so is "none" (what the graphs write for it)
    ("The mug is in front, not to the left.", ["front"]),  # negated relation dropped
    ("It is neither left nor right of the lamp, but in front of it.", ["front"]),  # neither/nor
    ("<think>left? right?</think>Relations: behind, south", ["behind", "south"]),  # think block
    ("Looking from the new viewpoint...\nFinal Answer: front, right", ["front", "right"]),  # final answer
    ("I cannot tell.", NO),  # refusal
    ("no idea", NO),  # unsure
    ("It is left or right of it, hard to judge.", NO),  # hedge
    ("There is no object matching 'the cube behind' in the scene.", NO),  # no match
    ("The lamp is definitely not to the left.", NO),  # only negated
    ("The image shows two objects on a table.", BAD),  # no relation at all
    ('{"reasoning": "the cube was left of it; the orbit flips that", "answer": ["front"]}', ["front"]),
    ("It could be either to the left or to the right; the image does not make it clear.", NO),  # hedge
    ("", BAD),  # empty
]


@pytest.mark.parametrize(("text", "expected"), RELATION_CASES)
def test_parse_relation_set(text, expected):
    _check(parse_relation_set, text, expected)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (["left", "front"], ["front", "left"]),  # a list
        ([], []),  # the empty prediction is a prediction
        ({"relations": ["Behind"]}, ["behind"]),  # a schema object
        (["sideways"], BAD),  # not a relation word
    ],
)
def test_parse_relation_set_value(value, expected):
    _check(parse_relation_set, None, expected, value=value)


# --------------------------------------------------------------------------- CoT-rank rankings

RANKING_CASES = [
    ('["3", "1", "2"]', ["3", "1", "2"]),  # JSON list
    ('```json\n{"ranking": [2, 3, 1]}\n```', ["2", "3", "1"]),  # fenced JSON object, ints
    ("Ranking: 3, 1, 2", ["3", "1", "2"]),  # comma list after a marker
    ("**3, 1, 2**", ["3", "1", "2"]),  # bold
    ("3 < 1 < 2", ["3", "1", "2"]),  # "<" in written order
    ("2 > 3 > 1", ["2", "3", "1"]),  # ">" also in written order
    ("object 2 > object 1 > object 3", ["2", "1", "3"]),  # "object" prefixes
    ("1. 3\n2. 1\n3. 2", ["3", "1", "2"]),  # numbered list: the list numbers are positions
    ("Leftmost first:\n1. Object 2 (the red cube)\n2. Object 3\n3. Object 1", ["2", "3", "1"]),  # list, notes
    ("From left to right: 3 -> 1 -> 2", ["3", "1", "2"]),  # arrows after a phrase
    (
        "Box 1 is nearest, then box 3, and box 2 is furthest.\nOrder: 1, then 3, then 2.",
        ["1", "3", "2"],
    ),  # "then"
    ("<think>2 3 1? no</think>\nFinal ranking: 3, 2, 1", ["3", "2", "1"]),  # think block ignored
    ("I compared the shadows first.\n3, 1, 2", ["3", "1", "2"]),  # reasoning, then a bare last line
    ("1, 1, 2", BAD),  # repeated label
    ("3, 9, 1", ["3", "9", "1"]),  # a tag the prompt did not list is kept; the graph checks what it needs
    ("apple, pear", BAD),  # none of the labels
    ('["apple", "pear"]', BAD),  # JSON naming none of the labels
    ("The objects are spread out.", BAD),  # no ranking
    ("I cannot rank these objects from this image.", NO),  # refusal
    ("The answer is **3 -> object 1 -> 2**.", ["3", "1", "2"]),  # "the answer is" before the chain
    ('{"explanation": "box 2 is at the far end", "order": ["3", "1", "2"]}', ["3", "1", "2"]),  # JSON key
]


@pytest.mark.parametrize(("text", "expected"), RANKING_CASES)
def test_parse_ranking(text, expected):
    _check(parse_ranking, text, expected, labels=["1", "2", "3"])


def test_parse_ranking_letters_are_matched_to_labels():
    assert parse_ranking("a, c, b", ["A", "B", "C"]) == ["A", "C", "B"]  # case follows the labels
    assert parse_ranking("whatever", ["1", "2"], value=["2", "1"]) == ["2", "1"]  # structured value first


# --------------------------------------------------------------------------- yes / no

YES_NO_CASES = [
    ("Yes.", True),  # bare
    ("no, it is not", False),  # lower case, reason after
    ("No, it is to the right.", False),  # "No," then why
    ("YES - the cup is left of the plate", True),  # upper case, dash
    ("True", True),  # true/false wording
    ("incorrect.", False),  # correct/incorrect wording
    ("No, there is no red cube on that side.", False),  # a leading "No," is an answer
    ("The cup is left of it, so yes.", True),  # explanation then answer
    ("<think>yes? no?</think>Answer: no", False),  # think block, marker
    ("maybe", NO),  # a bare hedge
    ("No idea.", NO),  # unsure
    ("Yes or no, I cannot tell.", NO),  # hedge
    ("No object matches 'the red cube'.", NO),  # "no" as a determiner: a no-match report
    ("The image is blurry.", BAD),  # neither yes nor no
    ('{"answer": "no", "explanation": "Object 1 is at x = 120 px, object 2 at x = 40 px."}', False),  # JSON
    ('Here is my answer:\n\n```json\n{"answer": true}\n```', True),  # fenced JSON bool
    ("### Analysis\n- Object 1's box is at x = 40 px.\n\n### Answer\nNo", False),  # answer heading
    ('{"answer": "unclear", "reason": "the boxes overlap"}', NO),  # declined under the answer key
    ("no\n\nObject 1's box lies at x = 40 px.", False),  # "no" alone on the first line is an answer
]


@pytest.mark.parametrize(("text", "expected"), YES_NO_CASES)
def test_parse_yes_no(text, expected):
    _check(parse_yes_no, text, expected)


def test_parse_yes_no_value():
    assert parse_yes_no(None, value=False) is False  # structured bool


# --------------------------------------------------------------------------- counts and numbers

COUNT_CASES = [
    ("3", 3),  # bare
    ("There are three red cubes.", 3),  # number word in prose
    ("I see 2 spheres and 5 cubes in total. Answer: 5", 5),  # several numbers, one committed
    ("There are no cylinders.", 0),  # none is zero
    ("2 or 3", NO),  # hedge
    ("I cannot count them from here.", NO),  # refusal
    ("I see 2 spheres and 5 cubes.", BAD),  # several, none committed
    ("lots", BAD),  # no number
    ('{"count": 4, "reasoning": "I see 2 cubes and 2 spheres."}', 4),  # JSON count key
    ("### Answer\n\n**3**\n\nI see a red cube, a blue sphere and 1 green cylinder.", 3),  # answer heading
]


@pytest.mark.parametrize(("text", "expected"), COUNT_CASES)
def test_parse_count(text, expected):
    _check(parse_count, text, expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2.5", 2.5),  # bare decimal
        ("Roughly 1.2 m. Final Answer: 1.25 metres", 1.25),  # committed number with unit
        ("-30 degrees", -30.0),  # negative angle
        ("1 or 2 metres", NO),  # hedge
    ],
)
def test_parse_number(text, expected):
    _check(parse_number, text, expected)


# --------------------------------------------------------------------------- open-ended


@pytest.mark.parametrize(
    ("text", "value", "expected"),
    [
        ("  The red cube, on the left.  ", None, "The red cube, on the left."),  # text as is, trimmed
        ("<think>hmm</think>\nA blue sphere.", None, "A blue sphere."),  # think block dropped
        ("I cannot tell from this image.", None, NO),  # a short refusal: typed, not an answer
        ("I'm sorry, but I can't help with that.", None, NO),
        ("Both cubes are red.", None, "Both cubes are red."),  # refusal-like words in an answer
        ("There is no cube in the image.", None, "There is no cube in the image."),
        (  # a long reply is graded by the judge, whatever its wording
            "It is hard to tell at first, but the sphere is left of the cube, next to the small cylinder.",
            None,
            "It is hard to tell at first, but the sphere is left of the cube, next to the small cylinder.",
        ),
        ('{"answer": "the red square", "reasoning": "it is lowest"}', None, "the red square"),  # JSON: answer
        ('```json\n{"answer": "3"}\n```', None, "3"),
        ("", "6", "6"),  # empty text: the value
        ("", None, BAD),  # nothing at all
    ],
)
def test_parse_open(text, value, expected):
    _check(parse_open, text, expected, value=value)


def test_no_answer_fields():
    fields = no_answer(
        "  Neither, sorry. ", NoAnswerError("declined", raw="Neither, sorry.", reason="both or neither")
    )
    assert fields == {
        "text": "Neither, sorry.",
        "value": None,
        "choice": None,
        "no_answer": "both or neither",
    }


@pytest.mark.parametrize(
    "reply",
    [
        "Final Answer: red square",
        "red square",
        "**Red square**",
        "I would go with red square, since it is lowest.",
    ],
)
def test_an_option_is_read_from_its_words_without_the_article(reply: str) -> None:
    options = ["the blue square", "the green circle", "the red square"]
    assert parse_option(reply, 3, options) == 3


def test_naming_two_options_is_not_called_naming_none() -> None:
    options = ["the blue square", "the green circle", "the red square"]
    with pytest.raises((ParseError, NoAnswerError)) as exc:
        parse_option("the red square, the blue square", 3, options)
    assert "no option" not in str(exc.value)


@pytest.mark.parametrize(
    "reply",
    [
        "the red square, the blue circle, the green bar",
        "red square, blue circle, green bar",
        "1. Red square\n2. Blue circle\n3. Green bar",
        '["red square", "the blue circle", "green bar"]',
        "Ranking: the red square < the blue circle < the green bar",
    ],  # fmt: skip
)
def test_rankings_of_named_objects_read_with_or_without_articles(reply: str) -> None:
    labels = ["the red square", "the blue circle", "the green bar"]
    assert parse_ranking(reply, labels) == labels


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        (
            "The red square is leftmost, followed by the blue circle and then the green rectangle.",
            "red square",
        ),
        ("The red square is left of the blue circle, followed by nothing else.", BAD),  # two named: no head
    ],
)
def test_an_order_whose_head_answers_the_question(reply, expected) -> None:
    _check(lambda t: parse_label(t, ["red square", "blue circle", "green rectangle"]), reply, expected)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("Yes and no.", NO),
        ("Well, yes and no: it depends.", NO),
        ("Yes, and no other object is closer.", True),
    ],
)
def test_yes_and_no_is_a_hedge_but_yes_and_no_other_is_yes(reply, expected) -> None:
    _check(parse_yes_no, reply, expected)
