"""Feature configs, family concatenation and the temporal augmentation (SPEC 2, 2.7)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_allclose

from halluseq.data import Example
from halluseq.features import FeatureExtractor, FeaturePipeline, FeatureStore, build, load_feature_config
from halluseq.features.pipeline import select_families
from halluseq.features.temporal import temporal_augment
from halluseq.features.windows import DEFAULT_BUDGET

REPO = Path(__file__).resolve().parents[2]


class Constant(FeatureExtractor):
    """Each word gets ``values`` (one column per value) times (word index + 1)."""

    version = "1"

    def __init__(self, name: str, values: Sequence[float]):
        super().__init__(values=list(values))
        self.name = name
        self.values = list(values)

    @property
    def columns(self) -> list[str]:
        return [f"{self.name}_{j}" for j in range(len(self.values))]

    def extract(self, examples: Sequence[Example]) -> list[np.ndarray]:
        return [np.outer(np.arange(1, e.n_words + 1), self.values).astype(np.float32) for e in examples]


# ---- config ---------------------------------------------------------------------------------------------

def test_default_config():
    assert load_feature_config() == {"families": [{"name": "text"}], "temporal": None}


def test_shipped_config_file():
    config = load_feature_config(REPO / "configs" / "features.yaml")
    assert config["families"] == [{"name": "text"}]
    assert config["temporal"] is None


def test_yaml_config_and_families_override(tmp_path):
    path = tmp_path / "features.yaml"
    path.write_text(
        "features:\n"
        "  families:\n"
        "    - text\n"
        "    - name: other\n"
        "      alpha: 2\n"
        "  temporal: {base: [is_novel], windows: [3]}\n",
        encoding="utf-8")
    config = load_feature_config(path)
    assert config["families"] == [{"name": "text"}, {"name": "other", "alpha": 2}]
    assert config["temporal"] == {"base": ["is_novel"], "windows": [3]}

    swapped = load_feature_config(path, families=["other", "text"])
    assert swapped["families"] == [{"name": "other", "alpha": 2}, {"name": "text"}]
    assert swapped["temporal"] == {"base": ["is_novel"], "windows": [3]}
    only_new = load_feature_config(path, families=["fresh"])
    assert only_new["families"] == [{"name": "fresh"}]


def test_yaml_without_features_section(tmp_path):
    path = tmp_path / "bare.yaml"
    path.write_text("families: [text]\n", encoding="utf-8")
    assert load_feature_config(path)["families"] == [{"name": "text"}]


def test_family_entry_without_name(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("features:\n  families:\n    - {alpha: 1}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="no 'name'"):
        load_feature_config(path)


# ---- pipeline -------------------------------------------------------------------------------------------

def test_families_concatenated_in_order(make_example):
    examples = [make_example("one two three"), make_example("four")]
    a, b = Constant("a", [1, 2]), Constant("b", [10])
    pipeline = FeaturePipeline([a, b])
    assert pipeline.columns == ["a_0", "a_1", "b_0"]
    first, second = pipeline.transform(examples, progress=False)
    assert first.dtype == np.float32
    np.testing.assert_array_equal(first, [[1, 2, 10], [2, 4, 20], [3, 6, 30]])
    np.testing.assert_array_equal(second, [[1, 2, 10]])

    reversed_pipeline = FeaturePipeline([b, a])
    assert reversed_pipeline.columns == ["b_0", "a_0", "a_1"]
    np.testing.assert_array_equal(reversed_pipeline.transform(examples, progress=False)[0],
                                  [[10, 1, 2], [20, 2, 4], [30, 3, 6]])


def test_pipeline_with_store_matches_without(tmp_path, make_example):
    examples = [make_example("one two three", "one"), make_example("four", "five")]
    families = [Constant("a", [1, 2]), build("text")]
    plain = FeaturePipeline(families).transform(examples, progress=False)
    cached = FeaturePipeline(families, store=FeatureStore(tmp_path)).transform(examples, progress=False)
    for x, y in zip(plain, cached, strict=True):
        np.testing.assert_array_equal(x, y)
        assert x.shape[1] == 22


def test_pipeline_rejects_clashes_and_empty():
    with pytest.raises(ValueError, match="clashing"):
        FeaturePipeline([Constant("a", [1]), Constant("a", [2])])
    with pytest.raises(ValueError, match="at least one"):
        FeaturePipeline([])


def test_from_config_and_to_config(make_example):
    pipeline = FeaturePipeline.from_config(load_feature_config())
    assert len(pipeline.columns) == 20
    assert pipeline.to_config() == {"families": [{"name": "text"}], "temporal": None, "answer_budget": DEFAULT_BUDGET}
    [matrix] = pipeline.transform([make_example("a b c", "a")], progress=False)
    assert matrix.shape == (3, 20)


def test_families_undefined_on_abstentions_read_nan_there_only(make_example):
    example = make_example("The bridge cost $4 million. The passages do not mention its length.",
                           "The bridge cost $4 million.")
    families = [Constant("a", [1, 2]), build("abstention"), Constant("b", [10])]
    plain = FeaturePipeline(families).transform([example], progress=False)[0]
    pipeline = FeaturePipeline.from_config({"families": ["text"], "undefined_on_abstentions": []})
    assert "undefined_on_abstentions" not in pipeline.to_config()  # configs of pipelines without it stay as they were
    set_aside = FeaturePipeline(families, undefined_on_abstentions=["a"])
    assert set_aside.to_config()["undefined_on_abstentions"] == ["a"]
    [matrix] = set_aside.transform([example], progress=False)
    abstaining = plain[:, 2] == 1
    assert abstaining.tolist() == [False] * 5 + [True] * 7
    assert np.isnan(matrix[abstaining][:, :2]).all() and not np.isnan(matrix[~abstaining]).any()
    np.testing.assert_array_equal(matrix[:, 2:], plain[:, 2:])  # the abstention columns and family b as they were
    np.testing.assert_array_equal(matrix[~abstaining], plain[~abstaining])
    for wrong in (["b", "nope"], ["a"]):
        with pytest.raises(ValueError, match="needs the abstention family"):
            FeaturePipeline(families if wrong != ["a"] else families[::2], undefined_on_abstentions=wrong)


def test_unknown_family_lists_known_names():
    with pytest.raises(ValueError, match="unknown feature family 'nope'") as caught:
        FeaturePipeline.from_config({"families": ["text", "nope"]})
    assert "text" in str(caught.value).split("known:")[1]
    with pytest.raises(ValueError, match="known: .*text"):
        build("nope")


# ---- temporal augmentation (SPEC 2.7) ---------------------------------------------------------------------

def test_temporal_augment_values():
    matrix = np.array([[1, 9, 4], [3, 9, 0], [2, 9, 6], [5, 9, -1]], dtype=np.float32)  # (T=4, 3)
    out, names = temporal_augment(matrix, ["a", "b", "c"], base=["a", "c"], windows=(2, 3))
    assert out.shape == (4, 3 + 2 * (2 + 2 * 2))
    assert out.dtype == np.float32
    assert names == ["a", "b", "c",
                     "a:running_mean", "c:running_mean", "a:diff", "c:diff",
                     "a:max2", "c:max2", "a:min2", "c:min2", "a:max3", "c:max3", "a:min3", "c:min3"]
    expected = np.array([
        # a  b  c  mean_a  mean_c  diff_a diff_c max2a max2c min2a min2c max3a max3c min3a min3c
        [1, 9, 4, 1, 4, 0, 0, 1, 4, 1, 4, 1, 4, 1, 4],
        [3, 9, 0, 2, 2, 2, -4, 3, 4, 1, 0, 3, 4, 1, 0],
        [2, 9, 6, 2, 10 / 3, -1, 6, 3, 6, 2, 0, 3, 6, 1, 0],
        [5, 9, -1, 11 / 4, 9 / 4, 3, -7, 5, 6, 2, -1, 5, 6, 2, -1],
    ])
    assert_allclose(out, expected, atol=1e-6)


@pytest.mark.parametrize("length", [0, 1, 3, 25])
def test_temporal_augment_shapes(length):
    matrix = np.arange(length * 4, dtype=np.float32).reshape(length, 4)
    out, names = temporal_augment(matrix, ["w", "x", "y", "z"], base=["x", "z", "w"])
    assert out.shape == (length, 4 + 3 * (2 + 2 * 3)) == (length, len(names))
    np.testing.assert_array_equal(out[:, :4], matrix)


def test_temporal_augment_unknown_column():
    with pytest.raises(ValueError, match="unknown columns"):
        temporal_augment(np.zeros((2, 1), np.float32), ["a"], base=["b"])


def test_pipeline_temporal_switch(make_example):
    temporal = {"base": ["is_novel", "in_context"], "windows": [5, 10, 20]}
    pipeline = FeaturePipeline([build("text")], temporal=temporal)
    assert len(pipeline.columns) == 20 + 2 * (2 + 2 * 3)
    assert pipeline.columns[20:22] == ["is_novel:running_mean", "in_context:running_mean"]
    example = make_example("the a x y", "the a")
    [matrix] = pipeline.transform([example], progress=False)
    assert matrix.shape == (4, 36)
    novel = matrix[:, pipeline.columns.index("is_novel")]
    np.testing.assert_array_equal(novel, [0, 0, 1, 1])
    assert_allclose(matrix[:, pipeline.columns.index("is_novel:running_mean")], [0, 0, 1 / 3, 1 / 2],
                    atol=1e-6)
    np.testing.assert_array_equal(matrix[:, pipeline.columns.index("is_novel:diff")], [0, 0, 1, 0])
    np.testing.assert_array_equal(matrix[:, pipeline.columns.index("in_context:min5")], [1, 1, 0, 0])
    # the augmented running mean of is_novel is the text family's own running_novel_ratio
    assert_allclose(matrix[:, 20], matrix[:, pipeline.columns.index("running_novel_ratio")], atol=1e-6)


def test_family_dicts_and_labels_select_a_backend_without_changing_the_cache_key():
    from halluseq.sweep import feature_set_name

    families = ["text", {"name": "nli", "backend": "halluseq-nli-v1", "label": "nli-v1"}]
    assert feature_set_name(families) == "text+nli-v1"
    selected = select_families([{"name": "nli", "backend": "halluseq-nli"}], families)
    assert selected == [{"name": "text"}, {"name": "nli", "backend": "halluseq-nli-v1"}]  # label dropped
    assert select_families([{"name": "nli", "backend": "x"}], ["nli"]) == [{"name": "nli", "backend": "x"}]
