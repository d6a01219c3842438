"""Looking back through the command line: positions are the event's own, replay and the
board say which moment they show, what-if tries several changes, and the audit trail is
a table on the event's clock."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from adapters.cli.common import open_app
from adapters.cli.time_travel import SHOWN_ITEMS, what
from engine import history
from engine.application import Traveller
from engine.scoring import Award
from engine.section import ResultEntry
from engine.testing import play_movement
from engine.tournament import Player
from tests.acceptance.cli import Cli


def club_night(app: Traveller, name: str, *, zone: str | None = None) -> UUID:
    """A 4-table Mitchell of 8 pairs, seated, no results yet."""
    event = app.create_event(name, zone=zone)
    for i in range(1, 9):
        app.register_entry(event, [Player(name=f"{name} N{i}"), Player(name=f"{name} S{i}")])
    app.assign_movement(event, "mitchell", options={"boards_per_round": 2})
    return event


@pytest.fixture
def two_nights() -> tuple[Cli, UUID, UUID]:
    """Two events in one store, the second created and played after the first."""
    cli = Cli()
    app = open_app(cli.store)
    first = club_night(app, "Monday")
    play_movement(app, first)
    second = club_night(app, "Tuesday")
    play_movement(app, second, rounds=2)
    return cli, first, second


def standings_after(app: Traveller, event: UUID, events: int) -> dict[str, Any]:
    """The session's standings folded from the event's first ``events`` events, counted
    here independently of the history module."""
    mine: list[Any] = []
    aggregates: set[Any] = {event}
    for n in app.recorder.select_notifications(1, 100_000):
        if n.originator_id in aggregates or _opens_for(app, n, event):
            aggregates.add(n.originator_id)
            mine.append(n)
    cut = mine[events - 1].id
    return history.standings_at(app, event, position=cut).to_json()


def _opens_for(app: Traveller, n: Any, event: UUID) -> bool:
    opened = app.mapper.to_domain_event(n)
    return getattr(opened, "tournament", None) == event


def test_replay_positions_are_the_events_own(two_nights: tuple[Cli, UUID, UUID]) -> None:
    cli, first, second = two_nights
    app = open_app(cli.store)
    trail = cli.run("audit", "--event", str(second))
    assert [row["position"] for row in trail] == list(range(1, len(trail) + 1))
    assert trail[0]["store_position"] > len(cli.run("audit", "--event", str(first)))
    at = len(trail) - 5
    replayed = cli.run("replay", "--event", str(second), "--at", str(at))
    moment = replayed.pop("as_of")
    assert replayed == standings_after(app, second, at)
    assert moment["position"] == at
    assert moment["store_position"] == trail[at - 1]["store_position"]
    assert (moment["type"], moment["time"]) == (trail[at - 1]["type"], trail[at - 1]["time"])
    by_store = cli.run(
        "replay", "--event", str(second), "--store-position", str(moment["store_position"])
    )
    assert by_store == {**replayed, "as_of": moment}
    text = cli.text("replay", "--event", str(second), "--at", str(at))
    assert f"As of position {at} of Tuesday" in " ".join(text.split())


def test_a_position_beyond_the_events_history_is_refused(
    two_nights: tuple[Cli, UUID, UUID],
) -> None:
    cli, first, _ = two_nights
    count = len(cli.run("audit", "--event", str(first)))
    refused = cli.run("replay", "--event", str(first), "--at", str(count + 1), ok=False)
    assert f"has {count} events in its history" in refused["message"]
    assert f"from 1 to {count}" in refused["hint"]


def test_diff_takes_the_events_positions(two_nights: tuple[Cli, UUID, UUID]) -> None:
    cli, _, second = two_nights
    count = len(cli.run("audit", "--event", str(second)))
    changes = cli.run("diff", "--event", str(second), "--from", str(count - 4))
    assert changes, "the last four results changed the standings"


def test_a_boards_traveller_as_of_a_moment(two_nights: tuple[Cli, UUID, UUID]) -> None:
    cli, first, _ = two_nights
    trail = cli.run("audit", "--event", str(first), "--board", "1")
    assert len(trail) >= 3
    then = cli.run("board", "1", "--event", str(first), "--at", str(trail[1]["position"]))
    assert len(then["results"]) == 2 and then["as_of"]["position"] == trail[1]["position"]
    now = cli.run("board", "1", "--event", str(first))
    assert len(now["results"]) == len(trail) and "as_of" not in now
    text = cli.text("board", "1", "--event", str(first), "--at", str(trail[1]["position"]))
    assert f"As of position {trail[1]['position']}" in " ".join(text.split())


def test_what_if_tries_several_changes_together(
    two_nights: tuple[Cli, UUID, UUID], tmp_path: Path
) -> None:
    cli, first, _ = two_nights
    app = open_app(cli.store)
    before = cli.position
    tables = sorted(app.section(first).entries(), key=lambda t: (t.board, t.ns.number))
    one, two, three = tables[0], tables[5], tables[9]
    file = tmp_path / "changes.csv"
    file.write_text(
        "board,ns,ew,contract,declarer,tricks,adjusted\n"
        f"{three.board},{three.ns.number},{three.ew.number},,,,A+/A-\n"
    )
    tried = cli.run(
        "what-if",
        "--event",
        str(first),
        "--board",
        str(one.board),
        "--ns",
        str(one.ns.number),
        "--ew",
        str(one.ew.number),
        "--contract",
        "7NTX",
        "--declarer",
        "N",
        "--tricks",
        "13",
        "--change",
        f"board={two.board} ns={two.ns.number} ew={two.ew.number} score_ns=-1100",
        "--file",
        str(file),
    )
    assert cli.position == before, "what-if writes nothing"
    # The same three changes made for real, on a fork, give the same differences.
    trial = history.fork(app, first)
    trial.correct_result(
        first, ResultEntry(one.board, one.ns.number, one.ew.number, "7NTX", "N", 13), reason="x"
    )
    trial.correct_result(
        first,
        ResultEntry(two.board, two.ns.number, two.ew.number, score_ns=-1100),
        reason="x",
    )
    trial.adjust(
        first,
        board=three.board,
        ns=three.ns.number,
        ew=three.ew.number,
        award_ns=Award.parse("A+"),
        award_ew=Award.parse("A-"),
        reason="x",
    )
    expected = history.diff(history.standings_at(app, first), history.standings_at(trial, first))
    assert tried == expected and len(tried) > 2


def test_what_if_names_the_change_it_cannot_make(two_nights: tuple[Cli, UUID, UUID]) -> None:
    cli, first, _ = two_nights
    refused = cli.run(
        "what-if", "--event", str(first), "--change", "board=1 ns=1 ew=1 score_ns=420",
        "--change", "board=1 ns=1 ew=1 contract=9S", ok=False,
    )  # fmt: skip
    assert refused["message"].startswith("Change 2 of 2 (board 1, NS 1 v EW 1) cannot be made")
    refused = cli.run("what-if", "--event", str(first), "--change", "board=one ns=1 ew=1", ok=False)
    assert refused["error"] == "InvalidFile" and "--change 1" in refused["problems"][0]
    refused = cli.run("what-if", "--event", str(first), ok=False)
    assert "Give a change to try" in refused["message"]
    refused = cli.run("what-if", "--event", str(first), "--board", "1", ok=False)
    assert "--board, --ns, --ew together" in refused["message"]


def test_the_audit_trail_is_a_table_with_the_section_and_the_change_in_words(
    two_nights: tuple[Cli, UUID, UUID],
) -> None:
    cli, first, _ = two_nights
    app = open_app(cli.store)
    t = next(iter(app.section(first).entries()))
    app.correct_result(
        first, ResultEntry(t.board, t.ns.number, t.ew.number, "3NT", "N", 9), reason="misread"
    )
    text = cli.text("audit", "--event", str(first), "--board", str(t.board))
    assert not text.lstrip().startswith("["), "a table, not JSON"
    words = " ".join(text.split())
    for column in ("position", "time", "where", "type", "actor", "reason", "what"):
        assert column in words
    assert f"board {t.board}, NS {t.ns.number} v EW {t.ew.number}: 3NT by N, 9 tricks" in words
    assert "{" not in text and "'" not in text, "no Python dict in the table"


def test_times_are_shown_and_read_on_the_events_clock() -> None:
    cli = Cli()
    app = open_app(cli.store)
    event = club_night(app, "Tokyo night", zone="Asia/Tokyo")
    play_movement(app, event, rounds=1)
    trail = cli.run("audit", "--event", str(event))
    assert all(row["time"].endswith("+09:00") for row in trail)
    pick = trail[len(trail) // 2]
    written = dt.datetime.fromisoformat(pick["time"]).replace(tzinfo=None).isoformat()
    replayed = cli.run("replay", "--event", str(event), "--time", written)
    assert replayed["as_of"]["position"] == pick["position"]
    assert replayed["as_of"]["zone"] == "Asia/Tokyo"
    utc = dt.datetime.fromisoformat(pick["time"]).astimezone(dt.UTC).isoformat()
    assert cli.run("replay", "--event", str(event), "--time", utc) == replayed
    text = " ".join(cli.text("audit", "--event", str(event)).split())
    assert "Asia/Tokyo, UTC+09:00" in text
    assert dt.datetime.fromisoformat(pick["time"]).strftime("%Y-%m-%d %H:%M:%S") in text


def test_a_long_list_in_the_audit_shows_the_first_few_and_how_many_more() -> None:
    missing = [{"board": b, "ns": 1, "ew": 2} for b in range(1, 18)]
    shown = what({"session": 1, "missing": missing})
    assert shown.startswith("session 1; missing 17: board 1, ns 1, ew 2; board 2")
    assert shown.endswith(f"and {17 - SHOWN_ITEMS} more")
    assert "board 4," not in shown
