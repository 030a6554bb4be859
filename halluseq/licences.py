"""Licence classes of bundled models: may a company ship it ("commercial use OK") or not ("research only")?

A model is only as free as the most restrictive thing it contains: its training data (stated per source in its
config) and the bundled models it reads (a detector with NLI features carries the NLI model's class).
"""

from __future__ import annotations

import json
from typing import Any

COMMERCIAL = "commercial use OK"
RESEARCH = "research only"
CLASSES = (COMMERCIAL, RESEARCH)


def checked(licence: str, where: str) -> str:
    """``licence`` if it is a known class, else a ValueError naming ``where`` it was read."""
    if licence not in CLASSES:
        raise ValueError(f"{where}: licence must be one of {CLASSES}, not {licence!r}")
    return licence


def nli_licence(backend: str) -> str:
    """The class of an NLI backend: a bundled model's from its ``training.json`` (older ones without it are
    research only); any other model's is the user's to check, so research only."""
    from halluseq.nli.model import BUNDLED_NLI_MODELS, bundled_nli_path

    if backend not in BUNDLED_NLI_MODELS:
        return RESEARCH
    record = bundled_nli_path(backend) / "training.json"
    if not record.exists():
        return RESEARCH
    return checked(json.loads(record.read_text(encoding="utf-8")).get("licence", RESEARCH), str(record))


def detector_licence(stated: str, features: dict[str, Any]) -> str:
    """The class of a detector trained on data of class ``stated`` that reads the ``features`` families."""
    classes = [checked(stated, "detector config")]
    for family in features.get("families", []):
        if family.get("name") == "nli":
            classes.append(nli_licence(family.get("backend", "halluseq-nli")))
    return RESEARCH if RESEARCH in classes else COMMERCIAL

