"""The checks of a fouled board's groups and of an assigned score (law 12C), made before
anything is written: each returns the value as it will be recorded, or raises an error
from :mod:`engine.errors` that says what is wrong and what to do about it."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from engine.bridge import possible_scores_ns, vulnerability
from engine.errors import N_, Fix, ImpossibleScore, InvalidInput, NotFound, Phrase, Rejected
from engine.seating import Line
from engine.section.state import Section


def check_fouled_groups(
    state: Section, board: int, groups: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], ...]:
    """The groups of NS pair numbers that played each version of a fouled board, checked.

    There are two groups at least; each pair is in one group and plays the board (it has
    a table there, or the movement schedules it); every table whose result counts for
    the others (a played or assigned score) is in a group. Neutral and artificial tables
    may be left out: they are not compared with anyone."""
    if board < 1:
        raise InvalidInput(
            N_("There is no board %(board)s: boards are numbered from 1."),
            code="board.number",
            board=board,
        )
    movement = state.movement
    tables = [t for t in state.entries() if t.board == board]
    if movement is not None and board not in movement.boards:
        raise NotFound(
            N_("Board %(board)s is not played in section %(section)s (boards %(first)s–%(last)s)."),
            code="board.not_played",
            board=board,
            section=state.name,
            first=movement.boards[0],
            last=movement.boards[-1],
        )
    if movement is None and not tables:
        raise NotFound(
            N_("Board %(board)s has no results in section %(section)s."),
            code="board.no_results",
            board=board,
            section=state.name,
        )
    if len(groups) < 2 or any(not group for group in groups):
        raise InvalidInput(
            N_("A fouled board needs two groups of tables or more, each with a pair in it."),
            hint=N_("Give one group for each version: the NS pairs that played it."),
            code="fouled.groups",
            fix=Fix(None, fields={"group": ["1,2,3", "4,5,6"]}),
        )
    seen: set[int] = set()
    for number in (n for group in groups for n in group):
        if number in seen:
            raise InvalidInput(
                N_("NS %(ns)s is given twice: a table played one version."),
                code="fouled.table_twice",
                ns=number,
            )
        seen.add(number)
    playing = {t.ns for t in tables}
    if movement is not None:
        playing |= {
            ns for (b, ns, ew) in movement.scheduled if b == board and state.phantom not in (ns, ew)
        }
    for number in sorted(seen):
        if state.pair(Line.NS, number) not in playing:
            raise Rejected(
                N_("NS %(ns)s does not play board %(board)s in section %(section)s."),
                hint=N_("Give the NS pair numbers of the tables that played it."),
                code="fouled.not_playing",
                ns=number,
                board=board,
                section=state.name,
            )
    grouped = {state.pair(Line.NS, n) for n in seen}
    for t in sorted(tables, key=lambda t: t.ns.number):
        if t.ns not in grouped and not (t.neutral or t.award_ns is not None):
            raise Rejected(
                N_(
                    "The table of NS %(ns)s v EW %(ew)s has a result on board %(board)s but is "
                    "in no group."
                ),
                hint=N_(
                    "Put every table that played the board in the group of the version it played."
                ),
                code="fouled.ungrouped",
                ns=t.ns.number,
                ew=t.ew.number,
                board=board,
            )
    return tuple(tuple(sorted(group)) for group in groups)


def check_weighted_score(
    board: int, outcomes: Sequence[tuple[Fraction, int]], *, side: str | None = None
) -> tuple[tuple[Fraction, int], ...]:
    """An assigned score (law 12C): positive weights adding up to 1, each with a score
    North-South can have on the board, and no score given twice. ``side`` ("NS" or "EW")
    names the side of a split score the results are for, in the messages."""
    usage: dict[str, Any] = (
        {
            "hint": N_("Give each result with its weight, for example 2/3 of 420 and 1/3 of -50."),
            "fix": Fix(None, fields={"score": ["2/3:420", "1/3:-50"]}),
        }
        if side is None
        else {
            "hint": N_(
                "Give each side its score, for example NS 420 and EW -450, or weighted "
                "results, for example EW 2/3 of -450."
            ),
            "fix": (
                Fix(None, fields={"ns_score": "420", "ew_score": "-450"}),
                Fix(None, fields={"ew_score": "2/3:-450"}),
            ),
        }
    )
    whose = "" if side is None else Phrase(N_(" of the %(side)s side's assigned score"), side=side)
    if not outcomes:
        raise InvalidInput(
            N_("An assigned score needs at least one result.")
            if side is None
            else N_("An assigned score needs at least one result for the %(side)s side."),
            code="assigned.empty",
            side=side,
            **usage,
        )
    for weight, _ in outcomes:
        if weight <= 0:
            raise InvalidInput(
                N_("The weight %(weight)s%(whose)s is not above 0."),
                code="assigned.weight",
                weight=str(weight),
                whose=whose,
                **usage,
            )
    total = sum((weight for weight, _ in outcomes), Fraction(0))
    if total != 1:
        raise InvalidInput(
            N_("The weights%(whose)s add up to %(total)s, not 1."),
            code="assigned.total",
            whose=whose,
            total=str(total),
            **usage,
        )
    possible = possible_scores_ns(board)
    scores = [score for _, score in outcomes]
    for score in scores:
        # An EW side's results are stored as NS scores; the director wrote them as EW's.
        shown = -score if side == "EW" else score
        if score not in possible:
            raise ImpossibleScore(
                N_(
                    "Board %(board)s: no contract can score %(score)s for %(side)s "
                    "(vulnerability %(vulnerable)s)."
                ),
                hint=N_("Give each score as a result the board can have."),
                code="score.impossible",
                board=board,
                score=f"{shown:+d}",
                side=side or "NS",
                vulnerable=vulnerability(board).value,
            )
        if scores.count(score) > 1:
            raise InvalidInput(
                N_("The score %(score)s%(whose)s is given twice."),
                hint=N_("Give it once, with the weights added together."),
                code="assigned.twice",
                score=f"{shown:+d}",
                whose=whose,
            )
    return tuple((Fraction(weight), score) for weight, score in outcomes)


def check_split_score(
    state: Section,
    board: int,
    ns_side: Sequence[tuple[Fraction, int]],
    ew_side: Sequence[tuple[Fraction, int]],
) -> tuple[tuple[tuple[Fraction, int], ...], tuple[tuple[Fraction, int], ...]]:
    """A split assigned score (law 12C): each side's results checked, as NS scores; the two
    sides must differ (else it is one assigned score), and the section must be a pairs or
    individual one: a team match compares its two tables, not a table with a field."""
    ns_checked = check_weighted_score(board, ns_side, side="NS")
    ew_checked = check_weighted_score(board, ew_side, side="EW")
    if sorted(ns_checked) == sorted(ew_checked):
        raise InvalidInput(
            N_("NS and EW are given the same assigned score, so it is not split."),
            hint=N_("Leave out the EW score: one assigned score is the same for both sides."),
            code="assigned.not_split",
        )
    if state.movement is not None and state.movement.kind == "teams":
        raise Rejected(
            N_(
                "Section %(section)s plays a team movement, and a team method cannot score a "
                "split assigned score."
            ),
            hint=N_(
                "Give the table one assigned score (leave out the EW score), or artificial scores."
            ),
            code="assigned.split_teams",
            fix=Fix("adjust"),
            section=state.name,
        )
    return ns_checked, ew_checked


def outcomes_text(outcomes: Sequence[tuple[Fraction, int]]) -> tuple[tuple[str, int], ...]:
    """(weight, NS score) pairs as an event stores them: the weight as exact text."""
    return tuple((str(weight), score) for weight, score in outcomes)
