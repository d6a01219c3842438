"""``traveller event table-entry`` (how the tables enter results on their devices) and the
opening lead of ``traveller result add --lead``."""

from __future__ import annotations

from tests.acceptance.cli import Cli, invoke


def test_the_director_chooses_how_the_tables_enter_results() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Tuesday pairs")["id"]
    shown = cli.run("event", "table-entry", "--event", event)
    assert shown == {
        "ew_confirmation": True,
        "opening_lead": "off",
        "traveller_after": True,
        "changed": False,
    }
    chosen = cli.run(
        "event", "table-entry", "--event", event, "--no-ew-confirmation", "--lead", "required"
    )
    assert chosen["changed"] and chosen["opening_lead"] == "required"
    assert not chosen["ew_confirmation"] and chosen["traveller_after"]
    before = cli.position
    refused = invoke_refused(cli, event)
    assert "always" in refused and cli.position == before
    text = " ".join(cli.text("event", "table-entry", "--event", event).split())
    assert "opening lead required" in text


def invoke_refused(cli: Cli, event: str) -> str:
    """An unknown lead choice: the command line refuses it (a usage error)."""
    result = invoke(
        ["event", "table-entry", "--event", event, "--lead", "always", "--store", cli.store]
    )
    assert result.exit_code == 2
    return result.output


def test_a_lead_is_recorded_as_a_card_and_a_bad_one_is_refused() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Tuesday pairs")["id"]
    for i in range(1, 15):
        cli.run("entry", "add", "--event", event, "--player", f"N{i}", "--player", f"S{i}")
    cli.run("movement", "assign", "--family", "mitchell", "--event", event)
    given = ["result", "add", "--event", event, "--board", "1", "--ns", "1", "--ew", "1"]
    given += ["--contract", "4S", "--declarer", "N", "--tricks", "10"]
    recorded = cli.run(*given, "--lead", "♥10")
    assert recorded["lead"] == "HT"
    before = cli.position
    refused = cli.run(*given[:5], "2", *given[6:], "--lead", "queen", ok=False)
    assert refused["error"] == "InvalidInput" and "not a card" in refused["message"]
    assert cli.position == before
