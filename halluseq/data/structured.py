"""Structured contexts (a JSON record, as in data-to-text) read as text: ``key: value`` fields, in sentences.

Every family compares answer words with context words; in raw JSON the words carry its syntax (``"Café Rouge"}``,
``"cheap",``), so a faithful restatement of a record reads as new words. Flattened, ``{"food": "French", "price":
"cheap", "hours": {"Monday": "7-22"}}`` reads ``food: French; price: cheap.`` and ``hours Monday: 7-22.``: the same
content, the words bare, and a record's short fields in one sentence, which an answer sentence that restates several
of them aligns to.
"""

from __future__ import annotations

import json
import re
from typing import Any

ENDS_SENTENCE = (".", "!", "?")
_SENTENCE_MARK = re.compile(r"[.!?](?:\s|$)")  # "Great coffee!", "Slow. Rude." (not "5.0")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def field_name(key: Any) -> str:
    """A key as words: an identifier (``priceRange``, ``WheelchairAccessible``, ``business_stars``) split and in lower
    case (``price range``), any other key as it is (``Monday``, ``customer rating``)."""
    text = str(key).strip()
    words = _CAMEL.sub(" ", text).replace("_", " ")
    return " ".join(words.lower().split()) if words != text else text
SHORT_WORDS = 12  # a longer value (a review, a description) gets a line of its own


def _scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value).strip()


def _short(value: Any) -> bool:
    """A value that reads as one field of a line: no object or list, and no sentence of text."""
    if isinstance(value, (dict, list)):
        return False
    text = _scalar(value)
    return len(text.split()) <= SHORT_WORDS and not _SENTENCE_MARK.search(text)


def _flatten(value: Any, path: str, lines: list[str]) -> None:
    """Append ``value``'s lines: an object's short fields on one line (``food: French; price range: cheap.``), each
    longer text, nested object and list item on lines of its own."""
    if isinstance(value, list):
        if value and all(_short(item) for item in value):
            lines.append(_ended(f"{path}: " if path else "", ", ".join(_scalar(item) for item in value)))
        else:
            for item in value:
                _flatten(item, path, lines)
        return
    if not isinstance(value, dict):
        lines.append(_ended(f"{path}: " if path else "", _scalar(value)))
        return
    fields, rest = [], []
    for key, item in value.items():
        name = f"{path} {field_name(key)}".strip()
        if _short(item):
            fields.append(f"{name}: {_scalar(item)}")
        else:
            rest.append((name, item))
    if fields:
        lines.append(_ended("", "; ".join(fields)))
    for name, item in rest:
        _flatten(item, name, lines)


def _ended(prefix: str, text: str) -> str:
    line = prefix + text
    return line if line.endswith(ENDS_SENTENCE) else f"{line}."


def readable_context(context: str) -> str | None:
    """The lines of a context that is a JSON object or array (:func:`_flatten`), or None for any other context (left
    as it is)."""
    text = context.strip()
    if not text.startswith(("{", "[")):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, (dict, list)):
        return None
    lines: list[str] = []
    _flatten(value, "", lines)
    return "\n".join(lines) or None
