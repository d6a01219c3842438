"""The advice shown when a Swiss event is set up.

- JCBL part 3 ch. 4 §3-2 ②: "no rematch" may leave a round that cannot be drawn; as a
  rule of thumb avoid it unless there are at least twice as many teams as rounds.
- The club director's guide, SWISS PAIRS: an event with more rounds than half the
  number of contestants risks being over-swissed; and the minimum number of rounds
  (Bridge Directing Complete) that leaves at most one unbeaten contestant.
"""

from __future__ import annotations

from engine.pairing.field import FieldKind
from engine.pairing.rules import RematchRule

MINIMUM_ROUNDS: tuple[tuple[int, int, int], ...] = (
    (9, 16, 6),
    (17, 32, 7),
    (33, 64, 8),
    (65, 128, 9),
)
"""The guide's table: (fewest contestants, most contestants, minimum rounds)."""


def minimum_rounds(contestants: int) -> int | None:
    """The fewest rounds that leave at most one unbeaten contestant, from the guide's
    table (9–128 contestants); ``None`` outside the table."""
    return next((r for low, high, r in MINIMUM_ROUNDS if low <= contestants <= high), None)


def rounds_without_rematch(rule: RematchRule, rounds: int) -> int:
    """How many of ``rounds`` are drawn with "never again": up to the round before
    rematches are allowed, and not the last round when it is free."""
    if rule.max_meetings != 1:
        return 0
    bound = rounds if rule.free_from_round is None else min(rounds, rule.free_from_round - 1)
    if rule.free_last_round and bound == rounds:
        bound -= 1
    return max(bound, 0)


def setup_warnings(
    contestants: int, rounds: int, rule: RematchRule, kind: FieldKind = "teams"
) -> tuple[str, ...]:
    """The warnings for a Swiss event of ``contestants`` over ``rounds`` rounds drawn
    under ``rule``; empty when the manual and the guide see nothing to warn of."""
    noun = kind
    warnings: list[str] = []
    strict = rounds_without_rematch(rule, rounds)
    if strict and contestants < 2 * strict:
        warnings.append(
            f"'No rematch' over {strict} rounds needs at least {2 * strict} {noun}; with "
            f"{contestants} a round may have no draw without a rematch. The JCBL manual "
            "advises against 'no rematch' unless there are twice as many teams as rounds "
            "(part 3 ch. 4 §3-2 ②)."
        )
    if 2 * rounds > contestants:
        warnings.append(
            f"{rounds} rounds for {contestants} {noun} is more than half the number of "
            "contestants: the event may become over-swissed, leaders drawn against "
            "contestants far below them (club director's guide, SWISS PAIRS)."
        )
    least = minimum_rounds(contestants)
    if least is not None and rounds < least:
        warnings.append(
            f"With {contestants} {noun} the club director's guide plays at least {least} "
            "rounds, so that at most one contestant ends unbeaten."
        )
    return tuple(warnings)
