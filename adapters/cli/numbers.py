"""Every whole number a command takes is read strictly, in one place.

typer reads an ``int`` option leniently (``１２``, ``1_0``, ``5.0`` and 2^64 are all
numbers to it). :func:`strict_numbers` gives each ``int`` parameter of a command
(``int``, ``int | None``, ``list[int]``) the parser of :mod:`engine.parsing` instead,
bounded by what the number is (a board, a pair, a score: :func:`engine.parsing.bounds_of`).
:func:`adapters.cli.common.at_desk` applies it to every command, so no command can
forget it.
"""

from __future__ import annotations

import copy
import inspect
import types
from collections.abc import Callable
from typing import Annotated, Any, Union, get_args, get_origin

import typer
from typer.models import ArgumentInfo, ParameterInfo

from adapters.cli import wording
from engine.errors import InvalidInput
from engine.parsing import bounds_of, whole_number


def number_parser(name: str, shown: str) -> Callable[[Any], int]:
    """The parser of the number ``name`` (its bounds), said ``shown`` (``--board``) in
    messages: a number given is refused as a usage error with the engine's words."""

    def parse(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):  # a default, not typed
            return value
        try:
            return whole_number(str(value), shown, bounds_of(name))
        except InvalidInput as exc:
            message, hint, _ = wording.worded(exc)
            raise typer.BadParameter(f"{message} {hint or ''}".strip()) from None

    parse.__name__ = f"whole_{name}"
    return parse


def _whole(annotation: Any) -> bool:
    """``annotation`` is a whole number, optional or repeated."""
    if annotation is int:
        return True
    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        kinds = [a for a in get_args(annotation) if a is not type(None)]
        return len(kinds) == 1 and _whole(kinds[0])
    if origin is list:
        return get_args(annotation) == (int,)
    return False


def strict_numbers(param: inspect.Parameter) -> inspect.Parameter:
    """``param`` with the strict parser if it is a whole number (else as it is)."""
    annotation = param.annotation
    meta: tuple[Any, ...] = ()
    if get_origin(annotation) is Annotated:
        annotation, *rest = get_args(annotation)
        meta = tuple(rest)
    if not _whole(annotation):
        return param
    infos = [m for m in meta if isinstance(m, ParameterInfo)]
    default = param.default
    if isinstance(default, ParameterInfo):  # the older spelling: ``x: int = typer.Option()``
        info: ParameterInfo = copy.copy(default)
        default = inspect.Parameter.empty
        infos = [info]
        meta = (*meta, info)
    elif infos:
        info = copy.copy(infos[0])
        meta = tuple(info if m is infos[0] else m for m in meta)
    else:
        info = typer.Option()
        meta = (*meta, info)
    if info.parser is not None:
        return param
    if isinstance(info, ArgumentInfo):
        shown = param.name.upper()
    else:
        flags = [d for d in info.param_decls or () if d.startswith("--")]
        shown = flags[0] if flags else "--" + param.name.replace("_", "-")
    info.parser = number_parser(param.name, shown)
    return param.replace(annotation=Annotated[(annotation, *meta)], default=default)
