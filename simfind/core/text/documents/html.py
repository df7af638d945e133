"""Web pages (.html, .htm, .xhtml) and the chapters of an EPUB: the text a browser shows.

Bytes become text as a browser would: a byte-order mark, else the charset the
page declares (<meta charset>, http-equiv, the XML declaration; legacy labels
widened as the WHATWG encoding standard does), else simfind's own detection.
The page is parsed by libxml2's HTML parser (lxml, which the other documents
need too: one parser, not two); scripts, styles, templates, the <head> and
elements marked hidden are dropped. Block
elements (paragraphs, headings, list items, table rows, ...) end a line, table
cells are separated by a space, and white space collapses as it does on
screen: a source line break between two Chinese characters disappears.
"""

from __future__ import annotations

import codecs
import re

from lxml import etree
from lxml import html as lxml_html

from simfind.core.base.errors import NotTextError
from simfind.core.text.documents.guards import Budget, TextSink, damaged
from simfind.core.text.encoding.decoding import decode_bytes

_BLOCK_NAMES = (
    *("address", "article", "aside", "blockquote", "caption", "dd", "details", "dialog"),
    *("div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2"),
    *("h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "main", "nav", "ol", "p"),
    *("pre", "section", "summary", "table", "tr", "ul", "option", "legend"),
)


#: What a browser does not show (the text after it, it does), beside elements marked hidden.
_DROPPED = ("script", "style", "noscript", "template", "head", "svg", "math")
_HIDDEN = etree.XPath("//*[@hidden]")
#: Those that HTML5 lets no <p> hold: it ends the paragraph where they begin. libxml2
#: knows HTML 4's, not HTML5's newer ones (<details>, <section>, ...), and nests them.
_NOT_IN_P = tuple(
    name
    for name in _BLOCK_NAMES
    if name not in ("caption", "dd", "dt", "li", "option", "tr", "legend")
)
_PRE_TEXTS = etree.XPath(".//text()")
#: Nesting a page may have; tags deeper are left out before parsing (_flattened).
MAX_DEPTH = 512
_TAG = re.compile(r"<(/?)([A-Za-z][^\s/>]*)[^>]*>")
#: Void elements, those whose end tag may be left out, and those holding raw text
#: (a script's text must stay a script's): never counted, never left out.
_NOT_NESTING = frozenset(
    {
        *("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"),
        *("param", "source", "track", "wbr", "p", "li", "dt", "dd", "tr", "td", "th"),
        *("option", "optgroup", "thead", "tbody", "tfoot", "colgroup", "rt", "rp"),
        *("caption", "html", "head", "body", "script", "style", "textarea", "title"),
        *("xmp", "iframe", "noembed", "noframes", "noscript"),
    }
)
_PARAGRAPH_END = "\u2029"
_LINE_BREAK = "\u2028"
#: (A noncharacter: lxml refuses the control characters a text never holds.)
_CELL_END = "\ufdd0"
_CJK = (
    "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
)
_CJK_NEWLINE = re.compile(f"(?<=[{_CJK}])[ \\t\\r\\f]*\\n[ \\t\\r\\n\\f]*(?=[{_CJK}])")
_SPACE = re.compile(r"[ \t\r\n\f\u00a0]+")
_BREAKS = re.compile(f"[{_PARAGRAPH_END}{_LINE_BREAK}]")

# The charset a page declares, in its first bytes (as the HTML "prescan" looks).
_DECLARED = re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)|<\?xml[^>]+encoding\s*=\s*["']([\w.:-]+)""",
    re.IGNORECASE,
)
#: WHATWG: these labels name a narrower encoding than the pages that carry them use.
_WIDER = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "x-gbk": "gb18030",
    "big5": "big5hkscs",
    "big5-hkscs": "big5hkscs",
    "shift_jis": "cp932",
    "sjis": "cp932",
    "euc-kr": "cp949",
    "ks_c_5601-1987": "cp949",
    "iso-8859-1": "cp1252",
    "latin1": "cp1252",
    "ascii": "cp1252",
    "us-ascii": "cp1252",
    "iso-8859-9": "cp1254",
    "tis-620": "cp874",
}
_MAX_REPLACEMENTS = 0.02
_PRESCAN_BYTES = 4096


def decode_html(data: bytes) -> str:
    """A page's text as its author declared it, or as simfind detects it."""
    return decode_page(data)[0]


def decode_page(data: bytes) -> tuple[str, str]:
    """(text, encoding) of a page's bytes."""
    if data.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        decoded = decode_bytes(data)
        return decoded.text, decoded.encoding
    declared = _DECLARED.search(data[:_PRESCAN_BYTES])
    if declared:
        label = (declared.group(1) or declared.group(2)).decode("ascii", "replace").lower()
        codec = _WIDER.get(label, label)
        try:
            name = codecs.lookup(codec).name
        except LookupError:
            name = ""
        # A page without a byte-order mark that says UTF-16 is UTF-8 (WHATWG).
        if name and not name.startswith(("utf-16", "utf-32")):
            text = data.decode(name, errors="replace")
            if text.count("\ufffd") <= _MAX_REPLACEMENTS * len(text) + 1:
                return text, name
    decoded = decode_bytes(data)
    return decoded.text, decoded.encoding


def _flattened(markup: str, budget: Budget | None) -> str:
    """The page with tags past ``MAX_DEPTH`` levels of nesting left out (their text kept).

    A parse of deep nesting costs a parser far more than its length (lexbor's grew with
    the square of it: 100,000 nested elements, 30 s in one call no budget can stop), and
    libxml2 refuses it past 256 levels unless told otherwise; a browser stops nesting at
    about the same depth (Blink: 512) and puts deeper elements beside each other.
    Elements whose end tag may be left out (<p>, <li>, cells) and void ones (<br>) do
    not count.
    """
    if markup.count("<") <= MAX_DEPTH:
        return markup
    depth = dropped = 0
    cuts: list[tuple[int, int]] = []
    for number, tag in enumerate(_TAG.finditer(markup)):
        if budget is not None and number % 65536 == 65535:
            budget.check()
        closing, name = tag.group(1), tag.group(2).lower()
        if name in _NOT_NESTING or tag.group(0).endswith("/>"):
            continue
        if closing:
            if dropped:
                dropped -= 1
                cuts.append(tag.span())
            elif depth:
                depth -= 1
        elif depth < MAX_DEPTH:
            depth += 1
        else:
            dropped += 1
            cuts.append(tag.span())
    if not cuts:
        return markup
    pieces, start = [], 0
    for begin, end in cuts:
        pieces.append(markup[start:begin])
        start = end
    pieces.append(markup[start:])
    return "".join(pieces)


def _parsed(markup: str) -> etree._Element:
    """The page's tree (an empty <html> for a page of no elements).

    Given as UTF-8 bytes with the encoding named: lxml refuses a string that carries an
    XML declaration (an EPUB chapter's), and the bytes were decoded already (decode_page).
    """
    parser = lxml_html.HTMLParser(
        encoding="utf-8", huge_tree=True, remove_comments=True, remove_pis=True, no_network=True
    )
    data = markup.encode("utf-8", "surrogatepass")
    root = etree.fromstring(data, parser) if data.strip() else None
    return root if root is not None else etree.Element("html")


def _after(element: etree._Element, mark: str) -> None:
    """``mark`` just after the element's end (before the text that follows it)."""
    element.tail = mark + (element.tail or "")


def _before(element: etree._Element, mark: str) -> None:
    """``mark`` just before the element's start."""
    previous = element.getprevious()
    if previous is not None:
        previous.tail = (previous.tail or "") + mark
    else:
        parent = element.getparent()
        if parent is not None:
            parent.text = (parent.text or "") + mark


def _marked(tree: etree._Element, budget: Budget | None) -> None:
    """Drop what a browser does not show, and mark where lines and cells end. Each step
    is one walk of the tree in C (``iter`` by tag), then a change of each element found."""
    for number, element in enumerate([*tree.iter(*_DROPPED), *_HIDDEN(tree)]):
        if budget is not None and number % 1024 == 1023:
            budget.check()
        if element.getparent() is not None:
            element.drop_tree()  # its tail stays
    for pre in tree.iter("pre"):
        for text in _PRE_TEXTS(pre):
            if "\n" in text:  # the <pre>'s own text, its descendants' and their tails
                owner = text.getparent()
                if text.is_tail:
                    owner.tail = text.replace("\n", _LINE_BREAK)
                else:
                    owner.text = text.replace("\n", _LINE_BREAK)
    if budget is not None:
        budget.check()
    ended: set[etree._Element] = set()
    for paragraph in tree.iter("p"):
        for element in paragraph.iterdescendants(*_NOT_IN_P):
            if element not in ended:
                ended.add(element)
                _before(element, _PARAGRAPH_END)
    for element in tree.iter(*_BLOCK_NAMES):
        _after(element, _PARAGRAPH_END)
    for element in tree.iter("td", "th"):
        _after(element, _CELL_END)
    for element in tree.iter("br"):
        _after(element, _LINE_BREAK)


def html_lines(markup: str, budget: Budget | None = None) -> list[str]:
    """The lines a browser would show of a page (or of an EPUB chapter)."""
    tree = _parsed(_flattened(markup, budget))
    if budget is not None:
        budget.check()
    _marked(tree, budget)
    body = tree.find("body")
    root = body if body is not None else tree
    raw = etree.tostring(root, method="text", encoding="unicode", with_tail=False)
    raw = _CJK_NEWLINE.sub("", raw).replace(_CELL_END, " ")
    return [_SPACE.sub(" ", line).strip() for line in _BREAKS.split(raw)]


def read_page(data: bytes, budget: Budget) -> tuple[str, str]:
    """(text, the encoding the page was stored in)."""
    try:
        markup, encoding = decode_page(data)
    except NotTextError as exc:
        raise damaged("html") from exc
    budget.check()
    sink = TextSink(budget)
    for line in html_lines(markup, budget):
        sink.add(line)
    return sink.text(), encoding
