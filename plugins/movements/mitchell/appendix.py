"""Appendix Mitchell: more tables than a base Mitchell, every pair playing every board.

JCBL part 2, ch. 3, §6 and figure 12 (a 7-table base with tables 8-10 appended), and
the guide's APPENDIX MITCHELL. The base tables hold the boards, which move down one
table a round within the base; each appended table shares the boards of one base table
(table ``base + i`` with table ``i``). The base has as many tables as the movement has
rounds (JCBL's 7-, 11- and 13-round versions), and any smaller number of tables may be
appended.

Two pairs stay at each appended table and its partner, the rest move:

- JCBL (figure 12): the NS pairs of the appended tables and the EW pairs of their
  partners stay. NS 1 … base move up two tables a round around the base; the other EW
  pairs move up one table around the unshared base tables and the appended tables
  (4, 5, 6, 7, 8, 9, 10 in figure 12).
- The guide: the same with NS and EW exchanged: the NS pairs of the shared base tables
  and the EW pairs of the appended tables stay; the other NS pairs move up two around
  the appended and unshared tables (8, 9, 10, 4, 5, 6, 7), the EW pairs up one around
  the base.

The moves may be other steps (the guide lists NS down two and EW up one, NS up one and
EW up two, NS up one and EW down two) as long as nobody meets a board or a pair twice:
for a base of ``b`` tables the steps ``s`` (of the pairs moving around the base) and
``u`` (of the others) must make ``s``, ``u``, ``s + 1``, ``u + 1`` and ``s - u`` prime
to ``b``. Two and one need a base divisible by neither 2 nor 3: 5, 7, 11, 13, 17 …

The JCBL lists (and JTOS) also play 8, 9, 10 and 12 rounds. No such movement keeps the
boards going down one table a round, so these are *group movements* stored as data in
:mod:`plugins.movements.howell.two_session_bases`: the first ``r`` pairs of each line move, the
rest stay put, and pairs and boards move as the guide cards say (pairs in one series, A
``1 … t`` against B ``t + 1 … 2t``). ``printed`` is JCBL's own 9-table, 8-round sheet
(:data:`~plugins.movements.mitchell.printed_sheets.APPENDIX_9_TABLES`).
"""

from __future__ import annotations

from collections.abc import Callable
from math import gcd
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from engine import (
    Encounter,
    InvalidMovement,
    Line,
    Movement,
    Numbering,
    Pair,
    Relay,
    hookimpl,
    validate,
)
from engine.errors import N_, Phrase
from plugins.movements.howell.two_session_bases import APPENDIX_BASES, group_movement
from plugins.movements.mitchell.basic import MitchellBoards
from plugins.movements.mitchell.printed_sheets import APPENDIX_9_TABLES, master_sheet

BASES = (13, 11, 7, 5)
"""The bases chosen by default, most rounds first (JCBL's 13-, 11- and 7-round lists)."""


class AppendixOptions(MitchellBoards):
    """How an appendix Mitchell is laid out."""

    rounds: int | None = Field(
        default=None,
        ge=5,
        description=(
            "Rounds, which is also the number of base tables: 5, 7, 11, 13, 17 … (default: "
            "13, 11, 7 or 5, the most that leaves at least one table to append)."
        ),
    )
    stationary: Literal["jcbl", "guide"] = Field(
        default="jcbl",
        description=(
            "jcbl: NS stay at the appended tables, EW at their partners (figure 12); "
            "guide: EW stay at the appended tables, NS at their partners."
        ),
    )
    ns_step: int = Field(default=2, description="Tables the moving NS pairs go up a round.")
    ew_step: int = Field(default=1, description="Tables the moving EW pairs go up a round.")
    printed: bool = Field(
        default=False,
        description="Play JCBL's printed 9-table, 8-round sheet (part 3, ch. 2) instead.",
    )


class AppendixMitchell:
    """Appendix Mitchell (アペンディックス・ミッチャエル): every pair plays every board.

    For more tables than boards allow: a base of 7, 11 or 13 tables (5, 17 … also work;
    the base has as many tables as rounds) holds the boards, which go down one table a
    round and stay in the base. Up to one table fewer than the base may be appended;
    appended table ``base + i`` stands by table ``i`` and shares its boards. As in JCBL
    figure 12, the NS pairs of the appended tables and the EW pairs of the tables they
    share with stay put; NS 1 to ``base`` move up two tables a round around the base,
    and the other EW pairs move up one table around the unshared base tables and the
    appended tables. With ``stationary=guide`` NS and EW change roles (the guide's
    diagram); other steps may be set. Guide cards on the tables help.

    A half table: the stationary pair of the last appended table is the phantom (those
    meeting it sit out). The movement cannot be curtailed. ``printed`` gives JCBL's
    9-table, 8-round two-session sheet (pairs 1-18 in one series, pairs 9 and 18 stay).
    """

    name: ClassVar[str] = "appendix-mitchell"
    aliases: ClassVar[tuple[str, ...]] = ("mitchell-appendix",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = AppendixOptions

    def build(self, tables: int, options: AppendixOptions | None = None) -> Movement:
        """The appendix Mitchell for ``tables`` tables."""
        opts = options or AppendixOptions()
        if opts.printed:
            return validate(self._printed(tables, opts))
        base = opts.rounds or _default_base(tables)
        if gcd(base, 6) != 1:
            if (tables, base) in APPENDIX_BASES:
                return validate(self._listed(tables, base, opts))
            if (tables, base) == (9, 8):
                return validate(self._printed(tables, opts))
        appended = tables - base
        if not 1 <= appended < base:
            raise InvalidMovement(
                N_(
                    "An appendix Mitchell on a %(base)s-table base takes %(least)s to "
                    "%(most)s tables, not %(tables)s."
                ),
                hint=N_("Choose another number of rounds (the base), or another movement."),
                code="appendix.tables",
                base=base,
                least=base + 1,
                most=2 * base - 1,
                tables=tables,
            )
        ns_moves_round_base = opts.stationary == "jcbl"
        around, beside = (
            (opts.ns_step, opts.ew_step) if ns_moves_round_base else (opts.ew_step, opts.ns_step)
        )
        _check_steps(base, around, beside)
        schedule: list[Encounter] = []
        for r in range(1, base + 1):
            k = r - 1
            # Places 0 … base - 1 are the base tables; the pairs moving beside the base sit
            # at the appended table of a shared place.
            round_base = {(m - 1 + around * k) % base: m for m in range(1, base + 1)}
            beside_base = {
                ((n - 1 if n <= base else n - base - 1) + beside * k) % base: n
                for n in range(appended + 1, tables + 1)
            }
            for place in range(base):
                boards = opts.boards((place + k) % base + 1)
                table, shared = place + 1, place < appended
                other = table if shared else beside_base[place]
                schedule.append(
                    _encounter(r, table, round_base[place], other, ns_moves_round_base, boards)
                )
                if shared:  # the appended table's own pair against a pair moving beside
                    mover = beside_base[place]
                    schedule.append(
                        _encounter(
                            r, base + table, base + table, mover, ns_moves_round_base, boards
                        )
                    )
        relays = tuple(
            Relay(round=e.round, tables=(e.table, base + e.table), boards=e.boards)
            for e in schedule
            if e.table <= appended
        )
        still_base, still_appended = (
            (Line.EW, Line.NS) if ns_moves_round_base else (Line.NS, Line.EW)
        )
        movement = Movement(
            family=self.name,
            tables=tables,
            rounds=base,
            boards_per_round=opts.boards_per_round,
            numbering=Numbering.MITCHELL,
            schedule=tuple(sorted(schedule, key=lambda e: (e.round, e.table))),
            relays=relays,
            phantom=Pair(tables, still_appended),
            stationary=(
                *(Pair(t, still_base) for t in range(1, appended + 1)),
                *(Pair(t, still_appended) for t in range(base + 1, tables + 1)),
            ),
            description=_describe(base, appended, opts, ns_moves_round_base),
            plugin=self.name,
            plugin_version=self.version,
        )
        return validate(movement)

    def _listed(self, tables: int, rounds: int, opts: AppendixOptions) -> Movement:
        """The list's version on no prime base: a group movement (see the module doc)."""
        if (opts.stationary, opts.ns_step, opts.ew_step) != ("jcbl", 2, 1):
            raise InvalidMovement(
                N_(
                    "The %(rounds)s-round appendix Mitchell has moves of its own: who stays and "
                    "how far the pairs go are not set for it."
                ),
                hint=N_("Leave out stationary, ns_step and ew_step."),
                code="appendix.own_moves",
                rounds=rounds,
            )
        movement = group_movement(
            APPENDIX_BASES[tables, rounds],
            opts.boards_per_round,
            opts.first_board,
            family=self.name,
            title=f"Appendix Mitchell ({rounds} rounds, the JCBL list's version)",
        )
        return movement.model_copy(update={"plugin": self.name, "plugin_version": self.version})

    def _printed(self, tables: int, opts: AppendixOptions) -> Movement:
        """JCBL's printed 9-table sheet, with tables numbered as the boards travel.

        The sheet gives board sets, not tables. Reading: the two stationary pairs play
        the shared set at tables 9 (pair 9) and 8 (pair 18); the other sets stand at
        tables 1-7 and go down one table a round, from table 1 to the shared tables
        and from there to table 7."""
        if tables != 9 or opts.rounds not in (None, 8):
            raise InvalidMovement(
                N_("JCBL prints an appendix Mitchell sheet only for 9 tables and 8 rounds."),
                hint=N_("Leave out the printed option for other sizes."),
                code="appendix.printed",
            )
        schedule = [
            Encounter(
                round=r,
                table=(s - r) % 8 or (9 if 9 in (ns, ew) else 8),
                ns=ns,
                ew=ew,
                boards=opts.boards(s),
            )
            for r, row in enumerate(master_sheet(APPENDIX_9_TABLES), start=1)
            for s, cell in enumerate(row, start=1)
            for ns, ew in cell
        ]
        return Movement(
            family=self.name,
            tables=9,
            rounds=8,
            boards_per_round=opts.boards_per_round,
            numbering=Numbering.HOWELL,
            schedule=tuple(sorted(schedule, key=lambda e: (e.round, e.table))),
            relays=tuple(Relay(round=r, tables=(8, 9), boards=opts.boards(r)) for r in range(1, 9)),
            phantom=Pair(18),
            description=(
                f"JCBL's 9-table appendix Mitchell: 8 rounds of {opts.boards_per_round} "
                "boards, pairs 1-18 in one series; pairs 9 and 18 stay at tables 9 and 8 "
                "and share a set, which goes on to table 7; boards go down one table."
            ),
            plugin=self.name,
            plugin_version=self.version,
        )


def _encounter(
    rnd: int, table: int, base_line: int, other: int, ns_moves: bool, boards: tuple[int, ...]
) -> Encounter:
    """``base_line`` is of the line that moves round the base: NS when ``ns_moves``."""
    ns, ew = (base_line, other) if ns_moves else (other, base_line)
    return Encounter(round=rnd, table=table, ns=ns, ew=ew, boards=boards)


def _default_base(tables: int) -> int:
    for base in BASES:
        if base < tables < 2 * base:
            return base
    raise InvalidMovement(
        N_("No appendix Mitchell on a base of %(bases)s tables fits %(tables)s tables."),
        hint=N_("Give the number of rounds (the base tables), or choose another movement."),
        code="appendix.no_base",
        bases=", ".join(map(str, BASES[::-1])),
        tables=tables,
    )


def _check_steps(base: int, around: int, beside: int) -> None:
    """Nobody meets a board or a pair twice (see the module docstring)."""
    if gcd(base, 6) != 1:
        # Even: a moving pair must meet every set and every stationary pair once, which
        # no sequence of places allows on an even circle (no complete mapping of Z_2n).
        # Divisible by 3: s + 1 and u + 1 prime to 3 force s = u = 1 (mod 3), so s - u
        # is not; and a search finds no irregular moves for 9 either.
        listed = sorted(t for t, r in APPENDIX_BASES if r == base)
        offer = (
            Phrase(
                N_(" The %(base)s-round version is offered for %(spans)s tables."),
                base=base,
                spans=_spans(listed),
            )
            if listed
            else ""
        )
        raise InvalidMovement(
            N_(
                "No appendix Mitchell works on a base of %(base)s tables with the boards going "
                "down one table a round: however the pairs move some would meet a board or a "
                "pair twice (the base must be divisible by neither 2 nor 3).%(offer)s"
            ),
            hint=N_("Use a base (rounds) of 5, 7, 11 or 13 tables, or a size offered."),
            code="appendix.base",
            base=base,
            offer=offer,
        )
    for what, step in (
        (N_("the pairs moving round the base never meet the same stationary pair twice"), around),
        (N_("the other moving pairs never meet the same stationary pair twice"), beside),
        (N_("the pairs moving round the base never play a board twice"), around + 1),
        (N_("the other moving pairs never play a board twice"), beside + 1),
        (N_("the two lines of moving pairs never meet twice"), around - beside),
    ):
        if gcd(step % base, base) != 1:
            raise InvalidMovement(
                N_(
                    "These moves do not work on a base of %(base)s tables: %(what)s only if "
                    "%(step)s is prime to %(base)s."
                ),
                hint=N_("Use a base of 5, 7, 11, 13 … tables with NS up 2 and EW up 1."),
                code="appendix.steps",
                base=base,
                what=Phrase(what),
                step=step,
            )


def _spans(numbers: list[int]) -> str:
    """``[13, 14, 15, 17]`` → "13-15 and 17"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs]
    return " and ".join([", ".join(parts[:-1]), parts[-1]] if len(parts) > 1 else parts)


def _describe(base: int, appended: int, opts: AppendixOptions, ns_round_base: bool) -> str:
    last = opts.first_board + base * opts.boards_per_round - 1
    shared = f"table {base + 1}" if appended == 1 else f"tables {base + 1}-{base + appended}"
    partners = "table 1" if appended == 1 else f"tables 1-{appended}"
    ns, ew = (
        f"{line} {'up' if step > 0 else 'down'} {abs(step)}"
        for line, step in (("NS", opts.ns_step), ("EW", opts.ew_step))
    )
    stay = (
        f"NS stay at {shared}, EW at {partners}"
        if ns_round_base
        else f"EW stay at {shared}, NS at {partners}"
    )
    return (
        f"Appendix Mitchell, {base + appended} tables on a {base}-table base: {base} rounds "
        f"of {opts.boards_per_round} boards, boards {opts.first_board}-{last} down one table "
        f"in the base; {shared} share boards with {partners}; {stay}; {ns}, {ew}."
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the appendix Mitchell."""
    register(AppendixMitchell())
