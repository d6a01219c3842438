"""A Swiss teams event recorded: conditions, draws (never recomputed), score cards,
redraws and corrections (JCBL part 2 ch. 6 §8, part 3 ch. 4 §3-2)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from uuid import UUID

import pytest

from adapters.storage import env_for, store_url
from engine.application import Traveller
from engine.errors import InvalidInput, ReasonRequired, Rejected
from engine.events import DomainEvent
from engine.registry import create_registry
from engine.testing import memory_app
from engine.tournament.events import Player, ScoringChoice
from engine.tournament.state import project_tournament


def swiss_event(app: Traveller, teams: int = 8, **conditions: object) -> UUID:
    event = app.create_event(
        "Swiss", scoring=ScoringChoice(method="team-imps", options={"vp_scale": "wbf2013"})
    )
    for t in range(1, teams + 1):
        app.register_entry(event, [Player(name=f"Team {t} {seat}") for seat in "NSEW"])
    app.start_swiss(event, rounds=3, boards_per_round=8, options=conditions)
    return event


def score_round(app: Traveller, event: UUID, rnd: int) -> None:
    """The lower-numbered team of each match wins 20 IMPs to 0."""
    for m in app.swiss_draw(event, rnd).matches:
        winner = (Decimal(20), Decimal(0)) if m.home < m.away else (Decimal(0), Decimal(20))
        app.score_match(event, rnd, m.home, m.away, imps=winner)


def test_round_one_is_seeded_and_recorded_with_the_method_and_seed() -> None:
    app = memory_app()
    event = swiss_event(app)
    draw = app.draw_round(event)
    assert [(m.home, m.away) for m in draw.matches] == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert (draw.method, draw.method_version) == ("jcbl-seeded", "1.0")
    assert app.swiss_draw(event, 1) == draw
    made = app.tournament(event).swiss
    assert made is not None and made.draws[1].draw.seed is not None


def test_a_dry_run_writes_nothing_and_shows_the_draw_to_be_made() -> None:
    app = memory_app()
    event = swiss_event(app)
    before = app.position()
    shown = app.draw_round(event, dry_run=True)
    assert app.position() == before
    assert app.draw_round(event) == shown


def test_later_rounds_follow_the_standings_and_avoid_a_rematch() -> None:
    app = memory_app()
    event = swiss_event(app)
    app.draw_round(event)
    score_round(app, event, 1)
    second = app.draw_round(event)
    # Teams 1-4 won round 1: 1 v 2, 3 v 4, then the losers 5 v 6, 7 v 8.
    assert [(m.home, m.away) for m in second.matches] == [(1, 2), (3, 4), (5, 6), (7, 8)]
    table = app.swiss_standings(event, 1)
    assert [line.team for line in table][:4] == [1, 2, 3, 4]
    win, loss = app.registry.vp_scale("wbf2013").victory_points(20, 8)
    assert table[0].rounds[0].opponents == (5,) and table[0].total == win
    assert table[-1].total == loss and table[0].rank == "1="


def test_a_correction_after_a_later_draw_never_changes_that_draw() -> None:
    app = memory_app()
    event = swiss_event(app)
    app.draw_round(event)
    score_round(app, event, 1)
    second = app.draw_round(event)
    with pytest.raises(ReasonRequired):
        app.score_match(event, 1, 1, 5, imps=(Decimal(0), Decimal(40)))
    app.score_match(event, 1, 1, 5, imps=(Decimal(0), Decimal(40)), reason="card misread")
    assert app.swiss_draw(event, 2) == second
    # A replay of the record reads the same draw back; nothing is drawn again.
    record = [e for e in app.events.get(event) if isinstance(e, DomainEvent)]
    state = project_tournament(None, record)
    assert state is not None and state.swiss is not None
    assert state.swiss.draws[2].draw == second
    assert state.swiss.scores[(1, 1, 5)].reason == "card misread"


def test_a_score_card_must_match_the_draw() -> None:
    app = memory_app()
    event = swiss_event(app)
    app.draw_round(event)
    with pytest.raises(Rejected, match="Teams 1 and 2 do not play each other in round 1"):
        app.score_match(event, 1, 1, 2, imps=(Decimal(3), Decimal(1)))
    with pytest.raises(Rejected, match="Round 2 has not been drawn"):
        app.score_match(event, 2, 1, 5, imps=(Decimal(3), Decimal(1)))
    with pytest.raises(InvalidInput, match="IMPs or its VPs"):
        app.score_match(event, 1, 1, 5)
    # Given the other way round, the card is kept in the draw's order.
    app.score_match(event, 1, 5, 1, vp=(Decimal("5.5"), Decimal("14.5")))
    swiss = app.tournament(event).swiss
    assert swiss is not None and swiss.scores[(1, 1, 5)].vp == ("14.5", "5.5")


def test_a_round_is_redrawn_with_a_reason_only_while_none_of_its_results_is_in() -> None:
    app = memory_app()
    event = swiss_event(app)
    app.draw_round(event)
    with pytest.raises(ReasonRequired):
        app.redraw_round(event, 1, reason=None)
    redrawn = app.redraw_round(event, 1, reason="team 8 arrived late")
    assert redrawn.round == 1
    app.score_match(event, 1, 1, 5, imps=(Decimal(3), Decimal(1)))
    before = app.position()
    with pytest.raises(Rejected, match="has results recorded"):
        app.redraw_round(event, 1, reason="again")
    assert app.position() == before


def test_a_draw_out_of_turn_or_before_the_conditions_is_refused() -> None:
    app = memory_app()
    event = swiss_event(app)
    with pytest.raises(Rejected, match="Round 1 has not been drawn yet"):
        app.draw_round(event, 2)
    plain = app.create_event("Pairs")
    with pytest.raises(Rejected, match="not run as a Swiss"):
        app.draw_round(plain)
    with pytest.raises(Rejected, match="already runs as a Swiss"):
        app.start_swiss(event, rounds=3, boards_per_round=8)


def test_setup_shows_the_manuals_warnings() -> None:
    app = memory_app()
    event = app.create_event("Small Swiss")
    for t in range(1, 7):
        app.register_entry(event, [Player(name=f"Team {t} {seat}") for seat in "NSEW"])
    warnings = app.start_swiss(event, rounds=5, boards_per_round=8, options={"rematch": "none"})
    assert any("twice as many teams as rounds" in w for w in warnings)


def test_a_withdrawn_team_leaves_and_a_late_one_joins_from_the_next_draw() -> None:
    app = memory_app()
    event = swiss_event(app, odd="bye")
    app.draw_round(event)
    score_round(app, event, 1)
    app.withdraw_entry(event, "E8", reason="team 8 went home")
    second = app.draw_round(event)
    assert 8 not in second.contestants and second.bye is not None
    score_round(app, event, 2)
    late = app.register_entry(event, [Player(name=f"Late {seat}") for seat in "NSEW"])
    third = app.draw_round(event)
    assert 9 in third.contestants and 8 not in third.contestants
    table = app.swiss_standings(event)
    assert {line.team for line in table} == set(range(1, 10))
    (bye,) = [r for line in table for r in line.rounds if r.round == 2 and not r.opponents]
    assert bye.vp == 12
    swiss = app.tournament(event).swiss
    assert swiss is not None and late not in swiss.conditions.teams.values()


def test_a_replay_reads_the_draw_back_without_the_pairing_plugins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = env_for(store_url(str(tmp_path / "swiss.db")))
    app = Traveller(env)
    event = swiss_event(app)
    first = app.draw_round(event)
    score_round(app, event, 1)
    second = app.draw_round(event)
    monkeypatch.setenv("TRAVELLER_PLUGINS_BLOCK", "jcbl-swiss,top-down,optimal-swiss")
    registry = create_registry()
    assert registry.pairing_methods() == []
    again = Traveller(env, registry=registry)
    assert again.swiss_draw(event, 1) == first and again.swiss_draw(event, 2) == second
    assert [line.team for line in again.swiss_standings(event)] == [
        line.team for line in app.swiss_standings(event)
    ]


def test_a_round_needs_the_standings_it_is_drawn_from() -> None:
    app = memory_app()
    event = swiss_event(app)
    app.draw_round(event)
    before = app.position()
    with pytest.raises(Rejected, match="Record the results of round 1 first"):
        app.draw_round(event)
    assert app.position() == before


def test_a_triangle_in_one_round_converts_each_teams_imps_over_the_round() -> None:
    app = memory_app()
    event = swiss_event(app, teams=7, odd="triangle")
    draw = app.draw_round(event)
    assert draw.triangle is not None
    a, b, c = draw.triangle
    with pytest.raises(InvalidInput, match="triangle"):
        app.score_match(event, 1, a, b, vp=(Decimal(12), Decimal(8)))
    # a wins 10 IMPs against b and loses 4 against c; b beats c by 6.
    app.score_match(event, 1, a, b, imps=(Decimal(10), Decimal(0)))
    app.score_match(event, 1, a, c, imps=(Decimal(0), Decimal(4)))
    app.score_match(event, 1, b, c, imps=(Decimal(6), Decimal(0)))
    rounds = {line.team: line.rounds[0] for line in app.swiss_standings(event)}
    scale = app.registry.vp_scale("wbf2013")
    assert rounds[a].opponents == (b, c)
    assert rounds[a].vp == scale.victory_points(6, 8)[0]
    assert rounds[b].vp == scale.victory_points(-4, 8)[0]
    assert rounds[c].vp == scale.victory_points(-2, 8)[0]


def test_a_triangle_over_two_rounds_cannot_be_drawn_late() -> None:
    app = memory_app()
    event = app.create_event("Swiss")
    for t in range(1, 8):
        app.register_entry(event, [Player(name=f"Team {t} {seat}") for seat in "NSEW"])
    with pytest.raises(InvalidInput, match="triangle over two rounds"):
        app.start_swiss(
            event,
            rounds=4,
            boards_per_round=8,
            pairing="jcbl-random",
            options={"odd": "triangle-two-rounds"},
        )


def test_a_swiss_is_played_by_teams_or_by_pairs_not_both() -> None:
    app = memory_app()
    event = app.create_event("Pairs night", sections=("A", "B"))
    for p in range(1, 5):
        app.register_entry(event, [Player(name=f"Pair {p} N"), Player(name=f"Pair {p} S")])
    team = [Player(name=f"Team 5 {seat}") for seat in "NSEW"]
    app.register_entry(event, team, section="B")
    with pytest.raises(Rejected, match="played by pairs; E5 is not"):
        app.start_swiss(event, rounds=3, boards_per_round=8, options={"odd": "bye"})
