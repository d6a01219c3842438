"""Entries of one player (an individual) and of a team, seated and ranked as such."""

from __future__ import annotations

from fractions import Fraction
from uuid import UUID

import pytest

from engine.application import Traveller
from engine.errors import InvalidInput, Rejected
from engine.seating import Line, Pair
from engine.section_scores import score_section
from engine.standings import compute_standings
from engine.testing import memory_app, play_movement
from engine.tournament import Player
from engine.travellers import traveller


def register(app: Traveller, event: UUID, count: int, size: int) -> list[str]:
    return [
        app.register_entry(event, [Player(name=f"P{n}-{k}") for k in range(size)])
        for n in range(1, count + 1)
    ]


def test_an_individual_seats_players_and_ranks_each_one() -> None:
    app = memory_app()
    event = app.create_event("Individual")
    entries = register(app, event, 8, 1)
    state = app.assign_movement(event, "individual")
    assert state.movement is not None and state.movement.kind == "individual"
    assert state.movement.tables == 2
    assert {state.seats[Pair(n)] for n in range(1, 9)} == set(entries)
    play_movement(app, event)

    section = app.section(event)
    assert section.movement is not None
    scored = score_section(app.registry, app.tournament(event), section)
    # Every player of the eight has a total: North and South share the NS points.
    assert set(scored.totals) == {Pair(n) for n in range(1, 9)}
    assert all(t.boards_played == 21 for t in scored.totals.values())
    top = next(iter(scored.tops.values()))
    # Each board: 2 tables, each side's points go to two players, so a board's
    # points over all players are twice its total (top per table and side).
    assert sum(t.raw for t in scored.totals.values()) == 2 * top * 2 * 21
    # Worked out apart: a player's total is the NS points where they sat North or South,
    # the EW points where they sat East or West.
    expected: dict[int, Fraction] = {}
    for s in scored.results:
        e = section.movement.scheduled[(s.result.board, s.result.ns, s.result.ew)]
        assert e.players is not None
        north, east, south, west = e.players
        assert (s.result.ns.number, s.result.ew.number) == (north, east)
        for player, points in ((north, s.points_ns), (south, s.points_ns)):
            expected[player] = expected.get(player, Fraction(0)) + points
        for player, points in ((east, s.points_ew), (west, s.points_ew)):
            expected[player] = expected.get(player, Fraction(0)) + points
    assert {p.number: t.raw for p, t in scored.totals.items()} == expected

    standings = compute_standings(app.registry, app.tournament(event), [section], 1)
    (field,) = standings.fields
    assert field.name == "ALL" and len(field.rows) == 8
    assert all(len(row.names) == 1 for row in field.rows)
    line = traveller(app.registry, app.tournament(event), section, 1)["results"][0]
    assert len(line["players"]) == 4


def test_nine_players_each_sit_out_one_round() -> None:
    app = memory_app()
    event = app.create_event("Nine")
    register(app, event, 9, 1)
    state = app.assign_movement(event, "individual")  # players=9 from the entries
    assert state.movement is not None and state.movement.tables == 2
    assert len(state.movement.sit_outs) == 9
    play_movement(app, event)
    scored = score_section(app.registry, app.tournament(event), app.section(event))
    top = next(iter(scored.tops.values()))
    assert len(scored.totals) == 9
    for total in scored.totals.values():
        # 9 rounds of 2 boards, one round out: 16 boards each, nothing to factor.
        assert total.boards_played == 16 and total.maximum == 16 * top
        assert total.score == total.raw


def test_a_team_holds_both_its_pairs_seats_and_is_ranked_once() -> None:
    app = memory_app()
    event = app.create_event("Teams")
    entries = register(app, event, 4, 4)
    state = app.assign_movement(event, "round-robin", options={"boards_per_round": 2})
    movement = state.movement
    assert movement is not None and movement.kind == "teams" and movement.tables == 4
    for team, entry in zip(movement.teams, entries, strict=True):
        assert state.seats[team] == entry == state.seats[Pair(team.number, Line.EW)]
    (field,) = app.section(event).fields()
    assert field.name == "TEAMS" and field.pairs == movement.teams


def test_a_section_seats_one_kind_of_entry() -> None:
    app = memory_app()
    event = app.create_event("Mixed")
    app.register_entry(event, [Player(name="Sato"), Player(name="Ito")])
    with pytest.raises(Rejected, match="already has pairs"):
        app.register_entry(event, [Player(name="Kato")])
    with pytest.raises(InvalidInput, match="neither a player, a pair nor a team"):
        app.register_entry(event, [Player(name=n) for n in "ABC"])
    with pytest.raises(InvalidInput, match="needs a name"):
        app.register_entry(event, [Player(name=" "), Player(name="Ito")])


def test_a_movement_for_another_kind_of_entry_is_refused() -> None:
    app = memory_app()
    event = app.create_event("Pairs")
    register(app, event, 8, 2)
    before = app.position()
    with pytest.raises(
        Rejected, match="movement is for teams, but the section's entries are pairs"
    ):
        app.assign_movement(event, "round-robin", tables=8)
    assert app.position() == before
