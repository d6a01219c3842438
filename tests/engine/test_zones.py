"""Time zones as a director gives them: a zone name, UTC, or an offset."""

from __future__ import annotations

import datetime as dt

import pytest

from engine.errors import InvalidInput
from engine.zones import zone_of


def test_an_offset_and_a_name_are_read() -> None:
    assert zone_of("+09:00").utcoffset(None) == dt.timedelta(hours=9)
    assert zone_of("-0330").utcoffset(None) == -dt.timedelta(hours=3, minutes=30)
    assert str(zone_of("Asia/Tokyo")) == "Asia/Tokyo"


@pytest.mark.parametrize("text", ["+09:75", "+24:00", "Mars/Olympus"])
def test_what_is_not_a_zone_is_refused(text: str) -> None:
    with pytest.raises(InvalidInput, match="is not a time zone"):
        zone_of(text)
