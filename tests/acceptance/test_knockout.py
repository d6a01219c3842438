"""A knockout match with carry-over run through the ``traveller`` command: two halves in one
session, a third segment in another session with the teams seated the other way round."""

from __future__ import annotations

from decimal import Decimal

from adapters.cli.common import open_app
from engine.bridge import Contract, Seat, score_ns
from engine.imps import imps
from tests.acceptance.cli import Cli

TEAMS = {"Ann": ("Ann", "Bob", "Cy", "Di"), "Ed": ("Ed", "Flo", "Gus", "Hal")}


def enter(cli: Cli, event: str, *team: str, session: int = 1) -> None:
    for name in team:
        players = [arg for p in TEAMS[name] for arg in ("--player", p)]
        cli.run("entry", "add", "--event", event, "--session", str(session), *players)


def tricks(session: int, board: int, captain: str) -> int:
    """What the NS pair of ``captain``'s team makes in 4S at its home table."""
    return 8 + (board * (3 if captain == "Ann" else 5) + session) % 5


def play(cli: Cli, event: str, session: int) -> dict[int, str]:
    """Every table of the session; returns the team (captain) at each number."""
    app = open_app(cli.store)
    state = app.section(app.resolve_event(event), session, "A")
    movement = state.movement
    assert movement is not None and movement.kind == "teams"
    entries = app.tournament(app.resolve_event(event)).entries
    captain = {p.number: entries[e].players[0].name for p, e in state.seats.items()}
    for e in movement.schedule:
        for b in e.boards:
            cli.run(
                "result", "add", "--event", event, "--session", str(session), "--board", str(b),
                "--ns", str(e.ns), "--ew", str(e.ew), "--contract", "4S", "--declarer", "N",
                "--tricks", str(tricks(session, b, captain[e.ns])),
            )  # fmt: skip
    return captain


def won(session: int, boards: range) -> tuple[Decimal, Decimal]:
    """The IMPs Ann's team and Ed's team win on ``boards``, worked out apart."""
    ann = ed = 0
    for b in boards:
        net = score_ns(b, Contract.parse("4S"), Seat.N, tricks(session, b, "Ann")) - score_ns(
            b, Contract.parse("4S"), Seat.N, tricks(session, b, "Ed")
        )
        ann, ed = ann + max(imps(net), 0), ed + max(-imps(net), 0)
    return Decimal(ann), Decimal(ed)


def test_a_knockout_with_carry_over_over_two_sessions() -> None:
    cli = Cli()
    event = cli.run(
        "event", "create", "--name", "Club knockout final", "--scoring", "knockout",
        "--option", "carry_over_away=7.5",
    )["id"]  # fmt: skip
    enter(cli, event, "Ann", "Ed")
    cli.run(
        "movement", "assign", "--event", event, "--family", "round-robin",
        "--boards-per-round", "4", "--option", "times=2",
    )  # fmt: skip
    assert play(cli, event, 1) == {1: "Ann", 2: "Ed"}
    cli.run("session", "add", "--event", event, "--session", "2")
    enter(cli, event, "Ed", "Ann", session=2)  # Ed's team is team 1 this time
    cli.run(
        "movement", "assign", "--event", event, "--session", "2", "--family", "round-robin",
        "--boards-per-round", "4",
    )  # fmt: skip
    assert play(cli, event, 2) == {1: "Ed", 2: "Ann"}

    match = cli.run("knockout", "--event", event)
    assert (match["method"], match["sessions"], match["tie"]) == (
        "knockout",
        [1, 2],
        "extra-boards",
    )
    home, away = match["home"], match["away"]
    assert (home["team"], home["entry"], home["names"][0]) == (1, "E1", "Ann")
    assert (away["names"][0], home["carry_over"], away["carry_over"]) == ("Ed", "0.00", "7.50")
    halves = [won(1, range(1, 5)), won(1, range(5, 9)), won(2, range(1, 5))]
    segments = match["segments"]
    assert [(s["segment"], s["session"], s["rounds"], s["boards"]) for s in segments] == [
        (1, 1, [1], 4),
        (2, 1, [2], 4),
        (3, 2, [1], 4),
    ]
    assert [(Decimal(s["home_imps"]), Decimal(s["away_imps"])) for s in segments] == halves
    ann, ed = Decimal(0), Decimal("7.5")
    for s, (a, e) in zip(segments, halves, strict=True):
        ann, ed = ann + a, ed + e
        assert (Decimal(s["home_running"]), Decimal(s["away_running"])) == (ann, ed)
    assert (Decimal(home["total"]), Decimal(away["total"])) == (ann, ed)
    leader = "home" if ann > ed else "away"
    assert (match["ahead"], match["decided_by"], match["finished"], match["winner"]) == (
        leader,
        "imps",
        False,
        None,
    )
    assert "leads by" in match["message"] and "after 3 segments" in match["message"]

    # A session's standings are the IMPs each team won in it (no carry-over).
    (field,) = cli.run("standings", "--event", event, "--session", "2")["fields"]
    by_team = {r["names"][0]: Decimal(r["score"]) for r in field["rows"]}
    assert by_team == {"Ann": halves[2][0], "Ed": halves[2][1]}

    cli.run("session", "close", "--event", event)
    cli.run("session", "close", "--event", event, "--session", "2")
    over = cli.run("knockout", "--event", event)
    assert over["finished"] and over["winner"] == leader and "wins by" in over["message"]
    text = cli.text("knockout", "--event", event)
    assert "Carry-over" in text and "Total" in text and "7.50" in text and "wins by" in text
    assert cli.run("knockout", "--event", event, "--sessions", "2")["sessions"] == [2]


def test_the_sessions_of_a_match_agree_and_a_pairs_event_has_no_knockout() -> None:
    cli = Cli()
    event = cli.run(
        "event", "create", "--name", "KO", "--scoring", "knockout", "--option", "tie=carry-over",
        "--option", "carry_over_home=2",
    )["id"]  # fmt: skip
    enter(cli, event, "Ann", "Ed")
    cli.run("movement", "assign", "--event", event, "--family", "round-robin",
            "--boards-per-round", "2")  # fmt: skip
    level = cli.run("knockout", "--event", event)
    assert level["segments"] == [] and level["home"]["total"] == "2.00"
    assert level["ahead"] == "home" and level["decided_by"] == "imps"
    cli.run("session", "add", "--event", event, "--session", "2")
    cli.run(
        "rescore", "--event", event, "--session", "2", "--scoring", "knockout",
        "--option", "carry_over_home=3", "--reason", "typed the carry-over again",
    )  # fmt: skip
    refused = cli.run("knockout", "--event", event, ok=False)
    assert refused["error"] == "Rejected" and "other options" in refused["message"]
    assert "rescore" in refused["hint"]
    one = cli.run("knockout", "--event", event, "--sessions", "1")
    assert one["sessions"] == [1]

    pairs = cli.run("event", "create", "--name", "Pairs")["id"]
    refused = cli.run("knockout", "--event", pairs, ok=False)
    assert refused["error"] == "Rejected" and "scored as a knockout" in refused["message"]
    assert "--scoring knockout" in refused["hint"]
    refused = cli.run("knockout", "--event", pairs, "--sessions", "1", ok=False)
    assert "scored by matchpoints" in refused["message"]
    refused = cli.run("knockout", "--event", pairs, "--sessions", "x", ok=False)
    assert refused["error"] == "InvalidInput"
