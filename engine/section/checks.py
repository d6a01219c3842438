"""The checks a section's commands make before anything is written.

Each function either returns quietly (or returns the value as it will be recorded)
or raises an error from :mod:`engine.errors` whose message tells the director what
is wrong and what to do about it. Checks on a result entry alone are in
:mod:`engine.section.results`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from engine.bridge import possible_scores_ns, vulnerability
from engine.errors import (
    DuplicateResult,
    ImpossibleScore,
    InvalidInput,
    InvalidMovement,
    NotFound,
    NotScheduled,
    Rejected,
)
from engine.movement import Movement
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
            f"Section {state.name} already has results; its movement cannot be changed now.",
            hint="Correct results individually, or run the section in a new session.",
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
            raise InvalidInput("A movement needs at least one table.")
        return tables
    if not entries:
        raise InvalidInput(
            "No entries are registered in this section, so the number of tables is unknown.",
            hint="Register the pairs (players or teams) first, or give --tables N (a later "
            "session: then seat it from an earlier one with `traveller session seat`).",
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
            f"The {plugin.name} plugin built a movement that breaks the rules of duplicate "
            f"play, so it was not assigned: {exc.message}",
            problems=exc.problems,
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
            f"The {movement.family} movement is for {ENTRY_WORDS[movement.kind]}, but the "
            f"section's entries are {ENTRY_WORDS[kind]}.",
            hint="Choose a movement for " + ENTRY_WORDS[kind] + " (see `traveller movement list`).",
        )
    places = list(movement.teams if kind == "teams" else movement.pairs)
    phantom: Pair | None = None
    if kind == "pairs" and len(entries) == len(places) - 1:
        phantom = movement.phantom or places[-1]
    elif len(entries) != len(places):
        spare = " (one fewer with a phantom)" if kind == "pairs" else ""
        raise Rejected(
            f"A {movement.tables}-table {movement.family} seats {len(places)} "
            f"{ENTRY_WORDS[kind]}{spare}; {len(entries)} are registered.",
            hint="Give the number of tables that fits with --tables, or register or withdraw "
            "entries.",
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
                f"Entry {e.id} asked for number {e.requested_pair}, which this movement "
                "cannot give.",
                hint="Numbers available: " + ", ".join(str(p) for p in free) + ".",
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
        raise Rejected("Assign a movement before starting rounds.")
    expected = (state.current_round or 0) + 1
    if state.current_round is not None and state.current_round not in state.rounds_ended:
        raise Rejected(
            f"Round {state.current_round} has not ended yet.",
            hint=f"End it with `traveller round end --event {event_option(state.tournament)} "
            f"{state.current_round}`.",
        )
    if expected > state.movement.rounds:
        raise Rejected(f"All {state.movement.rounds} rounds of this movement have been played.")
    if round != expected:
        raise Rejected(f"The next round is round {expected}, not {round}.")


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
    where = f"Board {board} (NS {ns} v EW {ew}) is played in round {played_in}"
    if scheduled is None:
        where = f"The slip of board {board} (NS {ns} v EW {ew}) is for round {played_in}"
    raise Rejected(
        f"{where} of section {state.name}, which has not started"
        + ("" if now is None else f" (round {now} is the latest started)")
        + "; this event enforces rounds.",
        hint=f"Check the board and pair numbers on the slip, or start round {played_in} "
        f"when the pairs move (`traveller round start {played_in}{_where(state)}`). To enter "
        "results in any order (paper travellers after play): `traveller event rounds --free`.",
    )


def _where(state: Section) -> str:
    """The options naming the section in a command, where it is not the default."""
    return (f" --session {state.session}" if state.session != 1 else "") + (
        f" --section {state.name}" if state.name != "A" else ""
    )


def check_round_end(state: Section, round: int) -> None:
    if state.current_round != round or round in state.rounds_ended:
        now = state.current_round
        raise Rejected(
            f"Round {round} is not in play."
            + (f" Round {now} is." if now is not None and now not in state.rounds_ended else ""),
        )


# ---- results ----------------------------------------------------------------------------


def check_numbering(state: Section, numbering: Numbering) -> None:
    """A section numbers its pairs one way for good."""
    if state.numbering is not None and state.numbering is not numbering:
        raise Rejected(
            f"Section {state.name} numbers its pairs {state.numbering.value}-style; "
            f"it cannot switch to {numbering.value}.",
            hint="Leave out --numbering, or give the section's own numbering.",
        )


def require_numbering(state: Section) -> None:
    if state.numbering is None:
        raise Rejected(
            f"Section {state.name} has no movement and no pair numbering yet.",
            hint="Assign a movement, or give --numbering mitchell (NS and EW numbered "
            "separately) or --numbering howell (one series).",
        )


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
        raise InvalidInput(f"There is no board {board}: boards are numbered from 1.")
    if ns < 1 or ew < 1:
        raise InvalidInput("Pair numbers start at 1.")
    ns_pair, ew_pair = state.pair(Line.NS, ns), state.pair(Line.EW, ew)
    if ns_pair == ew_pair:
        raise InvalidInput(f"Pair {ns_pair} cannot play against itself.")
    movement = state.movement
    if movement is None:
        return
    if board not in movement.boards:
        raise NotFound(
            f"Board {board} is not played in section {state.name} "
            f"(boards {movement.boards[0]}–{movement.boards[-1]})."
        )
    for pair in (ns_pair, ew_pair):
        if pair not in movement.pairs:
            raise NotFound(f"There is no pair {pair} in section {state.name}.")
        if pair == state.phantom:
            raise Rejected(f"Pair {pair} is the phantom (the sit-out): it has no results.")
        entry = seated_entry(tournament, state, pair)
        if entry is not None and entry.withdrawn and not withdrawn:
            raise Rejected(
                f"Pair {pair} ({', '.join(entry.names)}) has withdrawn: it plays no more boards.",
                hint="Give its opponents an adjusted score for the boards it did not play; a "
                "result it played before withdrawing can still be corrected.",
            )
    if (board, ns_pair, ew_pair) in movement.scheduled or allow_unscheduled:
        return
    where = [
        e
        for e in movement.schedule
        if board in e.boards and ns_pair in (movement.ns_pair(e), movement.ew_pair(e))
    ]
    told = ""
    if where:
        e = where[0]
        # Who holds which cards: on an arrow-switched board the pair numbered EW plays NS.
        held_ns, held_ew = movement.cards(e)
        switched = (
            f" (the boards are arrow-switched: pair {held_ns.number} plays them NS)"
            if e.arrow_switch
            else ""
        )
        told = (
            f" The movement has board {board} played by NS {held_ns.number} against EW "
            f"{held_ew.number} in round {e.round} at table {e.table}{switched}."
        )
    hint = "Check the pair numbers on the slip."
    if overridable:
        hint += ' If they really played it, record it with --override "REASON".'
    raise NotScheduled(
        f"The movement does not have NS {ns} and EW {ew} playing board {board}.{told}",
        hint=hint,
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
        add = (
            f"reopen session {state.session} (`traveller session reopen --event "
            f'{event_option(state.tournament)} --session {state.session} --reason "..."`) '
            "and record it with `traveller result add`"
            if closed
            else "record it with `traveller result add`"
        )
        raise NotFound(
            f"Board {board} has no result for NS {ns} against EW {ew} to correct.",
            hint=f"If the pair numbers themselves were wrong, give the recorded ones with "
            f"--was-ns/--was-ew; if the table has no result yet, {add}.",
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
            raise DuplicateResult(
                f"Pair {pair} already has a result on board {board} "
                f"(NS {found.ns.number} against EW {found.ew.number}).",
                hint=f"To change it use `traveller result correct --board {board} "
                f'--ns {found.ns.number} --ew {found.ew.number} ... --reason "..."`.',
            )


# ---- fouled boards and weighted scores --------------------------------------------------


def check_fouled_groups(
    state: Section, board: int, groups: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], ...]:
    """The groups of NS pair numbers that played each version of a fouled board, checked.

    There are two groups at least; each pair is in one group and plays the board (it has
    a table there, or the movement schedules it); every table whose result counts for
    the others (a played or assigned score) is in a group. Neutral and artificial tables
    may be left out: they are not compared with anyone."""
    if board < 1:
        raise InvalidInput(f"There is no board {board}: boards are numbered from 1.")
    movement = state.movement
    tables = [t for t in state.entries() if t.board == board]
    if movement is not None and board not in movement.boards:
        raise NotFound(
            f"Board {board} is not played in section {state.name} "
            f"(boards {movement.boards[0]}–{movement.boards[-1]})."
        )
    if movement is None and not tables:
        raise NotFound(f"Board {board} has no results in section {state.name}.")
    usage = "For example --group 1,2,3 --group 4,5,6 (the NS pairs that played each version)."
    if len(groups) < 2 or any(not group for group in groups):
        raise InvalidInput(
            "A fouled board needs two groups of tables or more, each with a pair in it.",
            hint=usage,
        )
    seen: set[int] = set()
    for number in (n for group in groups for n in group):
        if number in seen:
            raise InvalidInput(f"NS {number} is given twice: a table played one version.")
        seen.add(number)
    playing = {t.ns for t in tables}
    if movement is not None:
        playing |= {
            ns for (b, ns, ew) in movement.scheduled if b == board and state.phantom not in (ns, ew)
        }
    for number in sorted(seen):
        if state.pair(Line.NS, number) not in playing:
            raise Rejected(
                f"NS {number} does not play board {board} in section {state.name}.",
                hint="Give the NS pair numbers of the tables that played it.",
            )
    grouped = {state.pair(Line.NS, n) for n in seen}
    for t in sorted(tables, key=lambda t: t.ns.number):
        if t.ns not in grouped and not (t.neutral or t.award_ns is not None):
            raise Rejected(
                f"The table of NS {t.ns.number} v EW {t.ew.number} has a result on board "
                f"{board} but is in no group.",
                hint="Put every table that played the board in the group of the version it played.",
            )
    return tuple(tuple(sorted(group)) for group in groups)


def check_weighted_score(
    board: int, outcomes: Sequence[tuple[Fraction, int]], *, side: str | None = None
) -> tuple[tuple[Fraction, int], ...]:
    """An assigned score (law 12C): positive weights adding up to 1, each with a score
    North-South can have on the board, and no score given twice. ``side`` ("NS" or "EW")
    names the side of a split score the results are for, in the messages."""
    usage = (
        "For example --score 2/3:420 --score 1/3:-50."
        if side is None
        else "For example --ns-score 420 --ew-score -450, or weighted: --ew-score 2/3:-450."
    )
    whose = "" if side is None else f" of the {side} side's assigned score"
    if not outcomes:
        raise InvalidInput(
            "An assigned score needs at least one result"
            + ("." if side is None else f" for the {side} side."),
            hint=usage,
        )
    for weight, _ in outcomes:
        if weight <= 0:
            raise InvalidInput(f"The weight {weight}{whose} is not above 0.", hint=usage)
    total = sum((weight for weight, _ in outcomes), Fraction(0))
    if total != 1:
        raise InvalidInput(f"The weights{whose} add up to {total}, not 1.", hint=usage)
    possible = possible_scores_ns(board)
    scores = [score for _, score in outcomes]
    for score in scores:
        # An EW side's results are stored as NS scores; the director wrote them as EW's.
        shown = -score if side == "EW" else score
        if score not in possible:
            raise ImpossibleScore(
                f"Board {board}: no contract can score {shown:+d} for {side or 'NS'} "
                f"(vulnerability {vulnerability(board).value}).",
                hint="Give each score as a result the board can have.",
            )
        if scores.count(score) > 1:
            raise InvalidInput(
                f"The score {shown:+d}{whose} is given twice.",
                hint="Give it once, with the weights added together.",
            )
    return tuple((Fraction(weight), score) for weight, score in outcomes)


def check_split_score(
    state: Section,
    board: int,
    ns_side: Sequence[tuple[Fraction, int]],
    ew_side: Sequence[tuple[Fraction, int]],
) -> tuple[tuple[tuple[Fraction, int], ...], tuple[tuple[Fraction, int], ...]]:
    """A split assigned score (law 12C): each side's results checked, as NS scores; the two
    sides must differ (else it is one assigned score), and the section must be a pairs or
    individual one: a team match compares its two tables, not a table with a field."""
    ns_checked = check_weighted_score(board, ns_side, side="NS")
    ew_checked = check_weighted_score(board, ew_side, side="EW")
    if sorted(ns_checked) == sorted(ew_checked):
        raise InvalidInput(
            "NS and EW are given the same assigned score, so it is not split.",
            hint="Leave out --ew-score: one assigned score is the same for both sides.",
        )
    if state.movement is not None and state.movement.kind == "teams":
        raise Rejected(
            f"Section {state.name} plays a team movement, and a team method cannot score a "
            "split assigned score.",
            hint="Give the table one assigned score (leave out --ew-score), or artificial "
            "scores with `traveller adjust`.",
        )
    return ns_checked, ew_checked
