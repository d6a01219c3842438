"""``traveller renumber``: seat the pairs of one session in the next (JCBL part 3 ch. 3 §5)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import Desk, Reason, at_desk
from adapters.cli.wording import tr
from engine.renumbering import Renumbering
from engine.tournament import PairsRenumbered, Tournament


def register(app: typer.Typer) -> None:
    """Add the ``renumber`` command to ``app``."""
    app.command("renumber")(renumber)


@at_desk(event=True, actor=True)
def renumber(
    desk: Desk,
    from_session: Annotated[int, typer.Option("--from", help="The session played.")] = 1,
    to_session: Annotated[
        int, typer.Option("--to", help="The next session (assign its movements first).")
    ] = 2,
    stationary: Annotated[
        list[str] | None,
        typer.Option(
            "--stationary",
            help="A pair of the session played who cannot move, by its seat there: NS3, or "
            "B:NS3 when there are several sections. Give one per pair.",
        ),
    ] = None,
    move: Annotated[
        list[str] | None,
        typer.Option(
            "--move",
            help="Fix a pair's new seat: A:NS3=B:5. Give one per pair; the others are "
            "found around them.",
        ),
    ] = None,
    reason: Reason = None,
) -> None:
    """Renumber the pairs for the next session: nobody meets an opponent again, nobody
    sits out twice, and the pairs who cannot move get stationary seats."""
    recorded = desk.app.renumber(
        desk.event,
        from_session=from_session,
        to_session=to_session,
        stationary=stationary or [],
        moves=move or [],
        actor=desk.actor,
        reason=reason,
    )
    assert isinstance(recorded, PairsRenumbered)
    data = as_json(recorded, desk.app.tournament(desk.event))
    desk.show(data, lambda: show(data))


def as_json(recorded: PairsRenumbered, tournament: Tournament) -> dict[str, Any]:
    """The renumbering as ``--format json`` shows it: every move, the blocks, the phantoms."""
    decided = Renumbering.recorded(recorded.moves, recorded.phantoms)
    return {
        "from_session": recorded.from_session,
        "to_session": recorded.to_session,
        "method": recorded.method,
        "version": recorded.version,
        "blocks": [str(b) for b in decided.blocks()],
        "moves": [
            {
                "entry": m.entry,
                "names": tournament.entries[m.entry].names,
                "from": {"section": m.from_section, "pair": m.from_pair},
                "to": {"section": m.to_section, "pair": m.to_pair},
            }
            for m in recorded.moves
        ],
        "phantoms": dict(recorded.phantoms),
    }


def show(data: dict[str, Any]) -> None:
    before, after = data["from_session"], data["to_session"]
    heading = tr("Session %(before)s → session %(after)s", before=before, after=after)
    output.console.print(
        output.line((heading, "bold"), ": " + "; ".join(data["blocks"]) + "."),
        highlight=False,
    )
    table = Table(title=tr("New seats"), title_justify="left")
    for column in (
        tr("Entry"),
        tr("Players"),
        tr("Session %(session)s", session=before),
        tr("Session %(session)s", session=after),
    ):
        table.add_column(column)
    for m in data["moves"]:
        table.add_row(
            m["entry"],
            " – ".join(m["names"]),
            f"{m['from']['section']} {m['from']['pair']}",
            f"{m['to']['section']} {m['to']['pair']}",
        )
    output.draw(table)
    for section, pair in sorted(data["phantoms"].items()):
        output.console.print(
            tr(
                "Section %(section)s: pair %(pair)s is the phantom (the sit-out).",
                section=section,
                pair=pair,
            )
        )
