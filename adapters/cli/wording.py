"""How the CLI words an engine error: in the director's language (``--lang ja|en``, else
the locale, else English) from the errors catalog (:mod:`adapters.i18n`), each fix the
engine gives as data (:class:`engine.errors.Fix`) said as the command line that applies
it (``traveller result correct --board 3 --ns 1 --ew 2 --reason "REASON"``).

The command line is read from the running command tree (an argument is positional, an
option is written as it is spelled, a flag alone), so a fix never names an option the
CLI spells otherwise.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from adapters import i18n
from engine.errors import Fix, TravellerError

PROGRAM = "traveller"
TEXTUAL = frozenset({"reason", "override", "name", "player"})
"""Fields whose value is free text: a needed one is shown quoted (``--reason "REASON"``)."""


@dataclass
class _Speaking:
    language: str | None = None
    tree: Any = None


_speaking = _Speaking()


def speak(language: str | None, tree: Any = None) -> None:
    """Answer in ``language`` from now on (None: the locale's, see :func:`language`);
    ``tree`` is the running command tree (the root's command), which fixes are worded
    from."""
    _speaking.language = i18n.spoken(language)
    _speaking.tree = tree


def language() -> str:
    """The language the CLI answers in: the one ``--lang`` chose, else the locale's."""
    return _speaking.language or i18n.from_environment()


def word(template: str) -> str:
    """One of the CLI's own words (``N_("Error:")``) in its language."""
    return i18n.said(template, {}, language())


def worded(error: TravellerError) -> tuple[str, str | None, list[str]]:
    """The error's message and hint in the CLI's language, and its fixes as command lines
    (the hint includes them, so a script reading ``hint`` sees them too)."""
    spoken = language()
    lines = [command_line(fix) for fix in error.fixes]
    hint = " ".join(h for h in [i18n.hint_of(error, spoken), *lines] if h) or None
    return i18n.message_of(error, spoken), hint, lines


def command_line(fix: Fix) -> str:
    """``fix`` as the command line a director types (``…`` for the command refused,
    given again)."""
    command = _command(fix.command)
    words = ["…"] if fix.command is None else [PROGRAM, *fix.command.split(".")]
    arguments: list[str] = []
    for name, value in fix.fields.items():
        arguments += _given(command, name, value)
    for name in fix.needs:
        arguments += _needed(command, name)
    return " ".join([*words, *arguments])


def _command(dotted: str | None) -> Any:
    """The command a fix names in the running tree (duck-typed: typer's own click)."""
    found = _speaking.tree
    if dotted is None or found is None:
        return None
    for word in dotted.split("."):
        found = getattr(found, "commands", {}).get(word)
    return found


def _dashed(name: str) -> str:
    return "--" + name.replace("_", "-")


def _param(command: Any, name: str) -> Any:
    """The parameter of ``command`` for the field ``name`` (``round`` is typer's
    ``round_``; ``from_session`` may be spelled ``--from``); for the command refused (None),
    the first command of the tree that has it (a field is spelled alike everywhere)."""
    params = list(getattr(command, "params", ()) if command is not None else _all_params())
    spelled = [p for p in params if _dashed(name) in getattr(p, "opts", ())]
    named = [p for p in params if p.name in (name, f"{name}_")]
    return (spelled or named or [None])[0]


def _all_params() -> Iterator[Any]:
    waiting = [_speaking.tree] if _speaking.tree is not None else []
    while waiting:
        command = waiting.pop(0)
        yield from getattr(command, "params", ())
        waiting += list(getattr(command, "commands", {}).values())


def _argument(param: Any) -> bool:
    return param is not None and param.param_type_name == "argument"


def _spelled(param: Any, name: str) -> str:
    if param is None:
        return _dashed(name)
    long = [o for o in param.opts if o.startswith("--")]
    return str((long or param.opts)[0])


def _given(command: Any, name: str, value: object) -> list[str]:
    param = _param(command, name)
    if value is False and getattr(param, "secondary_opts", None):
        return [str(param.secondary_opts[0])]  # --enforce/--free: False is --free
    if value is None or value is False:
        return []
    values = list(value) if isinstance(value, list | tuple) else [value]
    if _argument(param):
        return [shlex.quote(str(v)) for v in values]
    option = _spelled(param, name)
    if value is True:
        return [option]
    return [word for v in values for word in (option, shlex.quote(str(v)))]


def _needed(command: Any, name: str) -> list[str]:
    param = _param(command, name)
    metavar = "REASON" if name == "override" else name.upper()
    if _argument(param):
        return [metavar]
    if param is not None and param.is_flag:
        return [_spelled(param, name)]
    return [_spelled(param, name), f'"{metavar}"' if name in TEXTUAL else metavar]
