"""What every ``traveller`` command shares: the store, the event, the output format, who
acts, and how errors are shown.

A command is a function whose first parameter is a :class:`Desk`; :func:`at_desk` gives it
the options every command takes (``--store``, ``--format``, and with ``event=True`` and
``actor=True`` also ``--event`` and ``--actor``), opens the store, resolves the event and
turns Traveller's errors into a clear message and exit status 1::

    @session_app.command("close")
    @at_desk(event=True, actor=True)
    def session_close(desk: Desk, session: SessionOpt = 1) -> None:
        desk.app.close_session(desk.event, session, actor=desk.actor)

A parameter whose type is a dataclass of options (:class:`ResultOptions`) stands for all of
its fields: the options several commands share are declared once.
"""

from __future__ import annotations

import dataclasses
import functools
import getpass
import inspect
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, get_type_hints
from uuid import UUID

import typer

from adapters.cli import output
from adapters.cli.output import Format
from adapters.storage import env_for, store_url
from engine.application import Traveller
from engine.errors import InvalidInput, TravellerError
from engine.logging import configure_logging
from engine.seating import Numbering
from engine.section import ResultEntry

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
OptionOpt = Annotated[list[str] | None, typer.Option("--option", help="KEY=VALUE")]

_apps: dict[str, Traveller] = {}


def open_app(store: str | None) -> Traveller:
    """The application for a store URL (one per process; memory stores live as long)."""
    url = store_url(store)
    if url not in _apps:
        _apps[url] = Traveller(env_for(url))
    return _apps[url]


def actor_name(actor: str | None) -> str:
    """Who acts: ``--actor``, else ``$TRAVELLER_ACTOR``, else the login name."""
    if actor:
        return actor
    if os.environ.get("TRAVELLER_ACTOR"):
        return os.environ["TRAVELLER_ACTOR"]
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "director"


@dataclass
class Desk:
    """What a command is given: the store's application, the event it is about, the output
    format and who is acting. The store is opened, and the event resolved, when first used."""

    store: str | None
    fmt: Format
    actor: str
    event_given: str | None = None
    """``--event`` as typed: an id or a unique prefix of one."""

    @cached_property
    def app(self) -> Traveller:
        return open_app(self.store)

    @cached_property
    def event(self) -> UUID:
        """The event ``--event`` names."""
        if self.event_given is None:
            raise TypeError("This command takes no --event: declare it with at_desk(event=True).")
        return self.app.resolve_event(self.event_given)

    def say(self, data: Any, text: str) -> None:
        """``data`` as JSON for scripts, or ``text`` for people."""
        if self.fmt is Format.json:
            output.emit_json(data)
        else:
            output.console.print(text, highlight=False)

    def show(self, data: Any, table: Callable[[], object]) -> None:
        """``data`` as JSON for scripts, or drawn by ``table`` for people."""
        if self.fmt is Format.json:
            output.emit_json(data)
        else:
            table()

    def rows(self, title: str, rows: list[dict[str, Any]], columns: list[str]) -> None:
        """``rows`` as JSON for scripts, or a table of their ``columns`` for people."""
        self.show(rows, lambda: output.rows_table(title, rows, columns))


def at_desk(
    *, event: bool = False, actor: bool = False, store: bool = True, fmt: Format = Format.table
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Make a function of a :class:`Desk` a typer command with the options every command
    shares: ``--event`` first (with ``event``), then the function's own, then ``--store``
    (unless ``store`` is false), ``--format`` (default ``fmt``) and ``--actor`` (with
    ``actor``). Traveller's errors become a message (JSON with ``--format json``) on
    stderr and exit status 1."""
    first = [_keyword("event", EventOpt)] if event else []
    last = [
        *([_keyword("store", Store, None)] if store else []),
        _keyword("fmt", Fmt, fmt),
        *([_keyword("actor", Actor, None)] if actor else []),
    ]

    def decorate(body: Callable[..., None]) -> Callable[..., None]:
        own = list(inspect.signature(body, eval_str=True).parameters.values())[1:]
        bundles = {p.name: p.annotation for p in own if _is_bundle(p.annotation)}
        params = [*first, *(q for p in own for q in _expanded(p)), *last]
        names = [p.name for p in params]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise TypeError(f"{body.__name__} declares {twice} twice (at_desk gives them).")

        @functools.wraps(body)
        def command(**given: Any) -> None:
            configure_logging()
            shown = given.pop("fmt")
            desk = Desk(
                given.pop("store") if store else None,
                shown,
                actor_name(given.pop("actor") if actor else None),
                given.pop("event") if event else None,
            )
            for name, bundle in bundles.items():
                fields = dataclasses.fields(bundle)
                given[name] = bundle(**{f.name: given.pop(f.name) for f in fields})
            try:
                body(desk, **given)
            except TravellerError as exc:
                output.error(exc, shown)
                raise typer.Exit(1) from None

        command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return decorate


def _keyword(
    name: str, annotation: Any, default: Any = inspect.Parameter.empty
) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def _is_bundle(annotation: object) -> bool:
    return isinstance(annotation, type) and dataclasses.is_dataclass(annotation)


def _expanded(param: inspect.Parameter) -> list[inspect.Parameter]:
    """``param`` as typer options: a bundle's fields, or the parameter itself."""
    if not _is_bundle(param.annotation):
        return [param.replace(kind=inspect.Parameter.KEYWORD_ONLY)]
    hints = get_type_hints(param.annotation, include_extras=True)
    return [
        _keyword(
            f.name,
            hints[f.name],
            inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default,
        )
        for f in dataclasses.fields(param.annotation)
    ]


def parse_options(values: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE`` as a dict of text values."""
    options: dict[str, Any] = {}
    for item in values or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InvalidInput(f"{item!r} is not an option.", hint="Write --option KEY=VALUE.")
        options[key.strip()] = value.strip()
    return options


def session_list(text: str) -> list[int]:
    """``--sessions 1,2``: session numbers, at least one."""
    try:
        chosen = [int(s) for s in text.split(",") if s.strip()]
    except ValueError:
        chosen = []
    if not chosen:
        raise InvalidInput(f"{text!r} is not a list of sessions.", hint="Write 1,2.")
    return chosen


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


@dataclass(frozen=True)
class ResultOptions:
    """A table's result on a board as ``result add``, ``result correct`` and ``what-if``
    take it."""

    board: Board
    ns: NS
    ew: EW
    contract: ContractOpt = None
    declarer: Declarer = None
    tricks: Tricks = None
    score_ns: ScoreNS = None
    lead: Lead = None
    round: RoundOpt = None
    table: TableOpt = None

    def entry(self) -> ResultEntry:
        return ResultEntry(**dataclasses.asdict(self))
