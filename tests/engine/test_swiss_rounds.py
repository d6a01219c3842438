"""Swiss rounds played board by board: each round's session seated from its draw,
triangles in one round and over two, Swiss pairs, the tie-breaks (JCBL part 2 ch. 4,
ch. 6 §8; part 3 ch. 4 §3-2)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from uuid import UUID

import pytest

from engine.application import Traveller
from engine.bridge import Contract, Seat, score_ns
from engine.errors import InvalidInput, Rejected, TravellerError
from engine.imps import imps
from engine.movement import Encounter
from engine.seating import Pair
from engine.section.results import ResultEntry
from engine.testing import flat_score, memory_app, play_movement
from engine.tournament.events import Player, ScoringChoice

TEAM_IMPS = ScoringChoice(method="team-imps", options={"vp_scale": "wbf2013"})


def teams_event(app: Traveller, teams: int, *, scoring: ScoringChoice = TEAM_IMPS) -> UUID:
    event = app.create_event("Swiss", scoring=scoring)
    for t in range(1, teams + 1):
        app.register_entry(event, [Player(name=f"Team {t} {seat}") for seat in "NSEW"])
    return event


def net_of(board: int, home_ns: Encounter, away_ns: Encounter) -> int:
    """The home team's net score on ``board`` from the two tables' flat scores."""
    ours, theirs = flat_score(board, home_ns), flat_score(board, away_ns)
    assert ours.tricks is not None and theirs.tricks is not None
    contract = Contract.parse("4S")
    return score_ns(board, contract, Seat.N, ours.tricks) - score_ns(
        board, contract, Seat.N, theirs.tricks
    )


def test_a_draw_seats_its_rounds_session_home_ns_at_the_matchs_table() -> None:
    app = memory_app()
    event = teams_event(app, 8)
    app.start_swiss(event, rounds=3, boards_per_round=6)
    draw = app.draw_round(event)
    section = app.section(event, 1)
    movement = section.movement
    assert movement is not None and movement.kind == "teams" and movement.family == "swiss"
    assert movement.boards == (1, 2, 3, 4, 5, 6)
    tables = {(e.table, e.ns, e.ew) for e in movement.schedule}
    for m in draw.matches:
        assert (m.table, m.home, m.away) in tables  # the open room
        assert (m.table + 4, m.away, m.home) in tables  # the closed room
    entries = app.tournament(event).swiss
    assert entries is not None
    for number, entry in entries.conditions.teams.items():
        ns, ew = Pair.parse(f"NS{number}"), Pair.parse(f"EW{number}")
        assert section.seats[ns] == section.seats[ew] == entry
    # Round 2 plays the next boards in session 2.
    play_movement(app, event, session=1)
    app.draw_round(event)
    second = app.section(event, 2).movement
    assert second is not None and second.boards == (7, 8, 9, 10, 11, 12)


def test_board_results_score_each_match_on_the_vp_scale() -> None:
    app = memory_app()
    event = teams_event(app, 8)
    app.start_swiss(event, rounds=3, boards_per_round=6)
    draw = app.draw_round(event)
    movement = app.section(event, 1).movement
    assert movement is not None
    before = {line.team: line.rounds[0].vp for line in app.swiss_standings(event)}
    assert set(before.values()) == {None}
    play_movement(app, event, session=1)
    scale = app.registry.vp_scale("wbf2013")
    rounds = {line.team: line.rounds[0] for line in app.swiss_standings(event)}
    at = {(e.ns, e.ew): e for e in movement.schedule}
    for m in draw.matches:
        margin = sum(imps(net_of(b, at[m.home, m.away], at[m.away, m.home])) for b in range(1, 7))
        home, away = scale.victory_points(margin, 6)
        assert (rounds[m.home].vp, rounds[m.away].vp) == (home, away)
    # A score card, when one is recorded, is what the match scored.
    first = draw.matches[0]
    app.score_match(event, 1, first.home, first.away, vp=(Decimal(15), Decimal(5)))
    line = {line.team: line.rounds[0] for line in app.swiss_standings(event)}
    assert line[first.home].vp == 15 and line[first.away].vp == 5


def test_a_round_is_drawn_only_from_complete_standings() -> None:
    app = memory_app()
    event = teams_event(app, 8)
    app.start_swiss(event, rounds=3, boards_per_round=2)
    app.draw_round(event)
    section = app.section(event, 1)
    assert section.movement is not None
    (last, *_) = section.movement.schedule[::-1]
    for e in section.movement.schedule:
        for b in e.boards:
            if (e, b) != (last, last.boards[-1]):
                app.record_result(event, flat_score(b, e), session=1)
    with pytest.raises(Rejected, match="standings after round 1"):
        app.draw_round(event)
    app.record_result(event, flat_score(last.boards[-1], last), session=1)
    assert app.draw_round(event).round == 2


def test_a_redraw_seats_the_session_again() -> None:
    app = memory_app()
    event = teams_event(app, 8)
    app.start_swiss(event, rounds=3, boards_per_round=2)
    app.draw_round(event)
    play_movement(app, event, session=1)
    app.draw_round(event)
    app.withdraw_entry(event, app.tournament(event).swiss.conditions.teams[8], reason="ill")  # type: ignore[union-attr]
    draw = app.redraw_round(event, 2, reason="team 8 withdrew")
    seated = app.section(event, 2).seats
    assert 8 not in draw.contestants and Pair.parse("NS8") not in seated
    assert draw.bye is not None or draw.triangle is not None


def test_a_triangle_in_one_round_plays_two_halves_and_a_spare_set() -> None:
    app = memory_app()
    event = teams_event(app, 7)
    app.start_swiss(event, rounds=3, boards_per_round=4)
    draw = app.draw_round(event)
    assert draw.triangle is not None
    movement = app.section(event, 1).movement
    assert movement is not None and movement.rounds == 2 and movement.boards_per_round == 2
    # The spare set is numbered after the event's last board (3 rounds of 4).
    assert set(movement.boards) == {1, 2, 3, 4, 13, 14}
    play_movement(app, event, session=1)
    a, b, c = draw.triangle
    at = {(e.ns, e.ew): e for e in movement.schedule}
    scale = app.registry.vp_scale("wbf2013")

    def margin(home: int, away: int) -> int:
        boards = at[home, away].boards
        return sum(imps(net_of(x, at[home, away], at[away, home])) for x in boards)

    lines = {line.team: line.rounds[0] for line in app.swiss_standings(event)}
    assert lines[a].vp == scale.victory_points(margin(a, b) + margin(a, c), 4)[0]
    assert lines[b].vp == scale.victory_points(margin(b, c) - margin(a, b), 4)[0]
    assert lines[c].vp == scale.victory_points(-margin(a, c) - margin(b, c), 4)[0]


def test_a_triangle_over_two_rounds_plays_three_whole_matches() -> None:
    app = memory_app()
    event = teams_event(app, 7)
    app.start_swiss(event, rounds=4, boards_per_round=4, options={"odd": "triangle-two-rounds"})
    first = app.draw_round(event)
    assert first.triangle is not None
    a, b, c = first.triangle
    play_movement(app, event, session=1)
    # The triangle is scored once both of its rounds are played.
    lines = {line.team: line.rounds for line in app.swiss_standings(event)}
    assert lines[a][0].vp is None
    second = app.draw_round(event)
    assert second.triangle == first.triangle and second.triangle_continues
    play_movement(app, event, session=2)
    s1, s2 = app.section(event, 1).movement, app.section(event, 2).movement
    assert s1 is not None and s2 is not None
    scale = app.registry.vp_scale("wbf2013")

    def margin(home: int, away: int) -> int:
        total = 0
        for movement in (s1, s2):
            at = {(e.ns, e.ew): e for e in movement.schedule}
            boards = at[home, away].boards
            total += sum(imps(net_of(x, at[home, away], at[away, home])) for x in boards)
        return total

    def vp(margin: int) -> Fraction:
        return scale.victory_points(margin, 4)[0]

    lines = {line.team: line.rounds for line in app.swiss_standings(event)}
    expected_a = vp(margin(a, b)) + vp(margin(a, c))
    assert lines[a][0].vp == lines[a][1].vp == expected_a / 2
    assert lines[b][0].opponents == (a, c)
    # A card for a triangle match is kept under the round the triangle began.
    app.score_match(event, 2, a, b, imps=(Decimal(30), Decimal(0)))
    lines = {line.team: line.rounds for line in app.swiss_standings(event)}
    assert lines[a][1].vp == (vp(30) + vp(margin(a, c))) / 2


def test_swiss_pairs_score_each_rounds_matchpoints_as_vps() -> None:
    app = memory_app()
    event = app.create_event("Swiss pairs", scoring=ScoringChoice(method="swiss-pairs", options={}))
    for p in range(1, 8):
        app.register_entry(event, [Player(name=f"Pair {p} N"), Player(name=f"Pair {p} S")])
    with pytest.raises(InvalidInput, match="triangle"):
        app.start_swiss(event, rounds=3, boards_per_round=4)
    app.start_swiss(event, rounds=3, boards_per_round=4, options={"odd": "bye"}, bye_vp=Decimal(12))
    draw = app.draw_round(event)
    assert draw.bye is not None and len(draw.matches) == 3
    section = app.section(event, 1)
    assert section.movement is not None and section.movement.kind == "pairs"
    assert {e.boards for e in section.movement.schedule} == {(1, 2, 3, 4)}
    play_movement(app, event, session=1)
    rounds = {line.team: line.rounds[0] for line in app.swiss_standings(event)}
    assert rounds[draw.bye].vp == 12 and rounds[draw.bye].opponents == ()
    for m in draw.matches:
        home, away = rounds[m.home].vp, rounds[m.away].vp
        assert home is not None and away is not None and home + away == 20
    with pytest.raises(Rejected, match="from the boards"):
        m = draw.matches[0]
        app.score_match(event, 1, m.home, m.away, vp=(Decimal(10), Decimal(10)))
    assert app.draw_round(event).round == 2


def test_tie_breaks_order_teams_level_on_vps() -> None:
    app = memory_app()
    event = teams_event(app, 4)
    app.start_swiss(
        event,
        rounds=2,
        boards_per_round=8,
        options={"rematch": "any"},
        tie_break=("imp-difference",),
    )
    draw = app.draw_round(event)
    (m1, m2) = draw.matches
    # Both winners take all 20 VPs; by IMPs one wins by more.
    app.score_match(event, 1, m1.home, m1.away, imps=(Decimal(70), Decimal(10)))
    app.score_match(event, 1, m2.home, m2.away, imps=(Decimal(65), Decimal(5)))
    table = app.swiss_standings(event)
    assert [line.rank for line in table] == ["1=", "1=", "3=", "3="]
    app.score_match(event, 1, m2.home, m2.away, imps=(Decimal(66), Decimal(5)), reason="misread")
    table = app.swiss_standings(event)
    totals = {line.team: line.total for line in table}
    assert totals[m1.home] == totals[m2.home]
    assert [line.team for line in table][:2] == [m2.home, m1.home]
    assert [line.rank for line in table][:2] == ["1", "2"]


def test_unknown_or_misplaced_tie_breaks_are_refused() -> None:
    app = memory_app()
    event = teams_event(app, 4)
    with pytest.raises(InvalidInput, match="no tie-break 'coin'"):
        app.start_swiss(event, rounds=2, boards_per_round=8, tie_break=("coin",))
    assert app.tournament(event).swiss is None


def test_a_swiss_refuses_an_event_already_seated() -> None:
    app = memory_app()
    event = teams_event(app, 4)
    app.assign_movement(event, "round-robin", options={"boards_per_round": 2})
    with pytest.raises(Rejected, match="already has a movement"):
        app.start_swiss(event, rounds=2, boards_per_round=8)


def test_a_team_withdrawn_before_the_start_is_not_numbered() -> None:
    app = memory_app()
    event = teams_event(app, 5)
    app.withdraw_entry(event, "E3", reason="no show")
    app.start_swiss(event, rounds=2, boards_per_round=8)
    swiss = app.tournament(event).swiss
    assert swiss is not None and sorted(swiss.conditions.teams) == [1, 2, 3, 4]
    draw = app.draw_round(event)
    assert sorted(draw.contestants) == [1, 2, 3, 4]
    assert len(app.swiss_standings(event)) == 4


def test_results_are_entered_for_the_rounds_session() -> None:
    app = memory_app()
    event = teams_event(app, 4)
    app.start_swiss(event, rounds=2, boards_per_round=2)
    draw = app.draw_round(event)
    m = draw.matches[0]
    entry = ResultEntry(board=1, ns=m.home, ew=m.away, contract="3NT", declarer="N", tricks=9)
    app.record_result(event, entry, session=1)
    with pytest.raises(TravellerError, match=r"[Ss]ession 2"):
        app.record_result(event, entry, session=2)


def test_a_score_card_in_vps_must_be_a_score_the_scale_gives() -> None:
    app = memory_app()
    event = teams_event(app, 4)
    app.start_swiss(event, rounds=2, boards_per_round=8)
    m = app.draw_round(event).matches[0]
    with pytest.raises(InvalidInput, match=r"a match shares 20\.00 VPs"):
        app.score_match(event, 1, m.home, m.away, vp=(Decimal(15), Decimal(15)))
    with pytest.raises(InvalidInput, match=r"at most 20\.00"):
        app.score_match(event, 1, m.home, m.away, vp=(Decimal(25), Decimal(-5)))
    app.score_match(event, 1, m.home, m.away, vp=(Decimal("14.5"), Decimal("5.5")))


def test_teams_have_names_and_are_seeded_by_the_points_given_at_entry() -> None:
    app = memory_app()
    event = app.create_event("Swiss", scoring=TEAM_IMPS)
    points = [10, 80, 30, 60, 50, 20, 70, 40]
    for t, seeded in enumerate(points, 1):
        app.register_entry(
            event,
            [Player(name=f"Team {t} {seat}") for seat in "NSEW"],
            name=f"Club {t}",
            seeding=Decimal(seeded),
        )
    with pytest.raises(InvalidInput, match="blank"):
        app.register_entry(event, [Player(name=f"X {s}") for s in "NSEW"], name=" ")
    with pytest.raises(InvalidInput, match="0 or more"):
        app.register_entry(event, [Player(name=f"Y {s}") for s in "NSEW"], seeding=Decimal(-1))
    app.start_swiss(event, rounds=3, boards_per_round=4, options={"seeding": "split"})
    draw = app.draw_round(event)
    # By points: 2 (80), 7 (70), 4 (60), 5 (50) | 8 (40), 3 (30), 6 (20), 1 (10).
    assert [(m.home, m.away) for m in draw.matches] == [(2, 8), (7, 3), (4, 6), (5, 1)]
    assert {line.team: line.name for line in app.swiss_standings(event)}[2] == "Club 2"
