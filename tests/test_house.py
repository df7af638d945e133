"""The house: rooms of at most 15 modules, and no circle of packages (a package and its
parent importing each other is the shortest one)."""

from __future__ import annotations

import ast
from collections import Counter, defaultdict
from pathlib import Path

from tests.places import ROOT

PACKAGE = ROOT / "simfind"
MOST_MODULES = 15


def module_names() -> dict[str, Path]:
    names = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def room(module: str, names: dict[str, Path]) -> str:
    """The package a module is in; each of simfind's own modules (__main__, notices...)
    is a room of its own, as the project's root is no room."""
    if module.count(".") <= 1:
        return module
    return module if names[module].name == "__init__.py" else module.rpartition(".")[0]


def imported(module: str, names: dict[str, Path]) -> set[str]:
    """The modules of simfind that ``module`` imports, at any level of its code."""
    package = room(module, names) if names[module].name != "__init__.py" else module
    found = set()
    for node in ast.walk(ast.parse(names[module].read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                origin = ".".join([*base, *([node.module] if node.module else [])])
            else:
                origin = node.module or ""
            wanted = [f"{origin}.{alias.name}" for alias in node.names] + [origin]
        elif isinstance(node, ast.Import):
            wanted = [alias.name for alias in node.names]
        else:
            continue
        for name in wanted:
            while name and name not in names:
                name = name.rpartition(".")[0]
            if name:
                found.add(name)
    return found


def package_imports() -> dict[str, dict[str, set[str]]]:
    """Package -> the packages it imports -> the imports that tie them ("a -> b")."""
    names = module_names()
    ties: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for module in names:
        for other in imported(module, names):
            if room(other, names) != room(module, names):
                ties[room(module, names)][room(other, names)].add(f"{module} -> {other}")
    return ties


def circles(ties: dict[str, dict[str, set[str]]]) -> list[list[str]]:
    """The strongly connected sets of two packages or more (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(package: str) -> None:
        index[package] = low[package] = len(index)
        stack.append(package)
        for other in ties.get(package, {}):
            if other not in index:
                visit(other)
                low[package] = min(low[package], low[other])
            elif other in stack:
                low[package] = min(low[package], index[other])
        if low[package] == index[package]:
            members = []
            while True:
                member = stack.pop()
                members.append(member)
                if member == package:
                    break
            if len(members) > 1:
                found.append(sorted(members))

    for package in list(ties):
        if package not in index:
            visit(package)
    return found


def test_no_folder_holds_more_than_15_modules() -> None:
    counts = Counter(path.parent for path in module_names().values())
    crowded = {str(folder.relative_to(ROOT)): n for folder, n in counts.items() if n > MOST_MODULES}
    assert crowded == {}


def test_no_circle_of_packages() -> None:
    ties = package_imports()
    found = {
        " <-> ".join(members): sorted(
            tie for a in members for b in members if b in ties[a] for tie in ties[a][b]
        )
        for members in circles(ties)
    }
    assert found == {}


def test_a_circle_is_seen() -> None:
    """The check itself: a package and its parent importing each other is a circle."""
    ties: dict[str, dict[str, set[str]]] = {
        "gui": {"gui.pages": {"gui.window -> gui.pages.compare"}},
        "gui.pages": {"gui": {"gui.pages.compare -> gui.wording"}},
        "core": {},
    }
    assert circles(ties) == [["gui", "gui.pages"]]
    assert package_imports()["simfind.gui.shell"]["simfind.gui.pages.compare"]


def test_no_circle_of_modules() -> None:
    """No two modules import each other, however far round (imports for the type checker
    alone included: they tie the two as much for a reader)."""
    names = module_names()
    ties: dict[str, dict[str, set[str]]] = {
        module: {other: {f"{module} -> {other}"} for other in imported(module, names) - {module}}
        for module in names
    }
    assert circles(ties) == []
