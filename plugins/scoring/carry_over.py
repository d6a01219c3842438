"""Carry-over: what a pair takes from the qualifying into the final (JCBL manual, part 3, ch. 1 §3).

The manual names three ways: start the final afresh (record no carry-over), add the
qualifying score to the final's, or add a part of it. For the last, two ways, both pure
functions of the qualifiers' scores:

- the *board maximum* (the classic "2-board maximum carry-over"): the top qualifier
  carries the top of N boards of the final, the last qualifier nothing, and every
  other qualifier its share in proportion to its qualifying score;
- the JCBL formula ``C = M × (Q / E) × (A × B) / (S ÷ Q)``, to two decimals, kept
  within the final's N-board maximum: when the carry-overs spread wider than the top
  of N boards (4 for a two-session qualifying and a two-session final), they are
  shared out in proportion within that range — the board maximum itself.

Scores are exact; each carry-over is rounded half up to two decimals, as published.

Each way is also a carry-over rule plugin (:class:`engine.CarryOverRule`), given the
:class:`engine.Qualifying` as it ended: ``jcbl``, ``board-maximum`` and ``full``, which
``traveller stage carry-over --rule`` names and ``traveller stage rules`` lists.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from engine import InvalidInput, Qualifying, hookimpl, round_half_up
from engine.errors import N_

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
            N_("%(qualifiers)s qualifiers from %(entered)s entries is not possible."),
            hint=N_("At least one pair qualifies, and no more than entered the qualifying."),
            code="carry_over.qualifiers",
            qualifiers=qualifiers,
            entered=entered,
        )
    if qualifying_boards < 1:
        raise InvalidInput(
            N_("A qualifying of %(boards)s boards carries nothing over."),
            hint=N_("Give the boards played in the qualifying (B)."),
            code="carry_over.boards",
            boards=qualifying_boards,
        )
    if qualifiers_total <= 0:
        raise InvalidInput(
            N_("The qualifiers' scores add up to nothing, so there is nothing to carry over."),
            hint=N_("Check that the qualifying has been scored."),
            code="carry_over.nothing",
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


def jcbl_carry_overs(qualifying: Qualifying) -> dict[Any, Decimal]:
    """The JCBL carry-over of every qualifier, kept within the final's N-board maximum.

    The qualifiers' qualifying matchpoints are ``qualifying.scores`` (Q is their number,
    S their total); A is half the final's top, the average of a matchpointed board of the
    final. Each carry-over is worked out to two decimals; if the highest and the lowest
    are further apart than ``maximum_boards`` tops of the final (4 for a two-session
    qualifying and final), the qualifiers get the board maximum instead.
    """
    top, boards = qualifying.final_top, qualifying.maximum_boards
    _check_final(qualifying.scores, top, boards)
    carried = jcbl_formula(qualifying)
    spread = Fraction(max(carried.values()) - min(carried.values()))
    if spread > boards * top:
        return board_maximum(qualifying.scores, final_top=top, boards=boards)
    return carried


def jcbl_formula(qualifying: Qualifying) -> dict[Any, Decimal]:
    """The JCBL formula's carry-over of every qualifier, to two decimals, with no bound."""
    scores = qualifying.scores
    _check_final(scores, qualifying.final_top, 1)
    return {
        key: round_half_up(
            jcbl_carry_over(
                score,
                qualifiers=len(scores),
                entered=qualifying.entered,
                final_average=Fraction(qualifying.final_top, 2),
                qualifying_boards=qualifying.qualifying_boards,
                qualifiers_total=sum(scores.values()),
            )
        )
        for key, score in scores.items()
    }


def _check_qualified(scores: Mapping[K, Fraction | int]) -> None:
    if not scores:
        raise InvalidInput(
            N_("No pair qualified, so there is nothing to carry over."),
            code="carry_over.no_qualifiers",
        )


def _check_final(
    scores: Mapping[K, Fraction | int], final_top: Fraction | int, boards: int
) -> None:
    _check_qualified(scores)
    if final_top <= 0 or boards < 1:
        raise InvalidInput(
            N_("A final with a top of %(top)s on %(boards)s boards cannot bound a carry-over."),
            hint=N_("Give the top of one board of the final (more than 0) and at least one board."),
            code="carry_over.final",
            top=final_top,
            boards=boards,
        )


def whole_score(
    scores: Mapping[K, Fraction | int], *, share: Fraction = Fraction(1)
) -> dict[K, Decimal]:
    """Every qualifier's qualifying score, or ``share`` of it, to two decimals half up."""
    _check_qualified(scores)
    return {key: round_half_up(share * score) for key, score in scores.items()}


# ---- the rules as plugins ------------------------------------------------------------------


class JcblOptions(BaseModel):
    """What the JCBL rule may be told beyond the qualifying and the final."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    within_maximum: bool = Field(
        True,
        description="Keep the carry-overs within the final's N-board maximum (--maximum-boards; "
        "by default 2 boards a session of the final, 4 for two sessions), sharing them out "
        "in proportion when they spread wider. false: the formula's values as they are.",
    )


class JcblCarryOver:
    """The JCBL formula: C = M × (Q/E) × (A × B)/(S ÷ Q), within the final's N-board maximum.

    The carry-over of the JCBL's own championships (manual part 3 ch. 1 §3), worked out to
    two decimals: M is the pair's qualifying matchpoints, Q the pairs that qualified, E
    the pairs that entered the qualifying, A the average of one board of the final (half
    its top), B the boards played in the qualifying and S the qualifiers' total score.
    When the top and the last qualifier's carry-overs are further apart than N tops of a
    board of the final (4 for a two-session qualifying and a two-session final), they
    are shared out in proportion within that range instead: the top qualifier carries N
    tops, the last nothing.
    """

    name: ClassVar[str] = "jcbl"
    aliases: ClassVar[tuple[str, ...]] = ("jcbl-formula",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = JcblOptions

    def carry_over(self, qualifying: Qualifying, options: JcblOptions) -> dict[Any, Decimal]:
        """Each qualifier's carry-over by the formula, bounded as the options say."""
        if not options.within_maximum:
            return jcbl_formula(qualifying)
        return jcbl_carry_overs(qualifying)


class BoardMaximumOptions(BaseModel):
    """The board maximum takes no options of its own: N is the final's (--maximum-boards)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class BoardMaximum:
    """The N-board maximum carry-over: the top qualifier N tops of the final, the last 0.

    The manual's "2-board maximum carry-over" (part 3 ch. 1 §3): the difference between
    the top and the last qualifier's qualifying scores is spread over N tops of a board
    of the final, so with a final top of 15 and N = 2 the top qualifier carries 30, the
    last 0, and every other qualifier its share in proportion to its qualifying score.
    N is 2 boards a session of the final unless the director gives another
    (--maximum-boards). Qualifiers who all scored the same carry 0.
    """

    name: ClassVar[str] = "board-maximum"
    aliases: ClassVar[tuple[str, ...]] = ("2-board-maximum", "n-board-maximum")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = BoardMaximumOptions

    def carry_over(
        self, qualifying: Qualifying, options: BoardMaximumOptions
    ) -> dict[Any, Decimal]:
        """Each qualifier's share of the N-board maximum."""
        del options  # the board maximum needs only the scores and the final
        return board_maximum(
            qualifying.scores, final_top=qualifying.final_top, boards=qualifying.maximum_boards
        )


class FullOptions(BaseModel):
    """How much of the qualifying score is carried."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    share: Decimal = Field(
        Decimal(100),
        gt=0,
        le=100,
        description="The per cent of its qualifying score each qualifier carries: 100 the "
        "whole score, 50 half of it.",
    )


class FullCarryOver:
    """The whole qualifying score (or a set share of it) is added to the final's.

    The manual's second and third ways of carrying a qualifying over (part 3 ch. 1 §3):
    each qualifier starts the final with its qualifying score, or with the per cent of it
    the conditions of contest name (``share``, 100 unless set), to two decimals.
    """

    name: ClassVar[str] = "full"
    aliases: ClassVar[tuple[str, ...]] = ("whole", "share")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = FullOptions

    def carry_over(self, qualifying: Qualifying, options: FullOptions) -> dict[Any, Decimal]:
        """Each qualifier's qualifying score, or its share of it."""
        return whole_score(qualifying.scores, share=Fraction(options.share) / 100)


@hookimpl
def traveller_register_carry_over_rules(register: Callable[[Any], None]) -> None:
    """Register :class:`JcblCarryOver`, :class:`BoardMaximum` and :class:`FullCarryOver`."""
    register(JcblCarryOver())
    register(BoardMaximum())
    register(FullCarryOver())
