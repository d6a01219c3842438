"""VP scales: the WBF 2013 formula, the whole-VP scales, the WBF 25-0 tables, McCallum,
the options that choose a scale, and their invariants."""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInput, PluginError
from engine.registry import (
    VictoryPointScale,
    create_registry,
    for_boards,
    parse_options,
    scale_for,
)
from plugins.scoring import vp_scales
from plugins.scoring.houston import Houston
from plugins.scoring.team_events import TeamImps
from plugins.scoring.team_of_pairs import TeamOfPairs
from plugins.scoring.vp_scales import (
    SCALES,
    WBF_25_BOUNDS,
    Band,
    McCallum40,
    TableScale,
    Vp10,
    Vp12,
    Vp20,
    Vp29,
    VpScaleOptions,
    Wbf25,
    Wbf2013,
    bands,
    blitz,
    wbf2013_table,
)

F = Fraction
WBF = Wbf2013()
WBF25 = Wbf25()
#: The scales whose every match is worth the same (all but the printed 25-0 tables).
CURVES = [s for s in SCALES if not isinstance(s, TableScale)]
SCALE = st.sampled_from(CURVES)
BOARDS = st.integers(1, 64)
MARGIN = st.integers(-200, 200)
TABLE_BOARDS = st.sampled_from(sorted(WBF_25_BOUNDS))


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


# -- the WBF 25-0 tables ---------------------------------------------------------------------

#: The table as ukrbublik/BridgeNote prints it beside its data (BridgeProject/
#: BridgeGameScoring.cs, commit 5d832d0), copied cell for cell: a second reading of
#: WBF_25_BOUNDS. Each cell is a band of IMP margins ("-11" is up to 11, from the cell
#: before); the columns give the winner 15, 16 … 25, 25, 25, 25, 25 and the loser
#: 15, 14 … 1, and "exceeding the amounts in the table gives the match 25:0".
PRINTED = {
    8: "0-1 2-5 6-8 -11 -14 -17 -20 -23 -26 -29 -33 -37 -41 -45 -50",
    12: "0-1 2-6 7-9 -12 -16 -20 -24 -28 -32 -36 -40 -45 -50 -55 -61",
    16: "0-2 3-7 -11 -15 -19 -23 -27 -31 -36 -41 -46 -52 -58 -64 -71",
    20: "0-2 3-8 -12 -16 -21 -26 -31 -36 -41 -47 -53 -59 -65 -72 -79",
    24: "0-3 4-9 -14 -19 -24 -29 -34 -39 -45 -51 -57 -64 -71 -79 -87",
    28: "0-3 -10 -15 -20 -25 -31 -37 -43 -49 -55 -61 -68 -76 -85 -94",
    32: "0-3 -10 -16 -22 -28 -34 -40 -46 -52 -58 -65 -73 -82 -91 -100",
}
PRINTED_WINNER = [15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 25, 25, 25, 25]
PRINTED_LOSER = [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


@pytest.mark.parametrize("boards", sorted(PRINTED))
def test_the_25_0_scale_reproduces_every_printed_cell(boards: int) -> None:
    low = 0
    for cell, winner, loser in zip(
        PRINTED[boards].split(), PRINTED_WINNER, PRINTED_LOSER, strict=True
    ):
        high = int(cell.split("-")[-1])
        if not cell.startswith("-"):
            assert int(cell.split("-")[0]) == low, (boards, cell)
        for margin in (low, high):
            assert WBF25.victory_points(margin, boards) == vps(winner, loser), (boards, margin)
            assert WBF25.victory_points(-margin, boards) == vps(loser, winner)
        low = high + 1
    assert WBF25.victory_points(low, boards) == vps(25, 0)
    assert WBF25.victory_points(low + 100, boards) == vps(25, 0)
    assert WBF25.victory_points(-low, boards) == vps(0, 25)


@pytest.mark.parametrize(
    ("boards", "margin", "expected"),
    [
        # infobridge.it (Gioco_IMP): 82-61 over 32 boards is 18-12, over 16 boards 20-10.
        (32, 21, (18, 12)),
        (16, 21, (20, 10)),
        # R. Klinger (IBPA, 2013): on the former WBF scale 0-2 IMPs was a draw for 16
        # boards, and 3-7 IMPs 16-14.
        (16, 0, (15, 15)),
        (16, 2, (15, 15)),
        (16, 3, (16, 14)),
        (16, 7, (16, 14)),
        # The WBF (2012): the new 16-board blitz, 60 IMPs, is "about 25-2 in the old scales".
        (16, 60, (25, 2)),
    ],
)
def test_the_25_0_scale_agrees_with_what_other_sources_quote(
    boards: int, margin: int, expected: tuple[int, int]
) -> None:
    assert WBF25.victory_points(margin, boards) == vps(*expected)


@pytest.mark.parametrize("boards", sorted(WBF_25_BOUNDS))
def test_the_2013_blitz_is_the_old_25_2_in_every_table(boards: int) -> None:
    # The WBF (2012): the new scale's blitz margins "will be approximately equivalent to
    # the 25-2 in the old scales". Rounded either way, 15·√N IMPs is 25-2 in each table.
    b = blitz(boards)
    for margin in {math.floor(b), math.ceil(b)}:
        assert WBF25.victory_points(margin, boards) == vps(25, 2), (boards, margin)


@settings(max_examples=300, deadline=None)
@given(MARGIN, TABLE_BOARDS)
def test_a_25_0_match_is_worth_30_up_to_25_5_and_the_sides_mirror(margin: int, boards: int) -> None:
    mine, theirs = WBF25.victory_points(margin, boards)
    winner, loser = max(mine, theirs), min(mine, theirs)
    assert WBF25.victory_points(-margin, boards) == (theirs, mine)
    assert 15 <= winner <= 25 and 0 <= loser <= 15
    # 30 VPs a match while the loser keeps 5 or more; past 25-5 only the loser loses.
    assert winner == min(25, 30 - loser)
    assert 25 <= mine + theirs <= 30
    assert (mine >= theirs) == (margin >= 0) or mine == theirs
    assert all(v.denominator == 1 for v in (mine, theirs))


@settings(max_examples=300, deadline=None)
@given(MARGIN, TABLE_BOARDS)
def test_more_imps_never_fewer_vps_on_the_25_0_tables(margin: int, boards: int) -> None:
    now, after = WBF25.victory_points(margin, boards), WBF25.victory_points(margin + 1, boards)
    assert after[0] >= now[0] and after[1] <= now[1]


@settings(max_examples=300, deadline=None)
@given(MARGIN, TABLE_BOARDS)
def test_twenty_nine_nil_is_25_0_plus_four_for_the_winner(margin: int, boards: int) -> None:
    mine, theirs = WBF25.victory_points(margin, boards)
    bonus = vps(4, 0) if margin > 0 else vps(0, 4) if margin < 0 else vps(2, 2)
    assert Vp29().victory_points(margin, boards) == (mine + bonus[0], theirs + bonus[1])


def test_twenty_nine_nil_examples() -> None:
    assert Vp29().victory_points(0, 16) == vps(17, 17)
    assert Vp29().victory_points(21, 16) == vps(24, 10)
    assert Vp29().victory_points(-80, 16) == vps(0, 29)
    # 1 IMP up over 8 boards is 15-15 on the table; the win still earns the 4 points.
    assert Vp29().victory_points(1, 8) == vps(19, 15)


@pytest.mark.parametrize("boards", [1, 7, 10, 14, 18, 30, 64])
def test_a_number_of_boards_with_no_table_is_refused(boards: int) -> None:
    with pytest.raises(
        InvalidInput, match=rf"8, 12, 16, 20, 24, 28 and 32 boards, not {boards}\."
    ) as e:
        WBF25.victory_points(5, boards)
    assert "boards=" in (e.value.hint or "")
    # ... unless the conditions of contest fix the table: a 14-board match on the 16-board one.
    assert for_boards(WBF25, 16).victory_points(21, 14) == vps(20, 10)


def test_a_table_scale_is_data() -> None:
    class Club(TableScale):
        """A club's own 10-0 table for any match of 6 boards."""

        name = "club-10"
        tables = {6: bands((1, 4, 8, 13), ((5, 5), (6, 4), (7, 3), (8, 2), (10, 0)))}  # noqa: RUF012

    club = Club()
    assert [club.victory_points(m, 6) for m in (0, 1, 2, 8, 9, 13, 14)] == [
        vps(5, 5), vps(5, 5), vps(6, 4), vps(7, 3), vps(8, 2), vps(8, 2), vps(10, 0),
    ]  # fmt: skip
    assert club.victory_points(-14, 6) == vps(0, 10)


@pytest.mark.parametrize(
    ("table", "problem"),
    [
        ((Band(2, 16, 14), Band(None, 20, 10)), "drawn band"),
        ((Band(2, 15, 15), Band(2, 16, 14), Band(None, 20, 10)), "must increase"),
        ((Band(2, 15, 15), Band(7, 17, 13), Band(None, 16, 14)), "worth less"),
        ((Band(2, 15, 15), Band(7, 16, 14)), "every larger margin"),
        ((Band(2, 15, 15), Band(None, 16, 14), Band(None, 17, 13)), "every larger margin"),
    ],
)
def test_a_table_that_is_no_vp_table_is_refused_when_it_is_declared(
    table: tuple[Band, ...], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):

        class Broken(TableScale):
            """Not a VP table."""

            name = "broken"
            tables = {16: table}  # noqa: RUF012


def test_bands_need_one_more_vp_pair_than_bounds() -> None:
    with pytest.raises(ValueError, match="3 bands need 4 VP pairs, not 3"):
        bands((1, 2, 3), ((15, 15), (16, 14), (17, 13)))


# -- a scale read for a fixed number of boards -----------------------------------------------


@settings(max_examples=100, deadline=None)
@given(SCALE, MARGIN, BOARDS, BOARDS)
def test_for_boards_reads_the_scale_for_that_many_boards(
    scale: VictoryPointScale, margin: int, fixed: int, played: int
) -> None:
    read = for_boards(scale, fixed)
    assert read.victory_points(margin, played) == scale.victory_points(margin, fixed)
    assert read.name == scale.name and read.version == scale.version


def test_for_boards_refuses_no_boards() -> None:
    with pytest.raises(InvalidInput, match="0 boards"):
        for_boards(WBF, 0)


# -- choosing a scale: the options of the methods that convert to VPs ------------------------

METHODS = [TeamImps(), Houston(), TeamOfPairs()]


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
def test_scale_is_the_option_vp_scale_by_another_name(method: object) -> None:
    by_alias = parse_options(method, {"scale": "25-0"})
    by_name = parse_options(method, {"vp_scale": "25-0"})
    assert isinstance(by_alias, VpScaleOptions) and by_alias == by_name
    assert by_alias.vp_scale == "25-0" and by_alias.boards is None
    none = parse_options(method, {})
    assert isinstance(none, VpScaleOptions) and none.vp_scale is None


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
def test_boards_fixes_the_boards_the_scale_is_read_for(method: object) -> None:
    options = parse_options(method, {"scale": "wbf2013", "boards": "8"})  # as typed: text
    assert isinstance(options, VpScaleOptions) and options.boards == 8
    read = scale_for(WBF, options)
    assert read.victory_points(7, 7) == WBF.victory_points(7, 8) != WBF.victory_points(7, 7)
    assert scale_for(WBF, parse_options(method, {"scale": "wbf2013"})) is WBF


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ({"scale": "wbf2013", "boards": "0"}, "boards: Input should be greater than or equal to 1"),
        ({"scale": "wbf2013", "boards": "eight"}, "boards: Input should be a valid integer"),
        ({"boards": "8"}, "name the scale too"),
        ({"scale": "wbf2013", "vp_scale": "20-0"}, "the same option: give it once"),
    ],
)
def test_vp_options_a_director_gets_wrong_are_refused(
    method: object, given: dict[str, str], problem: str
) -> None:
    with pytest.raises(PluginError, match=problem) as e:
        parse_options(method, given)
    assert "vp_scale, boards" in (e.value.hint or "")


# -- the plugin ------------------------------------------------------------------------------


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> object:
    # Only the scales' own entry point: the module is registered exactly once.
    monkeypatch.setenv("TRAVELLER_PLUGINS", "vp-scales")
    return create_registry(vp_scales)


def test_every_scale_loads_through_the_registry(registry: object) -> None:
    from engine.registry import Registry

    assert isinstance(registry, Registry)
    names = [s.name for s in registry.vp_scales()]
    assert names == [
        "wbf2013",
        "10-0",
        "12-0",
        "20-0",
        "30-0",
        "40-0",
        "25-0",
        "29-0",
        "mccallum-30",
        "mccallum-40",
        "mccallum-50",
        "mccallum-60",
    ]
    assert registry.vp_scale("WBF") is registry.vp_scale("wbf2013") is SCALES[0]
    for scale in registry.vp_scales():
        assert isinstance(scale, VictoryPointScale)
        assert scale.__doc__ and scale.version
    assert registry.vp_scale("WBF-25") is registry.vp_scale("25-0") is SCALES[6]
    with pytest.raises(PluginError, match="26-0"):
        registry.vp_scale("26-0")
