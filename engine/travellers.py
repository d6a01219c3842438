"""Travellers: the read model of one board, every table's result and the points it earned.

Like the standings, a pure function of the recorded state; a section scored in one field
with others shows the field's points and top (JCBL part 3 ch. 3 §2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine import bridge
from engine.deals import hand_record
from engine.errors import N_, InvalidInput, NotFound
from engine.lineup import players_at
from engine.numbers import show
from engine.ranks import number
from engine.registry import Registry
from engine.scoring import ScoredResult, SectionScore, TableResult, shown_assigned
from engine.seating import Pair, pair_order
from engine.section import Section
from engine.section_scores import field_groups, score_group
from engine.standings import names_of
from engine.tournament import Tournament


def points_unit(method: str, against_datum: bool) -> str | None:
    """What a board's points are called: ``IMP`` (a team match, cross-IMPs, Butler or
    Houston, any score against a datum), ``MP`` (matchpoints, whose top a traveller
    shows), or ``None`` (plain points: board-a-match, total points …)."""
    if against_datum or "imp" in method or method in ("butler", "houston"):
        return "IMP"
    return "MP" if method == "matchpoints" else None


def traveller(
    registry: Registry,
    tournament: Tournament,
    section: Section,
    board: int,
    session_sections: Sequence[Section] = (),
) -> dict[str, Any]:
    """The traveller of one board: every table's result and the points it earned.

    Given the session's sections, a section scored in one field with others shows the
    field's points and top."""
    scored = _field_score(registry, tournament, section, session_sections)
    rows = [s for s in scored.results if s.result.board == board]
    if not rows and (section.movement is None or board not in section.movement.boards):
        raise NotFound(
            N_("Board %(board)s has no results in section %(section)s."),
            code="board.no_results",
            board=board,
            section=section.name,
        )
    return {
        "board": board,
        "section": section.name,
        "dealer": bridge.dealer(board).value,
        "vulnerability": bridge.vulnerability(board).value,
        "top": number(scored.tops.get(board, Fraction(0))),
        "method": scored.method,
        "unit": points_unit(scored.method, board in scored.datum),
        "datum": None if board not in scored.datum else number(scored.datum[board]),
        **({} if board not in scored.datum_ew else {"datum_ew": number(scored.datum_ew[board])}),
        **({"provisional": True} if _in_play(tournament, section, scored, board) else {}),
        "results": [
            _traveller_line(section, s) | _names_at(tournament, section, s)
            for s in sorted(rows, key=_order)
        ],
        "deal": hand_record(tournament, section.session, board),
    }


def _in_play(tournament: Tournament, section: Section, scored: SectionScore, board: int) -> bool:
    """Whether the board's datum is provisional: still in play in a session not closed."""
    return board in scored.provisional and section.session not in tournament.closed


def _field_score(
    registry: Registry,
    tournament: Tournament,
    section: Section,
    session_sections: Sequence[Section],
) -> SectionScore:
    """The section's share of its field's score (its own, when it is a field alone)."""
    group = next(
        (
            g
            for g in field_groups(tournament, session_sections)
            if any(s.name == section.name for s in g)
        ),
        [section],
    )
    return score_group(registry, tournament, group)[section.name]


def _order(s: ScoredResult) -> tuple[int, int]:
    return (s.result.ns.number, s.result.ew.number)


def _traveller_line(section: Section, s: ScoredResult) -> dict[str, Any]:
    entry = section.tables[(s.result.board, s.result.ns)]
    r = entry.result
    adjusted = None
    if entry.neutral:
        adjusted = "N"
    elif entry.award_ns is not None:
        adjusted = f"{entry.award_ns}/{entry.award_ew}"
    else:
        adjusted = shown_assigned(entry.fact)
    return (
        {
            "ns": s.result.ns.number,
            "ew": s.result.ew.number,
            "contract": None if r is None else r.contract,
            "declarer": None if r is None else r.declarer,
            "tricks": None if r is None else r.tricks,
            "lead": None if r is None else r.lead,
            "score_ns": None if r is None else r.score_ns,
            "adjusted": adjusted,
            "assigned": _assigned(entry.fact),
            "points_ns": show(s.points_ns),
            "points_ew": show(s.points_ew),
            # The same numbers under their matchpoint names, as the traveller sheet heads them.
            "mp_ns": show(s.points_ns),
            "mp_ew": show(s.points_ew),
        }
        | _datum_of(s)
        | _players_at(section, s)
    )


def _assigned(fact: TableResult) -> dict[str, Any] | None:
    """An assigned score's results as (weight, NS score) pairs: ``ns`` what North-South
    are scored on, ``ew`` what East-West are (the same unless the score is split)."""
    if not fact.weighted:
        return None
    ew = fact.split_ew or fact.weighted
    return {
        "ns": [[str(w), score] for w, score in fact.weighted],
        "ew": [[str(w), score] for w, score in ew],
        "split": fact.split,
    }


def _datum_of(s: ScoredResult) -> dict[str, Any]:
    """The datum a result was measured against, shown on its line for datum methods (and
    the EW pairs' own, on a board whose split score gives them another)."""
    shown = {} if s.datum is None else {"datum": number(s.datum)}
    return shown if s.datum_ew is None else shown | {"datum_ew": number(s.datum_ew)}


def _names_at(tournament: Tournament, section: Section, s: ScoredResult) -> dict[str, Any]:
    """In a pairs game, the names of the players at the table in its round: a substitute
    from the round they came in (:mod:`engine.lineup`)."""
    movement = section.movement
    if movement is not None and movement.kind != "pairs":
        return {}
    r = s.result
    rnd = _round_of(section, s)
    return {
        f"names_{side}": [p.name for p in players_at(tournament, section, pair, rnd)]
        for side, pair in (("ns", r.ns), ("ew", r.ew))
    }


def _players_at(section: Section, s: ScoredResult) -> dict[str, Any]:
    """In an individual, the four players of the table (North, East, South, West)."""
    movement = section.movement
    if movement is None or movement.kind != "individual":
        return {}
    e = movement.scheduled.get((s.result.board, s.result.ns, s.result.ew))
    return {} if e is None or e.players is None else {"players": list(e.players)}


@dataclass(frozen=True)
class BoardTraveller:
    """One board's traveller (see :func:`traveller`), as a query answers it."""

    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return dict(self.data)


# ---- a contestant's score card ----------------------------------------------------------


@dataclass(frozen=True)
class CardLine:
    """One board a contestant played: when, against whom, what was played and scored,
    and the points it earned (its own side's)."""

    board: int
    round: int | None
    table: int | None
    direction: str
    """The side the contestant held the cards of, ``NS`` or ``EW``."""
    opponents: str
    """The other side's pair (an individual: the player at East or North)."""
    opponent_names: tuple[str, ...]
    contract: str | None
    declarer: str | None
    tricks: int | None
    score: int | None
    """The contestant's own score: NS's as recorded, its negation for EW."""
    adjusted: str | None
    points: Fraction
    top: Fraction

    def to_json(self) -> dict[str, Any]:
        return {
            "board": self.board,
            "round": self.round,
            "table": self.table,
            "direction": self.direction,
            "opponents": self.opponents,
            "opponent_names": list(self.opponent_names),
            "contract": self.contract,
            "declarer": self.declarer,
            "tricks": self.tricks,
            "score": self.score,
            "adjusted": self.adjusted,
            "points": show(self.points),
            "top": number(self.top),
        }


@dataclass(frozen=True)
class ScoreCard:
    """Every board a pair, team or player played in a section, round by round."""

    event: str
    event_name: str
    session: int
    section: str
    contestant: str
    """The pair (``NS3``, ``EW3``, ``3``), the team (``3``) or the player."""
    names: tuple[str, ...]
    method: str
    lines: tuple[CardLine, ...]
    deals: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Board → its deal (see :func:`engine.deals.hand_record`), for the boards on the card
    whose deal is recorded."""

    @property
    def points(self) -> Fraction:
        """The points of every board on the card added up (before any factoring); a
        team's board, played in both rooms, counts once."""
        boards = {(line.round, line.board): line.points for line in self.lines}
        return sum(boards.values(), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "name": self.event_name,
            "session": self.session,
            "section": self.section,
            "contestant": self.contestant,
            "names": list(self.names),
            "method": self.method,
            "unit": points_unit(self.method, False),
            "points": show(self.points),
            "boards": [line.to_json() for line in self.lines],
            "deals": {str(b): d for b, d in sorted(self.deals.items())},
        }


def score_card(
    registry: Registry,
    tournament: Tournament,
    section: Section,
    contestant: str,
    session_sections: Sequence[Section] = (),
) -> ScoreCard:
    """The score card of ``contestant`` (``NS3``/``EW3``/``3``; a team by its number):
    every board it played in ``section``, with the field's points as the traveller shows
    them."""
    wanted = _contestant(section, contestant)
    scored = _field_score(registry, tournament, section, session_sections)
    movement = section.movement
    lines = []
    for s in sorted(scored.results, key=lambda s: (_round_of(section, s) or 0, s.result.board)):
        r = s.result
        e = None if movement is None else movement.scheduled.get((r.board, r.ns, r.ew))
        # Who shares each side's score: the pair, or in an individual two players.
        sides = (
            ((r.ns, r.ns), (r.ew, r.ew)) if movement is None or e is None else movement.partners(e)
        )
        side = next((i for i, held in enumerate(sides) if wanted & set(held)), None)
        if side is None:
            continue
        line = _traveller_line(section, s)
        rnd = _round_of(section, s)
        other = (r.ew, r.ns)[side]
        names = (
            ()
            if other == section.phantom
            else tuple(p.name for p in players_at(tournament, section, other, rnd))
        )
        lines.append(
            CardLine(
                board=r.board,
                round=rnd,
                table=None if e is None else e.table,
                direction=("NS", "EW")[side],
                opponents=other.key,
                opponent_names=names,
                contract=line["contract"],
                declarer=line["declarer"],
                tricks=line["tricks"],
                score=None if line["score_ns"] is None else line["score_ns"] * (1, -1)[side],
                adjusted=line["adjusted"],
                points=(s.points_ns, s.points_ew)[side],
                top=scored.tops.get(r.board, Fraction(0)),
            )
        )
    first = min(wanted, key=pair_order)
    return ScoreCard(
        event=str(tournament.id),
        event_name=tournament.name,
        session=section.session,
        section=section.name,
        contestant=contestant.strip().upper().replace(" ", ""),
        names=names_of(tournament, section, first),
        method=scored.method,
        lines=tuple(lines),
        deals={
            line.board: found
            for line in lines
            if (found := hand_record(tournament, section.session, line.board)) is not None
        },
    )


def _round_of(section: Section, s: ScoredResult) -> int | None:
    """The round a result was played in: as the movement schedules it, else as entered."""
    r = s.result
    movement = section.movement
    if movement is not None:
        # An arrow-switched board has the pairs the other way round from the schedule.
        e = movement.scheduled.get((r.board, r.ns, r.ew)) or movement.scheduled.get(
            (r.board, r.ew, r.ns)
        )
        if e is not None:
            return e.round
    table = section.tables.get((r.board, r.ns))
    return None if table is None or table.result is None else table.result.round


def _contestant(section: Section, text: str) -> set[Pair]:
    """The pairs that are ``text`` in the section: one pair, or a team's two."""
    try:
        pair = Pair.parse(text)
    except ValueError:
        raise InvalidInput(
            N_("%(text)s is not a pair, team or player number."),
            hint=N_("Give a number such as 3, or NS3 / EW3 in a Mitchell."),
            code="traveller.who",
            text=repr(text),
        ) from None
    movement = section.movement
    known = set(movement.pairs) if movement is not None else set(section.seats)
    known |= {p for t in section.tables.values() for p in (t.ns, t.ew)}
    if pair in known:
        return {pair}
    lines = {p for p in known if p.number == pair.number and pair.line is None}
    if lines and movement is not None and movement.kind == "teams":
        return lines
    if len(lines) > 1:
        raise InvalidInput(
            N_("Section %(section)s has both NS %(number)s and EW %(number)s."),
            hint=N_("Give NS%(number)s or EW%(number)s."),
            code="pair.line_missing",
            section=section.name,
            number=pair.number,
        )
    if lines:
        return lines
    raise NotFound(
        N_("Section %(section)s of session %(session)s has no %(who)s."),
        hint=N_("Give a pair, team or player the section seats."),
        code="traveller.not_seated",
        section=section.name,
        session=section.session,
        who=text.strip(),
    )
