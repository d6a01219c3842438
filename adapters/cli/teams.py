"""``traveller crosstable``: a team section's matches as the manual's round-robin cross-table."""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import EventOpt, Fmt, SectionOpt, SessionOpt, Store, guarded, open_app
from adapters.cli.output import Format
from engine.errors import Rejected
from engine.numbers import show
from engine.plugins import parse_options as plugin_options
from engine.plugins import scale_for
from engine.standings import names_of, scoring_choice
from plugins.scoring.team_events import PlaysMatches, cross_table


def register(app: typer.Typer) -> None:
    """Add the ``crosstable`` command to ``app``."""
    app.command("crosstable")(crosstable)


@guarded
def crosstable(
    event: EventOpt,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """The section's team matches as a cross-table: each team's points against each other
    team (VPs when the event converts matches to VPs), its total and rank."""
    app = open_app(store)
    eid = app.resolve_event(event)
    tournament = app.tournament(eid)
    state = app.section(eid, session, section)
    name, options = scoring_choice(tournament, state)
    method = app.registry.scoring(name)
    if not isinstance(method, PlaysMatches) or state.movement is None:
        raise Rejected(
            f"Section {state.name} of session {session} is not a team event scored by matches "
            f"(it is scored by {method.name}).",
            hint="A cross-table needs a team movement and a team method: team-imps, "
            "board-a-match or bam-vp (`traveller rescore --scoring team-imps`).",
        )
    parsed = plugin_options(method, options)
    scale_name = getattr(parsed, "vp_scale", None)
    scale = None if scale_name is None else scale_for(app.registry.vp_scale(scale_name), parsed)
    teams = [t.number for t in state.movement.teams]
    table = cross_table(method.matches(state.facts(), parsed), teams, scale)
    names = {t.number: names_of(tournament, state, t) for t in state.movement.teams}
    data: dict[str, Any] = {
        "session": session,
        "section": state.name,
        "method": method.name,
        "vp_scale": scale_name,
        **table.to_json(),
        "names": {str(t): list(n) for t, n in names.items()},
    }
    if fmt is Format.json:
        output.emit_json(data)
        return
    grid = Table(
        title=f"Session {session}, section {state.name}: {method.name}", title_justify="left"
    )
    for column in ("Team", "Rank", "Total", *(str(t) for t in table.teams)):
        grid.add_column(column, justify="right" if column != "Team" else "left")
    for row in table.rows:
        label = f"{row.team} {' / '.join(names[row.team][:2])}".strip()
        cells = [" ".join(show(p) for p in cell) for cell in row.against]
        grid.add_row(label, row.rank, show(row.total), *cells)
    output.console.print(grid)
