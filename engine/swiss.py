"""A Swiss event read from its record: each round's VPs, the standings after each round
(with the conditions' tie-breaks), and the field and history the next draw is made from.

JCBL part 2 ch. 6 §8 and part 3 ch. 4 §3-2 (Swiss teams), part 2 ch. 4 (Swiss pairs).
Round ``r`` is played as session ``r`` (:mod:`engine.swiss_seating`).

- A team match is scored from its score card (IMPs, converted on the conditions' VP
  scale over the round's boards, or the VPs themselves) when one is recorded, else from
  its boards as the event's team method scores them (its IMP margin converted the same
  way). A team of a triangle in one round converts its IMP margin over both half matches
  over the round's boards; a triangle over two rounds plays three whole matches, each
  converted over the round's boards, and each of its two rounds counts half of a team's
  two matches.
- A pair of Swiss pairs scores the VPs the section's method gives it for the round (the
  matchpoint percentage as VPs, ``swiss-pairs``; or IMPs against the datum as VPs,
  ``houston`` with a VP scale).
- The bye scores the conditions' bye VPs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from engine.errors import N_, Fix, InvalidInput
from engine.matches import MatchScore
from engine.numbers import round_half_up, show
from engine.pairing.field import Draw, Field, History, Standing
from engine.ranks import number, rank_labels
from engine.registry import PlaysMatches, Registry, for_boards, parse_options
from engine.section.state import Section
from engine.section_scores import score_section, scoring_choice
from engine.tournament.checks import swiss_of
from engine.tournament.events import MatchScored
from engine.tournament.state import Swiss, Tournament

TIE_BREAKS: dict[str, str] = {
    "head-to-head": "the VPs each scored in the matches among the tied contestants (when "
    "every two of them met)",
    "imp-difference": "IMPs won less IMPs lost over every match (teams)",
    "imp-quotient": "IMPs won divided by IMPs lost over every match (teams)",
    "opponents-vp": "the final VPs of every opponent met (a Buchholz score)",
}
"""The tie-breaks a Swiss may name, in the order it gives them; contestants still level
after the last share the place."""


def check_tie_breaks(names: Sequence[str], kind: str) -> tuple[str, ...]:
    """The tie-breaks as given, refused when unknown, repeated or (IMP ones) for pairs."""
    for name in names:
        if name not in TIE_BREAKS:
            raise InvalidInput(
                N_("There is no tie-break %(name)s."),
                hint=N_("Give tie-breaks from: %(known)s."),
                code="tie_break.unknown",
                name=repr(name),
                known=", ".join(TIE_BREAKS),
            )
        if kind == "pairs" and name.startswith("imp-"):
            raise InvalidInput(
                N_("Swiss pairs are not scored by match IMPs, so %(name)s cannot break a tie."),
                hint=N_("Give head-to-head or opponents-vp."),
                code="tie_break.pairs",
                name=repr(name),
            )
    if len(set(names)) != len(names):
        raise InvalidInput(
            N_("A tie-break is given twice."),
            hint=N_("Give each tie-break once."),
            code="tie_break.twice",
        )
    return tuple(names)


BLITZ = 300
"""An IMP margin past every VP scale's blitz, whatever the boards."""


def check_card_vps(registry: Registry, swiss: Swiss, vp: tuple[Decimal, Decimal]) -> None:
    """Refuse a score card's VPs that no match on the conditions' scale gives: a total
    the scale never shares, or more than a team can score."""
    boards = swiss.conditions.boards_per_round
    scale = for_boards(registry.vp_scale(swiss.conditions.vp_scale), boards)
    given = (Fraction(vp[0]), Fraction(vp[1]))
    outcomes = [scale.victory_points(m, boards) for m in range(BLITZ + 1)]
    shares = {a + b for a, b in outcomes}
    top = max(a for a, _ in outcomes)
    if sum(given) in shares and max(given) <= top:
        return
    total = " or ".join(sorted({show(t) for t in shares}))
    raise InvalidInput(
        N_(
            "%(home)s:%(away)s is not a match's VPs on the %(scale)s scale for %(boards)s "
            "boards: a match shares %(total)s VPs and a team scores at most %(top)s."
        ),
        hint=N_("Check the score card, or give the match's IMPs and let the scale convert them."),
        code="swiss.card_vps",
        fix=Fix(None, needs=("imps",)),
        home=str(vp[0]),
        away=str(vp[1]),
        scale=swiss.conditions.vp_scale,
        boards=boards,
        total=total,
        top=show(top),
    )


def team_numbers(tournament: Tournament, swiss: Swiss) -> dict[int, str]:
    """Contestant number → entry id: as numbered at the start, then each entry registered
    since, numbered on in entry order (a late entry joins from the next draw). An entry
    withdrawn before the start is not numbered."""
    numbered = dict(swiss.conditions.teams)
    known = set(numbered.values()) | set(swiss.conditions.entered)
    late = [e.id for e in tournament.entries.values() if e.id not in known]
    return numbered | {len(numbered) + i: e for i, e in enumerate(late, 1)}


def active_teams(tournament: Tournament, swiss: Swiss) -> list[int]:
    """The contestant numbers in the draw: every numbered one not withdrawn."""
    teams = team_numbers(tournament, swiss)
    return sorted(n for n, e in teams.items() if not tournament.entries[e].withdrawn)


def history_before(swiss: Swiss, rnd: int) -> History:
    """Every recorded draw of the rounds before ``rnd``."""
    return History(draws=tuple(swiss.draws[r].draw for r in sorted(swiss.draws) if r < rnd))


def two_round_triangle(swiss: Swiss, draw: Draw) -> bool:
    """Whether ``draw``'s triangle is played over two rounds (this one and the next)."""
    return draw.triangle is not None and swiss.conditions.options.get("odd") == (
        "triangle-two-rounds"
    )


# ---- what each match scored -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """A team match as recorded so far: the IMPs each side won (``None`` when its card
    gives VPs), the VPs of its card, and whether it is complete."""

    home: int
    away: int
    imps: tuple[Fraction, Fraction] | None
    vp: tuple[Fraction, Fraction] | None = None
    complete: bool = True

    @property
    def margin(self) -> Fraction:
        """The home team's IMP margin."""
        assert self.imps is not None, "a match scored in VPs has no IMP margin"
        return self.imps[0] - self.imps[1]

    def of(self, team: int) -> tuple[Fraction, Fraction] | None:
        """The IMPs ``team`` won and lost."""
        if self.imps is None:
            return None
        return self.imps if team == self.home else (self.imps[1], self.imps[0])

    def plus(self, other: Outcome) -> Outcome:
        """Two parts of one match (its halves in two rounds) as one."""
        assert self.imps is not None and other.imps is not None
        theirs = other.of(self.home)
        assert theirs is not None
        imps = (self.imps[0] + theirs[0], self.imps[1] + theirs[1])
        return Outcome(self.home, self.away, imps, None, self.complete and other.complete)


def card_outcome(card: MatchScored) -> Outcome:
    """A match's score card."""
    if card.vp is not None:
        return Outcome(card.home, card.away, None, _pair(card.vp))
    assert card.imps is not None
    return Outcome(card.home, card.away, _pair(card.imps))


def _pair(texts: tuple[str, str]) -> tuple[Fraction, Fraction]:
    return Fraction(Decimal(texts[0])), Fraction(Decimal(texts[1]))


def board_outcomes(
    registry: Registry, tournament: Tournament, section: Section
) -> dict[frozenset[int], Outcome]:
    """The team matches a round's session scored board by board by the event's team
    method: each side's IMPs won (the positive points of its boards), complete when every
    table of the match has its result."""
    name, options = scoring_choice(tournament, section)
    method = registry.scoring(name)
    if not isinstance(method, PlaysMatches) or section.movement is None or not section.tables:
        return {}
    missing = {
        frozenset((ns.number, ew.number))
        for rnd in range(1, section.movement.rounds + 1)
        for _, ns, ew in section.missing_results(rnd)
    }
    scored: dict[frozenset[int], Outcome] = {}
    for match in method.matches(section.facts(), parse_options(method, options)):
        key = frozenset((match.home, match.away))
        scored[key] = _imps_won(match, complete=key not in missing)
    return scored


def _imps_won(match: MatchScore, *, complete: bool) -> Outcome:
    home = sum((max(b.home, Fraction(0)) for b in match.boards), match.home_bonus)
    away = sum((max(b.away, Fraction(0)) for b in match.boards), match.away_bonus)
    return Outcome(match.home, match.away, (home, away), None, complete)


def pair_scores(
    registry: Registry, tournament: Tournament, section: Section
) -> dict[int, tuple[Fraction, bool]]:
    """Swiss pairs: each pair's VPs for the round as the section's method scores them,
    and whether its table has every result."""
    if section.movement is None or not section.tables:
        return {}
    missing = {p.number for _, ns, ew in section.missing_results(1) for p in (ns, ew)}
    scored = score_section(registry, tournament, section)
    return {
        pair.number: (total.score, pair.number not in missing)
        for pair, total in scored.totals.items()
    }


# ---- each contestant's rounds -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundLine:
    """One contestant's round: whom it played (several in a triangle; none with the bye),
    the VPs it scored (``None`` until every one of its matches is scored) and the IMPs it
    won and lost (``None`` for a card in VPs, a bye, or a pair)."""

    round: int
    opponents: tuple[int, ...]
    vp: Fraction | None
    imps: tuple[Fraction, Fraction] | None = None
    against: tuple[tuple[int, Fraction], ...] = ()
    """(opponent, the VPs scored against it) of each whole match: for head-to-head."""


@dataclass(frozen=True, slots=True)
class TeamLine:
    """One contestant of the standings: its place, number, players, VP total and rounds."""

    rank: str
    team: int
    names: tuple[str, ...]
    total: Fraction
    rounds: tuple[RoundLine, ...]
    name: str | None = None
    """The entry's own name (a team's), if it has one."""


class RoundReader:
    """Reads the rounds of a Swiss: its draws, cards and the sessions that played them."""

    def __init__(
        self, registry: Registry, tournament: Tournament, sections: Mapping[int, Section]
    ) -> None:
        self.registry = registry
        self.tournament = tournament
        self.swiss = swiss_of(tournament)
        self.sections = sections
        self._boards: dict[int, dict[frozenset[int], Outcome]] = {}
        self._pairs: dict[int, dict[int, tuple[Fraction, bool]]] = {}
        """Each round's session scored once, however often a reader asks (the field of a
        draw reads the standings after every earlier round)."""

    @property
    def kind(self) -> str:
        return self.swiss.conditions.kind

    def on_scale(self, imps: Fraction) -> tuple[Fraction, Fraction]:
        """An IMP margin over a round's boards as VPs (this side's, the opponent's)."""
        boards = self.swiss.conditions.boards_per_round
        scale = for_boards(self.registry.vp_scale(self.swiss.conditions.vp_scale), boards)
        return scale.victory_points(int(round_half_up(imps, 0)), boards)

    def outcome(self, rnd: int, home: int, away: int) -> Outcome | None:
        """The match of round ``rnd`` (as the draw orders it): its card, else its boards."""
        card = self.swiss.scores.get((rnd, home, away))
        if card is not None:
            return card_outcome(card)
        if rnd not in self._boards:
            section = self.sections.get(rnd)
            self._boards[rnd] = (
                {} if section is None else board_outcomes(self.registry, self.tournament, section)
            )
        found = self._boards[rnd].get(frozenset((home, away)))
        if found is None or found.home == home:
            return found
        assert found.imps is not None
        return Outcome(home, away, (found.imps[1], found.imps[0]), None, found.complete)

    def whole(self, rnd: int, home: int, away: int) -> Outcome | None:
        """A match whole: one round's, or a triangle over two rounds' two halves (its
        card recorded under the triangle's first round)."""
        first = self.outcome(rnd, home, away)
        draw = self.swiss.draws[rnd].draw
        if not two_round_triangle(self.swiss, draw) or (rnd, home, away) in self.swiss.scores:
            return first
        if rnd + 1 not in self.swiss.draws:
            return None if first is None else Outcome(home, away, first.imps, None, False)
        second = self.outcome(rnd + 1, home, away)
        if first is None or second is None:
            return None
        return first.plus(second)

    def vps(self, outcome: Outcome) -> tuple[Fraction, Fraction]:
        return outcome.vp if outcome.vp is not None else self.on_scale(outcome.margin)

    def _pair_scores(self, rnd: int) -> dict[int, tuple[Fraction, bool]]:
        if rnd not in self._pairs:
            section = self.sections.get(rnd)
            self._pairs[rnd] = (
                {} if section is None else pair_scores(self.registry, self.tournament, section)
            )
        return self._pairs[rnd]

    def lines(self, upto: int) -> dict[int, list[RoundLine]]:
        """Contestant → its rounds 1 … ``upto`` that are drawn."""
        lines: defaultdict[int, list[RoundLine]] = defaultdict(list)
        pairs: dict[int, tuple[Fraction, bool]] = {}
        for rnd in sorted(r for r in self.swiss.draws if r <= upto):
            draw = self.swiss.draws[rnd].draw
            if self.kind == "pairs":
                pairs = self._pair_scores(rnd)
            for m in draw.matches:
                if self.kind == "pairs":
                    for me, other in ((m.home, m.away), (m.away, m.home)):
                        vp, done = pairs.get(me, (Fraction(0), False))
                        won = vp if done else None
                        against = () if won is None else ((other, won),)
                        lines[me].append(RoundLine(rnd, (other,), won, None, against))
                    continue
                o = self.outcome(rnd, m.home, m.away)
                for team, other in ((m.home, m.away), (m.away, m.home)):
                    lines[team].append(self._match_line(rnd, team, other, o))
            if draw.triangle is not None:
                for team in draw.triangle:
                    lines[team].append(self._triangle_line(draw, team))
            if draw.bye is not None:
                bye = Fraction(Decimal(self.swiss.conditions.bye_vp))
                lines[draw.bye].append(RoundLine(rnd, (), bye))
        return lines

    def _match_line(self, rnd: int, team: int, other: int, o: Outcome | None) -> RoundLine:
        if o is None or not o.complete:
            return RoundLine(rnd, (other,), None)
        home, away = self.vps(o)
        won = home if team == o.home else away
        return RoundLine(rnd, (other,), won, o.of(team), ((other, won),))

    def _triangle_line(self, draw: Draw, team: int) -> RoundLine:
        """``team``'s round in a triangle: in one round, its IMP margin over both half
        matches as VPs (part 3 ch. 4 §3-2 ③ a); over two rounds, half the VPs of its two
        whole matches (③ b)."""
        assert draw.triangle is not None
        others = tuple(t for t in draw.triangle if t != team)
        first = self.swiss.draws[draw.round - 1 if draw.triangle_continues else draw.round].draw
        whole = two_round_triangle(self.swiss, first)
        outcomes: list[tuple[int, Outcome]] = []
        for other in others:
            pairing = first.pairing_of(team, other)
            assert pairing is not None, "a triangle's three play each other"
            o = self.whole(first.round, *pairing) if whole else self.outcome(draw.round, *pairing)
            if o is None or not o.complete:
                return RoundLine(draw.round, others, None)
            outcomes.append((other, o))
        won = sum((_of(o, team)[0] for _, o in outcomes), Fraction(0))
        lost = sum((_of(o, team)[1] for _, o in outcomes), Fraction(0))
        if not whole:
            return RoundLine(draw.round, others, self.on_scale(won - lost)[0], (won, lost))
        against = tuple(
            (other, self.vps(o)[0 if o.home == team else 1] / 2) for other, o in outcomes
        )
        vp = sum((v for _, v in against), Fraction(0))
        return RoundLine(draw.round, others, vp, (won / 2, lost / 2), against)

    def complete(self, rnd: int) -> bool:
        """Whether round ``rnd`` is drawn and every match of it scored whole (a triangle
        over two rounds counts in its second round)."""
        made = self.swiss.draws.get(rnd)
        if made is None:
            return False
        lines = self.lines(rnd)
        for team in made.draw.contestants:
            mine = [r for r in lines.get(team, ()) if r.round == rnd]
            pending_triangle = (
                two_round_triangle(self.swiss, made.draw)
                and not made.draw.triangle_continues
                and team in (made.draw.triangle or ())
            )
            if not pending_triangle and any(r.vp is None for r in mine):
                return False
        return True


def _of(o: Outcome, team: int) -> tuple[Fraction, Fraction]:
    won = o.of(team)
    return won if won is not None else (Fraction(0), Fraction(0))


# ---- standings ----------------------------------------------------------------------------


def standings(
    registry: Registry,
    tournament: Tournament,
    sections: Mapping[int, Section],
    upto: int | None = None,
) -> list[TeamLine]:
    """The contestants by VPs over rounds 1 … ``upto`` (default every round drawn), best
    first (a withdrawn one too, with the rounds it played). Contestants level on VPs are
    ordered by the conditions' tie-breaks; those still level share a place and are listed
    by number. ``sections``: round → the session's section that played it."""
    return ranked(RoundReader(registry, tournament, sections), upto)


def ranked(reader: RoundReader, upto: int | None = None) -> list[TeamLine]:
    """:func:`standings` from a reader (whose sessions are scored once for all the
    standings it is asked for)."""
    tournament, swiss = reader.tournament, reader.swiss
    last = max(swiss.draws, default=0) if upto is None else upto
    lines = reader.lines(last)
    entries = team_numbers(tournament, swiss)
    totals = {
        team: sum((r.vp or Fraction(0) for r in lines.get(team, ())), Fraction(0))
        for team in entries
    }
    # JCBL: the totals are rounded, then ranked; the tie-breaks order those level.
    keys: dict[int, tuple[Fraction, ...]] = {
        team: (Fraction(round_half_up(total)),) for team, total in totals.items()
    }
    for name in swiss.conditions.tie_break:
        keys = _broken(name, keys, lines, totals)
    order = sorted(entries, key=lambda t: (tuple(-k for k in keys[t]), t))
    labels = rank_labels([keys[t] for t in order])
    return [
        TeamLine(
            label,
            team,
            tuple(tournament.entries[entries[team]].names),
            totals[team],
            tuple(lines.get(team, ())),
            tournament.entries[entries[team]].name,
        )
        for label, team in zip(labels, order, strict=True)
    ]


def _broken(
    name: str,
    keys: dict[int, tuple[Fraction, ...]],
    lines: Mapping[int, Sequence[RoundLine]],
    totals: Mapping[int, Fraction],
) -> dict[int, tuple[Fraction, ...]]:
    """``keys`` with one more element: tie-break ``name`` within each group still level."""
    groups: defaultdict[tuple[Fraction, ...], list[int]] = defaultdict(list)
    for team, key in keys.items():
        groups[key].append(team)
    out = {}
    for group in groups.values():
        for team in group:
            out[team] = (*keys[team], _tie_value(name, team, group, lines, totals))
    return out


def _tie_value(
    name: str,
    team: int,
    group: Sequence[int],
    lines: Mapping[int, Sequence[RoundLine]],
    totals: Mapping[int, Fraction],
) -> Fraction:
    mine = lines.get(team, ())
    won = sum((r.imps[0] for r in mine if r.imps is not None), Fraction(0))
    lost = sum((r.imps[1] for r in mine if r.imps is not None), Fraction(0))
    match name:
        case "head-to-head":
            if len(group) < 2 or not _all_met(group, lines):
                return Fraction(0)
            rivals = set(group) - {team}
            return sum((v for r in mine for o, v in r.against if o in rivals), Fraction(0))
        case "imp-difference":
            return won - lost
        case "imp-quotient":
            return won / lost if lost else Fraction(10**9) + won
        case _:  # opponents-vp
            met = [o for r in mine for o in r.opponents]
            return sum((totals.get(o, Fraction(0)) for o in met), Fraction(0))


def _all_met(group: Sequence[int], lines: Mapping[int, Sequence[RoundLine]]) -> bool:
    for team in group:
        met = {o for r in lines.get(team, ()) for o, _ in r.against}
        if not set(group) - {team} <= met:
            return False
    return True


def field_for(
    registry: Registry, tournament: Tournament, sections: Mapping[int, Section], rnd: int
) -> Field:
    """The field round ``rnd`` is drawn from: the contestants in the draw (in number
    order, the entry order) and the standings after each round complete before it."""
    swiss = swiss_of(tournament)
    teams = active_teams(tournament, swiss)
    entries = team_numbers(tournament, swiss)
    contestants = tuple(
        Standing(number=n, rank=i, seeding=_seeding(tournament.entries[entries[n]].seeding))
        for i, n in enumerate(teams, 1)
    )
    reader = RoundReader(registry, tournament, sections)
    after: list[tuple[Standing, ...]] = []
    for done in range(1, rnd):
        if not reader.complete(done):
            break
        table = ranked(reader, done)
        after.append(
            tuple(
                Standing(number=line.team, score=line.total, rank=_place(line.rank))
                for line in table
            )
        )
    return Field(kind=swiss.conditions.kind, contestants=contestants, after=tuple(after))


def _seeding(points: str | None) -> Fraction | None:
    return None if points is None else Fraction(Decimal(points))


def _place(label: str) -> int:
    """The place a rank label gives (``"3="`` → 3): level contestants share it."""
    return int(label.rstrip("="))


def standings_json(table: list[TeamLine], kind: str = "teams") -> list[dict[str, Any]]:
    """The standings as data: every contestant's total and its rounds (opponents, VPs),
    each numbered as a ``team`` or a ``pair``."""
    noun = kind[:-1]
    return [
        {
            "rank": line.rank,
            noun: line.team,
            "name": line.name,
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


def standings_diff(
    before: list[TeamLine], after: list[TeamLine], kind: str = "teams"
) -> list[dict[str, Any]]:
    """Per contestant: VPs and place before and after, for every one whose line changed
    (a correction to an earlier round, seen from two store positions)."""
    noun = kind[:-1]
    old = {line.team: line for line in before}
    rows = []
    for line in after:
        was = old.get(line.team)
        if was is not None and (was.total, was.rank) == (line.total, line.rank):
            continue
        rows.append(
            {
                noun: line.team,
                "names": list(line.names),
                "vp_before": None if was is None else show(was.total),
                "vp_after": show(line.total),
                "rank_before": None if was is None else was.rank,
                "rank_after": line.rank,
            }
        )
    return rows
