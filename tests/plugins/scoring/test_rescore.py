"""Scores brought up to date board by board equal scores from scratch.

Live standings (issue 16) score again only the boards whose results changed since the
section's last score (:class:`engine.registry.RescoresBoards`). Here random sections —
ties, adjusted and neutral tables, weighted and split assigned scores, fouled boards,
sit-outs, absent opponents — are scored, some of their boards' results changed (a
result added, dropped or corrected), and the changed section both rescored from the
first score and scored afresh, under every option that changes the arithmetic: the
two agree, or the method declines and the engine scores afresh.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import TravellerError
from engine.registry import RescoresBoards, parse_options
from engine.scoring import ScoringField, SectionFacts, SectionScore, TableResult
from engine.seating import Line, Numbering, Pair
from tests.plugins.scoring.test_kernels import (
    HOUSTON_OPTIONS,
    MATCHPOINT_OPTIONS,
    PROPERTY,
    REGISTRY,
    SCORES,
    kernel,
    sections,
)


@st.composite
def changed(draw: st.DrawFn, facts: SectionFacts) -> tuple[SectionFacts, frozenset[int]]:
    """``facts`` as they were before some boards' results changed: on each changed
    board a result added since (absent before), dropped since, or corrected (another
    score before); the other boards as they are."""
    boards = sorted({r.board for r in facts.results}) or [1]
    chosen = frozenset(draw(st.lists(st.sampled_from(boards), min_size=1, unique=True)))
    was: list[TableResult] = []
    for r in facts.results:
        if r.board not in chosen:
            was.append(r)
            continue
        match draw(st.sampled_from(["kept", "added since", "corrected"])):
            case "kept":
                was.append(r)
            case "corrected":
                was.append(
                    replace(
                        r,
                        score_ns=draw(SCORES),
                        neutral=False,
                        award_ns=None,
                        award_ew=None,
                        weighted=(),
                        split_ew=(),
                    )
                )
            case _:
                pass  # not there before
    if draw(st.booleans()):  # a result dropped since (a table that had played it)
        board = min(chosen)
        was.append(TableResult(board, Pair(99, Line.NS), Pair(99, Line.EW), score_ns=draw(SCORES)))
    return replace(facts, results=tuple(was)), chosen


def played(r: TableResult) -> TableResult:
    """The table with a played score only."""
    return replace(
        r,
        score_ns=r.score_ns or 110,
        neutral=False,
        award_ns=None,
        award_ew=None,
        weighted=(),
        split_ew=(),
    )


LIVE_OPTIONS = st.one_of(
    MATCHPOINT_OPTIONS,
    # what a club's evening runs with: nothing that reaches beyond a board
    MATCHPOINT_OPTIONS.map(lambda given: {**given, "factor_to": "field", "facing_absent": None}),
)


def outcome(work: Any, *given: Any) -> SectionScore | str:
    """``work(*given)``, or the error it refused with."""
    try:
        found: SectionScore = work(*given)
    except TravellerError as refused:
        return f"{type(refused).__name__}: {refused.code}"
    return found


@PROPERTY
@given(sections(), LIVE_OPTIONS, st.data(), st.booleans(), st.booleans())
def test_matchpoints_rescored_equal_matchpoints_from_scratch(
    facts: SectionFacts,
    given: dict[str, Any],
    data: st.DataObject,
    by_kernel: bool,
    plain: bool,
) -> None:
    rescored_in_a_chain("matchpoints", given, facts, data, by_kernel, plain)


DIFFERENCE_METHODS = st.one_of(
    st.tuples(
        st.sampled_from(["cross-imps", "total-points"]),
        st.fixed_dictionaries({"average": st.booleans()}),
    ),
    st.tuples(st.just("houston"), HOUSTON_OPTIONS),
    st.tuples(
        st.just("houston"), HOUSTON_OPTIONS.map(lambda given: {**given, "facing_absent": None})
    ),
)


@PROPERTY
@given(sections(), DIFFERENCE_METHODS, st.data(), st.booleans(), st.booleans())
def test_houston_cross_imps_and_total_points_rescored_equal_them_from_scratch(
    facts: SectionFacts,
    method: tuple[str, dict[str, Any]],
    data: st.DataObject,
    by_kernel: bool,
    plain: bool,
) -> None:
    rescored_in_a_chain(*method, facts, data, by_kernel, plain)


def rescored_in_a_chain(
    name: str,
    given: dict[str, Any],
    facts: SectionFacts,
    data: st.DataObject,
    by_kernel: bool,
    plain: bool,
) -> None:
    """Three states of a section, each a few boards' results on from the one before: the
    second rescored from the first, the third from the second (as a live section is,
    result after result, carrying what the last rescore learnt), each equal to the
    state scored afresh."""
    if plain:  # most evenings: played scores only, so that the board alone is rescored
        facts = replace(facts, results=tuple(map(played, facts.results)))
    method = REGISTRY.scoring(name)
    assert isinstance(method, RescoresBoards)
    options = parse_options(method, given)
    middle, later = data.draw(changed(facts))
    first, sooner = data.draw(changed(middle))
    with kernel(by_kernel):
        score = outcome(method.score, first, options)
        for was, now, boards in ((first, middle, sooner), (middle, facts, later)):
            if isinstance(score, str):
                return  # never scored, so never rescored
            fresh = outcome(method.score, now, options)
            rescored = outcome(method.rescore, score, was, now, boards, options)
            if rescored is not None:  # else declined: the engine scores afresh
                same(rescored, fresh)
            score = fresh if rescored is None else rescored


def same(rescored: SectionScore | str, fresh: SectionScore | str) -> None:
    assert rescored == fresh
    if isinstance(fresh, SectionScore):
        assert isinstance(rescored, SectionScore)
        assert rescored.totals == fresh.totals
        assert list(rescored.datum) == list(fresh.datum)
        assert list(rescored.datum_ew) == list(fresh.datum_ew)
        assert list(rescored.totals) == list(fresh.totals)
        assert list(rescored.tops) == list(fresh.tops)
        assert list(rescored.results) == list(fresh.results)


def ns(t: int) -> Pair:
    return Pair(t, Line.NS)


def ew(t: int) -> Pair:
    return Pair(t, Line.EW)


FIELDS = (
    ScoringField("NS", tuple(ns(t) for t in (1, 2, 3))),
    ScoringField("EW", tuple(ew(t) for t in (1, 2, 3))),
)


def mitchell(*boards: tuple[int, ...], plays: dict[int, int] | None = None) -> SectionFacts:
    """Three tables of a Mitchell: board ``b + 1``'s scores at tables 1, 2, 3 in turn."""
    results = tuple(
        TableResult(b, ns(t), ew((t + b) % 3 + 1), score_ns=s)
        for b, scores in enumerate(boards, start=1)
        for t, s in enumerate(scores, start=1)
    )
    return SectionFacts(Numbering.MITCHELL, FIELDS, results, expected_plays=plays or {})


def test_a_plain_board_changed_is_rescored_not_declined() -> None:
    """The common case of a live evening: played scores only, one board's result added."""
    method = REGISTRY.scoring("matchpoints")
    assert isinstance(method, RescoresBoards)
    options = parse_options(method, {})
    was = mitchell((420, 450, 420), (-100, 110), plays={1: 3, 2: 3})
    now = mitchell((420, 450, 420), (-100, 110, 140), plays={1: 3, 2: 3})
    before = method.score(was, options)
    rescored = method.rescore(before, was, now, frozenset({2}), options)
    assert rescored is not None
    assert rescored == method.score(now, options)


def test_results_only_rescored_step_by_step_as_the_most_played_board_changes() -> None:
    """Without a movement, every board is factored up to the most results any board has.
    Step by step, that most rises and falls: each step is rescored from the one before
    (what the last rescore learnt carried on) or declined, never wrong."""
    method = REGISTRY.scoring("matchpoints")
    assert isinstance(method, RescoresBoards)
    options = parse_options(method, {"factoring": "neuberg"})
    steps = [
        (mitchell((420, 450), (-100, 110)), frozenset()),
        (mitchell((420, 400), (-100, 110)), frozenset({1})),  # a score corrected
        (mitchell((420, 400), (-100, 140)), frozenset({2})),  # and another
        (mitchell((420, 400), (-100, 140, 50)), frozenset({2})),  # the most rises to 3
        (mitchell((420, 400), (-100, 140, 90)), frozenset({2})),
        (mitchell((420, 400, 50), (-100, 140, 90)), frozenset({1})),
        (mitchell((420, 400, 50), (-100, 140)), frozenset({2})),  # board 1 keeps it at 3
        (mitchell((420, 400), (-100, 140)), frozenset({1})),  # the most falls to 2
    ]
    score = method.score(steps[0][0], options)
    declined = 0
    for (was, _), (now, boards) in itertools.pairwise(steps):
        rescored = method.rescore(score, was, now, boards, options)
        fresh = method.score(now, options)
        if rescored is None:
            declined += 1
        else:
            same(rescored, fresh)
        score = fresh if rescored is None else rescored
    assert declined == 2  # the most rose once and fell once; the rest were rescored


def test_a_pair_no_longer_factored_is_given_its_own_total() -> None:
    """A total kept from the score before is kept only while it is the same: here NS 2's
    boards and points stay, but the most boards a pair of its field played falls from 3
    to 2 (NS 1's result on board 3 withdrawn), so it is no longer factored up."""
    method = REGISTRY.scoring("matchpoints")
    assert isinstance(method, RescoresBoards)
    options = parse_options(method, {"total_factoring": True})
    was = mitchell((420, 450, 400), (100, 110), (50,))
    now = mitchell((420, 450, 400), (100, 110), ())
    before = method.score(was, options)
    assert before.totals[ns(2)].score != before.totals[ns(2)].raw  # factored, 3 boards / 2
    rescored = method.rescore(before, was, now, frozenset({3}), options)
    assert rescored is not None
    same(rescored, method.score(now, options))
    assert rescored.totals[ns(2)].score == rescored.totals[ns(2)].raw


def test_a_pair_factored_anew_is_given_its_new_total() -> None:
    """And the other way: NS 2's boards and points stay while the most boards rises from 2
    to 3, so its total is factored up by another factor."""
    method = REGISTRY.scoring("matchpoints")
    assert isinstance(method, RescoresBoards)
    options = parse_options(method, {"total_factoring": True})
    was = mitchell((420, 450, 400), (100, 110, 200), ())
    now = mitchell((420, 450, 400), (100, 110, 200), (50,))
    before = method.score(was, options)
    rescored = method.rescore(before, was, now, frozenset({3}), options)
    assert rescored is not None
    same(rescored, method.score(now, options))


def test_a_board_rescored_again_by_other_options_is_scored_by_them() -> None:
    """What a rescore carries to the next (its boards' scores) is for its own options: the
    same section rescored under another scale scores the board again."""
    method = REGISTRY.scoring("matchpoints")
    assert isinstance(method, RescoresBoards)
    american = parse_options(method, {})
    european = parse_options(method, {"scale": "european"})
    one, two, three = (
        mitchell((420, 450, 400), scores, plays={1: 3, 2: 3})
        for scores in ((100,), (100, 110), (100, 110, 50))
    )
    board = frozenset({2})
    first = method.rescore(method.score(one, american), one, two, board, american)
    assert first is not None
    again = method.rescore(method.score(two, european), two, three, board, european)
    assert again is not None
    same(again, method.score(three, european))


def played_in_turn(*results: TableResult) -> SectionFacts:
    """A Mitchell's facts whose boards' expected plays are known (3), the ``results``
    being the very objects given: the same table, the same object, facts after facts."""
    return SectionFacts(Numbering.MITCHELL, FIELDS, results, expected_plays={1: 3, 2: 3})


def board(number: int, scores: tuple[int, ...]) -> list[TableResult]:
    """Board ``number``'s results at tables 1, 2, 3 … in turn."""
    return [
        TableResult(number, ns(t), ew((t + number - 1) % 3 + 1), score_ns=s)
        for t, s in enumerate(scores, start=1)
    ]


@pytest.fixture
def boards_scored(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many tables each board matchpoints' rescore scored had, in turn."""
    from plugins.scoring import matchpoints

    scored: list[int] = []
    unwatched = matchpoints._rescored_boards

    def watched(facts: SectionFacts, tables: list[int], *rest: Any) -> Any:
        scored.append(len(tables))
        return unwatched(facts, tables, *rest)

    monkeypatch.setattr(matchpoints, "_rescored_boards", watched)
    return scored


def test_a_board_is_taken_as_its_last_rescore_left_it_while_its_tables_are_the_same(
    boards_scored: list[int],
) -> None:
    """Results come to board 1, then board 2, then board 1 again (a Mitchell's next
    table): the third rescore takes board 1 as the first left it and scores only its new
    state. Where the section's board is not what was scored (a result put right while
    the rescores were not following), it is scored again as it is."""
    method = REGISTRY.scoring("matchpoints")
    assert isinstance(method, RescoresBoards)
    options = parse_options(method, {})
    b1, b2 = board(1, (420, 450, 400)), board(2, (-100, 110))
    steps = [
        (played_in_turn(b1[0], b2[0]), frozenset()),
        (played_in_turn(b1[0], b2[0], b1[1]), frozenset({1})),
        (played_in_turn(b1[0], b2[0], b1[1], b2[1]), frozenset({2})),
        (played_in_turn(b1[0], b2[0], b1[1], b2[1], b1[2]), frozenset({1})),
    ]
    score = method.score(steps[0][0], options)
    for (was, _), (now, boards) in itertools.pairwise(steps):
        boards_scored.clear()
        rescored = method.rescore(score, was, now, boards, options)
        assert rescored is not None
        same(rescored, method.score(now, options))
        score = rescored
    assert boards_scored == [3]  # board 1 now; as it was (2 tables) it was left so
    # Board 2's first result put right in place, the section scored afresh meanwhile:
    # board 2 as last rescored is not board 2 as it is, and is scored again.
    righted = replace(b2[0], score_ns=-50)
    third = TableResult(2, ns(3), ew(2), score_ns=140)
    was = played_in_turn(b1[0], righted, b1[1], b2[1], b1[2])
    now = played_in_turn(b1[0], righted, b1[1], b2[1], b1[2], third)
    boards_scored.clear()
    rescored = method.rescore(method.score(was, options), was, now, frozenset({2}), options)
    assert rescored is not None
    same(rescored, method.score(now, options))
    assert boards_scored == [2, 3]  # as it was, and as it is


def test_two_sections_played_at_once_keep_their_boards_apart(boards_scored: list[int]) -> None:
    """Two sections play the same boards at once, their results coming in turn: each
    section's board is taken as its own last rescore left it, not the other's."""
    method = REGISTRY.scoring("matchpoints")
    assert isinstance(method, RescoresBoards)
    options = parse_options(method, {})
    lineups = {}
    for name, first, second in (
        ("A", (420, 450, 400), (-100, 110)),
        ("B", (140, 170, 110), (50, -50)),
    ):
        b1, b2 = board(1, first), board(2, second)
        lineups[name] = [  # board 1, board 1, board 2, board 1 again
            played_in_turn(b1[0], b2[0]),
            played_in_turn(b1[0], b2[0], b1[1]),
            played_in_turn(b1[0], b2[0], b1[1], b2[1]),
            played_in_turn(b1[0], b2[0], b1[1], b2[1], b1[2]),
        ]
    changed = [frozenset({1}), frozenset({2}), frozenset({1})]
    scores = {name: method.score(steps[0], options) for name, steps in lineups.items()}
    for step, boards in enumerate(changed, start=1):
        for name, steps in lineups.items():  # A's result, then B's
            boards_scored.clear()
            was, now = steps[step - 1], steps[step]
            rescored = method.rescore(scores[name], was, now, boards, options)
            assert rescored is not None
            same(rescored, method.score(now, options))
            scores[name] = rescored
    assert boards_scored == [3]  # B's board 1, as its own first rescore left it
