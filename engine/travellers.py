"""Travellers: the read model of one board, every table's result and the points it earned.

Like the standings, a pure function of the recorded state; a section scored in one field
with others shows the field's points and top (JCBL part 3 ch. 3 §2).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from engine import bridge
from engine.errors import NotFound
from engine.lineup import players_at
from engine.numbers import show
from engine.ranks import number
from engine.registry import Registry
from engine.scoring import ScoredResult, TableResult, shown_assigned
from engine.section import Section
from engine.standings import field_groups, score_group
from engine.tournament import Tournament


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
    group = next(
        (
            g
            for g in field_groups(tournament, session_sections)
            if any(s.name == section.name for s in g)
        ),
        [section],
    )
    scored = score_group(registry, tournament, group)[section.name]
    rows = [s for s in scored.results if s.result.board == board]
    if not rows and (section.movement is None or board not in section.movement.boards):
        raise NotFound(f"Board {board} has no results in section {section.name}.")
    return {
        "board": board,
        "section": section.name,
        "dealer": bridge.dealer(board).value,
        "vulnerability": bridge.vulnerability(board).value,
        "top": number(scored.tops.get(board, Fraction(0))),
        "method": scored.method,
        "datum": None if board not in scored.datum else number(scored.datum[board]),
        **({} if board not in scored.datum_ew else {"datum_ew": number(scored.datum_ew[board])}),
        "results": [
            _traveller_line(section, s) | _names_at(tournament, section, s)
            for s in sorted(rows, key=_order)
        ],
    }


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
    table = section.tables[(r.board, r.ns)]
    # An arrow-switched board has the pairs the other way round from the schedule.
    rnd = None if table.result is None else table.result.round
    if movement is not None:
        e = movement.scheduled.get((r.board, r.ns, r.ew)) or movement.scheduled.get(
            (r.board, r.ew, r.ns)
        )
        rnd = rnd if e is None else e.round
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
