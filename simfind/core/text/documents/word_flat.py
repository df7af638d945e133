"""A plain Word part read without building its tree: the same lines as ooxml's readers.

Most Word parts are paragraphs of runs of text and nothing nested: no table, no
text box, no comment or CDATA, every namespace declared on the root. For such a
part, expat first checks that it is well formed (in C, building nothing), then
one regular expression finds the paragraphs and the text, tab, break and hyphen
elements in them. libxml2 building the whole tree took more than the rest of
the extraction together (bench_documents).

``flat_lines`` gives None for any part that is not plain, or that expat does not
accept: the tree reader then reads it, and refuses what it refuses, as before.
"""

from __future__ import annotations

import re
from xml.parsers import expat

_W_URIS = (
    b"http://schemas.openxmlformats.org/wordprocessingml/2006/main",
    b"http://purl.oclc.org/ooxml/wordprocessingml/main",
)
_UTF8_BOM = b"\xef\xbb\xbf"
_ENCODING = re.compile(rb"""encoding\s*=\s*["']([^"']*)["']""")
#: The first start tag, and its attributes (an attribute's value may hold ">").
_ROOT = re.compile(rb"""<[^\s/>?!]+((?:[^>"']|"[^"]*"|'[^']*')*)>""")
_DECLARATION = re.compile(rb"""\sxmlns(?::([^\s=]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')""")
#: Character references and the five entities XML defines; expat refused any other.
_REFERENCE = re.compile(r"&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
#: Word markup that the plain reading does not follow: the tree reader reads such a part.
_NOT_PLAIN = frozenset((b"tbl", b"tr", b"tc", b"txbxContent", b"sym"))
_PIECES = {b"tab": b"\t", b"br": b"\n", b"cr": b"\n", b"noBreakHyphen": b"-"}
_LINE_END = b"\x00"  # never in XML text: expat refuses it, even as a reference


def _token_pattern(prefix: bytes) -> re.Pattern[bytes]:
    """A paragraph's end; a paragraph's start or a piece, with the text that follows it."""
    name = re.escape(prefix)
    return re.compile(
        rb"<(?:(/)" + name + rb":p>|" + name + rb":(p|t|tab|br|cr|noBreakHyphen|"
        rb"""tbl|tr|tc|txbxContent|sym)(?=[\s/>])"""
        rb"""((?:[^>"']|"[^"]*"|'[^']*')*)>([^<]*))"""
    )


_TOKENS: dict[bytes, re.Pattern[bytes]] = {}


def _word_prefix(data: bytes) -> tuple[bytes, int] | None:
    """The prefix the part binds to WordprocessingML and where its markup starts, or
    None when the part is not plain: another encoding, a declaration other than the
    XML one, namespaces declared below the root or bound twice, W as the default."""
    start = len(_UTF8_BOM) if data.startswith(_UTF8_BOM) else 0
    if b"\x00" in data[:4] or data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None  # UTF-16 or UTF-32
    if b"<!" in data:
        return None  # a document type, a comment or CDATA
    if data.startswith(b"<?xml", start):
        end = data.find(b"?>", start)
        if end < 0:
            return None
        encoding = _ENCODING.search(data, start, end)
        if encoding is not None and encoding.group(1).lower() not in (b"utf-8", b"utf8"):
            return None
        start = end + 2
    if data.find(b"<?", start) >= 0:
        return None  # a processing instruction
    root = _ROOT.search(data, start)
    if root is None or data.count(b"xmlns") != root.group(1).count(b"xmlns"):
        return None
    prefix = None
    for name, double, single in _DECLARATION.findall(root.group(1)):
        uri = double or single
        if uri in _W_URIS:
            if not name or prefix is not None:
                return None
            prefix = name
    if prefix is None or b"Fallback" in data:
        return None  # Word's second copy of a text box
    return prefix, root.start()


def _well_formed(data: bytes) -> bool:
    parser = expat.ParserCreate(namespace_separator=" ")
    try:
        parser.Parse(data, True)
    except expat.ExpatError:
        return False
    return True


def _unescaped(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        name = match.group(1)
        if name[0] != "#":
            return _NAMED[name]
        return chr(int(name[2:], 16) if name[1] in "xX" else int(name[1:]))

    return _REFERENCE.sub(one, text)


def flat_lines(data: bytes) -> list[str] | None:
    """The lines ooxml._tree_lines gives for a plain Word part (not notes), or None."""
    found = _word_prefix(data)
    if found is None or not _well_formed(data):
        return None
    prefix, start = found
    pattern = _TOKENS.get(prefix)
    if pattern is None:
        pattern = _TOKENS[prefix] = _token_pattern(prefix)
    out: list[bytes] = []
    open_paragraph = False
    pieces = _PIECES
    for end, name, attributes, text in pattern.findall(data, start):
        if end:
            open_paragraph = False
            out.append(_LINE_END)
        elif name == b"p":
            if open_paragraph:
                return None  # a paragraph within a paragraph
            elif attributes.endswith(b"/"):
                out.append(_LINE_END)
            else:
                open_paragraph = True
        elif name in _NOT_PLAIN:
            return None
        elif not open_paragraph:
            continue  # a piece outside any paragraph: left out
        elif name == b"t":
            if not attributes.endswith(b"/"):
                out.append(text)
        else:
            out.append(pieces[name])
    if open_paragraph:
        return None
    joined = b"".join(out).decode("utf-8")
    if "\r" in joined:  # XML's line ends, before references could make a "\r"
        joined = joined.replace("\r\n", "\n").replace("\r", "\n")
    if "&" in joined:
        joined = _unescaped(joined)
    lines = joined.split("\x00")
    lines.pop()  # after the last line's end
    return lines
