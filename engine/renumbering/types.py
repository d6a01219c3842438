"""What a renumbering is made of: seats of a section, the sections played, the moves.

A seat here is a pair number in a section of one session (:class:`SectionSeat`), not a
player's seat at the table (:class:`engine.bridge.Seat`: N, E, S, W).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from engine.errors import N_, InvalidInput, NotFound
from engine.movement import Movement
from engine.seating import Pair
from engine.tournament import PairMove


class SectionSeat(NamedTuple):
    """A pair number in a section of one session: ``B:NS3``, ``C:14``."""

    section: str
    pair: Pair

    def __str__(self) -> str:
        return f"{self.section} {self.pair}"

    @property
    def key(self) -> str:
        return f"{self.section}:{self.pair.key}"

    @classmethod
    def parse(cls, text: str, sections: Sequence[str]) -> SectionSeat:
        """``B:NS3``, ``B:3`` or ``B 3``; the section may be left out when there is one."""
        cleaned = text.strip().upper()
        section, sep, pair = cleaned.partition(":" if ":" in cleaned else " ")
        if not sep:
            pair = section
            if len(sections) != 1:
                raise InvalidInput(
                    N_("%(text)s does not say which section."),
                    hint=N_("Write SECTION:PAIR, such as %(first)s:NS3 or %(last)s:5."),
                    code="seat.section_missing",
                    text=repr(text),
                    first=sections[0],
                    last=sections[-1],
                )
            section = sections[0]
        if section not in sections:
            raise NotFound(
                N_("There is no section %(section)s (%(text)s)."),
                hint=N_("Sections: %(sections)s."),
                code="seat.section_unknown",
                section=repr(section),
                text=repr(text),
                sections=", ".join(sections),
            )
        try:
            number = Pair.parse(pair)
        except ValueError:
            raise InvalidInput(
                N_("%(text)s is not a seat."),
                hint=N_("Write SECTION:PAIR, such as A:NS3 or B:5."),
                code="seat.text",
                text=repr(text),
            ) from None
        return cls(section, number)


@dataclass(frozen=True)
class PlayedSection:
    """A section of the session just played: its movement, who sat where, the phantom."""

    name: str
    movement: Movement
    seats: Mapping[Pair, str]
    """Pair → entry id, for every pair that goes on to the next session."""
    phantom: Pair | None = None


@dataclass(frozen=True)
class Move:
    """One pair's move: the entry, the seat it leaves and the seat it takes."""

    entry: str
    old: SectionSeat
    new: SectionSeat


@dataclass(frozen=True)
class Block:
    """Pairs with consecutive numbers that move together, as the manual prints its
    renumberings: ``A 14-26 → C 1-13``."""

    old: SectionSeat
    """The first pair's seat in the session played."""
    new: SectionSeat
    """Its seat in the next session."""
    count: int

    def follows(self, move: Move) -> bool:
        """``move`` is the next pair of this block."""
        return all(
            seat.section == start.section
            and seat.pair.line == start.pair.line
            and seat.pair.number == start.pair.number + self.count
            for seat, start in ((move.old, self.old), (move.new, self.new))
        )

    def __str__(self) -> str:
        def span(seat: SectionSeat) -> str:
            last = seat.pair.number + self.count - 1
            return f"{seat}" + (f"-{last}" if self.count > 1 else "")

        return f"{span(self.old)} → {span(self.new)}"


@dataclass(frozen=True)
class Renumbering:
    """Every pair's seat in the next session, and the seat left empty in each section."""

    moves: tuple[Move, ...]
    phantoms: Mapping[str, Pair] = field(default_factory=dict)

    def seating(self, section: str) -> tuple[dict[str, str], str | None]:
        """A next-session section's seats (pair key → entry) and its phantom's key."""
        seats = {m.new.pair.key: m.entry for m in self.moves if m.new.section == section}
        phantom = self.phantoms.get(section)
        return seats, None if phantom is None else phantom.key

    def blocks(self) -> list[Block]:
        """The moves as a director announces them: runs of consecutive pairs."""
        found: list[Block] = []
        for m in self.moves:
            last = found[-1] if found else None
            if last is not None and last.follows(m):
                found[-1] = replace(last, count=last.count + 1)
            else:
                found.append(Block(m.old, m.new, 1))
        return found

    @classmethod
    def recorded(cls, moves: Sequence[PairMove], phantoms: Mapping[str, str]) -> Renumbering:
        """The renumbering a ``PairsRenumbered`` event records."""
        return cls(
            tuple(
                Move(
                    m.entry,
                    SectionSeat(m.from_section, Pair.parse(m.from_pair)),
                    SectionSeat(m.to_section, Pair.parse(m.to_pair)),
                )
                for m in moves
            ),
            {name: Pair.parse(key) for name, key in phantoms.items()},
        )

    def record(self) -> tuple[PairMove, ...]:
        """The moves as the event records them."""
        return tuple(
            PairMove(
                entry=m.entry,
                from_section=m.old.section,
                from_pair=m.old.pair.key,
                to_section=m.new.section,
                to_pair=m.new.pair.key,
            )
            for m in self.moves
        )
