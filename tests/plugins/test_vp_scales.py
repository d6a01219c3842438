"""VP scales: the WBF 2013 formula, the whole-VP scales, McCallum, and their invariants."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInput, PluginError
from engine.plugins import VictoryPointScale, create_registry
from plugins.scoring import vp_scales
from plugins.scoring.vp_scales import (
    SCALES,
    McCallum40,
    Vp10,
    Vp12,
    Vp20,
    Wbf2013,
    blitz,
    wbf2013_table,
)

F = Fraction
WBF = Wbf2013()
SCALE = st.sampled_from(SCALES)
BOARDS = st.integers(1, 64)
MARGIN = st.integers(-200, 200)


def vps(mine: int, theirs: int) -> tuple[Fraction, Fraction]:
    return F(mine), F(theirs)


def formula(margin: int, boards: int) -> Decimal:
    """An independent reading of the WBF formula (80 digits, τ itself as the base):
    10 + 10·(1 − τ^(3M/B)) / (1 − τ³), rounded half up, before any correction."""
    with localcontext() as ctx:
        ctx.prec = 80
        tau = (Decimal(5).sqrt() - 1) / 2
        b = 15 * Decimal(boards).sqrt()
        if margin >= b:
            return Decimal(20)
        vp = 10 + 10 * (1 - (3 * margin / b * tau.ln()).exp()) / (1 - tau**3)
        return vp.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


# -- WBF 2013 --------------------------------------------------------------------------------


def test_the_issues_example_sixteen_boards_seven_imps() -> None:
    assert WBF.victory_points(7, 16) == (F("12.03"), F("7.97"))
    assert WBF.victory_points(-7, 16) == (F("7.97"), F("12.03"))


@pytest.mark.parametrize("boards", [1, 4, 8, 12, 16, 20, 24, 32])
def test_a_draw_is_ten_all_and_the_blitz_twenty_nil(boards: int) -> None:
    assert WBF.victory_points(0, boards) == vps(10, 10)
    top = len(wbf2013_table(boards)) - 1  # the first whole margin at or above 15·√N
    assert top - 1 < blitz(boards) <= top
    assert WBF.victory_points(top, boards) == vps(20, 0)
    assert WBF.victory_points(-top - 50, boards) == vps(0, 20)
    assert WBF.victory_points(top - 1, boards)[0] < 20


def test_square_board_counts_have_a_whole_blitz() -> None:
    # 16 boards: 15·4 = 60 IMPs exactly; 4 boards: 30; 1 board: 15.
    assert [len(wbf2013_table(n)) - 1 for n in (1, 4, 16, 64)] == [15, 30, 60, 120]


@pytest.mark.parametrize("boards", range(1, 65))
def test_no_imp_is_worth_more_than_the_one_before(boards: int) -> None:
    table = wbf2013_table(boards)
    steps = [b - a for a, b in pairwise(table)]
    assert table[0] == 10 and table[-1] == 20
    assert all(s >= 0 for s in steps)
    assert concave(table)
    assert all((v * 100).denominator == 1 for v in table)


def concave(table: list[Fraction] | tuple[Fraction, ...]) -> bool:
    steps = [b - a for a, b in pairwise(table)]
    return all(later <= earlier for earlier, later in pairwise(steps))


@pytest.mark.parametrize("boards", range(1, 65))
def test_the_table_is_the_least_correction_of_the_rounded_formula(boards: int) -> None:
    """Never below the formula rounded, and no value could be a hundredth lower without
    going below it or making some IMP worth more than the one before."""
    table = wbf2013_table(boards)
    plain = [F(formula(m, boards)) for m in range(len(table))]
    assert all(v >= p for v, p in zip(table, plain, strict=True))
    for m, v in enumerate(table):
        if v > plain[m]:
            lower = list(table)
            lower[m] = v - F(1, 100)
            assert not concave(lower), (boards, m)


def test_the_correction_where_rounding_breaks_concavity() -> None:
    # 16 boards: the formula rounds to 13.52, 13.74, 13.97 at 13, 14, 15 IMPs, which would
    # make the 15th IMP (0.23) worth more than the 14th (0.22): 14 IMPs goes up to 13.75.
    assert [formula(m, 16) for m in (13, 14, 15)] == [
        Decimal("13.52"),
        Decimal("13.74"),
        Decimal("13.97"),
    ]
    assert wbf2013_table(16)[13:16] == (F("13.52"), F("13.75"), F("13.97"))
    # Where rounding keeps the increments in order, nothing changes.
    assert wbf2013_table(16)[:8] == tuple(F(formula(m, 16)) for m in range(8))


# -- every scale -----------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(SCALE, MARGIN, BOARDS)
def test_a_match_is_always_worth_the_same_and_the_sides_mirror(
    scale: VictoryPointScale, margin: int, boards: int
) -> None:
    mine, theirs = scale.victory_points(margin, boards)
    draw = scale.victory_points(0, boards)
    assert draw[0] == draw[1]
    assert mine + theirs == sum(draw)
    assert scale.victory_points(-margin, boards) == (theirs, mine)
    assert mine >= 0 and theirs >= 0


@settings(max_examples=300, deadline=None)
@given(SCALE, MARGIN, BOARDS)
def test_more_imps_never_fewer_vps(scale: VictoryPointScale, margin: int, boards: int) -> None:
    assert scale.victory_points(margin + 1, boards)[0] >= scale.victory_points(margin, boards)[0]


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: s.name)
def test_a_match_of_no_boards_is_refused(scale: VictoryPointScale) -> None:
    with pytest.raises(InvalidInput, match="0 boards"):
        scale.victory_points(5, 0)


# -- whole-VP scales -------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(MARGIN, BOARDS)
def test_whole_scales_are_the_wbf_curve_rounded_to_whole_vps(margin: int, boards: int) -> None:
    whole = Vp20().victory_points(margin, boards)
    assert all(v.denominator == 1 for v in whole)
    # The 20-0 scale rounds the exact curve; wbf2013 rounds it to 2 decimals (±0.01).
    assert abs(whole[0] - WBF.victory_points(margin, boards)[0]) <= F(51, 100)
    assert Vp10().victory_points(margin, boards)[0] in range(11)


def test_whole_scale_values_from_the_formula() -> None:
    # 16 boards, 7 IMPs: the curve gives 12.0288… of 20, so 6.01… of 10 and 18.04… of 30.
    assert Vp10().victory_points(7, 16) == vps(6, 4)
    assert Vp20().victory_points(7, 16) == vps(12, 8)
    assert vp_scales.Vp30().victory_points(7, 16) == vps(18, 12)
    assert vp_scales.Vp40().victory_points(-7, 16) == vps(16, 24)
    assert Vp10().victory_points(60, 16) == vps(10, 0)


@settings(max_examples=200, deadline=None)
@given(MARGIN, BOARDS)
def test_twelve_nil_is_ten_nil_plus_two_for_the_winner(margin: int, boards: int) -> None:
    mine, theirs = Vp10().victory_points(margin, boards)
    bonus = vps(2, 0) if margin > 0 else vps(0, 2) if margin < 0 else vps(1, 1)
    assert Vp12().victory_points(margin, boards) == (mine + bonus[0], theirs + bonus[1])


def test_win_points_are_added_to_any_scale() -> None:
    # The mechanism 29-0 needs (the 25-0 scale plus 4): a 15–15 draw is 17–17, a loss
    # 14–16 becomes 14–20, a win 16–14 becomes 20–14.
    assert vp_scales.with_win_bonus(0, vps(15, 15), 4) == vps(17, 17)
    assert vp_scales.with_win_bonus(-3, vps(14, 16), 4) == vps(14, 20)
    assert vp_scales.with_win_bonus(3, vps(16, 14), 4) == vps(20, 14)


def test_twelve_nil_examples() -> None:
    assert Vp12().victory_points(0, 4) == vps(6, 6)
    assert Vp12().victory_points(1, 4) == vps(7, 5)  # 1 IMP: 5–5 on 10-0, the win is worth 2
    assert Vp12().victory_points(-40, 4) == vps(0, 12)


# -- McCallum --------------------------------------------------------------------------------


def test_mccallum_the_manuals_example() -> None:
    # Part 3 ch. 4 §3: carry 40, win by 10 → 50 VPs, lose by 10 → 30; at most 80, at least 0.
    scale = McCallum40()
    assert scale.victory_points(10, 8) == vps(50, 30)
    assert scale.victory_points(-10, 8) == vps(30, 50)
    assert scale.victory_points(40, 8) == vps(80, 0)
    assert scale.victory_points(63, 8) == vps(80, 0)
    assert scale.victory_points(-41, 8) == vps(0, 80)


@pytest.mark.parametrize("carry", [30, 40, 50, 60])
def test_mccallum_carries(carry: int) -> None:
    registry_name = f"mccallum-{carry}"
    scale = next(s for s in SCALES if s.name == registry_name)
    assert scale.victory_points(0, 12) == vps(carry, carry)
    assert scale.victory_points(7, 12) == vps(carry + 7, carry - 7)
    assert scale.victory_points(10 * carry, 12) == vps(2 * carry, 0)


# -- the plugin ------------------------------------------------------------------------------


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> object:
    # Load no installed entry point, so this module is registered exactly once whether or
    # not pyproject.toml lists it yet.
    monkeypatch.setenv("TRAVELLER_PLUGINS", "none-installed")
    return create_registry(vp_scales)


def test_every_scale_loads_through_the_registry(registry: object) -> None:
    from engine.plugins import Registry

    assert isinstance(registry, Registry)
    names = [s.name for s in registry.vp_scales()]
    assert names == [
        "wbf2013",
        "10-0",
        "12-0",
        "20-0",
        "30-0",
        "40-0",
        "mccallum-30",
        "mccallum-40",
        "mccallum-50",
        "mccallum-60",
    ]
    assert registry.vp_scale("WBF") is registry.vp_scale("wbf2013") is SCALES[0]
    for scale in registry.vp_scales():
        assert isinstance(scale, VictoryPointScale)
        assert scale.__doc__ and scale.version
    with pytest.raises(PluginError, match="25-0"):
        registry.vp_scale("25-0")
