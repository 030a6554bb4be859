"""Shared fixtures: the path of the shared data and a quick Example builder."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from halluseq.data import Example, Span

# No per-example deadline: CI machines can be slow. (.hypothesis/ holds its own .gitignore.)
settings.register_profile("halluseq", deadline=None)
settings.load_profile("halluseq")

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

_ids = itertools.count()


def build_example(answer: str, context: str = "", spans: Iterable[tuple[int, int]] = (),
                  **fields: Any) -> Example:
    """An Example with sensible defaults; ``spans`` are ``(start, end)`` pairs into ``answer``."""
    fields.setdefault("id", f"ex-{next(_ids)}")
    fields.setdefault("group", fields["id"])
    return Example(context=context, answer=answer, spans=tuple(Span(s, e) for s, e in spans), **fields)


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` beside the repository (always present)."""
    assert SHARED_DATA.is_dir(), f"shared data not found at {SHARED_DATA}"
    return SHARED_DATA


@pytest.fixture
def make_example() -> Callable[..., Example]:
    """``make_example(answer, context="", spans=(), **fields)`` -> Example."""
    return build_example
