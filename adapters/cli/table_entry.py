"""``traveller event table-entry``: how the tables enter results on their devices (the
table's pages on a phone, ``traveller serve``). A command of the ``event`` group, kept
apart from :mod:`adapters.cli.events` with the rest of table entry."""

from __future__ import annotations

from typing import Annotated

import typer

from adapters.cli.common import Desk, at_desk
from adapters.cli.events import event_app
from adapters.cli.wording import tr
from engine.tournament.events import LeadEntry


def register(app: typer.Typer) -> None:
    """Nothing to add: the command joins the ``event`` group, which
    :func:`adapters.cli.events.register` adds."""


LEAD_HELP = (
    "Whether the tables' devices ask for the opening lead: off, optional (asked) or "
    "required (a board played is refused without it)."
)


@event_app.command("table-entry")
@at_desk(event=True, actor=True)
def event_table_entry(
    desk: Desk,
    ew_confirmation: Annotated[
        bool | None,
        typer.Option(
            "--ew-confirmation/--no-ew-confirmation",
            help="EW confirm each result on the table's device before it is sent.",
        ),
    ] = None,
    lead: Annotated[
        LeadEntry | None, typer.Option("--lead", case_sensitive=False, help=LEAD_HELP)
    ] = None,
    traveller_after: Annotated[
        bool | None,
        typer.Option(
            "--traveller-after/--no-traveller-after",
            help="A table sees a board's traveller so far once it has sent its result.",
        ),
    ] = None,
) -> None:
    """Choose how the tables enter results on their devices (what is not given stays;
    nothing given: show the choice)."""
    before = desk.app.tournament(desk.event).table_entry
    chosen = desk.app.choose_table_entry(
        desk.event,
        ew_confirmation=ew_confirmation,
        opening_lead=lead,
        traveller_after=traveller_after,
        actor=desk.actor,
    )
    yes, no = tr("yes"), tr("no")
    desk.say(
        {
            "ew_confirmation": chosen.ew_confirmation,
            "opening_lead": chosen.opening_lead.value,
            "traveller_after": chosen.traveller_after,
            "changed": chosen != before,
        },
        tr(
            "Table entry: EW confirmation %(confirm)s; opening lead %(lead)s; traveller "
            "after sending %(traveller)s.",
            confirm=yes if chosen.ew_confirmation else no,
            lead=chosen.opening_lead.value,
            traveller=yes if chosen.traveller_after else no,
        )
        + ("" if chosen != before else tr(" (as before)")),
    )
