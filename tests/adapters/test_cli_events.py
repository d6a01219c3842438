"""``traveller event list``, naming an event by any unique start of its id, and the demo
played twice into one store."""

from __future__ import annotations

from uuid import UUID

import pytest

from adapters.cli.common import open_app
from tests.acceptance.cli import Cli


def test_the_event_list_shows_each_events_date_club_and_zone() -> None:
    cli = Cli()
    made = cli.run(
        "event",
        "create",
        "--name",
        "Tuesday pairs",
        "--date",
        "2026-11-24",
        "--club",
        "Yotsuya BC",
        "--zone",
        "Asia/Tokyo",
    )
    (listed,) = cli.run("event", "list")
    assert listed["id"] == made["id"]
    assert (listed["name"], listed["date"], listed["club"]) == (
        "Tuesday pairs",
        "2026-11-24",
        "Yotsuya BC",
    )
    assert listed["zone"] == "Asia/Tokyo" and listed["created"].endswith("+09:00")
    text = " ".join(cli.text("event", "list").split())
    for shown in ("date", "club", "zone", "2026-11-24", "Yotsuya BC", "Asia/Tokyo"):
        assert shown in text


def test_an_unknown_zone_is_refused_and_nothing_is_written() -> None:
    cli = Cli()
    refused = cli.run("event", "create", "--name", "x", "--zone", "Mars/Olympus", ok=False)
    assert refused["error"] == "InvalidInput" and "Asia/Tokyo" in refused["hint"]
    assert cli.position == 0


def ids_with(app_store: str, count: int) -> list[UUID]:
    """Create events until two of them share a first character, and return them all."""
    app = open_app(app_store)
    made: list[UUID] = []
    while len(made) < count or len({str(e)[0] for e in made}) == len(made):
        made.append(app.create_event(f"Night {len(made) + 1}"))
    return made


@pytest.mark.parametrize("length", [1, 2, 3])
def test_any_unique_start_of_an_id_names_the_event(length: int) -> None:
    cli = Cli()
    made = ids_with(cli.store, 3)
    starts = [str(e)[:length] for e in made]
    unique = next(e for e, s in zip(made, starts, strict=True) if starts.count(s) == 1)
    shown = cli.run("entry", "list", "--event", str(unique)[:length])
    assert shown == []
    assert open_app(cli.store).resolve_event(str(unique)[:length].upper()) == unique
    assert open_app(cli.store).resolve_event(unique.hex[:12]) == unique


def test_an_ambiguous_start_lists_the_events_it_could_mean() -> None:
    cli = Cli()
    made = ids_with(cli.store, 2)
    first = [str(e)[0] for e in made]
    shared = next(c for c in first if first.count(c) > 1)
    candidates = [e for e in made if str(e).startswith(shared)]
    refused = cli.run("standings", "--event", shared, ok=False)
    assert f"is the start of {len(candidates)} events' ids" in refused["message"]
    for e in candidates:
        assert str(e) in refused["message"]
    assert "more of the id" in refused["hint"]


def test_an_id_no_event_has_is_refused() -> None:
    cli = Cli()
    refused = cli.run("standings", "--event", "zz", ok=False)
    assert "no event id in the store starts with it" in refused["message"]
    assert "holds no events" in refused["message"]


def test_the_demo_played_twice_is_a_second_event_with_a_name_of_its_own() -> None:
    cli = Cli()
    cli.run("demo")
    again = cli.text("demo")
    events = cli.run("event", "list")
    names = [e["name"] for e in events]
    assert names == ["Weekly pairs (demo, seed 1)", "Weekly pairs (demo, seed 1) #2"]
    assert "already holds 1 demo event" in again and "#2" in again
    assert all(e["date"] and e["club"] and e["zone"] for e in events)


def test_an_entry_of_one_player_is_said_to_be_an_individuals() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Tuesday pairs")["id"]
    said = cli.text("entry", "add", "--event", event, "--player", "Sato")
    assert "one player: an individual's entry; a pair is two --player" in said
    said = cli.text("entry", "add", "--event", event, "--player", "Ito")
    assert "Registered entry E2: Ito" in said


def test_an_events_zone_can_be_chosen_after_it_was_created() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Tuesday pairs")["id"]
    assert cli.run("event", "zone", "--event", event, "--zone", "Asia/Tokyo")["changed"]
    assert not cli.run("event", "zone", "--event", event, "--zone", "Asia/Tokyo")["changed"]
    assert "Asia/Tokyo" in " ".join(cli.text("event", "list").split())
    after = cli.run("audit", "--event", event)[0]["time"]
    assert after.endswith("+09:00")  # the creation's time, now on Tokyo's clock
    position = cli.position
    refused = cli.run("event", "zone", "--event", event, "--zone", "Mars/Olympus", ok=False)
    assert refused["error"] == "InvalidInput" and cli.position == position
