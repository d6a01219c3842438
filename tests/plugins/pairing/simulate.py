"""An independent search for legal draws, for the tests of simulated Swiss events
(:func:`engine.testing.simulate_swiss`).

The search shares no code with the plugins: it enumerates pairings depth first (with
memory of the groups already tried), asking only the engine's rematch rule which
meetings are allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from itertools import combinations

from engine.pairing.rules import PairingOptions
from engine.testing import SwissRound

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
    step: SwissRound,
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


def fewest_breaches(step: SwissRound, options: PairingOptions) -> int:
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
