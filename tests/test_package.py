"""The package's top level: the public names a user imports first."""

from __future__ import annotations

import subprocess
import sys

import pytest

import halluseq


def test_the_detector_and_its_result_types_import_from_the_top_level():
    from halluseq import Claim, DetectionResult, Detector, SpanScore, WordScore
    from halluseq.detector import Detector as Defined
    from halluseq.result import DetectionResult as Result

    assert Detector is Defined and DetectionResult is Result
    assert {Claim.__name__, SpanScore.__name__, WordScore.__name__} <= set(halluseq.__all__)
    with pytest.raises(AttributeError, match="no attribute 'Detektor'"):
        halluseq.Detektor  # noqa: B018


def test_a_bare_import_does_not_load_torch():
    code = "import sys, halluseq; print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
