"""What a scan is asked (ScanOptions) and what it answers (ScanResult)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from simfind.core.base.defaults import DEFAULT_MAX_BYTES
from simfind.core.base.errors import SkipDetail, SkipReason
from simfind.core.compare import boilerplate
from simfind.core.compare.boilerplate import Boilerplate
from simfind.core.compare.reading import ReadingSettings
from simfind.core.scan.fingerprinting import Job
from simfind.core.scan.rank import Match, RankOptions
from simfind.core.scan.walk import Skipped, WalkOptions
from simfind.core.text.features import FeatureSettings
from simfind.core.text.given import TextInput


@dataclass(frozen=True)
class ScanOptions:
    features: FeatureSettings = field(default_factory=FeatureSettings)
    walk: WalkOptions = field(default_factory=WalkOptions)
    max_bytes: int = DEFAULT_MAX_BYTES
    jobs: int = 1
    rank: RankOptions = field(default_factory=RankOptions)
    #: Compare plain text files only: documents (Word, PDF, ...) are not read for their
    #: text; they are skipped as binary, and web pages are compared with their tags.
    text_only: bool = False

    @property
    def job(self) -> Job:
        return Job(self.features, self.max_bytes, self.jobs, documents=not self.text_only)

    def reading(self, common: Boilerplate = boilerplate.NONE) -> ReadingSettings:
        """How a scan with these options reads its files, ``common`` the text they share."""
        documents = not self.text_only
        return ReadingSettings(self.features.bits, documents, self.features.fold_scripts, common)


@dataclass
class ScanResult:
    #: The reference file, or the text given in its place (GivenText).
    reference: TextInput
    directory: Path
    bits: int
    reference_fingerprint: int
    matches: list[Match] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    cancelled: bool = False
    bytes_read: int = 0
    elapsed: float = 0.0
    #: How the verified files were judged and ordered (the threshold, the ranking).
    rank: RankOptions = field(default_factory=RankOptions)
    #: The text the folder's files share widely, which counts for nothing where both
    #: have it (boilerplate.py).
    boilerplate: Boilerplate = boilerplate.NONE
    #: The reference is no text: the files are its identical copies, compared by their
    #: bytes alone (copies.py); ``no_text`` says why it is none.
    by_bytes: bool = False
    no_text: tuple[SkipReason, SkipDetail | None] | None = None
    #: The reference's bytes hashed (DecodedText.digest; b"" where not read).
    reference_digest: bytes = b""
    #: The files an ignore list pairs with the reference (set by the front end that applies
    #: one: ignore.files.apart_from_reference).
    set_apart: frozenset[Path] = frozenset()
    #: How the scan read the files (bits, documents, scripts, the text they share): set
    #: once, as it ends; what a diff of its files takes.
    reading: ReadingSettings | None = None

    @property
    def compared(self) -> int:
        """How many files (the reference aside) were compared exactly (an estimate from a
        catalogue is not); after a cancel, only the nearest of those found, or none."""
        return sum(
            1
            for m in self.matches
            if m.similarity is not None and not m.is_reference and not m.estimated
        )
