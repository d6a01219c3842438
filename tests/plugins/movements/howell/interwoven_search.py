"""The search that finds the base rounds of the JCBL two-session games (8 to 19 tables).

Run ``python -m tests.plugins.movements.howell.interwoven_search`` (``--session-2`` to
keep the stored appendix Mitchells and search the interwoven Howells only; with the
``search`` extra: ``pip install -e '.[search]'``, for OR-Tools' CP-SAT solver) to print
the base rounds stored in :mod:`plugins.movements.howell.two_session_bases`: the
appendix Mitchells of session
1 (``APPENDIX_BASES``) and the interwoven Howells of session 2 (``INTERWOVEN_BASES``)
for every one-section plan of the JCBL two-session list, and the appendix Mitchells of
the multi-section plans whose rounds are no prime base, and the one game no group
movement plays (``WHOLE_INTERWOVEN``, a whole schedule). The solver runs on one worker
with a fixed seed, so the same version prints the same rounds (unless a size hits
the time limit on a slower machine: then the next group is tried).

Both sessions are *group* movements (:class:`plugins.movements.howell.full.Rotation`): with
``t`` tables and ``r`` rounds, group A is pairs 1 to ``t`` and group B ``t + 1`` to
``2t``; the first ``r`` pairs of each group move and the others are stationary. The
rounds run through a group ``G`` of order ``r`` (the cyclic group when it can, else a
product of cyclic groups): in round ``k`` every moving pair's label and every set grow
by the ``k``-th element of ``G``. A base round is one table per (NS, EW, set):

- the moving pairs of a group play every set once when the *offsets* (set - label) of
  their seats differ;
- two moving pairs at a table meet their *difference* apart; each difference at most
  once (in a Howell also its negative, and never an element of order 2);
- a stationary pair meets every moving pair it faces once; never two stationary pairs.

Session 1 (appendix Mitchell): every table seats an A pair against a B pair; its ``r``
places hold the ``t`` tables, none more than two (``t - r`` relays, every set in play
every round). The cyclic group fails where the counting forbids it: with ``t = r + 1``
and ``r`` even the two stationary tables would have to share the doubled place and
stand opposite it at once (``sum(Z_r) = r/2``), which is why JCBL's printed 9-table,
8-round sheet is no cyclic movement either.

Session 2 (interwoven Howell): each group's tables on places of their own (a Howell
within the group), the two groups sharing ``t - r`` places (relays); only where that is
impossible (10 tables in 8 rounds) do two tables of one group share a set. With an odd group,
one table seats a moving A pair against a moving B pair (the pairs left without an
opponent); none of its ``r`` meetings may repeat a meeting of the session 1 it follows.

Directions: every moving pair sits NS in half its rounds (rounded), the rest EW.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ortools.sat.python import cp_model

from plugins.movements.howell.full import Rotation
from plugins.movements.howell.interwoven import APPENDIX_MITCHELL
from plugins.movements.howell.two_session_bases import APPENDIX_BASES
from plugins.movements.mitchell.printed_sheets import master_sheet

Table = tuple[int, int, int]
"""(NS pair, EW pair, set) of one table in the base round."""

Meeting = frozenset[int]

ONE_SECTION_PLANS: tuple[tuple[int, str, int, int], ...] = (
    (8, "A", 7, 7),
    (9, "A", 7, 7),
    (9, "P", 8, 8),
    (10, "A", 7, 7),
    (10, "A", 8, 8),
    (10, "A", 9, 9),
    (10, "M", 10, 9),
    (11, "A", 8, 8),
    (11, "A", 9, 9),
    (11, "M", 11, 11),
    (12, "A", 8, 8),
    (12, "A", 9, 9),
    (12, "A", 11, 11),
    (12, "M", 12, 11),
    (13, "A", 11, 11),
    (13, "A", 12, 12),
    (13, "A", 12, 13),
    (13, "M", 13, 13),
    (14, "A", 11, 11),
    (14, "A", 12, 12),
    (14, "A", 13, 13),
    (15, "A", 11, 11),
    (15, "A", 12, 12),
    (15, "A", 13, 13),
    (16, "A", 11, 11),
    (16, "A", 12, 12),
    (16, "A", 13, 13),
    (17, "A", 12, 12),
    (17, "A", 13, 13),
    (18, "A", 12, 12),
    (18, "A", 13, 13),
    (19, "A", 13, 13),
)
"""(tables, session 1, its rounds, session 2's rounds) of the list's one-section plans:
``A`` an appendix Mitchell found here, ``P`` the printed 9-table appendix Mitchell,
``M`` a scrambled Mitchell (every A pair meets every B pair: with an odd group its
second session brings one rematch a pair, as the list's remark says)."""

MORE_APPENDIX: tuple[tuple[int, int], ...] = tuple(
    (tables, rounds)
    for rounds in (8, 9, 10, 12)
    for tables in range(rounds + 1, 2 * rounds)
    if (tables, rounds) != (9, 8)  # printed
)
"""(tables, rounds) of the appendix Mitchells on no prime base, for any number of tables
appended: the multi-section plans play 10T 9(A) and 12(A) on 13, 16, 17 and 18 tables,
and JTOS offers 10 and 12 rounds for 11-19 and 13-22 tables."""

PRINTED_SESSION_2 = {(8, 7), (9, 9)}
"""Interwoven Howells the manual prints (kept as printed)."""

WHOLE_SESSION_2 = {(9, 8)}
"""Interwoven Howells no group movement gives, searched as a whole schedule. 9 tables in
8 rounds after the printed appendix Mitchell: group A's leftover pair must meet pair
``a + 9`` (the only A-B pairs session 1 leaves apart), which leaves the rest of group A
three tables of two moving pairs and the offsets of ``Z_8`` cannot be counted out (the
solver proves it; the other groups of order 8 have too few differences ±d), and a
9-round movement stopped after round 8 would need every table on a set of its own,
which no group of order 9 allows either."""


def groups_of_order(n: int) -> list[tuple[int, ...]]:
    """The abelian groups of order ``n`` as products of cyclic groups, the cyclic first."""
    found: list[tuple[int, ...]] = []

    def split(rest: int, low: int, parts: tuple[int, ...]) -> None:
        if rest == 1:
            found.append(parts)
            return
        for d in range(low, rest + 1):
            if rest % d == 0 and all(d % p == 0 for p in parts[-1:]):
                split(rest // d, d, (*parts, d))

    split(n, 2, ())
    return sorted({tuple(sorted(g)) for g in found}, key=len)


class NotFound(Exception):
    """No group of the order has a movement of the size (or the solver ran out of time)."""


@dataclass(frozen=True)
class Solved:
    """A base round and the group its rounds run through."""

    orders: tuple[int, ...]
    tables: tuple[Table, ...]


def _solver() -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 7
    solver.parameters.max_time_in_seconds = 120
    return solver


def appendix_mitchell(tables: int, rounds: int, banned: Iterable[int] = ()) -> Solved:
    """Session 1 on ``tables`` tables in ``rounds`` rounds: A v B, ``banned`` differences
    (as element indices) never met."""
    for orders in groups_of_order(rounds):
        if len(orders) == 1 and rounds % 2 == 0 and tables == rounds + 1:
            continue  # no cyclic one: see the module docstring
        found = _appendix(tables, Rotation(orders), set(banned))
        if found is not None:
            return Solved(orders, found)
    raise NotFound(f"no appendix Mitchell for {tables} tables, {rounds} rounds")


def _appendix(t: int, g: Rotation, banned: set[int]) -> tuple[Table, ...] | None:
    r = g.order
    m = cp_model.CpModel()
    x: dict[tuple[int, int, int], cp_model.IntVar] = {}
    for i, b, s in itertools.product(range(t), range(t), range(r)):
        if i >= r and b >= r:
            continue  # two stationary pairs would meet every round
        if i < r and b < r and g.minus(b, i) in banned:
            continue
        x[i, b, s] = m.new_bool_var(f"x{i}_{b}_{s}")
    for i in range(t):
        m.add_exactly_one(v for (a, _, _), v in x.items() if a == i)
        m.add_exactly_one(v for (_, b, _), v in x.items() if b == i)
    for o in range(r):
        m.add_at_most_one(v for (a, _, s), v in x.items() if a < r and g.minus(s, a) == o)
        m.add_at_most_one(v for (_, b, s), v in x.items() if b < r and g.minus(s, b) == o)
        m.add_at_most_one(v for (a, b, _), v in x.items() if a < r and b < r and g.minus(b, a) == o)
    for s in range(r):
        load = sum(v for (_, _, p), v in x.items() if p == s)
        m.add(load >= 1)
        m.add(load <= 2)
    # moving every table's set by one element changes nothing: pair 1 takes set 1
    m.add_exactly_one(v for (a, _, s), v in x.items() if a == 0 and s == 0)
    _offsets_sum(m, g, [(v, s) for (a, _, s), v in x.items() if a < r])
    _offsets_sum(m, g, [(v, s) for (_, b, s), v in x.items() if b < r])
    solver = _solver()
    if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    rows = [(a, b, s) for (a, b, s), v in x.items() if solver.value(v)]
    return _turn_mitchell(t, r, rows)


def _offsets_sum(
    m: cp_model.CpModel, g: Rotation, seats: list[tuple[cp_model.IntVar, int]]
) -> None:
    """A group's moving pairs take every offset once, so the sets of their seats add up
    to twice the sum of the group (digit by digit): a redundant constraint that spares
    the solver the search that would find it out."""
    for j, n in enumerate(g.orders):
        total = 2 * sum(g.digit(e, j) for e in range(g.order))
        quotient = m.new_int_var(-len(seats) * n, len(seats) * n, f"q{j}")
        m.add(sum(v * g.digit(s, j) for v, s in seats) == total + n * quotient)


def _turn_mitchell(t: int, r: int, rows: list[tuple[int, int, int]]) -> tuple[Table, ...]:
    """Number and turn the tables: every moving pair NS in half its rounds."""
    a_ns = b_ns = 0
    turned: list[Table] = []
    # tables of two moving pairs first: each gives one group a seat NS
    for a, b, s in sorted(rows, key=lambda row: (row[0] >= r or row[1] >= r, row[2])):
        a_pair, b_pair = 1 + a, t + 1 + b
        if a < r and b < r:
            a_first = a_ns <= b_ns
        elif a < r:
            a_first = a_ns < r // 2
        else:
            a_first = not b_ns < r // 2
        if a_first:
            a_ns += a < r
            turned.append((a_pair, b_pair, s + 1))
        else:
            b_ns += b < r
            turned.append((b_pair, a_pair, s + 1))
    return tuple(sorted(turned, key=lambda row: (row[2], -max(row[:2]))))


def interwoven_howell(tables: int, rounds: int, forbidden: Iterable[Meeting] = ()) -> Solved:
    """Session 2 on ``tables`` tables in ``rounds`` rounds; with an odd group, the table
    of an A pair and a B pair meets no pair of ``forbidden`` (session 1's meetings)."""
    banned = set(forbidden)
    for apart in (True, False):
        for orders in groups_of_order(rounds):
            found = _interwoven(tables, Rotation(orders), banned, apart)
            if found is not None:
                return Solved(orders, found)
    raise NotFound(f"no interwoven Howell for {tables} tables, {rounds} rounds")


Seat = tuple[str, int]
"""(group, label): a pair of the base round."""


def _interwoven(
    t: int, g: Rotation, forbidden: set[Meeting], apart: bool
) -> tuple[Table, ...] | None:
    """With ``apart`` no two tables of one group share a set (all relays are between the
    groups); without, as the 10-table, 8-round game needs (no group of order 8 has one)."""
    r = g.order

    def number(seat: Seat) -> int:
        group, label = seat
        return 1 + label + (t if group == "B" else 0)

    seats = [(group, label) for group in "AB" for label in range(t)]
    m = cp_model.CpModel()
    y: dict[tuple[Seat, Seat, int], cp_model.IntVar] = {}
    for one, two in itertools.combinations(seats, 2):
        (g1, a), (g2, b) = one, two
        if a >= r and b >= r:
            continue
        if g1 != g2:
            if t % 2 == 0 or a >= r or b >= r:
                continue
            met = ({number((g1, g.plus(a, k))), number((g2, g.plus(b, k)))} for k in range(r))
            if any(frozenset(pair) in forbidden for pair in met):
                continue
        elif a < r and b < r:
            d = g.minus(b, a)
            if d == 0 or d == g.minus(0, d):
                continue
        for s in range(r):
            if g1 == g2 and a < r and b < r and g.minus(s, a) == g.minus(s, b):
                continue
            y[one, two, s] = m.new_bool_var(f"y{one}{two}{s}")
    for seat in seats:
        m.add_exactly_one(v for (one, two, _), v in y.items() if seat in (one, two))
    # one table of an A pair and a B pair with an odd group, none with an even one
    m.add(sum(v for (one, two, _), v in y.items() if one[0] != two[0]) == t % 2)
    for group in "AB":
        for o in range(r):
            m.add_at_most_one(
                v
                for (one, two, s), v in y.items()
                for grp, label in (one, two)
                if grp == group and label < r and g.minus(s, label) == o
            )
        for d in range(r):
            m.add_at_most_one(
                v
                for ((g1, a), (g2, b), _), v in y.items()
                if g1 == g2 == group and a < r and b < r and d in (g.minus(b, a), g.minus(a, b))
            )
        for s in range(r) if apart else ():
            m.add_at_most_one(
                v for (one, two, p), v in y.items() if p == s and one[0] == two[0] == group
            )
    for s in range(r):
        load = sum(v for (_, _, p), v in y.items() if p == s)
        m.add(load >= 1)
        m.add(load <= 2)
    for group in "AB":
        _offsets_sum(
            m,
            g,
            [
                (v, s)
                for (one, two, s), v in y.items()
                for grp, label in (one, two)
                if grp == group and label < r
            ],
        )
    solver = _solver()
    if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    rows = [(one, two, s) for (one, two, s), v in y.items() if solver.value(v)]
    return _turn_howell(r, rows, number)


def _turn_howell(
    r: int, rows: Sequence[tuple[Seat, Seat, int]], number: Callable[[Seat], int]
) -> tuple[Table, ...]:
    """Turn the tables: every moving pair of a group NS in half its rounds (rounded down
    for group A, up for group B); stationary pairs sit where that leaves them."""
    ns = {"A": 0, "B": 0}
    want = {"A": r // 2, "B": r - r // 2}
    turned: list[Table] = []

    def moving(seat: Seat) -> bool:
        return seat[1] < r

    ordered = sorted(rows, key=lambda row: (not (moving(row[0]) and moving(row[1])), row[2]))
    for one, two, s in ordered:
        if moving(one) and moving(two):
            first = one if one[0] == two[0] or ns[one[0]] < want[one[0]] else two
        else:
            mover = one if moving(one) else two
            first = mover if ns[mover[0]] < want[mover[0]] else (two if mover == one else one)
        second = two if first == one else one
        if moving(first):
            ns[first[0]] += 1
        turned.append((number(first), number(second), s + 1))
    return tuple(sorted(turned, key=lambda row: (row[2], -max(row[:2]))))


def meetings(tables: int, solved: Solved) -> set[Meeting]:
    """Every meeting of a session-1 base round over its rounds."""
    g = Rotation(solved.orders)
    r = g.order

    def moved(pair: int, k: int) -> int:
        low = 1 if pair <= tables else tables + 1
        label = pair - low
        return pair if label >= r else low + g.plus(label, k)

    return {
        frozenset((moved(ns, k), moved(ew, k))) for ns, ew, _ in solved.tables for k in range(r)
    }


def printed_meetings(tables: int) -> set[Meeting]:
    """The meetings of JCBL's printed appendix Mitchell (9 tables, 8 rounds)."""
    return {
        frozenset(cell)
        for row in master_sheet(APPENDIX_MITCHELL[tables])
        for c in row
        for cell in c
    }


def search(
    first: dict[tuple[int, int], Solved] | None = None,
) -> tuple[dict[tuple[int, int], Solved], dict[tuple[int, int], Solved]]:
    """Every base round: the appendix Mitchells (unless ``first`` gives them), then each
    interwoven Howell clear of the appendix Mitchells it follows."""
    if first is not None:
        return first, interwoven_after(first)
    first = {}
    for tables, kind, r1, _ in ONE_SECTION_PLANS:
        if kind == "A" and (tables, r1) not in first:
            # 13 tables, 12(A) then 13(I): session 2's odd pairs meet pair x + 13 (the
            # difference 0 of its cyclic group), so session 1 must never bring them together
            later = any(
                (t, k, r) == (tables, "A", r1) and r_2 > r for t, k, r, r_2 in ONE_SECTION_PLANS
            )
            banned = {0} if tables % 2 and later else set()
            first[tables, r1] = appendix_mitchell(tables, r1, banned)
            print(f"A {tables} {r1} {first[tables, r1].orders}", file=sys.stderr)
    for tables, rounds in MORE_APPENDIX:
        if (tables, rounds) not in first:
            try:
                first[tables, rounds] = appendix_mitchell(tables, rounds)
            except NotFound as exc:
                print(exc, file=sys.stderr)
                continue
            print(f"A {tables} {rounds} {first[tables, rounds].orders}", file=sys.stderr)
    return first, interwoven_after(first)


def interwoven_after(first: dict[tuple[int, int], Solved]) -> dict[tuple[int, int], Solved]:
    """Each interwoven Howell of the list, clear of the appendix Mitchells it follows."""
    second: dict[tuple[int, int], Solved] = {}
    for tables, _, _, r2 in ONE_SECTION_PLANS:
        done = (tables, r2) in second or (tables, r2) in PRINTED_SESSION_2 | WHOLE_SESSION_2
        if not done:
            second[tables, r2] = interwoven_howell(tables, r2, follows(tables, r2, first))
            print(f"I {tables} {r2} {second[tables, r2].orders}", file=sys.stderr)
    return second


def follows(tables: int, rounds: int, first: dict[tuple[int, int], Solved]) -> set[Meeting]:
    """The meetings of the appendix Mitchells the list plays before the interwoven Howell
    of ``tables`` tables and ``rounds`` rounds (none matter with an even group)."""
    forbidden: set[Meeting] = set()
    for t, kind, r1, r in ONE_SECTION_PLANS:
        if (t, r) == (tables, rounds) and tables % 2:
            if kind == "A":
                forbidden |= meetings(t, first[t, r1])
            elif kind == "P":
                forbidden |= printed_meetings(t)
    return forbidden


Sheet = tuple[tuple[tuple[int, int], ...], ...]
"""Rounds → tables → (NS pair, EW pair)."""


def whole_interwoven(tables: int, rounds: int, forbidden: set[Meeting]) -> Sheet:
    """Session 2 as a whole schedule: tables 1 to ``tables - 1`` hold the ``rounds`` sets
    (``tables - 1 == rounds``), boards going down one table a round, and the last table
    shares the boards of the one before it; the group's stationary pair (``tables``) stays
    at the last table. Each pair plays each set once and meets no pair twice: within its
    group, or a pair of the other group that session 1 left apart."""
    if tables - 1 != rounds:
        raise NotFound(f"no whole schedule is searched for {tables} tables, {rounds} rounds")
    pairs = range(1, 2 * tables + 1)
    places = range(1, tables + 1)

    def set_at(rnd: int, table: int) -> int:
        return (min(table, rounds) - 1 + rnd) % rounds

    m = cp_model.CpModel()
    seat = {
        (k, t, p): m.new_bool_var(f"z{k}_{t}_{p}")
        for k in range(rounds)
        for t in places
        for p in pairs
    }
    for k in range(rounds):
        for p in pairs:
            m.add_exactly_one(seat[k, t, p] for t in places)
        for t in places:
            m.add(sum(seat[k, t, p] for p in pairs) == 2)
        m.add(seat[k, tables, tables] == 1)
    for p in pairs:
        for s in range(rounds):
            m.add_exactly_one(
                seat[k, t, p] for k in range(rounds) for t in places if set_at(k, t) == s
            )
    for p, q in itertools.combinations(pairs, 2):
        if frozenset((p, q)) in forbidden:
            for k, t in itertools.product(range(rounds), places):
                m.add_bool_or([seat[k, t, p].Not(), seat[k, t, q].Not()])
            continue
        met = []
        for k, t in itertools.product(range(rounds), places):
            v = m.new_bool_var(f"m{p}_{q}_{k}_{t}")
            m.add_bool_and([seat[k, t, p], seat[k, t, q]]).only_enforce_if(v)
            m.add_bool_or([seat[k, t, p].Not(), seat[k, t, q].Not(), v])
            met.append(v)
        m.add(sum(met) <= 1)
    solver = _solver()
    solver.parameters.max_time_in_seconds = 900
    if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise NotFound(f"no interwoven Howell for {tables} tables, {rounds} rounds")
    rows = [
        [tuple(p for p in pairs if solver.value(seat[k, t, p])) for t in places]
        for k in range(rounds)
    ]
    return _turn_sheet(rows)


def _turn_sheet(rows: list[list[tuple[int, ...]]]) -> Sheet:
    """Every pair NS in half its rounds: each pair meets an even number of opponents, so
    walking the meetings round an Euler circuit turns every table."""
    m = cp_model.CpModel()
    first_ns = {
        (k, t): m.new_bool_var(f"o{k}_{t}") for k, row in enumerate(rows) for t in range(len(row))
    }
    seats: dict[int, list[cp_model.LinearExprT]] = {}
    for (k, t), v in first_ns.items():
        p, q = rows[k][t]
        seats.setdefault(p, []).append(v)
        seats.setdefault(q, []).append(1 - v)
    for ns in seats.values():
        m.add(sum(ns) * 2 == len(ns))
    solver = _solver()
    if solver.solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        raise NotFound("no way to turn the tables")
    return tuple(
        tuple(
            (row[t][0], row[t][1]) if solver.value(first_ns[k, t]) else (row[t][1], row[t][0])
            for t in range(len(row))
        )
        for k, row in enumerate(rows)
    )


def _show(name: str, found: dict[tuple[int, int], Solved]) -> None:
    """Print ``found`` as the module stores it, wrapped at 100 columns."""
    print(f"{name}: dict[tuple[int, int], GroupBase] = {{")
    for (tables, rounds), solved in sorted(found.items()):
        print(f"    ({tables}, {rounds}): GroupBase(")
        print(f"        {solved.orders},")
        print("        (")
        line = "           "
        for a, b, s in solved.tables:
            cell = f" ({a}, {b}, {s}),"
            if len(line) + len(cell) > 100:
                print(line)
                line = "           "
            line += cell
        print(line)
        print("        ),")
        print("    ),")
    print("}  # fmt: skip")


if __name__ == "__main__":
    # --session-2: keep the stored appendix Mitchells, search the interwoven Howells again
    stored = (
        {k: Solved(*v) for k, v in APPENDIX_BASES.items()} if "--session-2" in sys.argv else None
    )
    appendix, interwoven = search(stored)
    _show("APPENDIX_BASES", appendix)
    _show("INTERWOVEN_BASES", interwoven)
    print("WHOLE_INTERWOVEN: dict[tuple[int, int], Sheet] = {")
    for tables, rounds in sorted(WHOLE_SESSION_2):
        sheet = whole_interwoven(tables, rounds, follows(tables, rounds, appendix))
        print(f"    ({tables}, {rounds}): (")
        for row in sheet:
            print(f"        {row},")
        print("    ),")
    print("}  # fmt: skip")
