"""Licence classes: a detector is never freer than its training data or the bundled models it reads."""

from __future__ import annotations

import json

import pytest

from halluseq.detector import BUNDLED_MODELS, Detector, bundled_model_path
from halluseq.licences import COMMERCIAL, RESEARCH, detector_licence, nli_licence
from halluseq.nli.model import BUNDLED_NLI_MODELS, bundled_nli_path

TEXT_ONLY = {"families": [{"name": "text"}], "temporal": None}


def with_nli(backend: str) -> dict:
    return {"families": [{"name": "text"}, {"name": "nli", "backend": backend}], "temporal": None}


def test_the_most_restrictive_part_decides():
    assert detector_licence(COMMERCIAL, TEXT_ONLY) == COMMERCIAL
    assert detector_licence(RESEARCH, TEXT_ONLY) == RESEARCH
    assert detector_licence(COMMERCIAL, with_nli("some-org/any-hub-model")) == RESEARCH  # unknown terms
    assert detector_licence(COMMERCIAL, with_nli("halluseq-nli")) == nli_licence("halluseq-nli")
    with pytest.raises(ValueError, match="licence must be one of"):
        detector_licence("free for all", TEXT_ONLY)


@pytest.mark.parametrize("name", sorted(BUNDLED_NLI_MODELS))
def test_each_bundled_nli_model_records_its_class(name):
    record = bundled_nli_path(name) / "training.json"
    if not record.exists():
        pytest.skip(f"{name} not built")
    stated = json.loads(record.read_text())["licence"]
    assert nli_licence(name) == stated
    assert f"Licence class: **{stated}**" in (bundled_nli_path(name) / "LICENSES.md").read_text()


@pytest.mark.parametrize("name", sorted(BUNDLED_MODELS))
def test_every_bundled_detector_exposes_its_class(name):
    config = json.loads((bundled_model_path(name) / "config.json").read_text())
    detector = Detector.from_pretrained(name)
    assert detector.licence == config["training"]["licence"]
    assert detector.licence == detector_licence(detector.licence, config["features"])
