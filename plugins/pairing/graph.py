"""Which pairings a round's rematch rule allows, and the questions a draw asks of them.

Can these contestants all be paired without a rematch? With how few rematches? And
when they cannot, why not? Each is answered by a maximum-weight matching over the
contestants (rustworkx's blossom algorithm, exact in integer weights); the "why" is the
Gallai–Edmonds decomposition, which names the groups of contestants that cannot all
find a legal opponent.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

import rustworkx as rx

from engine import Field, History, PairingOptions, RematchRule

Pairs = list[tuple[int, int]]

EXPLAIN_UP_TO = 150
"""The largest group of contestants whose failure to pair is explained group by group
(one matching per contestant); beyond it only the count is given."""


class Legality:
    """The rematch rule applied to one round: who may not be drawn against whom."""

    def __init__(self, field: Field, history: History, rnd: int, options: PairingOptions) -> None:
        self.field = field
        self.history = history
        self.round = rnd
        self.rounds = options.rounds
        self.rule: RematchRule = options.rule()
        self.forbidden: dict[int, frozenset[int]] = {
            n: frozenset(
                o
                for o in history.opponents.get(n, ())
                if o in field.numbers and self.breach(n, o) is not None
            )
            for n in field.numbers
        }

    def allows(self, a: int, b: int) -> bool:
        return b not in self.forbidden[a]

    def breach(self, a: int, b: int) -> str | None:
        """Why ``a`` may not meet ``b`` this round ("they met in round 2"), or ``None``."""
        return self.rule.breach(a, b, self.round, self.history, self.rounds)

    def worst(self, nodes: Sequence[int]) -> int:
        """The most contestants of ``nodes`` that any one of them may not meet."""
        group = set(nodes)
        return max((len(self.forbidden[v] & group) for v in nodes), default=0)


def best_matching(
    nodes: Sequence[int], weight: Callable[[int, int], int | None], *, within: int | None = None
) -> Pairs:
    """The matching of ``nodes`` that pairs as many as possible and, among those, has the
    greatest total weight; ``weight`` gives an integer for each pair that may be drawn
    and ``None`` for one that may not. With ``within``, only contestants at most that
    many places apart in ``nodes`` are paired. Each pair comes in ``nodes`` order."""
    graph: rx.PyGraph[int, int] = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(nodes)
    edges: list[tuple[int, int, int]] = []
    reach = len(nodes) if within is None else within
    for i, a in enumerate(nodes):
        for j in range(i + 1, min(len(nodes), i + reach + 1)):
            w = weight(a, nodes[j])
            if w is not None:
                edges.append((i, j, w))
    graph.add_edges_from(edges)
    found = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_as_weight)
    return sorted((nodes[min(i, j)], nodes[max(i, j)]) for i, j in found)


def _as_weight(w: int) -> float:
    return w  # rustworkx reads the int exactly (the stub says float)


def largest_legal(nodes: Sequence[int], legality: Legality) -> Pairs:
    """As many pairs of ``nodes`` as the rule allows at once."""
    return best_matching(nodes, lambda a, b: 1 if legality.allows(a, b) else None)


def pairable(nodes: Sequence[int], legality: Legality) -> bool:
    """Whether ``nodes`` can all be paired without breaking the rule.

    When every contestant may meet at least half of the others, they can (Dirac: such
    a field has a Hamiltonian cycle, whose alternate edges pair everyone); otherwise a
    matching decides."""
    m = len(nodes)
    if m % 2:
        return False
    if m == 0 or (m - 1 - legality.worst(nodes)) * 2 >= m:
        return True
    return 2 * len(largest_legal(nodes, legality)) == m


def deficiency(nodes: Sequence[int], legality: Legality) -> int:
    """How many of ``nodes`` a largest legal pairing leaves out."""
    return len(nodes) - 2 * len(largest_legal(nodes, legality))


def least_breaches(nodes: Sequence[int], legality: Legality) -> int:
    """The fewest rematches the rule forbids that a draw pairing all ``nodes`` holds."""
    if pairable(nodes, legality):
        return 0
    kept = best_matching(nodes, lambda a, b: 1 if legality.allows(a, b) else 0)
    return len(nodes) // 2 - sum(1 for a, b in kept if legality.allows(a, b))


def why_unpairable(nodes: Sequence[int], legality: Legality) -> str:
    """Why ``nodes`` cannot all be paired without breaking the rule, in words.

    The Gallai–Edmonds decomposition: the contestants some largest legal pairing leaves
    out fall into groups of an odd number who may meet only one another or the
    contestants of a set A, and A cannot take one from every group."""
    field = legality.field
    legal = largest_legal(nodes, legality)
    count = (
        f"at most {2 * len(legal)} of the {len(nodes)} {field.noun(2)} can be paired "
        "without a rematch"
    )
    if len(nodes) > EXPLAIN_UP_TO:
        return count
    paired = {n for p in legal for n in p}
    left_out = {n for n in nodes if n not in paired}
    for n in paired:
        rest = [v for v in nodes if v != n]
        if len(largest_legal(rest, legality)) == len(legal):
            left_out.add(n)
    barrier = sorted(
        {u for u in nodes if u not in left_out for v in left_out if legality.allows(u, v)}
    )
    groups = _groups(nodes, left_out, legality)
    parts = _group_words(groups, barrier, legality)
    if barrier:
        parts.append(
            f"{field.names(barrier)} cannot take one {field.noun()} from each of these "
            f"{len(groups)} groups"
        )
    return "; ".join([*parts, count])


def _groups(nodes: Sequence[int], members: set[int], legality: Legality) -> list[list[int]]:
    """The connected groups of ``members`` under the rule, each in number order."""
    inside = sorted(members)
    graph: rx.PyGraph[int, None] = rx.PyGraph(multigraph=False)
    graph.add_nodes_from(inside)
    graph.add_edges_from_no_data(
        [
            (i, j)
            for i, a in enumerate(inside)
            for j in range(i + 1, len(inside))
            if legality.allows(a, inside[j])
        ]
    )
    return sorted(sorted(inside[i] for i in c) for c in rx.connected_components(graph))


def _group_words(groups: list[list[int]], barrier: list[int], legality: Legality) -> list[str]:
    """Each group in words: who may meet only whom. Lone contestants with the same
    choices are named together."""
    field = legality.field
    alone: defaultdict[tuple[int, ...], list[int]] = defaultdict(list)
    words: list[str] = []
    for group in groups:
        also = tuple(u for u in barrier if any(legality.allows(u, v) for v in group))
        if len(group) == 1:
            alone[also].append(group[0])
            continue
        text = f"{field.names(group)} may meet only one another"
        words.append(f"{text} or {field.names(also)}" if also else text)
    for also, who in sorted(alone.items()):
        each = "each " if len(who) > 1 else ""
        if also:
            words.insert(0, f"{field.names(who)} may {each}meet only {field.names(also)}")
        else:
            words.insert(0, f"{field.names(who)} may {each}meet none of the others")
    return words
