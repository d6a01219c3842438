"""The layout the code must keep (DESIGN.md §1 and §6), read from the source itself.

- ``engine`` imports neither ``plugins`` nor ``adapters``; ``plugins`` import nothing
  from ``adapters``; ``adapters`` import no plugin module (they reach plugins through the
  registry and the engine, never a plugin's internals).
- No import cycle inside ``engine``: the graph of engine module → engine module imports,
  function-local imports included, is acyclic. Imports under ``if TYPE_CHECKING:`` are
  edges too (none is needed: a type a module would only name for the checker lives
  below it). An import names the module it reads: ``from engine.x import y`` is an edge
  to ``engine.x.y`` when that is a module, to ``engine.x`` otherwise; the package
  ``__init__`` run on the way is not an edge (a package may import its own modules).
- Engine modules never import from the face ``engine/__init__.py`` (``from engine
  import X`` where ``engine.X`` is not a module): the face is for plugin authors, and a
  module importing it would drag in the whole engine, and its cycles.
- No module of ``engine``, ``plugins`` or ``adapters`` is over :data:`MOST_LINES` lines
  unless its docstring says why it is one concept, with the marker :data:`ONE_CONCEPT`
  (``One concept: ...``) followed by the reason.

Every rule has a test that it would catch a violation.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parents[1]

MOST_LINES = 600
ONE_CONCEPT = "One concept:"
"""The marker, in a module's docstring, of a module over :data:`MOST_LINES` lines that is
one concept: the reason follows it."""


def import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import of a module: at its top, in a function, under ``if TYPE_CHECKING:``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def parse(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def absolute(node: ast.ImportFrom, importer: str, is_package: bool) -> str:
    """The module ``from ... import`` reads, relative imports resolved."""
    if node.level == 0:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def imported_modules(path: Path, root: Path = ROOT) -> set[str]:
    """The dotted names ``path`` imports: ``a.b`` for ``import a.b`` and ``from a.b
    import c``, and ``a.b.c`` too for the latter (``c`` may be a module)."""
    name = module_name(path, root)
    found: set[str] = set()
    for node in import_nodes(parse(path)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        else:
            module = absolute(node, name, path.name == "__init__.py")
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def modules_of(package: str, root: Path = ROOT) -> list[Path]:
    return sorted((root / package).rglob("*.py"))


def import_graph(package: str, root: Path = ROOT) -> nx.DiGraph[str]:
    """Module → module imports inside ``package`` (see the module's docstring)."""
    paths = {module_name(p, root): p for p in modules_of(package, root)}
    graph: nx.DiGraph[str] = nx.DiGraph()
    graph.add_nodes_from(paths)
    for name, path in paths.items():
        for node in import_nodes(parse(path)):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                module = absolute(node, name, path.name == "__init__.py")
                targets = [
                    f"{module}.{alias.name}" if f"{module}.{alias.name}" in paths else module
                    for alias in node.names
                ]
            graph.add_edges_from((name, t) for t in targets if t in paths and t != name)
    return graph


def a_cycle(graph: nx.DiGraph[str]) -> list[str]:
    """One cycle of ``graph`` as the modules on it, the first repeated last; or none."""
    try:
        edges = nx.find_cycle(graph)
    except nx.NetworkXNoCycle:
        return []
    return [a for a, _ in edges] + [edges[0][0]]


def face_imports(path: Path, root: Path = ROOT) -> set[str]:
    """What a module imports from the face of the package it is in: ``from engine import
    X`` where ``engine.X`` is no module, and ``import engine`` itself."""
    package = module_name(path, root).split(".")[0]
    modules = {module_name(p, root) for p in modules_of(package, root)}
    found: set[str] = set()
    for node in import_nodes(parse(path)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name == package}
        elif node.level == 0 and node.module == package:
            found |= {a.name for a in node.names if f"{package}.{a.name}" not in modules}
    return found


def too_long(path: Path) -> int | None:
    """The module's length when it is over :data:`MOST_LINES` lines without saying why it
    is one concept (:data:`ONE_CONCEPT` in its docstring); otherwise ``None``."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    docstring = ast.get_docstring(parse(path)) or ""
    return lines if lines > MOST_LINES and ONE_CONCEPT not in docstring else None


# ---- the dependency rule ------------------------------------------------------------------


@pytest.mark.parametrize("path", modules_of("engine"), ids=lambda p: p.name)
def test_engine_never_imports_plugins_or_adapters(path: Path) -> None:
    bad = {m for m in imported_modules(path) if m.split(".")[0] in ("plugins", "adapters")}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


@pytest.mark.parametrize("path", modules_of("plugins"), ids=lambda p: p.name)
def test_plugins_never_import_adapters(path: Path) -> None:
    bad = {m for m in imported_modules(path) if m.split(".")[0] == "adapters"}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


@pytest.mark.parametrize(
    "path", modules_of("adapters"), ids=lambda p: str(p.relative_to(ROOT / "adapters"))
)
def test_adapters_never_import_a_plugin_module(path: Path) -> None:
    bad = {m for m in imported_modules(path) if m.split(".")[0] == "plugins"}
    assert not bad, (
        f"{path.relative_to(ROOT)} imports {sorted(bad)}: reach plugins through the registry "
        "and the engine"
    )


def test_the_rule_would_catch_a_violation(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f():\n    from adapters.cli import main\n    import plugins.x\n")
    assert {"adapters.cli", "plugins.x"} <= imported_modules(sneaky, tmp_path)


# ---- no cycle inside the engine ------------------------------------------------------------


def test_the_engine_has_no_import_cycle() -> None:
    cycle = a_cycle(import_graph("engine"))
    assert not cycle, "engine modules import one another in a cycle: " + " → ".join(cycle)


def test_a_cycle_would_be_caught_even_behind_a_local_import(tmp_path: Path) -> None:
    package = tmp_path / "engine"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from engine.a import A\n")
    (package / "a.py").write_text("from engine.sub import b\nA = 1\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "b.py").write_text("def f():\n    from ..c import C\n")
    (package / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import engine.a\nC = 1\n"
    )
    graph = import_graph("engine", tmp_path)
    assert a_cycle(graph) == ["engine.a", "engine.sub.b", "engine.c", "engine.a"]
    assert not graph.has_edge("engine.sub.b", "engine.sub"), "the package run on the way"


# ---- the face is for plugin authors -------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [p for p in modules_of("engine") if p != ROOT / "engine" / "__init__.py"],
    ids=lambda p: str(p.relative_to(ROOT / "engine")),
)
def test_engine_modules_never_import_from_the_face(path: Path) -> None:
    bad = face_imports(path)
    assert not bad, (
        f"{path.relative_to(ROOT)} imports {sorted(bad)} from the face `engine`: import "
        "each from the module that defines it"
    )


def test_an_import_from_the_face_would_be_caught(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "__init__.py").write_text("")
    (tmp_path / "engine" / "movement.py").write_text("")
    module = tmp_path / "engine" / "mine.py"
    module.write_text(
        "import engine\nfrom engine import movement\n"
        "def f():\n    from engine import Movement, hookimpl\n"
    )
    assert face_imports(module, tmp_path) == {"engine", "Movement", "hookimpl"}


# ---- modules of one concept ---------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [p for package in ("engine", "plugins", "adapters") for p in modules_of(package)],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_module_is_over_the_limit_without_saying_why(path: Path) -> None:
    lines = too_long(path)
    assert lines is None, (
        f"{path.relative_to(ROOT)} has {lines} lines, over {MOST_LINES}: split it by "
        f"concept, or say in its docstring why it is one ({ONE_CONCEPT!r} and the reason)"
    )


def test_a_long_module_would_be_caught_unless_it_says_why(tmp_path: Path) -> None:
    body = "x = 1\n" * MOST_LINES
    silent = tmp_path / "silent.py"
    silent.write_text('"""Many things."""\n' + body)
    assert too_long(silent) == MOST_LINES + 1
    said = tmp_path / "said.py"
    said.write_text(f'"""A table.\n\n{ONE_CONCEPT} the manual\'s sheet, kept whole."""\n' + body)
    assert too_long(said) is None
    short = tmp_path / "short.py"
    short.write_text('"""Short."""\n' + "x = 1\n" * (MOST_LINES - 1))
    assert too_long(short) is None
