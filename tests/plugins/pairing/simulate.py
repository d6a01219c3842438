"""Simulated Swiss events and an independent search for legal draws, for the tests.

The search shares no code with the plugins: it enumerates pairings depth first (with
memory of the groups already tried), asking only the engine's rematch rule which
meetings are allowed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations

from engine.pairing.field import Draw, Field, History, Standing
from engine.pairing.method import PairingMethod
from engine.pairing.rules import PairingOptions

BYE_SCORE = 12


def entries(count: int, *, seeded: bool = False) -> tuple[Standing, ...]:
    """``count`` contestants numbered 1…count, entered in number order (with seeding
    points, most for the lowest number, when ``seeded``)."""
    return tuple(
        Standing(number=n, rank=n, seeding=Fraction(1000 - n) if seeded else None)
        for n in range(1, count + 1)
    )


def standings(scores: dict[int, Fraction]) -> tuple[Standing, ...]:
    """The standings of ``scores``: most first, ties by number."""
    ranked = sorted(scores, key=lambda n: (-scores[n], n))
    return tuple(Standing(number=n, score=scores[n], rank=i) for i, n in enumerate(ranked, 1))


def play(draw: Draw, scores: dict[int, Fraction], rng: random.Random) -> None:
    """Random results of ``draw``'s round on a 20-VP scale, added to ``scores``."""
    for m in draw.matches:
        won = rng.randint(0, 20)
        scores[m.home] += won
        scores[m.away] += 20 - won
    for n in draw.triangle or ():
        scores[n] += rng.randint(0, 20)
    if draw.bye is not None:
        scores[draw.bye] += BYE_SCORE


@dataclass(frozen=True)
class Step:
    """One draw of a simulated event, with what it was drawn from."""

    round: int
    field: Field
    history: History
    draw: Draw


def run_event(
    method: PairingMethod,
    count: int,
    options: PairingOptions,
    seed: int,
    *,
    kind: str = "teams",
) -> Iterator[Step]:
    """Draw and play every round of a ``count``-contestant event with random results."""
    rng = random.Random(seed)
    contestants = entries(count, seeded=True)
    scores = {s.number: Fraction(0) for s in contestants}
    after: list[tuple[Standing, ...]] = []
    history = History()
    assert options.rounds is not None
    for rnd in range(1, options.rounds + 1):
        field = Field.model_validate(
            {"kind": kind, "contestants": contestants, "after": tuple(after)}
        )
        draw = method.draw(rnd, field, history, options, seed)
        yield Step(rnd, field, history, draw)
        play(draw, scores, rng)
        after.append(standings(scores))
        history = History(draws=(*history.draws, draw))


# -- the independent search ------------------------------------------------------------


Allowed = Callable[[int, int], bool]


def perfect(nodes: frozenset[int], allowed: Allowed) -> bool:
    """Whether ``nodes`` can all be paired by ``allowed`` meetings (depth first, the
    contestant with the fewest choices first)."""
    adjacent = {v: frozenset(u for u in nodes if u != v and allowed(u, v)) for v in nodes}

    @cache
    def go(left: frozenset[int]) -> bool:
        if not left:
            return True
        v = min(left, key=lambda x: (len(adjacent[x] & left), x))
        return any(go(left - {v, u}) for u in sorted(adjacent[v] & left))

    return go(nodes)


def legal_draw_exists(
    step: Step,
    options: PairingOptions,
    *,
    limits: bool,
    fixed_triangle: tuple[int, int, int] | None = None,
) -> bool:
    """Whether some draw of ``step``'s round keeps the rematch rule (and, with
    ``limits``, the triangle and bye limits), an odd field playing as ``options`` say."""
    rule = options.rule()
    history = step.history

    def allowed(a: int, b: int) -> bool:
        return rule.breach(a, b, step.round, history, options.rounds) is None

    nodes = step.field.numbers
    if fixed_triangle is not None:
        nodes = nodes - set(fixed_triangle)
    if len(nodes) % 2 == 0:
        return perfect(nodes, allowed)
    if options.odd == "bye":
        return any(
            perfect(nodes - {v}, allowed)
            for v in sorted(nodes)
            if not limits or history.byes(v) < options.bye_limit
        )
    limit = options.triangle_limit
    for trio in combinations(sorted(nodes), 3):
        if limits and limit is not None and any(history.triangles(n) >= limit for n in trio):
            continue
        a, b, c = trio
        meet = allowed(a, b) and allowed(a, c) and allowed(b, c)
        if meet and perfect(nodes - set(trio), allowed):
            return True
    return False


def all_draws(nodes: frozenset[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to pair ``nodes`` (an even number), for brute force on small fields."""
    if not nodes:
        yield []
        return
    v = min(nodes)
    for u in sorted(nodes - {v}):
        for rest in all_draws(nodes - {v, u}):
            yield [(v, u), *rest]


def fewest_breaches(step: Step, options: PairingOptions) -> int:
    """The fewest meetings that break the rule in any draw of ``step``'s round (brute
    force: small fields only), the triangle or bye anywhere."""
    rule = options.rule()

    def bad(a: int, b: int) -> int:
        return rule.breach(a, b, step.round, step.history, options.rounds) is not None

    nodes = step.field.numbers
    cores: list[tuple[frozenset[int], int]] = []
    if len(nodes) % 2 == 0:
        cores = [(nodes, 0)]
    elif options.odd == "bye":
        cores = [(nodes - {v}, 0) for v in nodes]
    else:
        cores = [
            (nodes - set(t), bad(t[0], t[1]) + bad(t[0], t[2]) + bad(t[1], t[2]))
            for t in combinations(sorted(nodes), 3)
        ]
    return min(
        extra + sum(bad(a, b) for a, b in draw) for rest, extra in cores for draw in all_draws(rest)
    )
