"""Several sessions ranked together, and stages: a qualifying whose carry-over feeds a final.

JCBL manual part 3, chapter 1: a championship of several sessions ranks its
contestants on their total over the sessions; an event with a qualifying and a
final keeps some of each qualifier's score as a *carry-over* into the final (§3).
A contestant is the same pair (the same players) or, in an individual, the same
player from session to session, whatever entry and pair number each session gave
them. Like standings, totals are pure functions of the recorded state, so they
can be shown as of any position. A carry-over is a decision taken once the
qualifying is over; the rule that takes it is a plugin the caller passes in
(:class:`CarryOverRule`: a registered carry-over rule with its options, bound by
:func:`chosen_rule`), and the event records what it decided.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable
from uuid import UUID

from pydantic import BaseModel

from engine.errors import InvalidInput, NotFound, Rejected
from engine.numbers import round_half_up, show
from engine.registry import CarryOverMethod, Registry, parse_options
from engine.scoring import PairTotal
from engine.seating import Pair
from engine.section import Section
from engine.standings import (
    Entrant,
    RankBy,
    flight_members,
    player_key,
    ranked,
    score_session,
)
from engine.tournament import CarriedScore, CarryOverRecorded, ContestantKind, Tournament

if TYPE_CHECKING:
    from engine.application import Traveller

T = TypeVar("T")

ContestantId = tuple[str, ...]
"""Who a contestant is across sessions: its players' keys (see :func:`player_key`), sorted."""

SectionsOf = Callable[[int], Sequence[Section]]
"""A session's sections, live or as they stood at some position."""


@runtime_checkable
class CarryOverRule(Protocol):
    """A way of working out what each qualifier carries into the final (part 3 ch. 1 §3).

    ``scores`` are the qualifiers' exact qualifying scores; ``entered`` is how many
    contestants played the qualifying, ``qualifying_boards`` the boards they played,
    ``final_top`` the top of one board of the final and ``maximum_boards`` the
    N-board maximum that bounds the carry-overs. Each carry-over is as published
    (JCBL: two decimals)."""

    @property
    def name(self) -> str: ...

    @property
    def version(self) -> str: ...

    def carry_over(
        self,
        scores: Mapping[ContestantId, Fraction],
        *,
        entered: int,
        qualifying_boards: int,
        final_top: Fraction,
        maximum_boards: int,
    ) -> Mapping[ContestantId, Decimal]: ...


@dataclass(frozen=True)
class ChosenRule:
    """A carry-over plugin (:class:`engine.registry.CarryOverMethod`) with the options the
    director chose: the :class:`CarryOverRule` a carry-over is planned with. Its options
    are recorded with the decision."""

    plugin: CarryOverMethod
    options: BaseModel

    @property
    def name(self) -> str:
        return self.plugin.name

    @property
    def version(self) -> str:
        return self.plugin.version

    def carry_over(
        self,
        scores: Mapping[ContestantId, Fraction],
        *,
        entered: int,
        qualifying_boards: int,
        final_top: Fraction,
        maximum_boards: int,
    ) -> Mapping[ContestantId, Decimal]:
        return self.plugin.carry_over(
            scores,
            entered=entered,
            qualifying_boards=qualifying_boards,
            final_top=final_top,
            maximum_boards=maximum_boards,
            options=self.options,
        )


def chosen_rule(
    registry: Registry, name: str, options: Mapping[str, Any] | None = None
) -> ChosenRule:
    """The registered carry-over rule ``name`` (or alias) with ``options`` checked against
    its parameters (a bad one is refused with the parameter's name)."""
    plugin = registry.carry_over_rule(name)
    return ChosenRule(plugin, parse_options(plugin, dict(options or {})))


# ---- contestants over several sessions -------------------------------------------------


@dataclass(frozen=True, slots=True)
class SessionPlay:
    """A contestant's part in one session: where it sat and its exact total."""

    session: int
    section: str
    pair: Pair
    total: PairTotal

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "section": self.section,
            "pair": self.pair.number,
            "score": show(self.total.score),
            "percentage": show(self.total.percentage),
            "boards_played": self.total.boards_played,
        }


@dataclass(frozen=True)
class Contestant:
    """A pair (or a player) over the sessions it played, exactly."""

    id: ContestantId
    names: tuple[str, ...]
    entries: tuple[str, ...]
    plays: tuple[SessionPlay, ...]
    carry: Decimal | None = None

    @property
    def played(self) -> Fraction:
        """The total of its sessions' scores (the carry-over left out)."""
        return sum((p.total.score for p in self.plays), Fraction(0))

    @property
    def score(self) -> Fraction:
        return self.played + Fraction(self.carry or 0)

    @property
    def percentage(self) -> Fraction:
        """Its points over the tops of every board it played, in all its sessions."""
        maximum = sum((p.total.maximum for p in self.plays), Fraction(0))
        raw = sum((p.total.raw for p in self.plays), Fraction(0))
        return raw * 100 / maximum if maximum else Fraction(0)

    @property
    def boards_played(self) -> int:
        return sum(p.total.boards_played for p in self.plays)

    def measure(self, by: RankBy) -> Decimal:
        return round_half_up(self.score if by is RankBy.SCORE else self.percentage)

    def order(self) -> tuple[str, ...]:
        return self.names


def contestant_ids(
    tournament: Tournament, entry: str | None
) -> list[tuple[ContestantId, tuple[str, ...]]]:
    """The contestants an entry stands for, with their names: the pair, or each player."""
    found = tournament.entries.get(entry or "")
    if found is None:
        return []
    if tournament.ranking.contestants is ContestantKind.PLAYERS:
        return [((player_key(p),), (p.name,)) for p in found.players]
    return [(tuple(sorted(player_key(p) for p in found.players)), tuple(found.names))]


def contestants(
    registry: Registry,
    tournament: Tournament,
    sections_of: SectionsOf,
    sessions: Iterable[int],
    carried: CarryOverRecorded | None = None,
) -> list[Contestant]:
    """Every contestant of ``sessions`` with what it scored in each (and carries in).

    A pair with no entry (a results-only section whose pairs were never seated) is a
    contestant of its own session only."""
    plays: dict[ContestantId, list[SessionPlay]] = {}
    names: dict[ContestantId, tuple[str, ...]] = {}
    entries: dict[ContestantId, list[str]] = {}
    for session in sessions:
        for e in score_session(registry, tournament, sections_of(session)).entrants():
            play = SessionPlay(session, e.section, e.pair, e.total)
            for cid, name in contestant_ids(tournament, e.entry) or [_unseated(session, e)]:
                plays.setdefault(cid, []).append(play)
                names[cid] = name
                if e.entry is not None:
                    entries.setdefault(cid, []).append(e.entry)
    carries = {} if carried is None else {tuple(c.players): c for c in carried.carried}
    return [
        Contestant(
            cid,
            names[cid],
            tuple(entries.get(cid, ())),
            tuple(p),
            None if cid not in carries else Decimal(carries[cid].carry),
        )
        for cid, p in plays.items()
    ]


def _unseated(session: int, e: Entrant) -> tuple[ContestantId, tuple[str, ...]]:
    return (f"session {session} {e.section} {e.pair.key}",), (f"{e.section} {e.pair}",)


# ---- totals -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TotalRow:
    rank: str
    contestant: Contestant
    flight: str | None
    ranked_by: RankBy

    def to_json(self) -> dict[str, Any]:
        c = self.contestant
        data: dict[str, Any] = {
            "rank": self.rank,
            "names": list(c.names),
            "contestant": list(c.id),
            "entries": list(c.entries),
            "sessions": [p.to_json() for p in c.plays],
            "carry_over": None if c.carry is None else str(c.carry),
            "score": str(round_half_up(c.score)),
            "percentage": str(round_half_up(c.percentage)),
            "boards_played": c.boards_played,
        }
        if self.flight is not None:
            data["flight"] = self.flight
        return data


@dataclass(frozen=True)
class TotalsField:
    name: str
    rows: tuple[TotalRow, ...]
    flight: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "rows": [r.to_json() for r in self.rows]}
        if self.flight is not None:
            data["flight"] = self.flight
        return data


@dataclass(frozen=True)
class Totals:
    """Contestants ranked on their total over several sessions (a stage, or the event)."""

    event: str
    event_name: str
    sessions: tuple[int, ...]
    stage: str | None
    contestants: ContestantKind
    ranked_by: RankBy
    fields: tuple[TotalsField, ...]
    carry_over: CarryOverRecorded | None = None

    def to_json(self) -> dict[str, Any]:
        carried = self.carry_over
        return {
            "event": self.event,
            "name": self.event_name,
            "sessions": list(self.sessions),
            "stage": self.stage,
            "contestants": self.contestants.value,
            "ranked_by": self.ranked_by.value,
            "carry_over": None
            if carried is None
            else {
                "from": carried.source,
                "method": carried.method,
                "version": carried.version,
                "parameters": carried.parameters,
            },
            "fields": [f.to_json() for f in self.fields],
        }

    def row(self, contestant: ContestantId) -> TotalRow | None:
        """The contestant's row in the ranking of everyone."""
        return next((r for r in self.fields[0].rows if r.contestant.id == contestant), None)


ALL = "ALL"


def contestant_flight(tournament: Tournament, contestant: Contestant) -> str | None:
    """The flight of the contestant's latest entry that has one."""
    flights = tournament.ranking.flights
    return next((flights[e] for e in reversed(contestant.entries) if e in flights), None)


def rank_totals(
    tournament: Tournament, everyone: Sequence[Contestant], by: RankBy
) -> tuple[TotalsField, ...]:
    """Everyone ranked by ``by``, then each flight (when there are flights)."""
    flights = {c.id: contestant_flight(tournament, c) for c in everyone}

    def rows(members: Iterable[Contestant]) -> tuple[TotalRow, ...]:
        return tuple(
            TotalRow(label, c, flights[c.id], by)
            for label, c in ranked(members, lambda c: c.measure(by), Contestant.order)
        )

    fields = [TotalsField(ALL, rows(everyone))]
    if any(flights.values()):
        fields += [
            TotalsField(f"Flight {letter}", rows(members), letter)
            for letter, members in flight_members(everyone, lambda c: flights[c.id])
        ]
    return tuple(fields)


def compute_totals(
    registry: Registry,
    tournament: Tournament,
    sections_of: SectionsOf,
    *,
    sessions: Sequence[int] | None = None,
    stage: str | None = None,
    by: RankBy = RankBy.SCORE,
) -> Totals:
    """The totals over ``sessions``, over a stage's sessions (with its carry-over), or
    over every session of the event."""
    if stage is not None and sessions is not None:
        raise InvalidInput("Give either a stage or sessions, not both.")
    carried = None
    if stage is not None:
        chosen = stage_sessions(tournament, stage)
        carried = tournament.ranking.carry_overs.get(stage)
    else:
        chosen = tuple(sorted(tournament.sessions) if sessions is None else sessions)
        check_sessions(tournament, chosen)
    everyone = contestants(registry, tournament, sections_of, chosen, carried)
    return Totals(
        event=str(tournament.id),
        event_name=tournament.name,
        sessions=chosen,
        stage=stage,
        contestants=tournament.ranking.contestants,
        ranked_by=by,
        fields=rank_totals(tournament, everyone, by),
        carry_over=carried,
    )


def totals_at(
    app: Traveller,
    event_id: UUID,
    *,
    position: int | None = None,
    time: dt.datetime | None = None,
    sessions: Sequence[int] | None = None,
    stage: str | None = None,
    by: RankBy = RankBy.SCORE,
) -> Totals:
    """The totals as they stood at a position or a moment (the same fold as live)."""
    from engine.history import state_at

    snap = state_at(app, event_id, position=position, time=time)
    return compute_totals(
        app.registry, snap.tournament, snap.sections_of, sessions=sessions, stage=stage, by=by
    )


# ---- stages and carry-over --------------------------------------------------------------


def check_sessions(tournament: Tournament, sessions: Sequence[int]) -> None:
    missing = [s for s in sessions if s not in tournament.sessions]
    if missing:
        known = ", ".join(str(s) for s in sorted(tournament.sessions)) or "none"
        raise NotFound(
            f"Event {tournament.name!r} has no session {', '.join(map(str, missing))}.",
            hint=f"Its sessions are {known}. Add one with `traveller session add`.",
        )


def stage_sessions(tournament: Tournament, stage: str) -> tuple[int, ...]:
    """The sessions of a defined stage, all of them already added."""
    found = tournament.ranking.stages.get(stage)
    if found is None:
        known = ", ".join(tournament.ranking.stages) or "none"
        raise NotFound(
            f"Event {tournament.name!r} has no stage {stage!r}.",
            hint=f"Its stages are {known}. Define one with `traveller stage define`.",
        )
    check_sessions(tournament, found)
    return found


def check_stage(tournament: Tournament, stage: str, sessions: Sequence[int]) -> tuple[int, ...]:
    """A stage's name and sessions as they will be recorded: checked, sorted."""
    if not stage.strip():
        raise InvalidInput("The stage needs a name.", hint="For example qualifying or final.")
    chosen = tuple(sorted(set(sessions)))
    if not chosen or chosen[0] < 1:
        raise InvalidInput(
            "A stage is made of one or more sessions, numbered from 1.",
            hint="For example --sessions 1,2.",
        )
    check_sessions(tournament, chosen)
    for other, theirs in tournament.ranking.stages.items():
        shared = sorted(set(theirs) & set(chosen))
        if other != stage and shared:
            raise Rejected(
                f"Session {', '.join(map(str, shared))} is already part of stage {other!r}.",
                hint="A session belongs to one stage; redefine that stage first.",
            )
    return chosen


def check_flights(tournament: Tournament, flights: Mapping[str, str]) -> dict[str, str]:
    """Flights as they will be recorded: known entries, each in a flight A to Z."""
    if not flights:
        raise InvalidInput("No entry was given a flight.", hint="Write ENTRY=FLIGHT, e.g. E3=B.")
    checked = {}
    for entry, flight in flights.items():
        if entry not in tournament.entries:
            raise NotFound(
                f"There is no entry {entry!r}.", hint="See the entries with `traveller entry list`."
            )
        letter = flight.strip().upper()
        if len(letter) != 1 or not "A" <= letter <= "Z":
            raise InvalidInput(
                f"{flight!r} is not a flight.",
                hint="Flights are letters: A is the top flight, then B, C …",
            )
        checked[entry] = letter
    return checked


@dataclass(frozen=True)
class CarryOver:
    """What a carry-over command will record: the qualifiers and what each carries."""

    parameters: dict[str, Any]
    carried: tuple[CarriedScore, ...]


@dataclass(frozen=True)
class Qualifying:
    """The qualifying as it ended: its contestants ranked on their scores."""

    ranking: list[tuple[str, Contestant]]

    @property
    def entered(self) -> int:
        return len(self.ranking)

    def top(self, count: int) -> list[Contestant]:
        """The first ``count``, refusing a cut that would split a tie."""
        if not 0 < count <= self.entered:
            raise InvalidInput(
                f"{count} of the {self.entered} contestants of the qualifying cannot qualify.",
                hint=f"Give a number from 1 to {self.entered}.",
            )
        if count < self.entered and self.ranking[count][0] == self.ranking[count - 1][0]:
            raise Rejected(
                f"Qualifying the first {count} would split the contestants tied "
                f"{self.ranking[count][0]}.",
                hint="Qualify more or fewer, or name the qualifiers by entry.",
            )
        return [c for _, c in self.ranking[:count]]

    def named(self, entries: Sequence[str]) -> list[Contestant]:
        """The contestants of the named entries (any session of the qualifying)."""
        chosen = []
        for entry in entries:
            found = [c for _, c in self.ranking if entry in c.entries]
            if not found:
                raise NotFound(
                    f"Entry {entry!r} did not play the qualifying.",
                    hint="Name entries from the qualifying's sessions (`traveller entry list`).",
                )
            chosen += [c for c in found if c not in chosen]
        return chosen


def plan_carry_over(
    registry: Registry,
    tournament: Tournament,
    sections_of: SectionsOf,
    *,
    stage: str,
    source: str,
    rule: CarryOverRule,
    final_top: Fraction,
    qualifiers: int | None = None,
    entries: Sequence[str] = (),
    maximum_boards: int | None = None,
) -> CarryOver:
    """Work out the carry-over from ``source`` (the qualifying) into ``stage`` (the final).

    The qualifiers are the first ``qualifiers`` of the qualifying, or the contestants
    of the named ``entries``. The rule sees E, the contestants of the qualifying, B, the
    most boards one of them played, and the final's N-board maximum (by default 2
    boards a session of the final: 4 for a two-session final, as §3 says)."""
    if stage == source:
        raise InvalidInput("A stage cannot carry over into itself.")
    final = stage_sessions(tournament, stage)
    played = stage_sessions(tournament, source)
    still_open = [s for s in played if s not in tournament.closed]
    if still_open:
        raise Rejected(
            f"The qualifying is not over: session {', '.join(map(str, still_open))} is open.",
            hint="Close its sessions with `traveller session close` first.",
        )
    if (qualifiers is None) == (not entries):
        raise InvalidInput(
            "Say who qualified: a number of qualifiers or the qualifying entries, not both."
        )
    if final_top <= 0:
        raise InvalidInput(
            f"{final_top} is not the top of a board of the final.",
            hint="Give the top of one board of the final, e.g. 25 for 26 tables.",
        )
    boards = 2 * len(final) if maximum_boards is None else maximum_boards
    everyone = contestants(registry, tournament, sections_of, played)
    qualifying = Qualifying(ranked(everyone, lambda c: c.measure(RankBy.SCORE), Contestant.order))
    chosen = qualifying.top(qualifiers) if qualifiers is not None else qualifying.named(entries)
    scores = {c.id: c.played for c in chosen}
    qualifying_boards = max(c.boards_played for c in everyone)
    carried = rule.carry_over(
        scores,
        entered=qualifying.entered,
        qualifying_boards=qualifying_boards,
        final_top=final_top,
        maximum_boards=boards,
    )
    parameters: dict[str, Any] = {
        "qualifiers": len(chosen),
        "entered": qualifying.entered,
        "qualifying_boards": qualifying_boards,
        "final_top": str(final_top),
        "maximum_boards": boards,
    }
    if isinstance(rule, ChosenRule):
        parameters["options"] = rule.options.model_dump(mode="json")
    return CarryOver(
        parameters=parameters,
        carried=tuple(
            CarriedScore(
                players=c.id, names=c.names, qualifying=show(c.played), carry=str(carried[c.id])
            )
            for c in chosen
        ),
    )
