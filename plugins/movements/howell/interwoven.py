"""The interwoven Howell and its first session (JCBL manual, part 3, chapters 1-2).

A single-section two-session pairs game for 8 tables or more splits the field into
groups A (pairs 1 to ``t``) and B (``t + 1`` to ``2t``). In the first session A plays B
(a scrambled or an appendix Mitchell); in the second each group plays a Howell within
itself, group B on the boards group A leaves on the bye stand and sharing the rest as
relays: the interwoven Howell (インターウーブン・ハウエル). With an odd number of pairs in
a group, the pair of each group left without an opponent in a round play each other —
two pairs that the first session must not have brought together, which is why the
9-table scrambled Mitchell stops after 8 of its 9 rounds: its round 9 is exactly those
meetings.

The manual prints the master sheets for two games, and this family reproduces them:

- 8 tables, 8 + 7 rounds: scrambled Mitchell (pairs 1-8 against 9-16), then the
  interwoven Howell with pairs 8 and 16 stationary at the relay tables;
- 9 tables, 8 + 9 rounds: scrambled Mitchell with its round 9 cut (``rounds=9`` plays
  it, with one rematch in session 2) or the appendix Mitchell (``first_session=
  "appendix"``, every board played 9 times in both sessions so no factoring), then the
  interwoven Howell (pairs 1-9 and 10-18, no stationary pair).

The rest of the JCBL two-session list (appendix 1, 2. 2: 8 to 19 tables in one
section) it plays from the base rounds of :mod:`plugins.movements.howell.two_session_bases`:
an appendix Mitchell of 7 to 13 rounds, or a scrambled Mitchell of 10 to 13 tables (the
arrow-switch Mitchell, with a relay and a bye stand for 10 and 12), then the interwoven
Howell of the list's rounds. Over the two sessions no two pairs meet twice, but after a
full scrambled Mitchell on 11 or 13 tables the pairs left over in session 2 meet once
more (the list's "one rematch").

The printed interwoven Howells are cyclic: in each round every pair of a group moves to
the seat of the pair one number below it in its group and every set to the next place,
which the printed sheets follow cell for cell. Tables are numbered by the place of their
set, relay tables side by side (the sheets print no table numbers). The printed first
sessions are read from :mod:`plugins.movements.mitchell.printed_sheets`, numbered as
the arrow-switch Mitchell numbers them: in a scrambled Mitchell the pairs the sheet seats
NS in round 1 keep their tables (group A on 8 tables, as on 10 to 13; group B on 9); in
the appendix Mitchell group B keeps them (pair ``g + t`` at table ``t``, the appendix
pair at the last table). They change seats where the sheet puts them NS or EW; the other
group and the boards move as the sheet says.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from engine import (
    BoardOptions,
    BoardsPerRound,
    Encounter,
    InvalidMovement,
    Movement,
    Numbering,
    Pair,
    board_set,
    equal_stops,
    hookimpl,
    relays_of,
    validate,
)
from engine.errors import N_, Fix, Phrase
from plugins.movements.howell.two_session_bases import (
    APPENDIX_BASES,
    INTERWOVEN_BASES,
    WHOLE_INTERWOVEN,
    group_movement,
    sheet_movement,
)
from plugins.movements.mitchell.arrow import ArrowSwitchMitchell, ArrowSwitchOptions
from plugins.movements.mitchell.printed_sheets import (
    APPENDIX_9_TABLES,
    SCRAMBLED_SHEETS,
    Cell,
    master_sheet,
    staying_pairs,
)


class InterwovenHowellOptions(BoardOptions):
    """Which session of the two-session game, and how it is played."""

    session: Literal[1, 2] = Field(
        default=2,
        description="1: the first session's Mitchell (groups A v B); 2: the interwoven Howell.",
    )
    first_session: Literal["scrambled", "appendix"] = Field(
        default="scrambled",
        description=(
            "Session 1: the scrambled Mitchell (8-13 tables) or the appendix Mitchell "
            "(8-19 tables, fewer rounds than tables)."
        ),
    )
    rounds: int | None = Field(
        default=None,
        ge=1,
        description=(
            "Rounds of the session, as the JCBL two-session list plays it (default: the "
            "most the list offers for the tables). With 9 tables the scrambled Mitchell "
            "is cut to 8 (the manual's choice) unless 9 are asked for (one rematch)."
        ),
    )
    boards_per_round: BoardsPerRound = 3  # the JCBL two-session list mostly plays three


APPENDIX_MITCHELL = {9: APPENDIX_9_TABLES}
"""Tables → the printed appendix Mitchell (8 rounds) the list plays before an interwoven
Howell; the other sizes are group movements."""

SCRAMBLED_TABLES = range(8, 14)
"""Tables on which the list's first session may be a scrambled Mitchell (8(M) to 13(M))."""


class InterwovenHowell:
    """Interwoven Howell (インターウーブン・ハウエル): a two-session game in one section.

    For 8 to 19 tables, as the JCBL two-session list plays it. Session 1 (``session=1``)
    plays group A (pairs 1 to t) against group B (t + 1 to 2t) in a scrambled Mitchell
    (8 to 13 tables) or an appendix Mitchell (``first_session=appendix``); session 2
    plays each group's Howell on interwoven boards, the groups sharing some sets as
    relays. Over the two sessions no two pairs meet twice (after a full scrambled
    Mitchell on 9, 11 or 13 tables, once). The highest pair is the phantom in both
    sessions. ``rounds`` picks among the list's games for the tables (for 9 tables:
    session 1 in 7 or 8 rounds, session 2 in 7, 8 or 9); a scrambled Mitchell may stop
    after any round with every board played equally often.
    """

    name: ClassVar[str] = "interwoven-howell"
    aliases: ClassVar[tuple[str, ...]] = ("iwh", "inter-woven-howell")
    version: ClassVar[str] = "2.0"
    Options: ClassVar[type[BaseModel]] = InterwovenHowellOptions

    def build(self, tables: int, options: InterwovenHowellOptions | None = None) -> Movement:
        """The session's movement for ``tables`` tables."""
        opts = options or InterwovenHowellOptions()
        if not any(t == tables for t, _ in INTERWOVEN_BASES):
            raise InvalidMovement(
                N_(
                    "The interwoven Howell is offered for 8 to 19 tables (the JCBL two-session "
                    "list), not %(tables)s."
                ),
                hint=N_(
                    "For more tables the list splits the field into sections that play "
                    "Mitchells and Howells in both sessions."
                ),
                code="interwoven.tables",
                tables=tables,
            )
        boards = (opts.boards_per_round, opts.first_board)
        title = "Interwoven Howell (session 2)"
        if opts.session == 2:
            rounds = _rounds(tables, opts, offered(tables, 2), N_("interwoven Howell"))
            key = (tables, rounds)
            movement = (
                sheet_movement(WHOLE_INTERWOVEN[key], *boards, family=self.name, title=title)
                if key in WHOLE_INTERWOVEN
                else group_movement(INTERWOVEN_BASES[key], *boards, family=self.name, title=title)
            )
        elif opts.first_session == "appendix":
            movement = self._appendix(tables, opts)
        else:
            movement = self._scrambled(tables, opts)
        return validate(
            movement.model_copy(update={"plugin": self.name, "plugin_version": self.version})
        )

    def _appendix(self, tables: int, opts: InterwovenHowellOptions) -> Movement:
        rounds = _rounds(tables, opts, offered(tables, 1, "appendix"), N_("appendix Mitchell"))
        title = "Appendix Mitchell (session 1 of an interwoven Howell)"
        if (tables, rounds) in APPENDIX_BASES:
            return group_movement(
                APPENDIX_BASES[tables, rounds],
                opts.boards_per_round,
                opts.first_board,
                family=self.name,
                title=title,
            )
        return group_mitchell(
            master_sheet(APPENDIX_MITCHELL[tables]),
            range(tables + 1, 2 * tables + 1),  # group B keeps its tables
            opts.boards_per_round,
            opts.first_board,
            family=self.name,
            title=title,
        )

    def _scrambled(self, tables: int, opts: InterwovenHowellOptions) -> Movement:
        if tables not in SCRAMBLED_TABLES:
            raise InvalidMovement(
                N_(
                    "The JCBL list plays no scrambled Mitchell before an interwoven Howell on "
                    "%(tables)s tables: its Mitchell has fewer rounds than tables."
                ),
                hint=N_("Choose first_session=appendix."),
                code="interwoven.no_scrambled",
                tables=tables,
            )
        title = "Scrambled Mitchell (session 1 of an interwoven Howell)"
        if tables in SCRAMBLED_SHEETS:
            sheet = master_sheet(SCRAMBLED_SHEETS[tables])
            # the 9-table scrambled Mitchell is printed with the round 9 the manual cuts
            usual = 8 if tables == 9 else len(sheet)
            rounds = usual if opts.rounds is None else opts.rounds
            if rounds not in (usual, len(sheet)):
                also = Phrase(N_(" (or all %(all)s)"), all=len(sheet)) if usual < len(sheet) else ""
                raise InvalidMovement(
                    N_(
                        "The %(tables)s-table scrambled Mitchell is played in %(usual)s "
                        "rounds%(also)s, not %(rounds)s."
                    ),
                    hint=N_("Leave rounds empty."),
                    code="interwoven.scrambled_rounds",
                    tables=tables,
                    usual=usual,
                    also=also,
                    rounds=rounds,
                )
            return group_mitchell(
                sheet[:rounds],
                staying_pairs(sheet),
                opts.boards_per_round,
                opts.first_board,
                family=self.name,
                title=title,
            )
        # 10-13 tables: the arrow-switch Mitchell in full (a relay and a bye stand when
        # even); its stationary pairs 1 to t are group A, the moving pairs group B
        if opts.rounds not in (None, tables):
            raise InvalidMovement(
                N_(
                    "The %(tables)s-table scrambled Mitchell is played in full, %(tables)s "
                    "rounds, not %(rounds)s."
                ),
                hint=N_("Leave rounds empty."),
                code="interwoven.scrambled_rounds",
                tables=tables,
                rounds=opts.rounds,
            )
        mitchell = ArrowSwitchMitchell().build(
            tables,
            ArrowSwitchOptions(
                variant="relay" if tables % 2 == 0 else "straight",
                boards_per_round=opts.boards_per_round,
                first_board=opts.first_board,
            ),
        )
        return mitchell.model_copy(
            update={
                "family": self.name,
                "phantom": Pair(2 * tables),  # the phantom of both sessions
                "description": f"{title}: {mitchell.description}",
            }
        )


def offered(tables: int, session: Literal[1, 2], first: str = "scrambled") -> list[int]:
    """The rounds the family plays for ``tables`` tables in ``session`` (with session 1's
    kind), fewest first."""
    if session == 2:
        return sorted(r for t, r in INTERWOVEN_BASES.keys() | WHOLE_INTERWOVEN if t == tables)
    if first == "scrambled":
        return {8: [8], 9: [8, 9]}.get(tables, [tables] if tables in SCRAMBLED_TABLES else [])
    # an appendix Mitchell that some interwoven Howell of the list follows
    second = offered(tables, 2)
    found = {r for t, r in APPENDIX_BASES if t == tables and {r, r + 1} & set(second)}
    return sorted(found | ({8} if tables in APPENDIX_MITCHELL else set()))


def _rounds(tables: int, opts: InterwovenHowellOptions, offers: list[int], what: str) -> int:
    if not offers:
        raise InvalidMovement(
            N_("The JCBL two-session list plays no %(what)s on %(tables)s tables."),
            hint=N_("Choose the other first session, or ask for the movements advised."),
            code="movement.interwoven",
            fix=Fix("movement.advise", fields={"sessions": 2}),
            what=Phrase(what),
            tables=tables,
        )
    rounds = offers[-1] if opts.rounds is None else opts.rounds
    if rounds not in offers:
        listed = ", ".join(map(str, offers))
        raise InvalidMovement(
            N_("The %(what)s on %(tables)s tables is played in %(listed)s rounds, not %(rounds)s."),
            hint=N_("Give rounds=%(last)s, or leave rounds empty."),
            code="interwoven.rounds",
            what=Phrase(what),
            tables=tables,
            listed=listed,
            rounds=rounds,
            last=offers[-1],
        )
    return rounds


def group_mitchell(
    sheet: list[list[Cell]],
    staying: Sequence[int],
    boards_per_round: int,
    first_board: int,
    *,
    family: str,
    title: str,
) -> Movement:
    """A group-A-v-group-B movement from its printed master sheet: the ``staying`` pairs
    keep their tables (table ``t`` the ``t``-th), the other group and the boards move."""
    tables = len(staying)
    table = {pair: t for t, pair in enumerate(staying, start=1)}
    schedule = [
        Encounter(
            round=r,
            table=table[ns if ns in table else ew],
            ns=ns,
            ew=ew,
            boards=board_set(s, boards_per_round, first_board),
        )
        for r, row in enumerate(sheet, start=1)
        for s, cell in enumerate(row, start=1)
        for ns, ew in cell
    ]
    schedule.sort(key=lambda e: (e.round, e.table))
    sets = len(sheet[0])
    offset = staying[0] - 1  # the staying pairs are numbered in a row
    keeps = f"pair {offset} + t" if offset else "pair t"
    return Movement(
        family=family,
        tables=tables,
        rounds=len(sheet),
        boards_per_round=boards_per_round,
        numbering=Numbering.HOWELL,
        schedule=tuple(schedule),
        relays=relays_of(schedule),
        phantom=Pair(2 * tables),
        curtail_after=equal_stops(schedule, len(sheet)),
        description=(
            f"{title}, {tables} tables ({2 * tables} pairs): {len(sheet)} rounds of "
            f"{boards_per_round} boards on {sets} sets, boards {first_board}-"
            f"{first_board + sets * boards_per_round - 1}. Pairs 1-{tables} play pairs "
            f"{tables + 1}-{2 * tables}; {keeps} keeps table t, sitting NS or EW as the "
            "master sheet says."
        ),
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the interwoven Howell."""
    register(InterwovenHowell())
