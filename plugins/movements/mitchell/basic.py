"""Mitchell movements (JCBL director manual, part 2, chapter 3).

"Boards down, pairs up": the NS pairs stay at their tables, the EW pairs move to the
next higher table and the boards to the next lower one. Each pair takes the number of
the table it starts at, so there is an NS 3 and an EW 3; table ``t`` starts with set
``t``. NS pairs are compared with NS pairs, EW with EW (two fields).

With an even number of tables a plain Mitchell would bring the EW pairs back to
boards they have played, so one of two adjustments is made:

- **skip** (スキップ): after half the rounds the EW pairs skip one table; ``tables - 1``
  rounds.
- **bye and relay** (リレイ): tables 1 and the last share a set each round and a bye
  stand sits between the middle tables; ``tables`` rounds on ``tables`` sets.

A curtailed skip Mitchell may skip earlier: playing ``Y`` rounds on ``N`` tables, after
round ``Y - N/2`` at the earliest (JCBL appendix 3 §4, the skip formula).

The other Mitchell families (the modules beside this one: arrow-switch, rover, appendix,
1½ appendix, twin, web, mirror for pairs) build on the options and helpers here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar, Literal

from pydantic import BaseModel, Field

from engine import (
    BoardOptions,
    BoardsPerRound,
    Encounter,
    InvalidMovement,
    Line,
    Movement,
    MovementFamily,
    Numbering,
    Pair,
    board_set,
    equal_stops,
    hookimpl,
    relays_of,
    validate,
)
from engine.errors import N_

Variant = Literal["auto", "straight", "skip", "relay"]
Basic = Literal["straight", "skip", "relay"]
"""A Mitchell's shape once ``auto`` is resolved."""


class MitchellBoards(BoardOptions):
    """The boards of every Mitchell family: a set a table, two boards a set unless told."""

    boards_per_round: BoardsPerRound = 2  # a Mitchell family plays two a set unless told

    def boards(self, set_number: int) -> tuple[int, ...]:
        """The boards of set ``set_number`` (1-based)."""
        return board_set(set_number, self.boards_per_round, self.first_board)


class MitchellOptions(MitchellBoards):
    """How a Mitchell is played."""

    variant: Variant = Field(
        default="auto",
        description=(
            "straight (odd tables), skip or relay (even tables); auto: straight for an odd "
            "number of tables, skip for an even number."
        ),
    )
    rounds: int | None = Field(
        default=None,
        ge=1,
        description="Play fewer rounds than the full movement (curtail); not for a relay.",
    )
    skip_after: int | None = Field(
        default=None,
        ge=1,
        description=(
            "Skip Mitchell: the round after which the EW pairs skip (default half the "
            "tables; when curtailed, as early as rounds - tables/2, the skip formula)."
        ),
    )


def resolve_variant(tables: int, variant: Variant) -> Basic:
    """The Mitchell ``variant`` names for ``tables`` tables, or the reason it cannot be played."""
    if tables < 3:
        raise InvalidMovement(
            N_(
                "A Mitchell needs at least 3 tables, not %(tables)s: with fewer there are "
                "not enough rounds for a game."
            ),
            hint=N_("Add tables, or play a movement made for so few pairs."),
            code="mitchell.tables",
            tables=tables,
        )
    if variant == "auto":
        return "straight" if tables % 2 else "skip"
    if variant == "straight" and tables % 2 == 0:
        raise InvalidMovement(
            N_(
                "A straight Mitchell needs an odd number of tables: with %(tables)s the EW "
                "pairs would come back to boards they have played after half the rounds."
            ),
            hint=N_("Choose the skip or the relay variant."),
            code="mitchell.straight_even",
            tables=tables,
        )
    if variant in ("skip", "relay") and tables % 2:
        raise InvalidMovement(
            N_(
                "A %(variant)s Mitchell is for an even number of tables; with %(tables)s "
                "play a straight Mitchell."
            ),
            hint=N_("Choose the straight (or auto) variant."),
            code="mitchell.variant_odd",
            variant=variant,
            tables=tables,
        )
    return variant


def full_rounds(tables: int, variant: Basic) -> int:
    """Rounds of the complete Mitchell: one fewer than tables for a skip."""
    return tables - 1 if variant == "skip" else tables


class Mitchell:
    """Mitchell (ミッチャエル): NS pairs stay, EW pairs move up, boards move down.

    For 3 tables or more. An odd number of tables plays a straight Mitchell of as many
    rounds as tables; an even number a skip Mitchell (EW skip one table after half the
    rounds; one round fewer than tables) or, on request, a bye-and-relay Mitchell
    (tables 1 and the last share boards, a bye stand in the middle; as many rounds as
    tables). Straight and skip Mitchells may be curtailed to fewer rounds; a curtailed
    skip Mitchell may skip earlier (``skip_after``, as early as rounds less half the
    tables). Every set is in play every round, so a straight or skip Mitchell may also
    stop after any round (``curtail_after``); a relay Mitchell may not (its relay set is
    played twice a round, the bye set not at all). With an odd number of pairs the last
    table's NS pair is the phantom.
    """

    name: ClassVar[str] = "mitchell"
    aliases: ClassVar[tuple[str, ...]] = ("mitchel",)
    version: ClassVar[str] = "1.1"
    Options: ClassVar[type[BaseModel]] = MitchellOptions

    def build(self, tables: int, options: MitchellOptions | None = None) -> Movement:
        """The Mitchell for ``tables`` tables."""
        opts = options or MitchellOptions()
        variant = resolve_variant(tables, opts.variant)
        full = full_rounds(tables, variant)
        rounds = full if opts.rounds is None else opts.rounds
        if rounds > full:
            raise InvalidMovement(
                N_("A %(tables)s-table %(variant)s Mitchell has %(full)s rounds, not %(rounds)s."),
                hint=N_("Give at most %(full)s rounds."),
                code="mitchell.rounds",
                tables=tables,
                variant=variant,
                full=full,
                rounds=rounds,
            )
        if variant == "relay" and rounds != full:
            raise InvalidMovement(
                N_(
                    "A bye-and-relay Mitchell cannot be curtailed: the relay boards would be "
                    "played more often than the boards left on the bye stand."
                ),
                hint=N_("Play all rounds, or choose the skip variant."),
                code="mitchell.relay_curtailed",
            )

        skip = _skip_round(tables, rounds, variant, opts.skip_after)
        if variant == "relay":
            schedule, byes = _relay(tables, opts.boards)
        else:
            schedule, byes = _moving(tables, rounds, skip, opts.boards), []
        return validate(
            mitchell_movement(
                self,
                tables=tables,
                rounds=rounds,
                boards_per_round=opts.boards_per_round,
                schedule=schedule,
                bye_boards=byes,
                description=_describe(tables, rounds, variant, skip, opts),
            )
        )


def mitchell_movement(
    family: MovementFamily,
    *,
    tables: int,
    rounds: int,
    boards_per_round: int,
    schedule: Iterable[Encounter],
    description: str,
    bye_boards: Iterable[tuple[int, tuple[int, ...]]] = (),
) -> Movement:
    """A movement of the Mitchell's shape, built by ``family`` (not yet validated): every
    NS pair stays at its table, the last one is the phantom, tables sharing a set are
    declared relays, and play may stop wherever every board has been played equally
    often."""
    encounters = tuple(sorted(schedule, key=lambda e: (e.round, e.table)))
    return Movement(
        family=family.name,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        numbering=Numbering.MITCHELL,
        schedule=encounters,
        relays=relays_of(encounters),
        bye_boards=tuple(bye_boards),
        phantom=Pair(tables, Line.NS),
        stationary=tuple(Pair(t, Line.NS) for t in range(1, tables + 1)),
        curtail_after=equal_stops(encounters, rounds),
        description=description,
        plugin=family.name,
        plugin_version=family.version,
    )


def _skip_round(tables: int, rounds: int, variant: Basic, skip_after: int | None) -> int:
    """The round after which the EW pairs skip (``rounds`` for no skip).

    JCBL appendix 3 §4, the skip formula: playing ``Y`` rounds on ``N`` tables the EW
    pairs may skip after round ``Y - N/2`` at the earliest (else they come back to
    boards after the skip) and after round ``N/2`` at the latest (else before it)."""
    if variant != "skip":
        if skip_after is not None:
            raise InvalidMovement(
                N_("Only a skip Mitchell has a skip; this is a %(variant)s Mitchell."),
                hint=N_("Leave skip_after out, or choose the skip variant."),
                code="mitchell.skip_variant",
                variant=variant,
            )
        return rounds
    latest = tables // 2
    earliest = max(1, rounds - latest)
    skip = latest if skip_after is None else skip_after
    if not earliest <= skip <= latest:
        raise InvalidMovement(
            N_(
                "Playing %(rounds)s rounds on %(tables)s tables, the EW pairs must skip after a "
                "round from %(earliest)s to %(latest)s, not after round %(skip)s: otherwise they "
                "meet boards they have played."
            ),
            hint=N_("Skip after round %(earliest)s to %(latest)s.")
            if earliest < latest
            else N_("Skip after round %(earliest)s."),
            code="mitchell.skip",
            rounds=rounds,
            tables=tables,
            earliest=earliest,
            latest=latest,
            skip=skip,
        )
    return skip


def _moving(
    tables: int, rounds: int, skip: int, boards: Callable[[int], tuple[int, ...]]
) -> list[Encounter]:
    """Straight or skip Mitchell: table ``t`` plays set ``t + r - 1`` in round ``r``; the
    EW pairs move one table further after round ``skip``."""
    out: list[Encounter] = []
    for r in range(1, rounds + 1):
        moved = r - 1 + (1 if r > skip else 0)
        for t in range(1, tables + 1):
            out.append(
                Encounter(
                    round=r,
                    table=t,
                    ns=t,
                    ew=(t - 1 - moved) % tables + 1,
                    boards=boards((t + r - 2) % tables + 1),
                )
            )
    return out


def _relay(
    tables: int, boards: Callable[[int], tuple[int, ...]]
) -> tuple[list[Encounter], list[tuple[int, tuple[int, ...]]]]:
    """Bye-and-relay Mitchell (manual figure 10).

    The sets stand on a circuit of ``tables`` places: tables 1 and the last share place
    0, tables 2 to ``n/2`` stand at places 1 to ``n/2 - 1``, the bye stand at place
    ``n/2`` and tables ``n/2 + 1`` to ``n - 1`` at the places of their own numbers. Set
    ``s`` starts at place ``s - 1`` and goes down one place a round. Tables 1 and the
    last relay the set at place 0.
    """
    half = tables // 2

    def place(t: int) -> int:
        return 0 if t == tables else t - 1 if t <= half else t

    def set_at(p: int, r: int) -> int:
        return (p + r - 1) % tables + 1

    schedule: list[Encounter] = []
    byes: list[tuple[int, tuple[int, ...]]] = []
    for r in range(1, tables + 1):
        for t in range(1, tables + 1):
            schedule.append(
                Encounter(
                    round=r,
                    table=t,
                    ns=t,
                    ew=(t - r) % tables + 1,
                    boards=boards(set_at(place(t), r)),
                )
            )
        byes.append((r, boards(set_at(half, r))))
    return schedule, byes


def _describe(tables: int, rounds: int, variant: str, skip: int, opts: MitchellOptions) -> str:
    last = opts.first_board + tables * opts.boards_per_round - 1
    how = {
        "straight": "NS stay, EW move up one table, boards down one table",
        "skip": f"as a straight Mitchell, but EW skip one table after round {skip}",
        "relay": f"tables 1 and {tables} share boards, a bye stand between tables "
        f"{tables // 2} and {tables // 2 + 1}",
    }[variant]
    return (
        f"{variant.capitalize()} Mitchell, {tables} tables: {rounds} rounds of "
        f"{opts.boards_per_round} boards, boards {opts.first_board}-{last}; {how}."
    )


@hookimpl
def traveller_register_movements(register: Callable[[object], None]) -> None:
    """Register the Mitchell."""
    register(Mitchell())
