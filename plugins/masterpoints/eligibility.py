"""Who may earn green masterpoints in an Australian club session (the club director's guide)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from math import ceil
from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from engine.hookspecs import hookimpl
from engine.masterpoints import Attendance, Eligibility


class AustralianClubOptions(BaseModel):
    """The guide's two thresholds (change them only if your masterpoint secretary says so)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    session_boards: int = Field(
        24, ge=1, description="The fewest boards a session has for green masterpoints."
    )
    share: int = Field(
        75, ge=1, le=100, description="The per cent of the session's boards a pair must play."
    )


class AustralianClub:
    """Green-masterpoint eligibility for an Australian club session.

    A session for green masterpoints has at least 24 boards, and a pair earns
    masterpoints only if it played at least 75 % of the session's boards; a round it
    sat out (a half table, a phantom) counts as boards played. So in a 27-board session
    a pair needs 21 boards, sit-outs included.
    """

    name: ClassVar[str] = "australian-club"
    aliases: ClassVar[tuple[str, ...]] = ("abf-club", "green")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = AustralianClubOptions

    def eligible(
        self, attendance: Attendance, options: AustralianClubOptions | None = None
    ) -> Eligibility:
        """Whether the pair may earn masterpoints in the session, and why."""
        opts = options or AustralianClubOptions()
        boards = attendance.session_boards
        if boards < opts.session_boards:
            return Eligibility(
                False,
                f"The session had {boards} boards; a green-masterpoint session "
                f"has at least {opts.session_boards}.",
            )
        counted = attendance.boards_played + attendance.sit_out_boards
        needed = ceil(Fraction(boards * opts.share, 100))
        played = f"{attendance.boards_played} boards played"
        if attendance.sit_out_boards:
            played += f" and {attendance.sit_out_boards} sat out"
        if counted < needed:
            return Eligibility(
                False,
                f"{played} of {boards}: fewer than the {needed} ({opts.share} %) "
                "needed for masterpoints.",
            )
        return Eligibility(
            True, f"{played} of {boards}: at least the {needed} ({opts.share} %) needed."
        )


@hookimpl
def traveller_register_masterpoint_rules(register: Callable[[object], None]) -> None:
    """Register the Australian club eligibility rule."""
    register(AustralianClub())
