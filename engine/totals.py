"""Several sessions ranked together: each contestant's total over a stage or the event.

JCBL manual part 3, chapter 1: a championship of several sessions ranks its
contestants on their total over the sessions; an event with a qualifying and a
final keeps some of each qualifier's score as a *carry-over* into the final (§3),
which the final's totals add. A contestant is the same pair (the same players) or,
in an individual, the same player from session to session, whatever entry and pair
number each session gave them. Like standings, totals are pure functions of the
recorded state, so they can be shown as of any position (:func:`engine.history.totals_at`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from engine.errors import N_, InvalidInput
from engine.numbers import round_half_up, show
from engine.ranks import RankBy, ranked
from engine.registry import Registry
from engine.scoring import PairTotal
from engine.seating import Pair
from engine.section import Section
from engine.standings import Entrant, flight_members, player_key, score_session
from engine.tournament import CarryOverRecorded, ContestantKind, Tournament
from engine.tournament.checks import check_sessions, stage_sessions

ContestantId = tuple[str, ...]
"""Who a contestant is across sessions: its players' keys (see :func:`player_key`), sorted."""

SectionsOf = Callable[[int], Sequence[Section]]
"""A session's sections, live or as they stood at some position."""


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
    tournament: Tournament, e: Entrant
) -> list[tuple[ContestantId, tuple[str, ...]]]:
    """The contestants an entrant stands for, with their names: the pair — its entry's
    regular players, whoever substituted for them, so that a pair is one contestant from
    session to session — or each player credited with its score (:mod:`engine.lineup`)."""
    found = tournament.entries.get(e.entry or "")
    if found is None:
        return []
    if tournament.ranking.contestants is ContestantKind.PLAYERS:
        return [((player_key(p),), (p.name,)) for p in e.players or found.players]
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
            for cid, name in contestant_ids(tournament, e) or [_unseated(session, e)]:
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
        raise InvalidInput(
            N_("Give either a stage or sessions, not both."), code="totals.stage_and_sessions"
        )
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
