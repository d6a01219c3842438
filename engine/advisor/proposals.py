"""What the movement advisor proposes: movements for a field, with what they cost and give.

A :class:`Proposal` says what each section plays in each session (:class:`SectionPlan`,
an :class:`Assignment` a session: the installed family and options that build it, with
the validator's figures as a :class:`Balance`); :class:`Advice` holds the proposals for a
field, best first. The timings are the JCBL manual's (part 2 ch. 1 §7, ch. 2 §6): 7
minutes a board plus 1 a round; a weekly game plays 20–30 boards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from engine.advisor.lists import Play

MINUTES_A_BOARD = 7
"""JCBL manual part 2 ch. 1 §7-2 and ch. 2 §6: "7 分×ボード数 + 1 分" a round."""
MINUTES_A_ROUND = 1
WEEKLY_BOARDS = (20, 30)
"""A weekly game plays 20 to 30 boards (part 2 ch. 1)."""
USUAL_BOARDS = 24
"""Three hours at 7 minutes a board: about 24 boards (part 2 ch. 1 §7-2)."""
MASTERPOINT_BOARDS = 24
"""The club-director guide: a green-masterpoint session is at least 24 boards."""

CONSIDERATIONS = (
    "Number of boards to be played",
    "Number of boxes of boards available",
    "Whether 1 or 2 winners required",
    "Any half table",
    "Length of any sit out",
    "Pairs with special needs",
    "Availability of movement cards",
    "Balance (fairness)",
    "Scoring program options",
    "Masterpoint requirements",
)
"""The club-director guide's list of what to consider when choosing a movement."""

COLUMNS: tuple[tuple[str, str], ...] = (
    ("#", "the proposal's number, best first"),
    (
        "Movement",
        "what each section plays: its tables (7T), the movement, rounds × boards a round; "
        "then the fewest and the most boards on which two pairs of a field are compared "
        "(the closer the two, the fairer the movement)",
    ),
    ("Boards", "boards each pair (team) plays, every session together"),
    (
        "Minutes",
        "the expected playing time of each session: 7 minutes a board and 1 a round (JCBL)",
    ),
    ("Sit out", "boards a pair sits out (a half table, a rover's rests); - for none"),
    (
        "Relay",
        "whether tables share boards in a round (a relay or a bye stand); ? where no "
        "movement could be built",
    ),
    ("Laid", "boards laid out at the start, each section's (joined by +)"),
    ("Win", "winners: 1 (one field) or 2 (NS and EW ranked apart)"),
    (
        "Ready",
        "yes: installed families build every section's movement in every session, and the "
        "assign commands under the table can be pasted; no: the list's game, shown as data",
    ),
)
"""What each column of the advisor's table means (the legend printed under it)."""


def minutes(rounds: int, boards_per_round: int) -> int:
    """Expected playing time: 7 minutes a board plus 1 a round (the JCBL's rule)."""
    return rounds * (MINUTES_A_BOARD * boards_per_round + MINUTES_A_ROUND)


# ---- proposals -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Balance:
    """The validator's figures for a built movement."""

    comparison_min: int
    comparison_max: int
    comparison_stdev: Decimal
    relay_rounds: int
    """Rounds in which tables share boards."""
    bye_stand: bool
    sit_out_rounds: int
    """The most rounds any pair sits out with every seat filled (a rover's rests)."""

    def to_json(self) -> dict[str, object]:
        return {
            "comparison_min": self.comparison_min,
            "comparison_max": self.comparison_max,
            "comparison_stdev": str(self.comparison_stdev.quantize(Decimal("0.01"))),
            "relay_rounds": self.relay_rounds,
            "bye_stand": self.bye_stand,
            "sit_out_rounds": self.sit_out_rounds,
        }


@dataclass(frozen=True, slots=True)
class Assignment:
    """What one section plays in one session, and the installed family that builds it."""

    play: Play
    label: str = ""
    """What the movement is called, where the family says more than the kind ("twin
    Mitchell"); empty: the kind's name."""
    family: str | None = None
    """The installed family to assign (``None``: none builds it)."""
    options: tuple[tuple[str, Any], ...] = ()
    """The options to assign it with."""
    balance: Balance | None = None
    sets: int | None = None
    """Sets of boards the built movement lays out (``None``: not built)."""
    tables: int | None = None
    """The tables the family is assigned with (``--tables``), as it counts them: an NS
    rover Mitchell counts its full tables, not the rover's half table (``None``: not
    built)."""

    @property
    def name(self) -> str:
        return self.label or self.play.kind.label

    @property
    def ready(self) -> bool:
        return self.family is not None

    def to_json(self) -> dict[str, object]:
        return {
            "movement": self.name,
            "kind": self.play.kind.label,
            "rounds": self.play.rounds,
            "family": self.family,
            "options": dict(self.options),
            "ready": self.ready,
            "balance": None if self.balance is None else self.balance.to_json(),
        }


@dataclass(frozen=True, slots=True)
class SectionPlan:
    """One section of a proposal: what it plays in each session."""

    tables: int
    sessions: tuple[Assignment, ...]
    """Its movement in each session."""
    stationary: tuple[int, int] | None = None
    """Stationary pairs in each session, as the list prints them."""
    stay: int | None = None
    """The pair stationary in every session, as the list prints it."""

    @property
    def plays(self) -> tuple[Play, ...]:
        return tuple(a.play for a in self.sessions)

    @property
    def family(self) -> str | None:
        """The family of the first session (each session's: :attr:`sessions`)."""
        return self.sessions[0].family

    @property
    def options(self) -> tuple[tuple[str, Any], ...]:
        return self.sessions[0].options

    @property
    def balance(self) -> Balance | None:
        return self.sessions[0].balance

    @property
    def ready(self) -> bool:
        """Installed families build every session's movement."""
        return all(a.ready for a in self.sessions)

    @property
    def sets(self) -> int:
        """Sets of boards to lay out: the most any session's built movement uses, or what
        the kind of movement usually needs where none is built."""
        built = [a.sets for a in self.sessions if a.sets is not None]
        if built:
            return max(built)
        return self.plays[0].kind.sets(self.tables, self.plays[0].rounds)

    def to_json(self) -> dict[str, object]:
        return {
            "tables": self.tables,
            "plays": [{"kind": p.kind.label, "rounds": p.rounds} for p in self.plays],
            "stationary": None if self.stationary is None else list(self.stationary),
            "stay_pair": self.stay,
            "sets": self.sets,
            "family": self.family,
            "options": dict(self.options),
            "ready": self.ready,
            "balance": None if self.balance is None else self.balance.to_json(),
        }


@dataclass(frozen=True, slots=True)
class Assigning:
    """One section's movement in one session of a proposal, as it is assigned."""

    session: int
    section: str
    movement: str
    family: str | None
    tables: int
    options: dict[str, Any]

    def to_json(self) -> dict[str, object]:
        return {
            "session": self.session,
            "section": self.section,
            "movement": self.movement,
            "family": self.family,
            "tables": self.tables,
            "options": self.options,
        }


@dataclass(frozen=True, slots=True)
class Proposal:
    """A movement the advisor proposes, with what it costs and gives."""

    title: str
    source: str
    sections: tuple[SectionPlan, ...]
    boards_per_round: int
    rounds: tuple[int, ...]
    """Rounds in each session."""
    sit_out_rounds: int = 0
    """Rounds a pair sits out (with a half table: the rounds against the phantom)."""
    notes: tuple[str, ...] = ()
    remark: str = ""
    """The list's remark, in English (the printed words cited in brackets)."""
    renumber: bool = False
    """The pairs are renumbered before each later session: the same movements are played
    again, so that pairs meet new opponents (part 3 ch. 3 §5-6)."""

    @property
    def tables(self) -> int:
        return sum(s.tables for s in self.sections)

    @property
    def boards(self) -> int:
        """Boards each pair plays (all sessions; sit-outs count as boards not played)."""
        return self.boards_per_round * sum(self.rounds)

    @property
    def minutes(self) -> tuple[int, ...]:
        """Expected minutes of each session."""
        return tuple(minutes(r, self.boards_per_round) for r in self.rounds)

    @property
    def winners(self) -> int:
        """1 when every section plays one field in the last session, else 2."""
        return max(s.plays[-1].kind.fields for s in self.sections)

    @property
    def boards_needed(self) -> int:
        """Boards laid out in the first session, all sections together."""
        return sum(s.sets for s in self.sections) * self.boards_per_round

    @property
    def boxes(self) -> int:
        """Copies of the board set needed: each section plays its own copy."""
        return len(self.sections)

    @property
    def relays(self) -> bool | None:
        """Whether tables share boards (``None`` when nothing could be built)."""
        built = self._balances()
        if built:
            return any(b.relay_rounds or b.bye_stand for b in built)
        return "relay" in self.remark.lower() or None

    @property
    def balance(self) -> Balance | None:
        """The least balanced built movement (``None`` when none was built)."""
        return max(self._balances(), key=lambda b: b.comparison_stdev, default=None)

    @property
    def assignable(self) -> bool:
        """Installed families build every section's movement in every session."""
        return all(s.ready for s in self.sections)

    def _balances(self) -> list[Balance]:
        return [a.balance for s in self.sections for a in s.sessions if a.balance is not None]

    def assignments(self) -> list[Assigning]:
        """What to assign, session by session and section by section (sections lettered
        A, B … in order): the family, its tables and options (a family of ``None``:
        nothing installed builds that movement)."""
        return [
            Assigning(
                session=n + 1,
                section=chr(ord("A") + i),
                movement=s.sessions[n].name,
                family=s.sessions[n].family,
                tables=s.sessions[n].tables or s.tables,
                options=dict(s.sessions[n].options),
            )
            for n in range(len(self.rounds))
            for i, s in enumerate(self.sections)
        ]

    def to_json(self) -> dict[str, object]:
        return {
            "title": self.title,
            "source": self.source,
            "tables": self.tables,
            "sections": [s.to_json() for s in self.sections],
            "sessions": [
                {
                    "session": i + 1,
                    "rounds": rounds,
                    "minutes": minutes(rounds, self.boards_per_round),
                    "renumber": i > 0 and self.renumber,
                    "sections": [
                        {"tables": s.tables} | s.sessions[i].to_json() for s in self.sections
                    ],
                }
                for i, rounds in enumerate(self.rounds)
            ],
            "boards_per_round": self.boards_per_round,
            "rounds": list(self.rounds),
            "boards": self.boards,
            "minutes": list(self.minutes),
            "sit_out_rounds": self.sit_out_rounds,
            "sit_out_boards": self.sit_out_rounds * self.boards_per_round,
            "relays": self.relays,
            "boards_needed": self.boards_needed,
            "boxes": self.boxes,
            "winners": self.winners,
            "assignable": self.assignable,
            "notes": list(self.notes),
            "remark": self.remark,
            "assign": [a.to_json() for a in self.assignments()],
        }


@dataclass(frozen=True, slots=True)
class Advice:
    """What the advisor proposes for a field, best first."""

    entries: int
    teams: bool
    tables: int
    sessions: int
    boards: int | None
    minutes: int | None
    winners: int
    proposals: tuple[Proposal, ...]
    notes: tuple[str, ...] = ()
    considerations: tuple[str, ...] = field(default=CONSIDERATIONS)

    def to_json(self) -> dict[str, object]:
        return {
            "teams" if self.teams else "pairs": self.entries,
            "tables": self.tables,
            "sessions": self.sessions,
            "boards": self.boards,
            "minutes": self.minutes,
            "winners": self.winners,
            "proposals": [p.to_json() for p in self.proposals],
            "notes": list(self.notes),
            "considerations": list(self.considerations),
        }


WEEKLY_SOURCE = "JCBL appendix 1, weekly list"
TWO_SESSION_SOURCE = "JCBL appendix 1, two-session list"
SRR_SOURCE = "JCBL appendix 1, SRR list"
GUIDE_SOURCE = "club-director guide"
BUILT_SOURCE = "installed family"
