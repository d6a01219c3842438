"""Totals over several sessions and stages (the carry-over into a final is in
``test_carry_over.py``).

JCBL manual part 3, chapter 1 (§2 qualifying and final) and part 2, chapter 5 (an
individual is ranked by player).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

import pytest

from engine.application import Traveller
from engine.errors import InvalidInput, NotFound, Rejected
from engine.numbers import round_half_up
from engine.ranks import RankBy
from engine.standings import score_session
from engine.testing import play_movement
from engine.totals import compute_totals
from engine.tournament import ContestantKind, Player


def player(k: int) -> Player:
    return Player(name=f"Player {k}", member=f"{k:05d}")


def play_session(
    app: Traveller, event: UUID, session: int, partnerships: Sequence[tuple[int, int]]
) -> list[str]:
    """Register the partnerships for ``session``, seat them in a Howell and play it."""
    if session not in app.tournament(event).sessions:
        app.add_session(event, session)
    entries = [
        app.register_entry(event, [player(a), player(b)], session=session) for a, b in partnerships
    ]
    app.assign_movement(event, "howell", session=session, options={"boards_per_round": 2})
    play_movement(app, event, session=session)
    return entries


PAIRS = [(2 * i - 1, 2 * i) for i in range(1, 9)]


def two_sessions(app: Traveller) -> UUID:
    """Eight pairs, the same partnerships in both sessions, registered in another order
    (so each has another entry and pair number in session 2)."""
    event = app.create_event("Two-session pairs")
    play_session(app, event, 1, PAIRS)
    play_session(app, event, 2, PAIRS[3:] + PAIRS[:3])
    return event


def live(app: Traveller, event: UUID, **kw: Any) -> dict[str, Any]:
    return compute_totals(
        app.registry, app.tournament(event), lambda s: app.sections(event, s), **kw
    ).to_json()


def session_scores(app: Traveller, event: UUID, session: int) -> dict[str, Fraction]:
    """Each pair's exact session score, by its first player's name."""
    scored = score_session(app.registry, app.tournament(event), app.sections(event, session))
    return {e.names[0]: e.total.score for e in scored.entrants()}


# ---- totals --------------------------------------------------------------------------------


def test_totals_add_up_each_pairs_sessions_whatever_its_entry_and_number(
    app: Traveller,
) -> None:
    event = two_sessions(app)
    shown = live(app, event)
    assert (shown["sessions"], shown["stage"], shown["contestants"]) == ([1, 2], None, "pairs")
    (everyone,) = shown["fields"]
    assert everyone["name"] == "ALL" and len(everyone["rows"]) == 8
    one, two = session_scores(app, event, 1), session_scores(app, event, 2)
    for row in everyone["rows"]:
        first = row["names"][0]
        assert Decimal(row["score"]) == round_half_up(one[first] + two[first])
        assert [s["session"] for s in row["sessions"]] == [1, 2]
        assert len(set(row["entries"])) == 2
        assert row["carry_over"] is None
    moved = [r for r in everyone["rows"] if r["sessions"][0]["pair"] != r["sessions"][1]["pair"]]
    assert moved, "the test renumbers pairs between sessions"
    scores = [Decimal(r["score"]) for r in everyone["rows"]]
    assert scores == sorted(scores, reverse=True)


def test_a_pair_is_the_same_pair_whatever_order_its_players_are_written(
    app: Traveller,
) -> None:
    event = app.create_event("Two-session pairs")
    play_session(app, event, 1, PAIRS)
    play_session(app, event, 2, [(b, a) for a, b in PAIRS])
    assert len(live(app, event)["fields"][0]["rows"]) == 8


def test_a_pair_that_missed_a_session_totals_what_it_played(app: Traveller) -> None:
    event = app.create_event("Two-session pairs")
    play_session(app, event, 1, PAIRS)
    play_session(app, event, 2, [*PAIRS[:7], (17, 18)])
    rows = live(app, event)["fields"][0]["rows"]
    assert len(rows) == 9
    sessions = {tuple(r["names"]): [s["session"] for s in r["sessions"]] for r in rows}
    assert sessions[("Player 15", "Player 16")] == [1]
    assert sessions[("Player 17", "Player 18")] == [2]


def test_totals_of_chosen_sessions_or_by_percentage(app: Traveller) -> None:
    event = two_sessions(app)
    only_two = live(app, event, sessions=[2])
    assert all(len(r["sessions"]) == 1 for r in only_two["fields"][0]["rows"])
    by_percentage = live(app, event, by=RankBy.PERCENTAGE)
    assert by_percentage["ranked_by"] == "percentage"
    rows = by_percentage["fields"][0]["rows"]
    percentages = [Decimal(r["percentage"]) for r in rows]
    assert percentages == sorted(percentages, reverse=True)
    for r in rows:  # the percentage of every board played, over both sessions
        maximum = sum(Decimal(s["boards_played"]) for s in r["sessions"])
        assert r["boards_played"] == maximum
    with pytest.raises(NotFound, match="no session 3"):
        live(app, event, sessions=[3])
    with pytest.raises(InvalidInput, match="not both"):
        live(app, event, sessions=[1], stage="final")


def test_an_individual_totals_each_player_over_their_partners(app: Traveller) -> None:
    """Part 2 ch. 5: a player's score is their pair's, session by session, whoever the
    partner was."""
    event = app.create_event("Individual")
    play_session(app, event, 1, PAIRS)
    shuffled = [(1, 3), (2, 4), (5, 7), (6, 8), (9, 11), (10, 12), (13, 15), (14, 16)]
    play_session(app, event, 2, shuffled)
    app.choose_contestants(event, ContestantKind.PLAYERS)
    shown = live(app, event)
    assert shown["contestants"] == "players"
    rows = shown["fields"][0]["rows"]
    assert len(rows) == 16
    scored = [
        score_session(app.registry, app.tournament(event), app.sections(event, s)).entrants()
        for s in (1, 2)
    ]
    for r in rows:
        (name,) = r["names"]
        mine = [e.total.score for session in scored for e in session if name in e.names]
        assert len(mine) == 2
        assert Decimal(r["score"]) == round_half_up(sum(mine))


def test_totals_rank_each_flight(app: Traveller) -> None:
    event = two_sessions(app)
    first = app.tournament(event).entries_of(1, "A")
    app.assign_flights(event, {e.id: ("B" if i < 4 else "C") for i, e in enumerate(first)})
    fields = live(app, event)["fields"]
    assert [(f["name"], f.get("flight"), len(f["rows"])) for f in fields] == [
        ("ALL", None, 8),
        ("Flight B", "B", 8),
        ("Flight C", "C", 4),
    ]
    assert {r["flight"] for r in fields[2]["rows"]} == {"C"}
    assert fields[2]["rows"][0]["rank"].rstrip("=") == "1"


# ---- stages ---------------------------------------------------------------------------------


def test_stages_are_checked(app: Traveller) -> None:
    event = two_sessions(app)
    assert app.define_stage(event, "qualifying", [2, 1, 2]) == (1, 2)
    with pytest.raises(Rejected, match="already part of stage 'qualifying'"):
        app.define_stage(event, "final", [2])
    with pytest.raises(NotFound, match="no session 3"):
        app.define_stage(event, "final", [3])
    with pytest.raises(InvalidInput, match="needs a name"):
        app.define_stage(event, " ", [1])
    with pytest.raises(InvalidInput, match="one or more sessions"):
        app.define_stage(event, "final", [])
    assert app.define_stage(event, "qualifying", [1]) == (1,)  # redefined
    assert app.define_stage(event, "final", [2]) == (2,)
    assert app.define_stage(event, "final ", [2]) == (2,)  # redefined as it is recorded
    assert app.tournament(event).ranking.stages == {"qualifying": (1,), "final": (2,)}
    with pytest.raises(NotFound, match="no stage 'semi'"):
        live(app, event, stage="semi")
