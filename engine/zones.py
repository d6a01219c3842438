"""An event's time zone: the clock its times are shown and read in.

Events are recorded in UTC. An event names its zone when it is created (an IANA name
such as ``Asia/Tokyo``, ``UTC``, or a fixed offset such as ``+09:00``); every time of
the event is shown in that zone, and a time typed without an offset is read in it.
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo

from engine.errors import N_, InvalidInput

_OFFSET = re.compile(r"^([+-])(\d{1,2}):?(\d{2})?$")


def zone_of(name: str) -> dt.tzinfo:
    """The zone ``name`` names: an IANA name, ``UTC``, or an offset ``+09:00``."""
    text = name.strip()
    offset = _OFFSET.match(text)
    if offset is not None:
        sign, hours, minutes = offset.groups()
        if int(minutes or 0) >= 60:
            raise InvalidInput(
                N_("%(zone)s is not a time zone: the minutes of an offset are 00 to 59."),
                hint=N_("Write the offset as +09:00 or -03:30."),
                code="zone.minutes",
                zone=repr(name),
            )
        delta = dt.timedelta(hours=int(hours), minutes=int(minutes or 0))
        if delta >= dt.timedelta(hours=24):
            raise InvalidInput(
                N_("%(zone)s is not a time zone: an offset is under 24 hours."),
                code="zone.hours",
                zone=repr(name),
            )
        return dt.timezone(-delta if sign == "-" else delta)
    try:
        return zoneinfo.ZoneInfo(text)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise InvalidInput(
            N_("%(zone)s is not a time zone."),
            hint=N_(
                "Give a zone name such as Asia/Tokyo, Europe/London or UTC, or an offset "
                "such as +09:00."
            ),
            code="zone.unknown",
            zone=repr(name),
        ) from None


def zone_name(name: str) -> str:
    """``name`` checked and written as it is stored (an offset as ``+09:00``)."""
    zone = zone_of(name)
    if isinstance(zone, zoneinfo.ZoneInfo):
        return zone.key
    return offset_text(zone.utcoffset(None) or dt.timedelta(0))


def offset_text(offset: dt.timedelta) -> str:
    """``+09:00``, ``-05:30``, ``+00:00``."""
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    return f"{sign}{hours:02d}:{rest:02d}"


def in_zone(moment: dt.datetime, zone: dt.tzinfo) -> dt.datetime:
    """A recorded moment on the event's clock."""
    return moment.astimezone(zone)


def read_in_zone(text: str, zone: dt.tzinfo) -> dt.datetime:
    """An ISO time (``2026-11-24T21:30``, or with a space): with an offset as written,
    without one on the event's clock."""
    try:
        moment = dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise InvalidInput(
            N_("%(text)s is not a time."),
            hint=N_(
                "Write an ISO time such as 2026-11-24T21:30 (the event's zone) or "
                "2026-11-24T21:30+09:00."
            ),
            code="time.format",
            text=repr(text),
        ) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=zone)
