"""A movement as data: who plays which boards against whom, round by round.

Plugins *build* movements; the engine stores the built schedule in the
``MovementAssigned`` event, so replaying history never depends on today's plugin
code. Every movement is checked by the one validator in :mod:`engine.validator`
before it is assigned.

Pair numbers in a schedule follow the movement's :class:`~engine.seating.Numbering`:
in a Mitchell ``ns=3`` is NS pair 3 and ``ew=3`` is EW pair 3; in a Howell both
sides draw from one series.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from functools import cached_property
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from engine.seating import Line, Numbering, Pair, pair_at, pair_order


class Encounter(BaseModel):
    """One table in one round: the NS and EW pair and the boards they play."""

    model_config = ConfigDict(frozen=True)

    round: int = Field(ge=1)
    table: int = Field(ge=1)
    ns: int = Field(ge=1)
    ew: int = Field(ge=1)
    boards: tuple[int, ...]
    arrow_switch: bool = False
    """The boards are turned (arrow-switch): the pair numbered ``ew`` plays them NS."""
    players: tuple[int, int, int, int] | None = None
    """For an individual movement: the players sitting North, East, South and West."""


class Relay(BaseModel):
    """Tables that share one set of boards in a round (a relay, or a bye stand's neighbour)."""

    model_config = ConfigDict(frozen=True)

    round: int
    tables: tuple[int, ...]
    boards: tuple[int, ...]


class SitOut(BaseModel):
    """A pair with no opponent in a round (a half table, a rover's rest)."""

    model_config = ConfigDict(frozen=True)

    round: int
    pair: int
    line: Line | None = None


EntryKind = Literal["pairs", "teams", "individual"]
"""What a movement seats and a section ranks: pairs, teams (by their pairs) or players."""

_DERIVED_VIEWS = ("pairs", "boards", "scheduled")
"""The :class:`Movement` views cached on first use."""


class Movement(BaseModel):
    """A complete schedule, as a director's master sheet shows it."""

    model_config = ConfigDict(frozen=True)

    family: str
    kind: EntryKind = "pairs"
    """What the numbers in the schedule are: pairs, teams' pairs, or (with
    ``Encounter.players``) individual players."""
    tables: int = Field(ge=1)
    rounds: int = Field(ge=1)
    boards_per_round: int = Field(ge=1)
    numbering: Numbering
    schedule: tuple[Encounter, ...]
    relays: tuple[Relay, ...] = ()
    bye_boards: tuple[tuple[int, tuple[int, ...]], ...] = ()
    """(round, boards) not in play that round: the bye stand."""
    sit_outs: tuple[SitOut, ...] = ()
    phantom: Pair | None = None
    """The pair number left empty when the section has an odd number of pairs.

    The family proposes it as the manual advises (a Howell's stationary pair, a
    Mitchell's last NS); seating fills it in only when a pair is missing."""
    stationary: tuple[Pair, ...] = ()
    rovers: tuple[Pair, ...] = ()
    """Pairs that rove (an NS rover displacing a different pair each round)."""
    curtail_after: tuple[int, ...] = ()
    """Rounds after which play may stop with every board still played equally often.

    A board not yet played by then is left out of the session; in a team movement every
    match begun must also be complete. Families work it out with :func:`equal_stops`."""
    curtail_groups: tuple[tuple[int, ...], ...] = ()
    """Rounds that may be left out together, wherever they fall in the session.

    Leaving out any of these groups (one or several, each whole) keeps every board
    played equally often and every match complete; leaving out part of a group does not.
    An American Whist's round ``r`` and round ``teams - r`` play the two halves of the
    same matches, so they go together (JCBL part 2 ch. 6 §11-6: in figure 21 rounds 1
    and 8); with an even number of teams only the relay round may go. Stopping early
    (dropping the last rounds) is :attr:`curtail_after`."""
    ranks_pairs: bool = False
    """A team movement whose pairs are ranked as well as its teams (SRR teams + pairs,
    JCBL part 2 ch. 6 §10): every board is played across the field, so the NS pairs and
    the EW pairs are each matchpointed as a Mitchell's are. A movement stored before this
    existed reads as False."""
    description: str = ""
    plugin: str = ""
    plugin_version: str = ""

    # ---- derived views -------------------------------------------------------------

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update`` applied, its derived views worked out afresh.

        Pydantic copies the instance dictionary, where :func:`cached_property` keeps the
        pairs, boards and schedule index of the original: a changed schedule must not
        keep them."""
        copy = super().model_copy(update=update, deep=deep)
        for name in _DERIVED_VIEWS:
            copy.__dict__.pop(name, None)
        return copy

    @cached_property
    def pairs(self) -> tuple[Pair, ...]:
        """Every pair number the schedule seats, in order (in an individual, every
        player's number: the contestants the section seats and ranks)."""
        seen = {pair_at(self.numbering, Line.NS, e.ns) for e in self.schedule}
        seen |= {pair_at(self.numbering, Line.EW, e.ew) for e in self.schedule}
        seen |= {Pair(p) for e in self.schedule for p in e.players or ()}
        return tuple(sorted(seen, key=pair_order))

    @property
    def teams(self) -> tuple[Pair, ...]:
        """A team movement's teams, each by its North-South pair (NS at home)."""
        return tuple(p for p in self.pairs if p.line is Line.NS)

    @cached_property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for e in self.schedule for b in e.boards}))

    def round(self, number: int) -> tuple[Encounter, ...]:
        return tuple(e for e in self.schedule if e.round == number)

    def encounters_of(self, pair: Pair) -> Iterator[Encounter]:
        """The tables ``pair`` (in an individual, the player) sits at, round by round."""
        for e in self.schedule:
            if pair in (self.ns_pair(e), self.ew_pair(e)) or (
                e.players is not None and pair.line is None and pair.number in e.players
            ):
                yield e

    def partners(self, e: Encounter) -> tuple[tuple[Pair, Pair], tuple[Pair, Pair]]:
        """Who shares each side's score at ``e``: the NS pair and the EW pair, or in an
        individual North with South and East with West (the players as ``Pair(n)``)."""
        if e.players is None:
            ns, ew = self.cards(e)
            return (ns, ns), (ew, ew)
        north, east, south, west = (Pair(p) for p in e.players)
        if e.arrow_switch:
            return (east, west), (north, south)
        return (north, south), (east, west)

    def ns_pair(self, e: Encounter) -> Pair:
        return pair_at(self.numbering, Line.NS, e.ns)

    def ew_pair(self, e: Encounter) -> Pair:
        return pair_at(self.numbering, Line.EW, e.ew)

    def cards(self, e: Encounter) -> tuple[Pair, Pair]:
        """The pairs that hold the NS and the EW cards: on an arrow-switched board the
        pair numbered ``ew`` plays the NS hands (and scores as NS)."""
        ns, ew = self.ns_pair(e), self.ew_pair(e)
        return (ew, ns) if e.arrow_switch else (ns, ew)

    @cached_property
    def scheduled(self) -> dict[tuple[int, Pair, Pair], Encounter]:
        """(board, pair holding the NS cards, pair holding the EW cards) → its encounter."""
        return {(b, *self.cards(e)): e for e in self.schedule for b in e.boards}

    def set_index(self, boards: tuple[int, ...]) -> int:
        """The 0-based board set a group of boards belongs to (set 1 is boards 1–B)."""
        return (boards[0] - self.boards[0]) // self.boards_per_round

    def master_sheet(self, *, byes: bool = True) -> list[list[str]]:
        """The manual's master sheet: a row per round, a cell per board set.

        A cell holds "NS-EW" (several, space-separated, where tables share the set as a
        relay), "bye" for a set on the bye stand (left blank with ``byes=False``, as the
        manual's Howell sheets do), or "" for a set not in play."""
        sets = self.set_index((self.boards[-1],)) + 1
        rows = [[""] * sets for _ in range(self.rounds)]
        for e in sorted(self.schedule, key=lambda e: (e.round, e.table)):
            cell = self.set_index(e.boards)
            rows[e.round - 1][cell] = f"{rows[e.round - 1][cell]} {e.ns}-{e.ew}".strip()
        for rnd, boards in self.bye_boards if byes else ():
            for board in boards:
                rows[rnd - 1][self.set_index((board,))] = "bye"
        return rows

    def to_json(self) -> dict[str, object]:
        """The documented JSON shape (``traveller movement show --format json``).

        An encounter lists ``arrow_switch`` and ``players`` only when they are used."""
        data = self.model_dump(mode="json")
        for e in data["schedule"]:
            if not e["arrow_switch"]:
                del e["arrow_switch"]
            if e["players"] is None:
                del e["players"]
        return data


def equal_stops(
    schedule: Iterable[Encounter], rounds: int, *, teams: bool = False
) -> tuple[int, ...]:
    """Rounds before the last after which play may stop (:attr:`Movement.curtail_after`).

    Play may stop after a round when every board played so far has been played equally
    often; boards not yet played are left out. With ``teams`` (a team movement: NS ``n``
    and EW ``n`` are team ``n``'s pairs) every match begun must also be complete: each
    board a team's pair has played against another team, its team-mates have played
    against that team too, or the board compares nothing."""
    by_round: dict[int, list[Encounter]] = defaultdict(list)
    for e in schedule:
        by_round[e.round].append(e)
    played: set[tuple[int, int, int]] = set()
    plays: Counter[int] = Counter()
    waiting = 0  # results whose counterpart at the team-mates' table is still to come
    stops: list[int] = []
    for last in range(1, rounds):
        for e in by_round[last]:
            for board in e.boards:
                plays[board] += 1
                played.add((e.ns, e.ew, board))
                waiting += -1 if (e.ew, e.ns, board) in played else 1
        if len(set(plays.values())) == 1 and (waiting == 0 or not teams):
            stops.append(last)
    return tuple(stops)


# ---- reading a team movement ------------------------------------------------------------------


def matches_of(movement: Movement) -> dict[tuple[int, int], tuple[int, ...]]:
    """Every two teams a team movement brings together, as (lower, higher team number) →
    the boards their match compares: each played NS ``a`` v EW ``b`` and NS ``b`` v EW ``a``."""
    boards: dict[tuple[int, int], set[int]] = defaultdict(set)
    played = {(e.ns, e.ew, b) for e in movement.schedule for b in e.boards}
    for ns, ew, board in played:
        if (ew, ns, board) in played:
            boards[min(ns, ew), max(ns, ew)].add(board)
    return {teams: tuple(sorted(bs)) for teams, bs in sorted(boards.items())}


def uncompared(movement: Movement) -> list[tuple[Encounter, int]]:
    """(encounter, board) of every result in a team movement no teammate's result can be
    set against.

    A board that team a's NS pair plays against team b's EW pair is compared when team
    b's NS pair also plays it against team a's EW pair: the two results make one board
    of the match a v b. A sound team movement leaves this list empty."""
    played = {(e.ns, e.ew, b) for e in movement.schedule for b in e.boards}
    return [(e, b) for e in movement.schedule for b in e.boards if (e.ew, e.ns, b) not in played]


# ---- boards ---------------------------------------------------------------------------------


def board_set(set_number: int, boards_per_round: int, first_board: int = 1) -> tuple[int, ...]:
    """Boards of set ``set_number`` (1-based): set 2 of 3 a round is boards 4–6."""
    start = first_board + (set_number - 1) * boards_per_round
    return tuple(range(start, start + boards_per_round))


def boards_text(boards: Iterable[int]) -> str:
    """Board numbers with runs shortened: ``1-3``, ``1, 4``, ``1-3, 7``."""
    runs: list[list[int]] = []
    for b in sorted(boards):
        if runs and b == runs[-1][-1] + 1:
            runs[-1].append(b)
        else:
            runs.append([b])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def relays_of(schedule: Iterable[Encounter]) -> tuple[Relay, ...]:
    """A :class:`Relay` for every set of boards several tables play in the same round.

    The tables share the set: they relay it, or play duplicated (twin) copies of it."""
    tables: dict[tuple[int, tuple[int, ...]], list[int]] = defaultdict(list)
    for e in schedule:
        tables[e.round, e.boards].append(e.table)
    return tuple(
        Relay(round=rnd, tables=tuple(sorted(where)), boards=boards)
        for (rnd, boards), where in sorted(tables.items())
        if len(where) > 1
    )


BoardsPerRound = Annotated[int, Field(ge=1, description="Boards in each set.")]
"""Boards in each set, at least one: the type a family narrows
:attr:`BoardOptions.boards_per_round` to when it plays a fixed number unless told
(``boards_per_round: BoardsPerRound = 2``)."""


class BoardOptions(BaseModel):
    """The options every movement family has: how many boards a set, and the first board.

    A family's options derive from it (frozen, unknown options refused). Left empty,
    ``boards_per_round`` is the family's to choose, often from the field (enough for a
    24-board session, the number a list prints for the size): the family's description
    says how. A family that plays one number unless told narrows the field with a
    default of its own, ``boards_per_round: BoardsPerRound = 2``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    boards_per_round: BoardsPerRound | None = Field(
        default=None, description="Boards in each set; empty: as many as the family chooses."
    )
    first_board: int = Field(default=1, ge=1, description="Number of the first board.")
