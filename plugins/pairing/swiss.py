"""The pipeline every built-in Swiss draw runs, and the base of their plugin objects.

1. refuse a draw that cannot be made (:func:`engine.pairing.method.check_request`);
2. read the round's order and schedule (:mod:`plugins.pairing.plan`);
3. place an odd field's triangle or bye (:mod:`plugins.pairing.odd`);
4. pair the rest — the one step the methods differ in (:meth:`SwissDraw.pair`) — with
   no rematch the rule forbids when some draw has none, else with the fewest;
5. seat the matches, name every condition relaxed, and check the draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine import Draw, Field, History, check_draw, check_request, parse_options
from plugins.pairing.graph import Legality, Pairs, least_breaches, why_unpairable
from plugins.pairing.odd import OddChoice, choose_odd
from plugins.pairing.options import SwissOptions
from plugins.pairing.plan import plan_round, seat, targets


@dataclass(frozen=True)
class Task:
    """Contestants to pair (an even number, in the order the round reads them).

    ``targets`` gives each its scheduled opponent in a seeded round, or is ``None`` in
    a round paired down the order (1 v 2, 3 v 4 …). The pairing may hold ``breaches``
    rematches the rule forbids: 0 unless no pairing keeps the rule, and then the fewest
    any pairing holds."""

    order: tuple[int, ...]
    targets: dict[int, int] | None
    legality: Legality
    breaches: int


class SwissDraw:
    """The base of the built-in draws: the shared pipeline around :meth:`pair`."""

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[SwissOptions]] = SwissOptions

    def pair(self, task: Task) -> Pairs:
        """Pair ``task.order`` with at most ``task.breaches`` forbidden rematches."""
        raise NotImplementedError

    def draw(self, round: int, field: Field, history: History, options: Any, seed: int) -> Draw:
        """The draw of ``round``; see the class docstring for how it is made."""
        chosen = options if isinstance(options, SwissOptions) else parse_options(self, options)
        assert isinstance(chosen, SwissOptions)
        return self._draw(round, field, history, chosen, seed)

    def _draw(
        self, rnd: int, field: Field, history: History, options: SwissOptions, seed: int
    ) -> Draw:
        check_request(rnd, field, history, options)
        plan = plan_round(rnd, field, history, options, seed)
        legality = Legality(field, history, rnd, options)
        odd = choose_odd(plan.order, rnd, legality, options, without_standings=not plan.drawn_from)
        rest = tuple(n for n in plan.order if n not in odd.placed)
        breaches = least_breaches(rest, legality)
        pairs = self.pair(Task(rest, targets(plan.schedule, rest), legality, breaches))
        reason = odd.reason or (why_unpairable(rest, legality) if breaches else None)
        draw = Draw(
            round=rnd,
            matches=seat(pairs, plan.order, field, options),
            triangle=odd.triangle,
            triangle_continues=odd.continues,
            bye=odd.bye,
            relaxed=(*odd.notes, *rematches(pairs, odd, legality, reason)),
            order=plan.order,
            drawn_from=plan.drawn_from,
            seed=seed,
            method=self.name,
            method_version=self.version,
        )
        check_draw(draw, rnd, field, history, options)
        return draw


def rematches(pairs: Pairs, odd: OddChoice, legality: Legality, reason: str | None) -> list[str]:
    """When the draw breaks the rematch rule: a sentence saying why no draw keeps it,
    then one naming each rematch."""
    field = legality.field
    meetings = [(a, b, "") for a, b in pairs]
    if odd.triangle is not None and not odd.continues:
        a, b, c = odd.triangle
        meetings = [(x, y, " in the triangle") for x, y in ((a, b), (a, c), (b, c))] + meetings
    found = [
        f"{field.names(sorted((a, b))).capitalize()} meet again{where}: {phrase}."
        for a, b, where in meetings
        if (phrase := legality.breach(a, b)) is not None
    ]
    if not found:
        return []
    held = "one rematch" if len(found) == 1 else f"{len(found)} rematches"
    return [
        f"No draw of round {legality.round} keeps the rematch rule "
        f"({legality.rule.describe()}): {reason}. This draw holds {held}.",
        *found,
    ]
