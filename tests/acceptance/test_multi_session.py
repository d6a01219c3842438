"""A sectional run through ``traveller``: one field across two sections, a percentage game,
flights, an individual, a qualifying whose carry-over feeds a final, totals as of a position.

JCBL manual part 2 ch. 4 §10–11 and §19, ch. 5, part 3 ch. 1 §2–3 and ch. 3 §2.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

import pytest

from adapters.cli.common import open_app
from engine.application import Traveller
from engine.numbers import round_half_up
from engine.testing import play_movement
from engine.tournament import Player
from plugins.scoring.carry_over import jcbl_carry_over
from tests.acceptance.cli import Cli


def player(k: int) -> Player:
    return Player(name=f"Player {k}", member=f"{k:05d}")


def seat_and_play(
    app: Traveller,
    event: UUID,
    session: int,
    section: str,
    pairs: list[tuple[int, int]],
    family: str,
) -> None:
    for a, b in pairs:
        app.register_entry(event, [player(a), player(b)], session=session, section=section)
    app.assign_movement(
        event, family, session=session, section=section, options={"boards_per_round": 1}
    )
    play_movement(app, event, session=session, section=section)


@pytest.fixture
def sectional() -> tuple[Cli, str, Traveller]:
    """Session 1: two 13-table Mitchell sections on the same 13 boards, all played."""
    cli = Cli()
    event = cli.run("event", "create", "--name", "Sectional pairs", "--sections", "A,B")["id"]
    app = open_app(cli.store)
    eid = app.resolve_event(event)
    everyone = [(2 * i - 1, 2 * i) for i in range(1, 53)]
    seat_and_play(app, eid, 1, "A", everyone[:26], "mitchell")
    seat_and_play(app, eid, 1, "B", everyone[26:], "mitchell")
    return cli, event, app


def tops(standings: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(f["section"], f["name"], f["top"]) for f in standings["fields"]]


def test_one_field_across_two_sections_of_13_tables(sectional: tuple[Cli, str, Traveller]) -> None:
    """Part 3 ch. 3 §2: 複数のセクションのスコアをまとめてマッチ・ポイントをつける — each
    board's 26 results matchpointed together: a top of 25, not a section's 12."""
    cli, event, _ = sectional
    assert tops(cli.run("standings", "--event", event)) == [
        ("A", "NS", 12),
        ("A", "EW", 12),
        ("B", "NS", 12),
        ("B", "EW", 12),
    ]
    said = cli.run("ranking", "sections", "--event", event, "one-field")
    assert said == {"ranking": "one-field", "session": None}
    shown = cli.run("standings", "--event", event)
    assert tops(shown) == [("A+B", "NS", 25), ("A+B", "EW", 25)]
    ns = shown["fields"][0]["rows"]
    assert len(ns) == 26 and {r["section"] for r in ns} == {"A", "B"}
    assert set(ns[0]) >= {"rank", "pair", "names", "score", "percentage", "boards_played"}
    # §11: the whole session ranked by percentage, every pair with its section.
    overall = shown["overall"]
    assert overall["name"] == "OVERALL" and len(overall["rows"]) == 52
    assert overall["ranked_by"] == "percentage"
    text = cli.text("ranking", "sections", "--event", event, "separate", "--session", "1")
    assert "Sections of session 1: separate." in text
    assert tops(cli.run("standings", "--event", event))[0] == ("A", "NS", 12)


def test_flights_and_an_individual_by_the_command_line(
    sectional: tuple[Cli, str, Traveller],
) -> None:
    """§19 (3): A over every pair, B over B and C, C alone; ch. 5: each player ranked."""
    cli, event, _ = sectional
    flights = [f"E{i}={'ABC'[i % 3]}" for i in range(1, 53)]
    assert cli.run("ranking", "flights", "--event", event, *flights)["flights"]["E2"] == "C"
    shown = cli.run("standings", "--event", event)
    flighted = {f["name"]: f for f in shown["fields"] if "flight" in f}
    assert [(n, len(f["rows"])) for n, f in flighted.items()] == [
        ("Flight A", 52),
        ("Flight B", 35),
        ("Flight C", 17),
    ]
    assert flighted["Flight A"]["rows"] == shown["overall"]["rows"]
    refused = cli.run("ranking", "flights", "--event", event, "E1=AA", ok=False)
    assert refused["error"] == "InvalidInput" and "flight" in refused["message"]
    cli.run("ranking", "contestants", "--event", event, "players")
    players = cli.run("standings", "--event", event)["fields"][-1]
    assert players["name"] == "PLAYERS" and len(players["rows"]) == 104


def test_a_qualifying_carries_over_into_the_final(sectional: tuple[Cli, str, Traveller]) -> None:
    """Part 3 ch. 1 §3: the 2-board maximum carry-over — with a final top of 15 a board,
    the top qualifier carries 30, the last 0, the others in proportion; then the JCBL
    formula C = M × (Q/E) × (A × B)/(S ÷ Q)."""
    cli, event, app = sectional
    cli.run("ranking", "sections", "--event", event, "one-field")
    assert cli.run("stage", "define", "--event", event, "qualifying", "--sessions", "1") == {
        "stage": "qualifying",
        "sessions": [1],
    }
    cli.run("session", "add", "--event", event, "--session", "2", "--sections", "A")
    cli.run("stage", "define", "--event", event, "final", "--sessions", "2")
    refused = cli.run(
        "stage", "carry-over", "--event", event, "--from", "qualifying", "--to", "final",
        "--final-top", "15", "--qualifiers", "16", ok=False,
    )  # fmt: skip
    assert "not over" in refused["message"]
    cli.run("session", "close", "--event", event, "--session", "1")

    qualifying = cli.run("totals", "--event", event, "--stage", "qualifying")["fields"][0]["rows"]
    assert len(qualifying) == 52
    cut = next(n for n in range(16, 0, -1) if qualifying[n]["rank"] != qualifying[n - 1]["rank"])
    best = qualifying[:cut]

    carried = cli.run(
        "stage", "carry-over", "--event", event, "--from", "qualifying", "--to", "final",
        "--rule", "board-maximum", "--final-top", "15", "--maximum-boards", "2",
        "--qualifiers", str(cut),
    )  # fmt: skip
    assert carried["method"] == "board-maximum" and len(carried["carried"]) == cut
    high, low = Fraction(best[0]["score"]), Fraction(best[-1]["score"])
    assert carried["carried"][0]["carry_over"] == "30.00"
    assert carried["carried"][-1]["carry_over"] == "0.00"
    for line, row in zip(carried["carried"], best, strict=True):
        assert (line["names"], line["qualifying"]) == (row["names"], row["score"])
        exact = Fraction(30) * (Fraction(line["qualifying"]) - low) / (high - low)
        assert abs(Decimal(line["carry_over"]) - round_half_up(exact)) <= Decimal("0.01")

    jcbl = cli.run(
        "stage", "carry-over", "--event", event, "--from", "qualifying", "--to", "final",
        "--rule", "jcbl", "--final-top", "15", "--qualifiers", str(cut),
    )  # fmt: skip
    p = jcbl["parameters"]
    assert (p["qualifiers"], p["entered"], p["qualifying_boards"], p["maximum_boards"]) == (
        cut,
        52,
        13,
        2,
    )
    # The formula's own worked numbers (the spread stays within 2 tops of 15 here).
    scores = {tuple(r["names"]): Fraction(r["score"]) for r in best}
    total = sum(scores.values())
    for line in jcbl["carried"]:
        c = jcbl_carry_over(
            scores[tuple(line["names"])],
            qualifiers=cut,
            entered=52,
            final_average=Fraction(15, 2),
            qualifying_boards=13,
            qualifiers_total=total,
        )
        assert abs(Decimal(line["carry_over"]) - round_half_up(c)) <= Decimal("0.02")

    # The final: the qualifiers and seeded pairs make 8 tables; the carry-over counts.
    keys = [tuple(int(m.lstrip("#")) for m in r["contestant"]) for r in best]
    finalists = [(a, b) for a, b in keys] + [(201 + 2 * i, 202 + 2 * i) for i in range(16 - cut)]
    seat_and_play(app, app.resolve_event(event), 2, "A", finalists, "howell")
    before = cli.position
    final = cli.run("totals", "--event", event, "--stage", "final")
    assert final["carry_over"]["method"] == "jcbl" and final["carry_over"]["from"] == "qualifying"
    rows = final["fields"][0]["rows"]
    assert len(rows) == 16
    carry = {tuple(line["names"]): line["carry_over"] for line in jcbl["carried"]}
    for r in rows:
        assert r["carry_over"] == carry.get(tuple(r["names"]))
        (own,) = r["sessions"]
        added = Decimal(own["score"]) + Decimal(r["carry_over"] or 0)
        assert abs(Decimal(r["score"]) - added) <= Decimal("0.01")
    final_scores = [Decimal(r["score"]) for r in rows]
    assert final_scores == sorted(final_scores, reverse=True)

    # Every session added up, and the final as it stood before another correction.
    both = cli.run("totals", "--event", event)
    assert both["sessions"] == [1, 2] and both["carry_over"] is None
    assert len(both["fields"][0]["rows"]) == 52 + 16 - cut
    cli.run("stage", "carry-over", "--event", event, "--from", "qualifying", "--to", "final",
            "--rule", "full", "--final-top", "15", "--qualifiers", str(cut))  # fmt: skip
    assert cli.run("totals", "--event", event, "--stage", "final")["carry_over"]["method"] == "full"
    then = cli.run("totals", "--event", event, "--stage", "final", "--at", str(before))
    assert then == final
    listed = cli.run("stage", "list", "--event", event)
    assert [(s["stage"], s["carry_over_method"]) for s in listed] == [
        ("qualifying", None),
        ("final", "full"),
    ]
    assert "Carry" in cli.text("totals", "--event", event, "--stage", "final")


def test_an_unknown_carry_over_rule_is_refused() -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Sectional pairs")["id"]
    refused = cli.run(
        "stage", "carry-over", "--event", event, "--from", "q", "--to", "f",
        "--rule", "magic", "--final-top", "15", "--qualifiers", "4", ok=False,
    )  # fmt: skip
    assert refused["error"] == "PluginError" and "jcbl" in refused["hint"]
