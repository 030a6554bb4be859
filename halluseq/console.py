"""A quiet console: third-party load reports, progress bars and deprecation warnings only with ``--verbose``."""

from __future__ import annotations

import contextlib
import logging
import warnings
from collections.abc import Iterator

LOGGER = "halluseq"


def verbose() -> bool:
    """True when the user asked for ``--verbose`` (the ``halluseq`` logger at DEBUG)."""
    return logging.getLogger(LOGGER).isEnabledFor(logging.DEBUG)


@contextlib.contextmanager
def quiet_deprecations() -> Iterator[None]:
    """Hide third-party deprecation warnings (FutureWarning, DeprecationWarning) unless ``--verbose``: torch,
    transformers and Lightning warn about their own internals, which a user of ours cannot act on."""
    with warnings.catch_warnings():
        if not verbose():
            warnings.simplefilter("ignore", FutureWarning)
            warnings.simplefilter("ignore", DeprecationWarning)
        yield


@contextlib.contextmanager
def quiet_transformers() -> Iterator[None]:
    """Hide transformers' load reports, progress bars and deprecation warnings (``--verbose`` keeps them).

    Our loads replace a freshly initialised head right after, so "classifier MISSING" tells a user nothing.
    """
    from transformers.utils import logging as hf_logging

    if verbose():
        yield
        return
    verbosity, bars = hf_logging.get_verbosity(), hf_logging.is_progress_bar_enabled()
    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    try:
        with quiet_deprecations():
            yield
    finally:
        hf_logging.set_verbosity(verbosity)
        if bars:
            hf_logging.enable_progress_bar()
