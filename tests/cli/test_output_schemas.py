"""Every JSON output follows its published schema (resources/schemas, installed with the
package as simfind.resources.schemas): files, groups, records and groups of records.
(tests/packaging/test_metadata.py checks that pyproject.toml installs them.)"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from simfind.cli import main
from simfind.data_files import resource
from tests.places import TESTS
from tests.texts import CODE, EN_DOCS, ZH_DOCS

DATA = TESTS / "data"
SCHEMAS = (
    "scan",
    "record-scan",
    "record-groups",
    "diff",
    "versions",
    "groups.v1",
    "clean",
    "folders",
)
#: Each schema's version: scan took version 2 with identical files of any kind (groups did
#: with result files and identical files: tested beside version 1, which it keeps).
VERSIONS = {"scan": 2}


def schema(name: str) -> dict[str, Any]:
    """A schema of the checkout these tests are in (an editable install may point at
    another tree), else as installed (simfind.resources)."""
    path = DATA.parent.parent / "resources" / "schemas" / f"{name}.schema.json"
    if not path.is_file():
        path = resource("schemas", f"{name}.schema.json")
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def valid(name: str, output: str) -> list[Any]:
    """The output parsed, once its schema found nothing wrong with it (else the errors)."""
    rows: list[Any] = json.loads(output)
    validator = Draft202012Validator(schema(name), format_checker=FormatChecker())
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(rows)]
    assert errors == [], errors
    return rows


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "文档 docs"
    root.mkdir()
    for index, text in enumerate(ZH_DOCS):
        (root / f"文档{index}.txt").write_text(text, encoding="utf-8")
    (root / "文档0-修订.txt").write_bytes(ZH_DOCS[0].replace("清晨", "早上").encode("gbk"))
    (root / "notes.md").write_text(EN_DOCS[0], encoding="utf-8")
    (root / "notes copy.md").write_text(EN_DOCS[0], encoding="utf-8")
    (root / "tool.py").write_text(CODE, encoding="utf-8")
    (root / "users.py").write_text("def get_user_name(user):\n    return user.name\n", "utf-8")
    (root / "users.js").write_text("function getUserName(user) { return user.name; }\n", "utf-8")
    shutil.copy(DATA / "documents" / "en.docx", root / "en.docx")
    shutil.copy(DATA / "documents" / "en.txt", root / "en.txt")
    (root / "blob.bin").write_bytes(bytes(range(256)) * 4)
    return root


def json_of(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main([*argv, "--format", "json"]) == 0
    return capsys.readouterr().out


def test_the_schemas_are_valid_schemas() -> None:
    for name in SCHEMAS:
        Draft202012Validator.check_schema(schema(name))
        version = VERSIONS.get(name, 1)
        assert schema(name)["$id"].endswith(f"/{version}/{name.removesuffix('.v1')}.schema.json")
        assert f"this schema's version ({version})" in schema(name)["description"]
    # Version 2 of groups (a result file) beside version 1, kept for the programs of then.
    Draft202012Validator.check_schema(schema("groups"))
    assert schema("groups")["$id"].endswith("/2/groups.schema.json")


def test_scan_output_follows_its_schema(capsys, folder: Path) -> None:  # type: ignore[no-untyped-def]
    for bits in ("128", "64"):
        rows = valid(
            "scan", json_of(capsys, "scan", str(folder / "en.txt"), str(folder), "--bits", bits)
        )
        assert {r["format"] for r in rows} == {"text", "docx"}
        assert len(rows[0]["fingerprint"]) == int(bits) // 4


def test_groups_output_follows_its_schema(capsys, folder: Path) -> None:  # type: ignore[no-untyped-def]
    result = valid("groups", json_of(capsys, "groups", str(folder)))
    groups = result["groups"]
    assert len(groups) >= 2 and any(m["identical"] for g in groups for m in g["members"])
    assert all(m["mtime_ns"] and m["inode"] for g in groups for m in g["members"])
    # Version 1's array is version 2's groups less what tells a changed file and what
    # tells identical files apart: a program of then that reads those groups finds its
    # fields in them (``identical`` now means the centre's bytes: its type is the same).
    added = ("mtime_ns", "inode", "hash", "identical_to", "device", "links")
    stripped = [
        {
            **{k: v for k, v in g.items() if k != "kind"},
            "members": [{k: v for k, v in m.items() if k not in added} for m in g["members"]],
        }
        for g in groups
    ]
    valid("groups.v1", json.dumps(stripped))


def test_records_output_follows_its_schemas(capsys, folder: Path) -> None:  # type: ignore[no-untyped-def]
    sayings = DATA / "sayings" / "sayings.txt"
    rows = valid(
        "record-scan", json_of(capsys, "scan", "人怕没理", "--records", "lines", str(sayings))
    )
    assert rows and all(r["kind"] is None for r in rows)
    valid("record-groups", json_of(capsys, "groups", str(sayings), "--records", "lines"))
    names = valid(
        "record-groups", json_of(capsys, "groups", str(folder), "--records", "identifiers")
    )
    assert names and all(m["kind"] == "function" for g in names for m in g["members"])


def test_a_row_that_breaks_the_contract_is_caught(capsys, folder: Path) -> None:  # type: ignore[no-untyped-def]
    rows = json.loads(json_of(capsys, "scan", str(folder / "en.txt"), str(folder)))
    rows[0]["similarity"] = "88 %"
    rows[1]["extra"] = 1
    with pytest.raises(AssertionError) as caught:
        valid("scan", json.dumps(rows))
    said = str(caught.value)
    assert "'88 %' is not of type 'number', 'null'" in said and "'extra'" in said


def test_versions_output_follows_its_schema(capsys, folder: Path) -> None:  # type: ignore[no-untyped-def]
    groups = valid("versions", json_of(capsys, "versions", str(folder)))
    assert len(groups) >= 2 and all(g["versions"][0]["from"] is None for g in groups)
    one = valid("versions", json_of(capsys, "versions", str(folder / "notes.md")))
    assert [v["path"].endswith(("notes.md", "notes copy.md")) for v in one[0]["versions"]] == [
        True,
        True,
    ]


def test_folders_output_follows_its_schema(capsys, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from tests.core.folders.trees import build_trees

    trees = build_trees(tmp_path)
    document = valid("folders", json_of(capsys, "folders", str(tmp_path)))
    assert document["groups"] and all(len(g["folders"]) >= 2 for g in document["groups"])
    sides = {f["side"] for g in document["groups"] for p in g["pairs"] for f in p["files"]}
    assert sides == {"identical", "near", "changed", "only_a", "only_b"}
    assert trees["unrelated"].name not in json.dumps(document["groups"])
