"""The project's own NLI model: a MiniLM cross-encoder with LoRA adapters, trained on ../shared/data/nli."""
