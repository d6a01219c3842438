"""Time travel: as-of replay, diffs, forks and the audit trail."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Any
from uuid import UUID

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import history
from engine.application import Traveller
from engine.errors import InvalidInput, NotFound
from engine.scoring import Award
from engine.section import ResultEntry, build_result
from engine.standings import compute_standings
from engine.testing import memory_app, play_movement
from tests.conftest import register_pairs


def live(app: Traveller, event: UUID) -> dict[str, object]:
    return compute_standings(
        app.registry, app.tournament(event), app.sections(event, 1), 1
    ).to_json()


def test_replay_at_the_last_position_equals_now(app: Traveller, howell: UUID) -> None:
    play_movement(app, howell)
    assert history.standings_at(app, howell).to_json() == live(app, howell)
    assert history.standings_at(app, howell, position=app.position()).to_json() == live(app, howell)


def test_standings_as_they_stood_before_a_correction(app: Traveller, howell: UUID) -> None:
    play_movement(app, howell)
    before_position = app.position()
    before = live(app, howell)
    t = next(t for t in app.section(howell).entries() if t.result and t.result.score_ns > 0)
    app.correct_result(
        howell,
        ResultEntry(t.board, t.ns.number, t.ew.number, "7NTX", "N", 1),
        reason="the slip was misread",
    )
    assert live(app, howell) != before
    assert history.standings_at(app, howell, position=before_position).to_json() == before
    changes = history.diff(
        history.standings_at(app, howell, position=before_position),
        history.standings_at(app, howell),
    )
    changed_pairs = {c["pair"] for c in changes}
    assert {t.ns.number, t.ew.number} <= changed_pairs
    for c in changes:
        assert (c["score_before"], c["rank_before"]) != (c["score_after"], c["rank_after"]) or (
            c["percentage_before"] != c["percentage_after"]
        )


def test_standings_as_of_a_time(app: Traveller, howell: UUID) -> None:
    play_movement(app, howell, rounds=1)
    moment = dt.datetime.now(dt.UTC)
    at_moment = live(app, howell)
    ours = app.section(howell).movement
    assert ours is not None
    app.start_round(howell, 2)
    e = ours.round(2)[0]
    app.record_result(howell, ResultEntry(e.boards[0], e.ns, e.ew, "3NT", "N", 10))
    assert history.standings_at(app, howell, time=moment).to_json() == at_moment


def test_a_fork_writes_nothing_to_the_real_store(app: Traveller, howell: UUID) -> None:
    play_movement(app, howell, rounds=3)
    position = app.position()
    trial = history.fork(app, howell)
    t = next(iter(app.section(howell).entries()))
    trial.adjust(
        howell,
        board=t.board,
        ns=t.ns.number,
        ew=t.ew.number,
        award_ns=Award.parse("A+"),
        award_ew=Award.parse("A-"),
        reason="what if",
    )
    assert app.position() == position
    assert live(trial, howell) != live(app, howell)
    changes = history.diff(
        compute_standings(app.registry, app.tournament(howell), app.sections(howell, 1), 1),
        compute_standings(trial.registry, trial.tournament(howell), trial.sections(howell, 1), 1),
    )
    assert changes


def test_the_audit_trail_of_a_board_and_a_pair(app: Traveller, mitchell: UUID) -> None:
    app.record_result(mitchell, ResultEntry(1, 1, 1, "4S", "N", 10), actor="table 1")
    app.record_result(mitchell, ResultEntry(2, 1, 1, "4S", "N", 10), actor="table 1")
    app.correct_result(
        mitchell, ResultEntry(1, 1, 1, "4S", "N", 11), reason="11 tricks", actor="TD"
    )
    board = history.audit(app, mitchell, board=1)
    assert [r["type"] for r in board] == ["ResultRecorded", "ResultCorrected"]
    assert board[1]["actor"] == "TD" and board[1]["reason"] == "11 tricks"
    assert board[0]["position"] < board[1]["position"]
    pair = history.audit(app, mitchell, pair="EW1")
    assert [r["type"] for r in pair] == [
        "PairsSeated",
        "ResultRecorded",
        "ResultRecorded",
        "ResultCorrected",
    ]
    assert history.audit(app, mitchell, pair="EW2")[1:] == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.integers(0, 30),
            st.integers(0, 13),
            st.booleans(),
            st.sampled_from(["play"] * 4 + ["adjust", "neutral", "weighted", "split"]),
        ),
        min_size=1,
        max_size=40,
    )
)
def test_a_full_replay_from_the_store_equals_the_live_projection(
    plays: list[tuple[int, int, bool, str]],
) -> None:
    app = memory_app()
    event = app.create_event("Property")
    register_pairs(app, event, 8)
    app.assign_movement(event, "howell", options={"boards_per_round": 2})
    movement = app.section(event).movement
    assert movement is not None
    tables = [(b, e) for e in movement.schedule for b in e.boards]
    for index, tricks, correct, kind in plays:
        board, e = tables[index % len(tables)]
        entry = ResultEntry(board, e.ns, e.ew, "3NT", "S", tricks)
        where: dict[str, Any] = {"board": board, "ns": e.ns, "ew": e.ew, "reason": "property"}
        # Two results the board can have, for assigned scores.
        first = build_result(entry, allow_impossible=False).score_ns
        second = build_result(
            ResultEntry(board, e.ns, e.ew, "4H", "N", (tricks + 3) % 14), allow_impossible=False
        ).score_ns
        if kind == "adjust":
            app.adjust(event, award_ns=Award.parse("A+"), award_ew=Award.parse("A-"), **where)
        elif kind == "neutral":
            app.adjust(event, neutral=True, **where)
        elif kind == "weighted" and first != second:
            app.assign_score(
                event, outcomes=[(Fraction(1, 3), first), (Fraction(2, 3), second)], **where
            )
        elif kind == "split" and first != second:
            app.assign_score(
                event, outcomes=[(Fraction(1), first)], outcomes_ew=[(Fraction(1), second)], **where
            )
        elif app.section(event).entry_for(board, movement.ns_pair(e)) is None:
            app.record_result(event, entry)
        elif correct:
            app.correct_result(
                event, ResultEntry(board, e.ns, e.ew, "4H", "N", tricks), reason="property"
            )
    replayed = history.standings_at(app, event).to_json()
    assert replayed == live(app, event)
    fresh = Traveller({"PERSISTENCE_MODULE": "eventsourcing.popo"}, registry=app.registry)
    fresh.save(*[r.event for r in history.history(app, event)])
    assert live(fresh, event) == live(app, event)
    # The folded state itself, table by table, is the same replayed as live.
    assert fresh.section(event).tables == app.section(event).tables


def test_a_whole_store_rebuild_equals_the_live_standings(app: Traveller, howell: UUID) -> None:
    other = app.create_event("Second club", sections=("A", "B"))
    register_pairs(app, other, 14)
    app.assign_movement(other, "mitchell", options={"boards_per_round": 3})
    play_movement(app, howell)
    play_movement(app, other, rounds=3)
    count, rebuilt = history.rebuild(app)
    assert count == app.position()
    assert set(rebuilt) == {(howell, 1), (other, 1)}
    for event in (howell, other):
        assert rebuilt[(event, 1)].to_json() == live(app, event)


def test_a_position_counts_the_events_own_history(app: Traveller, howell: UUID) -> None:
    """Two tournaments written in turn into one store: each numbers its own events from
    1 (its creation), so a position means the same whatever else the store holds."""
    other = app.create_event("Second club")
    register_pairs(app, other, 14)
    app.assign_movement(other, "mitchell", options={"boards_per_round": 3})
    play_movement(app, howell, rounds=2)
    play_movement(app, other, rounds=2)
    ours = list(history.history(app, other))
    assert [r.number for r in ours] == list(range(1, len(ours) + 1))
    assert ours[0].position > 1, "the other tournament's events come first"
    for number in (4, 7, len(ours) // 2, len(ours)):
        by_number = history.state_at(app, other, number=number)
        by_store = history.state_at(app, other, position=ours[number - 1].position)
        assert (by_number.number, by_number.position) == (number, by_store.position)
        assert history.standings_of(app, by_number, 1).to_json() == (
            history.standings_of(app, by_store, 1).to_json()
        )
    trail = history.audit(app, other)
    assert [r["position"] for r in trail] == list(range(1, len(trail) + 1))
    assert [r["store_position"] for r in trail] == [r.position for r in ours]


def test_a_position_outside_the_events_history_is_refused(app: Traveller, howell: UUID) -> None:
    count = sum(1 for _ in history.history(app, howell))
    with pytest.raises(NotFound, match=f"has {count} events in its history"):
        history.state_at(app, howell, number=count + 1)
    with pytest.raises(InvalidInput, match="starts at 1"):
        history.state_at(app, howell, number=0)


def test_the_standings_of_a_session_not_yet_added_are_refused(app: Traveller, howell: UUID) -> None:
    with pytest.raises(NotFound, match="no session 2"):
        history.standings_at(app, howell, 2)
    with pytest.raises(NotFound, match="no session 2"):
        app.sections(howell, 2)


def test_audit_times_are_on_the_clock_asked_for(app: Traveller, howell: UUID) -> None:
    tokyo = dt.timezone(dt.timedelta(hours=9))
    shown = history.audit(app, howell, zone=tokyo)
    plain = history.audit(app, howell)
    assert all(r["time"].endswith("+09:00") for r in shown)
    assert all(r["time"].endswith("+00:00") for r in plain)
    assert [dt.datetime.fromisoformat(r["time"]) for r in shown] == [
        dt.datetime.fromisoformat(r["time"]) for r in plain
    ]
