"""Rows as aligned tables for a terminal: the command line's default output."""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Any, TextIO

from simfind.cli.terminal import terminal_text
from simfind.core.paths import human_size, percent


def write_table(rows: Iterable[dict[str, Any]], stream: TextIO) -> None:
    """A plain aligned table for a terminal; the path comes last so wide names cannot skew it."""
    out = io.StringIO()
    out.write(
        f"{'DIST':>4}  {'SIM%':>6}  {'':1}  {'HOLDS%':>6}  {'HELD%':>6}  {'SIZE':>9}  "
        f"{'FORMAT':<6}  {'ENCODING':<10}  PATH\n"
    )
    for item in rows:
        sim = "" if item["similarity"] is None else percent(item["similarity"])
        holds = "" if item["reference_in_file"] is None else percent(item["reference_in_file"])
        held = "" if item["file_in_reference"] is None else percent(item["file_in_reference"])
        mark = (
            "R"
            if item["reference"]
            else "="
            if item["identical"]
            else "*"
            if item["similar"]
            else ""
        )
        path = terminal_text(item["path"])
        out.write(
            f"{item['distance']:>4}  {sim:>6}  {mark:1}  {holds:>6}  {held:>6}  "
            f"{human_size(item['size']):>9}  "
            f"{item['format']:<6}  {item['encoding']:<10}  {path}\n"
        )
    stream.write(out.getvalue())


def write_group_table(rows: Iterable[dict[str, Any]], stream: TextIO) -> None:
    """Groups one after another, each member with its similarity and distance to the
    centre ("C"), under a line that says what keeping only the largest file would free."""
    out = io.StringIO()
    out.write(
        f"  {'SIM%':>6}  {'DIST':>4}  {'':2}  {'SIZE':>9}  {'FORMAT':<6}  {'ENCODING':<10}  PATH\n"
    )
    current = None
    for item in rows:
        if item["group"] != current:
            current = item["group"]
            out.write(
                f"group {current}: {item['group_files']} files, keeping the largest frees "
                f"{human_size(item['reclaimable'])}\n"
            )
        mark = ("C" if item["centre"] else " ") + ("=" if item["identical"] else " ")
        sim = "" if item["similarity"] is None else f"{100 * item['similarity']:.1f}"
        path = terminal_text(item["path"])
        out.write(
            f"  {sim:>6}  {item['distance']:>4}  {mark:2}  {human_size(item['size']):>9}  "
            f"{item['format']:<6}  {item['encoding']:<10}  {path}\n"
        )
    stream.write(out.getvalue())


def _record_cell(item: dict[str, Any]) -> str:
    """A record on one line; a name with what it names and how many files define it."""
    text = str(item["record"]).replace("\r\n", "\n").replace("\n", "\\n").replace("\r", "\\r")
    if item.get("kind"):
        places = item.get("places", 1)
        more = f", {places} files" if places > 1 else ""
        text = f"{text}  ({item['kind']}{more})"
    return text


def _where(item: dict[str, Any]) -> str:
    path = str(item["path"]).replace("\n", "\\n").replace("\r", "\\r")
    return f"{path}:{item['line']}"


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
