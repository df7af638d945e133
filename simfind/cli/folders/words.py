"""The folders command's English: its help and its summary."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simfind.cli.base.arguments import EXIT_STATUS
from simfind.cli.base.words import counted
from simfind.core.base.paths import percent
from simfind.core.folders.pairing import DEFAULT_SHARE, MIN_FILES

if TYPE_CHECKING:
    from simfind.core.folders.search import FoldersResult

FOLDERS_DESCRIPTION = f"""\
List the folders, at any depth below the SOURCEs (and the SOURCEs themselves), whose
files are mostly identical or near-duplicates of another folder's: a project and its
copy edited since, two releases side by side, a backup of a thesis.

Files are found alike as 'simfind groups' finds them (identical bytes; near-duplicates
from an exact similarity of --near, default 0.5), with the same cache: nothing is
fingerprinted again. Two folders are compared file by file, one to one: the files at the
same place below each first, then the most alike of the rest. SHARE is the bytes of
the files paired (identical or near, on both sides) over all the bytes of both folders;
a pair is listed from --threshold (default {DEFAULT_SHARE}: most of what the two hold is in
the other). Folders of fewer than {MIN_FILES} files, and pairs with fewer in common, are
left out. Only the highest pair of a lineage is listed: where a/ and b/ pair, a/sub and
b/sub are part of it. Pairs that share a folder are one group, the largest first.
"""

FOLDERS_EPILOG = (
    """\
output:
  --format table (on a terminal) is a line per pair of folders, by group: SHARE, the
  files identical (SAME), near-duplicate (NEAR), at the same place but not alike
  (CHANGED), only in the first folder (ONLY A) or the second (ONLY B), the bytes of
  both, the two folders. csv has a row per pair with each figure in bytes too; json
  (the schema folders.schema.json) has every pair's files one by one.

examples:
  simfind folders ~/projects
  simfind folders thesis/ "thesis (old)/" --format json -o pairs.json
  simfind folders ~/backup ~/work --threshold 0.8 --format csv -o folders.csv

"""
    + EXIT_STATUS
)


def folders_summary(result: FoldersResult) -> str:
    pairs = sum(len(g.pairs) for g in result.groups)
    found = counted(pairs, "pair") + " of folders"
    if len(result.groups) != pairs:
        found += f" in {counted(len(result.groups), 'group')}"
    return (
        f"{found} with {percent(result.threshold)}% of their bytes or more in common; "
        f"{counted(result.files, 'file')} looked at, "
        f"{counted(result.compared, 'pair')} of folders compared file by file, "
        f"in {result.elapsed:.1f} s"
    )
