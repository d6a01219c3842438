"""The movement advisor: which movements suit tonight's field, ranked, with their trade-offs.

Sources:

- JCBL director manual, part 2 ch. 1 §7: a weekly game plays 20–30 boards; a round takes
  7 minutes a board plus 1 minute (ch. 2 §6), so three hours hold about 24 boards.
- JCBL manual appendix 1, as :mod:`plugins.movements.howell_plans` reads it: the weekly
  list of table guide sheets (3–11 tables) and the two-session list (3–45 tables, with
  its section splits). Beyond the weekly list a one-session game plays the two-session
  list's first sessions.
- The club-director guide ("Movements for the club director"): the considerations a
  director weighs (:data:`CONSIDERATIONS`), the NS rover and 1½ appendix Mitchell for a
  half table, and the arrow-switch for one winner.

Every proposal says what each section plays in each session and, through the registry,
the installed family (and options) that builds it, with the validator's figures; what no
installed family builds is the lists' data alone, marked as not available to assign.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, NamedTuple

from pydantic import ValidationError

from engine.errors import InvalidInput, TravellerError
from engine.movement import Movement
from engine.registry import MovementFamily, Registry, parse_options
from engine.validator import check
from plugins.movements.howell_plans import (
    TWO_SESSION_PLANS,
    WEEKLY_SHEETS,
    Kind,
    Play,
    TwoSessionPlan,
    WeeklyLine,
    builder,
)
from plugins.movements.round_robin import Match, matches_of
from plugins.movements.srr import (
    ODD_PAIR_ALL_PLAY_ALL,
    PAIR_SEATING,
    SRR_TEAMS,
    SRR_TEAMS_AND_PAIRS,
    SRR_TEAMS_SESSIONS,
    SessionGame,
    SRRFormat,
    SRRPlan,
    SRRSessions,
)

__all__ = [
    "CONSIDERATIONS",
    "MINUTES_A_BOARD",
    "MINUTES_A_ROUND",
    "Advice",
    "Assignment",
    "Balance",
    "Proposal",
    "SectionPlan",
    "advise",
    "minutes",
]

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
    """The list's remark."""
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


def advise(
    registry: Registry,
    entries: int,
    *,
    teams: bool = False,
    boards: int | None = None,
    minutes: int | None = None,
    two_winners: bool = False,
    sessions: int = 1,
) -> Advice:
    """Movements for ``entries`` pairs (or teams), ranked best first.

    ``boards`` and ``minutes`` are what one session should play and may take;
    ``two_winners`` asks for NS and EW fields (otherwise one winner is wanted).
    Ranking: proposals that fit in ``minutes`` first, then those giving the winners
    wanted, then the nearest to the boards wanted (without ``boards``: the longest game
    that fits ``minutes``, or else the usual 24), then the shortest sit-out, no relay,
    the best comparison balance, the manual's lists before the rest."""
    if entries < 2:
        raise InvalidInput(
            f"{entries} {'teams' if teams else 'pairs'} cannot play a duplicate game.",
            hint="A game needs at least 2 teams, or 4 pairs.",
        )
    if sessions not in (1, 2):
        raise InvalidInput(f"The advisor plans 1 or 2 sessions, not {sessions}.")
    tables = entries if teams else math.ceil(entries / 2)
    half_table = not teams and entries % 2 == 1
    builder = _Builder(registry, teams, entries)
    if teams:
        found = list(_team_proposals(builder, entries, sessions))
    else:
        found = list(_pair_proposals(builder, entries, tables, sessions, boards, minutes))
    want = _Want(boards, minutes, 2 if two_winners else 1, sessions)
    ranked = sorted(
        (_with_notes(p, half_table, want) for p in _merged(found)),
        key=want.key,
    )
    return Advice(
        entries=entries,
        teams=teams,
        tables=tables,
        sessions=sessions,
        boards=boards,
        minutes=minutes,
        winners=want.winners,
        proposals=tuple(ranked),
        notes=tuple(_field_notes(entries, tables, teams, half_table)),
    )


@dataclass(frozen=True)
class _Want:
    boards: int | None
    minutes: int | None
    winners: int
    sessions: int

    def key(self, p: Proposal) -> tuple[Any, ...]:
        session_boards = p.boards / len(p.rounds)
        longest = max(p.minutes)
        over = self.minutes is not None and longest > self.minutes
        if self.boards is not None:
            distance: float = abs(session_boards - self.boards)
        elif self.minutes is not None:
            distance = abs(self.minutes - longest)
        else:
            distance = abs(session_boards - USUAL_BOARDS)
        balance = p.balance
        return (
            over,
            p.winners != self.winners,
            not p.assignable,  # what the director can assign now comes first
            distance,
            p.sit_out_rounds * p.boards_per_round,
            bool(p.relays),
            Decimal("Infinity") if balance is None else balance.comparison_stdev,
            p.source == BUILT_SOURCE,
            longest,
            p.title,
        )


def _pair_proposals(
    builder: _Builder,
    pairs: int,
    tables: int,
    sessions: int,
    boards: int | None,
    minutes: int | None,
) -> Iterator[Proposal]:
    if sessions == 2:
        for plan in TWO_SESSION_PLANS:
            if plan.tables == tables:
                yield builder.listed(plan, sessions=2)
    else:
        for line in WEEKLY_SHEETS:
            if line.pairs[0] <= pairs <= line.pairs[1]:
                for b, r in line.games:
                    yield builder.weekly(line, b, r, pairs)
        if not any(line.tables == tables for line in WEEKLY_SHEETS):
            for plan in _first_sessions(tables):
                yield builder.listed(plan, sessions=1)
        yield from _guide_proposals(builder, pairs, tables)
    yield from builder.installed(tables, sessions, _target(boards, minutes))


def _first_sessions(tables: int) -> Iterator[TwoSessionPlan]:
    """The two-session list's first sessions, as one-session games (beyond the weekly list)."""
    seen: set[tuple[object, ...]] = set()
    for plan in TWO_SESSION_PLANS:
        key = (plan.boards_per_round, tuple((s.tables, s.first) for s in plan.sections))
        if plan.tables == tables and key not in seen:
            seen.add(key)
            yield plan


def _guide_proposals(builder: _Builder, pairs: int, tables: int) -> Iterator[Proposal]:
    """The guide's movements for a half table: an NS rover Mitchell, a 1½ appendix Mitchell."""
    if pairs % 2 == 0:
        return
    full = tables - 1
    for variant, sizes in ROVER_ROUTES.items():
        if full in sizes:
            rounds = full - 1 if variant is Kind.SKIP_MITCHELL else full
            for b in (2, 3):
                yield builder.guide(Kind.ROVER_MITCHELL, tables, b, rounds, variant)
    base = full - 1
    if base >= 3:
        rounds = base - 1 if base % 2 == 0 else base
        for b in (2, 3):
            yield builder.guide(Kind.APPENDIX_1_5, tables, b, rounds, None)


ROVER_ROUTES: dict[Kind, frozenset[int]] = {
    Kind.STRAIGHT_MITCHELL: frozenset({5, 7, 9, 11, 13}),
    Kind.SKIP_MITCHELL: frozenset({8, 10, 12, 14}),
    Kind.RELAY_MITCHELL: frozenset({6, 8, 10, 12, 14}),
}
"""Full tables for which the guide tabulates the NS rover's route, by the base Mitchell."""


HALF_GAMES = frozenset({"stagger", "mirror-mitchell-halves"})
"""Team families whose movement is one session of a two-session round robin: played alone,
half the matches (the stagger's odd v odd and even v even; the mirror Mitchell's halves)."""


def _team_proposals(builder: _Builder, teams: int, sessions: int) -> Iterator[Proposal]:
    """One session: list 3 and the installed families. Two: list 5's two-session games,
    list 4's SRR teams + pairs (the same session twice), and the installed families, each
    proposal a whole round robin (:meth:`_Builder.installed_teams`)."""
    if sessions == 1:
        for plan in SRR_TEAMS:
            if plan.teams == teams:
                yield builder.srr(plan)
        for p in builder.installed(teams, sessions, USUAL_BOARDS):
            if p.sections[0].family not in HALF_GAMES:
                yield p
        return
    for game in SRR_TEAMS_SESSIONS:
        if game.teams == teams and len(game.sessions) == sessions:
            yield builder.srr_sessions(game)
    for plan in SRR_TEAMS_AND_PAIRS:
        if plan.teams == teams:
            yield builder.srr(plan)
    yield from builder.installed_teams(teams)


def _target(boards: int | None, minutes_: int | None) -> int:
    """Boards a session should play: as asked, as fit the minutes, or the usual 24."""
    if boards is not None:
        return boards
    if minutes_ is not None:
        return max(1, minutes_ // (MINUTES_A_BOARD + MINUTES_A_ROUND))
    return USUAL_BOARDS


# ---- building proposals through the registry ------------------------------------------------

_MITCHELL_WORDS = (
    ("half", Kind.APPENDIX_1_5),
    ("rover", Kind.ROVER_MITCHELL),
    ("arrow", Kind.SCRAMBLED_MITCHELL),
    ("scrambled", Kind.SCRAMBLED_MITCHELL),
    ("appendix", Kind.APPENDIX_MITCHELL),
)
"""Words of a Mitchell family's name that say which kind it plays (the first found)."""
_MITCHELL_VARIANTS = {
    Kind.STRAIGHT_MITCHELL: "straight",
    Kind.SKIP_MITCHELL: "skip",
    Kind.RELAY_MITCHELL: "relay",
}


class _Built(NamedTuple):
    """A movement an installed family built, with the options that build it again."""

    movement: Movement
    options: dict[str, Any]


class _Builder:
    """Builds proposals, with the installed families where one can build the movement."""

    def __init__(self, registry: Registry, teams: bool, entries: int) -> None:
        self.registry = registry
        self.kind = "teams" if teams else "pairs"
        self.entries = entries
        self._assigned: dict[tuple[int, Play, int, str | None, bool], Assignment] = {}

    def fits(self, m: Movement) -> bool:
        """Whether ``m`` seats this field: pairs (one more with a phantom), or teams' pairs."""
        if m.kind != self.kind:
            return False
        if self.kind == "teams":
            return len(m.pairs) == 2 * self.entries
        return len(m.pairs) == self.entries + (m.phantom is not None and self.entries % 2)

    # -- proposals from the lists ----------------------------------------------------

    def weekly(self, line: WeeklyLine, per_round: int, rounds: int, pairs: int) -> Proposal:
        section = self._section(line.tables, (Play(line.kind, rounds),), per_round)
        notes = []
        if pairs > 2 * line.tables:
            notes.append(
                f"The list offers the {line.tables}-table sheets for {line.pairs[0]}-"
                f"{line.pairs[1]} pairs: with {pairs} pairs the last table is split into "
                "tables A and B, which share their boards (manual part 2 ch. 2 §8)."
            )
        return Proposal(
            title=_title((section,), per_round, (rounds,)),
            source=f"{WEEKLY_SOURCE} ({line.tables}T)",
            sections=(section,),
            boards_per_round=per_round,
            rounds=(rounds,),
            notes=tuple(notes),
            remark=line.remark,
        )

    def listed(self, plan: TwoSessionPlan, sessions: int) -> Proposal:
        """A plan of the two-session list: both sessions, or (``sessions=1``) the first."""
        sections = tuple(
            self._section(
                s.tables,
                s.plays[:sessions],
                plan.boards_per_round,
                s.stationary,
                s.stay,
                sheets=Kind.INTERWOVEN_HOWELL in {p.kind for p in s.plays},
            )
            for s in plan.sections
        )
        rounds = plan.rounds[:sessions]
        return Proposal(
            title=_title(sections, plan.boards_per_round, rounds),
            source=f"{TWO_SESSION_SOURCE} ({plan.tables}T)"
            + ("" if sessions == 2 else ", first session"),
            sections=sections,
            boards_per_round=plan.boards_per_round,
            rounds=rounds,
            remark=plan.note,
            renumber=sessions == 2 and all(s.first == s.second for s in plan.sections),
        )

    def guide(
        self, kind: Kind, tables: int, per_round: int, rounds: int, base: Kind | None
    ) -> Proposal:
        variant = None if base is None else _MITCHELL_VARIANTS[base]
        section = self._section(tables, (Play(kind, rounds),), per_round, variant=variant)
        if base is not None:
            note = (
                f"A {tables - 1}-table {base.label} with an NS rover (pair {tables} NS): the "
                "rover sits out round 1, then takes a different NS pair's seat each round; "
                "that pair sits out. Give the rover its card (the guide's route table)."
            )
        else:
            note = (
                f"A {tables - 2}-table Mitchell on the base tables; table {tables - 1} shares "
                f"boards with table 1 and EW {tables} sits out first at table {tables}. "
                "Curtailing is not recommended."
            )
        return Proposal(
            title=_title((section,), per_round, (rounds,)),
            source=GUIDE_SOURCE,
            sections=(section,),
            boards_per_round=per_round,
            rounds=(rounds,),
            notes=(note,),
        )

    def srr(self, plan: SRRPlan) -> Proposal:
        """A line of list 3 (one session) or of list 4 (SRR teams + pairs: the same
        movement in both sessions)."""
        match = self._srr_session(plan.teams, plan.game, plan.boards_per_round)
        section = SectionPlan(plan.teams, (match,) * len(plan.rounds))
        notes = list(_srr_notes(plan.format, plan.teams, (plan.game,) * len(plan.rounds)))
        listed = 3 if len(plan.rounds) == 1 else 4
        if listed == 4:
            notes.append(
                "SRR teams + pairs (list 4): both sessions play the same movement, so every "
                "team meets every other twice, a match a session; the pairs are ranked too."
            )
        return Proposal(
            title=_srr_title(plan.format, plan.teams, (match,), plan.rounds, plan.boards_per_round),
            source=f"{SRR_SOURCE} {listed} ({plan.teams}T)",
            sections=(section,),
            boards_per_round=plan.boards_per_round,
            rounds=plan.rounds,
            remark=plan.remark,
            notes=tuple(notes),
        )

    def srr_sessions(self, plan: SRRSessions) -> Proposal:
        """A line of list 5: each session played by the family it names."""
        played = tuple(
            self._srr_session(plan.teams, game, plan.boards_per_round) for game in plan.sessions
        )
        return Proposal(
            title=_srr_title(plan.format, plan.teams, played, plan.rounds, plan.boards_per_round),
            source=f"{SRR_SOURCE} 5 ({plan.teams}T)",
            sections=(SectionPlan(plan.teams, played),),
            boards_per_round=plan.boards_per_round,
            rounds=plan.rounds,
            remark=plan.remark,
            notes=tuple(_srr_notes(plan.format, plan.teams, plan.sessions)),
        )

    def _srr_session(self, teams: int, game: SessionGame, per_round: int) -> Assignment:
        """A session of a listed SRR game, as its family builds it through the registry."""
        built = None
        if game.family is not None:
            built = self._first(
                game.family,
                teams,
                [game.options_for(per_round)],
                lambda m: m.rounds == game.rounds,
            )
        label = "" if game.family is None else _team_label(game.family)
        return _assignment(Play(Kind.TEAMS, game.rounds), built, label)

    # -- proposals from the installed families ---------------------------------------

    def installed(self, tables: int, sessions: int, target: int) -> Iterator[Proposal]:
        """Every installed family's movement for ``tables``: 2, 3 and 4 boards a round, and
        curtailed to the target where the family allows it; played again in a second
        session."""
        for family in self.registry.movements():
            if _named_kind(family.name) is Kind.INTERWOVEN_HOWELL:
                continue  # a second session: the list proposes it after its first
            probe = self._build(family, tables, {})
            if probe is not None and not self.fits(probe.movement):
                continue  # a team family when pairs are asked for, or another field size
            for per_round in (2, 3, 4):
                tries = [{"boards_per_round": per_round, "rounds": max(1, target // per_round)}]
                if probe is None or probe.movement.rounds * per_round <= 2 * target:
                    tries.insert(0, {"boards_per_round": per_round})  # not twice too long
                for options in tries:
                    built = self._build(family, tables, options)
                    if built is not None and self.fits(built.movement):
                        m = built.movement
                        kind = _named_kind(family.name) or _shape_kind(m)
                        label = _family_label(family.name, kind)
                        match = _assignment(Play(kind, m.rounds), built, label)
                        section = SectionPlan(tables, (match,) * sessions)
                        rounds = (m.rounds,) * sessions
                        yield Proposal(
                            title=_title((section,), m.boards_per_round, rounds),
                            source=BUILT_SOURCE,
                            sections=(section,),
                            boards_per_round=m.boards_per_round,
                            rounds=rounds,
                            renumber=sessions > 1,
                        )

    def installed_teams(self, teams: int) -> Iterator[Proposal]:
        """Every installed team family over two sessions, 2, 3 and 4 boards a round, as a
        whole round robin: a family whose ``session`` option splits it plays its two
        sessions (the stagger; the American Whist of an odd number of teams), and one that
        completes the round robin in a session plays it in both (every team meets every
        other twice). A movement that leaves matches unplayed is not proposed: playing it
        again would not complete them."""
        everyone = {Match(a, b) for a in range(1, teams + 1) for b in range(a + 1, teams + 1)}
        for family in self.registry.movements():
            if family.name == "srr":
                continue  # list 4, proposed from the list
            probe = self._build(family, teams, {})
            if probe is None or not self.fits(probe.movement):
                continue
            for per_round in (2, 3, 4):
                short: dict[str, Any] = {"boards_per_round": per_round}
                split = [self._build(family, teams, short | {"session": s}) for s in (1, 2)]
                halves = [set(matches_of(b.movement)) for b in split if b is not None]
                once = self._build(family, teams, short)
                if (
                    len(halves) == 2
                    and halves[0].isdisjoint(halves[1])
                    and halves[0] | halves[1] == everyone
                ):
                    builds = [b for b in split if b is not None]
                    note = (
                        "The sessions play the two halves of the round robin (the family's "
                        "session option): every team meets every other once."
                    )
                elif once is not None and set(matches_of(once.movement)) == everyone:
                    builds = [once, once]
                    note = (
                        "Both sessions play the same movement: every team meets every other "
                        "twice, a match a session."
                    )
                else:
                    continue
                label = _team_label(family.name)
                played = tuple(
                    _assignment(Play(Kind.TEAMS, b.movement.rounds), b, label) for b in builds
                )
                section = SectionPlan(teams, played)
                rounds = tuple(b.movement.rounds for b in builds)
                yield Proposal(
                    title=_title((section,), per_round, rounds),
                    source=BUILT_SOURCE,
                    sections=(section,),
                    boards_per_round=per_round,
                    rounds=rounds,
                    notes=(note,),
                )

    # -- helpers ---------------------------------------------------------------------

    def _section(
        self,
        tables: int,
        plays: tuple[Play, ...],
        per_round: int,
        stationary: tuple[int, int] | None = None,
        stay: int | None = None,
        variant: str | None = None,
        sheets: bool = False,
    ) -> SectionPlan:
        """A section playing ``plays``; with ``sheets`` it plays the list's interwoven game,
        whose printed sheets come first (its groups carry over from session to session)."""
        sessions = tuple(self._assign(tables, p, per_round, variant, sheets) for p in plays)
        return SectionPlan(tables, sessions, stationary, stay)

    def _assign(
        self, tables: int, play: Play, per_round: int, variant: str | None, sheets: bool
    ) -> Assignment:
        """``play`` on ``tables`` tables as the first installed family that builds it
        assigns it (once: a multi-section plan plays its movements again)."""
        key = (tables, play, per_round, variant, sheets)
        if key not in self._assigned:
            built = self._play(tables, play, per_round, variant, sheets)
            self._assigned[key] = _assignment(play, built)
        return self._assigned[key]

    def _play(
        self, tables: int, play: Play, per_round: int, variant: str | None, sheets: bool
    ) -> _Built | None:
        """The first installed family that builds ``play`` on ``tables`` tables: with
        ``sheets`` the one the list names for its interwoven game, else (and for a Howell)
        one whose name says it plays the kind.

        A rover Mitchell is built on the full tables (the rover's half table is extra);
        an appendix Mitchell whose rounds are no prime base may be the family's printed
        sheet."""

        def accept(m: Movement) -> bool:
            return m.rounds == play.rounds

        short: dict[str, Any] = {"boards_per_round": per_round}
        listed, options = builder(tables, play.rounds, play.kind)
        if listed is not None and (sheets or play.kind is Kind.HOWELL):
            built = self._first(listed, tables, [short | options], accept)
            if built is not None:
                return built
        full = short | {"rounds": play.rounds}
        # a relay Mitchell is the only one with as many rounds as an even number of tables
        tries = [short, full, short | {"printed": True}, short | {"variant": "relay"}]
        variant = variant or _MITCHELL_VARIANTS.get(play.kind)
        if variant is not None:
            tries = [short | {"variant": variant}, full | {"variant": variant}]
        size = tables - 1 if play.kind is Kind.ROVER_MITCHELL else tables
        names = (
            ["mitchell"]
            if play.kind in _MITCHELL_VARIANTS
            else [f.name for f in self._families(play.kind)]
        )
        for name in names:
            built = self._first(name, size, tries, accept)
            if built is not None:
                return built
        return None

    def _families(self, kind: Kind) -> list[MovementFamily]:
        """Installed families whose names say they play ``kind`` (the plain Howell first)."""
        found = [f for f in self.registry.movements() if _named_kind(f.name) is kind]
        return sorted(found, key=lambda f: f.name != "howell")

    def _first(
        self,
        name: str,
        tables: int,
        tries: list[dict[str, Any]],
        accept: Callable[[Movement], bool],
    ) -> _Built | None:
        try:
            family = self.registry.movement(name)
        except TravellerError:
            return None
        for options in tries:
            built = self._build(family, tables, options)
            if built is not None and accept(built.movement):
                return built
        return None

    @staticmethod
    def _build(family: MovementFamily, tables: int, options: dict[str, Any]) -> _Built | None:
        if any(key not in family.Options.model_fields for key in options):
            return None
        try:
            movement = family.build(tables, parse_options(family, options))
        except (TravellerError, ValidationError):
            return None
        return _Built(
            movement.model_copy(update={"plugin": family.name, "plugin_version": family.version}),
            options,
        )


def _named_kind(name: str) -> Kind | None:
    """The kind a family's name says it plays (``None``: the name does not say)."""
    words = name.split("-")
    if "howell" in words:
        return Kind.INTERWOVEN_HOWELL if "interwoven" in words else Kind.HOWELL
    if "mitchell" in words:
        return next((kind for word, kind in _MITCHELL_WORDS if word in words), None)
    return None


def _shape_kind(m: Movement) -> Kind:
    """The kind of a built movement whose family's name does not say it."""
    if m.kind == "teams":
        return Kind.TEAMS
    if m.family == "mitchell":
        if m.relays:
            return Kind.RELAY_MITCHELL
        return Kind.STRAIGHT_MITCHELL if m.tables % 2 else Kind.SKIP_MITCHELL
    return Kind.HOWELL if m.numbering.value == "howell" else Kind.STRAIGHT_MITCHELL


def _family_label(name: str, kind: Kind) -> str:
    """What a family's movement is called: ``arrow-switch-mitchell`` → "arrow-switch
    Mitchell"; the plain Mitchell and Howell by the kind they built ("skip Mitchell")."""
    words = name.split("-")
    for i, word in enumerate(words):
        if word in ("mitchell", "howell"):
            if len(words) == 1:
                return kind.label
            parts = ("-".join(words[:i]), word.capitalize(), " ".join(words[i + 1 :]))
            return " ".join(p for p in parts if p)
    return name.replace("-", " ")


_TEAM_LABELS = {
    "american-whist": "American Whist",
    "mirror-mitchell": "mirror Mitchell",
    "mirror-mitchell-halves": "American Whist in each half",
    "round-robin": "round robin",
    "standard-teams": "standard team movement",
}
"""What a team family's movement is called, where its name does not read well."""


def _team_label(family: str) -> str:
    return _TEAM_LABELS.get(family) or _family_label(family, Kind.TEAMS)


def _srr_title(
    format_: SRRFormat,
    teams: int,
    sessions: tuple[Assignment, ...],
    rounds: tuple[int, ...],
    per_round: int,
) -> str:
    """``SRR (team all-play-all), 6 teams, stagger: 2 + 3 rounds × 10 boards``."""
    names = ", then ".join(dict.fromkeys(a.label for a in sessions if a.label))
    return (
        f"SRR ({'pair' if format_ is SRRFormat.PAIRS else 'team'} all-play-all), {teams} teams"
        + (f", {names}" if names else "")
        + ": "
        + " + ".join(str(r) for r in rounds)
        + f" rounds × {per_round} boards"
    )


def _srr_notes(format_: SRRFormat, teams: int, sessions: tuple[SessionGame, ...]) -> Iterator[str]:
    """What a director needs to know to play a listed SRR game."""
    families = {g.family for g in sessions}
    if format_ is SRRFormat.PAIRS:
        if None in families:
            yield "Pair all-play-all (ペア総当たり): no family plays it. " + ODD_PAIR_ALL_PLAY_ALL
            return
        yield PAIR_SEATING
        if len(sessions) > 1:
            yield (
                "Traveller scores each session's boards as a match (VPs each session); the "
                "JCBL converts a match's two halves together after session 2."
            )
    if "stagger" in families:
        half = teams // 2
        yield (
            f"Stagger (appendix 3 §3): tables 1-{half} stand beside tables {half + 1}-{teams}, "
            "each two neighbours relaying one set; session 1 odd teams meet odd and even meet "
            "even, session 2 odd meet even."
        )
    if "mirror-mitchell" in families:
        half = teams // 2
        yield (
            f"Mirror Mitchell (TFMM, appendix 3 §2), in the list's order: session 1 teams "
            f"1-{half} and {half + 1}-{teams} each play an American Whist within their half, "
            "session 2 the mirror Mitchell across the halves (round 1 makes twin boards). "
            "The manual's text plays the mirror Mitchell first; either order plays every "
            "match once. Both halves play the same boards: lay two copies."
        )
    spans = [dict(g.options) for g in sessions if g.family == "round-robin"]
    if len(spans) > 1 and "first_round" in spans[0]:
        parts = ", ".join(
            f"session {n} rounds {o['first_round']}-{o['last_round']}"
            for n, o in enumerate(spans, start=1)
        )
        yield (
            f"The round robin's draw split over the sessions ({parts}): every match is "
            "complete within its session."
            + (" Three teams at a time play a triangle over two rounds." if teams % 2 else "")
        )


def _assignment(play: Play, built: _Built | None, label: str = "") -> Assignment:
    """``play`` as assigned: with the family that built it and the validator's figures."""
    if built is None:
        return Assignment(play, label)
    m = built.movement
    report = check(m)
    return Assignment(
        play=play,
        label=label,
        family=m.plugin,
        options=tuple(built.options.items()),
        balance=Balance(
            comparison_min=report.comparison_min,
            comparison_max=report.comparison_max,
            comparison_stdev=report.comparison_stdev,
            relay_rounds=len({r.round for r in m.relays}),
            bye_stand=any(boards for _, boards in m.bye_boards),
            sit_out_rounds=max(report.sit_outs.values(), default=0),
        ),
        sets=len(m.boards) // m.boards_per_round,
    )


def _title(sections: Iterable[SectionPlan], per_round: int, rounds: tuple[int, ...]) -> str:
    """``9T appendix Mitchell, then interwoven Howell + 6T Howell — 8+8 rd × 3 bds``."""
    parts = []
    for s in sections:
        names = list(dict.fromkeys(a.name for a in s.sessions))
        parts.append(f"{s.tables}T " + ", then ".join(names))
    played = "+".join(str(r) for r in rounds)
    return " + ".join(parts) + f" — {played} rd × {per_round} bds"


def _merged(proposals: list[Proposal]) -> Iterator[Proposal]:
    """Drop installed-family proposals that repeat a listed one (same family, size, play)."""
    listed = {
        (s.family, s.tables, s.plays[0].rounds, p.boards_per_round)
        for p in proposals
        if p.source != BUILT_SOURCE
        for s in p.sections
        if len(p.sections) == 1 and s.family is not None
    }
    seen: set[tuple[object, ...]] = set()
    for p in proposals:
        s = p.sections[0]
        key = (s.family, s.tables, s.plays[0].rounds, p.boards_per_round)
        if p.source == BUILT_SOURCE and (key in listed or key in seen):
            continue
        seen.add(key)
        yield p


# ---- notes: the guide's considerations applied -------------------------------------------


def _with_notes(p: Proposal, half_table: bool, want: _Want) -> Proposal:
    """``p`` with its sit-out and the guide's considerations that apply to it as notes."""
    rests = 0 if p.balance is None else p.balance.sit_out_rounds
    p = replace(p, sit_out_rounds=max(rests, 1 if half_table else 0))
    notes = list(p.notes)
    kinds = {play.kind for s in p.sections for play in s.plays}
    per_session = p.boards // len(p.rounds)
    low, high = WEEKLY_BOARDS
    if not low <= per_session <= high:
        notes.append(f"{per_session} boards a session: a weekly game plays {low}-{high}.")
    if per_session < MASTERPOINT_BOARDS:
        notes.append(
            f"Fewer than {MASTERPOINT_BOARDS} boards: not a green-masterpoint session in "
            "Australia (the guide)."
        )
    if want.minutes is not None and max(p.minutes) > want.minutes:
        notes.append(
            f"Takes about {max(p.minutes)} minutes, more than the {want.minutes} there are."
        )
    if p.winners != want.winners:
        notes.append(
            "Two winners (NS and EW fields)." if p.winners == 2 else "One winner (one field)."
        )
    if Kind.HOWELL in kinds:
        full = all(
            play.rounds == 2 * s.tables - 1
            for s in p.sections
            for play in s.plays
            if play.kind is Kind.HOWELL
        )
        notes.append(
            "A Howell cannot be curtailed: choose one that ends in time."
            + (
                ""
                if full
                else " Fewer rounds than a full Howell: several stationary pairs, "
                "and pairs do not meet every other pair."
            )
        )
    if Kind.SKIP_MITCHELL in kinds and half_table:
        notes.append("A skip Mitchell is best not used with a half table.")
    if Kind.RELAY_MITCHELL in kinds:
        notes.append(
            "Relay Mitchell: tables in a neat horseshoe, the sharing tables equidistant "
            "from the bye stand; curtailing is not recommended."
        )
    if Kind.STRAIGHT_MITCHELL in kinds and half_table:
        notes.append("With a half table do not curtail: some boards would have a different top.")
    if Kind.SCRAMBLED_MITCHELL in kinds:
        notes.append(
            "Scrambled Mitchell: number the pairs in one series; arrow-switch about one round "
            "in eight, and check that every table turns its boards."
        )
    if Kind.APPENDIX_MITCHELL in kinds:
        notes.append(
            "Appendix Mitchell: most pairs and all boards move; put guide cards on the tables."
        )
    if Kind.INTERWOVEN_HOWELL in kinds:
        notes.append(
            "Session 2 plays the interwoven Howell: each group of session 1 (A and B) plays "
            "a Howell within itself, the groups sharing the boards (part 3 ch. 1 §1.2)."
        )
        if len({a.family for s in p.sections for a in s.sessions if a.family}) > 1:
            notes.append(
                "The sessions are built by different families: seat session 2's groups as "
                "session 1's (renumber the pairs if their numbers differ)."
            )
    if p.renumber and len(p.sections) > 1:
        notes.append(
            "Session 2 plays the same movements: between the sessions the pairs change "
            "sections so that no two meet again (part 3 ch. 3 §5-6; traveller renumber)."
        )
    elif p.renumber:
        notes.append(
            "Session 2 plays the same movement again: renumber the pairs between the "
            "sessions (traveller renumber) so that they meet new opponents where they can, "
            "and in a Howell other pairs stay put (part 3 ch. 1 §1.2)."
        )
    if len(p.sections) > 1:
        notes.append(
            f"{len(p.sections)} sections: each needs its own copy of the boards; the "
            "stationary pair numbers are printed for players with special needs."
        )
        if len({(s.tables, s.plays) for s in p.sections}) < len(p.sections):
            notes.append(
                "Two sections of the same size play the same movement: the manual advises "
                "different sizes, so that pairs and scores are not mixed up (note 5)."
            )
    if p.sit_out_rounds:
        sit = p.sit_out_rounds * p.boards_per_round
        notes.append(
            f"A pair sits out {sit} boards (about "
            f"{minutes(p.sit_out_rounds, p.boards_per_round)} minutes)."
        )
    if not p.assignable:
        notes.append("No installed family builds it: play it from the printed guide cards.")
    return replace(p, notes=tuple(dict.fromkeys(notes)))


def _field_notes(entries: int, tables: int, teams: bool, half_table: bool) -> Iterator[str]:
    if teams:
        if entries >= 13:
            yield "13 teams or more: a Swiss suits better than a round robin (appendix 1)."
        elif entries % 2:
            yield "An odd number of teams: the American Whist suits (the guide)."
        else:
            yield "An even number of teams: the New England relay or a round robin (the guide)."
        return
    if half_table:
        yield (
            f"{entries} pairs: a half table. Use the movement for {entries + 1} pairs; the "
            "phantom is the stationary (or last) pair, so the sit-out stays at one table "
            "(appendix 1, note 1)."
        )
    if tables == 13:
        yield "13 tables: the guide also suggests a 9-table Mitchell with a 4-table web (2/2)."
    if tables == 28:
        yield "28 tables: the guide also suggests two 9-table Mitchells and a 10-table web (5/5)."
