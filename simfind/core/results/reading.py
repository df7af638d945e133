"""A result file read back (document.py), or one typed error that says what is wrong.

Nothing is written here, and nothing is guessed: a file that is not whole JSON, that is
not simfind's, that a newer simfind wrote, or whose groups miss a field a clean-up needs
is refused as a whole (``ResultFileError``), never read in part. Each member's path is
taken from its path fields (paths.path_from_fields), a relative one against the file's
``working_folder``.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from enum import Enum
from pathlib import Path
from typing import Any, BinaryIO

from simfind.core.base.errors import OsFailure
from simfind.core.base.paths import PATH_BYTES, path_from_fields
from simfind.core.groups.folder_groups import Group
from simfind.core.groups.group import Member
from simfind.core.groups.kinds import relate
from simfind.core.results.document import FORMAT, VERSION, ResultSettings, SavedResult
from simfind.core.runs.runtime import collector_paused
from simfind.core.scan.match import file_match
from simfind.core.scan.rank import Match

#: A path with a part to normalise: "." or "..", a doubled separator, a trailing one.
_SEPARATORS = "/\\\\" if os.sep == "\\" else "/"
_UNNORMAL = re.compile(
    rf"(^|[{_SEPARATORS}])\.\.?([{_SEPARATORS}]|$)|[{_SEPARATORS}]{{2}}|[{_SEPARATORS}]$"
)

#: A field not in the object at all (not the same as null).
_ABSENT = object()

#: What a group may say it is (its optional "kind"): every member the centre's bytes, the
#: centre's text in other bytes, or similar to the centre.
IDENTICAL_KIND = "identical"
GROUP_KINDS = (IDENTICAL_KIND, "same-text", "near-duplicate")

#: Reports how far the reading is: (steps done, steps in all), bytes read then groups made.
ReadProgress = Callable[[int, int], None]

#: Read at a time (a step of progress).
_CHUNK = 1 << 20


class ResultProblem(str, Enum):
    #: The file could not be read (``os_error`` says why).
    UNREADABLE = "unreadable"
    #: Nothing in it.
    EMPTY = "empty"
    #: Not whole JSON (cut short, or damaged): ``detail`` says where.
    NOT_JSON = "not-json"
    #: JSON, but no simfind result.
    FOREIGN = "foreign"
    #: The bare array of groups ``simfind groups --format json`` printed before result
    #: files (schema 1): no file's time to the nanosecond, no hash to check it by.
    OLD_LISTING = "old-listing"
    #: Written by a newer simfind, in a version of the format this one does not know.
    NEWER = "newer"
    #: A simfind result, but a field is missing or not what it must be (``where``).
    DAMAGED = "damaged"


class Expected(str, Enum):
    """What a field of a damaged result file must be (ResultProblem.DAMAGED)."""

    #: The field is not there.
    PRESENT = "present"
    OBJECT = "object"
    LIST = "list"
    PATH = "path"
    HEX = "hexadecimal"
    WHOLE = "whole-number"
    SHARE = "share"
    BOOL = "boolean"
    TEXT = "text"
    TEXTS = "texts"
    #: A group has exactly one centre.
    ONE_CENTRE = "one-centre"
    #: 64 or 128.
    BITS = "bits"
    #: A whole number from 2 (the format's version).
    VERSION = "version"
    #: A group's kind: one of GROUP_KINDS.
    KIND = "kind"
    #: In a group of kind "identical", every member with the centre's hash.
    SAME_HASH = "same-hash"


class ResultFileError(Exception):
    """Why a result file cannot be used, as data (the front ends word it)."""

    def __init__(
        self,
        problem: ResultProblem,
        where: str = "",
        expected: Expected | None = None,
        line: int = 0,
        column: int = 0,
        version: int = 0,
        made_by: str = "",
        os_error: OsFailure | None = None,
    ) -> None:
        super().__init__(problem.value, where, expected, line, column)
        self.problem = problem
        #: For DAMAGED: the field (groups[3].members[1].size), and what it must be.
        self.where = where
        self.expected = expected
        #: For NOT_JSON: where the JSON breaks off (0: not known, as for bytes not text).
        self.line = line
        self.column = column
        #: For NEWER: the file's version, and the simfind that wrote it.
        self.version = version
        self.made_by = made_by
        self.os_error = os_error


#: How a result file begins, as simfind writes it (a BOM and white space may come first).
_OPENING = b'{"format": "' + FORMAT.encode() + b'"'


def is_result_file(path: Path) -> bool:
    """Whether ``path`` is a file that begins as simfind writes a result file (its first
    bytes alone are read: a file given to the window is a result, or a reference)."""
    try:
        with path.open("rb") as stream:
            start = stream.read(256)
    except OSError:
        return False
    return start.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(_OPENING)


def read_result_file(path: Path, progress: ReadProgress | None = None) -> SavedResult:
    """The result file at ``path`` (ResultFileError where it cannot be used)."""
    try:
        with path.open("rb") as stream:
            data = _read_all(stream, os.fstat(stream.fileno()).st_size, progress)
    except OSError as exc:
        raise ResultFileError(ResultProblem.UNREADABLE, os_error=OsFailure.of(exc)) from exc
    return read_result(data, progress)


def _read_all(stream: BinaryIO, size: int, progress: ReadProgress | None) -> bytes:
    parts = []
    done = 0
    while chunk := stream.read(_CHUNK):
        parts.append(chunk)
        done += len(chunk)
        if progress is not None:
            progress(done, max(size, done) * 2)  # reading is the first half
    return b"".join(parts)


def read_result(data: bytes, progress: ReadProgress | None = None) -> SavedResult:
    """A result file's bytes read (ResultFileError where they cannot be used)."""
    if not data.strip():
        raise ResultFileError(ResultProblem.EMPTY)
    with collector_paused():  # 100,000 files' objects, no cycle among them
        document = _by_lines(data)
        if document is None:
            document = _whole(data)
        return result_of(
            document, lambda done, total: _second_half(progress, done, total, len(data))
        )


#: The lines around the groups, as writing.write_result writes them.
_GROUPS_OPEN = b' "groups": ['
_GROUPS_CLOSE = (b" ]", b"}")


def _by_lines(data: bytes) -> Any:
    """The document parsed a group at a time, where it is laid out as simfind writes it
    (one group a line): a 45 MB document parsed whole holds the interpreter for a second
    and more, and the window with it. None where it is laid out otherwise."""
    lines = data.removeprefix(b"\xef\xbb\xbf").split(b"\n")
    while lines and not lines[-1].strip():
        lines.pop()
    empty = len(lines) == 3 and lines[1] == _GROUPS_OPEN + b"]" and lines[2] == b"}"
    if len(lines) < 4 and not empty:
        return None
    if not empty and (lines[1] != _GROUPS_OPEN or tuple(lines[-2:]) != _GROUPS_CLOSE):
        return None
    head = lines[0].rstrip()
    if not head.endswith(b","):
        return None
    try:
        document = json.loads(head[:-1] + b"}")
        rows = [] if empty else lines[2:-2]
        groups = [json.loads(row[:-1] if row.endswith(b",") else row) for row in rows]
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        return None  # parsed whole, where the error is said with its place in the file
    if not isinstance(document, dict) or "groups" in document:
        return None
    document["groups"] = groups
    return document


def _whole(data: bytes) -> Any:
    try:
        return json.loads(data)
    except UnicodeDecodeError as exc:
        raise ResultFileError(ResultProblem.NOT_JSON) from exc
    except json.JSONDecodeError as exc:
        raise ResultFileError(ResultProblem.NOT_JSON, line=exc.lineno, column=exc.colno) from exc
    except RecursionError as exc:  # nested deeper than any result file is
        raise ResultFileError(ResultProblem.FOREIGN) from exc


def _second_half(progress: ReadProgress | None, done: int, total: int, size: int) -> None:
    if progress is not None and total:
        progress(size + size * done // total, size * 2)


def result_of(document: Any, progress: ReadProgress | None = None) -> SavedResult:
    """A parsed result file as a SavedResult (ResultFileError where it cannot be used)."""
    if isinstance(document, list):
        if document and all(isinstance(g, dict) and "members" in g for g in document):
            raise ResultFileError(ResultProblem.OLD_LISTING)
        raise ResultFileError(ResultProblem.FOREIGN)
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ResultFileError(ResultProblem.FOREIGN)
    version = document.get("version")
    made_by = document.get("simfind")
    made_by = made_by if isinstance(made_by, str) else ""
    if type(version) is not int or version < 2:
        raise ResultFileError(ResultProblem.DAMAGED, "version", Expected.VERSION)
    if version > VERSION:
        raise ResultFileError(ResultProblem.NEWER, version=version, made_by=made_by)
    return _Reader(document, version, made_by).read(progress)


#: A field's kind as the reader checks it: (check, what it must be).
_Kind = tuple[Callable[[Any], bool], Expected]
_INT: _Kind = (lambda v: type(v) is int and v >= 0, Expected.WHOLE)
_ANY_INT: _Kind = (lambda v: type(v) is int, Expected.WHOLE)
_BOOL: _Kind = (lambda v: type(v) is bool, Expected.BOOL)
_TEXT: _Kind = (lambda v: type(v) is str, Expected.TEXT)
_SHARE: _Kind = (lambda v: v is None or (type(v) in (int, float) and 0 <= v <= 1), Expected.SHARE)
_NUMBER: _Kind = (lambda v: type(v) in (int, float) and 0 <= v <= 1, Expected.SHARE)
_HEX: _Kind = (lambda v: v is None or (type(v) is str and _is_hex(v)), Expected.HEX)
_OPTIONAL_INT: _Kind = (lambda v: v is None or (type(v) is int and v >= 0), Expected.WHOLE)
_TEXTS: _Kind = (lambda v: type(v) is list and all(type(s) is str for s in v), Expected.TEXTS)


def _is_hex(text: str) -> bool:
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return len(text) % 2 == 0


class _Reader:
    """One document read, each field checked where it is taken."""

    def __init__(self, document: dict[str, Any], version: int, made_by: str) -> None:
        self.document = document
        self.version = version
        self.made_by = made_by
        self.working = Path.cwd()
        self.roots: list[tuple[str, Path]] = []

    def read(self, progress: ReadProgress | None) -> SavedResult:
        document = self.document
        self.working = self._path(self._object(document, "working_folder", ""), "working_folder")
        inputs = self._object(document, "inputs", "")
        folders = self._paths(inputs, "folders", "inputs")
        references = self._paths(inputs, "reference_folders", "inputs")
        # The longest first: a file below a folder inside another is that folder's.
        self.roots = sorted(
            ((_with_separator(f), f) for f in [*folders, *references]),
            key=lambda root: -len(root[0]),
        )
        settings = self._settings(self._object(document, "settings", ""))
        created = self._field(document, "created", _TEXT, "")
        groups_found = document.get("groups")
        if type(groups_found) is not list:
            raise ResultFileError(ResultProblem.DAMAGED, "groups", Expected.LIST)
        groups = []
        total = len(groups_found)
        for number, group in enumerate(groups_found):
            made = self._group(group, f"groups[{number}]")
            if made is not None:
                groups.append(made)
            if progress is not None and (number % 500 == 499 or number + 1 == total):
                progress(number + 1, total)
        return SavedResult(
            self.version,
            self.made_by,
            created,
            folders,
            references,
            settings,
            groups,
            files=self._optional(document, "files", _INT, 0, ""),
            skipped=self._optional(document, "skipped", _INT, 0, ""),
        )

    # -- parts --------------------------------------------------------------------------
    def _settings(self, found: dict[str, Any]) -> ResultSettings:
        at = "settings"
        threshold = self._field(found, "threshold", _NUMBER, at)
        bits = self._field(found, "bits", _INT, at)
        if bits not in (64, 128):
            raise ResultFileError(ResultProblem.DAMAGED, f"{at}.bits", Expected.BITS)
        return ResultSettings(
            threshold=float(threshold),
            bits=bits,
            max_distance=self._field(found, "max_distance", _INT, at),
            text_only=self._optional(found, "text_only", _BOOL, False, at),
            fold_scripts=self._optional(found, "fold_scripts", _BOOL, True, at),
            include=tuple(self._optional(found, "include", _TEXTS, [], at)),
            exclude=tuple(self._optional(found, "exclude", _TEXTS, [], at)),
            hidden=self._optional(found, "hidden", _BOOL, False, at),
            follow_links=self._optional(found, "follow_links", _BOOL, False, at),
            ignore_list=self._optional(found, "ignore_list", _BOOL, True, at),
        )

    def _group(self, group: Any, at: str) -> Group | None:
        if type(group) is not dict:
            raise ResultFileError(ResultProblem.DAMAGED, at, Expected.OBJECT)
        members = group.get("members")
        if type(members) is not list:
            raise ResultFileError(ResultProblem.DAMAGED, f"{at}.members", Expected.LIST)
        kind = group.get("kind")
        if kind is not None and kind not in GROUP_KINDS:
            raise ResultFileError(ResultProblem.DAMAGED, f"{at}.kind", Expected.KIND)
        made = [self._member(m, f"{at}.members[{k}]") for k, m in enumerate(members)]
        if len(made) < 2:
            return None  # nothing to show or clean in a group of one
        centres = [k for k, m in enumerate(made) if m.is_centre]
        if len(centres) != 1:
            raise ResultFileError(ResultProblem.DAMAGED, f"{at}.members", Expected.ONE_CENTRE)
        if centres[0]:
            made.insert(0, made.pop(centres[0]))
        # A group that says its files are identical is cleaned as such (--only-identical,
        # their bytes read again before a link): each must carry the centre's hash.
        if kind == IDENTICAL_KIND and (
            not made[0].match.digest or any(m.match.digest != made[0].match.digest for m in made)
        ):
            raise ResultFileError(ResultProblem.DAMAGED, f"{at}.members", Expected.SAME_HASH)
        return Group(relate(made))  # identical to the centre, or another member: by hash

    def _member(self, member: Any, at: str) -> Member:
        """A file of a group: the common case checked in one go, anything else field by
        field (``_checked``), which says what is wrong where."""
        if type(member) is dict:
            get = member.get
            text, data = get("path"), get(PATH_BYTES)
            size, mtime, centre = get("size"), get("mtime_ns"), get("centre")
            similarity, digest = get("similarity", _ABSENT), get("hash", _ABSENT)
            encoding, kind = get("encoding", ""), get("format", "")
            ino, identical = get("inode", 0), get("identical", False)
            fingerprint, distance = get("fingerprint"), get("distance")
            inside, holds = get("reference_in_file"), get("file_in_reference")
            if (
                type(text) is str
                and not data
                and type(size) is int
                and size >= 0
                and type(mtime) is int
                and type(centre) is bool
                and (similarity is None or (type(similarity) is float and 0 <= similarity <= 1))
                and (digest is None or type(digest) is str)
                and type(encoding) is str
                and type(kind) is str
                and type(ino) is int
                and ino >= 0
                and type(identical) is bool
                and (fingerprint is None or type(fingerprint) is str)
                and (distance is None or (type(distance) is int and distance >= 0))
                and (inside is None or (type(inside) is float and 0 <= inside <= 1))
                and (holds is None or (type(holds) is float and 0 <= holds <= 1))
            ):
                try:
                    hashed = bytes.fromhex(digest) if digest else None
                    printed = int(fingerprint, 16) if fingerprint else 0
                except ValueError:
                    return self._checked(member, at)
                path = self._path_of(text)
                match = file_match(
                    path,
                    self._rel(path),
                    size,
                    mtime,
                    encoding,
                    printed,
                    format=kind,
                    ino=ino,
                    reference_in_file=inside,
                    file_in_reference=holds,
                    digest=hashed,
                    by_bytes=distance is None and fingerprint is None,
                )
                return _member_of(member, match, similarity, distance or 0, centre, identical)
        return self._checked(member, at)

    def _checked(self, member: Any, at: str) -> Member:
        """A file of a group read field by field: ResultFileError at the first field that
        is missing or wrong."""
        if type(member) is not dict:
            raise ResultFileError(ResultProblem.DAMAGED, at, Expected.OBJECT)
        path = self._path(member, at)
        field = self._field
        digest = field(member, "hash", _HEX, at)
        fingerprint = self._optional(member, "fingerprint", _HEX, None, at)
        similarity = field(member, "similarity", _SHARE, at)
        distance = self._optional(member, "distance", _OPTIONAL_INT, None, at)
        match = file_match(
            path=path,
            rel=self._rel(path),
            size=field(member, "size", _INT, at),
            mtime_ns=field(member, "mtime_ns", _ANY_INT, at),
            encoding=self._optional(member, "encoding", _TEXT, "", at),
            fingerprint=int(fingerprint, 16) if fingerprint else 0,
            format=self._optional(member, "format", _TEXT, "", at),
            ino=self._optional(member, "inode", _INT, 0, at),
            reference_in_file=self._optional(member, "reference_in_file", _SHARE, None, at),
            file_in_reference=self._optional(member, "file_in_reference", _SHARE, None, at),
            digest=bytes.fromhex(digest) if digest else None,
            by_bytes=distance is None and fingerprint is None,
        )
        return _member_of(
            member,
            match,
            None if similarity is None else float(similarity),
            distance or 0,
            field(member, "centre", _BOOL, at),
            self._optional(member, "identical", _BOOL, False, at),
        )

    def _path_of(self, text: str) -> Path:
        """A path written as text: absolute as it is where it needs no normalising (as the
        writer writes it), else made so against the working folder."""
        if os.path.isabs(text) and not _UNNORMAL.search(text):  # noqa: PTH117 (a str, kept)
            return Path(text)
        return Path(os.path.normpath(os.path.join(self.working, text)))  # noqa: PTH118

    def _rel(self, path: Path) -> str:
        """The path below the folder it was found in (searched or reference), with "/"."""
        text = os.fspath(path)
        for prefix, _ in self.roots:
            if text.startswith(prefix):
                rel = text[len(prefix) :]
                return rel if os.sep == "/" else rel.replace(os.sep, "/")
        return path.name

    # -- fields -------------------------------------------------------------------------
    def _path(self, fields: Any, at: str) -> Path:
        if type(fields) is not dict or type(fields.get("path")) is not str:
            raise ResultFileError(ResultProblem.DAMAGED, f"{at}.path", Expected.PATH)
        try:
            path = path_from_fields(fields)
        except (ValueError, UnicodeDecodeError) as exc:
            raise ResultFileError(ResultProblem.DAMAGED, f"{at}.path_bytes", Expected.HEX) from exc
        return self._path_of(os.fspath(path))

    def _paths(self, found: dict[str, Any], name: str, at: str) -> list[Path]:
        items = found.get(name)
        if type(items) is not list:
            raise ResultFileError(ResultProblem.DAMAGED, f"{at}.{name}", Expected.LIST)
        return [self._path(item, f"{at}.{name}[{k}]") for k, item in enumerate(items)]

    def _object(self, found: Mapping[str, Any], name: str, at: str) -> dict[str, Any]:
        value = found.get(name)
        if type(value) is not dict:
            raise ResultFileError(ResultProblem.DAMAGED, _at(at, name), Expected.OBJECT)
        return value

    def _field(self, found: Mapping[str, Any], name: str, kind: _Kind, at: str) -> Any:
        if name not in found:
            raise ResultFileError(ResultProblem.DAMAGED, _at(at, name), Expected.PRESENT)
        value = found[name]
        check, expected = kind
        if not check(value):
            raise ResultFileError(ResultProblem.DAMAGED, _at(at, name), expected)
        return value

    def _optional(
        self, found: Mapping[str, Any], name: str, kind: _Kind, default: Any, at: str
    ) -> Any:
        if found.get(name) is None and kind is not _SHARE:
            return default
        return self._field(found, name, kind, at) if name in found else default


def _at(at: str, name: str) -> str:
    return f"{at}.{name}" if at else name


def _with_separator(folder: Path) -> str:
    text = os.fspath(folder)
    return text if text.endswith(os.sep) else text + os.sep


def _member_of(
    member: dict[str, Any],
    match: Match,
    similarity: float | None,
    distance: int,
    centre: bool,
    identical: bool,
) -> Member:
    """A member with its figures to its centre; one found in a catalogue says so again (it
    stays protected: its drive may be plugged in, and is no folder the search cleans), and
    whether its figure was an estimate."""
    catalogue = member.get("catalogue")
    if type(catalogue) is str and catalogue:
        match.catalogue = Path(catalogue)
    estimated = member.get("estimated") is True
    given = member.get("similarity_alone")
    alone = float(given) if isinstance(given, (int, float)) and type(given) is not bool else None
    return Member(match, similarity, distance, centre, identical, estimated=estimated, alone=alone)


__all__ = [
    "GROUP_KINDS",
    "IDENTICAL_KIND",
    "Expected",
    "ReadProgress",
    "ResultFileError",
    "ResultProblem",
    "is_result_file",
    "read_result",
    "read_result_file",
    "result_of",
]
