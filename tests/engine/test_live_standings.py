"""Live standings are incremental (issue 16): what a query works out from a section is
kept until an event changes it, a query reads the cached states without copying them,
standings of states already seen are not scored again, and a result in one section does
not score the others again — and all of it equals the standings worked out from scratch
after any sequence of results, corrections, adjusted scores and corrections that move a
result to other pairs."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.application import Traveller
from engine.errors import TravellerError
from engine.numbers import round_half_up
from engine.ranks import ranked
from engine.scoring import Award, PairTotal, SectionFacts
from engine.seating import Numbering, Pair
from engine.section import ResultEntry, Section
from engine.section.state import project_section
from engine.standings import Entrant, compute_standings, same_total
from engine.testing import flat_score, memory_app, play_movement
from engine.tournament import SectionRanking
from engine.tournament.events import ScoringChoice
from engine.tournament.state import project_tournament, section_id
from tests.conftest import register_pairs

SCORES = (-500, -100, -50, 50, 110, 140, 420, 450, 620)


def from_scratch(app: Traveller, event: UUID, session: int = 1) -> dict[str, Any]:
    """The session's standings from the states folded afresh from the store, no memo."""
    tournament = project_tournament(None, app.events_of(event))
    assert tournament is not None
    sections = []
    for name in tournament.sessions[session]:
        folded = project_section(None, app.events_of(section_id(event, session, name)))
        assert isinstance(folded, Section)
        sections.append(folded)
    return compute_standings(app.registry, tournament, sections, session).to_json()


def counting_scores(monkeypatch: pytest.MonkeyPatch, app: Traveller) -> list[str]:
    """Patch matchpoints (the events' method) so that each section scored afresh is
    counted by its boards (``score 1,2,3``), and each brought up to date by the boards
    scored again (``rescore 3``)."""
    calls: list[str] = []
    method: Any = type(app.registry.scoring("matchpoints"))
    score, rescore = method.score, method.rescore

    def scored(self: Any, facts: SectionFacts, options: Any) -> Any:
        calls.append("score " + ",".join(sorted({str(r.board) for r in facts.results})))
        return score(self, facts, options)

    def rescored(self: Any, *args: Any) -> Any:
        found = rescore(self, *args)
        boards = ",".join(str(b) for b in sorted(args[3]))
        calls.append(f"rescore {boards}" if found is not None else f"refused {boards}")
        return found

    monkeypatch.setattr(method, "score", scored)
    monkeypatch.setattr(method, "rescore", rescored)
    return calls


# ---- what a query keeps ---------------------------------------------------------------------


def test_an_unchanged_section_gives_the_same_facts_object(app: Traveller, mitchell: UUID) -> None:
    """A section's facts are built once per change, and a copy of the state shares them:
    a scoring method may remember what it worked out from them."""
    play_movement(app, mitchell, rounds=2)

    def read() -> Section:
        return app.event_state(mitchell).section(1, "A")  # as a query reads it

    facts = read().facts()
    assert read().facts() is facts
    assert app.section(mitchell).facts() is facts  # a command's private copy: the same
    movement = read().movement
    assert movement is not None
    e = next(e for e in movement.round(3))
    app.start_round(mitchell, 3)
    assert read().facts() is facts  # a round started changes no fact
    app.record_result(mitchell, flat_score(e.boards[0], e))
    assert read().facts() is not facts
    assert len(read().facts().results) == len(facts.results) + 1


def test_a_standings_query_copies_no_state(
    app: Traveller, mitchell: UUID, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A query reads the cached states themselves (they are never changed once cached):
    copying a big section's tables for every reader is work for nothing."""
    play_movement(app, mitchell, rounds=1)
    copies: list[int] = []
    real = Section.copy

    def counted(self: Section) -> Section:
        copies.append(self.version)
        return real(self)

    monkeypatch.setattr(Section, "copy", counted)
    app.standings(mitchell)
    assert copies == []


def test_standings_read_again_are_not_scored_again(
    app: Traveller, mitchell: UUID, monkeypatch: pytest.MonkeyPatch
) -> None:
    play_movement(app, mitchell, rounds=2)
    calls = counting_scores(monkeypatch, app)
    first = app.standings(mitchell)
    assert app.standings(mitchell) is first
    assert len(calls) == 1


def test_a_result_in_one_section_scores_that_section_only(
    app: Traveller, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two sections ranked apart: a result in B leaves A's score as it was."""
    event = app.create_event("Two sections", sections=("A", "B"))
    for name in "AB":
        register_pairs(app, event, 8, section=name)
        app.assign_movement(event, "mitchell", section=name, options={"boards_per_round": 2})
    play_movement(app, event, section="A")
    play_movement(app, event, section="B", rounds=2)
    app.standings(event)
    calls = counting_scores(monkeypatch, app)
    b = app.section(event, name="B")
    assert b.movement is not None
    e = next(iter(b.movement.round(3)))
    app.start_round(event, 3, section="B")
    app.record_result(event, flat_score(e.boards[0], e), section="B")
    after = app.standings(event)
    assert calls == [f"rescore {e.boards[0]}"]  # B alone, and its board alone
    assert after.to_json() == from_scratch(app, event)


def test_a_result_or_a_correction_rescores_its_own_board_only(
    app: Traveller, mitchell: UUID, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16: a new or corrected result scores its board again, no other; an adjusted
    score (a pair's session average counts) has the section scored afresh."""
    play_movement(app, mitchell, rounds=2)
    app.standings(mitchell)
    calls = counting_scores(monkeypatch, app)
    movement = app.section(mitchell).movement
    assert movement is not None
    app.start_round(mitchell, 3)
    e = next(iter(movement.round(3)))
    board = e.boards[0]

    def scored_live() -> list[str]:
        """What the live standings query scored; they equal the standings from scratch."""
        before = len(calls)
        shown = app.standings(mitchell).to_json()
        made = calls[before:]
        assert shown == from_scratch(app, mitchell)
        return made

    app.record_result(mitchell, flat_score(board, e))
    assert scored_live() == [f"rescore {board}"]
    entry = ResultEntry(board=board, ns=e.ns, ew=e.ew, score_ns=-1430)
    app.correct_result(mitchell, entry, reason="the table wrote it wrong")
    assert scored_live() == [f"rescore {board}"]
    app.adjust(
        mitchell,
        board=board,
        ns=e.ns,
        ew=e.ew,
        award_ns=Award.parse("A+"),
        award_ew=Award.parse("A-"),
        reason="a late play",
    )
    made = scored_live()
    assert made[0] == f"refused {board}" and made[1].startswith("score ")


def test_a_section_says_which_boards_changed_since_a_version(
    app: Traveller, mitchell: UUID
) -> None:
    play_movement(app, mitchell, rounds=1)
    first = app.section(mitchell)
    movement = first.movement
    assert movement is not None
    assert first.boards_changed_since(first.version) == frozenset()
    app.start_round(mitchell, 2)  # no result: no board
    assert app.section(mitchell).boards_changed_since(first.version) == frozenset()
    played = [(b, e) for e in movement.round(2) for b in e.boards][:3]
    for b, e in played:
        app.record_result(mitchell, flat_score(b, e))
    now = app.section(mitchell)
    assert now.boards_changed_since(first.version) == frozenset(b for b, _ in played)
    assert now.boards_changed_since(now.version - 1) == frozenset({played[-1][0]})
    assert first.boards_changed_since(now.version) is None  # a later version: not from here
    app.declare_fouled(mitchell, board=1, groups=[[1, 2], [3, 4, 5, 6, 7]], reason="swapped")
    assert app.section(mitchell).boards_changed_since(now.version) is None  # not results


def test_a_correction_in_a_one_field_session_equals_the_standings_from_scratch(
    app: Traveller,
) -> None:
    event = app.create_event("One field", sections=("A", "B"))
    for name in "AB":
        register_pairs(app, event, 8, section=name)
        app.assign_movement(event, "mitchell", section=name, options={"boards_per_round": 2})
        play_movement(app, event, section=name)
    app.choose_section_ranking(event, SectionRanking.ONE_FIELD)
    app.standings(event)
    a = app.section(event)
    assert a.movement is not None
    e = next(iter(a.movement.round(1)))
    entry = ResultEntry(board=e.boards[0], ns=e.ns, ew=e.ew, score_ns=-1430)
    app.correct_result(event, entry, reason="the table wrote it wrong")
    assert app.standings(event).to_json() == from_scratch(app, event)


# ---- the same as from scratch, whatever happens ---------------------------------------------

Step = tuple[str, int, int, int, int]
"""(what, board, NS, EW, a score's index or the pair a correction moves from)."""

STEPS = st.lists(
    st.tuples(
        st.sampled_from(["record", "record", "record", "correct", "move", "adjust", "neutral"]),
        st.integers(1, 3),
        st.integers(1, 4),
        st.integers(1, 4),
        st.integers(0, len(SCORES) - 1),
    ),
    min_size=1,
    max_size=25,
)


def answer(query: Callable[[], dict[str, Any]]) -> dict[str, Any] | str:
    """What ``query`` answers, or the code of its refusal."""
    try:
        return query()
    except TravellerError as refused:
        return refused.code


def take(app: Traveller, event: UUID, step: Step) -> None:
    """One director's action on a results-only section; a refused one writes nothing."""
    what, board, ns, ew, n = step
    entry = ResultEntry(board=board, ns=ns, ew=ew, score_ns=SCORES[n])
    actions: dict[str, Callable[[], object]] = {
        "record": lambda: app.record_result(event, entry, numbering=Numbering.MITCHELL),
        "correct": lambda: app.correct_result(event, entry, reason="typed wrong"),
        "move": lambda: app.correct_result(
            event, entry, reason="wrong pairs", was_ns=n % 4 + 1, was_ew=(n + 1) % 4 + 1
        ),
        "adjust": lambda: app.adjust(
            event,
            board=board,
            ns=ns,
            ew=ew,
            award_ns=Award.parse("A+"),
            award_ew=Award.parse("A-"),
            reason="slow play",
            numbering=Numbering.MITCHELL,
        ),
        "neutral": lambda: app.adjust(
            event,
            board=board,
            ns=ns,
            ew=ew,
            neutral=True,
            reason="board missing",
            numbering=Numbering.MITCHELL,
        ),
    }
    with contextlib.suppress(TravellerError):
        actions[what]()


METHODS = st.sampled_from(["matchpoints", "matchpoints", "cross-imps", "houston", "total-points"])
"""The pair methods, each of which rescores a board (matchpoints, the most used, twice)."""


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS, method=METHODS)
def test_live_standings_equal_the_standings_from_scratch(steps: list[Step], method: str) -> None:
    """After every action, the standings a live application answers (its cached states,
    its kept facts, pairs and fields, its memo of scores and entrants, each section's
    last score brought up to date) equal those worked out from the store from scratch;
    and the live section equals its replay."""
    app = memory_app()
    event = app.create_event("Live", scoring=ScoringChoice(method=method))
    for step in steps:
        take(app, event, step)
        # Houston refuses a board too small for its trim (no movement says it is still
        # in play): refused live as from scratch.
        assert answer(lambda: app.standings(event).to_json()) == answer(
            lambda: from_scratch(app, event)
        )
        section = app.section(event)
        replayed = project_section(None, app.events_of(section.id))
        assert isinstance(replayed, Section)
        facts = section.facts()
        assert facts == replayed.facts()
        # Each board's tables, carried from facts to facts as results came: as listed afresh.
        for board in (1, 2, 3):
            assert facts.tables_on({board}) == [
                i for i, r in enumerate(facts.results) if r.board == board
            ]
        assert section.known_pairs() == replayed.known_pairs()
        assert section.fields() == replayed.fields()
        assert (section.version, section.tables, section.seats) == (
            replayed.version,
            replayed.tables,
            replayed.seats,
        )


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rounds=st.integers(1, 3), seed=st.integers(0, 10_000), method=METHODS)
def test_a_mitchell_played_live_equals_its_replay(rounds: int, seed: int, method: str) -> None:
    """A movement played result by result, standings read after each (the live loop):
    the same as from scratch, with an adjusted score and a correction among them."""
    app = memory_app()
    event = app.create_event("Tuesday", scoring=ScoringChoice(method=method))
    register_pairs(app, event, 8)
    app.assign_movement(event, "mitchell", options={"boards_per_round": 2})
    movement = app.section(event).movement
    assert movement is not None
    rounds = min(rounds, movement.rounds)
    for rnd in range(1, rounds + 1):
        app.start_round(event, rnd)
        for i, e in enumerate(movement.round(rnd)):
            board = e.boards[(seed + i) % len(e.boards)]
            if (seed + i) % 5 == 0:
                app.adjust(event, board=board, ns=e.ns, ew=e.ew, neutral=True, reason="no time")
            else:
                app.record_result(event, flat_score(board, e))
            app.standings(event)
        if rnd < rounds:
            app.end_round(event, rnd)
    e = next(iter(movement.round(1)))
    played = [b for b in e.boards if app.section(event).entry_for(b, Pair(e.ns)) is not None]
    if played:
        entry = ResultEntry(board=played[0], ns=e.ns, ew=e.ew, score_ns=SCORES[seed % 9])
        app.correct_result(event, entry, reason="typed wrong")
    assert app.standings(event).to_json() == from_scratch(app, event)


def test_a_section_grows_its_facts_from_the_last_while_tables_only_come(
    app: Traveller, mitchell: UUID
) -> None:
    """A new result adds its table to the last facts' results and to their list of each
    board's tables; a correction lists every table again, and the lists agree with the
    results either way."""
    play_movement(app, mitchell, rounds=1)
    app.start_round(mitchell, 2)
    app.standings(mitchell)
    before = app.section(mitchell).facts()  # the cached state's, which its copies share
    assert before.tables_on({1, 2}) == [i for i, r in enumerate(before.results) if r.board < 3]
    board, ns, ew = app.section(mitchell).missing_results(2)[0]
    app.record_result(mitchell, ResultEntry(board=board, ns=ns.number, ew=ew.number, score_ns=100))
    grown = app.section(mitchell).facts()
    assert grown.results[: len(before.results)] == before.results
    assert grown.results[-1].board == board
    assert grown._tables is not None  # carried from ``before``, not listed again
    assert grown.tables_on({board}) == [i for i, r in enumerate(grown.results) if r.board == board]
    first = grown.results[0]
    again = ResultEntry(board=first.board, ns=first.ns.number, ew=first.ew.number, score_ns=-100)
    app.correct_result(mitchell, again, reason="typed wrong")
    corrected = app.section(mitchell).facts()
    assert corrected._tables is None  # listed afresh when first asked for
    assert [
        r.score_ns for r in corrected.results if (r.board, r.ns) == (first.board, first.ns)
    ] == [-100]
    assert corrected.tables_on({first.board}) == [
        i for i, r in enumerate(corrected.results) if r.board == first.board
    ]


# ---- ranking, each contestant measured once ---------------------------------------------------


def test_ranked_measures_each_contestant_once() -> None:
    measured: list[int] = []

    def measure(x: int) -> Decimal:
        measured.append(x)
        return Decimal(x % 3)

    out = ranked(range(10), measure, lambda x: x)
    assert sorted(measured) == list(range(10))
    assert out == [
        ("1=", 2), ("1=", 5), ("1=", 8),
        ("4=", 1), ("4=", 4), ("4=", 7),
        ("7=", 0), ("7=", 3), ("7=", 6), ("7=", 9),
    ]  # fmt: skip


@given(st.lists(st.integers(min_value=-3, max_value=3), max_size=30))
def test_a_rank_is_one_more_than_those_ranked_above_marked_when_shared(
    scores: list[int],
) -> None:
    """§10: 同点の場合には同順位とします — by the definition, not by another ranking."""
    out = ranked(range(len(scores)), lambda i: Decimal(scores[i]), lambda i: i)
    assert sorted(i for _, i in out) == list(range(len(scores)))
    for label, i in out:
        above = sum(1 for v in scores if v > scores[i])
        level = sum(1 for v in scores if v == scores[i])
        assert label == f"{above + 1}{'=' if level > 1 else ''}"
    assert [scores[i] for _, i in out] == sorted(scores, reverse=True)


@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(0, 5)), max_size=30))
def test_tied_contestants_are_listed_in_their_order_then_as_given(
    items: list[tuple[int, int]],
) -> None:
    """Best first; among equal measures by ``order``, and as given where that ties too."""
    out = ranked(range(len(items)), lambda i: Decimal(items[i][0]), lambda i: items[i][1])
    expected = sorted(range(len(items)), key=lambda i: (-items[i][0], items[i][1], i))
    assert [i for _, i in out] == expected


@given(
    raw=st.fractions(min_value=-500, max_value=500, max_denominator=60),
    most=st.fractions(min_value=0, max_value=500, max_denominator=60),
)
def test_the_figures_shown_are_the_exact_score_and_percentage_rounded(
    raw: Fraction, most: Fraction
) -> None:
    """An entrant's score and percentage as shown are the exact ones rounded half up, and
    it ranks on those very figures in whole hundredths (made anew or with a new total)."""
    total = PairTotal(Pair(1), raw * 2, most, raw, 1)
    shown = (round_half_up(raw * 2), round_half_up(total.percentage))
    other = PairTotal(Pair(1), raw, most, raw, 1)
    for entrant in (
        Entrant.of("A", Pair(1), None, (), total),
        Entrant.of("A", Pair(1), None, (), other).with_total(total),
    ):
        assert (entrant.score_shown, entrant.percentage_shown) == shown
        assert entrant.ranked_on == tuple(int(figure * 100) for figure in shown)


# ---- a total compared fast ------------------------------------------------------------------


TOTALS = st.builds(
    PairTotal,
    st.builds(Pair, st.integers(1, 3)),
    st.fractions(min_value=-50, max_value=50, max_denominator=4),
    st.fractions(min_value=0, max_value=50, max_denominator=4),
    st.fractions(min_value=-50, max_value=50, max_denominator=4),
    st.integers(0, 3),
)


@given(TOTALS, TOTALS)
def test_same_total_is_total_equality(a: PairTotal, b: PairTotal) -> None:
    assert same_total(a, b) == (a == b)
    assert same_total(a, a)
