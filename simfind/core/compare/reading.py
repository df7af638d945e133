"""How a scan read its files (``ReadingSettings``): made once by the scan, carried by its
result, and taken whole by whatever reads the files again to show them (the diff), so
that a diff reads a text as the scan did.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate

if TYPE_CHECKING:
    from simfind.core.compare.diff import DiffOptions


@dataclass(frozen=True)
class ReadingSettings:
    """The fingerprint's ``bits``; whether ``documents`` (Word, PDF, ...) were read for
    their text; whether Traditional Chinese was read as Simplified (``fold_scripts``);
    the text the files share widely, which counts for nothing where both have it
    (``common``)."""

    bits: int
    documents: bool
    fold_scripts: bool
    common: Boilerplate = boilerplate.NONE

    def diff_options(self, shown: DiffOptions | None = None) -> DiffOptions:
        """The diff's options: what ``shown`` ignores (white space, case, blank lines),
        the texts read as the scan read them."""
        from simfind.core.compare.diff import DiffOptions  # a scan never loads the diff

        return replace(shown or DiffOptions(), fold_scripts=self.fold_scripts)


__all__ = ["ReadingSettings"]
