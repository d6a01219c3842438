"""Pairs renumbered between sessions, so that nobody meets a first-session opponent again.

JCBL director manual, part 3: ch. 2 §4, ch. 3 §5–6, ch. 4 §1 and appendix 4. When a
game of several sections goes on to its next session, each section usually keeps its
movement (§6) and the pairs change sections and numbers so that no two pairs meet
again, a pair that sat out (an odd number of pairs) does not sit out again, and the
pairs who cannot move keep a stationary seat (§5).

The manual's way is the algorithm's: split each section into groups whose pairs never
meet one another, then move groups between sections. The groups are read from the
schedules, never from a family's name:

- a section whose meetings form two sides (a Mitchell, straight, scrambled or
  appendix) has two *lines*, each meeting only the other;
- any other section has its *moving* pairs, taken to meet one another all, and its
  *stationary* pairs, who meet the moving ones only (a Howell); a section that plays
  as two independent halves (an interwoven Howell) is split into each half first.

The model is cautious: two groups of a section are taken to have met (or to meet) if
any of their pairs did, so it can miss a renumbering that only a pair-by-pair search
would find (after a curtailed Mitchell, say), but never brings two pairs together
again; and every renumbering is checked pair by pair against the schedules
(:func:`check`) before it is returned. A director may fix some moves and let the rest
be found, or give a whole renumbering, which is then only checked.

Among the renumberings that work, the one chosen keeps what the players know: a pair's
own seat (section and number) first, then its number, a stationary pair staying
stationary breaking ties; pairs earlier in the sections' order choose first. The
search is a branch and bound over the few ways (at most four) in which each group of a
section may use each section of the next session; a max-flow on the groups' sizes
discards ways that leave pairs without a seat, and an optimistic count of kept
numbers discards ways that cannot beat the best found. Once a renumbering is found it
looks :data:`SETTLE_LIMIT` steps further for a better one, then settles; it gives up
after :data:`SEARCH_LIMIT` steps with none.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import NamedTuple

from engine.errors import InvalidInput, NotFound, Rejected
from engine.movement import Movement, SitOut
from engine.seating import Line, Numbering, Pair, pair_order
from engine.section import Section
from engine.tournament import PairMove, Tournament

METHOD = "jcbl-groups"
"""The name under which a renumbering records how it was decided."""
VERSION = "1.0"
SEARCH_LIMIT = 10_000
"""Steps of the search, over every placing of the empty seats, before it gives up."""
SETTLE_LIMIT = 2_000
"""Steps spent trying to better a renumbering found before settling for the best one."""
PHANTOM_CHOICES = 24
"""How many placings of the empty seats are tried before the search gives up."""

OWN_SEAT, SAME_NUMBER, STILL_STILL = 4, 2, 1
"""What keeping a seat, keeping a number and staying stationary are worth to a pair."""
SPLIT = 100
"""A keep's worth against the cost of one pair split off alone into a moving group of
seats (1): groups move whole, as the manual moves them, unless something is kept."""


class Seat(NamedTuple):
    """A pair number in a section of one session: ``B:NS3``, ``C:14``."""

    section: str
    pair: Pair

    def __str__(self) -> str:
        return f"{self.section} {self.pair}"

    @property
    def key(self) -> str:
        return f"{self.section}:{self.pair.key}"

    @classmethod
    def parse(cls, text: str, sections: Sequence[str]) -> Seat:
        """``B:NS3``, ``B:3`` or ``B 3``; the section may be left out when there is one."""
        cleaned = text.strip().upper()
        section, sep, pair = cleaned.partition(":" if ":" in cleaned else " ")
        if not sep:
            pair = section
            if len(sections) != 1:
                raise InvalidInput(
                    f"{text!r} does not say which section.",
                    hint=f"Write SECTION:PAIR, such as {sections[0]}:NS3 or {sections[-1]}:5.",
                )
            section = sections[0]
        if section not in sections:
            raise NotFound(
                f"There is no section {section!r} ({text!r}).",
                hint="Sections: " + ", ".join(sections) + ".",
            )
        try:
            number = Pair.parse(pair)
        except ValueError:
            raise InvalidInput(
                f"{text!r} is not a seat.", hint="Write SECTION:PAIR, such as A:NS3 or B:5."
            ) from None
        return cls(section, number)


@dataclass(frozen=True)
class PlayedSection:
    """A section of the session just played: its movement, who sat where, the phantom."""

    name: str
    movement: Movement
    seats: Mapping[Pair, str]
    """Pair → entry id, for every pair that goes on to the next session."""
    phantom: Pair | None = None


@dataclass(frozen=True)
class Move:
    """One pair's move: the entry, the seat it leaves and the seat it takes."""

    entry: str
    old: Seat
    new: Seat


@dataclass(frozen=True)
class Block:
    """Pairs with consecutive numbers that move together, as the manual prints its
    renumberings: ``A 14-26 → C 1-13``."""

    old: Seat
    """The first pair's seat in the session played."""
    new: Seat
    """Its seat in the next session."""
    count: int

    def follows(self, move: Move) -> bool:
        """``move`` is the next pair of this block."""
        return all(
            seat.section == start.section
            and seat.pair.line == start.pair.line
            and seat.pair.number == start.pair.number + self.count
            for seat, start in ((move.old, self.old), (move.new, self.new))
        )

    def __str__(self) -> str:
        def span(seat: Seat) -> str:
            last = seat.pair.number + self.count - 1
            return f"{seat}" + (f"-{last}" if self.count > 1 else "")

        return f"{span(self.old)} → {span(self.new)}"


@dataclass(frozen=True)
class Renumbering:
    """Every pair's seat in the next session, and the seat left empty in each section."""

    moves: tuple[Move, ...]
    phantoms: Mapping[str, Pair] = field(default_factory=dict)

    def seating(self, section: str) -> tuple[dict[str, str], str | None]:
        """A next-session section's seats (pair key → entry) and its phantom's key."""
        seats = {m.new.pair.key: m.entry for m in self.moves if m.new.section == section}
        phantom = self.phantoms.get(section)
        return seats, None if phantom is None else phantom.key

    def blocks(self) -> list[Block]:
        """The moves as a director announces them: runs of consecutive pairs."""
        found: list[Block] = []
        for m in self.moves:
            last = found[-1] if found else None
            if last is not None and last.follows(m):
                found[-1] = replace(last, count=last.count + 1)
            else:
                found.append(Block(m.old, m.new, 1))
        return found

    @classmethod
    def recorded(cls, moves: Sequence[PairMove], phantoms: Mapping[str, str]) -> Renumbering:
        """The renumbering a ``PairsRenumbered`` event records."""
        return cls(
            tuple(
                Move(
                    m.entry,
                    Seat(m.from_section, Pair.parse(m.from_pair)),
                    Seat(m.to_section, Pair.parse(m.to_pair)),
                )
                for m in moves
            ),
            {name: Pair.parse(key) for name, key in phantoms.items()},
        )

    def record(self) -> tuple[PairMove, ...]:
        """The moves as the event records them."""
        return tuple(
            PairMove(
                entry=m.entry,
                from_section=m.old.section,
                from_pair=m.old.pair.key,
                to_section=m.new.section,
                to_pair=m.new.pair.key,
            )
            for m in self.moves
        )


# ---- the schedules: who meets whom, who sits out ------------------------------------------


def opponents(movement: Movement, empty: Pair | None) -> dict[Pair, set[Pair]]:
    """Who meets whom in ``movement``, the empty seat (the phantom) left out."""
    met: dict[Pair, set[Pair]] = {p: set() for p in movement.pairs if p != empty}
    for e in movement.schedule:
        ns, ew = movement.ns_pair(e), movement.ew_pair(e)
        if empty not in (ns, ew):
            met[ns].add(ew)
            met[ew].add(ns)
    return met


def sit_outs(movement: Movement, empty: Pair | None) -> dict[Pair, int]:
    """Rounds each pair sits out: against the empty seat, or as the movement says."""
    count = dict.fromkeys(movement.pairs, 0)
    for e in movement.schedule:
        ns, ew = movement.ns_pair(e), movement.ew_pair(e)
        if ns == empty:
            count[ew] += 1
        elif ew == empty:
            count[ns] += 1
    for rest in movement.sit_outs:
        pair = _sitting_out(movement, rest)
        count[pair] = count.get(pair, 0) + 1
    return count


def _sitting_out(movement: Movement, rest: SitOut) -> Pair:
    if movement.numbering is Numbering.MITCHELL:
        return Pair(rest.pair, rest.line or Line.NS)
    return Pair(rest.pair)


@dataclass(frozen=True)
class _Group:
    """Pairs (or seats) of a section that never meet one another or — ``moving`` — a
    Howell's moving pairs, taken to meet one another all."""

    members: tuple[Pair, ...]
    moving: bool


def _groups(pairs: Sequence[Pair], met: Mapping[Pair, set[Pair]]) -> list[tuple[_Group, ...]]:
    """Each component of a section's meetings, as its groups (see the module's docstring)."""
    seen: set[Pair] = set()
    components: list[tuple[_Group, ...]] = []
    for start in sorted(pairs, key=pair_order):
        if start in seen:
            continue
        colour = {start: 0}
        queue, order, two_sided = deque([start]), [start], True
        while queue:
            p = queue.popleft()
            for q in sorted(met[p], key=pair_order):
                if q not in colour:
                    colour[q] = 1 - colour[p]
                    queue.append(q)
                    order.append(q)
                elif colour[q] == colour[p]:
                    two_sided = False
        seen |= colour.keys()
        members = sorted(order, key=pair_order)
        if two_sided:
            lines = (tuple(p for p in members if colour[p] == c) for c in (0, 1))
            components.append(tuple(_Group(line, False) for line in lines if line))
            continue
        # The stationary pairs of a Howell all meet the same (moving) pairs and never
        # one another: the largest such class of "twins".
        twins: dict[frozenset[Pair], list[Pair]] = {}
        for p in members:
            twins.setdefault(frozenset(met[p]), []).append(p)
        still = max((t for t in twins.values() if len(t) > 1), key=len, default=[])
        moving = tuple(p for p in members if p not in still)
        found = (_Group(moving, True), _Group(tuple(still), False))
        components.append(tuple(g for g in found if g.members))
    return components


# ---- the problem -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Entry:
    id: str
    seat: Seat
    side: int
    sat_out: bool
    still: bool
    """Stationary in the session just played."""
    wants_still: bool
    """Asked to stay put (a director's stationary request)."""


@dataclass(frozen=True)
class _Slot:
    seat: Seat
    bin: int
    still: bool


@dataclass(frozen=True)
class _Part:
    """A group as the search sees it: its component, its place in it, and its kind."""

    component: int
    index: int
    moving: bool


Mode = frozenset[tuple[int, int]]
"""How a component of the session played uses a component of the next session: the
(bin, side) pairs allowed — which of its groups may take seats in which group."""


def _modes(sides: Sequence[bool], bins: Sequence[bool]) -> list[Mode]:
    """Every maximal way a component with groups ``sides`` may use one with groups
    ``bins`` (``True``: moving) without two pairs meeting again.

    Two seats meet when they are in different groups of a component, or in one moving
    group; two pairs have met when they are in different groups, or in one moving
    group. A moving group may put one pair in a moving group (the "1" of ``C1``)."""

    def clash(a: tuple[int, int], b: tuple[int, int]) -> bool:
        meet = a[0] != b[0] or bins[a[0]]
        have_met = a[1] != b[1] or sides[a[1]]
        return meet and have_met

    cells = [(b, s) for b in range(len(bins)) for s in range(len(sides))]
    valid = [
        frozenset(chosen)
        for size in range(len(cells) + 1)
        for chosen in itertools.combinations(cells, size)
        if not any(clash(a, b) for a, b in itertools.combinations(chosen, 2))
    ]
    maximal = [m for m in valid if m and not any(m < other for other in valid)]
    return sorted(
        maximal,
        key=lambda m: tuple((b, s) not in m for b in range(len(bins)) for s in range(len(sides))),
    )


@dataclass
class _Field:
    """Everything the search needs: the pairs, the seats, and their groups."""

    entries: list[_Entry]
    slots: list[_Slot]
    sides: list[_Part]
    bins: list[_Part]
    components: tuple[int, int]
    """How many components the session played has, and the next one."""
    fixed: dict[int, int]
    """Entry → slot, as the director fixed them."""
    following: Mapping[str, Movement]
    s1_phantoms: dict[str, Pair]

    def side_of(self, e: int) -> _Part:
        return self.sides[self.entries[e].side]

    def bin_of(self, s: int) -> _Part:
        return self.bins[self.slots[s].bin]


def _field(
    played: Sequence[PlayedSection],
    following: Mapping[str, Movement],
    stationary: Collection[Seat],
    moves: Mapping[Seat, Seat],
) -> _Field:
    """The pairs and seats in groups, the director's moves checked and fixed."""
    entries: list[_Entry] = []
    sides: list[_Part] = []
    component = 0
    for section in played:
        movement = section.movement
        stray = sorted((p for p in section.seats if p not in movement.pairs), key=pair_order)
        if stray:
            raise Rejected(
                f"Section {section.name} seats a pair at {stray[0]}, which its movement "
                "does not have.",
                hint="Seat the section's pairs again (assign its movement).",
            )
        met = opponents(movement, section.phantom)
        rests = sit_outs(movement, section.phantom)
        seated = [p for p in movement.pairs if p in section.seats and p != section.phantom]
        playing = {p: met[p] & set(seated) for p in seated}
        for groups in _groups(seated, playing):
            for index, group in enumerate(groups):
                sides.append(_Part(component, index, group.moving))
                for p in group.members:
                    seat = Seat(section.name, p)
                    entries.append(
                        _Entry(
                            id=section.seats[p],
                            seat=seat,
                            side=len(sides) - 1,
                            sat_out=rests.get(p, 0) > 0,
                            still=p in movement.stationary,
                            wants_still=seat in stationary,
                        )
                    )
            component += 1
    played_components = component
    slots: list[_Slot] = []
    bins: list[_Part] = []
    component = 0
    for name, movement in following.items():
        for groups in _groups(movement.pairs, opponents(movement, None)):
            for index, group in enumerate(groups):
                bins.append(_Part(component, index, group.moving))
                slots += [
                    _Slot(Seat(name, p), len(bins) - 1, p in movement.stationary)
                    for p in group.members
                ]
            component += 1
    entry_at = {e.seat: i for i, e in enumerate(entries)}
    slot_at = {s.seat: i for i, s in enumerate(slots)}
    fixed: dict[int, int] = {}
    for old, new in moves.items():
        if old not in entry_at:
            raise NotFound(f"No pair of the session played sits at {old}.")
        if new not in slot_at:
            raise NotFound(
                f"The next session has no seat {new}.",
                hint="Give a pair number of that section's movement.",
            )
        if slot_at[new] in fixed.values():
            raise Rejected(f"Two pairs are moved to {new}.")
        fixed[entry_at[old]] = slot_at[new]
    unknown = [seat for seat in stationary if seat not in entry_at]
    if unknown:
        raise NotFound(f"No pair of the session played sits at {unknown[0]}.")
    return _Field(
        entries,
        slots,
        sides,
        bins,
        (played_components, component),
        fixed,
        following,
        {s.name: s.phantom for s in played if s.phantom is not None},
    )


# ---- max-flow ------------------------------------------------------------------------------

UNLIMITED = 1 << 30


class _Network:
    """A flow network, small and built afresh for each question: the largest flow
    (Dinic's algorithm) and the cheapest largest flow (successive shortest paths)."""

    def __init__(self) -> None:
        self.edges: list[list[int]] = []
        self.to: list[int] = []
        self.cap: list[int] = []
        self.initial: list[int] = []
        self.cost: list[int] = []

    def node(self) -> int:
        self.edges.append([])
        return len(self.edges) - 1

    def edge(self, a: int, b: int, cap: int, cost: int = 0) -> int:
        for x, y, c, w in ((a, b, cap, cost), (b, a, 0, -cost)):
            self.edges[x].append(len(self.to))
            self.to.append(y)
            self.cap.append(c)
            self.initial.append(c)
            self.cost.append(w)
        return len(self.to) - 2

    def min_cost_flow(self, source: int, sink: int) -> int:
        """The cheapest of the largest flows (successive shortest paths); returns the flow."""
        total = 0
        while True:
            dist: list[int | None] = [None] * len(self.edges)
            via = [-1] * len(self.edges)
            dist[source] = 0
            queue, waiting = deque([source]), {source}
            while queue:
                x = queue.popleft()
                waiting.discard(x)
                here = dist[x]
                assert here is not None
                for i in self.edges[x]:
                    y = self.to[i]
                    there = dist[y]
                    if self.cap[i] > 0 and (there is None or here + self.cost[i] < there):
                        dist[y], via[y] = here + self.cost[i], i
                        if y not in waiting:
                            waiting.add(y)
                            queue.append(y)
            if dist[sink] is None:
                return total
            push, y = UNLIMITED, sink
            while y != source:
                push, y = min(push, self.cap[via[y]]), self.to[via[y] ^ 1]
            y = sink
            while y != source:
                self.cap[via[y]] -= push
                self.cap[via[y] ^ 1] += push
                y = self.to[via[y] ^ 1]
            total += push

    def flow_on(self, edge: int) -> int:
        return self.initial[edge] - self.cap[edge]

    def max_flow(self, source: int, sink: int) -> int:
        total = 0
        while True:
            level = [-1] * len(self.edges)
            level[source] = 0
            queue = deque([source])
            while queue:
                x = queue.popleft()
                for i in self.edges[x]:
                    if self.cap[i] > 0 and level[self.to[i]] < 0:
                        level[self.to[i]] = level[x] + 1
                        queue.append(self.to[i])
            if level[sink] < 0:
                return total
            cursor = [0] * len(self.edges)
            while pushed := self._push(source, sink, UNLIMITED, level, cursor):
                total += pushed

    def _push(self, x: int, sink: int, limit: int, level: list[int], cursor: list[int]) -> int:
        if x == sink:
            return limit
        while cursor[x] < len(self.edges[x]):
            i = self.edges[x][cursor[x]]
            y = self.to[i]
            if self.cap[i] > 0 and level[y] == level[x] + 1:
                pushed = self._push(y, sink, min(limit, self.cap[i]), level, cursor)
                if pushed:
                    self.cap[i] -= pushed
                    self.cap[i ^ 1] += pushed
                    return pushed
            cursor[x] += 1
        return 0


# ---- the search ----------------------------------------------------------------------------

Kind = tuple[int, bool, bool]
"""A class of interchangeable pairs: (group, sat out, wants to stay put)."""
Room = tuple[int, bool, int]
"""A class of interchangeable seats: (group, stationary, rounds sat out there)."""
Modes = dict[tuple[int, int], Mode | None]
"""(component played, component next) → the mode chosen, or ``None`` while undecided."""
Gate = tuple[int, int, int]
"""(component played, component next, moving group of seats): where one pair at most
of a moving group may sit."""


def _fits(kind: Kind, room: Room) -> bool:
    """A pair of ``kind`` may take a seat of ``room``: nobody sits out twice, and a pair
    that asked to stay put gets a stationary seat."""
    _, sat_out, wants_still = kind
    _, still, rests = room
    return (still or not wants_still) and (rests == 0 or (rests == 1 and not sat_out))


@lru_cache(maxsize=1 << 16)
def _best_matching(options: tuple[tuple[int, int, int], ...]) -> int:
    """The most worth of (entry, slot, worth) options, each entry and slot used once."""
    bits = {s: 1 << i for i, s in enumerate(sorted({s for _, s, _ in options}))}
    rows: dict[int, list[tuple[int, int]]] = {}
    for e, s, w in options:
        rows.setdefault(e, []).append((bits[s], w))
    choices = list(rows.values())
    memo: dict[tuple[int, int], int] = {}

    def best(i: int, used: int) -> int:
        if i == len(choices):
            return 0
        if (i, used) not in memo:
            top = best(i + 1, used)
            for bit, w in choices[i]:
                if not used & bit:
                    top = max(top, w + best(i + 1, used | bit))
            memo[(i, used)] = top
        return memo[(i, used)]

    return best(0, 0)


class _Exhausted(Exception):
    """The search used up its steps."""


@dataclass
class _Budget:
    """The steps a renumbering may take, over every placing of the empty seats."""

    left: int = SEARCH_LIMIT

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise _Exhausted


@dataclass(frozen=True)
class _Link:
    """A class of pairs that may take a class of seats, and what decides it."""

    kind: Kind
    room: Room
    pair: tuple[int, int]
    """(component played, component next)."""
    cell: tuple[int, int]
    """(group of seats, group of pairs), each numbered within its component."""
    gate: Gate | None
    """Set when a moving group meets a moving group of seats: one pair at most."""


@dataclass(frozen=True)
class _Keep:
    """A seat where a pair would keep its seat or its number, and what that is worth."""

    entry: int
    slot: int
    worth: int
    pair: tuple[int, int]
    cell: tuple[int, int]
    gate: Gate | None


@dataclass
class _Flow:
    """A network of pairs and seats, and the edges that tell where everyone went."""

    net: _Network
    source: int
    sink: int
    carried: dict[tuple[Kind, Room], int] = field(default_factory=dict)
    """(class of pairs, class of seats) → the edge carrying that flow."""
    pairs: dict[int, int] = field(default_factory=dict)
    seats: dict[int, int] = field(default_factory=dict)
    entering: dict[int, int] = field(default_factory=dict)
    """Entry → the edge into its class (with pairs and seats of their own)."""
    leaving: dict[int, int] = field(default_factory=dict)
    """Slot → the edge from its class."""
    kept: dict[_Keep, int] = field(default_factory=dict)


def _allowed(modes: Modes, pair: tuple[int, int], cell: tuple[int, int]) -> bool:
    mode = modes[pair]
    return mode is None or cell in mode


class _Search:
    """The search for one placing of the empty seats."""

    def __init__(
        self, field: _Field, empty: frozenset[int], rests: Sequence[int], budget: _Budget
    ) -> None:
        self.field = field
        self.budget = budget
        self.empty = empty
        self.rests = rests
        self.assigned: dict[int, int] = dict(field.fixed)
        """Entry → slot: the director's moves, then the kept seats and numbers."""
        self.sides_of: dict[int, list[int]] = {}
        for i, part in enumerate(field.sides):
            self.sides_of.setdefault(part.component, []).append(i)
        self.bins_of: dict[int, list[int]] = {}
        for i, part in enumerate(field.bins):
            self.bins_of.setdefault(part.component, []).append(i)
        played, following = field.components
        self.keeps = self._keeps()
        self.matched: list[dict[int, int]] = [{} for _ in self.keeps]
        """By number: the bound's matchings, known by the keeps they may use."""
        self.places = [
            (
                {e: i for i, e in enumerate(dict.fromkeys(k.entry for k in keeps))},
                {s: i for i, s in enumerate(dict.fromkeys(k.slot for k in keeps))},
            )
            for keeps in self.keeps
        ]
        """By number: each pair's and seat's place among those of the number."""
        # The pairs with most to keep (a section's own seats) are decided first, so that
        # the bound tightens early.
        stake: dict[tuple[int, int], int] = {}
        for keep in (k for keeps in self.keeps for k in keeps):
            stake[keep.pair] = stake.get(keep.pair, 0) + keep.worth
        everyone = [(k, z) for k in range(played) for z in range(following)]
        self.pairs = sorted(everyone, key=lambda p: -stake.get(p, 0))
        self._links()
        # Promising modes first, so that a good renumbering is found early and prunes.
        undecided: Modes = dict.fromkeys(self.pairs)
        self.modes: dict[tuple[int, int], list[Mode]] = {}
        for p in self.pairs:
            promise = [(self.bound({**undecided, p: m}), m) for m in self._modes_of(*p)]
            self.modes[p] = [m for _, m in sorted(promise, key=lambda found: -found[0])]

    def _modes_of(self, k: int, z: int) -> list[Mode]:
        f = self.field
        needed = {
            (f.bin_of(s).index, f.side_of(e).index)
            for e, s in f.fixed.items()
            if f.side_of(e).component == k and f.bin_of(s).component == z
        }
        sides = [f.sides[i].moving for i in self.sides_of[k]]
        bins = [f.bins[i].moving for i in self.bins_of[z]]
        return [m for m in _modes(sides, bins) if needed <= m]

    def kind(self, e: int) -> Kind:
        entry = self.field.entries[e]
        return (entry.side, entry.sat_out, entry.wants_still)

    def room(self, s: int) -> Room:
        slot = self.field.slots[s]
        return (slot.bin, slot.still, min(self.rests[s], 2))

    def where(self, side: int, bin: int) -> tuple[tuple[int, int], tuple[int, int], Gate | None]:
        """The (components), the cell and, between moving groups, the gate of a side and bin."""
        a, b = self.field.sides[side], self.field.bins[bin]
        pair = (a.component, b.component)
        gate = (a.component, b.component, bin) if a.moving and b.moving else None
        return pair, (b.index, a.index), gate

    def _links(self) -> None:
        """The pairs still waiting and the seats still free, by class, and which classes of
        pairs may take which classes of seats (worked out again after each assignment)."""
        waiting: dict[Kind, list[int]] = {}
        for e in range(len(self.field.entries)):
            if e not in self.assigned:
                waiting.setdefault(self.kind(e), []).append(e)
        taken = set(self.assigned.values()) | self.empty
        free: dict[Room, list[int]] = {}
        for s in range(len(self.field.slots)):
            if s not in taken:
                free.setdefault(self.room(s), []).append(s)
        self.waiting, self.free = waiting, free
        self.links = [
            _Link(k, r, *self.where(k[0], r[0])) for k in waiting for r in free if _fits(k, r)
        ]
        self.placed: dict[Gate, int] = {}
        for e, s in self.assigned.items():
            gate = self.where(self.field.entries[e].side, self.field.slots[s].bin)[2]
            if gate is not None:
                self.placed[gate] = self.placed.get(gate, 0) + 1
        # In a relaxation, a component sends to a moving group of seats at most what its
        # largest group that may sit there could (one pair of a moving group).
        self.widest: dict[tuple[int, int], int] = {}
        for k, sides in self.sides_of.items():
            for b, part in enumerate(self.field.bins):
                if not part.moving:
                    continue
                rooms = [r for r in free if r[0] == b]
                counts = [
                    max(0, 1 - self.placed.get((k, part.component, b), 0))
                    if self.field.sides[i].moving
                    else sum(
                        len(pairs)
                        for kind, pairs in waiting.items()
                        if kind[0] == i and any(_fits(kind, r) for r in rooms)
                    )
                    for i in sides
                ]
                self.widest[(k, b)] = max(counts)

    def assign(self, e: int, s: int) -> None:
        self.assigned[e] = s
        self._links()

    def unassign(self, e: int) -> None:
        del self.assigned[e]
        self._links()

    # -- feasibility -----------------------------------------------------------------------

    def network(
        self,
        modes: Modes,
        chosen: Mapping[Gate, Kind] | None = None,
        keeps: Sequence[_Keep] | None = None,
    ) -> _Flow:
        """The flow of the pairs still to seat into the seats still free.

        With ``chosen`` (every mode decided) the network is exact: the one pair a moving
        group may put in a moving group of seats comes from the class ``chosen`` names.
        Without it, it is a relaxation: an undecided component may put in a moving group
        of seats as many pairs as its largest group that may sit there. With ``keeps``
        each pair and seat has a node of its own, each kept seat or number an edge that
        costs its (negative) worth, and each pair split off alone into a moving group of
        seats costs a little."""
        pairwise = keeps is not None
        net = _Network()
        flow = _Flow(net, net.node(), net.node())
        kind_node = {k: net.node() for k in self.waiting}
        room_node = {r: net.node() for r in self.free}
        for k, pairs in self.waiting.items():
            if not pairwise:
                net.edge(flow.source, kind_node[k], len(pairs))
            for e in pairs if pairwise else ():
                flow.pairs[e] = net.node()
                net.edge(flow.source, flow.pairs[e], 1)
                flow.entering[e] = net.edge(flow.pairs[e], kind_node[k], 1)
        for r, seats in self.free.items():
            if not pairwise:
                net.edge(room_node[r], flow.sink, len(seats))
            for s in seats if pairwise else ():
                flow.seats[s] = net.node()
                flow.leaving[s] = net.edge(room_node[r], flow.seats[s], 1)
                net.edge(flow.seats[s], flow.sink, 1)
        for keep in keeps or ():
            flow.kept[keep] = net.edge(
                flow.pairs[keep.entry], flow.seats[keep.slot], 1, -keep.worth * SPLIT
            )
        gates: dict[Gate, tuple[int, int]] = {}
        lines: dict[tuple[int, int], tuple[int, int]] = {}
        fed: set[tuple[Kind, tuple[int, int]]] = set()
        for link in self.links:
            if not _allowed(modes, link.pair, link.cell):
                continue
            k, r, gate = link.kind, link.room, link.gate
            start = kind_node[k]
            if modes[link.pair] is None:
                if self.field.sides[k[0]].moving:
                    # Relaxed: pairs who all met one another take one group of seats of a
                    # component at most (one line of a Mitchell).
                    line = (k[0], link.pair[1])
                    if line not in lines:
                        lines[line] = (net.node(), net.node())
                        net.edge(*lines[line], self.one_line(link.pair[1]))
                    if (k, line) not in fed:
                        fed.add((k, line))
                        net.edge(kind_node[k], lines[line][0], UNLIMITED)
                    start = lines[line][1]
                if gate is None and self.field.bins[r[0]].moving:
                    gate = (link.pair[0], link.pair[1], r[0])  # relaxed: widest group at most
            if gate is None:
                flow.carried[(k, r)] = net.edge(start, room_node[r], UNLIMITED)
                continue
            if chosen is not None and chosen.get(gate) != k:
                continue
            if gate not in gates:
                gates[gate] = (net.node(), net.node())
                net.edge(*gates[gate], self.gate_size(gate, modes[link.pair]), int(pairwise))
                if chosen is not None:
                    net.edge(start, gates[gate][0], UNLIMITED)
            if chosen is None:
                net.edge(start, gates[gate][0], UNLIMITED)
            flow.carried[(k, r)] = net.edge(gates[gate][1], room_node[r], UNLIMITED)
        return flow

    def one_line(self, component: int) -> int:
        """The most seats of one group of a next-session component: a free group of seats,
        or one seat of a moving group."""
        return max(
            1
            if self.field.bins[b].moving
            else sum(len(v) for r, v in self.free.items() if r[0] == b)
            for b in self.bins_of[component]
        )

    def gate_size(self, gate: Gate, mode: Mode | None) -> int:
        """How many more pairs of component ``gate[0]`` may sit in the moving group of seats
        ``gate[2]``: one of a moving group, or in a relaxation as many as its largest group
        that may sit there."""
        if mode is None:
            return self.widest[(gate[0], gate[2])]
        return max(0, 1 - self.placed.get(gate, 0))

    def feasible(self, modes: Modes, chosen: Mapping[Gate, Kind] | None = None) -> bool:
        flow = self.network(modes, chosen)
        return flow.net.max_flow(flow.source, flow.sink) == len(self.field.entries) - len(
            self.assigned
        )

    def exact(self, modes: Modes) -> dict[Gate, Kind] | None:
        """With every mode decided: which class of a moving group gives the one pair it may
        put in each moving group of seats, so that everyone is seated (``None``: none)."""
        options: dict[Gate, list[Kind]] = {}
        for link in self.links:
            if link.gate is not None and _allowed(modes, link.pair, link.cell):
                found = options.setdefault(link.gate, [])
                if link.kind not in found:
                    found.append(link.kind)
        gates = sorted(options)
        for pick in itertools.islice(itertools.product(*(options[g] for g in gates)), 64):
            chosen = dict(zip(gates, pick, strict=True))
            if self.feasible(modes, chosen):
                return chosen
        return None

    # -- the bound: seats and numbers that may be kept -------------------------------------

    def _keeps(self) -> list[list[_Keep]]:
        """By number: every seat where a pair would keep its seat or its number."""
        f = self.field
        taken = set(self.assigned.values()) | self.empty
        by_number: dict[int, list[int]] = {}
        for s, slot in enumerate(f.slots):
            if s not in taken:
                by_number.setdefault(slot.seat.pair.number, []).append(s)
        found: dict[int, list[_Keep]] = {}
        for e, entry in enumerate(f.entries):
            if e in self.assigned:
                continue
            number = entry.seat.pair.number
            for s in by_number.get(number, []):
                slot = f.slots[s]
                own = slot.seat == entry.seat
                where = self.where(entry.side, slot.bin)
                # A moving pair alone in a moving group of seats keeps nothing of its group:
                # only its own seat is worth it (the stationary pair of a full Howell).
                if _fits(self.kind(e), self.room(s)) and (own or where[2] is None):
                    worth = (OWN_SEAT if own else SAME_NUMBER) + (
                        STILL_STILL if entry.still and slot.still else 0
                    )
                    found.setdefault(number, []).append(_Keep(e, s, worth, *where))
        return [found[n] for n in sorted(found)]

    def bound(self, modes: Modes) -> int:
        """The most worth the seats and numbers kept could have under ``modes``.

        A decided moving group may put one pair only in a moving group of seats: such
        seats count once, for the best of them."""
        total = 0
        once: dict[Gate, int] = {}
        for keeps, known, (pairs, seats) in zip(self.keeps, self.matched, self.places, strict=True):
            usable = 0
            for i, keep in enumerate(keeps):
                if not _allowed(modes, keep.pair, keep.cell):
                    continue
                if keep.gate is not None and modes[keep.pair] is not None:
                    once[keep.gate] = max(once.get(keep.gate, 0), keep.worth)
                else:
                    usable |= 1 << i
            if usable not in known:
                # By places within the number, so that numbers alike share one matching.
                known[usable] = _best_matching(
                    tuple(
                        (pairs[k.entry], seats[k.slot], k.worth)
                        for i, k in enumerate(keeps)
                        if usable >> i & 1
                    )
                )
            total += known[usable]
        return total + sum(once.values())

    # -- branch and bound ------------------------------------------------------------------

    def solve(self) -> tuple[Modes, dict[Gate, Kind]] | None:
        """The modes worth most, with the classes that fill the moving groups of seats."""
        modes: Modes = dict.fromkeys(self.pairs)
        if any(not self.modes[p] for p in self.pairs) or not self.feasible(modes):
            return None
        best: list[tuple[int, Modes, dict[Gate, Kind]]] = []
        settle = [0]

        def visit(i: int) -> None:
            self.budget.spend()
            if best and self.budget.left < settle[0]:
                raise _Exhausted
            if 0 < i < len(self.pairs) and not self.feasible(modes):
                return
            worth = self.bound(modes)
            if best and worth <= best[0][0]:
                return
            if i == len(self.pairs):
                chosen = self.exact(modes)
                if chosen is not None:
                    if not best:
                        settle[0] = self.budget.left - SETTLE_LIMIT
                    best[:] = [(worth, dict(modes), chosen)]
                return
            for mode in self.modes[self.pairs[i]]:
                modes[self.pairs[i]] = mode
                visit(i + 1)
            modes[self.pairs[i]] = None

        try:
            visit(0)
        except _Exhausted:
            if not best:
                raise
        return (best[0][1], best[0][2]) if best else None

    # -- from groups to seats ----------------------------------------------------------------

    def seat_everyone(self, modes: Modes, chosen: dict[Gate, Kind]) -> dict[int, int]:
        """The seats, keeping as much as can be kept: in each moving group of seats that a
        moving group may put one pair in, the pair that keeps its seat (a stationary pair
        before a moving one, an earlier before a later); then everyone else at once, by the
        cheapest flow, where a kept seat or number costs its negative worth and a pair
        split off alone into a moving group of seats a little."""
        once = sorted(
            ((k.gate, k) for keeps in self.keeps for k in keeps if k.gate is not None),
            key=lambda found: (-found[1].worth, found[1].entry, found[1].slot),
        )
        for gate, keep in once:
            if not _allowed(modes, keep.pair, keep.cell) or self.placed.get(gate, 0):
                continue
            if keep.entry in self.assigned or keep.slot in self.assigned.values():
                continue
            self.assign(keep.entry, keep.slot)
            again = self.exact(modes)
            if again is None:
                self.unassign(keep.entry)
            else:
                chosen = again
        keeps = [
            k
            for found in self.keeps
            for k in found
            if k.gate is None
            and _allowed(modes, k.pair, k.cell)
            and k.entry not in self.assigned
            and k.slot not in self.assigned.values()
        ]
        flow = self.network(modes, chosen, keeps)
        seated_all = flow.net.min_cost_flow(flow.source, flow.sink)
        assert seated_all == len(self.field.entries) - len(self.assigned), "exact() said so"
        for keep, edge in flow.kept.items():
            if flow.net.flow_on(edge):
                self.assigned[keep.entry] = keep.slot
        routed = {
            k: [e for e in pairs if flow.net.flow_on(flow.entering[e])]
            for k, pairs in self.waiting.items()
        }
        seated = {
            r: [s for s in seats if flow.net.flow_on(flow.leaving[s])]
            for r, seats in self.free.items()
        }
        for (k, r), edge in sorted(flow.carried.items()):
            for _ in range(flow.net.flow_on(edge)):
                self.assigned[routed[k].pop(0)] = seated[r].pop(0)
        return self.assigned


# ---- renumbering ---------------------------------------------------------------------------


def renumber(
    played: Sequence[PlayedSection],
    following: Mapping[str, Movement],
    *,
    stationary: Collection[Seat] = (),
    moves: Mapping[Seat, Seat] | None = None,
) -> Renumbering:
    """Every pair of ``played`` given a seat in the ``following`` session's movements.

    No two pairs that met meet again, no pair sits out twice over both sessions, the
    pairs at ``stationary`` seats (of the session played) get stationary seats, and the
    director's ``moves`` (old seat → new seat) are kept. Each section of the next session
    leaves at most one seat empty (its phantom). Raises :class:`Rejected`, saying why,
    when no such renumbering exists (or none was found within the search's steps)."""
    _check_pairs_games(played, following)
    field = _field(played, following, stationary, dict(moves or {}))
    if len(field.fixed) == len(field.entries):
        decided = _renumbering(field, field.fixed)
    else:
        empties = len(field.slots) - len(field.entries)
        _check_sizes(field, empties)
        found = _search(field, empties, _Budget())
        if found is None:
            raise _impossible(field, empties)
        decided = found
    check(played, following, decided, stationary=stationary)
    return decided


def _search(field: _Field, empties: int, budget: _Budget) -> Renumbering | None:
    for empty in itertools.islice(_empty_seats(field, empties), PHANTOM_CHOICES):
        search = _Search(field, empty, _rests(field, empty), budget)
        try:
            found = search.solve()
        except _Exhausted:
            raise Rejected(
                f"No renumbering was found within {SEARCH_LIMIT} steps of the search.",
                hint="Fix some pairs' moves yourself (--move OLD=NEW), and the rest will be "
                "found around them.",
            ) from None
        if found is not None:
            return _renumbering(field, search.seat_everyone(*found), empty)
    return None


def _check_pairs_games(played: Sequence[PlayedSection], following: Mapping[str, Movement]) -> None:
    for name, movement in [(s.name, s.movement) for s in played] + list(following.items()):
        if movement.kind != "pairs":
            raise Rejected(
                f"Section {name} plays a {movement.kind} movement; pairs are renumbered "
                "between sessions of a pairs game only."
            )


def _check_sizes(field: _Field, empties: int) -> None:
    seats, pairs = len(field.slots), len(field.entries)
    if empties < 0:
        raise Rejected(
            f"The next session's movements seat {seats} pairs, but {pairs} pairs go on to it.",
            hint="Assign movements with more tables to the next session's sections.",
        )
    if empties > len(field.following):
        raise Rejected(
            f"The next session's movements seat {seats} pairs, {empties} more than the "
            f"{pairs} pairs going on to it; a section can leave only one seat empty (its "
            "phantom).",
            hint="Assign movements with fewer tables to the next session's sections.",
        )
    asking = sum(1 for e in field.entries if e.wants_still)
    still = sum(1 for s in field.slots if s.still)
    if asking > still:
        raise Rejected(
            f"{asking} pairs asked to stay put, but the next session's movements have only "
            f"{still} stationary seats.",
            hint="Choose movements with more stationary pairs (a Mitchell's NS pairs stay).",
        )


def _empty_seats(field: _Field, empties: int) -> Iterator[frozenset[int]]:
    """Placings of the empty seats, most natural first: where the phantom sat before, then
    the movements' own choice, in the later sections first (the manual's Howell)."""
    taken = set(field.fixed.values())
    where: dict[str, list[int]] = {name: [] for name in field.following}
    for s, slot in enumerate(field.slots):
        where[slot.seat.section].append(s)

    def candidates(name: str) -> list[int]:
        movement = field.following[name]
        liked = [field.s1_phantoms.get(name), movement.phantom]
        firsts = {field.slots[s].bin: s for s in reversed(where[name])}
        seats = [s for s in where[name] if field.slots[s].seat.pair in liked]
        seats.sort(key=lambda s: liked.index(field.slots[s].seat.pair))
        seats += sorted(firsts.values())
        return list(dict.fromkeys(s for s in seats if s not in taken))

    names = list(field.following)
    phantom_before = [n for n in names if n in field.s1_phantoms]
    order = phantom_before + [n for n in reversed(names) if n not in phantom_before]
    for sections in itertools.combinations(order, empties):
        for seats in itertools.product(*(candidates(n) for n in sections)):
            yield frozenset(seats)


def _rests(field: _Field, empty: frozenset[int]) -> list[int]:
    """Slot → rounds it sits out in the next session, given the empty seats."""
    count: dict[Seat, int] = {}
    for name, movement in field.following.items():
        hole = next(
            (field.slots[s].seat.pair for s in empty if field.slots[s].seat.section == name), None
        )
        count |= {Seat(name, p): n for p, n in sit_outs(movement, hole).items()}
    return [count[slot.seat] for slot in field.slots]


def _renumbering(
    field: _Field, assigned: Mapping[int, int], empty: Collection[int] = ()
) -> Renumbering:
    moves = tuple(
        Move(e.id, e.seat, field.slots[assigned[i]].seat) for i, e in enumerate(field.entries)
    )
    taken = set(assigned.values())
    phantoms: dict[str, Pair] = {}
    for s, slot in enumerate(field.slots):
        if s not in taken and slot.seat.section not in phantoms:
            phantoms[slot.seat.section] = slot.seat.pair
    order = {e.seat: i for i, e in enumerate(field.entries)}
    return Renumbering(tuple(sorted(moves, key=lambda m: order[m.old])), phantoms)


def _impossible(field: _Field, empties: int) -> Rejected:
    """Why no renumbering works, as precisely as can be told."""
    strangers = sum(
        max(
            1 if side.moving else sum(1 for e in field.entries if e.side == i)
            for i, side in enumerate(field.sides)
            if side.component == k
        )
        for k in range(field.components[0])
    )
    for b, part in enumerate(field.bins):
        seats = [s for s in field.slots if s.bin == b]
        if part.moving and strangers < len(seats) - min(empties, 1):
            return Rejected(
                f"Section {seats[0].seat.section} of the next session seats {len(seats)} "
                "pairs who all meet one another, but at most "
                f"{strangers} pairs who never met one another can be found (a line of each "
                "Mitchell, the stationary pairs or one moving pair of each Howell).",
                hint="Keep each section's movement and move whole groups between sections "
                "(JCBL part 3 ch. 3 §5), or play a single section as an interwoven Howell.",
            )
    loosened: list[tuple[str, Callable[[_Entry], _Entry]]] = [
        (
            "the pairs who asked to stay put cannot all have stationary seats",
            lambda e: replace(e, wants_still=False),
        ),
        ("pairs who sat out would sit out again", lambda e: replace(e, sat_out=False)),
    ]
    for why, loosen in loosened:
        entries = [loosen(e) for e in field.entries]
        if entries == field.entries:
            continue
        try:
            found = _search(replace(field, entries=entries), empties, _Budget(SETTLE_LIMIT))
        except Rejected:
            continue
        if found is not None:
            return Rejected(
                f"No renumbering keeps every pair from meeting a first-session opponent "
                f"again: {why}.",
                hint="Change the stationary requests or the next session's movements.",
            )
    return Rejected(
        "No renumbering keeps every pair from meeting a first-session opponent again with "
        "these movements.",
        hint="Choose the next session's movements so that the groups that never met can be "
        "moved between sections (JCBL part 3 ch. 3 §5), or fix some moves (--move).",
    )


# ---- checking a renumbering, pair by pair --------------------------------------------------


def check(
    played: Sequence[PlayedSection],
    following: Mapping[str, Movement],
    renumbering: Renumbering,
    *,
    stationary: Collection[Seat] = (),
) -> None:
    """Check a renumbering against the schedules themselves, pair by pair.

    Every pair of ``played`` has one seat of ``following``, no seat two pairs; each
    section leaves at most one seat empty, its phantom; no two pairs who met meet again;
    no pair sits out twice; the pairs at ``stationary`` seats get stationary seats."""
    problems: list[str] = []
    seated = {Seat(s.name, p): e for s in played for p, e in s.seats.items() if p != s.phantom}
    label = {e: f"{e} ({seat})" for seat, e in seated.items()}
    moved = {m.old: m for m in renumbering.moves}
    problems += [f"{label[e]} has no seat" for seat, e in seated.items() if seat not in moved]
    taken: dict[Seat, str] = {}
    for m in renumbering.moves:
        if seated.get(m.old) != m.entry:
            problems.append(f"{m.entry} did not sit at {m.old}")
        movement = following.get(m.new.section)
        if movement is None or m.new.pair not in movement.pairs:
            problems.append(f"there is no seat {m.new}")
        elif m.new in taken:
            problems.append(f"{taken[m.new]} and {m.entry} both sit at {m.new}")
        taken[m.new] = m.entry
    for name, movement in following.items():
        empty = [p for p in movement.pairs if Seat(name, p) not in taken]
        if len(empty) > 1:
            problems.append(f"section {name} leaves {len(empty)} seats empty")
        elif renumbering.phantoms.get(name) != (empty[0] if empty else None):
            problems.append(f"section {name}'s phantom is not its empty seat")
    met: dict[str, set[str]] = {}
    rested: dict[str, int] = {}
    for s in played:
        rests = sit_outs(s.movement, s.phantom)
        for p, others in opponents(s.movement, s.phantom).items():
            if p in s.seats:
                met[s.seats[p]] = {s.seats[q] for q in others if q in s.seats}
                rested[s.seats[p]] = rests.get(p, 0)
    again: set[frozenset[str]] = set()
    for name, movement in following.items():
        hole = renumbering.phantoms.get(name)
        rests = sit_outs(movement, hole)
        for p, others in opponents(movement, hole).items():
            entry = taken.get(Seat(name, p))
            if entry is None:
                continue
            for other in (taken.get(Seat(name, q)) for q in others):
                if other is None or other not in met.get(entry, ()):
                    continue
                if frozenset((entry, other)) not in again:
                    again.add(frozenset((entry, other)))
                    problems.append(
                        f"{label.get(entry, entry)} and {label.get(other, other)} would meet again"
                    )
            if rests.get(p, 0) and rested.get(entry, 0) + rests[p] > 1:
                problems.append(f"{label.get(entry, entry)} would sit out again")
    for seat in stationary:
        found = moved.get(seat)
        if found is not None and found.new.pair not in following[found.new.section].stationary:
            problems.append(f"{label[found.entry]} asked to stay put but moves to {found.new}")
    if problems:
        more = f"; and {len(problems) - 5} more" if len(problems) > 5 else ""
        raise Rejected(f"This renumbering cannot be used: {'; '.join(problems[:5])}{more}.")


# ---- the command's part: the tournament's state -------------------------------------------


def session_sections(tournament: Tournament, session: int) -> tuple[str, ...]:
    """The sections of ``session``, or :class:`NotFound`."""
    if session not in tournament.sessions:
        known = ", ".join(str(s) for s in sorted(tournament.sessions)) or "none"
        raise NotFound(
            f"Event {tournament.name!r} has no session {session}.",
            hint=f"Sessions: {known}. Add one with `traveller session add`.",
        )
    return tournament.sessions[session]


def plan(
    tournament: Tournament,
    played: Sequence[Section],
    following: Sequence[Section],
    *,
    stationary: Sequence[str] = (),
    moves: Sequence[str] = (),
) -> Renumbering:
    """The renumbering of ``played`` (one session's sections) into ``following`` (the next
    session's), once the state of both allows it.

    ``stationary`` names seats of the session played (``B:NS3``; the section may be left
    out when there is one) whose pairs must stay put; ``moves`` fixes some pairs' new
    seats (``A:NS3=B:5``)."""
    if played[0].session == following[0].session:
        raise InvalidInput("A session's pairs are renumbered into another session.")
    sessions = (played[0].session, following[0].session)
    for state in played:
        if state.movement is None:
            raise Rejected(
                f"Section {state.name} of session {state.session} has no movement, so who met "
                "whom is not known.",
                hint="Assign its movement first.",
            )
    for state in following:
        if state.movement is None:
            raise Rejected(
                f"Section {state.name} of session {state.session} has no movement yet: the "
                "new numbers are seats of the next session's movements.",
                hint=f"Assign it first: `traveller movement assign --session {state.session} "
                f"--section {state.name} --family ... --tables N`.",
            )
        if state.rounds_started or state.tables:
            raise Rejected(
                f"Section {state.name} of session {state.session} has started play; its pairs "
                "can no longer be renumbered."
            )
        own = sorted(
            e
            for e in state.seats.values()
            if e in tournament.entries and tournament.entries[e].session == state.session
        )
        if own:
            raise Rejected(
                f"Section {state.name} of session {state.session} already seats pairs registered "
                f"for it ({', '.join(own)}); renumbering seats the pairs of session "
                f"{sessions[0]}.",
                hint=f"Withdraw those entries, or register them in session {sessions[0]} instead.",
            )
    names = [s.name for s in played]
    later = [s.name for s in following]
    fixed: dict[Seat, Seat] = {}
    for text in moves:
        old, sep, new = text.partition("=")
        if not sep:
            raise InvalidInput(f"{text!r} is not a move.", hint="Write OLD=NEW, such as A:NS3=B:5.")
        fixed[Seat.parse(old, names)] = Seat.parse(new, later)
    return renumber(
        [
            PlayedSection(
                s.name,
                s.movement,
                {
                    p: e
                    for p, e in s.seats.items()
                    if e in tournament.entries and not tournament.entries[e].withdrawn
                },
                s.phantom,
            )
            for s in played
            if s.movement is not None
        ],
        {s.name: s.movement for s in following if s.movement is not None},
        stationary={Seat.parse(text, names) for text in stationary},
        moves=fixed,
    )
