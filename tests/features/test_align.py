"""Lexical alignment features: each kind of wrong combination of context words, on hand-made examples."""

from __future__ import annotations

import numpy as np
import pytest

from halluseq.features.align import (
    CALENDAR_NAMES,
    COLUMNS,
    AlignFeatures,
    ContextSentences,
    align_features,
    amount_moves,
)
from halluseq.features.base import build
from halluseq.features.text import word_key
from halluseq.lexicon import load_relations

CONTEXT = ("The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris. Gustave Eiffel's company built "
           "it. Sales increased in 2020 but profits did not rise. London is big.")


def _flags(make_example, answer: str, column: str, context: str = CONTEXT) -> list[str]:
    """The answer words whose ``column`` is set."""
    example = make_example(answer, context)
    [matrix] = AlignFeatures().extract([example])
    assert matrix.shape == (len(example.words), len(COLUMNS)) and matrix.dtype == np.float32
    j = COLUMNS.index(column)
    return [w.text for w, row in zip(example.words, matrix, strict=True) if row[j]]


def test_registered_and_columns():
    extractor = build("align")
    assert isinstance(extractor, AlignFeatures) and extractor.columns == COLUMNS and len(COLUMNS) == 23


def test_faithful_copy_sets_no_error_column(make_example):
    answer = "The Eiffel Tower was completed in 1889 in Paris."
    for column in ("in_context_not_aligned", "inserted", "substituted", "dropped_after", "negation_mismatch",
                   "number_not_aligned"):
        assert _flags(make_example, answer, column) == [], column
    assert len(_flags(make_example, answer, "in_aligned")) == 9


def test_inserted_negation(make_example):
    answer = "The Eiffel Tower was not completed in 1889 in Paris."
    assert _flags(make_example, answer, "inserted") == ["not"]
    assert _flags(make_example, answer, "is_negation") == ["not"]
    # "not" occurs in the context, in another sentence: the text statistics call it known
    assert _flags(make_example, answer, "in_context_not_aligned") == ["not"]
    assert len(_flags(make_example, answer, "negation_mismatch")) == 10


def test_dropped_negation_marks_the_word_before_it(make_example):
    answer = "Sales increased in 2020 but profits did rise."
    assert _flags(make_example, answer, "dropped_after") == ["did"]
    assert _flags(make_example, answer, "dropped_negation_after") == ["did"]
    assert len(_flags(make_example, answer, "negation_mismatch")) == 8


def test_substituted_word_and_number(make_example):
    assert _flags(make_example, "Sales decreased in 2020.", "substituted") == ["decreased"]
    answer = "The Eiffel Tower is 330 metres tall and was completed in 1925 in Paris."
    assert _flags(make_example, answer, "number_not_aligned") == ["1925"]
    assert _flags(make_example, answer, "substituted") == ["1925"]


def test_ordinals_option_reads_an_ordinal_the_aligned_sentence_lacks_as_a_number(make_example):
    context = "The church was built in the 17th century and rebuilt in 1890. Its 3 bells date from the 19th century."
    j = COLUMNS.index("number_not_aligned")

    def not_aligned(answer: str, **options: bool) -> tuple[list[str], np.ndarray]:
        example = make_example(answer, context)
        [matrix] = AlignFeatures(**options).extract([example])
        return [w.text for w, row in zip(example.words, matrix, strict=True) if row[j]], matrix

    answer = "The church was built in the 16th century and rebuilt in the 3rd year, 1890."
    (plain, plain_matrix), (ordinals, ordinals_matrix) = not_aligned(answer), not_aligned(answer, ordinals=True)
    assert plain == [] and ordinals == ["16th", "3rd"]  # "3rd" is not the context's "3"
    assert not_aligned("It was built in the 17th century.", ordinals=True)[0] == []
    others = [k for k in range(len(COLUMNS)) if k != j]
    np.testing.assert_array_equal(plain_matrix[:, others], ordinals_matrix[:, others])
    assert AlignFeatures(ordinals=True).fingerprint != AlignFeatures().fingerprint


def test_name_from_another_sentence_is_not_aligned(make_example):
    # "London" is in the context (so in_context in the text statistics), but not in the sentence copied from;
    # one shared word does not make the London sentence a second aligned sentence
    answer = "The London Tower is 330 metres tall."
    assert _flags(make_example, answer, "in_context_not_aligned") == ["London"]
    assert _flags(make_example, answer, "substituted") == ["London"]


def _keys(text: str) -> list[str]:
    return [word_key(w) for w in text.split()]


def test_merged_sentences_align_to_both(make_example):
    context = ContextSentences(CONTEXT)
    # the rarer words win the best sentence; the tower sentence adds "tower" and "tall"
    assert context.align(_keys("The tower is tall and Gustave Eiffel's company built it.")) == (1, 0, 1.0)
    best, second, share = context.align(_keys("The London tower is tall"))
    assert (best, second) == (0, None) and 0 < share < 1
    answer = "The tower is tall and Gustave Eiffel's company built it."
    assert _flags(make_example, answer, "in_merged") == ["The", "tower", "is", "tall", "and"]
    assert _flags(make_example, answer, "in_merged") == _flags(make_example, answer, "in_context_not_aligned")


def test_a_name_swapped_in_from_another_sentence_is_no_merge(make_example):
    context = "The bridge opened in 1990 in Oslo. Maria Lopez painted the hall."
    keys = _keys("The bridge opened in 1990 in Maria Lopez.")
    assert ContextSentences(context).align(keys)[:2] == (0, 1)  # two more content words: a merge, unless names
    assert ContextSentences(context).align(keys, frozenset({"maria", "lopez"}))[:2] == (0, None)
    answer = "The bridge opened in 1990 in Maria Lopez."
    assert _flags(make_example, answer, "in_merged", context) == []
    assert _flags(make_example, answer, "in_context_not_aligned", context) == ["Maria", "Lopez."]


def test_shape_columns_and_empty_answer(make_example):
    example = make_example("Paris.", CONTEXT)
    matrix = align_features(example)
    assert matrix[0, COLUMNS.index("answer_length")] == np.float32(np.log1p(1) / 10)
    assert matrix[0, COLUMNS.index("context_length")] == np.float32(np.log1p(len(CONTEXT.split())) / 10)
    assert align_features(make_example("", CONTEXT)).shape == (0, len(COLUMNS))
    assert align_features(make_example("Anything at all.", "")).shape == (3, len(COLUMNS))


def test_a_multi_word_swap_is_a_substitution(make_example):
    context = "The team finished third in the East Division with a 7-11 record. Steve Stapler coached the team."
    answer = "The team finished third in the Steve Stapler with a 7-11 record."
    assert _flags(make_example, answer, "substituted", context) == ["Steve", "Stapler"]
    assert _flags(make_example, answer, "in_context_not_aligned", context) == ["Steve", "Stapler"]
    # one new word standing for five of the sentence ("third in the East Division") is no substitution
    assert _flags(make_example, "The team finished Stapler with a 7-11 record.", "substituted", context) == []


def test_word_replaced_by_its_antonym_sibling_or_another_name(make_example):
    context = ("Sales rose by 5% in March, the company said. The tower is 330 metres tall. Anna Berg met Tom Reyes in "
               "Paris. The museum was closed on Monday.")
    assert _flags(make_example, "Sales fell by 5% in March.", "replaced_antonym", context) == ["fell"]
    assert _flags(make_example, "The museum was open on Monday.", "antonym_in_aligned", context) == ["open"]
    assert _flags(make_example, "The tower is 330 feet tall.", "replaced_sibling", context) == ["feet"]
    # a run that ends the sentence where the context sentence ends, and one that starts both
    assert _flags(make_example, "The museum was closed on Tuesday.", "replaced_sibling", context) == ["Tuesday."]
    assert _flags(make_example, "Maria Lopez met Tom Reyes in Paris.", "replaced_name", context) == ["Maria", "Lopez"]
    assert _flags(make_example, "A museum was closed on Monday.", "replaced_name", context) == []
    # a synonym is a paraphrase, not a changed fact
    context = "The film was shown in Paris in 2001."
    answer = "The movie was shown in Paris in 2001."
    assert _flags(make_example, answer, "replaced_synonym", context) == ["movie"]
    for column in ("replaced_antonym", "replaced_sibling", "replaced_name", "antonym_in_aligned"):
        assert _flags(make_example, answer, column, context) == [], column


def test_replacements_come_from_a_word_alignment(make_example):
    context = ("The three best known are the National Football League and the Arena Football League. The band has "
               "singer Chad Kroeger, guitarist Ryan Peake and drummer Daniel Adair. The books sold 400 million "
               "copies. Routines range from one to three minutes, and contain tumbling and dance.")
    # a name for a longer one, in place
    answer = "The three best known are the Canada and the Arena Football League."
    assert _flags(make_example, answer, "replaced_name", context) == ["Canada"]
    # a name of the same sentence put where another stood: replaced and out of its place
    answer = "The band has singer Chad Kroeger and drummer Ryan Peake."
    assert _flags(make_example, answer, "replaced_name", context) == ["Ryan", "Peake."]
    assert _flags(make_example, answer, "moved", context) == ["Ryan", "Peake."]
    # another magnitude is another number, not the "very large indefinite number" both words can mean
    answer = "The books sold 400 billion copies."
    assert _flags(make_example, answer, "replaced_sibling", context) == ["billion"]
    assert _flags(make_example, answer, "replaced_synonym", context) == []
    # an answer that stops early: its last word stands for the word the context had next
    assert _flags(make_example, "Routines range from one to three hours", "replaced_sibling", context) == ["hours"]


def test_stop_word_antonyms_and_what_a_number_counts(make_example):
    context = ("Many creatures have adapted to green places. Presley's first single was a hit. Routines range from one "
               "to three minutes. The books sold 400 million copies. The tower is 330 metres tall.")
    # quantifiers and order words are stop words, yet "few" for "many" turns the claim around
    assert _flags(make_example, "Few creatures have adapted to green places.", "replaced_antonym", context) == ["Few"]
    assert _flags(make_example, "Presley's last single was a hit.", "replaced_antonym", context) == ["last"]
    assert _flags(make_example, "Presley's first single was a hit.", "replaced_antonym", context) == []
    # the word after a number of the context sentence changed: another unit or magnitude
    assert _flags(make_example, "Routines range from one to three hours.", "replaced_after_number",
                  context) == ["hours."]
    assert _flags(make_example, "The books sold 400 billion copies.", "replaced_after_number", context) == ["billion"]
    assert _flags(make_example, "The tower is 330 feet tall.", "replaced_after_number", context) == ["feet"]
    # the same words, or a changed number (another column's job), set nothing
    assert _flags(make_example, "The books sold 400 million copies.", "replaced_after_number", context) == []
    assert _flags(make_example, "The books sold 500 million copies.", "replaced_after_number", context) == []


def test_two_names_swapped_are_out_of_place(make_example):
    context = "In the final, Maria Lopez defeated Anna Weber in three sets."
    assert _flags(make_example, "In the final, Anna Weber defeated Maria Lopez in three sets.", "moved", context)
    assert _flags(make_example, "In the final, Maria Lopez defeated Anna Weber in three sets.", "moved", context) \
        == []
    # a name matched only past another name of the sentence: the place it names is the other one's
    context = "Presley was born in Tupelo, Mississippi, and relocated to Memphis, Tennessee, when he was 13."
    assert _flags(make_example, "He was born in Tupelo , Tennessee .", "moved", context) == ["Tennessee"]
    assert _flags(make_example, "He was born in Tupelo , Mississippi .", "moved", context) == []
    # two places of the sentence read as one "town, state" pair: a list in the answer only
    assert _flags(make_example, "He was born in Tennessee , Mississippi .", "moved", context) == [
        "Tennessee", "Mississippi"]


def test_two_names_or_numbers_that_traded_places_around_the_same_words(make_example):
    context = "In the final, Maria Lopez defeated Anna Weber in three sets. Sales rose from 5% to 7% in 2020."
    assert _flags(make_example, "In the final, Anna Weber defeated Maria Lopez in three sets.", "role_swapped",
                  context) == ["Anna", "Weber", "Maria", "Lopez"]
    assert _flags(make_example, "Sales rose from 7% to 5% in 2020.", "role_swapped", context) == ["7%", "5%"]
    context = "Aurora abducts Stefan and infiltrates Phillip's castle."
    assert _flags(make_example, "Aurora abducts Phillip and infiltrates Stefan's castle.", "role_swapped",
                  context) == ["Phillip", "Stefan's"]
    # the same order, a passive (other words between them), a conjunction, parallel clauses and a list are no swap
    context += " Sales rose 5% in 2019, and 7% in 2020. They met a Smith, a Jones and a Brown."
    for faithful in ("Sales rose 7% in 2020, and 5% in 2019.", "They met a Brown, a Jones and a Smith.",
                     "In the final, Maria Lopez defeated Anna Weber in three sets.",
                     "Anna Weber was defeated by Maria Lopez in the final.",
                     "Anna Weber and Maria Lopez played the final.", "Sales rose to 7% from 5% in 2020."):
        assert _flags(make_example, faithful, "role_swapped", context) == [], faithful


def test_faithful_copy_sets_no_replacement_column(make_example):
    answer = "The Eiffel Tower was completed in 1889 in Paris."
    for column in COLUMNS[14:]:
        assert _flags(make_example, answer, column) == [], column


def test_a_replaced_run_is_preferred_to_an_insertion_at_repeated_anchors(make_example):
    # "(" and ")" are empty keys, repeated in the sentence: the run replaced the two words between them
    context = "His neighbour Nick Carraway ( Tobey Maguire ) , who tells the story ( in 1922 ) , lives nearby."
    answer = "His neighbour Nick Carraway ( Emily Foreman ) , who tells the story ( in 1922 ) , lives nearby."
    assert _flags(make_example, answer, "substituted", context) == ["Emily", "Foreman"]
    assert _flags(make_example, answer, "replaced_name", context) == ["Emily", "Foreman"]
    assert _flags(make_example, answer, "inserted", context) == []


def test_a_vote_turned_around_is_an_antonym_in_the_aligned_sentence(make_example):
    context = "Maria Lopez chaired the meeting. Tom Reyes voted against the plan."
    assert _flags(make_example, "Tom Reyes voted for the plan.", "antonym_in_aligned", context) == ["for"]
    assert _flags(make_example, "Tom Reyes voted against the plan.", "antonym_in_aligned", context) == []


def test_a_list_read_in_another_order_is_not_a_replaced_or_moved_name(make_example):
    context = "The band toured with Queen, KISS and Aerosmith. Maria Lopez and Anna Weber met."
    for column in ("replaced_name", "moved", "role_swapped"):
        assert _flags(make_example, "The band toured with Aerosmith, KISS and Queen.", column, context) == []
        assert _flags(make_example, "Anna Weber and Maria Lopez met.", column, context) == []
    # a name of the list replaced by another is still one
    assert _flags(make_example, "The band toured with Queen, Blur and Aerosmith.", "replaced_name", context) \
        == ["Blur"]


def test_role_swaps_skip_a_sentence_past_align_max(make_example):
    from halluseq.features.align import ALIGN_MAX

    filler = " ".join(["word"] * ALIGN_MAX)
    context = f"Maria Lopez defeated Anna Weber {filler}"
    assert _flags(make_example, "Anna Weber defeated Maria Lopez .", "role_swapped", context[:60]) != []
    assert _flags(make_example, "Anna Weber defeated Maria Lopez .", "role_swapped", context) == []


def test_role_swapped_fires_on_no_faithful_ragtruth_answer(shared_data):
    """Real answers reorder names and numbers all the time; a swap needs the same words between them reversed."""
    from halluseq.data import load

    examples = [e for e in load(shared_data / "ragtruth_partial")[0] if not e.hallucinated]
    extractor = AlignFeatures()
    column = COLUMNS.index("role_swapped")
    assert len(examples) > 500
    assert not any(matrix[:, column].any() for matrix in extractor.extract(examples))


def test_features_do_not_follow_string_hashing(shared_data):
    """Alignment scores are float sums over a context's words: summed in a fixed order, near-ties between two
    context sentences resolve the same way in every process (RAGTruth answers 12520 and 12522 once did not)."""
    import subprocess
    import sys

    script = ("import sys, numpy as np; from halluseq.data.loader import load; "
              "from halluseq.features.align import align_features; "
              f"examples = [e for e in load({str(shared_data / 'ragtruth_partial')!r})[0] "
              "if e.id in ('12520', '12522')]; assert len(examples) == 2; "
              "sys.stdout.write(''.join(align_features(e).tobytes().hex() for e in examples))")
    outputs = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": seed, "PATH": ""}).stdout for seed in ("1", "2", "3")}
    assert len(outputs) == 1


def test_another_spelling_of_a_unit_or_a_hyphenated_number_is_found(make_example):
    context = "The Eiffel Tower is 330 metres tall and has a wrought iron frame. It cost 7.8 million francs."
    answer = "The 330-metre tower (330 m) has a wrought-iron frame. It cost 7.8 mn francs."
    assert _flags(make_example, answer, "in_aligned", context) == [
        "The", "330-metre", "tower", "(330", "m)", "has", "a", "wrought-iron", "frame.", "It", "cost", "7.8", "mn",
        "francs."]
    # another unit, or a compound with a part the context lacks, is not
    assert "feet" not in _flags(make_example, "The tower is 330 feet tall.", "in_aligned", context)
    assert _flags(make_example, "A 330-foot tower.", "in_aligned", context) == ["A", "tower."]
    # a unit written another way in place of the sentence's is the same word, not another count
    context = "It is 330 metres tall."
    for column in ("replaced_sibling", "replaced_after_number"):
        assert _flags(make_example, "It is 330 m tall.", column, context) == [], column
    assert _flags(make_example, "It is 330 m tall.", "replaced_synonym", context) == ["m"]
    assert _flags(make_example, "It is 330 feet tall.", "replaced_after_number", context) == ["feet"]


def test_a_sentence_start_is_no_name_where_the_context_writes_the_word_in_lower_case(make_example):
    context = "Stir the sauce, then reduce the heat. Lower the lid."
    # "Reduce" for "Lower": two verbs that start their sentences, not two names
    assert _flags(make_example, "Reduce the lid.", "replaced_name", context) == []
    assert _flags(make_example, "Anna closed the lid.", "replaced_name", "Maria closed the lid.") == ["Anna"]


def test_name_starts_items_reads_no_name_into_sentence_and_list_item_openers(make_example):
    def replaced(answer: str, context: str) -> list[str]:
        example = make_example(answer, context)
        [matrix] = AlignFeatures(name_starts="items").extract([example])
        return [w.text for w, row in zip(example.words, matrix, strict=True) if row[COLUMNS.index("replaced_name")]]

    context = "According to the report, sales rose. Place the fish on a tray. Anna opened the door. Maria left."
    # the lowered rule reads "Based" (a word the context lacks), "Steps:" and "Cook" (after a list number) as names
    assert _flags(make_example, "Based on the report, sales rose.", "replaced_name", context) == ["Based"]
    assert _flags(make_example, "Steps: 1. Cook the fish on a tray.", "replaced_name", context) == ["Steps:", "Cook"]
    assert replaced("Based on the report, sales rose.", context) == []
    assert replaced("Steps: 1. Cook the fish on a tray.", context) == []
    # a name the context holds, capitalised only where a sentence opens, is still a name there
    assert replaced("Maria opened the door.", context) == ["Maria"]
    assert replaced("Anna closed the lid.", "Maria closed the lid.") == []  # left to the text statistics
    assert AlignFeatures(name_starts="items").fingerprint != AlignFeatures().fingerprint
    assert AlignFeatures().config == {} and build("align", name_starts="items").config == {"name_starts": "items"}
    with pytest.raises(ValueError, match="name_starts"):
        AlignFeatures(name_starts="upper")


def _columns(make_example, answer: str, context: str, **options) -> dict[str, list[str]]:
    """Per column, the answer words it sets, under ``options``."""
    example = make_example(answer, context)
    [matrix] = AlignFeatures(**options).extract([example])
    return {c: [w.text for w, row in zip(example.words, matrix, strict=True) if row[j]] for j, c in enumerate(COLUMNS)}


def test_coordinated_subject_sets_an_opening_name_against_the_subject_not_the_object_before_and(make_example):
    context = ("Ada was Byron's only child. She worked with Charles Babbage on his Analytical Engine and published the "
               "first algorithm in 1843. Marie Curie discovered radium and won two Nobel prizes.")
    faithful = "Ada Lovelace published the first algorithm in 1843."
    # by default the opening run replaced "Engine and", a name: Ada Lovelace "replaces" the Analytical Engine
    assert _columns(make_example, faithful, context, name_starts="items")["replaced_name"] == ["Ada", "Lovelace"]
    coordinated = {"name_starts": "items", "coordinated_subject": True}
    assert _columns(make_example, faithful, context, **coordinated)["replaced_name"] == []  # "She worked"
    # a name for the sentence's own named subject is a replaced name (by default set against "and": none)
    other_subject = "Charles won two Nobel prizes."
    assert _columns(make_example, other_subject, context, **coordinated)["replaced_name"] == ["Charles"]
    assert _columns(make_example, other_subject, context, name_starts="items")["replaced_name"] == []
    assert build("align", coordinated_subject=True).config == {"coordinated_subject": True}
    assert AlignFeatures(coordinated_subject=True).fingerprint != AlignFeatures().fingerprint


def test_strict_anchors_read_no_opening_verb_into_a_swap_of_two_numbers(make_example):
    context = ("Preheat the oven. Mix two cups of flour with three eggs. Paris beat Lyon in the final. "
               "Fans in Paris sang.")
    swapped = "Mix three cups of flour with two eggs."
    # "Mix two" reads as one name-and-number unit, so the two numbers never swap
    assert _columns(make_example, swapped, context)["role_swapped"] == []
    strict = _columns(make_example, swapped, context, strict_anchors=True)
    assert strict["role_swapped"] == ["three", "two"]
    assert _columns(make_example, "Mix two cups of flour with three eggs.", context, strict_anchors=True)[
        "role_swapped"] == []
    # an opening name the context capitalises where no sentence opens is still a name
    assert _columns(make_example, "Lyon beat Paris in the final.", context, strict_anchors=True)["role_swapped"] == [
        "Lyon", "Paris"]
    assert build("align", strict_anchors=True).config == {"strict_anchors": True}


def test_phrase_reorders_read_two_phrases_of_one_head_moved_whole_as_no_role_swap(make_example):
    context = ("The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris. Sales rose from 5% to 7%. "
               "The Celtics beat the Lakers in the final.")
    merged = "The tower was completed in Paris in 1889."
    # by default "in Paris in 1889" swaps the two; "1889" is also matched past a name (moved)
    plain = _columns(make_example, merged, context)
    assert plain["role_swapped"] == ["Paris", "1889."] and plain["moved"] == ["1889."]
    reorders = _columns(make_example, merged, context, phrase_reorders=True)
    assert reorders["role_swapped"] == [] and reorders["moved"] == []
    # a head word that changes sides, or more than that word between the two, is still a swap
    for swap, names in (("Sales rose from 7% to 5%.", ["7%", "5%."]),
                        ("The Lakers beat the Celtics in the final.", ["Lakers", "Celtics"])):
        assert _columns(make_example, swap, context, phrase_reorders=True)["role_swapped"] == names, swap
    assert build("align", phrase_reorders=True).config == {"phrase_reorders": True}
    assert AlignFeatures(phrase_reorders=True).fingerprint != AlignFeatures().fingerprint


def test_a_name_where_the_context_has_another_next_to_the_same_words(make_example):
    context = ("Born in Aberdeen, Washington, Cobain formed the band Nirvana with Krist Novoselic and Aaron Burckhard "
               "in 1987. The tower was completed in 1889.")
    assert _flags(make_example, "He was born in Aaron Burckhard.", "slot_of_other_name", context) == [
        "Aaron", "Burckhard."]
    # a name after other words, or before them ("Burckhard in" / "Novoselic and")
    assert _flags(make_example, "Cobain formed the band Burckhard.", "slot_of_other_name", context) == ["Burckhard."]
    # "Novoselic and Aaron Burckhard", "Cobain formed"
    assert _flags(make_example, "Aberdeen and Aaron Burckhard formed it.", "slot_of_other_name", context) == [
        "Aberdeen", "Aaron", "Burckhard"]
    # a number from elsewhere in the context where another stood
    assert _flags(make_example, "The tower was completed in 1987.", "slot_of_other_name", context) == ["1987."]
    # the same names where the context has them, or a name the answer also holds ("Aberdeen, Washington")
    for answer in ("He was born in Aberdeen, Washington.", "Cobain formed the band Nirvana in 1987.",
                   "Novoselic and Aaron Burckhard joined."):
        assert _flags(make_example, answer, "slot_of_other_name", context) == [], answer
    # "7." numbers a list item: no slot
    assert _flags(make_example, "Then: 7. Stir it.", "slot_of_other_name", "Then: 4. Stir it.") == []


def test_compounds_align_the_parts_of_a_hyphenated_word_and_compare_them_through_wordnet(make_example):
    context = ("Eminem is the best-selling artist of the 2000s in the United States. Ireland is the third-largest "
               "island in Europe. Its well-known cliffs draw visitors.")
    paraphrase = "Eminem is the best selling artist of the 2000s."
    # by default "best" and "selling" are in no sentence: the context has only "best-selling"
    plain = _columns(make_example, paraphrase, context)
    assert "selling" not in plain["in_aligned"] and "selling" not in plain["in_context_not_aligned"]
    parts = _columns(make_example, paraphrase, context, compounds=True)
    assert {"best", "selling"} <= set(parts["in_aligned"]) and parts["replaced_antonym"] == []
    # an antonym of one part: word for word (replaced_antonym) and anywhere in the aligned sentence
    for answer, flipped in (("Eminem is the worst selling artist of the 2000s.", "worst"),
                            ("Ireland is the third smallest island in Europe.", "smallest"),
                            ("Ireland is the third-smallest island in Europe.", "third-smallest")):
        assert _columns(make_example, answer, context)["replaced_antonym"] == [], answer
        columns = _columns(make_example, answer, context, compounds=True)
        assert columns["replaced_antonym"] == [flipped] and columns["antonym_in_aligned"] == [flipped], answer
    # a range or a number with its unit is no compound of words: read by value elsewhere
    numbers = _columns(make_example, "The 6 cliffs are well known.", "The 6-8 cliffs are well-known.",
                       compounds=True)
    assert "6" not in numbers["in_aligned"] and {"well", "known."} <= set(numbers["in_aligned"])
    assert build("align", compounds=True).config == {"compounds": True}
    assert AlignFeatures(compounds=False).fingerprint == AlignFeatures().fingerprint
    assert AlignFeatures(compounds=True).fingerprint != AlignFeatures().fingerprint


def test_poles_make_words_of_opposite_poles_antonyms_where_one_replaced_the_other(make_example):
    report = ("Acme reported revenue of $4.2 billion in Q3 2024, up 12% year over year. Net income fell to $310 "
              "million. Python 3.12 was released in October 2023. It removed the distutils module.")
    # word for word in the aligned sentence: "dropped" for "grew" is no WordNet antonym, a pole apart
    grew = "Sales grew 8% while costs were flat."
    assert _columns(make_example, "Sales dropped 8% while costs were flat.", grew)["replaced_antonym"] == []
    flipped = _columns(make_example, "Sales dropped 8% while costs were flat.", grew, poles=True)
    assert flipped["replaced_antonym"] == ["dropped"] and flipped["antonym_in_aligned"] == []
    # in a second sentence the answer sentence merges in: "increased" for the "fell" of "Net income fell ..." and
    # "added" for the "removed" that opens "It removed the distutils module"
    for answer, word in (("Acme's Q3 2024 revenue rose 12% to $4.2 billion, while net income increased to $310 "
                          "million.", "increased"),
                         ("Python 3.12, released in October 2023, added the distutils module.", "added")):
        assert _columns(make_example, answer, report)["replaced_antonym"] == [], answer
        assert _columns(make_example, answer, report, poles=True)["replaced_antonym"] == [word], answer
    # the same pole, or the words the report used, mark nothing
    for answer in ("Acme's Q3 2024 revenue grew 12% to $4.2 billion, while net income dropped to $310 million.",
                   "Python 3.12, released in October 2023, deleted the distutils module.",
                   "Net income fell to $310 million."):
        assert _columns(make_example, answer, report, poles=True)["replaced_antonym"] == [], answer
    # nouns of a scale too: "a net loss of" for "a net profit of", "a contraction of" for "growth of"
    for answer, source, word in (("Acme had a net loss of $5 million.", "Acme had a net profit of $5 million.", "loss"),
                                 ("It expects a contraction of 0.2% this year.", "It expects growth of 0.2% this year.",
                                  "contraction")):
        assert _columns(make_example, answer, source, poles=True)["replaced_antonym"] == [word], answer
    # "up" or "down" before an amount moves along the scale too: a word of the other pole is an antonym there
    up = "Acme reported revenue of $4.2 billion for 2025, up 6% from the year before."
    for answer, source, word in (("Acme's revenue fell 6% to $4.2 billion in 2025.", up, "fell"),
                                 ("Acme's net income was down 5% in Q3 2024.", "Acme's net income rose 5% in Q3 2024.",
                                  "down")):
        assert _columns(make_example, answer, source)["antonym_in_aligned"] == [], answer
        marked = _columns(make_example, answer, source, poles=True)
        # and a word of the other pole right before the same amount replaced that direction
        assert marked["antonym_in_aligned"] == marked["replaced_antonym"] == [word], answer
    for answer in ("Acme's revenue rose 6% to $4.2 billion in 2025.", "Acme's revenue was up 6% in 2025."):
        kept = _columns(make_example, answer, up, poles=True)
        assert kept["antonym_in_aligned"] == kept["replaced_antonym"] == [], answer
    # a claim that goes on past a left-out clause holding the other pole joins the rest to the wrong verb
    release = "Version 4.2 adds support for JSON columns and drops support for Python 3.8."
    assert _columns(make_example, "Version 4.2 adds support for Python 3.8.", release, poles=True)[
        "replaced_antonym"] == ["adds"]
    for answer in ("Version 4.2 drops support for Python 3.8.", "Version 4.2 adds support for JSON columns."):
        assert _columns(make_example, answer, release, poles=True)["replaced_antonym"] == [], answer
    # the direction before each amount; "up to" bounds an amount, it does not move it
    keys = ["sales", "fell", "by", "3%", "to", "40", "and", "were", "up", "6%", "or", "up", "to", "9%"]
    assert amount_moves(keys, load_relations()) == {"3%": (1, "fell"), "6%": (8, "increase")}
    assert build("align", poles=True).config == {"poles": True}
    assert AlignFeatures(poles=False).fingerprint == AlignFeatures().fingerprint
    assert AlignFeatures(poles=True).fingerprint != AlignFeatures().fingerprint


def test_currencies_align_a_currency_code_with_its_name(make_example):
    context = "Sales rose 6% to 2.4 billion euros in 2025."
    plain = _columns(make_example, "Sales rose 6% to EUR 2.4 billion in 2025.", context)
    assert "EUR" not in plain["in_aligned"]
    coded = _columns(make_example, "Sales rose 6% to EUR 2.4 billion in 2025.", context, currencies=True)
    assert "EUR" in coded["in_aligned"]
    assert _columns(make_example, "Sales rose 6% to USD 2.4 billion in 2025.", context,
                    currencies=True)["in_aligned"].count("USD") == 0
    assert build("align", currencies=True).config == {"currencies": True}


def test_answer_names_let_a_name_that_opens_the_context_sentence_swap(make_example):
    context = "Apple sued Samsung in California in 2011, accusing it of copying the iPhone."
    strict = {"strict_anchors": True, "phrase_reorders": True}
    swapped = "Samsung sued Apple in California in 2011."
    # strictly, the "Apple" that opens the context sentence is no name (the context never capitalises it elsewhere)
    assert _columns(make_example, swapped, context, **strict)["role_swapped"] == []
    assert _columns(make_example, swapped, context, **strict, answer_names=True)["role_swapped"] == ["Samsung",
                                                                                                      "Apple"]
    for faithful in ("In 2011 Apple sued Samsung in California.", "Apple sued Samsung in 2011."):
        assert _columns(make_example, faithful, context, **strict, answer_names=True)["role_swapped"] == [], faithful
    assert build("align", answer_names=True).config == {"answer_names": True}
    assert AlignFeatures(answer_names=True).fingerprint != AlignFeatures().fingerprint


def test_merged_names_mark_a_name_that_replaced_one_of_a_merged_second_sentence(make_example):
    context = ("The Tromso weather station recorded a mean January temperature of -4.3 C between 1991 and 2020. "
               "Annual precipitation averaged 1,031 mm, and October was the wettest month.")
    strict = {"name_starts": "items", "strict_anchors": True, "answer_names": True}
    # the answer aligns with the station's sentence and merges in the second one, where "October" stood
    changed = "August was the wettest month at the Tromso station."
    assert _columns(make_example, changed, context, **strict)["replaced_name"] == []
    assert _columns(make_example, changed, context, **strict, merged_names=True)["replaced_name"] == ["August"]
    for faithful in ("October was the wettest month at the Tromso station.",
                     "In January the Tromso station recorded -4.3 C, and October was the wettest month."):
        assert _columns(make_example, faithful, context, **strict, merged_names=True)["replaced_name"] == [], faithful
    # a capital that opens a sentence is no name there unless the calendar names it: "May" is not one ("May cause")
    assert "may" not in CALENDAR_NAMES and {"august", "monday"} <= CALENDAR_NAMES
    assert build("align", merged_names=True).config == {"merged_names": True}
    assert AlignFeatures(merged_names=True).fingerprint != AlignFeatures().fingerprint


def test_replaced_negation_marks_a_run_that_restates_a_negated_verb_without_its_negation(make_example):
    context = "Amoxicillin is a penicillin antibiotic. Amoxicillin does not work against viral infections."
    dropped = "Amoxicillin works against viral infections."
    assert _columns(make_example, dropped, context)["dropped_negation_after"] == []
    assert _columns(make_example, dropped, context, replaced_negation=True)["dropped_negation_after"] == ["works"]
    # two words left out, one a negation: the verb after them
    assert _columns(make_example, "The tablets contain lactose.", "The tablets do not contain lactose.",
                    replaced_negation=True)["dropped_negation_after"] == ["contain"]
    # the verb in another form after a negation and an auxiliary left out
    assert _columns(make_example, "Sean Kelly played despite an injury.", "Sean Kelly did not play because of an "
                    "injury.", replaced_negation=True)["dropped_negation_after"] == ["played"]
    # an auxiliary for an auxiliary and a negation, or for a negated contraction: the verb after it
    for answer, source, verb in (("The board will close the ward.", "The board would not close the ward.", "close"),
                                 ("The clinic is accessible by bus.", "The clinic isn't accessible by bus.",
                                  "accessible"),
                                 ("The board will close the ward.", "The board won't close the ward.", "close")):
        assert _columns(make_example, answer, source, replaced_negation=True)["dropped_negation_after"] == [verb]
    # a negation left out of a second sentence the answer sentence merges in
    merged = _columns(make_example, "Members voted 9-2 to keep the ward open, and the board said how the ward would be "
                      "funded.",
                      "Members voted 9-2 to keep the maternity ward open. The board did not say how the ward would "
                      "be funded.", replaced_negation=True)
    assert merged["dropped_negation_after"] == ["said"]
    # a negated antonym, a negating prefix, a negation kept and "not ... until" say what the context says
    for answer, source in (("The museum is closed on Mondays.", "The museum is not open on Mondays."),
                           ("The drug is unapproved for children.", "The drug is not approved for children."),
                           ("Amoxicillin never works against viral infections.", context),
                           ("The bridge opened in 1932.", "The bridge did not open until 1932."),
                           ("The bridge will open in 1932.", "The bridge won't open until 1932."),
                           ("The board will close the ward.", "The board will close the ward."),
                           ("Avoid using a high-pressure hose.", "Do not use a high-pressure hose.")):
        assert _columns(make_example, answer, source, replaced_negation=True)["dropped_negation_after"] == [], answer
    # the antonym of a negated word says what the context says: no antonym put in
    closed = ("The museum is closed on Mondays.", "The museum is not open on Mondays.")
    assert _columns(make_example, *closed)["replaced_antonym"] == ["closed"]
    cancelled = _columns(make_example, *closed, replaced_negation=True)
    assert cancelled["replaced_antonym"] == cancelled["replaced_sibling"] == cancelled["antonym_in_aligned"] == []
    assert _columns(make_example, "The museum is closed on Mondays.", "The museum is open on Mondays.",
                    replaced_negation=True)["replaced_antonym"] == ["closed"]
    # the antonym of the negation itself stays one: "several" for "no"
    assert _columns(make_example, "Several serious events were linked to it.", "No serious events were linked to it.",
                    replaced_negation=True)["replaced_antonym"] == ["Several"]
    assert build("align", replaced_negation=True).config == {"replaced_negation": True}
    assert AlignFeatures(replaced_negation=True).fingerprint != AlignFeatures().fingerprint


def test_respellings_find_the_digits_of_a_run_on_amount_in_the_aligned_sentence(make_example):
    context = "The council approved a £10.25m loan for the stadium."
    faithful = "The council approved a loan of 10.25 million pounds."
    assert _columns(make_example, faithful, context)["number_not_aligned"] == ["10.25"]
    assert _columns(make_example, faithful, context, respellings=True)["number_not_aligned"] == []
    assert _columns(make_example, "The council approved a £12m loan.", context,
                    respellings=True)["number_not_aligned"] == ["£12m"]
    assert build("align", respellings=True).config == {"respellings": True}


def test_respellings_read_an_acronym_as_the_name_that_spells_it(make_example):
    context = "The European Union fined the company on Monday."
    options = {"name_starts": "items", "strict_anchors": True, "answer_names": True}
    plain = _columns(make_example, "The EU fined the company on Monday.", context, **options)
    assert plain["replaced_name"] == ["EU"] and plain["slot_of_other_name"] == ["EU"]
    respelled = _columns(make_example, "The EU fined the company on Monday.", context, respellings=True, **options)
    assert respelled["replaced_name"] == [] and respelled["slot_of_other_name"] == []
    dotted = _columns(make_example, "Trade between the U.S. and Canada grew.",
                      "Trade between the United States and Canada grew.", respellings=True, **options)
    assert dotted["replaced_name"] == []  # "U.S." replaced "United" (its run), spelled from there
    # an acronym the name does not spell is still another name
    assert _columns(make_example, "The IMF fined the company on Monday.", context, respellings=True,
                    **options)["replaced_name"] == ["IMF"]


def test_respellings_read_abbreviations_and_clock_times(make_example):
    options = {"name_starts": "items", "strict_anchors": True, "answer_names": True}
    context = "The church of Saint Mary opens at 15:00 on Sundays."
    plain = _columns(make_example, "The church of St. Mary opens at 3 p.m. on Sundays.", context, **options)
    assert "3" in plain["number_not_aligned"]
    respelled = _columns(make_example, "The church of St. Mary opens at 3 p.m. on Sundays.", context,
                         respellings=True, **options)
    assert respelled["number_not_aligned"] == [] and "St." not in respelled["replaced_name"]
    assert _columns(make_example, "The church of St. Mary opens at 4 p.m. on Sundays.", context, respellings=True,
                    **options)["number_not_aligned"] == ["4"]


@pytest.mark.parametrize(("context", "answer", "name", "plain"), [
    ("Acme Corp reported third-quarter revenue of $4.2 billion.", "Acme's Q3 revenue was $4.2 billion.", [], ["Q3"]),
    ("Acme Corp reported Q3 revenue of $4.2 billion.", "Acme's third-quarter revenue was $4.2 billion.", [], []),
    ("Acme Corp reported third-quarter revenue of $4.2 billion.", "Acme's Q2 revenue was $4.2 billion.", ["Q2"],
     ["Q2"]),
])
def test_respellings_read_a_quarter_code_as_the_quarter_it_names(make_example, context, answer, name, plain):
    # "Q3" replaced the run "Corp reported third-quarter" (a name in it): without the option another name there
    options = {"name_starts": "items", "strict_anchors": True, "answer_names": True, "compounds": True}
    respelled = _columns(make_example, answer, context, respellings=True, **options)
    assert respelled["replaced_name"] == name
    assert ("third-quarter" in respelled["replaced_synonym"] or "Q3" in respelled["replaced_synonym"]) == (not name)
    assert _columns(make_example, answer, context, **options)["replaced_name"] == plain


def test_respellings_read_a_number_with_thousands_separators_as_one(make_example):
    example = make_example("Full Self-Driving costs an extra $10,000.", "Full Self-Driving costs an extra $8,000.")
    column = COLUMNS.index("number_not_aligned")
    [read] = AlignFeatures(respellings=True).extract([example])
    [plain] = AlignFeatures().extract([example])  # 10 and 000: the sentence's "$8,000" holds 000
    assert read[-1, column] == 1 and plain[-1, column] == 0


def test_sentence_ends_read_the_end_of_the_aligned_sentence_as_a_run_s_right_neighbour(make_example):
    context = ("The patient was treated with intravenous ceftriaxone for three days and then switched to oral "
               "amoxicillin. She went home on day five.")
    ends = {"sentence_ends": True}
    swapped = "She was then switched to oral azithromycin."
    # by default a run that ends the sentence has no right neighbour: neither replaced nor inserted
    assert _columns(make_example, swapped, context)["substituted"] == []
    assert _columns(make_example, swapped, context, **ends)["substituted"] == ["azithromycin."]
    added = "She was then switched to oral amoxicillin twice daily."
    assert _columns(make_example, added, context, **ends)["inserted"] == ["twice", "daily."]
    assert _columns(make_example, added, context)["inserted"] == []
    # a run of another length than the sentence's end is neither; a faithful copy marks nothing
    longer = "She was then switched to oral penicillin V potassium."
    assert _columns(make_example, longer, context, **ends)["substituted"] == []
    faithful = "She was then switched to oral amoxicillin."
    assert not any(_columns(make_example, faithful, context, **ends)[c] for c in ("inserted", "substituted"))
    assert AlignFeatures(sentence_ends=True).fingerprint != AlignFeatures().fingerprint


def test_any_tail_reads_a_sentence_end_of_another_length_as_replaced(make_example):
    context = "The study followed 1,240 adults for five years. It was funded by the French National Research Agency."
    answer = "It was funded by a coffee company."
    ends = {"sentence_ends": True}
    assert _columns(make_example, answer, context, **ends)["substituted"] == []  # three words for five
    assert _columns(make_example, answer, context, **ends, any_tail=True)["substituted"] == ["a", "coffee",
                                                                                           "company."]
    # where the sentence ends at the word before the run, the run was added, whatever its length
    added = "The study followed 1,240 adults for five years in Lyon."
    assert _columns(make_example, added, context, **ends, any_tail=True)["inserted"] == ["in", "Lyon."]
    assert AlignFeatures(sentence_ends=True, any_tail=True).fingerprint != AlignFeatures(sentence_ends=True).fingerprint


@pytest.mark.parametrize(("answer", "source", "marked"), [
    ("The drug causes dizziness.", "The drug may cause dizziness in some patients.", ["causes"]),
    ("Studies prove it reduces the risk of stroke.", "Studies suggest it could reduce the risk of stroke.",
     ["reduces"]),
    ("The company opened 12 new stores.", "The company plans to open 12 new stores next year.", ["opened"]),
    # a hedge kept, in any form, or none in the context: nothing left out
    ("The drug may cause dizziness.", "The drug may cause dizziness in some patients.", []),
    ("Studies suggest it might lower the risk of stroke.", "Studies suggest it could reduce the risk of stroke.", []),
    ("The drug causes dizziness.", "The drug causes dizziness in some patients.", []),
    ("The drug can cause dizziness.", "The drug may cause dizziness in some patients.", []),
    ("There is a chance of water staining them.", "Water may stain them.", []),
])
def test_hedges_mark_a_run_that_restates_a_hedged_verb_without_its_hedge(make_example, answer, source, marked):
    assert _columns(make_example, answer, source, replaced_negation=True, hedges=True)[
        "dropped_negation_after"] == marked
    assert _columns(make_example, answer, source, replaced_negation=True)["dropped_negation_after"] == []
    assert AlignFeatures(hedges=True).config == {"hedges": True}


COUNCIL = "The city council voted 7-2 on Monday to approve a new bike lane on Main Street."


def test_stated_poles_read_a_pole_word_against_the_other_pole_of_the_aligned_sentence(make_example):
    def opposite(answer: str, context: str = COUNCIL, **options: bool) -> list[str]:
        return _columns(make_example, answer, context, poles=True, **options)["antonym_in_aligned"]

    answer = "The council rejected the bike lane."  # the run it replaced is longer than REPLACED_MAX
    assert opposite(answer) == [] and opposite(answer, stated_poles=True) == ["rejected"]
    # a word of its own pole in the sentence too: both may be right ("approved the lane and rejected the road")
    both = COUNCIL.replace("Street.", "Street and to reject a new road.")
    assert opposite(answer, both, stated_poles=True) == []
    # a capitalised word is a name, no word of a pole ("Slide" is a verb of the other pole)
    slides = "On Slide 36, the council shows the vote on the new bike lane."
    assert opposite(answer, slides, stated_poles=True) == []


def test_stated_poles_read_no_antonym_where_another_sentence_states_the_word(make_example):
    label = "The most common side effects are nausea and fatigue. Rarely, patients report headaches."
    answer = "Nausea and fatigue are the most common side effects; headaches are rare."
    assert _columns(make_example, answer, label, poles=True)["antonym_in_aligned"] == ["rare."]
    assert _columns(make_example, answer, label, poles=True, stated_poles=True)["antonym_in_aligned"] == []
    # stated elsewhere, but beside none of the answer's other words: still the aligned sentence's antonym
    unrelated = label.replace("patients report headaches", "the tablets cause rashes")
    assert _columns(make_example, answer, unrelated, poles=True, stated_poles=True)["antonym_in_aligned"] == ["rare."]
    # beside fewer of the clause's words than the aligned sentence has, or negated there: still the antonym
    vaccine = "Nausea is common after the vaccine. Serious reactions are rare among patients."
    wrong = "Nausea is rare among patients after the vaccine."
    assert _columns(make_example, wrong, vaccine, poles=True, stated_poles=True)["antonym_in_aligned"] == ["rare"]
    negated = label.replace("Rarely, patients report headaches", "Headaches are not rare")
    assert _columns(make_example, answer, negated, poles=True, stated_poles=True)["antonym_in_aligned"] == ["rare."]


def test_negation_forms_read_a_negation_word_as_the_aligned_sentences_own(make_example):
    def marked(answer: str, context: str, **options: bool) -> dict[str, list[str]]:
        columns = _columns(make_example, answer, context, **options)
        return {name: columns[name] for name in ("in_aligned", "substituted", "negation_mismatch")}

    leak = "Residents were never told about the leak."
    now = marked("Residents were not told about the leak.", leak, negation_forms=True)
    assert "not" in now["in_aligned"] and now["substituted"] == [] and now["negation_mismatch"] == []
    before = marked("Residents were not told about the leak.", leak)
    assert "not" not in before["in_aligned"] and before["substituted"] == ["not"]
    assert "never" in marked("The store never accepts cash.", "The store does not accept cash.",
                             negation_forms=True)["in_aligned"]
    # a sentence that denies nothing: a negation put in reads as before
    added = marked("Residents were never told about the leak.", "Residents were told about the leak in March.",
                   negation_forms=True)
    assert "never" not in added["in_aligned"] and added["negation_mismatch"]
    # a denial of another clause, or beside a negation left out, is no reading of the answer's
    other = marked("The team never won the league.", "The team did not win the cup, but it won the league.",
                   negation_forms=True)
    assert "never" not in other["in_aligned"]
    left_out = marked("Employees who never complete training can access the system.",
                      "Employees who do not complete training cannot access the system.", negation_forms=True)
    assert "never" not in left_out["in_aligned"]
    # a clause that restates a denied one without its negation: what was denied is a negation left out
    restated = _columns(make_example, "Children under 12 can take the drug.",
                        "The drug should not be taken by children under 12.", negation_forms=True)
    assert restated["dropped_negation_after"] == ["take"]
    assert AlignFeatures(negation_forms=True).config == {"negation_forms": True}


def test_negation_forms_read_a_denial_another_context_sentence_makes(make_example):
    router = ("To reset the router, hold the reset button for 10 seconds until the light blinks amber. Do not unplug "
              "the router during the restart, which takes about two minutes.")
    merged = ("Hold the reset button for 10 seconds until the light blinks amber, then wait without unplugging the "
              "router.")
    now = _columns(make_example, merged, router, negation_forms=True)
    assert now["negation_mismatch"] == [] and "without" in now["in_context_not_aligned"]
    assert _columns(make_example, merged, router)["negation_mismatch"]  # without the option: a negation put in
    # a denial no context sentence makes is still one put in
    touching = merged.replace("unplugging the router", "touching the label")
    assert _columns(make_example, touching, router, negation_forms=True)["negation_mismatch"]
    # a clause that restates another sentence's denial without its negation: what was denied is a negation left out
    dropped = ("Hold the reset button for 10 seconds until the light blinks amber, then unplug the router during the "
               "restart.")
    assert _columns(make_example, dropped, router, negation_forms=True)["dropped_negation_after"] == ["unplug"]
    # an answer its aligned sentence says word for word restates no other sentence's denial (a review helper's case)
    both = "You can unplug the router. Never unplug the router during updates."
    copied = _columns(make_example, "You can unplug the router.", both, negation_forms=True)
    assert copied["dropped_negation_after"] == []


def test_stated_poles_read_a_pole_word_that_opens_the_sentence_before_a_comma(make_example):
    # "Rarely," opens the sentence: a word of a pole, not a name (a review helper's case)
    vaccine = "Rarely, the vaccine can cause severe allergic reactions."
    answer = "The vaccine commonly causes severe allergic reactions."
    assert _columns(make_example, answer, vaccine, poles=True, stated_poles=True)["antonym_in_aligned"] == ["commonly"]
    # a capitalised word inside the sentence is still a name ("On Slide 36")
    slides = "On Slide 36, revenue is shown for 2023."
    assert _columns(make_example, "Revenue rose in 2023.", slides, poles=True, stated_poles=True)[
        "antonym_in_aligned"] == []
