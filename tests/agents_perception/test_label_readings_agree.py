"""One drawn label read in two windows: the surer reading wins, two sure readings that
disagree give none, and a lone letter whose capital and small forms differ only in size
("V" / "v", which the recogniser scores about 0.55 alone) counts when every reading agrees."""

from __future__ import annotations

from spatioxolver.agents._vision.labels import best_reading


def test_the_surer_reading_wins() -> None:
    assert best_reading([("B", 0.6), ("B", 0.93)]) == ("B", 0.93)


def test_two_sure_readings_that_disagree_give_none() -> None:
    assert best_reading([("B", 0.9), ("8", 0.92)])[1] < 0.8


def test_a_caseless_letter_read_alike_twice_counts() -> None:
    text, score = best_reading([("v", 0.54), ("V", 0.64)])
    assert text == "V" and score >= 0.8


def test_an_unsure_letter_with_distinct_cases_stays_unsure() -> None:
    """Guard: "J" / "j" differ in shape; an unsure "J" is not read."""
    assert best_reading([("J", 0.6), ("J", 0.55)])[1] < 0.8
    assert best_reading([("v", 0.54), ("Y", 0.6)])[1] < 0.8
    assert best_reading([("v", 0.3), ("V", 0.4)])[1] < 0.8


def test_an_unsure_symbol_does_not_veto_a_caseless_letter() -> None:
    """A window that read no letter at all ("】" at 0.22) saw nothing; the two that read a
    "z" and a "Z" still agree (before: the symbol broke the agreement, the label went unread)."""
    text, score = best_reading([("z", 0.50), ("】", 0.22), ("Z", 0.37)])
    assert text == "Z" and score >= 0.8


def test_a_sure_symbol_still_disagrees() -> None:
    """Guard: a symbol read at 0.5 or more is a reading, and an unsure "J" stays unsure."""
    assert best_reading([("J", 0.6), ("】", 0.55)])[1] < 0.8
