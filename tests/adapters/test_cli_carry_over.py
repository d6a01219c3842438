"""``traveller stage rules`` and ``traveller stage carry-over --rule NAME --option KEY=VALUE``:
the carry-over rules are plugins a director can list and set (JCBL part 3 ch. 1 §3)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from adapters.cli.common import open_app
from engine.numbers import round_half_up
from tests.acceptance.cli import Cli
from tests.engine.test_carry_over import cut_without_a_tie, qualifying_and_final


def test_the_rules_are_listed_with_their_options() -> None:
    cli = Cli()
    listed = {rule["name"]: rule for rule in cli.run("stage", "rules")}
    assert {"jcbl", "board-maximum", "full"} <= set(listed)
    jcbl = listed["jcbl"]
    assert jcbl["version"] == "1.0" and "C = M × (Q/E) × (A × B)/(S ÷ Q)" in jcbl["description"]
    assert jcbl["options"]["within_maximum"]["default"] == "true"
    assert listed["full"]["options"]["share"]["default"] == "100"
    assert "2-board-maximum" in listed["board-maximum"]["aliases"]
    assert listed["board-maximum"]["options"] == {}
    text = " ".join(cli.text("stage", "rules").split())
    assert "board-maximum" in text and "share=100" in text


def test_a_rule_is_chosen_with_its_options_and_they_are_recorded() -> None:
    cli = Cli()
    app = open_app(cli.store)
    event = qualifying_and_final(app)
    cut = cut_without_a_tie(app, event)
    asked = (
        "stage", "carry-over", "--event", str(event), "--from", "qualifying", "--to", "final",
        "--final-top", "5", "--qualifiers", str(cut),
    )  # fmt: skip
    half = cli.run(*asked, "--rule", "whole", "--option", "share=50")
    assert (half["method"], half["version"]) == ("full", "1.0")
    assert half["parameters"]["options"] == {"share": "50"}
    for line in half["carried"]:
        assert Decimal(line["carry_over"]) == round_half_up(Fraction(line["qualifying"]) / 2)
    totals = cli.run("totals", "--event", str(event), "--stage", "final")
    assert totals["carry_over"]["parameters"]["options"] == {"share": "50"}

    unbounded = cli.run(*asked, "--rule", "jcbl", "--option", "within_maximum=false")
    assert unbounded["parameters"]["options"] == {"within_maximum": False}

    refused = cli.run(*asked, "--rule", "full", "--option", "shares=50", ok=False)
    assert refused["error"] == "PluginError" and "shares" in refused["message"]
    assert "share" in refused["hint"]
    refused = cli.run(*asked, "--rule", "magic", ok=False)
    assert "no carry-over rule called 'magic'" in refused["message"]
