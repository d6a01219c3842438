"""The search for a renumbering, for one placing of the empty seats: a branch and bound.

For each pair of components — one of the session played, one of the next — the search
chooses one of the few ways (:func:`engine.renumbering.groups.modes`) in which the first's
groups may take the second's seats. A max-flow on the groups' sizes discards choices that
leave pairs without a seat, and an optimistic count of the seats and numbers that could be
kept discards those that cannot beat the best found. Once every way is chosen, the
cheapest max-flow seats every pair, keeping what it can (see
:mod:`engine.renumbering`'s docstring for what is kept first).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from engine.renumbering import groups
from engine.renumbering.flow import SINK, SOURCE, Edge, Network, Node
from engine.renumbering.groups import Mode
from engine.renumbering.problem import Problem

SEARCH_LIMIT = 10_000
"""Steps of the search, over every placing of the empty seats, before it gives up."""
SETTLE_LIMIT = 2_000
"""Steps spent trying to better a renumbering found before settling for the best one."""

OWN_SEAT, SAME_NUMBER, STILL_STILL = 4, 2, 1
"""What keeping a seat, keeping a number and staying stationary are worth to a pair."""
SPLIT = 100
"""A keep's worth against the cost of one pair split off alone into a moving group of
seats (1): groups move whole, as the manual moves them, unless something is kept."""

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


class Exhausted(Exception):
    """The search used up its steps."""


@dataclass
class Budget:
    """The steps a renumbering may take, over every placing of the empty seats."""

    left: int = SEARCH_LIMIT

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise Exhausted


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

    net: Network
    carried: dict[tuple[Kind, Room], Edge] = field(default_factory=dict)
    """(class of pairs, class of seats) → the edge carrying that flow."""
    entering: dict[int, Edge] = field(default_factory=dict)
    """Entry → the edge into its class (with pairs and seats of their own)."""
    leaving: dict[int, Edge] = field(default_factory=dict)
    """Slot → the edge from its class."""
    kept: dict[_Keep, Edge] = field(default_factory=dict)


def _allowed(modes: Modes, pair: tuple[int, int], cell: tuple[int, int]) -> bool:
    mode = modes[pair]
    return mode is None or cell in mode


class Search:
    """The search for one placing of the empty seats."""

    def __init__(
        self, problem: Problem, empty: frozenset[int], rests: Sequence[int], budget: Budget
    ) -> None:
        self.problem = problem
        self.budget = budget
        self.empty = empty
        self.rests = rests
        self.assigned: dict[int, int] = dict(problem.fixed)
        """Entry → slot: the director's moves, then the kept seats and numbers."""
        self.sides_of: dict[int, list[int]] = {}
        for i, part in enumerate(problem.sides):
            self.sides_of.setdefault(part.component, []).append(i)
        self.bins_of: dict[int, list[int]] = {}
        for i, part in enumerate(problem.bins):
            self.bins_of.setdefault(part.component, []).append(i)
        played, following = problem.components
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
        f = self.problem
        needed = {
            (f.bin_of(s).index, f.side_of(e).index)
            for e, s in f.fixed.items()
            if f.side_of(e).component == k and f.bin_of(s).component == z
        }
        sides = [f.sides[i].moving for i in self.sides_of[k]]
        bins = [f.bins[i].moving for i in self.bins_of[z]]
        return [m for m in groups.modes(sides, bins) if needed <= m]

    def kind(self, e: int) -> Kind:
        entry = self.problem.entries[e]
        return (entry.side, entry.sat_out, entry.wants_still)

    def room(self, s: int) -> Room:
        slot = self.problem.slots[s]
        return (slot.bin, slot.still, min(self.rests[s], 2))

    def where(self, side: int, bin: int) -> tuple[tuple[int, int], tuple[int, int], Gate | None]:
        """The (components), the cell and, between moving groups, the gate of a side and bin."""
        a, b = self.problem.sides[side], self.problem.bins[bin]
        pair = (a.component, b.component)
        gate = (a.component, b.component, bin) if a.moving and b.moving else None
        return pair, (b.index, a.index), gate

    def _links(self) -> None:
        """The pairs still waiting and the seats still free, by class, and which classes of
        pairs may take which classes of seats (worked out again after each assignment)."""
        waiting: dict[Kind, list[int]] = {}
        for e in range(len(self.problem.entries)):
            if e not in self.assigned:
                waiting.setdefault(self.kind(e), []).append(e)
        taken = set(self.assigned.values()) | self.empty
        free: dict[Room, list[int]] = {}
        for s in range(len(self.problem.slots)):
            if s not in taken:
                free.setdefault(self.room(s), []).append(s)
        self.waiting, self.free = waiting, free
        self.links = [
            _Link(k, r, *self.where(k[0], r[0])) for k in waiting for r in free if _fits(k, r)
        ]
        self.placed: dict[Gate, int] = {}
        for e, s in self.assigned.items():
            gate = self.where(self.problem.entries[e].side, self.problem.slots[s].bin)[2]
            if gate is not None:
                self.placed[gate] = self.placed.get(gate, 0) + 1
        # In a relaxation, a component sends to a moving group of seats at most what its
        # largest group that may sit there could (one pair of a moving group).
        self.widest: dict[tuple[int, int], int] = {}
        for k, sides in self.sides_of.items():
            for b, part in enumerate(self.problem.bins):
                if not part.moving:
                    continue
                rooms = [r for r in free if r[0] == b]
                counts = [
                    max(0, 1 - self.placed.get((k, part.component, b), 0))
                    if self.problem.sides[i].moving
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
        seats costs a little; renumberings that keep as much are told apart as
        :meth:`costs` says."""
        pairwise = keeps is not None
        unit, kept, unkept = self.costs(keeps or ())
        flow = _Flow(Network())
        net = flow.net
        for k, pairs in self.waiting.items():
            if not pairwise:
                net.edge(SOURCE, ("kind", k), len(pairs))
            for e in pairs if pairwise else ():
                net.edge(SOURCE, ("pair", e), 1)
                flow.entering[e] = net.edge(("pair", e), ("kind", k), 1, unkept.get(e, 0))
        for r, seats in self.free.items():
            if not pairwise:
                net.edge(("room", r), SINK, len(seats))
            for s in seats if pairwise else ():
                flow.leaving[s] = net.edge(("room", r), ("seat", s), 1)
                net.edge(("seat", s), SINK, 1)
        for keep in keeps or ():
            flow.kept[keep] = net.edge(
                ("pair", keep.entry), ("seat", keep.slot), 1, kept[keep] - keep.worth * SPLIT * unit
            )
        gates: set[Gate] = set()
        lines: set[tuple[int, int]] = set()
        for link in self.links:
            if not _allowed(modes, link.pair, link.cell):
                continue
            k, r, gate = link.kind, link.room, link.gate
            start: Node = ("kind", k)
            if modes[link.pair] is None:
                if self.problem.sides[k[0]].moving:
                    # Relaxed: pairs who all met one another take one group of seats of a
                    # component at most (one line of a Mitchell).
                    line = (k[0], link.pair[1])
                    if line not in lines:
                        lines.add(line)
                        net.edge(("line in", line), ("line out", line), self.one_line(line[1]))
                    net.edge(start, ("line in", line))
                    start = ("line out", line)
                if gate is None and self.problem.bins[r[0]].moving:
                    gate = (link.pair[0], link.pair[1], r[0])  # relaxed: widest group at most
            if gate is None:
                flow.carried[(k, r)] = net.edge(start, ("room", r))
                continue
            if chosen is not None and chosen.get(gate) != k:
                continue
            if gate not in gates:
                gates.add(gate)
                size = self.gate_size(gate, modes[link.pair])
                net.edge(("gate in", gate), ("gate out", gate), size, unit if pairwise else 0)
            net.edge(start, ("gate in", gate))
            flow.carried[(k, r)] = net.edge(("gate out", gate), ("room", r))
        return flow

    def costs(self, keeps: Sequence[_Keep]) -> tuple[int, dict[_Keep, int], dict[int, int]]:
        """The cost of one split, of each keep and of each pair that keeps nothing, before
        its worth: how renumberings that keep as much are told apart.

        Pairs earlier in the sections' order choose first: a pair would rather keep
        something than not, and among the seats where it keeps something it prefers one of
        its own line (a pair keeps its direction, NS or EW), then the earliest. So when a
        number can be kept in either of two sections, every pair of a group makes the same
        choice, and the group moves whole. Each pair's preference weighs more than those of
        all later pairs together, and the split (the unit of worth) more than all of them."""
        ranked: dict[int, list[_Keep]] = {}
        for keep in sorted(keeps, key=self._preference):
            ranked.setdefault(keep.entry, []).append(keep)
        base = 1 + max((len(found) for found in ranked.values()), default=0)
        weight = {e: base**i for i, e in enumerate(sorted(ranked, reverse=True))}
        kept = {k: rank * weight[e] for e, found in ranked.items() for rank, k in enumerate(found)}
        unkept = {e: len(found) * weight[e] for e, found in ranked.items()}
        return base ** len(ranked), kept, unkept

    def _preference(self, keep: _Keep) -> tuple[int, bool, int]:
        old = self.problem.entries[keep.entry].seat.pair
        new = self.problem.slots[keep.slot].seat.pair
        return (keep.entry, old.line != new.line, keep.slot)

    def one_line(self, component: int) -> int:
        """The most seats of one group of a next-session component: a free group of seats,
        or one seat of a moving group."""
        return max(
            1
            if self.problem.bins[b].moving
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
        seated = self.network(modes, chosen).net.max_flow()
        return seated == len(self.problem.entries) - len(self.assigned)

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
        f = self.problem
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
                raise Exhausted
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
        except Exhausted:
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
        seated_all = flow.net.cheapest_max_flow()
        assert seated_all == len(self.problem.entries) - len(self.assigned), "exact() said so"
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
