"""The optimal draw: the whole field paired at once by a maximum-weight matching."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import hookimpl
from plugins.pairing.graph import Legality, Pairs, best_matching
from plugins.pairing.swiss import SwissDraw, Task


class Optimal(SwissDraw):
    """Optimal: every match as close to the standings as the rematch rule allows.

    The whole field is paired at once, as a maximum-weight matching (the blossom
    algorithm, in exact integer weights): among the draws that keep the rematch rule it
    takes the one whose opponents are nearest in the standings, a gap of g places
    costing g² (so 1 v 2, 3 v 4 … when nothing is barred, and 1 v 3, 2 v 4 rather than
    1 v 4, 2 v 3 when 1 and 2 have met). It never gets stuck: when no draw keeps the
    rule it holds the fewest rematches and says why. Rounds 1 and 2 follow ``seeding``
    and ``second_round``; in a seeded round the cost is each contestant's distance from
    its scheduled opponent."""

    name = "optimal"
    aliases = ("matching",)
    version = "1.0"

    def pair(self, task: Task) -> Pairs:
        return optimal(task)


def optimal(task: Task) -> Pairs:
    """The pairing of ``task.order`` of least total cost with at most ``task.breaches``
    forbidden rematches (the fewest possible, so exactly that many when not 0)."""
    legality, order, goal = task.legality, task.order, task.targets
    pos = {n: i for i, n in enumerate(order)}
    m = len(order)
    if goal is not None and all(legality.allows(a, goal[a]) for a in order):
        return [(a, goal[a]) for a in order if pos[a] < pos[goal[a]]]  # the schedule costs 0

    def cost(a: int, b: int) -> int:
        if goal is None:
            return (pos[a] - pos[b]) ** 2
        return (pos[b] - pos[goal[a]]) ** 2 + (pos[a] - pos[goal[b]]) ** 2

    top = 2 * m * m + 1  # more than any one pair's cost: every weight is positive
    if task.breaches:
        rematch = (m // 2 + 1) * top  # one rematch outweighs any spread of the standings
        return best_matching(
            order, lambda a, b: top - cost(a, b) + (rematch if legality.allows(a, b) else 0)
        )
    return best_matching(
        order,
        lambda a, b: top - cost(a, b) if legality.allows(a, b) else None,
        within=None if goal is not None else reach(order, legality),
    )


def reach(order: tuple[int, ...], legality: Legality) -> int:
    """How far apart in ``order`` two opponents of a least-cost legal pairing can be,
    when each contestant may not meet at most k of the others: 4k + 1 places.

    Were a and b further apart, some contestant c between them would be paired (with
    d, inside or outside a…b) by a match that no contestant a or b may not meet takes
    part in — such matches hold at most 4k of those between them. Pairing a and b with
    c and d the other way round (a v c and d v b, or a v d and c v b when d is between
    them; a v c and b v d when d is beyond b) is then legal and costs less in squared
    places, so the pairing was not least. The matching need not look further."""
    return 4 * legality.worst(order) + 1


@hookimpl
def traveller_register_pairing_methods(register: Callable[[Any], None]) -> None:
    register(Optimal())
