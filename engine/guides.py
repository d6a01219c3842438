"""What a director prints for the tables, derived from a movement's data.

- :func:`table_cards` — a guide card per table (JCBL manual part 2 ch. 2 §3 and figure
  6): each round's NS and EW pair and boards and, in front of each player, where that
  pair goes next; and where the boards go next.
- :func:`pair_slips` — a movement slip per pair: each round's table, direction,
  opponents and boards.
- :func:`rover_cards` — for a movement with rovers, the rover's round-by-round route and
  the pair it displaces at each table (the club-director guide's NS ROVER MITCHELL).
- :func:`placement` — where each set of boards goes before round 1: a table, a relay
  between tables, the bye stand, or aside until a later round.

Everything here is a pure function of the :class:`~engine.movement.Movement`, so the
cards always agree with the schedule that was assigned. Each result has ``to_json()``.
"""

from __future__ import annotations

import enum
from collections import defaultdict
from dataclasses import dataclass

from engine.movement import Encounter, Movement, board_set
from engine.seating import Line, Pair

__all__ = [
    "BoardSpot",
    "BoardStart",
    "CardRound",
    "PairSlip",
    "RoverCard",
    "RoverRound",
    "SlipRound",
    "Stand",
    "TableCard",
    "TableSide",
    "board_route",
    "board_sets",
    "pair_slips",
    "placement",
    "rover_cards",
    "table_cards",
]

BoardSet = tuple[int, ...]


class Stand(enum.StrEnum):
    """Where a set of boards is during a round."""

    TABLE = "table"
    """In play at one table."""
    RELAY = "relay"
    """Shared by several tables (a relay, or tables sharing boards)."""
    BYE = "bye"
    """On the bye stand (the relay stand of a Howell or relay Mitchell), not played."""
    ASIDE = "aside"
    """Out of play and on no bye stand: not needed this round."""


@dataclass(frozen=True, slots=True)
class BoardSpot:
    """Where one set of boards is in one round."""

    stand: Stand
    tables: tuple[int, ...] = ()
    """The tables playing it (one for ``TABLE``, several for ``RELAY``, none otherwise)."""

    def __str__(self) -> str:
        if self.stand is Stand.TABLE:
            return f"table {self.tables[0]}"
        if self.stand is Stand.RELAY:
            return "tables " + _and(self.tables) + " (relay)"
        return "bye stand" if self.stand is Stand.BYE else "aside"

    def to_json(self) -> dict[str, object]:
        return {"stand": self.stand.value, "tables": list(self.tables)}


@dataclass(frozen=True, slots=True)
class TableSide:
    """Where a pair sits in a round: a table and a side, or nowhere (it sits out)."""

    table: int | None
    line: Line | None

    @property
    def sits_out(self) -> bool:
        return self.table is None

    def __str__(self) -> str:
        return "sit out" if self.line is None else f"table {self.table} {self.line.value}"

    def to_json(self) -> dict[str, object]:
        if self.line is None:
            return {"sits_out": True}
        return {"table": self.table, "line": self.line.value}


SITS_OUT = TableSide(None, None)


# ---- table guide cards ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardRound:
    """One round on a table's guide card."""

    round: int
    ns: Pair
    ew: Pair
    boards: BoardSet
    arrow_switch: bool
    """The boards are turned: the EW pair plays them as NS."""
    ns_next: TableSide | None
    """Where the NS pair goes for the next round (``None`` after the last round)."""
    ew_next: TableSide | None
    boards_next: BoardSpot | None
    """Where this round's boards go for the next round (``None`` after the last round)."""

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "ns": self.ns.key,
            "ew": self.ew.key,
            "boards": list(self.boards),
            "arrow_switch": self.arrow_switch,
            "ns_next": None if self.ns_next is None else self.ns_next.to_json(),
            "ew_next": None if self.ew_next is None else self.ew_next.to_json(),
            "boards_next": None if self.boards_next is None else self.boards_next.to_json(),
        }


@dataclass(frozen=True, slots=True)
class TableCard:
    """The guide card that stands on one table for the whole session."""

    table: int
    rounds: tuple[CardRound, ...]

    def to_json(self) -> dict[str, object]:
        return {"table": self.table, "rounds": [r.to_json() for r in self.rounds]}


def table_cards(movement: Movement) -> tuple[TableCard, ...]:
    """A guide card for every table of ``movement``, in table order."""
    view = _view(movement)
    by_table: dict[int, list[CardRound]] = defaultdict(list)
    for e in sorted(movement.schedule, key=lambda e: (e.table, e.round)):
        ns, ew = movement.ns_pair(e), movement.ew_pair(e)
        last = e.round == movement.rounds
        by_table[e.table].append(
            CardRound(
                round=e.round,
                ns=ns,
                ew=ew,
                boards=e.boards,
                arrow_switch=e.arrow_switch,
                ns_next=None if last else view.seat(ns, e.round + 1),
                ew_next=None if last else view.seat(ew, e.round + 1),
                boards_next=None if last else view.spot(view.set_of(e.boards), e.round + 1),
            )
        )
    return tuple(TableCard(t, tuple(rounds)) for t, rounds in sorted(by_table.items()))


# ---- pair movement slips --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SlipRound:
    """One round on a pair's movement slip."""

    round: int
    seat: TableSide
    opponent: Pair | None
    boards: BoardSet
    arrow_switch: bool = False
    """The boards are turned at this table: an EW seat plays them as NS and vice versa."""
    compass: str | None = None
    """In an individual: the player's seat, ``N``, ``E``, ``S`` or ``W``."""
    partner: Pair | None = None
    """In an individual: the partner this round (``opponent`` is then the player on the
    left and ``right`` the one on the right)."""
    right: Pair | None = None

    def to_json(self) -> dict[str, object]:
        shown: dict[str, object] = {
            "round": self.round,
            **self.seat.to_json(),
            "opponent": None if self.opponent is None else self.opponent.key,
            "boards": list(self.boards),
            "arrow_switch": self.arrow_switch,
        }
        if self.compass is not None:
            shown |= {
                "compass": self.compass,
                "partner": None if self.partner is None else self.partner.key,
                "left": shown["opponent"],
                "right": None if self.right is None else self.right.key,
            }
        return shown


@dataclass(frozen=True, slots=True)
class PairSlip:
    """The slip a pair carries: where it plays each round, against whom, which boards."""

    pair: Pair
    rounds: tuple[SlipRound, ...]
    phantom: bool = False
    """This pair number is the movement's phantom (empty when a pair is missing)."""

    def to_json(self) -> dict[str, object]:
        return {
            "pair": self.pair.key,
            "phantom": self.phantom,
            "rounds": [r.to_json() for r in self.rounds],
        }


def pair_slips(movement: Movement) -> tuple[PairSlip, ...]:
    """A movement slip for every pair of ``movement``, in pair order."""
    return tuple(
        PairSlip(pair, _slip_rounds(movement, pair), pair == movement.phantom)
        for pair in movement.pairs
    )


def _slip_rounds(movement: Movement, pair: Pair) -> tuple[SlipRound, ...]:
    played = {e.round: e for e in movement.encounters_of(pair)}
    rows: list[SlipRound] = []
    for rnd in range(1, movement.rounds + 1):
        e = played.get(rnd)
        if e is None:
            rows.append(SlipRound(rnd, SITS_OUT, None, ()))
            continue
        if e.players is not None:
            rows.append(_player_round(e, pair))
            continue
        ns, ew = movement.ns_pair(e), movement.ew_pair(e)
        seat = TableSide(e.table, Line.NS if pair == ns else Line.EW)
        rows.append(SlipRound(rnd, seat, ew if pair == ns else ns, e.boards, e.arrow_switch))
    return tuple(rows)


def _player_round(e: Encounter, player: Pair) -> SlipRound:
    """A round of an individual's slip: the seat, the partner opposite, the opponents
    on the left and on the right (clockwise: North's left is East)."""
    assert e.players is not None
    at = e.players.index(player.number)
    around = [Pair(e.players[(at + k) % 4]) for k in range(4)]
    return SlipRound(
        e.round,
        TableSide(e.table, Line.NS if at % 2 == 0 else Line.EW),
        around[1],
        e.boards,
        e.arrow_switch,
        compass="NESW"[at],
        partner=around[2],
        right=around[3],
    )


# ---- rover cards ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoverRound:
    """One round of a rover's route."""

    round: int
    seat: TableSide
    opponent: Pair | None
    boards: BoardSet
    displaces: Pair | None
    """The pair whose seat the rover takes this round (it sits out)."""

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            **self.seat.to_json(),
            "opponent": None if self.opponent is None else self.opponent.key,
            "boards": list(self.boards),
            "displaces": None if self.displaces is None else self.displaces.key,
        }


@dataclass(frozen=True, slots=True)
class RoverCard:
    """The card a roving pair carries: the tables it visits in order."""

    pair: Pair
    rounds: tuple[RoverRound, ...]

    def to_json(self) -> dict[str, object]:
        return {"pair": self.pair.key, "rounds": [r.to_json() for r in self.rounds]}


def rover_cards(movement: Movement) -> tuple[RoverCard, ...]:
    """A card for each of ``movement.rovers`` (none for a movement without rovers).

    The displaced pair is the pair of the rover's side that sits out that round and
    sits at that same table and side in some other round."""
    view = _view(movement)
    cards: list[RoverCard] = []
    for rover in movement.rovers:
        rows: list[RoverRound] = []
        for slip in _slip_rounds(movement, rover):
            displaced = None
            if not slip.seat.sits_out:
                displaced = next(
                    (
                        p
                        for p in view.sitting_out(slip.round)
                        if p != rover and slip.seat in view.seats_of(p)
                    ),
                    None,
                )
            rows.append(RoverRound(slip.round, slip.seat, slip.opponent, slip.boards, displaced))
        cards.append(RoverCard(rover, tuple(rows)))
    return tuple(cards)


# ---- boards: sets, their route and the placement before round 1 -------------------------


@dataclass(frozen=True, slots=True)
class BoardStart:
    """Where one set of boards goes before round 1."""

    boards: BoardSet
    set_number: int | None
    """The set's number (set 1 is the first ``boards_per_round`` boards), or ``None``
    when the set is not one of the movement's regular sets."""
    spot: BoardSpot
    first_round: int
    """The first round in which the set is played."""
    first_tables: tuple[int, ...]
    """The tables that play it in :attr:`first_round`."""

    def to_json(self) -> dict[str, object]:
        return {
            "set": self.set_number,
            "boards": list(self.boards),
            **self.spot.to_json(),
            "first_round": self.first_round,
            "first_tables": list(self.first_tables),
        }


def board_sets(movement: Movement) -> tuple[BoardSet, ...]:
    """The sets of boards the tables play, in board order."""
    return _view(movement).sets


def board_route(movement: Movement) -> dict[BoardSet, tuple[BoardSpot, ...]]:
    """Set → where it is in rounds 1, 2, … (index ``r - 1`` holds round ``r``)."""
    view = _view(movement)
    return {s: tuple(view.spot(s, r) for r in range(1, movement.rounds + 1)) for s in view.sets}


def placement(movement: Movement) -> tuple[BoardStart, ...]:
    """Where every set of boards goes before round 1, in board order."""
    out: list[BoardStart] = []
    for boards, spots in board_route(movement).items():
        first = next(r for r, s in enumerate(spots, start=1) if s.tables)
        number = movement.set_index(boards) + 1
        regular = board_set(number, movement.boards_per_round, movement.boards[0]) == boards
        out.append(
            BoardStart(
                boards, number if regular else None, spots[0], first, spots[first - 1].tables
            )
        )
    return tuple(out)


# ---- the shared view of a movement ------------------------------------------------------


class _View:
    """Look-ups over one movement, built once: seats by round, sets, where sets are."""

    def __init__(self, movement: Movement) -> None:
        self.movement = movement
        self._seats: dict[tuple[Pair, int], TableSide] = {}
        self._at: dict[tuple[int, int], list[int]] = defaultdict(list)
        self._places: dict[Pair, set[TableSide]] = defaultdict(set)
        first_board: dict[int, BoardSet] = {}
        for e in sorted(movement.schedule, key=lambda e: (e.round, e.table)):
            for pair, line in self._sides(e):
                seat = TableSide(e.table, line)
                self._seats.setdefault((pair, e.round), seat)
                self._places[pair].add(seat)
            for board in e.boards:
                first_board.setdefault(board, tuple(sorted(e.boards)))
                self._at[e.round, board].append(e.table)
        self.sets = tuple(sorted(set(first_board.values())))
        self._set_of = {b: s for s in self.sets for b in s}
        self._bye = {(rnd, b) for rnd, boards in movement.bye_boards for b in boards}

    def _sides(self, e: Encounter) -> tuple[tuple[Pair, Line], tuple[Pair, Line]]:
        m = self.movement
        return ((m.ns_pair(e), Line.NS), (m.ew_pair(e), Line.EW))

    def seat(self, pair: Pair, rnd: int) -> TableSide:
        return self._seats.get((pair, rnd), SITS_OUT)

    def seats_of(self, pair: Pair) -> set[TableSide]:
        return self._places[pair]

    def sitting_out(self, rnd: int) -> list[Pair]:
        return [p for p in self.movement.pairs if (p, rnd) not in self._seats]

    def set_of(self, boards: BoardSet) -> BoardSet:
        return self._set_of[boards[0]] if boards else ()

    def spot(self, boards: BoardSet, rnd: int) -> BoardSpot:
        tables = tuple(sorted({t for b in boards for t in self._at.get((rnd, b), ())}))
        if len(tables) == 1:
            return BoardSpot(Stand.TABLE, tables)
        if tables:
            return BoardSpot(Stand.RELAY, tables)
        if any((rnd, b) in self._bye for b in boards):
            return BoardSpot(Stand.BYE)
        return BoardSpot(Stand.ASIDE)


def _view(movement: Movement) -> _View:
    return _View(movement)


def _and(numbers: tuple[int, ...]) -> str:
    items = [str(n) for n in numbers]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
