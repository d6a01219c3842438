"""The plugin author's guide works verbatim.

Every fenced ``python`` block of ``docs/plugin-authors.md`` whose first line is a file
name comment (``# club_mitchell.py``) is written to that file, exactly as printed; the
test module among them (``# test_*.py``) is imported and each of its tests run. A
reader who copies the guide gets a plugin that loads, validates and plays.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

GUIDE = Path(__file__).resolve().parents[1] / "docs" / "plugin-authors.md"
NAMED_BLOCK = re.compile(r"```python\n# (?P<name>[\w/]+\.py)\n(?P<code>.*?)```", re.DOTALL)


def guide_files() -> dict[str, str]:
    text = GUIDE.read_text(encoding="utf-8")
    return {m["name"]: f"# {m['name']}\n{m['code']}" for m in NAMED_BLOCK.finditer(text)}


@pytest.fixture
def guide_dir(tmp_path: Path) -> Iterator[Path]:
    for name, code in guide_files().items():
        (tmp_path / name).write_text(code, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        yield tmp_path
    finally:
        sys.path.remove(str(tmp_path))
        for name in guide_files():
            sys.modules.pop(name.removesuffix(".py"), None)


def test_the_guide_has_a_worked_plugin_and_its_tests() -> None:
    names = set(guide_files())
    assert any(n.startswith("test_") for n in names), names
    assert any(not n.startswith("test_") for n in names), names


def test_the_worked_plugin_uses_the_single_import() -> None:
    for name, code in guide_files().items():
        engine_imports = re.findall(r"^from (engine[\w.]*) import", code, re.MULTILINE)
        allowed = {"engine", "engine.testing"}
        assert set(engine_imports) <= allowed, f"{name} imports {engine_imports}"


def test_the_guide_s_tests_pass_on_its_plugin(guide_dir: Path) -> None:
    tests = [n for n in guide_files() if n.startswith("test_")]
    ran = 0
    for name in tests:
        module = importlib.import_module(name.removesuffix(".py"))
        for attr in dir(module):
            if attr.startswith("test_"):
                getattr(module, attr)()
                ran += 1
    assert ran >= 2
