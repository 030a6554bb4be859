"""Initials: acronyms as written and the acronyms runs of capitalised words spell."""

from __future__ import annotations

import pytest

from halluseq.features.initials import acronym, initialisms, spelled_from, spells, title_initialisms


@pytest.mark.parametrize(("word", "letters"), [
    ("EU", "eu"), ("(WHO),", "who"), ("MPs", "mp"), ("NHS's", "nhs"), ("USA.", "usa"),
    ("A", None), ("I", None), ("COVID-19", None), ("UK-based", None), ("Union", None), ("BBBofC", None),
    ("ABCDEFG", None),
])
def test_an_acronym_is_two_to_six_capitals(word, letters):
    assert acronym(word) == letters


def test_runs_of_capitalised_words_spell_acronyms_past_joiners_and_stop_at_punctuation():
    text = ("The Federal Bureau of Investigation and the World Health Organization, Geneva Police said. "
            "Paris is calm.")
    words = text.split(" ")
    spelled = initialisms(words)
    assert {"fbi", "who", "tfbi", "gp"} <= spelled
    assert "og" not in spelled  # the comma after "Organization" ends the run before "Geneva"
    assert "pp" not in spelled  # "said." ends the sentence: "Police" and "Paris" are two runs
    assert initialisms(["the", "cat", "sat"]) == set()


def test_a_name_spells_an_acronym_by_first_letters_in_any_order_joiners_left_out():
    assert spells("fbi", {"federal", "bureau", "of", "investigation"})
    assert spells("eu", ["union", "european"])  # a slot's group holds no order
    assert not spells("eu", ["european"]) and not spells("imf", ["european", "union"])


def test_words_from_a_position_spell_an_acronym_in_order():
    keys = ["trade", "between", "the", "united", "states", "and", "canada"]
    assert spelled_from("us", keys, 3) and not spelled_from("su", keys, 3) and not spelled_from("us", keys, 4)


def test_a_chief_officers_title_spells_its_acronym_in_any_case():
    text = "Acme said its chief executive, Dana Whitfield, met Chief Financial Officer Raj Patel."
    assert title_initialisms(text.split(" ")) == {"ceo", "cfo"}
    assert title_initialisms(["the", "finance", "chief,", "said", "Patel"]) == set()  # no title after "chief,"
