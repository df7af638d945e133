"""Rows as aligned tables for a terminal: the command line's default output."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any, TextIO

from simfind.cli.base.terminal import terminal_text
from simfind.cli.base.words import shared_text_suffix
from simfind.core.base.paths import human_size, minutes_of, percent

#: A column: its header, its alignment ("<" or ">") and its narrowest width.
Column = tuple[str, str, int]

_SCAN_COLUMNS: list[Column] = [
    ("DIST", ">", 4),
    ("SIM%", ">", 6),
    ("", "<", 1),
    ("HOLDS%", ">", 6),
    ("HELD%", ">", 6),
    ("SIZE", ">", 9),
    ("FORMAT", "<", 6),
    ("ENCODING", "<", 10),
    ("PATH", "<", 0),
]
_GROUP_COLUMNS: list[Column] = [
    ("SIM%", ">", 6),
    ("DIST", ">", 4),
    ("", "<", 2),
    ("SIZE", ">", 9),
    ("FORMAT", "<", 6),
    ("ENCODING", "<", 10),
    ("PATH", "<", 0),
]


class _Aligned:
    """Rows under their headers: each column as wide as its widest cell, so that a long
    encoding name or size never pushes a row's cells out from under their header; the
    last (the path) unpadded."""

    def __init__(self, columns: list[Column], cells: list[list[str]], indent: str = "") -> None:
        self.columns, self.indent = columns, indent
        self.widths = [
            max([least, len(header), *(len(row[i]) for row in cells)])
            for i, (header, _, least) in enumerate(columns)
        ]

    def line(self, cells: list[str]) -> str:
        *padded, last = cells
        parts = [
            f"{cell:{align}{width}}"
            for cell, (_, align, _), width in zip(padded, self.columns, self.widths, strict=False)
        ]
        return self.indent + "  ".join([*parts, last]) + "\n"

    def header(self) -> str:
        return self.line([header for header, _, _ in self.columns])


def _scan_cells(item: dict[str, Any]) -> list[str]:
    sim = "" if item["similarity"] is None else percent(item["similarity"])
    if sim and item.get("estimated"):
        sim = "~" + sim  # an estimate (compare.shown): a catalogued file, or long texts
    distance = "" if item["distance"] is None else str(item["distance"])
    holds = "" if item["reference_in_file"] is None else percent(item["reference_in_file"])
    held = "" if item["file_in_reference"] is None else percent(item["file_in_reference"])
    mark = (
        "R" if item["reference"] else "=" if item["identical"] else "*" if item["similar"] else ""
    )
    return [
        distance,
        sim,
        mark,
        holds,
        held,
        human_size(item["size"]),
        item["format"],
        item["encoding"],
        terminal_text(item["path"]) + _shared_text(item),
    ]


def _shared_text(item: dict[str, Any]) -> str:
    """The figure with the folder's shared text counted, where the row has it."""
    alone = item.get("similarity_alone")
    return "" if alone is None else shared_text_suffix(alone)


def write_table(rows: Iterable[dict[str, Any]], stream: TextIO) -> None:
    """A plain aligned table for a terminal; the path comes last so wide names cannot skew it."""
    cells = [_scan_cells(item) for item in rows]
    table = _Aligned(_SCAN_COLUMNS, cells)
    stream.write(table.header() + "".join(table.line(row) for row in cells))


#: A group's kind (kinds.GroupKind) as its line says it.
_KINDS = {"identical": "identical", "same-text": "same text", "near-duplicate": "near-duplicates"}


def _group_cells(item: dict[str, Any]) -> list[str]:
    mark = ("C" if item["centre"] else " ") + ("=" if item["identical"] else " ")
    sim = "" if item["similarity"] is None else f"{100 * item['similarity']:.1f}"
    if sim and item.get("estimated"):
        sim = "~" + sim
    path = terminal_text(item["path"]) + _shared_text(item)
    if item.get("catalogue"):
        path += f"  (in the catalogue {terminal_text(item['catalogue'])})"
    # Said after the path, so that "=" is only ever "the centre's bytes".
    if item["identical_to"] is not None:
        path += f"  (same bytes as {terminal_text(item['identical_to'])}, not as the centre)"
    if item["links"]:
        names = ", ".join(terminal_text(link) for link in item["links"])
        path += f"  (the same file, hard-linked, as {names})"
    return [
        sim,
        "" if item["distance"] is None else str(item["distance"]),
        mark,
        human_size(item["size"]),
        item["format"],
        item["encoding"],
        path,
    ]


def write_group_table(rows: Iterable[dict[str, Any]], stream: TextIO) -> None:
    """Groups one after another, each member with its similarity and distance to the
    centre ("C"; "=": its bytes are the centre's), under a line that says what the group
    is and what keeping only the largest file would free."""
    items = list(rows)
    cells = [_group_cells(item) for item in items]
    table = _Aligned(_GROUP_COLUMNS, cells, indent="  ")
    out = io.StringIO()
    out.write(table.header())
    current = None
    catalogued: dict[int, int] = {}
    for item in items:
        if item.get("catalogue"):
            catalogued[item["group"]] = catalogued.get(item["group"], 0) + 1
    for item, row in zip(items, cells, strict=True):
        if item["group"] != current:
            current = item["group"]
            held = catalogued.get(current, 0)
            where = f" ({held} in a catalogue)" if held else ""
            out.write(
                f"group {current} ({_KINDS[item['kind']]}): {item['group_files']} files{where}, "
                f"keeping the largest frees {human_size(item['reclaimable'])}\n"
            )
        out.write(table.line(row))
    stream.write(out.getvalue())


def _record_cell(item: dict[str, Any]) -> str:
    """A record on one line; a name with what it names and how many files define it."""
    text = terminal_text(str(item["record"]).replace("\r\n", "\n"))
    if item.get("kind"):
        places = item.get("places", 1)
        more = f", {places} files" if places > 1 else ""
        text = f"{text}  ({item['kind']}{more})"
    return text


def _where(item: dict[str, Any]) -> str:
    return f"{terminal_text(item['path'])}:{item['line']}"


def write_record_table(rows: Iterable[dict[str, Any]], stream: TextIO) -> None:
    """Records nearest a query: similarity, distance, where (path:line), the record last."""
    items = list(rows)
    width = max((len(_where(item)) for item in items), default=5)
    out = io.StringIO()
    out.write(f"{'SIM%':>6}  {'DIST':>4}  {'':1}  {'WHERE':<{width}}  RECORD\n")
    for item in items:
        sim = "" if item["similarity"] is None else f"{100 * item['similarity']:.1f}"
        mark = "*" if item.get("similar") else ""
        out.write(
            f"{sim:>6}  {item['distance']:>4}  {mark:1}  {_where(item):<{width}}  "
            f"{_record_cell(item)}\n"
        )
    stream.write(out.getvalue())


def write_record_group_table(rows: Iterable[dict[str, Any]], stream: TextIO) -> None:
    """Groups of records one after another, each member with its similarity and distance to
    the centre ("C"), where it is (path:line), and the record itself."""
    items = list(rows)
    width = max((len(_where(item)) for item in items), default=5)
    out = io.StringIO()
    out.write(f"  {'SIM%':>6}  {'DIST':>4}  {'':1}  {'WHERE':<{width}}  RECORD\n")
    current = None
    for item in items:
        if item["group"] != current:
            current = item["group"]
            out.write(f"group {current}: {item['group_records']} records\n")
        mark = "C" if item["centre"] else ""
        sim = "" if item["similarity"] is None else f"{100 * item['similarity']:.1f}"
        out.write(
            f"  {sim:>6}  {item['distance']:>4}  {mark:1}  {_where(item):<{width}}  "
            f"{_record_cell(item)}\n"
        )
    stream.write(out.getvalue())


_VERSION_COLUMNS: list[Column] = [
    ("#", ">", 2),
    ("FROM", ">", 4),
    ("MODIFIED", "<", 16),
    ("SIM%", ">", 6),
    ("ADDED", ">", 5),
    ("REMOVED", ">", 7),
    ("CHANGED", ">", 7),
    ("", "<", 2),
    ("PATH", "<", 0),
]


def _version_cells(item: dict[str, Any]) -> list[str]:
    def count(name: str) -> str:
        return "" if item[name] is None else f"{item[name]:,}"

    mark = ("N" if item["newest"] else " ") + ("=" if item["tied"] else " ")
    return [
        str(item["order"]),
        "" if item["from"] is None else str(item["from"]),
        minutes_of(item["modified"]),
        _version_similarity(item),
        count("added"),
        count("removed"),
        count("changed"),
        mark,
        "  " * item["depth"] + terminal_text(item["path"]) + _shared_text(item),
    ]


def _version_similarity(item: dict[str, Any]) -> str:
    if item["similarity"] is None:
        return ""
    return ("~" if item.get("estimated") else "") + percent(item["similarity"])


def write_versions_table(groups: Iterable[dict[str, Any]], stream: TextIO) -> None:
    """Each group's versions as a tree: each under the version it grew from (FROM), oldest
    first, with the step's size in words; "N" marks the newest of a chain, "=" a modified
    time another version shares."""
    blocks = list(groups)
    cells = [[_version_cells(item) for item in _tree_order(group["versions"])] for group in blocks]
    table = _Aligned(_VERSION_COLUMNS, [row for rows in cells for row in rows], indent="  ")
    out = io.StringIO()
    out.write(table.header())
    for group, rows in zip(blocks, cells, strict=True):
        out.write(
            f"group {group['group']}: {group['files']} versions, "
            f"{group['chains']} chain{'' if group['chains'] == 1 else 's'}\n"
        )
        out.writelines(table.line(row) for row in rows)
    stream.write(out.getvalue())


def _tree_order(versions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Depth first, each version before those that grew from it, oldest first."""
    children: dict[int | None, list[dict[str, Any]]] = {}
    for item in versions:
        children.setdefault(item["from"], []).append(item)
    shown: list[dict[str, Any]] = []
    stack = list(reversed(children.get(None, [])))
    while stack:
        item = stack.pop()
        shown.append(item)
        stack.extend(reversed(children.get(item["order"], [])))
    return shown


_IGNORE_COLUMNS: list[Column] = [
    ("ID", ">", 3),
    ("ADDED", "<", 16),
    ("CONTENTS", "<", 17),
    ("FILES", "<", 0),
]


def write_ignore_table(rows: Iterable[dict[str, Any]], stream: TextIO) -> None:
    """The ignore list's entries: each with its id, when it was added and its two files'
    contents (their hashes, short), the files on two lines as last seen."""
    items = list(rows)
    cells = [
        [
            str(item["id"]),
            item["added"][:16].replace("T", " "),
            f"{item['first']['hash'][:8]} {item['second']['hash'][:8]}",
            terminal_text(item["first"]["path"]),
        ]
        for item in items
    ]
    table = _Aligned(_IGNORE_COLUMNS, cells)
    out = io.StringIO()
    out.write(table.header())
    for item, row in zip(items, cells, strict=True):
        out.write(table.line(row))
        out.write(table.line(["", "", "", terminal_text(item["second"]["path"])]))
    stream.write(out.getvalue())


_FOLDER_COLUMNS: list[Column] = [
    ("SHARE", ">", 6),
    ("SAME", ">", 4),
    ("NEAR", ">", 4),
    ("CHANGED", ">", 7),
    ("ONLY A", ">", 6),
    ("ONLY B", ">", 6),
    ("SIZE", ">", 9),
    ("FOLDERS", "<", 0),
]


def write_folder_table(rows: Iterable[dict[str, Any]], stream: TextIO) -> None:
    """A line per pair of folders (``simfind folders``), a blank line between groups."""
    items = list(rows)
    cells = [
        [
            percent(item["share"]) + "%",
            str(item["identical_files"]),
            str(item["near_files"]),
            str(item["changed_files"]),
            str(item["only_a_files"]),
            str(item["only_b_files"]),
            human_size(item["size_a"] + item["size_b"]),
            f"{terminal_text(item['folder_a'])}  ~  {terminal_text(item['folder_b'])}",
        ]
        for item in items
    ]
    table = _Aligned(_FOLDER_COLUMNS, cells)
    stream.write(table.header())
    for k, (item, row) in enumerate(zip(items, cells, strict=True)):
        if k and item["group"] != items[k - 1]["group"]:
            stream.write("\n")
        stream.write(table.line(row))
