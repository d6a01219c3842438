"""``traveller export pbn|usebio``: a session of an event in the files other scoring
programs read (beside ``traveller export events``, the event's whole record, in
:mod:`adapters.cli.integrity`, whose ``export`` group these commands join); and
``traveller import usebio``, which joins the ``import`` group of :mod:`adapters.cli.imports`
(all or nothing, as every import there).

A file is written whole or not at all: everything is worked out first, then written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from adapters.cli.common import Desk, NumberingOpt, SectionOpt, SessionOpt, at_desk
from adapters.cli.imports import ScoringOpt, ScoringOptionOpt, import_app
from adapters.cli.imports import _import as import_all_or_nothing  # one import, all or nothing
from adapters.cli.imports import _imported as say_imported
from adapters.cli.integrity import _write as write_whole  # the one way a file is written
from adapters.cli.integrity import export_app
from adapters.cli.wording import tr, tr_
from adapters.files.pbn_export import export_pbn
from adapters.files.usebio import read_usebio
from adapters.files.usebio_export import session_results, usebio_document
from engine.section.seating import unseated

OutFile = Annotated[Path, typer.Argument(help="The file to write.")]


def register(app: typer.Typer) -> None:
    """Add ``pbn`` and ``usebio`` to the ``export`` group (the group itself is added by
    :mod:`adapters.cli.integrity`) and ``usebio`` to the ``import`` group."""
    export_app.command("pbn")(export_pbn_command)
    export_app.command("usebio")(export_usebio_command)
    import_app.command("usebio", help=USEBIO_IMPORT_HELP)(import_usebio_command)


@at_desk(event=True, writes=False)
def export_pbn_command(desk: Desk, file: OutFile, session: SessionOpt = 1) -> None:
    """Write a session as a PBN 2.1 file: each board's deal (where recorded) and score
    table with the points earned, and the session's total score table."""
    text = export_pbn(desk.app, desk.event, session)
    write_whole(file, [text.encode("utf-8")])
    _said_exported(desk, file, session, boards=text.count("[ScoreTable "))


# ---- USEBIO ---------------------------------------------------------------------------------


@at_desk(event=True, writes=False)
def export_usebio_command(desk: Desk, file: OutFile, session: SessionOpt = 1) -> None:
    """Write a session of a pairs event as a USEBIO 1.2 file (the XML the EBU's and other
    club programs read): each section's pairs with their players, places, totals and
    percentages, and every board's traveller lines; checked against the format's DTD."""
    document = usebio_document(session_results(desk.app, desk.event, session))
    write_whole(file, [document])
    _said_exported(desk, file, session, boards=document.count(b"<BOARD>"))


def _said_exported(desk: Desk, file: Path, session: int, *, boards: int) -> None:
    desk.say(
        {"event": str(desk.event), "session": session, "file": str(file), "boards": boards},
        tr(
            "Exported session %(session)s (%(boards)s boards) to %(file)s.",
            session=session,
            boards=boards,
            file=str(file),
        ),
    )


USEBIO_IMPORT_HELP = (
    "Import one section of a USEBIO 1.2 file (checked against the format's DTD): all or "
    "nothing. The pairs are numbered as the file numbers them, and the players it names "
    "become the section's entries when it has none."
)


@at_desk(event=True, actor=True)
def import_usebio_command(
    desk: Desk,
    file: Annotated[Path, typer.Argument(help="The USEBIO file to import.")],
    numbering: NumberingOpt = None,
    scoring: ScoringOpt = None,
    option: ScoringOptionOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    found = read_usebio(file, session=session, section=section)
    state = desk.app.section(desk.event, session, section)
    problems, names, numbered = found.for_section(
        unseated=unseated(desk.app.tournament(desk.event), state), numbering=state.numbering
    )
    done = import_all_or_nothing(
        desk,
        file,
        found.rows,
        problems,
        session=session,
        section=section,
        numbering=numbering or numbered,
        scoring=scoring,
        option=option,
        names=names,
    )
    say_imported(desk, done, tr_("results"), file)
