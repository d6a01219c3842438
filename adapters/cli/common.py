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
import datetime as dt
import functools
import getpass
import inspect
import os
import re
import shlex
import sqlite3
import sys
import traceback
import types
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, get_args, get_type_hints
from uuid import UUID

import typer

from adapters.cli import output, wording
from adapters.cli.numbers import strict_numbers
from adapters.cli.output import Format
from adapters.cli.wording import tr, tr_
from adapters.i18n import said
from adapters.storage import env_for, is_missing, store_file, store_url
from adapters.storage import shown as store_shown
from adapters.version import VERSION
from engine.errors import InvalidInput, StoreError, TravellerError
from engine.logging import configure_logging
from engine.parsing import MOST_PROBLEMS, bounds_of, number_list
from engine.seating import Numbering

if TYPE_CHECKING:  # the engine's application and plugins load when a command opens a store
    from engine.application import Traveller
    from engine.registry import Registry
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

BUG_EXIT = 70
"""The exit status of a bug in Traveller (``EX_SOFTWARE``); a director's mistake is 1."""


def bug_report_folder() -> Path:
    """Where bug reports are written: ``$TRAVELLER_CRASH_DIR``, else
    ``$XDG_STATE_HOME/traveller`` (``~/.local/state/traveller``)."""
    chosen = os.environ.get("TRAVELLER_CRASH_DIR")
    if chosen:
        return Path(chosen)
    state = os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state"
    return Path(state) / "traveller"


def write_bug_report(exc: BaseException) -> Path | None:
    """The traceback of a bug, with the version and the command line (passwords in store
    URLs masked), written to a new file in :func:`bug_report_folder`; None if it cannot be."""
    command = re.sub(r"://[^/@\s]+@", "://***@", shlex.join(["traveller", *sys.argv[1:]]))
    text = "".join(
        [
            f"traveller {VERSION}, Python {sys.version.split()[0]}\n",
            f"command: {command}\n\n",
            *traceback.format_exception(exc),
        ]
    )
    try:
        folder = bug_report_folder()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        path = folder / f"bug-{stamp}-{os.getpid()}.txt"
        path.write_text(text, encoding="utf-8")
    except OSError:
        return None
    return path


def store_failures() -> tuple[type[Exception], ...]:
    """What the database layer raises for a store it cannot use (asked only once
    something is raised: the layer is imported with the store)."""
    from eventsourcing.persistence import PersistenceError

    return (PersistenceError, sqlite3.Error)


def unusable(url: str, exc: Exception) -> StoreError:
    """A store the database layer could not use (a server not running, a wrong password,
    a file that is not a Traveller store), as a director's error."""
    why = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return StoreError(
        tr_("Traveller could not use the store %(store)s: %(why)s"),
        hint=tr_(
            "Check the --store URL (or $TRAVELLER_STORE), and that the database is running "
            "and reachable."
        ),
        store=store_shown(url),
        why=why,
    )


def open_app(store: str | None) -> Traveller:
    """The application for a store URL (one per store and process, a SQLite file known by
    its full path; memory stores live as long)."""
    from engine.application import Traveller

    url = store_url(store)
    key = str(store_file(url) or url)
    if key not in _apps:
        _apps[key] = Traveller(env_for(url))
    return _apps[key]


def forget_app(store: str | None) -> None:
    """Close and forget the application of a store (its file is about to go)."""
    url = store_url(store)
    app = _apps.pop(str(store_file(url) or url), None)
    if app is not None:
        app.close()


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
    writes: bool = True
    """The command records events: it may create its store. One that only reads says
    that a store does not exist rather than create an empty one."""

    @cached_property
    def url(self) -> str:
        """The store's URL: ``--store``, else ``$TRAVELLER_STORE``, else the default."""
        return store_url(self.store)

    @cached_property
    def app(self) -> Traveller:
        """The store's application (a command that only reads never creates the store)."""
        if not self.writes and is_missing(self.url):
            raise StoreError(
                tr_("There is no store at %(store)s: nothing has been recorded there."),
                hint=tr_(
                    "Give the store the events are in with --store (or $TRAVELLER_STORE); "
                    "a new one is made by the first command that records something, such as "
                    "`traveller event create`."
                ),
                store=store_shown(self.url),
            )
        return open_app(self.store)

    @cached_property
    def registry(self) -> Registry:
        """The plugins installed: the store's, or, when a command that records nothing
        finds no store, the installed ones (no store is created for them)."""
        if not self.writes and is_missing(self.url):
            from engine.registry import create_registry

            return create_registry()
        return self.app.registry

    @property
    def opened(self) -> str | None:
        """The store the command opened, as messages name it (None if none was)."""
        return store_shown(self.url) if "app" in self.__dict__ else None

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


def refused_file(exc: OSError) -> InvalidInput:
    """A file the operating system refused (a name too long, no permission, a folder
    where a file was meant), as a director's error: nothing was written."""
    return InvalidInput(
        tr_("The file %(file)s cannot be used: %(why)s."),
        hint=tr_("Check the file's name and that you may read (or write) it."),
        code="file.refused",
        file=repr(str(exc.filename)) if exc.filename is not None else "",
        why=exc.strerror or type(exc).__name__,
    )


def _warn_of_broken_chains(desk: Desk, shown: Format) -> None:
    """Say on stderr, after a command's own output, that what it read does not verify."""
    if "app" not in desk.__dict__:
        return
    app = desk.app
    breaks = app.read_checked(desk.event) if "event" in desk.__dict__ else app.broken_chains()
    if not breaks:
        return
    spoken = wording.language()
    lines = [said(b.describe().template, b.describe().values, spoken) for b in breaks]
    warning = tr(
        "The record read does not verify: it was changed outside Traveller. Run "
        "`traveller verify` to see every break, and trust only figures you can check "
        "against a signed publication."
    )
    if shown is Format.json:
        sys.stderr.write(output.as_json({"warning": warning, "breaks": lines}) + "\n")
        return
    output.errors.print(output.line((tr("Warning:"), "bold red"), " ", warning), highlight=False)
    for text in lines[:MOST_PROBLEMS]:
        output.errors.print(f"  - {output.neutral(text)}", highlight=False)


def at_desk(
    *,
    event: bool = False,
    actor: bool = False,
    store: bool = True,
    fmt: Format = Format.table,
    writes: bool | None = None,
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Make a function of a :class:`Desk` a typer command with the options every command
    shares: ``--event`` first (with ``event``), then the function's own, then ``--store``
    (unless ``store`` is false), ``--format`` (default ``fmt``) and ``--actor`` (with
    ``actor``). Traveller's errors become a message (JSON with ``--format json``) on
    stderr and exit status 1; anything else is a bug, said to be one with where its
    report was written (:func:`write_bug_report`), and exit status 70, never a raw
    traceback (``TRAVELLER_DEBUG=1`` lets it through for a developer). An error names
    the store the command opened; a store that cannot be used is such an error.

    ``writes`` (by default: the command has an actor) says the command records events;
    one that does not never creates a store (:attr:`Desk.app`)."""
    first = [_keyword("event", EventOpt)] if event else []
    last = [
        *([_keyword("store", Store, None)] if store else []),
        _keyword("fmt", Fmt, fmt),
        *([_keyword("actor", Actor, None)] if actor else []),
    ]

    def decorate(body: Callable[..., None]) -> Callable[..., None]:
        own = list(inspect.signature(body, eval_str=True).parameters.values())[1:]
        bundles = {p.name: b for p in own if (b := _bundle_of(p.annotation)) is not None}
        params = [
            strict_numbers(p) for p in (*first, *(q for p in own for q in _expanded(p)), *last)
        ]
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
                actor if writes is None else writes,
            )
            fresh = False
            try:
                fresh = is_missing(desk.url)
                for name, (bundle, optional) in bundles.items():
                    values = {f.name: given.pop(f.name) for f in dataclasses.fields(bundle)}
                    given[name] = _bundled(bundle, values, optional)
                body(desk, **given)
                _warn_of_broken_chains(desk, shown)
            except TravellerError as exc:
                opened = desk.opened
                _forget_empty_store(desk, fresh)
                output.error(exc, shown, store=opened)
                raise typer.Exit(1) from None
            except store_failures() as exc:  # unreachable or unusable
                output.error(unusable(desk.url, exc), shown, store=store_shown(desk.url))
                raise typer.Exit(1) from None
            except (typer.Exit, typer.Abort, typer.TyperException, BrokenPipeError):
                _forget_empty_store(desk, fresh)
                raise
            except OSError as exc:  # a file named that the system refuses: said in words
                _forget_empty_store(desk, fresh)
                output.error(refused_file(exc), shown, store=desk.opened)
                raise typer.Exit(1) from None
            except Exception as exc:  # a bug: said so, its traceback kept in a file
                if os.environ.get("TRAVELLER_DEBUG"):
                    raise
                _forget_empty_store(desk, fresh)
                output.bug(exc, write_bug_report(exc), shown)
                raise typer.Exit(BUG_EXIT) from None

        command.__doc__ = help_text(body.__doc__)
        command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return decorate


def help_text(doc: str | None) -> str | None:
    """A command's docstring as ``--help`` shows it: each paragraph on one line (the
    terminal wraps it), ````code```` as `code`."""
    if doc is None:
        return None
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(
        p if p.startswith("    ") else " ".join(p.split()).replace("``", "`") for p in paragraphs
    )


def _forget_empty_store(desk: Desk, fresh: bool) -> None:
    """A SQLite file the failed command made, with nothing recorded in it, is removed:
    a refused first command must not leave an empty store behind (nothing is lost)."""
    if not fresh or "app" not in desk.__dict__:
        return
    file = store_file(desk.url)
    try:
        if file is None or desk.app.position() != 0:
            return
    except store_failures():
        return
    forget_app(desk.store)
    for path in (file, file.with_name(file.name + "-wal"), file.with_name(file.name + "-shm")):
        path.unlink(missing_ok=True)


def _keyword(
    name: str, annotation: Any, default: Any = inspect.Parameter.empty
) -> inspect.Parameter:
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
    )


def _is_bundle(annotation: object) -> bool:
    return isinstance(annotation, type) and dataclasses.is_dataclass(annotation)


def _bundle_of(annotation: object) -> tuple[type[Any], bool] | None:
    """A bundle of options and whether it is optional (``ResultOptions | None = None``:
    its options are all optional, and it is None when none of them is given)."""
    if _is_bundle(annotation):
        return annotation, False  # type: ignore[return-value]
    if isinstance(annotation, types.UnionType):
        kinds = [a for a in get_args(annotation) if a is not type(None)]
        if len(kinds) == 1 and _is_bundle(kinds[0]):
            return kinds[0], True
    return None


def _bundled(bundle: type[Any], values: dict[str, Any], optional: bool) -> Any:
    """The bundle of the options given; for an optional one, None when none was given,
    and a clear error when some of its required options are missing."""
    if not optional:
        return bundle(**values)
    fields = dataclasses.fields(bundle)
    if all(values[f.name] is None for f in fields):
        return None
    required = [f.name for f in fields if f.default is dataclasses.MISSING]
    missing = [name for name in required if values[name] is None]
    if missing:
        raise InvalidInput(
            tr_("Give %(options)s together (missing: %(missing)s)."),
            options=", ".join(_flag(n) for n in required),
            missing=", ".join(_flag(n) for n in missing),
        )
    return bundle(**values)


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _expanded(param: inspect.Parameter) -> list[inspect.Parameter]:
    """``param`` as typer options: a bundle's fields (each optional in an optional
    bundle), or the parameter itself."""
    found = _bundle_of(param.annotation)
    if found is None:
        return [param.replace(kind=inspect.Parameter.KEYWORD_ONLY)]
    bundle, optional = found
    hints = get_type_hints(bundle, include_extras=True)
    params = []
    for f in dataclasses.fields(bundle):
        hint = hints[f.name]
        default = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        if optional and default is inspect.Parameter.empty:
            kind, *meta = get_args(hint)
            hint, default = Annotated[(kind | None, *meta)], None
        params.append(_keyword(f.name, hint, default))
    return params


def parse_options(values: list[str] | None) -> dict[str, Any]:
    """``--option KEY=VALUE`` as a dict of text values (each plugin reads them by its
    own options)."""
    from engine.registry import options_from_text

    return dict(options_from_text(values))


def session_list(text: str) -> list[int]:
    """``--sessions 1,2``: session numbers, at least one, each read strictly."""
    try:
        return number_list(text, "--sessions", bounds_of("session"), ranges=False)
    except InvalidInput as exc:
        if exc.code == "number.out_of_range":
            raise
        raise InvalidInput(
            tr_("%(text)r is not a list of sessions."), hint=tr_("Write 1,2."), text=text
        ) from None


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
        from engine.section import ResultEntry

        return ResultEntry(**dataclasses.asdict(self))


_DECIMAL = re.compile(r"[+-]?[0-9]{1,9}(\.[0-9]{1,9})?|[+-]?\.[0-9]{1,9}", re.ASCII)


def decimal_option(text: str, option: str) -> Decimal:
    """An option's number, as written (``--bye-vp 12.5``, ``--seeding 120``): ASCII digits,
    a sign and a decimal point, no exponent (``1e999999999`` is a number too large to use)."""
    try:
        number = Decimal(text.strip() if _DECIMAL.fullmatch(text.strip()) else "NaN")
    except InvalidOperation:
        number = Decimal("NaN")
    if not number.is_finite():
        raise InvalidInput(
            tr_("%(option)s %(text)r is not a number."),
            hint=tr_("Write %(option)s 12.5."),
            option=option,
            text=text,
        )
    return number
