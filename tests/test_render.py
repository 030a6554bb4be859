"""Readable views of real detector results: highlighted terminal text and the self-contained HTML page."""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

from halluseq.data import load
from halluseq.detector import Detector
from halluseq.render import highlight_text, html_page, text_report
from halluseq.result import DetectionResult

CONTEXT = ("The Millau Viaduct is a cable-stayed bridge in southern France. It was opened in 2004 and crosses the "
           "valley of the Tarn river. Its tallest mast is 343 metres high.")
ANSWER = ("\n  The Millau Viaduct crosses the Tarn valley & was opened in 1999 by <script>alert('x')</script> "
          "engineers.\nIts tallest mast is \"343\" metres high, designed by Oscar <Niemeyer>.  ")
MARK = re.compile(r'<mark class="span" title="hallucinated span, score (\d\.\d{3})">(.*?)</mark>', flags=re.S)


@pytest.fixture(scope="module")
def detector() -> Detector:
    return Detector.from_pretrained()


@pytest.fixture(scope="module")
def results(detector, shared_data) -> list[DetectionResult]:
    """Real results with flagged spans: the hand-made answer (threshold at its median word probability, so some
    words are flagged and some not) and real RAGTruth answers the bundled detector flags."""
    probs = [w.prob for w in detector.predict(CONTEXT, ANSWER).words]
    middle = Detector(detector.pipeline, detector.standardizer, detector.model, float(np.median(probs)),
                      detector.model_spec, detector.meta)
    own = middle.predict(CONTEXT, ANSWER, id="<b>millau</b>")
    examples, _ = load(shared_data / "ragtruth_partial")
    scored = detector.predict_batch([{"id": e.id, "context": e.context, "answer": e.answer}
                                     for e in examples[:120]])
    flagged = [r for r in scored if r.spans][:4]
    assert own.spans and len(flagged) == 4
    return [own, *flagged]


def strip_tags(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def test_highlight_text_marks_each_span_and_keeps_the_rest(results):
    for result in results:
        out = highlight_text(result)
        expected, cursor = [], 0
        for span in result.spans:
            expected += [result.answer[cursor:span.start], f"[[{span.text}]]({span.score:.2f})"]
            cursor = span.end
        expected.append(result.answer[cursor:])
        assert out == "".join(expected)
        assert len(re.findall(r"\[\[.*?\]\]\(\d\.\d\d\)", out, flags=re.S)) == len(result.spans)
        assert re.sub(r"\[\[(.*?)\]\]\(\d\.\d\d\)", r"\1", out, flags=re.S) == result.answer

        colored = highlight_text(result, color=True)
        assert colored.count("\033[1;31m") == len(result.spans) == colored.count("\033[0m")
        assert re.sub(r"\033\[1;31m(.*?)\033\[0m\(\d\.\d\d\)", r"\1", colored, flags=re.S) == result.answer


def test_text_report_lists_score_and_every_claim(results):
    for result in results:
        report = text_report(result)
        assert report.startswith(highlight_text(result))
        assert f"response score {result.score:.3f} (threshold {result.threshold:.3f})" in report
        assert ("HALLUCINATED" in report) == result.hallucinated
        for claim in result.claims:
            assert claim.reason in report


def test_html_page_is_a_safe_complete_document(results):
    own = results[0]
    page = html_page([own], title="check <this> & that")
    assert page.startswith("<!DOCTYPE html>") and page.endswith("</html>")
    for tag in ("<html", "<head>", "<meta charset='utf-8'>", "<style>", "<body>", "</body>"):
        assert tag in page
    assert "<title>check &lt;this&gt; &amp; that</title>" in page
    assert "<script" not in page.lower()
    assert "&lt;script&gt;" in page and "&lt;Niemeyer&gt;" in page
    assert "<b>millau</b>" not in page and "&lt;b&gt;millau&lt;/b&gt;" in page


def test_html_page_marks_spans_and_shows_word_probabilities(results):
    page = html_page(results)
    assert page.count("<section>") == len(results)
    for result in results:
        section = page[page.index(f"<h2>{html.escape(result.id)}</h2>"):]
        section = section[:section.index("</section>")]
        answer_html = section[section.index("<div class='answer'>") + len("<div class='answer'>"):]
        answer_html = answer_html[:answer_html.index("</div>")]

        # the answer text is all there, unchanged once the markup is removed
        assert strip_tags(answer_html) == result.answer

        # every flagged span inside a <mark> whose title gives its score
        marks = MARK.findall(answer_html)
        assert [strip_tags(inner) for _, inner in marks] == [s.text for s in result.spans]
        assert [score for score, _ in marks] == [f"{s.score:.3f}" for s in result.spans]

        # every word in its own element whose title gives its probability
        words = re.findall(r'<span class="w" style="[^"]*" title="p = (\d\.\d{3})">(.*?)</span>', answer_html)
        assert [(p, html.unescape(text)) for p, text in words] == [(f"{w.prob:.3f}", w.text) for w in result.words]

        assert f"response score {result.score:.3f}" in section
        for claim in result.claims:
            assert html.escape(claim.reason) in section


def test_skipped_results_render_their_reason(detector):
    skipped = detector.predict("", "An answer <with> markup.", id="nothing")
    assert skipped.status == "skipped"
    assert highlight_text(skipped) == f"[skipped: {skipped.reason}]"
    assert text_report(skipped) == f"[skipped: {skipped.reason}]"
    bad = detector.predict("Some context.", 12, id="number")
    page = html_page([skipped, bad])
    assert page.startswith("<!DOCTYPE html>")
    assert "<h2>nothing</h2>" in page and "<h2>number</h2>" in page
    assert f"skipped: {html.escape(skipped.reason)}" in page
    assert f"skipped: {html.escape(bad.reason)}" in page
    assert "<mark" not in page and "<with>" not in page
