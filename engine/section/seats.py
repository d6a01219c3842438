"""The checks of who sits where in a section, made before anything is written: the seat a
late pair takes, a pair number asked for in a section with no movement, two seats swapped,
the substitute's first round.

Each function either returns the value as it will be recorded or raises an error from
:mod:`engine.errors` whose message tells the director what is wrong and what to do. The
seating of a whole movement is :func:`engine.section.checks.seat`.
"""

from __future__ import annotations

from engine.errors import N_, Fix, InvalidInput, NotFound, Rejected
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
            N_(
                "Section %(section)s of session %(session)s has no empty seat: every pair "
                "number is taken."
            ),
            hint=N_(
                "A late pair takes the phantom's seat (an odd number of pairs) or the seat of a "
                "pair that withdrew before playing: withdraw the pair it replaces first. To "
                "replace one player of a pair that has played, substitute the player."
            ),
            code="seat.none_free",
            fix=(Fix("entry.withdraw", needs=("entry", "reason")), Fix("entry.substitute")),
            section=state.name,
            session=state.session,
        )
    if requested is None:
        return _team_seats(state, free[0])
    wanted = parse_pair_text(requested)
    if wanted not in free:
        raise Rejected(
            N_("Pair %(pair)s of section %(section)s is not free."),
            hint=N_("Free seats: %(free)s."),
            code="seat.taken",
            pair=str(wanted),
            section=state.name,
            free=", ".join(str(p) for p in free),
        )
    return _team_seats(state, wanted)


def fits_numbering(state: Section, pair: Pair) -> None:
    """A pair number written the way the section numbers its pairs (when it does yet)."""
    if state.numbering is Numbering.MITCHELL and pair.line is None:
        raise InvalidInput(
            N_(
                "Section %(section)s numbers its NS and EW pairs apart: pair %(number)s "
                "does not say which."
            ),
            hint=N_("Write NS%(number)s or EW%(number)s."),
            code="pair.line_missing",
            section=state.name,
            number=pair.number,
        )
    if state.numbering is Numbering.HOWELL and pair.line is not None:
        raise InvalidInput(
            N_(
                "Section %(section)s numbers its pairs in one series: write %(number)s, "
                "not %(key)s."
            ),
            code="pair.line_given",
            section=state.name,
            number=pair.number,
            key=pair.key,
        )


def requested_seat(state: Section, tournament: Tournament, requested: str) -> Pair:
    """The seat an entry asks for in a section with no movement: its pair number on the
    travellers (a results-only section seats its entries by their numbers)."""
    pair = parse_pair_text(requested)
    fits_numbering(state, pair)
    holder = seated_entry(tournament, state, pair)
    if holder is not None and not holder.withdrawn:
        raise Rejected(
            N_("Pair %(pair)s of section %(section)s is already entry %(entry)s (%(names)s)."),
            hint=N_("Ask for another pair number, or put the entries right by swapping them."),
            code="seat.taken",
            fix=Fix("entry.swap", fields={"section": state.name}, needs=("first", "second")),
            pair=str(pair),
            section=state.name,
            entry=holder.id,
            names=", ".join(holder.names),
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
            N_(
                "Section %(section)s seats %(seats)s: pair numbers that %(numbering)s "
                "numbering does not have (it numbers NS and EW apart)."
            )
            if mitchell
            else N_(
                "Section %(section)s seats %(seats)s: pair numbers that %(numbering)s "
                "numbering does not have (it numbers one series)."
            ),
            hint=N_("Move each to its number first, for example %(pair)s to %(moved)s."),
            code="seat.numbering",
            fix=Fix(
                "entry.swap",
                fields={"section": state.name, "first": pair.key, "second": moved.key},
            ),
            section=state.name,
            seats=", ".join(f"{entry} at {p.key}" for p, entry in wrong),
            numbering=numbering.value,
            pair=pair.key,
            moved=moved.key,
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
                N_("There is no pair %(pair)s in section %(section)s of session %(session)s."),
                hint=N_("Its pairs are %(pairs)s."),
                code="pair.not_found",
                pair=str(pair),
                section=state.name,
                session=state.session,
                pairs=", ".join(str(p) for p in movement.pairs),
            )
    if pairs[0] == pairs[1]:
        raise InvalidInput(
            N_("Pair %(pair)s cannot be swapped with itself."),
            code="seat.swap_itself",
            pair=str(pairs[0]),
        )
    if movement is not None and movement.kind == "teams":
        pairs = [Pair(p.number, Line.NS) for p in pairs]
        if any(p not in movement.pairs for p in pairs):
            raise NotFound(
                N_("Section %(section)s has teams 1 to %(teams)s."),
                code="team.not_found",
                section=state.name,
                teams=len(movement.teams),
            )
    if not any(p in state.seats for p in pairs):
        raise Rejected(
            N_("Neither pair %(first)s nor pair %(second)s is seated: nothing to swap."),
            code="seat.swap_empty",
            first=str(pairs[0]),
            second=str(pairs[1]),
        )
    seats = [s for p in pairs for s in _team_seats(state, p)]
    for pair in seats:
        if has_played(state, pair):
            raise Rejected(
                N_(
                    "Pair %(pair)s already has results in section %(section)s: swapping now "
                    "would give them to another entry."
                ),
                hint=N_("Seats are swapped before play. To replace one player, substitute them."),
                code="seat.played",
                fix=Fix("entry.substitute"),
                pair=str(pair),
                section=state.name,
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
                N_("Every round of section %(section)s of session %(session)s has been played."),
                hint=N_("Give the round the substitute came in from."),
                code="substitute.round",
                fix=Fix(None, needs=("from_round",)),
                section=state.name,
                session=state.session,
            )
        return from_round
    if from_round < 1:
        raise InvalidInput(N_("Rounds are numbered from 1."), code="round.number")
    if movement is None and from_round > 1:
        raise Rejected(
            N_(
                "Section %(section)s of session %(session)s has no movement, so the round of "
                "each result is not known: a substitute plays the whole session there."
            ),
            hint=N_("Leave out the round the substitute came in from."),
            code="substitute.no_movement",
            section=state.name,
            session=state.session,
        )
    if movement is not None and from_round > movement.rounds:
        raise InvalidInput(
            N_("The movement of section %(section)s has %(rounds)s rounds, not %(round)s."),
            code="round.beyond_movement",
            section=state.name,
            rounds=movement.rounds,
            round=from_round,
        )
    return from_round
