"""Carry-over: what a pair takes from the qualifying into the final (JCBL manual, part 3, ch. 1 §3).

Two ways, both pure functions of the qualifiers' scores:

- the *board maximum* (the classic "2-board maximum carry-over"): the top qualifier
  carries the top of N boards of the final, the last qualifier nothing, and every
  other qualifier its share in proportion to its qualifying score;
- the JCBL formula ``C = M × (Q / E) × (A × B) / (S ÷ Q)``, to two decimals, kept
  within the final's N-board maximum: when the carry-overs spread wider than the top
  of N boards (4 for a two-session qualifying and a two-session final), they are
  shared out in proportion within that range — the board maximum itself.

Scores are exact; each carry-over is rounded half up to two decimals, as published.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import TypeVar

from engine.errors import InvalidInput
from engine.numbers import round_half_up

K = TypeVar("K", bound=Hashable)
"""Whatever names a qualifier (a pair number, an entry id)."""


def jcbl_carry_over(
    score: Fraction | int,
    *,
    qualifiers: int,
    entered: int,
    final_average: Fraction | int,
    qualifying_boards: int,
    qualifiers_total: Fraction | int,
) -> Fraction:
    """The JCBL carry-over of one pair, exactly: ``C = M × (Q / E) × (A × B) / (S ÷ Q)``.

    M is the pair's qualifying matchpoints (``score``), Q the pairs that qualified, E the
    pairs that entered the qualifying, A the average of one board of the final, B the
    boards played in the qualifying and S the total of the qualifiers' scores.
    """
    if not 0 < qualifiers <= entered:
        raise InvalidInput(
            f"{qualifiers} qualifiers from {entered} entries is not possible.",
            hint="At least one pair qualifies, and no more than entered the qualifying.",
        )
    if qualifying_boards < 1:
        raise InvalidInput(
            f"A qualifying of {qualifying_boards} boards carries nothing over.",
            hint="Give the boards played in the qualifying (B).",
        )
    if qualifiers_total <= 0:
        raise InvalidInput(
            "The qualifiers' scores add up to nothing, so there is nothing to carry over.",
            hint="Check that the qualifying has been scored.",
        )
    return (
        score
        * Fraction(qualifiers, entered)
        * (Fraction(final_average) * qualifying_boards)
        / (Fraction(qualifiers_total) / qualifiers)
    )


def board_maximum(
    scores: Mapping[K, Fraction | int], *, final_top: Fraction | int, boards: int = 2
) -> dict[K, Decimal]:
    """The N-board maximum carry-over of every qualifier.

    The top qualifier carries ``boards`` × the top of a board of the final, the last
    qualifier 0, the others in proportion to their qualifying scores. When every
    qualifier scored the same, nothing separates them and each carries 0.
    """
    _check_final(scores, final_top, boards)
    low, high = min(scores.values()), max(scores.values())
    if low == high:
        return dict.fromkeys(scores, round_half_up(0))
    maximum = boards * Fraction(final_top)
    return {key: round_half_up(maximum * (s - low) / (high - low)) for key, s in scores.items()}


def jcbl_carry_overs(
    scores: Mapping[K, Fraction | int],
    *,
    entered: int,
    qualifying_boards: int,
    final_top: Fraction | int,
    maximum_boards: int,
) -> dict[K, Decimal]:
    """The JCBL carry-over of every qualifier, kept within the final's N-board maximum.

    ``scores`` are the qualifiers' qualifying matchpoints (Q is their number, S their
    total); A is half ``final_top``, the average of a matchpointed board of the final.
    Each carry-over is worked out to two decimals; if the highest and the lowest are
    further apart than ``maximum_boards`` tops of the final (4 for a two-session
    qualifying and final), the qualifiers get the board maximum instead.
    """
    _check_final(scores, final_top, maximum_boards)
    carried = {
        key: round_half_up(
            jcbl_carry_over(
                score,
                qualifiers=len(scores),
                entered=entered,
                final_average=Fraction(final_top) / 2,
                qualifying_boards=qualifying_boards,
                qualifiers_total=sum(scores.values()),
            )
        )
        for key, score in scores.items()
    }
    spread = Fraction(max(carried.values()) - min(carried.values()))
    if spread > maximum_boards * Fraction(final_top):
        return board_maximum(scores, final_top=final_top, boards=maximum_boards)
    return carried


def _check_final(
    scores: Mapping[K, Fraction | int], final_top: Fraction | int, boards: int
) -> None:
    if not scores:
        raise InvalidInput("No pair qualified, so there is nothing to carry over.")
    if final_top <= 0 or boards < 1:
        raise InvalidInput(
            f"A final with a top of {final_top} on {boards} boards cannot bound a carry-over.",
            hint="Give the top of one board of the final (more than 0) and at least one board.",
        )
