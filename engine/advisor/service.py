"""The movement advisor: which movements suit tonight's field, ranked, with their trade-offs.

Sources:

- JCBL director manual, part 2 ch. 1 §7: a weekly game plays 20–30 boards; a round takes
  7 minutes a board plus 1 minute (ch. 2 §6), so three hours hold about 24 boards.
- JCBL manual appendix 1, as :mod:`engine.advisor.lists` and
  :mod:`engine.advisor.srr_lists` read it: the weekly list of table guide sheets (3–11
  tables), the two-session list (3–45 tables, with its section splits) and the SRR lists
  for teams. Beyond the weekly list a one-session game plays the two-session list's first
  sessions.
- The club-director guide ("Movements for the club director"): the considerations a
  director weighs (:data:`~engine.advisor.proposals.CONSIDERATIONS`), the NS rover and 1½
  appendix Mitchell for a half table, and the arrow-switch for one winner.

Every proposal says what each section plays in each session and, through the registry,
the installed family (and options) that builds it, with the validator's figures
(:mod:`engine.advisor.building`); what no installed family builds is the lists' data
alone, marked as not available to assign. This is an application service: it reads the
registry and the lists and changes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from engine.advisor.building import ProposalBuilder
from engine.advisor.lists import TWO_SESSION_PLANS, WEEKLY_SHEETS, Kind, TwoSessionPlan
from engine.advisor.proposals import (
    BUILT_SOURCE,
    MASTERPOINT_BOARDS,
    MINUTES_A_BOARD,
    MINUTES_A_ROUND,
    USUAL_BOARDS,
    WEEKLY_BOARDS,
    Advice,
    Proposal,
    minutes,
)
from engine.advisor.srr_lists import SRR_TEAMS, SRR_TEAMS_AND_PAIRS, SRR_TEAMS_SESSIONS
from engine.errors import N_, InvalidInput
from engine.registry import Registry


def advise(
    registry: Registry,
    entries: int,
    *,
    teams: bool = False,
    boards: int | None = None,
    minutes: int | None = None,
    two_winners: bool = False,
    sessions: int = 1,
) -> Advice:
    """Movements for ``entries`` pairs (or teams), ranked best first.

    ``boards`` and ``minutes`` are what one session should play and may take;
    ``two_winners`` asks for NS and EW fields (otherwise one winner is wanted).
    Ranking: proposals that fit in ``minutes`` first, then those giving the winners
    wanted, then the nearest to the boards wanted (without ``boards``: the longest game
    that fits ``minutes``, or else the usual 24), then the shortest sit-out, no relay,
    the best comparison balance, the manual's lists before the rest."""
    if entries < 2:
        raise InvalidInput(
            N_("%(entries)s teams cannot play a duplicate game.")
            if teams
            else N_("%(entries)s pairs cannot play a duplicate game."),
            hint=N_("A game needs at least 2 teams, or 4 pairs."),
            code="advisor.too_few",
            entries=entries,
        )
    if sessions not in (1, 2):
        raise InvalidInput(
            N_("The advisor plans 1 or 2 sessions, not %(sessions)s."),
            code="advisor.sessions",
            sessions=sessions,
        )
    tables = entries if teams else math.ceil(entries / 2)
    half_table = not teams and entries % 2 == 1
    builder = ProposalBuilder(registry, teams, entries)
    if teams:
        found = list(_team_proposals(builder, entries, sessions))
    else:
        found = list(_pair_proposals(builder, entries, tables, sessions, boards, minutes))
    want = _Want(boards, minutes, 2 if two_winners else 1, sessions)
    ranked = sorted(
        (_with_notes(p, half_table, want) for p in _merged(found)),
        key=want.key,
    )
    return Advice(
        entries=entries,
        teams=teams,
        tables=tables,
        sessions=sessions,
        boards=boards,
        minutes=minutes,
        winners=want.winners,
        proposals=tuple(ranked),
        notes=tuple(_field_notes(entries, tables, teams, half_table)),
    )


@dataclass(frozen=True)
class _Want:
    boards: int | None
    minutes: int | None
    winners: int
    sessions: int

    def key(self, p: Proposal) -> tuple[Any, ...]:
        session_boards = p.boards / len(p.rounds)
        longest = max(p.minutes)
        over = self.minutes is not None and longest > self.minutes
        if self.boards is not None:
            distance: float = abs(session_boards - self.boards)
        elif self.minutes is not None:
            distance = abs(self.minutes - longest)
        else:
            distance = abs(session_boards - USUAL_BOARDS)
        balance = p.balance
        return (
            over,
            p.winners != self.winners,
            not p.assignable,  # what the director can assign now comes first
            distance,
            p.sit_out_rounds * p.boards_per_round,
            bool(p.relays),
            Decimal("Infinity") if balance is None else balance.comparison_stdev,
            p.source == BUILT_SOURCE,
            longest,
            p.title,
        )


def _pair_proposals(
    builder: ProposalBuilder,
    pairs: int,
    tables: int,
    sessions: int,
    boards: int | None,
    minutes: int | None,
) -> Iterator[Proposal]:
    if sessions == 2:
        for plan in TWO_SESSION_PLANS:
            if plan.tables == tables:
                yield builder.listed(plan, sessions=2)
    else:
        for line in WEEKLY_SHEETS:
            if line.pairs[0] <= pairs <= line.pairs[1]:
                for b, r in line.games:
                    yield builder.weekly(line, b, r, pairs)
        if not any(line.tables == tables for line in WEEKLY_SHEETS):
            for plan in _first_sessions(tables):
                yield builder.listed(plan, sessions=1)
        yield from _guide_proposals(builder, pairs, tables)
    yield from builder.installed(tables, sessions, _target(boards, minutes))


def _first_sessions(tables: int) -> Iterator[TwoSessionPlan]:
    """The two-session list's first sessions, as one-session games (beyond the weekly list)."""
    seen: set[tuple[object, ...]] = set()
    for plan in TWO_SESSION_PLANS:
        key = (plan.boards_per_round, tuple((s.tables, s.first) for s in plan.sections))
        if plan.tables == tables and key not in seen:
            seen.add(key)
            yield plan


def _guide_proposals(builder: ProposalBuilder, pairs: int, tables: int) -> Iterator[Proposal]:
    """The guide's movements for a half table: an NS rover Mitchell, a 1½ appendix Mitchell."""
    if pairs % 2 == 0:
        return
    full = tables - 1
    for variant, sizes in ROVER_ROUTES.items():
        if full in sizes:
            rounds = full - 1 if variant is Kind.SKIP_MITCHELL else full
            for b in (2, 3):
                yield builder.guide(Kind.ROVER_MITCHELL, tables, b, rounds, variant)
    base = full - 1
    if base >= 3:
        rounds = base - 1 if base % 2 == 0 else base
        for b in (2, 3):
            yield builder.guide(Kind.APPENDIX_1_5, tables, b, rounds, None)


ROVER_ROUTES: dict[Kind, frozenset[int]] = {
    Kind.STRAIGHT_MITCHELL: frozenset({5, 7, 9, 11, 13}),
    Kind.SKIP_MITCHELL: frozenset({8, 10, 12, 14}),
    Kind.RELAY_MITCHELL: frozenset({6, 8, 10, 12, 14}),
}
"""Full tables for which the guide tabulates the NS rover's route, by the base Mitchell."""


HALF_GAMES = frozenset({"stagger", "mirror-mitchell-halves"})
"""Team families whose movement is one session of a two-session round robin: played alone,
half the matches (the stagger's odd v odd and even v even; the mirror Mitchell's halves)."""


def _team_proposals(builder: ProposalBuilder, teams: int, sessions: int) -> Iterator[Proposal]:
    """One session: list 3 and the installed families. Two: list 5's two-session games,
    list 4's SRR teams + pairs (the same session twice), and the installed families, each
    proposal a whole round robin (:meth:`ProposalBuilder.installed_teams`)."""
    if sessions == 1:
        for plan in SRR_TEAMS:
            if plan.teams == teams:
                yield builder.srr(plan)
        for p in builder.installed(teams, sessions, USUAL_BOARDS):
            if p.sections[0].family not in HALF_GAMES:
                yield p
        return
    for game in SRR_TEAMS_SESSIONS:
        if game.teams == teams and len(game.sessions) == sessions:
            yield builder.srr_sessions(game)
    for plan in SRR_TEAMS_AND_PAIRS:
        if plan.teams == teams:
            yield builder.srr(plan)
    yield from builder.installed_teams(teams)


def _target(boards: int | None, minutes_: int | None) -> int:
    """Boards a session should play: as asked, as fit the minutes, or the usual 24."""
    if boards is not None:
        return boards
    if minutes_ is not None:
        return max(1, minutes_ // (MINUTES_A_BOARD + MINUTES_A_ROUND))
    return USUAL_BOARDS


def _merged(proposals: list[Proposal]) -> Iterator[Proposal]:
    """Drop installed-family proposals that repeat a listed one (same family, size, play)."""
    listed = {
        (s.family, s.tables, s.plays[0].rounds, p.boards_per_round)
        for p in proposals
        if p.source != BUILT_SOURCE
        for s in p.sections
        if len(p.sections) == 1 and s.family is not None
    }
    seen: set[tuple[object, ...]] = set()
    for p in proposals:
        s = p.sections[0]
        key = (s.family, s.tables, s.plays[0].rounds, p.boards_per_round)
        if p.source == BUILT_SOURCE and (key in listed or key in seen):
            continue
        seen.add(key)
        yield p


# ---- notes: the guide's considerations applied -------------------------------------------


KIND_NOTES: tuple[tuple[Kind, bool, str], ...] = (
    (Kind.SKIP_MITCHELL, True, "A skip Mitchell is best not used with a half table."),
    (
        Kind.RELAY_MITCHELL,
        False,
        "Relay Mitchell: tables in a neat horseshoe, the sharing tables equidistant from the "
        "bye stand; curtailing is not recommended.",
    ),
    (
        Kind.STRAIGHT_MITCHELL,
        True,
        "With a half table do not curtail: some boards would have a different top.",
    ),
    (
        Kind.SCRAMBLED_MITCHELL,
        False,
        "Scrambled Mitchell: number the pairs in one series; arrow-switch about one round in "
        "eight, and check that every table turns its boards.",
    ),
    (
        Kind.APPENDIX_MITCHELL,
        False,
        "Appendix Mitchell: most pairs and all boards move; put guide cards on the tables.",
    ),
)
"""The guide's advice on a kind of movement, noted on every proposal that plays it (with
``True``: only when there is a half table)."""


def _with_notes(p: Proposal, half_table: bool, want: _Want) -> Proposal:
    """``p`` with its sit-out and the guide's considerations that apply to it as notes."""
    rests = 0 if p.balance is None else p.balance.sit_out_rounds
    p = replace(p, sit_out_rounds=max(rests, 1 if half_table else 0))
    notes = list(p.notes)
    kinds = {play.kind for s in p.sections for play in s.plays}
    per_session = p.boards // len(p.rounds)
    low, high = WEEKLY_BOARDS
    if not low <= per_session <= high:
        notes.append(f"{per_session} boards a session: a weekly game plays {low}-{high}.")
    if per_session < MASTERPOINT_BOARDS:
        notes.append(
            f"Fewer than {MASTERPOINT_BOARDS} boards: not a green-masterpoint session in "
            "Australia (the guide)."
        )
    if want.minutes is not None and max(p.minutes) > want.minutes:
        notes.append(
            f"Takes about {max(p.minutes)} minutes, more than the {want.minutes} there are."
        )
    if p.winners != want.winners:
        notes.append(
            "Two winners (NS and EW fields)." if p.winners == 2 else "One winner (one field)."
        )
    if Kind.HOWELL in kinds:
        full = all(
            play.rounds == 2 * s.tables - 1
            for s in p.sections
            for play in s.plays
            if play.kind is Kind.HOWELL
        )
        notes.append(
            "A Howell cannot be curtailed: choose one that ends in time."
            + (
                ""
                if full
                else " Fewer rounds than a full Howell: several stationary pairs, "
                "and pairs do not meet every other pair."
            )
        )
    notes += [note for kind, half, note in KIND_NOTES if kind in kinds and (half_table or not half)]
    if Kind.INTERWOVEN_HOWELL in kinds:
        notes.append(
            "Session 2 plays the interwoven Howell: each group of session 1 (A and B) plays "
            "a Howell within itself, the groups sharing the boards (part 3 ch. 1 §1.2)."
        )
        if len({a.family for s in p.sections for a in s.sessions if a.family}) > 1:
            notes.append(
                "The sessions are built by different families: seat session 2's groups as "
                "session 1's (renumber the pairs if their numbers differ)."
            )
    if p.renumber and len(p.sections) > 1:
        notes.append(
            "Session 2 plays the same movements: between the sessions the pairs change "
            "sections so that no two meet again (part 3 ch. 3 §5-6; traveller renumber)."
        )
    elif p.renumber:
        notes.append(
            "Session 2 plays the same movement again: renumber the pairs between the "
            "sessions (traveller renumber) so that they meet new opponents where they can, "
            "and in a Howell other pairs stay put (part 3 ch. 1 §1.2)."
        )
    if len(p.sections) > 1:
        notes.append(
            f"{len(p.sections)} sections: each needs its own copy of the boards; the "
            "stationary pair numbers are printed for players with special needs."
        )
        if len({(s.tables, s.plays) for s in p.sections}) < len(p.sections):
            notes.append(
                "Two sections of the same size play the same movement: the manual advises "
                "different sizes, so that pairs and scores are not mixed up (note 5)."
            )
    if p.sit_out_rounds:
        sit = p.sit_out_rounds * p.boards_per_round
        notes.append(
            f"A pair sits out {sit} boards (about "
            f"{minutes(p.sit_out_rounds, p.boards_per_round)} minutes)."
        )
    if not p.assignable:
        notes.append("No installed family builds it: play it from the printed guide cards.")
    return replace(p, notes=tuple(dict.fromkeys(notes)))


def _field_notes(entries: int, tables: int, teams: bool, half_table: bool) -> Iterator[str]:
    if teams:
        if entries >= 13:
            yield "13 teams or more: a Swiss suits better than a round robin (appendix 1)."
        elif entries % 2:
            yield "An odd number of teams: the American Whist suits (the guide)."
        else:
            yield "An even number of teams: the New England relay or a round robin (the guide)."
        return
    if half_table:
        yield (
            f"{entries} pairs: a half table. Use the movement for {entries + 1} pairs; the "
            "phantom is the stationary (or last) pair, so the sit-out stays at one table "
            "(appendix 1, note 1)."
        )
    if tables == 13:
        yield "13 tables: the guide also suggests a 9-table Mitchell with a 4-table web (2/2)."
    if tables == 28:
        yield "28 tables: the guide also suggests two 9-table Mitchells and a 10-table web (5/5)."
