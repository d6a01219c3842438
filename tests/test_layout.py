"""DESIGN.md §1: ``engine`` imports neither ``plugins`` nor ``adapters``; ``plugins``
import only ``engine``'s public plugin API and nothing from ``adapters``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def modules_of(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("path", modules_of("engine"), ids=lambda p: p.name)
def test_engine_never_imports_plugins_or_adapters(path: Path) -> None:
    bad = {m for m in imported_modules(path) if m.split(".")[0] in ("plugins", "adapters")}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


@pytest.mark.parametrize("path", modules_of("plugins"), ids=lambda p: p.name)
def test_plugins_never_import_adapters(path: Path) -> None:
    bad = {m for m in imported_modules(path) if m.split(".")[0] == "adapters"}
    assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_rule_would_catch_a_violation(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("def f():\n    from adapters.cli import main\n    import plugins.x\n")
    assert {"adapters.cli", "plugins.x"} <= imported_modules(sneaky)
