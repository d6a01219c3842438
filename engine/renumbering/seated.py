"""A session seated from an earlier one without a search: every pair keeping its seat, or
the qualifiers of a stage in their qualifying order.

Both are renumberings as the :class:`~engine.renumbering.types.Renumbering` records them
(each pair's old seat and new seat, each section's empty seat) and are recorded the same
way (``PairsRenumbered``, then each section's ``PairsSeated``), under their own method's
name:

- :data:`SAME_SEATS`: each pair keeps its section and number, for a movement that carries
  its groups over from one session to the next (the interwoven Howell of the JCBL
  two-session list, part 3 ch. 2). It is checked pair by pair as any renumbering is: no
  two pairs meet again, unless the director allows the rematches the movement has (the
  list's "one rematch" after a full scrambled Mitchell on 11 or 13 tables).
- :data:`QUALIFYING_ORDER`: the qualifiers of a stage, as its carry-over recorded them
  (first qualifier first), each by the entry it played the qualifying as; dealt to the
  following session's sections in turn, and in each section seated in the movement's
  order of pairs (part 3 ch. 1 §2: once the qualifiers are known, the final is set up).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.errors import N_, Fix, NotFound, Rejected
from engine.renumbering import check_following
from engine.renumbering.types import Move, Renumbering, SectionSeat
from engine.seating import Pair, pair_order
from engine.section.checks import seat
from engine.section.state import Section
from engine.standings import player_key
from engine.tournament.checks import stage_sessions
from engine.tournament.events import CarryOverRecorded, ContestantKind
from engine.tournament.state import Entry, Tournament

SAME_SEATS = "same-seats"
"""The method's name under which a session seated pair for pair as before is recorded."""
QUALIFYING_ORDER = "qualifying-order"
"""The method's name under which a final seated from its qualifiers is recorded."""
VERSION = "1.0"


def same_seat_moves(played: Sequence[Section], following: Sequence[Section]) -> list[str]:
    """Each seated pair of ``played`` kept at its section and number (as ``A:5=A:5``), for
    :func:`engine.renumbering.plan` to check and decide."""
    before = [s.name for s in played]
    after = [s.name for s in following]
    if before != after:
        raise Rejected(
            N_(
                "Session %(session)s has sections %(before)s and session %(next)s %(after)s: "
                "pairs keep their seats only between sessions of the same sections."
            ),
            hint=N_("Give the pairs new seats."),
            code="seat.sections",
            fix=Fix("renumber"),
            session=played[0].session,
            before=", ".join(before),
            next=following[0].session,
            after=", ".join(after),
        )
    return [
        f"{s.name}:{p.key}={s.name}:{p.key}"
        for s in played
        for p in sorted(s.seats, key=pair_order)
        if p != s.phantom
    ]


def qualifier_seats(
    tournament: Tournament,
    stage: str,
    sections_of: Callable[[int], Sequence[Section]],
    following: Sequence[Section],
) -> tuple[Renumbering, int]:
    """The following session's sections seated with the qualifiers of ``stage`` (the stage
    a carry-over was recorded from), and the last session of that stage."""
    carried = _carry_over_from(tournament, stage)
    sessions = stage_sessions(tournament, stage)
    check_following(tournament, following, max(sessions))
    sat = _last_seats(tournament, [s for n in sessions for s in sections_of(n)])
    qualifiers: list[tuple[Entry, SectionSeat]] = []
    for q in carried.carried:
        found = next(
            (
                (tournament.entries[e], where)
                for e, where in sat.items()
                if _stands_for(tournament.entries[e], q.players, tournament.ranking.contestants)
            ),
            None,
        )
        if found is None:
            raise NotFound(
                N_("%(names)s qualified from %(stage)s but sat in none of its sessions' sections."),
                hint=N_("Record the carry-over again."),
                code="carry_over.qualifier",
                fix=Fix("stage.carry-over"),
                names=", ".join(q.names),
                stage=repr(stage),
            )
        qualifiers.append(found)
    dealt = _deal(qualifiers, following)
    moves: list[Move] = []
    phantoms: dict[str, Pair] = {}
    for section in following:
        assert section.movement is not None
        mine = dealt[section.name]
        entries = [replace(entry, requested_pair=None) for entry, _ in mine]
        seats, phantom = seat(section.movement, entries)
        old = {entry.id: where for entry, where in mine}
        moves += [
            Move(e, old[e], SectionSeat(section.name, p))
            for p, e in sorted(seats.items(), key=lambda item: pair_order(item[0]))
        ]
        if phantom is not None:
            phantoms[section.name] = phantom
    return Renumbering(tuple(moves), phantoms), max(sessions)


def _carry_over_from(tournament: Tournament, stage: str) -> CarryOverRecorded:
    found = [c for c in tournament.ranking.carry_overs.values() if c.source == stage]
    if not found:
        raise NotFound(
            N_(
                "No carry-over has been recorded from stage %(stage)s, so its qualifiers are "
                "not known."
            ),
            hint=N_("Record it first."),
            code="carry_over.missing",
            fix=Fix("stage.carry-over", fields={"source": stage}, needs=("stage",)),
            stage=repr(stage),
        )
    return found[-1]


def _last_seats(tournament: Tournament, sections: Sequence[Section]) -> dict[str, SectionSeat]:
    """Each entry that sat in ``sections`` with its seat in the last session it played
    (a team: its first seat)."""
    sat: dict[str, SectionSeat] = {}
    for session in sorted({s.session for s in sections}):
        now: dict[str, SectionSeat] = {}
        for section in (s for s in sections if s.session == session):
            for pair in sorted(section.seats, key=pair_order):
                now.setdefault(section.seats[pair], SectionSeat(section.name, pair))
        sat |= {e: where for e, where in now.items() if e in tournament.entries}
    return sat


def _stands_for(entry: Entry, players: Sequence[str], kind: ContestantKind) -> bool:
    """The entry is the qualifier whose contestant is ``players`` (its players' keys)."""
    keys = [player_key(p) for p in entry.players]
    if kind is ContestantKind.PLAYERS:
        return players[0] in keys
    return tuple(sorted(keys)) == tuple(players)


def _deal(
    qualifiers: Sequence[tuple[Entry, SectionSeat]], following: Sequence[Section]
) -> dict[str, list[tuple[Entry, SectionSeat]]]:
    """The qualifiers dealt to the sections in turn, first qualifier first, each section
    taking no more than its movement seats."""
    room = {
        s.name: len(s.movement.teams if s.movement.kind == "teams" else s.movement.pairs)
        for s in following
        if s.movement is not None
    }
    seats = sum(room.values())
    if not seats - len(following) <= len(qualifiers) <= seats:
        raise Rejected(
            N_(
                "%(qualified)s qualified, but session %(session)s's movements "
                "seat %(seats)s (one fewer a section with a phantom)."
            ),
            hint=N_("Assign movements that fit the qualifiers to the final's sections first."),
            code="renumber.qualifiers_fit",
            qualified=len(qualifiers),
            session=following[0].session,
            seats=seats,
        )
    dealt: dict[str, list[tuple[Entry, SectionSeat]]] = {s.name: [] for s in following}
    turns = itertools.cycle([s.name for s in following])
    for q in qualifiers:
        name = next(n for n in turns if len(dealt[n]) < room[n])
        dealt[name].append(q)
    return dealt
