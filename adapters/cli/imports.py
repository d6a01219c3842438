"""``traveller import …``, ``traveller scoring list`` and ``traveller rescore``: results
from files, the scoring methods installed, and the method a section is scored by.

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

from adapters.cli import output
from adapters.cli.common import (
    Desk,
    NumberingOpt,
    Reason,
    SectionOpt,
    SessionOpt,
    at_desk,
    parse_options,
)
from adapters.cli.wording import tr, tr_
from adapters.files.pbn import read_names, read_results
from adapters.files.reading import line_of
from adapters.files.travellers_csv import read_travellers
from engine.errors import InvalidFile, InvalidInput, TravellerError
from engine.registry import describe
from engine.seating import Numbering
from engine.section import ImportRow
from engine.section.seating import unseated
from engine.tournament import Player

ScoringOpt = Annotated[
    str | None,
    typer.Option(
        "--scoring",
        help="Score the section by this method from now on: matchpoints, cross-imps, "
        "houston, butler, total-points, …",
    ),
]
ScoringOptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", help="A scoring option KEY=VALUE, e.g. trim=1 or vp_scale=wbf2013."),
]


Reader = Callable[[Path, str], tuple[list[ImportRow], list[str]]]
"""Reads a results file for a section: its rows and the problems found, by line."""
Namer = Callable[[Path, str], tuple[dict[str, list[str]], list[str]]]
"""Reads the players a results file names for each pair, and the problems with them."""

FILE_KINDS: tuple[tuple[str, Reader, Namer | None, str, str], ...] = (
    (
        "travellers",
        lambda file, section: read_travellers(file),
        None,
        tr_("traveller lines"),
        "Import a CSV of traveller lines: the whole file, or nothing if any line is wrong.",
    ),
    (
        "pbn",
        lambda file, section: read_results(file, section=section),
        lambda file, section: read_names(file, section=section),
        tr_("results"),
        "Import the results of a PBN file (every board's ScoreTable): all or nothing. The "
        "players it names become the section's entries when it has none.",
    ),
)


def _file_command(reader: Reader, namer: Namer | None, noun: str) -> Callable[..., None]:
    """The ``import`` command for one kind of file: read it, then import all or nothing."""

    @at_desk(event=True, actor=True)
    def command(
        desk: Desk,
        file: Annotated[Path, typer.Argument(help="The file to import.")],
        numbering: NumberingOpt = None,
        scoring: ScoringOpt = None,
        option: ScoringOptionOpt = None,
        session: SessionOpt = 1,
        section: SectionOpt = "A",
    ) -> None:
        rows, problems = reader(file, section)
        names: dict[str, list[Player]] = {}
        if namer is not None and unseated(
            desk.app.tournament(desk.event), desk.app.section(desk.event, session, section)
        ):
            named, trouble = namer(file, section)
            names = {pair: [Player(name=n) for n in players] for pair, players in named.items()}
            problems += trouble
        done = _import(
            desk,
            file,
            rows,
            problems,
            session=session,
            section=section,
            numbering=numbering,
            scoring=scoring,
            option=option,
            names=names,
        )
        _imported(desk, done, noun, file)

    return command


import_app = typer.Typer(help="Import results from files.", no_args_is_help=True)
for name, reader, namer, noun, about in FILE_KINDS:
    import_app.command(name, help=about)(_file_command(reader, namer, noun))
scoring_app = typer.Typer(help="The scoring methods installed.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ``import`` and ``scoring`` groups and the ``rescore`` command to ``app``."""
    app.add_typer(import_app, name="import")
    app.add_typer(scoring_app, name="scoring")
    app.command("rescore")(rescore)


@scoring_app.command("list")
@at_desk()
def scoring_list(desk: Desk) -> None:
    """The scoring methods the installed plugins offer, with what each does and its options
    (``--scoring NAME --option KEY=VALUE``)."""
    methods = sorted(desk.registry.scoring_methods(), key=lambda m: m.name)
    desk.show(
        describe(methods),
        lambda: output.plugins_table(
            tr("Scoring methods (--scoring NAME --option KEY=VALUE)"), methods
        ),
    )


@at_desk(event=True, actor=True)
def rescore(
    desk: Desk,
    scoring: Annotated[str, typer.Option("--scoring", help="The method to score by from now on.")],
    option: ScoringOptionOpt = None,
    reason: Reason = None,
    session: SessionOpt = 1,
    section: Annotated[
        str | None,
        typer.Option("--section", help="One section only (default: every section)."),
    ] = None,
) -> None:
    """Score a session (or one section) by another method, with the reason.

    The standings published under the old method stay in the record; publish the
    session again to store the new ones."""
    a, eid = desk.app, desk.event
    options = parse_options(option)
    changed = a.rescore(
        eid,
        scoring,
        options,
        session=session,
        section=section,
        reason=reason or "",
        actor=desk.actor,
    )
    names = (section,) if section else a.tournament(eid).sessions[session]
    method = a.registry.scoring(scoring).name
    data = {
        "session": session,
        "method": method,
        "options": options,
        "rescored": changed,
        "unchanged": [n for n in names if n not in changed],
    }
    if not changed:
        text = tr(
            "Session %(session)s is already scored by %(method)s; nothing was recorded.",
            session=session,
            method=method,
        )
    else:
        text = tr(
            "Session %(session)s, section %(sections)s: now scored by %(method)s.",
            session=session,
            sections=", ".join(changed),
            method=method,
        )
        if a.tournament(eid).publications.get(session):
            text += " " + tr(
                "The standings published before stay in the record; publish again "
                "(`traveller session publish`) to store the new ones."
            )
    desk.say(data, text)


def _import(
    desk: Desk,
    file: Path,
    rows: Sequence[ImportRow],
    problems: list[str],
    *,
    session: int,
    section: str,
    numbering: Numbering | None,
    scoring: str | None,
    option: list[str] | None,
    names: dict[str, list[Player]],
) -> tuple[int, str | None, int]:
    """Check the file's rows against the section, then choose the scoring, register the
    pairs the file names (when the section has no entries) and record the rows.

    Returns how many rows were recorded, the scoring method chosen, if any, and how many
    entries were registered."""
    a, eid = desk.app, desk.event
    before = len(a.tournament(eid).entries)
    options = parse_options(option)
    if options and scoring is None:
        raise InvalidInput(
            tr_("--option sets a scoring option, but no scoring method was given."),
            hint=tr_("Add --scoring NAME, or leave out --option."),
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
            names=names,
            dry_run=dry_run,
            actor=desk.actor,
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
        raise InvalidFile(NOT_IMPORTED, problems=problems, file=file)
    try:
        count = record(dry_run=False)
    except InvalidFile as refused:
        raise InvalidFile(NOT_IMPORTED, problems=refused.problems, file=file) from None
    except TravellerError as refused:
        if scoring is None:
            raise
        # With --scoring, whatever refuses the import is listed like a file's problems.
        raise InvalidFile(NOT_IMPORTED, problems=[str(refused)], file=file) from None
    method = None if scoring is None else a.registry.scoring(scoring).name
    return count, method, len(a.tournament(eid).entries) - before


NOT_IMPORTED = tr_("%(file)s was not imported: nothing was written.")


def _imported(desk: Desk, done: tuple[int, str | None, int], what: str, file: Path) -> None:
    count, method, registered = done
    data: dict[str, Any] = {"imported": count}
    text = tr("Imported %(count)s %(what)s from %(file)s", count=count, what=tr(what), file=file)
    if method is not None:
        data["scoring"] = method
        text += tr(", scored by %(method)s", method=method)
    if registered:
        data["entries_registered"] = registered
        text += tr("; registered %(count)s entries from the players it names", count=registered)
    desk.say(data, text + ".")
