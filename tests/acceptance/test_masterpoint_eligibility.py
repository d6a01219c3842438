"""Green-masterpoint eligibility (the Australian club director's guide) for a club session
in the store, through ``traveller masterpoints --rule australian-club --event``."""

from __future__ import annotations

from adapters.cli.common import open_app
from tests.acceptance.cli import Cli


def club_night(cli: Cli, pairs: int, boards_per_round: int, family: str = "howell") -> str:
    event: str = cli.run("event", "create", "--name", "Club night")["id"]
    for i in range(1, pairs + 1):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    cli.run(
        "movement", "assign", "--event", event, "--family", family,
        "--boards-per-round", str(boards_per_round),
    )  # fmt: skip
    return event


def play(cli: Cli, event: str, *, leaves_after: dict[int, int] | None = None) -> None:
    """Every table but the phantom's; a pair in ``leaves_after`` goes home after that round."""
    app = open_app(cli.store)
    state = app.section(app.resolve_event(event))
    movement = state.movement
    assert movement is not None
    gone = leaves_after or {}
    for e in movement.schedule:
        if state.phantom in (movement.ns_pair(e), movement.ew_pair(e)):
            continue
        if any(e.round > gone.get(p, e.round) for p in (e.ns, e.ew)):
            continue
        for b in e.boards:
            cli.run(
                "result", "add", "--event", event, "--board", str(b), "--ns", str(e.ns),
                "--ew", str(e.ew), "--contract", "3NT", "--declarer", "S", "--tricks", "9",
            )  # fmt: skip


def test_who_may_earn_green_masterpoints_in_a_howell_with_a_half_table() -> None:
    # Seven pairs, a 4-table Howell of 7 rounds of 4 boards (28): each pair sits out a
    # round at the half table, which counts as played. Pair 3 goes home after round 4.
    cli = Cli()
    event = club_night(cli, 7, 4)
    play(cli, event, leaves_after={3: 4})
    shown = cli.run("masterpoints", "--rule", "australian-club", "--event", event)
    assert shown["rule"] == {
        "name": "australian-club",
        "version": "1.0",
        "options": {"session_boards": 24, "share": 75},
        "conditions": "session_boards = 24 (The fewest boards a session has for green "
        "masterpoints); share = 75 (The per cent of the session's boards a pair must play)",
    }
    lines = {line["pair"]: line for line in shown["contestants"]}
    assert len(lines) == 7 and all(line["session_boards"] == 28 for line in lines.values())
    assert all(line["sat_out"] == 4 for line in lines.values())
    left = lines["3"]
    assert (left["names"], left["boards_played"], left["eligible"]) == (["N3", "S3"], 12, False)
    assert left["reason"] == (
        "12 boards played and 4 sat out of 28: fewer than the 21 (75 %) needed for masterpoints."
    )
    # Those who met pair 3 later lost a round (4 boards) but still count 24 of 28.
    assert all(line["eligible"] for pair, line in lines.items() if pair != "3")
    assert shown["eligible"] == 6

    # The club's own thresholds.
    strict = cli.run("masterpoints", "--rule", "green", "--event", event, "--option", "share=90")
    # 90 % of 28 is 26 boards: the three pairs who lost a round to pair 3 fall short (24).
    assert strict["rule"]["options"]["share"] == 90 and strict["eligible"] == 3
    short = [line for line in strict["contestants"] if line["boards_played"] == 20]
    assert len(short) == 3 and not any(line["eligible"] for line in short)
    refused = cli.run(
        "masterpoints", "--rule", "green", "--event", event, "--session-boards", "20", ok=False
    )  # every round was played: the session had 28 boards
    assert refused["error"] == "InvalidInput" and "more than the 20 boards" in refused["message"]

    text = cli.text("masterpoints", "--rule", "australian-club", "--event", event)
    assert "share = 75" in text and "6 of 7 eligible" in text


def test_a_director_is_told_what_is_wrong() -> None:
    cli = Cli()
    event = club_night(cli, 8, 2)
    refused = cli.run(
        "masterpoints", "--rule", "green", "--event", event, "--session", "2", ok=False
    )
    assert refused["error"] == "NotFound" and "session 2" in refused["message"]
    refused = cli.run(
        "masterpoints", "--rule", "green", "--event", event, "--option", "share=120", ok=False
    )
    assert refused["error"] == "PluginError" and "share" in refused["message"]
    assert "session_boards, share" in refused["hint"]
    short = cli.run("masterpoints", "--rule", "green", "--event", event)
    # Eight pairs, 7 rounds of 2 boards: 14 boards is not a green-masterpoint session.
    assert short["eligible"] == 0
    assert short["contestants"][0]["reason"] == (
        "The session had 14 boards; a green-masterpoint session has at least 24."
    )
