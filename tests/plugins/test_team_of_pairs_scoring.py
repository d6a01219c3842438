"""Team of pairs scored by IMPs or by each round's VPs (JCBL part 2 ch. 4 §20)."""

from __future__ import annotations

from fractions import Fraction
from uuid import UUID

import pytest

from engine.application import Traveller
from engine.errors import TravellerError
from engine.imps import imps
from engine.movement import Encounter
from engine.seating import Pair
from engine.section import ResultEntry
from engine.section_scores import score_section
from engine.testing import memory_app, play_movement
from engine.tournament import ScoringChoice
from tests.conftest import register_pairs


def varied(board: int, e: Encounter) -> ResultEntry:
    """4S by North, 8 to 12 tricks depending on the pairs: every board has a swing."""
    tricks = 8 + (board * 3 + e.ns * 2 + e.ew) % 5
    return ResultEntry(board=board, ns=e.ns, ew=e.ew, contract="4S", declarer="N", tricks=tricks)


def four_pairs(app: Traveller, options: dict[str, object]) -> UUID:
    event = app.create_event(
        "Four pairs", scoring=ScoringChoice(method="team-of-pairs", options=options)
    )
    register_pairs(app, event, 4)
    app.assign_movement(event, "team-of-pairs", options={"boards_per_round": 4})
    play_movement(app, event, result=varied)
    return event


def test_team_mates_share_each_boards_imps() -> None:
    app = memory_app()
    event = four_pairs(app, {})
    section = app.section(event)
    scored = score_section(app.registry, app.tournament(event), section)
    by_board: dict[int, list[tuple[int, int, int, Fraction, Fraction]]] = {}
    for s in scored.results:
        r = s.result
        assert r.score_ns is not None
        by_board.setdefault(r.board, []).append(
            (r.ns.number, r.ew.number, r.score_ns, s.points_ns, s.points_ew)
        )
    for board, (one, two) in by_board.items():
        swing = imps(one[2] - two[2])
        # NS at one table and EW at the other are team-mates: the same IMPs.
        assert one[3] == two[4] == swing, board
        assert two[3] == one[4] == -swing, board
    assert sum(t.score for t in scored.totals.values()) == 0
    assert all(t.boards_played == 12 for t in scored.totals.values())


def test_each_rounds_margin_becomes_vps() -> None:
    app = memory_app()
    in_vps = four_pairs(app, {"vp_scale": "wbf2013"})
    in_imps = four_pairs(app, {})
    scored = score_section(app.registry, app.tournament(in_vps), app.section(in_vps))
    by_imps = score_section(app.registry, app.tournament(in_imps), app.section(in_imps))
    # Worked out apart: each table's round is a match of its NS and EW pairs, whose
    # margin is the NS pair's IMPs on the round's boards.
    scale = app.registry.vp_scale("wbf2013")
    margins: dict[tuple[Pair, Pair], Fraction] = {}
    for s in by_imps.results:
        key = (s.result.ns, s.result.ew)
        margins[key] = margins.get(key, Fraction(0)) + s.points_ns
    expected: dict[Pair, Fraction] = {}
    for (ns, ew), margin in margins.items():
        vp_ns, vp_ew = scale.victory_points(int(margin), 4)
        expected[ns] = expected.get(ns, Fraction(0)) + vp_ns
        expected[ew] = expected.get(ew, Fraction(0)) + vp_ew
    assert {p: t.score for p, t in scored.totals.items()} == expected
    # Two tables a round, three rounds: six matches of 20 VPs.
    assert sum(expected.values()) == 6 * 20
    assert all(t.maximum == 3 * 20 for t in scored.totals.values())


def test_an_unknown_scale_is_refused_when_the_event_is_created() -> None:
    app = memory_app()
    with pytest.raises(TravellerError, match="wbf1990"):
        app.create_event(
            "Four pairs",
            scoring=ScoringChoice(method="team-of-pairs", options={"vp_scale": "wbf1990"}),
        )
