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
    return from_units(rounded_units(numerator, denominator, places), places)


def from_units(units: int, places: int = 2) -> Decimal:
    """Whole ``units`` of the last place (hundredths) as the decimal shown: 5750 → 57.50."""
    return Decimal(units).scaleb(-places)


def rounded_units(numerator: int, denominator: int, places: int = 2) -> int:
    """:func:`round_quotient_half_up` in whole units of the last place (hundredths): the
    figure as shown, as an integer that sorts and compares as the figure does."""
    # Whole-number arithmetic: floor(|x|·10^places + ½).
    unit: int = 10**places
    digits = (2 * abs(numerator) * unit + denominator) // (2 * denominator)
    return -digits if numerator < 0 else digits


def show(value: Fraction | int, places: int = 2) -> str:
    """The display string of a rounded number: ``"57.50"``."""
    return str(round_half_up(value, places))
