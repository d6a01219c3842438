"""Carry-over against the JCBL director manual, part 3, chapter 1, §3.

The manual defines the JCBL carry-over of a pair as ``C = M × (Q / E) × (A × B) / (S ÷ Q)``
worked to two decimals — M the pair's qualifying matchpoints, Q the pairs that qualified,
E the pairs that entered the qualifying, A the average of one board of the final, B the
boards played in the qualifying, S the total of the qualifiers' scores — given "within the
final's 4-board maximum" when qualifying and final are two sessions each, and shared out
in proportion within that range when it goes beyond. The 2-board maximum carry-over gives
the top qualifier two board-tops of the final (30 when a board's top is 15), the last 0,
and the others in proportion.

Reading: the N-board maximum bounds the *spread* of the carry-overs (top qualifier less the
last one), as the 2-board maximum the manual defines just above does; the formula's own
level (about Q/E of an average final) always exceeds four board-tops, so a bound on each
carry-over would replace the formula every time. "Shared out in proportion within that
range" is the board maximum itself: the top qualifier carries N tops, the last 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from engine.errors import InvalidInput, PluginError
from engine.numbers import round_half_up
from engine.registry import CarryOverRule, Qualifying, create_registry, parse_options
from plugins.scoring.carry_over import (
    BoardMaximum,
    FullCarryOver,
    JcblCarryOver,
    board_maximum,
    jcbl_carry_over,
    jcbl_carry_overs,
)

D = Decimal


def qualifying(
    scores: Mapping[Any, Fraction | int],
    *,
    entered: int,
    qualifying_boards: int,
    final_top: Fraction | int,
    maximum_boards: int,
) -> Qualifying:
    """The qualifying as the engine gives it to a rule: scores and top exact."""
    return Qualifying(
        {key: Fraction(score) for key, score in scores.items()},
        entered=entered,
        qualifying_boards=qualifying_boards,
        final_top=Fraction(final_top),
        maximum_boards=maximum_boards,
    )


def manual_formula(m: Fraction, q: int, e: int, a: Fraction, b: int, s: Fraction) -> Fraction:
    """The manual's formula, letter for letter."""
    return m * Fraction(q, e) * (a * b) / (s / q)


def test_the_2_board_maximum_example_of_the_manual() -> None:
    # A board's top in the final is 15, so two boards make 30: the top qualifier carries 30,
    # the last 0, and a pair half-way between them 15.
    scores = {1: 620, 2: 540, 3: 460, 4: 500}
    assert board_maximum(scores, final_top=15) == {
        1: D("30.00"),
        2: D("15.00"),
        3: D("0.00"),
        4: D("7.50"),
    }


def test_the_board_maximum_rounds_half_up_to_two_decimals() -> None:
    # 30 × 1/3 = 10.00, 30 × 2/3 = 20.00; 30 × 1/8 = 3.75; 25 × 2 × 1/6 = 8.333…
    assert board_maximum({"a": 0, "b": 1, "c": 3}, final_top=15) == {
        "a": D("0.00"),
        "b": D("10.00"),
        "c": D("30.00"),
    }
    assert board_maximum({"a": 0, "b": 1, "c": 6}, final_top=25)["b"] == D("8.33")
    assert board_maximum({"a": 0, "b": 1, "c": 8}, final_top=Fraction(15, 2), boards=4) == {
        "a": D("0.00"),
        "b": D("3.75"),
        "c": D("30.00"),
    }


def test_qualifiers_with_equal_scores_carry_nothing() -> None:
    assert board_maximum({1: 50, 2: 50}, final_top=12) == {1: D("0.00"), 2: D("0.00")}


def test_the_jcbl_formula_is_the_manuals_definition() -> None:
    # 40 pairs entered, 20 qualified; 52 qualifying boards; a final board's top is 24, so A = 12;
    # the qualifiers scored 13,000 in all (650 a pair). A pair with 700 carries
    # 700 × 20/40 × (12 × 52) / (13000 ÷ 20) = 700 × 0.5 × 624 / 650 = 336.
    c = jcbl_carry_over(
        700,
        qualifiers=20,
        entered=40,
        final_average=12,
        qualifying_boards=52,
        qualifiers_total=13000,
    )
    assert c == manual_formula(Fraction(700), 20, 40, Fraction(12), 52, Fraction(13000)) == 336


def test_jcbl_carry_overs_within_the_4_board_maximum_keep_the_formula() -> None:
    scores = {1: Fraction(700), 2: Fraction(600)} | {n: Fraction(650) for n in range(3, 21)}
    carried = jcbl_carry_overs(
        qualifying(scores, entered=40, qualifying_boards=52, final_top=24, maximum_boards=4)
    )
    # Spread 336 − 288 = 48, within 4 × 24 = 96.
    assert carried[1] == D("336.00")
    assert carried[2] == D("288.00")
    assert all(carried[n] == D("312.00") for n in range(3, 21))


def test_jcbl_carry_overs_are_worked_to_two_decimals() -> None:
    # 3 of 7 qualify over 26 boards; final top 10 (A = 5); S = 100 + 90 + 71 = 261.
    scores = {"A": 100, "B": 90, "C": 71}
    carried = jcbl_carry_overs(
        qualifying(scores, entered=7, qualifying_boards=26, final_top=10, maximum_boards=4)
    )
    for pair, m in scores.items():
        exact = manual_formula(Fraction(m), 3, 7, Fraction(5), 26, Fraction(261))
        assert carried[pair] == D(int(exact * 100 + Fraction(1, 2))) / 100
    # 100 × 3/7 × 130 / 87 = 64.039…, 90 → 57.635…, 71 → 45.468…
    assert carried == {"A": D("64.04"), "B": D("57.64"), "C": D("45.47")}


def test_carry_overs_beyond_the_board_maximum_are_shared_out_within_it() -> None:
    # A spread qualifying: 900 against 500 makes the formula's spread far wider than 4 tops.
    scores = {1: 900, 2: 700, 3: 500}
    formula = {
        pair: jcbl_carry_over(
            m,
            qualifiers=3,
            entered=6,
            final_average=12,
            qualifying_boards=52,
            qualifiers_total=2100,
        )
        for pair, m in scores.items()
    }
    assert formula[1] - formula[3] > 4 * 24
    carried = jcbl_carry_overs(
        qualifying(scores, entered=6, qualifying_boards=52, final_top=24, maximum_boards=4)
    )
    assert carried == {1: D("96.00"), 2: D("48.00"), 3: D("0.00")}
    assert carried == board_maximum(scores, final_top=24, boards=4)


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [
        ({"entered": 2}, "3 qualifiers from 2 entries"),
        ({"qualifying_boards": 0}, "0 boards"),
        ({"final_top": 0}, "top of 0"),
        ({"maximum_boards": 0}, "on 0 boards"),
    ],
)
def test_impossible_fields_are_refused(kwargs: dict[str, int], problem: str) -> None:
    values = {"entered": 10, "qualifying_boards": 26, "final_top": 12, "maximum_boards": 2}
    with pytest.raises(InvalidInput, match=problem):
        jcbl_carry_overs(qualifying({1: 10, 2: 20, 3: 30}, **(values | kwargs)))


def test_nothing_to_carry_is_refused() -> None:
    with pytest.raises(InvalidInput, match="No pair qualified"):
        board_maximum({}, final_top=12)
    with pytest.raises(InvalidInput, match="add up to nothing"):
        jcbl_carry_overs(
            qualifying(
                {1: 0, 2: 0}, entered=4, qualifying_boards=26, final_top=12, maximum_boards=2
            )
        )


QUALIFYING = st.lists(
    st.fractions(min_value=1, max_value=2000, max_denominator=4), min_size=1, max_size=30
)


@settings(max_examples=200, deadline=None)
@given(
    scores=QUALIFYING,
    cut=st.integers(0, 30),
    boards=st.integers(1, 78),
    top=st.integers(1, 40),
    maximum=st.sampled_from([2, 4]),
)
def test_carry_overs_keep_the_qualifying_order_and_stay_within_the_maximum(
    scores: list[Fraction], cut: int, boards: int, top: int, maximum: int
) -> None:
    by_pair = dict(enumerate(scores, 1))
    carried = jcbl_carry_overs(
        qualifying(
            by_pair,
            entered=len(scores) + cut,
            qualifying_boards=boards,
            final_top=top,
            maximum_boards=maximum,
        )
    )
    assert Fraction(max(carried.values()) - min(carried.values())) <= maximum * top
    for a in by_pair:
        for b in by_pair:
            if by_pair[a] > by_pair[b]:
                assert carried[a] >= carried[b]
    assert all(c == c.quantize(D("0.01")) and c >= 0 for c in carried.values())


@settings(max_examples=100, deadline=None)
@given(scores=QUALIFYING, cut=st.integers(0, 30), boards=st.integers(1, 78))
def test_a_qualifier_on_the_qualifiers_average_carries_q_over_e_of_an_average_qualifying(
    scores: list[Fraction], cut: int, boards: int
) -> None:
    q, e, a, total = len(scores), len(scores) + cut, Fraction(7), sum(scores, Fraction(0))
    c = jcbl_carry_over(
        total / q,
        qualifiers=q,
        entered=e,
        final_average=a,
        qualifying_boards=boards,
        qualifiers_total=total,
    )
    assert c == Fraction(q, e) * a * boards


# -- the rules as plugins -------------------------------------------------------------------

SPREAD = {1: Fraction(900), 2: Fraction(700), 3: Fraction(500)}


def carried(rule: Any, scores: dict[int, Fraction], **options: str) -> dict[int, Decimal]:
    """``rule`` with ``options`` on a qualifying of 6 pairs (52 boards) and a final whose
    board top is 24 bounded by 4 tops, as the engine asks it."""
    given = qualifying(scores, entered=6, qualifying_boards=52, final_top=24, maximum_boards=4)
    return dict(rule.carry_over(given, parse_options(rule, options)))


def test_the_three_rules_are_plugins_registered_through_the_entry_point_group() -> None:
    registry = create_registry()
    rules = {r.name: r for r in registry.carry_over_rules()}
    assert {"jcbl", "board-maximum", "full"} <= set(rules)
    for rule in rules.values():
        assert isinstance(rule, CarryOverRule)
        assert rule.version and rule.__doc__ and rule.__doc__.strip().splitlines()[0]
        assert issubclass(rule.Options, BaseModel)
        assert all(info.description for info in rule.Options.model_fields.values())
    assert registry.carry_over_rule("2-board-maximum") is rules["board-maximum"]
    assert registry.carry_over_rule("JCBL") is rules["jcbl"]
    with pytest.raises(PluginError, match="no carry-over rule called 'magic'") as refused:
        registry.carry_over_rule("magic")
    assert refused.value.hint and "board-maximum, full, jcbl" in refused.value.hint


def test_each_plugin_is_its_function() -> None:
    bounded = carried(JcblCarryOver(), SPREAD)
    assert bounded == board_maximum(SPREAD, final_top=24, boards=4)
    assert bounded == jcbl_carry_overs(
        qualifying(SPREAD, entered=6, qualifying_boards=52, final_top=24, maximum_boards=4)
    )
    unbounded = carried(JcblCarryOver(), SPREAD, within_maximum="false")
    for pair, m in SPREAD.items():
        exact = manual_formula(m, 3, 6, Fraction(12), 52, Fraction(2100))
        assert unbounded[pair] == round_half_up(exact)
    assert carried(BoardMaximum(), SPREAD) == {1: D("96.00"), 2: D("48.00"), 3: D("0.00")}
    assert carried(FullCarryOver(), SPREAD) == {1: D("900.00"), 2: D("700.00"), 3: D("500.00")}
    assert carried(FullCarryOver(), {1: Fraction(100, 3)}, share="50") == {1: D("16.67")}


@pytest.mark.parametrize(
    ("rule", "options", "problem"),
    [
        (FullCarryOver(), {"share": "0"}, "share"),
        (FullCarryOver(), {"share": "101"}, "share"),
        (BoardMaximum(), {"boards": "2"}, "boards"),
        (JcblCarryOver(), {"within_maximum": "perhaps"}, "within_maximum"),
    ],
)
def test_bad_options_name_the_parameter(rule: Any, options: dict[str, str], problem: str) -> None:
    with pytest.raises(PluginError, match=problem):
        parse_options(rule, options)
