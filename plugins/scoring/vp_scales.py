"""Victory-point scales: how a match's IMP margin becomes VPs (JCBL manual part 2 ch. 6 §4).

The manual names the scales in use — the WBF scale, 10-0, 20-0, 30-0 and 40-0, and for
short matches 12-0 (10-0 plus 2 points for the win) and 29-0 (the WBF 25-0 scale plus 4)
— but prints none of their tables. What this module implements, and on what authority:

* ``wbf2013``: the WBF's continuous scale of 2013 (the public technical report of its
  scoring panel), for any number of boards.
* ``10-0``, ``20-0``, ``30-0``, ``40-0``: the same WBF formula with the match worth the
  scale's total instead of 20, the winner's VPs rounded half up to whole points (the
  loser gets the rest). The WBF derives its own whole-VP ("discrete") tables from the
  same curve, so ``20-0`` is close to them but is not a copy of a published table; a
  federation that uses a printed table should register that table as its own scale.
* ``12-0``: ``10-0`` plus 2 VPs for the winner (1 each for a drawn match), as the manual says.
* ``mccallum-30`` … ``mccallum-60``: McCallum (part 3 ch. 4 §3): each team starts with the
  carry points and adds its IMP margin, never below 0 nor above twice the carry.

Not here: the WBF's old 25-0 scale (used until 2012; 15–15 a draw, 25–5 a big win and
down to 25–0 for the biggest) and so 29-0 (25-0 plus 4 VPs for the winner, the manual
says). The manual prints no table, and no public source we could check prints one
either (decision 0009): this module does not invent one. Once a federation's table is
at hand, 29-0 is that scale with :func:`with_win_bonus`, as 12-0 is 10-0 with it.

Every scale gives the two sides of a match VPs that add up to its total; the two halves of
a drawn match are equal. VPs are exact :class:`~fractions.Fraction` values; the
irrational parts of the WBF formula are computed with 50 significant decimal digits and
rounded half up, never in binary floating point.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from decimal import ROUND_CEILING, ROUND_HALF_UP, Context, Decimal, localcontext
from fractions import Fraction
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict

from engine.errors import InvalidInput
from engine.hookspecs import hookimpl
from engine.plugins import VictoryPointScale

_DIGITS = Context(prec=50)
_CENT = Decimal("0.01")

with localcontext(_DIGITS):
    #: τ³ = (√5 − 2), τ the golden-ratio conjugate (√5 − 1)/2: the WBF formula's base.
    _R = Decimal(5).sqrt() - 2
    _LN_R = _R.ln()


class NoOptions(BaseModel):
    """This scale takes no options."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def _check_boards(boards: int) -> None:
    if boards < 1:
        raise InvalidInput(
            f"A match of {boards} boards cannot be converted to VPs.",
            hint="Give the number of boards the two teams played (1 or more).",
        )


def blitz(boards: int) -> Decimal:
    """The WBF 2013 blitz margin, 15·√boards IMPs: at or above it the winner gets every VP."""
    _check_boards(boards)
    with localcontext(_DIGITS):
        return 15 * Decimal(boards).sqrt()


def _wbf_share(margin: int, boards: int) -> Decimal:
    """The winner's share of the VPs above half, (1 − τ^(3M/B)) / (1 − τ³), capped at 1."""
    b = blitz(boards)
    if margin >= b:
        return Decimal(1)
    with localcontext(_DIGITS):
        return (1 - (_LN_R * margin / b).exp()) / (1 - _R)


@functools.lru_cache(maxsize=128)
def wbf2013_table(boards: int) -> tuple[Fraction, ...]:
    """The winner's VPs for each margin from 0 IMPs to the blitz, as the WBF publishes them.

    ``10 + 10·share`` rounded half up to 2 decimals, then the WBF's correction: where
    rounding made an extra IMP worth more VPs than the IMP before it, the VPs of the
    smaller margin go up by 0.01, until every increment is no larger than the one before.
    Each such raise is forced, so the result is the lowest table above the rounded
    formula in which no IMP is worth more than the one before it.
    """
    top = int(blitz(boards).to_integral_value(rounding=ROUND_CEILING))
    with localcontext(_DIGITS):
        vps = [
            (10 + 10 * _wbf_share(m, boards)).quantize(_CENT, rounding=ROUND_HALF_UP)
            for m in range(top + 1)
        ]
    while (i := _first_rise(vps)) is not None:
        vps[i - 1] += _CENT
    return tuple(Fraction(v) for v in vps)


def _first_rise(vps: list[Decimal]) -> int | None:
    """The first margin whose increment is larger than the increment before it."""
    return next(
        (i for i in range(2, len(vps)) if vps[i] - vps[i - 1] > vps[i - 1] - vps[i - 2]), None
    )


def _sides(imps: int, winner: Fraction, total: Fraction) -> tuple[Fraction, Fraction]:
    """(this side, opponent) from the winner's VPs: the side behind gets the rest."""
    return (winner, total - winner) if imps >= 0 else (total - winner, winner)


def with_win_bonus(
    imps: int, sides: tuple[Fraction, Fraction], bonus: int
) -> tuple[Fraction, Fraction]:
    """``sides`` (this side's VPs, its opponent's) with ``bonus`` more for the match's winner.

    The manual's short-match scales add win points (勝ち点) to a scale: 12-0 is 10-0
    plus 2, 29-0 the WBF 25-0 scale plus 4. A drawn match gives each side half.
    """
    mine, theirs = sides
    if imps == 0:
        return mine + Fraction(bonus, 2), theirs + Fraction(bonus, 2)
    return (mine + bonus, theirs) if imps > 0 else (mine, theirs + bonus)


class Wbf2013:
    """WBF 2013 continuous scale: 20 VPs a match, to two decimals, for any number of boards.

    The winner of a match of N boards by M IMPs gets 10 + 10·(1 − τ^(3M/B)) / (1 − τ³)
    VPs, where B = 15·√N is the blitz and τ = (√5 − 1)/2; at B IMPs or more it gets
    all 20. The loser gets 20 minus the winner's VPs and a draw is 10–10. Every extra
    IMP is worth no more VPs than the one before (16 boards, 7 IMPs: 12.03–7.97).
    """

    name: ClassVar[str] = "wbf2013"
    aliases: ClassVar[tuple[str, ...]] = ("wbf", "wbf-continuous")
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = NoOptions
    total: ClassVar[int] = 20

    def victory_points(self, imps: int, boards: int) -> tuple[Fraction, Fraction]:
        table = wbf2013_table(boards)
        winner = table[min(abs(imps), len(table) - 1)]
        return _sides(imps, winner, Fraction(self.total))


class WholeVpScale:
    """A whole-VP scale worth ``total`` VPs a match: the WBF 2013 curve, rounded.

    ``win_bonus`` of the total goes to the winner of the match (half each for a draw).
    Of the rest, C = total − win_bonus, the winner gets C/2 + C/2 · (1 − τ^(3M/B)) / (1 − τ³)
    rounded half up to a whole VP (all C at the blitz of 15·√N IMPs or more) and the
    loser gets what is left.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = NoOptions
    total: ClassVar[int]
    win_bonus: ClassVar[int] = 0

    def victory_points(self, imps: int, boards: int) -> tuple[Fraction, Fraction]:
        curve = self.total - self.win_bonus
        with localcontext(_DIGITS):
            exact = Decimal(curve) / 2 * (1 + _wbf_share(abs(imps), boards))
        winner = Fraction(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))
        return with_win_bonus(imps, _sides(imps, winner, Fraction(curve)), self.win_bonus)


class Vp10(WholeVpScale):
    """10-0 scale: whole VPs, 10 a match (5–5 for a draw), on the WBF 2013 curve."""

    name = "10-0"
    total = 10


class Vp12(Vp10):
    """12-0 scale for short matches: the 10-0 scale plus 2 VPs for the winner (6–6 a draw)."""

    name = "12-0"
    total = 12
    win_bonus = 2


class Vp20(WholeVpScale):
    """20-0 scale: whole VPs, 20 a match (10–10 for a draw), on the WBF 2013 curve."""

    name = "20-0"
    total = 20


class Vp30(WholeVpScale):
    """30-0 scale: whole VPs, 30 a match (15–15 for a draw), on the WBF 2013 curve."""

    name = "30-0"
    total = 30


class Vp40(WholeVpScale):
    """40-0 scale: whole VPs, 40 a match (20–20 for a draw), on the WBF 2013 curve."""

    name = "40-0"
    total = 40


class McCallum:
    """McCallum: each team starts with the carry points and adds its IMP margin.

    Winning by 10 IMPs with a carry of 40 gives 50 VPs, losing by 10 gives 30. The margin
    counts only up to the carry, so a match is worth 0 to twice the carry and always
    twice the carry in all (JCBL manual part 3 ch. 4 §3; JTOS offers carries 30 to 60).
    The number of boards does not matter.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = NoOptions
    carry: ClassVar[int]

    def victory_points(self, imps: int, boards: int) -> tuple[Fraction, Fraction]:
        _check_boards(boards)
        mine = min(max(self.carry + imps, 0), 2 * self.carry)
        return Fraction(mine), Fraction(2 * self.carry - mine)


class McCallum30(McCallum):
    """McCallum with a carry of 30: 30 ± the IMP margin, from 0 to 60 VPs."""

    name = "mccallum-30"
    carry = 30


class McCallum40(McCallum):
    """McCallum with a carry of 40: 40 ± the IMP margin, from 0 to 80 VPs."""

    name = "mccallum-40"
    carry = 40


class McCallum50(McCallum):
    """McCallum with a carry of 50: 50 ± the IMP margin, from 0 to 100 VPs."""

    name = "mccallum-50"
    carry = 50


class McCallum60(McCallum):
    """McCallum with a carry of 60: 60 ± the IMP margin, from 0 to 120 VPs."""

    name = "mccallum-60"
    carry = 60


#: One instance of each scale: registering the module twice registers the same objects.
SCALES: tuple[VictoryPointScale, ...] = (
    Wbf2013(),
    Vp10(),
    Vp12(),
    Vp20(),
    Vp30(),
    Vp40(),
    McCallum30(),
    McCallum40(),
    McCallum50(),
    McCallum60(),
)


@hookimpl
def traveller_register_vp_scales(register: Callable[[Any], None]) -> None:
    """Register every scale of this module."""
    for scale in SCALES:
        register(scale)
