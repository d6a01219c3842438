"""Split assigned scores (law 12C): each side of a table given its own result.

Recorded by ``assign_score`` with ``outcomes_ew`` (schema 2 of ``ScoreAssigned``),
checked before anything is written, scored direction by direction, shown on the
traveller and in the audit trail.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any
from uuid import UUID, uuid4

import pytest
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic

from engine import errors, history
from engine.application import Traveller
from engine.events import SCHEMA_KEY
from engine.section import ResultEntry, ScoreAssigned
from engine.section_scores import score_section
from engine.testing import memory_app, play_movement
from engine.tournament import ScoringChoice
from engine.travellers import traveller
from tests.conftest import register_pairs, register_teams
from tests.engine.test_application import nothing_written
from tests.engine.test_fouled_and_assigned import board_points, ew, last_event, ns

F = Fraction

#: NS 1 v EW 1 on board 1 played 4S one off (−50). The director gives NS −50 (their
#: own result stands) and EW −480 (NS +480, as at the other tables NS 5–7).
SPLIT: dict[str, Any] = {"outcomes": [(F(1), -50)], "outcomes_ew": [(F(1), 480)]}


@pytest.fixture
def played(app: Traveller, mitchell: UUID) -> UUID:
    """The 7-table Mitchell, every round played. Board 1: NS 1–4 −50, NS 5–7 +480."""
    play_movement(app, mitchell)
    return mitchell


def test_a_split_score_is_recorded(app: Traveller, played: UUID) -> None:
    recorded = app.assign_score(
        played, board=1, ns=1, ew=1, reason="misinformation", actor="td", **SPLIT
    )
    assert recorded == last_event(app, played)
    assert isinstance(recorded, ScoreAssigned)
    assert (recorded.outcomes, recorded.outcomes_ew, recorded.law, recorded.actor) == (
        (("1", -50),),
        (("1", 480),),
        "12C",
        "td",
    )
    fact = app.section(played).tables[(1, ns(1))].fact
    assert (fact.weighted, fact.split_ew, fact.score_ns) == (((F(1), -50),), ((F(1), 480),), None)
    assert fact.split


def test_each_side_is_scored_with_its_own_direction(app: Traveller, played: UUID) -> None:
    app.assign_score(played, board=1, ns=1, ew=1, reason="misinformation", **SPLIT)
    column = board_points(app, played, 1)
    # NS pairs see −50 at table 1: NS 1–4 tie at −50, 1½ each; NS 5–7 beat four, 5 each.
    assert [column[ns(n)] for n in range(1, 8)] == [F(3, 2)] * 4 + [F(5)] * 3
    # EW pairs see +480 at table 1, which NS-wise ties the three +480s and beats the three
    # −50s: 4½, so EW 1 gets 1½. The EW pairs against +480 get 1½ too (1 without the
    # split), those against −50 get 5 (4½): the other EW pairs gain what EW 1 lost.
    assert column[ew(1)] == F(3, 2)
    on_board = [column[t.ew] for t in app.section(played).entries() if t.board == 1]
    assert sorted(on_board) == [F(3, 2)] * 4 + [F(5)] * 3
    # Each direction shares 7·6/2 = 21 as always; table 1's sides add up to 3 of 6.
    assert sum(column[ns(n)] for n in range(1, 8)) == sum(column[ew(n)] for n in range(1, 8)) == 21


def test_a_weighted_split_score_names_law_12c1c(app: Traveller, played: UUID) -> None:
    app.assign_score(
        played,
        board=1,
        ns=1,
        ew=1,
        outcomes=[(F(2, 3), 420), (F(1, 3), -50)],
        outcomes_ew=[(F(1), 450)],
        reason="misinformation",
    )
    assert last_event(app, played).law == "12C1c"
    # Board 2 (NS vulnerable): NS 1 v EW 1 given NS −100 and EW −620.
    named = app.assign_score(
        played,
        board=2,
        ns=1,
        ew=1,
        outcomes=[(F(1), -100)],
        outcomes_ew=[(F(1), 620)],
        reason="x",
        law="12C1(e)",
    )
    assert named.law == "12C1(e)"


def test_the_traveller_and_the_audit_show_both_sides(app: Traveller, played: UUID) -> None:
    app.assign_score(played, board=1, ns=1, ew=1, reason="misinformation", **SPLIT)
    line = next(
        r
        for r in traveller(app.registry, app.tournament(played), app.section(played), 1)["results"]
        if r["ns"] == 1
    )
    assert line["adjusted"] == "NS -50 / EW -480"
    assert line["assigned"] == {"ns": [["1", -50]], "ew": [["1", 480]], "split": True}
    assert (line["score_ns"], line["mp_ns"], line["mp_ew"]) == (None, "1.50", "1.50")
    trail = history.audit(app, played, board=1, pair="EW1")
    assert trail[-1]["type"] == "ScoreAssigned"
    assert trail[-1]["reason"] == "misinformation"
    assert trail[-1]["data"]["outcomes_ew"] == [["1", 480]]
    assert trail[-1]["data"]["law"] == "12C"


def test_a_weighted_score_that_is_not_split_shows_on_the_traveller(
    app: Traveller, played: UUID
) -> None:
    app.assign_score(
        played, board=1, ns=1, ew=1, outcomes=[(F(2, 3), 420), (F(1, 3), -50)], reason="x"
    )
    line = traveller(app.registry, app.tournament(played), app.section(played), 1)["results"][0]
    assert line["adjusted"] == "2/3 of +420 + 1/3 of -50"
    assert line["assigned"]["split"] is False
    assert line["assigned"]["ns"] == line["assigned"]["ew"] == [["2/3", 420], ["1/3", -50]]


def test_a_split_score_can_be_corrected_to_a_played_result(app: Traveller, played: UUID) -> None:
    app.assign_score(played, board=1, ns=1, ew=1, reason="misinformation", **SPLIT)
    app.correct_result(played, ResultEntry(1, 1, 1, "4S", "N", 10), reason="appeal upheld")
    fact = app.section(played).tables[(1, ns(1))].fact
    assert (fact.score_ns, fact.split_ew, fact.weighted) == (420, (), ())


def test_cross_imps_scores_a_split_table(app: Traveller) -> None:
    event = app.create_event("IMP pairs", scoring=ScoringChoice(method="cross-imps"))
    register_pairs(app, event, 14)
    app.assign_movement(event, "mitchell", options={"boards_per_round": 3})
    play_movement(app, event)
    app.assign_score(event, board=1, ns=1, ew=1, reason="misinformation", **SPLIT)
    scored = score_section(app.registry, app.tournament(event), app.section(event))
    table = next(s for s in scored.results if (s.result.board, s.result.ns) == (1, ns(1)))
    # NS 1 (−50) against three −50s and three +480s: 0 and −11 each, −33. EW 1 (scored
    # on +480): three ties and +11 against each −50, +33 NS-wise, so −33 for EW.
    assert (table.points_ns, table.points_ew) == (F(-33), F(-33))


SPLIT_REFUSALS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"reason": ""}, errors.ReasonRequired, "reason"),
    ({"outcomes_ew": [(F(1), -50)]}, errors.InvalidInput, "not split"),
    ({"outcomes_ew": []}, errors.InvalidInput, "at least one result for the EW side"),
    ({"outcomes_ew": [(F(1), 425)]}, errors.ImpossibleScore, "-425 for EW"),
    (
        {"outcomes_ew": [(F(1, 2), 480), (F(1), 450)]},
        errors.InvalidInput,
        "weights of the EW side's assigned score add up to 3/2",
    ),
    (
        {"outcomes_ew": [(F(1, 2), 480), (F(1, 2), 480)]},
        errors.InvalidInput,
        "-480 of the EW side's assigned score is given twice",
    ),
    ({"outcomes": [(F(1), 425)]}, errors.ImpossibleScore, "+425 for NS"),
    ({"ew": 2}, errors.NotScheduled, "NS 1 and EW 2"),
]


@pytest.mark.parametrize(("change", "error", "words"), SPLIT_REFUSALS)
def test_a_bad_split_score_writes_nothing(
    app: Traveller, played: UUID, change: dict[str, Any], error: type[Exception], words: str
) -> None:
    kw: dict[str, Any] = {"board": 1, "ns": 1, "ew": 1, "reason": "misinformation"}
    kw |= SPLIT | change
    message = nothing_written(app, lambda: app.assign_score(played, **kw), error)
    assert words in message


def test_a_team_match_cannot_have_a_split_score(app: Traveller) -> None:
    event = app.create_event("Teams", scoring=ScoringChoice(method="team-imps"))
    register_teams(app, event, 4)
    app.assign_movement(event, "round-robin", options={"boards_per_round": 2})
    movement = app.section(event).movement
    assert movement is not None
    e = movement.schedule[0]
    message = nothing_written(
        app,
        lambda: app.assign_score(
            event, board=e.boards[0], ns=e.ns, ew=e.ew, reason="misinformation", **SPLIT
        ),
        errors.Rejected,
    )
    assert "team movement" in message


def test_a_schema_1_assigned_score_replays() -> None:
    # Stored before split scores existed: no outcomes_ew, schema version 1.
    app = memory_app()
    originator = uuid4()
    state: dict[str, Any] = {
        "originator_id": str(originator),
        "originator_version": 9,
        "timestamp": "2025-05-01T20:00:00+09:00",
        "actor": "TD",
        "reason": "misinformation",
        "board": 1,
        "ns": 1,
        "ew": 1,
        "outcomes": [["2/3", 420], ["1/3", -50]],
        "law": "12C1c",
        SCHEMA_KEY: 1,
    }
    stored = StoredEvent(
        originator_id=originator,
        originator_version=9,
        topic=get_topic(ScoreAssigned),
        state=app.mapper.transcoder.encode(state),
    )
    event = app.mapper.to_domain_event(stored)
    assert isinstance(event, ScoreAssigned)
    assert (event.outcomes, event.outcomes_ew) == ((("2/3", 420), ("1/3", -50)), None)
    again = app.mapper.to_stored_event(event)
    assert app.mapper.transcoder.decode(again.state)[SCHEMA_KEY] == 2
