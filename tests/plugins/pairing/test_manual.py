"""The manual's and the guide's draws, as they print them.

JCBL manual part 2 ch. 6 §8 (the three federation methods, 16 teams; odd numbers) and
part 3 ch. 4 §3-2 (draw timings, the quarter method and its 18-team example, triangles
in one round or over two); the club director's guide, SWISS PAIRS (1 v 17 …, 1 v 32 …,
and "1st v 3rd, 2nd v 4th, 17th v 19th").
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.errors import InvalidInput
from engine.pairing.field import Draw, Field, History, Match, Standing
from engine.testing import swiss_entries
from plugins.pairing.jcbl import JcblQuarters, JcblRandom, JcblSeeded
from plugins.pairing.optimal import Optimal
from plugins.pairing.plan import quarter_groups
from plugins.pairing.swiss import SwissDraw
from plugins.pairing.top_down import TopDown

SEED = 20240601


def pairs(draw: Draw) -> list[tuple[int, int]]:
    return [(m.home, m.away) for m in draw.matches]


def in_order(count: int) -> tuple[Standing, ...]:
    """Standings with team 1 first, team 2 second …"""
    return tuple(Standing(number=n, score=Fraction(count - n), rank=n) for n in range(1, count + 1))


def field(count: int, *after: tuple[Standing, ...], kind: str = "teams") -> Field:
    return Field.model_validate(
        {"kind": kind, "contestants": swiss_entries(count, seeded=True), "after": after}
    )


def matches(*pairs: tuple[int, int]) -> tuple[Match, ...]:
    return tuple(Match(table=t, home=h, away=a) for t, (h, a) in enumerate(pairs, 1))


SPLIT_16 = [(1, 9), (2, 10), (3, 11), (4, 12), (5, 13), (6, 14), (7, 15), (8, 16)]
ADJACENT_16 = [(n, n + 1) for n in range(1, 16, 2)]


# -- part 2 ch. 6 §8, 16 teams -----------------------------------------------------------


def test_method_1_seeds_1_v_9_then_quarters_then_the_standings() -> None:
    method = JcblQuarters()
    options = method.Options(rounds=7)
    first = method.draw(1, field(16), History(), options, SEED)
    assert first.matches == matches(*SPLIT_16)
    assert first.drawn_from == 0
    second = method.draw(2, field(16), History(draws=(first,)), options, SEED)
    assert pairs(second) == [(1, 5), (2, 6), (3, 7), (4, 8), (9, 13), (10, 14), (11, 15), (12, 16)]
    assert second.drawn_from == 0
    # Round 3 is drawn while round 2 is played, from the standings after round 1.
    third = method.draw(3, field(16, in_order(16)), History(draws=(first, second)), options, SEED)
    assert pairs(third) == ADJACENT_16
    assert third.drawn_from == 1
    assert third.relaxed == ()


def test_method_2_seeds_1_v_9_then_draws_from_the_previous_round() -> None:
    method = JcblSeeded()
    options = method.Options(rounds=7)
    first = method.draw(1, field(16), History(), options, SEED)
    assert pairs(first) == SPLIT_16
    second = method.draw(2, field(16, in_order(16)), History(draws=(first,)), options, SEED)
    assert pairs(second) == ADJACENT_16
    assert second.drawn_from == 1


def test_method_3_numbers_at_random_then_1_v_9_then_the_round_before_and_the_last() -> None:
    method = JcblRandom()
    options = method.Options(rounds=6)
    first = method.draw(1, field(16), History(), options, SEED)
    numbers = first.order
    assert sorted(numbers) == list(range(1, 17))
    assert numbers != tuple(range(1, 17))
    assert first.seed == SEED
    assert pairs(first) == [(numbers[i], numbers[i + 1]) for i in range(0, 16, 2)]
    second = method.draw(2, field(16), History(draws=(first,)), options, SEED)
    assert pairs(second) == [(numbers[i], numbers[i + 8]) for i in range(8)]
    assert second.order == numbers
    history = History(draws=(first, second))
    third = method.draw(3, field(16, in_order(16), in_order(16)[::-1]), history, options, SEED)
    assert third.drawn_from == 1
    # The last round is drawn from the standings after the round before it.
    after = [in_order(16)] * 5
    earlier = [
        first,
        second,
        *(Draw(round=r, matches=matches(*[(n, 17 - n) for n in range(1, 9)])) for r in range(3, 6)),
    ]
    options_any = method.Options(rounds=6, rematch="any")
    last = method.draw(6, field(16, *after), History(draws=tuple(earlier)), options_any, SEED)
    assert last.drawn_from == 5


def test_a_random_numbering_follows_its_seed() -> None:
    method = JcblRandom()
    options = method.Options(rounds=6)
    one = method.draw(1, field(16), History(), options, 1)
    assert method.draw(1, field(16), History(), options, 1) == one
    assert method.draw(1, field(16), History(), options, 2).order != one.order


# -- part 3 ch. 4 §3-2 ① b: the quarter method --------------------------------------------


def test_eighteen_teams_in_round_2_play_in_three_groups_of_six() -> None:
    method = JcblQuarters()
    options = method.Options(rounds=8)
    first = method.draw(1, field(18), History(), options, SEED)
    assert pairs(first) == [(n, n + 9) for n in range(1, 10)]
    second = method.draw(2, field(18), History(draws=(first,)), options, SEED)
    assert pairs(second) == [
        (1, 4), (2, 5), (3, 6), (7, 10), (8, 11), (9, 12), (13, 16), (14, 17), (15, 18)
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("teams", "groups"),
    [
        (16, [8, 8]),
        (18, [6, 6, 6]),
        (4, [2, 2]),
        (2, [2]),
        (6, [6]),
        (10, [6, 4]),
        (14, [6, 8]),
        (22, [6, 6, 6, 4]),
        (26, [6, 6, 6, 8]),
    ],
)
def test_quarter_groups(teams: int, groups: list[int]) -> None:
    assert quarter_groups(teams) == groups


def test_a_seeded_round_moves_to_the_nearest_opponent_when_its_own_is_barred() -> None:
    # Folded round 1 (1 v 18 … 8 v 11 …) meets the quarters of round 2 at 8 v 11.
    for method in (JcblQuarters(), Optimal()):
        options = method.Options(rounds=8, seeding="fold", second_round="quarters")
        first = method.draw(1, field(18), History(), options.model_copy(), SEED)
        assert (8, 11) in pairs(first)
        if options.draw_from == "previous":
            options = options.model_copy(update={"draw_from": "before-previous"})
        second = method.draw(2, field(18), History(draws=(first,)), options, SEED)
        assert (8, 11) not in pairs(second)
        assert second.relaxed == ()
        assert set(pairs(second)) & set(pairs(first)) == set()


# -- odd numbers: triangles --------------------------------------------------------------


def test_a_triangle_in_one_round_goes_to_the_last_three_then_4th_to_6th_from_last() -> None:
    method = JcblQuarters()
    options = method.Options(rounds=8, boards_per_round=8, odd="triangle")
    first = method.draw(1, field(17), History(), options, SEED)
    assert first.triangle == (15, 16, 17)
    assert pairs(first) == [(n, n + 7) for n in range(1, 8)]
    second = method.draw(2, field(17), History(draws=(first,)), options, SEED)
    assert second.triangle == (12, 13, 14)
    assert not second.triangle_continues
    assert pairs(second) == [(1, 4), (2, 5), (3, 6), (7, 11), (8, 15), (9, 16), (10, 17)]


def test_a_triangle_over_two_rounds_is_drawn_on_odd_rounds_and_finished_on_even() -> None:
    method = JcblQuarters()
    options = method.Options(rounds=6, odd="triangle-two-rounds")
    first = method.draw(1, field(17), History(), options, SEED)
    second = method.draw(2, field(17), History(draws=(first,)), options, SEED)
    assert first.triangle == second.triangle == (15, 16, 17)
    assert (first.triangle_continues, second.triangle_continues) == (False, True)
    assert pairs(second) == [(1, 4), (2, 5), (3, 6), (7, 11), (8, 12), (9, 13), (10, 14)]
    third = method.draw(3, field(17, in_order(17)), History(draws=(first, second)), options, SEED)
    assert third.triangle is not None
    assert not third.triangle_continues
    assert not set(third.triangle) >= {15, 16}
    assert third.relaxed == ()


def test_a_triangle_needs_an_even_number_of_boards_or_of_rounds() -> None:
    method = JcblQuarters()
    with pytest.raises(InvalidInput, match="round of 7 boards cannot hold one"):
        method.draw(1, field(17), History(), method.Options(boards_per_round=7), SEED)
    with pytest.raises(InvalidInput, match="even number of rounds"):
        method.draw(
            1, field(17), History(), method.Options(rounds=7, odd="triangle-two-rounds"), SEED
        )


def test_a_triangle_begun_in_the_last_round_is_played_in_that_round() -> None:
    method = TopDown()
    options = method.Options(rounds=2, odd="triangle-two-rounds")
    first = method.draw(1, field(16), History(), options, SEED)
    late = field(17, in_order(16))  # team 17 enters for round 2
    second = method.draw(2, late, History(draws=(first,)), options, SEED)
    assert second.triangle is not None and 17 in second.triangle
    assert any(
        "is the last, so its triangle is played in the one round" in r for r in second.relaxed
    )


# -- the club guide, SWISS PAIRS ---------------------------------------------------------


@pytest.mark.parametrize("method", [TopDown(), Optimal()], ids=lambda m: m.name)
def test_the_guides_two_seedings_of_32_pairs(method: SwissDraw) -> None:
    split = method.draw(1, field(32, kind="pairs"), History(), method.Options(odd="bye"), SEED)
    assert pairs(split)[:2] == [(1, 17), (2, 18)]
    assert pairs(split)[-1] == (16, 32)
    fold = method.draw(
        1, field(32, kind="pairs"), History(), method.Options(odd="bye", seeding="fold"), SEED
    )
    assert pairs(fold)[:2] == [(1, 32), (2, 31)]
    assert pairs(fold)[-1] == (16, 17)


def _rounds_1_and_2_of_24() -> tuple[Draw, Draw]:
    """Round 1 where 1st and 2nd met and 17th and 18th met, and round 2 without any
    other meeting of neighbours in the standings after round 1."""
    first = Draw(
        round=1,
        matches=matches(
            (1, 2), (17, 18), (3, 10), (4, 11), (5, 12), (6, 13), (7, 14), (8, 15), (9, 16),
            (19, 22), (20, 23), (21, 24),
        ),
    )  # fmt: skip
    second = Draw(
        round=2,
        matches=matches(*[(n, n + 4) for n in (1, 2, 3, 4, 9, 10, 11, 12, 17, 18, 19, 20)]),
    )
    return first, second


@pytest.mark.parametrize("method", [TopDown(), Optimal(), JcblQuarters()], ids=lambda m: m.name)
def test_the_guides_draw_moves_down_the_standings_to_avoid_a_second_meeting(
    method: SwissDraw,
) -> None:
    # "Round 3 would then be drawn on the results of round 1 … It could be that a draw
    # is 1st v 3rd, 2nd v 4th, 17th v 19th."
    first, second = _rounds_1_and_2_of_24()
    options = method.Options(
        rounds=6, odd="bye", draw_from="before-previous", second_round="quarters"
    )
    after_round_2 = in_order(24)[::-1]  # not what the delayed draw reads
    draw = method.draw(
        3,
        field(24, in_order(24), after_round_2, kind="pairs"),
        History(draws=(first, second)),
        options,
        SEED,
    )
    assert draw.drawn_from == 1
    assert pairs(draw) == [
        (1, 3), (2, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14), (15, 16),
        (17, 19), (18, 20), (21, 22), (23, 24),
    ]  # fmt: skip
    assert draw.relaxed == ()
