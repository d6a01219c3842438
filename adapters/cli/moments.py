"""Moments in an event's history, as the commands that look back take and show them.

One rule for time: every time of an event is shown on the event's clock — the zone it
was created with (``event create --zone``), or, for an event that names none, the zone
of the computer showing it — and a ``--time`` written without an offset is read on
that same clock. A *position* is the event's own: 1 is its creation, n its n-th recorded
action (``traveller audit`` numbers them); ``--store-position`` counts every event in
the store instead.
"""

from __future__ import annotations

import datetime as dt
import os
import zoneinfo
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any
from uuid import UUID

import typer

from adapters.cli.wording import tr, tr_
from engine.application import Traveller
from engine.application.moments import At, Snapshot
from engine.errors import InvalidInput
from engine.tournament import Tournament
from engine.zones import offset_text, read_in_zone, zone_name, zone_of


def local_zone_name() -> str:
    """This computer's zone: ``$TZ`` or ``/etc/localtime``'s name when they give one, else
    the current offset (``+09:00``)."""
    candidates = [os.environ.get("TZ", "").removeprefix(":")]
    localtime = Path("/etc/localtime")
    if localtime.is_symlink():
        target = str(localtime.resolve())
        if "zoneinfo/" in target:
            candidates.append(target.split("zoneinfo/", 1)[1])
    for name in candidates:
        if name:
            try:
                return zoneinfo.ZoneInfo(name).key
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                continue
    offset = dt.datetime.now().astimezone().utcoffset() or dt.timedelta(0)
    return offset_text(offset)


def local_zone() -> dt.tzinfo:
    """This computer's clock."""
    return zone_of(local_zone_name())


def event_zone(tournament: Tournament) -> tuple[dt.tzinfo, str]:
    """The event's clock and its name: its own zone, else this computer's."""
    name = tournament.zone or local_zone_name()
    return zone_of(name), name


def checked_zone(text: str | None) -> str:
    """``--zone`` as given (checked), or this computer's zone."""
    return zone_name(text) if text else local_zone_name()


def clock(moment: dt.datetime, zone: dt.tzinfo) -> str:
    """A recorded moment for people: ``2026-11-24 21:30:05``, on the event's clock."""
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S")


def zone_label(moment: dt.datetime, zone: dt.tzinfo, name: str) -> str:
    """``Asia/Tokyo, UTC+09:00`` (the offset at ``moment``)."""
    offset = offset_text(moment.astimezone(zone).utcoffset() or dt.timedelta(0))
    return name if name.startswith(("+", "-")) else f"{name}, UTC{offset}"


@dataclass(frozen=True)
class Moment:
    """A moment in the event's history, by one of three options (none: now)."""

    at: Annotated[
        int | None,
        typer.Option(
            "--at",
            help="The event's position: its Nth recorded action (1 is its creation; "
            "`traveller audit` numbers them).",
            show_default=False,
        ),
    ] = None
    time: Annotated[
        str | None,
        typer.Option(
            "--time",
            help="A time such as 2026-11-24T21:30, on the event's clock (its zone), or "
            "with an offset (…+09:00).",
            show_default=False,
        ),
    ] = None
    store_position: Annotated[
        int | None,
        typer.Option(
            "--store-position",
            help="A position in the whole store (every event's actions counted).",
            show_default=False,
        ),
    ] = None

    def given(self) -> bool:
        return any(v is not None for v in (self.at, self.time, self.store_position))

    def moment(self, app: Traveller, event: UUID) -> At | None:
        """Where the event's history is cut, as the queries take it (None: now; at most
        one option may be given; a time is read on the event's clock)."""
        chosen = [v for v in (self.at, self.time, self.store_position) if v is not None]
        if len(chosen) > 1:
            raise InvalidInput(tr_("Give one of --at, --time and --store-position, not several."))
        if not chosen:
            return None
        moment = None
        if self.time is not None:
            zone, _ = event_zone(app.tournament(event))
            moment = read_in_zone(self.time, zone)
        return At(number=self.at, position=self.store_position, time=moment)

    def snapshot(self, app: Traveller, event: UUID) -> Snapshot | None:
        """The event as it stood at this moment (None: now)."""
        at = self.moment(app, event)
        return None if at is None else app.moment(event, at)


def as_of(snap: Snapshot) -> dict[str, Any]:
    """Which moment a snapshot shows: its position, store position, time and zone, and
    the action recorded then."""
    zone, name = event_zone(snap.tournament)
    event = snap.last.event
    return {
        "position": snap.number,
        "store_position": snap.position,
        "time": event.timestamp.astimezone(zone).isoformat(),
        "zone": name,
        "type": event.type,
        "actor": event.actor,
    }


def as_of_text(snap: Snapshot) -> str:
    """``As of position 15 of Tuesday pairs (store position 120): 2026-11-24 21:30:05
    (Asia/Tokyo, UTC+09:00), after ResultCorrected by TD Kojima.``"""
    zone, name = event_zone(snap.tournament)
    event = snap.last.event
    return tr(
        "As of position %(number)s of %(event)s (store position %(position)s): %(time)s "
        "(%(zone)s), after %(type)s by %(actor)s.",
        number=snap.number,
        event=snap.tournament.name,
        position=snap.position,
        time=clock(event.timestamp, zone),
        zone=zone_label(event.timestamp, zone, name),
        type=event.type,
        actor=event.actor,
    )
