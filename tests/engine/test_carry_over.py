"""The carry-over from a qualifying into a final: the rule is given the qualifying as it
ended, its decision is recorded, and the final's totals add it (JCBL manual part 3,
chapter 1, §3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any, ClassVar
from uuid import UUID

import pytest
from pydantic import BaseModel, ConfigDict

from engine.application import Traveller
from engine.carry_over import ChosenRule, QualifyingRanking, chosen_rule
from engine.errors import InvalidInput, NotFound, Rejected
from engine.history import totals_at
from engine.numbers import round_half_up
from engine.ranks import RankBy, ranked
from engine.registry import CarryOverRule, Qualifying, create_registry
from engine.scoring import PairTotal
from engine.seating import Pair
from engine.totals import Contestant, SessionPlay, contestants
from tests.engine.test_totals import live, play_session, session_scores, two_sessions


class TenthOptions(BaseModel):
    """The tenth takes no options."""

    model_config = ConfigDict(frozen=True, extra="forbid")


@dataclass
class Recording:
    """A carry-over rule that carries each qualifier's score over ten and remembers
    what it was given."""

    name: ClassVar[str] = "tenth"
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "0.1"
    Options: ClassVar[type[BaseModel]] = TenthOptions
    given: list[Qualifying] = field(default_factory=list)

    def carry_over(self, qualifying: Qualifying, options: TenthOptions) -> Mapping[Any, Decimal]:
        self.given.append(qualifying)
        return {key: round_half_up(score / 10) for key, score in qualifying.scores.items()}


def tenth(rule: Recording | None = None) -> ChosenRule:
    """The recording rule, chosen with its (no) options."""
    return ChosenRule(rule or Recording(), TenthOptions())


def qualifying_and_final(app: Traveller, *, closed: Sequence[int] = (1, 2)) -> UUID:
    """A two-session qualifying of eight pairs, its ``closed`` sessions closed; the final
    (session 3) not yet played."""
    event = two_sessions(app)
    app.define_stage(event, "qualifying", [1, 2])
    app.add_session(event, 3)
    app.define_stage(event, "final", [3])
    for session in closed:
        app.close_session(event, session)
    return event


def cut_without_a_tie(app: Traveller, event: UUID) -> int:
    rows = live(app, event, stage="qualifying")["fields"][0]["rows"]
    return next(n for n in range(6, 0, -1) if rows[n]["rank"] != rows[n - 1]["rank"])


def test_a_recording_rule_is_a_carry_over_rule() -> None:
    assert isinstance(Recording(), CarryOverRule)


def test_the_carry_over_rule_is_given_the_qualifying_as_it_ended(app: Traveller) -> None:
    event = qualifying_and_final(app)
    cut = cut_without_a_tie(app, event)
    rule = Recording()
    recorded = app.record_carry_over(
        event,
        stage="final",
        source="qualifying",
        rule=tenth(rule),
        final_top=Fraction(5),
        qualifiers=cut,
    )
    (given,) = rule.given
    qualifying = contestants(
        app.registry, app.tournament(event), lambda s: app.sections(event, s), [1, 2]
    )
    best = sorted(qualifying, key=lambda c: -round_half_up(c.played))[:cut]
    assert given.scores == {c.id: c.played for c in best}
    assert given.entered == 8
    assert given.qualifying_boards == 2 * 7 * 2  # two sessions of 7 rounds of 2 boards
    assert given.final_top == 5
    assert given.maximum_boards == 2  # 2 boards a session of the final
    assert (recorded.method, recorded.version, recorded.source) == ("tenth", "0.1", "qualifying")
    assert recorded.parameters == {
        "qualifiers": cut,
        "entered": 8,
        "qualifying_boards": 28,
        "final_top": "5",
        "maximum_boards": 2,
        "options": {},
    }
    assert [c.carry for c in recorded.carried] == [str(round_half_up(c.played / 10)) for c in best]


def test_the_final_ranks_carry_over_plus_its_own_sessions(app: Traveller) -> None:
    event = qualifying_and_final(app)
    cut = cut_without_a_tie(app, event)
    before = app.position()
    recorded = app.record_carry_over(
        event,
        stage="final",
        source="qualifying",
        rule=tenth(),
        final_top=Fraction(5),
        qualifiers=cut,
        maximum_boards=4,
    )
    assert recorded.parameters["maximum_boards"] == 4
    keys = [
        (int(a.lstrip("#")), int(b.lstrip("#"))) for a, b in (c.players for c in recorded.carried)
    ]
    seeded = [(17 + 2 * i, 18 + 2 * i) for i in range(6 - cut)]  # a final of 3 tables
    play_session(app, event, 3, keys + seeded)
    final = live(app, event, stage="final")
    assert final["carry_over"]["from"] == "qualifying"
    carry = {tuple(c.names): Decimal(c.carry) for c in recorded.carried}
    three = session_scores(app, event, 3)
    for row in final["fields"][0]["rows"]:
        own = carry.get(tuple(row["names"]))
        assert row["carry_over"] == (None if own is None else str(own))
        exact = three[row["names"][0]] + Fraction(own or 0)
        assert Decimal(row["score"]) == round_half_up(exact)
    # Before the carry-over was recorded, the final carried nothing.
    then = totals_at(app, event, position=before, stage="final").to_json()
    assert then["carry_over"] is None and then["fields"][0]["rows"] == []
    assert totals_at(app, event, stage="final").to_json() == final


def test_qualifiers_named_by_entry(app: Traveller) -> None:
    event = qualifying_and_final(app)
    first = app.tournament(event).entries_of(1, "A")
    recorded = app.record_carry_over(
        event,
        stage="final",
        source="qualifying",
        rule=tenth(),
        final_top=Fraction(5),
        entries=[first[0].id, first[3].id],
    )
    assert [list(c.names) for c in recorded.carried] == [first[0].names, first[3].names]
    with pytest.raises(NotFound, match="did not play the qualifying"):
        app.record_carry_over(
            event,
            stage="final",
            source="qualifying",
            rule=tenth(),
            final_top=Fraction(5),
            entries=["E99"],
        )


def contestant(name: str, score: int) -> Contestant:
    total = PairTotal(Pair(1), Fraction(score), Fraction(100), Fraction(score), 10)
    return Contestant((name,), (name,), (), (SessionPlay(1, "A", Pair(1), total),))


def test_a_cut_through_a_tie_is_refused() -> None:
    everyone = [contestant(n, s) for n, s in (("a", 60), ("b", 55), ("c", 55), ("d", 40))]
    qualifying = QualifyingRanking(
        ranked(everyone, lambda c: c.measure(RankBy.SCORE), Contestant.order)
    )
    assert [c.names for c in qualifying.top(3)] == [("a",), ("b",), ("c",)]
    assert [c.names for c in qualifying.top(1)] == [("a",)]
    with pytest.raises(Rejected, match="split the contestants tied 2="):
        qualifying.top(2)


def test_a_carry_over_is_refused_until_the_qualifying_is_over(app: Traveller) -> None:
    event = qualifying_and_final(app, closed=[1])
    asked: dict[str, Any] = {
        "stage": "final",
        "source": "qualifying",
        "rule": tenth(),
        "final_top": Fraction(5),
    }
    with pytest.raises(Rejected, match="session 2 is open"):
        app.record_carry_over(event, qualifiers=4, **asked)
    app.close_session(event, 2)
    with pytest.raises(InvalidInput, match="not both"):
        app.record_carry_over(event, qualifiers=4, entries=["E1"], **asked)
    with pytest.raises(InvalidInput, match="not both"):
        app.record_carry_over(event, **asked)
    with pytest.raises(InvalidInput, match="cannot qualify"):
        app.record_carry_over(event, qualifiers=9, **asked)
    with pytest.raises(InvalidInput, match="not the top"):
        app.record_carry_over(event, qualifiers=4, **(asked | {"final_top": Fraction(0)}))
    with pytest.raises(InvalidInput, match="into itself"):
        app.record_carry_over(event, qualifiers=4, **(asked | {"source": "final"}))
    with pytest.raises(NotFound, match="no stage 'semi'"):
        app.record_carry_over(event, qualifiers=4, **(asked | {"source": "semi"}))


def test_a_chosen_rule_is_a_carry_over_rule() -> None:
    rule = chosen_rule(create_registry(), "board-maximum")
    assert isinstance(rule, ChosenRule)
    assert (rule.name, rule.version) == ("board-maximum", "1.0")
    qualifying = Qualifying(
        {("a",): Fraction(10), ("b",): Fraction(5)},
        entered=4,
        qualifying_boards=20,
        final_top=Fraction(12),
        maximum_boards=2,
    )
    carried = rule.plugin.carry_over(qualifying, rule.options)
    assert carried == {("a",): Decimal("24.00"), ("b",): Decimal("0.00")}
