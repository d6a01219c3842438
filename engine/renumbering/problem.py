"""The renumbering as the search sees it: the pairs to seat, the seats of the next session,
both in their groups, and the moves the director fixed."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from engine.errors import N_, NotFound, Rejected
from engine.movement import Movement
from engine.renumbering.groups import groups, opponents, sit_outs
from engine.renumbering.types import PlayedSection, SectionSeat
from engine.seating import Pair, pair_order


@dataclass(frozen=True)
class PairToSeat:
    """A pair of the session played that goes on to the next: who, where it sat, its group
    (``side``) and what it may not be given."""

    id: str
    seat: SectionSeat
    side: int
    sat_out: bool
    still: bool
    """Stationary in the session just played."""
    wants_still: bool
    """Asked to stay put (a director's stationary request)."""


@dataclass(frozen=True)
class Slot:
    """A seat of the next session, in its group (``bin``)."""

    seat: SectionSeat
    bin: int
    still: bool


@dataclass(frozen=True)
class Part:
    """A group as the search sees it: its component, its place in it, and its kind."""

    component: int
    index: int
    moving: bool


@dataclass
class Problem:
    """Everything the search needs: the pairs, the seats, and their groups."""

    entries: list[PairToSeat]
    slots: list[Slot]
    sides: list[Part]
    bins: list[Part]
    components: tuple[int, int]
    """How many components the session played has, and the next one."""
    fixed: dict[int, int]
    """Entry → slot, as the director fixed them."""
    following: Mapping[str, Movement]
    s1_phantoms: dict[str, Pair]

    def side_of(self, e: int) -> Part:
        return self.sides[self.entries[e].side]

    def bin_of(self, s: int) -> Part:
        return self.bins[self.slots[s].bin]


def pose(
    played: Sequence[PlayedSection],
    following: Mapping[str, Movement],
    stationary: Collection[SectionSeat],
    moves: Mapping[SectionSeat, SectionSeat],
) -> Problem:
    """The pairs and seats in groups, the director's moves checked and fixed."""
    entries: list[PairToSeat] = []
    sides: list[Part] = []
    component = 0
    for section in played:
        movement = section.movement
        stray = sorted((p for p in section.seats if p not in movement.pairs), key=pair_order)
        if stray:
            raise Rejected(
                N_(
                    "Section %(section)s seats a pair at %(pair)s, which its movement "
                    "does not have."
                ),
                hint=N_("Seat the section's pairs again (assign its movement)."),
                code="renumber.stray_seat",
                section=section.name,
                pair=str(stray[0]),
            )
        met = opponents(movement, section.phantom)
        rests = sit_outs(movement, section.phantom)
        seated = [p for p in movement.pairs if p in section.seats and p != section.phantom]
        playing = {p: met[p] & set(seated) for p in seated}
        for found in groups(seated, playing):
            for index, group in enumerate(found):
                sides.append(Part(component, index, group.moving))
                for p in group.members:
                    seat = SectionSeat(section.name, p)
                    entries.append(
                        PairToSeat(
                            id=section.seats[p],
                            seat=seat,
                            side=len(sides) - 1,
                            sat_out=rests.get(p, 0) > 0,
                            still=p in movement.stationary,
                            wants_still=seat in stationary,
                        )
                    )
            component += 1
    played_components = component
    slots: list[Slot] = []
    bins: list[Part] = []
    component = 0
    for name, movement in following.items():
        for found in groups(movement.pairs, opponents(movement, None)):
            for index, group in enumerate(found):
                bins.append(Part(component, index, group.moving))
                slots += [
                    Slot(SectionSeat(name, p), len(bins) - 1, p in movement.stationary)
                    for p in group.members
                ]
            component += 1
    entry_at = {e.seat: i for i, e in enumerate(entries)}
    slot_at = {s.seat: i for i, s in enumerate(slots)}
    fixed: dict[int, int] = {}
    for old, new in moves.items():
        if old not in entry_at:
            raise NotFound(
                N_("No pair of the session played sits at %(seat)s."),
                code="renumber.no_pair_at",
                seat=str(old),
            )
        if new not in slot_at:
            raise NotFound(
                N_("The next session has no seat %(seat)s."),
                hint=N_("Give a pair number of that section's movement."),
                code="renumber.no_seat",
                seat=str(new),
            )
        if slot_at[new] in fixed.values():
            raise Rejected(
                N_("Two pairs are moved to %(seat)s."), code="renumber.seat_twice", seat=str(new)
            )
        fixed[entry_at[old]] = slot_at[new]
    unknown = [seat for seat in stationary if seat not in entry_at]
    if unknown:
        raise NotFound(
            N_("No pair of the session played sits at %(seat)s."),
            code="renumber.no_pair_at",
            seat=str(unknown[0]),
        )
    return Problem(
        entries,
        slots,
        sides,
        bins,
        (played_components, component),
        fixed,
        following,
        {s.name: s.phantom for s in played if s.phantom is not None},
    )
