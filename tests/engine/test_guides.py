"""Guide cards, movement slips, rover cards and the board placement agree with the schedule.

The properties run over every movement family the registry offers (and any family module
in plugins/movements not yet registered), at every size it builds from 1 to 14 tables."""

from __future__ import annotations

import importlib
import pkgutil
from collections import defaultdict
from functools import cache

import pytest

import plugins.movements
from engine.errors import TravellerError
from engine.guides import (
    BoardSpot,
    Stand,
    TableSide,
    board_route,
    board_sets,
    pair_slips,
    placement,
    rover_cards,
    table_cards,
)
from engine.movement import Encounter, Movement, SitOut
from engine.registry import Registry, create_registry, parse_options
from engine.seating import Line, Numbering, Pair

SIZES = range(1, 15)


@cache
def registry() -> Registry:
    """The installed families, plus family modules of plugins/movements not registered yet."""
    installed = create_registry()
    extra = []
    for info in pkgutil.walk_packages(plugins.movements.__path__, "plugins.movements."):
        module = importlib.import_module(info.name)
        if hasattr(module, "traveller_register_movements") and not (
            installed.manager.is_registered(module)
        ):
            extra.append(module)
    return create_registry(*extra)


def built() -> list[tuple[str, Movement]]:
    out = []
    for family in registry().movements():
        for tables in SIZES:
            try:
                movement = family.build(tables, parse_options(family, {}))
            except TravellerError:
                continue
            out.append((f"{family.name}-{tables}", movement))
    return out


MOVEMENTS = built()


def test_the_sweep_covers_the_built_in_families() -> None:
    names = {name.rsplit("-", 1)[0] for name, _ in MOVEMENTS}
    assert {"mitchell", "howell"} <= names
    assert len(MOVEMENTS) > 20


@pytest.mark.parametrize("movement", [m for _, m in MOVEMENTS], ids=[n for n, _ in MOVEMENTS])
def test_following_a_slip_reproduces_the_pairs_encounters(movement: Movement) -> None:
    if movement.kind == "individual":
        return  # a player's slip: see the test below
    for slip in pair_slips(movement):
        assert len(slip.rounds) == movement.rounds
        assert [r.round for r in slip.rounds] == list(range(1, movement.rounds + 1))
        followed = set()
        for r in slip.rounds:
            if r.seat.sits_out:
                assert r.opponent is None and r.boards == ()
                continue
            assert r.opponent is not None and r.seat.line is not None
            ns, ew = (slip.pair, r.opponent) if r.seat.line is Line.NS else (r.opponent, slip.pair)
            followed.add((r.round, r.seat.table, ns, ew, r.boards, r.arrow_switch))
        expected = {
            (e.round, e.table, movement.ns_pair(e), movement.ew_pair(e), e.boards, e.arrow_switch)
            for e in movement.encounters_of(slip.pair)
        }
        assert followed == expected


INDIVIDUALS = [(n, m) for n, m in MOVEMENTS if m.kind == "individual"]


@pytest.mark.parametrize("movement", [m for _, m in INDIVIDUALS], ids=[n for n, _ in INDIVIDUALS])
def test_a_players_slip_seats_the_table_round_the_compass(movement: Movement) -> None:
    seated = set()
    for slip in pair_slips(movement):
        assert slip.pair.line is None and len(slip.rounds) == movement.rounds
        for r in slip.rounds:
            if r.seat.sits_out:
                continue
            assert r.compass is not None and r.partner and r.opponent and r.right
            # North, East, South, West from this player's seat, clockwise.
            at = "NESW".index(r.compass)
            around = [slip.pair, r.opponent, r.partner, r.right]
            players = tuple(around[(k - at) % 4].number for k in range(4))
            seated.add((r.round, r.seat.table, players, r.boards))
            assert r.seat.line is (Line.NS if r.compass in "NS" else Line.EW)
    assert seated == {(e.round, e.table, e.players, e.boards) for e in movement.schedule}


def test_the_sweep_covers_the_individuals() -> None:
    assert len(INDIVIDUALS) >= 3


@pytest.mark.parametrize("movement", [m for _, m in MOVEMENTS], ids=[n for n, _ in MOVEMENTS])
def test_following_the_cards_reproduces_the_next_round(movement: Movement) -> None:
    cards = table_cards(movement)
    assert [c.table for c in cards] == sorted({e.table for e in movement.schedule})
    route = board_route(movement)
    set_of = {b: s for s in board_sets(movement) for b in s}
    laid = {(e.round, e.table): set_of[e.boards[0]] for e in movement.schedule}
    seated = {
        (p, e.round): TableSide(e.table, line)
        for e in movement.schedule
        for p, line in ((movement.ns_pair(e), Line.NS), (movement.ew_pair(e), Line.EW))
    }
    arriving: dict[tuple[int, int], set[tuple[int, ...]]] = defaultdict(set)
    for card in cards:
        for r in card.rounds:
            assert laid[r.round, card.table] == set_of[r.boards[0]]
            if r.round == movement.rounds:
                assert (r.ns_next, r.ew_next, r.boards_next) == (None, None, None)
                continue
            assert r.boards_next is not None
            for table in r.boards_next.tables:
                arriving[r.round + 1, table].add(set_of[r.boards[0]])
            sit_out = TableSide(None, None)
            assert r.ns_next == seated.get((r.ns, r.round + 1), sit_out)
            assert r.ew_next == seated.get((r.ew, r.round + 1), sit_out)
    # Sets resting (bye stand, aside) come back by the route; together with the cards'
    # "boards go to" they are exactly what each table plays next.
    for boards, spots in route.items():
        for rnd in range(1, movement.rounds):
            if not spots[rnd - 1].tables:
                for table in spots[rnd].tables:
                    arriving[rnd + 1, table].add(boards)
    for (rnd, table), boards in laid.items():
        if rnd > 1:
            assert arriving[rnd, table] == {boards}


@pytest.mark.parametrize("movement", [m for _, m in MOVEMENTS], ids=[n for n, _ in MOVEMENTS])
def test_the_placement_lays_every_set_where_round_one_wants_it(movement: Movement) -> None:
    starts = placement(movement)
    assert [s.boards for s in starts] == list(board_sets(movement))
    assert sorted(b for s in starts for b in s.boards) == list(movement.boards)
    round_one = {e.table: e.boards for e in movement.round(1)}
    for s in starts:
        for table in s.spot.tables:
            assert round_one[table] == s.boards
        assert s.first_round == min(e.round for e in movement.schedule if e.boards == s.boards)
        assert s.first_tables == tuple(
            sorted(e.table for e in movement.round(s.first_round) if e.boards == s.boards)
        )
        byes = {b for rnd, boards in movement.bye_boards if rnd == 1 for b in boards}
        if s.spot.stand is Stand.BYE:
            assert set(s.boards) <= byes
    assert {t for s in starts for t in s.spot.tables} == set(round_one)


# ---- worked examples ------------------------------------------------------------------------


def howell(tables: int) -> Movement:
    family = registry().movement("howell")
    return family.build(tables, parse_options(family, {}))


def test_pair_1_of_the_12_pair_howell_follows_figure_7() -> None:
    # JCBL manual figure 7 (12-pair Howell, 11 rounds, 22 boards), pair 1's cells: the
    # opponent, whether pair 1 is written first (NS) and the column (board set).
    figure_7 = [
        ("12", "EW", 1), ("7", "NS", 4), ("10", "EW", 11), ("8", "NS", 10), ("3", "NS", 2),
        ("9", "NS", 5), ("6", "EW", 9), ("5", "EW", 3), ("4", "EW", 8), ("11", "NS", 6),
        ("2", "EW", 7),
    ]  # fmt: skip
    slip = next(s for s in pair_slips(howell(6)) if s.pair == Pair(1))
    got = [
        (str(r.opponent), r.seat.line.value if r.seat.line else "", (r.boards[0] + 1) // 2)
        for r in slip.rounds
    ]
    assert got == figure_7


def test_the_stationary_pairs_card_and_slip() -> None:
    m = howell(6)
    slip = next(s for s in pair_slips(m) if s.pair == Pair(12))
    assert slip.phantom  # the manual's advice: the stationary pair is the phantom
    assert {r.seat for r in slip.rounds} == {TableSide(1, Line.NS)}
    card = table_cards(m)[0]
    assert card.table == 1
    assert [(r.ns, r.ew, r.boards) for r in card.rounds] == [
        (Pair(12), Pair(r), (2 * r - 1, 2 * r)) for r in range(1, 12)
    ]
    assert all(r.ns_next == TableSide(1, Line.NS) for r in card.rounds[:-1])


def test_a_mitchell_moves_pairs_up_and_boards_down() -> None:
    family = registry().movement("mitchell")
    m = family.build(5, parse_options(family, {}))
    for card in table_cards(m):
        for r in card.rounds[:-1]:
            assert r.ns_next == TableSide(card.table, Line.NS)
            assert r.ew_next == TableSide(card.table % 5 + 1, Line.EW)
            assert r.boards_next == BoardSpot(Stand.TABLE, ((card.table - 2) % 5 + 1,))
    assert [s.spot for s in placement(m)] == [BoardSpot(Stand.TABLE, (t,)) for t in range(1, 6)]


def test_a_relay_mitchell_places_the_bye_set_and_the_shared_set() -> None:
    family = registry().movement("mitchell")
    m = family.build(8, parse_options(family, {"variant": "relay"}))
    spots = {s.set_number: s for s in placement(m)}
    assert spots[1].spot == BoardSpot(Stand.RELAY, (1, 8))
    bye = [s for s in spots.values() if s.spot.stand is Stand.BYE]
    assert len(bye) == 1 and bye[0].first_round == 2
    assert str(spots[1].spot) == "tables 1 and 8 (relay)" and str(bye[0].spot) == "bye stand"


def rover_mitchell() -> Movement:
    """The guide's 5-table Mitchell plus an NS rover: R2-R5 at tables 2, 4, 1, 3."""
    route = {2: 2, 3: 4, 4: 1, 5: 3}
    schedule, sit_outs = [], []
    for r in range(1, 6):
        sit_outs += [SitOut(round=r, pair=route[r], line=Line.NS)] if r in route else []
        for t in range(1, 6):
            ns = 6 if route.get(r) == t else t
            ew = (t - r) % 5 + 1
            boards = ((t + r - 2) % 5 * 2 + 1, (t + r - 2) % 5 * 2 + 2)
            schedule.append(Encounter(round=r, table=t, ns=ns, ew=ew, boards=boards))
    sit_outs.insert(0, SitOut(round=1, pair=6, line=Line.NS))
    return Movement(
        family="rover-mitchell",
        tables=5,
        rounds=5,
        boards_per_round=2,
        numbering=Numbering.MITCHELL,
        schedule=tuple(schedule),
        sit_outs=tuple(sit_outs),
        rovers=(Pair(6, Line.NS),),
    )


def test_the_rover_card_follows_the_guides_route_and_names_the_displaced_pair() -> None:
    from engine.validator import check

    m = rover_mitchell()
    assert check(m).ok
    (card,) = rover_cards(m)
    assert card.pair == Pair(6, Line.NS)
    assert [r.seat.table for r in card.rounds] == [None, 2, 4, 1, 3]
    assert [r.displaces for r in card.rounds] == [None] + [Pair(t, Line.NS) for t in (2, 4, 1, 3)]
    # The guide: the rover meets a different EW pair each round and never a board twice.
    assert len({r.opponent for r in card.rounds[1:]}) == 4
    assert len({r.boards for r in card.rounds[1:]}) == 4
    assert rover_cards(howell(3)) == ()


def test_json_shapes() -> None:
    m = rover_mitchell()
    card = table_cards(m)[1].to_json()
    assert card["table"] == 2
    first = card["rounds"][0]  # type: ignore[index]
    assert first["ns"] == "NS2" and first["ew"] == "EW2"
    assert first["ns_next"] == {"sits_out": True}  # the rover displaces NS 2 in round 2
    assert first["boards_next"] == {"stand": "table", "tables": [1]}
    slip = pair_slips(m)[-1].to_json()
    assert slip["pair"] == "EW5" and slip["phantom"] is False
    rover = rover_cards(m)[0].to_json()
    assert rover["rounds"][1]["displaces"] == "NS2"  # type: ignore[index]
    start = placement(m)[0].to_json()
    assert start == {
        "set": 1,
        "boards": [1, 2],
        "stand": "table",
        "tables": [1],
        "first_round": 1,
        "first_tables": [1],
    }
