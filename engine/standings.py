"""Standings: the read model of a session's ranking that a director and players look at.

It is a pure function of a tournament's state and its sections' states, so the same
code serves live standings, a full rebuild, and replay as of any position (the other
read model of a session, the traveller of each board, is :mod:`engine.travellers`).

A session's sections are scored each alone, or, when the event says so, together
as one field (JCBL part 3, ch. 3 §2): the results of every section that played the
same boards go to the scoring method as one section's, each pair renumbered apart,
and the points are shared back to the sections they came from
(:mod:`engine.one_field`). Beside the fields,
the standings rank every pair of the session by percentage (a percentage game,
part 2 ch. 4 §11), each flight of a stratified game (§19), in an individual every
player (ch. 5) and, in SRR teams + pairs, the pairs beside the teams (ch. 6 §10). The
shape of what it gives (rows, fields, the masterpoints awarded on them) is
:mod:`engine.ranks`.

Live standings are incremental: given the application's memo (:mod:`engine.remembered`),
standings of states already seen are taken as they were, a field whose sections did not
change is not scored again, a section whose method rescores boards has only the boards
whose results changed scored again (docs/decisions/0031), and who sits at each pair is
worked out once per seating.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple, TypeVar

from engine.in_force import ScoringInForce, as_published
from engine.lineup import SubstituteShown, credited_players, substitutes_of
from engine.numbers import from_units, rounded_units
from engine.ranks import (
    OVERALL,
    PLAYERS,
    TOP_FLIGHT,
    FieldStandings,
    RankBy,
    StandingRow,
    Standings,
    ranked,
    with_masterpoints,
)
from engine.registry import (
    Registry,
    VersionUnavailable,
)
from engine.remembered import Remembered, states_of
from engine.scoring import (
    PairTotal,
    ScoringField,
    SectionScore,
)
from engine.seating import Line, Numbering, Pair, pair_order
from engine.section import Section
from engine.section_scores import field_groups, score_facts, score_group
from engine.tournament import ContestantKind, Player, Tournament

T = TypeVar("T")


# ---- scoring a session ------------------------------------------------------------------


class Entrant(NamedTuple):
    """One pair of a session with its exact total: where it sat, which entry it is.

    Made with :meth:`of`, which works out the figures shown. A named tuple, because a
    live 600-pair field makes one for each pair whose total moved, every query."""

    section: str
    pair: Pair
    entry: str | None
    names: tuple[str, ...]
    total: PairTotal
    players: tuple[Player, ...]
    """The players credited with its score (see :mod:`engine.lineup`)."""
    substitutes: tuple[SubstituteShown, ...]
    score_shown: Decimal
    """The total rounded as shown."""
    percentage_shown: Decimal
    """The percentage rounded as shown."""
    ranked_on: tuple[int, int]
    """The score and percentage shown in whole hundredths, what a ranking compares (JCBL:
    round, then rank; integers compare three times faster than decimals)."""
    steady: tuple[str, int, tuple[int, int]]
    """Where it is listed among tied entrants (:meth:`order`)."""

    @classmethod
    def of(
        cls,
        section: str,
        pair: Pair,
        entry: str | None,
        names: tuple[str, ...],
        total: PairTotal,
        players: tuple[Player, ...] = (),
        substitutes: tuple[SubstituteShown, ...] = (),
    ) -> Entrant:
        """The entrant, with its figures shown worked out once: a ranking reads them for
        every comparison and every row."""
        steady = (section, pair.number, pair_order(pair))
        score, percentage, units = _figures(total)
        return cls(
            section,
            pair,
            entry,
            names,
            total,
            players,
            substitutes,
            score,
            percentage,
            units,
            steady,
        )

    def measure(self, by: RankBy) -> int:
        """The figure ``by`` ranks on, in whole hundredths."""
        return self.ranked_on[0] if by is RankBy.SCORE else self.ranked_on[1]

    def order(self) -> tuple[str, int, tuple[int, int]]:
        return self.steady

    def with_total(self, total: PairTotal) -> Entrant:
        """The same entrant with another total (a new result on its boards)."""
        score, percentage, units = _figures(total)
        return Entrant(
            self.section,
            self.pair,
            self.entry,
            self.names,
            total,
            self.players,
            self.substitutes,
            score,
            percentage,
            units,
            self.steady,
        )


def same_total(a: PairTotal, b: PairTotal) -> bool:
    """Whether two totals are the same figures: numerators and denominators compared as
    integers (a live query compares every pair's; Fraction equality is far slower)."""
    return a is b or (
        a.boards_played == b.boards_played
        and a.score.numerator == b.score.numerator
        and a.score.denominator == b.score.denominator
        and a.raw.numerator == b.raw.numerator
        and a.raw.denominator == b.raw.denominator
        and a.maximum.numerator == b.maximum.numerator
        and a.maximum.denominator == b.maximum.denominator
        and a.pair == b.pair
    )


def units_shown(total: PairTotal) -> tuple[int, int]:
    """The total's score and percentage as shown, in whole hundredths: each rounded half
    up in whole numbers (no Fraction divided)."""
    score, raw, most = total.score, total.raw, total.maximum
    shown = rounded_units(score.numerator, score.denominator)
    if not most:
        return shown, 0
    numerator = raw.numerator * most.denominator * 100
    denominator = raw.denominator * most.numerator
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    return shown, rounded_units(numerator, denominator)


def _figures(total: PairTotal) -> tuple[Decimal, Decimal, tuple[int, int]]:
    """The score and percentage shown, and the two in whole hundredths (an entrant's)."""
    units = units_shown(total)
    return from_units(units[0]), from_units(units[1]), units


@dataclass(frozen=True)
class RankedField:
    """A field before rounding: the pairs ranked against each other and the top of a board."""

    sections: tuple[str, ...]
    name: str
    top: Fraction
    entrants: tuple[Entrant, ...]

    @property
    def label(self) -> str:
        return "+".join(self.sections)


@dataclass(frozen=True)
class SessionScores:
    """A session's sections scored (together where they form one field) and its fields."""

    scores: dict[str, SectionScore]
    """Section name → its score (a one-field section's share of the field's)."""
    fields: tuple[RankedField, ...]

    def entrants(self) -> tuple[Entrant, ...]:
        return tuple(e for f in self.fields for e in f.entrants)


def names_of(tournament: Tournament, section: Section, pair: Pair) -> tuple[str, ...]:
    """The names of the players credited with the pair's score (its substitutes' where
    they played most of its boards)."""
    return tuple(p.name for p in credited_players(tournament, section, pair))


def entrant(tournament: Tournament, section: Section, pair: Pair, total: PairTotal) -> Entrant:
    """The pair at ``pair`` with its total, the entry sitting there and who played."""
    players = credited_players(tournament, section, pair)
    return Entrant.of(
        section.name,
        pair,
        section.seats.get(pair),
        tuple(p.name for p in players),
        total,
        players,
        substitutes_of(tournament, section, pair),
    )


def _known_entrants(
    memo: Remembered, tournament: Tournament, section: Section
) -> dict[Pair, Entrant]:
    """The section's entrants as last worked out, while its seats and the tournament stay
    as they were."""
    return memo.latest(("entrants", section.id), (tournament.version, section.layout_version), dict)


def _entrant(
    tournament: Tournament,
    section: Section,
    pair: Pair,
    total: PairTotal,
    known: dict[Pair, Entrant] | None,
) -> Entrant:
    """:func:`entrant`, or the one ``known`` for the pair with its new total (who sits
    there is worked out once per seating, not once per result)."""
    if known is None:
        return entrant(tournament, section, pair, total)
    found = known.get(pair)
    if found is None:
        found = entrant(tournament, section, pair, total)
        # Who is credited with a substitute's boards follows the boards played: not kept.
        if not found.substitutes:
            known[pair] = found
    elif not same_total(found.total, total):
        found = known[pair] = found.with_total(total)
    return found


def score_session(
    registry: Registry,
    tournament: Tournament,
    sections: Iterable[Section],
    memo: Remembered | None = None,
) -> SessionScores:
    """Every section scored and every field of the session with its pairs' exact totals
    (a field whose states ``memo`` has seen is not scored again)."""
    scores: dict[str, SectionScore] = {}
    fields: list[RankedField] = []
    for group in field_groups(tournament, list(sections)):
        scored = score_group(registry, tournament, group, memo)
        scores |= scored
        by_name: dict[str, list[Entrant]] = {}
        for section in group:
            totals = scored[section.name].totals
            known = None if memo is None else _known_entrants(memo, tournament, section)
            for field in section.fields():
                by_name.setdefault(field.name, []).extend(
                    _entrant(tournament, section, p, totals[p], known)
                    for p in field.pairs
                    if p in totals
                )
        top = max((t for s in group for t in scored[s.name].tops.values()), default=Fraction(0))
        sections_of = tuple(s.name for s in group)
        fields += [RankedField(sections_of, n, top, tuple(e)) for n, e in by_name.items()]
    return SessionScores(scores, tuple(fields))


# ---- standings --------------------------------------------------------------------------


def lines_meet(entrants: Iterable[Entrant]) -> bool:
    """Whether the entrants come from both lines of a Mitchell: their rows then name the
    line, or NS 1 and EW 1 would read alike."""
    return len({e.pair.line for e in entrants}) > 1


def rows_of(
    entrants: Sequence[Entrant], by: RankBy, *, show_section: bool
) -> tuple[StandingRow, ...]:
    """The entrants ranked by ``by``, as standing rows."""
    show_line = lines_meet(entrants)
    # Made whole (``_make``, a tuple made in C): a big field makes a row per pair per query.
    return tuple(
        StandingRow._make(
            (
                label,
                e.pair,
                e.names,
                e.score_shown,
                e.percentage_shown,
                e.total.boards_played,
                e.section if show_section else None,
                e.pair.line if show_line else None,
                None,
                None,
                e.substitutes,
            )
        )
        for label, e in ranked(entrants, lambda e: e.measure(by), Entrant.order)
    )


PAIRS_OF_TEAMS = "matchpoints"
"""How the pairs of a team movement that ranks them (SRR teams + pairs) are scored: the
pairs game's own method, whatever method scores the teams."""


def pair_names(tournament: Tournament, section: Section, pair: Pair) -> tuple[str, ...]:
    """The pair of a team at ``pair``: its first two players sit NS at home, the next two
    EW away (a team's players are registered NS pair first, then EW pair)."""
    names = names_of(tournament, section, pair)
    return names[:2] if pair.line is Line.NS else names[2:4]


def pair_fields(
    registry: Registry, tournament: Tournament, section: Section
) -> list[FieldStandings]:
    """SRR teams + pairs (part 2 ch. 6 §10, appendix 1 list 4): beside the teams of a
    section whose movement ranks its pairs too, the NS pairs and the EW pairs, each a
    field matchpointed as a Mitchell's (part 2 ch. 4 §10: each line ranked apart). Every
    board is played across the field, so each pair is compared on every board it plays."""
    movement = section.movement
    if movement is None or not movement.ranks_pairs:
        return []
    pairs = section.known_pairs()
    lines = tuple(
        ScoringField(line.value, tuple(p for p in pairs if p.line is line)) for line in Line
    )
    facts = replace(section.facts(), numbering=Numbering.MITCHELL, fields=lines)
    scored = score_facts(registry, ScoringInForce(PAIRS_OF_TEAMS, {}, None), facts)
    top = max(scored.tops.values(), default=Fraction(0))
    found = []
    for field in lines:
        entrants = [
            entrant(tournament, section, p, scored.totals[p])._replace(
                names=pair_names(tournament, section, p)
            )
            for p in field.pairs
            if p in scored.totals
        ]
        rows = rows_of(entrants, RankBy.SCORE, show_section=False)
        found.append(FieldStandings(section.name, field.name, top, rows))
    return found


def flight_members(
    items: Sequence[T], flight: Callable[[T], str | None]
) -> list[tuple[str, list[T]]]:
    """Stratified standings (part 2 ch. 4 §19): each flight, with the contestants it
    ranks, its own and every lower flight's (A over all, B over B and C, C alone).

    A contestant given no flight is in the top flight."""
    placed = [(item, flight(item) or TOP_FLIGHT) for item in items]
    letters = sorted({letter for _, letter in placed})
    return [(f, [item for item, letter in placed if letter >= f]) for f in letters]


def flight_fields(tournament: Tournament, base: RankedField, by: RankBy) -> list[FieldStandings]:
    """A stratified session's flights, each ranked on ``by`` (none without flights)."""
    flights = tournament.ranking.flights
    if not any(e.entry in flights for e in base.entrants):
        return []
    spans = len(base.sections) > 1
    return [
        FieldStandings(
            base.label,
            f"Flight {letter}",
            base.top,
            rows_of(members, by, show_section=spans),
            ranked_by=by,
            flight=letter,
        )
        for letter, members in flight_members(base.entrants, lambda e: flights.get(e.entry or ""))
    ]


def player_key(player: Player) -> str:
    """Who a player is across sessions: the member number, else the name as written."""
    if player.member:
        return f"#{player.member.strip()}"
    return " ".join(player.name.split()).casefold()


def player_field(tournament: Tournament, base: RankedField, by: RankBy) -> FieldStandings:
    """An individual's standings (part 2 ch. 5): every player scores their pair's score."""
    players = [(e, p) for e in base.entrants for p in e.players]
    spans = len(base.sections) > 1
    show_line = lines_meet(base.entrants)
    rows = tuple(
        StandingRow(
            rank=label,
            pair=e.pair,
            names=(p.name,),
            score=e.score_shown,
            percentage=e.percentage_shown,
            boards_played=e.total.boards_played,
            section=e.section if spans else None,
            line=e.pair.line if show_line else None,
            player=player_key(p),
        )
        for label, (e, p) in ranked(
            players, lambda ep: ep[0].measure(by), lambda ep: (ep[0].order(), player_key(ep[1]))
        )
    )
    return FieldStandings(base.label, PLAYERS, base.top, rows, ranked_by=by)


def compute_standings(
    registry: Registry,
    tournament: Tournament,
    sections: Iterable[Section],
    session: int,
    *,
    masterpoints: bool = True,
    published_if_unavailable: bool = True,
    memo: Remembered | None = None,
) -> Standings:
    """A session's standings, with the masterpoints awarded on them once recorded (unless
    ``masterpoints`` is false: the standings an award is worked out from).

    Each section is scored by the version of its method in force (:mod:`engine.in_force`).
    When that version is no longer installed, the figures the session was last published
    with are what it shows, marked so (``as_published``), unless
    ``published_if_unavailable`` is false (a publication or an award must compute).

    With ``memo`` (the application's), standings of states seen before are given as they
    were worked out, and only the fields whose sections changed are scored again."""
    sections = list(sections)
    if memo is not None:
        flags = (masterpoints, published_if_unavailable)
        states, versions = states_of(tournament, sections)
        return memo.latest(
            ("standings", session, *flags, *states),
            versions,
            lambda: _standings(registry, tournament, sections, session, *flags, memo),
        )
    return _standings(
        registry, tournament, sections, session, masterpoints, published_if_unavailable, None
    )


def _standings(
    registry: Registry,
    tournament: Tournament,
    sections: list[Section],
    session: int,
    masterpoints: bool,
    published_if_unavailable: bool,
    memo: Remembered | None,
) -> Standings:
    try:
        scored = score_session(registry, tournament, sections, memo)
    except VersionUnavailable:
        published = as_published(tournament, session) if published_if_unavailable else None
        if published is None:
            raise
        return published
    fields = [
        FieldStandings(
            f.label,
            f.name,
            f.top,
            rows_of(f.entrants, RankBy.SCORE, show_section=len(f.sections) > 1),
        )
        for f in scored.fields
    ]
    for section in sections:
        fields += pair_fields(registry, tournament, section)
    overall: FieldStandings | None = None
    # Flights and players rank the whole session: one field by its score, several by
    # percentage, so that fields of different sizes meet on the same terms.
    base, by = (scored.fields[0], RankBy.SCORE) if scored.fields else (None, RankBy.SCORE)
    if len(scored.fields) > 1:
        base = RankedField(
            tuple(s.name for s in sections),
            OVERALL,
            max(f.top for f in scored.fields),
            scored.entrants(),
        )
        by = RankBy.PERCENTAGE
        overall = FieldStandings(
            base.label,
            OVERALL,
            base.top,
            rows_of(base.entrants, by, show_section=True),
            ranked_by=by,
        )
    if base is not None:
        fields += flight_fields(tournament, base, by)
        if tournament.ranking.contestants is ContestantKind.PLAYERS:
            fields.append(player_field(tournament, base, by))
    methods = {(s.method, s.version) for s in scored.scores.values()}
    if not methods:
        default = registry.scoring(tournament.scoring.method)
        methods.add((default.name, tournament.scoring.version or default.version))
    # A section re-scored apart from the others makes the session's methods "mixed".
    method, version = methods.pop() if len(methods) == 1 else ("mixed", "")
    standings = Standings(
        event=str(tournament.id),
        event_name=tournament.name,
        session=session,
        method=method,
        method_version=version,
        fields=tuple(fields),
        overall=overall,
        # Boards still in play: a closed session's boards are played out, whatever they hold.
        provisional=()
        if session in tournament.closed
        else tuple(
            (name, board) for name, s in scored.scores.items() for board in sorted(s.provisional)
        ),
    )
    award = tournament.masterpoints.get(session) if masterpoints else None
    return standings if award is None else with_masterpoints(standings, award)
