"""The test kit's simulated Swiss (engine.testing.simulate_swiss): what a pairing-plugin
author checks a method with."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from engine import Draw, Field, History, InvalidInput, Match, PairingOptions, PluginError
from engine.testing import simulate_swiss, swiss_standings
from plugins.pairing.optimal import Optimal
from plugins.pairing.swiss import SwissDraw

OPTIMAL: SwissDraw = Optimal()


class OneVTwo:
    """Pairs 1 v 2, 3 v 4 … by number every round: rematches it never owns up to."""

    name: ClassVar[str] = "one-v-two"
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "0"
    Options: ClassVar[type[PairingOptions]] = PairingOptions

    def draw(self, round: int, field: Field, history: History, options: Any, seed: int) -> Draw:
        numbers = sorted(field.numbers)
        pairs = zip(numbers[::2], numbers[1::2], strict=True)
        return Draw(
            round=round,
            matches=tuple(Match(table=t, home=a, away=b) for t, (a, b) in enumerate(pairs, 1)),
        )


def test_every_round_is_drawn_from_the_standings_the_results_before_it_give() -> None:
    event = simulate_swiss(OPTIMAL, teams=10, rounds=4, seed=3)
    assert [played.round for played in event] == [1, 2, 3, 4]
    for before, played in itertools.pairwise(event):
        assert played.history.draws == (*before.history.draws, before.draw)
        assert played.field.completed == before.field.completed + 1
    assert event[0].field.after == ()
    # The same seed gives the same event, draws and results alike.
    assert simulate_swiss(OPTIMAL, teams=10, rounds=4, seed=3) == event


def test_the_first_rounds_of_a_longer_event() -> None:
    event = simulate_swiss(
        OPTIMAL, teams=8, rounds=2, options={"rounds": 7, "rematch": "none"}, seed=1
    )
    assert len(event) == 2
    again = Optimal().draw(2, event[1].field, event[1].history, Optimal.Options(rounds=7), 1)
    assert again == event[1].draw


def test_the_number_of_rounds_is_needed() -> None:
    with pytest.raises(InvalidInput, match="number of rounds"):
        simulate_swiss(OPTIMAL, teams=8)


def test_an_unsound_draw_is_refused_as_the_engine_refuses_it() -> None:
    with pytest.raises(PluginError, match="breaks the rematch rule"):
        simulate_swiss(OneVTwo(), teams=6, rounds=2)


def test_standings_rank_the_most_first_and_level_scores_by_number() -> None:
    table = swiss_standings({1: Fraction(10), 2: Fraction(15), 3: Fraction(10)})
    assert [(s.number, s.rank) for s in table] == [(2, 1), (1, 2), (3, 3)]
