"""ACBLscore's conventions: a short total factored to every board in play in the session."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.conventions import ConventionProfile
from engine.hookspecs import hookimpl

ACBL = ConventionProfile(
    name="acbl",
    version="1.0",
    description="ACBLscore (the ACBL's club scoring program): the total of a pair that sat "
    "out or played fewer boards is factored to the boards in play in the session (x boards "
    "in session / boards played), rounded to hundredths, and its percentage is taken from "
    "that rounded total. Other options keep the JCBL defaults.",
    options={"matchpoints": {"factor_to": "session"}},
    sources={
        "matchpoints.factor_to": "Published ACBL club results (ACBLscore): 161 matchpoints "
        "over 24 boards printed as 174.42 with 26 boards in play",
    },
    aliases=("acblscore",),
)


@hookimpl
def traveller_register_conventions(register: Callable[[Any], None]) -> None:
    """Register the ACBLscore profile."""
    register(ACBL)
