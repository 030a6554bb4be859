"""The user cache directory, resolved in one place."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir(override: str | Path | None = None) -> Path:
    """``override``, else ``$HALLUSEQ_CACHE``, else ``$XDG_CACHE_HOME/halluseq`` (``~/.cache/halluseq``)."""
    if override is not None:
        return Path(override)
    if os.environ.get("HALLUSEQ_CACHE"):
        return Path(os.environ["HALLUSEQ_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "halluseq"
