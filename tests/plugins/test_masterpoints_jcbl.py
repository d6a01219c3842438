"""JCBL weekly-game masterpoints against appendix 5 of the director manual, row by row.

``PRINTED`` is appendix 5 (revised 1 April 2007) transcribed as the manual prints it:
for each class and form (pairs and individual, or teams), each number of contestants
and the award of 1st, 2nd, … place. The extracted text of these tables is clean (one
row a line, tab-separated), so no reading had to be guessed.

Thirteen printed awards are not what the formula printed above their table gives
(``MISPRINTS``). The rule follows the formula, for three reasons: the formula is the
rule the appendix states, the tables only apply it; the misprints follow no one rule
(most are 0.01 high, class 3's 0.07 and class 4's 0.11 are 0.01 low, class 4's 0.33 is
0.02 high); and where two tables share a factor (class 4 pairs and class 2 teams both
pay 0.04 × C), the class 2 team table prints the formula's 0.31 and 0.12 where the
class 4 pairs table prints 0.33 and 0.11.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from math import ceil
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import PluginError
from engine.masterpoints import AwardScale, EligibilityRule
from engine.registry import MasterpointRule, Registry, create_registry, parse_options
from plugins.masterpoints import jcbl
from plugins.masterpoints.jcbl import Jcbl, JcblOptions

RULE = Jcbl()
PAIRS, TEAMS = "pairs", "teams"

PRINTED: dict[tuple[int, str], dict[int, tuple[str, ...]]] = {
    (1, PAIRS): {
        2: ("0.02",),
        3: ("0.03", "0.02"),
        4: ("0.04", "0.03"),
        5: ("0.05", "0.04"),
        6: ("0.06", "0.04", "0.03"),
        7: ("0.07", "0.05", "0.03"),
        8: ("0.08", "0.06", "0.04"),
        9: ("0.09", "0.06", "0.04", "0.03"),
        10: ("0.10", "0.07", "0.05", "0.03"),
        11: ("0.11", "0.08", "0.05", "0.04"),
        12: ("0.12", "0.08", "0.06", "0.04", "0.03"),
        13: ("0.13", "0.09", "0.06", "0.04", "0.03"),
        14: ("0.14", "0.10", "0.07", "0.05", "0.03"),
        15: ("0.15", "0.11", "0.07", "0.05", "0.04", "0.03"),
        16: ("0.16", "0.11", "0.08", "0.05", "0.04", "0.03"),
        17: ("0.17", "0.12", "0.08", "0.06", "0.04", "0.03"),
        18: ("0.18", "0.13", "0.09", "0.06", "0.04", "0.03", "0.02"),
        19: ("0.19", "0.13", "0.09", "0.07", "0.05", "0.03", "0.02"),
        20: ("0.20", "0.14", "0.10", "0.07", "0.05", "0.03", "0.02"),
    },
    (1, TEAMS): {
        2: ("0.04",),
        3: ("0.06", "0.04"),
        4: ("0.08", "0.06"),
        5: ("0.10", "0.07"),
        6: ("0.12", "0.08", "0.06"),
        7: ("0.14", "0.10", "0.07"),
        8: ("0.16", "0.11", "0.08"),
        9: ("0.18", "0.13", "0.09", "0.06"),
        10: ("0.20", "0.14", "0.10", "0.07"),
        11: ("0.22", "0.15", "0.11", "0.08"),
        12: ("0.24", "0.17", "0.12", "0.08", "0.06"),
        13: ("0.26", "0.18", "0.13", "0.09", "0.06"),
        14: ("0.28", "0.20", "0.14", "0.10", "0.07"),
        15: ("0.30", "0.21", "0.15", "0.10", "0.07", "0.05"),
        16: ("0.32", "0.22", "0.16", "0.11", "0.08", "0.05"),
    },
    (2, PAIRS): {
        2: ("0.04",),
        3: ("0.06", "0.04"),
        4: ("0.08", "0.06"),
        5: ("0.10", "0.07"),
        6: ("0.12", "0.08", "0.06"),
        7: ("0.14", "0.10", "0.07"),
        8: ("0.16", "0.11", "0.08"),
        9: ("0.18", "0.13", "0.09", "0.06"),
        10: ("0.20", "0.14", "0.10", "0.07"),
        11: ("0.22", "0.15", "0.11", "0.08"),
        12: ("0.24", "0.17", "0.12", "0.08", "0.06"),
        13: ("0.26", "0.18", "0.13", "0.09", "0.06"),
        14: ("0.28", "0.20", "0.14", "0.10", "0.07"),
        15: ("0.30", "0.21", "0.15", "0.10", "0.07", "0.05"),
        16: ("0.32", "0.22", "0.16", "0.11", "0.08", "0.05"),
        17: ("0.34", "0.24", "0.17", "0.12", "0.08", "0.06"),
        18: ("0.36", "0.25", "0.18", "0.12", "0.09", "0.06", "0.04"),
        19: ("0.38", "0.27", "0.19", "0.13", "0.09", "0.06", "0.04"),
        20: ("0.40", "0.28", "0.20", "0.14", "0.10", "0.07", "0.05"),
    },
    (2, TEAMS): {
        2: ("0.08",),
        3: ("0.12", "0.08"),
        4: ("0.16", "0.11"),
        5: ("0.20", "0.14"),
        6: ("0.24", "0.17", "0.12"),
        7: ("0.28", "0.20", "0.14"),
        8: ("0.32", "0.22", "0.16"),
        9: ("0.36", "0.25", "0.18", "0.12"),
        10: ("0.40", "0.28", "0.20", "0.14"),
        11: ("0.44", "0.31", "0.22", "0.15"),
        12: ("0.48", "0.34", "0.24", "0.16", "0.12"),
        13: ("0.52", "0.36", "0.25", "0.18", "0.12"),
        14: ("0.56", "0.39", "0.27", "0.19", "0.13"),
        15: ("0.60", "0.42", "0.29", "0.21", "0.14", "0.10"),
        16: ("0.64", "0.45", "0.31", "0.22", "0.15", "0.11"),
    },
    (3, PAIRS): {
        2: ("0.06",),
        3: ("0.09", "0.06"),
        4: ("0.12", "0.08"),
        5: ("0.15", "0.11"),
        6: ("0.18", "0.13", "0.09"),
        7: ("0.21", "0.15", "0.10"),
        8: ("0.24", "0.17", "0.12"),
        9: ("0.27", "0.19", "0.13", "0.09"),
        10: ("0.30", "0.21", "0.15", "0.10"),
        11: ("0.33", "0.23", "0.16", "0.11"),
        12: ("0.36", "0.25", "0.18", "0.12", "0.09"),
        13: ("0.39", "0.27", "0.19", "0.13", "0.09"),
        14: ("0.42", "0.29", "0.21", "0.14", "0.10"),
        15: ("0.45", "0.32", "0.22", "0.15", "0.11", "0.07"),
        16: ("0.48", "0.34", "0.24", "0.16", "0.12", "0.08"),
        17: ("0.51", "0.36", "0.25", "0.17", "0.12", "0.09"),
        18: ("0.54", "0.38", "0.26", "0.19", "0.13", "0.09", "0.06"),
        19: ("0.57", "0.40", "0.28", "0.20", "0.14", "0.10", "0.07"),
        20: ("0.60", "0.42", "0.29", "0.21", "0.14", "0.10", "0.07"),
    },
    (3, TEAMS): {
        2: ("0.12",),
        3: ("0.18", "0.13"),
        4: ("0.24", "0.17"),
        5: ("0.30", "0.21"),
        6: ("0.36", "0.25", "0.18"),
        7: ("0.42", "0.29", "0.21"),
        8: ("0.48", "0.34", "0.24"),
        9: ("0.54", "0.38", "0.26", "0.19"),
        10: ("0.60", "0.42", "0.29", "0.21"),
        11: ("0.66", "0.46", "0.32", "0.23"),
        12: ("0.72", "0.50", "0.35", "0.25", "0.17"),
        13: ("0.78", "0.55", "0.38", "0.27", "0.19"),
        14: ("0.84", "0.59", "0.41", "0.29", "0.20"),
        15: ("0.90", "0.63", "0.44", "0.31", "0.22", "0.15"),
        16: ("0.96", "0.67", "0.47", "0.33", "0.23", "0.16"),
    },
    (4, PAIRS): {
        2: ("0.08",),
        3: ("0.12", "0.08"),
        4: ("0.16", "0.11"),
        5: ("0.20", "0.14"),
        6: ("0.24", "0.17", "0.12"),
        7: ("0.28", "0.20", "0.14"),
        8: ("0.32", "0.22", "0.16"),
        9: ("0.36", "0.25", "0.18", "0.12"),
        10: ("0.40", "0.28", "0.20", "0.14"),
        11: ("0.44", "0.33", "0.22", "0.15"),
        12: ("0.48", "0.34", "0.24", "0.16", "0.11"),
        13: ("0.52", "0.36", "0.25", "0.18", "0.12"),
        14: ("0.56", "0.39", "0.27", "0.19", "0.13"),
        15: ("0.60", "0.42", "0.29", "0.21", "0.14", "0.10"),
        16: ("0.64", "0.45", "0.31", "0.22", "0.15", "0.11"),
        17: ("0.68", "0.48", "0.33", "0.23", "0.16", "0.11"),
        18: ("0.72", "0.50", "0.35", "0.25", "0.17", "0.12", "0.08"),
        19: ("0.76", "0.53", "0.37", "0.26", "0.18", "0.13", "0.09"),
        20: ("0.80", "0.56", "0.39", "0.27", "0.19", "0.13", "0.09"),
    },
    (4, TEAMS): {
        2: ("0.16",),
        3: ("0.24", "0.17"),
        4: ("0.32", "0.22"),
        5: ("0.40", "0.28"),
        6: ("0.48", "0.34", "0.24"),
        7: ("0.56", "0.39", "0.27"),
        8: ("0.64", "0.45", "0.31"),
        9: ("0.72", "0.50", "0.35", "0.25"),
        10: ("0.80", "0.56", "0.39", "0.27"),
        11: ("0.88", "0.62", "0.43", "0.30"),
        12: ("0.96", "0.67", "0.47", "0.33", "0.23"),
        13: ("1.00", "0.70", "0.49", "0.34", "0.24"),
        14: ("1.00", "0.70", "0.49", "0.34", "0.24"),
        15: ("1.00", "0.70", "0.49", "0.34", "0.24", "0.17"),
        16: ("1.00", "0.70", "0.49", "0.34", "0.24", "0.17"),
    },
    (5, PAIRS): {
        2: ("0.10",),
        3: ("0.15", "0.11"),
        4: ("0.20", "0.14"),
        5: ("0.25", "0.18"),
        6: ("0.30", "0.21", "0.15"),
        7: ("0.35", "0.25", "0.17"),
        8: ("0.40", "0.28", "0.20"),
        9: ("0.45", "0.32", "0.22", "0.15"),
        10: ("0.50", "0.35", "0.25", "0.17"),
        11: ("0.55", "0.39", "0.27", "0.19"),
        12: ("0.60", "0.42", "0.29", "0.21", "0.14"),
        13: ("0.65", "0.46", "0.32", "0.22", "0.16"),
        14: ("0.70", "0.49", "0.34", "0.24", "0.17"),
        15: ("0.75", "0.53", "0.37", "0.26", "0.18", "0.13"),
        16: ("0.80", "0.56", "0.39", "0.27", "0.19", "0.13"),
        17: ("0.85", "0.60", "0.42", "0.30", "0.21", "0.15"),
        18: ("0.90", "0.63", "0.45", "0.32", "0.22", "0.16", "0.11"),
        19: ("0.95", "0.67", "0.47", "0.33", "0.23", "0.16", "0.11"),
        20: ("1.00", "0.70", "0.49", "0.34", "0.24", "0.17", "0.12"),
    },
    (5, TEAMS): {
        2: ("0.20",),
        3: ("0.30", "0.21"),
        4: ("0.40", "0.28"),
        5: ("0.50", "0.35"),
        6: ("0.60", "0.42", "0.30"),
        7: ("0.70", "0.49", "0.35"),
        8: ("0.80", "0.56", "0.40"),
        9: ("0.90", "0.63", "0.45", "0.31"),
        10: ("1.00", "0.70", "0.49", "0.34"),
        11: ("1.00", "0.70", "0.49", "0.34"),
        12: ("1.00", "0.70", "0.49", "0.34", "0.24"),
        13: ("1.00", "0.70", "0.49", "0.34", "0.24"),
        14: ("1.00", "0.70", "0.49", "0.34", "0.24"),
        15: ("1.00", "0.70", "0.49", "0.34", "0.24", "0.17"),
        16: ("1.00", "0.70", "0.49", "0.34", "0.24", "0.17"),
    },
}

# (class, form, contestants, place, printed, formula): the printed award the rule does not follow.
MISPRINTS = {
    (3, PAIRS, 15, 6, "0.07", "0.08"),
    (4, PAIRS, 11, 2, "0.33", "0.31"),
    (4, PAIRS, 12, 5, "0.11", "0.12"),
    (5, PAIRS, 17, 4, "0.30", "0.29"),
    (5, PAIRS, 17, 5, "0.21", "0.20"),
    (5, PAIRS, 17, 6, "0.15", "0.14"),
    (5, PAIRS, 18, 3, "0.45", "0.44"),
    (5, PAIRS, 18, 4, "0.32", "0.31"),
    (5, PAIRS, 18, 6, "0.16", "0.15"),
    (5, TEAMS, 6, 3, "0.30", "0.29"),
    (5, TEAMS, 7, 3, "0.35", "0.34"),
    (5, TEAMS, 8, 3, "0.40", "0.39"),
    (5, TEAMS, 9, 3, "0.45", "0.44"),
}

ROWS = [
    (game_class, form, contestants, printed)
    for (game_class, form), table in PRINTED.items()
    for contestants, printed in table.items()
]


def options(**values: Any) -> JcblOptions:
    return parse_options(RULE, values)  # type: ignore[return-value]


def awards(game_class: int, form: str, contestants: int, **record: Any) -> list[str]:
    opts = options(game_class=game_class, contestants=contestants, teams=form == TEAMS, **record)
    return [str(points) for points in RULE.awards(opts)]


@pytest.mark.parametrize(
    ("game_class", "form", "contestants", "printed"),
    ROWS,
    ids=[f"class{k}-{form}-{c}" for k, form, c, _ in ROWS],
)
def test_each_printed_row_is_the_formula_but_for_the_known_misprints(
    game_class: int, form: str, contestants: int, printed: tuple[str, ...]
) -> None:
    mine = awards(game_class, form, contestants)
    assert len(mine) == len(printed), "one award for each of the top 35 % (rounded up)"
    expected = list(printed)
    for k, f, c, place, misprint, formula in MISPRINTS:
        if (k, f, c) == (game_class, form, contestants):
            assert printed[place - 1] == misprint, "the misprint list quotes the manual"
            expected[place - 1] = formula
    assert mine == expected


def test_the_misprints_are_exactly_where_the_printed_tables_and_the_formula_disagree() -> None:
    found = {
        (k, form, c, place, shown, mine)
        for k, form, c, printed in ROWS
        for place, (shown, mine) in enumerate(zip(printed, awards(k, form, c), strict=True), 1)
        if shown != mine
    }
    assert found == MISPRINTS


def test_the_appendix_has_five_classes_of_pairs_and_team_tables() -> None:
    assert sorted(PRINTED) == [(k, form) for k in range(1, 6) for form in (PAIRS, TEAMS)]
    assert all(list(PRINTED[k, PAIRS]) == list(range(2, 21)) for k in range(1, 6))
    assert all(list(PRINTED[k, TEAMS]) == list(range(2, 17)) for k in range(1, 6))
    assert len(ROWS) == 5 * (19 + 15)


def test_tables_with_the_same_factor_agree_but_for_the_misprints() -> None:
    # Class 2 pairs and class 1 teams both pay 0.02 × C; class 4 pairs and class 2 teams 0.04 × C.
    for contestants in range(2, 17):
        assert PRINTED[2, PAIRS][contestants] == PRINTED[1, TEAMS][contestants]
    differ = {
        (c, place, shown, other)
        for c in range(2, 17)
        for place, (shown, other) in enumerate(
            zip(PRINTED[4, PAIRS][c], PRINTED[2, TEAMS][c], strict=True), 1
        )
        if shown != other
    }
    assert differ == {(11, 2, "0.33", "0.31"), (12, 5, "0.11", "0.12")}
    assert {(c, p, s, f) for k, form, c, p, s, f in MISPRINTS if (k, form) == (4, PAIRS)} == differ


def test_a_capped_team_first_place_makes_the_later_places_fall_from_the_cap() -> None:
    # Class 4, 13 teams: 0.08 × 13 = 1.04 is capped at 1.00, and 2nd is 0.70, not 0.73.
    assert awards(4, TEAMS, 13) == ["1.00", "0.70", "0.49", "0.34", "0.24"]
    assert awards(5, TEAMS, 40)[:3] == ["1.00", "0.70", "0.49"]


def test_a_pairs_award_is_not_capped() -> None:
    # The appendix caps only the team tables (its pairs tables end at 20, where class 5 pays 1.00).
    assert awards(5, PAIRS, 20)[0] == "1.00"
    assert awards(5, PAIRS, 24)[0] == "1.20"


def test_a_teams_record_award_is_paid_when_it_is_greater() -> None:
    # Class 1, 4 teams: formula 1 pays 0.08 and 0.056; formula 2 pays
    # 1 × 10 boards × 60 VP / (100 × 20 max VP × 4 players) = 0.075 to each placed team.
    record = {"boards": 10, "vp": "60", "max_vp": "20", "players": 4}
    assert RULE.team_record_award(options(game_class=1, contestants=4, teams=True, **record)) == (
        Fraction(3, 40)
    )
    assert awards(1, TEAMS, 4, **record) == ["0.08", "0.08"]  # 0.075 rounds half up
    # Class 3, 8-board rounds, 51 VP won of 20 a round, 4 players: 0.153, less than formula 1.
    small = {"boards": 8, "vp": "51", "max_vp": "20", "players": 4}
    assert awards(3, TEAMS, 4, **small) == awards(3, TEAMS, 4) == ["0.24", "0.17"]


def test_a_teams_record_award_is_capped_too() -> None:
    record = {"boards": 16, "vp": "130.5", "max_vp": "20", "players": 4}  # 5×16×130.5/8000 = 1.305
    assert awards(5, TEAMS, 3, **record) == ["1.00", "1.00"]


@pytest.mark.parametrize(
    ("values", "problem"),
    [
        ({"game_class": 0, "contestants": 10}, "game_class"),
        ({"game_class": 6, "contestants": 10}, "game_class"),
        ({"game_class": 1, "contestants": 1}, "contestants"),
        ({"game_class": 1, "contestants": 8, "boards": 8}, "for a team game"),
        ({"game_class": 1, "contestants": 8, "teams": True, "boards": 8}, "missing vp, max_vp"),
        (
            {"game_class": 1, "contestants": 8, "teams": True, "vp": "-1"},
            "vp.0: Input should be greater",
        ),
    ],
)
def test_options_a_director_gets_wrong_are_refused(values: dict[str, Any], problem: str) -> None:
    with pytest.raises(PluginError, match=problem):
        parse_options(RULE, values)


@settings(max_examples=200, deadline=None)
@given(
    game_class=st.integers(1, 5),
    contestants=st.integers(2, 200),
    teams=st.booleans(),
)
def test_awards_fall_place_by_place_for_the_top_35_per_cent(
    game_class: int, contestants: int, teams: bool
) -> None:
    points = RULE.awards(options(game_class=game_class, contestants=contestants, teams=teams))
    assert len(points) == ceil(Fraction(35, 100) * contestants)
    assert points == sorted(points, reverse=True)
    assert all(p == p.quantize(Decimal("0.01")) and p >= 0 for p in points)
    first = Fraction(game_class * (2 if teams else 1) * contestants, 100)
    assert points[0] == (min(first, 1) if teams else first)


def test_the_rule_is_a_masterpoint_plugin_that_awards_points(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    registry = only(monkeypatch, jcbl)
    rule = registry.masterpoint_rule("JCBL-weekly")
    assert isinstance(rule, Jcbl)
    assert isinstance(rule, MasterpointRule)
    assert isinstance(rule, AwardScale)
    assert not isinstance(rule, EligibilityRule)
    assert [r.name for r in registry.masterpoint_rules()] == ["jcbl"]
    assert rule.__doc__ and "35 %" in rule.__doc__


def only(monkeypatch: pytest.MonkeyPatch, *modules: object) -> Registry:
    """A registry of the modules under test alone, whether or not their entry points exist."""
    monkeypatch.setenv("TRAVELLER_PLUGINS", "matchpoints")
    return create_registry(*modules)
