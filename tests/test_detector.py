"""The bundled detector as a product: loading, per-word scores, spans, claims, skips, batching, persistence."""

from __future__ import annotations

import json
import re
import shutil
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from halluseq.claims import FRAMING_REASON, claims
from halluseq.data import load
from halluseq.data.sentences import split_sentences
from halluseq.data.structured import readable_context
from halluseq.detector import JSON_CONTEXT_NOTE, Detector, bundled_model_path
from halluseq.features.align import AlignFeatures
from halluseq.models import SeedEnsemble
from halluseq.result import DetectionResult

CONTEXT = ("The Eiffel Tower is a wrought-iron lattice tower in Paris, France. It was designed by the company of "
           "Gustave Eiffel and completed in 1889 for the World's Fair. The tower is 330 metres tall and was the "
           "tallest man-made structure in the world until 1930.")
ANSWER = ("The Eiffel Tower is a lattice tower in Paris.  It was completed in 1999 by the architect Bernard Moreau "
          "for the Olympic Games.\nThe tower is 330 metres tall!")


@pytest.fixture(scope="module")
def detector() -> Detector:
    return Detector.from_pretrained()


@pytest.fixture(scope="module")
def ragtruth_sample(shared_data):
    """~20 real RAGTruth answers spread over the whole range of lengths, in a mixed (not sorted) order."""
    examples, _ = load(shared_data / "ragtruth_partial")
    by_length = sorted(examples, key=lambda e: (e.n_words, e.id))
    picked = [by_length[round(i * (len(by_length) - 1) / 19)] for i in range(20)]
    order = np.random.default_rng(0).permutation(len(picked))
    return [picked[i] for i in order]


def items_of(examples):
    return [{"id": e.id, "context": e.context, "answer": e.answer, "question": e.question} for e in examples]


def assert_same_words(a: DetectionResult, b: DetectionResult, tol: float = 1e-6) -> None:
    assert a.status == b.status
    assert [(w.text, w.start, w.end) for w in a.words] == [(w.text, w.start, w.end) for w in b.words]
    np.testing.assert_allclose([w.prob for w in a.words], [w.prob for w in b.words], rtol=0, atol=tol)


# ---- loading ----------------------------------------------------------------------------------------------

def test_from_pretrained_loads_the_bundled_model_with_its_provenance(detector):
    config = json.loads((bundled_model_path() / "config.json").read_text(encoding="utf-8"))
    assert 0.0 < detector.threshold < 1.0
    assert detector.threshold == pytest.approx(config["threshold"])
    assert detector.model_spec == config["model"]
    assert detector.pipeline.columns == config["columns"]
    assert len(detector.pipeline.columns) == config["model"]["n_features"]
    # the families that read words against the context say nothing on an abstention clause (configs/detector.yaml)
    assert config["features"]["undefined_on_abstentions"] == ["text", "align", "slots", "forms", "quantities"]
    assert {"name": "abstention", "clauses": True} in config["features"]["families"]
    training = detector.meta["training"]
    assert "ragtruth_partial" in json.dumps(training["data"])
    assert training["examples"] == sum(training["by_dataset"].values()) > 0
    assert {"ragtruth", "entfa", "synthetic"} <= set(training["by_dataset"])  # multi-source corpus
    assert "ragtruth" in training["licences"] and "MIT" in training["licences"]["ragtruth"]
    # three seeds, every one kept: their mean probability scores (the ensemble of configs/detector.yaml)
    assert isinstance(detector.model, SeedEnsemble) and training["seed"] == [0, 1, 2]
    assert set(training["ensemble_members"]) == {"0", "1", "2"}
    metrics = detector.meta["metrics"]
    assert "validation" in metrics
    for evaluation in metrics.values():
        if "response_level" in evaluation:  # labelled per response only (FRANK, BEGIN)
            assert 0.0 <= evaluation["response_level"]["response_auc"] <= 1.0
        else:
            assert 0.0 <= evaluation["token_auc"] <= 1.0
        assert evaluation["examples"] > 0


# ---- one answer -------------------------------------------------------------------------------------------

EIFFEL = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."


def test_a_changed_year_in_a_one_line_answer_is_flagged_on_that_year(detector):
    result = detector.predict(context=EIFFEL, answer="The Eiffel Tower, finished in 1925, is 330 metres tall.")
    assert result.hallucinated
    assert "1925," in [span.text for span in result.spans]
    assert max(result.words, key=lambda w: w.prob).text == "1925,"


@pytest.mark.parametrize(("context", "right", "wrong", "span"), [
    ("World War II lasted from 1939 to 1945.", "The war lasted 1939-1945.", "The war lasted 1939-1946.",
     "1939-1946."),
    ("Preheat the oven to 180°C (350°F) and bake the cake for 30 minutes.", "Bake the cake at 180°C.",
     "Bake the cake at 200°C.", "200°C."),
])
def test_a_range_or_temperature_the_context_does_not_state_is_flagged_on_it(detector, context, right, wrong, span):
    assert not detector.predict(context=context, answer=right).hallucinated
    result = detector.predict(context=context, answer=wrong)
    assert result.hallucinated and span in [s.text for s in result.spans]


@pytest.mark.parametrize(("context", "right", "wrong", "span"), [
    ("Building the new library will take about 18 months.", "Building it will take a year and a half.",
     "Building it will take two and a half years.", "two"),
    ("The war killed between 70 and 85 million people.", "The war killed at least 70 million people.",
     "The war killed at least 60 million people.", "60"),
])
def test_halves_and_ranges_of_two_amounts_are_read_by_value(detector, context, right, wrong, span):
    assert not detector.predict(context=context, answer=right).hallucinated  # quantities version 6
    result = detector.predict(context=context, answer=wrong)
    assert result.hallucinated and any(span in s.text for s in result.spans)


@pytest.mark.parametrize("name", ["default", "full"])
def test_a_bare_yes_or_no_is_read_as_the_claim_of_its_question(name, detector, full_detector):
    scorer = {"default": detector, "full": full_detector}[name]
    context = "Mount Kilimanjaro, in Tanzania, is the highest mountain in Africa. It is a dormant volcano."
    grounded, unsupported = "Is Kilimanjaro in Tanzania?", "Is Kilimanjaro in Kenya?"
    right_yes, wrong_yes = (scorer.predict(context, "Yes.", question) for question in (grounded, unsupported))
    assert not right_yes.hallucinated and wrong_yes.hallucinated and [s.text for s in wrong_yes.spans] == ["Yes."]
    assert "scored as its claim 'Kilimanjaro in Kenya'" in wrong_yes.notes[0]
    assert wrong_yes.claims[0].reason.startswith("says yes to 'Kilimanjaro in Kenya': no support in context")
    right_no, wrong_no = (scorer.predict(context, "No, it is not.", question) for question in (unsupported, grounded))
    assert not right_no.hallucinated and wrong_no.hallucinated
    assert right_no.score == pytest.approx(1.0 - wrong_yes.score)  # "No" takes one minus the claim's score
    unasked = scorer.predict(context, "Yes.")  # no question: the word scored as it is
    assert unasked.notes == [] and unasked.score != pytest.approx(right_yes.score)


def test_a_yes_to_a_pronoun_question_keeps_its_auxiliary(detector):
    leaflet = "Take one tablet twice a day with food. Do not take it if you are pregnant."
    wrong = detector.predict(leaflet, "Yes.", "Can I take it if I am pregnant?")
    assert wrong.hallucinated and "'I can take it if I am pregnant'" in wrong.notes[0]  # "can" where it says "do not"
    assert not detector.predict(leaflet, "Yes.", "Should I take it with food?").hallucinated


@pytest.mark.parametrize("name", ["default", "full"])
def test_a_fragment_answer_is_read_within_its_question(name, detector, full_detector):
    scorer = {"default": detector, "full": full_detector}[name]
    context = ("The Eiffel Tower was designed by the firm of Gustave Eiffel. Construction began in 1887 and was "
               "completed in 1889.")
    question = "When was the Eiffel Tower completed?"
    right, wrong = (scorer.predict(context, answer, question) for answer in ("1889.", "1887."))
    assert not right.hallucinated and wrong.hallucinated and [s.text for s in wrong.spans] == ["1887."]
    assert wrong.notes == ["a short answer to a question: scored within its claim 'the Eiffel Tower completed in 1887'"]
    assert wrong.claims[0].reason.startswith("answers as 'the Eiffel Tower completed in 1887': ")
    assert not scorer.predict(context, "1887.").hallucinated  # without its question a year the context holds
    novel = scorer.predict(context, "Dyson.", "Who designed the tower?")  # as high as the name alone scores
    assert novel.score >= scorer.predict(context, "Dyson.").score and novel.hallucinated
    true, false = (scorer.predict(context, "Not stated.", asked) for asked in ("Who painted the tower?", question))
    assert not true.hallucinated and false.hallucinated  # the context says when it was completed
    assert true.notes == ["a terse abstention: scored as 'It is not stated who painted the tower.'"]


def test_a_follow_up_question_to_the_reader_is_no_claim(detector):
    right = detector.predict(context=EIFFEL, answer="It is 330 metres tall. Would you like to know more about it?")
    assert not right.hallucinated  # discourse version 5: a question to the reader is a courtesy
    wrong = detector.predict(context=EIFFEL, answer="It was completed in 1925. Would you like to know more about it?")
    assert wrong.hallucinated and [s.text for s in wrong.spans] == ["1925."]
    # the question's verdict says it makes no claim; the wrong sentence's names the number
    assert [c.reason for c in wrong.claims] == ["no support in context: numbers 1925 not found", FRAMING_REASON]
    assert right.claims[1].reason == FRAMING_REASON


def test_two_names_that_traded_places_are_flagged(detector):
    context = "In the final, Maria Lopez defeated Anna Weber in three sets."
    result = detector.predict(context=context, answer="In the final, Anna Weber defeated Maria Lopez in three sets.")
    assert result.hallucinated
    flagged = [w.text for w in result.words if w.prob >= detector.threshold]
    assert {"Anna", "Weber", "Maria", "Lopez"} <= set(flagged) <= {"Anna", "Weber", "defeated", "Maria", "Lopez"}
    top = sorted(result.words, key=lambda w: -w.prob)[:4]  # the names above the verb between them
    assert {w.text for w in top} == {"Anna", "Weber", "Maria", "Lopez"}
    assert not detector.predict(context=context, answer=context).hallucinated


def test_a_context_sentence_copied_as_the_answer_is_not_flagged(detector):
    result = detector.predict(context=EIFFEL + " It was designed by the company of Gustave Eiffel.",
                              answer="It was designed by the company of Gustave Eiffel.")
    assert not result.hallucinated and not result.spans


def with_threshold(detector: Detector, threshold: float) -> Detector:
    """The same real model and features with another decision threshold."""
    return Detector(detector.pipeline, detector.standardizer, detector.model, threshold, detector.model_spec,
                    detector.meta, detector.batch_size)


def word_runs(words, flagged):
    """Maximal runs of consecutive flagged words."""
    runs, current = [], []
    for word, flag in zip(words, flagged, strict=True):
        if flag:
            current.append(word)
        elif current:
            runs.append(current)
            current = []
    if current:
        runs.append(current)
    return runs


@pytest.mark.parametrize("threshold", ["default", "word 1999", "middle"])
def test_predict_gives_consistent_words_spans_and_claims(detector, threshold):
    base = detector.predict(CONTEXT, ANSWER)
    probs_at_default = {w.text: w.prob for w in base.words}
    if threshold == "word 1999":  # the sentence holding the novel number is flagged for sure
        detector = with_threshold(detector, probs_at_default["1999"])
    elif threshold == "middle":  # some words flagged, some not
        detector = with_threshold(detector, float(np.median(list(probs_at_default.values()))))
    result = detector.predict(CONTEXT, ANSWER, question="Tell me about the Eiffel Tower.", id="eiffel")
    assert result.status == "ok" and result.reason is None and result.id == "eiffel"
    assert result.answer == ANSWER
    assert result.threshold == detector.threshold

    # one WordScore per whitespace word, with offsets into the answer
    expected = [(m.group(), m.start(), m.end()) for m in re.finditer(r"\S+", ANSWER)]
    assert [(w.text, w.start, w.end) for w in result.words] == expected
    for word in result.words:
        assert ANSWER[word.start:word.end] == word.text
        assert 0.0 <= word.prob <= 1.0
    probs = np.array([w.prob for w in result.words])
    np.testing.assert_allclose(probs, [w.prob for w in base.words], rtol=0, atol=1e-12)  # threshold-free

    # response score and verdict
    assert result.score == pytest.approx(probs.max(), abs=1e-12)
    assert result.hallucinated == (result.score >= result.threshold)

    # spans = maximal runs of words at or over the threshold
    runs = word_runs(result.words, probs >= result.threshold)
    if threshold != "default":
        assert runs and len(runs[0]) < len(result.words)
    assert [(s.start, s.end) for s in result.spans] == [(r[0].start, r[-1].end) for r in runs]
    for span, run in zip(result.spans, runs, strict=True):
        assert span.text == ANSWER[span.start:span.end]
        assert span.score == pytest.approx(max(w.prob for w in run), abs=1e-12)
        assert span.score >= result.threshold
    assert bool(result.spans) == result.hallucinated

    # one claim per sentence, its score the highest probability of its words
    sentences = split_sentences(ANSWER)
    assert len(sentences) == 3
    assert [(c.start, c.end) for c in result.claims] == sentences
    for claim in result.claims:
        assert claim.text == ANSWER[claim.start:claim.end]
        inside = [w.prob for w in result.words if claim.start <= w.start < claim.end]
        assert inside
        assert claim.score == pytest.approx(max(inside), abs=1e-12)
        assert claim.hallucinated == (claim.score >= result.threshold)
        assert claim.reason
        if not claim.hallucinated:
            assert claim.reason.startswith("supported")
        elif "1999" in claim.text:  # a flagged sentence with a number the context lacks names that number
            assert "1999" in claim.reason and "not found" in claim.reason
    if threshold == "word 1999":
        assert result.claims[1].hallucinated and "1999" in result.claims[1].reason

    # JSON-serializable; the answer itself only on request
    payload = result.to_dict()
    assert "answer" not in payload
    decoded = json.loads(json.dumps(payload))
    assert decoded["status"] == "ok" and len(decoded["words"]) == len(expected)
    assert len(decoded["spans"]) == len(result.spans) and len(decoded["claims"]) == 3
    assert decoded["claims"][1]["text"] == result.claims[1].text
    assert result.to_dict(include_answer=True)["answer"] == ANSWER
    assert json.loads(result.to_json())["score"] == pytest.approx(result.score)


def test_claims_reasons_name_the_missing_number(make_example):
    answer = "The bridge opened in 1999 after a long delay. It crosses the river near the old mill."
    context = "The bridge crosses the river near the old mill. It opened after a long delay in 2003."
    example = make_example(answer, context)
    sentences = split_sentences(answer)
    assert len(sentences) == 2
    probs = np.array([0.9 if w.end <= sentences[0][1] else 0.1 for w in example.words])
    verdicts = claims(example, probs, 0.5)
    assert [(c.start, c.end) for c in verdicts] == sentences
    bad, good = verdicts
    assert bad.hallucinated and bad.score == pytest.approx(0.9)
    assert "1999" in bad.reason and "not found" in bad.reason
    assert "2003" not in bad.reason
    assert not good.hallucinated and good.score == pytest.approx(0.1)
    assert good.reason.startswith("supported")
    n_good = len(answer[sentences[1][0]:sentences[1][1]].split())
    assert good.reason == f"supported: {n_good} of {n_good} words found in the context"


def test_claims_reasons_call_no_list_item_opener_a_name(make_example):
    example = make_example("Steps: 1. Marinate the fish with Tabasco.", "Grill the fish for ten minutes.")
    [claim] = claims(example, np.full(len(example.words), 0.9), 0.5)
    # "Marinate" opens a list item: a word, not a name; "Tabasco" mid-sentence is a name
    assert claim.reason == "no support in context: names Tabasco not found"
    # an opener that reads as a name is one ("London"); a common word ("However", "Overall") is not
    example = make_example("London is home to it. Overall, it wins. However, it fell.", "Paris is home to the tower.")
    first, second, third = claims(example, np.full(len(example.words), 0.9), 0.5)
    assert first.reason == "no support in context: names London not found"
    assert "names" not in second.reason and "names" not in third.reason
    # a number with its unit attached is a number, as written
    example = make_example("It ranges from 43°F to 69°F.", "It ranges from 43 to 69 degrees.")
    [claim] = claims(example, np.full(len(example.words), 0.9), 0.5)
    assert claim.reason == "no support in context: numbers 43°F, 69°F not found"
    # an ordinal is a rank ("3rd" where the context says fourth)
    example = make_example("She finished 3rd in the final.", "She finished fourth in the final.")
    [claim] = claims(example, np.full(len(example.words), 0.9), 0.5)
    assert claim.reason == "no support in context: ranks 3rd not found"
    # HTML tags and Markdown emphasis around a word are not part of what the reason names
    for answer in ("<p>The bridge opened in <b>1936</b>.</p>", "The bridge opened in **1936**."):
        example = make_example(answer, "The bridge opened in 1937.")
        [claim] = claims(example, np.full(len(example.words), 0.9), 0.5)
        assert claim.reason == "no support in context: numbers 1936 not found", answer


def test_claims_reasons_name_a_word_put_in_for_its_antonym(make_example, detector):
    context = "The city's population grew by 3.1% last year. Podcast listening climbed to 41%."
    example = make_example("Podcast listening fell to 41%.", context)
    aligned = AlignFeatures(poles=True).extract([example])[0]
    [claim] = claims(example, np.full(len(example.words), 0.9), 0.5, aligned=aligned)
    assert claim.reason == "no support in context: words fell say the opposite of the context"
    [plain] = claims(example, np.full(len(example.words), 0.9), 0.5)  # without alignment features: a missing word
    assert plain.reason == "no support in context: words fell not found"
    # the bundled default reads align with poles: its verdict names the reversed word
    [verdict] = detector.predict(context, "Podcast listening fell to 41%.").claims
    assert verdict.hallucinated and "fell say the opposite of the context" in verdict.reason
    # a stance reversed: "opposed" for "welcomed"
    [stance] = detector.predict("The board kept the ward open. Staff unions welcomed the decision.",
                                "Staff unions opposed the decision.").claims
    assert stance.hallucinated and "opposed say the opposite of the context" in stance.reason


def test_claims_reasons_name_a_negation_left_out(make_example, detector):
    context = "Amoxicillin is a penicillin antibiotic. Amoxicillin does not work against viral infections."
    example = make_example("Amoxicillin works against viral infections.", context)
    aligned = AlignFeatures(replaced_negation=True).extract([example])[0]
    [claim] = claims(example, np.full(len(example.words), 0.9), 0.5, aligned=aligned)
    assert claim.reason == ('leaves out a negation of the context (works): "Amoxicillin does not work against viral '
                            'infections."')
    # the bundled default reads align with replaced_negation: its verdict quotes the sentence that denies it
    [verdict] = detector.predict(context, "Amoxicillin works against viral infections.").claims
    assert verdict.hallucinated and verdict.reason.startswith("leaves out a negation of the context (works)")
    # a negation of the second sentence the claim merges in: that sentence is quoted
    context = "Members voted 9-2 to keep the maternity ward open. The board did not say how the ward would be funded."
    example = make_example("Members voted 9-2 to keep the ward open, and the board said how the ward would be funded.",
                           context)
    aligned = AlignFeatures(replaced_negation=True).extract([example])[0]
    [claim] = claims(example, np.full(len(example.words), 0.9), 0.5, aligned=aligned)
    assert claim.reason == ('leaves out a negation of the context (said): "The board did not say how the ward would '
                            'be funded."')


def test_a_table_layout_makes_no_claim_and_no_missing_word(make_example):
    context = "The Sydney Harbour Bridge opened in 1932. The Golden Gate Bridge opened in 1937."
    answer = "| Bridge | Opened |\n|---|---|\n| Sydney Harbour Bridge | 1932 |\n| Golden Gate Bridge | 1937 |"
    example = make_example(answer, context)
    found = claims(example, np.full(len(example.words), 0.1), 0.5)
    assert [claim.text for claim in found] == ["| Bridge | Opened |", "| Sydney Harbour Bridge | 1932 |",
                                               "| Golden Gate Bridge | 1937 |"]  # the delimiter row is layout
    assert [claim.reason for claim in found] == [FRAMING_REASON,  # a header row: a label
                                                 "supported: 4 of 4 words found in the context",
                                                 "supported: 4 of 4 words found in the context"]


def test_claims_reasons_do_not_call_another_form_of_a_context_word_missing(make_example):
    context = "The city council voted on Tuesday to approve the light-rail extension. Work began in April."
    answer = "The council unanimously approved the rail extension. Work begins in June."
    example = make_example(answer, context)
    first, second = claims(example, np.full(len(example.words), 0.1), 0.5)
    # "approved" (approve), "rail" (light-rail): found in another form; "unanimously" is the only missing word
    assert first.reason == "supported: 6 of 7 words found in the context (not found: unanimously)"
    assert second.reason == "supported: 3 of 4 words found in the context (not found: June)"


# ---- skipped items ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("context", "answer", "field"), [
    ("", "An answer.", "context"),
    ("   \n\t", "An answer.", "context"),
    ("Some context.", "   \n  ", "answer"),
    ("Some context.", "", "answer"),
    ("Some context.", 42, "answer"),
    (["not", "text"], "An answer.", "context"),
    ("Some context.", "...!!! —", "answer"),
])
def test_unscorable_items_are_skipped_with_a_reason(detector, context, answer, field):
    result = detector.predict(context, answer, id="x")
    assert result.status == "skipped"
    assert result.reason and field in result.reason
    assert result.id == "x"
    assert result.words == [] and result.spans == [] and result.claims == []
    assert result.hallucinated is False
    json.dumps(result.to_dict())


def test_non_string_question_is_skipped(detector):
    result = detector.predict_batch([{"context": "c d e", "answer": "c d", "question": 7}])[0]
    assert result.status == "skipped" and "question" in result.reason


def test_batch_with_a_mix_keeps_order_and_ids(detector):
    items = [
        {"id": "a", "context": CONTEXT, "answer": ANSWER},
        {"id": "b", "context": "", "answer": "Nothing to check against."},
        {"id": "c", "context": CONTEXT, "answer": "The tower is in Paris."},
        {"id": "d", "context": CONTEXT, "answer": "  "},
        {"context": CONTEXT, "answer": "It was completed in 1889."},
        {"id": "f", "context": CONTEXT, "answer": 3.5},
    ]
    results = detector.predict_batch(items)
    assert detector.predict_batch([]) == []
    assert [r.id for r in results] == ["a", "b", "c", "d", None, "f"]
    assert [r.status for r in results] == ["ok", "skipped", "ok", "skipped", "ok", "skipped"]
    assert "context" in results[1].reason
    assert "answer" in results[3].reason and "answer" in results[5].reason
    for item, result in zip(items, results, strict=True):
        if result.status == "ok":
            assert result.answer == item["answer"]
            assert_same_words(result, detector.predict(item["context"], item["answer"]))


# ---- batching ---------------------------------------------------------------------------------------------

def test_batch_equals_single_on_real_answers(detector, ragtruth_sample):
    lengths = {e.n_words for e in ragtruth_sample}
    assert len(lengths) >= 15 and max(lengths) > 4 * min(lengths)
    batched = detector.predict_batch(items_of(ragtruth_sample))
    assert [r.id for r in batched] == [e.id for e in ragtruth_sample]
    small = Detector.from_pretrained(batch_size=3)
    assert small.batch_size == 3
    twice = small.predict_batch(items_of(ragtruth_sample) * 2)  # 40 items: more than one chunk of 8 batches
    assert [r.id for r in twice] == [e.id for e in ragtruth_sample] * 2
    small_batched = twice[:len(ragtruth_sample)]
    for first, second in zip(small_batched, twice[len(ragtruth_sample):], strict=True):
        assert_same_words(first, second)
    for example, together, in_threes in zip(ragtruth_sample, batched, small_batched, strict=True):
        alone = detector.predict(example.context, example.answer, example.question, example.id)
        assert together.status == "ok" and len(together.words) == example.n_words
        assert_same_words(together, alone)
        assert_same_words(in_threes, alone)
        assert [(s.start, s.end) for s in together.spans] == [(s.start, s.end) for s in alone.spans]
        assert together.hallucinated == alone.hallucinated


# ---- persistence ------------------------------------------------------------------------------------------

def test_save_and_load_round_trip(detector, ragtruth_sample, tmp_path):
    saved = detector.save_pretrained(tmp_path / "model")
    assert sorted(p.name for p in saved.iterdir()) == ["config.json", "model.safetensors"]
    assert not any(p.suffix in (".pkl", ".pickle", ".pt", ".bin", ".ckpt", ".tmp") for p in saved.rglob("*"))
    assert json.loads((saved / "config.json").read_text(encoding="utf-8")) == json.loads(
        (bundled_model_path() / "config.json").read_text(encoding="utf-8"))
    reloaded = Detector.from_pretrained(saved)
    assert reloaded.threshold == detector.threshold and reloaded.meta == detector.meta
    items = items_of(ragtruth_sample[:8]) + [{"id": "eiffel", "context": CONTEXT, "answer": ANSWER}]
    for before, after in zip(detector.predict_batch(items), reloaded.predict_batch(items), strict=True):
        assert_same_words(before, after, tol=0.0)
        assert before.to_dict() == after.to_dict()


def test_loading_an_incomplete_folder_names_it(tmp_path):
    folder = tmp_path / "incomplete"
    folder.mkdir()
    shutil.copy(bundled_model_path() / "config.json", folder / "config.json")
    with pytest.raises(FileNotFoundError, match=re.escape(str(folder))):
        Detector.from_pretrained(folder)
    with pytest.raises(FileNotFoundError, match=re.escape(str(tmp_path / "nowhere"))):
        Detector.from_pretrained(tmp_path / "nowhere")


def test_loading_a_wrong_format_version_raises(tmp_path):
    folder = tmp_path / "future"
    shutil.copytree(bundled_model_path(), folder)
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    config["format_version"] = 99
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(str(folder)) + ".*format 99"):
        Detector.from_pretrained(folder)


def test_loading_mismatched_feature_columns_raises(tmp_path):
    folder = tmp_path / "renamed"
    shutil.copytree(bundled_model_path(), folder)
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    config["columns"][0] = "something_else"
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(ValueError, match="columns"):
        Detector.from_pretrained(folder)


# ---- scale ------------------------------------------------------------------------------------------------

def test_long_context_in_bounded_memory(detector):
    sentences = [f"Station {i % 97} recorded {i * 7} units of rainfall during week {i}." for i in range(5000)]
    context = " ".join(sentences)
    assert len(context.split()) == 50_000
    answer = ("Station 5 recorded 35 units of rainfall during week 5. Station 12 recorded 99999 units during "
              "week 12, which was the wettest week since records began in 1850.  ")
    n_words = len(answer.split())
    assert 25 <= n_words <= 35
    tracemalloc.start()
    try:
        result = detector.predict(context, answer)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 300 * 2**20, f"peak traced memory {peak / 2**20:.0f} MiB"
    assert result.status == "ok"
    assert len(result.words) == n_words
    assert result.words[-1].end == len(answer.rstrip())
    assert all(0.0 <= w.prob <= 1.0 for w in result.words)


# ---- the detect command -----------------------------------------------------------------------------------

def test_detect_command_prints_the_same_result(detector, tmp_path, capsys):
    from halluseq.cli import main

    context, answer = tmp_path / "context.txt", tmp_path / "answer.txt"
    context.write_text(CONTEXT, encoding="utf-8")
    answer.write_text(ANSWER, encoding="utf-8")
    page = tmp_path / "page.html"
    assert main(["detect", "--context", str(context), "--answer", str(answer), "--format", "json",
                 "--html", str(page)]) == 0
    printed = json.loads(capsys.readouterr().out)
    local = detector.predict(CONTEXT, ANSWER).to_dict()
    assert printed == json.loads(json.dumps(local))
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")

    answer.write_text("   ", encoding="utf-8")
    assert main(["detect", "--context", str(context), "--answer", str(answer)]) == 3
    assert "empty answer" in capsys.readouterr().out
    assert main(["detect", "--context", str(tmp_path / "missing.txt"), "--answer", str(answer)]) == 2
    assert "missing.txt" in capsys.readouterr().err


def test_detector_claims_reuse_its_text_features_unchanged(shared_data):
    """The claims the detector builds from its own text-feature columns equal claims computed from scratch."""
    detector = Detector.from_pretrained()
    examples, _ = load(shared_data / "ragtruth_partial")
    for example in examples[:5]:
        result = detector.predict(example.context, example.answer)
        probs = np.array([w.prob for w in result.words])
        assert result.claims == claims(example, probs, detector.threshold)


# ---- the bundled "full" detector (every feature family) ---------------------------------------------------

@pytest.fixture(scope="module")
def full_detector() -> Detector:
    return Detector.from_pretrained("full")


def test_full_bundled_detector_reads_the_context_models_and_records_provenance(full_detector):
    config = json.loads((bundled_model_path("full") / "config.json").read_text(encoding="utf-8"))
    families = {f["name"]: f for f in config["features"]["families"]}
    # the default's families with its options and the two context models; no proxy LM (configs/detector_full.yaml
    # says why)
    assert list(families) == ["text", "align", "discourse", "abstention", "slots", "forms", "quantities", "nli",
                              "support"]
    default = json.loads((bundled_model_path("default") / "config.json").read_text(encoding="utf-8"))
    # the default's options but `compounds`, `longest_evidence`, `poles`, `currencies`, `answer_names`,
    # `replaced_negation`, `durations`, `respellings` and `clocks` (sessions 39-47: the default was retrained with
    # them, the full one not yet; `ranges`: session 52; `crossed_names`, `opening_names`, `hedges`: session 53;
    # `stated_poles` and quantities' `clauses`: session 55, `negation_forms`: session 56, read by the default's weights
    # without a retrain)
    newer = ("compounds", "longest_evidence", "poles", "currencies", "answer_names", "replaced_negation", "durations",
             "respellings", "clocks", "referents", "units", "calendar", "crossed", "ranks", "sentence_ends",
             "any_tail", "ranges", "crossed_names", "opening_names", "hedges", "stated_poles", "negation_forms")
    newer_in = {"quantities": ("clauses",)}  # the abstention family's `clauses` both detectors read
    assert [f for f in config["features"]["families"] if f["name"] not in ("nli", "support")] == \
        [{k: v for k, v in f.items() if k not in newer and k not in newer_in.get(f["name"], ())}
         for f in default["features"]["families"]]
    assert not any(f.get(option) for f in config["features"]["families"] for option in newer)
    assert families["nli"]["backend"] == "halluseq-nli"
    assert families["nli"]["precision"] == families["support"]["precision"] == "bfloat16"  # features/encoders.py
    undefined = ["text", "align", "slots", "forms", "quantities", "nli", "support"]  # an abstention is no claim
    assert config["features"]["undefined_on_abstentions"] == undefined
    assert full_detector.pipeline.undefined_on_abstentions == undefined
    assert full_detector.pipeline.columns == config["columns"]
    assert len(config["columns"]) == config["model"]["n_features"]
    training = full_detector.meta["training"]
    assert training["command"] == "halluseq train-detector --config configs/detector_full.yaml"
    assert isinstance(full_detector.model, SeedEnsemble) and set(training["ensemble_members"]) == {"0", "1", "2"}
    assert {"ragtruth", "nli", "support"} <= set(training["licences"])
    assert {"ragtruth", "entfa", "synthetic"} <= set(training["by_dataset"])  # multi-source corpus
    assert full_detector.long_answers == {"max_words": 10000, "fallback": "default"}
    assert {"validation", "psiloqa_eval_gpt (zero-shot, GPT-4o annotations)"} <= set(full_detector.meta["metrics"])


def test_full_detector_flags_a_changed_year_and_two_names_that_traded_places(full_detector):
    year = full_detector.predict(context=EIFFEL, answer="The Eiffel Tower, finished in 1925, is 330 metres tall.")
    assert year.hallucinated and max(year.words, key=lambda w: w.prob).text == "1925,"
    context = "In the final, Maria Lopez defeated Anna Weber in three sets."
    swap = full_detector.predict(context=context, answer="In the final, Anna Weber defeated Maria Lopez in three sets.")
    top = sorted(swap.words, key=lambda w: -w.prob)[:4]
    assert swap.hallucinated and {w.text for w in top} == {"Anna", "Weber", "Maria", "Lopez"}
    assert not full_detector.predict(context=context, answer=context).hallucinated


SHORT_CONTEXT = "Acme Corp was founded in 1989 by Jane Doe in Ohio."


@pytest.mark.parametrize("name", ["default", "full"])
def test_one_phrase_answers_are_left_alone_when_right_and_flagged_when_changed(name, detector, full_detector):
    scorer = {"default": detector, "full": full_detector}[name]
    for question, right, wrong in [("When was Acme Corp founded?", "1989.", "1998."),
                                   ("Where was Acme Corp founded?", "Ohio.", "Texas."),
                                   ("Who founded Acme Corp?", "By Jane Doe", "By John Smith")]:
        for asked in (question, None):
            assert not scorer.predict(SHORT_CONTEXT, right, question=asked).hallucinated, (right, asked)
            changed = scorer.predict(SHORT_CONTEXT, wrong, question=asked)
            # the span holds the changed value ("John Smith"; the full detector's also takes in "By")
            assert changed.hallucinated and wrong.split(maxsplit=1)[-1].rstrip(".") in changed.spans[0].text, \
                (wrong, asked, changed.spans)


@pytest.mark.parametrize("name", ["default", "full"])
def test_markdown_emphasis_and_possessives_are_not_new_words(name, detector, full_detector):
    scorer = {"default": detector, "full": full_detector}[name]
    context = ("The Eiffel Tower is 330 metres tall and was completed in 1889. It was designed by the engineering "
               "company of Gustave Eiffel for the 1889 World's Fair.")
    for answer in ("**The Eiffel Tower** is 330 metres tall and was completed in **1889**.",
                   "The tower was designed by Gustave Eiffel's company for the 1889 World's Fair."):
        assert not scorer.predict(context, answer).hallucinated, answer
    changed = scorer.predict(context, "**The Eiffel Tower** is 330 metres tall and was completed in **1925**.")
    assert changed.hallucinated and "1925" in changed.spans[0].text


@pytest.mark.parametrize("name", ["default", "full"])
def test_list_numbers_and_citation_markers_show_the_words_they_stand_for(name, detector, full_detector):
    scorer = {"default": detector, "full": full_detector}[name]
    context = "The Eiffel Tower is 330 metres tall. It was completed in 1889 in Paris."
    listed = "1. The Eiffel Tower is 330 metres tall [1].\n2. It was completed in {year} in Paris [1]."
    faithful = scorer.predict(context, listed.format(year=1889))
    probs = {(w.text, w.start): w.prob for w in faithful.words}
    # a list number shows its item's first word, a citation marker the word it follows
    assert [probs[("1.", 0)], probs[("[1].", 39)], probs[("2.", 44)], probs[("[1].", 81)]] == \
        [probs[("The", 3)], probs[("tall", 34)], probs[("It", 47)], probs[("Paris", 75)]]
    assert not any(w in c.reason for c in faithful.claims for w in ("1.", "2.", "[1]"))
    assert not faithful.hallucinated  # the full detector of session 18 flagged "It" after "2." (README)
    changed = scorer.predict(context, listed.format(year=1925))
    assert changed.hallucinated and max(changed.words, key=lambda w: w.prob).text == "1925"


def test_full_detector_scores_real_answers_alone_as_in_a_batch(full_detector, ragtruth_sample):
    picked = sorted(ragtruth_sample, key=lambda e: e.n_words)[:4]
    batched = full_detector.predict_batch(items_of(picked))
    for example, together in zip(picked, batched, strict=True):
        alone = full_detector.predict(example.context, example.answer, example.question, example.id)
        assert together.status == "ok" and len(together.words) == example.n_words
        assert all(0.0 <= w.prob <= 1.0 for w in together.words)
        # the bfloat16 encoders run one batch shape per padded length: their numbers never depend on batch-mates
        assert_same_words(together, alone)
        for a, b in zip(together.claims, alone.claims, strict=True):
            for quoted, reference in ((a.support, b.support), (a.contradiction, b.contradiction)):
                assert (quoted is None) == (reference is None)
                if quoted is not None:
                    assert (quoted.start, quoted.end) == (reference.start, reference.end)
                    assert quoted.prob == pytest.approx(reference.prob, abs=1e-6)


def test_answers_over_the_long_answer_limit_go_to_the_fallback_detector(detector, tmp_path):
    from halluseq.detector import _long_answers

    # a saved copy of the default detector that hands answers over 14 words to the bundled default detector
    saved = Path(detector.save_pretrained(tmp_path / "limited"))
    config = json.loads((saved / "config.json").read_text(encoding="utf-8"))
    config["threshold"] = 0.999  # so that a result scored by the fallback is told apart by its threshold
    config["long_answers"] = {"max_words": 14, "fallback": "default"}
    (saved / "config.json").write_text(json.dumps(config), encoding="utf-8")
    limited = Detector.from_pretrained(saved)
    short, long = EIFFEL, ANSWER
    assert len(short.split()) == 14 < len(long.split())
    results = limited.predict_batch([{"context": CONTEXT, "answer": long}, {"context": CONTEXT, "answer": short}])
    reference = detector.predict(CONTEXT, long)
    assert results[0].threshold == detector.threshold and results[1].threshold == 0.999
    assert_same_words(results[0], reference)
    assert results[0].hallucinated == reference.hallucinated
    assert "over this detector's 14-word limit" in results[0].notes[0] and "'default'" in results[0].notes[0]
    assert not any("limit" in note for note in results[1].notes)
    with pytest.raises(ValueError, match="fallback must be a bundled detector"):
        _long_answers({"max_words": 10, "fallback": "tiny"})
    with pytest.raises(ValueError, match="max_words must be a positive integer"):
        _long_answers({"max_words": 0, "fallback": "default"})


def test_answers_past_the_labelers_reach_are_read_in_windows_and_say_so(detector, ragtruth_sample):
    from halluseq.models.reach import Reach

    items = [{"context": e.context, "answer": e.answer, "question": e.question} for e in ragtruth_sample]
    reference = detector.predict_batch(items)
    long = [i for i, e in enumerate(ragtruth_sample) if e.n_words > 60]
    assert 5 <= len(long) < len(items)
    largest = {}
    for margin in (0, 25):
        results = Detector.from_pretrained(reach=Reach(words=60, window=40, margin=margin)).predict_batch(items)
        largest[margin] = 0.0
        for i, (result, whole) in enumerate(zip(results, reference, strict=True)):
            probs, whole_probs = (np.array([w.prob for w in r.words]) for r in (result, whole))
            if i in long:
                windows = -(-ragtruth_sample[i].n_words // 40)
                assert any(f"over the sequence model's 60-word reach: it read the answer in {windows} windows of 40 "
                           f"words, each with up to {margin} words on either side" in note for note in result.notes)
                largest[margin] = max(largest[margin], float(np.abs(probs - whole_probs).max()))
            else:
                np.testing.assert_array_equal(probs, whole_probs)
                assert not any("reach" in note for note in result.notes)
    # cut bare, words near the cuts lose what lies beyond; 25 words either side give back most of it
    assert largest[25] < 0.1 and largest[25] < largest[0] / 3


def test_bundled_detectors_by_name(tmp_path, monkeypatch):
    with pytest.raises(ValueError, match="no bundled detector 'tiny'; bundled: default, full"):
        bundled_model_path("tiny")
    assert bundled_model_path("full").parent == bundled_model_path().parent
    monkeypatch.chdir(tmp_path)  # a name means the bundled detector; a path, the folder
    shutil.copytree(bundled_model_path(), tmp_path / "full")
    default_columns = Detector.from_pretrained().pipeline.columns
    assert Detector.from_pretrained("./full").pipeline.columns == default_columns
    assert Detector.from_pretrained(Path("full")).pipeline.columns == default_columns
    assert Detector.from_pretrained("full").pipeline.columns != default_columns


def test_detect_command_takes_a_bundled_name(tmp_path, capsys):
    from halluseq.cli import main

    (tmp_path / "context.txt").write_text(CONTEXT, encoding="utf-8")
    (tmp_path / "answer.txt").write_text(ANSWER, encoding="utf-8")
    assert main(["detect", "--context", str(tmp_path / "context.txt"), "--answer", str(tmp_path / "answer.txt"),
                 "--model", "full", "--format", "json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "ok" and len(result["words"]) == len(ANSWER.split())
    assert result["threshold"] == pytest.approx(Detector.from_pretrained("full").threshold)


@pytest.mark.parametrize("name", ["default", "full"])
def test_courtesies_sources_and_unit_spellings_are_not_claims(name, detector, full_detector):
    scorer = {"default": detector, "full": full_detector}[name]
    context = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."
    for answer in ("The Eiffel Tower is 330 metres tall. I hope this helps!",
                   "The Eiffel Tower (330 m) was completed in 1889.",
                   "Based on the provided context, the tower was completed in 1889. Let me know if you have any "
                   "other questions."):
        assert not scorer.predict(context, answer).hallucinated, answer
    changed = scorer.predict(context, "Based on the provided context, the tower was completed in 1925. I hope this "
                                      "helps!")
    [span] = changed.spans  # the year, perhaps with its preposition; no framing word
    assert changed.hallucinated and span.text.endswith("1925.") and span.text in "completed in 1925."


@pytest.mark.parametrize("name", ["default", "full"])
def test_a_true_abstention_after_an_answer_is_left_alone_a_false_one_is_flagged(name, detector, full_detector):
    detector = {"default": detector, "full": full_detector}[name]
    context = ("The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris. It was built by Gustave "
               "Eiffel's company for the World's Fair.")
    answer = "The Eiffel Tower was completed in 1889 in Paris."
    for true in ("However, the passages do not provide information about its cost.",
                 "The passages do not mention who designed its lifts.",
                 "The passages do not mention the Eiffel Tower's cost."):  # a name the context holds, not its cost
        assert not detector.predict(context, f"{answer} {true}").hallucinated, true
    for false in ("However, the passages do not mention who built it.",
                  "The article does not say when it was completed."):  # "completed": held as written
        result = detector.predict(context, f"{answer} {false}")
        assert result.hallucinated and result.spans[0].start > len(answer), false


def test_a_claim_after_an_abstention_clause_is_read_and_explained(detector):
    context = "The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris."
    result = detector.predict(context, "The passages do not mention who designed it, but it was Pierre Curie.")
    assert result.hallucinated and result.spans[-1].text.endswith("Curie.")
    assert "Pierre" in result.claims[0].reason
    # the words of an abstention clause, undefined for the labeler, are still read by the claim's reason
    [claim] = detector.predict(context, "The passages do not mention the 1925 renovation.").claims
    assert "1925" in claim.reason and not claim.reason.startswith("supported: 7 of 7")


def test_claims_reasons_read_amounts_by_value(make_example):
    context = "Three of the 12 council members voted against the ban. It will cost two hundred thousand euros."
    answer = "3 of the twelve members voted against the ban on Friday. It will cost three hundred thousand euros."
    example = make_example(answer, context)
    first, second = claims(example, np.full(len(example.words), 0.9), 0.5)
    # "3" and "twelve" state the context's amounts in other spellings: only "Friday" is missing
    assert first.reason == "no support in context: names Friday not found"
    assert second.reason == "no support in context: numbers three hundred thousand not found"
    supported, _ = claims(example, np.full(len(example.words), 0.1), 0.5)
    assert supported.reason == "supported: 10 of 11 words found in the context (not found: Friday)"
    # an amount another sentence states about something else
    context += " The museum next door had 40 visitors. The ban covers 5 streets."
    example = make_example("The ban covers 40 streets.", context)
    [claim] = claims(example, np.full(len(example.words), 0.9), 0.5)
    assert claim.reason == "no support in context: numbers 40 stated only about something else"


def test_a_json_context_is_read_as_its_fields(detector):
    record = {"name": "The Golden Palace", "eatType": "coffee shop", "food": "French", "priceRange": "cheap",
              "near": "Café Rouge"}
    answer = "The Golden Palace is a cheap Italian coffee shop near Café Rouge."
    from_json = detector.predict(json.dumps(record, ensure_ascii=False), answer)
    from_text = detector.predict(readable_context(json.dumps(record)), answer)
    assert from_json.notes == [JSON_CONTEXT_NOTE] and from_text.notes == []
    assert [w.prob for w in from_json.words] == [w.prob for w in from_text.words]
    # the record's own words are no new words once its syntax ("Café Rouge"}) is gone
    assert [s.text for s in from_json.spans] == ["Italian"]
    assert detector.predict("{not json", answer).notes == []


def test_a_json_field_that_denies_a_thing_is_read_as_a_denial(detector):
    record = json.dumps({"name": "Blue Door Cafe", "city": "Portland",
                         "attributes": {"OutdoorSeating": False, "Alcohol": "u'none'", "WiFi": "u'free'"}})
    denying = detector.predict(record, "Blue Door Cafe does not have outdoor seating.")
    claiming = detector.predict(record, "Blue Door Cafe has outdoor seating.")
    assert not denying.hallucinated and denying.score < claiming.score
    # the span opens on the verb that left the denial out ("has outdoor": negation_forms also marks the thing denied)
    assert claiming.hallucinated and [s.text.split()[0] for s in claiming.spans] == ["has"]


def test_chinese_and_japanese_answers_are_read_word_by_word(detector):
    """Read as one word per phrase, every such answer was flagged whole, the right ones too."""
    tower = "埃菲尔铁塔高330米，于1889年在巴黎建成。"
    right = detector.predict(tower, "埃菲尔铁塔于1889年建成。")
    wrong = detector.predict(tower, "埃菲尔铁塔于1925年建成。")
    assert not right.hallucinated and not right.spans
    assert wrong.hallucinated and [s.text for s in wrong.spans] == ["1925"]
    mountain = "富士山の高さは3776メートルで、日本で最も高い山です。"
    assert not detector.predict(mountain, "富士山の高さは3776メートルです。").hallucinated
    assert [s.text for s in detector.predict(mountain, "富士山の高さは3500メートルです。").spans] == ["3500"]
    # a context in HTML, and a reason that quotes a context sentence as it is written
    html = "<p>埃菲尔铁塔高330米，于<b>1889年</b>在巴黎建成。</p>"
    assert not detector.predict(html, "埃菲尔铁塔于1889年建成。").hallucinated
    company = "华为公司成立于1987年，总部位于深圳。2023年，公司营收为7042亿元。"
    [claim] = detector.predict(company, "华为成立于2023年。").claims
    assert "2023" in claim.reason and "华 为" not in claim.reason
