"""WordNet relations: lemmas of inflected words, antonyms, synonyms and sibling concepts, on the bundled file."""

from __future__ import annotations

import gzip
import json

import pytest

from halluseq.lexicon import RELATIONS_FILE, load_relations, same_stem


@pytest.fixture(scope="module")
def relations():
    return load_relations()


def test_lemmas_of_inflected_and_irregular_words(relations):
    assert relations.lemmas("fell") >= {"fall"}
    assert relations.lemmas("Rose") >= {"rise"}
    assert relations.lemmas("metres") == {"metre"}
    assert relations.lemmas("decreased") >= {"decrease"}
    assert relations.lemmas("qwzxv") == frozenset()


@pytest.mark.parametrize(("a", "b"), [("fell", "rose"), ("closed", "open"), ("higher", "lower"), ("won", "lost"),
                                      ("guilty", "innocent"), ("bigger", "smaller"), ("often", "rarely"),
                                      ("before", "after"), ("never", "always"), ("for", "against")])
def test_antonyms_either_way(relations, a, b):
    assert relations.antonyms(a, b) and relations.antonyms(b, a)


@pytest.mark.parametrize(("a", "b"), [("feet", "metres"), ("Tuesday", "Monday"), ("France", "Germany"),
                                      ("miles", "kilometres"), ("weeks", "months"), ("billion", "million"),
                                      ("trillion", "million"), ("seconds", "minutes"), ("approved", "rejected")])
def test_siblings_are_distinct_concepts_under_one(relations, a, b):
    assert relations.siblings(a, b) and not relations.synonyms(a, b) and not relations.antonyms(a, b)


@pytest.mark.parametrize(("a", "b"), [("film", "movie"), ("doctor", "physician"), ("big", "large"),
                                      ("nation", "country"), ("often", "frequently"), ("bought", "purchased")])
def test_synonyms_are_not_siblings(relations, a, b):
    assert relations.synonyms(a, b) and not relations.siblings(a, b)


def test_a_shared_rare_meaning_makes_no_synonyms(relations):
    """million / billion meet only in "a very large indefinite number", second / minute only in "a moment"."""
    assert not relations.synonyms("million", "billion") and not relations.synonyms("seconds", "minutes")


def test_a_generalisation_is_no_sibling(relations):
    assert not relations.siblings("man", "person") and not relations.siblings("car", "vehicle")
    assert not relations.antonyms("tower", "tall") and not relations.siblings("tower", "tall")


def test_bundled_file_names_its_source():
    with gzip.open(RELATIONS_FILE, "rt", encoding="utf-8") as handle:
        data = json.load(handle)
    assert "WordNet 3.0" in data["source"] and len(data["lemmas"]) > 50_000
    assert (RELATIONS_FILE.parent / "WORDNET_LICENSE").read_text().startswith("WordNet Release 3.0")


@pytest.mark.parametrize(("word", "common"), [
    ("Based", True), ("Overall", True), ("unfortunately", True), ("Arsenal", True),  # lower case somewhere in WordNet
    ("London", False), ("Einstein", False), ("Cambridge", False),  # WordNet writes them only with a capital
    ("Fernandes", False), ("Chelsea", False),  # unknown to WordNet
])
def test_common_words_are_those_wordnet_writes_in_lower_case(relations, word, common):
    assert relations.is_common(word) is common



def test_coordinates_are_other_concepts_under_the_dominant_meanings_parent(relations):
    assert {"fox", "jackal"} <= set(relations.coordinates("wolves")) and "wolf" not in relations.coordinates("wolves")
    assert {"alaska", "utah"} <= set(relations.coordinates("Idaho"))
    assert "mathematics" not in relations.coordinates("math")  # a synonym is no coordinate
    assert relations.coordinates("quickly") == () and relations.coordinates("qwzxv") == ()  # no noun


def test_proper_words_are_written_only_with_a_capital(relations):
    assert relations.is_proper("Idaho") and not relations.is_proper("Arsenal") and not relations.is_proper("qwzxv")


@pytest.mark.parametrize(("a", "b"), [("dropped", "grew"), ("increased", "fell"), ("added", "removed"),
                                      ("banned", "approved"), ("hired", "dismissed"), ("sold", "acquired"),
                                      ("opposed", "welcomed"), ("criticised", "praised"),
                                      # session 53: nouns of the change scale, a balance, an outlook
                                      ("growth", "contraction"), ("growth", "shrank"), ("downturn", "rose"),
                                      ("profit", "losses"), ("surplus", "deficit"), ("bullish", "bearish"),
                                      ("outperformed", "underperformed"),
                                      # session 57: how often, how bad
                                      ("commonly", "rarely"), ("common", "rare"), ("frequently", "seldom"),
                                      ("mild", "severe"), ("slight", "serious")])
def test_poles_relate_words_wordnet_does_not(relations, a, b):
    assert not relations.antonyms(a, b)
    assert relations.antonyms(a, b, poles=True) and relations.antonyms(b, a, poles=True)
    assert relations.on_opposite_poles(a, b) and relations.on_opposite_poles(b, a)
    assert relations.lemma_set([b]) & relations.opposites(a, poles=True)


@pytest.mark.parametrize(("a", "b"), [("rose", "grew"), ("fell", "declined"), ("removed", "deleted"),
                                      ("banned", "prohibited"), ("growth", "upturn"), ("loss", "deficit"),
                                      ("growth", "slowdown"),  # a slowdown is slower growth, not its opposite
                                      ("often", "frequently"), ("rare", "seldom"), ("severe", "serious")])
def test_words_of_one_pole_are_no_antonyms(relations, a, b):
    assert not relations.antonyms(a, b, poles=True) and not relations.on_opposite_poles(a, b)


def test_wordnet_antonyms_on_opposite_poles_stay_antonyms(relations):
    assert relations.antonyms("fell", "rose") and relations.antonyms("fell", "rose", poles=True)
    assert relations.on_opposite_poles("fell", "rose")


def test_verbs_and_irregular_lemmas(relations):
    assert relations.is_verb("works") and relations.is_verb("open")
    assert not relations.is_verb("always")
    assert {"go", "leave"} <= relations.irregular
    assert "open" not in relations.irregular


def test_own_poles_are_the_words_of_a_words_pole(relations):
    assert {"reject", "ban", "veto"} <= relations.own_poles("rejected")
    assert "approve" not in relations.own_poles("rejected") and "approve" in relations.opposites("rejected", True)
    assert relations.own_poles("table") == frozenset()


def test_load_relations_reads_the_file_once():
    assert load_relations() is load_relations()


@pytest.mark.parametrize(("a", "b", "expected"), [
    ("rare", "rarely", True), ("asia", "asian", True), ("canada", "canadian", True), ("rare", "rare", False),
    ("care", "careless", False), ("geography", "geographical", True), ("paris", "parachute", False)])
def test_same_stem_by_spelling(a, b, expected):
    assert same_stem(a, b) is expected and same_stem(b, a) is expected
