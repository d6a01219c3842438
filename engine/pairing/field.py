"""The field a Swiss round is drawn from, the draws made so far, and a draw.

A pairing method is given the :class:`Field` (who is in the draw, and the standings
after each completed round) and the :class:`History` (every earlier draw of the event),
and returns a :class:`Draw`. The engine stores the draw itself in its event, with the
method's name and version, so a replay never asks the method again (DESIGN.md §2).

Contestants are teams in a Swiss teams and pairs in a Swiss pairs (JCBL part 2 ch. 4
§19); messages name them as the field's :attr:`Field.kind` says.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from fractions import Fraction
from functools import cached_property
from typing import Literal

from pydantic import BaseModel, ConfigDict, PositiveInt

from engine.errors import N_, InvalidInput, Phrase

FieldKind = Literal["teams", "pairs"]
"""What a Swiss event draws: teams (Swiss teams) or pairs (Swiss pairs)."""


class Standing(BaseModel):
    """A contestant as the draw sees it: its number, score, place and seeding points.

    ``rank`` is its place in the standings once the conditions' tie-break is applied
    (1 is the leader); contestants of equal rank are read in number order. ``seeding``
    is the seeding points (or the masterpoints of the team's best four) given at entry:
    the more, the higher the seed (part 3 ch. 4 §3-2 ①)."""

    model_config = ConfigDict(frozen=True)

    number: PositiveInt
    score: Fraction = Fraction(0)
    rank: PositiveInt
    seeding: Fraction | None = None


class Field(BaseModel):
    """Who is in a draw, and the standings after each round completed so far.

    ``contestants`` are exactly the contestants of this draw (a withdrawn team is left
    out, a late entry put in), as entered: their ``rank`` is the entry order and
    ``seeding`` their seeding points. ``after[k - 1]`` is the standings after round
    ``k``. A contestant missing from a standings table (a late entry) reads below
    everyone in it, in seeding order; one in it but not in the draw is passed over."""

    model_config = ConfigDict(frozen=True)

    kind: FieldKind = "teams"
    contestants: tuple[Standing, ...]
    after: tuple[tuple[Standing, ...], ...] = ()

    def check(self) -> None:
        """Refuse a field whose contestant numbers repeat."""
        for label, table in ((Phrase(N_("entry list")), self.contestants), *self._tables()):
            twice = sorted(n for n, c in Counter(s.number for s in table).items() if c > 1)
            if twice:
                raise InvalidInput(
                    N_("The %(label)s lists %(names)s more than once."),
                    hint=N_("Give each team once.")
                    if self.kind == "teams"
                    else N_("Give each pair once."),
                    code="swiss.field_twice",
                    label=label,
                    names=self.names(twice),
                )

    def _tables(self) -> list[tuple[Phrase, tuple[Standing, ...]]]:
        return [
            (Phrase(N_("standings after round %(round)s"), round=k), t)
            for k, t in enumerate(self.after, 1)
        ]

    @property
    def completed(self) -> int:
        """The last round whose standings the field holds (0: none yet)."""
        return len(self.after)

    @cached_property
    def numbers(self) -> frozenset[int]:
        return frozenset(s.number for s in self.contestants)

    @cached_property
    def seeding_order(self) -> tuple[int, ...]:
        """The contestants as seeded: by seeding points where given (most first), then
        in entry order; contestants without points follow those with them."""

        def key(s: Standing) -> tuple[int, Fraction, int, int]:
            points = s.seeding
            return (points is None, -(points or Fraction(0)), s.rank, s.number)

        return tuple(s.number for s in sorted(self.contestants, key=key))

    def order_after(self, rnd: int) -> tuple[int, ...]:
        """The contestants in the order of the standings after round ``rnd`` (round 0:
        the seeding order)."""
        if rnd == 0:
            return self.seeding_order
        table = [s for s in self.after[rnd - 1] if s.number in self.numbers]
        ranked = [s.number for s in sorted(table, key=lambda s: (s.rank, s.number))]
        placed = set(ranked)
        late = [n for n in self.seeding_order if n not in placed]
        return (*ranked, *late)

    # -- words a director reads ----------------------------------------------------------

    def noun(self, count: int = 1) -> str:
        """The word for a contestant, "team" or "pair", plural unless ``count`` is 1."""
        word = self.kind[:-1]
        return word if count == 1 else f"{word}s"

    def name(self, number: int) -> str:
        return f"{self.noun()} {number}"

    def names(self, numbers: Iterable[int]) -> str:
        """``teams 3, 5 and 9`` (in the order given)."""
        items = [str(n) for n in numbers]
        if len(items) <= 1:
            return f"{self.noun()} {''.join(items)}"
        return f"{self.noun(2)} {', '.join(items[:-1])} and {items[-1]}"


class Match(BaseModel):
    """Two contestants playing each other in a round; ``home`` sits NS at ``table``."""

    model_config = ConfigDict(frozen=True)

    table: PositiveInt
    home: PositiveInt
    away: PositiveInt


class Draw(BaseModel):
    """One round's draw, as the event records it.

    ``triangle`` is the three contestants of an odd field who play each other (part 3
    ch. 4 §3-2 ③); ``triangle_continues`` marks the second round of a triangle played
    over two rounds. ``bye`` is the contestant without an opponent. ``relaxed`` names, in
    sentences a director reads, every condition the draw could not keep and why no draw
    keeps it; it is empty when every condition is kept.

    ``order`` is the contestants in the order the draw read them (the standings after
    round ``drawn_from``, or the seeding or the random numbering when ``drawn_from`` is
    0), and ``seed`` the random seed it was given."""

    model_config = ConfigDict(frozen=True)

    round: PositiveInt
    matches: tuple[Match, ...]
    triangle: tuple[int, int, int] | None = None
    triangle_continues: bool = False
    bye: int | None = None
    relaxed: tuple[str, ...] = ()
    order: tuple[int, ...] = ()
    drawn_from: int = 0
    seed: int | None = None
    method: str = ""
    method_version: str = ""

    @property
    def contestants(self) -> tuple[int, ...]:
        """Every contestant the draw places, once each if the draw is sound."""
        found = [n for m in self.matches for n in (m.home, m.away)]
        found += [*(self.triangle or ()), *(() if self.bye is None else (self.bye,))]
        return tuple(found)

    @property
    def pairings(self) -> tuple[tuple[int, int], ...]:
        """Every match of the round as (home, away): the matches at their tables, then a
        triangle's three (first v second, first v third, second v third)."""
        found = [(m.home, m.away) for m in self.matches]
        if self.triangle is not None:
            a, b, c = self.triangle
            found += [(a, b), (a, c), (b, c)]
        return tuple(found)

    def pairing_of(self, one: int, other: int) -> tuple[int, int] | None:
        """The match of ``one`` and ``other`` as the draw orders it, or ``None``."""
        return next((p for p in self.pairings if {one, other} == set(p)), None)

    @property
    def meetings(self) -> tuple[tuple[int, int], ...]:
        """Every two contestants who play each other this round (lower number first)."""
        pairs = [(m.home, m.away) for m in self.matches]
        if self.triangle is not None:
            a, b, c = self.triangle
            pairs += [(a, b), (a, c), (b, c)]
        return tuple((min(p), max(p)) for p in pairs)


class History(BaseModel):
    """Every draw of the event before the one being made, in round order.

    Who met whom and when, and who has had a triangle or a bye, are read from the
    draws: a triangle's three contestants have met each other, and a triangle over two
    rounds is one meeting played in two rounds."""

    model_config = ConfigDict(frozen=True)

    draws: tuple[Draw, ...] = ()

    def draw_of(self, rnd: int) -> Draw | None:
        return next((d for d in self.draws if d.round == rnd), None)

    @property
    def last_round(self) -> int:
        return max((d.round for d in self.draws), default=0)

    @cached_property
    def meeting_rounds(self) -> dict[tuple[int, int], tuple[int, ...]]:
        """(lower number, higher number) → the rounds in which the two played each other
        (both rounds of a triangle over two rounds)."""
        met: defaultdict[tuple[int, int], list[int]] = defaultdict(list)
        for d in self.draws:
            for pair in d.meetings:
                met[pair].append(d.round)
        return {pair: tuple(sorted(rounds)) for pair, rounds in met.items()}

    @cached_property
    def meeting_counts(self) -> Counter[tuple[int, int]]:
        """(lower number, higher number) → how many times the two were drawn together."""
        return Counter(p for d in self.draws if not d.triangle_continues for p in d.meetings)

    @cached_property
    def opponents(self) -> dict[int, frozenset[int]]:
        """Contestant → everyone it has met."""
        met: defaultdict[int, set[int]] = defaultdict(set)
        for a, b in self.meeting_rounds:
            met[a].add(b)
            met[b].add(a)
        return {n: frozenset(o) for n, o in met.items()}

    def rounds_met(self, a: int, b: int) -> tuple[int, ...]:
        """The rounds in which ``a`` and ``b`` played each other."""
        return self.meeting_rounds.get((min(a, b), max(a, b)), ())

    def times_met(self, a: int, b: int) -> int:
        """How many times ``a`` and ``b`` have been drawn against each other."""
        return self.meeting_counts[(min(a, b), max(a, b))]

    @cached_property
    def triangle_counts(self) -> Counter[int]:
        """Contestant → how many triangles it has been drawn into."""
        return Counter(
            n for d in self.draws if d.triangle and not d.triangle_continues for n in d.triangle
        )

    def triangles(self, number: int) -> int:
        """How many triangles ``number`` has been drawn into (one over two rounds is one)."""
        return self.triangle_counts[number]

    def byes(self, number: int) -> int:
        return sum(1 for d in self.draws if d.bye == number)
