"""An odd field: who plays the triangle, or who has the bye.

JCBL part 2 ch. 6 §8 and part 3 ch. 4 §3-2 ③: the last three contestants by number or
standings play a triangle, in one round (half the boards against each) or over two
rounds (a whole match against each; the triangle is drawn on odd rounds and finished on
the next); in round 2 of a delayed draw usually the 4th to 6th from last. Our reading:
the triangle goes to the three lowest contestants who may all meet each other, who have
not reached the triangle limit, and whose absence leaves the rest of the field a draw
that keeps the rematch rule; in a round drawn without standings (the seeding or the
random numbers, where places mean nothing yet) contestants who have had fewer triangles
are taken first, which gives the manual's 4th to 6th from last in round 2. A bye goes
to the lowest contestant under the bye limit whose absence leaves such a draw.

When no choice keeps every condition, the triangle or bye limit is relaxed first (a
contestant plays one more triangle or bye than announced), then the rematch rule (the
fewest rematches), and the draw says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from plugins.pairing.graph import (
    Legality,
    deficiency,
    least_breaches,
    pairable,
    why_unpairable,
)
from plugins.pairing.options import SwissOptions

SEARCH_ALL_UP_TO = 21
"""Fields up to this size try every triangle for the fewest rematches; larger ones the
lowest ``SEARCH_AT_MOST``."""
SEARCH_AT_MOST = 200


@dataclass(frozen=True)
class OddChoice:
    """Who plays the triangle or has the bye, and the sentences saying what was relaxed.

    ``reason`` says why no draw keeps the rematch rule, when this choice already breaks
    it (the pipeline names every rematch with it)."""

    triangle: tuple[int, int, int] | None = None
    continues: bool = False
    bye: int | None = None
    notes: tuple[str, ...] = ()
    reason: str | None = None

    @property
    def placed(self) -> frozenset[int]:
        return frozenset((*(self.triangle or ()), *(() if self.bye is None else (self.bye,))))


def choose_odd(
    order: Sequence[int],
    rnd: int,
    legality: Legality,
    options: SwissOptions,
    *,
    without_standings: bool,
) -> OddChoice:
    """The triangle or bye of round ``rnd`` (none for an even field), ``order`` being the
    contestants in the order the round reads them."""
    history, field = legality.history, legality.field
    notes: list[str] = []
    if options.odd == "triangle-two-rounds":
        begun = history.draw_of(rnd - 1)
        if begun and begun.triangle and not begun.triangle_continues:
            gone = [n for n in begun.triangle if n not in field.numbers]
            if not gone and len(order) % 2:
                return OddChoice(triangle=begun.triangle, continues=True)
            why = f"{field.names(gone)} left the field" if gone else "the field is now even"
            notes.append(
                f"The triangle begun in round {rnd - 1} ({field.names(begun.triangle)}) is not "
                f"finished in round {rnd}: {why}; its {field.noun(2)} are drawn afresh."
            )
    if len(order) % 2 == 0:
        return OddChoice(notes=tuple(notes))
    if options.odd == "bye":
        choice = _bye(order, legality, options)
    else:
        if options.odd == "triangle-two-rounds" and rnd == options.rounds:
            notes.append(
                f"Round {rnd} is the last, so its triangle is played in the one round, half "
                "the boards against each opponent, not over two rounds."
            )
        choice = _triangle(order, legality, options, without_standings)
    return OddChoice(
        triangle=choice.triangle,
        bye=choice.bye,
        notes=(*notes, *choice.notes),
        reason=choice.reason,
    )


def _lowest_first(order: Sequence[int], load: Callable[[int], int]) -> list[int]:
    """``order`` with contestants of higher ``load`` moved up, so that the bottom of the
    list holds the lowest of those with the least load."""
    pos = {n: i for i, n in enumerate(order)}
    return sorted(order, key=lambda n: (-load(n), pos[n]))


def _rest(order: Sequence[int], taken: Sequence[int]) -> list[int]:
    return [n for n in order if n not in taken]


# -- the triangle ----------------------------------------------------------------------


def trios_from_bottom(order: Sequence[int]) -> Iterator[tuple[int, int, int]]:
    """Every three of ``order``, the highest placed of the three as low as possible
    first, then the middle one, then the lowest: the last three first."""
    m = len(order)
    for t in range(m - 3, -1, -1):
        for u in range(m - 2, t, -1):
            for v in range(m - 1, u, -1):
                yield order[t], order[u], order[v]


def _triangle(
    order: Sequence[int], legality: Legality, options: SwissOptions, without_standings: bool
) -> OddChoice:
    history, field = legality.history, legality.field
    limit = options.triangle_limit

    def over(n: int) -> int:
        return 0 if limit is None else max(0, history.triangles(n) - limit + 1)

    def meet(trio: tuple[int, int, int]) -> bool:
        a, b, c = trio
        return legality.allows(a, b) and legality.allows(a, c) and legality.allows(b, c)

    def keeps_rest(trio: tuple[int, int, int]) -> bool:
        return pairable(_rest(order, trio), legality)

    taken = _lowest_first(order, history.triangles) if without_standings else list(order)
    for trio in trios_from_bottom(taken):
        if not any(over(n) for n in trio) and meet(trio) and keeps_rest(trio):
            return OddChoice(triangle=_in_order(trio, order))
    spread = _lowest_first(order, over)
    if limit is not None:
        for trio in trios_from_bottom(spread):
            if meet(trio) and keeps_rest(trio):
                return OddChoice(
                    triangle=_in_order(trio, order),
                    notes=(_limit_note(trio, "triangle", limit, order, legality),),
                )
    # No triangle keeps the rematch rule: the fewest rematches, in the triangle and out.
    best: tuple[int, tuple[int, int, int]] | None = None
    tries = None if len(order) <= SEARCH_ALL_UP_TO else SEARCH_AT_MOST
    for count, trio in enumerate(trios_from_bottom(spread)):
        if tries is not None and count >= tries:
            break
        a, b, c = trio
        inside = sum(not legality.allows(x, y) for x, y in ((a, b), (a, c), (b, c)))
        cost = inside + least_breaches(_rest(order, trio), legality)
        if best is None or cost < best[0]:
            best = (cost, trio)
        if cost == 1:
            break
    assert best is not None  # an odd field of three or more has a trio
    trio = best[1]
    notes = []
    if any(over(n) for n in trio) and limit is not None:
        notes.append(_limit_note(trio, "triangle", limit, order, legality))
    if deficiency(order, legality) > 1:
        reason = why_unpairable(order, legality)
    else:
        reason = (
            f"no three {field.noun(2)} who may all meet each other leave the rest of the "
            "field a draw without a rematch"
        )
    return OddChoice(triangle=_in_order(trio, order), notes=tuple(notes), reason=reason)


def _in_order(trio: tuple[int, int, int], order: Sequence[int]) -> tuple[int, int, int]:
    a, b, c = sorted(trio, key=list(order).index)
    return a, b, c


def _limit_note(
    who: Sequence[int], what: str, limit: int, order: Sequence[int], legality: Legality
) -> str:
    """The sentence for a triangle or bye given beyond its limit to some of ``who``."""
    field, history = legality.field, legality.history
    count = history.triangles if what == "triangle" else history.byes
    had = sorted(n for n in who if count(n) >= limit)
    under = sorted(n for n in order if count(n) < limit)
    if not under:
        why = f"every {field.noun()} has reached it"
    elif what == "triangle" and len(under) < 3:
        why = f"only {field.names(under)} {'is' if len(under) == 1 else 'are'} under it"
    else:
        why = (
            f"no {what} of {field.noun(2)} under it leaves the rest of the field a draw "
            "without a rematch"
        )
    most = f"one {what}" if limit == 1 else f"{limit} {what}s"
    return f"The {what} limit ({most} a {field.noun()}) is relaxed for {field.names(had)}: {why}."


# -- the bye ---------------------------------------------------------------------------


def _bye(order: Sequence[int], legality: Legality, options: SwissOptions) -> OddChoice:
    history = legality.history
    limit = options.bye_limit

    def over(n: int) -> int:
        return max(0, history.byes(n) - limit + 1)

    spread = _lowest_first(order, over)
    for n in reversed(spread):
        if pairable(_rest(order, [n]), legality):
            note = () if not over(n) else (_limit_note([n], "bye", limit, order, legality),)
            return OddChoice(bye=n, notes=note)
    best: tuple[int, int] | None = None
    for count, n in enumerate(reversed(spread)):
        if len(order) > SEARCH_ALL_UP_TO and count >= SEARCH_AT_MOST:
            break
        cost = least_breaches(_rest(order, [n]), legality)
        if best is None or cost < best[0]:
            best = (cost, n)
        if cost == 1:
            break
    assert best is not None
    n = best[1]
    note = () if not over(n) else (_limit_note([n], "bye", limit, order, legality),)
    return OddChoice(bye=n, notes=note, reason=why_unpairable(order, legality))
