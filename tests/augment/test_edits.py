"""Edit functions of ``halluseq.augment.edits``: one hand-made case per kind, exact spans, and ``None`` where a
kind does not apply."""

from __future__ import annotations

import random
import re

import pytest

from halluseq.augment.edits import (
    ABSTENTIONS,
    ATTRIBUTES,
    CONNECTORS,
    EDITS,
    MONTHS,
    Edit,
    EditResources,
    attribute_topic,
    ended,
    false_abstention,
    grouped,
    name_lists,
    names_in,
    ordinal_suffix,
    spaced_words,
    stated,
    swappable,
)
from halluseq.augment.generate import KINDS
from halluseq.data.sentences import split_sentences
from halluseq.lexicon import load_relations

EIFFEL_CONTEXT = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."
EIFFEL_BASE = "The Eiffel Tower was completed in 1889."
EIFFEL = EditResources(
    EIFFEL_CONTEXT,
    foreign_names=("Big Ben", "London", "Gustave Eiffel", "Paris Hilton"),
    foreign_sentences=("The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris.",
                       "Berlin has many lakes."),
)
SEEDS = range(25)


def edit_of(kind: str, text: str, resources: EditResources = EIFFEL, seed: int = 0) -> Edit:
    """The ``kind`` edit of ``text``, which must apply."""
    edit = EDITS[kind](text, random.Random(seed), resources)
    assert edit is not None, f"{kind} did not apply to {text!r}"
    assert edit.kind == kind
    assert edit.changed == edit.text[edit.start:edit.end]
    return edit


def assert_substituted(base: str, edit: Edit, old: str) -> str:
    """``edit`` replaced the first ``old`` of ``base``: the span starts where ``old`` was, covers the new text
    exactly and everything outside it is the base's text. Returns the new text."""
    at = base.index(old)
    assert edit.start == at
    assert edit.text[:edit.start] == base[:at]
    assert edit.text[edit.end:] == base[at + len(old):]
    assert edit.end > edit.start
    return edit.changed


def numbers_in(text: str) -> set[str]:
    return {m.replace(",", "") for m in re.findall(r"\d[\d,]*(?:\.\d+)?", text)}


def words_of(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[\w'-]+", text)}


# ---- number ------------------------------------------------------------------------------------------------

def test_number_changes_the_value_and_avoids_context_numbers() -> None:
    base = "The Eiffel Tower is 330 metres tall."
    edit = edit_of("number", base)
    new = assert_substituted(base, edit, "330")
    assert new.isdigit() and new != "330"
    assert new not in numbers_in(EIFFEL_CONTEXT)


@pytest.mark.parametrize("seed", SEEDS)
def test_number_never_takes_a_value_from_the_context(seed: int) -> None:
    # every even number 2..2000 is in the context: the new value must be odd
    context = " ".join(str(n) for n in range(2, 2001, 2))
    base = "The tower is 330 metres tall."
    edit = edit_of("number", base, EditResources(context), seed)
    new = assert_substituted(base, edit, "330")
    assert int(new) % 2 == 1


def test_number_keeps_thousands_separators_and_decimals() -> None:
    base = "The cemetery holds 3,500 monuments."
    new = assert_substituted(base, edit_of("number", base, EditResources("A cemetery.")), "3,500")
    assert re.fullmatch(r"\d{1,3}(,\d{3})*", new) and new != "3,500"

    base = "The river is 3.5 km wide."
    new = assert_substituted(base, edit_of("number", base, EditResources("A river.")), "3.5")
    assert re.fullmatch(r"\d+\.\d", new) and new != "3.5"


@pytest.mark.parametrize("text", ["The Eiffel Tower is tall.", "It was completed in 1889."])
def test_number_does_not_apply_without_a_non_year_number(text: str) -> None:
    assert EDITS["number"](text, random.Random(0), EIFFEL) is None


# ---- date --------------------------------------------------------------------------------------------------

def test_date_moves_the_year_to_one_absent_from_the_context() -> None:
    edit = edit_of("date", EIFFEL_BASE)
    new = assert_substituted(EIFFEL_BASE, edit, "1889")
    assert re.fullmatch(r"\d{4}", new)
    assert new != "1889" and 1 <= abs(int(new) - 1889) <= 30
    assert new not in numbers_in(EIFFEL_CONTEXT)


def test_date_changes_a_month_to_one_the_context_does_not_name() -> None:
    context = "The tower opened in March 1889, and in May the lift was finished; by June it was busy."
    base = "The tower opened in March."
    edit = edit_of("date", base, EditResources(context))
    new = assert_substituted(base, edit, "March")
    assert new in MONTHS
    assert new not in {"March", "May", "June"}


@pytest.mark.parametrize("text", ["The tower is tall.", "May be the tallest tower in Europe."])
def test_date_does_not_apply_without_a_year_or_month(text: str) -> None:
    # "May be" is the verb, not the month
    assert EDITS["date"](text, random.Random(0), EIFFEL) is None


def test_date_does_not_apply_when_every_nearby_year_is_taken() -> None:
    context = " ".join(str(year) for year in range(1859, 1920))
    assert EDITS["date"]("It was built in 1889.", random.Random(0), EditResources(context)) is None


# ---- unit --------------------------------------------------------------------------------------------------

def test_unit_swaps_a_unit_word() -> None:
    base = "The Eiffel Tower is 330 metres tall."
    new = assert_substituted(base, edit_of("unit", base), "metres")
    assert new in ("feet", "kilometres")


def test_unit_percent_span_excludes_the_separating_space() -> None:
    base = "Sales grew 25% last year."
    edit = edit_of("unit", base, EditResources("Sales grew several times over."))  # " times" is taken
    assert edit.changed == "percentage points"
    assert edit.text == "Sales grew 25 percentage points last year."
    assert edit.text[edit.start - 1] == " "
    assert edit.text[:edit.start - 1] == base[:base.index("%")]
    assert edit.text[edit.end:] == base[base.index("%") + 1:]


@pytest.mark.parametrize("seed", SEEDS)
def test_unit_percent_either_swap_starts_after_the_space(seed: int) -> None:
    edit = edit_of("unit", "Sales grew 25% last year.", EditResources("Sales grew."), seed)
    assert edit.changed in ("percentage points", "times")
    assert edit.text[:edit.start] == "Sales grew 25 "


def test_unit_keeps_capitalisation() -> None:
    base = "Metres are used in Paris."
    assert assert_substituted(base, edit_of("unit", base, EditResources("Paris.")), "Metres") in ("Feet", "Kilometres")


@pytest.mark.parametrize(("text", "context"), [
    ("The tower is tall.", EIFFEL_CONTEXT),
    ("He holds two master's degrees.", "He studied in Paris."),  # a diploma, not a unit
    ("The tower is 330 metres tall.", "It is 1,000 feet or 0.3 kilometres."),  # both swaps are in the context
])
def test_unit_does_not_apply(text: str, context: str) -> None:
    assert EDITS["unit"](text, random.Random(0), EditResources(context)) is None


# ---- entities ----------------------------------------------------------------------------------------------

def test_entity_intrinsic_takes_another_name_from_the_context() -> None:
    edit = edit_of("entity_intrinsic", EIFFEL_BASE)
    new = assert_substituted(EIFFEL_BASE, edit, "Eiffel Tower")
    assert new == "Paris"  # the only context name other than the one replaced
    assert new in EIFFEL_CONTEXT


@pytest.mark.parametrize("seed", SEEDS)
def test_entity_intrinsic_names_occur_in_the_context(seed: int) -> None:
    context = "Gustave Eiffel built the tower in Paris for the World Fair. Stephen Sauvestre drew the arches."
    base = "Gustave Eiffel built the tower."
    edit = edit_of("entity_intrinsic", base, EditResources(context), seed)
    new = assert_substituted(base, edit, "Gustave Eiffel")
    assert new in context
    assert not words_of(new) & {"gustave", "eiffel"}


def test_entity_intrinsic_takes_names_of_the_closest_sentence_half_the_time() -> None:
    context = ("Born in Aberdeen, Washington, Cobain formed Nirvana with Aaron Burckhard. Later, Dave Grohl and Pat "
               "Smear joined. Seattle, Olympia and Tacoma were scenes.")
    base = "He was born in Aberdeen."
    news = [assert_substituted(base, edit_of("entity_intrinsic", base, EditResources(context), seed), "Aberdeen")
            for seed in range(200)]
    near = sum(new in ("Washington", "Cobain", "Nirvana", "Aaron Burckhard") for new in news)
    # one-word names are preferred for a one-word name: 3 of the 5 others stand in the first sentence, so a draw
    # from the whole context alone takes one of them 3/5 of the time, half from that sentence 1/2 + 1/2 * 3/5
    assert 0.7 < near / len(news) < 0.95
    assert {"Olympia", "Tacoma"} <= set(news)


@pytest.mark.parametrize("seed", SEEDS)
def test_entity_intrinsic_never_takes_a_name_that_stands_beside_the_old_one(seed: int) -> None:
    # "born in Mississippi" and "with Aaron Burckhard" would still be true
    context = ("Presley was born in Tupelo, Mississippi. Cobain formed Nirvana with Krist Novoselic and Aaron "
               "Burckhard. Dave Grohl joined later.")
    for base, old, beside in (("He was born in Tupelo.", "Tupelo", {"Mississippi"}),
                              ("He formed it with Krist Novoselic.", "Krist Novoselic", {"Aaron Burckhard"})):
        new = assert_substituted(base, edit_of("entity_intrinsic", base, EditResources(context), seed), old)
        assert new not in beside and new in context


@pytest.mark.parametrize("seed", SEEDS)
def test_entity_intrinsic_never_puts_a_possessive_of_the_same_name(seed: int) -> None:
    context = "Many impersonators sing Presley's songs. Presley was born in Tupelo."
    base = "They say Presley was born there."
    edit = edit_of("entity_intrinsic", base, EditResources(context), seed)
    assert assert_substituted(base, edit, "Presley") == "Tupelo"  # not "Presley's"


@pytest.mark.parametrize("seed", SEEDS)
def test_entity_intrinsic_never_takes_a_name_of_the_same_list(seed: int) -> None:
    # the shops are in every city of the list: "located in New York City" for "in Chicago" is still true
    context = ("The shops are located in New York City; East Hampton, New York; Los Angeles, Chicago and Miami Beach. "
               "Dylan Lauren founded it in Manhattan.")
    assert name_lists(context)[0] == {"New York City", "East Hampton", "New York", "Los Angeles", "Chicago",
                                      "Miami Beach"}
    assert grouped(context, "Chicago", "New York City", lists=True) and not grouped(context, "Chicago", "New York City")
    base = "It has shops in Chicago."
    edit = edit_of("entity_intrinsic", base, EditResources(context, strict_names=True), seed)
    assert assert_substituted(base, edit, "Chicago") in ("Dylan Lauren", "Manhattan")


@pytest.mark.parametrize("seed", SEEDS)
def test_entity_swaps_take_no_other_form_of_the_name_and_no_adjective(seed: int) -> None:
    # "Canada" for "Canadian" and "the Mongol Empire" for "the Mongols" say the same; "a Canada rock band" and
    # "an Elvis Presley singer" are broken English, not claims
    context = ("Nickelback is a Canadian rock band formed in Hanna, Alberta. The Mongol Empire ruled Central Asia. "
               "Elvis Presley was an American singer.")
    strict = EditResources(context, strict_names=True)
    for base in ("They are a Canadian rock band.", "The Mongols ruled Central Asia."):
        edit = EDITS["entity_intrinsic"](base, random.Random(seed), strict)
        assert edit is None or not edit.detail.startswith(("Canadian", "Mongols")) and edit.changed != "American"
    assert EDITS["entity_intrinsic"]("They are a Canadian band.", random.Random(seed), strict) is None
    assert EDITS["entity_intrinsic"]("They are a Canadian band.", random.Random(seed), EditResources(context))
    assert not swappable("American") and not swappable("New") and swappable("Paris") and swappable("New York")


@pytest.mark.parametrize("seed", SEEDS)
def test_entity_intrinsic_never_puts_the_name_the_context_has_next_to_the_same_words(seed: int) -> None:
    # the answer had the wrong name after "backing vocalist": putting the right one there makes it faithful
    context = ("The band is guitarist and lead vocalist Chad Kroeger, backing vocalist Ryan Peake, bassist Mike "
               "Kroeger, and drummer Daniel Adair.")
    base = "It has backing vocalist Daniel Adair and a drummer."
    edit = EDITS["entity_intrinsic"](base, random.Random(seed), EditResources(context, strict_names=True))
    assert edit is None or edit.changed != "Ryan Peake"
    words = spaced_words(context)
    assert stated(words, base, 24, 36, "Ryan Peake") and not stated(words, base, 24, 36, "Chad Kroeger")


@pytest.mark.parametrize("seed", SEEDS)
def test_entity_extrinsic_names_share_no_word_with_the_context(seed: int) -> None:
    edit = edit_of("entity_extrinsic", EIFFEL_BASE, seed=seed)
    new = assert_substituted(EIFFEL_BASE, edit, "Eiffel Tower")
    assert new in ("Big Ben", "London")  # "Gustave Eiffel" and "Paris Hilton" share a word with the context
    assert not words_of(new) & words_of(EIFFEL_CONTEXT)


def test_entity_extrinsic_prefers_a_name_of_the_same_length() -> None:
    assert assert_substituted(EIFFEL_BASE, edit_of("entity_extrinsic", EIFFEL_BASE), "Eiffel Tower") == "Big Ben"


@pytest.mark.parametrize("kind", ["entity_intrinsic", "entity_extrinsic"])
@pytest.mark.parametrize(("text", "resources"), [
    ("it was completed in time.", EIFFEL),  # no name in the text
    ("Paris is large.", EditResources("Paris is large.", foreign_names=("Paris", "Large Paris"))),  # no other name
])
def test_entity_swaps_do_not_apply(kind: str, text: str, resources: EditResources) -> None:
    assert EDITS[kind](text, random.Random(0), resources) is None


def test_entity_extrinsic_ignores_trailing_punctuation_of_context_words() -> None:
    resources = EditResources("Where is the tower? It is in Paris!", foreign_names=("Paris",))
    assert EDITS["entity_extrinsic"]("The tower is in London.", random.Random(0), resources) is None


# ---- negation ----------------------------------------------------------------------------------------------

def test_negation_removal_spans_the_auxiliary_left() -> None:
    base = "It was not completed in time."
    edit = edit_of("negation", base)
    assert edit.text == "It was completed in time."
    assert assert_substituted(base, edit, "was not") == "was"


def test_negation_removal_of_a_contracted_not() -> None:
    base = "The tower isn't tall."
    edit = edit_of("negation", base)
    assert edit.text == "The tower is tall."
    assert assert_substituted(base, edit, "isn't") == "is"


@pytest.mark.parametrize(("base", "old", "new"), [("They can't go.", "can't", "can"),
                                                  ("They won't go.", "won't", "will"),
                                                  ("They cannot go.", "cannot", "can")])
def test_negation_irregular_contractions(base: str, old: str, new: str) -> None:
    assert assert_substituted(base, edit_of("negation", base), old) == new


def test_negation_addition_spans_not() -> None:
    edit = edit_of("negation", EIFFEL_BASE)
    assert edit.text == "The Eiffel Tower was not completed in 1889."
    assert edit.changed == "not"
    after_was = EIFFEL_BASE.index("was") + len("was")
    assert edit.start == after_was + 1
    assert edit.text[:edit.start] == EIFFEL_BASE[:after_was + 1]
    assert edit.text[edit.end:] == EIFFEL_BASE[after_was:]


def test_negation_does_not_apply_without_an_auxiliary() -> None:
    assert EDITS["negation"]("The tower stands tall.", random.Random(0), EIFFEL) is None


@pytest.mark.parametrize(("base", "old", "new"), [
    ("Amoxicillin does not work against viruses.", "does not work", "works"),
    ("It doesn't carry a fee.", "doesn't carry", "carries"),
    ("They do not apply to children.", "do not apply", "apply"),
    ("The council did not agree to the plan.", "did not agree", "agreed"),
    ("The team has never won the cup.", "never won", "won"),
])
def test_negation_dropped_restates_the_verb(base: str, old: str, new: str) -> None:
    assert assert_substituted(base, edit_of("negation_dropped", base), old) == new


@pytest.mark.parametrize("text", ["He did not go home.",  # irregular past: not guessed
                                  "They did not stop.",  # may double its consonant
                                  "It does not always work.",  # no verb after the negation
                                  "Texts did not appear until 800 AD.",  # "not ... until": it happened then
                                  "The tower was not completed."])  # no do-support, no "never"
def test_negation_dropped_does_not_apply(text: str) -> None:
    assert EDITS["negation_dropped"](text, random.Random(0), EIFFEL) is None


def test_negation_dropped_is_made_only_where_named() -> None:
    assert "negation_dropped" not in KINDS


# ---- antonym -----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("base", "old", "new"), [("Higher prices hit Paris.", "Higher", "Lower"),
                                                  ("Prices were higher in Paris.", "higher", "lower"),
                                                  ("PRICES ROSE.", "ROSE", "FELL")])
def test_antonym_keeps_capitalisation(base: str, old: str, new: str) -> None:
    assert assert_substituted(base, edit_of("antonym", base), old) == new


@pytest.mark.parametrize("text", ["The tower stands in Paris.", "He was left behind in Paris.",
                                  "He was born in Paris.", "He died in Paris."])
def test_antonym_does_not_apply_without_a_polar_word(text: str) -> None:
    # "left" (a side, what remains) is never replaced; born / died are no pair ("he was died" is no sentence)
    assert EDITS["antonym"](text, random.Random(0), EIFFEL) is None


def test_antonym_may_put_in_a_word_it_never_replaces() -> None:
    base = "He arrived in Paris."
    assert assert_substituted(base, edit_of("antonym", base), "arrived") == "left"


def test_antonym_leaves_contractions_alone() -> None:
    assert EDITS["antonym"]("They won't leave.", random.Random(0), EIFFEL) is None


# ---- splice ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_splice_inserts_a_foreign_sentence_at_a_sentence_end(seed: int) -> None:
    base = "The tower is tall. It stands in Paris."
    edit = edit_of("splice", base, seed=seed)
    # the other foreign sentence is in the context and never spliced
    assert edit.changed == "Berlin has many lakes."
    cut = edit.start - 1
    assert cut in [end for _, end in split_sentences(base)]
    assert edit.text == base[:cut] + " " + edit.changed + base[cut:]


@pytest.mark.parametrize("seed", SEEDS)
def test_splice_after_a_sentence_without_a_full_stop_adds_one(seed: int) -> None:
    base = "yes it was completed in 1889"
    edit = edit_of("splice", base, seed=seed)
    assert edit.text == "yes it was completed in 1889. Berlin has many lakes."
    assert edit.changed == "Berlin has many lakes."


@pytest.mark.parametrize(("text", "expected"), [
    ("yes it was", "yes it was."), ("It is tall. ", "It is tall."), ("Is it?", "Is it?"), ("Wow!", "Wow!"),
    ('He said "no."', 'He said "no."'), ("(It is tall.)", "(It is tall.)"), ("", ""), ("at 17:40 ", "at 17:40."),
])
def test_ended_adds_a_full_stop_only_where_a_sentence_does_not_end(text: str, expected: str) -> None:
    assert ended(text) == expected


@pytest.mark.parametrize("resources", [
    EditResources(EIFFEL_CONTEXT),
    EditResources(EIFFEL_CONTEXT, foreign_sentences=("the eiffel tower is 330 metres tall",)),
])
def test_splice_does_not_apply_without_a_foreign_sentence(resources: EditResources) -> None:
    assert EDITS["splice"](EIFFEL_BASE, random.Random(0), resources) is None


# ---- list_item ----------------------------------------------------------------------------------------------

SYMPTOMS = EditResources("Common side effects of the drug include nausea and diarrhoea. Yellowstone covers parts of "
                         "Wyoming, Montana and Idaho and protects its wolves.")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("base", "before"), [
    ("Common side effects include nausea and diarrhoea.", "nausea"),
    ("Yellowstone covers parts of Wyoming, Montana and Idaho.", "Montana"),
])
def test_list_item_joins_a_list_before_its_last_link(base: str, before: str, seed: int) -> None:
    edit = edit_of("list_item", base, SYMPTOMS, seed)
    at = base.index(before) + len(before)
    assert edit.text == base[:at] + ", " + edit.changed + base[at:]
    assert edit.start == at + 2 and re.fullmatch(r"[A-Za-z]+", edit.changed)
    # a word the context holds in no form, a sibling concept of the items, written as they are
    relations = load_relations()
    context_lemmas = relations.lemma_set(words_of(SYMPTOMS.context))
    assert relations.lemmas(edit.changed).isdisjoint(context_lemmas)
    assert relations.siblings(edit.changed, before)
    assert edit.changed[0].isupper() == before[0].isupper()


@pytest.mark.parametrize("seed", SEEDS)
def test_list_item_makes_a_list_of_a_plural_noun_in_the_plural(seed: int) -> None:
    base = "The park protects its wolves."
    edit = edit_of("list_item", base, SYMPTOMS, seed)
    assert edit.text == f"The park protects its wolves and {edit.changed}."
    assert edit.changed in {"dogs", "foxes"}  # the plurals of common words filed beside "wolf"


@pytest.mark.parametrize("text", [
    "He was black and white.",  # adjectives
    "Brush the ribs and cook them.",  # a verb after "and"
    "She sells health and life insurance.",  # "life" modifies "insurance": no list of kinds of life
    "Smith and Jones won.",  # surnames that WordNet has as common words
    "He faces a fine of 5 minutes.",  # a verb in -s, a plural after a number
    "The tower is 330 metres tall.",
])
def test_list_item_does_not_apply_without_a_list_of_things(text: str) -> None:
    assert all(EDITS["list_item"](text, random.Random(seed), SYMPTOMS) is None for seed in range(5))


def test_list_item_does_not_apply_when_the_context_holds_every_sibling() -> None:
    context = EditResources("Monday, Tuesday, Wednesday, Thursday, Friday, Saturday and Sunday.")
    assert EDITS["list_item"]("It opens on Monday and Friday.", random.Random(0), context) is None


# ---- clause -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_clause_joins_a_foreign_sentence_before_a_sentence_end(seed: int) -> None:
    base = "The tower is tall. It stands in Paris."
    edit = edit_of("clause", base, seed=seed)
    # the other foreign sentence is in the context; the clause keeps no full stop
    made = {(base[:stop] + connector + " Berlin has many lakes" + base[stop:], connector.lstrip(", "))
            for stop in (base.index("."), len(base) - 1) for connector in CONNECTORS}
    assert (edit.text, edit.changed.removesuffix(" Berlin has many lakes")) in made


def test_clause_keeps_a_name_that_opens_the_sentence() -> None:
    edit = edit_of("clause", "It stands in Paris.", EditResources(EIFFEL_CONTEXT, foreign_sentences=(
        "London hosted the Olympics in 2012.",)))
    assert edit.changed.endswith(" London hosted the Olympics in 2012") and edit.text.endswith("2012.")


@pytest.mark.parametrize("resources", [
    EditResources(EIFFEL_CONTEXT),
    EditResources(EIFFEL_CONTEXT, foreign_sentences=("Luke: Okay, I will call you back.", "Too long " * 12 + ".")),
])
def test_clause_does_not_apply_without_a_short_foreign_sentence(resources: EditResources) -> None:
    assert EDITS["clause"](EIFFEL_BASE, random.Random(0), resources) is None


# ---- swap --------------------------------------------------------------------------------------------------

def swapped_back(edit: Edit) -> str:
    """The edited text with its two spans exchanged again."""
    (s1, e1), (s2, e2) = edit.spans
    text = edit.text
    return text[:s1] + text[s2:e2] + text[e1:s2] + text[s1:e1] + text[e2:]


def test_swap_reverses_the_roles_of_two_people() -> None:
    base = "In the final, Maria Lopez defeated Anna Weber in three sets."
    edit = edit_of("swap", base, EditResources(base))
    assert edit.text == "In the final, Anna Weber defeated Maria Lopez in three sets."
    assert [edit.text[s:e] for s, e in edit.spans] == ["Anna Weber", "Maria Lopez"]
    assert swapped_back(edit) == base


def test_swap_exchanges_two_numbers_but_never_a_year_with_a_count() -> None:
    base = "Sales rose from 5% to 17% in 2020."
    for seed in SEEDS:
        edit = edit_of("swap", base, EditResources(base), seed=seed)
        assert edit.text == "Sales rose from 17% to 5% in 2020."
        assert [edit.text[s:e] for s, e in edit.spans] == ["17", "5"]


@pytest.mark.parametrize("seed", SEEDS)
def test_swap_takes_names_of_as_many_words(seed: int) -> None:
    base = "Maria Lopez beat Anna Weber in Paris."
    edit = edit_of("swap", base, EditResources(base), seed=seed)
    assert edit.detail == "Maria Lopez <-> Anna Weber"


def test_swap_leaves_a_possessive_in_place() -> None:
    base = "Maria Lopez's coach praised Anna Weber after the match."
    edit = edit_of("swap", base, EditResources(base))
    assert edit.text == "Anna Weber's coach praised Maria Lopez after the match."


@pytest.mark.parametrize("text", [
    "Anna Weber and Maria Lopez met for lunch.",  # joined by a conjunction: the same claim either way
    "Between 1990 and 2000 the town grew.",
    "The tower was completed in 1889 and is 330 metres tall.",  # a year and a count
    "Maria Lopez won the final. It was watched by Anna Weber.",  # different sentences
    "Bands such as Van Halen, Black Sabbath and Deep Purple toured.",  # a list: names between names
    "Lamar Odom was found in Nevada.",  # names of different lengths: most often different kinds of thing
    "The attack happened between 17:40 and 18:00 after a 43.5km drive of 37 minutes.",  # parts of times, decimals
    "The tower is tall.",
])
def test_swap_does_not_apply(text: str) -> None:
    assert EDITS["swap"](text, random.Random(0), EditResources(text)) is None


def test_swap_reverses_only_a_relation_the_context_words_alike() -> None:
    context = "In the final, Maria Lopez defeated Anna Weber in three sets."
    assert EDITS["swap"]("Maria Lopez beat Anna Weber.", random.Random(0), EditResources(context)) is None
    assert EDITS["swap"]("Maria Lopez defeated Anna Weber.", random.Random(0), EditResources(context)) is not None
    # the relation must stand as whole words: "5 to 7" is not in "15 to 70"
    assert EDITS["swap"]("It grew from 5 to 7 feet.", random.Random(0), EditResources("It grew from 15 to 70 feet."))\
        is None


# ---- number_intrinsic --------------------------------------------------------------------------------------

CURIE = EditResources("Marie Curie won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911. "
                      "She had 2 daughters and wrote 4 books. Passage 3 lists her 7 honorary degrees.\n"
                      "5. She died in 1934.")


@pytest.mark.parametrize("seed", SEEDS)
def test_number_intrinsic_takes_another_number_the_context_states(seed: int) -> None:
    base = "Marie Curie won the Nobel Prize in Chemistry in 1911."
    new = assert_substituted(base, edit_of("number_intrinsic", base, CURIE, seed), "1911")
    assert new in {"1903", "1934"}  # a year for a year, never one the text holds


@pytest.mark.parametrize("seed", SEEDS)
def test_number_intrinsic_never_takes_a_list_number_or_a_reference(seed: int) -> None:
    base = "She had 2 daughters."
    new = assert_substituted(base, edit_of("number_intrinsic", base, CURIE, seed), "2")
    assert new in {"4", "7"}  # "Passage 3" and the list number "5." state nothing


def test_number_intrinsic_takes_the_number_the_context_has_another_for() -> None:
    base = "In 1903 she had 2 daughters and wrote 4 books."  # every non-year number of the context but 7 is held
    for seed in SEEDS:
        edit = edit_of("number_intrinsic", base, CURIE, seed)
        assert edit.changed in {"1911", "1934", "7"} and edit.changed not in base


@pytest.mark.parametrize("seed", SEEDS)
def test_number_intrinsic_keeps_a_percentage_a_percentage(seed: int) -> None:
    context = EditResources("Revenue rose 12% to $4.2 billion, while net income fell 8% to $610 million.")
    base = "Revenue rose 12% last year."
    assert assert_substituted(base, edit_of("number_intrinsic", base, context, seed), "12") == "8"
    assert EDITS["number_intrinsic"]("Income fell 8%.", random.Random(seed), EditResources("It fell 8% to 610.")) \
        is None


@pytest.mark.parametrize("text", ["Marie Curie won the prize.", "Passage 3 says so.",
                                  "She wrote 4 books and 7 papers."])
def test_number_intrinsic_does_not_apply_without_another_number_of_its_kind(text: str) -> None:
    context = EditResources("She wrote 4 books and 7 papers. Passage 3 is short.")
    assert EDITS["number_intrinsic"](text, random.Random(0), context) is None


# ---- entity_near / number_near -----------------------------------------------------------------------------

NIRVANA = EditResources("Kurt Cobain was a singer from Washington. Born in Aberdeen, Cobain formed Nirvana with Krist "
                        "Novoselic in 1987. Dave Grohl joined the band in 1990, and Pat Smear in 1993.")


@pytest.mark.parametrize("seed", SEEDS)
def test_entity_near_takes_a_name_of_the_sentence_the_names_own_sentence_copies(seed: int) -> None:
    # the first sentence copies the context's second: its names can only become "Cobain" (the others are in the
    # text; "Washington" stands in another sentence); the second copies the third: "Dave Grohl" -> "Pat Smear"
    base = "He was born in Aberdeen and started Nirvana with Krist Novoselic. Dave Grohl joined the band later."
    edit = edit_of("entity_near", base, NIRVANA, seed)
    old, new = edit.detail.split(" -> ")
    assert assert_substituted(base, edit, old) == new
    assert (old, new) in {("Aberdeen", "Cobain"), ("Nirvana", "Cobain"), ("Krist Novoselic", "Cobain"),
                          ("Dave Grohl", "Pat Smear")}


def test_entity_near_swaps_in_every_sentence_of_a_long_text() -> None:
    # entity_intrinsic's near half reads only the sentence closest to the whole text
    base = "He was born in Aberdeen and started Nirvana with Krist Novoselic. Dave Grohl joined the band later."
    sentences = {edit_of("entity_near", base, NIRVANA, seed).start < base.index("Dave") for seed in SEEDS}
    assert sentences == {True, False}


def test_entity_near_does_not_apply_when_the_copied_sentence_has_no_other_name() -> None:
    assert EDITS["entity_near"]("Dave Grohl and Pat Smear joined the band.", random.Random(0), NIRVANA) is None


@pytest.mark.parametrize("seed", SEEDS)
def test_number_near_takes_a_number_of_the_sentence_the_numbers_own_sentence_copies(seed: int) -> None:
    base = "Nirvana formed in 1987. Grohl joined the band in 1990."
    edit = edit_of("number_near", base, NIRVANA, seed)
    assert edit.start == base.index("1990")  # 1987's sentence copies one whose only year the text holds
    assert edit.changed == "1993"  # the other year of the sentence "1990" sits in, never one the text holds


@pytest.mark.parametrize("seed", SEEDS)
def test_number_near_keeps_a_percentage_a_percentage(seed: int) -> None:
    context = EditResources("Revenue rose 12% to $4.2 billion, while net income fell 8% to 610 staff.")
    base = "Revenue rose 12% last year."
    assert assert_substituted(base, edit_of("number_near", base, context, seed), "12") == "8"


# ---- ordinal ---------------------------------------------------------------------------------------------------

CHURCH = EditResources("The church was built in the 17th century and rebuilt in the 19th century.")


@pytest.mark.parametrize("seed", SEEDS)
def test_ordinal_moves_a_rank_to_one_neither_text_nor_context_states(seed: int) -> None:
    base = "It was built in the 17th century."
    new = assert_substituted(base, edit_of("ordinal", base, CHURCH, seed), "17th")
    assert new in {"14th", "15th", "16th", "18th", "20th"}  # 17 +- 1..3, not 19 (the context's)


@pytest.mark.parametrize(("number", "written"), [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"),
                                                 (12, "12th"), (13, "13th"), (21, "21st"), (22, "22nd"),
                                                 (101, "101st"), (111, "111th")])
def test_ordinal_suffix_is_written_for_the_new_number(number: int, written: str) -> None:
    assert f"{number}{ordinal_suffix(number)}" == written


def test_ordinal_keeps_an_upper_case_suffix_and_never_goes_below_first() -> None:
    edits = {edit_of("ordinal", "She came 1ST.", EditResources("She came 1ST."), seed).changed for seed in SEEDS}
    assert edits == {"2ND", "3RD", "4TH"}


def test_ordinal_does_not_apply_without_an_ordinal_in_digits() -> None:
    for text in ("It was built in the seventeenth century.", "Room 17 is closed.", "He weighed 34st.",
                 "See 17th-floor plans2nd."):
        edit = EDITS["ordinal"](text, random.Random(0), CHURCH)
        # "17th-floor" is an ordinal; "plans2nd" is not, nor "34st" (34 stone: 34's suffix is "th")
        assert edit is None or edit.detail.startswith("17th")


# ---- every kind -------------------------------------------------------------------------------------------

RICH_BASE = ("Higher up, the Eiffel Tower is 330 metres tall and grew 5% in March 1889. "
             "It was not finished by Gustave Eiffel, who can't climb its two stairs to the 2nd floor.")
RICH = EditResources("Gustave Eiffel built a tower in Paris in 1889. Stephen Sauvestre drew it. It is 330 metres "
                     "tall and grew 5% a year from 1887. Visitors climb its 1,665 steps.",
                     foreign_names=("Big Ben", "Westminster Abbey"),
                     foreign_sentences=("Berlin has many lakes.", "The Thames floods."))


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("kind", list(EDITS))
def test_every_kind_changes_only_its_span(kind: str, seed: int) -> None:
    base = RICH_BASE + {"entity_opening": " Paris loves it.",  # a name that opens a sentence
                        "list_item": " Its cafes sell apples and grapes.",  # a list
                        "negation_dropped": " Its lifts do not run in winter."}.get(kind, "")  # do-support
    edit = edit_of(kind, base, RICH, seed)
    assert 0 <= edit.start < edit.end <= len(edit.text)
    assert edit.text != base
    prefix, suffix = edit.text[:edit.start], edit.text[edit.spans[-1][1]:]
    # an insertion may add a separating space before its span (negation 'not', splice, ' percentage points'), after
    # a comma (clause: ", and ...", list_item: ", vomiting")
    assert base.startswith(prefix) or base.startswith(prefix.removesuffix(" ").removesuffix(","))
    assert base.endswith(suffix)


# ---- names_in ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "names"), [
    ("However, the tower is tall.", []),
    ("The Eiffel Tower is in Paris.", ["Eiffel Tower", "Paris"]),
    ("In March, the French visited.", ["French"]),
    ("On Monday, Mr Smith arrived.", ["Smith"]),
    ("The Bank of England raised rates in January.", ["Bank of England"]),
    # accented letters stay inside the name (a swap must never leave "Club Am" + "érica")
    ("He plays for Club América in Zürich, near Şahinbey.", ["Club América", "Zürich", "Şahinbey"]),
])
def test_names_in_skips_sentence_starters_and_dates(text: str, names: list[str]) -> None:
    assert [text[s:e] for s, e in names_in(text)] == names


def test_names_in_never_returns_stopwords_or_months() -> None:
    text = "However, The tower opened. The May rush came. In June, After all, They left. January was cold."
    found = [text[s:e] for s, e in names_in(text)]
    assert found == []


def test_names_in_keeps_a_surname_that_is_a_month() -> None:
    text = "Theresa May spoke in London."
    assert [text[s:e] for s, e in names_in(text)] == ["Theresa May", "London"]


MATCH_CONTEXT = ("Manchester United beat Chelsea 2-1 at Old Trafford on Sunday. Bruno Fernandes scored both goals, "
                 "while Cole Palmer replied for Chelsea. Overall, the home side deserved it.")


def test_names_in_reads_a_one_word_opener_as_a_name_only_where_known_writes_it_so() -> None:
    text = "Chelsea lost on Sunday. Overall, United deserved it. Bruno scored. Fernandes was happy."
    assert [text[s:e] for s, e in names_in(text)] == ["United"]  # no opener is a name without `known`
    # Chelsea: capitalised mid-sentence in the context; Overall: opens sentences only; Bruno: capitalised only where
    # a sentence starts ("Bruno Fernandes scored"); Fernandes: mid-sentence in the context
    known = f"{text}\n{MATCH_CONTEXT}"
    assert [text[s:e] for s, e in names_in(text, known)] == ["Chelsea", "United", "Fernandes"]
    assert names_in("Overall, it was fine.", "Overall, it was fine. The overall score was 2-1.") == []


@pytest.mark.parametrize("seed", SEEDS)
def test_entity_opening_swaps_the_one_word_name_that_opens_a_sentence(seed: int) -> None:
    base = "Chelsea lost the match."  # its only name opens it
    resources = EditResources(MATCH_CONTEXT, foreign_names=("Liverpool", "Jurgen Klopp", "Manchester"))
    for kind in ("entity_intrinsic", "entity_extrinsic"):
        assert EDITS[kind](base, random.Random(seed), resources) is None  # the other swaps never touch it
    edit = edit_of("entity_opening", base, resources, seed)
    new = assert_substituted(base, edit, "Chelsea")
    # a name of the context, or one of another document sharing no word with it ("Manchester" shares one)
    assert new in ("Liverpool", "Jurgen Klopp", "Manchester United", "Old Trafford", "Bruno Fernandes", "Cole Palmer")
    assert EDITS["entity_opening"]("Overall, the match was lost.", random.Random(seed), resources) is None
    assert EDITS["entity_opening"]("They lost to Chelsea.", random.Random(seed), resources) is None  # none opens it


# ---- abstentions ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS)
def test_false_abstention_says_the_sources_lack_a_name_they_hold(seed: int) -> None:
    edit = false_abstention(EIFFEL_BASE, random.Random(seed), EIFFEL)
    assert edit is not None and edit.kind == "abstention" and edit.text.startswith(EIFFEL_BASE + " ")
    assert edit.end == len(edit.text)
    assert any(edit.changed == template.format("Paris") for template in ABSTENTIONS)  # the name the base lacks


@pytest.mark.parametrize("seed", SEEDS)
def test_false_abstention_after_an_answer_without_a_full_stop_starts_a_sentence(seed: int) -> None:
    base = "yeah it was completed in 1889 "
    edit = false_abstention(base, random.Random(seed), EIFFEL)
    assert edit is not None and edit.text.startswith("yeah it was completed in 1889. ") and edit.text.endswith(" ")
    assert split_sentences(edit.text)[-1] == (edit.start, edit.end)  # a sentence of its own


def test_false_abstention_does_not_apply_when_the_text_uses_every_name() -> None:
    assert false_abstention("The Eiffel Tower is in Paris.", random.Random(0), EIFFEL) is None


@pytest.mark.parametrize("seed", SEEDS)
def test_attribute_topic_is_something_the_context_lacks_about_a_name_it_holds(seed: int) -> None:
    context = EIFFEL_CONTEXT + " Its height and its cost were debated."
    topic = attribute_topic(context, random.Random(seed))
    assert topic is not None and ("Eiffel Tower" in topic or "Paris" in topic)
    [attribute] = [a for a in ATTRIBUTES if topic in (f"the {a} of Eiffel Tower", f"the {a} of Paris",
                                                      f"Eiffel Tower's {a}", f"Paris's {a}")]
    assert attribute not in ("height", "cost")  # the context names these


def test_attribute_topic_needs_a_name() -> None:
    assert attribute_topic("the tower is tall and old.", random.Random(0)) is None


AMOUNTS = EditResources("Traffic fell by a quarter. Three of the 12 members and 5 guests came; profits doubled.")


@pytest.mark.parametrize(("base", "old"), [
    ("Three of the 12 members voted.", "Three"), ("Forty people came.", "Forty"),
    ("Traffic fell by a third since 2019.", "a third"), ("Half of the members left.", "Half"),
    ("Sales grew twice as fast.", "twice"),
])
def test_amount_changes_a_spelled_amount_to_one_the_context_does_not_state(base, old):
    for seed in SEEDS:
        new = assert_substituted(base, edit_of("amount", base, AMOUNTS, seed), old)
        assert new.lower() != old.lower()
        assert new.lower() not in {"three", "five", "a quarter", "doubled"}  # stated by the context (words or digits)
        assert new[:1].isupper() == old[:1].isupper()


@pytest.mark.parametrize("base", ["A third party joined.", "One of them left.", "The two-thirds majority held.",
                                  "It rose 12%.", "The third album came out."])
def test_amount_leaves_ordinals_digits_and_lone_one_alone(base):
    assert all(EDITS["amount"](base, random.Random(seed), AMOUNTS) is None for seed in SEEDS)
