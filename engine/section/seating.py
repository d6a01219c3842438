"""What the commands of seating record: an entry registered and seated (one by one, or
the pairs a results file names), two seats swapped, a substitute for one player.

Pure functions of the states and the command, like :mod:`engine.section.decide`: each
makes every check (:mod:`engine.section.seats`) and returns the new events. A player's
name and member number belong to the entry, on the tournament
(:func:`engine.tournament.decide.rename_player`); seats belong to the section. A whole
session seated from an earlier one is recorded as a renumbering
(:func:`engine.section.decide.renumber`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from engine.errors import N_, Fix, InvalidInput, NotFound, Rejected
from engine.events import Changes, DomainEvent
from engine.seating import Line, Numbering, Pair, pair_order
from engine.section.events import PairsSeated, SeatsSwapped
from engine.section.seats import check_swap, first_round, late_seat, requested_seat, seat_of
from engine.section.state import Section
from engine.tournament.checks import (
    check_players,
    find_entry,
    parse_pair_text,
    player_place,
    require_text,
)
from engine.tournament.events import EntryRegistered, Player, PlayerSubstituted
from engine.tournament.state import Entry, Tournament


def playing(tournament: Tournament, section: Section) -> list[Entry]:
    """The section's entries that have not withdrawn."""
    return [e for e in tournament.entries_of(section.session, section.name) if not e.withdrawn]


def unseated(tournament: Tournament, section: Section) -> bool:
    """No entry is registered in the section nor seated at it: an import may then register
    the pairs its file names."""
    return not section.seats and not playing(tournament, section)


def register(
    changes: Changes,
    tournament: Tournament,
    section: Section,
    players: Sequence[Player],
    pair: str | None,
    *,
    name: str | None = None,
    seeding: Decimal | None = None,
) -> str:
    """Register (and seat) an entry, its events folded into ``tournament`` and ``section``
    (private copies the caller made), so that several can be registered in one decision.
    Returns the entry's id."""
    check_players(players, playing(tournament, section))
    if name is not None and not name.strip():
        raise InvalidInput(
            N_("An entry's name cannot be blank."),
            hint=N_("Give the entry a name, or leave it out."),
            code="entry.name",
            fix=Fix(None, needs=("name",)),
        )
    if seeding is not None and (not seeding.is_finite() or seeding < 0):
        raise InvalidInput(
            N_("Seeding points are a number of 0 or more (got %(seeding)s)."),
            hint=N_("Give a number such as 120, or leave it out."),
            code="entry.seeding",
            fix=Fix(None, fields={"seeding": 120}),
            seeding=str(seeding),
        )
    seats: tuple[Pair, ...] = ()
    phantom = None
    if section.movement is not None:
        seats = late_seat(section, tournament, pair)
        phantom = None if section.phantom in seats else section.phantom
    elif pair is not None:
        seats = (requested_seat(section, tournament, pair),)
    entry = tournament.next_entry_id()
    registered = changes.add(
        tournament,
        EntryRegistered,
        entry=entry,
        session=section.session,
        section=section.name,
        players=tuple(players),
        late=section.movement is not None,
        requested_pair=pair,
        name=None if name is None else name.strip(),
        seeding=None if seeding is None else str(seeding),
    )
    tournament.apply(registered)
    if seats:
        seated = changes.add(
            section,
            PairsSeated,
            seats={p.key: entry for p in seats},
            phantom=None if phantom is None else phantom.key,
        )
        section.apply(seated)
    return entry


def swap_seats(
    tournament: Tournament,
    section: Section,
    first: str,
    second: str,
    *,
    reason: str | None,
    actor: str,
) -> list[DomainEvent]:
    """The entries at two seats exchanged before either has played (one seat may be empty:
    the phantom's, and the entry moves there). A team's two seats move together."""
    a, b = check_swap(section, tournament, first, second)
    teams = section.movement is not None and section.movement.kind == "teams"
    changes = Changes(actor)
    for line in Line if teams else (None,):
        one, other = (a, b) if line is None else (Pair(a.number, line), Pair(b.number, line))
        changes.add(section, SeatsSwapped, first=one.key, second=other.key, reason=reason)
    return changes.events


def substitute_player(
    tournament: Tournament,
    section: Section,
    entry: str,
    player: str,
    substitute: Player,
    *,
    from_round: int | None,
    reason: str | None,
    actor: str,
) -> list[DomainEvent]:
    """A substitute for one of the entry's players (``player``: their place or name) in the
    session of ``section``, where the entry sits, from ``from_round`` (by default the round
    in play, or round 1 before play) to the end of the session."""
    found = find_entry(tournament, entry)
    if found.withdrawn:
        raise Rejected(N_("Entry %(entry)s has withdrawn."), code="entry.withdrawn", entry=entry)
    place = player_place(found, player)
    require_text(substitute.name, N_("Give the substitute's name."), "name")
    if seat_of(section, entry) is None:
        raise Rejected(
            N_("Entry %(entry)s does not sit in section %(section)s of session %(session)s."),
            hint=N_("Give the session in which the substitute plays."),
            code="substitute.session",
            fix=Fix(None, needs=("session",)),
            entry=entry,
            section=section.name,
            session=section.session,
        )
    start = first_round(section, from_round)
    cleaned = Player(
        name=" ".join(substitute.name.split()),
        member=(substitute.member or "").strip() or None,
    )
    now = found.players_at(section.session, start)[place - 1]
    if now.name.casefold() == cleaned.name.casefold() and now.member == cleaned.member:
        raise Rejected(
            N_(
                "%(name)s already plays for entry %(entry)s in round %(round)s of session "
                "%(session)s."
            ),
            code="substitute.same",
            name=cleaned.name,
            entry=entry,
            round=start,
            session=section.session,
        )
    changes = Changes(actor)
    changes.add(
        tournament,
        PlayerSubstituted,
        entry=entry,
        session=section.session,
        player=place,
        substitute=cleaned,
        from_round=start,
        reason=reason,
    )
    return changes.events


def register_named(
    changes: Changes,
    tournament: Tournament,
    section: Section,
    names: Mapping[str, Sequence[Player]],
) -> list[str]:
    """Register an entry for each pair a results file names (first named first: in a
    Howell a pair is its number, whichever way it sat), seated at its number and in
    number order, folded into ``tournament`` and ``section`` (private copies); returns
    the problems, by pair."""
    problems = []
    named: dict[Pair, tuple[str, Sequence[Player]]] = {}
    for text, players in names.items():
        try:
            pair = parse_pair_text(text)
        except InvalidInput as exc:
            problems.append(f"the names of pair {text}: {exc}")
            continue
        if section.numbering is Numbering.HOWELL:
            pair = Pair(pair.number)
        named.setdefault(pair, (text, players))
    for pair in sorted(named, key=pair_order):
        text, players = named[pair]
        try:
            register(changes, tournament, section, players, pair.key)
        except (Rejected, NotFound, InvalidInput) as exc:
            problems.append(f"the names of pair {text}: {exc}")
    return problems
