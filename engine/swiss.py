"""A Swiss teams event read from its record: each round's VPs, the standings after each
round, and the field and history the next draw is made from.

JCBL part 2 ch. 6 §8 and part 3 ch. 4 §3-2: a Swiss ranks by victory points; each
match's IMPs are converted on the conditions' scale (or its VPs were given from the
score card). A team with the bye scores the conditions' bye VPs; a team of a triangle
in one round scores the average of its two half matches.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from engine.numbers import round_half_up, show
from engine.pairing.field import Draw, Field, History, Standing
from engine.ranks import number, rank_labels
from engine.registry import Registry, for_boards
from engine.tournament.checks import swiss_of
from engine.tournament.events import MatchScored
from engine.tournament.state import Swiss, Tournament


def team_numbers(tournament: Tournament, swiss: Swiss) -> dict[int, str]:
    """Team number → entry id: as numbered at the start, then each team entered since
    numbered on, in entry order (a late entry joins from the next draw)."""
    numbered = dict(swiss.conditions.teams)
    known = set(numbered.values())
    late = [e.id for e in tournament.entries.values() if e.id not in known]
    return numbered | {len(numbered) + i: e for i, e in enumerate(late, 1)}


def active_teams(tournament: Tournament, swiss: Swiss) -> list[int]:
    """The team numbers in the draw: every numbered team not withdrawn."""
    teams = team_numbers(tournament, swiss)
    return sorted(n for n, e in teams.items() if not tournament.entries[e].withdrawn)


def history_before(swiss: Swiss, rnd: int) -> History:
    """Every recorded draw of the rounds before ``rnd``."""
    return History(draws=tuple(swiss.draws[r].draw for r in sorted(swiss.draws) if r < rnd))


def margin(card: MatchScored) -> Fraction:
    """The home team's IMP margin on a score card."""
    assert card.imps is not None, "a triangle's cards give IMPs"
    home, away = (Fraction(Decimal(v)) for v in card.imps)
    return home - away


def vps(registry: Registry, swiss: Swiss, card: MatchScored) -> tuple[Fraction, ...]:
    """The VPs of a match's score card: as given, or its IMP margin on the conditions'
    scale over the round's boards."""
    if card.vp is not None:
        return tuple(Fraction(Decimal(v)) for v in card.vp)
    return on_scale(registry, swiss, margin(card))


def on_scale(registry: Registry, swiss: Swiss, imps: Fraction) -> tuple[Fraction, Fraction]:
    """An IMP margin over a round's boards as VPs (this side's, the opponent's)."""
    boards = swiss.conditions.boards_per_round
    scale = for_boards(registry.vp_scale(swiss.conditions.vp_scale), boards)
    return scale.victory_points(int(round_half_up(imps, 0)), boards)


def complete(swiss: Swiss, rnd: int) -> bool:
    """Whether round ``rnd`` is drawn and every match of it has a score card."""
    made = swiss.draws.get(rnd)
    if made is None:
        return False
    scored = {(h, a) for _, h, a in (k for k in swiss.scores if k[0] == rnd)}
    return all(pair in scored for pair in made.draw.pairings)


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One team's round: whom it played (several in a triangle; none with the bye) and
    the VPs it scored (``None`` until every one of its matches is scored)."""

    round: int
    opponents: tuple[int, ...]
    vp: Fraction | None


@dataclass(frozen=True, slots=True)
class TeamLine:
    """One team of the standings: its place, number, players, VP total and rounds."""

    rank: str
    team: int
    names: tuple[str, ...]
    total: Fraction
    rounds: tuple[RoundLine, ...]


def round_lines(registry: Registry, swiss: Swiss, upto: int) -> dict[int, list[RoundLine]]:
    """Team → its rounds 1 … ``upto`` that are drawn.

    A team of a triangle in one round plays half the round's boards against each of the
    other two; the IMP margin over the round's boards is converted to VPs (part 3 ch. 4
    §3-2 ③ a)."""
    lines: defaultdict[int, list[RoundLine]] = defaultdict(list)
    for rnd in sorted(r for r in swiss.draws if r <= upto):
        draw = swiss.draws[rnd].draw
        for m in draw.matches:
            card = swiss.scores.get((rnd, m.home, m.away))
            won = None if card is None else vps(registry, swiss, card)
            lines[m.home].append(RoundLine(rnd, (m.away,), None if won is None else won[0]))
            lines[m.away].append(RoundLine(rnd, (m.home,), None if won is None else won[1]))
        if draw.triangle is not None:
            for team in draw.triangle:
                lines[team].append(_triangle_line(registry, swiss, draw, team))
        if draw.bye is not None:
            bye = Fraction(Decimal(swiss.conditions.bye_vp))
            lines[draw.bye].append(RoundLine(rnd, (), bye))
    return lines


def _triangle_line(registry: Registry, swiss: Swiss, draw: Draw, team: int) -> RoundLine:
    """``team``'s round in a triangle: its IMP margin over both half matches as VPs."""
    assert draw.triangle is not None
    others = tuple(t for t in draw.triangle if t != team)
    total = Fraction(0)
    for other in others:
        pairing = draw.pairing_of(team, other)
        assert pairing is not None, "a triangle's three play each other"
        card = swiss.scores.get((draw.round, *pairing))
        if card is None:
            return RoundLine(draw.round, others, None)
        total += margin(card) if pairing[0] == team else -margin(card)
    return RoundLine(draw.round, others, on_scale(registry, swiss, total)[0])


def standings(
    registry: Registry, tournament: Tournament, upto: int | None = None
) -> list[TeamLine]:
    """The teams by VPs over rounds 1 … ``upto`` (default every round drawn), best first
    (a withdrawn team too, with the rounds it played); equal totals share a place and
    are listed by team number."""
    swiss = swiss_of(tournament)
    last = max(swiss.draws, default=0) if upto is None else upto
    lines = round_lines(registry, swiss, last)
    rows: list[tuple[int, Fraction, tuple[RoundLine, ...]]] = []
    for team in team_numbers(tournament, swiss):
        mine = tuple(lines.get(team, ()))
        rows.append((team, sum((r.vp or Fraction(0) for r in mine), Fraction(0)), mine))
    rows.sort(key=lambda row: (-round_half_up(row[1]), row[0]))
    labels = rank_labels([Decimal(round_half_up(row[1])) for row in rows])
    entries = team_numbers(tournament, swiss)
    return [
        TeamLine(label, team, tuple(tournament.entries[entries[team]].names), total, mine)
        for label, (team, total, mine) in zip(labels, rows, strict=True)
    ]


def field_for(registry: Registry, tournament: Tournament, rnd: int) -> Field:
    """The field round ``rnd`` is drawn from: the teams in the draw (in number order, the
    entry order) and the standings after each round complete before it."""
    swiss = swiss_of(tournament)
    teams = active_teams(tournament, swiss)
    contestants = tuple(Standing(number=n, rank=i) for i, n in enumerate(teams, 1))
    after: list[tuple[Standing, ...]] = []
    for done in range(1, rnd):
        if not complete(swiss, done):
            break
        table = standings(registry, tournament, done)
        places = {line.team: place for place, line in enumerate(table, 1)}
        after.append(
            tuple(
                Standing(number=line.team, score=line.total, rank=_first(table, line, places))
                for line in table
            )
        )
    return Field(kind="teams", contestants=contestants, after=tuple(after))


def _first(table: list[TeamLine], line: TeamLine, places: dict[int, int]) -> int:
    """The place of ``line``: teams level on VPs share the place of the first of them."""
    return min(places[t.team] for t in table if t.rank == line.rank)


def draw_json(draw: Draw) -> dict[str, Any]:
    """A draw as ``traveller swiss draw --format json`` prints it."""
    return {
        "round": draw.round,
        "matches": [{"table": m.table, "home": m.home, "away": m.away} for m in draw.matches],
        "triangle": None if draw.triangle is None else list(draw.triangle),
        "bye": draw.bye,
        "relaxed": list(draw.relaxed),
        "method": draw.method,
        "version": draw.method_version,
        "drawn_from": draw.drawn_from,
        "seed": draw.seed,
    }


def standings_json(table: list[TeamLine]) -> list[dict[str, Any]]:
    """The standings as data: every team's total and its rounds (opponents, VPs)."""
    return [
        {
            "rank": line.rank,
            "team": line.team,
            "names": list(line.names),
            "vp": number(line.total),
            "shown": show(line.total),
            "rounds": [
                {
                    "round": r.round,
                    "opponents": list(r.opponents),
                    "vp": None if r.vp is None else number(r.vp),
                }
                for r in line.rounds
            ],
        }
        for line in table
    ]


def standings_diff(before: list[TeamLine], after: list[TeamLine]) -> list[dict[str, Any]]:
    """Per team: VPs and place before and after, for every team whose line changed (a
    correction to an earlier round, seen from two store positions)."""
    old = {line.team: line for line in before}
    rows = []
    for line in after:
        was = old.get(line.team)
        if was is not None and (was.total, was.rank) == (line.total, line.rank):
            continue
        rows.append(
            {
                "team": line.team,
                "names": list(line.names),
                "vp_before": None if was is None else show(was.total),
                "vp_after": show(line.total),
                "rank_before": None if was is None else was.rank,
                "rank_after": line.rank,
            }
        )
    return rows
