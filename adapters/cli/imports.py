"""``traveller import …``, ``traveller scoring list`` and ``traveller rescore``: results
from files, the scoring methods installed, and the method a section is scored by.

An import is all or nothing: the whole file is read and checked against the section
first, every problem is listed by line, and nothing is written unless every line is
right. With ``--scoring`` the method becomes the section's own, recorded just before
the results — and not at all when the file is refused.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
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
from adapters.files.pbn import PbnResults, read_names, read_pbn, read_results
from adapters.files.reading import line_of
from adapters.files.travellers_csv import TravellerFile
from engine.errors import InvalidFile, InvalidInput, TravellerError
from engine.registry import describe
from engine.seating import Numbering
from engine.section import ImportRow
from engine.section.results import LineProblem
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


Rows = Iterable[ImportRow | LineProblem]
"""A file's rows, and the lines that could not be read among them (a file read line by
line as it is imported, or a list)."""
Reader = Callable[[Path, str], tuple[Rows, list[str]]]
"""Reads a results file for a section: its rows and the problems found before they are
checked, by line."""
Namer = Callable[[Path, str], tuple[dict[str, list[str]], list[str]]]
"""Reads the players a results file names for each pair, and the problems with them."""
Extras = Callable[[Path, str], PbnResults]
"""Reads what else a results file shows: the numbering of its pairs, and its deals."""
FILE_EXTRAS: dict[str, Extras] = {"pbn": lambda file, section: read_pbn(file, section=section)}

FILE_KINDS: tuple[tuple[str, Reader, Namer | None, str, str], ...] = (
    (
        "travellers",
        lambda file, section: (TravellerFile(file), []),
        None,
        tr_("traveller lines"),
        "Import a CSV of traveller lines: the whole file, or nothing if any line is wrong.",
    ),
    (
        "pbn",
        lambda file, section: read_results(file, section=section),
        lambda file, section: read_names(file, section=section),
        tr_("results"),
        "Import the results of a PBN file (every board's ScoreTable, or one game per table): "
        "all or nothing. The players it names become the section's entries when it has "
        "none; its deals become the session's hand record; its pair numbers, where they "
        "show it, say the numbering.",
    ),
)


def _file_command(
    reader: Reader, namer: Namer | None, noun: str, extras: Extras | None = None
) -> Callable[..., None]:
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
        shown = None if extras is None else extras(file, section)
        if shown is not None:
            numbering = numbering or _numbering_shown(desk, session, section, shown.numbering)
            problems += _deals_problems(desk, file, session, shown)
        with _progress(desk, rows):
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
        recorded = [] if shown is None else _record_deals(desk, file, session, shown)
        _imported(desk, done, noun, file, deals=recorded)

    return command


import_app = typer.Typer(help="Import results from files.", no_args_is_help=True)
for name, reader, namer, noun, about in FILE_KINDS:
    import_app.command(name, help=about)(_file_command(reader, namer, noun, FILE_EXTRAS.get(name)))
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


@scoring_app.command("conventions")
@at_desk()
def scoring_conventions(desk: Desk) -> None:
    """The convention profiles the installed plugins offer (``event create --conventions
    NAME``): each a named set of scoring options, with where each value comes from."""
    profiles = [p.to_json() for p in sorted(desk.registry.conventions(), key=lambda p: p.name)]
    rows = [
        {
            "name": p["name"],
            "version": p["version"],
            "what it does": p["description"],
            "options": "\n".join(_profile_options(p)) or tr("none"),
        }
        for p in profiles
    ]
    columns = [tr_("name"), tr_("version"), tr_("what it does"), tr_("options")]
    desk.show(profiles, lambda: output.rows_table(tr("Convention profiles"), rows, columns))


def _profile_options(profile: dict[str, Any]) -> list[str]:
    """A profile's options as ``method.option=value (source)``, one a line."""
    lines = []
    for method, values in profile["options"].items():
        for key, value in values.items():
            source = profile["sources"].get(f"{method}.{key}")
            written = str(value).lower() if isinstance(value, bool) else value
            lines.append(f"{method}.{key}={written}" + (f" ({source})" if source else ""))
    return lines


@at_desk(event=True, actor=True)
def rescore(
    desk: Desk,
    scoring: Annotated[
        str | None, typer.Option("--scoring", help="The method to score by from now on.")
    ] = None,
    option: ScoringOptionOpt = None,
    reason: Reason = None,
    session: SessionOpt = 1,
    section: Annotated[
        str | None,
        typer.Option("--section", help="One section only (default: every section)."),
    ] = None,
    to_current: Annotated[
        bool,
        typer.Option(
            "--to-current",
            help="Keep each section's method and options, scored by its current version.",
        ),
    ] = False,
) -> None:
    """Score a session (or one section) by another method, or by the current version of
    its method (--to-current), with the reason.

    The standings published before stay in the record; publish the session again to
    store the new ones."""
    a, eid = desk.app, desk.event
    if (scoring is None) == (not to_current):
        raise InvalidInput(
            tr_("Give either --scoring METHOD or --to-current."),
            hint=tr_(
                "--scoring chooses another method; --to-current keeps the method and "
                "moves it to its current version."
            ),
        )
    options = parse_options(option)
    if scoring is None:
        changed = a.rescore_to_current(
            eid, session=session, section=section, reason=reason or "", actor=desk.actor
        )
    else:
        changed = a.rescore(
            eid,
            scoring,
            options,
            session=session,
            section=section,
            reason=reason or "",
            actor=desk.actor,
        )
    tournament = a.tournament(eid)
    names = (section,) if section else tournament.sessions[session]
    in_force = {n: m for n, m in a.scoring_in_force(eid, session).items() if n in names}
    # --to-current names the version each section is now scored by.
    method = (
        a.registry.scoring(scoring).name
        if scoring
        else ", ".join(sorted({f"{m.method} {m.version}" for m in in_force.values()}))
    )
    data = {
        "session": session,
        "method": method,
        "versions": {n: m.version for n, m in in_force.items()},
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
        if tournament.publications.get(session):
            text += " " + tr(
                "The standings published before stay in the record; publish again "
                "(`traveller session publish`) to store the new ones."
            )
    desk.say(data, text)


@contextmanager
def _progress(desk: Desk, rows: Rows) -> Iterator[None]:
    """A progress bar of a file read line by line, on stderr when it is a terminal and
    the output is for people (never in a pipe, a test or JSON output)."""
    if not isinstance(rows, TravellerFile) or desk.fmt is not output.Format.table:
        yield
        return
    try:
        terminal = sys.stderr.isatty()
    except ValueError:  # a closed stderr is no terminal
        terminal = False
    if not terminal:
        yield
        return
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeElapsedColumn

    reading = tr("Checking %(file)s", file=rows.path.name)
    recording = tr("Recording %(file)s", file=rows.path.name)
    columns = (TextColumn("{task.description}"), BarColumn(), DownloadColumn())
    with Progress(*columns, TimeElapsedColumn(), console=Console(stderr=True)) as bar:
        task = bar.add_task(reading, total=rows.size)

        def show(done: int) -> None:
            # Every line read is checked; once all are, the results are being recorded.
            shown = recording if done >= rows.size else reading
            bar.update(task, completed=done, description=shown)

        rows.progress = show
        try:
            yield
        finally:
            rows.progress = None
            bar.remove_task(task)


def _import(
    desk: Desk,
    file: Path,
    rows: Rows,
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
        unlisted = 0
        try:
            record(dry_run=True)
        except InvalidFile as more:
            problems += more.problems
            unlisted = more.unlisted
        except TravellerError as more:
            problems.append(str(more))
        problems.sort(key=line_of)
        raise InvalidFile(NOT_IMPORTED, problems=problems, unlisted=unlisted, file=file)
    try:
        count = record(dry_run=False)
    except InvalidFile as refused:
        raise InvalidFile(
            NOT_IMPORTED, problems=refused.problems, unlisted=refused.unlisted, file=file
        ) from None
    except TravellerError as refused:
        if scoring is None:
            raise
        # With --scoring, whatever refuses the import is listed like a file's problems.
        raise InvalidFile(NOT_IMPORTED, problems=[str(refused)], file=file) from None
    method = None if scoring is None else a.registry.scoring(scoring).name
    return count, method, len(a.tournament(eid).entries) - before


NOT_IMPORTED = tr_("%(file)s was not imported: nothing was written.")


def _numbering_shown(
    desk: Desk, session: int, section: str, shown: Numbering | None
) -> Numbering | None:
    """The numbering the file's pair numbers show, for a section that has none yet."""
    own = desk.app.section(desk.event, session, section)
    return shown if own.movement is None and own.numbering is None else None


def _deals_problems(desk: Desk, file: Path, session: int, shown: PbnResults) -> list[str]:
    """Why the file's deals could not become the session's hand record (checked before
    anything is written)."""
    if not shown.deals:
        return []
    try:
        desk.app.record_deals(
            desk.event, shown.deals, session=session, source=file.name, dry_run=True
        )
    except TravellerError as refused:
        return [str(refused)]
    return []


def _record_deals(desk: Desk, file: Path, session: int, shown: PbnResults) -> list[int]:
    if not shown.deals:
        return []
    return desk.app.record_deals(
        desk.event, shown.deals, session=session, source=file.name, actor=desk.actor
    )


def _imported(
    desk: Desk,
    done: tuple[int, str | None, int],
    what: str,
    file: Path,
    *,
    deals: Sequence[int] = (),
) -> None:
    count, method, registered = done
    data: dict[str, Any] = {"imported": count}
    text = tr("Imported %(count)s %(what)s from %(file)s", count=count, what=tr(what), file=file)
    if method is not None:
        data["scoring"] = method
        text += tr(", scored by %(method)s", method=method)
    if registered:
        data["entries_registered"] = registered
        text += tr("; registered %(count)s entries from the players it names", count=registered)
    if deals:
        data["deals_recorded"] = list(deals)
        text += tr("; recorded the deals of %(count)s boards", count=len(deals))
    desk.say(data, text + ".")
