"""bridge-scorer's conventions: a Butler datum trimmed by the size of the field."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.conventions import ConventionProfile
from engine.hookspecs import hookimpl

LIBRARY = "bridge-scorer (npm, richardschneider/bridge-scorer), lib/imps.js butler()"

BRIDGE_SCORER = ConventionProfile(
    name="bridge-scorer",
    version="1.0",
    description="The bridge-scorer library's Butler: no score left out of a board's datum "
    "with 3 results or fewer, then 1 from each end with 4-10, 2 with 11-25 and one more for "
    "every 15 results more; the average rounded to the nearest 10, an exact half upwards "
    "(-275 is -270).",
    options={"houston": {"trim_by": "field_size", "datum_rounding": "half_up"}},
    sources={"houston.trim_by": LIBRARY, "houston.datum_rounding": LIBRARY + " (Math.round)"},
)


@hookimpl
def traveller_register_conventions(register: Callable[[Any], None]) -> None:
    """Register the bridge-scorer profile."""
    register(BRIDGE_SCORER)
