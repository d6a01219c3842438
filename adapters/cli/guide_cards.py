"""``traveller movement cards|slips|placement``: what a director prints for a movement —
the table guide cards, the pairs' movement slips, and where the boards start."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import Desk, at_desk
from adapters.cli.movement_source import MovementSource
from adapters.cli.wording import tr, tr_
from engine.errors import InvalidInput
from engine.guides import (
    BoardSpot,
    BoardStart,
    CardRound,
    PairSlip,
    RoverCard,
    Stand,
    TableSide,
    pair_slips,
    placement,
    rover_cards,
    table_cards,
)
from engine.movement import boards_text
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
        raise InvalidInput(
            tr_("The movement has no table %(table)s."),
            hint=tr_("Tables: 1-%(tables)s."),
            table=table,
            tables=m.tables,
        )
    rovers = rover_cards(m)

    def print_cards() -> None:
        for card in cards:
            grid = Table(title=tr("Table %(table)s", table=card.table), title_justify="left")
            for col in CARD_COLUMNS:
                grid.add_column(tr(col))
            for r in card.rounds:
                grid.add_row(*_card_row(r))
            output.console.print(grid)
        for rover in rovers:
            _print_rover(rover)

    desk.show(
        {"tables": [c.to_json() for c in cards], "rovers": [r.to_json() for r in rovers]},
        print_cards,
    )


CARD_COLUMNS: tuple[str, ...] = (tr_("Rd"), "NS", "EW", tr_("Boards"), tr_("NS next"))
CARD_COLUMNS += (tr_("EW next"),)
CARD_COLUMNS += (tr_("Boards next"),)
"""The columns of a table's guide card."""


def _card_row(r: CardRound) -> list[str]:
    turned = tr(" (turn the boards)") if r.arrow_switch else ""
    return [
        str(r.round),
        str(r.ns),
        str(r.ew),
        boards_text(r.boards) + turned,
        _next(r.ns_next),
        _next(r.ew_next),
        tr("collect") if r.boards_next is None else _spot(r.boards_next),
    ]


def _next(seat: TableSide | None) -> str:
    return tr("end") if seat is None else _side(seat)


def _side(seat: TableSide) -> str:
    """``table 3 NS`` (or ``sit out``), as the engine says it, in the CLI's language."""
    if seat.line is None:
        return tr("sit out")
    return tr("table %(table)s %(line)s", table=seat.table, line=seat.line.value)


def _spot(spot: BoardSpot) -> str:
    """``table 3``, ``tables 1 and 2 (relay)``, ``bye stand`` or ``aside``, as the engine
    says it, in the CLI's language."""
    if spot.stand is Stand.TABLE:
        return tr("table %(table)s", table=spot.tables[0])
    if spot.stand is Stand.RELAY:
        numbers = [str(t) for t in spot.tables]
        tables = ", ".join(numbers[:-1]) + tr(" and ") + numbers[-1]
        return tr("tables %(tables)s (relay)", tables=tables)
    return tr("bye stand") if spot.stand is Stand.BYE else tr("aside")


def _print_rover(card: RoverCard) -> None:
    grid = Table(title=tr("Rover card: pair %(pair)s", pair=card.pair), title_justify="left")
    for col in (tr_("Rd"), tr_("Sit"), tr_("Against"), tr_("Boards"), tr_("Displaces")):
        grid.add_column(tr(col))
    for r in card.rounds:
        grid.add_row(
            str(r.round),
            _side(r.seat),
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
            raise InvalidInput(
                tr_("The movement has no pair %(pair)s."),
                hint=tr_("Pairs: %(pairs)s."),
                pair=pair,
                pairs=known,
            )

    def print_slips() -> None:
        for slip in slips:
            _print_slip(slip)

    desk.show([s.to_json() for s in slips], print_slips)


def _pair(text: str) -> Pair:
    try:
        return Pair.parse(text)
    except ValueError:
        raise InvalidInput(
            tr_("%(text)r is not a pair."), hint=tr_("Write 5, NS5 or EW5."), text=text
        ) from None


def _print_slip(slip: PairSlip) -> None:
    individual = any(r.compass is not None for r in slip.rounds)
    title = (
        tr("Player %(pair)s", pair=slip.pair) if individual else tr("Pair %(pair)s", pair=slip.pair)
    ) + (tr(" (the phantom: empty if a pair is missing)") if slip.phantom else "")
    grid = Table(title=title, title_justify="left")
    columns = (
        (tr_("Rd"), tr_("Table"), tr_("Sit"), tr_("Partner"), tr_("Left"), tr_("Right"))
        if individual
        else (tr_("Rd"), tr_("Table"), tr_("Sit"), tr_("Against"))
    )
    for col in (*columns, tr_("Boards")):
        grid.add_column(tr(col))
    for r in slip.rounds:
        sits = r.compass or ("" if r.seat.line is None else r.seat.line.value)
        if r.arrow_switch:
            sits += tr(" (boards turned)")
        who = (r.partner, r.opponent, r.right) if individual else (r.opponent,)
        grid.add_row(
            str(r.round),
            tr("sit out") if r.seat.table is None else str(r.seat.table),
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
            title=tr(
                "Boards before round 1 — %(tables)s-table %(family)s",
                tables=m.tables,
                family=m.family,
            ),
            title_justify="left",
        )
        for col in (tr_("Set"), tr_("Boards"), tr_("Goes to"), tr_("First played")):
            grid.add_column(tr(col))
        for s in starts:
            grid.add_row(*_placement_row(s))
        output.console.print(grid)

    desk.show([s.to_json() for s in starts], print_placement)


def _placement_row(s: BoardStart) -> list[str]:
    first = ", ".join(str(t) for t in s.first_tables)
    where = (
        tr("round %(round)s, tables %(tables)s", round=s.first_round, tables=first)
        if len(s.first_tables) > 1
        else tr("round %(round)s, table %(tables)s", round=s.first_round, tables=first)
    )
    return [
        "" if s.set_number is None else str(s.set_number),
        boards_text(s.boards),
        _spot(s.spot),
        where,
    ]
