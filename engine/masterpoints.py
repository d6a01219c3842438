"""What a masterpoint rule answers: how many points each place earns, and who may earn any.

A federation's rule is a plugin (:class:`engine.registry.MasterpointRule`) that answers one
question or both: an :class:`AwardScale` turns a field into the masterpoints of each place;
an :class:`EligibilityRule` decides whether a pair's part in a session lets it earn any.
:func:`session_eligibility` asks an eligibility rule about every contestant of a session in
the store, from what its movement and recorded results say each one played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, ClassVar, Protocol, runtime_checkable

from pydantic import BaseModel

from engine.errors import InvalidInput
from engine.seating import Line, Pair, pair_at
from engine.section import Section
from engine.standings import names_of
from engine.tournament import Tournament


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


# ---- attendance and eligibility from the store --------------------------------------------


def attendance_of(section: Section, session_boards: int | None = None) -> dict[Pair, Attendance]:
    """How much of the session each contestant of ``section`` took part in, from its
    movement and its recorded results.

    A board is played when its table is recorded (a result, an adjusted, assigned or
    neutral score). A contestant sits out the boards of a round the movement gives it
    no table (a half table, a rover's rest) and of the rounds it meets the phantom
    (the missing pair). The session's boards are ``session_boards`` when given (a
    session curtailed by the director: a contestant's sit-outs then count only up to the
    boards it did not play), else the most boards the movement gives one contestant,
    sit-outs included (rounds × boards a round), or with no movement the most boards any
    contestant has recorded."""
    contestants = [p for f in section.fields() for p in f.pairs]
    movement = section.movement
    played = {c: 0 for c in contestants}
    sat_out = {c: 0 for c in contestants}
    full = {c: 0 for c in contestants}
    if movement is not None and movement.kind == "individual":
        for c in contestants:
            for e in movement.encounters_of(c):
                ns, ew = movement.cards(e)
                for b in e.boards:
                    entry = section.tables.get((b, ns))
                    played[c] += int(entry is not None and entry.ew == ew)
    else:
        for entry in section.tables.values():
            for side in (entry.ns, entry.ew):
                if side in played:
                    played[side] += 1
    if movement is not None:
        for c in contestants:
            for e in movement.encounters_of(c):
                full[c] += len(e.boards)
                if section.phantom is not None and section.phantom in (
                    movement.ns_pair(e),
                    movement.ew_pair(e),
                ):
                    sat_out[c] += len(e.boards)
        for rest in movement.sit_outs:
            if movement.kind == "individual":
                pair = Pair(rest.pair)
            else:
                pair = pair_at(movement.numbering, rest.line or Line.NS, rest.pair)
            if pair in full:
                full[pair] += movement.boards_per_round
                sat_out[pair] += movement.boards_per_round
    if session_boards is None:
        counted = full if movement is not None else played
        session_boards = max(counted.values(), default=0)
    else:  # a curtailed session: rounds sat out after it stopped were never sat out
        sat_out = {c: min(sat_out[c], max(session_boards - played[c], 0)) for c in contestants}
    return {c: Attendance(session_boards, played[c], sat_out[c]) for c in contestants}


@dataclass(frozen=True)
class EligibilityLine:
    """One contestant of a session: what it played and the rule's answer."""

    section: str
    pair: Pair
    names: tuple[str, ...]
    attendance: Attendance
    verdict: Eligibility

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "pair": self.pair.key,
            "names": list(self.names),
            "session_boards": self.attendance.session_boards,
            "boards_played": self.attendance.boards_played,
            "sat_out": self.attendance.sit_out_boards,
            "eligible": self.verdict.eligible,
            "reason": self.verdict.reason,
        }


def session_eligibility(
    rule: EligibilityRule,
    options: BaseModel,
    tournament: Tournament,
    sections: Sequence[Section],
    session_boards: int | None = None,
) -> list[EligibilityLine]:
    """Every contestant of ``sections`` (one session's) with the rule's answer: may it
    earn masterpoints in the session, and why."""
    lines = []
    for section in sections:
        for pair, attendance in attendance_of(section, session_boards).items():
            lines.append(
                EligibilityLine(
                    section.name,
                    pair,
                    names_of(tournament, section, pair),
                    attendance,
                    rule.eligible(attendance, options),
                )
            )
    return lines


def conditions(plugin: Any, options: BaseModel) -> str:
    """A rule's parameters as the director set them, each with what it means:
    ``session_boards = 24 (the fewest boards …); share = 75 (…)``."""
    described = [
        f"{name} = {_shown(getattr(options, name))}"
        + (f" ({info.description.rstrip('.')})" if info.description else "")
        for name, info in type(options).model_fields.items()
    ]
    return "; ".join(described) or f"{plugin.name} takes no parameters"


def _shown(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
