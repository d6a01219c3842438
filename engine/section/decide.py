"""What a section's commands record: pure functions of the states and the command.

Each function takes the current state of the section (and of its tournament, where a
check needs it) and what the director asked, makes every check
(:mod:`engine.section.checks`) and returns the new events in order, each numbered on
from its aggregate's version; it never reads or writes a store. The states passed in
are left as they are. Where a plugin must be consulted, the caller asks the registry
and passes the plugin or what it decided in (plugins decide, events remember).

The commands that record on a tournament and its sections together live here too (a
session added with its sections opened, an entry registered and a late one seated,
pairs renumbered and the next session seated): a section's commands may read its
tournament, never the other way round.

One concept: every decision a section's commands make, each a short function over the
checks of :mod:`engine.section.checks`; kept together so the events a section can
record are read in one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from engine.errors import N_, Fix, InvalidInput, Rejected
from engine.events import Changes, DomainEvent
from engine.in_force import scoring_in_force
from engine.movement import Movement
from engine.registry import MovementFamily, ScoringMethod, parse_options
from engine.scoring import Award
from engine.seating import Numbering, Pair
from engine.section.assigned import (
    check_fouled_groups,
    check_split_score,
    check_weighted_score,
    outcomes_text,
)
from engine.section.checks import (
    built_for,
    check_can_assign,
    check_not_recorded,
    check_numbering,
    check_pairs_and_board,
    check_round_end,
    check_round_start,
    check_round_started,
    find_table,
    require_numbering,
    seat,
    table_if_any,
    with_players,
)
from engine.section.events import (
    BoardDeclaredNeutral,
    BoardFouled,
    MovementAssigned,
    NumberingChosen,
    PairsSeated,
    ResultCorrected,
    ResultRecorded,
    RoundEnded,
    RoundStarted,
    ScoreAdjusted,
    ScoreAssigned,
    ScoringChosen,
    SectionOpened,
)
from engine.section.importing import Problems, import_rows
from engine.section.results import ImportRow, LineProblem, Result, ResultEntry, build_result
from engine.section.seating import playing, register, register_named, unseated
from engine.section.seats import check_seats_numbered
from engine.section.state import Section
from engine.tournament.checks import (
    check_open,
    require_reason,
    section_names,
)
from engine.tournament.events import (
    PairMove,
    PairsRenumbered,
    Player,
    SessionAdded,
)
from engine.tournament.state import Entry, Tournament, section_id
from engine.validator import validate

E = TypeVar("E", bound=DomainEvent)


# ---- sessions, entries, movements ------------------------------------------------------


def add_session(
    tournament: Tournament, session: int, sections: Sequence[str], *, actor: str
) -> list[DomainEvent]:
    """A session added to the event, and each of its sections opened."""
    if session in tournament.sessions:
        raise Rejected(
            N_("Session %(session)s already exists."), code="session.exists", session=session
        )
    names = section_names(sections)
    if session < 1:
        raise Rejected(N_("Sessions are numbered from 1."), code="session.number")
    changes = Changes(actor)
    changes.add(tournament, SessionAdded, session=session, sections=names)
    for name in names:
        changes.start(
            section_id(tournament.id, session, name),
            SectionOpened,
            tournament=tournament.id,
            session=session,
            section=name,
        )
    return changes.events


def register_entry(
    tournament: Tournament,
    section: Section,
    players: Sequence[Player],
    *,
    pair: str | None,
    name: str | None = None,
    seeding: Decimal | None = None,
    actor: str,
) -> list[DomainEvent]:
    """An entry registered in ``section``, and seated in the same decision where it can be:
    after seating, a late entry takes the phantom's seat (JCBL) or that of an entry that
    withdrew before playing; in a section with no movement, an entry that asks for a pair
    number (``pair``) sits at it, its number on the travellers."""
    changes = Changes(actor)
    register(changes, tournament.copy(), section.copy(), players, pair, name=name, seeding=seeding)
    return changes.events


def assign_movement(
    tournament: Tournament,
    section: Section,
    family: MovementFamily,
    *,
    tables: int | None,
    options: dict[str, Any] | None,
    actor: str,
) -> list[DomainEvent]:
    """The movement ``family`` builds for the section's entries (or ``tables`` tables),
    validated, and the entries seated in it. The schedule itself is the record."""
    check_can_assign(section)
    entries = playing(tournament, section)
    parsed = parse_options(family, with_players(family, options, entries))
    movement = built_for(family, parsed, entries, tables)
    return _assigned(section, movement, parsed.model_dump(mode="json"), entries, actor)


def assign_published_movement(
    tournament: Tournament,
    section: Section,
    movement: Movement,
    *,
    source: str,
    actor: str,
) -> list[DomainEvent]:
    """A movement read from a file (``source``, its name) instead of built by a family:
    checked by the one validator every movement meets, and the entries seated in it. The
    schedule itself is the record, as a family's is."""
    check_can_assign(section)
    movement = validate(movement)
    return _assigned(section, movement, {"file": source}, playing(tournament, section), actor)


def _assigned(
    section: Section,
    movement: Movement,
    options: dict[str, Any],
    entries: Sequence[Entry],
    actor: str,
) -> list[DomainEvent]:
    """The events of a movement assigned with ``options`` and ``entries`` seated in it."""
    seats, phantom = seat(movement, entries)
    changes = Changes(actor)
    changes.add(section, MovementAssigned, movement=movement, options=options)
    changes.add(
        section,
        PairsSeated,
        seats={p.key: e for p, e in seats.items()},
        phantom=None if phantom is None else phantom.key,
    )
    return changes.events


def seat_drawn_round(
    section: Section, movement: Movement, seats: Mapping[str, str], *, rnd: int, actor: str
) -> list[DomainEvent]:
    """A Swiss round's session seated from its draw (:mod:`engine.swiss_seating`): the
    movement the draw writes, and each contestant at its seats. A redraw seats it again,
    while the session has no result."""
    check_can_assign(section)
    changes = Changes(actor)
    changes.add(section, MovementAssigned, movement=movement, options={"swiss_round": rnd})
    changes.add(section, PairsSeated, seats=dict(seats), phantom=None)
    return changes.events


class Renumbered(Protocol):
    """What a renumbering decided: every pair's move, and each section's new seating."""

    @property
    def phantoms(self) -> Mapping[str, Pair]:
        """Section → the seat it leaves empty."""
        ...

    def record(self) -> tuple[PairMove, ...]: ...

    def seating(self, section: str) -> tuple[dict[str, str], str | None]:
        """The section's seats (pair key → entry id) and its phantom's key."""
        ...


def renumber(
    tournament: Tournament,
    following: Sequence[Section],
    decided: Renumbered,
    *,
    from_session: int,
    to_session: int,
    stationary: Sequence[str],
    method: str,
    version: str,
    reason: str | None,
    actor: str,
) -> list[DomainEvent]:
    """The renumbering ``method`` (at ``version``) decided between two sessions, and the
    sections of the following one seated from it."""
    changes = Changes(actor)
    changes.add(
        tournament,
        PairsRenumbered,
        from_session=from_session,
        to_session=to_session,
        moves=decided.record(),
        phantoms={name: pair.key for name, pair in decided.phantoms.items()},
        stationary=tuple(sorted(stationary)),
        method=method,
        version=version,
        reason=reason,
    )
    for section in following:
        seats, phantom = decided.seating(section.name)
        changes.add(section, PairsSeated, seats=seats, phantom=phantom, reason=reason)
    return changes.events


# ---- rounds and numbering ---------------------------------------------------------------


def start_round(section: Section, round: int, *, actor: str) -> list[DomainEvent]:
    check_round_start(section, round)
    changes = Changes(actor)
    changes.add(section, RoundStarted, round=round)
    return changes.events


def end_round(section: Section, round: int, *, actor: str) -> list[DomainEvent]:
    """The move (:meth:`Section.missing_results` says what the round still lacks)."""
    check_round_end(section, round)
    changes = Changes(actor)
    changes.add(section, RoundEnded, round=round)
    return changes.events


def choose_numbering(section: Section, numbering: Numbering, *, actor: str) -> list[DomainEvent]:
    """A results-only section's pair numbering (nothing if it is already the one)."""
    changes = Changes(actor)
    _numbered(changes, section, numbering)
    return changes.events


def _numbered(changes: Changes, section: Section, numbering: Numbering | None) -> Section:
    """The section with ``numbering`` chosen if it had none (a copy with the event folded
    in, so the checks that follow read pairs the new way), else the section itself."""
    if numbering is None or section.numbering is numbering:
        return section
    check_numbering(section, numbering)
    check_seats_numbered(section, numbering)
    section = section.copy()
    _fold(changes, section, NumberingChosen, numbering=numbering)
    return section


def _fold(changes: Changes, section: Section, cls: type[E], **data: Any) -> E:
    """The next event of ``section``, folded into it (a private copy the caller made)."""
    event = changes.add(section, cls, **data)
    section.apply(event)
    return event


# ---- results ----------------------------------------------------------------------------


REQUEST_KEY_LENGTH = 200
"""The longest idempotency key kept (a UUID is 36 characters)."""


def answered(section: Section, request: str | None, entry: ResultEntry) -> Result | None:
    """The result the request ``request`` already recorded, when this is the same request
    sent again (a device retrying after a timeout): the first answer, nothing recorded
    again. None for a new request (or none given). A key the section knows for another
    table's result is refused: a sender's keys name one request each."""
    if request is None:
        return None
    if not request.strip() or len(request) > REQUEST_KEY_LENGTH or not request.isprintable():
        raise InvalidInput(
            N_(
                "The request key %(key)s cannot be kept: it must be 1 to %(most)s printable "
                "characters."
            ),
            hint=N_(
                "Send a new random key (a UUID) with each new result, the same key when "
                "sending the same result again."
            ),
            code="request.key",
            key=repr(request[:40]),
            most=REQUEST_KEY_LENGTH,
        )
    earlier = section.requests.get(request)
    if earlier is None:
        return None
    if (earlier.board, earlier.ns, earlier.ew) != (entry.board, entry.ns, entry.ew):
        raise InvalidInput(
            N_(
                "The request key %(key)s was already used for board %(board)s, NS %(ns)s "
                "against EW %(ew)s: it cannot record another result."
            ),
            hint=N_(
                "Send a new random key (a UUID) with each new result, the same key when "
                "sending the same result again."
            ),
            code="request.key_reused",
            key=repr(request),
            board=earlier.board,
            ns=earlier.ns,
            ew=earlier.ew,
        )
    return earlier


def record_result(
    tournament: Tournament,
    section: Section,
    entry: ResultEntry,
    *,
    numbering: Numbering | None,
    override: str | None,
    actor: str,
    request: str | None = None,
) -> list[DomainEvent]:
    """A table's result; ``override`` (a reason) records one the movement does not
    schedule, or a score no contract makes. ``request`` is the sender's idempotency key,
    kept with the result (see :func:`answered`)."""
    changes = Changes(actor)
    section, result = _checked_result(
        changes, tournament, section, entry, numbering, override, correcting=False
    )
    check_not_recorded(section, result.board, result.ns, result.ew)
    changes.add(
        section,
        ResultRecorded,
        result=result,
        override=override is not None,
        reason=override,
        request=request,
    )
    return changes.events


def correct_result(
    tournament: Tournament,
    section: Section,
    entry: ResultEntry,
    *,
    reason: str,
    was_ns: int | None,
    was_ew: int | None,
    override: str | None,
    actor: str,
) -> list[DomainEvent]:
    """A recorded result (or an adjusted score) replaced with a corrected one; the table
    was NS ``was_ns`` against EW ``was_ew`` if the pair numbers themselves were wrong."""
    require_reason(reason, N_("a correction"))
    changes = Changes(actor)
    section, result = _checked_result(
        changes, tournament, section, entry, None, override, correcting=True
    )
    old_ns = entry.ns if was_ns is None else was_ns
    old_ew = entry.ew if was_ew is None else was_ew
    find_table(section, entry.board, old_ns, old_ew, closed=section.session in tournament.closed)
    check_not_recorded(section, result.board, result.ns, result.ew, replacing=(old_ns, old_ew))
    changes.add(
        section,
        ResultCorrected,
        board=entry.board,
        ns=old_ns,
        ew=old_ew,
        result=result,
        override=override is not None,
        reason=reason if override is None else f"{reason} (override: {override})",
    )
    return changes.events


def _checked_result(
    changes: Changes,
    tournament: Tournament,
    section: Section,
    entry: ResultEntry,
    numbering: Numbering | None,
    override: str | None,
    *,
    correcting: bool,
) -> tuple[Section, Result]:
    if not correcting:
        check_open(tournament, section.session)
    if override is not None:
        require_reason(override, N_("an override"), "override")
    section = _numbered(changes, section, numbering)
    require_numbering(section)
    result = build_result(entry, allow_impossible=override is not None)
    check_pairs_and_board(
        section,
        tournament,
        result.board,
        result.ns,
        result.ew,
        allow_unscheduled=override is not None,
        overridable=True,
        withdrawn=correcting,
    )
    if not correcting:
        check_round_started(section, tournament, result.board, result.ns, result.ew, result.round)
    return section, result


def import_results(
    tournament: Tournament,
    section: Section,
    rows: Iterable[ImportRow | LineProblem],
    *,
    numbering: Numbering | None,
    scoring: ScoringPick | None,
    scoring_reason: str,
    names: Mapping[str, Sequence[Player]] | None = None,
    actor: str,
) -> list[DomainEvent]:
    """A whole file of traveller lines, all or nothing: every line is checked and the
    problems of all of them reported together (with the lines a reader could not read,
    given among the rows as :class:`LineProblem`). ``rows`` is read once, line by line
    (:mod:`engine.section.importing`). ``scoring`` becomes the section's scoring method
    in the same decision. ``names`` (pair number → its players, as the file names them)
    become the section's entries, seated at their numbers, when it has none registered."""
    check_open(tournament, section.session)
    changes = Changes(actor)
    section = section.copy()
    if scoring is not None:
        _choose_scoring(changes, tournament, section, scoring, reason=scoring_reason)
    section = _numbered(changes, section, numbering)
    require_numbering(section)
    problems = Problems()
    if names and unseated(tournament, section):
        for problem in register_named(changes, tournament.copy(), section, names):
            problems.add(0, problem)
    import_rows(changes, tournament, section, rows, problems)
    if problems:
        raise problems.refusal()
    return changes.events


# ---- adjustments ------------------------------------------------------------------------


def adjust(
    tournament: Tournament,
    section: Section,
    *,
    board: int,
    ns: int,
    ew: int,
    award_ns: Award | None,
    award_ew: Award | None,
    neutral: bool,
    reason: str,
    law: str | None,
    numbering: Numbering | None,
    actor: str,
) -> list[DomainEvent]:
    """A table's artificial adjusted score (law 12C), or its board declared neutral."""
    changes = Changes(actor)
    where = {"board": board, "ns": ns, "ew": ew}
    section = _table_to_adjust(
        changes, tournament, section, numbering, reason, N_("an adjusted score"), True, **where
    )
    if neutral:
        if award_ns is not None or award_ew is not None:
            raise Rejected(
                N_("A neutral board has no adjusted scores of its own."),
                hint=N_("Declare the board neutral, or give the two adjusted scores."),
                code="adjust.neutral_scores",
                fix=(
                    Fix(None, fields={"neutral": True}),
                    Fix(None, needs=("ns_score", "ew_score")),
                ),
            )
        changes.add(section, BoardDeclaredNeutral, **where, reason=reason)
        return changes.events
    if award_ns is None or award_ew is None:
        raise Rejected(
            N_("An adjusted score needs a score for each side."),
            hint=N_(
                "For example average plus for NS and average minus for EW, or a neutral board."
            ),
            code="adjust.both_sides",
            fix=(
                Fix(None, fields={"ns_score": "A+", "ew_score": "A-"}),
                Fix(None, fields={"neutral": True}),
            ),
        )
    changes.add(
        section,
        ScoreAdjusted,
        **where,
        award_ns=str(award_ns),
        award_ew=str(award_ew),
        law=law,
        reason=reason,
    )
    return changes.events


def assign_score(
    tournament: Tournament,
    section: Section,
    *,
    board: int,
    ns: int,
    ew: int,
    outcomes: Sequence[tuple[Fraction, int]],
    outcomes_ew: Sequence[tuple[Fraction, int]] | None,
    reason: str,
    law: str | None,
    numbering: Numbering | None,
    actor: str,
) -> list[DomainEvent]:
    """A table's assigned score (law 12C): NS scores with weights, one of weight 1 or
    several (law 12C1(c)); with ``outcomes_ew`` a split score, ``outcomes`` what
    North-South are given and ``outcomes_ew`` (NS scores too) what East-West are given.
    ``law`` defaults to 12C1c for a weighted score, 12C otherwise."""
    changes = Changes(actor)
    where = {"board": board, "ns": ns, "ew": ew}
    # A weighted score rests on how the board was (or would have been) played: a pair
    # that withdrew before playing it has none, only an artificial adjusted score.
    played = section.numbering is not None and table_if_any(section, board, ns, ew) is not None
    section = _table_to_adjust(
        changes, tournament, section, numbering, reason, N_("an assigned score"), played, **where
    )
    if outcomes_ew is None:
        checked, checked_ew = check_weighted_score(board, outcomes), None
    else:
        checked, checked_ew = check_split_score(section, board, outcomes, outcomes_ew)
    weighed = len(checked) > 1 or (checked_ew is not None and len(checked_ew) > 1)
    changes.add(
        section,
        ScoreAssigned,
        **where,
        outcomes=outcomes_text(checked),
        outcomes_ew=None if checked_ew is None else outcomes_text(checked_ew),
        law=law if law is not None else "12C1c" if weighed else "12C",
        reason=reason,
    )
    return changes.events


def _table_to_adjust(
    changes: Changes,
    tournament: Tournament,
    section: Section,
    numbering: Numbering | None,
    reason: str,
    what: str,
    withdrawn: bool,
    *,
    board: int,
    ns: int,
    ew: int,
) -> Section:
    """The section of a table the director is about to adjust, every check made
    (``withdrawn``: a pair that has withdrawn may be one of its two).

    An adjustment replaces what the table had; it may not clash with another table. A
    table the movement does not schedule may be adjusted once it has a result (entered
    with an override: the pairs really met there)."""
    require_reason(reason, what)
    section = _numbered(changes, section, numbering)
    require_numbering(section)
    recorded = table_if_any(section, board, ns, ew) is not None
    check_pairs_and_board(
        section, tournament, board, ns, ew, allow_unscheduled=recorded, withdrawn=withdrawn
    )
    check_not_recorded(section, board, ns, ew, replacing=(ns, ew))
    return section


def declare_fouled(
    section: Section,
    *,
    board: int,
    groups: Sequence[Sequence[int]],
    reason: str,
    law: str | None = None,
    actor: str,
) -> list[DomainEvent]:
    """A fouled board: the tables (by NS pair) that played each version of it, and the
    law applied (87). Declaring it again replaces the groups."""
    require_reason(reason, N_("a fouled board"))
    require_numbering(section)
    checked = check_fouled_groups(section, board, groups)
    changes = Changes(actor)
    changes.add(
        section,
        BoardFouled,
        board=board,
        groups=checked,
        law=(law or "").strip() or "87",
        reason=reason,
    )
    return changes.events


# ---- scoring ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoringPick:
    """A scoring method the registry named, with its options checked and as given."""

    method: ScoringMethod
    parsed: BaseModel
    options: dict[str, Any]


def choose_scoring(
    tournament: Tournament, section: Section, pick: ScoringPick, *, reason: str, actor: str
) -> list[DomainEvent]:
    """The section scored by ``pick`` from now on (nothing if it already is). This is how
    an event is re-scored: the standings published under the old method stay in the
    record, and the next publication stores the new method's."""
    require_reason(reason, N_("choosing a scoring method"))
    changes = Changes(actor)
    _choose_scoring(changes, tournament, section, pick, reason=reason)
    return changes.events


def _choose_scoring(
    changes: Changes, tournament: Tournament, section: Section, pick: ScoringPick, *, reason: str
) -> None:
    now = scoring_in_force(tournament, section)
    if (
        now.method == pick.method.name
        and now.version == pick.method.version
        and parse_options(pick.method, now.options) == pick.parsed
    ):
        return
    changes.add(
        section,
        ScoringChosen,
        method=pick.method.name,
        options=pick.options,
        version=pick.method.version,
        reason=reason,
    )
