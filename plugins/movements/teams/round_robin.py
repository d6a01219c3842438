"""Round-robin team schedules, and team movements whose boards are relayed.

A round robin (総当たり戦, JCBL manual part 2 ch. 6 §6) is a *schedule*: which team meets
which in each round. That is a different kind of data from a movement, so it has its own
type, :class:`RoundRobin`; :meth:`RoundRobin.movement` turns rounds of it into a
:class:`~engine.movement.Movement` when the boards are relayed between the tables of a
match (and, if wished, between all the tables of a round).

- An even number of teams: the club-director guide's construction (ROUND ROBIN TEAMS):
  the highest team stays in the first match of every round, the others turn round it.
- An odd number of teams: a bye each round (the construction for one team more, the
  highest team being the bye), or the guide's schedules with a *triangle* for 7, 9, 11
  and 13 teams — three teams that play one another in a mini-Mitchell over two rounds
  while the others play ordinary matches (and for 3 teams the triangle alone).

In a team movement each team has a home table whose number is the team's; its NS pair is
NS ``n`` and its EW pair EW ``n`` (Mitchell numbering, ``kind="teams"``); the engine's
:func:`~engine.movement.matches_of` and :func:`~engine.movement.uncompared` read any.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import ClassVar, Literal, NamedTuple

from pydantic import BaseModel, Field

from engine import (
    Encounter,
    InvalidMovement,
    Line,
    Movement,
    Numbering,
    Pair,
    SitOut,
    board_set,
    equal_stops,
    hookimpl,
    relays_of,
    validate,
)
from engine.errors import N_
from plugins.movements.teams.common import SessionBoards, on_circle

# ---- the schedule ------------------------------------------------------------------------------


class Match(NamedTuple):
    """Two teams meeting in a round; ``home`` is named first (the guide gives it seating
    rights). A tuple, so it equals the (lower, higher) keys of :func:`engine.matches_of`
    when the lower team is at home."""

    home: int
    away: int

    def __str__(self) -> str:
        return f"{self.home} v {self.away}"


@dataclass(frozen=True, slots=True)
class Triangle:
    """Three teams playing one another over two rounds (the guide's triangle).

    The three sit at their own tables in a row, in the order given, and play a
    mini-Mitchell: EW up one table, boards down one. In ``leg`` 1 the first team's NS
    pair meets the third team's EW pair; after both legs every two of the three have
    played a whole match on one set of boards. The first team is the one that stays in
    the triangle throughout the schedule.
    """

    teams: tuple[int, int, int]
    leg: Literal[1, 2]

    def __str__(self) -> str:
        return " v ".join(map(str, self.teams))

    def matches(self) -> tuple[Match, ...]:
        """The three matches the triangle completes over its two legs."""
        return tuple(Match(a, b) for a, b in combinations(self.teams, 2))


Sitting = Match | Triangle
"""What a team does in a round: a match, or a leg of a triangle."""


def _teams_of(sitting: Sitting) -> tuple[int, ...]:
    return (sitting.home, sitting.away) if isinstance(sitting, Match) else sitting.teams


@dataclass(frozen=True)
class RoundRobin:
    """A round-robin schedule: the matches (and triangle legs) of every round."""

    teams: int
    rounds: tuple[tuple[Sitting, ...], ...]

    def __post_init__(self) -> None:
        problems: list[str] = []
        for number, sittings in enumerate(self.rounds, start=1):
            seen = Counter(t for s in sittings for t in _teams_of(s))
            problems += [
                f"team {t} plays twice in round {number}" for t, n in seen.items() if n > 1
            ]
            problems += [
                f"round {number} names team {t}, but there are {self.teams} teams"
                for t in seen
                if not 1 <= t <= self.teams
            ]
            for s in sittings:
                if not isinstance(s, Triangle):
                    continue
                partner = self._leg(number + (1 if s.leg == 1 else -1), s.teams)
                if partner is None or partner.leg == s.leg:
                    other = "second" if s.leg == 1 else "first"
                    problems.append(
                        f"the triangle {s} in round {number} has no {other} leg next to it"
                    )
        if problems:
            raise InvalidMovement(
                N_("This %(teams)s-team round robin cannot be played: %(listed)s."),
                problems=problems,
                hint=N_(
                    "Give each team at most one match a round, and each triangle two "
                    "consecutive rounds."
                ),
                code="round_robin.unsound",
                teams=self.teams,
                listed="; ".join(problems),
            )

    def _leg(self, number: int, teams: tuple[int, int, int]) -> Triangle | None:
        """The triangle of ``teams`` in round ``number``, if it plays there."""
        if not 1 <= number <= len(self.rounds):
            return None
        return next(
            (s for s in self.rounds[number - 1] if isinstance(s, Triangle) and s.teams == teams),
            None,
        )

    @property
    def has_triangle(self) -> bool:
        return any(isinstance(s, Triangle) for sittings in self.rounds for s in sittings)

    def sitting_out(self, number: int) -> tuple[int, ...]:
        """Teams with no match in round ``number`` (the bye)."""
        playing = {t for s in self.rounds[number - 1] for t in _teams_of(s)}
        return tuple(t for t in range(1, self.teams + 1) if t not in playing)

    def meetings(self) -> Counter[tuple[int, int]]:
        """(lower, higher team) → matches between them; a triangle counts once, at its first leg."""
        met: Counter[tuple[int, int]] = Counter()
        for sittings in self.rounds:
            for s in sittings:
                if isinstance(s, Match):
                    met[min(s.home, s.away), max(s.home, s.away)] += 1
                elif s.leg == 1:
                    met.update((min(m.home, m.away), max(m.home, m.away)) for m in s.matches())
        return met

    def movement(
        self,
        boards_per_round: int,
        *,
        rounds: Sequence[int] | None = None,
        shared: bool = True,
        first_board: int = 1,
        family: str = "round-robin",
        one_triangle_set: bool = False,
    ) -> Movement:
        """These rounds (all by default) as a team movement; not yet validated.

        Each team sits at its home table (team ``n`` at table ``n``, its NS pair NS).
        In a match the two tables share one set of boards (a relay). With ``shared``
        every match of a round plays the round's set, relayed between all its tables;
        otherwise each match has a set of its own. A triangle plays three sets over its
        two legs: with ``shared`` the two rounds' sets at its first and last tables and
        one set of its own (the guide's Δ set), otherwise three sets of its own. With
        ``one_triangle_set`` the later triangles play the Δ set of the first again (the
        guide: "one different set of boards from those to be played by the main body"),
        as long as none of their teams has played it; the team that stays in the
        triangle never plays it. A round named twice is played again on new boards.
        """
        chosen = list(rounds) if rounds is not None else list(range(1, len(self.rounds) + 1))
        self._check_whole_triangles(chosen)
        sets = _SetNumbers(shared, len(chosen), one_triangle_set)
        schedule: list[Encounter] = []
        sit_outs: list[SitOut] = []
        for number, source in enumerate(chosen, start=1):
            for sitting in self.rounds[source - 1]:
                for table, ns, ew, set_number in _tables(sitting, number, sets):
                    boards = board_set(set_number, boards_per_round, first_board)
                    schedule.append(
                        Encounter(round=number, table=table, ns=ns, ew=ew, boards=boards)
                    )
            sit_outs += [
                SitOut(round=number, pair=t, line=line)
                for t in self.sitting_out(source)
                for line in Line
            ]
        schedule.sort(key=lambda e: (e.round, e.table))
        playing = sorted({e.ns for e in schedule})
        return Movement(
            family=family,
            kind="teams",
            tables=self.teams,
            rounds=len(chosen),
            boards_per_round=boards_per_round,
            numbering=Numbering.MITCHELL,
            schedule=tuple(schedule),
            relays=relays_of(schedule),
            sit_outs=tuple(sit_outs),
            stationary=tuple(Pair(t, Line.NS) for t in playing),
            curtail_after=equal_stops(schedule, len(chosen), teams=True),
            description=self._describe(len(chosen), boards_per_round, shared),
        )

    def _check_whole_triangles(self, chosen: list[int]) -> None:
        for index, source in enumerate(chosen):
            if not 1 <= source <= len(self.rounds):
                raise InvalidMovement(
                    N_(
                        "The %(teams)s-team round robin has %(rounds)s rounds, not a round "
                        "%(round)s."
                    ),
                    hint=N_("Choose rounds from 1 to %(rounds)s."),
                    code="round_robin.round",
                    teams=self.teams,
                    rounds=len(self.rounds),
                    round=source,
                )
            for s in self.rounds[source - 1]:
                if not isinstance(s, Triangle):
                    continue
                step = 1 if s.leg == 1 else -1
                neighbour = chosen[index + step] if 0 <= index + step < len(chosen) else None
                if neighbour != source + step:
                    raise InvalidMovement(
                        N_(
                            "Round %(round)s holds one leg of the triangle %(triangle)s; its other "
                            "leg, round %(other)s, must be played next to it."
                        ),
                        hint=N_("Play a triangle's two rounds together, one after the other."),
                        code="round_robin.triangle_apart",
                        round=source,
                        triangle=str(s),
                        other=source + step,
                    )

    def _describe(self, rounds: int, boards_per_round: int, shared: bool) -> str:
        odd = ""
        if self.has_triangle:
            odd = "; three teams at a time play a triangle (EW up one table, boards down one)"
        elif self.teams % 2:
            odd = "; one team has a bye each round"
        relay = "all tables of a round share its boards" if shared else "each match has its boards"
        return (
            f"Round robin, {self.teams} teams: {rounds} rounds of {boards_per_round} boards, "
            f"NS at home, EW at the opponents' table; {relay}{odd}."
        )


class _SetNumbers:
    """Board-set numbers of a relayed round robin, handed out as the rounds are laid."""

    def __init__(self, shared: bool, rounds: int, one_delta: bool = False) -> None:
        self.shared = shared
        self.last = rounds if shared else 0
        self.triangles: dict[tuple[int, int, int], tuple[int, int, int]] = {}
        self.one_delta = one_delta
        self.delta: int | None = None
        self.delta_teams: set[int] = set()
        """The teams that have played the Δ set now in use."""

    def new(self) -> int:
        self.last += 1
        return self.last

    def match(self, number: int) -> int:
        return number if self.shared else self.new()

    def triangle(self, t: Triangle, number: int) -> tuple[int, int, int]:
        """The sets (first, second, third table at leg 1) of a triangle first laid in ``number``."""
        if t.leg == 1:
            first, second = (number, number + 1) if self.shared else (self.new(), self.new())
            self.triangles[t.teams] = (first, second, self._delta(t.teams[1:]))
        return self.triangles[t.teams]

    def _delta(self, players: tuple[int, ...]) -> int:
        """The triangle's own set, played by its second and third teams: a new one, or
        with ``one_delta`` the one in use while none of them has played it."""
        if not self.one_delta or self.delta is None or self.delta_teams & set(players):
            self.delta, self.delta_teams = self.new(), set()
        self.delta_teams |= set(players)
        return self.delta


def _tables(sitting: Sitting, number: int, sets: _SetNumbers) -> list[tuple[int, int, int, int]]:
    """(table, NS team, EW team, set) of each table a sitting takes in round ``number``."""
    if isinstance(sitting, Match):
        s = sets.match(number)
        return [
            (sitting.home, sitting.home, sitting.away, s),
            (sitting.away, sitting.away, sitting.home, s),
        ]
    a, b, c = sitting.teams
    x, y, z = sets.triangle(sitting, number)
    if sitting.leg == 1:
        return [(a, a, c, x), (b, b, a, y), (c, c, b, z)]
    return [(a, a, b, y), (b, b, c, z), (c, c, a, x)]


# ---- constructions -----------------------------------------------------------------------------


def guide_round_robin(teams: int) -> RoundRobin:
    """The guide's draw for an even number of teams.

    Round ``k``: the highest team meets team ``k``; the rest pair off outwards from
    ``k``, the team below it (counting round the others) at home against the one above.
    """
    if teams < 2 or teams % 2:
        raise InvalidMovement(
            N_("The guide's round-robin draw is for an even number of teams, not %(teams)s."),
            hint=N_("For an odd number use a bye (one team more) or a triangle."),
            code="round_robin.odd",
            teams=teams,
        )
    others = teams - 1

    rounds = tuple(
        (
            Match(teams, k),
            *(
                Match(on_circle(k - j, others), on_circle(k + j, others))
                for j in range(1, teams // 2)
            ),
        )
        for k in range(1, teams)
    )
    return RoundRobin(teams, rounds)


def _parse(teams: int, rows: tuple[str, ...]) -> RoundRobin:
    """A tabulated schedule: ``"7-4 6-5 1-2-3"`` is 7 v 4, 6 v 5 and a triangle 1 v 2 v 3."""
    rounds: list[tuple[Sitting, ...]] = []
    legs: Counter[tuple[int, ...]] = Counter()
    for row in rows:
        sittings: list[Sitting] = []
        for cell in row.split():
            numbers = tuple(int(n) for n in cell.split("-"))
            if len(numbers) == 2:
                sittings.append(Match(*numbers))
            else:
                legs[numbers] += 1
                a, b, c = numbers
                sittings.append(Triangle((a, b, c), 1 if legs[numbers] % 2 else 2))
        rounds.append(tuple(sittings))
    return RoundRobin(teams, tuple(rounds))


TRIANGLE_SCHEDULES: dict[int, tuple[str, ...]] = {
    3: ("1-2-3", "1-2-3"),
    7: (
        "7-4 6-5 1-2-3", "4-6 5-7 1-2-3", "2-6 3-7 1-4-5",
        "7-2 6-3 1-4-5", "2-4 3-5 1-6-7", "5-2 4-3 1-6-7",
    ),
    9: (
        "6-5 4-8 7-9 1-2-3", "5-8 7-4 9-6 1-2-3", "8-7 2-6 3-9 1-4-5", "9-2 6-8 3-7 1-4-5",
        "4-3 2-8 5-9 1-6-7", "5-2 9-4 8-3 1-6-7", "7-2 4-6 3-5 1-8-9", "2-4 5-7 6-3 1-8-9",
    ),
    11: (
        "6-5 11-4 7-9 8-10 1-2-3", "4-6 9-11 8-5 10-7 1-2-3", "8-7 11-2 10-3 9-6 1-4-5",
        "2-8 3-9 6-10 7-11 1-4-5", "2-4 3-5 10-9 11-8 1-6-7", "9-2 4-8 10-5 3-11 1-6-7",
        "4-3 5-7 2-10 11-6 1-8-9", "7-2 6-3 4-10 5-11 1-8-9", "5-2 3-7 6-8 9-4 1-10-11",
        "5-9 2-6 8-3 7-4 1-10-11",
    ),
    13: (
        "3-11 9-4 8-5 7-6 10-12 13-1-2", "3-9 4-12 5-7 6-8 11-10 13-1-2",
        "1-7 9-2 6-12 5-11 8-10 13-3-4", "10-1 7-2 11-6 12-5 9-8 13-3-4",
        "1-9 2-12 4-10 3-7 8-11 13-5-6", "12-1 2-8 7-4 10-3 9-11 13-5-6",
        "1-11 2-10 5-4 6-3 12-9 13-7-8", "4-1 11-2 10-5 12-3 9-6 13-7-8",
        "1-5 2-6 11-4 8-3 7-12 13-9-10", "6-1 2-4 11-7 3-5 12-8 13-9-10",
        "1-3 5-2 6-10 4-8 7-9 13-11-12", "8-1 3-2 5-9 4-6 10-7 13-11-12",
    ),
}  # fmt: skip
"""The guide's round robins with a triangle, row by row (A Round Robin for an Odd Number of
Teams); 3 teams are the triangle alone."""

OddTeams = Literal["triangle", "bye"]


def round_robin(teams: int, odd: OddTeams = "triangle") -> RoundRobin:
    """A round robin of ``teams`` teams; ``odd`` says how an odd number is met."""
    if teams < 2:
        raise InvalidMovement(
            N_("A round robin needs at least 2 teams, not %(teams)s."),
            hint=N_("Add teams."),
            code="round_robin.teams",
            teams=teams,
        )
    if teams % 2 == 0:
        return guide_round_robin(teams)
    if odd == "bye":
        full = guide_round_robin(teams + 1)
        rounds = tuple(
            tuple(m for m in sittings if isinstance(m, Match) and teams + 1 not in (m.home, m.away))
            for sittings in full.rounds
        )
        return RoundRobin(teams, rounds)
    if teams not in TRIANGLE_SCHEDULES:
        tabled = ", ".join(map(str, sorted(TRIANGLE_SCHEDULES)))
        raise InvalidMovement(
            N_(
                "There is no round robin with a triangle for %(teams)s teams here (the guide "
                "tables %(tabled)s teams; with 5 none exists)."
            ),
            hint=N_("Give each team a bye in turn (odd=bye), or play an American Whist."),
            code="round_robin.triangle_size",
            teams=teams,
            tabled=tabled,
        )
    return _parse(teams, TRIANGLE_SCHEDULES[teams])


# ---- the movement family -----------------------------------------------------------------------


class RoundRobinOptions(SessionBoards):
    """How a round robin of team matches is played."""

    odd: OddTeams = Field(
        default="triangle",
        description="An odd number of teams: a triangle (7, 9, 11 or 13 teams) or a bye.",
    )
    shared_boards: bool | None = Field(
        default=None,
        description=(
            "Every match of a round plays the same boards, relayed between all tables "
            "(true, the default, as the guide lays it out), or each match its own (false)."
        ),
    )
    first_round: int = Field(
        default=1,
        ge=1,
        description=(
            "Start at this round of the draw: a round robin split over sessions plays "
            "rounds 1 to k in one session and k + 1 to the last in the next."
        ),
    )
    last_round: int | None = Field(
        default=None, ge=1, description="Stop after this round of the draw; by default the last."
    )
    times: int = Field(
        default=1,
        ge=1,
        le=2,
        description=(
            "2: play the rounds twice over on new boards (a double round robin in one "
            "session; two teams' boards make one match)."
        ),
    )
    triangle_set: Literal["each", "one"] = Field(
        default="each",
        description=(
            "With triangles: each triangle has a set of its own (each), or the later ones "
            "play the first one's again (one: the guide's single extra set; the JCBL SRR "
            "lists count boards so)."
        ),
    )


class RoundRobinTeams:
    """Round robin (総当たり戦): every team meets every other team once.

    Each team has a home table (team n at table n); its NS pair stays there and its EW
    pair plays the same boards at the opponents' table. An even number of teams plays
    the guide's draw in teams - 1 rounds. An odd number either gives one team a bye each
    round (as many rounds as teams) or, for 7, 9, 11 or 13 teams, plays the guide's
    schedule with a triangle: team 1 (13 with 13 teams) and two others play one another
    in a mini-Mitchell over two rounds while the rest play matches (teams - 1 rounds).
    The boards of a round are shared by all its tables, or each match has its own.
    Split over sessions, each session plays some rounds of the draw (first_round,
    last_round); times=2 plays the draw twice in one session (a double round robin).
    """

    name: ClassVar[str] = "round-robin"
    aliases: ClassVar[tuple[str, ...]] = ("round-robin-teams",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = RoundRobinOptions

    def build(self, tables: int, options: RoundRobinOptions | None = None) -> Movement:
        """The round robin for ``tables`` teams (one home table each)."""
        opts = options or RoundRobinOptions()
        schedule = round_robin(tables, opts.odd)
        drawn = len(schedule.rounds)
        last = opts.last_round or drawn
        if not opts.first_round <= last <= drawn:
            raise InvalidMovement(
                N_(
                    "The %(teams)s-team round robin has rounds 1 to %(drawn)s; rounds "
                    "%(first)s to %(last)s cannot be played."
                ),
                hint=N_(
                    "Choose first_round and last_round from 1 to %(drawn)s, first not after last."
                ),
                code="round_robin.rounds",
                teams=tables,
                drawn=drawn,
                first=opts.first_round,
                last=last,
            )
        chosen = list(range(opts.first_round, last + 1)) * opts.times
        # Shared by default, as the guide lays it out: with a triangle its own set is
        # played by two tables and the rest by all, which a team match does not mind.
        shared = True if opts.shared_boards is None else opts.shared_boards
        per_round = opts.per_round(len(chosen))
        movement = schedule.movement(
            per_round,
            rounds=chosen,
            shared=shared,
            first_board=opts.first_board,
            family=self.name,
            one_triangle_set=opts.triangle_set == "one",
        )
        played = ""
        if opts.triangle_set == "one" and schedule.has_triangle:
            played += (
                " The triangles share one set of their own (a new one only where a team "
                "has played it)."
            )
        if len(chosen) < drawn * opts.times:
            played += f" Rounds {opts.first_round}-{last} of the draw."
        if opts.times == 2:
            played += (
                f" The rounds are played twice over (rounds {len(chosen) // 2 + 1}-"
                f"{len(chosen)} on new boards): every two teams meet twice."
            )
        return validate(
            movement.model_copy(
                update={
                    "plugin": self.name,
                    "plugin_version": self.version,
                    "description": movement.description + played,
                }
            )
        )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the round robin."""
    register(RoundRobinTeams())
