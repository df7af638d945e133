"""Rich Text Format (.rtf): a small reader written for simfind from the RTF 1.9 specification.

Why not striprtf: it drops page headers, footers, footnotes and text boxes (all
"destinations" to it), and its output cannot be capped or interrupted. Here:

* Characters come as ``\\uN`` (with ``\\ucN`` fallback characters skipped) or as
  ``\\'hh`` bytes in the code page of the current font (``\\fcharsetN``,
  ``\\cpgN``) or of the document (``\\ansicpgN``); a run of bytes is decoded
  together, so the two bytes of a GBK or Big5 character stay one character.
* Headers, footers, footnotes and text boxes are read (text boxes where they are
  anchored; headers first, footnotes and footers after the body, each distinct
  header or footer once). Comments, field instructions, pictures, list numbers,
  shape properties and every other ignorable destination are skipped.
* Paragraphs end a line; a table row is one line, its cells separated by a space.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from simfind.core.text.documents.guards import Budget, TextSink, damaged

_SLOW_TOKEN = (
    r"\\([a-zA-Z]{1,32})(-?\d{1,10})? ?"  # a control word, its number, its delimiter
    r"|\\'([0-9a-fA-F]{2})"  # a byte
    r"|\\(.)"  # a control symbol
    r"|([{}])"
    r"|([^\\{}\r\n]+)"  # text
    r"|[\r\n]+"
)
_TOKEN = re.compile(_SLOW_TOKEN + "|()", re.DOTALL)
#: Where each \uN has one fallback character (\uc1, the default): a run of them at once.
_TOKEN_UC1 = re.compile(
    r"((?:\\u-?\d{1,6} ?(?:\\'[0-9a-fA-F]{2}|[^\\{}\r\n]))+)|" + _SLOW_TOKEN, re.DOTALL
)
_UNICODE = re.compile(r"\\u(-?\d{1,6})")

#: Destinations whose text is not the document's (or is read from elsewhere).
_SKIPPED = frozenset(
    (
        "fonttbl",
        "colortbl",
        "stylesheet",
        "info",
        "pict",
        "object",
        "objdata",
        "themedata",
        "colorschememapping",
        "datastore",
        "latentstyles",
        "xmlnstbl",
        "listtable",
        "listoverridetable",
        "rsidtbl",
        "generator",
        "fldinst",
        "annotation",
        "atnid",
        "atnauthor",
        "atndate",
        "atnref",
        "atnicn",
        "atrfstart",
        "atrfend",
        "bkmkstart",
        "bkmkend",
        "listtext",
        "pntext",
        "pntxta",
        "pntxtb",
        "sp",
        "shprslt",
        "nonshppict",
        "revtbl",
        "pgdsctbl",
        "filetbl",
        "mmathPr",
        "docvar",
        "template",
        "userprops",
        "xform",
        "falt",
        "panose",
        "fontemb",
        "fontfile",
        "keycode",
        "",
    )
)
_FLOWS = {
    "header": "header",
    "headerl": "header",
    "headerr": "header",
    "headerf": "header",
    "footer": "footer",
    "footerl": "footer",
    "footerr": "footer",
    "footerf": "footer",
    "footnote": "note",
    "shptxt": "body",
}
#: Destinations marked ignorable (\*) that hold the document's text all the same.
_READ_ANYWAY = frozenset({*_FLOWS, "shpinst", "fldrslt"})
_LINE_ENDS = frozenset({"par", "sect", "page", "row"})
_SYMBOLS = {
    "tab": "\t",
    "cell": " ",
    "nestcell": " ",
    "line": "\n",
    "emdash": "\u2014",
    "endash": "\u2013",
    "emspace": "\u2003",
    "enspace": "\u2002",
    "qmspace": "\u2005",
    "bullet": "\u2022",
    "lquote": "\u2018",
    "rquote": "\u2019",
    "ldblquote": "\u201c",
    "rdblquote": "\u201d",
}
_ESCAPES = {"\\": "\\", "{": "{", "}": "}", "~": "\u00a0", "_": "\u2011", "-": ""}

#: \fcharsetN -> code page (the charsets of the RTF specification).
_CHARSETS = {
    0: "cp1252",
    77: "mac_roman",
    128: "cp932",
    129: "cp949",
    130: "johab",
    134: "gb18030",
    136: "big5hkscs",
    161: "cp1253",
    162: "cp1254",
    163: "cp1258",
    177: "cp1255",
    178: "cp1256",
    186: "cp1257",
    204: "cp1251",
    222: "cp874",
    238: "cp1250",
    254: "cp437",
    255: "cp850",
}
#: \ansicpgN / \cpgN values that Python names otherwise, or that need a wider codec.
_CODE_PAGES = {936: "gb18030", 950: "big5hkscs", 932: "cp932", 949: "cp949", 10000: "mac_roman"}
_MULTIBYTE = frozenset({"cp932", "cp949", "johab", "gb18030", "big5hkscs"})


def _code_page(number: int) -> str:
    name = _CODE_PAGES.get(number, f"cp{number}")
    try:
        "".encode(name)
    except LookupError:
        return "cp1252"
    return name


class _Flow:
    """Where text goes: the body, the headers, the footers or the footnotes."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.pieces: list[str] = []

    def end_line(self) -> None:
        if self.pieces:
            self.lines.append("".join(self.pieces))
            self.pieces = []


class _State:
    """What a group inherits from the group around it."""

    __slots__ = ("codec", "flow", "fonts", "skip", "starts_flow", "uc")

    def __init__(self, flow: _Flow) -> None:
        self.flow = flow
        self.skip = False
        self.fonts = False  # inside the font table: read numbers, not text
        self.uc = 1
        self.codec = "cp1252"
        self.starts_flow = False

    def child(self, **changes: object) -> _State:
        state = _State(self.flow)
        for name in self.__slots__:
            setattr(state, name, changes.get(name, getattr(self, name)))
        return state


@dataclass
class _Reader:
    budget: Budget
    body: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    footers: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    default_codec: str = "cp1252"
    font_codecs: dict[int, str] = field(default_factory=dict)
    default_font: int | None = None
    pending: bytearray = field(default_factory=bytearray)
    pending_codec: str = "cp1252"
    skip_chars: int = 0
    font_number: int | None = None

    def flush(self, state: _State) -> None:
        if self.pending:
            state.flow.pieces.append(bytes(self.pending).decode(self.pending_codec, "replace"))
            self.pending.clear()

    def byte(self, state: _State, value: int) -> None:
        if self.pending and self.pending_codec != state.codec:
            self.flush(state)
        self.pending_codec = state.codec
        self.pending.append(value)

    def text(self, state: _State, run: str) -> None:
        if self.skip_chars:
            taken = min(self.skip_chars, len(run))
            self.skip_chars -= taken
            run = run[taken:]
        if not run or state.skip:
            return
        if self.pending and state.codec in _MULTIBYTE:
            # A double-byte character whose second byte was written as a plain character.
            self.byte(state, ord(run[0]) & 0xFF)
            run = run[1:]
        if run.isascii():
            self.flush(state)
            state.flow.pieces.append(run)
            return
        for char in run:  # raw 8-bit bytes: characters in the current code page
            if ord(char) < 0x80 and not (self.pending and state.codec in _MULTIBYTE):
                self.flush(state)
                state.flow.pieces.append(char)
            else:
                self.byte(state, ord(char) & 0xFF)


def read_rtf(data: bytes, budget: Budget) -> str:
    if not data.startswith(b"{\\rtf"):
        raise damaged("rtf")
    source = data.decode("latin-1")
    reader = _Reader(budget)
    body = _Flow(reader.body)
    flows = {"header": reader.headers, "footer": reader.footers, "note": reader.notes}
    state = _State(body)
    stack: list[_State] = []
    group_start = False
    star = False
    position = 0
    tokens = 0
    while position < len(source):
        fast = state.uc == 1 and not reader.skip_chars
        match = (_TOKEN_UC1 if fast else _TOKEN).match(source, position)
        if match is None:  # a lone backslash at the very end
            break
        position = match.end()
        tokens += 1
        if tokens % 65536 == 0:
            budget.check()
        if fast:
            unicode_run, word, argument, hex_byte, symbol, brace, run = match.groups()
            if unicode_run is not None:
                if not state.skip and not state.fonts:
                    reader.flush(state)
                    state.flow.pieces.append(
                        "".join(chr(int(n) % 0x10000) for n in _UNICODE.findall(unicode_run))
                    )
                group_start = star = False
                continue
        else:
            word, argument, hex_byte, symbol, brace, run, _ = match.groups()
        if brace == "{":
            reader.flush(state)
            stack.append(state)
            state = state.child(starts_flow=False)
            group_start, star = True, False
            reader.skip_chars = 0
            continue
        if brace == "}":
            reader.flush(state)
            if state.starts_flow:
                state.flow.end_line()
            if not stack:
                break  # the document's group is closed; what follows is not part of it
            state = stack.pop()
            group_start = star = False
            reader.skip_chars = 0
            continue
        if word is not None:
            number = int(argument) if argument is not None else None
            if group_start and stack and stack[-1].skip:
                group_start = False  # inside a skipped destination everything is skipped
            if group_start:
                group_start = False
                if word in _FLOWS:
                    target = _FLOWS[word]
                    flow = body if target == "body" else _Flow(flows[target])
                    if target == "body":
                        body.end_line()
                    state = state.child(flow=flow, skip=False, starts_flow=True)
                    continue
                if word == "fonttbl":
                    state = state.child(skip=True, fonts=True)
                    continue
                if word in _SKIPPED or (star and word not in _READ_ANYWAY):
                    state = state.child(skip=True)
                    continue
                if word in _READ_ANYWAY:
                    state = state.child(skip=False)
            star = False
            if state.fonts:
                _font_table_word(reader, word, number)
                continue
            if word == "bin" and number:
                position += max(0, number)
                continue
            if state.skip:
                continue
            _control_word(reader, state, word, number)
            continue
        if hex_byte is not None:
            if reader.skip_chars:
                reader.skip_chars -= 1
            elif not state.skip:
                reader.byte(state, int(hex_byte, 16))
            continue
        if symbol is not None:
            if symbol == "*":
                star = True
                continue
            group_start = False
            if state.skip:
                continue
            if symbol in "\r\n":
                reader.flush(state)
                state.flow.end_line()
            elif symbol in "\\{}" and reader.pending and state.codec in _MULTIBYTE:
                reader.byte(state, ord(symbol))  # the second byte of a double-byte character
            elif symbol in _ESCAPES:
                reader.flush(state)
                state.flow.pieces.append(_ESCAPES[symbol])
            continue
        if run is not None:
            group_start = False
            if state.fonts:
                continue
            reader.text(state, run)
    reader.flush(state)
    body.end_line()
    sink = TextSink(budget)
    for line in _distinct(reader.headers) + reader.body + reader.notes + _distinct(reader.footers):
        sink.add(line)
    return sink.text()


def _font_table_word(reader: _Reader, word: str, number: int | None) -> None:
    if number is None:
        return
    if word == "f":
        reader.font_number = number
    elif word == "fcharset" and reader.font_number is not None:
        if number in _CHARSETS:
            reader.font_codecs[reader.font_number] = _CHARSETS[number]
    elif word == "cpg" and reader.font_number is not None:
        reader.font_codecs[reader.font_number] = _code_page(number)


def _control_word(reader: _Reader, state: _State, word: str, number: int | None) -> None:
    if word == "u" and number is not None:
        reader.flush(state)
        code = number + 0x10000 if number < 0 else number
        if 0 <= code <= 0xFFFF:  # a signed 16-bit number; anything else names no character
            state.flow.pieces.append(chr(code))
        reader.skip_chars = state.uc
    elif word in _LINE_ENDS:
        reader.flush(state)
        state.flow.end_line()
    elif word in _SYMBOLS:
        reader.flush(state)
        state.flow.pieces.append(_SYMBOLS[word])
    elif word == "uc" and number is not None:
        state.uc = max(0, number)
    elif word == "f" and number is not None:
        state.codec = reader.font_codecs.get(number, reader.default_codec)
    elif word == "plain" and reader.default_font is not None:
        state.codec = reader.font_codecs.get(reader.default_font, reader.default_codec)
    elif word == "ansicpg" and number is not None:
        reader.default_codec = state.codec = _code_page(number)
    elif word == "deff" and number is not None:
        reader.default_font = number


def _distinct(lines: list[str]) -> list[str]:
    return list(dict.fromkeys(lines))
