"""``traveller card`` and ``traveller seating``: a pair's score card (now or at a moment)
and who sits where in a round, as JSON and as a table; both read the application's
queries."""

from __future__ import annotations

from uuid import UUID

import pytest

from adapters.cli.common import open_app
from engine.application import Traveller
from engine.application.moments import At
from engine.section import ResultEntry
from engine.testing import play_movement
from engine.tournament import Player
from tests.acceptance.cli import Cli


def club_night(app: Traveller) -> UUID:
    """A 4-table Mitchell of 7 pairs (a phantom), seated."""
    event = app.create_event("Club night")
    for i in range(1, 8):
        app.register_entry(event, [Player(name=f"N{i}"), Player(name=f"S{i}")])
    app.assign_movement(event, "mitchell", options={"boards_per_round": 2})
    return event


@pytest.fixture
def night() -> tuple[Cli, Traveller, UUID]:
    cli = Cli()
    app = open_app(cli.store)
    event = club_night(app)
    play_movement(app, event)
    return cli, app, event


def test_a_score_card_as_json_is_the_query(night: tuple[Cli, Traveller, UUID]) -> None:
    cli, app, event = night
    card = cli.run("card", "--event", str(event), "--pair", "NS1")
    assert card == app.score_card(event, "NS1").to_json()
    assert card["contestant"] == "NS1" and card["names"] == ["N1", "S1"]
    assert [line["round"] for line in card["boards"]][:2] == [1, 1]
    assert all(line["direction"] == "NS" for line in card["boards"])
    assert "as_of" not in card


def test_a_score_card_at_a_moment_says_which(night: tuple[Cli, Traveller, UUID]) -> None:
    cli, app, event = night
    before = app.position()
    movement = app.movement_of(event)
    assert movement is not None
    e = movement.round(1)[0]
    app.correct_result(
        event, ResultEntry(e.boards[0], e.ns, e.ew, "7NTX", "S", 6), reason="misread"
    )
    now = cli.run("card", "--event", str(event), "--pair", f"NS{e.ns}")
    then = cli.run(
        "card", "--event", str(event), "--pair", f"NS{e.ns}", "--store-position", str(before)
    )
    assert now["boards"][0]["contract"] == "7NTX" and then["boards"][0]["contract"] == "4S"
    assert then["as_of"]["store_position"] == before
    expected = app.score_card(event, f"NS{e.ns}", at=At(position=before)).to_json()
    assert {k: v for k, v in then.items() if k != "as_of"} == expected
    number = app.moment(event, At(position=before)).number
    text = cli.text("card", "--event", str(event), "--pair", f"NS{e.ns}", "--at", str(number))
    assert f"As of position {number}" in text and "4S" in text and "7NTX" not in text


def test_a_score_card_for_people(night: tuple[Cli, Traveller, UUID]) -> None:
    cli, _, event = night
    text = cli.text("card", "--event", str(event), "--pair", "EW2")
    assert "Score card" in text and "EW2" in text and "Points:" in text
    assert "Opponents" in text and "NS" in text


def test_a_score_card_refuses_a_pair_the_section_lacks(night: tuple[Cli, Traveller, UUID]) -> None:
    cli, _, event = night
    refused = cli.run("card", "--event", str(event), "--pair", "NS9", ok=False)
    assert "no NS9" in refused["message"]
    ambiguous = cli.run("card", "--event", str(event), "--pair", "2", ok=False)
    assert "NS2 or EW2" in ambiguous["hint"]


def test_the_seating_of_a_round(night: tuple[Cli, Traveller, UUID]) -> None:
    cli, app, event = night
    seating = cli.run("seating", "--event", str(event), "--round", "2")
    assert seating == app.seating(event, round=2).to_json()
    assert seating["round"] == 2 and seating["phantom"] is not None
    first = seating["tables"][0]
    assert first["table"] == 1 and first["names_ns"] == ["N1", "S1"]
    text = cli.text("seating", "--event", str(event), "--round", "2")
    assert "round 2 of" in text and "N1 – S1" in text and "phantom: sit out" in text


def test_the_seating_refuses_a_round_the_movement_lacks(
    night: tuple[Cli, Traveller, UUID],
) -> None:
    cli, _, event = night
    refused = cli.run("seating", "--event", str(event), "--round", "9", ok=False)
    assert "no round 9" in refused["message"]
