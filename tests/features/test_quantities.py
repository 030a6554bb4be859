"""Quantities by value: amounts in digits and in words compared with the context's."""

from __future__ import annotations

import numpy as np
import pytest

from halluseq.features.base import build
from halluseq.features.measures import Date
from halluseq.features.quantities import (
    COLUMNS,
    QuantityFeatures,
    amounts,
    currency_of,
    days_apart,
    derived_years,
    multipliers,
    named_durations,
    shared_scales,
)
from halluseq.features.text import word_key

CONTEXT = ("Three of the 12 council members voted against it. Traffic has fallen by a third since 2019. "
           "The ban will cost two hundred thousand euros, and profits doubled to $3 million.")


def _quantities(make_example, answer: str, context: str = CONTEXT) -> dict[str, list[float]]:
    """The answer words with a column set, and their four values."""
    example = make_example(answer, context)
    [matrix] = QuantityFeatures().extract([example])
    assert matrix.shape == (len(example.words), len(COLUMNS)) and matrix.dtype == np.float32
    return {w.text: row.tolist() for w, row in zip(example.words, matrix, strict=True) if row.any()}


def _values(text: str) -> list[tuple[str, tuple[str, float], bool]]:
    words = text.split()
    keys = [word_key(w) for w in words]
    return [(" ".join(keys[first:end]), value, spelled) for first, end, value, spelled in amounts(keys, words)]


def test_registered_with_four_columns(make_example):
    assert isinstance(build("quantities"), QuantityFeatures) and build("quantities").columns == COLUMNS
    assert _quantities(make_example, "") == {}


@pytest.mark.parametrize(("text", "expected"), [
    ("two hundred thousand euros", [("two hundred thousand", ("count", 200000.0), True)]),
    ("200,000 euros", [("200,000", ("count", 200000.0), False)]),
    ("$3 million in 2019.", [("$3 million", ("count", 3000000.0), True), ("2019", ("count", 2019.0), False)]),
    ("twenty-five or twenty five", [("twenty-five", ("count", 25.0), True), ("twenty five", ("count", 25.0), True)]),
    ("a dozen and 25%", [("a dozen", ("count", 12.0), True), ("25%", ("count", 25.0), False)]),
    ("by a third, by half, two-thirds", [("a third", ("fraction", 0.333333), True), ("half", ("fraction", 0.5), True),
                                         ("two-thirds", ("fraction", 0.666667), True)]),
    ("it doubled, 3 times", [("doubled", ("times", 2), True), ("3 times", ("times", 3.0), False)]),
    ("a 30-year-old", [("30-year-old", ("count", 30.0), False)]),
    ("a third since 2019, a third more", [("a third", ("fraction", 0.333333), True), ("2019", ("count", 2019.0), False),
                                          ("a third", ("fraction", 0.333333), True)]),
])
def test_amounts_are_read_as_values(text, expected):
    assert _values(text) == expected


@pytest.mark.parametrize("text", ["one of the best", "the third album", "the first quarter", "hundreds of people",
                                  "a cup", "the 5th floor", "a third-party app", "a double-decker bus",
                                  "a third party", "for a third time"])
def test_lone_one_ordinals_periods_and_vague_plurals_are_no_amounts(text):
    assert _values(text) == []


def test_an_amount_in_another_spelling_is_stated(make_example):
    found = _quantities(make_example, "3 of the twelve members; it costs 200,000 euros and $3m.")
    assert found == {"3": [0.0, 0.0, 1.0, 0.0], "twelve": [1.0, 0.0, 1.0, 0.0], "200,000": [0.0, 0.0, 1.0, 0.0],
                     "$3m.": [0.0, 0.0, 1.0, 0.0]}


def test_an_amount_as_written_is_stated_and_not_respelled(make_example):
    # "12": digits as written, stated: no column set
    assert _quantities(make_example, "Three of the 12 voted; traffic fell by a third.") == {
        "Three": [1.0, 0.0, 0.0, 0.0], "a": [1.0, 0.0, 0.0, 0.0], "third.": [1.0, 0.0, 0.0, 0.0]}


def test_an_amount_the_context_never_states_is_absent(make_example):
    found = _quantities(make_example, "Five members voted; traffic fell by half; profits tripled to 300,000 euros "
                                      "over three hundred days.")
    assert found == {"Five": [1.0, 1.0, 0.0, 0.0], "half;": [1.0, 1.0, 0.0, 0.0], "tripled": [1.0, 1.0, 0.0, 0.0],
                     "300,000": [0.0, 1.0, 0.0, 0.0], "three": [1.0, 1.0, 0.0, 0.0], "hundred": [1.0, 1.0, 0.0, 0.0]}


def test_list_numbers_citations_and_source_pointers_are_no_amounts(make_example):
    answer = "Two steps:\n1. Vote (2) on it [3].\n2) See Passage 4, page 7; then five more."
    assert _quantities(make_example, answer, "A vote.") == {"Two": [1.0, 1.0, 0.0, 0.0], "five": [1.0, 1.0, 0.0, 0.0]}


def test_currency_prefixes_both_ends_of_a_range_and_a_context_one_are_stated(make_example):
    context = "The market was worth about US$76.3 trillion; the 7–10 split and the 1990-95 boom."
    # stated, though not as written ("us$76.3", "7–10", "1990-95"); "12" is stated nowhere
    assert _quantities(make_example, "76.3 trillion, a 10 split, 95 and 12.", context) == {
        "76.3": [1.0, 0.0, 1.0, 0.0], "trillion,": [1.0, 0.0, 0.0, 0.0], "10": [0.0, 0.0, 1.0, 0.0],
        "95": [0.0, 0.0, 1.0, 0.0], "12.": [0.0, 1.0, 0.0, 0.0]}


def test_an_amount_stated_only_about_something_else_is_far(make_example):
    context = ("The museum had 50 million visitors last year, a record for the city. "
               "The ministry plans to save NOK 20 million on roads by 2030.")
    far = _quantities(make_example, "The ministry plans to save NOK 50 million on roads.", context)
    assert far == {"50": [1.0, 0.0, 0.0, 1.0], "million": [1.0, 0.0, 0.0, 1.0]}
    # stated in a sentence about the same thing: near, whatever else the context says
    assert _quantities(make_example, "The ministry plans to save NOK 20 million on roads.", context) == {
        "20": [1.0, 0.0, 0.0, 0.0], "million": [1.0, 0.0, 0.0, 0.0]}
    # a one-word answer has no words around its amount: near
    assert _quantities(make_example, "50 million.", context) == {"50": [1.0, 0.0, 0.0, 0.0],
                                                                        "million.": [1.0, 0.0, 0.0, 0.0]}


REPORT = ("Acme reported revenue of $4.2 billion for 2025, up 8% from the year before. Net income fell to $310 million "
          "because of higher interest costs. In 2024 sales rose, and costs rose 3% while wages fell 3%.")


def _moved(make_example, answer: str, context: str = REPORT) -> list[str]:
    """The answer words ``quantity_direction`` marks."""
    example = make_example(answer, context)
    features = QuantityFeatures(direction=True)
    [matrix] = features.extract([example])
    assert features.columns == [*COLUMNS, "quantity_direction"] and matrix.shape == (len(example.words), 5)
    [plain] = QuantityFeatures().extract([example])
    np.testing.assert_array_equal(matrix[:, :4], plain)  # the option adds a column, changes none
    return [w.text for w, row in zip(example.words, matrix, strict=True) if row[4]]


def test_direction_is_an_option_in_the_config():
    assert build("quantities", direction=True).config == {"direction": True}
    assert build("quantities").config == {} and build("quantities").columns == COLUMNS


@pytest.mark.parametrize(("answer", "moved"), [
    ("Acme's revenue fell 8% in 2025.", ["fell"]),  # "up 8%" in the context
    ("Acme's revenue was down 8%.", ["down"]),
    ("Net income rose to $310 million.", ["rose"]),  # "fell to $310 million"
    ("Net income saw a 310 million increase.", ["increase."]),  # a direction word after the amount
    ("Acme's revenue rose 8%.", []),  # the context's own direction
    ("Revenue grew by up to 8% a year.", []),  # "grew" is the context's direction; "up to" is a bound
    ("Interest costs fell 8%.", []),  # the context's 8% is about revenue: another claim (quantity_far's)
    ("In 2024 sales fell.", []),  # a year is no amount that moves
    ("Costs fell 3%.", []),  # the context moves 3% both ways (costs and wages in one sentence)
])
def test_a_direction_the_context_reverses_is_marked(make_example, answer, moved):
    assert _moved(make_example, answer) == moved


def test_direction_topics_are_compared_by_lemma(make_example):
    context = "The number of new homes built dropped to 1,900. Rents rose to 1,900 euros in the capital."
    # "home building" is about "homes built" (lemmas home, build); the rents' 1,900 is about something else
    assert _moved(make_example, "New home building rose to 1,900.", context) == ["rose"]
    assert _moved(make_example, "New home building fell to 1,900.", context) == []
    assert _moved(make_example, "Rents in the capital fell to 1,900 euros.", context) == ["fell"]


def test_durations_state_the_years_between_two_years_of_one_context_sentence(make_example):
    context = "Construction began in 1932 and the bridge opened in 1937. A toll was charged until 1961."

    def marked(answer: str, durations: bool) -> dict[str, list[float]]:
        example = make_example(answer, context)
        [matrix] = QuantityFeatures(durations=durations).extract([example])
        return {w.text: row.tolist() for w, row in zip(example.words, matrix, strict=True) if row.any()}

    derived = "The bridge opened in 1937, five years after construction began."
    assert marked(derived, False) == {"five": [1.0, 1.0, 0.0, 0.0]}
    # stated, in another spelling; its unit word with it (version 11)
    assert marked(derived, True) == {"five": [1.0, 0.0, 1.0, 0.0], "years": [0.0, 0.0, 1.0, 0.0]}
    after_work = marked("It opened after 5 years of work.", True)
    assert after_work == {"5": [0.0, 0.0, 1.0, 0.0], "years": [0.0, 0.0, 1.0, 0.0]}
    # another count of years, five of something else, and years between two sentences stay absent
    for answer, word in (("It opened six years after work began.", "six"), ("It took five months.", "five"),
                         ("The toll was charged for 24 years.", "24")):
        assert marked(answer, True)[word][1] == 1.0, answer
    assert build("quantities", durations=True).config == {"durations": True}
    assert QuantityFeatures(durations=True).fingerprint != QuantityFeatures().fingerprint


def _respelled(make_example, answer: str, context: str) -> dict[str, list[float]]:
    example = make_example(answer, context)
    [matrix] = QuantityFeatures(respellings=True).extract([example])
    return {w.text: row.tolist() for w, row in zip(example.words, matrix, strict=True) if row.any()}


@pytest.mark.parametrize(("text", "expected"), [
    ("two thousand five hundred people", [("two thousand five hundred", ("count", 2500.0), True)]),
    ("one hundred and twenty people", [("one hundred and twenty", ("count", 120.0), True)]),
    ("two hundred fifty", [("two hundred fifty", ("count", 250.0), True)]),
    ("a £10.25m loan and $3bn", [("£10.25m", ("count", 10250000.0), False), ("$3bn", ("count", 3e9), False)]),
    # a hyphenated count after a scale is no part of the amount; "and" joins only a count
    ("two thousand five-year plans", [("two thousand", ("count", 2000.0), True), ("five-year", ("count", 5.0), True)]),
    ("three and four", [("three", ("count", 3.0), True), ("four", ("count", 4.0), True)]),
    # a count with a half more is one amount (version 6: 2 and a half), its scale after it
    ("two and a half hours", [("two and a half", ("count", 2.5), True)]),
    ("2 and a half hours", [("2 and a half", ("count", 2.5), True)]),
    ("a two-and-a-half-year project", [("two-and-a-half-year", ("count", 2.5), True)]),
    ("twenty-five-and-a-half years", [("twenty-five-and-a-half", ("count", 25.5), True)]),
    ("a million and a half people", [("a million and a half", ("count", 1.5e6), True)]),  # version 7
    ("a dozen and a half eggs", [("a dozen and a half", ("count", 18.0), True)]),
    ("one and a half million people", [("one and a half million", ("count", 1.5e6), True)]),
    ("cut it by a half", [("a half", ("fraction", 0.5), True)]),
    ("it took a year and a half", []),  # named_durations reads it
])
def test_respellings_read_run_on_scales_and_counts_after_a_scale(text, expected):
    words = text.split()
    keys = [word_key(w) for w in words]
    assert [(" ".join(keys[a:b]), v, s) for a, b, v, s in amounts(keys, words, respellings=True)] == expected


@pytest.mark.parametrize(("context", "answer", "word", "stated"), [
    ("The council approved a £10.25m loan.", "It approved a loan of 10.25 million pounds.", "10.25", True),
    ("The council approved a £10.25m loan.", "It approved a loan of 12.25 million pounds.", "12.25", False),
    ("The council approved a £10.25m loan.", "It approved a £10.25 billion loan.", "£10.25", False),
    ("The scheme will cost 4.2 million euros.", "It costs €4.2m.", "€4.2m.", True),
    ("The tower is 330 metres tall.", "It is 330m tall.", "330m", True),  # "m" may be metres: the digits alone
    ("The firm employs 2,500 people.", "It employs two thousand five hundred people.", "two", True),
    ("The firm employs two thousand five hundred people.", "It employs 2,500 people.", "2,500", True),
    ("The firm employs two thousand five hundred people.", "It employs 2,000 people.", "2,000", False),
    ("Exactly 50% of them voted.", "Half of them voted.", "Half", True),
    ("Exactly 30% of them voted.", "Half of them voted.", "Half", False),
    ("Half of them voted.", "50 per cent of them voted.", "50", True),
    ("Half of them voted.", "40% of them voted.", "40%", False),
    ("About 33% of the land is forest.", "A third of the land is forest.", "third", True),
    ("About 25% of the land is forest.", "A third of the land is forest.", "third", False),
    ("The loss allowance is 2% of loans.", "The loss allowance is 1.61% of loans.", "1.61%", False),
    ("The bridge over the river opened in 1937.", "The bridge opened in the 1930s.", "1930s.", True),
    ("The bridge over the river opened in 1937.", "The bridge opened in the 1940s.", "1940s.", False),
    ("Lewandowski scored twice in the derby.", "Lewandowski scored two goals in the derby.", "two", True),
    ("Growth was 100% last year.", "It grew 100 times last year.", "100", False),  # times no percent
    ("Sales doubled in the year.", "Sales rose by two in the year.", "two", False),  # a change, no count of 2
    ("Preheat the oven to 180°C.", "Heat the oven to 200°C.", "200°C.", False),  # a temperature's digits (version 4)
    ("Preheat the oven to 180°C.", "Heat the oven to 180 degrees.", "180", True),
])
def test_respellings_state_one_value_in_its_other_spellings(make_example, context, answer, word, stated):
    marked = _respelled(make_example, answer, context)
    assert marked[word][1] == (not stated)  # quantity_absent
    assert marked[word][2] == stated  # quantity_respelled: stated, not as written


def test_respellings_is_an_option_off_by_default(make_example):
    context, answer = "Exactly 50% of them voted.", "Half of them voted."
    assert _quantities(make_example, answer, context)["Half"][1] == 1.0  # absent without the option
    assert "200°C." not in _quantities(make_example, "Heat the oven to 200°C.", "Preheat the oven to 180°C.")
    assert build("quantities", respellings=True).config == {"respellings": True}
    assert QuantityFeatures(respellings=True).fingerprint != QuantityFeatures().fingerprint


def test_respellings_read_a_clock_time_as_no_amount(make_example):
    context = "The meeting starts at 15:00 on Friday."
    assert "3" in _quantities(make_example, "The meeting starts at 3 p.m. on Friday.", context)
    assert _respelled(make_example, "The meeting starts at 3 p.m. on Friday.", context) == {}


@pytest.mark.parametrize(("context", "answer", "absent", "respelled"), [
    ("hours Sunday: 12:00-20:00 (noon to 8 pm).", "On Sundays it opens at 10 am.", ["10", "am."], []),
    ("hours Sunday: 12:00-20:00 (noon to 8 pm).", "On Sundays it closes at 8 pm.", [], []),
    ("The meeting starts at 15:00 on Friday.", "It starts at 3 pm on Friday.", [], ["3", "pm"]),
    ("The shop opens at noon.", "It opens at 12:00.", [], ["12:00."]),
    ("The shop opens at noon.", "It opens at 12:30.", ["12:30."], []),
])
def test_clocks_read_a_clock_time_by_value(make_example, context, answer, absent, respelled):
    example = make_example(answer, context)
    [matrix] = QuantityFeatures(respellings=True, clocks=True).extract([example])
    words = [w.text for w in example.words]
    assert [w for w, row in zip(words, matrix, strict=True) if row[1]] == absent  # quantity_absent
    assert [w for w, row in zip(words, matrix, strict=True) if row[2]] == respelled  # quantity_respelled
    [plain] = QuantityFeatures(respellings=True).extract([example])
    assert not plain.any()  # without the option a clock time is no amount
    assert build("quantities", respellings=True, clocks=True).config == {"respellings": True, "clocks": True}


BRIDGE = ("The new bridge opened on 3 March 2021 after four years of construction. It cost $1.2 billion and is 2.4 "
          "kilometres long.")


def _columns(make_example, answer: str, context: str, **options: bool) -> dict[str, list[str]]:
    example = make_example(answer, context)
    [matrix] = QuantityFeatures(durations=True, respellings=True, **options).extract([example])
    return {w.text: [c for c, v in zip(COLUMNS, row, strict=True) if v]
            for w, row in zip(example.words, matrix, strict=True) if row.any()}


def test_referents_read_a_sentence_opening_with_a_pronoun_as_about_the_one_before(make_example):
    answer = "The bridge opened on March 3, 2021, and cost $1.2 billion."
    assert "quantity_far" in _columns(make_example, answer, BRIDGE)["$1.2"]  # "It cost ...": about nothing shared
    assert _columns(make_example, answer, BRIDGE, referents=True)["$1.2"] == ["quantity_spelled"]
    unrelated = BRIDGE.replace("It cost", "The city's new stadium cost")
    assert "quantity_far" in _columns(make_example, answer, unrelated, referents=True)["$1.2"]


BATTERY = ("Researchers found that the new battery retains 90% of its capacity after 1,000 charge cycles. "
           "However, it costs about twice as much to produce.")


@pytest.mark.parametrize("opening", ["However, it", "But it", "In the same study, it"])
def test_referents_read_a_pronoun_after_an_opening_phrase_or_coordinator(make_example, opening):
    context = BATTERY.replace("However, it", opening)
    answer = "The new battery keeps 90% of its capacity but is roughly twice as expensive to make."
    assert _columns(make_example, answer, context, referents=True)["twice"] == ["quantity_spelled"]
    assert "quantity_far" in _columns(make_example, answer, context)["twice"]  # without referents: about "costs"
    far_opening = context.replace(opening, "However, the new stadium")  # no pronoun after the opening phrase
    assert "quantity_far" in _columns(make_example, answer, far_opening, referents=True)["twice"]


QUARTER = ("Acme reported revenue of $4.2 billion for the quarter, up 12% from a year earlier. In the same period, "
           "its net income fell 3% to $610 million.")


@pytest.mark.parametrize("opener", ["while", "whereas", "but", "although"])
def test_clauses_read_an_amount_after_a_contrast_by_its_own_clause(make_example, opener):
    answer = f"Acme's revenue rose 12% to $4.2 billion, {opener} its net income slipped 12% to $610 million."
    columns = _columns(make_example, answer, QUARTER, referents=True, clauses=True)
    assert columns["12%"] == ["quantity_far"]  # the second 12%: net income's, which the context's 12% is not about
    assert "12%" not in _columns(make_example, answer.replace("slipped 12%", "slipped 3%"), QUARTER,
                                 referents=True, clauses=True)
    assert "12%" not in _columns(make_example, answer, QUARTER, referents=True)  # one clause: about revenue too


def test_clauses_keep_a_verb_phrase_after_a_contrast_with_its_subject(make_example):
    answer = "The new battery keeps 90% of its capacity, but is roughly twice as expensive to make."
    assert _columns(make_example, answer, BATTERY, referents=True, clauses=True)["twice"] == ["quantity_spelled"]


@pytest.mark.parametrize(("answer", "absent"), [
    ("The 2.4-mile bridge opened in 2021.", ["2.4-mile"]),
    ("The bridge is 2.4 miles long.", ["2.4", "miles"]),
    ("After a four-month build, the bridge opened in 2021.", ["four-month"]),
    ("The 2.4-kilometre bridge opened in 2021.", []),
    ("The bridge is 2.4 km long.", []),
    ("It took four years to build.", []),
])
def test_units_compare_what_an_amount_measures(make_example, answer, absent):
    found = _columns(make_example, answer, BRIDGE, units=True)
    assert [w for w, columns in found.items() if "quantity_absent" in columns] == absent
    if absent:  # without the option the value alone is compared: stated
        assert not any("quantity_absent" in c for c in _columns(make_example, answer, BRIDGE).values())


@pytest.mark.parametrize(("answer", "absent"), [
    ("The bridge opened in May 2021.", ["May"]),
    ("The bridge opened on March 5, 2021.", ["5,"]),  # a day the context does not have: absent either way
    ("The bridge opened on 3 March 2021.", []),
])
def test_calendar_marks_the_date_parts_the_context_dates_otherwise(make_example, answer, absent):
    found = _columns(make_example, answer, BRIDGE, calendar=True)
    assert [w for w, columns in found.items() if columns == ["quantity_absent"]] == absent


def test_calendar_reads_a_date_in_digits_and_marks_a_date_the_context_writes_otherwise_respelled(make_example):
    record = "Event record: name: Spring Gala; date: 2023-05-01; venue: City Hall."
    found = _columns(make_example, "The gala is on May 1, 2023 at City Hall.", record, calendar=True)
    assert [w for w, columns in found.items() if columns == ["quantity_respelled"]] == ["May", "1,", "2023"]
    found = _columns(make_example, "The gala is on June 1, 2023 at City Hall.", record, calendar=True)
    assert [w for w, columns in found.items() if "quantity_absent" in columns] == ["June"]
    found = _columns(make_example, "The bridge opened on 2021-03-05.", BRIDGE, calendar=True)
    assert [w for w, columns in found.items() if "quantity_absent" in columns] == ["2021-03-05."]
    assert _columns(make_example, "The bridge opened on 2021-03-03.", BRIDGE, calendar=True)["2021-03-03."] == \
        ["quantity_respelled"]  # "3 March 2021" in digits


def test_new_options_are_off_by_default_and_keyed(make_example):
    assert "May" not in _columns(make_example, "The bridge opened in May 2021.", BRIDGE)
    options = {"referents": True, "units": True, "calendar": True}
    assert build("quantities", **options).config == options
    fingerprints = {QuantityFeatures(**{name: True}).fingerprint for name in options}
    assert len(fingerprints | {QuantityFeatures().fingerprint}) == 4



WAR = ("World War II (1939-1945) was a global conflict; an estimated 70-85 million people died. Acme expects revenue "
       "of $4.3-4.5 billion in the 2019-20 season. Store it at 22-25°C.")


@pytest.mark.parametrize(("answer", "absent", "respelled"), [
    ("The war lasted 1939-1946.", ["1939-1946."], []),  # the first end alone is stated
    ("The war lasted 1938-1945.", ["1938-1945."], []),
    ("The war lasted 1939-1945.", [], []),
    ("It ended in 1945.", [], ["1945."]),
    ("About 70-95 million died.", ["70-95", "million"], []),
    ("Revenue may reach $4.5 billion.", [], ["$4.5"]),  # the second end of the context's range, scaled
    ("Revenue may reach $4.3-4.8 billion.", ["$4.3-4.8", "billion."], []),
    ("In the 2019-2020 season.", [], ["2019-2020"]),
    ("In the 2019-21 season.", ["2019-21"], []),
    ("Store it at 21-25°C.", ["21-25°C."], []),  # a range of temperatures (with respellings)
    ("Store it at 22-25°C.", [], []),
])
def test_ranges_state_a_range_where_the_context_states_both_ends(make_example, answer, absent, respelled):
    found = _columns(make_example, answer, WAR, ranges=True)
    assert [w for w, columns in found.items() if "quantity_absent" in columns] == absent
    assert [w for w, columns in found.items() if "quantity_respelled" in columns] == respelled


def test_ranges_is_an_option_off_by_default(make_example):
    # without it a range is read by its first end: "1939-1946" is stated, "$4.5 billion" absent
    assert _columns(make_example, "The war lasted 1939-1946.", WAR) == {"1939-1946.": ["quantity_respelled"]}
    assert "quantity_absent" in _columns(make_example, "Revenue may reach $4.5 billion.", WAR)["$4.5"]
    assert build("quantities", ranges=True).config == {"ranges": True}
    assert QuantityFeatures(ranges=True).fingerprint != QuantityFeatures().fingerprint


@pytest.mark.parametrize(("text", "expected"), [
    ("take it for a week", [("a week", ((7.0, "day"),))]),
    ("let it rest for half an hour", [("half an hour", ((30.0, "minute"),))]),
    ("it took a decade", [("a decade", ((10.0, "year"),))]),
    ("take it three times a day", []),  # a rate, not a duration
    ("she earns $50,000 a year", []),
    ("she earns 50,000 dollars a year", []),
    ("the film lasts an hour and a half", [("an hour and a half", ((1.5, "hour"), (90.0, "minute")))]),  # version 6
    ("over the past hour and a half", [("past hour and a half", ((1.5, "hour"), (90.0, "minute")))]),  # version 7
    ("the past hour", [("the past hour", ((60.0, "minute"),))]),  # version 11: the duration up to now it spans
    ("in the next hour", []),  # a time to come
    ("his past life", []),  # "past" without "the"
    ("a week", [("a week", ((7.0, "day"),))]),
])
def test_named_durations_read_a_duration_one_word_names(text, expected):
    keys = [word_key(w) for w in text.split()]
    assert [(" ".join(keys[first:end]), pairs) for first, end, pairs in named_durations(keys)] == expected


DOSE = "Adults take 500 mg three times a day for 7 days. The firm has operated in Kenya for a decade."


@pytest.mark.parametrize(("answer", "respelled", "absent"), [
    ("Adults take it for a week.", ["week."], []),  # 7 days in the context ("a" is a word of it)
    ("Adults take it for a fortnight.", [], []),  # 14 days: not stated, and read as before (no amount)
    ("It has operated there for 10 years.", ["10", "years."], []),  # the context's "a decade"; its unit word too
    ("It has operated there for 12 years.", [], ["12"]),
    ("It has operated there for 10 months.", [], ["10"]),  # another unit of time
    ("It has operated there for 120 months.", ["120", "months."], []),  # 10 years, a count of a smaller unit
    ("Adults take it for 168 hours.", ["168", "hours."], []),  # 7 days
    ("Adults take it for 1 week.", ["1", "week."], []),  # a count of a larger unit
    ("Take it for 7 days.", [], []),  # as written: nothing to respell
])
def test_a_duration_one_word_names_is_stated_by_its_count_of_a_smaller_unit(make_example, answer, respelled,
                                                                             absent):
    found = _columns(make_example, answer, DOSE, units=True)
    assert [w for w, columns in found.items() if "quantity_respelled" in columns] == respelled
    assert [w for w, columns in found.items() if "quantity_absent" in columns] == absent
    # both directions need respellings and units (version 5)
    example = make_example(answer, DOSE)
    [plain] = QuantityFeatures(durations=True, respellings=True).extract([example])
    assert not any(plain[i, COLUMNS.index("quantity_respelled")] for i, w in enumerate(example.words)
                   if w.text in respelled)


def test_a_named_duration_is_stated_beside_the_same_count_of_another_unit(make_example):
    context = "The firm has operated in Kenya for a decade. Its office there opened 10 months ago."
    # "10 months" gives 10 in another unit of time; "a decade" states 10 years all the same
    found = _columns(make_example, "It has operated there for 10 years.", context, units=True)
    assert not any("quantity_absent" in columns for columns in found.values())


@pytest.mark.parametrize(("context", "answer", "word", "absent"), [
    ("Revenue is expected at $3.9-4.1 billion.", "Revenue may reach $4.1 billion.", "$4.1", False),  # rounded
    ("Preheat the oven to 180°C.", "Preheat the oven to 180°F.", "180°F.", True),  # another scale (units)
    ("Preheat the oven to 350°F.", "Preheat the oven to 350°F.", None, False),
    ("In the 1999-00 season they won.", "In the 1999-2000 season they won.", "1999-2000", False),
])
def test_ranges_and_temperatures_compare_their_values_exactly(make_example, context, answer, word, absent):
    found = _columns(make_example, answer, context, units=True, ranges=True)
    assert ("quantity_absent" in found.get(word, [])) == absent


LIBRARY = "Building the library will take about 18 months. The flight takes 2.5 hours. About 1.5 million visited."


@pytest.mark.parametrize(("answer", "respelled", "absent"), [
    ("Building it will take a year and a half.", ["a", "year", "and", "half."], []),  # the context's 18 months
    ("Building it will take one and a half years.", ["one", "and", "a", "half", "years."], []),
    ("Building it will take 1.5 years.", ["years."], []),  # stated as written (1.5 of "1.5 million"), 18 months
    ("Building it will take two and a half years.", [], ["two", "and", "a", "half", "years."]),  # 2.5 is of hours
    ("Building it will take a decade and a half.", [], ["a", "decade", "and", "half."]),  # 15 years: absent
    ("The flight takes two and a half hours.", ["two", "and", "a", "half"], []),
    ("The flight takes three and a half hours.", [], ["three", "and", "a", "half"]),
    ("The flight takes 150 minutes.", ["150", "minutes."], []),
])
def test_a_count_or_named_duration_with_a_half_more_is_read_by_its_value(make_example, answer, respelled, absent):
    found = _columns(make_example, answer, LIBRARY, units=True)
    assert [w for w, columns in found.items() if "quantity_respelled" in columns] == respelled
    assert [w for w, columns in found.items() if "quantity_absent" in columns] == absent


@pytest.mark.parametrize(("context", "answer", "absent"), [
    ("The war killed between 70 and 85 million people.", "It killed at least 70 million people.", False),
    ("The war killed between 70 and 85 million people.", "It killed 70-85 million people.", False),
    ("The war killed between 70 and 85 million people.", "It killed at least 60 million people.", True),
    ("Analysts expect 40 to 45 million subscribers.", "They expect at least 40 million subscribers.", False),
    ("It costs two to three billion dollars.", "It costs at least two billion dollars.", False),
    ("It has between 1.2 and 2.7 million users.", "It has about 1.2 million users.", False),  # 2.7 million / 2.7
    ("It has 40 rooms and 45 million visitors.", "It has 40 million visitors.", True),  # two amounts, no range
])
def test_ranges_scale_a_first_end_written_as_its_own_amount(make_example, context, answer, absent):
    found = _columns(make_example, answer, context, ranges=True)
    assert any("quantity_absent" in columns for columns in found.values()) == absent
    # without ranges the first end is read alone (70, not 70 million)
    if not absent:
        plain = _columns(make_example, answer, context)
        assert any("quantity_absent" in columns for columns in plain.values())


def test_shared_scales_leave_an_end_scaled_by_its_own_suffix_alone():
    words = ["It", "made", "£70m", "to", "£85m", "and", "1.2", "to", "2.7", "million"]
    keys = [word_key(w) for w in words]
    assert shared_scales(keys, amounts(keys, words, respellings=True)) == {("count", 1_200_000.0)}


@pytest.mark.parametrize(("context", "answer", "stated"), [
    ("Sales rose from 48,000 units in 2022 to 95,000 units in 2023.", "Sales nearly doubled in 2023.", True),
    ("Sales rose from 48,000 units in 2022 to 95,000 units in 2023.", "Sales tripled in 2023.", False),
    ("Sales rose from 48,000 units in 2022 to 95,000 units in 2023.", "Sales grew twice as fast.", True),
    ("Sales rose from 48,000 units in 2022 to 95,000 units in 2023.", "Sales halved in 2023.", False),
    ("Profit was $80 million in 2022. It fell to $41 million in 2023.", "Profit halved in 2023.", True),  # 2 sentences
    ("Profit was $80 million in 2022. It fell to $60 million in 2023.", "Profit halved in 2023.", False),
    ("It opened in 1990 and closed in 1995.", "Visitors doubled.", False),  # years are no amounts
])
def test_a_multiplier_is_stated_by_two_amounts_in_that_ratio(make_example, context, answer, stated):
    found = _columns(make_example, answer, context)
    assert any("quantity_absent" in columns for columns in found.values()) != stated
    assert multipliers([48_000, 95_000]) == {2.0} and multipliers([80, 41]) == {0.5}  # the later over the earlier
    assert multipliers([48_000, 60_000]) == set()


def test_clauses_keep_a_verb_form_after_a_contrast_with_the_sentences_subject(make_example):
    context = "The Model X costs $90,000 and has a range of 300 miles."
    for answer in ("The Model X has a range of 300 miles, while costing $90,000.",
                   "The Model X has a range of 300 miles, although priced at $90,000."):
        assert "quantity_far" not in _columns(make_example, answer, context, clauses=True).get("$90,000.", []), answer


def test_referents_need_an_opening_phrase_not_an_apposition(make_example):
    from halluseq.features.quantities import opens_with_referent

    def opens(sentence: str) -> bool:
        words = sentence.split()
        return opens_with_referent(words, [word_key(w) for w in words])

    assert opens("But in the same period, its income rose.") and opens('However," it rose.')
    assert not opens("Beta Corp, its main rival, cut 300 jobs.") and not opens("Apples, it seems, rose.")
    context = "Acme's revenue rose sharply last year. Beta Corp, its main rival, cut 300 jobs."
    assert "quantity_far" in _columns(make_example, "Acme's revenue rose by 300 jobs.", context, referents=True)["300"]


def test_a_currency_named_by_symbol_code_or_word_is_one_topic(make_example):
    revenue = "The company reported revenue of $1.5 million in 2022, up from $1.2 million in 2021."
    found = _columns(make_example, "Revenue reached 1,500,000 dollars in 2022.", revenue)
    assert "quantity_far" not in found["1,500,000"] and "quantity_respelled" in found["1,500,000"]
    # no currency word shared: the amount is stated about something else
    far = _columns(make_example, "Staff numbers reached 1,500,000 in 2022.", revenue)
    assert "quantity_far" in far["1,500,000"]
    fine = "The regulator fined the bank 250 million euros."
    assert "quantity_far" not in _columns(make_example, "Penalty: EUR 250 million.", fine)["250"]


def test_currencies_compare_the_currency_an_amount_is_given_in(make_example):
    quarter = "Acme reported third-quarter revenue of EUR 4.2 billion, up 8% from a year earlier."
    dollars = _columns(make_example, "Acme's revenue rose 8% to $4.2 billion.", quarter, units=True, currencies=True)
    assert "quantity_absent" in dollars["$4.2"] and "quantity_absent" in dollars["billion."]
    # without the option (or without units) the value alone is compared
    assert "quantity_absent" not in _columns(make_example, "Acme's revenue rose 8% to $4.2 billion.", quarter,
                                             units=True)["$4.2"]
    for same in ("Acme's revenue rose 8% to 4.2 billion euros.", "Acme's revenue rose 8% to €4.2 billion."):
        found = _columns(make_example, same, quarter, units=True, currencies=True)
        assert not any("quantity_absent" in columns for columns in found.values()), same
    # an amount in no currency, or the context's amount in none, is compared by value alone
    plain = "Acme reported third-quarter revenue of 4.2 billion, up 8% from a year earlier."
    assert "quantity_absent" not in _columns(make_example, "Revenue reached $4.2 billion.", plain, units=True,
                                             currencies=True)["$4.2"]
    # "pounds" weighs as often as it pays, and "¥" is yen or yuan: neither names a currency
    grant = "The university received a grant of £3bn from the government last year."
    assert "quantity_absent" not in _columns(make_example, "It received 3 billion pounds.", grant, units=True,
                                             currencies=True)["3"]
    assert currency_of(["€5m"], 0, 1) == ("currency", "eur", 0)
    assert currency_of(["costs", "usd", "12"], 2, 3) == ("currency", "usd", 1)
    assert currency_of(["5", "million", "dollars"], 0, 2) == ("currency", "usd", 2)
    assert currency_of(["¥500"], 0, 1) is None and currency_of(["5", "pounds"], 0, 1) is None
    assert QuantityFeatures(units=True, currencies=True).config == {"units": True, "currencies": True}


def test_a_duration_the_past_or_the_last_spans_is_named(make_example):
    library = "Visits to the branch fell by nearly 40 percent over the past decade."
    found = _columns(make_example, "Visits fell by almost 40% in ten years.", library, units=True)
    assert "quantity_absent" not in found["ten"] and "quantity_respelled" in found["ten"]
    assert "quantity_absent" in _columns(make_example, "Visits fell by almost 40% in twenty years.", library,
                                         units=True)["twenty"]
    assert named_durations(["over", "the", "last", "year"]) == [(1, 4, ((12.0, "month"), (52.0, "week"),
                                                                        (365.0, "day")))]
    # after a number too: "the past" names no rate ("fell by 30% over the past decade"; a review helper's case)
    assert named_durations(["30%", "over", "the", "past", "decade"]) == [(2, 5, ((10.0, "year"),))]
    after_share = _columns(make_example, "Visits fell by 30% in ten years.", "Visits fell by 30% over the past decade.",
                           units=True)
    assert after_share["ten"] == ["quantity_spelled", "quantity_respelled"] and after_share["years."] == \
        ["quantity_respelled"]


def test_durations_state_the_days_between_two_dates_of_a_sentence_or_two(make_example):
    context = ("The mission launched on July 16, 1969, from Florida. The crew landed on July 20. The rover was "
               "tested on the way back. A parade followed on August 13.")

    def marked(answer: str) -> dict[str, list[float]]:
        example = make_example(answer, context)
        [matrix] = QuantityFeatures(durations=True).extract([example])
        return {w.text: row.tolist() for w, row in zip(example.words, matrix, strict=True) if row.any()}

    landed = marked("They landed four days after launch.")
    assert landed == {"four": [1.0, 0.0, 1.0, 0.0], "days": [0.0, 0.0, 1.0, 0.0]}
    assert marked("The crew landed 4 days after launch.")["4"] == [0.0, 0.0, 1.0, 0.0]
    assert marked("The parade came 24 days after the landing.")["24"][1] == 1.0  # dates two sentences apart
    assert marked("They landed five days after launch.")["five"][1] == 1.0  # another count
    assert marked("It took four weeks.")["four"][1] == 1.0  # another unit
    assert days_apart([Date("july", 16, 1969, 0, 0, 0), Date("july", 20, None, 0, 0)]) == {4.0}
    assert days_apart([Date("december", 30, 2020, 0, 0, 0), Date("january", 2, 2021, 0, 0, 0)]) == {3.0}
    assert days_apart([Date("february", 30, None, 0, 0), Date("march", 1, None, 0, 0)]) == set()
    # a later date of the text that falls earlier in the year is in the year after ("left on December 28 ... reached
    # New York on January 3": six days, not 359)
    assert days_apart([Date("december", 28, None, 0, 0), Date("january", 3, None, 0, 0)]) == {6.0}
    # where the context counts days itself, a count of days is compared with those only (a review helper's case: "30
    # days" where applications close May 31 and results are posted within 10 days)
    rules = "Applications open on May 1 and close on May 31. Results are posted within 10 days of the deadline."
    example = make_example("Results come 30 days after the deadline.", rules)
    [matrix] = QuantityFeatures(durations=True).extract([example])
    assert matrix[[w.text for w in example.words].index("30"), 1] == 1.0  # quantity_absent


def test_durations_state_a_year_a_sentence_gives_by_a_count_of_years(make_example):
    museum = "The museum moved to its current building in 1998, two years after the fire that destroyed its home."

    def year_columns(answer: str) -> list[str]:
        found = _columns(make_example, answer, museum)
        return next(columns for word, columns in found.items() if word.startswith(("19", "20")))

    assert year_columns("A fire destroyed the museum's home in 1996.") == ["quantity_respelled"]
    assert "quantity_absent" in year_columns("A fire destroyed the museum's home in 1994.")
    assert "quantity_absent" in year_columns("A fire destroyed the museum's home in 2000.")  # "after": earlier
    keys = ["it", "closed", "in", "1998", ",", "a", "year", "before", "the", "merger"]
    assert derived_years(keys, amounts(keys)) == {1999.0}
    keys = ["it", "opened", "in", "2001", ";", "three", "years", "later", "it", "moved"]
    assert derived_years(keys, amounts(keys)) == {2004.0}
    keys = ["it", "opened", "in", "2001", "with", "three", "years", "of", "funding"]
    assert derived_years(keys, amounts(keys)) == set()
