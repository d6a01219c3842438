"""Engine errors are data, worded by the adapters (docs/decisions/0021): no message or
hint the engine or a plugin raises names a command line (`` `traveller ...` `` or an
``--option``), every template's placeholders are given, and an error keeps its English
text for logs and old callers."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from engine import errors
from engine.errors import N_, Fix, Phrase, Rejected

ROOT = Path(__file__).resolve().parents[2]
CLI_WORDING = re.compile(r"`traveller |traveller (?:result|session|entry|round) |(?<![\w-])--[a-z]")
"""A command line in a message: a backquoted ``traveller`` command or a long option."""
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
ERROR_NAMES = frozenset(
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, errors.TravellerError)
) | {"require_text", "require_reason", "Phrase", "N_"}
"""The calls whose text is a message: an error's constructor, the engine's helpers that
raise one, a phrase of a message."""


def _called(node: ast.Call) -> str:
    func = node.func
    return (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else ""
    )


def _texts(node: ast.AST) -> Iterator[str]:
    """The literal text of a node: constants, and the literal parts of f-strings."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            yield inner.value


def _message_calls(path: Path) -> Iterator[ast.Call]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and _called(node) in ERROR_NAMES:
            yield node


def _modules() -> list[Path]:
    return sorted([*(ROOT / "engine").rglob("*.py"), *(ROOT / "plugins").rglob("*.py")])


def cli_wording() -> dict[str, list[str]]:
    """Each module whose messages name a command line, with the lines that do."""
    found: dict[str, list[str]] = {}
    for path in _modules():
        for call in _message_calls(path):
            # A fix's fields are data, not wording: only the message and the hint count.
            parts = [*call.args, *(k.value for k in call.keywords if k.arg in ("hint", None))]
            if any(CLI_WORDING.search(t) for part in parts for t in _texts(part)):
                where = str(path.relative_to(ROOT))
                found.setdefault(where, []).append(f"{where}:{call.lineno}")
    return found


def test_the_grep_finds_cli_wording() -> None:
    assert CLI_WORDING.search("Add --reason")
    assert CLI_WORDING.search("see `traveller event list`")
    assert not CLI_WORDING.search("part 3 ch. 4 §3-2, scores -450 and 2/3:-450")


def test_no_engine_message_has_cli_wording() -> None:
    """An engine message names no command line: the fix is data each adapter words."""
    assert not cli_wording()


def _templates(node: ast.AST) -> Iterator[str]:
    """The ``N_("...")`` templates in a node (both branches of ``a if c else b``)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and _called(inner) == "N_" and inner.args:
            yield from _texts(inner.args[0])


def test_every_placeholder_of_a_template_is_given() -> None:
    missing = []
    for path in _modules():
        for call in _message_calls(path):
            if _called(call) in ("N_", "require_text", "require_reason"):
                continue
            given = {k.arg for k in call.keywords if k.arg}
            message = [*call.args[:1], *(k.value for k in call.keywords if k.arg == "hint")]
            wanted = {
                p for part in message for t in _templates(part) for p in PLACEHOLDER.findall(t)
            }
            if wanted - given:
                missing.append(f"{path.relative_to(ROOT)}:{call.lineno}: {sorted(wanted - given)}")
    assert not missing, missing


def test_an_error_is_data_and_keeps_its_english_text() -> None:
    fix = Fix("result.correct", fields={"board": 3, "ns": 1, "ew": 2}, needs=("reason",))
    error = Rejected(
        N_("Pair %(pair)s already has a result on board %(board)s."),
        hint=N_("To change it, correct that result (with the reason)."),
        code="result.duplicate",
        fix=fix,
        pair="NS 1",
        board=3,
    )
    assert error.message == "Pair NS 1 already has a result on board 3."
    assert str(error) == error.message + " " + str(error.hint)
    assert error.code == "result.duplicate" and error.fixes == (fix,)
    assert error.values == {"pair": "NS 1", "board": 3}
    assert fix.as_json() == {
        "command": "result.correct",
        "fields": {"board": 3, "ns": 1, "ew": 2},
        "needs": ["reason"],
    }


def test_an_old_style_error_still_works() -> None:
    error = Rejected("100% sure.", hint="Nothing to fill.")
    assert error.message == "100% sure." and error.code == "Rejected" and error.fixes == ()


def test_a_phrase_is_said_in_english_inside_a_message() -> None:
    told = Phrase(N_(" (round %(now)s is the latest started)"), now=2)
    error = Rejected(N_("Not yet%(latest)s."), latest=told)
    assert error.message == "Not yet (round 2 is the latest started)."


# ---- every message is catalogued ------------------------------------------------------------

NOT_YET_CATALOGUED: frozenset[str] = frozenset()
"""The engine and plugin modules that may still raise a plain English message (none now):
every other module's errors are ``N_()`` templates, in the errors catalog and translated."""
PASSING_ON = frozenset({"require_text", "_covered"})
"""Helpers that raise with the template their caller marked with ``N_()``."""
ERROR_CLASSES = ERROR_NAMES - {"require_text", "require_reason", "Phrase", "N_"}


def _is_template(node: ast.AST) -> bool:
    """``N_("...")``, or a choice between two templates."""
    if isinstance(node, ast.IfExp):
        return _is_template(node.body) and _is_template(node.orelse)
    return isinstance(node, ast.Call) and _called(node) == "N_"


def plain_messages(source: str) -> list[int]:
    """The lines of ``source`` that raise an error whose message is not a template."""
    tree = ast.parse(source)
    passed_on = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef) and node.name in PASSING_ON
        for inner in ast.walk(node)
    }
    return sorted(
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and _called(node) in ERROR_CLASSES
        and node.args
        and id(node) not in passed_on
        and not _is_template(node.args[0])
    )


def test_the_check_finds_a_plain_message() -> None:
    source = (
        'raise Rejected(f"Round {n} is over.")\n'
        'raise Rejected(N_("Fine."))\n'
        'raise NotFound(N_("No %(a)s.") if a else N_("None."), a=a)\n'
        'raise InvalidInput("Plain " + "text")\n'
        "def require_text(value, message):\n"
        "    raise InvalidInput(message)\n"
    )
    assert plain_messages(source) == [1, 4]


def test_every_engine_and_plugin_message_is_catalogued() -> None:
    """A new plain ``raise Rejected(f"...")`` in the engine or a plugin is caught here: its
    message would reach a Japanese director in English (docs/decisions/0021)."""
    plain = [
        f"{where}:{line}"
        for path in _modules()
        if (where := str(path.relative_to(ROOT))) not in NOT_YET_CATALOGUED
        for line in plain_messages(path.read_text(encoding="utf-8"))
    ]
    assert not plain, plain
    assert all((ROOT / name).exists() for name in NOT_YET_CATALOGUED), "a stale entry"
