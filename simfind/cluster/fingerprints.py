"""Fingerprints computed in the workers, by the desktop's own functions.

A folder's files go through ``fingerprinting.fingerprint_batch``, the very
function the desktop's worker processes run (read, decode, fingerprint, and a
skip reason for what is not text); a Parquet dataset's texts go through
``fingerprint_texts``, the step of it after decoding, all of a part's together. Same settings, same
values, on any machine: the fingerprint is a pure function of the bytes.
"""

from __future__ import annotations

import os

import dask.dataframe as dd
import numpy as np
import pandas as pd
import xxhash

from simfind.cluster.sources import NAME, PAYLOAD, FolderPart, Part, Source, read_part
from simfind.core.base.errors import SkipCause, SkipDetail, SkipReason
from simfind.core.scan.fingerprinting import Job, fingerprint_all, fingerprint_batch
from simfind.core.text.documents.formats import DocumentFormat

#: Encoding reported for a Parquet text: Parquet stores strings as UTF-8.
PARQUET_ENCODING = "utf-8"
#: Column of the skip reason; empty where the document has a fingerprint. The
#: column "detail" holds the skip's parameters (SkipDetail.to_json, as the cache does).
REASON = "reason"
#: Column of the document's excerpt sample (excerpts.samples), for its boilerplate, as
#: hexadecimal text (Dask turns columns of objects into strings, which bytes are not).
SAMPLE = "sample"
#: Column of a digest of the document (its file's bytes, or its text), hexadecimal: two
#: documents with the same are identical, not merely similar.
DIGEST = "digest"


def lane_columns(bits: int) -> list[str]:
    """Names of the fingerprint's 64-bit lanes, low lane first."""
    return [f"lane{lane}" for lane in range(bits // 64)]


def _split(value: int, lanes: int) -> list[int]:
    return [(value >> (64 * lane)) & ((1 << 64) - 1) for lane in range(lanes)]


def _one(text: str, job: Job) -> tuple[int | None, bytes] | Exception:
    """One text's fingerprint (None when it has no words) and sample, or what went wrong."""
    try:
        value, _, sample = fingerprint_all([text], job.settings)[0]
    except Exception as exc:
        return exc
    return value, sample


def fingerprint_part(part: Part, start: int, job: Job) -> pd.DataFrame:
    """Fingerprint one part: a row per document, with its lanes or the reason it has none."""
    docs = read_part(part, start)
    lanes = job.settings.bits // 64
    values: list[list[int]] = []
    sizes: list[int] = []
    mtimes: list[int] = []
    encodings: list[str] = []
    forms: list[str] = []
    reasons: list[str] = []
    details: list[str] = []
    samples: list[str] = []
    digests: list[str] = []
    if isinstance(part, FolderPart):
        batch = list(zip(docs.index.tolist(), docs[PAYLOAD].tolist(), strict=True))
        outcomes = {o[0]: o for o in fingerprint_batch(batch, job)} if batch else {}
        for row in docs.index.tolist():
            _, value, encoding, detail, read, form, _, sample, digest = outcomes[row]
            size, mtime_ns = read.size, read.mtime_ns
            forms.append(form)
            samples.append((sample or b"").hex())
            digests.append((digest or b"").hex())
            if value is None:
                values.append([0] * lanes)
                sizes.append(size)
                mtimes.append(mtime_ns)
                encodings.append("")
                reasons.append(encoding)
                details.append(detail.to_json() if detail is not None else "")
            else:
                values.append(_split(value, lanes))
                sizes.append(size)
                mtimes.append(mtime_ns)
                encodings.append(encoding)
                reasons.append("")
                details.append("")
    else:
        texts = docs[PAYLOAD].tolist()
        results: list[tuple[int | None, bytes] | Exception]
        try:  # all together, in the desktop's vectorised pass
            results = [(v, sample) for v, _, sample in fingerprint_all(texts, job.settings)]
        except Exception:  # find the text at fault: one bad text must not end the run
            results = [_one(text, job) for text in texts]
        for text, found in zip(texts, results, strict=True):
            size = len(text.encode("utf-8", "surrogatepass"))
            outcome, sample = found if isinstance(found, tuple) else (found, b"")
            samples.append(sample.hex())
            digests.append(xxhash.xxh3_128_hexdigest(text.encode("utf-8", "surrogatepass")))
            if isinstance(outcome, int):
                values.append(_split(outcome, lanes))
                encodings.append(PARQUET_ENCODING)
                reasons.append("")
                details.append("")
            else:
                values.append([0] * lanes)
                encodings.append("")
                if outcome is None:
                    reasons.append(SkipReason.EMPTY.value)
                    details.append(SkipDetail(SkipCause.NO_WORDS).to_json())
                else:  # as on the desktop: a failure is reported, not raised
                    error = SkipDetail(
                        SkipCause.EXCEPTION, error=f"{type(outcome).__name__}: {outcome}"
                    )
                    reasons.append(SkipReason.ERROR.value)
                    details.append(error.to_json())
            sizes.append(size)
            mtimes.append(0)
            forms.append(DocumentFormat.TEXT.value)
    matrix = np.array(values, dtype=np.uint64).reshape(len(values), lanes)
    frame = pd.DataFrame(
        {
            NAME: docs[NAME],
            **{column: matrix[:, k] for k, column in enumerate(lane_columns(job.settings.bits))},
            "size": np.array(sizes, dtype=np.int64),
            # Seconds and the nanoseconds past them: a time past 2262 in nanoseconds alone
            # (tmpfs and xfs keep such times) is no int64, and stopped the whole part.
            "mtime_s": np.array([t // 1_000_000_000 for t in mtimes], dtype=np.int64),
            "mtime_subns": np.array([t % 1_000_000_000 for t in mtimes], dtype=np.int64),
            "encoding": pd.Series(encodings, index=docs.index, dtype=object),
            "format": pd.Series(forms, index=docs.index, dtype=object),
            REASON: pd.Series(reasons, index=docs.index, dtype=object),
            "detail": pd.Series(details, index=docs.index, dtype=object),
            SAMPLE: pd.Series(samples, index=docs.index, dtype=object),
            DIGEST: pd.Series(digests, index=docs.index, dtype=object),
        },
        index=docs.index,
    )
    return frame


def fingerprints(source: Source, job: Job) -> dd.DataFrame:
    """Every document's fingerprint (or skip reason), lazily, one task per part."""
    parts, starts = source.nonempty()
    meta = fingerprint_part(FolderPart(os.sep, ()), 0, job)
    return dd.from_map(
        fingerprint_part,
        parts,
        starts,
        job=job,
        meta=meta,
        divisions=source.divisions,
        label="simfind-fingerprint",
        enforce_metadata=False,
    )
