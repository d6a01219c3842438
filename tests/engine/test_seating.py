"""Entries put right once seated, and sections seated by number (issue 14, dead ends).

A player renamed, a member number changed, a substitute from a round on, two seats
swapped before play, a withdrawn pair's seat taken by a new one; a results-only
section seating its entries by their pair numbers and registering the pairs a file
names. Decide-level where a decision is the point, through the application where what
the standings, travellers and totals show is.
"""

from __future__ import annotations

from fractions import Fraction
from uuid import UUID

import pytest

from engine import errors
from engine.application import Traveller
from engine.errors import Fix
from engine.seating import Numbering, Pair
from engine.section import ImportRow, PairsSeated, ResultEntry, seating
from engine.section import decide as section_decide
from engine.section.events import SeatsSwapped
from engine.standings import compute_standings
from engine.testing import memory_app, play_movement
from engine.totals import compute_totals
from engine.tournament import ContestantKind, EntryRegistered, Player
from engine.tournament import decide as tournament_decide
from engine.tournament.events import MemberNumberChanged, PlayerRenamed
from engine.travellers import traveller
from tests.engine.test_decide import TD, Game, mitchell, new_game, record, with_pairs


def names(app: Traveller, event: UUID, session: int = 1) -> dict[str, tuple[str, ...]]:
    """Each pair's names as the session's standings show them."""
    standings = compute_standings(
        app.registry, app.tournament(event), app.sections(event, session), session
    )
    return {r.pair.key: r.names for f in standings.fields for r in f.rows if r.player is None}


def howell_night(pairs: int = 8) -> tuple[Traveller, UUID]:
    app = memory_app()
    event = app.create_event("Club night")
    for i in range(1, pairs + 1):
        app.register_entry(
            event, [Player(name=f"North {i}", member=f"N{i}"), Player(name=f"South {i}")]
        )
    app.assign_movement(event, "howell", options={"boards_per_round": 2})
    return app, event


# ---- names and member numbers ---------------------------------------------------------------


def test_a_players_name_is_put_right_by_place_or_by_name() -> None:
    game = with_pairs(new_game(), 2)
    events = tournament_decide.rename_player(
        game.tournament, "E2", "South 2", "Tanaka Aoi", reason="misspelt", actor=TD
    )
    assert [(type(e), e.entry, e.player, e.name) for e in events] == [  # type: ignore[attr-defined]
        (PlayerRenamed, "E2", 2, "Tanaka Aoi")
    ]
    game = game.then(events)
    assert game.tournament.entries["E2"].names == ["North 2", "Tanaka Aoi"]
    again = tournament_decide.rename_player(
        game.tournament, "E2", "1", " Sato  Haruki ", reason=None, actor=TD
    )
    assert game.then(again).tournament.entries["E2"].names == ["Sato Haruki", "Tanaka Aoi"]


@pytest.mark.parametrize(
    ("player", "name", "error", "message"),
    [
        ("3", "X", errors.InvalidInput, "has 2 players, not a player 3"),
        ("Nobody", "X", errors.NotFound, "no player named 'Nobody'"),
        ("1", "  ", errors.InvalidInput, "Give the player's name"),
        ("1", "North 1", errors.Rejected, "already named 'North 1'"),
    ],
)
def test_a_rename_that_cannot_be_is_refused(
    player: str, name: str, error: type[Exception], message: str
) -> None:
    game = with_pairs(new_game(), 1)
    with pytest.raises(error, match=message):
        tournament_decide.rename_player(game.tournament, "E1", player, name, reason=None, actor=TD)


def test_a_member_number_is_put_right_and_can_be_cleared() -> None:
    game = with_pairs(new_game(), 1)
    events = tournament_decide.change_member(
        game.tournament, "E1", "2", " 10877 ", reason=None, actor=TD
    )
    assert isinstance(events[0], MemberNumberChanged) and events[0].member == "10877"
    game = game.then(events)
    assert [p.member for p in game.tournament.entries["E1"].players] == [None, "10877"]
    cleared = tournament_decide.change_member(game.tournament, "E1", "2", "", reason=None, actor=TD)
    assert game.then(cleared).tournament.entries["E1"].players[1].member is None
    with pytest.raises(errors.Rejected, match="already has no member number"):
        tournament_decide.change_member(game.tournament, "E1", "1", None, reason=None, actor=TD)


def test_standings_and_travellers_show_a_name_put_right() -> None:
    app, event = howell_night()
    play_movement(app, event)
    app.rename_player(event, "E3", "South 3", "Tanaka Aoi", reason="misspelt")
    assert names(app, event)["3"] == ("North 3", "Tanaka Aoi")
    line = next(
        line
        for line in traveller(app.registry, app.tournament(event), app.section(event), 1)["results"]
        if 3 in (line["ns"], line["ew"])
    )
    side = "names_ns" if line["ns"] == 3 else "names_ew"
    assert line[side] == ["North 3", "Tanaka Aoi"]


# ---- substitutes ----------------------------------------------------------------------------


def test_a_substitute_from_a_round_on_is_shown_where_they_played() -> None:
    """The pair keeps its score; the traveller of a board names who sat at that table in
    that round; the standings name who played most of the boards, with the substitute."""
    app, event = howell_night()
    movement = app.section(event).movement
    assert movement is not None
    assert movement.rounds == 7
    first = app.substitute_player(
        event, "E3", "2", Player(name="Ito Ken"), from_round=3, reason="South 3 unwell"
    )
    assert first == 3
    play_movement(app, event)
    sheet = app.section(event)
    for board in movement.boards:
        for line in traveller(app.registry, app.tournament(event), sheet, board)["results"]:
            if 3 not in (line["ns"], line["ew"]):
                continue
            side = "names_ns" if line["ns"] == 3 else "names_ew"
            e = (
                movement.scheduled.get((board, Pair(line["ns"]), Pair(line["ew"])))
                or (movement.scheduled[(board, Pair(line["ew"]), Pair(line["ns"]))])
            )
            expected = "Ito Ken" if e.round >= 3 else "South 3"
            assert line[side] == ["North 3", expected]
    # Ito played 5 of the pair's 7 rounds: the standings credit him, naming the substitution.
    assert names(app, event)["3"] == ("North 3", "Ito Ken")
    standings = compute_standings(app.registry, app.tournament(event), app.sections(event), 1)
    row = next(r for r in standings.fields[0].rows if r.pair == Pair(3))
    assert row.to_json()["substitutes"] == [
        {"player": "South 3", "substitute": "Ito Ken", "from_round": 3}
    ]
    others = [r.to_json() for r in standings.fields[0].rows if r.pair != Pair(3)]
    assert all("substitutes" not in r for r in others)  # published standings keep their shape


def test_a_late_substitute_leaves_the_regular_player_credited() -> None:
    app, event = howell_night()
    app.substitute_player(event, "E3", "South 3", Player(name="Ito Ken"), from_round=6)
    play_movement(app, event)
    assert names(app, event)["3"] == ("North 3", "South 3")


def test_a_pair_with_a_substitute_stays_one_contestant_in_the_totals() -> None:
    app, event = howell_night()
    play_movement(app, event)
    app.add_session(event, 2)
    app.assign_movement(event, "howell", session=2, tables=4, options={"boards_per_round": 2})
    app.seat_session(event, 2, from_session=1, rematches=True)  # a Howell again: all meet
    app.substitute_player(event, "E3", "2", Player(name="Ito Ken"), session=2)
    play_movement(app, event, session=2)
    totals = compute_totals(app.registry, app.tournament(event), lambda s: app.sections(event, s))
    rows = totals.fields[0].rows
    assert len(rows) == 8
    e3 = next(r for r in rows if "E3" in r.contestant.entries)
    assert e3.contestant.names == ("North 3", "South 3") and len(e3.contestant.plays) == 2


def test_ranking_players_credits_the_substitute_who_played_most() -> None:
    app, event = howell_night()
    app.choose_contestants(event, ContestantKind.PLAYERS)
    app.substitute_player(event, "E3", "2", Player(name="Ito Ken", member="777"), from_round=2)
    play_movement(app, event)
    standings = compute_standings(app.registry, app.tournament(event), app.sections(event), 1)
    players = next(f for f in standings.fields if f.name == "PLAYERS")
    keys = {r.player for r in players.rows}
    assert "#777" in keys and "south 3" not in keys and len(players.rows) == 16


def test_a_substitute_by_default_plays_from_the_round_in_play() -> None:
    app, event = howell_night()
    play_movement(app, event, rounds=2)  # rounds 1 and 2 played and ended
    assert app.substitute_player(event, "E1", "1", Player(name="Ito Ken")) == 3
    app.start_round(event, 3)
    assert app.substitute_player(event, "E2", "1", Player(name="Mori Jun")) == 3


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"from_round": 9}, errors.InvalidInput, "has 7 rounds, not 9"),
        ({"from_round": 0}, errors.InvalidInput, "numbered from 1"),
        ({"session": 3}, errors.NotFound, "no session 3"),
        ({"name": " "}, errors.InvalidInput, "substitute's name"),
        ({"name": "South 3"}, errors.Rejected, "already plays for entry E3"),
    ],
)
def test_a_substitute_that_cannot_be_is_refused(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    app, event = howell_night()
    name = str(kwargs.pop("name", "Ito Ken"))
    before = app.position()
    with pytest.raises(error, match=message):
        app.substitute_player(event, "E3", "2", Player(name=name), **kwargs)  # type: ignore[arg-type]
    assert app.position() == before


def test_a_substitute_needs_the_entry_to_sit_in_that_session() -> None:
    app, event = howell_night()
    app.add_session(event, 2)
    with pytest.raises(errors.Rejected, match="does not sit in section A of session 2"):
        app.substitute_player(event, "E3", "2", Player(name="Ito Ken"), session=2)


# ---- seats swapped, a withdrawn pair replaced -----------------------------------------------


def test_two_pairs_swap_seats_before_play() -> None:
    game = mitchell(13)
    events = seating.swap_seats(game.tournament, game.section, "NS1", "ew2", reason="", actor=TD)
    assert [(type(e), e.first, e.second) for e in events] == [  # type: ignore[attr-defined]
        (SeatsSwapped, "NS1", "EW2")
    ]
    after = game.then(events).section
    before = game.section.seats
    assert after.seats[Pair.parse("NS1")] == before[Pair.parse("EW2")]
    assert after.seats[Pair.parse("EW2")] == before[Pair.parse("NS1")]


def test_a_pair_moves_to_the_phantoms_seat_and_the_phantom_moves_to_its_own() -> None:
    game = mitchell(13)
    phantom = game.section.phantom
    assert phantom is not None
    mover = game.section.seats[Pair.parse("NS2")]
    after = game.then(
        seating.swap_seats(game.tournament, game.section, "NS2", phantom.key, reason="", actor=TD)
    ).section
    assert after.seats[phantom] == mover and after.phantom == Pair.parse("NS2")
    assert Pair.parse("NS2") not in after.seats


def test_seats_are_not_swapped_once_either_pair_has_played() -> None:
    game = mitchell(14)
    game = game.then(record(game, ResultEntry(board=1, ns=1, ew=1, score_ns=420)))
    with pytest.raises(errors.Rejected, match="NS 1 already has results"):
        seating.swap_seats(game.tournament, game.section, "NS1", "NS2", reason="", actor=TD)
    with pytest.raises(errors.NotFound, match="no pair NS 9"):
        seating.swap_seats(game.tournament, game.section, "NS9", "NS2", reason="", actor=TD)
    with pytest.raises(errors.InvalidInput, match="with itself"):
        seating.swap_seats(game.tournament, game.section, "NS2", "ns2", reason="", actor=TD)


def test_a_withdrawn_pairs_seat_is_taken_by_the_next_pair_to_register() -> None:
    """Withdrawing a seated pair and adding another used to fail with "no empty seat"."""
    game = mitchell(14)
    seat = next(p for p, e in game.section.seats.items() if e == "E5")
    game = game.then(
        tournament_decide.withdraw_entry(game.tournament, "E5", reason="unwell", actor=TD)
    )
    events = section_decide.register_entry(
        game.tournament,
        game.section,
        [Player(name="Ito"), Player(name="Mori")],
        pair=None,
        actor=TD,
    )
    assert isinstance(events[0], EntryRegistered) and events[0].entry == "E15"
    assert isinstance(events[1], PairsSeated) and events[1].seats == {seat.key: "E15"}
    assert events[1].phantom is None
    game = game.then(events)
    assert game.section.seats[seat] == "E15"
    with pytest.raises(errors.Rejected, match="no empty seat"):
        section_decide.register_entry(
            game.tournament, game.section, [Player(name="A"), Player(name="B")], pair=None, actor=TD
        )


def test_a_withdrawn_pair_that_has_played_keeps_its_seat() -> None:
    game = mitchell(14)
    game = game.then(record(game, ResultEntry(board=1, ns=1, ew=1, score_ns=420)))
    game = game.then(tournament_decide.withdraw_entry(game.tournament, "E1", reason="r", actor=TD))
    with pytest.raises(errors.Rejected, match="no empty seat") as refused:
        section_decide.register_entry(
            game.tournament, game.section, [Player(name="A"), Player(name="B")], pair=None, actor=TD
        )
    assert "substitute the player" in (refused.value.hint or "")
    assert "entry.substitute" in [f.command for f in refused.value.fixes]


def test_with_a_phantom_and_a_freed_seat_a_pair_may_ask_for_either() -> None:
    game = mitchell(13)
    seat = next(p for p, e in game.section.seats.items() if e == "E4")
    phantom = game.section.phantom
    assert phantom is not None
    game = game.then(tournament_decide.withdraw_entry(game.tournament, "E4", reason="r", actor=TD))
    asked = section_decide.register_entry(
        game.tournament, game.section, [Player(name="A"), Player(name="B")], pair=seat.key, actor=TD
    )
    seated = asked[1]
    assert isinstance(seated, PairsSeated)
    assert seated.seats == {seat.key: "E14"} and seated.phantom == phantom.key
    with pytest.raises(errors.Rejected, match="is not free"):
        section_decide.register_entry(
            game.tournament,
            game.section,
            [Player(name="A"), Player(name="B")],
            pair="NS1",
            actor=TD,
        )


# ---- a results-only section seats its entries by number -------------------------------------


def results_only(numbering: Numbering | None = None) -> Game:
    game = new_game()
    if numbering is not None:
        game = game.then(section_decide.choose_numbering(game.section, numbering, actor=TD))
    return game


def register(game: Game, pair: str | None, who: str = "A") -> Game:
    players = [Player(name=f"{who} North"), Player(name=f"{who} South")]
    return game.then(
        section_decide.register_entry(game.tournament, game.section, players, pair=pair, actor=TD)
    )


def test_an_entry_asking_for_a_pair_number_is_seated_at_it_without_a_movement() -> None:
    game = register(results_only(), "NS3")
    game = register(game, "3", "B")  # the numbering is not known yet: either is taken
    assert game.section.seats == {Pair.parse("NS3"): "E1", Pair(3): "E2"}
    with pytest.raises(errors.Rejected, match="already entry E1"):
        register(game, "ns 3", "C")


def test_a_pair_number_must_fit_the_sections_numbering() -> None:
    with pytest.raises(errors.InvalidInput, match="pair 3 does not say which"):
        register(results_only(Numbering.MITCHELL), "3")
    with pytest.raises(errors.InvalidInput, match="write 3, not NS3"):
        register(results_only(Numbering.HOWELL), "NS3")


def test_the_numbering_cannot_be_chosen_against_the_seats() -> None:
    game = register(results_only(), "3")
    with pytest.raises(errors.Rejected, match="seats E1 at 3") as refused:
        section_decide.choose_numbering(game.section, Numbering.MITCHELL, actor=TD)
    # Worded by the CLI as traveller entry swap --section A 3 NS3.
    assert refused.value.fixes == (
        Fix("entry.swap", fields={"section": "A", "first": "3", "second": "NS3"}),
    )
    moved = game.then(
        seating.swap_seats(game.tournament, game.section, "3", "NS3", reason="", actor=TD)
    )
    assert section_decide.choose_numbering(moved.section, Numbering.MITCHELL, actor=TD)


def test_imported_results_get_the_names_of_the_entries_seated_by_number() -> None:
    """Entries registered with --pair N used to stay unseated: standings showed no names."""
    app = memory_app()
    event = app.create_event("Paper travellers")
    app.register_entry(event, [Player(name="Sato"), Player(name="Ito")], pair="1")
    app.register_entry(event, [Player(name="Mori"), Player(name="Kato")], pair="2")
    rows = [
        ImportRow(
            line=2, board=1, ns=1, ew=2, entry=ResultEntry(board=1, ns=1, ew=2, score_ns=420)
        ),
    ]
    app.import_results(event, rows, numbering=Numbering.HOWELL)
    assert names(app, event) == {"1": ("Sato", "Ito"), "2": ("Mori", "Kato")}


def test_a_files_names_become_entries_when_none_are_registered() -> None:
    app = memory_app()
    event = app.create_event("From a PBN file")
    rows = [
        ImportRow(
            line=9, board=1, ns=1, ew=2, entry=ResultEntry(board=1, ns=1, ew=2, score_ns=420)
        ),
        ImportRow(
            line=10, board=1, ns=3, ew=4, entry=ResultEntry(board=1, ns=3, ew=4, score_ns=450)
        ),
    ]
    named = {
        "NS1": [Player(name="Sato"), Player(name="Ito")],
        "EW2": [Player(name="Mori"), Player(name="Kato")],
        "2": [Player(name="Someone"), Player(name="Else")],  # the same pair of a Howell
        "NS3": [Player(name="Abe"), Player(name="Ota")],
    }
    app.import_results(event, rows, numbering=Numbering.HOWELL, names=named)
    assert names(app, event) == {
        "1": ("Sato", "Ito"),
        "2": ("Mori", "Kato"),
        "3": ("Abe", "Ota"),
        "4": (),
    }
    # A second file's names are not used: the section has its entries now.
    more = [
        ImportRow(line=3, board=2, ns=1, ew=2, entry=ResultEntry(board=2, ns=1, ew=2, score_ns=110))
    ]
    app.import_results(event, more, names={"NS4": [Player(name="X"), Player(name="Y")]})
    assert len(app.tournament(event).entries) == 3


def test_a_mitchell_file_must_say_which_line_a_named_pair_sat() -> None:
    app = memory_app()
    event = app.create_event("From a PBN file")
    rows = [
        ImportRow(line=9, board=1, ns=1, ew=2, entry=ResultEntry(board=1, ns=1, ew=2, score_ns=420))
    ]
    before = app.position()
    with pytest.raises(errors.InvalidFile) as refused:
        app.import_results(
            event,
            rows,
            numbering=Numbering.MITCHELL,
            names={"1": [Player(name="Sato"), Player(name="Ito")]},
        )
    assert any("names of pair 1" in p and "NS1 or EW1" in p for p in refused.value.problems)
    assert app.position() == before


# ---- a session seated from an earlier one, a final from its qualifiers ----------------------


def interwoven(tables: int, first: str, rounds: int | None = None) -> tuple[Traveller, UUID]:
    app = memory_app()
    event = app.create_event("Two sessions")
    for i in range(1, 2 * tables + 1):
        app.register_entry(event, [Player(name=f"N{i}"), Player(name=f"S{i}")])
    options: dict[str, object] = {"session": 1, "first_session": first, "boards_per_round": 2}
    if rounds is not None:
        options["rounds"] = rounds
    app.assign_movement(event, "interwoven-howell", options=options)
    app.add_session(event, 2)
    app.assign_movement(
        event,
        "interwoven-howell",
        session=2,
        tables=tables,
        options={"session": 2, "boards_per_round": 2},
    )
    return app, event


def test_the_second_session_of_an_interwoven_howell_keeps_every_pairs_seat() -> None:
    app, event = interwoven(13, "appendix", 12)
    play_movement(app, event)
    done = app.seat_session(event, 2, from_session=1)
    assert done.method == "same-seats" and done.from_session == 1 and done.to_session == 2
    assert all(m.from_pair == m.to_pair for m in done.moves) and len(done.moves) == 26
    assert app.section(event, 2).seats == app.section(event, 1).seats
    play_movement(app, event, session=2)
    totals = compute_totals(app.registry, app.tournament(event), lambda s: app.sections(event, s))
    rows = totals.fields[0].rows
    assert len(rows) == 26  # not 52: every pair counted once, over both sessions
    assert all(len(r.contestant.plays) == 2 for r in rows)


def test_keeping_seats_that_bring_pairs_together_again_needs_rematches_allowed() -> None:
    """The JCBL list's one rematch after a full scrambled Mitchell on 11 tables."""
    app, event = interwoven(11, "scrambled")
    before = app.position()
    with pytest.raises(errors.Rejected, match="would meet again"):
        app.seat_session(event, 2, from_session=1)
    assert app.position() == before
    done = app.seat_session(event, 2, from_session=1, rematches=True, reason="the list's rematch")
    assert len(done.moves) == 22 and done.reason == "the list's rematch"


def test_seating_says_where_the_pairs_come_from() -> None:
    app, event = interwoven(9, "appendix")
    with pytest.raises(errors.InvalidInput, match="an earlier session or a stage") as refused:
        app.seat_session(event, 2)
    assert [f.needs for f in refused.value.fixes] == [("from_session",), ("from_stage",)]
    with pytest.raises(errors.NotFound, match="no session 4"):
        app.seat_session(event, 2, from_session=4)
    with pytest.raises(errors.NotFound, match="No carry-over has been recorded"):
        app.seat_session(event, 2, from_stage="qualifying")


def test_a_final_is_seated_with_the_qualifiers_in_their_qualifying_order() -> None:
    from engine.carry_over import chosen_rule

    app, event = howell_night(8)
    play_movement(app, event)
    app.close_session(event, 1)
    app.add_session(event, 2)
    app.define_stage(event, "qualifying", [1])
    app.define_stage(event, "final", [2])
    carried = app.record_carry_over(
        event,
        stage="final",
        source="qualifying",
        rule=chosen_rule(app.registry, "full"),
        final_top=Fraction(4),
        entries=["E6", "E2", "E8", "E1", "E4"],
    )
    assert [c.names[0] for c in carried.carried] == [f"North {i}" for i in (6, 2, 8, 1, 4)]
    app.assign_movement(event, "howell", session=2, tables=3, options={"boards_per_round": 2})
    done = app.seat_session(event, 2, from_stage="qualifying")
    assert done.method == "qualifying-order" and done.from_session == 1
    final = app.section(event, 2)
    tournament = app.tournament(event)
    # Pair 1 is the first qualifier, and so on; the sixth seat is the phantom's.
    assert [final.seats[p] for p in sorted(final.seats)] == ["E6", "E2", "E8", "E1", "E4"]
    assert final.phantom == Pair(6)
    play_movement(app, event, session=2)
    totals = compute_totals(
        app.registry, tournament, lambda s: app.sections(event, s), stage="final"
    )
    assert len(totals.fields[0].rows) == 5
    assert all(r.contestant.carry is not None for r in totals.fields[0].rows)
