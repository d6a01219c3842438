"""The one movement validator: the rules of duplicate play a schedule must keep.

The engine checks every movement a plugin builds with :func:`validate` before it is
assigned; plugin authors use the same functions in their tests::

    from engine.validator import check, validate

    report = check(movement)      # figures and problems, never raises
    validate(movement)            # raises InvalidMovement listing every problem

A *problem* makes the movement unplayable (a pair meets a board twice, boards are
played unequally, a table is laid twice in a round). A *note* is something a
director should know but that the game survives (two pairs meet twice; the
proposed phantom leaves some boards with one result fewer, so scores are factored).

An *individual* (``kind="individual"``, JCBL manual part 2 ch. 5) seats players, not
pairs: every encounter lists its four players as ``players=(north, east, south, west)``,
``ns`` is the North player's number and ``ew`` the East player's (so a result is still
addressed by board, NS and EW), and the players are numbered in one series (Howell
numbering). The validator then checks players instead of pairs (none seated twice in a
round, none meeting a board twice) and counts how often each two players partner and
oppose each other, the balance an individual is made for.
"""

from __future__ import annotations

import decimal
import itertools
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple, TypeVar

from engine.errors import N_, InvalidMovement, Phrase
from engine.movement import Encounter, Movement, boards_text, uncompared
from engine.numbers import show
from engine.seating import Line, Numbering, Pair

__all__ = ["MovementReport", "check", "validate"]


@dataclass(frozen=True)
class MovementReport:
    """What the validator found in a movement: its problems, notes and figures."""

    problems: list[str]
    """Rules of duplicate play the movement breaks, one sentence each."""
    notes: list[str]
    """Things a director should know that do not stop play."""
    plays: dict[int, int]
    """Board → how many tables play it (the value of the board)."""
    plays_without_phantom: dict[int, int] | None
    """Board → plays when the proposed phantom sits out (``None`` without a phantom)."""
    meetings: dict[tuple[Pair, Pair], int]
    """(pair, pair) → rounds in which they meet; pairs that never meet are absent.
    Empty for an individual, whose players meet as :attr:`partners` and :attr:`opponents`."""
    sit_outs: dict[Pair, int]
    """Pair (in an individual, ``Pair(player)``) → rounds in which it has no table."""
    directions: dict[Pair, tuple[int, int]]
    """Pair (or ``Pair(player)``) → (rounds sitting NS, rounds sitting EW)."""
    comparisons: dict[tuple[Pair, Pair], int]
    """(pair, pair) of one field → boards on which both sat the same direction at
    different tables (in an individual, two players)."""
    comparison_min: int
    comparison_max: int
    comparison_variance: Fraction
    """Population variance of :attr:`comparisons`; exact, so it can rank movements."""
    comparison_stdev: Decimal
    """Square root of the variance, to 28 significant digits (for showing only)."""
    partners: dict[tuple[int, int], int] = field(default_factory=dict)
    """An individual: (player, higher player) → rounds they partner; absent if never."""
    opponents: dict[tuple[int, int], int] = field(default_factory=dict)
    """An individual: (player, higher player) → rounds they are opponents; absent if never."""
    on_left: dict[tuple[int, int], int] = field(default_factory=dict)
    """An individual: (player, other) → rounds ``other`` sits on ``player``'s left (the
    manual's ideal: each opponent once on the left and once on the right)."""

    @property
    def ok(self) -> bool:
        """True when the movement breaks no rule."""
        return not self.problems

    def to_json(self) -> dict[str, object]:
        """The report as data (pairs written ``"NS3"``, ``"EW3"`` or ``"5"``; the
        deviation half up to two places, as the JCBL shows figures)."""
        return {
            "ok": self.ok,
            "problems": self.problems,
            "notes": self.notes,
            "plays": {str(b): n for b, n in self.plays.items()},
            "plays_without_phantom": None
            if self.plays_without_phantom is None
            else {str(b): n for b, n in self.plays_without_phantom.items()},
            "meetings": [
                {"pairs": [p.key, q.key], "rounds": n} for (p, q), n in self.meetings.items()
            ],
            "sit_outs": {p.key: n for p, n in self.sit_outs.items()},
            "directions": {p.key: {"ns": ns, "ew": ew} for p, (ns, ew) in self.directions.items()},
            "comparisons": [
                {"pairs": [p.key, q.key], "boards": n} for (p, q), n in self.comparisons.items()
            ],
            "comparison_min": self.comparison_min,
            "comparison_max": self.comparison_max,
            "comparison_variance": str(self.comparison_variance),
            "comparison_stdev": show(Fraction(self.comparison_stdev)),
        }


def validate(movement: Movement) -> Movement:
    """Return ``movement`` unchanged, or raise :class:`InvalidMovement` listing every problem."""
    report = check(movement)
    if report.ok:
        return movement
    more = len(report.problems) - 3
    count = len(report.problems)
    raise InvalidMovement(
        N_("The %(tables)s-table %(family)s movement has %(count)s problems: %(shown)s%(more)s")
        if count > 1
        else N_(
            "The %(tables)s-table %(family)s movement has %(count)s problem: %(shown)s%(more)s"
        ),
        problems=report.problems,
        hint=N_("Fix the schedule (or the plugin that built it) and assign it again."),
        code="movement.invalid",
        tables=movement.tables,
        family=movement.family,
        count=count,
        shown=" ".join(report.problems[:3]),
        more=Phrase(N_(" And %(more)s more."), more=more) if more > 0 else "",
    )


def check(movement: Movement) -> MovementReport:
    """Check ``movement`` against the rules of duplicate play and measure its balance."""
    individual = movement.kind == "individual"
    seats = [_seat(movement, e) for e in movement.schedule]
    problems: list[str] = []
    notes: list[str] = []
    problems += _layout_problems(movement, seats)
    if individual:
        problems += _player_problems(movement)
    else:
        problems += _seating_problems(movement, seats)
    problems += _board_problems(movement)
    problems += _declaration_problems(movement, seats)

    if movement.numbering is Numbering.MITCHELL and any(e.arrow_switch for e in movement.schedule):
        problems.append(
            "An arrow-switched movement must number its pairs in one series (howell "
            "numbering): in NS/EW numbering the switched pairs would change fields."
        )
    plays = _plays(movement.schedule)
    if movement.kind == "teams":
        # A team match compares a board only between the two tables of the match, so a
        # relay round or a set a team misses is normal; what matters is the teams rule.
        problems += _team_problems(movement)
        notes += _unequal("Boards are played unequally (compared within each match)", plays)
    else:
        problems += _unequal("Boards are played unequally", plays)
    plays_without_phantom = None
    if movement.phantom is not None:
        phantom = movement.phantom
        plays_without_phantom = _plays(
            s.e for s in seats if all(phantom != who for who, _ in s.sitters)
        )
        notes += _unequal(
            f"If {_who(phantom)} is the phantom, boards are played unequally and their "
            "scores must be factored",
            {b: plays_without_phantom.get(b, 0) for b in plays},
        )

    # In an individual two players "meet" as partners or as opponents: counted below.
    meetings = {} if individual else _meetings(seats)
    for (p, q), rounds in sorted(meetings.items()):
        if len(rounds) > 1:
            notes.append(f"{_who(p, True)} and {_who(q)} meet in rounds {_listed(rounds)}.")
    partners, opponents, on_left = _player_figures(movement) if individual else ({}, {}, {})
    for (a, b), together in sorted(partners.items()):
        if len(together) > 1:
            notes.append(f"Players {a} and {b} partner each other in rounds {_listed(together)}.")

    comparisons = _comparisons(movement, seats)
    values = list(comparisons.values()) or [0]
    variance = statistics.pvariance([Fraction(v) for v in values])
    with decimal.localcontext(prec=28):
        stdev = (Decimal(variance.numerator) / Decimal(variance.denominator)).sqrt()
    return MovementReport(
        problems=problems,
        notes=notes,
        plays=plays,
        plays_without_phantom=plays_without_phantom,
        meetings={k: len(v) for k, v in meetings.items()},
        sit_outs=_sit_outs(movement, seats),
        directions=_directions(movement, seats),
        comparisons=comparisons,
        comparison_min=min(values),
        comparison_max=max(values),
        comparison_variance=variance,
        comparison_stdev=stdev,
        partners={k: len(v) for k, v in partners.items()},
        opponents=opponents,
        on_left=on_left,
    )


_Sitter = TypeVar("_Sitter", Pair, int)
"""Who sits at a table: a pair, or an individual's player by number."""


class _Seat(NamedTuple):
    """An encounter with its two pairs, and everyone at the table with their line."""

    e: Encounter
    ns: Pair
    ew: Pair
    sitters: tuple[tuple[Pair, Line], ...]
    """The two pairs or, in an individual, the four players (as ``Pair(number)``), each
    with the line whose cards they hold."""


def _seat(m: Movement, e: Encounter) -> _Seat:
    """The encounter with everyone by the cards they hold (an arrow switch turns them)."""
    ns, ew = m.ns_pair(e), m.ew_pair(e)
    if m.kind == "individual" and e.players is not None:
        lines = (Line.EW, Line.NS) if e.arrow_switch else (Line.NS, Line.EW)
        return _Seat(e, ns, ew, tuple((Pair(p), lines[i % 2]) for i, p in enumerate(e.players)))
    held_ns, held_ew = m.cards(e)
    return _Seat(e, ns, ew, ((held_ns, Line.NS), (held_ew, Line.EW)))


# ---- problems ----------------------------------------------------------------------------


def _layout_problems(m: Movement, seats: list[_Seat]) -> list[str]:
    """Rounds and tables within the movement's size, one encounter per table and round."""
    out: list[str] = []
    for e in m.schedule:
        if e.round > m.rounds:
            out.append(
                f"Table {e.table} plays in round {e.round}, but the movement has only "
                f"{m.rounds} rounds."
            )
        if e.table > m.tables:
            out.append(
                f"Table {e.table} is laid in round {e.round}, but the movement has only "
                f"{m.tables} tables."
            )
        if m.numbering is Numbering.HOWELL and e.ns == e.ew and m.kind != "individual":
            out.append(f"Pair {e.ns} is its own opponent at table {e.table} in round {e.round}.")
    played_rounds = {e.round for e in m.schedule}
    out += [
        f"Round {r} has no table in play." for r in range(1, m.rounds + 1) if r not in played_rounds
    ]
    at_table: dict[tuple[int, int], list[_Seat]] = defaultdict(list)
    for s in seats:
        at_table[s.e.round, s.e.table].append(s)
    for (rnd, table), here in sorted(at_table.items()):
        if len(here) > 1:
            listed = ", ".join(f"{_who(s.ns)} v {_who(s.ew)}" for s in here)
            out.append(f"Table {table} has {len(here)} encounters in round {rnd} ({listed}).")
    return out


def _seating_problems(m: Movement, seats: list[_Seat]) -> list[str]:
    """No pair at two tables in a round, none meeting a board twice, stationary pairs still."""
    seated: list[tuple[Encounter, Mapping[Pair, Iterable[str]]]] = []
    for s in seats:
        at: dict[Pair, list[str]] = defaultdict(list)
        at[s.ns].append(Line.NS.value)
        at[s.ew].append(Line.EW.value)
        seated.append((s.e, at))
    return _sitting_problems(seated, m.stationary, lambda pair: _who(pair, True))


def _sitting_problems(
    seated: Iterable[tuple[Encounter, Mapping[_Sitter, Iterable[str]]]],
    stationary: Iterable[_Sitter],
    name: Callable[[_Sitter], str],
) -> list[str]:
    """Nobody at two tables in a round or playing a board twice, and the stationary in one
    seat. ``seated`` holds every encounter with who sits there (pairs, or an individual's
    players) and in which seats; ``name`` writes one of them at the start of a sentence."""
    out: list[str] = []
    tables: dict[tuple[_Sitter, int], list[int]] = defaultdict(list)
    rounds: dict[tuple[_Sitter, int], list[int]] = defaultdict(list)
    places: dict[_Sitter, set[tuple[int, str]]] = defaultdict(set)
    for e, at in seated:
        for who, seats in at.items():
            places[who] |= {(e.table, seat) for seat in seats}
            tables[who, e.round].append(e.table)
            for board in e.boards:
                rounds[who, board].append(e.round)
    for (who, rnd), where in sorted(tables.items()):
        if len(where) > 1:
            out.append(
                f"{name(who)} is seated {_times(len(where))} in round {rnd}, "
                f"at tables {_listed(where)}."
            )
    for (who, board), when in sorted(rounds.items()):
        if len(when) > 1:
            out.append(
                f"{name(who)} plays board {board} {_times(len(when))}, in rounds {_listed(when)}."
            )
    for who in stationary:
        if not places[who]:
            out.append(f"{name(who)} is called stationary but never plays.")
        elif len(places[who]) > 1:
            listed = ", ".join(f"table {t} {seat}" for t, seat in sorted(places[who]))
            out.append(f"{name(who)} is called stationary but sits at {listed}.")
    return out


def _board_problems(m: Movement) -> list[str]:
    """Whole board sets of the right size, and a board at two tables only through a relay."""
    out: list[str] = []
    sets: set[tuple[int, ...]] = set()
    for e in m.schedule:
        where = f"table {e.table} in round {e.round}"
        if len(set(e.boards)) != len(e.boards):
            out.append(f"The boards of {where} list a board twice ({boards_text(e.boards)}).")
        elif len(e.boards) != m.boards_per_round:
            out.append(
                f"{where.capitalize()} plays {len(e.boards)} boards ({boards_text(e.boards)}); "
                f"the movement plays {m.boards_per_round} a round."
            )
        if any(b < 1 for b in e.boards):
            out.append(f"{where.capitalize()} plays a board numbered below 1.")
        sets.add(tuple(sorted(e.boards)))
    for a, b in itertools.combinations(sorted(sets), 2):
        if set(a) & set(b):
            out.append(
                f"Board sets {boards_text(a)} and {boards_text(b)} overlap: a table must play "
                "a whole set of boards."
            )
    relayed = {(r.round, b): set(r.tables) for r in m.relays for b in r.boards}
    laid: dict[tuple[int, int], list[int]] = defaultdict(list)
    for e in m.schedule:
        for board in e.boards:
            laid[e.round, board].append(e.table)
    for (rnd, board), tables in sorted(laid.items()):
        if len(tables) > 1 and not set(tables) <= relayed.get((rnd, board), set()):
            out.append(
                f"Board {board} is at tables {_listed(tables)} in round {rnd} "
                "with no relay between them."
            )
    return out


def _declaration_problems(m: Movement, seats: list[_Seat]) -> list[str]:
    """Relays, bye stands, sit-outs and the phantom agree with the schedule."""
    out: list[str] = []
    boards = set(m.boards)
    laid = {(e.round, e.table): set(e.boards) for e in m.schedule}
    for relay in m.relays:
        for table in relay.tables:
            if not set(relay.boards) <= laid.get((relay.round, table), set()):
                out.append(
                    f"The relay in round {relay.round} shares boards "
                    f"{boards_text(relay.boards)}, but table {table} does not play them."
                )
    played = {(e.round, b): e.table for e in m.schedule for b in e.boards}
    for rnd, bye in m.bye_boards:
        for board in bye:
            if board not in boards:
                out.append(
                    f"The bye stand in round {rnd} holds board {board}, which no table plays."
                )
            elif (rnd, board) in played:
                out.append(
                    f"Board {board} is on the bye stand in round {rnd}, but table "
                    f"{played[rnd, board]} plays it."
                )
    seated = {(p, s.e.round) for s in seats for p, _ in s.sitters}
    noun = "player" if m.kind == "individual" else "pair"
    for s in m.sit_outs:
        pair = Pair(s.pair, s.line if m.numbering is Numbering.MITCHELL else None)
        if (pair, s.round) in seated:
            out.append(
                f"{_who(pair, True, noun)} is listed as sitting out round {s.round} but has "
                "a table."
            )
    if m.phantom is not None and m.phantom not in _everyone(m, seats):
        out.append(f"The phantom, {_who(m.phantom, noun=noun)}, is not a {noun} of the movement.")
    return out


def _player_problems(m: Movement) -> list[str]:
    """An individual: four different players at every table, NS and EW naming the North
    and East players, no player at two tables in a round or meeting a board twice, and
    stationary players in one seat."""
    out: list[str] = []
    if m.numbering is not Numbering.HOWELL:
        out.append(
            "An individual must number its players in one series (howell numbering), "
            "not as NS and EW pairs."
        )
    seated: list[tuple[Encounter, Mapping[int, Iterable[str]]]] = []
    for e in m.schedule:
        where = f"table {e.table} in round {e.round}"
        if e.players is None:
            out.append(
                f"{where.capitalize()} names no players: an individual lists the North, "
                "East, South and West player of every table."
            )
            continue
        north, east, *_ = e.players
        if (e.ns, e.ew) != (north, east):
            out.append(
                f"{where.capitalize()} lists NS {e.ns} and EW {e.ew}, but its North player "
                f"is {north} and its East player {east}: in an individual NS and EW name "
                "the North and East players."
            )
        if min(e.players) < 1:
            out.append(f"{where.capitalize()} seats a player numbered below 1.")
        for player, count in sorted(Counter(e.players).items()):
            if count > 1:
                out.append(f"Player {player} has {count} seats at {where}.")
        at: dict[int, list[str]] = defaultdict(list)
        for player, seat in zip(e.players, _SEATS, strict=True):
            at[player].append(seat)
        seated.append((e, at))
    return out + _sitting_problems(
        seated, (pair.number for pair in m.stationary), lambda player: f"Player {player}"
    )


_SEATS = ("N", "E", "S", "W")
"""The seats in the order of ``Encounter.players``, clockwise: each has the next on its left."""


def _team_problems(m: Movement) -> list[str]:
    """No team plays itself, and a board team a's NS plays against team b's EW is also
    played by team b's NS against team a's EW: the two results make one board of a v b."""
    out = [
        f"Team {e.ns}'s two pairs play each other at table {e.table} in round {e.round}."
        for e in m.schedule
        if e.ns == e.ew
    ]
    out += [
        f"NS {ns} plays board {board} against EW {ew}, but NS {ew} never plays it against "
        f"EW {ns}: the two teams cannot be compared on it."
        for board, ns, ew in sorted({(b, e.ns, e.ew) for e, b in uncompared(m)})
    ]
    return out


def _unequal(lead: str, plays: dict[int, int]) -> list[str]:
    """One sentence when the boards are not all played the same number of times."""
    by_count: dict[int, list[int]] = defaultdict(list)
    for board, count in sorted(plays.items()):
        by_count[count].append(board)
    if len(by_count) < 2:
        return []
    parts = "; ".join(f"{_times(c)}: {boards_text(bs)}" for c, bs in sorted(by_count.items()))
    return [f"{lead} ({parts})."]


# ---- figures -----------------------------------------------------------------------------


def _plays(encounters: Iterable[Encounter]) -> dict[int, int]:
    return dict(sorted(Counter(b for e in encounters for b in e.boards).items()))


def _meetings(seats: list[_Seat]) -> dict[tuple[Pair, Pair], list[int]]:
    met: dict[tuple[Pair, Pair], list[int]] = defaultdict(list)
    for s in seats:
        p, q = sorted((s.ns, s.ew), key=_order)
        met[p, q].append(s.e.round)
    return dict(met)


def _everyone(m: Movement, seats: list[_Seat]) -> tuple[Pair, ...]:
    """Every pair of the movement or, in an individual, every player seated or sitting out."""
    if m.kind != "individual":
        return m.pairs
    players = {p for s in seats for p, _ in s.sitters} | {Pair(s.pair) for s in m.sit_outs}
    return tuple(sorted(players, key=_order))


def _sit_outs(m: Movement, seats: list[_Seat]) -> dict[Pair, int]:
    rounds: dict[Pair, set[int]] = {p: set() for p in _everyone(m, seats)}
    for s in seats:
        for p, _ in s.sitters:
            rounds[p].add(s.e.round)
    return {p: len(set(range(1, m.rounds + 1)) - played) for p, played in rounds.items()}


def _directions(m: Movement, seats: list[_Seat]) -> dict[Pair, tuple[int, int]]:
    """Rounds each pair (or player) holds the NS and the EW cards (an arrow switch turns
    the boards)."""
    sat = Counter(sitter for s in seats for sitter in s.sitters)
    return {p: (sat[p, Line.NS], sat[p, Line.EW]) for p in _everyone(m, seats)}


def _comparisons(m: Movement, seats: list[_Seat]) -> dict[tuple[Pair, Pair], int]:
    """Boards on which two pairs (or players) of one field sat the same direction at
    different tables (so were compared)."""
    pairs = sorted(_everyone(m, seats), key=_order)
    rank = {p: i for i, p in enumerate(pairs)}
    together: Counter[tuple[int, int]] = Counter()
    sat: dict[tuple[int, Line], list[int]] = defaultdict(list)
    for s in seats:
        for line in Line:
            here = sorted(rank[p] for p, at in s.sitters if at is line)
            for board in s.e.boards:
                sat[board, line] += here
                # Partners sit the same direction but are not compared with each other.
                together.subtract(itertools.combinations(here, 2))
    for ranks in sat.values():
        together.update(itertools.combinations(sorted(ranks), 2))
    return {
        (p, q): together[rank[p], rank[q]]
        for p, q in itertools.combinations(pairs, 2)
        if p.line == q.line
    }


def _player_figures(
    m: Movement,
) -> tuple[
    dict[tuple[int, int], list[int]], dict[tuple[int, int], int], dict[tuple[int, int], int]
]:
    """An individual's balance: the rounds in which two players partner, how often they
    are opponents, and how often one sits on the other's left."""
    partners: dict[tuple[int, int], list[int]] = defaultdict(list)
    opponents: Counter[tuple[int, int]] = Counter()
    on_left: Counter[tuple[int, int]] = Counter()
    for e in m.schedule:
        if e.players is None:
            continue
        for i, player in enumerate(e.players):
            partner, left = e.players[(i + 2) % 4], e.players[(i + 1) % 4]
            on_left[player, left] += 1
            if player < partner:
                partners[player, partner].append(e.round)
            opponents.update((player, o) for o in (left, e.players[(i + 3) % 4]) if player < o)
    return (
        dict(sorted(partners.items())),
        dict(sorted(opponents.items())),
        dict(sorted(on_left.items())),
    )


# ---- wording -----------------------------------------------------------------------------


def _order(p: Pair) -> tuple[str, int]:
    return ("" if p.line is None else p.line.value, p.number)


def _who(pair: Pair, first: bool = False, noun: str = "pair") -> str:
    """``pair 5`` (Howell numbering), ``NS pair 5`` (Mitchell numbering) or ``player 5``."""
    text = (
        f"{noun} {pair.number}" if pair.line is None else f"{pair.line.value} {noun} {pair.number}"
    )
    return text[0].upper() + text[1:] if first else text


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _listed(numbers: Iterable[int]) -> str:
    items = [str(n) for n in numbers]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
