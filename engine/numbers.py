"""Exact numbers and the governing body's rounding.

Matchpoints, percentages and totals are :class:`~fractions.Fraction`; they are
rounded only for display and publication, half up at the second decimal (JCBL).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction


def round_half_up(value: Fraction | int, places: int = 2) -> Decimal:
    """``value`` rounded half away from zero to ``places`` decimals, exactly (JCBL, 四捨五入)."""
    exact = value if isinstance(value, Fraction) else Fraction(value)
    return round_quotient_half_up(exact.numerator, exact.denominator, places)


def round_quotient_half_up(numerator: int, denominator: int, places: int = 2) -> Decimal:
    """``numerator / denominator`` (``denominator`` positive, the two not necessarily in
    lowest terms) rounded as :func:`round_half_up` rounds it, without building a Fraction."""
    # Whole-number arithmetic: floor(|x|·10^places + ½).
    digits = (2 * abs(numerator) * 10**places + denominator) // (2 * denominator)
    return Decimal(-digits if numerator < 0 else digits).scaleb(-places)


def show(value: Fraction | int, places: int = 2) -> str:
    """The display string of a rounded number: ``"57.50"``."""
    return str(round_half_up(value, places))
