"""Standings: one field across sections, percentage games, flights, players, ties, as-of.

JCBL manual part 2 ch. 4 §10–11 (ranking, two fields, the percentage game), §19
(stratified pairs), ch. 5 (individual), part 3 ch. 3 (one-field scoring).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import history
from engine.application import Traveller
from engine.errors import InvalidInput, NotFound
from engine.movement import Encounter
from engine.one_field import merge_facts
from engine.ranks import RankBy, rank_labels
from engine.registry import create_registry
from engine.scoring import PairTotal, ScoringField, SectionFacts, TableResult
from engine.seating import Line, Numbering, Pair
from engine.section import ResultEntry
from engine.standings import Entrant, compute_standings, flight_members, rows_of
from engine.testing import flat_score, play_movement
from engine.tournament import ContestantKind, Player, SectionRanking
from engine.travellers import traveller
from tests.conftest import register_pairs

REGISTRY = create_registry()
MATCHPOINTS = REGISTRY.scoring("matchpoints")
MP_OPTIONS = MATCHPOINTS.Options()
SCORES = st.sampled_from([-500, -100, -50, 50, 110, 140, 420, 450, 620])


def standings(app: Traveller, event: UUID, session: int = 1) -> dict[str, Any]:
    return compute_standings(
        app.registry, app.tournament(event), app.sections(event, session), session
    ).to_json()


def other_score(board: int, encounter: Encounter) -> ResultEntry:
    """Results unlike :func:`flat_score`'s: 4S by North taking 7 to 13 tricks."""
    tricks = 7 + (board * 5 + encounter.ns * 2 + encounter.ew * 3) % 7
    return replace(flat_score(board, encounter), tricks=tricks)


def two_sections(app: Traveller, tables: int = 13, boards_per_round: int = 1) -> UUID:
    """Two Mitchell sections of ``tables`` tables that play the same boards, all played."""
    event = app.create_event("Sectional pairs", sections=("A", "B"))
    for section in "AB":
        register_pairs(app, event, 2 * tables, section=section)
        app.assign_movement(
            event, "mitchell", section=section, options={"boards_per_round": boards_per_round}
        )
    # Section B's tables score differently, so one field is not two copies of a section.
    play_movement(app, event, section="A")
    play_movement(app, event, section="B", result=other_score)
    return event


# ---- ranks and ties ---------------------------------------------------------------------


def test_tied_pairs_share_a_rank_marked_with_an_equals_sign() -> None:
    """§10: 同点の場合には同順位とします — the next pair's rank skips the tied places."""
    scores = [Decimal(v) for v in ("60.5", "55", "55", "55", "40")]
    assert rank_labels(scores) == ["1", "2=", "2=", "2=", "5"]


def test_ranks_are_decided_on_rounded_totals() -> None:
    """§10: ranks after rounding — 150.004 and 149.996 both show 150.00 and tie."""

    def entrant(number: int, score: Fraction) -> Entrant:
        total = PairTotal(Pair(number), score, Fraction(300), score, 12)
        return Entrant.of("A", Pair(number), None, (), total)

    rows = rows_of(
        [entrant(1, Fraction(149996, 1000)), entrant(2, Fraction(150004, 1000))],
        RankBy.SCORE,
        show_section=False,
    )
    assert [(r.rank, r.pair.number, r.score) for r in rows] == [
        ("1=", 1, Decimal("150.00")),
        ("1=", 2, Decimal("150.00")),
    ]


def howell_facts(pairs: int, scores: Sequence[int]) -> SectionFacts:
    """A Howell whose pairs meet in a fixed round robin order on one board each."""
    meetings = [(a, b) for a in range(1, pairs + 1) for b in range(a + 1, pairs + 1)]
    results = [
        TableResult(board=i // 2 + 1, ns=Pair(a), ew=Pair(b), score_ns=score)
        for i, ((a, b), score) in enumerate(zip(meetings, scores, strict=False))
    ]
    everyone = tuple(Pair(n) for n in range(1, pairs + 1))
    return SectionFacts(Numbering.HOWELL, (ScoringField("ALL", everyone),), tuple(results))


def ranking(facts: SectionFacts, rename: dict[Pair, Pair]) -> dict[Pair, tuple[str, Decimal]]:
    scored = MATCHPOINTS.score(facts, MP_OPTIONS)
    entrants = [Entrant.of("A", p, None, (), t) for p, t in scored.totals.items()]
    return {
        rename[r.pair]: (r.rank, r.score)
        for r in rows_of(entrants, RankBy.SCORE, show_section=False)
    }


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_ranking_does_not_depend_on_how_pairs_are_numbered(data: st.DataObject) -> None:
    """Renumber the pairs of a section: every pair keeps its score and its rank."""
    pairs = data.draw(st.integers(4, 7))
    meetings = pairs * (pairs - 1) // 2
    scores = data.draw(st.lists(SCORES, min_size=meetings, max_size=meetings))
    order = data.draw(st.permutations(range(1, pairs + 1)))
    to = {Pair(n): Pair(m) for n, m in zip(range(1, pairs + 1), order, strict=True)}
    back = {new: old for old, new in to.items()}
    facts = howell_facts(pairs, scores)
    renumbered = SectionFacts(
        Numbering.HOWELL,
        (ScoringField("ALL", tuple(to[p] for p in facts.fields[0].pairs)),),
        tuple(TableResult(r.board, to[r.ns], to[r.ew], r.score_ns) for r in facts.results),
    )
    same = {p: p for p in back}
    assert ranking(renumbered, back) == ranking(facts, same)


# ---- one field across sections -------------------------------------------------------------


def test_two_sections_of_13_tables_as_one_field_have_a_top_of_25(app: Traveller) -> None:
    """Part 3 ch. 3 §2: one-field scoring matchpoints every section's results of a board
    together — 26 results of a board, a top of 25 where a section alone has 12."""
    event = two_sections(app)
    alone = standings(app, event)
    assert [(f["section"], f["name"], f["top"]) for f in alone["fields"]] == [
        ("A", "NS", 12),
        ("A", "EW", 12),
        ("B", "NS", 12),
        ("B", "EW", 12),
    ]
    app.choose_section_ranking(event, SectionRanking.ONE_FIELD)
    joined = standings(app, event)
    assert [(f["section"], f["name"], f["top"], len(f["rows"])) for f in joined["fields"]] == [
        ("A+B", "NS", 25, 26),
        ("A+B", "EW", 25, 26),
    ]
    ns = joined["fields"][0]["rows"]
    assert {r["section"] for r in ns} == {"A", "B"}
    # 13 boards, each with a top of 25: every NS and EW pair's matchpoints add up.
    total = sum(Decimal(r["score"]) for f in joined["fields"] for r in f["rows"])
    assert total == 13 * 13 * 25 * 2


def test_a_board_in_one_field_is_matchpointed_against_every_section(app: Traveller) -> None:
    """Each NS result earns 1 per NS score it beats and ½ per tie, in both sections."""
    event = two_sections(app, tables=5, boards_per_round=2)
    app.choose_section_ranking(event, SectionRanking.ONE_FIELD)
    both = app.sections(event, 1)
    scores = [t.fact.score_ns for s in both for t in s.entries() if t.board == 3]
    for section in both:
        sheet = traveller(app.registry, app.tournament(event), section, 3, both)
        assert sheet["top"] == len(scores) - 1 == 9
        for line in sheet["results"]:
            mine = line["score_ns"]
            beaten = sum(1 for s in scores if s is not None and s < mine)
            tied = sum(1 for s in scores if s == mine) - 1
            assert Fraction(line["mp_ns"]) == beaten + Fraction(tied, 2)


def test_the_traveller_of_a_section_alone_keeps_its_own_top(app: Traveller) -> None:
    event = two_sections(app, tables=5, boards_per_round=2)
    both = app.sections(event, 1)
    assert traveller(app.registry, app.tournament(event), both[0], 3, both)["top"] == 4


@settings(max_examples=80, deadline=None)
@given(st.lists(SCORES, min_size=6, max_size=6), st.lists(SCORES, min_size=4, max_size=4))
def test_merged_facts_score_as_one_section_of_every_table(
    a_scores: list[int], b_scores: list[int]
) -> None:
    """A 6-pair and a 4-pair section on the same board: each pair's matchpoints are those
    of one section holding all five tables."""
    a = [TableResult(1, Pair(2 * i + 1), Pair(2 * i + 2), s) for i, s in enumerate(a_scores[:3])]
    b = [TableResult(1, Pair(2 * i + 1), Pair(2 * i + 2), s) for i, s in enumerate(b_scores[:2])]

    def facts(results: list[TableResult]) -> SectionFacts:
        pairs = tuple(p for r in results for p in (r.ns, r.ew))
        return SectionFacts(Numbering.HOWELL, (ScoringField("ALL", pairs),), tuple(results))

    merged = merge_facts([("A", facts(a)), ("B", facts(b))])
    shifted = [TableResult(1, Pair(r.ns.number + 6), Pair(r.ew.number + 6), r.score_ns) for r in b]
    whole = MATCHPOINTS.score(facts(a + shifted), MP_OPTIONS)
    scored = MATCHPOINTS.score(merged.facts, MP_OPTIONS)
    assert {merged.origin[p]: t.score for p, t in scored.totals.items()} == {
        ("A" if p.number <= 6 else "B", Pair(p.number - (0 if p.number <= 6 else 6))): t.score
        for p, t in whole.totals.items()
    }


def test_merging_numbers_pairs_apart_and_joins_fields_by_name() -> None:
    def mitchell(tables: int, plays: int) -> SectionFacts:
        ns = tuple(Pair(n, Line.NS) for n in range(1, tables + 1))
        ew = tuple(Pair(n, Line.EW) for n in range(1, tables + 1))
        fields = (ScoringField("NS", ns), ScoringField("EW", ew))
        results = (TableResult(1, ns[0], ew[0], 100),)
        return SectionFacts(Numbering.MITCHELL, fields, results, expected_plays={1: plays})

    merged = merge_facts([("A", mitchell(13, 13)), ("B", mitchell(12, 12))])
    assert [(f.name, len(f.pairs)) for f in merged.facts.fields] == [("NS", 25), ("EW", 25)]
    assert merged.origin[Pair(14, Line.NS)] == ("B", Pair(1, Line.NS))
    assert merged.origin[Pair(13, Line.EW)] == ("A", Pair(13, Line.EW))
    assert merged.facts.expected_plays == {1: 25}
    assert merged.facts.numbering is Numbering.MITCHELL


def test_a_board_fouled_in_one_section_is_a_version_of_its_own_elsewhere() -> None:
    a = SectionFacts(
        Numbering.HOWELL,
        (ScoringField("ALL", (Pair(1), Pair(2), Pair(3), Pair(4))),),
        (TableResult(1, Pair(1), Pair(2), 100), TableResult(1, Pair(3), Pair(4), 420)),
        fouled={1: (frozenset({Pair(1)}), frozenset({Pair(3)}))},
    )
    b = SectionFacts(
        Numbering.HOWELL,
        (ScoringField("ALL", (Pair(1), Pair(2))),),
        (TableResult(1, Pair(1), Pair(2), 50),),
    )
    merged = merge_facts([("A", a), ("B", b)])
    assert merged.facts.fouled == {
        1: (frozenset({Pair(1)}), frozenset({Pair(3)}), frozenset({Pair(5)}))
    }


def test_sections_on_other_boards_stay_apart_in_one_field(app: Traveller) -> None:
    """Only sections that played the same boards are one field."""
    event = app.create_event("Two games", sections=("A", "B"))
    register_pairs(app, event, 8, section="A")
    register_pairs(app, event, 8, section="B")
    app.assign_movement(event, "howell", section="A", options={"boards_per_round": 2})
    app.assign_movement(
        event, "howell", section="B", options={"boards_per_round": 2, "first_board": 101}
    )
    app.choose_section_ranking(event, SectionRanking.ONE_FIELD)
    assert [f["section"] for f in standings(app, event)["fields"]] == ["A", "B"]


def test_a_session_of_its_own_overrides_the_event_choice(app: Traveller) -> None:
    event = two_sections(app, tables=5, boards_per_round=2)
    app.choose_section_ranking(event, SectionRanking.ONE_FIELD)
    app.choose_section_ranking(event, SectionRanking.SEPARATE, session=1)
    assert [f["section"] for f in standings(app, event)["fields"]] == ["A", "A", "B", "B"]
    with pytest.raises(NotFound, match="no session 2"):
        app.choose_section_ranking(event, SectionRanking.ONE_FIELD, session=2)


# ---- percentage game ------------------------------------------------------------------------


def test_a_percentage_game_ranks_sections_of_different_sizes_together(app: Traveller) -> None:
    """§11: 各フィールドの各ペアの得点を同じ条件に合わせてから順位をつけます — an 8-pair
    Howell (top 3) and a 14-pair Mitchell (top 6) ranked together by percentage."""
    event = app.create_event("Club night", sections=("A", "B"))
    register_pairs(app, event, 14, section="A")
    register_pairs(app, event, 8, section="B")
    app.assign_movement(event, "mitchell", section="A", options={"boards_per_round": 3})
    app.assign_movement(event, "howell", section="B", options={"boards_per_round": 2})
    play_movement(app, event, section="A")
    play_movement(app, event, section="B")
    shown = standings(app, event)
    assert [f["name"] for f in shown["fields"]] == ["NS", "EW", "ALL"]
    overall = shown["overall"]
    assert overall is not None
    assert (overall["section"], overall["name"], overall["ranked_by"]) == (
        "A+B",
        "OVERALL",
        "percentage",
    )
    rows = overall["rows"]
    assert len(rows) == 22 and {r["section"] for r in rows} == {"A", "B"}
    percentages = [Decimal(r["percentage"]) for r in rows]
    assert percentages == sorted(percentages, reverse=True)
    for r in rows:  # a pair's rank: one more than the pairs with a higher percentage
        better = sum(1 for p in percentages if p > Decimal(r["percentage"]))
        assert int(r["rank"].rstrip("=")) == better + 1
    # Each pair's overall line is its own field's line, ranked again.
    own = {
        (f["section"], r["pair"], r["names"][0]): (r["score"], r["percentage"])
        for f in shown["fields"]
        for r in f["rows"]
    }
    assert {
        (r["section"], r["pair"], r["names"][0]): (r["score"], r["percentage"]) for r in rows
    } == own


def test_a_session_of_one_field_has_no_overall(app: Traveller, howell: UUID) -> None:
    play_movement(app, howell)
    assert standings(app, howell)["overall"] is None


# ---- flights ----------------------------------------------------------------------------------


def flighted_howell(app: Traveller) -> tuple[UUID, dict[str, str]]:
    event = app.create_event("Stratified pairs")
    entries = register_pairs(app, event, 12)
    flights = dict(zip(entries, "AAAABBBBCCCC", strict=True))
    app.assign_movement(event, "howell", options={"boards_per_round": 2})
    play_movement(app, event)
    return event, flights


def test_flights_rank_their_own_pairs_and_every_lower_flight(app: Traveller) -> None:
    """§19 (3): flight A is ranked over every pair, B over B and C, C alone."""
    event, flights = flighted_howell(app)
    app.assign_flights(event, flights)
    shown = standings(app, event)
    (field,) = [f for f in shown["fields"] if f["name"] == "ALL"]
    seat = {str(p): e for p, e in app.section(event).seats.items()}
    by_flight = {f["flight"]: f for f in shown["fields"] if "flight" in f}
    assert list(by_flight) == ["A", "B", "C"]
    for letter, f in by_flight.items():
        assert f["name"] == f"Flight {letter}"
        assert {flights[seat[str(r["pair"])]] for r in f["rows"]} <= set(
            "ABC"[("ABC").index(letter) :]
        )
        assert len(f["rows"]) == {"A": 12, "B": 8, "C": 4}[letter]
        # The same order as the whole field, ranks counted again within the flight.
        order = [r["pair"] for r in field["rows"] if r["pair"] in {x["pair"] for x in f["rows"]}]
        assert [r["pair"] for r in f["rows"]] == order
        assert f["rows"][0]["rank"].rstrip("=") == "1"
    assert by_flight["A"]["rows"] == field["rows"]


def test_a_pair_given_no_flight_ranks_in_the_top_flight_only() -> None:
    placed = flight_members(["x", "y", "z"], {"x": None, "y": "B", "z": "C"}.get)
    assert placed == [("A", ["x", "y", "z"]), ("B", ["y", "z"]), ("C", ["z"])]


def test_flights_are_checked(app: Traveller, howell: UUID) -> None:
    with pytest.raises(NotFound, match="no entry 'E99'"):
        app.assign_flights(howell, {"E99": "A"})
    with pytest.raises(InvalidInput, match="not a flight"):
        app.assign_flights(howell, {"E1": "AB"})
    with pytest.raises(InvalidInput, match="No entry"):
        app.assign_flights(howell, {})


# ---- individual ----------------------------------------------------------------------------


def test_an_individual_ranks_every_player_on_their_pairs_score(app: Traveller) -> None:
    """Part 2 ch. 5 §1: 各プレイヤーごとに集計する — each player gets their pair's score."""
    event = app.create_event("Individual")
    for i in range(1, 9):
        app.register_entry(
            event, [Player(name=f"Player {2 * i - 1}"), Player(name=f"Player {2 * i}")]
        )
    app.assign_movement(event, "howell", options={"boards_per_round": 2})
    play_movement(app, event)
    assert [f["name"] for f in standings(app, event)["fields"]] == ["ALL"]
    app.choose_contestants(event, ContestantKind.PLAYERS)
    shown = standings(app, event)
    pairs, players = shown["fields"]
    assert players["name"] == "PLAYERS" and len(players["rows"]) == 16
    by_pair = {r["pair"]: r for r in pairs["rows"]}
    for r in players["rows"]:
        assert (r["score"], r["percentage"]) == (
            by_pair[r["pair"]]["score"],
            by_pair[r["pair"]]["percentage"],
        )
        assert r["names"] == [r["player"].title()]
    # Partners share a score, so every rank is shared at least twice.
    assert all(r["rank"].endswith("=") for r in players["rows"])


# ---- as of an earlier position ----------------------------------------------------------------


def test_standings_as_of_a_position_before_the_choices(app: Traveller) -> None:
    """A choice of ranking is an event: the standings before it are the standings then."""
    event = two_sections(app, tables=5, boards_per_round=2)
    separate_at = app.position()
    separate = standings(app, event)
    app.choose_section_ranking(event, SectionRanking.ONE_FIELD)
    joined_at = app.position()
    joined = standings(app, event)
    app.assign_flights(event, {e: "B" for e in list(app.tournament(event).entries)[:4]})
    assert history.standings_at(app, event, position=separate_at).to_json() == separate
    assert history.standings_at(app, event, position=joined_at).to_json() == joined
    flighted = history.standings_at(app, event).to_json()
    assert flighted == standings(app, event)
    assert [f.get("flight") for f in flighted["fields"]] == [None, None, "A", "B"]


def test_a_correction_after_the_one_field_choice_changes_both_sections(app: Traveller) -> None:
    """A result of section A moves the matchpoints of section B's tables on that board."""
    event = two_sections(app, tables=5, boards_per_round=2)
    app.choose_section_ranking(event, SectionRanking.ONE_FIELD)
    before_at = app.position()

    def b_points() -> list[Fraction]:
        both = app.sections(event, 1)
        sheet = traveller(app.registry, app.tournament(event), both[1], 1, both)
        return [Fraction(r["mp_ns"]) for r in sheet["results"]]

    before = b_points()
    table = max(
        (t for t in app.section(event, 1, "A").entries() if t.board == 1),
        key=lambda t: t.fact.score_ns or 0,
    )
    old = table.fact.score_ns
    app.correct_result(
        event,
        ResultEntry(1, table.ns.number, table.ew.number, "7NTX", "N", 13),
        reason="the slip was misread",
        section="A",
    )
    b_scores = [t.fact.score_ns for t in app.section(event, 1, "B").entries() if t.board == 1]
    lost = sum(1 for s in b_scores if s is not None and old is not None and s > old)
    lost_half = sum(1 for s in b_scores if s == old)
    assert lost + lost_half > 0  # the test sees B's tables beat or tie A's best before
    assert sum(b_points()) == sum(before) - lost - Fraction(lost_half, 2)
    changes = history.diff(
        history.standings_at(app, event, position=before_at), history.standings_at(app, event)
    )
    assert {c["field"] for c in changes} == {"NS", "EW"}
