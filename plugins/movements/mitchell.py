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
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.errors import InvalidMovement
from engine.hookspecs import hookimpl
from engine.movement import Encounter, Movement, Relay, board_set
from engine.seating import Line, Numbering, Pair
from engine.validator import validate

Variant = Literal["auto", "straight", "skip", "relay"]


class MitchellOptions(BaseModel):
    """How a Mitchell is played."""

    model_config = ConfigDict(frozen=True, extra="forbid")

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
    boards_per_round: int = Field(default=2, ge=1, description="Boards in each set.")
    first_board: int = Field(default=1, ge=1, description="Number of the first board.")


class Mitchell:
    """Mitchell (ミッチャエル): NS pairs stay, EW pairs move up, boards move down.

    For 3 tables or more. An odd number of tables plays a straight Mitchell of as many
    rounds as tables; an even number a skip Mitchell (EW skip one table after half the
    rounds; one round fewer than tables) or, on request, a bye-and-relay Mitchell
    (tables 1 and the last share boards, a bye stand in the middle; as many rounds as
    tables). Straight and skip Mitchells may be curtailed to fewer rounds. With an odd
    number of pairs the last table's NS pair is the phantom.
    """

    name: ClassVar[str] = "mitchell"
    aliases: ClassVar[tuple[str, ...]] = ("mitchel",)
    version: ClassVar[str] = "1.0"
    Options: ClassVar[type[BaseModel]] = MitchellOptions

    def build(self, tables: int, options: MitchellOptions | None = None) -> Movement:
        """The Mitchell for ``tables`` tables."""
        opts = options or MitchellOptions()
        if tables < 3:
            raise InvalidMovement(
                f"A Mitchell needs at least 3 tables, not {tables}: with fewer there are "
                "not enough rounds for a game.",
                hint="Add tables, or play a movement made for so few pairs.",
            )
        variant = opts.variant
        if variant == "auto":
            variant = "straight" if tables % 2 else "skip"
        if variant == "straight" and tables % 2 == 0:
            raise InvalidMovement(
                f"A straight Mitchell needs an odd number of tables: with {tables} the EW "
                "pairs would come back to boards they have played after half the rounds.",
                hint="Choose the skip or the relay variant.",
            )
        if variant in ("skip", "relay") and tables % 2:
            raise InvalidMovement(
                f"A {variant} Mitchell is for an even number of tables; with {tables} "
                "play a straight Mitchell.",
                hint="Choose the straight (or auto) variant.",
            )
        full = tables - 1 if variant == "skip" else tables
        rounds = full if opts.rounds is None else opts.rounds
        if rounds > full:
            raise InvalidMovement(
                f"A {tables}-table {variant} Mitchell has {full} rounds, not {rounds}.",
                hint=f"Give at most {full} rounds.",
            )
        if variant == "relay" and rounds != full:
            raise InvalidMovement(
                "A bye-and-relay Mitchell cannot be curtailed: the relay boards would be "
                "played more often than the boards left on the bye stand.",
                hint="Play all rounds, or choose the skip variant.",
            )

        def boards(set_number: int) -> tuple[int, ...]:
            return board_set(set_number, opts.boards_per_round, opts.first_board)

        if variant == "relay":
            schedule, relays, byes = _relay(tables, boards)
        else:
            schedule, relays, byes = _moving(tables, rounds, variant == "skip", boards), [], []
        movement = Movement(
            family=self.name,
            tables=tables,
            rounds=rounds,
            boards_per_round=opts.boards_per_round,
            numbering=Numbering.MITCHELL,
            schedule=tuple(schedule),
            relays=tuple(relays),
            bye_boards=tuple(byes),
            phantom=Pair(tables, Line.NS),
            stationary=tuple(Pair(t, Line.NS) for t in range(1, tables + 1)),
            description=_describe(tables, rounds, variant, opts),
            plugin=self.name,
            plugin_version=self.version,
        )
        return validate(movement)


def _moving(
    tables: int, rounds: int, skip: bool, boards: Callable[[int], tuple[int, ...]]
) -> list[Encounter]:
    """Straight or skip Mitchell: table ``t`` plays set ``t + r - 1`` in round ``r``."""
    out: list[Encounter] = []
    for r in range(1, rounds + 1):
        moved = r - 1 + (1 if skip and r > tables // 2 else 0)
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
) -> tuple[list[Encounter], list[Relay], list[tuple[int, tuple[int, ...]]]]:
    """Bye-and-relay Mitchell (manual figure 10).

    The sets stand on a circuit of ``tables`` places: tables 1 and the last share place
    0, tables 2 to ``n/2`` stand at places 1 to ``n/2 - 1``, the bye stand at place
    ``n/2`` and tables ``n/2 + 1`` to ``n - 1`` at the places of their own numbers. Set
    ``s`` starts at place ``s - 1`` and goes down one place a round.
    """
    half = tables // 2

    def place(t: int) -> int:
        return 0 if t == tables else t - 1 if t <= half else t

    def set_at(p: int, r: int) -> int:
        return (p + r - 1) % tables + 1

    schedule: list[Encounter] = []
    relays: list[Relay] = []
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
        relays.append(Relay(round=r, tables=(1, tables), boards=boards(set_at(0, r))))
        byes.append((r, boards(set_at(half, r))))
    return schedule, relays, byes


def _describe(tables: int, rounds: int, variant: str, opts: MitchellOptions) -> str:
    last = opts.first_board + tables * opts.boards_per_round - 1
    how = {
        "straight": "NS stay, EW move up one table, boards down one table",
        "skip": f"as a straight Mitchell, but EW skip one table after round {tables // 2}",
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
