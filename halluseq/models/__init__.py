"""Sequence models ``(batch, T, d)`` -> per-word probabilities, and the per-word baselines (SPEC 3)."""

from __future__ import annotations

from typing import Any

from halluseq.models.base import SequenceLabeler
from halluseq.models.baselines import WordLogReg, WordMLP, mlp_width
from halluseq.models.cnn import CNN1DTagger
from halluseq.models.crf import BiGRUCRFTagger, LinearChainCRF
from halluseq.models.ensemble import SeedEnsemble
from halluseq.models.gru import GRUTagger

# Model name -> (class, fixed options). ``shuffled_bigru`` is the BiGRU trained on permuted positions.
MODELS: dict[str, tuple[type[SequenceLabeler], dict[str, Any]]] = {
    "bigru": (GRUTagger, {"direction": "both"}),
    "shuffled_bigru": (GRUTagger, {"direction": "both"}),
    "forward_gru": (GRUTagger, {"direction": "forward"}),
    "backward_gru": (GRUTagger, {"direction": "backward"}),
    "bigru_crf": (BiGRUCRFTagger, {}),
    "cnn1d": (CNN1DTagger, {}),
    "mlp": (WordMLP, {}),
}


def build_model(name: str, n_features: int, **options: Any) -> SequenceLabeler:
    """The torch sequence model called ``name`` (``logreg`` is not one: see :class:`WordLogReg`); ``ensemble`` (a
    trained detector's seeds: options ``member``, ``size``, ``member_options``) is :class:`SeedEnsemble`."""
    if name == "ensemble":
        return SeedEnsemble.of(n_features, **options)
    if name not in MODELS:
        raise ValueError(f"unknown sequence model {name!r}; known: {', '.join(sorted(MODELS))} (and logreg)")
    cls, fixed = MODELS[name]
    return cls(n_features, **fixed, **options)


__all__ = ["MODELS", "BiGRUCRFTagger", "CNN1DTagger", "GRUTagger", "LinearChainCRF", "SeedEnsemble", "SequenceLabeler",
           "WordLogReg", "WordMLP", "build_model", "mlp_width"]
