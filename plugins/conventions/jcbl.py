"""The JCBL director manual's conventions: every scoring method's defaults, named."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.conventions import DEFAULT_PROFILE, ConventionProfile
from engine.hookspecs import hookimpl

MANUAL = "JCBL Director Manual 3.3"

JCBL = ConventionProfile(
    name=DEFAULT_PROFILE,
    version="1.0",
    description="The JCBL director manual (edition 3.3): a short total factored up to the "
    "most boards a pair of its field played, exactly; a Houston (Butler) datum without the "
    "highest and the lowest score, to the nearest 10 (an exact half away from zero), "
    "assigned scores in it; a pair facing the phantom (a sit-out) scores nothing for those "
    "boards. The profile of every event that chooses none.",
    options={
        "matchpoints": {"factor_to": "field", "facing_absent": None},
        "houston": {
            "trim_by": "fixed",
            "trim": 1,
            "datum_rounding": "away_from_zero",
            "assigned_in_datum": True,
            "facing_absent": None,
        },
    },
    sources={
        "matchpoints.factor_to": f"{MANUAL}, part 2 ch. 4 §9-10 (factoring a short total)",
        "matchpoints.facing_absent": f"{MANUAL}, part 2 ch. 4 §10 (a sit-out is factored up)",
        "houston.facing_absent": f"{MANUAL}, part 2 ch. 4 §15 (a board not played is 0 IMPs)",
        "houston.trim_by": f"{MANUAL}, part 2 ch. 4 §15 (figure 18: top and bottom left out)",
        "houston.trim": f"{MANUAL}, part 2 ch. 4 §15 (figure 18)",
        "houston.datum_rounding": f"{MANUAL}, part 2 ch. 4 §15 (四捨五入: +193 is +190)",
        "houston.assigned_in_datum": "Law 12C1(c): a weighted score stands for the table",
    },
    aliases=("jcbl-manual",),
)


@hookimpl
def traveller_register_conventions(register: Callable[[Any], None]) -> None:
    """Register the JCBL profile."""
    register(JCBL)
