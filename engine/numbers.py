"""Exact numbers and the governing body's rounding.

Matchpoints, percentages and totals are :class:`~fractions.Fraction`; they are
rounded only for display and publication, half up at the second decimal (JCBL).
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction


def round_half_up(value: Fraction | int, places: int = 2) -> Decimal:
    """Round exactly, half away from zero, to ``places`` decimals: 2.345 → 2.35."""
    exact = Fraction(value)
    quantum = Decimal(1).scaleb(-places)
    # Decimal division of numerator by denominator at ample precision, then one rounding.
    scaled = Fraction(exact) * 10**places
    sign = -1 if scaled < 0 else 1
    magnitude = abs(scaled)
    whole, rest = divmod(magnitude.numerator, magnitude.denominator)
    if 2 * rest >= magnitude.denominator:
        whole += 1
    return (Decimal(sign * whole) * quantum).quantize(quantum)


def show(value: Fraction | int, places: int = 2) -> str:
    """The display string of a rounded number: ``"57.50"``."""
    return str(round_half_up(value, places))
