"""A renumbering checked against the schedules themselves, pair by pair: whatever found
it (the search, or a director who gave it whole)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from engine.errors import N_, Phrase, Rejected
from engine.movement import Movement
from engine.renumbering.groups import opponents, sit_outs
from engine.renumbering.types import PlayedSection, Renumbering, SectionSeat


def check(
    played: Sequence[PlayedSection],
    following: Mapping[str, Movement],
    renumbering: Renumbering,
    *,
    stationary: Collection[SectionSeat] = (),
    rematches: bool = False,
) -> None:
    """Check a renumbering against the schedules themselves, pair by pair.

    Every pair of ``played`` has one seat of ``following``, no seat two pairs; each
    section leaves at most one seat empty, its phantom; no two pairs who met meet again
    (unless ``rematches`` allows it: a movement that has them, as the JCBL two-session
    list's one rematch); no pair sits out twice; the pairs at ``stationary`` seats get
    stationary seats."""
    problems: list[str] = []
    seated = {
        SectionSeat(s.name, p): e for s in played for p, e in s.seats.items() if p != s.phantom
    }
    label = {e: f"{e} ({seat})" for seat, e in seated.items()}
    moved = {m.old: m for m in renumbering.moves}
    problems += [f"{label[e]} has no seat" for seat, e in seated.items() if seat not in moved]
    taken: dict[SectionSeat, str] = {}
    for m in renumbering.moves:
        if seated.get(m.old) != m.entry:
            problems.append(f"{m.entry} did not sit at {m.old}")
        movement = following.get(m.new.section)
        if movement is None or m.new.pair not in movement.pairs:
            problems.append(f"there is no seat {m.new}")
        elif m.new in taken:
            problems.append(f"{taken[m.new]} and {m.entry} both sit at {m.new}")
        taken[m.new] = m.entry
    for name, movement in following.items():
        empty = [p for p in movement.pairs if SectionSeat(name, p) not in taken]
        if len(empty) > 1:
            problems.append(f"section {name} leaves {len(empty)} seats empty")
        elif renumbering.phantoms.get(name) != (empty[0] if empty else None):
            problems.append(f"section {name}'s phantom is not its empty seat")
    met: dict[str, set[str]] = {}
    rested: dict[str, int] = {}
    for s in played:
        rests = sit_outs(s.movement, s.phantom)
        for p, others in opponents(s.movement, s.phantom).items():
            if p in s.seats:
                met[s.seats[p]] = {s.seats[q] for q in others if q in s.seats}
                rested[s.seats[p]] = rests.get(p, 0)
    again: set[frozenset[str]] = set()
    for name, movement in following.items():
        hole = renumbering.phantoms.get(name)
        rests = sit_outs(movement, hole)
        for p, others in opponents(movement, hole).items():
            entry = taken.get(SectionSeat(name, p))
            if entry is None:
                continue
            for other in (taken.get(SectionSeat(name, q)) for q in others):
                if rematches or other is None or other not in met.get(entry, ()):
                    continue
                if frozenset((entry, other)) not in again:
                    again.add(frozenset((entry, other)))
                    problems.append(
                        f"{label.get(entry, entry)} and {label.get(other, other)} would meet again"
                    )
            if rests.get(p, 0) and rested.get(entry, 0) + rests[p] > 1:
                problems.append(f"{label.get(entry, entry)} would sit out again")
    for seat in stationary:
        found = moved.get(seat)
        if found is not None and found.new.pair not in following[found.new.section].stationary:
            problems.append(f"{label[found.entry]} asked to stay put but moves to {found.new}")
    if problems:
        more = (
            Phrase(N_("; and %(more)s more"), more=len(problems) - 5) if len(problems) > 5 else ""
        )
        raise Rejected(
            N_("This renumbering cannot be used: %(problems)s%(more)s."),
            code="renumber.unsound",
            problems="; ".join(problems[:5]),
            more=more,
        )
