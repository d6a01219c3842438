"""The engine's Swiss draw types: the field, the history, the rematch rules as data, the
checks around a draw and the set-up advice (JCBL part 2 ch. 6 §8, part 3 ch. 4 §3-2;
the club guide, SWISS PAIRS)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, ClassVar

import pytest

from engine.errors import InvalidInput, PluginError, Rejected
from engine.pairing.advice import minimum_rounds, rounds_without_rematch, setup_warnings
from engine.pairing.field import Draw, Field, History, Match, Standing
from engine.pairing.method import PairingMethod, check_draw, check_request
from engine.pairing.rules import PairingOptions, RematchRule


def field_of(count: int, **kwargs: Any) -> Field:
    return Field(
        contestants=tuple(Standing(number=n, rank=n) for n in range(1, count + 1)), **kwargs
    )


def draw_of(rnd: int, *pairs: tuple[int, int], **kwargs: Any) -> Draw:
    matches = tuple(Match(table=t, home=h, away=a) for t, (h, a) in enumerate(pairs, 1))
    return Draw(round=rnd, matches=matches, **kwargs)


# -- the field ---------------------------------------------------------------------------


def test_the_seeding_is_by_seeding_points_then_entry_order() -> None:
    field = Field(
        contestants=(
            Standing(number=1, rank=1),
            Standing(number=2, rank=2, seeding=Fraction(50)),
            Standing(number=3, rank=3, seeding=Fraction(90)),
            Standing(number=4, rank=4),
        )
    )
    assert field.seeding_order == (3, 2, 1, 4)
    assert field.order_after(0) == field.seeding_order


def test_standings_pass_over_the_withdrawn_and_put_late_entries_last() -> None:
    after_1 = (
        Standing(number=2, score=Fraction(15), rank=1),
        Standing(number=9, score=Fraction(12), rank=2),  # withdrawn since
        Standing(number=1, score=Fraction(5), rank=3),
    )
    field = Field(
        contestants=(
            Standing(number=1, rank=1),
            Standing(number=2, rank=2),
            Standing(number=3, rank=3),
        ),
        after=(after_1,),
    )
    assert field.order_after(1) == (2, 1, 3)
    assert field.completed == 1


def test_equal_ranks_read_in_number_order() -> None:
    tied = (Standing(number=5, rank=1), Standing(number=2, rank=1), Standing(number=7, rank=3))
    field = Field(contestants=tuple(Standing(number=n, rank=n) for n in (2, 5, 7)), after=(tied,))
    assert field.order_after(1) == (2, 5, 7)


def test_a_field_that_lists_a_team_twice_is_refused() -> None:
    field = Field(contestants=(Standing(number=1, rank=1), Standing(number=1, rank=2)))
    with pytest.raises(InvalidInput, match="lists team 1 more than once"):
        field.check()


def test_names_speak_of_teams_or_pairs() -> None:
    assert field_of(2).names([3, 5, 9]) == "teams 3, 5 and 9"
    assert field_of(2, kind="pairs").names([4]) == "pair 4"


# -- the history and the draw ------------------------------------------------------------


def test_history_knows_who_met_whom_and_when() -> None:
    history = History(
        draws=(
            draw_of(1, (1, 2), (3, 4), triangle=(5, 6, 7)),
            draw_of(2, (1, 3), (2, 4), triangle=(5, 6, 7), triangle_continues=True),
            draw_of(3, (2, 1), (4, 5), bye=3),
        )
    )
    assert history.rounds_met(2, 1) == (1, 3)
    assert history.times_met(1, 2) == 2
    # A triangle over two rounds is one meeting played in two rounds.
    assert history.rounds_met(5, 7) == (1, 2)
    assert history.times_met(5, 7) == 1
    assert history.triangles(6) == 1
    assert history.byes(3) == 1
    assert history.opponents[1] == {2, 3}
    assert history.last_round == 3


def test_a_draw_lists_its_meetings_and_travels_as_json() -> None:
    draw = draw_of(4, (7, 3), triangle=(1, 2, 5), relaxed=("why",), order=(7, 3, 1, 2, 5))
    assert draw.meetings == ((3, 7), (1, 2), (1, 5), (2, 5))
    assert sorted(draw.contestants) == [1, 2, 3, 5, 7]
    assert Draw.model_validate_json(draw.model_dump_json()) == draw


# -- the rematch rules -------------------------------------------------------------------

HISTORY = History(draws=(draw_of(1, (1, 2)), draw_of(2, (1, 3)), draw_of(3, (1, 2))))


@pytest.mark.parametrize(
    ("options", "pair", "rnd", "expected"),
    [
        ({"rematch": "none"}, (1, 3), 4, "they met in round 2"),
        ({"rematch": "none"}, (1, 4), 4, None),
        ({"rematch": "no-consecutive"}, (1, 2), 4, "they met in round 3, the round before"),
        ({"rematch": "no-consecutive"}, (1, 3), 4, None),
        ({"rematch": "not-before-round", "rematch_round": 5}, (1, 3), 4, "they met in round 2"),
        ({"rematch": "not-before-round", "rematch_round": 5}, (1, 3), 5, None),
        ({"rematch": "at-most", "meetings": 2}, (1, 3), 4, None),
        (
            {"rematch": "at-most", "meetings": 2},
            (1, 2),
            4,
            "they met in rounds 1 and 3, and may meet at most twice",
        ),
        ({"rematch": "last-round-allowed", "rounds": 5}, (1, 3), 4, "they met in round 2"),
        ({"rematch": "last-round-allowed", "rounds": 5}, (1, 3), 5, None),
        ({"rematch": "any"}, (1, 2), 4, None),
    ],
)
def test_each_rematch_rule_as_the_manual_lists_it(
    options: dict[str, Any], pair: tuple[int, int], rnd: int, expected: str | None
) -> None:
    chosen = PairingOptions.model_validate(options)
    assert chosen.rule().breach(*pair, rnd, HISTORY, chosen.rounds) == expected


def test_rules_compose_as_data() -> None:
    rule = RematchRule(max_meetings=2, consecutive=False)
    assert rule.breach(1, 2, 4, HISTORY, None) == (
        "they met in rounds 1 and 3, and may meet at most twice"
    )
    assert rule.breach(1, 3, 3, HISTORY, None) == "they met in round 2, the round before"
    assert rule.describe() == (
        "two contestants meet at most twice; no rematch in consecutive rounds"
    )
    assert RematchRule(max_meetings=None).describe() == "rematches allowed"
    assert not RematchRule(max_meetings=None).restricts


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rematch": "not-before-round"}, "needs the round from which"),
        ({"rematch": "last-round-allowed"}, "needs the number of rounds"),
        ({"odd": "triangle", "boards_per_round": 7}, "round of 7 boards cannot hold one"),
        ({"odd": "triangle-two-rounds", "rounds": 7}, "needs an even number of rounds"),
    ],
)
def test_conditions_that_contradict_each_other_are_refused(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidInput, match=message):
        PairingOptions.model_validate(options).check()


def test_three_pairs_cannot_play_a_triangle() -> None:
    with pytest.raises(InvalidInput, match="give odd=bye"):
        PairingOptions().check("pairs")
    PairingOptions(odd="bye").check("pairs")


# -- the checks around a draw ------------------------------------------------------------


@pytest.mark.parametrize(
    ("rnd", "history", "options", "error", "message"),
    [
        (0, History(), PairingOptions(), InvalidInput, "no round 0"),
        (8, History(), PairingOptions(rounds=7), Rejected, "has 7 rounds"),
        (1, History(draws=(draw_of(1, (1, 2)),)), PairingOptions(), Rejected, "already drawn"),
        (3, History(draws=(draw_of(1, (1, 2)),)), PairingOptions(), Rejected, "Round 2 has not"),
    ],
)
def test_a_draw_out_of_turn_is_refused(
    rnd: int, history: History, options: PairingOptions, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        check_request(rnd, field_of(4), history, options)


def test_a_field_of_one_cannot_be_drawn() -> None:
    with pytest.raises(Rejected, match="at least two teams"):
        check_request(1, field_of(1), History(), PairingOptions())


def test_an_unsound_draw_is_refused() -> None:
    history = History(draws=(draw_of(1, (1, 2), (3, 4)),))
    options = PairingOptions()
    check_draw(draw_of(2, (1, 3), (2, 4)), 2, field_of(4), history, options)
    with pytest.raises(PluginError, match="leaves out teams 2 and 4"):
        check_draw(draw_of(2, (1, 3)), 2, field_of(4), history, options)
    with pytest.raises(PluginError, match=r"breaks the rematch rule \(teams 1 and 2"):
        check_draw(draw_of(2, (1, 2), (3, 4)), 2, field_of(4), history, options)
    with pytest.raises(PluginError, match="gives a bye"):
        check_draw(draw_of(2, (1, 3), bye=2), 2, field_of(3), history, options)
    relaxed = draw_of(2, (1, 2), (3, 4), relaxed=("No draw keeps the rule.",))
    check_draw(relaxed, 2, field_of(4), history, options)


class _Fixed:
    """A pairing method that always draws 1 v 2."""

    name: ClassVar[str] = "fixed"
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "0"
    Options: ClassVar[type[PairingOptions]] = PairingOptions

    def draw(self, round: int, field: Field, history: History, options: Any, seed: int) -> Draw:
        return draw_of(round, (1, 2))


def test_a_plugin_object_follows_the_protocol() -> None:
    assert isinstance(_Fixed(), PairingMethod)


# -- the advice at set-up ----------------------------------------------------------------


def test_no_rematch_with_fewer_than_twice_as_many_teams_as_rounds_is_warned_of() -> None:
    # The manual's threshold is the guide's over-swissing one; both are shown.
    manual, guide = setup_warnings(12, 7, RematchRule())
    assert "needs at least 14 teams" in manual
    assert "part 3 ch. 4 §3-2" in manual
    assert "over-swissed" in guide
    assert setup_warnings(14, 7, RematchRule()) == ()
    assert setup_warnings(12, 6, RematchRule(max_meetings=None)) == ()


def test_the_no_rematch_warning_counts_only_the_rounds_the_rule_binds() -> None:
    assert rounds_without_rematch(RematchRule(free_last_round=True), 7) == 6
    assert rounds_without_rematch(RematchRule(free_from_round=5), 7) == 4
    assert rounds_without_rematch(RematchRule(max_meetings=2), 7) == 0
    (only,) = setup_warnings(12, 7, RematchRule(free_last_round=True))
    assert "over-swissed" in only


def test_more_rounds_than_half_the_field_is_over_swissing() -> None:
    warnings = setup_warnings(10, 6, RematchRule(max_meetings=None), "pairs")
    assert any("over-swissed" in w for w in warnings)
    assert not any("over-swissed" in w for w in setup_warnings(12, 6, RematchRule()))


@pytest.mark.parametrize(
    ("contestants", "rounds"),
    [
        (8, None),
        (9, 6),
        (16, 6),
        (17, 7),
        (32, 7),
        (33, 8),
        (64, 8),
        (65, 9),
        (128, 9),
        (129, None),
    ],
)
def test_the_guides_minimum_rounds(contestants: int, rounds: int | None) -> None:
    assert minimum_rounds(contestants) == rounds


def test_too_few_rounds_for_one_unbeaten_contestant_is_warned_of() -> None:
    (warning,) = setup_warnings(40, 7, RematchRule(max_meetings=None))
    assert "at least 8 rounds" in warning
