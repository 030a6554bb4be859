"""Examples -> per-word feature matrices ``(n_words, d)`` (SPEC 2)."""

from halluseq.features.base import FAMILIES, FeatureExtractor, build
from halluseq.features.pipeline import FeaturePipeline, load_feature_config
from halluseq.features.store import FeatureStore

__all__ = ["FAMILIES", "FeatureExtractor", "FeaturePipeline", "FeatureStore", "build", "load_feature_config"]
