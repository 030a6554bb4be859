"""``augment`` / ``write_augmented``: determinism, groups, exact spans, faithful twins, round trip through the
generic loader, and a run over real shared data."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from halluseq.augment import EDITS, KINDS, augment, write_augmented
from halluseq.augment.generate import KNOWN_KINDS
from halluseq.data import Example, Span, load, split_words

Record = dict[str, Any]

EIFFEL = ("The Eiffel Tower is 330 metres tall and was completed in 1889 in Paris. "
          "Gustave Eiffel's company designed and built the tower over two years. "
          "It was not the tallest structure in the world for long.")
AMAZON = ("The Amazon River carries more water than any other river on Earth. "
          "It flows 6,400 kilometres through Brazil, Colombia and Peru. "
          "In March the water level rises by 15 metres near Manaus.")
APPLE = ("Apple reported revenue of 90 billion dollars in January. "
         "Sales of the iPhone increased by 5% compared with the previous year. "
         "Tim Cook said the company can't meet demand in China.")


def example(id: str, group: str, context: str, answer: str, spans: tuple[Span, ...] = (),
            question: str | None = None) -> Example:
    return Example(id=id, context=context, answer=answer, question=question, task="QA", generator="g",
                   split="test", group=group, dataset="d", spans=spans)


EXAMPLES = [
    example("e1", "g1", EIFFEL, "The Eiffel Tower was completed in 1889 in Paris.", question="When?"),
    example("e2", "g1", EIFFEL, "The tower is 330 metres tall."),  # same context: no new context sentence
    example("e3", "g2", AMAZON, "The Amazon flows 6,400 kilometres through Brazil."),
    example("e4", "g3", APPLE, "Apple's revenue was 90 billion dollars."),
    example("e5", "g3", APPLE, "Apple's revenue was 12 billion dollars.", spans=(Span(20, 22),)),  # not a base
]
BY_ID = {e.id: e for e in EXAMPLES}


def run(**options: Any) -> list[Record]:
    return list(augment(EXAMPLES, **options))


def edited(records: list[Record]) -> list[Record]:
    return [r for r in records if r["meta"]["kind"] != "faithful"]


def twin_key(record: Record) -> str:
    """The id shared by a base's faithful twin and its edits (kind and index dropped)."""
    return record["id"].rsplit("-", 1)[0]


def test_augment_is_deterministic_for_a_seed() -> None:
    first, again, other = run(seed=0), run(seed=0), run(seed=1)
    assert first == again
    assert len(edited(first)) >= 8
    assert other != first


def test_records_keep_the_group_of_their_source() -> None:
    records = run(seed=0)
    for record in records:
        source = BY_ID[record["meta"]["source_id"]]
        assert record["group"] == source.group
        assert record["context"] == source.context
        assert record["split"] == source.split
    assert {r["group"] for r in records} == {"g1", "g2", "g3"}


def test_hallucinated_records_have_exact_spans_one_per_change() -> None:
    records = edited(run(seed=0, per_example=3))
    assert records
    for record in records:
        assert record["response_label"] is True
        assert record["meta"]["kind"] in EDITS
        assert len(record["spans"]) == (2 if record["meta"]["kind"] == "swap" else 1)
        for span in record["spans"]:
            assert 0 <= span["start"] < span["end"] <= len(record["response"])
            assert span["text"] == record["response"][span["start"]:span["end"]]
            assert span["type"] == record["meta"]["kind"]


def test_faithful_twins_have_no_span_and_copy_their_base() -> None:
    records = run(seed=0)
    faithful = [r for r in records if r["meta"]["kind"] == "faithful"]
    assert faithful
    for record in faithful:
        assert record["spans"] == [] and record["response_label"] is False
        source = BY_ID[record["meta"]["source_id"]]
        if record["meta"]["origin"] == "answer":
            assert record["response"] == source.answer
            assert record["question"] == source.question
        else:
            assert record["response"] in source.context
            assert record["question"] is None
    # every edit has exactly one faithful twin, and differs from it
    twins = Counter(twin_key(r) for r in faithful)
    assert set(twins.values()) == {1}
    texts = {twin_key(r): r["response"] for r in faithful}
    for record in edited(records):
        assert record["response"] != texts[twin_key(record)]


def test_bases_are_clean_answers_and_each_context_once() -> None:
    records = run(seed=0)
    bases = {(r["meta"]["source_id"], r["meta"]["origin"]) for r in records}
    # e5 has a gold span: not a base; e2 and e5 share an earlier example's context: no context sentence
    assert bases == {("e1", "answer"), ("e1", "context_sentence"), ("e2", "answer"), ("e3", "answer"),
                     ("e3", "context_sentence"), ("e4", "answer"), ("e4", "context_sentence")}


@pytest.mark.parametrize("per_example", [1, 2, 3])
def test_at_most_per_example_edits_of_different_kinds(per_example: int) -> None:
    by_base: dict[str, list[str]] = {}
    for record in edited(run(seed=0, per_example=per_example)):
        by_base.setdefault(twin_key(record), []).append(record["meta"]["kind"])
    assert by_base
    for kinds in by_base.values():
        assert len(kinds) <= per_example
        assert len(set(kinds)) == len(kinds)
    assert max(len(kinds) for kinds in by_base.values()) == per_example


def test_only_the_requested_kinds() -> None:
    records = run(seed=0, kinds=("negation", "antonym"))
    assert records
    assert {r["meta"]["kind"] for r in records} <= {"negation", "antonym"}
    assert "faithful" in KINDS


def test_number_intrinsic_is_made_only_where_named() -> None:
    assert "number_intrinsic" not in KINDS
    assert "number_intrinsic" not in {r["meta"]["kind"] for r in run(seed=0)}
    named = [ex for ex in EXAMPLES if ex.id == "e3"]
    records = list(augment(named, kinds=("number_intrinsic", "faithful"), seed=0, sentences_per_context=0))
    [edit] = [r for r in records if r["meta"]["kind"] == "number_intrinsic"]
    [span] = edit["spans"]
    assert edit["response"] == "The Amazon flows 15 kilometres through Brazil."
    assert edit["response"][span["start"]:span["end"]] == "15"


@pytest.mark.parametrize("kind", ["entity_near", "number_near", "ordinal"])
def test_near_kinds_are_made_only_where_named(kind: str) -> None:
    assert kind not in KINDS and kind in KNOWN_KINDS
    assert kind not in {r["meta"]["kind"] for r in run(seed=0)}


def test_unknown_kinds_raise() -> None:
    with pytest.raises(ValueError, match="unknown kinds.*typo"):
        run(kinds=("number", "typo"))


def word_labels(response: str, spans: list[tuple[int, int]]) -> list[int]:
    """1 where a word overlaps some span by more than half its length (SPEC 1.2), computed here by hand."""
    labels = []
    for word in split_words(response):
        overlap = max([min(word.end, end) - max(word.start, start) for start, end in spans] or [0])
        labels.append(int(2 * overlap > word.end - word.start))
    return labels


def test_written_file_loads_back_with_word_labels_from_the_span(tmp_path: Path) -> None:
    path = tmp_path / "augmented.jsonl"
    report = write_augmented(EXAMPLES, path, seed=0, per_example=3)
    records = run(seed=0, per_example=3)
    loaded, load_report = load(path, format="generic")
    assert load_report.skipped == []
    assert sum(report.records.values()) == len(records) == len(loaded)
    assert report.bases == Counter(origin for _, origin in
                                   {(twin_key(r), r["meta"]["origin"]) for r in records})
    for record, ex in zip(records, loaded, strict=True):
        assert ex.id == record["id"] and ex.answer == record["response"] and ex.group == record["group"]
        spans = [(s["start"], s["end"]) for s in record["spans"]]
        assert [(s.start, s.end) for s in ex.spans] == spans
        assert ex.labels.tolist() == word_labels(ex.answer, spans)
        if not spans:
            assert not ex.hallucinated


def test_every_hallucinated_record_labels_a_word(tmp_path: Path) -> None:
    examples = [example("p1", "g1", "Prices rose in the spring.", "Prices rose 2% in March.")]
    path = tmp_path / "percent.jsonl"
    write_augmented(examples, path, kinds=("number",), sentences_per_context=0)
    loaded, _ = load(path, format="generic")
    assert [ex.spans != () for ex in loaded] == [True]
    assert all(ex.hallucinated for ex in loaded)


# ---- real data ---------------------------------------------------------------------------------------------

def test_augment_real_entfa(shared_data: Path) -> None:
    examples, _ = load(shared_data / "spans" / "entfa.jsonl")
    groups = {e.id: e.group for e in examples}
    records = list(augment(examples, seed=0))
    kinds = Counter(r["meta"]["kind"] for r in records)
    assert set(kinds) == set(KINDS)
    assert min(kinds.values()) >= 20, kinds
    for record in records:
        assert record["group"] == groups[record["meta"]["source_id"]]
        if record["meta"]["kind"] == "faithful":
            assert record["spans"] == []
            continue
        assert len(record["spans"]) == (2 if record["meta"]["kind"] == "swap" else 1)
        for span in record["spans"]:
            assert span["start"] < span["end"]
            assert span["text"] == record["response"][span["start"]:span["end"]]


def test_paraphrase_rewords_twin_and_edits_alike_with_synonyms() -> None:
    from halluseq.augment.generate import paraphrase
    from halluseq.lexicon import load_relations

    rng = random.Random(0)
    text = "The city was often described as the most famous place in the country."
    reworded = paraphrase(text, rng, 2)
    changes = [(a, b) for a, b in zip(text.split(), reworded.split(), strict=True) if a != b]
    assert len(changes) == 2
    relations = load_relations()
    assert all(relations.synonyms(a.strip("."), b.strip(".")) for a, b in changes)
    assert paraphrase("Nothing here to swap.", rng, 2) == "Nothing here to swap."

    plain, reworded_records = run(seed=0, paraphrase_words=0), run(seed=0, paraphrase_words=1)
    assert plain == run(seed=0) and reworded_records == run(seed=0, paraphrase_words=1)
    twins = {twin_key(r): r["response"] for r in reworded_records if r["meta"]["kind"] == "faithful"}
    assert twins != {twin_key(r): r["response"] for r in plain if r["meta"]["kind"] == "faithful"}
    for record in edited(reworded_records):
        twin = twins[twin_key(record)]
        first, last = record["spans"][0], record["spans"][-1]
        # the edit changed its spans only: around them stands the reworded twin's text
        before, after = record["response"][:first["start"]], record["response"][last["end"]:]
        assert " ".join((before + after).split()) == " ".join(twin.split()) if record["meta"]["kind"] == "splice" \
            else twin.startswith(before) and twin.endswith(after)


# ---- context fragments -----------------------------------------------------------------------------------------

def test_context_fragments_are_names_and_numbers_with_what_they_count() -> None:
    from halluseq.augment.generate import context_fragments

    found = [EIFFEL[s:e] for s, e in context_fragments(EIFFEL)]
    assert found == ["Eiffel Tower", "330 metres", "1889", "Paris", "Gustave Eiffel's"]
    assert [AMAZON[s:e] for s, e in context_fragments(AMAZON)][:4] == ["Amazon River", "Earth", "6,400 kilometres",
                                                                         "Brazil"]
    # a number before a function word stands alone
    assert [t[s:e] for t in ["Built in 1913 after a fire."] for s, e in context_fragments(t)] == ["1913"]


def test_fragments_leave_the_other_bases_as_they_were_and_come_once_per_context() -> None:
    without, with_fragments = run(seed=0), run(seed=0, fragments_per_context=1)
    others = [r for r in with_fragments if r["meta"]["origin"] != "context_fragment"]
    assert [r for r in others if r["meta"]["kind"] == "faithful"] == [r for r in without
                                                                      if r["meta"]["kind"] == "faithful"]
    fragments = [r for r in with_fragments if r["meta"]["origin"] == "context_fragment"]
    # one per distinct context (e2 and e5 repeat earlier contexts), each with its faithful twin
    assert Counter(r["meta"]["source_id"] for r in fragments if r["meta"]["kind"] == "faithful") == \
        {"e1": 1, "e3": 1, "e4": 1}


def test_fragment_twins_are_cut_from_the_context_and_edits_change_only_the_phrase() -> None:
    from halluseq.augment.generate import FRAGMENT_KINDS

    kinds: Counter[str] = Counter()
    texts = set()
    for seed in range(20):
        made = [r for r in augment(EXAMPLES, seed=seed, per_example=3, fragments_per_context=1)
                if r["meta"]["origin"] == "context_fragment"]
        twins = {twin_key(r): r["response"] for r in made if r["meta"]["kind"] == "faithful"}
        texts |= set(twins.values())
        for record in made:
            kinds[record["meta"]["kind"]] += 1
            context = BY_ID[record["meta"]["source_id"]].context
            if record["meta"]["kind"] == "faithful":
                text = record["response"].rstrip(".")
                assert (text[0].lower() + text[1:]) in context or text in context
                assert len(text.split()) <= 5
                assert record["question"] is None
                continue
            assert record["meta"]["kind"] in FRAGMENT_KINDS
            (span,) = record["spans"]
            twin, text = twins[twin_key(record)], record["response"]
            # outside the span the edit is its twin's text
            assert text[:span["start"]] == twin[:span["start"]]
            assert text[span["end"]:] == twin[len(twin) - len(text) + span["end"]:]
    assert {"number", "date", "entity_extrinsic"} <= set(kinds), kinds
    # a preposition joins some fragments ("in 1889"), a full stop ends some
    assert any(t.split()[0].lower() in {"in", "by", "on", "of"} for t in texts), texts
    assert any(t.endswith(".") for t in texts) and any(not t.endswith(".") for t in texts)


# ---- framing ----------------------------------------------------------------------------------------------------

def test_framing_wraps_twin_and_edits_alike_outside_every_span() -> None:
    from halluseq.augment.framing import FRAMINGS

    plain, framed = run(seed=0), run(seed=0, framing=1.0)
    assert framed == run(seed=0, framing=1.0) and plain == run(seed=0, framing=0.0)
    assert [r["id"] for r in plain] == [r["id"] for r in framed]  # the same bases, kinds and edits
    by_id = {r["id"]: r for r in plain}
    for record in framed:
        kind, before, after = next(f for f in FRAMINGS if f[0] == record["meta"]["framing"] and
                                   record["response"].startswith(f[1]) and record["response"].endswith(f[2]))
        inner = record["response"][len(before):len(record["response"]) - len(after)]
        original = by_id[record["id"]]
        assert inner[1:] == original["response"][1:] and inner[0].lower() == original["response"][0].lower()
        for span, old in zip(record["spans"], original["spans"], strict=True):
            assert span["text"] == record["response"][span["start"]:span["end"]] == old["text"]
            assert span["start"] == old["start"] + len(before)
    # twins and edits of one base share their framing
    framings = {}
    for record in framed:
        assert framings.setdefault(twin_key(record), record["meta"]["framing"]) == record["meta"]["framing"]
    some = run(seed=0, framing=0.5)
    assert 0 < sum(r["meta"]["framing"] is not None for r in some) < len(some)


def test_framing_lowercases_a_stop_word_after_a_lead_in_only() -> None:
    from halluseq.augment.framing import frame

    assert frame("The tower is tall.", ("sources", "Based on the passages, ", "")) == (
        "Based on the passages, the tower is tall.", 23)
    lead_in = ("sources", "Based on the passages, ", "")
    assert frame("Paris is big.", lead_in)[0] == "Based on the passages, Paris is big."
    assert frame("It is tall.", ("courtesy", "", " I hope that answers your question.")) == (
        "It is tall. I hope that answers your question.", 0)
    # a sentence after an answer without a full stop does not run on from it
    assert frame("yes it is tall", ("abstention", "", " The context does not give further details.")) == (
        "yes it is tall. The context does not give further details.", 0)
    assert frame("yes it is tall", lead_in)[0] == "Based on the passages, yes it is tall"


def test_abstentions_true_after_twin_and_edits_alike_false_as_a_record_of_their_own() -> None:
    import re

    from halluseq.augment.edits import ABSTENTIONS, ATTRIBUTES

    def lacks(topic: str, context: str) -> bool:
        """A name sharing no word with the context, or an attribute it never names of a name it holds."""
        if not words(topic) & words(context):
            return True
        attribute, name = next((m.group("a"), m.group("n")) for pattern in (r"the (?P<a>.+) of (?P<n>.+)",
                                                                             r"(?P<n>.+)'s (?P<a>.+)")
                               if (m := re.fullmatch(pattern, topic)))
        return attribute in ATTRIBUTES and not words(attribute) & words(context) and name in context

    def topic(tail: str) -> str:
        [found] = [m.group(1) for t in ABSTENTIONS
                   if (m := re.fullmatch(" " + re.escape(t).replace(r"\{\}", "(.+)"), tail))]
        return found

    def words(text: str) -> set[str]:
        return set(re.findall(r"\w+", text.lower()))

    plain, framed = run(seed=0), run(seed=0, abstentions=1.0)
    assert framed == run(seed=0, abstentions=1.0)
    false = [r for r in framed if r["meta"]["kind"] == "abstention"]
    assert [r for r in framed if r["meta"]["kind"] != "abstention"] != plain
    assert [r["id"] for r in framed if r["meta"]["kind"] != "abstention"] == [r["id"] for r in plain]
    by_id = {r["id"]: r for r in plain}
    tails = {}
    for record in framed:
        if record["meta"]["kind"] == "abstention":
            continue
        original = by_id[record["id"]]
        if record["meta"]["origin"] == "context_fragment":
            assert record == original
            continue
        assert record["meta"]["framing"] == "abstention" and record["response"].startswith(original["response"])
        tail = record["response"][len(original["response"]):]
        assert tails.setdefault(twin_key(record), tail) == tail  # the base's twin and edits alike
        assert lacks(topic(tail), record["context"])  # a true abstention: the context lacks its topic
        assert record["spans"] == original["spans"]  # and it is never in a span
    assert any(words(topic(t)) & words(r["context"]) for r in framed for t in [tails.get(twin_key(r))] if t)
    assert false
    for record in false:  # the base, then a false abstention as the one span
        [span] = record["spans"]
        twin = by_id[twin_key(record) + "-faithful0"]["response"]
        assert record["response"] == twin + " " + span["text"] and span["end"] == len(record["response"])
        assert topic(" " + span["text"]) in record["context"] and record["meta"]["framing"] is None
    some = run(seed=0, abstentions=0.5)
    assert 0 < sum(r["meta"]["framing"] is not None for r in some) < len(some)


# ---- respelled amounts -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("Three of the 12 council members voted.", "3 of the twelve council members voted."),
    ("It took 25 minutes and forty-two seconds.", "It took twenty-five minutes and 42 seconds."),
    ("The bridge opened. 7 lanes were added.", "The bridge opened. Seven lanes were added."),
    # years, list numbers, decimals, money, percentages, a lone "one" and counts before a name stay
    ("In 2019 one of 3.5 million, $5 bills and 12% rose. 1. Mix 4 Tesla cars.",
     "In 2019 one of 3.5 million, $5 bills and 12% rose. 1. Mix 4 Tesla cars."),
])
def test_respell_writes_counts_the_other_way(text: str, expected: str) -> None:
    from halluseq.augment.generate import respell

    assert respell(text) == expected


def test_respell_amounts_rewrites_twin_and_edits_alike_and_only_that_share() -> None:
    counts = [example("c1", "g9", "Three of the 12 council members voted against the plan on Monday.",
                      "Three of the 12 council members voted against it.")]
    plain = list(augment(counts, seed=0, per_example=3))
    respelled = list(augment(counts, seed=0, per_example=3, respell_amounts=1.0))
    assert list(augment(counts, seed=0, per_example=3, respell_amounts=0.0)) == plain
    twins = {twin_key(r): r["response"] for r in respelled if r["meta"]["kind"] == "faithful"}
    assert "3 of the twelve council members voted against it." in twins.values()
    assert edited(respelled)
    for record in edited(respelled):
        twin = twins[twin_key(record)]
        text, spans = record["response"], record["spans"]
        before, after = text[:spans[0]["start"]], text[spans[-1]["end"]:]
        assert twin.startswith(before) and twin.endswith(after)  # the edit changed the respelled twin's text only


def test_strict_names_reach_the_name_swaps_through_augment_and_a_config_section(tmp_path: Path) -> None:
    import json

    from halluseq.data.sources import load_sources

    context = "Nickelback is a Canadian rock band formed in Hanna, Alberta. Its label Roadrunner Records is in Toronto."
    band = [example("b1", "g1", context, "They are a Canadian rock band.")]
    loose = [r["meta"]["detail"] for r in augment(band, kinds=["entity_intrinsic"], seed=0)]
    strict = [r["meta"]["detail"] for r in augment(band, kinds=["entity_intrinsic"], seed=0, strict_names=True)]
    assert any(d.startswith("Canadian ->") for d in loose) and not any(d.startswith("Canadian ->") for d in strict)
    assert strict  # the context sentence still gets its swap
    path = tmp_path / "band.jsonl"
    path.write_text(json.dumps({"id": "b1", "context": context, "response": "They are a Canadian rock band.",
                                "response_label": False, "spans": []}) + "\n")
    section = {"sources": ["band"], "kinds": ["entity_intrinsic"], "seed": 0, "strict_names": True}
    made = load_sources([{"path": str(path), "name": "band"}, {"name": "synthetic", "augment": section}])
    assert not any(e.answer.startswith("They are a") and "Canadian" not in e.answer for e in made)


def test_extra_kinds_add_records_beside_each_base_edit_and_leave_the_others_as_they_were() -> None:
    context = ("Manchester United beat Chelsea 2-1 at Old Trafford. Cole Palmer scored for Chelsea, and Bruno "
               "Fernandes scored twice for United in front of 70,000 fans.")
    examples = [example("m1", "g1", context, "Chelsea lost 2-1 at Old Trafford."),
                example("m2", "g2", "Paris hosted the 1900 Olympics, not Lyon.", "Lyon lost the bid in 1899.")]
    plain = list(augment(examples, seed=3))
    extra = list(augment(examples, seed=3, extra_kinds=["entity_opening"]))
    assert [r for r in extra if r["meta"]["kind"] != "entity_opening"] == plain  # the other records, as they were
    openers = [r for r in extra if r["meta"]["kind"] == "entity_opening"]
    assert {r["meta"]["detail"].split(" -> ")[0] for r in openers} == {"Chelsea", "Lyon"}
    # made besides: the bases they came from kept their own edit
    assert {r["id"].rsplit("-", 1)[0] for r in openers} <= {r["id"].rsplit("-", 1)[0] for r in plain
                                                            if r["meta"]["kind"] != "faithful"}
    with pytest.raises(ValueError, match="unknown kinds"):
        list(augment(examples, extra_kinds=["entity_openers"]))


def test_extra_kinds_reach_augment_through_a_config_section(tmp_path: Path) -> None:
    import json

    from halluseq.data.sources import load_sources

    context = "Chelsea lost 2-1 at Old Trafford. Cole Palmer scored for Chelsea. Bruno Fernandes scored twice."
    path = tmp_path / "match.jsonl"
    path.write_text(json.dumps({"id": "m1", "context": context, "response": "Chelsea lost the match.",
                                "response_label": False, "spans": []}) + "\n")
    section = {"sources": ["match"], "kinds": ["faithful"], "seed": 0, "context_sentences": 0,
               "extra_kinds": ["entity_opening"]}
    made = load_sources([{"path": str(path), "name": "match"}, {"name": "synthetic", "augment": section}])
    assert sorted(e.meta["kind"] for e in made if e.dataset == "synthetic") == ["entity_opening", "faithful"]
