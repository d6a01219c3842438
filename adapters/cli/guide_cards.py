"""``traveller movement cards|slips|placement``: what a director prints for a movement —
the table guide cards, the pairs' movement slips, and where the boards start."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import Desk, at_desk
from adapters.cli.movement_source import MovementSource
from engine.errors import InvalidInput
from engine.guides import (
    BoardStart,
    CardRound,
    PairSlip,
    RoverCard,
    TableSide,
    boards_text,
    pair_slips,
    placement,
    rover_cards,
    table_cards,
)
from engine.seating import Pair


@at_desk()
def movement_cards(
    desk: Desk,
    source: MovementSource,
    table: Annotated[int | None, typer.Option("--table", help="Only this table's card.")] = None,
) -> None:
    """Guide cards: each table's pairs and boards a round, and where pairs and boards go next."""
    m = source.movement(desk.registry)
    cards = [c for c in table_cards(m) if table is None or c.table == table]
    if table is not None and not cards:
        raise InvalidInput(f"The movement has no table {table}.", hint=f"Tables: 1-{m.tables}.")
    rovers = rover_cards(m)

    def print_cards() -> None:
        for card in cards:
            grid = Table(title=f"Table {card.table}", title_justify="left")
            for col in ("Rd", "NS", "EW", "Boards", "NS next", "EW next", "Boards next"):
                grid.add_column(col)
            for r in card.rounds:
                grid.add_row(*_card_row(r))
            output.console.print(grid)
        for rover in rovers:
            _print_rover(rover)

    desk.show(
        {"tables": [c.to_json() for c in cards], "rovers": [r.to_json() for r in rovers]},
        print_cards,
    )


def _card_row(r: CardRound) -> list[str]:
    turned = " (turn the boards)" if r.arrow_switch else ""
    return [
        str(r.round),
        str(r.ns),
        str(r.ew),
        boards_text(r.boards) + turned,
        _next(r.ns_next),
        _next(r.ew_next),
        "collect" if r.boards_next is None else str(r.boards_next),
    ]


def _next(seat: TableSide | None) -> str:
    return "end" if seat is None else str(seat)


def _print_rover(card: RoverCard) -> None:
    grid = Table(title=f"Rover card: pair {card.pair}", title_justify="left")
    for col in ("Rd", "Sit", "Against", "Boards", "Displaces"):
        grid.add_column(col)
    for r in card.rounds:
        grid.add_row(
            str(r.round),
            str(r.seat),
            "" if r.opponent is None else str(r.opponent),
            boards_text(r.boards),
            "" if r.displaces is None else str(r.displaces),
        )
    output.console.print(grid)


@at_desk()
def movement_slips(
    desk: Desk,
    source: MovementSource,
    pair: Annotated[str | None, typer.Option("--pair", help="Only this pair: 5, NS5, EW5.")] = None,
) -> None:
    """Pair movement slips: each round's table, direction, opponents and boards."""
    m = source.movement(desk.registry)
    slips = pair_slips(m)
    if pair is not None:
        wanted = _pair(pair)
        slips = tuple(s for s in slips if s.pair == wanted)
        if not slips:
            known = ", ".join(str(p) for p in m.pairs)
            raise InvalidInput(f"The movement has no pair {pair}.", hint=f"Pairs: {known}.")

    def print_slips() -> None:
        for slip in slips:
            _print_slip(slip)

    desk.show([s.to_json() for s in slips], print_slips)


def _pair(text: str) -> Pair:
    try:
        return Pair.parse(text)
    except ValueError:
        raise InvalidInput(f"{text!r} is not a pair.", hint="Write 5, NS5 or EW5.") from None


def _print_slip(slip: PairSlip) -> None:
    title = f"Pair {slip.pair}" + (
        " (the phantom: empty if a pair is missing)" if slip.phantom else ""
    )
    individual = any(r.compass is not None for r in slip.rounds)
    if individual:
        title = title.replace("Pair", "Player", 1)
    grid = Table(title=title, title_justify="left")
    columns = (
        ("Rd", "Table", "Sit", "Partner", "Left", "Right")
        if individual
        else ("Rd", "Table", "Sit", "Against")
    )
    for col in (*columns, "Boards"):
        grid.add_column(col)
    for r in slip.rounds:
        sits = r.compass or ("" if r.seat.line is None else r.seat.line.value)
        if r.arrow_switch:
            sits += " (boards turned)"
        who = (r.partner, r.opponent, r.right) if individual else (r.opponent,)
        grid.add_row(
            str(r.round),
            "sit out" if r.seat.table is None else str(r.seat.table),
            sits,
            *("" if p is None else str(p) for p in who),
            boards_text(r.boards),
        )
    output.console.print(grid)


@at_desk()
def movement_placement(desk: Desk, source: MovementSource) -> None:
    """Where each set of boards goes before round 1 (a table, a relay, the bye stand)."""
    m = source.movement(desk.registry)
    starts = placement(m)

    def print_placement() -> None:
        grid = Table(
            title=f"Boards before round 1 — {m.tables}-table {m.family}", title_justify="left"
        )
        for col in ("Set", "Boards", "Goes to", "First played"):
            grid.add_column(col)
        for s in starts:
            grid.add_row(*_placement_row(s))
        output.console.print(grid)

    desk.show([s.to_json() for s in starts], print_placement)


def _placement_row(s: BoardStart) -> list[str]:
    first = ", ".join(str(t) for t in s.first_tables)
    plural = "s" if len(s.first_tables) > 1 else ""
    return [
        "" if s.set_number is None else str(s.set_number),
        boards_text(s.boards),
        str(s.spot),
        f"round {s.first_round}, table{plural} {first}",
    ]
