"""An eight-player individual (JCBL figure 20) run through the ``traveller`` command."""

from __future__ import annotations

from engine.bridge import Contract
from engine.testing import flat_score
from tests.acceptance.cli import Cli


def test_an_individual_from_entries_to_standings() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Individual night")["id"]
    for i in range(1, 9):
        cli.run("entry", "add", "--event", event, "--player", f"Player {i}")
    seated = cli.run("movement", "assign", "--event", event, "--family", "individual")
    assert (seated["tables"], seated["rounds"]) == (2, 7)
    assert sorted(seated["seats"]) == [str(n) for n in range(1, 9)]

    from adapters.cli.common import open_app

    app = open_app(cli.store)
    movement = app.section(app.resolve_event(event)).movement
    assert movement is not None
    for e in movement.round(1):
        for b in e.boards:
            r = flat_score(b, e)
            cli.run(
                "result", "add", "--event", event, "--board", str(b), "--ns", str(e.ns),
                "--ew", str(e.ew), "--contract", "4S", "--declarer", "N", "--tricks",
                str(r.tricks),
            )  # fmt: skip

    standings = cli.run("standings", "--event", event)
    (field,) = standings["fields"]
    assert field["name"] == "ALL" and len(field["rows"]) == 8
    # Round 1 only: each of the eight played the round's 3 boards; partners share a score.
    assert {row["boards_played"] for row in field["rows"]} == {3}
    by_player = {row["names"][0]: row["score"] for row in field["rows"]}
    for e in movement.round(1):
        assert e.players is not None
        north, east, south, west = e.players
        assert by_player[f"Player {north}"] == by_player[f"Player {south}"]
        assert by_player[f"Player {east}"] == by_player[f"Player {west}"]

    board = cli.run("board", "1", "--event", event)
    tables = {tuple(line["players"]) for line in board["results"]}
    assert tables == {e.players for e in movement.round(1)}
    assert all(Contract.parse(line["contract"]) for line in board["results"])

    slips = cli.run("movement", "slips", "individual", "--tables", "2")
    first = slips[0]["rounds"][0]
    assert {"compass", "partner", "left", "right"} <= set(first)
