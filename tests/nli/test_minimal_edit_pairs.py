"""Minimal-edit NLI pairs: labels per kind, the antonym hold-out, training premises, continued training."""

from __future__ import annotations

import json
from difflib import SequenceMatcher

import pytest
import torch
from transformers import AutoTokenizer

from halluseq.augment.edits import ANTONYM_PAIRS
from halluseq.data.sentences import split_sentences
from halluseq.nli.data import training_premises
from halluseq.nli.edits import EDIT_LABELS, antonym_is_trained, edit_pairs
from halluseq.nli.model import NLI_LABELS, minilm_path, new_full_model, save_finetuned
from halluseq.nli.training import (
    EDITS_PREFIX,
    all_training_pairs,
    evaluate_minimal_edits,
    initial_model,
    load_nli_config,
    report_markdown,
)
from tests.nli.test_nli_model import PAIRS, write_pairs

PREMISES = [
    "The council of Springfield approved the budget of 45 million dollars in March 2019. Mayor Ann Lee said "
    "the vote was not close and that taxes would rise.",
    "Heavy rain closed the northern road for three days in June. Engineers from Dover said the bridge was safe.",
    "The museum was opened by Queen Mary in 1921 and has always been free. It holds more than 2,000 paintings.",
    "Researchers at Oxford found that the new drug lowered blood pressure in 62 percent of the patients.",
]


def test_every_kind_gets_its_label_and_the_faithful_copy_is_a_premise_sentence():
    made = list(edit_pairs(PREMISES * 3, seed=0, antonyms="all"))
    assert {m.kind for m in made} >= {"faithful", "number", "negation", "splice"}
    for m in made:
        assert NLI_LABELS[m.pair.label] == EDIT_LABELS[m.kind]
        if m.kind == "faithful":
            assert m.pair.hypothesis in m.pair.premise
        else:
            assert m.pair.hypothesis not in m.pair.premise
    assert EDIT_LABELS["splice"] == "neutral" and EDIT_LABELS["number"] == "contradiction"
    assert made == list(edit_pairs(PREMISES * 3, seed=0, antonyms="all"))
    assert made != list(edit_pairs(PREMISES * 3, seed=1, antonyms="all"))


def test_edits_change_one_fact_of_the_copied_sentence():
    made = [m for m in edit_pairs(PREMISES, seed=2, edits_per_sentence=8, antonyms="all") if m.kind != "faithful"]
    assert len({m.kind for m in made}) >= 5
    for m in made:
        sentences = [m.pair.premise[start:end] for start, end in split_sentences(m.pair.premise)]
        if m.kind == "splice":  # the copied sentence, then another document's sentence
            assert any(m.pair.hypothesis.startswith(sentence + " ") for sentence in sentences), m
            continue
        changes = [[op for op in SequenceMatcher(None, sentence.split(), m.pair.hypothesis.split()).get_opcodes()
                    if op[0] != "equal"] for sentence in sentences]
        assert min(map(len, changes)) == 1, m  # one contiguous change against the sentence it copied


def test_antonym_halves_split_the_list_by_position():
    trained = {frozenset(p) for p in ANTONYM_PAIRS[::2]}
    assert all(antonym_is_trained(f"{a} -> {b}") == (frozenset((a, b)) in trained) for a, b in ANTONYM_PAIRS)
    assert antonym_is_trained("Higher -> Lower") == antonym_is_trained("higher -> lower")
    premises = [f"Sales were {word} than last year in every one of the regions." for pair in ANTONYM_PAIRS
                for word in pair if " " not in word] * 2
    held = [m for m in edit_pairs(premises, 0, antonyms="held_out") if m.kind == "antonym"]
    kept = [m for m in edit_pairs(premises, 0, antonyms="trained") if m.kind == "antonym"]
    assert held and kept and all(m.held_out_antonym for m in held) and not any(m.held_out_antonym for m in kept)
    with pytest.raises(ValueError, match="antonyms"):
        list(edit_pairs(premises, 0, antonyms="some"))


def test_training_premises_are_distinct_seeded_and_never_from_evaluation_files(tmp_path):
    write_pairs(tmp_path, "train_file", [{**r, "premise": p} for r in PAIRS for p in PREMISES])
    premises = training_premises(tmp_path, {"train_file": 2}, count=3, seed=0)
    assert len(premises) == len(set(premises)) == 3 and set(premises) <= set(PREMISES)
    assert premises == training_premises(tmp_path, {"train_file": 2}, count=3, seed=0)
    with pytest.raises(ValueError, match="snli_test"):
        training_premises(tmp_path, {"train_file": None, "snli_test": None}, count=3, seed=0)


def test_config_adds_edit_pairs_and_leaves_a_files_only_recipe_as_it_was(tmp_path):
    write_pairs(tmp_path, "train_file", [{**r, "premise": p} for r in PAIRS for p in PREMISES])
    config = load_nli_config(None)
    config.update(data=str(tmp_path), files={"train_file": None})
    files_only = all_training_pairs(config)
    assert len(files_only) == len(PAIRS) * len(PREMISES)
    config["minimal_edits"] = {"premises": 4, "edits_per_sentence": 2}
    with_edits = all_training_pairs(config)
    extra = len(with_edits) - len(files_only)
    assert extra == len(list(edit_pairs(training_premises(tmp_path, config["files"], 4, 0), 0)))
    assert extra >= 4 * 2  # each premise: its copy and at least one edit


def test_init_continues_from_a_saved_fine_tuned_model(tmp_path):
    trained = new_full_model()
    with torch.no_grad():
        trained.classifier.weight.add_(1.0)
    save_finetuned(trained, tmp_path)
    config = load_nli_config(None)
    config.update(finetune="full", init=str(tmp_path))
    model = initial_model(config)
    assert torch.allclose(model.classifier.weight, trained.classifier.weight.half().float())
    assert not model.bert.embeddings.word_embeddings.weight.requires_grad
    assert model.bert.encoder.layer[0].attention.self.query.weight.requires_grad
    config.update(init=str(tmp_path / "not built"))
    with pytest.raises(FileNotFoundError, match="not built"):
        initial_model(config)
    config.update(finetune="lora")
    with pytest.raises(ValueError, match="init"):
        initial_model(config)


def test_minimal_edit_report_counts_each_kind_once(tmp_path):
    write_pairs(tmp_path, "eval_file", [{**PAIRS[0], "premise": p} for p in PREMISES])
    made = list(edit_pairs(PREMISES, 0, antonyms="all"))
    tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    report = evaluate_minimal_edits(new_full_model().eval(), tokenizer, tmp_path, ["eval_file"], max_length=64,
                                    progress=False)
    assert all(name.startswith(EDITS_PREFIX) for name in report)
    assert sum(r["pairs"] for r in report.values()) == len(made)
    assert all(sum(map(sum, r["confusion"])) == r["pairs"] for r in report.values())
    markdown = report_markdown(report)
    assert f"| {EDITS_PREFIX}faithful |" in markdown and "rows gold" not in markdown
    json.dumps(report)
