"""``traveller import …`` and ``traveller rescore``: results from files, and the scoring
method a section is scored by.

An import is all or nothing: the whole file is read and checked against the section
first, every problem is listed by line, and nothing is written unless every line is
right. With ``--scoring`` the method becomes the section's own, recorded just before
the results — and not at all when the file is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from adapters.cli.common import (
    Actor,
    EventOpt,
    Fmt,
    NumberingOpt,
    Reason,
    SectionOpt,
    SessionOpt,
    Store,
    actor_name,
    guarded,
    open_app,
    parse_options,
    say,
)
from adapters.cli.output import Format
from adapters.files.pbn import read_results
from adapters.files.reading import line_of
from adapters.files.travellers_csv import read_travellers
from engine.application import Traveller
from engine.errors import InvalidFile, InvalidInput, TravellerError
from engine.rules import ImportRow
from engine.seating import Numbering

ScoringOpt = Annotated[
    str | None,
    typer.Option(
        "--scoring",
        help="Score the section by this method from now on: matchpoints, cross-imps, "
        "houston, butler, total-points, …",
    ),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", help="A scoring option KEY=VALUE, e.g. trim=1 or vp_scale=wbf2013."),
]


Reader = Callable[[Path, str], tuple[list[ImportRow], list[str]]]
"""Reads a results file for a section: its rows and the problems found, by line."""

FILE_KINDS: tuple[tuple[str, Reader, str, str], ...] = (
    (
        "travellers",
        lambda file, section: read_travellers(file),
        "traveller lines",
        "Import a CSV of traveller lines: the whole file, or nothing if any line is wrong.",
    ),
    (
        "pbn",
        lambda file, section: read_results(file, section=section),
        "results",
        "Import the results of a PBN file (every board's ScoreTable): all or nothing.",
    ),
)


def _file_command(reader: Reader, noun: str) -> Callable[..., None]:
    """The ``import`` command for one kind of file: read it, then import all or nothing."""

    def command(
        file: Annotated[Path, typer.Argument(help="The file to import.")],
        event: EventOpt,
        numbering: NumberingOpt = None,
        scoring: ScoringOpt = None,
        option: OptionOpt = None,
        session: SessionOpt = 1,
        section: SectionOpt = "A",
        store: Store = None,
        fmt: Fmt = Format.table,
        actor: Actor = None,
    ) -> None:
        rows, problems = reader(file, section)
        done = _import(
            open_app(store),
            file,
            rows,
            problems,
            event=event,
            session=session,
            section=section,
            numbering=numbering,
            scoring=scoring,
            option=option,
            actor=actor_name(actor),
        )
        _imported(fmt, done, noun, file)

    return command


def register(app: typer.Typer) -> None:
    """Mount the ``import`` command group and the ``rescore`` command on ``app``."""
    import_app = typer.Typer(help="Import results from files.", no_args_is_help=True)
    app.add_typer(import_app, name="import")

    for name, reader, noun, about in FILE_KINDS:
        import_app.command(name, help=about)(guarded(_file_command(reader, noun)))

    @app.command("rescore")
    @guarded
    def rescore(
        event: EventOpt,
        scoring: Annotated[
            str, typer.Option("--scoring", help="The method to score by from now on.")
        ],
        option: OptionOpt = None,
        reason: Reason = None,
        session: SessionOpt = 1,
        section: Annotated[
            str | None,
            typer.Option("--section", help="One section only (default: every section)."),
        ] = None,
        store: Store = None,
        fmt: Fmt = Format.table,
        actor: Actor = None,
    ) -> None:
        """Score a session (or one section) by another method, with the reason.

        The standings published under the old method stay in the record; publish the
        session again to store the new ones."""
        a = open_app(store)
        eid = a.resolve_event(event)
        options = parse_options(option)
        # An unknown session is left for choose_scoring to name in its own error.
        names = (section,) if section else a.tournament(eid).sessions.get(session, ("A",))
        changed = [
            name
            for name in names
            if a.choose_scoring(
                eid,
                scoring,
                options,
                session=session,
                section=name,
                reason=reason or "",
                actor=actor_name(actor),
            )
        ]
        method = a.registry.scoring(scoring).name
        data = {
            "session": session,
            "method": method,
            "options": options,
            "rescored": changed,
            "unchanged": [n for n in names if n not in changed],
        }
        if not changed:
            text = f"Session {session} is already scored by {method}; nothing was recorded."
        else:
            text = f"Session {session}, section {', '.join(changed)}: now scored by {method}."
            if a.tournament(eid).publications.get(session):
                text += (
                    " The standings published before stay in the record; publish again "
                    "(`traveller session publish`) to store the new ones."
                )
        say(fmt, data, text)


def _import(
    a: Traveller,
    file: Path,
    rows: Sequence[ImportRow],
    problems: list[str],
    *,
    event: str,
    session: int,
    section: str,
    numbering: Numbering | None,
    scoring: str | None,
    option: list[str] | None,
    actor: str,
) -> tuple[int, str | None]:
    """Check the file's rows against the section, then choose the scoring and record them.

    Returns how many rows were recorded and the scoring method chosen, if any."""
    eid = a.resolve_event(event)
    options = parse_options(option)
    if options and scoring is None:
        raise InvalidInput(
            "--option sets a scoring option, but no scoring method was given.",
            hint="Add --scoring NAME, or leave out --option.",
        )

    chosen = None if scoring is None else (scoring, options)

    def record(*, dry_run: bool) -> int:
        return a.import_results(
            eid,
            rows,
            session=session,
            section=section,
            numbering=numbering,
            scoring=chosen,
            scoring_reason=f"chosen when importing {file.name}",
            dry_run=dry_run,
            actor=actor,
        )

    if problems:
        # The file has lines that could not be read: check the rest too, so that every
        # problem is listed at once, and write nothing.
        try:
            record(dry_run=True)
        except InvalidFile as more:
            problems += more.problems
        except TravellerError as more:
            problems.append(str(more))
        problems.sort(key=line_of)
        raise InvalidFile(f"{file} was not imported: nothing was written.", problems=problems)
    try:
        count = record(dry_run=False)
    except InvalidFile as refused:
        raise InvalidFile(
            f"{file} was not imported: nothing was written.", problems=refused.problems
        ) from None
    except TravellerError as refused:
        if scoring is None:
            raise
        # With --scoring, whatever refuses the import is listed like a file's problems.
        raise InvalidFile(
            f"{file} was not imported: nothing was written.", problems=[str(refused)]
        ) from None
    return count, None if scoring is None else a.registry.scoring(scoring).name


def _imported(fmt: Format, done: tuple[int, str | None], what: str, file: Path) -> None:
    count, method = done
    data: dict[str, Any] = {"imported": count}
    text = f"Imported {count} {what} from {file}"
    if method is not None:
        data["scoring"] = method
        text += f", scored by {method}"
    say(fmt, data, text + ".")
