"""Name slots: a name or number where the context has another next to the same words, or this one."""

from __future__ import annotations

import numpy as np

from halluseq.features.base import build
from halluseq.features.slots import COLUMNS, SlotFeatures, SlotIndex, slot_features

CONTEXT = ("Born in Aberdeen, Washington, Cobain formed the band Nirvana with Krist Novoselic and Aaron Burckhard "
           "in 1987. The tower was completed in 1889.")


def _flags(make_example, answer: str, context: str = CONTEXT, **options: bool) -> tuple[list[str], list[str]]:
    """The answer words marked ``slot_other_name`` and those marked ``slot_same_name``."""
    example = make_example(answer, context)
    [matrix] = SlotFeatures(**options).extract([example])
    assert matrix.shape == (len(example.words), len(COLUMNS)) and matrix.dtype == np.float32
    return tuple([w.text for w, row in zip(example.words, matrix, strict=True) if row[j]] for j in range(2))


def test_registered_with_two_columns(make_example):
    extractor = build("slots")
    assert isinstance(extractor, SlotFeatures) and extractor.columns == ["slot_other_name", "slot_same_name"]
    assert slot_features(make_example("", CONTEXT)).shape == (0, 2)


def test_a_name_or_number_where_the_context_has_another(make_example):
    assert _flags(make_example, "He was born in Aaron Burckhard.")[0] == ["Aaron", "Burckhard."]
    assert _flags(make_example, "Krist Novoselic formed the band Nirvana.") == (["Krist", "Novoselic"], ["Nirvana."])
    assert _flags(make_example, "The tower was completed in 1987.") == (["1987."], [])
    # the window before the name ("Chemistry in"), not the first "Nobel Prize in" the context has
    context = "Marie Curie won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911."
    assert _flags(make_example, "Curie won the Nobel Prize in Chemistry in 1903.", context)[0] == ["1903."]


def test_names_where_the_context_has_them(make_example):
    assert _flags(make_example, "Cobain formed the band Nirvana in 1987.") == ([], ["Cobain", "Nirvana"])
    # city and state are one slot, and so is either of them
    assert _flags(make_example, "He was born in Aberdeen, Washington.") == ([], ["Aberdeen,", "Washington."])
    assert _flags(make_example, "He was born in Washington.") == ([], ["Washington."])
    # one member of a list is no other name
    context = "He liked bands such as Queen, KISS and Aerosmith."
    assert _flags(make_example, "He liked bands such as KISS.", context) == ([], ["KISS."])


def test_a_comma_standing_apart_ends_a_name_as_an_attached_one_does(make_example):
    context = "Presley was born in Tupelo, Mississippi, and moved to Memphis, Tennessee, when he was 13."
    # tokenised text: "Tupelo , Tennessee" is two names, not one that shares "Tupelo" with the context's slot
    assert _flags(make_example, "He was born in Tupelo , Tennessee .", context) == (["Tennessee"], ["Tupelo"])
    assert _flags(make_example, "He was born in Tupelo, Tennessee.", context) == (["Tennessee."], ["Tupelo,"])
    # and the same in a tokenised context
    tokenised = "Presley was born in Tupelo , Mississippi , and moved to Memphis , Tennessee , when he was 13 ."
    assert _flags(make_example, "He was born in Tupelo, Tennessee.", tokenised) == (["Tennessee."], ["Tupelo,"])
    assert _flags(make_example, "He was born in Tupelo, Mississippi.", tokenised) == ([], ["Tupelo,", "Mississippi."])


def test_a_number_takes_only_a_number_s_place_and_a_name_only_a_name_s(make_example):
    context = "The Eiffel Tower is 330 metres tall. Smith was born in Aberdeen and moved to Leeds in 1980."
    # the context has a name before "tower" and before "and moved": no number stands there
    assert _flags(make_example, "It is the 330-metre tower.", context)[0] == []
    assert _flags(make_example, "Smith was born in 1962 and moved away.", context)[0] == []
    # a name where the context has another name, a number where it has another number
    assert _flags(make_example, "Smith was born in Leeds.", context)[0] == ["Leeds."]
    assert _flags(make_example, "He moved to Leeds in 1990.", context)[0] == ["1990."]


def test_numbers_compare_by_the_values_they_state(make_example):
    context = "Preheat the oven to 350°F. Cook on low for 8-10 hours. The dynasty ruled from 794-1185 in Japan."
    # a value written with its unit, or inside a range the context states, stands where the context has it
    assert _flags(make_example, "Preheat the oven to 350 degrees.", context) == ([], ["350"])
    assert _flags(make_example, "Cook on low for eight hours.", context) == ([], ["eight"])
    # a range is grounded only where the context states each of its values
    assert _flags(make_example, "The dynasty ruled from 519-1185 in Japan.", context)[0] == ["519-1185"]
    assert _flags(make_example, "Preheat the oven to 400°F.", context) == (["400°F."], [])


def test_a_number_word_without_a_value_and_a_list_number_alone(make_example):
    context = "Thousands of fans came. 1. Stir the soup. 2. Serve it hot. Later Stir and Serve were printed in bold."
    # "thousands" is compared as written, so it stands where the context has it
    assert _flags(make_example, "Thousands of fans came.", context) == ([], ["Thousands"])
    # a list number alone is no window: "Serve" after "1." is not set against the context's "Stir" after "1."
    assert _flags(make_example, "1. Serve it.", context)[0] == []


def test_counts_compare_by_value_in_any_spelling(make_example):
    context = "Bake the fish for 15 minutes. The club has 2,500 members."
    # the context's count written the other way fills the same slot
    assert _flags(make_example, "Bake the fish for fifteen minutes.", context) == ([], ["fifteen"])
    assert _flags(make_example, "The club has 2500 members.", context) == ([], ["2500"])
    # another value still stands where the context has this one
    assert _flags(make_example, "Bake the fish for twenty minutes.", context) == (["twenty"], [])
    assert _flags(make_example, "The club has 2,000 members.", context) == (["2,000"], [])


def test_list_numbers_references_and_item_starts_fill_no_slot(make_example):
    assert _flags(make_example, "Then: 7. Stir it.", "Then: 4. Stir it.") == ([], [])
    assert _flags(make_example, "It says (2) stir it.", "It says (1) stir it.") == ([], [])
    assert _flags(make_example, "See Passage 2 for details.", "See Passage 1 for details.") == ([], [])
    # "Season" opens a list item in both: a verb the context never writes mid-sentence, no name
    context = "Steps: 1. Season the ribs with salt. 2. Bake the ribs for an hour."
    assert _flags(make_example, "1. Bake the ribs with salt.", context) == ([], [])


def test_a_window_does_not_cross_a_comma():
    # "in," ends a clause: what follows it does not stand next to "met in"
    assert SlotIndex("They met in, of all places, Paris.").neighbours(["met", "in"], after=True) == []
    assert SlotIndex("They met in Paris.").neighbours(["met", "in"], after=True) == [frozenset({"paris"})]
    # before a name: a comma after the name parts it from the words that follow
    assert SlotIndex("It was Paris, hosted by Anna.").neighbours(["hosted"], after=False) == [frozenset()]


def test_a_long_context_looks_a_window_up_by_its_rarest_word():
    # "in" 301 times, "born" once at the end: the window is found by "born", past the first 200 "in"
    context = "The town was large in size. " * 300 + "Cobain was born in Aberdeen."
    index = SlotIndex(context)
    assert index.neighbours(["born", "in"], after=True) == [frozenset({"aberdeen"})]
    assert index.neighbours(["large", "in"], after=True)[:1] == [frozenset()]


def test_a_group_is_read_up_to_its_word_limit():
    # twenty "Anna," then "Maria": the walk stops after SLOT_GROUP_MAX words, however few distinct names it saw
    index = SlotIndex("They met " + "Anna, " * 20 + "Maria.")
    assert index.neighbours(["met"], after=True) == [frozenset({"anna"})]


def test_longest_evidence_lets_the_longer_window_decide(make_example):
    context = ("The Halvorsen Bridge over the Tarn River was opened to traffic in 1931 by Mayor Edith Lund.\n\n"
               "A second crossing, the Nordby Bridge, opened in 1953 and carries the railway line to the coast.\n\n"
               "The oven was set to 400 degrees for the bread. The oven was set to 350 degrees for the cake.")

    def flags(answer: str, longest: bool) -> dict[str, tuple[int, int]]:
        example = make_example(answer, context)
        [matrix] = SlotFeatures(longest_evidence=longest).extract([example])
        return {w.text: (int(row[0]), int(row[1])) for w, row in zip(example.words, matrix, strict=True)}

    wrong = "It was opened in 1953 by Mayor Edith Lund."
    assert flags(wrong, False)["1953"] == (0, 1)  # "opened in 1953" is in the second passage
    assert flags(wrong, True)["1953"] == (1, 0)  # "1931 by Mayor Edith" (three words) against "opened in" (two)
    assert flags("It was opened in 1931 by Mayor Edith Lund.", True)["1931"] == (0, 1)
    assert flags("The Nordby Bridge opened in 1953.", True)["1953."] == (0, 1)
    assert flags("The oven was set to 350 degrees.", True)["350"] == (0, 1)  # a tie between passages: grounded
    assert SlotFeatures(longest_evidence=True).config == {"longest_evidence": True} and SlotFeatures().config == {}


def test_respellings_ground_an_acronym_where_the_context_has_the_name_that_spells_it(make_example):
    context = "Patients were treated by the National Health Service in Wales."

    def verdicts(answer: str, respellings: bool) -> dict[str, list[float]]:
        example = make_example(answer, context)
        [matrix] = SlotFeatures(respellings=respellings).extract([example])
        return {w.text: row.tolist() for w, row in zip(example.words, matrix, strict=True) if row.any()}

    assert verdicts("Patients were treated by the NHS in Wales.", False)["NHS"] == [1.0, 0.0]  # another name
    assert verdicts("Patients were treated by the NHS in Wales.", True)["NHS"] == [0.0, 1.0]  # this one
    assert verdicts("Patients were treated by the NHF in Wales.", True)["NHF"] == [1.0, 0.0]
    assert build("slots", respellings=True).config == {"respellings": True}


def test_respellings_ground_a_clock_time_the_context_gives_on_the_other_clock(make_example):
    context = "The meeting starts at 15:00 on Friday."

    def verdicts(answer: str) -> dict[str, list[float]]:
        example = make_example(answer, context)
        [matrix] = SlotFeatures(respellings=True).extract([example])
        return {w.text: row.tolist() for w, row in zip(example.words, matrix, strict=True) if row.any()}

    assert verdicts("The meeting starts at 3pm on Friday.")["3pm"] == [0.0, 1.0]
    assert verdicts("The meeting starts at 4pm on Friday.")["4pm"] == [1.0, 0.0]


def test_crossed_numbers_trade_places_in_one_sentence(make_example):
    context = ("The tenant must give the landlord at least 60 days' written notice before ending the lease. The "
               "security deposit of $2,400 will be returned within 30 days of move-out. We reported a net profit of "
               "$8.2 million or $0.19 per share, and of $29.9 million or $0.70 per share excluding special items.")

    def verdicts(answer: str, crossed: bool) -> dict[str, list[float]]:
        example = make_example(answer, context)
        [matrix] = SlotFeatures(longest_evidence=True, respellings=True, crossed=crossed).extract([example])
        return {w.text: row.tolist() for w, row in zip(example.words, matrix, strict=True) if row.any()}

    swapped = "The tenant must give 30 days' written notice, and the deposit is returned within 60 days."
    assert verdicts(swapped, False) == {"30": [0.0, 1.0], "60": [0.0, 1.0]}  # each the other's: held, no other one
    assert verdicts(swapped, True) == {"30": [1.0, 0.0], "60": [1.0, 0.0]}
    right = "The tenant must give 60 days' written notice, and the deposit is returned within 30 days."
    assert verdicts(right, True) == {"60": [0.0, 1.0], "30": [0.0, 1.0]}
    # numbers of one group ("$8.2m or $0.19") share the group's windows: no trade between them
    grouped = "It reported a net profit of $8.2m or $0.19 per share, and of $29.9m or $0.70 per share."
    assert not any(other for other, _ in verdicts(grouped, True).values())
    assert SlotFeatures(crossed=True).config == {"crossed": True}


def _others(make_example, answer: str, context: str, **options: bool) -> list[str]:
    example = make_example(answer, context)
    [matrix] = SlotFeatures(longest_evidence=True, respellings=True, crossed=True, **options).extract([example])
    return [w.text for w, row in zip(example.words, matrix, strict=True) if row[0]]


NAMES = {"crossed_names": True, "opening_names": True}


def test_crossed_names_trade_places_in_one_sentence(make_example):
    context = "The court ruled that Oracle must pay Google damages of $8.8 billion."
    swapped = "The court ruled that Google must pay Oracle damages."
    assert _others(make_example, swapped, context) == []  # each the other's: held, no other one
    assert _others(make_example, swapped, context, crossed_names=True) == ["Google", "Oracle"]
    assert _others(make_example, "The court ruled that Oracle must pay Google damages.", context, **NAMES) == []
    # a name beside a number is its own unit: the number does not ground it ("Germany 7-1")
    context = "Germany defeated Brazil 7-1 in the World Cup semi-final in Belo Horizonte."
    assert _others(make_example, "Brazil defeated Germany 7-1 in the semi-final.", context, **NAMES) == [
        "Brazil", "Germany"]
    assert _others(make_example, "Germany defeated Brazil 7-1 in the semi-final.", context, **NAMES) == []
    # a relation that reads both ways: names on either side of "drew" or "with" trade no places
    for context, answer in (("Germany drew Brazil 1-1 in Berlin.", "Brazil drew Germany 1-1 in Berlin."),
                            ("Spain will co-host the tournament with Morocco.",
                             "Morocco will co-host the tournament with Spain.")):
        assert _others(make_example, answer, context, **NAMES) == [], answer
    # two numbers that traded places make no crossed names of the names beside them
    context = "Germany won 7-1 against Brazil, and Spain won 2-0 against Italy."
    assert _others(make_example, "Germany won 2-0 against Brazil, and Spain won 7-1 against Italy.", context,
                   **NAMES) == ["2-0", "7-1"]
    assert SlotFeatures(crossed_names=True, opening_names=True).config == NAMES


def test_opening_names_read_a_word_opening_a_sentence_as_a_name_where_wordnet_lacks_it(make_example):
    # "Germany" opens the context's sentence: a name with opening_names (WordNet has no "germany"), not "Based"
    index = SlotIndex("Germany defeated Brazil. Based on this, Brazil lost.", opening_names=True)
    assert index.neighbours(["defeated"], after=False) == [frozenset({"germany"})]
    assert SlotIndex("Germany defeated Brazil.").neighbours(["defeated"], after=False) == [frozenset()]
    assert index.neighbours(["on", "this"], after=False) == [frozenset()]
    context = "Germany defeated Brazil in the semi-final."
    assert _others(make_example, "Brazil defeated Germany in the semi-final.", context) == []
    assert _others(make_example, "Brazil defeated Germany in the semi-final.", context, **NAMES) == [
        "Brazil", "Germany"]


COUNCIL = ("Mayor Linda Park said the new library would open in June. Council member Tom Reyes, who voted against "
           "the budget, said the project was too expensive.")


def test_a_relative_clause_or_apposition_between_a_name_and_its_verb_is_read_past(make_example):
    def flags(answer: str, context: str = COUNCIL) -> tuple[list[str], list[str]]:
        return _flags(make_example, answer, context, longest_evidence=True)

    wrong, right = "Linda Park said the project was too expensive.", "Tom Reyes said the project was too expensive."
    # the context's "said the project" has Tom Reyes before it, past ", who voted against the budget,"
    assert flags(wrong)[0] == ["Linda", "Park"]
    assert flags(right) == ([], ["Tom", "Reyes"])
    # and the answer's own insertion: the window after "Tom Reyes, who opposed it," is "said the project"
    assert flags("Tom Reyes, who opposed it, said the project was too expensive.") == ([], ["Tom", "Reyes,"])
    assert flags(wrong, COUNCIL.replace("who voted against the budget", "the council's longest-serving member"))[0] \
        == ["Linda", "Park"]
    # a comma that opens no insertion (a list, a place) still ends what is read before the verb
    assert flags(wrong, COUNCIL.replace("who voted against the budget", "Ohio"))[0] == []


def test_a_name_written_in_lower_case_up_to_its_capitals_is_a_name(make_example):
    context = "The update is available for Android now and will come to iOS next month."
    assert _flags(make_example, "The update is available for iOS now.", context)[0] == ["iOS"]
    assert _flags(make_example, "The update will come to iOS next month.", context) == ([], ["iOS"])
    units = "The heater draws 2 kWh and keeps the water at pH 7."  # units are no names
    assert _flags(make_example, "The heater draws 3 kWh.", units) == (["3"], [])


def test_an_insertion_is_not_read_across_a_sentence_break(make_example):
    index = SlotIndex("Tom Reyes, who voted against the budget,\n\nsaid the project was too costly. Ana Cruz said so.")
    assert index.neighbours(["said", "the", "project"], False) == [frozenset()]


def test_a_possessive_mixed_case_name_is_a_name(make_example):
    context = "Apple said the iPad's battery lasts 10 hours."
    assert _flags(make_example, "Apple said the iPhone's battery lasts 10 hours.", context)[0] == ["iPhone's"]
