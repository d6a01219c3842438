"""Properties of every built-in draw over simulated events with random results.

- No draw breaks the rematch rule when some draw keeps it, and none gives a triangle or
  bye beyond its limit when some draw keeps the limit and the rule: checked by an
  independent search (tests/plugins/pairing/simulate.py), and on small fields by brute
  force, which also finds that a draw that must break the rule holds the fewest
  rematches any draw holds.
- Every contestant plays every round, or has the triangle or the bye the event defines.
- A draw is the same given the same field, history, options and seed.
"""

from __future__ import annotations

import random
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.pairing.field import Draw, Field, History, Match, Standing
from engine.pairing.rules import PairingOptions
from engine.testing import SwissRound, simulate_swiss, swiss_entries
from plugins.pairing.jcbl import JcblQuarters, JcblRandom, JcblSeeded
from plugins.pairing.optimal import Optimal
from plugins.pairing.swiss import SwissDraw
from plugins.pairing.top_down import TopDown
from tests.plugins.pairing.simulate import fewest_breaches, legal_draw_exists

METHODS: list[SwissDraw] = [JcblQuarters(), JcblSeeded(), JcblRandom(), TopDown(), Optimal()]
RULES: list[dict[str, Any]] = [
    {"rematch": "none"},
    {"rematch": "no-consecutive"},
    {"rematch": "not-before-round", "rematch_round": 4},
    {"rematch": "at-most", "meetings": 2},
    {"rematch": "last-round-allowed"},
    {"rematch": "any"},
]
ODD = ["triangle", "triangle-two-rounds", "bye"]


def conditions(
    method: SwissDraw, rounds: int, rule: dict[str, Any], odd: str, limits: bool
) -> PairingOptions:
    if odd == "triangle-two-rounds" and rounds % 2:
        rounds += 1
    return method.Options.model_validate(
        {
            **rule,
            "rounds": rounds,
            "boards_per_round": 8,
            "odd": odd,
            "triangle_limit": 1 if limits else None,
            "bye_limit": 1,
        }
    )


def check(
    step: SwissRound, method: SwissDraw, options: PairingOptions, seed: int, *, small: bool
) -> None:
    draw, numbers = step.draw, step.field.numbers
    assert sorted(draw.contestants) == sorted(numbers), "every contestant exactly once"
    if len(numbers) % 2:
        assert (draw.triangle is None) == (options.odd == "bye")
        assert (draw.bye is None) == (options.odd != "bye")
    else:
        assert draw.triangle is None and draw.bye is None
    rule = options.rule()
    fixed = draw.triangle if draw.triangle_continues else None
    breaches = [
        (a, b)
        for a, b in draw.meetings
        if not (fixed and {a, b} <= set(fixed))
        and rule.breach(a, b, step.round, step.history, options.rounds) is not None
    ]
    said = [r for r in draw.relaxed if " meet again" in r]
    assert len(said) == len(breaches)
    if breaches:
        assert not legal_draw_exists(step, options, limits=False, fixed_triangle=fixed)
        if small and fixed is None:
            assert len(breaches) == fewest_breaches(step, options)
    if any(r.startswith(("The triangle limit", "The bye limit")) for r in draw.relaxed):
        assert not legal_draw_exists(step, options, limits=True, fixed_triangle=fixed)
    again = method.draw(step.round, step.field, step.history, options, seed)
    assert again == draw, "the same draw from the same field, history, options and seed"


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(4, 11),
    extra=st.integers(-2, 2),
    rule=st.sampled_from(RULES),
    method=st.sampled_from(METHODS),
    odd=st.sampled_from(ODD),
    limits=st.booleans(),
    seed=st.integers(0, 2**31),
)
def test_small_events_against_brute_force(
    count: int,
    extra: int,
    rule: dict[str, Any],
    method: SwissDraw,
    odd: str,
    limits: bool,
    seed: int,
) -> None:
    # As many rounds as a round robin, give or take two: rules run out of legal draws.
    options = conditions(method, max(2, count - 1 + extra), rule, odd, limits)
    for step in simulate_swiss(method, teams=count, options=options, seed=seed):
        check(step, method, options, seed, small=True)


@pytest.mark.parametrize("count", [16, 17, 40, 61])
@pytest.mark.parametrize("rule", RULES, ids=lambda r: str(r["rematch"]))
def test_simulated_events(count: int, rule: dict[str, Any]) -> None:
    pick = random.Random(f"{count}-{rule['rematch']}")
    method = pick.choice(METHODS)
    options = conditions(method, pick.randint(6, 10), rule, pick.choice(ODD), pick.random() < 0.5)
    seed = pick.randrange(2**31)
    for step in simulate_swiss(method, teams=count, options=options, seed=seed):
        check(step, method, options, seed, small=False)


@pytest.mark.slow
@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
@pytest.mark.parametrize("count", [16, 17, 40, 61])
@pytest.mark.parametrize("rule", RULES, ids=lambda r: str(r["rematch"]))
@pytest.mark.parametrize("odd", ODD)
def test_every_method_rule_and_odd_number(
    method: SwissDraw, count: int, rule: dict[str, Any], odd: str
) -> None:
    for rounds, seed in ((6, 1), (10, 2)):
        options = conditions(method, rounds, rule, odd, limits=True)
        for step in simulate_swiss(method, teams=count, options=options, seed=seed):
            check(step, method, options, seed, small=False)


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
@pytest.mark.parametrize(("count", "odd"), [(16, "bye"), (13, "triangle-two-rounds"), (12, "bye")])
def test_as_many_rounds_as_a_round_robin_without_a_rematch(
    method: SwissDraw, count: int, odd: str
) -> None:
    # Far past the manual's advice (teams ≥ 2 × rounds): the rule is kept while any
    # draw keeps it, and a draw that cannot is checked against every draw.
    options = conditions(method, count - 1, RULES[0], odd, True)
    for step in simulate_swiss(method, teams=count, options=options, seed=5):
        check(step, method, options, 5, small=count <= 12)


@settings(max_examples=25, deadline=None)
@given(
    count=st.sampled_from([20, 30, 40]),
    played=st.integers(1, 4),
    seed=st.integers(0, 2**31),
)
def test_the_optimal_draw_is_least_over_the_whole_field(count: int, played: int, seed: int) -> None:
    # The optimal draw matches only contestants a few places apart (optimal.reach); an
    # independent matcher over every pair of the field finds no cheaper legal draw.
    method = Optimal()
    options = method.Options(rounds=played + 1, rematch="none")
    rng = random.Random(seed)
    history = History(
        draws=tuple(
            Draw(round=r, matches=_random_matches(count, rng)) for r in range(1, played + 1)
        )
    )
    order = list(range(1, count + 1))
    rng.shuffle(order)
    after = tuple(Standing(number=n, rank=i) for i, n in enumerate(order, 1))
    field = Field(contestants=swiss_entries(count), after=(after,) * played)
    made = method.draw(played + 1, field, history, options, seed)
    if made.relaxed:
        return  # no legal draw of this history: nothing to compare
    place = {n: i for i, n in enumerate(order)}

    def cost(a: int, b: int) -> int:
        return (place[a] - place[b]) ** 2

    graph: nx.Graph[int] = nx.Graph()
    for a in order:
        for b in order:
            if a < b and not history.rounds_met(a, b):
                graph.add_edge(a, b, weight=count * count * 4 - cost(a, b))
    best = nx.max_weight_matching(graph, maxcardinality=True)
    assert len(best) == count // 2
    assert sum(cost(m.home, m.away) for m in made.matches) == sum(cost(a, b) for a, b in best)


def _random_matches(count: int, rng: random.Random) -> tuple[Match, ...]:
    numbers = list(range(1, count + 1))
    rng.shuffle(numbers)
    return tuple(
        Match(table=t, home=numbers[2 * t - 2], away=numbers[2 * t - 1])
        for t in range(1, count // 2 + 1)
    )
