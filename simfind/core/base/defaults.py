"""The engine's defaults, in a module that loads nothing: the command line names them in
its help and options before it knows which command runs (a search for identical files
never loads the text engine). Each is used, and re-exported, where its own room is."""

from __future__ import annotations

#: Default verdict: a file is "similar" at or above this similarity (chosen by
#: benchmarks/bench_similarity.py; see docs/benchmarks.md, "The similarity a user reads").
DEFAULT_THRESHOLD = 0.5

#: Files larger than this are skipped before a byte is read.
DEFAULT_MAX_BYTES = 64 * 1024 * 1024

#: Records shorter than this (normalised characters; a name's own characters) are
#: left out by default: a code file's "}" and "else", a list's numbering, i and x.
DEFAULT_MIN_CHARS = 4

#: Names are short, and unrelated short names are often a few edits apart ("action" and
#: "function": 0.62): two names are near-copies from this similarity (bench_records).
NAME_THRESHOLD = 0.8
#: Records other than names (lines, paragraphs, cells): a dozen words, where one shared
#: pattern ("人怕…，树怕…") is half the text. Chosen on the sayings of fortunes-zh with
#: planted copies (benchmarks/bench_similarity.py): 0.5 grouped them with
#: precision 0.897 at recall 1.000, 0.55 with 0.952 at 0.980, 0.6 with 0.966 at 0.940.
RECORD_THRESHOLD = 0.55
