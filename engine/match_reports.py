"""A team section's matches reported: the manual's round-robin cross-table (part 2 ch. 6
§6), and a knockout match with its carry-over, segment by segment (§2, §7).

The reports are built from what any team method gives (:class:`engine.registry.PlaysMatches`,
:class:`engine.registry.PlaysKnockouts`), with the registry and the state of the event, so
that every adapter shows the same report and none reaches into a scoring plugin.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from pydantic import BaseModel

from engine.errors import N_, Fix, Rejected
from engine.matches import KnockoutMatch, MatchScore, SegmentFacts, segments_of
from engine.numbers import round_half_up, show
from engine.ranks import rank_labels
from engine.registry import (
    PlaysKnockouts,
    PlaysMatches,
    Registry,
    ScoringMethod,
    VictoryPointScale,
    parse_options,
    scale_for,
)
from engine.seating import Line, Pair
from engine.section.seats import seated_entry
from engine.section.state import Section
from engine.section_scores import scoring_choice
from engine.standings import names_of, player_key
from engine.tournament.state import Tournament

# ---- the round robin ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What a match is worth to each team in a round robin: VPs (or any points)."""

    home: int
    away: int
    home_points: Fraction
    away_points: Fraction


@dataclass(frozen=True, slots=True)
class CrossTableRow:
    """One team's line of the cross-table: rank, total, and what it scored against each."""

    team: int
    rank: str
    total: Fraction
    against: tuple[tuple[Fraction, ...], ...]
    """Per column team (in :attr:`RoundRobin.teams` order): the points of each match
    against it, in the order played; empty for the team itself and teams not yet met."""


@dataclass(frozen=True, slots=True)
class RoundRobin:
    """Round-robin standings laid out as the manual's cross-table (part 2 ch. 6 §6)."""

    teams: tuple[int, ...]
    """The columns, and the rows of :attr:`rows`: every team in number order."""
    rows: tuple[CrossTableRow, ...]

    def standings(self) -> tuple[CrossTableRow, ...]:
        """The rows best first (equal totals by team number)."""
        return tuple(sorted(self.rows, key=lambda r: (-round_half_up(r.total), r.team)))

    def to_json(self) -> dict[str, Any]:
        """The cross-table with every number shown to 2 decimals, half up."""
        return {
            "teams": list(self.teams),
            "rows": [
                {
                    "team": r.team,
                    "rank": r.rank,
                    "total": show(r.total),
                    "against": [[show(p) for p in cell] for cell in r.against],
                }
                for r in self.rows
            ],
        }


def round_robin(results: Iterable[MatchResult], teams: Sequence[int] = ()) -> RoundRobin:
    """Standings of a round robin (single, double or triple) from its match results.

    Each team's total is the sum of its VPs (or other match points) from every match.
    Teams rank by their totals as shown, half up to 2 decimals; equal totals share a
    rank marked "=" ("2="). ``teams`` adds teams that have no result yet.
    """
    played: dict[tuple[int, int], list[Fraction]] = defaultdict(list)
    everyone = set(teams)
    for r in results:
        played[r.home, r.away].append(r.home_points)
        played[r.away, r.home].append(r.away_points)
        everyone |= {r.home, r.away}
    order = tuple(sorted(everyone))
    totals = {t: sum((sum(played[t, o], Fraction(0)) for o in order), Fraction(0)) for t in order}
    ranked = sorted(order, key=lambda t: (-round_half_up(totals[t]), t))
    labels = dict(zip(ranked, rank_labels([round_half_up(totals[t]) for t in ranked]), strict=True))
    rows = tuple(
        CrossTableRow(t, labels[t], totals[t], tuple(tuple(played[t, o]) for o in order))
        for t in order
    )
    return RoundRobin(order, rows)


def cross_table(
    matches: Iterable[MatchScore], teams: Sequence[int], scale: VictoryPointScale | None = None
) -> RoundRobin:
    """The manual's round-robin cross-table (part 2 ch. 6 §6) of a team section.

    Each cell is what a team took from a match: its IMPs or board points (with B-a-M +
    VP's VPs), or with ``scale`` the VPs of the match's IMP margin — half the difference
    of the two teams' totals, to a whole IMP, an exact half away from zero, as a team
    method converting to VPs ranks them."""
    results = []
    for m in matches:
        home, away = m.total(m.home), m.total(m.away)
        if scale is not None:
            margin = int(round_half_up((home - away) / 2, 0))
            home, away = scale.victory_points(margin, len(m.boards))
        results.append(MatchResult(m.home, m.away, home, away))
    return round_robin(results, teams)


@dataclass(frozen=True)
class CrossTable:
    """A team section's cross-table, with the method that scored it and the teams' names."""

    session: int
    section: str
    method: str
    vp_scale: str | None
    table: RoundRobin
    names: Mapping[int, tuple[str, ...]]

    def to_json(self) -> dict[str, Any]:
        return {
            "session": self.session,
            "section": self.section,
            "method": self.method,
            "vp_scale": self.vp_scale,
            **self.table.to_json(),
            "names": {str(t): list(n) for t, n in self.names.items()},
        }


def vp_scale_of(
    registry: Registry, tournament: Tournament, state: Section
) -> VictoryPointScale | None:
    """The VP scale the section's method converts its matches on, read as its options
    ask (None for a method with no VP scale)."""
    name, options = scoring_choice(tournament, state)
    parsed = parse_options(registry.scoring(name), options)
    scale_name = getattr(parsed, "vp_scale", None)
    return None if scale_name is None else scale_for(registry.vp_scale(scale_name), parsed)


def cross_table_report(registry: Registry, tournament: Tournament, state: Section) -> CrossTable:
    """The cross-table of a team section: each team's points against each other team (VPs
    when the section's method converts matches to VPs), its total and rank."""
    name, options = scoring_choice(tournament, state)
    method = registry.scoring(name)
    if not isinstance(method, PlaysMatches) or state.movement is None:
        raise Rejected(
            N_(
                "Section %(section)s of session %(session)s is not a team event scored by "
                "matches (it is scored by %(method)s)."
            ),
            hint=N_(
                "A cross-table needs a team movement and a team method: team-imps, "
                "board-a-match or bam-vp."
            ),
            code="crosstable.not_teams",
            fix=Fix("rescore", fields={"scoring": "team-imps"}, needs=("reason",)),
            section=state.name,
            session=state.session,
            method=method.name,
        )
    parsed = parse_options(method, options)
    scale_name = getattr(parsed, "vp_scale", None)
    scale = vp_scale_of(registry, tournament, state)
    teams = [t.number for t in state.movement.teams]
    return CrossTable(
        session=state.session,
        section=state.name,
        method=method.name,
        vp_scale=scale_name,
        table=cross_table(method.matches(state.facts(), parsed), teams, scale),
        names={t.number: names_of(tournament, state, t) for t in state.movement.teams},
    )


# ---- the knockout ------------------------------------------------------------------------------


@dataclass(frozen=True)
class KnockoutSide:
    """One team of a knockout match: its number and entry in the first segment, its
    players, the carry-over it brought and its total."""

    team: int
    entry: str | None
    names: tuple[str, ...]
    carry_over: Fraction
    total: Fraction

    @property
    def label(self) -> str:
        """``Team 1 (Ann / Bob)``: how the director names it."""
        return f"Team {self.team}" + (f" ({' / '.join(self.names[:2])})" if self.names else "")

    def to_json(self) -> dict[str, Any]:
        return {
            "team": self.team,
            "entry": self.entry,
            "names": list(self.names),
            "carry_over": show(self.carry_over),
            "total": show(self.total),
        }


@dataclass(frozen=True)
class KnockoutReport:
    """A knockout match as the director reports it: both sides, every segment, who is
    ahead and, once every session of it is closed, who goes through."""

    tournament: Tournament
    section: str
    sessions: tuple[int, ...]
    method: str
    version: str
    match: KnockoutMatch
    home: KnockoutSide
    away: KnockoutSide
    finished: bool

    def side(self, team: Hashable | None) -> KnockoutSide | None:
        if team is None:
            return None
        return self.home if team == self.match.home else self.away

    @property
    def message(self) -> str:
        """What the director tells the players."""
        home, away = self.match.home_total, self.match.away_total
        score = f"{show(max(home, away))}–{show(min(home, away))}"
        played = len(self.match.segments)
        after = f"after {played} segment{'s' if played != 1 else ''}"
        ahead = self.side(self.match.ahead)
        if self.match.decided_by == "imps":
            assert ahead is not None
            margin = show(abs(home - away))
            if self.finished:
                return f"{ahead.label} wins by {margin} IMPs ({score})."
            return f"{ahead.label} leads by {margin} IMPs ({score}) {after}."
        if self.match.decided_by == "carry-over":
            assert ahead is not None
            verb = "goes through" if self.finished else "would go through"
            return f"Level at {score} {after}: {ahead.label} {verb} on its larger carry-over."
        if self.finished:
            return (
                f"Level at {score} {after}: play the extra boards the conditions of contest "
                "name and record them as one more segment (a round or a session)."
            )
        return f"Level at {score} {after}."

    def to_json(self) -> dict[str, Any]:
        ahead = None if self.match.ahead is None else self._which(self.match.ahead)
        return {
            "event": str(self.tournament.id),
            "name": self.tournament.name,
            "section": self.section,
            "sessions": list(self.sessions),
            "method": self.method,
            "version": self.version,
            "tie": self.match.tie,
            "home": self.home.to_json(),
            "away": self.away.to_json(),
            "segments": [
                {"segment": n, **s.to_json()} for n, s in enumerate(self.match.segments, start=1)
            ],
            "ahead": ahead,
            "decided_by": self.match.decided_by,
            "finished": self.finished,
            "winner": ahead if self.finished else None,
            "message": self.message,
        }

    def _which(self, team: Hashable) -> str:
        return "home" if team == self.match.home else "away"


def knockout_report(
    registry: Registry,
    tournament: Tournament,
    sections: Sequence[Section],
    *,
    section: str,
    named: bool = False,
) -> KnockoutReport:
    """The knockout match played in ``sections`` (section ``section`` of its sessions).

    With ``named`` the director named those sessions, and each must be scored as a
    knockout; otherwise the match is every one of them that is."""
    chosen = _knockout_sections(registry, tournament, sections, section, named)
    method, options = _one_method(registry, tournament, chosen)
    segments: list[SegmentFacts] = []
    known: dict[Hashable, tuple[int, tuple[str, ...], str | None]] = {}
    for state in chosen:
        teams = _teams(tournament, state)
        for number, who in teams.items():
            seat = Pair(number, Line.NS)
            known.setdefault(
                who, (number, names_of(tournament, state, seat), state.seats.get(seat))
            )
        segments += segments_of(state.session, state.facts(), state.movement, teams)
    match = method.match(segments, options)

    def side(who: Hashable, carried: Fraction, total: Fraction) -> KnockoutSide:
        number, names, entry = known[who]
        return KnockoutSide(number, entry, names, carried, total)

    return KnockoutReport(
        tournament=tournament,
        section=section,
        sessions=tuple(s.session for s in chosen),
        method=method.name,
        version=method.version,
        match=match,
        home=side(match.home, match.carry_over_home, match.home_total),
        away=side(match.away, match.carry_over_away, match.away_total),
        finished=all(s.session in tournament.closed for s in chosen),
    )


def _knockout_sections(
    registry: Registry,
    tournament: Tournament,
    sections: Sequence[Section],
    section: str,
    named: bool,
) -> list[Section]:
    def knockout(state: Section) -> bool:
        return isinstance(registry.scoring(scoring_choice(tournament, state)[0]), PlaysKnockouts)

    ordered = sorted(sections, key=lambda s: s.session)
    if named:
        for state in ordered:
            if not knockout(state):
                name, _ = scoring_choice(tournament, state)
                raise Rejected(
                    N_(
                        "Section %(section)s of session %(session)s is scored by %(method)s, "
                        "not as a knockout."
                    ),
                    hint=N_("Score it as one."),
                    code="knockout.scoring",
                    fix=Fix(
                        "rescore",
                        fields={
                            "session": state.session,
                            "section": section,
                            "scoring": "knockout",
                        },
                        needs=("reason",),
                    ),
                    section=section,
                    session=state.session,
                    method=name,
                )
        return ordered
    chosen = [state for state in ordered if knockout(state)]
    if not chosen:
        raise Rejected(
            N_("No session of %(event)s has a section %(section)s scored as a knockout."),
            hint=N_(
                "Create the event scored as a knockout (with its carry-over, for example 7.5 to "
                "the home team), or re-score the match's sessions as a knockout."
            ),
            code="knockout.none",
            fix=(
                Fix(
                    "event.create",
                    fields={"scoring": "knockout", "option": "carry_over_home=7.5"},
                    needs=("name",),
                ),
                Fix("rescore", fields={"scoring": "knockout"}, needs=("reason",)),
            ),
            event=repr(tournament.name),
            section=section,
        )
    return chosen


def _one_method(
    registry: Registry, tournament: Tournament, chosen: Sequence[Section]
) -> tuple[_KnockoutMethod, BaseModel]:
    """The knockout method and options every session of the match is scored by."""
    first: tuple[_KnockoutMethod, BaseModel] | None = None
    for state in chosen:
        name, given = scoring_choice(tournament, state)
        method = registry.scoring(name)
        assert isinstance(method, PlaysKnockouts)
        options = parse_options(method, given)
        if first is None:
            first = (method, options)
        elif (method, options) != first:
            raise Rejected(
                N_(
                    "Session %(session)s gives the knockout other options than session "
                    "%(first)s (%(difference)s)."
                ),
                hint=N_("Score every session of the match with the same carry-over and tie rule."),
                code="knockout.options",
                fix=Fix(
                    "rescore",
                    fields={"session": state.session, "scoring": "knockout"},
                    needs=("option", "reason"),
                ),
                session=state.session,
                first=chosen[0].session,
                difference=_difference((method, options), first),
            )
    assert first is not None
    return first


class _KnockoutMethod(ScoringMethod, PlaysKnockouts, Protocol):
    """A scoring method that plays knockout matches."""


def _difference(
    now: tuple[ScoringMethod, BaseModel], before: tuple[ScoringMethod, BaseModel]
) -> str:
    """``carry_over_home=3, not 2``: what one session's method or options change."""
    if now[0] is not before[0]:
        return f"{now[0].name}, not {before[0].name}"
    new, old = now[1].model_dump(mode="json"), before[1].model_dump(mode="json")
    return "; ".join(
        f"{key}={new[key]}, not {old.get(key)}" for key in new if new[key] != old.get(key)
    )


def _teams(tournament: Tournament, state: Section) -> dict[int, Hashable]:
    """Each team of the section by its number → who it is: its entry's players (a team
    never seated is known by its number, as a knockout method knows it)."""
    teams: dict[int, Hashable] = {}
    for pair in (p for f in state.fields() for p in f.pairs):
        entry = seated_entry(tournament, state, pair)
        teams[pair.number] = (
            f"team {pair.number}"
            if entry is None
            else tuple(sorted(player_key(p) for p in entry.players))
        )
    return teams
