"""The options of the built-in Swiss draws: how rounds 1 and 2 are seeded and which
standings the later rounds are drawn from (JCBL part 3 ch. 4 §3-2 ①)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine import FieldKind, InvalidInput, PairingOptions
from engine.errors import N_

# Each option's description is given once, with its type, so that a method changing
# only its default (plugins/pairing/jcbl.py) keeps it.
Seeding = Annotated[
    Literal["random", "split", "fold"],
    Field(
        description="round 1: random (numbers drawn at random, the seed recorded; 1 v 2, "
        "3 v 4 …), split (1 v N/2+1 … in seeding order) or fold (1 v N …)"
    ),
]
SecondRound = Annotated[
    Literal["quarters", "split", "standings"],
    Field(
        description="round 2: quarters (of the round-1 order, 1 v 5 … 9 v 13 … of 16), split "
        "(1 v N/2+1 … of the round-1 order) or standings (from the standings after round 1)"
    ),
]
DrawFrom = Annotated[
    Literal["previous", "before-previous"],
    Field(
        description="later rounds from the standings after the previous round, or after "
        "the round before it (before-previous: a delayed draw, made while a round is played)"
    ),
]
LastRoundLatest = Annotated[
    bool,
    Field(description="a delayed draw's last round from the latest standings all the same"),
]


class SwissOptions(PairingOptions):
    """How the built-in draws seed the first rounds and read the standings.

    ``seeding`` draws round 1: ``random`` numbers the contestants at random (the seed is
    recorded) and plays 1 v 2, 3 v 4 …; ``split`` plays 1 v N/2+1, 2 v N/2+2 … and
    ``fold`` 1 v N, 2 v N−1 … in seeding order (seeding points where given, else entry
    order). ``second_round``: ``quarters`` splits the round-1 order into quarters and
    plays the top two and the bottom two top down (1 v 5 … 9 v 13 … of 16; groups of six,
    1 v 4 …, when N is not a multiple of 4); ``split`` plays 1 v N/2+1 … on the round-1
    order; ``standings`` draws from the standings after round 1. ``draw_from``: later
    rounds are drawn from the standings after the ``previous`` round, or after the round
    ``before-previous`` (a delayed draw, made while the previous round is played);
    ``last_round_latest`` draws the last round from the latest standings all the same."""

    seeding: Seeding = "split"
    second_round: SecondRound = "standings"
    draw_from: DrawFrom = "previous"
    last_round_latest: LastRoundLatest = False

    def check(self, kind: FieldKind = "teams") -> None:
        super().check(kind)
        if self.draw_from == "before-previous" and self.second_round == "standings":
            raise InvalidInput(
                N_(
                    "A delayed draw makes round 2 before any result is known, so it cannot be "
                    "drawn from the standings."
                ),
                hint=N_("Give second_round=quarters (the manual's way) or split."),
                code="swiss.delayed_standings",
            )
        if self.last_round_latest and self.rounds is None:
            raise InvalidInput(
                N_("Drawing the last round from the latest standings needs the number of rounds."),
                hint=N_("Give rounds."),
                code="swiss.last_round_rounds",
            )
