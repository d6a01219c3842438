"""A session's masterpoints worked out from its standings and recorded on the tournament:
ties sharing, the rule's options checked, nothing written when anything is wrong."""

from __future__ import annotations

from decimal import Decimal
from uuid import UUID

import pytest

from engine.application import Traveller
from engine.errors import InvalidInput, PluginError, ReasonRequired, Rejected
from engine.masterpoints import (
    FieldToAward,
    Ranked,
    award_fields,
    shared_award,
    tied_groups,
)
from engine.standings import compute_standings
from engine.testing import play_movement
from engine.tournament import Player
from engine.tournament.events import MasterpointRuleChosen, MasterpointsAwarded
from plugins.masterpoints.jcbl import Jcbl
from tests.conftest import register_pairs

JCBL = Jcbl()


def ranked(*ranks: str, players: bool = True) -> tuple[Ranked, ...]:
    return tuple(
        Ranked("A", str(n), rank, f"pair {n}", (Player(name=f"P{n}"),) if players else ())
        for n, rank in enumerate(ranks, start=1)
    )


def test_tied_contestants_share_the_awards_of_their_places() -> None:
    awards = [Decimal("0.24"), Decimal("0.17"), Decimal("0.12")]
    assert shared_award(awards, 1, 1) == Decimal("0.24")
    assert shared_award(awards, 1, 2) == Decimal("0.21")  # (0.24 + 0.17) / 2 = 0.205
    assert shared_award(awards, 3, 4) == Decimal("0.06")  # a place beyond the awards: none
    assert shared_award(awards, 4, 5) == Decimal("0.00")
    groups = [(a, b, [r.key for r in g]) for a, b, g in tied_groups(ranked("1", "2=", "2=", "4"))]
    assert groups == [(1, 1, ["1"]), (2, 3, ["2", "3"]), (4, 4, ["4"])]


def test_awards_a_field_by_the_rule_with_its_size_counted() -> None:
    field = FieldToAward("A", "ALL", "pairs", ranked("1", "2=", "2=", "4", "5", "6", "7", "8"))
    (awarded,) = award_fields(JCBL, {"game_class": 3}, [field])
    assert awarded.contestants == 8 and awarded.options["contestants"] == 8
    assert [(a.contestant, a.places, a.points) for a in awarded.awards] == [
        ("1", (1, 1), Decimal("0.24")),
        ("2", (2, 3), Decimal("0.15")),  # (0.17 + 0.12) / 2 = 0.145
        ("3", (2, 3), Decimal("0.15")),
    ]


def test_a_placed_contestant_without_players_is_refused() -> None:
    field = FieldToAward("A", "ALL", "pairs", ranked("1", "2", "3", "4", players=False))
    with pytest.raises(Rejected, match="no entry is registered"):
        award_fields(JCBL, {"game_class": 1}, [field])


def closed_howell(app: Traveller) -> UUID:
    event = app.create_event("Club night")
    register_pairs(app, event, 8)
    app.assign_movement(event, "howell", options={"boards_per_round": 2})
    play_movement(app, event)
    app.close_session(event)
    return event


@pytest.mark.parametrize(
    ("rule", "options", "error", "message"),
    [
        ("jcbl", {}, InvalidInput, "needs game_class"),
        (None, {"game_class": 3}, InvalidInput, "No masterpoint rule is chosen"),
        ("jcbl", {"game_class": 3, "contestants": 8}, InvalidInput, "contestants is worked out"),
        ("jcbl", {"game_class": 9}, PluginError, "game_class"),
        ("australian-club", {}, PluginError, "awards none"),
    ],
)
def test_nothing_is_written_when_the_award_cannot_be_made(
    app: Traveller,
    rule: str | None,
    options: dict[str, object],
    error: type[Exception],
    message: str,
) -> None:
    event = closed_howell(app)
    before = app.tournament(event).version
    with pytest.raises(error, match=message):
        app.award_masterpoints(event, rule=rule, options=options)
    assert app.tournament(event).version == before


def test_the_award_is_recorded_and_shown_beside_the_standings(app: Traveller) -> None:
    event = closed_howell(app)
    awarded = app.award_masterpoints(event, rule="jcbl", options={"game_class": 2})
    tournament = app.tournament(event)
    assert isinstance(tournament.masterpoint_rule, MasterpointRuleChosen)
    assert tournament.masterpoints[1] == awarded and awarded.supersedes is None
    standings = compute_standings(app.registry, tournament, app.sections(event, 1), 1)
    assert standings.masterpoints is not None and standings.masterpoints.current
    plain = compute_standings(
        app.registry, tournament, app.sections(event, 1), 1, masterpoints=False
    )
    assert "masterpoints" not in plain.to_json() and plain.digest() == awarded.digest
    shown = {r.pair.key: r.masterpoints for r in standings.fields[0].rows}
    assert {a.contestant: a.points for a in awarded.fields[0].awards} == {
        k: v for k, v in shown.items() if v is not None
    }
    # Again: a reason is needed, and the new award supersedes the old one.
    with pytest.raises(ReasonRequired):
        app.award_masterpoints(event)
    again = app.award_masterpoints(event, reason="checked")
    assert again.supersedes == awarded.originator_version and again.options == {"game_class": 2}
    events = [type(e) for e in app.events.get(event)]
    assert events.count(MasterpointsAwarded) == 2 and events.count(MasterpointRuleChosen) == 1
