"""Refusals and defaults that misled a director: a hint naming an option the command does
not have, an arrow-switch refusal that contradicted itself, a session that does not exist
shown as an empty heading, and half-table movements whose tables were counted two ways."""

from __future__ import annotations

from uuid import UUID

from adapters.cli.common import open_app
from engine.movement import Encounter, Movement
from engine.tournament import Player
from tests.acceptance.cli import Cli


def event_with_pairs(cli: Cli, pairs: int) -> str:
    """A new event with ``pairs`` pairs registered in section A; its id."""
    event: str = cli.run("event", "create", "--name", "Club night")["id"]
    app = open_app(cli.store)
    for i in range(1, pairs + 1):
        app.register_entry(UUID(event), [Player(name=f"N{i}"), Player(name=f"S{i}")])
    return event


def movement_of(cli: Cli, event: str) -> Movement:
    movement = open_app(cli.store).section(UUID(event)).movement
    assert movement is not None
    return movement


def unscheduled(movement: Movement) -> tuple[int, int, int]:
    """A board, NS and EW the movement never brings together."""
    e = movement.schedule[0]
    meets = {(b, x.ns, x.ew) for x in movement.schedule for b in x.boards}
    ew = next(x.ew for x in movement.schedule if (e.boards[0], e.ns, x.ew) not in meets)
    return e.boards[0], e.ns, ew


def test_only_commands_that_take_an_override_suggest_one() -> None:
    cli = Cli()
    event = event_with_pairs(cli, 14)
    cli.run("movement", "assign", "--event", event, "--family", "mitchell")
    board, ns, ew = unscheduled(movement_of(cli, event))
    where = ["--event", event, "--board", str(board), "--ns", str(ns), "--ew", str(ew)]
    added = cli.run("result", "add", *where, "--score-ns", "-50", ok=False)
    assert added["error"] == "NotScheduled" and '--override "REASON"' in added["hint"]
    for command in (
        ["adjust", *where, "--ns-score", "A+", "--ew-score", "A-", "--reason", "slow play"],
        ["what-if", *where, "--ns-score", "A+", "--ew-score", "A-"],
    ):
        refused = cli.run(*command, ok=False)
        assert refused["error"] in ("NotScheduled", "InvalidInput"), refused
        assert "--override" not in refused["message"] + (refused["hint"] or ""), command
    # what-if takes --override as result add does, so a result it tries may carry one.
    tried = cli.run("what-if", *where, "--score-ns", "-50", "--override", "they swapped tables")
    assert isinstance(tried, list)


def test_the_arrow_switch_refusal_names_the_pairs_as_they_hold_the_cards() -> None:
    cli = Cli()
    event = event_with_pairs(cli, 24)
    cli.run("movement", "assign", "--event", event, "--family", "arrow-switch-mitchell")
    movement = movement_of(cli, event)
    e: Encounter = next(x for x in movement.schedule if x.arrow_switch)
    board = e.boards[0]
    refused = cli.run(
        "result",
        "add",
        "--event",
        event,
        "--board",
        str(board),
        "--ns",
        str(e.ns),
        "--ew",
        str(e.ew),
        "--contract",
        "2S",
        "--declarer",
        "N",
        "--tricks",
        "8",
        ok=False,
    )
    message = refused["message"]
    assert f"does not have NS {e.ns} and EW {e.ew} playing board {board}" in message
    assert f"played by NS {e.ew} against EW {e.ns}" in message, message
    assert f"pair {e.ew} plays them NS" in message
    # Entered as the message says, it is accepted.
    cli.run(
        "result",
        "add",
        "--event",
        event,
        "--board",
        str(board),
        "--ns",
        str(e.ew),
        "--ew",
        str(e.ns),
        "--contract",
        "2S",
        "--declarer",
        "N",
        "--tricks",
        "8",
    )


def test_the_standings_of_a_session_the_event_does_not_have_are_refused() -> None:
    cli = Cli()
    event = event_with_pairs(cli, 8)
    refused = cli.run("standings", "--event", event, "--session", "2", ok=False)
    assert refused["error"] == "NotFound" and "no session 2" in refused["message"]
    assert "Its sessions are 1" in refused["hint"]
    for command in (["replay", "--at", "2"], ["board", "1"]):
        refused = cli.run(*command, "--event", event, "--session", "2", ok=False)
        assert "no session 2" in refused["message"], command
    refused = cli.run("totals", "--event", event, "--sessions", "2", ok=False)
    assert "no session 2" in refused["message"]


def test_a_rover_mitchell_seats_an_odd_number_of_pairs_by_default() -> None:
    """15 pairs: 7 full tables and the NS rover (7½ tables), no --tables needed."""
    cli = Cli()
    event = event_with_pairs(cli, 15)
    seated = cli.run("movement", "assign", "--event", event, "--family", "rover-mitchell")
    assert (seated["tables"], seated["phantom"], len(seated["seats"])) == (7, None, 15)
    assert seated["seats"]["NS8"] == "E8", "the rover takes the next NS number"


def test_the_one_and_a_half_appendix_mitchell_counts_its_tables_one_way() -> None:
    """17 pairs fill 8½ tables: assigned by default, with --tables 8, and shown with
    --tables 8, it is the same 8-table movement (8 full tables and the half table)."""
    family = "half-appendix-mitchell"
    shown = Cli().run("movement", "show", family, "--tables", "8")
    assert shown["tables"] == 8 and "8½ tables" in shown["description"]
    for given in ([], ["--tables", "8"]):
        cli = Cli()
        event = event_with_pairs(cli, 17)
        seated = cli.run("movement", "assign", "--event", event, "--family", family, *given)
        assert (seated["tables"], seated["phantom"], len(seated["seats"])) == (8, None, 17)
        assert movement_of(cli, event).schedule == Movement.model_validate(shown).schedule
    text = Cli().text("movement", "show", family, "--tables", "8")
    assert text.startswith("8-table half-appendix-mitchell") and "8½ tables" in text
