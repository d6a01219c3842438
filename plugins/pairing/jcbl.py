"""The three Swiss draws JCBL federation events allow (part 2 ch. 6 §8, スイス戦).

Of 16 teams:

1. round 1 by seeding 1 v 9, 2 v 10 … 8 v 16; round 2 by seeding 1 v 5, 2 v 6, 3 v 7,
   4 v 8, 9 v 13 … 12 v 16; round 3 on by the standings, 1 v 2, 3 v 4 …
2. round 1 by seeding 1 v 9 … 8 v 16; round 2 on by the standings, 1 v 2, 3 v 4 …
3. team numbers drawn at random; round 1 by number 1 v 2, 3 v 4 … 15 v 16; round 2 by
   number 1 v 9, 2 v 10 … 8 v 16; round 3 on by the standings of the round before the
   previous one; the last round by the standings of the previous round.

Part 3 ch. 4 §3-2 ① gives the timing each implies: a round 2 drawn without results
(methods 1 and 3) is a delayed draw, made from the standings of the round before the
previous one (b); method 2 is drawn from the previous round (a). These are each
method's defaults; ``draw_from`` and the other options change them. Rematches are
avoided top down (the club guide's way), moving down the standings.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import hookimpl
from plugins.pairing.options import DrawFrom, LastRoundLatest, SecondRound, Seeding, SwissOptions
from plugins.pairing.top_down import TopDown


class QuartersOptions(SwissOptions):
    """Method 1's defaults: seeded 1 v 9 …, seeded quarters 1 v 5 …, a delayed draw."""

    seeding: Seeding = "split"
    second_round: SecondRound = "quarters"
    draw_from: DrawFrom = "before-previous"


class SeededOptions(SwissOptions):
    """Method 2's defaults: seeded 1 v 9 …, then the standings after the previous round."""

    seeding: Seeding = "split"
    second_round: SecondRound = "standings"
    draw_from: DrawFrom = "previous"


class RandomOptions(SwissOptions):
    """Method 3's defaults: random numbers 1 v 2 …, by number 1 v 9 …, a delayed draw,
    the last round from the latest standings."""

    seeding: Seeding = "random"
    second_round: SecondRound = "split"
    draw_from: DrawFrom = "before-previous"
    last_round_latest: LastRoundLatest = True


class JcblQuarters(TopDown):
    """JCBL method 1 (part 2 ch. 6 §8 (1)): round 1 by seeding, 1 v 9 … of 16; round 2 by
    seeding in quarters, 1 v 5 … 4 v 8, 9 v 13 … (groups of six, 1 v 4 …, when the number
    of teams is not a multiple of 4); from round 3 by the standings, 1 v 2, 3 v 4 …, from
    the round before the previous one (a delayed draw, part 3 ch. 4 §3-2 ① b).

    The seeding is the teams' seeding points (or their best four's masterpoints) where
    given, else the entry order. Rematches are avoided top down; a draw that cannot keep
    the rule says which rematch it holds and why."""

    name = "jcbl-quarters"
    aliases = ("jcbl-1",)
    version = "1.0"
    Options = QuartersOptions


class JcblSeeded(TopDown):
    """JCBL method 2 (part 2 ch. 6 §8 (2)): round 1 by seeding, 1 v 9 … of 16; from round 2
    by the standings after the previous round, 1 v 2, 3 v 4 … (part 3 ch. 4 §3-2 ① a).

    Rematches are avoided top down; a draw that cannot keep the rule says which rematch
    it holds and why."""

    name = "jcbl-seeded"
    aliases = ("jcbl-2",)
    version = "1.0"
    Options = SeededOptions


class JcblRandom(TopDown):
    """JCBL method 3 (part 2 ch. 6 §8 (3)): team numbers at random (the seed is recorded);
    round 1 by number, 1 v 2, 3 v 4 …; round 2 by number, 1 v 9 … 8 v 16; from round 3 by
    the standings of the round before the previous one (a delayed draw); the last round
    by the standings of the previous round.

    Rematches are avoided top down; a draw that cannot keep the rule says which rematch
    it holds and why."""

    name = "jcbl-random"
    aliases = ("jcbl-3",)
    version = "1.0"
    Options = RandomOptions


@hookimpl
def traveller_register_pairing_methods(register: Callable[[Any], None]) -> None:
    for method in (JcblQuarters(), JcblSeeded(), JcblRandom()):
        register(method)
