"""``traveller event|session|entry …``: the event itself, its sessions and its entries."""

from __future__ import annotations

import datetime as dt
from typing import Annotated

import typer

from adapters.cli.common import Desk, Reason, SectionOpt, SessionOpt, at_desk
from adapters.cli.common import parse_options as option_values
from engine.errors import InvalidInput
from engine.tournament import Player, ScoringChoice

event_app = typer.Typer(help="Create and list events.", no_args_is_help=True)
session_app = typer.Typer(help="Add, close and publish sessions.", no_args_is_help=True)
entry_app = typer.Typer(help="Register and withdraw pairs.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ``event``, ``session`` and ``entry`` groups to ``app``."""
    app.add_typer(event_app, name="event")
    app.add_typer(session_app, name="session")
    app.add_typer(entry_app, name="entry")


Sections = Annotated[str, typer.Option("--sections", help="The sections, comma-separated.")]

# ---- events ---------------------------------------------------------------------------------


@event_app.command("create")
@at_desk(actor=True)
def event_create(
    desk: Desk,
    name: Annotated[str, typer.Option("--name", help="The event's name.")],
    date: Annotated[str | None, typer.Option("--date", help="YYYY-MM-DD.")] = None,
    club: Annotated[str | None, typer.Option("--club")] = None,
    scoring: Annotated[str, typer.Option("--scoring", help="Scoring method.")] = "matchpoints",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", help="Scoring option KEY=VALUE, e.g. factoring=ratio, scale=european."
        ),
    ] = None,
    sections: Annotated[
        str, typer.Option("--sections", help="Session 1's sections, comma-separated.")
    ] = "A",
) -> None:
    """Create an event (with session 1 and its sections)."""
    when = None
    if date:
        try:
            when = dt.date.fromisoformat(date)
        except ValueError:
            raise InvalidInput(f"{date!r} is not a date.", hint="Write YYYY-MM-DD.") from None
    event_id = desk.app.create_event(
        name,
        date=when,
        club=club,
        scoring=ScoringChoice(method=scoring, options=option_values(option)),
        sections=sections.split(","),
        actor=desk.actor,
    )
    desk.say({"id": str(event_id)}, f"Created event {name!r}: {event_id}")


@event_app.command("list")
@at_desk()
def event_list(desk: Desk) -> None:
    """List the events in the store."""
    rows = [
        {"id": str(i), "name": n, "created": t.isoformat()} for i, n, t in desk.app.list_events()
    ]
    desk.rows("Events", rows, ["id", "name", "created"])


# ---- sessions -------------------------------------------------------------------------------


@session_app.command("add")
@at_desk(event=True, actor=True)
def session_add(desk: Desk, session: SessionOpt, sections: Sections = "A") -> None:
    """Add a session with its sections."""
    desk.app.add_session(desk.event, session, sections.split(","), actor=desk.actor)
    desk.say({"session": session}, f"Added session {session}.")


@session_app.command("close")
@at_desk(event=True, actor=True)
def session_close(desk: Desk, session: SessionOpt = 1) -> None:
    """Close a session: no new results (corrections still allowed, with a reason)."""
    desk.app.close_session(desk.event, session, actor=desk.actor)
    desk.say({"closed": session}, f"Session {session} closed.")


@session_app.command("publish")
@at_desk(event=True, actor=True)
def session_publish(desk: Desk, session: SessionOpt = 1) -> None:
    """Publish a closed session's standings (stored with the method, version and digest)."""
    published = desk.app.publish(desk.event, session, actor=desk.actor)
    data = {
        "session": session,
        "method": published.method,
        "method_version": published.method_version,
        "digest": published.digest,
    }
    desk.say(
        data,
        f"Published session {session} ({published.method} "
        f"{published.method_version}), digest {published.digest}.",
    )


# ---- entries ------------------------------------------------------------------------------


@entry_app.command("add")
@at_desk(event=True, actor=True)
def entry_add(
    desk: Desk,
    player: Annotated[list[str], typer.Option("--player", help="A player's name (twice).")],
    member: Annotated[
        list[str] | None, typer.Option("--member", help="Member numbers, in the order of --player.")
    ] = None,
    pair: Annotated[
        str | None,
        typer.Option(
            "--pair", help="Ask for a pair number (NS3, EW3 or 3), e.g. a stationary seat."
        ),
    ] = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Register a pair (after seating, a late pair takes the phantom's place)."""
    members = list(member or [])
    if len(members) > len(player):
        raise InvalidInput("More --member numbers than --player names were given.")
    players = [
        Player(name=n, member=members[i] if i < len(members) else None)
        for i, n in enumerate(player)
    ]
    entry = desk.app.register_entry(
        desk.event, players, session=session, section=section, pair=pair, actor=desk.actor
    )
    desk.say({"entry": entry}, f"Registered entry {entry}: {' – '.join(player)}")


@entry_app.command("withdraw")
@at_desk(event=True, actor=True)
def entry_withdraw(
    desk: Desk,
    entry: Annotated[str, typer.Option("--entry", help="Entry id, e.g. E3.")],
    reason: Reason = None,
) -> None:
    """Withdraw an entry."""
    desk.app.withdraw_entry(desk.event, entry, reason=reason or "", actor=desk.actor)
    desk.say({"withdrawn": entry}, f"Entry {entry} withdrawn.")


@entry_app.command("list")
@at_desk(event=True)
def entry_list(desk: Desk, session: SessionOpt = 1, section: SectionOpt = "A") -> None:
    """List the entries of a section with their pair numbers."""
    t, s = desk.app.tournament(desk.event), desk.app.section(desk.event, session, section)
    seat_of = {e: p for p, e in s.seats.items()}
    rows = [
        {
            "entry": e.id,
            "pair": str(seat_of[e.id]) if e.id in seat_of else None,
            "names": " – ".join(e.names),
            "members": " – ".join(p.member or "" for p in e.players),
            "late": e.late,
            "withdrawn": e.withdrawn,
        }
        for e in t.entries_of(session, section)
    ]
    columns = ["entry", "pair", "names", "members", "late", "withdrawn"]
    desk.rows(f"Entries — section {section}", rows, columns)
