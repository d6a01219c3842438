"""What a table device may write (a new result for its own table, in the round in play),
and which directors direct an event."""

from __future__ import annotations

from engine.errors import N_, NotAllowed, Phrase, Rejected
from engine.seating import Line
from engine.section.results import Result, ResultEntry
from engine.section.state import Section
from engine.tournament.events import LeadEntry
from engine.tournament.state import Device, Tournament


def round_in_play(device: Device, section: Section) -> int:
    """The round the device's section plays now (started and not ended), else a refusal."""
    if device.revoked:
        raise NotAllowed(
            N_("The code of table %(table)s was revoked: it no longer enters results."),
            hint=N_("Ask the director for a new code."),
            code="device.revoked",
            table=device.table_name,
        )
    current = section.current_round
    if current is None:
        raise Rejected(
            N_(
                "No round of section %(section)s of session %(session)s has started: table "
                "%(table)s cannot enter results yet."
            ),
            hint=N_("Wait until the director starts the round."),
            code="device.no_round",
            section=section.name,
            session=section.session,
            table=device.table_name,
        )
    if current in section.rounds_ended:
        raise Rejected(
            N_(
                "Round %(round)s of section %(section)s of session %(session)s has ended and "
                "the next has not started: table %(table)s cannot enter results now."
            ),
            hint=N_("A late result of an ended round is entered by the director."),
            code="device.round_ended",
            round=current,
            section=section.name,
            session=section.session,
            table=device.table_name,
        )
    return current


def check_device_result(device: Device, section: Section, entry: ResultEntry) -> None:
    """``entry`` is a board the device's table plays in the round in play, between the
    pairs the movement seats there (checked after the result itself was found valid)."""
    current = round_in_play(device, section)
    if entry.round is not None and entry.round != current:
        raise NotAllowed(
            N_(
                "Round %(round)s is not the round in play (round %(current)s): table %(table)s "
                "enters results of the round in play only."
            ),
            hint=N_("A result of another round is entered by the director."),
            code="device.other_round",
            round=entry.round,
            current=current,
            table=device.table_name,
        )
    if entry.table is not None and entry.table != device.table:
        raise NotAllowed(
            N_("This is table %(table)s's device: it cannot enter a result of table %(other)s."),
            hint=N_("A result of another table is entered there or by the director."),
            code="device.other_table",
            table=device.table_name,
            other=entry.table,
        )
    movement = section.movement
    if movement is None:
        raise Rejected(
            N_(
                "Section %(section)s has no movement: table devices enter results only where "
                "the movement says who plays at each table."
            ),
            hint=N_("The director enters these results."),
            code="device.no_movement",
            section=section.name,
        )
    at_table = [e for e in movement.round(current) if e.table == device.table]
    key = (entry.board, section.pair(Line.NS, entry.ns), section.pair(Line.EW, entry.ew))
    played = movement.scheduled.get(key)
    if played is None or played.table != device.table or played.round != current:
        plays = "; ".join(
            f"boards {', '.join(map(str, e.boards))}, NS {e.ns} against EW {e.ew}" for e in at_table
        )
        raise NotAllowed(
            N_(
                "Board %(board)s between NS %(ns)s and EW %(ew)s is not played at table "
                "%(table)s in round %(round)s%(plays)s."
            ),
            hint=N_(
                "Check the board and pair numbers; a result of another table is entered there "
                "or by the director."
            ),
            code="device.not_scheduled",
            board=entry.board,
            ns=entry.ns,
            ew=entry.ew,
            table=device.table_name,
            round=current,
            plays=Phrase(N_(" (it plays %(plays)s)"), plays=plays)
            if plays
            else Phrase(N_(" (it has no play this round)")),
        )


def check_lead_given(tournament: Tournament, device: Device, result: Result) -> None:
    """The opening lead is given when the event requires it of the tables (a passed-out
    board has none)."""
    required = tournament.table_entry.opening_lead is LeadEntry.REQUIRED
    if required and result.lead is None and result.contract not in (None, "PASS"):
        raise Rejected(
            N_("Board %(board)s: the opening lead is required for every board played."),
            hint=N_("Give the card led (e.g. SK or H10) and send it again."),
            code="device.lead_required",
            board=result.board,
        )


def check_directs(tournament: Tournament, director: str) -> None:
    """Refuse a director the event does not name among its directors (it names none:
    every director of the store directs it)."""
    if tournament.directors and director not in tournament.directors:
        raise NotAllowed(
            N_("%(director)s does not direct %(event)r (its directors: %(directors)s)."),
            hint=N_("Ask one of its directors to add you to the event's directors."),
            code="event.not_director",
            director=director,
            event=tournament.name,
            directors=", ".join(tournament.directors),
        )
