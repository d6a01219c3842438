"""Exact numbers and the governing body's rounding.

Matchpoints, percentages and totals are :class:`~fractions.Fraction`; they are
rounded only for display and publication, half up at the second decimal (JCBL).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction


def round_half_up(value: Fraction | int, places: int = 2) -> Decimal:
    """``value`` rounded half away from zero to ``places`` decimals, exactly (JCBL, 四捨五入)."""
    exact = Fraction(value)
    digits = int(abs(exact) * 10**places + Fraction(1, 2))
    return Decimal(-digits if exact < 0 else digits).scaleb(-places)


def show(value: Fraction | int, places: int = 2) -> str:
    """The display string of a rounded number: ``"57.50"``."""
    return str(round_half_up(value, places))
