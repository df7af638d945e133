"""Regenerate the test documents in this folder from the plain-text sources zh.txt and en.txt.

    python tests/data/documents/make_documents.py

Needs LibreOffice and pandoc (Debian: ``apt-get install libreoffice-writer-nogui
libreoffice-impress-nogui pandoc fonts-wqy-microhei hyphen-en-us``), and for the
password-protected .docx the ``msoffcrypto-tool`` package (``pip install
msoffcrypto-tool``; it encrypts as Office does, an OLE2 file holding the
encrypted package; LibreOffice's command line cannot set that password). The office
software writes every document itself: this script only lays each source out once
as a flat OpenDocument file (.fodt, .fodp) and as Markdown, then asks LibreOffice
to save the first as .odt, .docx, .pdf, .rtf and legacy .doc (the slides as .odp,
.pptx and .pdf) and pandoc to turn the Markdown into .html and .epub.

A source is a title line ("# ..."), a few settings (header:, footer: with {page},
comment:), then paragraphs separated by blank lines. A paragraph may cite a
footnote ("[^1]", defined by a "[^1]: ..." paragraph); "box: ..." is a text box,
and consecutive "table: a | b" lines make a table. Each document has a page
header and footer, a footnote, a table, a text box and a review comment; the
PDFs use an A6 page so that the running header and page numbers repeat, and the
English one is hyphenated.
"""

# ruff: noqa: E501 (the flat OpenDocument templates are easier to read unbroken)
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).resolve().parent
LANGUAGES = {"zh": ("zh", "CN"), "en": ("en", "US")}
FONT = "WenQuanYi Micro Hei"

NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"'
)


@dataclass
class Source:
    lang: str
    title: str = ""
    header: str = ""
    footer: str = ""
    comment: str = ""
    #: ("p", text) | ("box", text) | ("table", rows)
    blocks: list[tuple[str, object]] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)


def parse(path: Path) -> Source:
    source = Source(path.stem)
    chunks = re.split(r"\n\s*\n", path.read_text(encoding="utf-8").strip())
    for chunk in chunks:
        lines = chunk.splitlines()
        if lines[0].startswith("# "):
            source.title = lines[0][2:].strip()
            for line in lines[1:]:
                key, _, value = line.partition(":")
                setattr(source, key.strip(), value.strip())
        elif note := re.match(r"\[\^(\w+)\]:\s*(.*)", chunk, re.DOTALL):
            source.notes[note.group(1)] = note.group(2).strip()
        elif chunk.startswith("box:"):
            source.blocks.append(("box", chunk[4:].strip()))
        elif chunk.startswith("table:"):
            rows = [[cell.strip() for cell in line[6:].split("|")] for line in lines]
            source.blocks.append(("table", rows))
        else:
            source.blocks.append(("p", " ".join(lines)))
    return source


def _language_properties(lang: str) -> str:
    language, country = LANGUAGES[lang]
    return (
        f'fo:language="{language}" fo:country="{country}" '
        f'style:language-asian="zh" style:country-asian="CN" '
        f'style:font-name="{FONT}" style:font-name-asian="{FONT}"'
    )


def _paragraph_xml(text: str, source: Source) -> str:
    """A paragraph with its footnote citations as real notes."""
    out: list[str] = []
    position = 0
    for match in re.finditer(r"\[\^(\w+)\]", text):
        out.append(escape(text[position : match.start()]))
        key = match.group(1)
        out.append(
            f'<text:note text:id="ftn{key}" text:note-class="footnote">'
            f"<text:note-citation>{key}</text:note-citation><text:note-body>"
            f'<text:p text:style-name="Footnote">{escape(source.notes[key])}</text:p>'
            "</text:note-body></text:note>"
        )
        position = match.end()
    out.append(escape(text[position:]))
    return "".join(out)


def fodt(source: Source) -> str:
    body: list[str] = [
        f'<text:h text:style-name="Heading_20_1" text:outline-level="1">'
        f"{escape(source.title)}</text:h>"
    ]
    for index, (kind, value) in enumerate(source.blocks):
        if kind == "p":
            text = _paragraph_xml(str(value), source)
            if index == 0 and source.comment:
                text = (
                    "<office:annotation><dc:creator>Reviewer</dc:creator>"
                    f"<text:p>{escape(source.comment)}</text:p></office:annotation>" + text
                )
            body.append(f'<text:p text:style-name="Text_20_body">{text}</text:p>')
        elif kind == "box":
            body.append(
                '<text:p text:style-name="Text_20_body"><draw:frame draw:name="Box" '
                'draw:style-name="fr1" text:anchor-type="paragraph" svg:width="7.5cm" '
                'draw:z-index="0"><draw:text-box fo:min-height="1cm">'
                f'<text:p text:style-name="Text_20_body">{escape(str(value))}</text:p>'
                "</draw:text-box></draw:frame></text:p>"
            )
        else:
            rows = value
            assert isinstance(rows, list)
            cells = "".join(
                "<table:table-row>"
                + "".join(
                    '<table:table-cell office:value-type="string">'
                    f"<text:p>{escape(cell)}</text:p></table:table-cell>"
                    for cell in row
                )
                + "</table:table-row>"
                for row in rows
            )
            body.append(
                f'<table:table table:name="Table1"><table:table-column '
                f'table:number-columns-repeated="{len(rows[0])}"/>{cells}</table:table>'
            )
    footer = escape(source.footer).replace(
        "{page}", '<text:page-number text:select-page="current">1</text:page-number>'
    )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document {NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:meta><dc:title>{escape(source.title)}</dc:title><dc:language>{source.lang}</dc:language></office:meta>
<office:font-face-decls><style:font-face style:name="{FONT}" svg:font-family="'{FONT}'"/></office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph">
<style:paragraph-properties fo:hyphenation-ladder-count="no-limit"/>
<style:text-properties {_language_properties(source.lang)} fo:font-size="10pt" style:font-size-asian="10pt"
 fo:hyphenate="true" fo:hyphenation-remain-char-count="2" fo:hyphenation-push-char-count="2"/>
</style:default-style>
<style:style style:name="Standard" style:family="paragraph" style:class="text"/>
<style:style style:name="Text_20_body" style:display-name="Text body" style:family="paragraph" style:parent-style-name="Standard">
<style:paragraph-properties fo:margin-top="0cm" fo:margin-bottom="0.2cm" fo:text-align="justify"/>
</style:style>
<style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" style:parent-style-name="Standard" style:default-outline-level="1">
<style:text-properties fo:font-size="14pt" style:font-size-asian="14pt" fo:font-weight="bold" style:font-weight-asian="bold"/>
</style:style>
<style:style style:name="Footnote" style:family="paragraph" style:parent-style-name="Standard">
<style:text-properties fo:font-size="8pt" style:font-size-asian="8pt"/>
</style:style>
<style:style style:name="Header" style:family="paragraph" style:parent-style-name="Standard"/>
<style:style style:name="Footer" style:family="paragraph" style:parent-style-name="Standard">
<style:paragraph-properties fo:text-align="center"/>
</style:style>
</office:styles>
<office:automatic-styles>
<style:style style:name="fr1" style:family="graphic">
<style:graphic-properties fo:border="0.5pt solid #000000" fo:padding="0.1cm" style:wrap="none"/>
</style:style>
<style:page-layout style:name="pm1">
<style:page-layout-properties fo:page-width="10.5cm" fo:page-height="14.8cm" fo:margin-top="0.8cm" fo:margin-bottom="0.8cm" fo:margin-left="1cm" fo:margin-right="1cm"/>
<style:header-style><style:header-footer-properties fo:min-height="0cm" fo:margin-bottom="0.3cm"/></style:header-style>
<style:footer-style><style:header-footer-properties fo:min-height="0cm" fo:margin-top="0.3cm"/></style:footer-style>
</style:page-layout>
</office:automatic-styles>
<office:master-styles>
<style:master-page style:name="Standard" style:page-layout-name="pm1">
<style:header><text:p text:style-name="Header">{escape(source.header)}</text:p></style:header>
<style:footer><text:p text:style-name="Footer">{footer}</text:p></style:footer>
</style:master-page>
</office:master-styles>
<office:body><office:text>
{chr(10).join(body)}
</office:text></office:body>
</office:document>
"""


def _sentences(text: str) -> list[str]:
    pieces = re.findall(r"[^。！？.!?]+[。！？.!?]?", re.sub(r"\[\^\w+\]", "", text))
    return [piece.strip() for piece in pieces if piece.strip()]


def fodp(source: Source) -> str:
    """Slides: the title, then one slide per paragraph with its sentences as bullets."""
    paragraphs = [str(v) for kind, v in source.blocks if kind == "p"][:4]
    pages = [
        '<draw:page draw:name="page1" draw:master-page-name="Default">'
        '<draw:frame presentation:class="title" svg:x="1cm" svg:y="5cm" svg:width="26cm" '
        f'svg:height="4cm"><draw:text-box><text:p>{escape(source.title)}</text:p>'
        "</draw:text-box></draw:frame></draw:page>"
    ]
    for number, paragraph in enumerate(paragraphs, start=2):
        sentences = _sentences(paragraph)
        items = "".join(
            f"<text:list-item><text:p>{escape(s)}</text:p></text:list-item>" for s in sentences
        )
        pages.append(
            f'<draw:page draw:name="page{number}" draw:master-page-name="Default">'
            '<draw:frame presentation:class="title" svg:x="1cm" svg:y="0.5cm" svg:width="26cm" '
            f'svg:height="2cm"><draw:text-box><text:p>{escape(source.title)} ({number - 1})'
            "</text:p></draw:text-box></draw:frame>"
            '<draw:frame presentation:class="outline" svg:x="1cm" svg:y="3cm" svg:width="26cm" '
            f'svg:height="15cm"><draw:text-box><text:list>{items}</text:list></draw:text-box>'
            '</draw:frame><presentation:notes><draw:frame presentation:class="notes" '
            'svg:x="2cm" svg:y="14cm" svg:width="17cm" svg:height="10cm"><draw:text-box>'
            f"<text:p>{escape(source.comment)}</text:p></draw:text-box></draw:frame>"
            "</presentation:notes></draw:page>"
        )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<office:document {NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:font-face-decls><style:font-face style:name="{FONT}" svg:font-family="'{FONT}'"/></office:font-face-decls>
<office:styles>
<style:default-style style:family="graphic">
<style:text-properties {_language_properties(source.lang)} fo:font-size="20pt" style:font-size-asian="20pt"/>
</style:default-style>
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="PM1">
<style:page-layout-properties fo:page-width="28cm" fo:page-height="21cm" fo:margin-top="0cm" fo:margin-bottom="0cm" fo:margin-left="0cm" fo:margin-right="0cm"/>
</style:page-layout>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM1"/></office:master-styles>
<office:body><office:presentation>
{chr(10).join(pages)}
</office:presentation></office:body>
</office:document>
"""


def markdown(source: Source) -> str:
    out = [f"# {source.title}", ""]
    for kind, value in source.blocks:
        if kind == "p":
            out += [str(value), ""]
        elif kind == "box":
            out += [f"> {value}", ""]
        else:
            rows = value
            assert isinstance(rows, list)
            out.append("| " + " | ".join(rows[0]) + " |")
            out.append("|" + "---|" * len(rows[0]))
            out += ["| " + " | ".join(row) + " |" for row in rows[1:]]
            out.append("")
    out += [f"[^{key}]: {text}" for key, text in source.notes.items()]
    return "\n".join(out) + "\n"


# Pages saved from a browser carry scripts and styles; the extractor must drop them.
HTML_HEADER = """<script>var tracking = "这段脚本不是正文 this script is not text";</script>
<style>.hidden-style-rule { content: "this style is not text"; }</style>
"""


# LibreOffice puts a picture of the first page in every document it saves; without it
# the .odt files are a fifth of the size.
NO_THUMBNAILS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Save/Document"><prop oor:name="GenerateThumbnail" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
"""


ENCRYPTED_PDF = (
    '{"EncryptFile":{"type":"boolean","value":"true"},'
    '"DocumentOpenPassword":{"type":"string","value":"secret"}}'
)


def encrypt_docx(source: Path, target: Path) -> None:
    try:
        from msoffcrypto.format.ooxml import OOXMLFile  # type: ignore[import-not-found]
    except ImportError:
        print(
            "msoffcrypto-tool is not installed: en-encrypted.docx left as it was", file=sys.stderr
        )
        return
    with source.open("rb") as plain, target.open("wb") as locked:
        OOXMLFile(plain).encrypt("secret", locked)


def run(command: list[str], cwd: Path) -> None:
    print("$", " ".join(command), file=sys.stderr)
    subprocess.run(command, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def soffice(source_file: Path, target: str, out: Path, profile: Path) -> None:
    run(
        [
            "soffice",
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--convert-to",
            target,
            "--outdir",
            str(out),
            str(source_file),
        ],
        out,
    )


def main() -> None:
    for tool in ("soffice", "pandoc"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed; see this script's docstring")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        profile = work / "profile"
        settings = profile / "user" / "registrymodifications.xcu"
        settings.parent.mkdir(parents=True)
        settings.write_text(NO_THUMBNAILS, encoding="utf-8")
        for lang in LANGUAGES:
            source = parse(HERE / f"{lang}.txt")
            text_file = work / f"{lang}.fodt"
            text_file.write_text(fodt(source), encoding="utf-8")
            for target in ("odt", "docx:MS Word 2007 XML", "pdf:writer_pdf_Export", "rtf", "doc"):
                soffice(text_file, target, work, profile)
            slides = work / f"{lang}-slides.fodp"
            slides.write_text(fodp(source), encoding="utf-8")
            for target in ("odp", "pptx:Impress MS PowerPoint 2007 XML", "pdf:impress_pdf_Export"):
                soffice(slides, target, work, profile)
            md = work / f"{lang}.md"
            md.write_text(markdown(source), encoding="utf-8")
            header = work / "header.html"
            header.write_text(HTML_HEADER, encoding="utf-8")
            meta = ["--metadata", f"title={source.title}", "--metadata", f"lang={lang}"]
            run(["pandoc", md.name, "-s", "-H", header.name, *meta, "-o", f"{lang}.html"], work)
            run(["pandoc", md.name, *meta, "-o", f"{lang}.epub"], work)
            for suffix in ("odt", "docx", "pdf", "rtf", "doc", "html", "epub"):
                shutil.copyfile(work / f"{lang}.{suffix}", HERE / f"{lang}.{suffix}")
            for suffix in ("odp", "pptx", "pdf"):
                shutil.copyfile(work / f"{lang}-slides.{suffix}", HERE / f"{lang}-slides.{suffix}")
        # Password "secret": the PDF encrypted by LibreOffice, the .docx by msoffcrypto-tool.
        (work / "locked").mkdir()
        soffice(work / "en.odt", f"pdf:writer_pdf_Export:{ENCRYPTED_PDF}", work / "locked", profile)
        shutil.copyfile(work / "locked" / "en.pdf", HERE / "en-encrypted.pdf")
        encrypt_docx(HERE / "en.docx", HERE / "en-encrypted.docx")
    for made in sorted(HERE.iterdir()):
        if made.suffix not in (".py", ".txt", ".md"):
            print(f"{made.name:20} {made.stat().st_size:>7} bytes")


if __name__ == "__main__":
    main()
