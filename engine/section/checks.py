"""The checks a section's commands make before anything is written.

Each function either returns quietly (or returns the value as it will be recorded)
or raises an error from :mod:`engine.errors` whose message tells the director what
is wrong and what to do about it. Checks on a result entry alone are in
:mod:`engine.section.results`; those of a fouled board's groups and of an assigned score
in :mod:`engine.section.assigned`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from engine.errors import (
    N_,
    DuplicateResult,
    Fix,
    InvalidInput,
    InvalidMovement,
    NotFound,
    NotScheduled,
    Phrase,
    Rejected,
)
from engine.movement import Movement
from engine.parsing import bounds_of, within
from engine.registry import MovementFamily
from engine.seating import Line, Numbering, Pair
from engine.section.seats import seated_entry
from engine.section.state import Section, TableEntry
from engine.tournament.checks import ENTRY_WORDS, entry_kind, event_option, parse_pair_text
from engine.tournament.events import MissingResult
from engine.tournament.state import Entry, Tournament
from engine.validator import validate

# ---- movement and seating ---------------------------------------------------------------


def check_can_assign(state: Section) -> None:
    if state.tables:
        raise Rejected(
            N_("Section %(section)s already has results; its movement cannot be changed now."),
            hint=N_("Correct results individually, or run the section in a new session."),
            code="movement.has_results",
            section=state.name,
        )


def with_players(
    family: MovementFamily, options: dict[str, Any] | None, entries: Sequence[Entry]
) -> dict[str, Any] | None:
    """``options`` with ``players`` filled in from the entries, for a family that asks
    how many players there are (an individual: some sizes sit players out)."""
    fields = getattr(getattr(family, "Options", None), "model_fields", {})
    if "players" not in fields or not entries or (options and "players" in options):
        return options
    if entry_kind(entries[0].players) != "individual":
        return options
    return {**(options or {}), "players": len(entries)}


def tables_for(entries: Sequence[Entry], tables: int | None) -> int:
    """The tables the entries fill: two pairs (one a phantom's), four players (the rest
    sitting out) or one team a table (NS at home, EW at an opponents' table)."""
    if tables is not None:
        if tables < 1:
            raise InvalidInput(
                N_("A movement needs at least one table."), code="movement.no_tables"
            )
        return tables
    if not entries:
        raise InvalidInput(
            N_("No entries are registered in this section, so the number of tables is unknown."),
            hint=N_(
                "Register the pairs (players or teams) first, or give the number of tables (a "
                "later session: then seat it from an earlier one)."
            ),
            code="movement.no_entries",
            fix=(
                Fix("entry.add"),
                Fix(None, needs=("tables",)),
                Fix("session.seat", needs=("from_session",)),
            ),
        )
    kind = entry_kind(entries[0].players)
    if kind == "individual":
        return len(entries) // 4 or 1  # the players over four tables' worth sit out in turn
    return math.ceil(len(entries) / (2 if kind == "pairs" else 1))


def validated(movement: Movement, plugin: MovementFamily) -> Movement:
    """What a plugin built, stamped with its name and version, once it keeps the rules."""
    movement = movement.model_copy(update={"plugin": plugin.name, "plugin_version": plugin.version})
    try:
        return validate(movement)
    except InvalidMovement as exc:
        raise InvalidMovement(
            N_(
                "The %(plugin)s plugin built a movement that breaks the rules of duplicate "
                "play, so it was not assigned: %(problem)s"
            ),
            problems=exc.problems,
            code="movement.plugin_broken",
            plugin=plugin.name,
            problem=Phrase(exc.template, **exc.values),
        ) from exc


def built_for(
    family: MovementFamily, options: Any, entries: Sequence[Entry], tables: int | None
) -> Movement:
    """The movement ``family`` builds, validated: for ``tables`` tables when given, else
    for the tables the entries fill (:func:`tables_for`) — or one full table fewer when
    that one seats them, as a family with a half table does (an NS rover Mitchell or a
    1½ appendix Mitchell seats 2t + 1 pairs at t full tables)."""
    size = tables_for(entries, tables)
    movement = validated(family.build(size, options), family)
    if tables is not None or size < 2 or fits(movement, entries):
        return movement
    try:
        fewer = validated(family.build(size - 1, options), family)
    except InvalidMovement:
        return movement
    return fewer if fits(fewer, entries) else movement


def fits(movement: Movement, entries: Sequence[Entry]) -> bool:
    """The movement seats every entry, leaving at most the phantom's place empty."""
    if not entries:
        return True
    kind = entry_kind(entries[0].players)
    places = len(movement.teams if kind == "teams" else movement.pairs)
    return len(entries) == places or (kind == "pairs" and len(entries) == places - 1)


def seat(movement: Movement, entries: Sequence[Entry]) -> tuple[dict[Pair, str], Pair | None]:
    """Give each entry its number in the movement: a pair number, a player's number in an
    individual, a team's number (both its pairs); the phantom if one pair is missing."""
    if not entries:
        return {}, None
    kind = entry_kind(entries[0].players)
    if kind != movement.kind:
        raise Rejected(
            N_(
                "The %(family)s movement is for %(kind)s, but the section's entries are "
                "%(entries)s."
            ),
            hint=N_("Choose a movement for %(entries)s."),
            code="movement.wrong_kind",
            fix=Fix("movement.list"),
            family=movement.family,
            kind=Phrase(ENTRY_WORDS[movement.kind]),
            entries=Phrase(ENTRY_WORDS[kind]),
        )
    places = list(movement.teams if kind == "teams" else movement.pairs)
    phantom: Pair | None = None
    if kind == "pairs" and len(entries) == len(places) - 1:
        phantom = movement.phantom or places[-1]
    elif len(entries) != len(places):
        spare = Phrase(N_(" (one fewer with a phantom)")) if kind == "pairs" else ""
        raise Rejected(
            N_(
                "A %(tables)s-table %(family)s seats %(places)s %(entries)s%(spare)s; "
                "%(registered)s are registered."
            ),
            hint=N_("Give the number of tables that fits, or register or withdraw entries."),
            code="movement.size",
            fix=Fix(None, needs=("tables",)),
            tables=movement.tables,
            family=movement.family,
            places=len(places),
            entries=Phrase(ENTRY_WORDS[kind]),
            spare=spare,
            registered=len(entries),
        )
    free = [p for p in places if p != phantom]
    placed: dict[Pair, str] = {}
    for e in entries:
        if e.requested_pair is None:
            continue
        wanted = parse_pair_text(e.requested_pair)
        if kind == "teams":
            wanted = Pair(wanted.number, Line.NS)
        if wanted not in free or wanted in placed:
            raise Rejected(
                N_("Entry %(entry)s asked for number %(pair)s, which this movement cannot give."),
                hint=N_("Numbers available: %(available)s."),
                code="entry.number_unavailable",
                entry=e.id,
                pair=e.requested_pair,
                available=", ".join(str(p) for p in free),
            )
        placed[wanted] = e.id
    rest = iter(p for p in free if p not in placed)
    for e in entries:
        if e.requested_pair is None:
            placed[next(rest)] = e.id
    if kind != "teams":
        return placed, phantom
    # A team holds both its pairs' seats: NS at home, EW at the opponents' table.
    seats = {Pair(t.number, line): e for t, e in placed.items() for line in Line}
    return seats, None


# ---- rounds -----------------------------------------------------------------------------


def check_round_start(state: Section, round: int) -> None:
    if state.movement is None:
        raise Rejected(N_("Assign a movement before starting rounds."), code="round.no_movement")
    expected = (state.current_round or 0) + 1
    if state.current_round is not None and state.current_round not in state.rounds_ended:
        raise Rejected(
            N_("Round %(round)s has not ended yet."),
            hint=N_("End it first."),
            code="round.not_ended",
            fix=Fix(
                "round.end",
                fields={"event": event_option(state.tournament), "round": state.current_round},
            ),
            round=state.current_round,
        )
    if expected > state.movement.rounds:
        raise Rejected(
            N_("All %(rounds)s rounds of this movement have been played."),
            code="round.all_played",
            rounds=state.movement.rounds,
        )
    if round != expected:
        raise Rejected(
            N_("The next round is round %(expected)s, not %(round)s."),
            code="round.out_of_order",
            expected=expected,
            round=round,
        )


def check_round_started(
    state: Section, tournament: Tournament, board: int, ns: int, ew: int, round: int | None
) -> None:
    """Where the event enforces rounds, a result only for a round that has started: the
    round the movement plays the board in (else the round written on the slip)."""
    if not tournament.rounds_enforced or state.movement is None:
        return
    scheduled = state.movement.scheduled.get(
        (board, state.pair(Line.NS, ns), state.pair(Line.EW, ew))
    )
    played_in = scheduled.round if scheduled is not None else round
    if played_in is None:
        return
    now = state.current_round
    if now is not None and played_in <= now:
        return
    latest = "" if now is None else Phrase(N_(" (round %(now)s is the latest started)"), now=now)
    raise Rejected(
        N_(
            "Board %(board)s (NS %(ns)s v EW %(ew)s) is played in round %(round)s of section "
            "%(section)s, which has not started%(latest)s; this event enforces rounds."
        )
        if scheduled is not None
        else N_(
            "The slip of board %(board)s (NS %(ns)s v EW %(ew)s) is for round %(round)s of "
            "section %(section)s, which has not started%(latest)s; this event enforces rounds."
        ),
        hint=N_(
            "Check the board and pair numbers on the slip, or start round %(round)s when the "
            "pairs move. To enter results in any order (paper travellers after play), let the "
            "event's rounds be free."
        ),
        code="round.not_started",
        fix=(
            Fix("round.start", fields={"round": played_in, **_where(state)}),
            Fix("event.rounds", fields={"enforce": False}),
        ),
        board=board,
        ns=ns,
        ew=ew,
        round=played_in,
        section=state.name,
        latest=latest,
    )


def _where(state: Section) -> dict[str, object]:
    """The fields naming the section in a command, where it is not the default."""
    return ({"session": state.session} if state.session != 1 else {}) | (
        {"section": state.name} if state.name != "A" else {}
    )


def check_round_end(state: Section, round: int) -> None:
    if state.current_round != round or round in state.rounds_ended:
        now = state.current_round
        playing = (
            Phrase(N_(" Round %(now)s is."), now=now)
            if now is not None and now not in state.rounds_ended
            else ""
        )
        raise Rejected(
            N_("Round %(round)s is not in play.%(playing)s"),
            code="round.not_in_play",
            round=round,
            playing=playing,
        )


# ---- results ----------------------------------------------------------------------------


def check_numbering(state: Section, numbering: Numbering) -> None:
    """A section numbers its pairs one way for good."""
    if state.numbering is not None and state.numbering is not numbering:
        raise Rejected(
            N_(
                "Section %(section)s numbers its pairs %(numbering)s-style; it cannot switch "
                "to %(asked)s."
            ),
            hint=N_("Leave out the numbering, or give the section's own numbering."),
            code="numbering.switch",
            fix=Fix(None, fields={"numbering": state.numbering.value}),
            section=state.name,
            numbering=state.numbering.value,
            asked=numbering.value,
        )


def require_numbering(state: Section) -> None:
    if state.numbering is None:
        raise Rejected(
            N_("Section %(section)s has no movement and no pair numbering yet."),
            hint=N_(
                "Assign a movement, or give the numbering: mitchell (NS and EW numbered "
                "separately) or howell (one series)."
            ),
            code="numbering.missing",
            fix=(
                Fix("movement.assign"),
                Fix(None, fields={"numbering": "mitchell"}),
                Fix(None, fields={"numbering": "howell"}),
            ),
            section=state.name,
        )


_BOARD, _PAIR = bounds_of("board"), bounds_of("pair")


def check_pairs_and_board(
    state: Section,
    tournament: Tournament,
    board: int,
    ns: int,
    ew: int,
    *,
    allow_unscheduled: bool,
    overridable: bool = False,
    withdrawn: bool = False,
) -> None:
    """The pairs and the board exist, may play, and (unless ``allow_unscheduled``) the
    movement has them meet on the board. ``overridable``: the command takes an override,
    so the refusal says how to give one. ``withdrawn``: a pair that has withdrawn may be
    named (a correction or an adjusted score of its table: it withdrew mid-session, and
    what it played, or left unplayed, is still the director's to put right)."""
    if board < 1:
        raise InvalidInput(
            N_("There is no board %(board)s: boards are numbered from 1."),
            code="board.number",
            board=board,
        )
    if ns < 1 or ew < 1:
        raise InvalidInput(N_("Pair numbers start at 1."), code="pair.number")
    # Bounded even where no movement bounds them (a results-only section, an API client).
    within(board, "board", _BOARD)
    within(ns, "NS", _PAIR)
    within(ew, "EW", _PAIR)
    ns_pair, ew_pair = state.pair(Line.NS, ns), state.pair(Line.EW, ew)
    if ns_pair == ew_pair:
        raise InvalidInput(
            N_("Pair %(pair)s cannot play against itself."),
            code="pair.against_itself",
            pair=str(ns_pair),
        )
    movement = state.movement
    if movement is None:
        return
    if board not in movement.boards:
        raise NotFound(
            N_("Board %(board)s is not played in section %(section)s (boards %(first)s–%(last)s)."),
            code="board.not_played",
            board=board,
            section=state.name,
            first=movement.boards[0],
            last=movement.boards[-1],
        )
    for pair in (ns_pair, ew_pair):
        if pair not in movement.pairs:
            raise NotFound(
                N_("There is no pair %(pair)s in section %(section)s."),
                code="pair.not_found",
                pair=str(pair),
                section=state.name,
            )
        if pair == state.phantom:
            raise Rejected(
                N_("Pair %(pair)s is the phantom (the sit-out): it has no results."),
                code="pair.phantom",
                pair=str(pair),
            )
        entry = seated_entry(tournament, state, pair)
        if entry is not None and entry.withdrawn and not withdrawn:
            raise Rejected(
                N_("Pair %(pair)s (%(names)s) has withdrawn: it plays no more boards."),
                hint=N_(
                    "Give its opponents an adjusted score for the boards it did not play; a "
                    "result it played before withdrawing can still be corrected."
                ),
                code="pair.withdrawn",
                pair=str(pair),
                names=", ".join(entry.names),
            )
    if (board, ns_pair, ew_pair) in movement.scheduled or allow_unscheduled:
        return
    where = [
        e
        for e in movement.schedule
        if board in e.boards and ns_pair in (movement.ns_pair(e), movement.ew_pair(e))
    ]
    told: Phrase | str = ""
    if where:
        e = where[0]
        # Who holds which cards: on an arrow-switched board the pair numbered EW plays NS.
        held_ns, held_ew = movement.cards(e)
        switched: Phrase | str = (
            Phrase(
                N_(" (the boards are arrow-switched: pair %(pair)s plays them NS)"),
                pair=held_ns.number,
            )
            if e.arrow_switch
            else ""
        )
        told = Phrase(
            N_(
                " The movement has board %(board)s played by NS %(ns)s against EW %(ew)s in "
                "round %(round)s at table %(table)s%(switched)s."
            ),
            board=board,
            ns=held_ns.number,
            ew=held_ew.number,
            round=e.round,
            table=e.table,
            switched=switched,
        )
    raise NotScheduled(
        N_("The movement does not have NS %(ns)s and EW %(ew)s playing board %(board)s.%(told)s"),
        hint=N_(
            "Check the pair numbers on the slip. If they really played it, record it with an "
            "override and its reason."
        )
        if overridable
        else N_("Check the pair numbers on the slip."),
        code="result.not_scheduled",
        fix=Fix(None, needs=("override",)) if overridable else (),
        ns=ns,
        ew=ew,
        board=board,
        told=told,
    )


def table_if_any(state: Section, board: int, ns: int, ew: int) -> TableEntry | None:
    ns_pair, ew_pair = state.pair(Line.NS, ns), state.pair(Line.EW, ew)
    found = state.entry_for(board, ns_pair)
    if found is not None and found.ew == ew_pair:
        return found
    return None


def find_table(state: Section, board: int, ns: int, ew: int, *, closed: bool = False) -> TableEntry:
    """The table to correct; ``closed`` when its session is closed (a result never
    recorded is then added only once the session is reopened)."""
    found = table_if_any(state, board, ns, ew)
    if found is None:
        reopen = Fix(
            "session.reopen",
            fields={"event": event_option(state.tournament), "session": state.session},
            needs=("reason",),
        )
        raise NotFound(
            N_("Board %(board)s has no result for NS %(ns)s against EW %(ew)s to correct."),
            hint=N_(
                "If the pair numbers themselves were wrong, give the recorded ones (was NS, was "
                "EW); if the table has no result yet, reopen session %(session)s and record it."
            )
            if closed
            else N_(
                "If the pair numbers themselves were wrong, give the recorded ones (was NS, was "
                "EW); if the table has no result yet, record it."
            ),
            code="result.not_found",
            fix=(
                Fix(None, needs=("was_ns", "was_ew")),
                *([reopen] if closed else []),
                Fix("result.add", fields={"board": board, "ns": ns, "ew": ew}),
            ),
            board=board,
            ns=ns,
            ew=ew,
            session=state.session,
        )
    return found


def missing_results(tournament: Tournament, state: Section) -> list[MissingResult]:
    """Every table the section's movement schedules that has no result (nor an adjusted
    score) yet, round by round; the phantom's tables and a withdrawn pair's are left out
    (nothing can be entered for them). A section with no movement misses nothing."""
    if state.movement is None:
        return []
    withdrawn = {pair for pair, entry in state.seats.items() if tournament.entries[entry].withdrawn}
    return [
        MissingResult(section=state.name, round=rnd, board=board, ns=ns.number, ew=ew.number)
        for rnd in range(1, state.movement.rounds + 1)
        for board, ns, ew in state.missing_results(rnd)
        if not withdrawn & {ns, ew}
    ]


def check_not_recorded(
    state: Section, board: int, ns: int, ew: int, *, replacing: tuple[int, int] | None = None
) -> None:
    """Neither pair may already have a result on the board, except at the table replaced."""
    keep = None if replacing is None else table_if_any(state, board, *replacing)
    for line, number in ((Line.NS, ns), (Line.EW, ew)):
        pair = state.pair(line, number)
        found = state.entry_for(board, pair)
        if found is not None and found is not keep:
            raise duplicate_result(pair, board, found.ns.number, found.ew.number)


def duplicate_result(pair: Pair, board: int, ns: int, ew: int) -> DuplicateResult:
    """The refusal of a second result for ``pair`` on ``board``: it already has one, at
    the table of NS ``ns`` against EW ``ew``."""
    return DuplicateResult(
        N_("Pair %(pair)s already has a result on board %(board)s (NS %(ns)s against EW %(ew)s)."),
        hint=N_("To change it, correct that result (with the reason)."),
        code="result.duplicate",
        fix=Fix(
            "result.correct",
            fields={"board": board, "ns": ns, "ew": ew},
            needs=("reason",),
        ),
        pair=str(pair),
        board=board,
        ns=ns,
        ew=ew,
    )
