"""Green-masterpoint eligibility against the Australian club director's guide.

The guide (MASTERPOINT REQUIREMENTS): "A session for green masterpoint purposes is at
least 24 boards. For larger sessions players need to play at least 75% of the boards to
be eligible for masterpoints. A sit out counts as boards played." Read as: a session of
fewer than 24 boards earns no green masterpoints; in one of 24 or more, a pair needs 75 %
of its boards, counting the boards of the rounds it sat out.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import InvalidInput, PluginError
from engine.masterpoints import Attendance, AwardScale, EligibilityRule
from engine.registry import MasterpointRule, create_registry, parse_options
from plugins.masterpoints import eligibility
from plugins.masterpoints.eligibility import AustralianClub, AustralianClubOptions

RULE = AustralianClub()


def check(session: int, played: int, sat_out: int = 0) -> bool:
    return RULE.eligible(Attendance(session, played, sat_out)).eligible


def test_a_pair_that_plays_three_quarters_of_a_24_board_session_is_eligible() -> None:
    assert check(24, 24)
    assert check(24, 18)
    assert not check(24, 17)


def test_a_sit_out_counts_as_boards_played() -> None:
    # 24 boards in 3-board rounds; one round sat out at the half table.
    assert check(24, 21, sat_out=3)
    assert check(24, 15, sat_out=3)
    assert not check(24, 14, sat_out=3)


def test_a_session_shorter_than_24_boards_earns_no_green_masterpoints() -> None:
    verdict = RULE.eligible(Attendance(session_boards=22, boards_played=22))
    assert not verdict.eligible
    assert verdict.reason == (
        "The session had 22 boards; a green-masterpoint session has at least 24."
    )


def test_a_longer_session_needs_75_per_cent_rounded_up() -> None:
    # 27 boards: 75 % is 20.25, so 21 boards (sit-outs included) are needed.
    assert not check(27, 20)
    assert check(27, 21)
    assert check(27, 18, sat_out=3)
    assert check(36, 27) and not check(36, 26)


def test_the_reason_says_what_was_played_and_what_was_needed() -> None:
    assert RULE.eligible(Attendance(27, 18, 3)).reason == (
        "18 boards played and 3 sat out of 27: at least the 21 (75 %) needed."
    )
    assert RULE.eligible(Attendance(28, 20)).reason == (
        "20 boards played of 28: fewer than the 21 (75 %) needed for masterpoints."
    )


def test_a_club_can_set_its_own_thresholds() -> None:
    options = parse_options(RULE, {"session_boards": "18", "share": "70"})
    assert isinstance(options, AustralianClubOptions)
    assert RULE.eligible(Attendance(20, 14), options).eligible
    assert not RULE.eligible(Attendance(20, 13), options).eligible
    with pytest.raises(PluginError, match="share"):
        parse_options(RULE, {"share": 101})


@pytest.mark.parametrize(
    ("session", "played", "sat_out", "problem"),
    [(24, -1, 0, "negative"), (24, 22, 3, "more than the 24 boards"), (-2, 0, 0, "negative")],
)
def test_impossible_attendance_is_refused(
    session: int, played: int, sat_out: int, problem: str
) -> None:
    with pytest.raises(InvalidInput, match=problem):
        Attendance(session, played, sat_out)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 60)
    .flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n)))
    .flatmap(lambda t: st.tuples(st.just(t[0]), st.just(t[1]), st.integers(0, t[0] - t[1])))
)
def test_eligible_exactly_when_the_session_is_long_and_three_quarters_were_counted(
    attendance: tuple[int, int, int],
) -> None:
    session, played, sat_out = attendance
    verdict = RULE.eligible(Attendance(session, played, sat_out))
    assert verdict.eligible == (session >= 24 and 4 * (played + sat_out) >= 3 * session)
    assert str(session) in verdict.reason


def test_the_rule_decides_eligibility_and_awards_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRAVELLER_PLUGINS", "matchpoints")  # the module under test alone
    rule = create_registry(eligibility).masterpoint_rule("green")
    assert isinstance(rule, AustralianClub)
    assert isinstance(rule, MasterpointRule)
    assert isinstance(rule, EligibilityRule)
    assert not isinstance(rule, AwardScale)
    assert rule.__doc__ and "sat out" in rule.__doc__
