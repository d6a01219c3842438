"""The scoring kernels equal the exact code, result for result and total for total.

A section big enough (:func:`plugins.scoring.comparison.by_kernel`) has its plain
boards (every result a played score, the board not fouled) scored at once by
:mod:`plugins.scoring.kernels`; every other board, and every smaller section, by each
method's exact code board by board. Here random sections — ties, neutral and adjusted
tables, weighted and split assigned scores, fouled boards, sit-outs, absent opponents —
are scored both ways under every option that changes the arithmetic, and must agree.
"""

from __future__ import annotations

import subprocess
import sys
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from engine.errors import TravellerError
from engine.imps import imps
from engine.registry import ScoringMethod, create_registry, parse_options
from engine.scoring import (
    KEY_BITS,
    Award,
    ScoredResult,
    ScoredResults,
    ScoringField,
    SectionFacts,
    SectionScore,
    TableResult,
    packed,
    pair_code,
)
from engine.seating import Line, Numbering, Pair
from plugins.scoring import comparison, houston, matchpoints

F = Fraction
REGISTRY = create_registry()
SCORES = st.sampled_from([-800, -200, -100, -50, 50, 100, 110, 140, 420, 450, 620, 1430])
AWARDS = st.sampled_from(["A+", "A", "A-", "A60", "A40", "A55"]).map(Award.parse)
BLENDS = st.sampled_from(
    [
        ((F(1), 420),),
        ((F(2, 3), 420), (F(1, 3), -50)),
        ((F(1, 2), 110), (F(1, 2), 140)),
        ((F(1, 4), -100), (F(3, 4), 620)),
    ]
)


@contextmanager
def kernel(on: bool) -> Iterator[None]:
    """Every section scored by the kernels (``on``) or by the exact code only."""
    names = ("KERNEL_FROM", "KERNEL_WARM_FROM")
    before = [getattr(comparison, name) for name in names]
    for name in names:
        setattr(comparison, name, 0 if on else 10**9)
    try:
        yield
    finally:
        for name, value in zip(names, before, strict=True):
            setattr(comparison, name, value)


@st.composite
def outcomes(draw: st.DrawFn, plain: bool) -> dict[str, Any]:
    """What one table did: mostly a played score; else neutral, adjusted or assigned."""
    if plain or draw(st.integers(0, 9)) < 7:
        return {"score_ns": draw(SCORES)}
    kind = draw(st.sampled_from(["neutral", "award", "weighted", "split"]))
    if kind == "neutral":
        return {"neutral": True}
    if kind == "award":
        return {"award_ns": draw(AWARDS), "award_ew": draw(AWARDS)}
    if kind == "weighted":
        return {"weighted": draw(BLENDS)}
    return {"weighted": draw(BLENDS), "split_ew": draw(BLENDS)}


@st.composite
def sections(draw: st.DrawFn) -> SectionFacts:
    """A Mitchell or Howell section: every board played at some of the tables (a table
    sitting out, a board played fewer times), some boards plain, some not, some fouled."""
    tables = draw(st.integers(1, 7))
    mitchell = draw(st.booleans())

    def ns(t: int) -> Pair:
        return Pair(t, Line.NS) if mitchell else Pair(t)

    def ew(t: int) -> Pair:
        return Pair(t, Line.EW) if mitchell else Pair(tables + t)

    results: list[TableResult] = []
    expected: dict[int, int] = {}
    fouled: dict[int, tuple[frozenset[Pair], ...]] = {}
    absent: list[tuple[int, Pair]] = []
    boards = draw(st.integers(1, 6))
    for board in range(1, boards + 1):
        at = draw(st.lists(st.integers(1, tables), min_size=1, max_size=tables, unique=True))
        plain = draw(st.booleans())
        for t in sorted(at):
            opponent = (t + board) % tables + 1
            results.append(TableResult(board, ns(t), ew(opponent), **draw(outcomes(plain))))
        if draw(st.booleans()):
            expected[board] = len(at) + draw(st.integers(0, 2))
        if draw(st.integers(0, 4)) == 0:
            cut = draw(st.integers(0, len(at)))
            groups = (frozenset(ns(t) for t in at[:cut]), frozenset(ns(t) for t in at[cut:]))
            fouled[board] = tuple(g for g in groups if g) or (frozenset(),)
        if draw(st.integers(0, 3)) == 0:
            absent.append((board, draw(st.sampled_from([ns(1), ew(1)]))))
    pairs_ns = tuple(ns(t) for t in range(1, tables + 1))
    # Now and then a pair is in no field (its results still count for the others).
    pairs_ew = tuple(ew(t) for t in range(1, tables + 1 - draw(st.integers(0, 1))))
    fields = (
        (ScoringField("NS", pairs_ns), ScoringField("EW", pairs_ew))
        if mitchell
        else (ScoringField("ALL", pairs_ns + pairs_ew),)
    )
    return SectionFacts(
        numbering=Numbering.MITCHELL if mitchell else Numbering.HOWELL,
        fields=fields,
        results=tuple(results),
        expected_plays=expected if draw(st.booleans()) else {},
        fouled=fouled,
        absent=tuple(absent),
    )


def scored_both_ways(name: str, facts: SectionFacts, given: dict[str, Any]) -> None:
    """``facts`` scored by the kernels and by the exact code: the same, or refused alike."""
    method: ScoringMethod = REGISTRY.scoring(name)
    options: BaseModel = parse_options(method, given)
    found: list[SectionScore | str] = []
    for on in (False, True):
        with kernel(on):
            try:
                found.append(method.score(facts, options))
            except TravellerError as refused:
                found.append(f"{type(refused).__name__}: {refused.code}")
    exact, fast = found
    if isinstance(exact, str) or isinstance(fast, str):
        assert fast == exact
        return
    assert list(fast.results) == list(exact.results)
    assert fast.results == exact.results
    assert fast.totals == exact.totals
    assert list(fast.totals) == list(exact.totals)
    assert fast.tops == exact.tops
    assert list(fast.tops) == list(exact.tops)
    assert (fast.datum, fast.datum_ew, fast.provisional) == (
        exact.datum,
        exact.datum_ew,
        exact.provisional,
    )
    assert list(fast.datum) == list(exact.datum)
    assert fast == exact


PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

MATCHPOINT_OPTIONS = st.fixed_dictionaries(
    {
        "scale": st.sampled_from(["american", "european"]),
        "factoring": st.sampled_from(["neuberg", "ratio", "none"]),
        "neutral": st.sampled_from(["method2", "method1"]),
        "artificial": st.sampled_from(["factor", "as_neutral"]),
        "neutral_award": st.sampled_from(["average", "ave_plus"]),
        "session_average": st.booleans(),
        "total_factoring": st.booleans(),
        "factor_to": st.sampled_from(["field", "session"]),
        "facing_absent": st.sampled_from([None, 60, 50]),
        "rounding": st.sampled_from(["total", "board"]),
        "fouled": st.sampled_from(["formula", "simple"]),
    }
)


@PROPERTY
@given(sections(), MATCHPOINT_OPTIONS)
def test_matchpoints_by_kernel_equal_the_exact_code(
    facts: SectionFacts, given: dict[str, Any]
) -> None:
    scored_both_ways("matchpoints", facts, given)


@PROPERTY
@given(
    sections(),
    st.sampled_from(["cross-imps", "total-points"]),
    st.booleans(),
)
def test_cross_imps_and_total_points_by_kernel_equal_the_exact_code(
    facts: SectionFacts, name: str, average: bool
) -> None:
    scored_both_ways(name, facts, {"average": average})


HOUSTON_OPTIONS = st.fixed_dictionaries(
    {
        "trim": st.integers(0, 2),
        "trim_by": st.sampled_from(["fixed", "field_size", "central"]),
        "round": st.sampled_from([1, 10, 30]),
        "datum_rounding": st.sampled_from(["away_from_zero", "half_up", "toward_zero"]),
        "assigned_in_datum": st.booleans(),
        "facing_absent": st.sampled_from([None, 60]),
    }
)


@PROPERTY
@given(sections(), HOUSTON_OPTIONS)
def test_houston_by_kernel_equals_the_exact_code(
    facts: SectionFacts, given: dict[str, Any]
) -> None:
    scored_both_ways("houston", facts, given)


@pytest.mark.parametrize("name", ["matchpoints", "cross-imps", "total-points", "houston"])
def test_a_big_field_of_plain_boards_equals_the_exact_code(name: str) -> None:
    # 40 boards at 60 tables: what a live process scores by the kernels, ties throughout.
    pairs = 60
    results = tuple(
        TableResult(
            b,
            Pair(t, Line.NS),
            Pair((t + b) % pairs + 1, Line.EW),
            (-1) ** (t * b % 3) * 10 * ((t * 7 + b * 13) % 23),
        )
        for b in range(1, 41)
        for t in range(1, pairs + 1)
    )
    facts = SectionFacts(
        numbering=Numbering.MITCHELL,
        fields=(
            ScoringField("NS", tuple(Pair(t, Line.NS) for t in range(1, pairs + 1))),
            ScoringField("EW", tuple(Pair(t, Line.EW) for t in range(1, pairs + 1))),
        ),
        results=results,
    )
    assert len(results) >= comparison.KERNEL_WARM_FROM
    scored_both_ways(name, facts, {})


# ---- the columns a kernel returns --------------------------------------------------------


def test_scored_results_read_as_a_sequence_of_scored_results() -> None:
    table = [TableResult(1, Pair(n), Pair(n + 3), 10 * n) for n in (1, 2, 3)]
    exact = ScoredResult(table[2], F(5), F(-5))
    found = ScoredResults(
        table,
        array("q", [1, 3, 0]),
        array("q", [1, -3, 0]),
        array("q", [2, 1, 1]),
        datum={1: F(20)},
        exact={2: exact},
    )
    expected = (
        ScoredResult(table[0], F(1, 2), F(1, 2), F(20)),
        ScoredResult(table[1], F(3), F(-3), F(20)),
        exact,
    )
    assert len(found) == 3
    assert found[-1] == exact
    assert found[0:2] == expected[0:2]
    assert found == expected
    assert expected == found
    assert found != expected[:2]
    with pytest.raises(IndexError):
        found[3]


# ---- a new result rescores its board only -----------------------------------------------


def _club(extra: int | None) -> SectionFacts:
    """Four boards at three tables; with ``extra``, board 2 gets a fourth result."""
    results = [
        TableResult(b, Pair(t, Line.NS), Pair(t, Line.EW), 50 * ((t * b) % 5) - 100)
        for b in range(1, 5)
        for t in range(1, 4)
    ]
    if extra is not None:
        results.append(TableResult(2, Pair(4, Line.NS), Pair(4, Line.EW), extra))
    pairs = [Pair(t, line) for line in Line for t in range(1, 5)]
    return SectionFacts(
        numbering=Numbering.MITCHELL,
        fields=(
            ScoringField("NS", tuple(p for p in pairs if p.line is Line.NS)),
            ScoringField("EW", tuple(p for p in pairs if p.line is Line.EW)),
        ),
        results=tuple(results),
        expected_plays={b: 4 for b in range(1, 5)},
    )


@pytest.mark.parametrize("name", ["matchpoints", "cross-imps", "total-points", "houston"])
def test_a_new_result_rescores_its_board_only(name: str) -> None:
    method: ScoringMethod = REGISTRY.scoring(name)
    options = parse_options(method, {"trim": 0} if name == "houston" else {})
    memo: Any = {
        "matchpoints": matchpoints._board,
        "houston": houston._against_datum,
        "cross-imps": comparison.against_each_other(imps, False),
        "total-points": comparison.against_each_other(comparison.as_is, False),
    }[name]
    method.score(_club(None), options)
    before = memo.cache_info().misses
    method.score(_club(420), options)
    assert memo.cache_info().misses == before + 1


@pytest.mark.parametrize("rounding", ["away_from_zero", "half_up", "toward_zero"])
@pytest.mark.parametrize("sign", [1, -1])
def test_a_datum_at_an_exact_half_is_rounded_alike(rounding: str, sign: int) -> None:
    # +110 and +140 average +125: an exact half of the step 10, each rounding its own way.
    results = tuple(
        TableResult(b, Pair(t, Line.NS), Pair(t, Line.EW), sign * (110 if t % 2 else 140))
        for b in (1, 2)
        for t in (1, 2, 3, 4)
    )
    facts = SectionFacts(
        numbering=Numbering.MITCHELL,
        fields=(
            ScoringField("NS", tuple(Pair(t, Line.NS) for t in (1, 2, 3, 4))),
            ScoringField("EW", tuple(Pair(t, Line.EW) for t in (1, 2, 3, 4))),
        ),
        results=results,
    )
    scored_both_ways("houston", facts, {"trim": 0, "datum_rounding": rounding})


@pytest.mark.parametrize(
    "number",
    [5, 2_000_000, 800_000_000],
    ids=["small", "beyond the table of codes", "beyond a key"],
)
def test_pairs_of_any_number_are_scored_alike(number: int) -> None:
    # Pair numbers past what a key or the kernels' table of codes holds go the long way.
    pairs = [Pair(number + t) for t in range(8)]
    results = tuple(
        TableResult(b, pairs[t], pairs[7 - t], [50, -100, 420, 420][(t + b) % 4])
        for b in (1, 2, 3)
        for t in range(4)
    )
    facts = SectionFacts(
        numbering=Numbering.HOWELL, fields=(ScoringField("ALL", tuple(pairs)),), results=results
    )
    for name in ("matchpoints", "cross-imps", "houston"):
        scored_both_ways(name, facts, {"trim": 0} if name == "houston" else {})


@given(
    st.integers(-(2**33), 2**33),
    st.one_of(st.none(), st.integers(-(2**33), 2**33)),
    st.integers(-5, 2**31),
    st.sampled_from([None, Line.NS, Line.EW]),
    st.booleans(),
)
def test_a_results_keys_are_its_board_score_and_pairs_packed(
    board: int, score: int | None, number: int, line: Line | None, neutral: bool
) -> None:
    r = TableResult(board, Pair(number, line), Pair(number + 1, line), score, neutral=neutral)
    plain = score is not None and not neutral
    assert r.plain_key == (packed(board, score) if plain else None)
    codes = (pair_code(r.ns), pair_code(r.ew))
    assert r.pairs_key == (packed(*codes) if None not in codes else None)
    if r.plain_key is not None:
        assert (r.plain_key >> KEY_BITS, (r.plain_key & (2**32 - 1)) - 2**31) == (board, score)


def test_a_club_section_is_scored_without_numpy() -> None:
    # A one-off command on a club game must not pay numpy's import: the kernels are for
    # big fields (or a process that has numpy loaded already).
    code = """
import sys
from engine.registry import create_registry, parse_options
from engine.scoring import ScoringField, SectionFacts, TableResult
from engine.seating import Line, Numbering, Pair
pairs = {line: tuple(Pair(t, line) for t in range(1, 14)) for line in Line}
facts = SectionFacts(
    numbering=Numbering.MITCHELL,
    fields=tuple(ScoringField(line.value, pairs[line]) for line in Line),
    results=tuple(
        TableResult(b, pairs[Line.NS][t], pairs[Line.EW][(t + b) % 13], 10 * ((t * b) % 7))
        for b in range(1, 27)
        for t in range(13)
    ),
)
registry = create_registry()
for name in ("matchpoints", "cross-imps", "total-points", "houston"):
    method = registry.scoring(name)
    method.score(facts, parse_options(method, {}))
print("numpy" in sys.modules)
# A process that scores again and again (live standings) is warm: the kernels pay there.
method = registry.scoring("matchpoints")
for _ in range(8):
    method.score(facts, parse_options(method, {}))
print("numpy" in sys.modules)
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.split() == ["False", "True"]
