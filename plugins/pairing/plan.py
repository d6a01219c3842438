"""What a round is drawn from, the pairs its schedule asks for, and where they sit.

JCBL part 2 ch. 6 §8 and part 3 ch. 4 §3-2 ①: round 1 from the seeding (1 v 9 … of 16)
or from random team numbers (1 v 2 …); round 2 of a delayed draw from the same order
(quarters, 1 v 5 …, or 1 v 9 …); every later round from the standings after the
previous round or the round before it, 1 v 2, 3 v 4 … The club guide's two seedings,
1 v N/2+1 and 1 v N, are ``split`` and ``fold``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine import Field, History, InvalidInput, Match, Rejected
from engine.errors import N_, Phrase
from plugins.pairing.options import SwissOptions

Schedule = Literal["adjacent", "split", "fold", "quarters"]
"""How a round pairs its order: 1 v 2, 3 v 4 … (``adjacent``: down the standings or the
random numbers); 1 v N/2+1 … (``split``); 1 v N … (``fold``); by quarters (``quarters``)."""


@dataclass(frozen=True)
class Plan:
    """The order a round reads its contestants in, and how it pairs them.

    ``drawn_from`` is the round whose standings give the order (0: the seeding, or the
    random numbering, at entry)."""

    order: tuple[int, ...]
    drawn_from: int
    schedule: Schedule


def plan_round(rnd: int, field: Field, history: History, options: SwissOptions, seed: int) -> Plan:
    """What round ``rnd`` is drawn from, as the options say."""
    if rnd == 1:
        if options.seeding == "random":
            numbers = sorted(field.numbers)
            random.Random(seed).shuffle(numbers)
            return Plan(tuple(numbers), 0, "adjacent")
        return Plan(field.seeding_order, 0, options.seeding)
    if rnd == 2 and options.second_round != "standings":
        return Plan(first_round_order(field, history), 0, options.second_round)
    latest = options.draw_from == "previous" or (
        options.last_round_latest and rnd == options.rounds
    )
    after = rnd - 1 if latest else rnd - 2
    if after > field.completed:
        delayed = (
            Phrase(N_(" A delayed draw (draw_from=before-previous) reads the round before it."))
            if options.draw_from == "previous" and rnd > 2
            else ""
        )
        raise Rejected(
            N_(
                "Round %(round)s is drawn from the standings after round %(after)s, and the "
                "field has only up to round %(completed)s."
            )
            if field.completed
            else N_(
                "Round %(round)s is drawn from the standings after round %(after)s, and the "
                "field has none yet."
            ),
            hint=N_("Record the results of round %(after)s first.%(delayed)s"),
            code="swiss.standings_missing",
            round=rnd,
            after=after,
            completed=field.completed,
            delayed=delayed,
        )
    return Plan(field.order_after(after), after, "adjacent")


def first_round_order(field: Field, history: History) -> tuple[int, ...]:
    """The order round 1 was drawn in (its seeding or random numbering), for a round 2
    drawn before any result: contestants since withdrawn left out, late entries last."""
    first = history.draw_of(1)
    kept = [n for n in (first.order if first else ()) if n in field.numbers]
    placed = set(kept)
    return (*kept, *(n for n in field.seeding_order if n not in placed))


def targets(schedule: Schedule, order: Sequence[int]) -> dict[int, int] | None:
    """Each contestant's scheduled opponent in ``order`` (an even number), or ``None``
    for a round paired down the order, 1 v 2, 3 v 4 …"""
    m = len(order)
    half = m // 2
    match schedule:
        case "adjacent":
            return None
        case "split":
            pairs = [(order[i], order[i + half]) for i in range(half)]
        case "fold":
            pairs = [(order[i], order[m - 1 - i]) for i in range(half)]
        case "quarters":
            pairs = []
            start = 0
            for size in quarter_groups(m):
                group = order[start : start + size]
                pairs += [(group[i], group[i + size // 2]) for i in range(size // 2)]
                start += size
    return {a: b for p in pairs for a, b in (p, p[::-1])}


def quarter_groups(m: int) -> list[int]:
    """The groups of round 2's quarter method for ``m`` contestants (an even number),
    top first; each group's top half plays its bottom half in order.

    Part 3 ch. 4 §3-2 ① b: 16 teams make two groups of eight (1 v 5 … 4 v 8, 9 v 13 …);
    when N is not a multiple of 4 the contestants are grouped so that opponents are
    closer in number than in round 1, 18 teams as three groups of six (1 v 4, 2 v 5 …
    7 v 10 …). Our reading for any N ≡ 2 (mod 4): groups of six from the top; a
    remainder of two makes the last group eight, a remainder of four a last group of
    four."""
    if m % 4 == 0:
        return [m // 2, m // 2] if m else []
    if m < 6:
        return [m]
    sixes, rest = divmod(m, 6)
    if rest == 2:
        return [6] * (sixes - 1) + [8]
    return [6] * sixes + ([4] if rest == 4 else [])


def seat(
    pairs: Sequence[tuple[int, int]], order: Sequence[int], field: Field, options: SwissOptions
) -> tuple[Match, ...]:
    """The matches at their tables: the higher placed contestant at home (NS).

    ``leaders`` numbers the tables from 1 down the order; ``home`` plays each match at
    its home contestant's own table, and a contestant given a home table is at home
    whenever its opponent has none."""
    pos = {n: i for i, n in enumerate(order)}
    fixed = options.home_tables

    def home_first(a: int, b: int) -> tuple[int, int]:
        a, b = sorted((a, b), key=pos.__getitem__)
        at_home = options.tables == "home" and b in fixed and a not in fixed
        return (b, a) if at_home else (a, b)

    ordered = sorted((home_first(a, b) for a, b in pairs), key=lambda p: min(pos[p[0]], pos[p[1]]))
    if options.tables == "leaders":
        return tuple(Match(table=t, home=h, away=a) for t, (h, a) in enumerate(ordered, 1))
    table_of = {n: fixed.get(n, n) for n in field.numbers}
    shared = sorted(t for t, c in Counter(table_of.values()).items() if c > 1)
    if shared:
        who = [n for n in sorted(field.numbers) if table_of[n] == shared[0]]
        raise InvalidInput(
            N_("%(names)s share table %(table)s as their home table."),
            hint=N_("Give each team its own table in home_tables.")
            if field.kind == "teams"
            else N_("Give each pair its own table in home_tables."),
            code="swiss.home_table_shared",
            names=field.names(who).capitalize(),
            table=shared[0],
        )
    return tuple(Match(table=table_of[h], home=h, away=a) for h, a in ordered)
