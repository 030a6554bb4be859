"""Synthetic hallucinations with exact character spans (``halluseq augment``)."""

from halluseq.augment.edits import EDITS, Edit, EditResources
from halluseq.augment.generate import KINDS, AugmentReport, augment, write_augmented

__all__ = ["EDITS", "KINDS", "AugmentReport", "Edit", "EditResources", "augment", "write_augmented"]
