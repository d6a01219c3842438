"""``traveller crosstable`` and ``traveller knockout``: a team section's matches as the
manual's round-robin cross-table, and a knockout match with its carry-over, segment by
segment (the reports of :mod:`engine.match_reports`)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import Desk, SectionOpt, SessionOpt, at_desk, session_list
from adapters.cli.wording import tr
from engine.match_reports import CrossTable, KnockoutReport, KnockoutSide
from engine.numbers import show


def register(app: typer.Typer) -> None:
    """Add the ``crosstable`` and ``knockout`` commands to ``app``."""
    app.command("crosstable")(crosstable)
    app.command("knockout")(knockout)


@at_desk(event=True)
def crosstable(desk: Desk, session: SessionOpt = 1, section: SectionOpt = "A") -> None:
    """The section's team matches as a cross-table: each team's points against each other
    team (VPs when the event converts matches to VPs), its total and rank."""
    report = desk.app.cross_table(desk.event, session=session, section=section)
    desk.show(report.to_json(), lambda: _cross_table(report))


def _cross_table(report: CrossTable) -> None:
    grid = Table(
        title=tr(
            "Session %(session)s, section %(section)s: %(method)s",
            session=report.session,
            section=report.section,
            method=report.method,
        ),
        title_justify="left",
    )
    grid.add_column(tr("Team"), justify="left")
    for column in (tr("Rank"), tr("Total"), *(str(t) for t in report.table.teams)):
        grid.add_column(column, justify="right")
    for row in report.table.rows:
        label = f"{row.team} {' / '.join(report.names[row.team][:2])}".strip()
        cells = [" ".join(show(p) for p in cell) for cell in row.against]
        grid.add_row(label, row.rank, show(row.total), *cells)
    output.console.print(grid)


@at_desk(event=True)
def knockout(
    desk: Desk,
    section: SectionOpt = "A",
    sessions: Annotated[
        str | None,
        typer.Option(
            "--sessions",
            help="The sessions of the match, e.g. 1,2,3 (default every session whose section "
            "is scored as a knockout).",
        ),
    ] = None,
) -> None:
    """A knockout match of two teams: each team's carry-over, the IMPs each won in every
    segment (each round of each session), the running score and who goes through."""
    named = None if sessions is None else session_list(sessions)
    report = desk.app.knockout(desk.event, section=section, sessions=named)
    desk.show(report.to_json(), lambda: _knockout_table(report))


def _knockout_table(report: KnockoutReport) -> None:
    def label(side: KnockoutSide) -> str:
        names = " / ".join(side.names[:2])
        return tr("Team %(team)s", team=side.team) + (f" {names}" if names else "")

    home, away = report.home, report.away
    grid = Table(
        title=report.tournament.name
        + tr(
            ", section %(section)s: knockout (%(method)s %(version)s, tie: %(tie)s)",
            section=report.section,
            method=report.method,
            version=report.version,
            tie=report.match.tie,
        ),
        title_justify="left",
    )
    grid.add_column(tr("Segment"), justify="left")
    for column in (tr("Session"), tr("Boards"), label(home), label(away), tr("Running")):
        grid.add_column(column, justify="right")
    grid.add_row(tr("Carry-over"), "", "", show(home.carry_over), show(away.carry_over), "")
    for n, s in enumerate(report.match.segments, start=1):
        rounds = ", ".join(map(str, s.rounds))
        grid.add_row(
            f"{n}" + (tr(" (round %(rounds)s)", rounds=rounds) if rounds else ""),
            str(s.session),
            str(s.boards),
            show(s.home_imps),
            show(s.away_imps),
            f"{show(s.home_running)}–{show(s.away_running)}",
        )
    grid.add_row(tr("Total"), "", "", show(home.total), show(away.total), "")
    output.console.print(grid)
    output.console.print(report.message, highlight=False)
