"""Swiss pairs (JCBL manual part 2 ch. 4 §19, part 3 ch. 4 §2): a match's MP % as VPs."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import PluginError
from engine.registry import parse_options
from engine.scoring import SectionFacts, TableResult
from engine.seating import Pair
from plugins.scoring import swiss_pairs
from plugins.scoring.swiss_pairs import PercentScale, SwissPairs, SwissPairsOptions
from tests.plugins.test_houston import registry_with
from tests.plugins.test_matchpoints import howell, points

SWISS = SwissPairs()
F = Fraction
SCORES = st.sampled_from([-500, -100, -50, 50, 110, 140, 420, 450, 620])


def options(**kw: Any) -> SwissPairsOptions:
    return SwissPairsOptions.model_validate(kw)


@pytest.mark.parametrize(
    ("percentage", "maximum", "full_at", "vp"),
    [
        (50, 20, 75, 10), (60, 20, 75, 14), (F(125, 2), 20, 75, 15), (75, 20, 75, 20),
        (80, 20, 75, 20), (40, 20, 75, 6), (25, 20, 75, 0), (0, 20, 75, 0), (60, 20, 100, 12),
        (100, 20, 100, 20), (50, 25, 75, F(25, 2)), (F(100, 3), 20, 100, F(20, 3)),
    ],
)  # fmt: skip
def test_percent_scale(percentage: F, maximum: int, full_at: int, vp: F) -> None:
    assert PercentScale(maximum, full_at).victory_points(F(percentage)) == vp


def two_rounds() -> SectionFacts:
    """Four pairs: round 1 (boards 1-2) 1 v 2 and 3 v 4; round 2 (boards 3-4) 1 v 4 and 2 v 3."""
    rows = [
        (1, 1, 2, 420), (1, 3, 4, 400), (2, 1, 2, -100), (2, 3, 4, -100),
        (3, 1, 4, 140), (3, 2, 3, 110), (4, 1, 4, 50), (4, 2, 3, 50),
    ]  # fmt: skip
    return howell([TableResult(b, Pair(n), Pair(e), s) for b, n, e, s in rows], 4)


def test_two_rounds() -> None:
    score = SWISS.score(two_rounds(), options())
    # Each board is matchpointed across the field (top 1).
    assert score.tops == {1: 1, 2: 1, 3: 1, 4: 1}
    assert points(score, 1) == {Pair(1): 1, Pair(2): 0, Pair(3): 0, Pair(4): 1}
    # Round 1: pairs 1 and 4 score 75 % (20 VP), 2 and 3 25 % (0 VP); round 2: 1 and 3
    # score 75 %, 4 and 2 25 %.
    assert {p.number: t.score for p, t in score.totals.items()} == {1: 40, 2: 0, 3: 20, 4: 20}
    assert all(t.maximum == 40 and t.boards_played == 4 for t in score.totals.values())
    assert score.totals[Pair(3)].percentage == 50
    assert (score.method, score.version) == ("swiss-pairs", "1.1")


def test_proportional_scale() -> None:
    score = SWISS.score(two_rounds(), options(vp_full_at=100, vp_maximum=10))
    assert {p.number: t.score for p, t in score.totals.items()} == {
        1: F(15, 2) + F(15, 2),
        2: F(5, 2) + F(5, 2),
        3: F(5, 2) + F(15, 2),
        4: F(15, 2) + F(5, 2),
    }


def test_matchpoint_options_apply_to_each_board() -> None:
    european = SWISS.score(two_rounds(), options(scale="european"))
    assert european.tops[1] == 2
    assert european.totals == SWISS.score(two_rounds(), options()).totals  # same percentages


def test_a_neutral_board_is_average_in_its_match() -> None:
    facts = two_rounds()
    rows = [r for r in facts.results if (r.board, r.ns) != (1, Pair(1))]
    neutral = TableResult(1, Pair(1), Pair(2), neutral=True)
    score = SWISS.score(howell([*rows, neutral], 4), options())
    # Board 1: 1 v 2 averaged (½ each); 3 v 4 gets ½ for the neutral table (method 2).
    # Board 2 ½ each: every pair 50 % in round 1, 10 VP.
    assert {p.number: t.score for p, t in score.totals.items()} == {1: 30, 2: 10, 3: 30, 4: 10}


def test_options_are_checked() -> None:
    with pytest.raises(PluginError, match="vp_full_at"):
        parse_options(SWISS, {"vp_full_at": "50"})
    assert parse_options(SWISS, {"vp_maximum": "25", "factoring": "ratio"}) == options(
        vp_maximum=25, factoring="ratio"
    )


@st.composite
def swiss_sections(draw: st.DrawFn) -> SectionFacts:
    """A Swiss: each round a new draw of all the pairs, every table playing the round's boards."""
    pairs = 2 * draw(st.integers(2, 5))
    rows: list[TableResult] = []
    board = 0
    for _ in range(draw(st.integers(1, 3))):
        seats = draw(st.permutations(range(1, pairs + 1)))
        for _ in range(draw(st.integers(1, 3))):
            board += 1
            rows += [
                TableResult(board, Pair(seats[t]), Pair(seats[t + 1]), draw(SCORES))
                for t in range(0, pairs, 2)
            ]
    return howell(rows, pairs)


@settings(max_examples=100, deadline=None)
@given(swiss_sections(), st.randoms(use_true_random=False))
def test_every_match_shares_out_its_vps(facts: SectionFacts, rnd: Any) -> None:
    score = SWISS.score(facts, options())
    # The two pairs of a match share its 20 VPs; each pair's maximum counts them once.
    won = sum(t.score for t in score.totals.values())
    assert won == sum(t.maximum for t in score.totals.values()) / 2 > 0
    # Relabelling the pairs changes nothing.
    names = list(range(1, len(score.totals) + 1))
    rnd.shuffle(names)
    new = {n: names[n - 1] for n in range(1, len(names) + 1)}
    relabelled = [
        TableResult(r.board, Pair(new[r.ns.number]), Pair(new[r.ew.number]), r.score_ns)
        for r in facts.results
    ]
    again = SWISS.score(howell(relabelled, len(names)), options())
    assert {Pair(new[p.number]): t.score for p, t in score.totals.items()} == {
        p: t.score for p, t in again.totals.items()
    }


def test_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    assert registry_with(swiss_pairs, monkeypatch).scoring("swiss-pair").name == "swiss-pairs"
