"""Houston trial (Butler) against the JCBL manual's figure 18 (part 2 ch. 4 §15) and by property."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import PluginError, Rejected
from engine.registry import Registry, ScoringMethod, create_registry, parse_options
from engine.scoring import Award, SectionFacts, SectionScore, TableResult
from engine.seating import Line, Pair
from plugins.scoring import houston
from plugins.scoring.houston import Houston, HoustonOptions, datum, match_victory_points
from tests.plugins.test_matchpoints import ew, howell, mitchell, ns, points

HOUSTON = Houston()
F = Fraction
SCORES = st.sampled_from([-1100, -980, -500, -200, -100, -50, 0, 50, 90, 140, 420, 600, 630, 800])


def options(**kw: Any) -> HoustonOptions:
    return HoustonOptions.model_validate(kw)


# -- figure 18 (and 19): board 4, sixteen pairs in one series ------------------------------------

#: The traveller of figures 18 and 19: NS pair, EW pair, NS score. The EW column of the
#: sheet holds EW's plus scores (500, 200, 100); they are NS minus scores here. In the
#: extracted figure 18 rows 4 and 16 are struck through ("--4- -4Sx--") and labelled
#: 除外スコア: read as the two scores left out of the datum, still results of the board
#: (figure 19 prints the same rows plainly).
BOARD_4 = [(1, 3, 600), (2, 15, 90), (4, 5, -500), (7, 13, 140), (8, 6, -200), (12, 11, 630),
           (14, 9, -100), (16, 10, 800)]  # fmt: skip


def board_4(*extra: TableResult) -> SectionFacts:
    rows = [TableResult(4, Pair(n), Pair(e), s) for n, e, s in BOARD_4]
    return howell([*rows, *extra], 16)


#: The manual's table under figure 18: pair → (score difference, IMPs), as printed.
FIGURE_18 = {
    1: (410, 9), 2: (-100, -3), 3: (-410, -9), 4: (-690, -12), 5: (690, 12), 6: (390, 9),
    7: (-50, -2), 8: (-390, -9), 9: (290, 7), 10: (-610, -12), 11: (-440, -10), 12: (440, 10),
    13: (50, 2), 14: (-290, -7), 15: (100, 3), 16: (610, 12),
}  # fmt: skip


def test_figure_18_datum_leaves_out_the_top_and_the_bottom() -> None:
    # The struck-out scores are +800 (16-10) and -500 (4-5); the other six average
    # +193⅓, which the manual rounds to +190.
    score = HOUSTON.score(board_4(), options())
    assert score.datum == {4: 190}
    assert datum(4, [s for _, _, s in BOARD_4], trim=1, step=1) == 193


def test_figure_18_every_pair_as_printed() -> None:
    score = HOUSTON.score(board_4(), options())
    column = points(score, 4)
    # Each pair's score as its own side sees it: NS as written, EW negated.
    own = {n: s for n, _, s in BOARD_4} | {e: -s for _, e, s in BOARD_4}
    for n, (difference, printed) in FIGURE_18.items():
        assert own[n] - (190 if n in {r[0] for r in BOARD_4} else -190) == difference, n
        assert column[Pair(n)] == printed, n
        assert score.totals[Pair(n)].score == printed, n
    assert score.higher_is_better and score.method == "houston"


def test_trim_zero_keeps_every_score() -> None:
    # 1460 / 8 = 182.5 → 180 at the nearest 10; pair 1's +420 is 9 IMPs, +16's +620 is 12.
    score = HOUSTON.score(board_4(), options(trim=0))
    assert score.datum == {4: 180}
    assert (points(score, 4)[Pair(1)], points(score, 4)[Pair(16)]) == (F(9), F(12))


@pytest.mark.parametrize(
    ("scores", "step", "expected"),
    [
        ([180, 190], 10, 190),  # 185: an exact half goes away from zero
        ([-180, -190], 10, -190),
        ([170, 190], 10, 180),
        ([100, 105], 10, 100),  # 102.5
        ([100, 105], 1, 103),  # 102.5 at the nearest point
        ([0, 50], 50, 50),  # 25 of 50 is a half
        ([0, -50], 50, -50),
    ],
)
def test_datum_rounding(scores: list[int], step: int, expected: int) -> None:
    assert datum(1, scores, trim=0, step=step) == expected


def test_too_few_results_for_the_trim_is_a_clear_error() -> None:
    facts = howell(
        [TableResult(1, Pair(1), Pair(2), 420), TableResult(1, Pair(3), Pair(4), 450)], 4
    )
    with pytest.raises(Rejected, match="Board 1 has 2 played result") as info:
        HOUSTON.score(facts, options())
    assert info.value.hint is not None and "a trim of 0" in info.value.hint
    assert any(f.fields.get("option") == "trim=0" for f in info.value.fixes)  # CLI: --option
    assert HOUSTON.score(facts, options(trim=0)).datum == {1: 440}  # 435 away from zero


def test_options_are_checked() -> None:
    with pytest.raises(PluginError, match="trim"):
        parse_options(HOUSTON, {"trim": "-1"})
    with pytest.raises(PluginError, match="round"):
        parse_options(HOUSTON, {"round": "0"})
    parsed = parse_options(HOUSTON, {"trim": "2", "round": "50", "vp_scale": "wbf"})
    assert parsed == options(trim=2, round=50, vp_scale="wbf")


# -- neutral boards and artificial adjusted scores -----------------------------------------------


def test_neutral_table_is_zero_and_not_in_the_datum() -> None:
    score = HOUSTON.score(board_4(TableResult(4, Pair(17), Pair(18), neutral=True)), options())
    assert score.datum == {4: 190}
    assert points(score, 4)[Pair(17)] == points(score, 4)[Pair(18)] == 0


@pytest.mark.parametrize(
    ("award_ns", "award_ew", "expected"),
    [("A+", "A-", (3, -3)), ("A", "A", (0, 0)), ("A+", "A+", (3, 3)), ("A60", "A40", (3, -3)),
     ("A55", "A50", (F(3, 2), 0)), ("A-", "A70", (-3, 6))],
)  # fmt: skip
def test_artificial_scores_in_imps(award_ns: str, award_ew: str, expected: tuple[F, F]) -> None:
    adjusted = TableResult(
        4, Pair(17), Pair(18), award_ns=Award.parse(award_ns), award_ew=Award.parse(award_ew)
    )
    score = HOUSTON.score(board_4(adjusted), options())
    assert score.datum == {4: 190}  # the adjusted table is not a result to average
    assert (points(score, 4)[Pair(17)], points(score, 4)[Pair(18)]) == expected


def test_average_plus_imps_option() -> None:
    adjusted = TableResult(
        4, Pair(17), Pair(18), award_ns=Award.parse("A+"), award_ew=Award.parse("A-")
    )
    score = HOUSTON.score(board_4(adjusted), options(average_plus_imps=2))
    assert (points(score, 4)[Pair(17)], points(score, 4)[Pair(18)]) == (F(2), F(-2))


def test_a_board_with_no_played_result_has_no_datum() -> None:
    facts = howell([TableResult(1, Pair(1), Pair(2), neutral=True)], 2)
    score = HOUSTON.score(facts, options())
    assert score.datum == {} and points(score, 1) == {Pair(1): 0, Pair(2): 0}


def test_a_mitchell_ranks_each_line_by_its_imps() -> None:
    results = [
        TableResult(1, ns(n), ew(n), s) for n, s in [(1, 620), (2, 170), (3, 650), (4, -100)]
    ]
    score = HOUSTON.score(mitchell(results, 4), options())
    # 620, 170 kept (650 top and -100 bottom left out): 395 → 400.
    assert score.datum == {1: 400}
    assert [score.totals[ns(n)].score for n in range(1, 5)] == [6, -6, 6, -11]
    assert [score.totals[ew(n)].score for n in range(1, 5)] == [-6, 6, -6, 11]
    assert {p.line for p in score.totals} == set(Line)


# -- victory points per match ----------------------------------------------------------------------


class StubScale:
    """A 20-0 scale of ½ VP an IMP, which records what it was asked."""

    name: ClassVar[str] = "stub"
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "0"

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []

    def victory_points(self, imps: int, boards: int) -> tuple[Fraction, Fraction]:
        self.asked.append((imps, boards))
        vp = min(max(10 + F(imps, 2), F(0)), F(20))
        return vp, 20 - vp


def two_rounds() -> SectionFacts:
    """Four pairs, two rounds of two boards: 1 v 2 and 3 v 4, then 1 v 3 (3 sits EW) and 4 v 2."""
    rows = [
        (1, 1, 2, 600), (1, 3, 4, 100), (2, 1, 2, -50), (2, 3, 4, -50),
        (3, 1, 3, 420), (3, 4, 2, 450), (4, 1, 3, -100), (4, 4, 2, 200),
    ]  # fmt: skip
    return howell([TableResult(b, Pair(n), Pair(e), s) for b, n, e, s in rows], 4)


def test_match_victory_points() -> None:
    imps = HOUSTON.score(two_rounds(), options(trim=0))
    # Datums: board 1 350, board 2 -50, board 3 440 (435), board 4 50.
    assert imps.datum == {1: 350, 2: -50, 3: 440, 4: 50}
    scale = StubScale()
    vps = HOUSTON.victory_points(imps, scale)
    # Margins of the lower-numbered pair: 1 v 2 +6 (+6, 0); 3 v 4 -6 (-6, 0);
    # 1 v 3 -5 (-1, -4); 2 v 4 -4 (0, -4). The stub gives 10 ± ½ VP an IMP.
    assert sorted(scale.asked) == [(-6, 2), (-5, 2), (-4, 2), (6, 2)]
    assert {p.number: t.score for p, t in vps.totals.items()} == {
        1: 13 + F(15, 2),
        2: 7 + 8,
        3: 7 + F(25, 2),
        4: 13 + 12,
    }
    assert all(t.maximum == 40 and t.percentage == t.score * F(5, 2) for t in vps.totals.values())
    assert vps.results == imps.results and vps.datum == imps.datum
    assert match_victory_points(imps, StubScale()) == vps


def test_victory_points_margin_of_a_fractional_match() -> None:
    # A55 to both sides of one board: +1½ each, so the margin is 0; a played board +6.
    rows = [TableResult(1, Pair(1), Pair(2), 600), TableResult(1, Pair(3), Pair(4), 100)]
    a55 = Award.parse("A55")
    facts = howell(
        [*rows, TableResult(2, Pair(1), Pair(2), award_ns=a55, award_ew=Award.parse("A50"))], 4
    )
    scale = StubScale()
    HOUSTON.victory_points(HOUSTON.score(facts, options(trim=0)), scale)
    # Pair 1: +6 and +1½; pair 2: -6 and 0 → margin (7½ + 6) / 2 = 6¾ → 7.
    assert sorted(scale.asked) == [(-6, 1), (7, 2)]


# -- properties -----------------------------------------------------------------------------------


@st.composite
def sections(draw: st.DrawFn, max_boards: int = 4) -> tuple[list[TableResult], int]:
    """A Howell section: each board played at 3-6 tables by shuffled pairs."""
    pairs = draw(st.integers(6, 12))
    rows: list[TableResult] = []
    for board in range(1, draw(st.integers(1, max_boards)) + 1):
        seats = draw(st.permutations(range(1, pairs + 1)))
        tables = draw(st.integers(3, pairs // 2))
        for t in range(tables):
            rows.append(
                TableResult(board, Pair(seats[2 * t]), Pair(seats[2 * t + 1]), draw(SCORES))
            )
    return rows, pairs


def imp_totals(
    method: ScoringMethod, rows: Sequence[TableResult], pairs: int, opts: Any
) -> dict[int, F]:
    score: SectionScore = method.score(howell(rows, pairs), opts)
    return {p.number: t.score for p, t in score.totals.items()}


@settings(max_examples=150, deadline=None)
@given(sections())
def test_imps_are_antisymmetric_ns_ew(section: tuple[list[TableResult], int]) -> None:
    rows, pairs = section
    score = HOUSTON.score(howell(rows, pairs), options())
    assert all(s.points_ew == -s.points_ns for s in score.results)
    # Seen from East-West (every score negated), the datum and every IMP change sign.
    flipped = [TableResult(r.board, r.ew, r.ns, -(r.score_ns or 0)) for r in rows]
    mirror = HOUSTON.score(howell(flipped, pairs), options())
    assert mirror.datum == {b: -d for b, d in score.datum.items()}
    assert imp_totals(HOUSTON, flipped, pairs, options()) == imp_totals(
        HOUSTON, rows, pairs, options()
    )


def assert_relabelling_changes_nothing(
    method: ScoringMethod, opts: Any, section: tuple[list[TableResult], int], rnd: Any
) -> None:
    """Renumber the pairs at random and list the tables in another order: the same totals."""
    rows, pairs = section
    names = list(range(1, pairs + 1))
    rnd.shuffle(names)
    new = dict(zip(range(1, pairs + 1), names, strict=True))
    relabelled = [
        TableResult(r.board, Pair(new[r.ns.number]), Pair(new[r.ew.number]), r.score_ns)
        for r in reversed(rows)
    ]
    before = imp_totals(method, rows, pairs, opts)
    assert {new[n]: v for n, v in before.items()} == imp_totals(method, relabelled, pairs, opts)


@settings(max_examples=150, deadline=None)
@given(sections(), st.randoms(use_true_random=False))
def test_relabelling_pairs_changes_nothing(
    section: tuple[list[TableResult], int], rnd: Any
) -> None:
    assert_relabelling_changes_nothing(HOUSTON, options(), section, rnd)


def registry_with(module: object, monkeypatch: pytest.MonkeyPatch) -> Registry:
    """A registry holding ``module``'s plugins whether or not its entry point is installed."""
    monkeypatch.setenv("TRAVELLER_PLUGINS", "matchpoints")
    monkeypatch.delenv("TRAVELLER_PLUGINS_BLOCK", raising=False)
    return create_registry(module)


def test_registered_with_its_aliases(monkeypatch: pytest.MonkeyPatch) -> None:
    registry = registry_with(houston, monkeypatch)
    assert registry.scoring("butler") is registry.scoring("Houston")
    assert isinstance(registry.scoring("houston-trial"), ScoringMethod)
    assert "datum" in (Houston.__doc__ or "")
