"""What every ``traveller`` command shares: the store, the output format, errors."""

from __future__ import annotations

import functools
import getpass
import os
from collections.abc import Callable
from typing import Annotated, Any, ParamSpec, TypeVar

import typer

from adapters.cli import output
from adapters.cli.output import Format
from adapters.storage import env_for, store_url
from engine.application import Traveller
from engine.errors import InvalidInput, TravellerError
from engine.logging import configure_logging
from engine.seating import Numbering

P = ParamSpec("P")
R = TypeVar("R")


Store = Annotated[
    str | None,
    typer.Option(
        "--store",
        help="Store URL: a SQLite file path, "
        "sqlite:///PATH, postgresql://…, or memory:. Default ./traveller.db "
        "(or $TRAVELLER_STORE).",
        show_default=False,
    ),
]
Fmt = Annotated[
    Format,
    typer.Option(
        "--format",
        parser=output.parse_format,
        metavar="[table|text|json]",
        help="table (or text) for people, json for scripts.",
    ),
]
EventOpt = Annotated[str, typer.Option("--event", help="The event id (or a unique prefix).")]
SessionOpt = Annotated[int, typer.Option("--session", help="Session number.")]
SectionOpt = Annotated[str, typer.Option("--section", help="Section letter.")]
Actor = Annotated[
    str | None,
    typer.Option(
        "--actor",
        help="Who is doing this (for the audit "
        "trail). Default $TRAVELLER_ACTOR or your login name.",
        show_default=False,
    ),
]
Reason = Annotated[str | None, typer.Option("--reason", help="Why (kept in the audit trail).")]
NumberingOpt = Annotated[
    Numbering | None,
    typer.Option(
        "--numbering",
        help="For a section with no movement: mitchell (NS and EW numbered "
        "separately) or howell (one series).",
    ),
]

_apps: dict[str, Traveller] = {}


def open_app(store: str | None) -> Traveller:
    """The application for a store URL (one per process; memory stores live as long)."""
    url = store_url(store)
    if url not in _apps:
        _apps[url] = Traveller(env_for(url))
    return _apps[url]


def actor_name(actor: str | None) -> str:
    if actor:
        return actor
    if os.environ.get("TRAVELLER_ACTOR"):
        return os.environ["TRAVELLER_ACTOR"]
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "director"


def guarded(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn Traveller's errors into a clear message and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        configure_logging()
        fmt = kwargs.get("fmt", Format.table)
        try:
            return fn(*args, **kwargs)
        except TravellerError as exc:
            output.error(exc, fmt if isinstance(fmt, Format) else Format.table)
            raise typer.Exit(1) from None

    return wrapper


def say(fmt: Format, data: Any, text: str) -> None:
    if fmt is Format.json:
        output.emit_json(data)
    else:
        output.console.print(text, highlight=False)


def parse_options(values: list[str] | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in values or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InvalidInput(f"{item!r} is not an option.", hint="Write --option KEY=VALUE.")
        options[key.strip()] = value.strip()
    return options


# ---- a table's result on a board ------------------------------------------------------

Board = Annotated[int, typer.Option("--board", help="Board number.")]
NS = Annotated[int, typer.Option("--ns", help="NS pair number.")]
EW = Annotated[int, typer.Option("--ew", help="EW pair number.")]
ContractOpt = Annotated[str | None, typer.Option("--contract", help="4S, 3NTX, 6HXX or PASS.")]
Declarer = Annotated[str | None, typer.Option("--declarer", help="N, E, S or W.")]
Tricks = Annotated[int | None, typer.Option("--tricks", help="Tricks declarer took (0-13).")]
ScoreNS = Annotated[int | None, typer.Option("--score-ns", help="The NS score, e.g. 420 or -50.")]
Lead = Annotated[str | None, typer.Option("--lead", help="The opening lead, e.g. SK.")]
RoundOpt = Annotated[int | None, typer.Option("--round")]
TableOpt = Annotated[int | None, typer.Option("--table")]
Override = Annotated[
    str | None,
    typer.Option(
        "--override",
        help="Record it although the movement does not schedule it, or the raw "
        "score is impossible on this board; give the reason.",
    ),
]
