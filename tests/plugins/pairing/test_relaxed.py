"""What a draw says when it cannot keep every condition, and the other refusals and
options of the built-in draws (tables, options given as text)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.errors import InvalidInput, PluginError, Rejected
from engine.pairing.field import Draw, Field, History, Match, Standing
from engine.pairing.method import PairingMethod
from engine.testing import swiss_entries
from plugins.pairing import jcbl, optimal, top_down
from plugins.pairing.jcbl import JcblQuarters, JcblRandom
from plugins.pairing.optimal import Optimal
from plugins.pairing.swiss import SwissDraw
from plugins.pairing.top_down import TopDown

METHODS = [TopDown(), Optimal(), JcblQuarters()]


def in_order(count: int) -> tuple[Standing, ...]:
    return tuple(Standing(number=n, score=Fraction(count - n), rank=n) for n in range(1, count + 1))


def field(count: int, rounds_played: int = 0, kind: str = "teams") -> Field:
    return Field.model_validate(
        {
            "kind": kind,
            "contestants": swiss_entries(count),
            "after": (in_order(count),) * rounds_played,
        }
    )


def draw(rnd: int, *pairs: tuple[int, int], **kwargs: object) -> Draw:
    matches = tuple(Match(table=t, home=h, away=a) for t, (h, a) in enumerate(pairs, 1))
    return Draw.model_validate({"round": rnd, "matches": matches, **kwargs})


ROUND_ROBIN_OF_4 = History(
    draws=(draw(1, (1, 2), (3, 4)), draw(2, (1, 3), (2, 4)), draw(3, (1, 4), (2, 3)))
)


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
def test_when_everyone_has_met_the_draw_says_so(method: SwissDraw) -> None:
    options = method.Options(rounds=4, draw_from="previous", second_round="standings")
    made = method.draw(4, field(4, 3), ROUND_ROBIN_OF_4, options, 1)
    assert [(m.home, m.away) for m in made.matches] == [(1, 2), (3, 4)]
    assert made.relaxed == (
        "No draw of round 4 keeps the rematch rule (no rematch): teams 1, 2, 3 and 4 may "
        "each meet none of the others; at most 0 of the 4 teams can be paired without a "
        "rematch. This draw holds 2 rematches.",
        "Teams 1 and 2 meet again: they met in round 1.",
        "Teams 3 and 4 meet again: they met in round 1.",
    )


def test_the_reason_names_the_groups_that_cannot_all_be_paired() -> None:
    # Teams 5 and 6 have met everyone but team 1; teams 2, 3 and 4 only each other and 1.
    history = History(
        draws=(
            draw(1, (5, 2), (6, 3)),
            draw(2, (5, 3), (6, 4)),
            draw(3, (5, 4), (6, 2)),
            draw(4, (5, 6)),
        )
    )
    made = Optimal().draw(5, field(6, 4), history, Optimal.Options(rounds=5), 1)
    assert made.relaxed[0] == (
        "No draw of round 5 keeps the rematch rule (no rematch): teams 5 and 6 may each meet "
        "only team 1; teams 2, 3 and 4 may meet only one another or team 1; team 1 cannot "
        "take one team from each of these 3 groups; at most 4 of the 6 teams can be paired "
        "without a rematch. This draw holds one rematch."
    )
    assert made.relaxed[1:] == ("Teams 5 and 6 meet again: they met in round 4.",)


def test_a_bye_beyond_the_limit_is_said() -> None:
    history = History(
        draws=tuple(
            draw(r, *[(a, b) for a, b in ((1, 2), (3, 4), (2, 5), (1, 3), (4, 5)) if r], bye=r)
            for r in range(1, 6)
        )
    )
    # Every pair has had its bye: the lowest has another.
    method = TopDown()
    options = method.Options(rounds=6, odd="bye", rematch="any")
    made = method.draw(6, field(5, 5, kind="pairs"), history, options, 1)
    assert made.bye == 5
    assert made.relaxed == (
        "The bye limit (one bye a pair) is relaxed for pair 5: every pair has reached it.",
    )


def test_a_triangle_beyond_the_limit_is_said() -> None:
    first = draw(1, (1, 2), triangle=(3, 4, 5))
    method = TopDown()
    options = method.Options(rounds=4, triangle_limit=1, rematch="any")
    made = method.draw(2, field(5, 1), History(draws=(first,)), options, 1)
    # Both teams under the limit, and the lowest of those over it.
    assert made.triangle == (1, 2, 5)
    assert made.relaxed == (
        "The triangle limit (one triangle a team) is relaxed for team 5: only teams 1 and 2 "
        "are under it.",
    )


def test_a_triangle_over_two_rounds_left_by_a_team_is_drawn_afresh() -> None:
    method = TopDown()
    options = method.Options(rounds=4, odd="triangle-two-rounds")
    first = method.draw(1, field(17), History(), options, 1)
    assert first.triangle == (15, 16, 17)
    made = method.draw(2, field(16, 1), History(draws=(first,)), options, 1)
    assert made.triangle is None
    assert made.relaxed == (
        "The triangle begun in round 1 (teams 15, 16 and 17) is not finished in round 2: "
        "team 17 left the field; its teams are drawn afresh.",
    )


# -- refusals ----------------------------------------------------------------------------


def test_a_round_drawn_before_its_standings_is_refused() -> None:
    method = TopDown()
    first = method.draw(1, field(8), History(), method.Options(), 1)
    with pytest.raises(Rejected, match="standings after round 1") as refused:
        method.draw(2, field(8), History(draws=(first,)), method.Options(), 1)
    assert refused.value.hint == "Record the results of round 1 first."


def test_a_delayed_draw_cannot_read_standings_in_round_2() -> None:
    with pytest.raises(InvalidInput, match="round 2 before any result"):
        TopDown().draw(1, field(8), History(), TopDown.Options(draw_from="before-previous"), 1)


def test_jcbl_random_needs_the_number_of_rounds_for_its_last_round() -> None:
    with pytest.raises(InvalidInput, match="needs the number of rounds"):
        JcblRandom().draw(1, field(8), History(), JcblRandom.Options(), 1)


def test_a_swiss_pairs_field_has_byes_not_triangles() -> None:
    with pytest.raises(InvalidInput, match="give odd=bye"):
        TopDown().draw(1, field(9, kind="pairs"), History(), TopDown.Options(), 1)


def test_options_are_read_from_text_and_a_wrong_one_is_refused() -> None:
    made = Optimal().draw(1, field(8), History(), {"seeding": "fold", "rounds": "5"}, 1)
    assert (made.matches[0].home, made.matches[0].away) == (1, 8)
    with pytest.raises(PluginError, match="Options for optimal are not valid"):
        Optimal().draw(1, field(8), History(), {"seeding": "snake"}, 1)


# -- tables ------------------------------------------------------------------------------


def test_leaders_at_table_1_the_higher_placed_at_home() -> None:
    first = draw(1, (1, 5), (2, 6), (3, 7), (4, 8))
    made = TopDown().draw(2, field(8, 1), History(draws=(first,)), TopDown.Options(), 1)
    assert made.matches[0] == Match(table=1, home=1, away=2)
    assert [m.table for m in made.matches] == [1, 2, 3, 4]


def test_fixed_home_tables() -> None:
    options = TopDown.Options(tables="home", home_tables={9: 20})
    made = TopDown().draw(1, field(16), History(), options, 1)
    assert made.matches[0] == Match(table=20, home=9, away=1)
    assert made.matches[1] == Match(table=2, home=2, away=10)
    clash = TopDown.Options(tables="home", home_tables={2: 5})
    with pytest.raises(InvalidInput, match="Teams 2 and 5 share table 5"):
        TopDown().draw(1, field(16), History(), clash, 1)


# -- the plugin objects ------------------------------------------------------------------


def test_every_built_in_is_a_pairing_method_and_registers_through_its_hook() -> None:
    found: list[PairingMethod] = []
    for module in (jcbl, top_down, optimal):
        module.traveller_register_pairing_methods(found.append)
    names = [m.name for m in found]
    assert names == ["jcbl-quarters", "jcbl-seeded", "jcbl-random", "top-down", "optimal"]
    for method in found:
        assert isinstance(method, PairingMethod)
        assert method.__doc__ and method.Options.__doc__
        assert method.version and method.aliases
