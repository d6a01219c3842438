"""Declaring a board fouled and assigning a weighted score: what is recorded, what is refused."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any
from uuid import UUID

import pytest

from engine import errors
from engine.application import Traveller
from engine.scoring import Award, AwardKind, TableResult
from engine.seating import Line, Numbering, Pair
from engine.section import BoardFouled, ResultEntry, ScoreAssigned
from engine.section_scores import score_section
from engine.testing import play_movement
from engine.tournament import ScoringChoice, section_id
from tests.conftest import register_pairs
from tests.engine.test_application import nothing_written

F = Fraction


def ns(n: int) -> Pair:
    return Pair(n, Line.NS)


def ew(n: int) -> Pair:
    return Pair(n, Line.EW)


def last_event(app: Traveller, event: UUID, section: str = "A") -> Any:
    return list(app.events.get(section_id(event, 1, section)))[-1]


def board_points(app: Traveller, event: UUID, board: int) -> dict[Pair, Fraction]:
    scored = score_section(app.registry, app.tournament(event), app.section(event))
    out: dict[Pair, Fraction] = {}
    for s in scored.results:
        if s.result.board == board:
            out[s.result.ns], out[s.result.ew] = s.points_ns, s.points_ew
    return out


@pytest.fixture
def played(app: Traveller, mitchell: UUID) -> UUID:
    """The 7-table Mitchell, every round played. Board 1: NS 1–4 −50, NS 5–7 +480."""
    play_movement(app, mitchell)
    return mitchell


# ---- fouled boards ---------------------------------------------------------------------------


def test_a_fouled_board_is_recorded_and_scored(app: Traveller, played: UUID) -> None:
    groups = app.declare_fouled(
        played, board=1, groups=[[3, 1, 2], [4, 5, 6, 7]], reason="hands swapped", actor="td"
    )
    assert groups == ((1, 2, 3), (4, 5, 6, 7))
    event = last_event(app, played)
    assert isinstance(event, BoardFouled)
    assert (event.board, event.groups, event.reason, event.actor, event.law) == (
        1,
        ((1, 2, 3), (4, 5, 6, 7)),
        "hands swapped",
        "td",
        "87",  # a fouled board's law, unless the director names another
    )
    state = app.section(played)
    assert state.fouled == {1: ((1, 2, 3), (4, 5, 6, 7))}
    assert state.facts().fouled[1] == (
        frozenset(map(ns, (1, 2, 3))),
        frozenset(map(ns, (4, 5, 6, 7))),
    )
    # The formula (the event's default): NS 1–3 all −50, a group of 3 beside 4: 60 % of 6
    # each. NS 4–7: −50 and three +480, Sᵢ = 0, 2, 2, 2: 7·Sᵢ/4 + 3/8 = 0.38 and 3.88.
    column = board_points(app, played, 1)
    assert [column[ns(n)] for n in range(1, 8)] == [F("3.6")] * 3 + [F("0.38")] + [F("3.88")] * 3


def test_the_events_scoring_option_chooses_the_simple_method(app: Traveller) -> None:
    event = app.create_event(
        "Local", scoring=ScoringChoice(method="matchpoints", options={"fouled": "simple"})
    )
    register_pairs(app, event, 14)
    app.assign_movement(event, "mitchell", options={"boards_per_round": 3})
    play_movement(app, event)
    app.declare_fouled(event, board=1, groups=[[1, 2, 3], [4, 5, 6, 7]], reason="swapped")
    # NS 1–3 tie among themselves (1 each) + ½ of 4 = 3; NS 4: 0 + 1½; NS 5–7: 2 + 1½.
    column = board_points(app, event, 1)
    assert [column[ns(n)] for n in range(1, 8)] == [F(3)] * 3 + [F("1.5")] + [F("3.5")] * 3


def test_declaring_again_replaces_the_groups(app: Traveller, played: UUID) -> None:
    app.declare_fouled(played, board=1, groups=[[1, 2, 3], [4, 5, 6, 7]], reason="first look")
    app.declare_fouled(played, board=1, groups=[[1, 2], [3, 4, 5, 6, 7]], reason="NS 3 too")
    assert app.section(played).fouled == {1: ((1, 2), (3, 4, 5, 6, 7))}


def test_a_table_yet_to_play_may_be_in_a_group(app: Traveller, mitchell: UUID) -> None:
    # Round 1 only: board 1 has been played at table 1; the movement brings it to NS 2–7.
    play_movement(app, mitchell, rounds=1)
    app.declare_fouled(mitchell, board=1, groups=[[1], [2, 3, 4, 5, 6, 7]], reason="swapped")
    assert app.section(mitchell).fouled[1] == ((1,), (2, 3, 4, 5, 6, 7))


def test_a_neutral_table_may_be_left_out(app: Traveller, mitchell: UUID) -> None:
    play_movement(app, mitchell, rounds=1)
    app.adjust(mitchell, board=1, ns=2, ew=3, neutral=True, reason="no time")
    app.declare_fouled(mitchell, board=1, groups=[[1], [3, 4]], reason="swapped")
    assert app.section(mitchell).fouled[1] == ((1,), (3, 4))


def test_a_results_only_section_can_have_a_fouled_board(app: Traveller) -> None:
    event = app.create_event("Paper")
    for n, tricks in ((1, 10), (2, 9), (3, 10), (4, 11)):
        app.record_result(
            event, ResultEntry(1, n, n, "4S", "N", tricks), numbering=Numbering.MITCHELL
        )
    app.declare_fouled(event, board=1, groups=[[1, 2], [3, 4]], reason="swapped")
    # NS 420, −50 | 420, 450: two groups of 2, each 65 % and 55 % of the top 3.
    column = board_points(app, event, 1)
    assert [column[ns(n)] for n in range(1, 5)] == [F("1.95"), F("1.65"), F("1.65"), F("1.95")]


FOULED_REFUSALS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"reason": ""}, errors.ReasonRequired, "reason"),
    ({"groups": [[1, 2, 3, 4, 5, 6, 7]]}, errors.InvalidInput, "two groups"),
    ({"groups": [[1, 2, 3], [], [4, 5, 6, 7]]}, errors.InvalidInput, "two groups"),
    ({"groups": [[1, 2, 3], [3, 4, 5, 6, 7]]}, errors.InvalidInput, "NS 3 is given twice"),
    ({"groups": [[1, 2, 3], [4, 5, 6, 7, 8]]}, errors.Rejected, "NS 8 does not play board 1"),
    ({"groups": [[1, 2, 3], [4, 5, 6]]}, errors.Rejected, "NS 7 v EW 6 has a result"),
    ({"board": 22}, errors.NotFound, "Board 22 is not played"),
    ({"board": 0}, errors.InvalidInput, "no board 0"),
    ({"section": "B"}, errors.NotFound, "no section 'B'"),
]


@pytest.mark.parametrize(("change", "error", "words"), FOULED_REFUSALS)
def test_a_bad_fouled_declaration_writes_nothing(
    app: Traveller, played: UUID, change: dict[str, Any], error: type[Exception], words: str
) -> None:
    kw: dict[str, Any] = {
        "board": 1,
        "groups": [[1, 2, 3], [4, 5, 6, 7]],
        "reason": "swapped",
    } | change
    message = nothing_written(app, lambda: app.declare_fouled(played, **kw), error)
    assert words in message


def test_a_results_only_board_with_no_results_cannot_be_fouled(app: Traveller) -> None:
    event = app.create_event("Paper")
    app.record_result(event, ResultEntry(1, 1, 1, "4S", "N", 10), numbering=Numbering.MITCHELL)
    message = nothing_written(
        app,
        lambda: app.declare_fouled(event, board=2, groups=[[1], [2]], reason="x"),
        errors.NotFound,
    )
    assert "Board 2 has no results" in message


def test_a_section_without_numbering_cannot_have_a_fouled_board(app: Traveller) -> None:
    event = app.create_event("Empty")
    nothing_written(
        app,
        lambda: app.declare_fouled(event, board=1, groups=[[1], [2]], reason="x"),
        errors.Rejected,
    )


def test_a_result_recorded_outside_the_groups_is_reported_when_scored(
    app: Traveller, mitchell: UUID
) -> None:
    play_movement(app, mitchell, rounds=1)
    app.declare_fouled(mitchell, board=1, groups=[[1], [3, 4]], reason="swapped")
    app.start_round(mitchell, 2)
    app.record_result(mitchell, ResultEntry(1, 2, 3, "4S", "N", 10))
    with pytest.raises(errors.InvalidInput, match="Declare board 1 fouled again"):
        board_points(app, mitchell, 1)


# ---- weighted assigned scores -----------------------------------------------------------------

TWO_THIRDS = [(F(2, 3), 420), (F(1, 3), -50)]


def test_a_weighted_score_is_recorded_and_scored(app: Traveller, played: UUID) -> None:
    # Board 1 is NS 1 v EW 1 at table 1, where 4S went one off (−50): the director
    # replaces it with ⅔ of 4S made and ⅓ of one off.
    app.assign_score(
        played, board=1, ns=1, ew=1, outcomes=TWO_THIRDS, reason="misinformation", actor="td"
    )
    event = last_event(app, played)
    assert isinstance(event, ScoreAssigned)
    assert (event.board, event.ns, event.ew, event.outcomes, event.law, event.reason) == (
        1,
        1,
        1,
        (("2/3", 420), ("1/3", -50)),
        "12C1c",
        "misinformation",
    )
    assert event.actor == "td"
    fact = app.section(played).tables[(1, ns(1))].fact
    assert fact == TableResult(1, ns(1), ew(1), weighted=((F(2, 3), 420), (F(1, 3), -50)))
    # Others: NS 2–4 −50, NS 5–7 +480. The weighted table: 420 beats three −50s and loses
    # to three 480s (3), −50 ties three (1½): ⅔·3 + ⅓·1½ = 2½.
    column = board_points(app, played, 1)
    assert column[ns(1)] == F(5, 2)
    assert column[ns(2)] == F(7, 6)  # ½ + ½ tying NS 3 and 4, ⅓·½ tying the weighted −50
    assert sum(column[ns(n)] for n in range(1, 8)) == 21


def test_a_weighted_score_may_name_its_law(app: Traveller, played: UUID) -> None:
    app.assign_score(played, board=1, ns=1, ew=1, outcomes=TWO_THIRDS, reason="x", law="12C1(c)")
    assert last_event(app, played).law == "12C1(c)"


def test_a_weighted_score_may_be_the_first_at_its_table(app: Traveller) -> None:
    event = app.create_event("Paper")
    app.assign_score(
        event,
        board=2,
        ns=1,
        ew=1,
        outcomes=[(F(1, 2), 620), (F(1, 2), -100)],
        reason="x",
        numbering=Numbering.MITCHELL,
    )
    assert app.section(event).tables[(2, ns(1))].fact.weighted == ((F(1, 2), 620), (F(1, 2), -100))


def test_other_scoring_methods_refuse_a_weighted_table() -> None:
    table = TableResult(1, ns(1), ew(1), weighted=((F(1), 420),))
    average = Award(AwardKind.AVE)
    assert table.outcome(average, weighted=True) == ((F(1), 420),)
    with pytest.raises(errors.InvalidInput, match="weighted assigned score"):
        table.outcome(average)


@pytest.mark.parametrize(
    "table",
    [
        TableResult(1, ns(1), ew(1), 420, weighted=((F(1), 420),)),
        TableResult(1, ns(1), ew(1), neutral=True, weighted=((F(1), 420),)),
        TableResult(
            1,
            ns(1),
            ew(1),
            award_ns=Award(AwardKind.AVE),
            award_ew=Award(AwardKind.AVE),
            weighted=((F(1), 420),),
        ),
    ],
)
def test_a_weighted_table_has_nothing_else(table: TableResult) -> None:
    with pytest.raises(errors.InvalidInput, match="not one score"):
        table.outcome(Award(AwardKind.AVE), weighted=True)


ASSIGN_REFUSALS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"reason": " "}, errors.ReasonRequired, "reason"),
    ({"outcomes": []}, errors.InvalidInput, "at least one"),
    ({"outcomes": [(F(2, 3), 420), (F(1, 2), -50)]}, errors.InvalidInput, "add up to 7/6"),
    ({"outcomes": [(F(0), 420), (F(1), -50)]}, errors.InvalidInput, "weight 0 is not above 0"),
    ({"outcomes": [(F(-1), 420), (F(2), -50)]}, errors.InvalidInput, "weight -1"),
    ({"outcomes": [(F(2, 3), 425), (F(1, 3), -50)]}, errors.ImpossibleScore, "+425"),
    ({"outcomes": [(F(1, 2), 420), (F(1, 2), 420)]}, errors.InvalidInput, "+420 is given twice"),
    ({"ew": 2}, errors.NotScheduled, "NS 1 and EW 2"),
    ({"board": 22}, errors.NotFound, "Board 22"),
    ({"ns": 9}, errors.NotFound, "NS 9"),
]


@pytest.mark.parametrize(("change", "error", "words"), ASSIGN_REFUSALS)
def test_a_bad_weighted_score_writes_nothing(
    app: Traveller, played: UUID, change: dict[str, Any], error: type[Exception], words: str
) -> None:
    kw: dict[str, Any] = {
        "board": 1,
        "ns": 1,
        "ew": 1,
        "outcomes": TWO_THIRDS,
        "reason": "misinformation",
    } | change
    message = nothing_written(app, lambda: app.assign_score(played, **kw), error)
    assert words in message


def test_a_weighted_score_cannot_clash_with_another_table(app: Traveller) -> None:
    event = app.create_event("Paper")
    app.record_result(event, ResultEntry(1, 1, 2, "4S", "N", 10), numbering=Numbering.HOWELL)
    message = nothing_written(
        app,
        lambda: app.assign_score(event, board=1, ns=1, ew=3, outcomes=TWO_THIRDS, reason="x"),
        errors.DuplicateResult,
    )
    assert "Pair 1 already has a result on board 1" in message


def test_a_weighted_score_for_a_withdrawn_pair_writes_nothing(
    app: Traveller, mitchell: UUID
) -> None:
    app.withdraw_entry(mitchell, "E1", reason="illness")
    nothing_written(
        app,
        lambda: app.assign_score(mitchell, board=1, ns=1, ew=1, outcomes=TWO_THIRDS, reason="x"),
        errors.Rejected,
    )


def weights(pairs: Sequence[tuple[str, int]]) -> list[tuple[Fraction, int]]:
    return [(F(w), s) for w, s in pairs]


def test_decimal_weights_are_exact(app: Traveller, played: UUID) -> None:
    app.assign_score(
        played, board=1, ns=1, ew=1, outcomes=weights([("0.7", 420), ("0.3", -50)]), reason="x"
    )
    assert last_event(app, played).outcomes == (("7/10", 420), ("3/10", -50))


def test_a_fouled_board_keeps_the_law_the_director_names(app: Traveller, played: UUID) -> None:
    app.declare_fouled(
        played, board=1, groups=[[1, 2, 3], [4, 5, 6, 7]], reason="swapped", law="87B"
    )
    event = last_event(app, played)
    assert isinstance(event, BoardFouled) and event.law == "87B"


def test_a_fouled_board_stored_before_it_named_a_law_is_read_with_none() -> None:
    assert BoardFouled.upcast({"board": 1, "groups": [[1], [2]]}, 1)["law"] is None
