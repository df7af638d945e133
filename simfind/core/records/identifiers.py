"""Names defined in source code: functions, classes, constants and variables.

Pygments' lexers (BSD-2-Clause) cut the text into tokens for some 500
languages, chosen by the file's name, so names inside strings, comments and
docstrings are never taken for code. Some lexers tag definitions themselves
(Name.Function, Name.Class, Name.Constant, Name.Variable); many tag every name
alike (JavaScript, Go and TypeScript say Name.Other, Python's assignments are
plain Name). For those, a few rules common to most languages decide:

* a name after a declaring keyword (``def``, ``function``, ``func``, ``fn``,
  ``class``, ``struct``, ``let``, ``const``, ``var``, ...) is defined there;
* a name that starts a statement (or follows a type, or ``self.`` / ``this.``)
  and is followed by ``=`` or ``:=``, outside brackets, is a variable
  (a constant when written in capitals): keyword arguments ``f(a=1)`` are not;
* a name after a type keyword and before ``(`` is a function (C#, Java methods).

Measured on 600 files of Django (bench_records): 0.8 MB of Python a second
and core, against 45 MB/s for one regular expression of Python definitions;
the expression also takes the examples inside docstrings for code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING

from pygments.token import Comment, Keyword, Name, Operator, Punctuation, String, Text, _TokenType

if TYPE_CHECKING:  # pygments.lexer is loaded with the first lexer, not with this module
    from pygments.lexer import Lexer


class NameKind(str, Enum):
    FUNCTION = "function"
    CLASS = "class"
    CONSTANT = "constant"
    VARIABLE = "variable"


_FUNCTION_WORDS = frozenset({"def", "function", "func", "fn", "fun", "sub", "proc", "defun"})
_CLASS_WORDS = frozenset(
    {"class", "struct", "interface", "enum", "trait", "type", "record", "object", "union"}
)
_VARIABLE_WORDS = frozenset({"let", "const", "var", "val", "local", "my", "our", "auto"})
_ASSIGN = frozenset({"=", ":="})
_OPEN = frozenset({"(", "["})
_CLOSE = frozenset({")", "]"})
_STATEMENT_END = frozenset({";", "{", "}"})
_SELF = frozenset({"self", "this", "cls"})
_SIGILS = "$@%&"
#: Pygments' modules of lexers for documents, markup, data and logs, not code: their
#: "names" are message ids, keys and tags (a .po catalogue gave 25,000 of them).
_NOT_CODE = frozenset(
    {
        "asc", "bibtex", "configs", "console", "css", "data", "diff", "dns", "email",
        "grammar_notation", "hexdump", "html", "installers", "json5", "ldap", "markup",
        "mime", "procfile", "rdf", "resource", "sgf", "special", "srcinfo", "templates",
        "textfmts",
    }
)  # fmt: skip
_GENERIC = (Name, Name.Other)
_SKIPPED = (Comment, Text)

# Words of a name: runs of capitals not followed by a small letter (HTTP in
# HTTPServer), a capital with its small letters (Server), digits, other letters.
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+|[^\W\d_A-Za-z]+")
_PARTS = re.compile(r"[^\W_]+")


def name_words(name: str) -> list[str]:
    """A name cut at snake_case, camelCase and digits, lower-cased.

    ``getHTTPResponse2`` and ``get_http_response_2`` both give get, http, response, 2.
    """
    words: list[str] = []
    for part in _PARTS.findall(name):
        words.extend(word.lower() for word in _WORD.findall(part))
    return words


def _constant_case(name: str) -> bool:
    letters = [c for c in name if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


@cache
def _lexer_class_for(name: str) -> type[Lexer] | None:
    from pygments.lexers import find_lexer_class_for_filename
    from pygments.util import ClassNotFound

    try:
        found = find_lexer_class_for_filename(name)
    except ClassNotFound:
        return None
    if found is None or found.__module__.rsplit(".", 1)[-1] in _NOT_CODE:
        return None
    return found  # type: ignore[no-any-return]


def lexer_for(filename: str) -> Lexer | None:
    """Pygments' lexer for source code in a file of this name (*.py, Makefile...), if any.

    Documents, markup and data (.txt, .rst, .html, .po, .json, .css, .ini...) have none.
    """
    base = filename.replace("\\", "/").rsplit("/", 1)[-1]
    dot = base.rfind(".")
    # Most names differ only in their stem: look up by extension when there is one.
    key = f"x{base[dot:].lower()}" if dot > 0 else base
    found = _lexer_class_for(key)
    if found is None and key != base:
        found = _lexer_class_for(base)
    if found is None:
        return None
    # stripnl would drop leading blank lines, and so shift every line number.
    return found(stripnl=False, ensurenl=False)


def _significant(lexer: Lexer, text: str) -> Iterator[tuple[_TokenType, str, int, bool]]:
    """(type, value, 1-based line, whether a new line came before it) of tokens that count."""
    line = 1
    newline = True
    for ttype, value in lexer.get_tokens(text):
        if ttype in _SKIPPED or not value.strip():
            if "\n" in value:
                newline = True
                line += value.count("\n")
            continue
        yield ttype, value, line, newline
        newline = False
        line += value.count("\n")


def _tagged(ttype: _TokenType) -> NameKind | None:
    if ttype in Name.Function:
        return NameKind.FUNCTION
    if ttype in Name.Class:
        return NameKind.CLASS
    if ttype in Name.Constant:
        return NameKind.CONSTANT
    if ttype in Name.Variable:
        return NameKind.VARIABLE
    return None


def definitions(text: str, lexer: Lexer) -> list[tuple[int, str, NameKind]]:
    """(line, name, kind) of every name defined in ``text``, in order, repeats included."""
    tokens = list(_significant(lexer, text))
    found: list[tuple[int, str, NameKind]] = []
    depth = 0
    for index, (ttype, value, line, newline) in enumerate(tokens):
        if ttype in Punctuation or ttype in Operator:
            if value in _OPEN:
                depth += 1
            elif value in _CLOSE:
                depth = max(0, depth - 1)
            continue
        if ttype in String or ttype not in Name:
            continue
        kind = _tagged(ttype)
        if kind is None and ttype in _GENERIC:
            kind = _generic(tokens, index, depth, newline)
        if kind is None:
            continue
        name = value.lstrip(_SIGILS)
        if not name or not any(c.isalnum() for c in name):
            continue
        if kind is NameKind.VARIABLE and _constant_case(name):
            kind = NameKind.CONSTANT
        found.append((line, name, kind))
    return found


def _generic(
    tokens: list[tuple[_TokenType, str, int, bool]], index: int, depth: int, newline: bool
) -> NameKind | None:
    """The kind of an untagged name at ``index``, or None where it is not defined there."""
    before = tokens[index - 1] if index else None
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    if before is not None and before[0] in Keyword:
        word = before[1]
        if word in _FUNCTION_WORDS:
            return NameKind.FUNCTION
        if word in _CLASS_WORDS:
            return NameKind.CLASS
        if word in _VARIABLE_WORDS:
            return NameKind.VARIABLE
    if depth or after is None:
        return None
    starts = (
        newline
        or before is None
        or before[1] in _STATEMENT_END
        or before[0] in Keyword
        or (before[0] in _GENERIC and before[3])  # a type that starts the line: String s = ...
        or (before[1] == "." and index >= 2 and tokens[index - 2][1] in _SELF)
    )
    if not starts:
        return None
    if after[1] in _ASSIGN:
        return NameKind.VARIABLE
    if after[1] == ":" and _annotated(tokens, index + 2, after[2]):
        return NameKind.VARIABLE
    if (
        after[1] == "("
        and before is not None
        and (before[0] in Keyword.Type or before[1] == "void")
    ):
        return NameKind.FUNCTION
    return None


def _annotated(tokens: list[tuple[_TokenType, str, int, bool]], start: int, line: int) -> bool:
    """Whether ``name: type = value`` follows: an ``=`` on the same line, outside brackets."""
    depth = 0
    for ttype, value, at, _ in tokens[start : start + 32]:
        if at != line:
            return False
        if value in _OPEN:
            depth += 1
        elif value in _CLOSE:
            depth -= 1
        elif value in _ASSIGN and depth == 0 and (ttype in Operator or ttype in Punctuation):
            return True
    return False


__all__ = ["NameKind", "definitions", "lexer_for", "name_words"]
