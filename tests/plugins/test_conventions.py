"""Federations' scoring conventions, each an option of its method, each with a worked example
computed by hand here: ACBLscore's factoring of a short total, JFR Pary's Butler datum from
the central results, bridge-scorer's trim by field size and its rounding of an exact half,
and a Butler's running standings while boards are still in play."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.conventions import ConventionProfile, options_in_force
from engine.errors import Rejected
from engine.registry import create_registry, parse_options
from engine.scoring import SectionFacts, TableResult
from engine.seating import Pair
from plugins.scoring.houston import Houston, HoustonOptions, datum, to_step, trim_of
from plugins.scoring.matchpoints import Matchpoints
from tests.plugins.test_matchpoints import howell

F = Fraction
HOUSTON = Houston()
MATCHPOINTS = Matchpoints()


def houston(**kw: Any) -> HoustonOptions:
    return HoustonOptions.model_validate(kw)


def matchpoints(**kw: Any) -> Matchpoints.Options:
    return Matchpoints.Options.model_validate(kw)


# -- ACBLscore: a short total factored to the boards in play in the session ------------------------


def sit_out_session() -> SectionFacts:
    """26 pairs, 26 boards, 12 tables a board: pair p sits out the two boards b with
    b ≡ p (mod 13), so every pair plays 24 boards of the 26 in play (a top of 11).

    Pair 1 (NS at the first table) scores +600 on 14 boards (above the 11 other tables:
    11 each, 154), -500 on 7 (above only the other tables' -600: 1 each, 7) and -800 on
    3 (0): 161 over 24 boards. The other tables score -600, -400, -300 … +500 (scores
    every vulnerability allows, so that the command line imports them too)."""
    others = [-600, -400, -300, -200, -100, 0, 100, 200, 300, 400, 500, 500]
    results: list[TableResult] = []
    for board in range(1, 27):
        playing = [p for p in range(1, 27) if (p - board) % 13 != 0]
        mine = None
        if 1 in playing:
            played = sum(1 for b in range(1, board) if (1 - b) % 13 != 0)  # boards before
            mine = 600 if played < 14 else -500 if played < 21 else -800
        scores = iter(others)
        for ns, ew in zip(playing[0::2], playing[1::2], strict=True):
            score = mine if ns == 1 and mine is not None else next(scores)
            results.append(TableResult(board, Pair(ns), Pair(ew), score))
    return howell(results, 26)


def test_acbl_factors_a_short_total_to_the_boards_in_play_and_rounds_it() -> None:
    facts = sit_out_session()
    jcbl = MATCHPOINTS.score(facts, matchpoints()).totals[Pair(1)]
    acbl = MATCHPOINTS.score(facts, matchpoints(factor_to="session")).totals[Pair(1)]
    # JCBL: every pair played 24 boards, the most any pair of the field played: no factoring.
    assert (jcbl.raw, jcbl.score, jcbl.boards_played) == (F(161), F(161), 24)
    assert jcbl.percentage == F(161 * 100, 24 * 11)  # 60.984…, shown 60.98
    # ACBLscore: 161 × 26 / 24 = 174.41666… printed (and kept) as 174.42; its percentage is
    # of that rounded total over the tops of 26 boards (286): 60.986…, shown 60.99.
    assert acbl.score == F("174.42")
    assert acbl.maximum == 286
    assert acbl.percentage == F("174.42") * 100 / 286
    assert (round(float(jcbl.percentage), 2), round(float(acbl.percentage), 2)) == (60.98, 60.99)


def test_acbl_leaves_a_pair_that_played_every_board_as_it_is() -> None:
    # Two tables, three boards, everyone plays all three: nothing is factored either way.
    rows = [(1, 1, 2, 420), (1, 3, 4, 400), (2, 1, 3, 100), (2, 2, 4, 100), (3, 1, 4, -50)]
    rows += [(3, 2, 3, 50)]
    facts = howell([TableResult(b, Pair(n), Pair(e), s) for b, n, e, s in rows], 4)
    plain = MATCHPOINTS.score(facts, matchpoints())
    session = MATCHPOINTS.score(facts, matchpoints(factor_to="session"))
    assert session.totals == plain.totals


# -- Butler: how many scores each end of a board leaves out -----------------------------------


@pytest.mark.parametrize(
    ("results", "left_out"),
    [(1, 0), (3, 0), (4, 1), (10, 1), (11, 2), (25, 2), (26, 3), (40, 3), (41, 4)],
)
def test_field_size_trim_as_bridge_scorer(results: int, left_out: int) -> None:
    # None with 3 results or fewer, 1 with 4-10, then one more for every 15 results more.
    assert trim_of(results, houston(trim_by="field_size")) == left_out


@pytest.mark.parametrize(
    ("results", "left_out"),
    [
        (1, 0),
        (3, 1),  # 1.425 → 1: the median
        (9, 4),  # 4.275 → 4: the median
        (20, 9),  # 9.5 → 10 would leave none: the two central results are kept
        (22, 10),  # 10.45 → 10: two central results
        (41, 19),  # 19.475 → 19: three central results
        (42, 20),  # 19.95 → 20: two
    ],
)
def test_central_trim_as_jfr_pary(results: int, left_out: int) -> None:
    assert trim_of(results, houston(trim_by="central")) == left_out


def test_fixed_trim_is_the_trim_option() -> None:
    assert trim_of(8, houston()) == 1 and trim_of(8, houston(trim=2)) == 2


@pytest.mark.parametrize(
    ("value", "rounding", "expected"),
    [
        (F(-275), "away_from_zero", -280),  # JCBL 四捨五入
        (F(-275), "half_up", -270),  # bridge-scorer (Math.round)
        (F(275), "half_up", 280),
        (F(-279), "toward_zero", -270),  # JFR Pary
        (F(279), "toward_zero", 270),
        (F(-274), "half_up", -270),
        (F(-276), "half_up", -280),
    ],
)
def test_rounding_of_the_datum(value: Fraction, rounding: Any, expected: int) -> None:
    assert to_step(value, 10, rounding) == expected


def test_bridge_scorer_butler_examples() -> None:
    # Three results: none left out, 1020 / 3 = 340.
    assert datum(1, [650, 170, 200], trim_of(3, houston(trim_by="field_size")), 10) == 340
    # Six results (NS view): -1440 and +100 left out; -1190 / 4 = -297.5 → -300 either way.
    six = [-650, -170, -1440, 100, -170, -200]
    assert datum(1, six, trim_of(6, houston(trim_by="field_size")), 10, rounding="half_up") == -300
    # Two results averaging an exact negative half: -275 is -270 upwards, -280 away from 0.
    two = howell(
        [TableResult(1, Pair(1), Pair(2), -250), TableResult(1, Pair(3), Pair(4), -300)], 4
    )
    scorer = houston(trim_by="field_size", datum_rounding="half_up")
    assert HOUSTON.score(two, scorer).datum == {1: -270}
    assert HOUSTON.score(two, houston(trim=0)).datum == {1: -280}


# -- JFR Pary: the datum of the central results, cut toward zero, TD rows left out -------------


def forty_one_tables(*extra: TableResult) -> SectionFacts:
    """Board 1 played at 41 tables: 19 at -100, then +450, +460, +460, then 19 at +2000."""
    scores = [-100] * 19 + [450, 460, 460] + [2000] * 19
    rows = [TableResult(1, Pair(2 * i + 1), Pair(2 * i + 2), s) for i, s in enumerate(scores)]
    return howell([*rows, *extra], 84)


def test_jfr_datum_from_the_central_results() -> None:
    jfr = houston(trim_by="central", datum_rounding="toward_zero", assigned_in_datum=False)
    # 41 results: round(0.475 × 41 = 19.475) = 19 left out at each end; the central three
    # average 1370 / 3 = 456.67, cut toward zero to 450.
    assert HOUSTON.score(forty_one_tables(), jfr).datum == {1: 450}
    # JCBL: one left out at each end, (18 × -100 + 1370 + 18 × 2000) / 39 = 912.05 → 910.
    assert HOUSTON.score(forty_one_tables(), houston()).datum == {1: 910}


def test_jfr_leaves_the_directors_assigned_scores_out_of_the_datum() -> None:
    # A 42nd table given ⅔ of +2000 and ⅓ of -100 (+1300 on average) by the director.
    assigned = TableResult(1, Pair(83), Pair(84), weighted=((F(2, 3), 2000), (F(1, 3), -100)))
    jfr = houston(trim_by="central", datum_rounding="toward_zero", assigned_in_datum=False)
    score = HOUSTON.score(forty_one_tables(assigned), jfr)
    assert score.datum == {1: 450}  # as without it: 41 played results
    # With it (42 results): 20 left out at each end, +460 and +460 → 460.
    assert HOUSTON.score(forty_one_tables(assigned), jfr.model_copy(
        update={"assigned_in_datum": True})).datum == {1: 460}  # fmt: skip
    # The assigned table still earns IMPs against the datum: ⅔ × imps(1550) + ⅓ × imps(-550).
    (row,) = [s for s in score.results if s.result.ns == Pair(83)]
    assert row.points_ns == F(2, 3) * 17 + F(1, 3) * -11


def test_a_jfr_negative_datum_is_cut_toward_zero() -> None:
    scores = [100] * 19 + [-450, -460, -460] + [-2000] * 19
    facts = howell([TableResult(1, Pair(2 * i + 1), Pair(2 * i + 2), s) for i, s in
                    enumerate(scores)], 82)  # fmt: skip
    jfr = houston(trim_by="central", datum_rounding="toward_zero")
    assert HOUSTON.score(facts, jfr).datum == {1: -450}  # -456.67 → -450


# -- running standings: a Butler board still in play -------------------------------------------


def in_play(*rows: tuple[int, int, int], plays: int = 4) -> SectionFacts:
    return howell(
        [TableResult(1, Pair(n), Pair(e), s) for n, e, s in rows], 8, expected_plays={1: plays}
    )


def test_a_board_with_one_or_two_results_has_a_provisional_datum() -> None:
    # Round 1 of 4: one result, +420, is its own datum (0 IMPs), provisional.
    one = HOUSTON.score(in_play((1, 2, 420)), houston())
    assert (one.datum, one.provisional) == ({1: F(420)}, frozenset({1}))
    # Two results, +420 and +450: the trim of 1 would leave none, so none is left out so
    # far: 435 → 440 (away from zero); +420 is -1 IMP, +450 0.
    two = HOUSTON.score(in_play((1, 2, 420), (3, 4, 450)), houston())
    assert (two.datum, two.provisional) == ({1: F(440)}, frozenset({1}))
    assert [s.points_ns for s in two.results] == [-1, 0]
    # Three results: the trim of 1 applies again (the median, +450).
    three = HOUSTON.score(in_play((1, 2, 420), (3, 4, 450), (5, 6, 600)), houston())
    assert three.datum == {1: 450}


def test_a_board_played_out_is_final_and_keeps_the_trim() -> None:
    done = HOUSTON.score(in_play((1, 2, 420), (3, 4, 450), plays=2), houston(trim=0))
    assert (done.datum, done.provisional) == ({1: F(440)}, frozenset[int]())
    with pytest.raises(Rejected, match="Board 1 has 2 played result"):
        HOUSTON.score(in_play((1, 2, 420), (3, 4, 450), plays=2), houston(trim=1))


# -- profiles ----------------------------------------------------------------------------------


def test_the_built_in_profiles_are_registered_and_score() -> None:
    registry = create_registry()
    names = {p.name for p in registry.conventions()}
    assert {"jcbl", "acbl", "jfr", "bridge-scorer"} <= names
    assert registry.convention("JFR-Pary").name == "jfr"  # an alias, any case
    for profile in registry.conventions():
        for method, values in profile.options.items():
            parse_options(registry.scoring(method), dict(values))  # every value is valid
            assert all(f"{method}.{key}" in profile.sources for key in values), profile.name


def test_the_events_own_options_win_over_the_profiles() -> None:
    profile = {"houston": {"trim_by": "central", "datum_rounding": "toward_zero"}}
    assert options_in_force(profile, "houston", {"datum_rounding": "half_up"}) == {
        "trim_by": "central",
        "datum_rounding": "half_up",
    }
    assert options_in_force(profile, "matchpoints", {"scale": "european"}) == {"scale": "european"}


def test_a_plugin_registers_a_profile_through_the_hook() -> None:
    from engine.hookspecs import hookimpl

    class Club:
        @hookimpl
        def traveller_register_conventions(self, register: Any) -> None:
            register(ConventionProfile("club", "0.1", "Our club.", {"houston": {"trim": 0}}))

    registry = create_registry(Club())
    assert registry.convention("club").options == {"houston": {"trim": 0}}
    assert ConventionProfile("club", "0.1", "Our club.").to_json()["options"] == {}


# -- JFR Pary: a pair facing an absent pair ------------------------------------------------------


def facing_the_phantom() -> SectionFacts:
    """Pair 5 was to play board 1 against the phantom and plays board 2 (EW, beating the
    other EW pair); pair 4 was to play board 3, which no one has played yet."""
    rows = [(1, 1, 2, 420), (1, 3, 4, 400), (2, 1, 3, 100), (2, 2, 5, 50)]
    return howell(
        [TableResult(b, Pair(n), Pair(e), s) for b, n, e, s in rows],
        5,
        absent=((1, Pair(5)), (3, Pair(4))),
    )


def test_jfr_gives_a_pair_facing_an_absent_pair_60_percent_on_those_boards() -> None:
    facts = facing_the_phantom()
    # JCBL: pair 5 played one board (1 matchpoint of a top of 1), factored up to the two
    # boards pairs 1-3 played: 2, and 100 %.
    jcbl = MATCHPOINTS.score(facts, matchpoints()).totals[Pair(5)]
    assert (jcbl.score, jcbl.percentage, jcbl.boards_played) == (F(2), F(100), 1)
    # JFR Pary: board 1 is 60 % of its top of 1 (0.6): 1.6 over 2 boards, 80 %. Board 3 is
    # not in play yet, so pair 4 is not given it (nor factored: pairs 1-3 played 2 boards).
    jfr = MATCHPOINTS.score(facts, matchpoints(facing_absent=60)).totals
    assert (jfr[Pair(5)].score, jfr[Pair(5)].percentage, jfr[Pair(5)].boards_played) == (
        F(8, 5),
        F(80),
        2,
    )
    assert jfr[Pair(4)].boards_played == 1


def test_jfr_butler_gives_a_pair_facing_an_absent_pair_average_plus() -> None:
    facts = facing_the_phantom()
    plain = HOUSTON.score(facts, houston(trim=0)).totals[Pair(5)]
    jfr = HOUSTON.score(facts, houston(trim=0, facing_absent=60)).totals[Pair(5)]
    # 60 % is average plus, +3 IMPs (A60 as the JCBL scores it in a Houston).
    assert (jfr.score, jfr.boards_played) == (plain.score + 3, plain.boards_played + 1)


# -- by property ---------------------------------------------------------------------------------

SCORES = st.lists(
    st.sampled_from([-1100, -600, -200, -100, 0, 90, 140, 420, 620, 1430]), min_size=1
)
TRIMS = st.sampled_from(["fixed", "field_size", "central"])


@given(SCORES, TRIMS)
@settings(max_examples=200, deadline=None)
def test_every_trim_leaves_a_datum_within_the_scores(scores: list[int], trim_by: Any) -> None:
    options = houston(trim_by=trim_by, trim=0)
    at = datum(1, scores, trim_of(len(scores), options), 10, rounding="toward_zero")
    assert min(scores) - 10 < at < max(scores) + 10


@given(SCORES, TRIMS, st.sampled_from(["away_from_zero", "toward_zero"]))
@settings(max_examples=200, deadline=None)
def test_the_ew_datum_is_the_ns_datum_negated(
    scores: list[int], trim_by: Any, rounding: Any
) -> None:
    # Rounding symmetric about zero gives EW (the scores negated) the datum negated.
    options = houston(trim_by=trim_by, trim=0)
    trim = trim_of(len(scores), options)
    ns = datum(1, scores, trim, 10, rounding=rounding)
    assert datum(1, [-s for s in scores], trim, 10, rounding=rounding) == -ns
