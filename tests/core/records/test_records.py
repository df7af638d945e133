"""Files cut into records: lines, paragraphs, CSV cells, names in source code."""

from __future__ import annotations

import pytest

from simfind.core.base.errors import SkipCause
from simfind.core.records.cutting import (
    Piece,
    RecordKind,
    RecordsError,
    RecordSpec,
    cut,
    feature_text,
    long_enough,
)
from simfind.core.records.identifiers import NameKind, definitions, lexer_for, name_words


def test_spec_parses_the_four_kinds_and_refuses_others() -> None:
    assert RecordSpec.parse("lines") == RecordSpec(RecordKind.LINES)
    assert RecordSpec.parse("Paragraphs").kind is RecordKind.PARAGRAPHS
    assert RecordSpec.parse("csv:名言") == RecordSpec(RecordKind.CSV, "名言")
    assert str(RecordSpec.parse("csv: 2 ")) == "csv:2"
    assert RecordSpec.parse("identifiers").kind is RecordKind.IDENTIFIERS
    for wrong in ("words", "csv", "csv:", "lines:3", ""):
        with pytest.raises(ValueError):
            RecordSpec.parse(wrong)


def test_lines_keep_their_numbers_across_line_endings() -> None:
    pieces = cut("一\r\n二\rthree\n\nfive", RecordSpec(RecordKind.LINES))
    assert [(p.line, p.text) for p in pieces] == [
        (1, "一"),
        (2, "二"),
        (3, "three"),
        (4, ""),
        (5, "five"),
    ]


def test_paragraphs_start_at_their_first_line() -> None:
    text = "\n\nfirst line\nsecond line\n   \nnext\n\n\nlast\n"
    pieces = cut(text, RecordSpec(RecordKind.PARAGRAPHS))
    assert [(p.line, p.text) for p in pieces] == [
        (3, "first line\nsecond line"),
        (6, "next"),
        (9, "last"),
    ]


def test_csv_cells_by_name_or_number_with_the_row_start_line() -> None:
    text = 'id;quote;who\n1;"a quote\nover two lines";me\n2;second;you\n\n3;third\n'
    by_name = cut(text, RecordSpec(RecordKind.CSV, "quote"))
    assert [(p.line, p.text) for p in by_name] == [
        (2, "a quote\nover two lines"),
        (4, "second"),
        (6, "third"),
    ]
    by_number = cut(text, RecordSpec(RecordKind.CSV, "3"))
    assert [p.text for p in by_number] == ["me", "you"]  # row 3 has no third cell
    assert next(p.text for p in cut(text, RecordSpec(RecordKind.CSV, "QUOTE"))).startswith("a")


def test_tsv_files_are_split_at_tabs() -> None:
    pieces = cut("a\tb\nx, y\tz\n", RecordSpec(RecordKind.CSV, "a"), "list.tsv")
    assert [p.text for p in pieces] == ["x, y"]


def test_a_missing_column_names_the_columns_there_are() -> None:
    with pytest.raises(RecordsError) as caught:
        cut("name,text\nx,y\n", RecordSpec(RecordKind.CSV, "quote"))
    assert caught.value.cause is SkipCause.NO_COLUMN
    assert caught.value.column == "quote" and caught.value.columns == ("name", "text")


def test_names_split_at_case_underscores_and_digits() -> None:
    assert name_words("getHTTPResponse2") == ["get", "http", "response", "2"]
    assert name_words("get_http_response_2") == ["get", "http", "response", "2"]
    assert name_words("XMLHttpRequest") == ["xml", "http", "request"]
    assert name_words("$total") == ["total"]
    piece = Piece(1, "getUserName", NameKind.FUNCTION)
    assert feature_text(piece) == "get user name"
    assert feature_text(Piece(1, "getUserName")) == "getUserName"


PYTHON = '''MAX_SIZE = 10
class UserCache(Base):
    """total = 3 in a docstring is no definition"""
    def get_user(self, user_id):
        total_count = 0  # a comment: other = 4
        self.value = 3
        limit: int = 4
        call(keyword=1)
        return user_id
'''

JAVASCRIPT = """const MAX_SIZE = 10;
let userName = "text = 2";
function getUser(a) { return a; }
class Foo extends Bar {}
export const handleClick = () => {};
call(a = 3);
"""


def test_python_definitions_not_strings_comments_or_keyword_arguments() -> None:
    lexer = lexer_for("module.py")
    assert lexer is not None
    found = definitions(PYTHON, lexer)
    assert found == [
        (1, "MAX_SIZE", NameKind.CONSTANT),
        (2, "UserCache", NameKind.CLASS),
        (4, "get_user", NameKind.FUNCTION),
        (5, "total_count", NameKind.VARIABLE),
        (6, "value", NameKind.VARIABLE),
        (7, "limit", NameKind.VARIABLE),
    ]


def test_javascript_definitions_by_declaring_keywords() -> None:
    lexer = lexer_for("app.JS")
    assert lexer is not None
    names = {name: kind for _, name, kind in definitions(JAVASCRIPT, lexer)}
    assert names == {
        "MAX_SIZE": NameKind.CONSTANT,
        "userName": NameKind.VARIABLE,
        "getUser": NameKind.FUNCTION,
        "Foo": NameKind.CLASS,
        "handleClick": NameKind.VARIABLE,
    }


@pytest.mark.parametrize(
    ("filename", "code", "expected"),
    [
        ("main.go", "func GetUser() {}\ntype Store struct{}\n", {"GetUser", "Store"}),
        ("lib.rs", "fn parse_line() {}\nstruct Parser;\n", {"parse_line", "Parser"}),
        ("Util.java", "class Util {\n  int countRows() { return 0; }\n}\n", {"Util", "countRows"}),
        ("x.c", "static int counter = 0;\nint main(void) { return 0; }\n", {"counter", "main"}),
        ("run.sh", "LIMIT=3\nsetup() { :; }\n", {"LIMIT"}),
    ],
)
def test_other_languages(filename: str, code: str, expected: set[str]) -> None:
    lexer = lexer_for(filename)
    assert lexer is not None
    assert expected <= {name for _, name, _ in definitions(code, lexer)}


def test_documents_and_data_have_no_names() -> None:
    for name in ("notes.txt", "index.html", "messages.po", "data.json", "README.rst", "a.css"):
        assert lexer_for(name) is None, name
    with pytest.raises(RecordsError) as caught:
        cut("x = 1", RecordSpec(RecordKind.IDENTIFIERS), "notes.txt")
    assert caught.value.cause is SkipCause.NO_LEXER


def test_names_once_per_file_at_their_first_definition() -> None:
    pieces = cut(
        "a_value = 1\nb_value = 2\na_value = 3\n", RecordSpec(RecordKind.IDENTIFIERS), "m.py"
    )
    assert [(p.line, p.text) for p in pieces] == [(1, "a_value"), (2, "b_value")]


def test_short_records_are_left_out() -> None:
    assert not long_enough(Piece(1, "  }  "), 4)
    assert long_enough(Piece(1, "一二三四"), 4)
    assert not long_enough(Piece(1, "ids", NameKind.VARIABLE), 4)
    assert long_enough(Piece(1, "user", NameKind.VARIABLE), 4)
