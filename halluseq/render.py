"""Readable views of a result: the answer with its flagged spans, as terminal text or a self-contained page."""

from __future__ import annotations

import html
from collections.abc import Sequence

from halluseq.result import Claim, DetectionResult

_RED, _RESET = "\033[1;31m", "\033[0m"


def evidence_lines(claim: Claim) -> list[str]:
    """``best support p: "..."`` and ``most contradicting p: "..."`` for a claim with NLI evidence."""
    found = [("best support", claim.support), ("most contradicting", claim.contradiction)]
    return [f"{label} {e.prob:.2f}: \"{' '.join(e.text.split())}\"" for label, e in found if e is not None]


def highlight_text(result: DetectionResult, color: bool = False) -> str:
    """The answer with each flagged span as ``[[span]](score)`` (or in red with ``color``)."""
    if result.status != "ok":
        return f"[{result.status}: {result.reason}]"
    pieces, cursor = [], 0
    for span in result.spans:
        pieces.append(result.answer[cursor:span.start])
        marked = f"{_RED}{span.text}{_RESET}" if color else f"[[{span.text}]]"
        pieces.append(f"{marked}({span.score:.2f})")
        cursor = span.end
    pieces.append(result.answer[cursor:])
    return "".join(pieces)


def text_report(result: DetectionResult, color: bool = False) -> str:
    """Highlighted answer, response score and per-sentence verdicts."""
    if result.status != "ok":
        return highlight_text(result)
    verdict = "HALLUCINATED" if result.hallucinated else "supported"
    lines = [highlight_text(result, color), "",
             f"response score {result.score:.3f} (threshold {result.threshold:.3f}): {verdict}"]
    lines += [f"note: {note}" for note in result.notes]
    for claim in result.claims:
        mark = "x" if claim.hallucinated else "ok"
        lines.append(f"  [{mark:>2}] {claim.score:.2f}  {claim.text[:90]}{'...' if len(claim.text) > 90 else ''}")
        lines.append(f"             {claim.reason}")
        lines += [f"             {line}" for line in evidence_lines(claim)]
    return "\n".join(lines)


_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; line-height: 1.6; color: #222; }
.answer { white-space: pre-wrap; border: 1px solid #ddd; padding: 1rem; border-radius: 6px; }
.w { border-radius: 3px; }
mark.span { background: #ffb3b3; padding: 0 2px; border-radius: 3px; cursor: help; }
.meta { color: #555; font-size: 0.9rem; }
table { border-collapse: collapse; margin-top: 0.5rem; font-size: 0.9rem; }
td, th { border-bottom: 1px solid #eee; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
.bad { color: #b00; font-weight: 600; }
"""


def _answer_html(result: DetectionResult) -> str:
    """Words shaded by probability (hover: probability); flagged spans wrapped in <mark> (hover: score)."""
    out, cursor = [], 0
    spans = list(result.spans)
    open_span = None
    for word in result.words:
        out.append(html.escape(result.answer[cursor:word.start]))
        if open_span is None and spans and spans[0].start == word.start:
            open_span = spans.pop(0)
            out.append(f'<mark class="span" title="hallucinated span, score {open_span.score:.3f}">')
        alpha = min(max(word.prob, 0.0), 1.0) * 0.35
        out.append(f'<span class="w" style="background: rgba(255,0,0,{alpha:.3f})" '
                   f'title="p = {word.prob:.3f}">{html.escape(word.text)}</span>')
        cursor = word.end
        if open_span is not None and word.end >= open_span.end:
            out.append("</mark>")
            open_span = None
    out.append(html.escape(result.answer[cursor:]))
    return "".join(out)


def _evidence_html(claim: Claim) -> str:
    return "".join(f"<br><span class='meta'>{html.escape(line)}</span>" for line in evidence_lines(claim))


def _result_section(result: DetectionResult, title: str) -> str:
    if result.status != "ok":
        return f"<section><h2>{html.escape(title)}</h2><p class='meta'>{html.escape(result.status)}: " \
               f"{html.escape(result.reason or '')}</p></section>"
    verdict = "<span class='bad'>hallucinated</span>" if result.hallucinated else "supported"
    rows = "".join(
        f"<tr><td class='{'bad' if c.hallucinated else ''}'>{c.score:.2f}</td><td>{html.escape(c.text)}</td>"
        f"<td>{html.escape(c.reason)}{_evidence_html(c)}</td></tr>" for c in result.claims)
    return (f"<section><h2>{html.escape(title)}</h2>"
            f"<p class='meta'>response score {result.score:.3f} (threshold {result.threshold:.3f}): {verdict}; "
            f"{len(result.spans)} flagged span(s). Hover a word for its probability.</p>"
            + "".join(f"<p class='meta'>note: {html.escape(note)}</p>" for note in result.notes) +
            f"<div class='answer'>{_answer_html(result)}</div>"
            f"<table><tr><th>score</th><th>sentence</th><th>evidence</th></tr>{rows}</table></section>")


def html_page(results: Sequence[DetectionResult], title: str = "halluseq") -> str:
    """One self-contained HTML page (inline CSS, no scripts) for one or more results."""
    sections = "".join(_result_section(r, r.id or f"answer {i + 1}") for i, r in enumerate(results))
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{_STYLE}</style></head><body><h1>{html.escape(title)}</h1>{sections}</body></html>")
