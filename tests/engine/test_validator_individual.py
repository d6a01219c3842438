"""The validator on individual movements: players, not pairs, are checked and counted."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import InvalidMovement
from engine.movement import Encounter, Movement, Relay, SitOut
from engine.seating import Line, Numbering, Pair
from engine.validator import check, validate

Row = tuple[int, int, tuple[int, int, int, int], tuple[int, ...]]
"""(round, table, (North, East, South, West), boards)"""

# Four players at one table, partners changing every round: 1-3 v 2-4, 1-2 v 3-4, 1-4 v 2-3.
FOUR: list[Row] = [
    (1, 1, (1, 2, 3, 4), (1, 2)),
    (2, 1, (1, 3, 2, 4), (3, 4)),
    (3, 1, (1, 2, 4, 3), (5, 6)),
]

# Eight players at two tables sharing each round's board (a relay), one round.
EIGHT: list[Row] = [
    (1, 1, (8, 6, 1, 2), (1,)),
    (1, 2, (5, 3, 7, 4), (1,)),
]


def individual(
    rows: list[Row],
    *,
    tables: int = 1,
    rounds: int = 3,
    boards_per_round: int = 2,
    numbering: Numbering = Numbering.HOWELL,
    **extra: Any,
) -> Movement:
    return Movement(
        family="test",
        kind="individual",
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        numbering=numbering,
        schedule=tuple(
            Encounter(round=r, table=t, ns=p[0], ew=p[1], boards=b, players=p)
            for r, t, p, b in rows
        ),
        **extra,
    )


def test_a_sound_individual_passes_with_its_figures() -> None:
    m = individual(FOUR, stationary=(Pair(1),))
    report = check(m)
    assert report.ok and report.problems == [] and report.notes == []
    assert validate(m) is m
    assert report.plays == dict.fromkeys(range(1, 7), 1)
    assert report.partners == {(1, 3): 1, (2, 4): 1, (1, 2): 1, (3, 4): 1, (1, 4): 1, (2, 3): 1}
    assert report.opponents == {(1, 2): 2, (1, 3): 2, (1, 4): 2, (2, 3): 2, (2, 4): 2, (3, 4): 2}
    # Round 1: 2 is on 1's left, 3 on 2's, 4 on 3's, 1 on 4's (N, E, S, W clockwise);
    # round 3 again puts 2 on 1's left, so 1 never sits on 2's.
    assert report.on_left[1, 2] == 2 and (2, 1) not in report.on_left
    assert report.on_left[4, 1] == 2 and report.on_left[3, 2] == 1
    assert sum(report.on_left.values()) == 12
    assert report.meetings == {}, "players meet as partners and opponents, not as pairs"
    assert report.sit_outs == {Pair(p): 0 for p in range(1, 5)}
    assert report.directions == {Pair(1): (3, 0), Pair(2): (1, 2), Pair(3): (1, 2), Pair(4): (1, 2)}


def test_partners_are_not_compared_but_players_at_other_tables_are() -> None:
    m = individual(
        EIGHT,
        tables=2,
        rounds=1,
        boards_per_round=1,
        relays=(Relay(round=1, tables=(1, 2), boards=(1,)),),
    )
    report = check(m)
    assert report.ok
    assert report.comparisons[Pair(1), Pair(8)] == 0, "partners"
    assert report.comparisons[Pair(1), Pair(5)] == 1, "both NS, different tables"
    assert report.comparisons[Pair(1), Pair(6)] == 0, "opponents"
    assert report.opponents == {
        (2, 8): 1,
        (6, 8): 1,
        (1, 2): 1,
        (1, 6): 1,
        (3, 5): 1,
        (4, 5): 1,
        (3, 7): 1,
        (4, 7): 1,
    }


def test_a_player_playing_a_board_twice() -> None:
    rows = [*FOUR[:2], (3, 1, (1, 2, 4, 3), (1, 2))]
    report = check(individual(rows))
    assert "Player 1 plays board 1 twice, in rounds 1 and 3." in report.problems
    assert "Player 4 plays board 2 twice, in rounds 1 and 3." in report.problems


def test_a_player_seated_at_two_tables_in_a_round() -> None:
    rows: list[Row] = [(1, 1, (1, 2, 3, 4), (1, 2)), (1, 2, (5, 6, 7, 1), (3, 4))]
    report = check(individual(rows, tables=2, rounds=1))
    assert "Player 1 is seated twice in round 1, at tables 1 and 2." in report.problems


def test_a_player_with_two_seats_at_one_table() -> None:
    report = check(individual([(1, 1, (1, 2, 1, 4), (1, 2))], rounds=1))
    assert report.problems == ["Player 1 has 2 seats at table 1 in round 1."]


def test_ns_and_ew_must_name_the_north_and_east_players() -> None:
    m = individual(FOUR)
    wrong = m.schedule[0].model_copy(update={"ns": 3, "ew": 4})
    report = check(m.model_copy(update={"schedule": (wrong, *m.schedule[1:])}))
    assert report.problems == [
        "Table 1 in round 1 lists NS 3 and EW 4, but its North player is 1 and its East "
        "player 2: in an individual NS and EW name the North and East players."
    ]


def test_every_table_must_name_its_players() -> None:
    m = individual(FOUR)
    bare = Encounter(round=1, table=1, ns=1, ew=2, boards=(1, 2))
    report = check(m.model_copy(update={"schedule": (bare, *m.schedule[1:])}))
    assert (
        "Table 1 in round 1 names no players: an individual lists the North, East, South and "
        "West player of every table." in report.problems
    )


def test_players_are_numbered_in_one_series() -> None:
    report = check(individual(FOUR, numbering=Numbering.MITCHELL))
    assert report.problems == [
        "An individual must number its players in one series (howell numbering), not as NS "
        "and EW pairs."
    ]


def test_a_stationary_player_keeps_one_seat() -> None:
    report = check(individual(FOUR, stationary=(Pair(2), Pair(9))))
    assert "Player 2 is called stationary but sits at table 1 E, table 1 S." in report.problems
    assert "Player 9 is called stationary but never plays." in report.problems


def test_sit_outs_and_the_phantom_are_players() -> None:
    rows: list[Row] = [(1, 1, (1, 2, 3, 4), (1, 2)), (2, 1, (5, 3, 2, 4), (3, 4))]
    m = individual(rows, rounds=2, sit_outs=(SitOut(round=1, pair=5), SitOut(round=2, pair=1)))
    report = check(m)
    assert report.ok
    assert report.sit_outs == {Pair(1): 1, Pair(2): 0, Pair(3): 0, Pair(4): 0, Pair(5): 1}
    seated = check(m.model_copy(update={"sit_outs": (SitOut(round=1, pair=3),)}))
    assert seated.problems == ["Player 3 is listed as sitting out round 1 but has a table."]
    phantom = check(individual(rows, rounds=2, phantom=Pair(9)))
    assert "The phantom, player 9, is not a player of the movement." in phantom.problems


def test_boards_played_unequally_is_a_problem() -> None:
    rows = [*FOUR, (3, 2, (5, 6, 7, 8), (1, 2))]
    report = check(individual(rows, tables=2))
    assert "Boards are played unequally (once: 3-6; twice: 1-2)." in report.problems


def test_partners_twice_is_a_note() -> None:
    rows = [*FOUR[:2], (3, 1, (1, 4, 3, 2), (5, 6))]
    report = check(individual(rows))
    assert report.ok
    assert report.notes == [
        "Players 1 and 3 partner each other in rounds 1 and 3.",
        "Players 2 and 4 partner each other in rounds 1 and 3.",
    ]
    assert report.partners[1, 3] == 2 and (1, 4) not in report.partners


def test_validate_names_the_player() -> None:
    rows: list[Row] = [(1, 1, (1, 2, 3, 4), (1, 2)), (1, 2, (5, 6, 7, 1), (3, 4))]
    with pytest.raises(InvalidMovement, match="Player 1 is seated twice in round 1") as err:
        validate(individual(rows, tables=2, rounds=1))
    assert err.value.problems == ["Player 1 is seated twice in round 1, at tables 1 and 2."]


def test_pair_movements_have_no_player_figures() -> None:
    m = Movement(
        family="test",
        tables=1,
        rounds=1,
        boards_per_round=1,
        numbering=Numbering.MITCHELL,
        schedule=(Encounter(round=1, table=1, ns=1, ew=1, boards=(1,)),),
    )
    report = check(m)
    assert report.ok
    assert (report.partners, report.opponents, report.on_left) == ({}, {}, {})
    assert report.directions == {Pair(1, Line.NS): (1, 0), Pair(1, Line.EW): (0, 1)}
