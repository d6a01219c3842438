"""Pairs, lines and pair numbering: who sits where, as the game names them."""

from __future__ import annotations

import enum
import re
from typing import NamedTuple

from engine.parsing import MOST_PAIR


class Line(enum.StrEnum):
    """The two sides of a table."""

    NS = "NS"
    """North-South."""
    EW = "EW"
    """East-West."""


class Numbering(enum.StrEnum):
    """How a section's pairs are numbered."""

    MITCHELL = "mitchell"
    """NS and EW are numbered separately from 1 (a Mitchell): NS 3 and EW 3 are different pairs."""
    HOWELL = "howell"
    """One series 1..N (a Howell, or an arrow-switched Mitchell): a pair sits either way."""


class Pair(NamedTuple):
    """A pair of a section: its number and, in Mitchell numbering, its line.

    A named tuple, because pairs are the keys of every standings computation and a
    tuple hashes and compares in C."""

    number: int
    line: Line | None = None

    def __str__(self) -> str:
        return str(self.number) if self.line is None else f"{self.line.value} {self.number}"

    def __repr__(self) -> str:
        """``Pair.parse('NS3')``: a repr that reads back as the same pair."""
        return f"Pair.parse({self.key!r})"

    @property
    def key(self) -> str:
        """A stable string form for events and JSON: ``"5"``, ``"NS5"``, ``"EW5"``."""
        return str(self.number) if self.line is None else f"{self.line.value}{self.number}"

    @classmethod
    def parse(cls, text: str) -> Pair:
        """``5``, ``NS5``, ``EW 5``: the number in ASCII digits, as a pair number can be
        (:data:`~engine.parsing.MOST_PAIR`); a ValueError otherwise (``NS٤``, ``1_0``)."""
        t = text.strip().upper().replace(" ", "")
        line = next((ln for ln in Line if t.startswith(ln.value)), None)
        digits = t if line is None else t[len(line.value) :]
        if not _PAIR_NUMBER.fullmatch(digits):
            raise ValueError(f"{text!r} is not a pair")
        return cls(int(digits), line)


_PAIR_NUMBER = re.compile(f"[0-9]{{1,{len(str(MOST_PAIR))}}}", re.ASCII)


def pair_at(numbering: Numbering, line: Line, number: int) -> Pair:
    """The pair sitting ``line`` with ``number`` under the section's numbering."""
    return Pair(number, line if numbering is Numbering.MITCHELL else None)


def pair_order(pair: Pair) -> tuple[int, int]:
    """Sort key: one series by number; in a Mitchell all NS pairs, then all EW pairs."""
    return (0 if pair.line in (None, Line.NS) else 1, pair.number)
