"""What a masterpoint rule answers: how many points each place earns, and who may earn any.

A federation's rule is a plugin (:class:`engine.plugins.MasterpointRule`) that answers one
question or both: an :class:`AwardScale` turns a field into the masterpoints of each place;
an :class:`EligibilityRule` decides whether a pair's part in a session lets it earn any.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, Protocol, runtime_checkable

from pydantic import BaseModel

from engine.errors import InvalidInput


@dataclass(frozen=True)
class Attendance:
    """How much of a session one pair (or player) took part in."""

    session_boards: int
    """Boards in play in the session."""
    boards_played: int
    """Boards the pair played (adjusted boards included)."""
    sit_out_boards: int = 0
    """Boards of the rounds the pair sat out (a half table, a phantom)."""

    def __post_init__(self) -> None:
        if min(self.session_boards, self.boards_played, self.sit_out_boards) < 0:
            raise InvalidInput(
                "A number of boards cannot be negative.",
                hint="Give the session's boards, and the boards played and sat out, as 0 or more.",
            )
        if self.boards_played + self.sit_out_boards > self.session_boards:
            raise InvalidInput(
                f"{self.boards_played} boards played and {self.sit_out_boards} sat out are more "
                f"than the {self.session_boards} boards of the session.",
                hint="Check the session's boards: every board played or sat out is one of them.",
            )


@dataclass(frozen=True)
class Eligibility:
    """A rule's answer for one pair: may it earn masterpoints, and why (or why not)."""

    eligible: bool
    reason: str


@runtime_checkable
class AwardScale(Protocol):
    """A masterpoint rule that awards points to the places of a field."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]

    def awards(self, options: Any) -> list[Decimal]:
        """The masterpoints of 1st, 2nd, … place, as the federation publishes them."""
        ...


@runtime_checkable
class EligibilityRule(Protocol):
    """A masterpoint rule that decides whether a pair may earn masterpoints in a session."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]]
    version: ClassVar[str]
    Options: ClassVar[type[BaseModel]]

    def eligible(self, attendance: Attendance, options: Any) -> Eligibility: ...
