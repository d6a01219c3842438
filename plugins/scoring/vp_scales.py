"""Victory-point scales: how a match's IMP margin becomes VPs (JCBL manual part 2 ch. 6 §4).

The manual names the scales in use — the WBF scale (25-0), 10-0, 20-0, 30-0 and 40-0, and
for short matches 12-0 (10-0 plus 2 points for the win) and 29-0 (the WBF scale plus 4)
— but prints none of their tables. What this module implements, and on what authority:

* ``wbf2013``: the WBF's continuous scale of 2013 (the public technical report of its
  scoring panel), for any number of boards.
* ``10-0``, ``20-0``, ``30-0``, ``40-0``: the same WBF formula with the match worth the
  scale's total instead of 20, the winner's VPs rounded half up to whole points (the
  loser gets the rest). The WBF derives its own whole-VP ("discrete") tables from the
  same curve, so ``20-0`` is close to them but is not a copy of a published table; a
  federation that uses a printed table should register that table as its own scale.
* ``12-0``: ``10-0`` plus 2 VPs for the winner (1 each for a drawn match), as the manual says.
* ``25-0``: the WBF's scale before 2013, a printed table for matches of 8, 12, 16, 20, 24,
  28 and 32 boards (:data:`WBF_25_BOUNDS`): 15–15 for a draw, one VP more for the winner
  each band up to 25–5, then the loser loses a VP a band down to 25–0. A match is worth
  30 VPs up to 25–5 and less beyond (25 at 25–0). Other numbers of boards are refused:
  no table is at hand for them (the ``boards`` option scores a match on the table of the
  number of boards the event's conditions name).
* ``29-0``: ``25-0`` plus 4 VPs for the winner (2 each for a drawn match), as the manual says.
* ``mccallum-30`` … ``mccallum-60``: McCallum (part 3 ch. 4 §3): each team starts with the
  carry points and adds its IMP margin, never below 0 nor above twice the carry.

Source of the 25-0 table. No WBF publication of the old tables was at hand; the table is
read, number for number, from the VP table in the public source of a bridge scoring
program, ``ukrbublik/BridgeNote``, file ``BridgeProject/BridgeGameScoring.cs`` (commit
5d832d017050b07fe17b47ba356c2b69b76dfe11), which prints it with the note that a margin
beyond the last band gives 25:0. It agrees with every figure of the old scale that other
public pages give (decision 0009): a draw is 15–15, the best win 25–5 and the most
extreme result 25–0; 16 boards, 0–2 IMPs a draw and 3–7 IMPs 16–14; 16 boards, 21 IMPs
20–10; 32 boards, 21 IMPs 18–12; and the WBF's 2013 blitz, 15·√N IMPs, which the WBF
calls "about the old 25-2", falls in the 25–2 band of every one of the seven tables. A
federation whose printed table differs registers its own :class:`TableScale`.

Every scale gives the two sides of a match VPs that add up to its total (for 25-0 and
29-0, up to the winner's cap; see above); the two halves of a drawn match are equal.
VPs are exact :class:`~fractions.Fraction` values; the irrational parts of the WBF formula
are computed with 50 significant decimal digits and rounded half up, never in binary
floating point.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_HALF_UP, Context, Decimal, localcontext
from fractions import Fraction
from itertools import pairwise
from types import MappingProxyType
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.errors import N_, InvalidInput
from engine.hookspecs import hookimpl
from engine.registry import VictoryPointScale

_DIGITS = Context(prec=50)
_CENT = Decimal("0.01")

with localcontext(_DIGITS):
    #: τ³ = (√5 − 2), τ the golden-ratio conjugate (√5 − 1)/2: the WBF formula's base.
    _R = Decimal(5).sqrt() - 2
    _LN_R = _R.ln()


class NoOptions(BaseModel):
    """This scale takes no options."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class VpScaleOptions(BaseModel):
    """The options of a scoring method whose matches can be ranked in victory points.

    ``scale`` (or ``vp_scale``) names the scale; ``boards`` fixes the number of boards the
    scale is read for, whatever the match played. Team IMPs, Houston and team of pairs
    take both: ``--option scale=wbf2013 --option boards=8``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    vp_scale: str | None = Field(
        None,
        alias="scale",
        description="A victory-point scale (wbf2013, 20-0, 25-0, mccallum-40 …): each "
        "match's (each round's) IMP margin is converted to VPs on it and the VPs are "
        "ranked (none: the IMPs are ranked). Also accepted as vp_scale.",
    )
    boards: int | None = Field(
        None,
        ge=1,
        description="The number of boards the VP scale is read for, in place of the boards "
        "each match played: for a match curtailed or lengthened when the conditions of "
        "contest fix the scale (none: the boards the match played).",
    )

    @model_validator(mode="before")
    @classmethod
    def _one_name_for_the_scale(cls, data: Any) -> Any:
        if isinstance(data, Mapping) and "scale" in data and "vp_scale" in data:
            raise ValueError("scale and vp_scale are the same option: give it once")
        return data

    @model_validator(mode="after")
    def _boards_need_a_scale(self) -> Self:
        if self.boards is not None and self.vp_scale is None:
            raise ValueError(
                "boards is the number of boards a VP scale is read for: name the scale "
                "too (scale=wbf2013)"
            )
        return self


def _check_boards(boards: int) -> None:
    if boards < 1:
        raise InvalidInput(
            N_("A match of %(boards)s boards cannot be converted to VPs."),
            hint=N_("Give the number of boards the two teams played (1 or more)."),
            code="vp_scale.boards",
            boards=boards,
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


@dataclass(frozen=True, slots=True)
class Band:
    """One row of a printed VP table: a winning margin of up to ``upto`` IMPs (any larger
    margin when None) gives the winner ``winner`` VPs and the loser ``loser``."""

    upto: int | None
    winner: int
    loser: int


def bands(upper_bounds: Sequence[int], vps: Sequence[tuple[int, int]]) -> tuple[Band, ...]:
    """A printed table's rows: the largest margin of each band, and (winner, loser) VPs
    for each band and one more, the VPs of every margin beyond the last band."""
    if len(vps) != len(upper_bounds) + 1:
        raise ValueError(
            f"{len(upper_bounds)} bands need {len(upper_bounds) + 1} VP pairs, not {len(vps)}"
        )
    limits: list[int | None] = [*upper_bounds, None]
    return tuple(Band(upto, w, lo) for upto, (w, lo) in zip(limits, vps, strict=True))


def check_table(boards: int, table: Sequence[Band]) -> None:
    """Refuse a table that is not a VP table: the first band must be a draw from 0 IMPs,
    the bands' upper bounds must increase and the last band take every larger margin,
    and a larger margin must never give the winner fewer VPs nor the loser more."""
    where = f"the {boards}-board table"
    limits = [b.upto for b in table]
    if not table or limits[-1] is not None or None in limits[:-1]:
        raise ValueError(f"{where} must end, and only end, with a band for every larger margin")
    if table[0].winner != table[0].loser or (limits[0] is not None and limits[0] < 0):
        raise ValueError(f"{where} must start with a drawn band from 0 IMPs")
    bounds = [u for u in limits if u is not None]
    if any(b <= a for a, b in pairwise(bounds)):
        raise ValueError(f"{where}: the bands' upper bounds must increase")
    for a, b in pairwise(table):
        if b.winner < a.winner or b.loser > a.loser or b.loser > b.winner:
            raise ValueError(f"{where}: a larger margin must not be worth less to the winner")


class TableScale:
    """A VP scale printed as tables, one for each number of boards a match may have.

    Each table is a list of :class:`Band` rows: a winning margin falls in the first band
    whose upper bound it does not pass (any margin past the last bound in the last row),
    and the row gives the winner's and the loser's VPs; a drawn match is the first row.
    ``win_bonus`` VPs go to the winner on top (half each for a draw). A match of a
    number of boards with no table is refused. A scale is data: a subclass names it and
    gives its :attr:`tables`.
    """

    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = NoOptions
    tables: ClassVar[Mapping[int, tuple[Band, ...]]]
    win_bonus: ClassVar[int] = 0

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for boards, table in cls.__dict__.get("tables", {}).items():
            check_table(boards, table)

    def victory_points(self, imps: int, boards: int) -> tuple[Fraction, Fraction]:
        _check_boards(boards)
        table = self.tables.get(boards)
        if table is None:
            known = sorted(self.tables)
            listed = ", ".join(str(n) for n in known[:-1]) + f" and {known[-1]}"
            raise InvalidInput(
                N_(
                    "The %(scale)s scale has tables for matches of %(listed)s boards, not "
                    "%(boards)s."
                ),
                hint=N_(
                    "Score the event on wbf2013 (any number of boards), or give the "
                    "option boards=N: the number of boards the conditions of contest read the "
                    "scale for."
                ),
                code="vp_scale.no_table",
                scale=self.name,
                listed=listed,
                boards=boards,
            )
        margin = abs(imps)
        band = next(b for b in table if b.upto is None or margin <= b.upto)
        sides = _sides(imps, Fraction(band.winner), Fraction(band.winner + band.loser))
        return with_win_bonus(imps, sides, self.win_bonus)


#: The VPs of each band of the WBF 25-0 scale: 15–15, 16–14, … 25–5, then 25–4 … 25–1,
#: and 25–0 beyond the last band.
WBF_25_VPS: tuple[tuple[int, int], ...] = (
    *((15 + i, 15 - i) for i in range(11)),
    *((25, 5 - i) for i in range(1, 6)),
)

#: The WBF 25-0 scale: for each number of boards, the largest margin (IMPs) of each band
#: of :data:`WBF_25_VPS` but the last. Read from ukrbublik/BridgeNote,
#: BridgeProject/BridgeGameScoring.cs (commit 5d832d0): the module docstring says more.
WBF_25_BOUNDS: Mapping[int, tuple[int, ...]] = MappingProxyType(
    {
        8: (1, 5, 8, 11, 14, 17, 20, 23, 26, 29, 33, 37, 41, 45, 50),
        12: (1, 6, 9, 12, 16, 20, 24, 28, 32, 36, 40, 45, 50, 55, 61),
        16: (2, 7, 11, 15, 19, 23, 27, 31, 36, 41, 46, 52, 58, 64, 71),
        20: (2, 8, 12, 16, 21, 26, 31, 36, 41, 47, 53, 59, 65, 72, 79),
        24: (3, 9, 14, 19, 24, 29, 34, 39, 45, 51, 57, 64, 71, 79, 87),
        28: (3, 10, 15, 20, 25, 31, 37, 43, 49, 55, 61, 68, 76, 85, 94),
        32: (3, 10, 16, 22, 28, 34, 40, 46, 52, 58, 65, 73, 82, 91, 100),
    }
)


class Wbf25(TableScale):
    """WBF 25-0 (the WBF's scale before its 2013 one): tables for 8 to 32 boards, by fours.

    A draw is 15–15; each band of margin gives the winner one VP more, up to 25–5, and
    past that the loser one VP less, down to 25–0 (16 boards: 0–2 IMPs 15–15, 3–7 16–14,
    42–46 25–5, 72 or more 25–0). A match is worth 30 VPs up to 25–5 and less beyond.
    Other numbers of boards have no table and are refused.
    """

    name = "25-0"
    aliases: ClassVar[tuple[str, ...]] = ("wbf-25", "wbf25")
    tables: ClassVar[Mapping[int, tuple[Band, ...]]] = MappingProxyType(
        {n: bands(bounds, WBF_25_VPS) for n, bounds in WBF_25_BOUNDS.items()}
    )


class Vp29(Wbf25):
    """29-0 for short matches: the WBF 25-0 scale plus 4 VPs for the winner (17–17 a draw)."""

    name = "29-0"
    aliases: ClassVar[tuple[str, ...]] = ()
    win_bonus = 4


#: One instance of each scale: registering the module twice registers the same objects.
SCALES: tuple[VictoryPointScale, ...] = (
    Wbf2013(),
    Vp10(),
    Vp12(),
    Vp20(),
    Vp30(),
    Vp40(),
    Wbf25(),
    Vp29(),
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
