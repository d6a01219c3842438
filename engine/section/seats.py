"""The checks of who sits where in a section, made before anything is written: the seat a
late pair takes, a pair number asked for in a section with no movement, two seats swapped,
the substitute's first round.

Each function either returns the value as it will be recorded or raises an error from
:mod:`engine.errors` whose message tells the director what is wrong and what to do. The
seating of a whole movement is :func:`engine.section.checks.seat`.
"""

from __future__ import annotations

from engine.errors import InvalidInput, NotFound, Rejected
from engine.seating import Line, Numbering, Pair, pair_order
from engine.section.state import Section
from engine.tournament.checks import parse_pair_text
from engine.tournament.state import Entry, Tournament


def has_played(state: Section, pair: Pair) -> bool:
    """``pair`` has a result (or an adjusted score) on some board of the section."""
    return any(pair in (t.ns, t.ew) for t in state.tables.values())


def seat_of(state: Section, entry: str) -> Pair | None:
    """The seat (the first, for a team) the entry holds in the section, if any."""
    return next((p for p in sorted(state.seats, key=pair_order) if state.seats[p] == entry), None)


def seated_entry(tournament: Tournament, state: Section, pair: Pair) -> Entry | None:
    """The entry seated at ``pair`` in the section, if any."""
    return tournament.entries.get(state.seats.get(pair, ""))


def _team_seats(state: Section, pair: Pair) -> tuple[Pair, ...]:
    """The seats of a team movement's team (its NS and EW pair), else the seat itself."""
    if state.movement is not None and state.movement.kind == "teams":
        return tuple(Pair(pair.number, line) for line in Line)
    return (pair,)


def free_seats(state: Section, tournament: Tournament) -> list[Pair]:
    """The seats a late entry may take: the phantom's, then those of entries that withdrew
    before playing a board (in pair order; a team's by its NS seat)."""
    free = [] if state.phantom is None else [state.phantom]
    for pair in sorted(state.seats, key=pair_order):
        holder = seated_entry(tournament, state, pair)
        if state.movement is not None and state.movement.kind == "teams" and pair.line is Line.EW:
            continue
        if holder is not None and holder.withdrawn and not has_played(state, pair):
            free.append(pair)
    return free


def late_seat(state: Section, tournament: Tournament, requested: str | None) -> tuple[Pair, ...]:
    """Where an entry registering after seating sits: the phantom's place (JCBL), or the
    seat of an entry that withdrew before playing. A team takes both its pairs' seats."""
    assert state.movement is not None
    if not state.seats and requested is not None:
        pair = parse_pair_text(requested)
        if pair in state.movement.pairs:
            return (pair,)
    free = free_seats(state, tournament)
    if not free:
        raise Rejected(
            f"Section {state.name} of session {state.session} has no empty seat: every "
            "pair number is taken.",
            hint="A late pair takes the phantom's seat (an odd number of pairs) or the seat of "
            "a pair that withdrew before playing: withdraw the pair it replaces first "
            "(`traveller entry withdraw`). To replace one player of a pair that has played, "
            "use `traveller entry substitute`.",
        )
    if requested is None:
        return _team_seats(state, free[0])
    wanted = parse_pair_text(requested)
    if wanted not in free:
        raise Rejected(
            f"Pair {wanted} of section {state.name} is not free.",
            hint="Free seats: " + ", ".join(str(p) for p in free) + ".",
        )
    return _team_seats(state, wanted)


def fits_numbering(state: Section, pair: Pair) -> None:
    """A pair number written the way the section numbers its pairs (when it does yet)."""
    if state.numbering is Numbering.MITCHELL and pair.line is None:
        raise InvalidInput(
            f"Section {state.name} numbers its NS and EW pairs apart: pair {pair.number} "
            "does not say which.",
            hint=f"Write NS{pair.number} or EW{pair.number}.",
        )
    if state.numbering is Numbering.HOWELL and pair.line is not None:
        raise InvalidInput(
            f"Section {state.name} numbers its pairs in one series: write {pair.number}, "
            f"not {pair.key}."
        )


def requested_seat(state: Section, tournament: Tournament, requested: str) -> Pair:
    """The seat an entry asks for in a section with no movement: its pair number on the
    travellers (a results-only section seats its entries by their numbers)."""
    pair = parse_pair_text(requested)
    fits_numbering(state, pair)
    holder = seated_entry(tournament, state, pair)
    if holder is not None and not holder.withdrawn:
        raise Rejected(
            f"Pair {pair} of section {state.name} is already entry {holder.id} "
            f"({', '.join(holder.names)}).",
            hint="Ask for another pair number, or put the entries right with "
            "`traveller entry swap`.",
        )
    return pair


def check_seats_numbered(state: Section, numbering: Numbering) -> None:
    """The entries a results-only section seats by their pair numbers must be numbered the
    way ``numbering`` numbers pairs (not ``3`` in a Mitchell, nor ``NS3`` in a Howell)."""
    mitchell = numbering is Numbering.MITCHELL
    wrong = [
        (pair, entry)
        for pair, entry in sorted(state.seats.items(), key=lambda i: pair_order(i[0]))
        if (pair.line is None) == mitchell
    ]
    if wrong:
        pair, _ = wrong[0]
        moved = Pair(pair.number, Line.NS) if mitchell else Pair(pair.number)
        raise Rejected(
            f"Section {state.name} seats "
            + ", ".join(f"{entry} at {p.key}" for p, entry in wrong)
            + f": pair numbers that {numbering.value} numbering does not have"
            + (" (it numbers NS and EW apart)." if mitchell else " (it numbers one series)."),
            hint=f"Move each to its number first, e.g. `traveller entry swap --section "
            f"{state.name} {pair.key} {moved.key}`.",
        )


# ---- swaps and substitutes --------------------------------------------------------------


def check_swap(state: Section, tournament: Tournament, first: str, second: str) -> list[Pair]:
    """The seats two swapped entries exchange, checked: seats of the section's movement (any
    pair number in a section with no movement), one of them held, neither played yet. In a
    team movement a team's two seats move together (NS3 and EW3)."""
    pairs = [parse_pair_text(first), parse_pair_text(second)]
    movement = state.movement
    for pair in pairs:
        if movement is None:
            fits_numbering(state, pair)
        elif movement.kind == "teams":
            continue
        elif pair not in movement.pairs:
            raise NotFound(
                f"There is no pair {pair} in section {state.name} of session {state.session}.",
                hint="Its pairs are " + ", ".join(str(p) for p in movement.pairs) + ".",
            )
    if pairs[0] == pairs[1]:
        raise InvalidInput(f"Pair {pairs[0]} cannot be swapped with itself.")
    if movement is not None and movement.kind == "teams":
        pairs = [Pair(p.number, Line.NS) for p in pairs]
        if any(p not in movement.pairs for p in pairs):
            raise NotFound(f"Section {state.name} has teams 1 to {len(movement.teams)}.")
    if not any(p in state.seats for p in pairs):
        raise Rejected(f"Neither pair {pairs[0]} nor pair {pairs[1]} is seated: nothing to swap.")
    seats = [s for p in pairs for s in _team_seats(state, p)]
    for pair in seats:
        if has_played(state, pair):
            raise Rejected(
                f"Pair {pair} already has results in section {state.name}: swapping now would "
                "give them to another entry.",
                hint="Seats are swapped before play. To replace one player, use "
                "`traveller entry substitute`.",
            )
    return pairs


def first_round(state: Section, from_round: int | None) -> int:
    """The round a substitute plays from: as given, else the round in play (the next one
    once it has ended; round 1 before play)."""
    movement = state.movement
    if from_round is None:
        now = state.current_round
        if now is None:
            return 1
        from_round = now + 1 if now in state.rounds_ended else now
        if movement is not None and from_round > movement.rounds:
            raise Rejected(
                f"Every round of section {state.name} of session {state.session} has been played.",
                hint="Give the round the substitute came in from with --from-round N.",
            )
        return from_round
    if from_round < 1:
        raise InvalidInput("Rounds are numbered from 1.")
    if movement is None and from_round > 1:
        raise Rejected(
            f"Section {state.name} of session {state.session} has no movement, so the round "
            "of each result is not known: a substitute plays the whole session there.",
            hint="Leave out --from-round.",
        )
    if movement is not None and from_round > movement.rounds:
        raise InvalidInput(
            f"The movement of section {state.name} has {movement.rounds} rounds, not {from_round}."
        )
    return from_round
