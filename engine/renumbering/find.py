"""Finding a renumbering: every placing of the empty seats in turn, the search for each,
and, when none works, why (as precisely as can be told)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import replace

from engine.errors import N_, Fix, Phrase, Rejected
from engine.movement import Movement
from engine.renumbering.groups import sit_outs
from engine.renumbering.problem import PairToSeat, Problem, pose
from engine.renumbering.search import SEARCH_LIMIT, SETTLE_LIMIT, Budget, Exhausted, Search
from engine.renumbering.types import Move, PlayedSection, Renumbering, SectionSeat
from engine.renumbering.verify import check
from engine.seating import Pair

PHANTOM_CHOICES = 24
"""How many placings of the empty seats are tried before the search gives up."""


def renumber(
    played: Sequence[PlayedSection],
    following: Mapping[str, Movement],
    *,
    stationary: Collection[SectionSeat] = (),
    moves: Mapping[SectionSeat, SectionSeat] | None = None,
    rematches: bool = False,
) -> Renumbering:
    """Every pair of ``played`` given a seat in the ``following`` session's movements.

    No two pairs that met meet again, no pair sits out twice over both sessions, the
    pairs at ``stationary`` seats (of the session played) get stationary seats, and the
    director's ``moves`` (old seat → new seat) are kept. Each section of the next session
    leaves at most one seat empty (its phantom). Raises :class:`Rejected`, saying why,
    when no such renumbering exists (or none was found within the search's steps).
    ``rematches`` lets pairs meet again (the moves given whole are then only seated)."""
    _check_pairs_games(played, following)
    problem = pose(played, following, stationary, dict(moves or {}))
    if len(problem.fixed) == len(problem.entries):
        decided = _renumbering(problem, problem.fixed)
    else:
        empties = len(problem.slots) - len(problem.entries)
        _check_sizes(problem, empties)
        found = _search(problem, empties, Budget())
        if found is None:
            raise _impossible(problem, empties)
        decided = found
    check(played, following, decided, stationary=stationary, rematches=rematches)
    return decided


def _search(problem: Problem, empties: int, budget: Budget) -> Renumbering | None:
    for empty in itertools.islice(_empty_seats(problem, empties), PHANTOM_CHOICES):
        search = Search(problem, empty, _rests(problem, empty), budget)
        try:
            found = search.solve()
        except Exhausted:
            raise Rejected(
                N_("No renumbering was found within %(steps)s steps of the search."),
                hint=N_("Fix some pairs' moves yourself, and the rest will be found around them."),
                code="renumber.search",
                fix=Fix(None, needs=("move",)),
                steps=SEARCH_LIMIT,
            ) from None
        if found is not None:
            return _renumbering(problem, search.seat_everyone(*found))
    return None


def _check_pairs_games(played: Sequence[PlayedSection], following: Mapping[str, Movement]) -> None:
    for name, movement in [(s.name, s.movement) for s in played] + list(following.items()):
        if movement.kind != "pairs":
            raise Rejected(
                N_(
                    "Section %(section)s plays a %(kind)s movement; pairs are renumbered "
                    "between sessions of a pairs game only."
                ),
                code="renumber.not_pairs",
                section=name,
                kind=movement.kind,
            )


def _check_sizes(problem: Problem, empties: int) -> None:
    seats, pairs = len(problem.slots), len(problem.entries)
    if empties < 0:
        raise Rejected(
            N_(
                "The next session's movements seat %(seats)s pairs, but %(pairs)s pairs go on "
                "to it."
            ),
            hint=N_("Assign movements with more tables to the next session's sections."),
            code="renumber.too_few_seats",
            seats=seats,
            pairs=pairs,
        )
    if empties > len(problem.following):
        raise Rejected(
            N_(
                "The next session's movements seat %(seats)s pairs, %(empties)s more than the "
                "%(pairs)s pairs going on to it; a section can leave only one seat empty (its "
                "phantom)."
            ),
            hint=N_("Assign movements with fewer tables to the next session's sections."),
            code="renumber.too_many_seats",
            seats=seats,
            empties=empties,
            pairs=pairs,
        )
    asking = sum(1 for e in problem.entries if e.wants_still)
    still = sum(1 for s in problem.slots if s.still)
    if asking > still:
        raise Rejected(
            N_(
                "%(asking)s pairs asked to stay put, but the next session's movements have only "
                "%(still)s stationary seats."
            ),
            hint=N_("Choose movements with more stationary pairs (a Mitchell's NS pairs stay)."),
            code="renumber.stationary",
            asking=asking,
            still=still,
        )


def _empty_seats(problem: Problem, empties: int) -> Iterator[frozenset[int]]:
    """Placings of the empty seats, most natural first: where the phantom sat before, then
    the movements' own choice, in the later sections first (the manual's Howell)."""
    taken = set(problem.fixed.values())
    where: dict[str, list[int]] = {name: [] for name in problem.following}
    for s, slot in enumerate(problem.slots):
        where[slot.seat.section].append(s)

    def candidates(name: str) -> list[int]:
        movement = problem.following[name]
        liked = [problem.s1_phantoms.get(name), movement.phantom]
        firsts = {problem.slots[s].bin: s for s in reversed(where[name])}
        seats = [s for s in where[name] if problem.slots[s].seat.pair in liked]
        seats.sort(key=lambda s: liked.index(problem.slots[s].seat.pair))
        seats += sorted(firsts.values())
        return list(dict.fromkeys(s for s in seats if s not in taken))

    names = list(problem.following)
    phantom_before = [n for n in names if n in problem.s1_phantoms]
    order = phantom_before + [n for n in reversed(names) if n not in phantom_before]
    for sections in itertools.combinations(order, empties):
        for seats in itertools.product(*(candidates(n) for n in sections)):
            yield frozenset(seats)


def _rests(problem: Problem, empty: frozenset[int]) -> list[int]:
    """Slot → rounds it sits out in the next session, given the empty seats."""
    count: dict[SectionSeat, int] = {}
    for name, movement in problem.following.items():
        hole = next(
            (problem.slots[s].seat.pair for s in empty if problem.slots[s].seat.section == name),
            None,
        )
        count |= {SectionSeat(name, p): n for p, n in sit_outs(movement, hole).items()}
    return [count[slot.seat] for slot in problem.slots]


def _renumbering(problem: Problem, assigned: Mapping[int, int]) -> Renumbering:
    """The moves and the phantoms (the seats left empty) of ``assigned``: entry → slot."""
    moves = tuple(
        Move(e.id, e.seat, problem.slots[assigned[i]].seat) for i, e in enumerate(problem.entries)
    )
    taken = set(assigned.values())
    phantoms: dict[str, Pair] = {}
    for s, slot in enumerate(problem.slots):
        if s not in taken and slot.seat.section not in phantoms:
            phantoms[slot.seat.section] = slot.seat.pair
    order = {e.seat: i for i, e in enumerate(problem.entries)}
    return Renumbering(tuple(sorted(moves, key=lambda m: order[m.old])), phantoms)


def _impossible(problem: Problem, empties: int) -> Rejected:
    """Why no renumbering works, as precisely as can be told."""
    strangers = sum(
        max(
            1 if side.moving else sum(1 for e in problem.entries if e.side == i)
            for i, side in enumerate(problem.sides)
            if side.component == k
        )
        for k in range(problem.components[0])
    )
    for b, part in enumerate(problem.bins):
        seats = [s for s in problem.slots if s.bin == b]
        if part.moving and strangers < len(seats) - min(empties, 1):
            return Rejected(
                N_(
                    "Section %(section)s of the next session seats %(seats)s pairs who all meet "
                    "one another, but at most %(strangers)s pairs who never met one another can "
                    "be found (a line of each Mitchell, the stationary pairs or one moving pair "
                    "of each Howell)."
                ),
                hint=N_(
                    "Keep each section's movement and move whole groups between sections (JCBL "
                    "part 3 ch. 3 §5), or play a single section as an interwoven Howell, whose "
                    "pairs keep their seats."
                ),
                code="renumber.strangers",
                fix=Fix("session.seat", needs=("from_session",)),
                section=seats[0].seat.section,
                seats=len(seats),
                strangers=strangers,
            )
    loosened: list[tuple[Phrase, Callable[[PairToSeat], PairToSeat]]] = [
        (
            Phrase(N_("the pairs who asked to stay put cannot all have stationary seats")),
            lambda e: replace(e, wants_still=False),
        ),
        (
            Phrase(N_("pairs who sat out would sit out again")),
            lambda e: replace(e, sat_out=False),
        ),
    ]
    for why, loosen in loosened:
        entries = [loosen(e) for e in problem.entries]
        if entries == problem.entries:
            continue
        try:
            found = _search(replace(problem, entries=entries), empties, Budget(SETTLE_LIMIT))
        except Rejected:
            continue
        if found is not None:
            return Rejected(
                N_(
                    "No renumbering keeps every pair from meeting a first-session opponent "
                    "again: %(why)s."
                ),
                hint=N_("Change the stationary requests or the next session's movements."),
                code="renumber.impossible",
                why=why,
            )
    return Rejected(
        N_(
            "No renumbering keeps every pair from meeting a first-session opponent again with "
            "these movements."
        ),
        hint=N_(
            "Choose the next session's movements so that the groups that never met can be "
            "moved between sections (JCBL part 3 ch. 3 §5), or fix some moves yourself."
        ),
        code="renumber.impossible",
        fix=Fix(None, needs=("move",)),
    )
