"""JFR Pary's conventions (Poland): a Butler datum from the central results."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.conventions import ConventionProfile
from engine.hookspecs import hookimpl

PUBLISHED = "JFR Pary (PZBS): reproduces the 30 datums of a published 83-pair Butler"
ABSENT = "JFR Pary (PZBS): a pair whose opponents are absent scores 60 % on those boards"

JFR = ConventionProfile(
    name="jfr",
    version="1.0",
    description="JFR Pary (the Polish federation's scoring program): a Butler datum from "
    "a board's central results - sort its played scores, leave out round(0.475 x N) at "
    "each end, average the rest and cut toward zero to a multiple of 10; the director's "
    "assigned scores take no part in it. A pair facing an absent pair is given 60 % on "
    "those boards (average plus in a Butler).",
    options={
        "matchpoints": {"facing_absent": 60},
        "houston": {
            "trim_by": "central",
            "datum_rounding": "toward_zero",
            "assigned_in_datum": False,
            "facing_absent": 60,
        },
    },
    sources={
        "matchpoints.facing_absent": ABSENT,
        "houston.trim_by": PUBLISHED,
        "houston.datum_rounding": PUBLISHED,
        "houston.assigned_in_datum": PUBLISHED,
        "houston.facing_absent": ABSENT,
    },
    aliases=("jfr-pary",),
)


@hookimpl
def traveller_register_conventions(register: Callable[[Any], None]) -> None:
    """Register the JFR Pary profile."""
    register(JFR)
