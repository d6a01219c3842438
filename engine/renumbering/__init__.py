"""Pairs renumbered between sessions, so that nobody meets a first-session opponent again.

JCBL director manual, part 3: ch. 2 §4, ch. 3 §5–6, ch. 4 §1 and appendix 4. When a
game of several sections goes on to its next session, each section usually keeps its
movement (§6) and the pairs change sections and numbers so that no two pairs meet
again, a pair that sat out (an odd number of pairs) does not sit out again, and the
pairs who cannot move keep a stationary seat (§5).

The manual's way is the algorithm's: split each section into groups whose pairs never
meet one another, then move groups between sections. The groups are read from the
schedules, never from a family's name:

- a section whose meetings form two sides (a Mitchell, straight, scrambled or
  appendix) has two *lines*, each meeting only the other;
- any other section has its *moving* pairs, taken to meet one another all, and its
  *stationary* pairs, who meet the moving ones only (a Howell); a section that plays
  as two independent halves (an interwoven Howell) is split into each half first.

The model is cautious: two groups of a section are taken to have met (or to meet) if
any of their pairs did, so it can miss a renumbering that only a pair-by-pair search
would find (after a curtailed Mitchell, say), but never brings two pairs together
again; and every renumbering is checked pair by pair against the schedules
(:func:`check`) before it is returned. A director may fix some moves and let the rest
be found, or give a whole renumbering, which is then only checked.

Among the renumberings that work, the one chosen keeps what the players know: a pair's
own seat (section and number) first, then its number, a stationary pair staying
stationary breaking ties; pairs earlier in the sections' order choose first. The
search is a branch and bound over the few ways (at most four) in which each group of a
section may use each section of the next session; a max-flow on the groups' sizes
discards ways that leave pairs without a seat, and an optimistic count of kept
numbers discards ways that cannot beat the best found. Once a renumbering is found it
looks :data:`~engine.renumbering.search.SETTLE_LIMIT` steps further for a better one,
then settles; it gives up after :data:`~engine.renumbering.search.SEARCH_LIMIT` steps
with none.

The package, by concept: :mod:`~engine.renumbering.types` (seats, moves, renumberings),
:mod:`~engine.renumbering.groups` (who meets whom, the groups, the ways a group may use a
section), :mod:`~engine.renumbering.problem` (the pairs and seats as the search sees
them), :mod:`~engine.renumbering.flow` (the flow networks, on networkx),
:mod:`~engine.renumbering.search` (the branch and bound), :mod:`~engine.renumbering.find`
(every placing of the empty seats, and why none works), :mod:`~engine.renumbering.verify`
(the check pair by pair); here, the command's part: the tournament's state.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.errors import N_, Fix, InvalidInput, Rejected
from engine.renumbering.find import renumber
from engine.renumbering.types import Block, Move, PlayedSection, Renumbering, SectionSeat
from engine.renumbering.verify import check
from engine.section import Section
from engine.tournament import Tournament
from engine.tournament.checks import check_sessions

__all__ = [
    "METHOD",
    "VERSION",
    "Block",
    "Move",
    "PlayedSection",
    "Renumbering",
    "SectionSeat",
    "check",
    "check_following",
    "plan",
    "renumber",
    "session_sections",
]

METHOD = "jcbl-groups"
"""The name under which a renumbering records how it was decided."""
VERSION = "1.1"
"""The method's version, recorded with each renumbering. 1.1: among renumberings that keep
as much, the one chosen is told by an explicit rule (pairs earlier in the sections' order
choose first; see :meth:`engine.renumbering.search.Search.costs`) where 1.0 took whichever
its own flow code found first; every worked example of the manual is renumbered as
before, but another game may be given another, equally good, renumbering."""


def session_sections(tournament: Tournament, session: int) -> tuple[str, ...]:
    """The sections of ``session``, or :class:`NotFound`."""
    check_sessions(tournament, [session])
    return tournament.sessions[session]


def plan(
    tournament: Tournament,
    played: Sequence[Section],
    following: Sequence[Section],
    *,
    stationary: Sequence[str] = (),
    moves: Sequence[str] = (),
    rematches: bool = False,
) -> Renumbering:
    """The renumbering of ``played`` (one session's sections) into ``following`` (the next
    session's), once the state of both allows it.

    ``stationary`` names seats of the session played (``B:NS3``; the section may be left
    out when there is one) whose pairs must stay put; ``moves`` fixes some pairs' new
    seats (``A:NS3=B:5``); ``rematches`` lets pairs who met meet again."""
    if played[0].session == following[0].session:
        raise InvalidInput(
            N_("A session's pairs are renumbered into another session."),
            code="renumber.same_session",
        )
    sessions = (played[0].session, following[0].session)
    for state in played:
        if state.movement is None:
            raise Rejected(
                N_(
                    "Section %(section)s of session %(session)s has no movement, so who met "
                    "whom is not known."
                ),
                hint=N_("Assign its movement first."),
                code="renumber.no_movement",
                section=state.name,
                session=state.session,
            )
    check_following(tournament, following, sessions[0])
    names = [s.name for s in played]
    later = [s.name for s in following]
    fixed: dict[SectionSeat, SectionSeat] = {}
    for text in moves:
        old, sep, new = text.partition("=")
        if not sep:
            raise InvalidInput(
                N_("%(text)s is not a move."),
                hint=N_("Write OLD=NEW, such as A:NS3=B:5."),
                code="renumber.move_text",
                text=repr(text),
            )
        fixed[SectionSeat.parse(old, names)] = SectionSeat.parse(new, later)
    return renumber(
        [
            PlayedSection(
                s.name,
                s.movement,
                {
                    p: e
                    for p, e in s.seats.items()
                    if e in tournament.entries and not tournament.entries[e].withdrawn
                },
                s.phantom,
            )
            for s in played
            if s.movement is not None
        ],
        {s.name: s.movement for s in following if s.movement is not None},
        stationary={SectionSeat.parse(text, names) for text in stationary},
        moves=fixed,
        rematches=rematches,
    )


def check_following(tournament: Tournament, following: Sequence[Section], source: int) -> None:
    """The sections of the session to be seated (from session ``source``) can be: each has
    its movement, has not started play, and seats no entry registered for it."""
    for state in following:
        if state.movement is None:
            raise Rejected(
                N_(
                    "Section %(section)s of session %(session)s has no movement yet: the new "
                    "numbers are seats of the next session's movements."
                ),
                hint=N_("Assign it a movement first."),
                code="renumber.no_movement",
                fix=Fix(
                    "movement.assign",
                    fields={"session": state.session, "section": state.name},
                    needs=("family", "tables"),
                ),
                section=state.name,
                session=state.session,
            )
        if state.rounds_started or state.tables:
            raise Rejected(
                N_(
                    "Section %(section)s of session %(session)s has started play; its pairs "
                    "can no longer be seated anew."
                ),
                code="renumber.started",
                section=state.name,
                session=state.session,
            )
        own = sorted(
            e
            for e in state.seats.values()
            if e in tournament.entries and tournament.entries[e].session == state.session
        )
        if own:
            raise Rejected(
                N_(
                    "Section %(section)s of session %(session)s already seats pairs registered "
                    "for it (%(entries)s); these are the seats of the pairs of session "
                    "%(source)s."
                ),
                hint=N_("Withdraw those entries, or register them in session %(source)s instead."),
                code="renumber.own_entries",
                section=state.name,
                session=state.session,
                entries=", ".join(own),
                source=source,
            )
