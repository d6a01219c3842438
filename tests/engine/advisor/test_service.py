"""The movement advisor against JCBL appendix 1 and the club-director guide.

The lists' expected proposals are those of ``tests/engine/advisor/test_lists.py``, written
from the manual's pages (see its docstring for the notation and the readings)."""

from __future__ import annotations

import os
from functools import cache

import pytest

from engine.advisor.lists import Kind, Play
from engine.advisor.proposals import Proposal, minutes
from engine.advisor.service import advise
from engine.advisor.srr_lists import PAIR_SEATING, SRR_TEAMS_SESSIONS
from engine.errors import InvalidInput
from engine.movement import Movement, matches_of
from engine.registry import Registry, create_registry, parse_options
from tests.engine.advisor.test_lists import EXPECTED_TWO_SESSIONS, EXPECTED_WEEKLY, notation


@cache
def bare() -> Registry:
    """A registry with no movement families: the lists alone (and fast)."""
    before = os.environ.get("TRAVELLER_PLUGINS")
    os.environ["TRAVELLER_PLUGINS"] = "matchpoints"
    try:
        return create_registry()
    finally:
        if before is None:
            del os.environ["TRAVELLER_PLUGINS"]
        else:
            os.environ["TRAVELLER_PLUGINS"] = before


@cache
def installed() -> Registry:
    return create_registry()


# ---- appendix 1, 1. 1): the weekly list ------------------------------------------------------


def weekly(p: Proposal) -> str:
    (section,) = p.sections
    return f"{section.plays[0].kind.value} {p.boards_per_round}x{p.rounds[0]}"


@pytest.mark.parametrize("tables", sorted(EXPECTED_WEEKLY))
def test_the_weekly_proposals_are_the_manuals_list(tables: int) -> None:
    advice = advise(bare(), 2 * tables)
    assert advice.tables == tables
    got = [weekly(p) for p in advice.proposals if p.source.endswith(f"weekly list ({tables}T)")]
    assert sorted(got) == sorted(EXPECTED_WEEKLY[tables].split(", "))


def test_the_weekly_list_serves_the_pairs_it_prints() -> None:
    # 4T sheets serve 7-10 pairs; with 9 or 10 the last table splits into A and B tables.
    for pairs in (7, 8, 9, 10):
        sources = {p.source for p in advise(bare(), pairs).proposals}
        assert "JCBL appendix 1, weekly list (4T)" in sources
    ten = [p for p in advise(bare(), 10).proposals if p.source.endswith("(4T)")]
    assert all("tables A and B" in " ".join(p.notes) for p in ten)
    eight = [p for p in advise(bare(), 8).proposals if p.source.endswith("(4T)")]
    assert not any("tables A and B" in " ".join(p.notes) for p in eight)
    assert "JCBL appendix 1, weekly list (4T)" not in {
        p.source for p in advise(bare(), 11).proposals
    }


# ---- appendix 1, 2. 2): the two-session list --------------------------------------------------


def session_text(p: Proposal, session: int) -> str:
    return "+".join(str(s.plays[session]) for s in p.sections).replace("(", "").replace(")", "")


def two_sessions(p: Proposal) -> str:
    split = "+".join(str(s.tables) for s in p.sections)
    return notation(split, p.boards_per_round, session_text(p, 0), session_text(p, 1), p.boards)


@pytest.mark.parametrize("tables", range(3, 46))
def test_the_two_session_proposals_are_the_manuals_list(tables: int) -> None:
    advice = advise(bare(), 2 * tables, sessions=2)
    got = [two_sessions(p) for p in advice.proposals if "two-session list" in p.source]
    assert sorted(got) == sorted(EXPECTED_TWO_SESSIONS[tables].split("; "))
    # An odd number of pairs plays the movement for one pair more (note 1).
    odd = advise(bare(), 2 * tables - 1, sessions=2)
    assert sorted(two_sessions(p) for p in odd.proposals if "two-session" in p.source) == sorted(
        got
    )


@pytest.mark.parametrize("tables", range(12, 46))
def test_beyond_the_weekly_list_one_session_plays_the_lists_first_session(tables: int) -> None:
    expected = set()
    for line in EXPECTED_TWO_SESSIONS[tables].split("; "):
        split, per_round, plays, _ = line.split()
        expected.add(f"{split} {per_round} {plays.split('/')[0]}")
    got = {
        f"{'+'.join(str(s.tables) for s in p.sections)} {p.boards_per_round} {session_text(p, 0)}"
        for p in advise(bare(), 2 * tables).proposals
        if "two-session list" in p.source
    }
    assert got == expected


def test_two_session_proposals_assign_each_session() -> None:
    """Part 3 ch. 1 §1.2 and ch. 3 §6: one section plays a Mitchell, then the interwoven
    Howell; several sections play their movements again, the pairs changing sections."""
    advice = advise(installed(), 16, sessions=2)
    (one,) = [p for p in advice.proposals if two_sessions(p) == "8 3 8M/7I =45"]
    assert one.title == "8T scrambled Mitchell, then interwoven Howell — 8+7 rd × 3 bds"
    (section,) = one.sections
    iwh = "interwoven-howell"
    first_session = {"session": 1, "first_session": "scrambled", "rounds": 8}
    assert [(a.play, a.family, dict(a.options)) for a in section.sessions] == [
        (Play(Kind.SCRAMBLED_MITCHELL, 8), iwh, {"boards_per_round": 3, **first_session}),
        (Play(Kind.INTERWOVEN_HOWELL, 7), iwh, {"boards_per_round": 3, "session": 2, "rounds": 7}),
    ]
    assert one.assignable and not one.renumber
    first, second = (a.balance for a in section.sessions)
    assert first is not None and second is not None
    assert (first.relay_rounds, first.bye_stand) == (0, False)  # no relay, no bye stand
    # The 7(A) 7(I) line: the appendix Mitchell of the same groups, then the Howells.
    (appendix,) = [p for p in advice.proposals if two_sessions(p) == "8 3 7A/7I =42"]
    assert [a.family for a in appendix.sections[0].sessions] == [iwh, iwh]
    assert appendix.assignable and not appendix.renumber

    # Two sections: the same movements again, renumbered between the sessions.
    (two,) = [
        p
        for p in advise(installed(), 30, sessions=2).proposals
        if two_sessions(p) == "9+6 3 9M+9H =54"
    ]
    assert two.assignable and two.renumber
    assert [[a.family for a in s.sessions] for s in two.sections] == [
        ["arrow-switch-mitchell"] * 2,
        ["three-quarter-howell"] * 2,
    ]
    assert "change sections" in " ".join(two.notes)
    data = two.to_json()["sessions"]
    assert isinstance(data, list) and [s["session"] for s in data] == [1, 2]
    assert [s["renumber"] for s in data] == [False, True]
    assert [(x["tables"], x["family"], x["rounds"]) for x in data[1]["sections"]] == [
        (9, "arrow-switch-mitchell", 9),
        (6, "three-quarter-howell", 9),
    ]
    assert data[1]["sections"][1]["options"] == {"boards_per_round": 3, "rounds": 9}
    assert data[1]["sections"][1]["balance"] is not None


@pytest.mark.slow
@pytest.mark.parametrize("tables", range(3, 46))
def test_every_plan_of_the_two_session_list_can_be_assigned(tables: int) -> None:
    """Every plan the JCBL two-session list prints for 3 to 45 tables is played by the
    installed families, each section in each session."""
    listed = [
        p
        for p in advise(installed(), 2 * tables, sessions=2).proposals
        if "two-session list" in p.source
    ]
    assert listed
    for p in listed:
        assert p.assignable, f"{tables} tables: {p.title}"


def test_titles_name_what_the_movement_is() -> None:
    proposals = advise(installed(), 16, sessions=2).proposals
    titles = {p.sections[0].family: p.title for p in proposals if p.source == "installed family"}
    assert titles["arrow-switch-mitchell"].startswith("8T arrow-switch Mitchell — ")
    assert titles["three-quarter-howell"].startswith("8T three-quarter Howell — ")
    assert titles["howell"].startswith("8T Howell — ")
    assert titles["mitchell"].startswith("8T skip Mitchell — ")
    for family, title in titles.items():
        assert family is not None
        if family.endswith("mitchell"):
            assert "Howell" not in title and "Mitchell" in title
    # The interwoven Howell is a second session: proposed only after its first.
    assert "interwoven-howell" not in titles
    scrambled = next(p for p in proposals if p.sections[0].family == "arrow-switch-mitchell")
    assert scrambled.sections[0].plays[0].kind is Kind.SCRAMBLED_MITCHELL
    assert scrambled.winners == 1 and scrambled.renumber


# ---- ranking and trade-offs ---------------------------------------------------------------------


def test_seven_minutes_a_board_and_one_a_round() -> None:
    # Part 2 ch. 2 §6: a round is 7 minutes a board + 1; 3 hours hold about 24 boards.
    assert minutes(1, 2) == 15
    assert minutes(12, 2) == 180
    assert minutes(7, 3) == 154


def test_the_boards_wanted_come_first() -> None:
    for boards in (20, 24, 27):
        best = advise(installed(), 14, boards=boards).proposals[0]
        assert best.boards == boards


def test_minutes_available_put_games_that_fit_first() -> None:
    proposals = advise(installed(), 16, minutes=150).proposals
    fits = [max(p.minutes) <= 150 for p in proposals]
    assert fits[0] and fits == sorted(fits, reverse=True)
    over = [p for p in proposals if max(p.minutes) > 150]
    assert over and all("more than the 150" in " ".join(p.notes) for p in over)
    # The longest game that fits leads.
    assert max(proposals[0].minutes) == max(
        max(p.minutes) for p in proposals if max(p.minutes) <= 150
    )


def test_one_or_two_winners() -> None:
    one = advise(installed(), 16).proposals[0]
    two = advise(installed(), 16, two_winners=True).proposals[0]
    assert one.winners == 1 and two.winners == 2
    assert two.sections[0].plays[0].kind in (
        Kind.STRAIGHT_MITCHELL,
        Kind.SKIP_MITCHELL,
        Kind.RELAY_MITCHELL,
    )


def test_installed_families_give_the_validators_figures() -> None:
    advice = advise(installed(), 12)
    howell = next(p for p in advice.proposals if weekly(p) == "H 2x11")
    (section,) = howell.sections
    assert howell.assignable and section.family == "howell"
    assert dict(section.options) == {"boards_per_round": 2}
    assert section.balance is not None and section.balance.bye_stand
    assert howell.relays is True and howell.boards_needed == 22
    # The list's 6-table ¾ Howell is built by the three-quarter-howell family: a relay
    # and a bye stand, as the list's remark says, and some pairs never compared.
    short = next(p for p in advice.proposals if weekly(p) == "H 3x7" and "(6T)" in p.source)
    (part,) = short.sections
    assert short.assignable and part.family == "three-quarter-howell"
    assert dict(part.options) == {"boards_per_round": 3, "rounds": 7}
    assert short.balance is not None and short.balance.bye_stand
    assert short.balance.comparison_min == 0 and short.relays is True
    # Without that family the proposal is data alone.
    bare_short = next(
        p for p in advise(bare(), 12).proposals if weekly(p) == "H 3x7" and "(6T)" in p.source
    )
    assert not bare_short.assignable and bare_short.balance is None
    assert "No installed family builds it" in " ".join(bare_short.notes)


def test_relay_and_skip_mitchells_of_the_list_are_built() -> None:
    advice = advise(installed(), 16, two_winners=True)
    relay = next(p for p in advice.proposals if weekly(p) == "relay 3x8")
    assert relay.assignable and relay.relays is True
    assert dict(relay.sections[0].options)["variant"] == "relay"
    skip = next(p for p in advice.proposals if weekly(p) == "skip 4x7")
    assert skip.assignable and skip.relays is False and skip.boards_needed == 32


def test_a_half_table_sits_a_pair_out() -> None:
    advice = advise(installed(), 13)
    assert "half table" in advice.notes[0]
    assert all(p.sit_out_rounds >= 1 for p in advice.proposals)
    assert any("sits out" in " ".join(p.notes) for p in advice.proposals)
    assert all(p.sit_out_rounds == 0 for p in advise(installed(), 14).proposals)


def test_sections_and_boxes() -> None:
    advice = advise(bare(), 60, sessions=2)
    three = next(p for p in advice.proposals if two_sessions(p).startswith("11+11+8 "))
    assert three.boxes == 3 and three.winners == 1
    notes = " ".join(three.notes)
    assert "own copy of the boards" in notes and "different sizes" in notes
    assert three.boards_needed == 2 * (11 + 11 + 11)


def test_teams_use_the_srr_list_and_the_guides_advice() -> None:
    advice = advise(installed(), 7, teams=True)
    assert advice.tables == 7
    srr = [p for p in advice.proposals if p.source.startswith("JCBL appendix 1, SRR")]
    assert [(p.boards_per_round, p.rounds) for p in srr] == [(4, (6,))]
    assert "American Whist" in advice.notes[0]
    assert all(p.winners == 1 for p in advice.proposals)
    assert "Swiss" in advise(bare(), 14, teams=True).notes[0]


# ---- teams over two sessions: appendix 1, list 5 ----------------------------------------------


def team_sessions(p: Proposal) -> list[Movement]:
    """Each session of a one-section team proposal, built as assigned."""
    registry = installed()
    (section,) = p.sections
    built = []
    for a in section.sessions:
        assert a.family is not None
        family = registry.movement(a.family)
        built.append(family.build(section.tables, parse_options(family, dict(a.options))))
    return built


def list_5(teams: int) -> list[tuple[int, tuple[int, ...], str]]:
    return [
        (g.boards_per_round, g.rounds, g.remark_in_english)
        for g in SRR_TEAMS_SESSIONS
        if g.teams == teams and len(g.sessions) == 2
    ]


@pytest.mark.parametrize("teams", sorted({g.teams for g in SRR_TEAMS_SESSIONS} - {13}))
def test_two_session_team_proposals_are_list_5(teams: int) -> None:
    """For two sessions of teams the list's games are list 5's (13 teams: three sessions)."""
    advice = advise(bare(), teams, teams=True, sessions=2)
    got = [
        (p.boards_per_round, p.rounds, p.remark)
        for p in advice.proposals
        if p.source == f"JCBL appendix 1, SRR list 5 ({teams}T)"
    ]
    assert sorted(got) == sorted(list_5(teams))
    assert advise(bare(), 13, teams=True, sessions=2).proposals == ()


def test_fourteen_teams_over_two_sessions_complete_the_round_robin() -> None:
    """No stagger played twice (6 + 6 rounds: only odd against odd and even against even):
    the stagger's two sessions are 6 + 7 rounds, and list 5 offers the mirror Mitchell
    (4 boards, 6 + 7: each half's American Whist, then the mirror Mitchell). Every
    proposal that installed families build plays every match, once or twice."""
    advice = advise(installed(), 14, teams=True, sessions=2)
    (listed,) = [p for p in advice.proposals if "SRR list 5" in p.source]
    assert listed.assignable and (listed.boards_per_round, listed.rounds) == (4, (6, 7))
    assert [(a.family, dict(a.options)) for a in listed.sections[0].sessions] == [
        ("mirror-mitchell-halves", {"boards_per_round": 4}),
        ("mirror-mitchell", {"boards_per_round": 4, "style": "jcbl"}),
    ]
    assert any("appendix 3 §2" in n for n in listed.notes)
    staggers = [p for p in advice.proposals if p.sections[0].family == "stagger"]
    assert staggers and all(p.rounds == (6, 7) for p in staggers)
    for p in staggers:
        assert [dict(a.options)["session"] for a in p.sections[0].sessions] == [1, 2]
    everyone = {(a, b) for a in range(1, 15) for b in range(a + 1, 15)}
    for p in advice.proposals:
        assert p.assignable and not p.renumber
        met = [set(matches_of(m)) for m in team_sessions(p)]
        assert met[0] | met[1] == everyone, p.title


def test_six_teams_over_two_sessions_offer_the_lists_stagger() -> None:
    """List 5, 6 teams: the stagger (TF2S), 2 + 3 rounds of 10 or 11 boards."""
    advice = advise(installed(), 6, teams=True, sessions=2)
    staggers = [p for p in advice.proposals if "STAGGER" in p.remark]
    assert [(p.boards_per_round, p.rounds) for p in staggers] == [(10, (2, 3)), (11, (2, 3))]
    for p in staggers:
        assert p.assignable and p.title.startswith("SRR (team all-play-all), 6 teams, stagger")
        sessions = p.sections[0].sessions
        assert [dict(a.options) for a in sessions] == [
            {"boards_per_round": p.boards_per_round, "session": 1},
            {"boards_per_round": p.boards_per_round, "session": 2},
        ]
        first, second = team_sessions(p)
        assert all((e.ns - e.ew) % 2 == 0 for e in first.schedule)  # odd v odd, even v even
        assert all((e.ns - e.ew) % 2 == 1 for e in second.schedule)  # odd v even


def test_pair_all_play_alls_are_proposed_as_the_list_has_them() -> None:
    """Even teams: the round robin each session, with the seating that makes it a pair
    all-play-all; odd teams: no family plays it, and the proposal says why."""
    four = advise(installed(), 4, teams=True, sessions=2)
    pairs = [p for p in four.proposals if p.title.startswith("SRR (pair")]
    assert [(p.boards_per_round, p.assignable) for p in pairs] == [(8, True), (9, True)]
    assert all(PAIR_SEATING in p.notes for p in pairs)
    seven = advise(installed(), 7, teams=True, sessions=2)
    odd = [p for p in seven.proposals if p.title.startswith("SRR (pair")]
    assert odd and not any(p.assignable for p in odd)
    assert all(any("odd cycle" in n for n in p.notes) for p in odd)
    (one,) = [p for p in advise(installed(), 4, teams=True).proposals if "SRR list 3" in p.source]
    assert one.assignable and dict(one.sections[0].options)["times"] == 2


def test_half_a_round_robin_is_no_one_session_game() -> None:
    """The stagger's first session alone (odd v odd, even v even) or the mirror Mitchell's
    halves alone play about half the matches: not proposed for one session."""
    for teams in (6, 14):
        families = {p.sections[0].family for p in advise(installed(), teams, teams=True).proposals}
        assert families.isdisjoint({"stagger", "mirror-mitchell-halves"})
    assert "mirror-mitchell" in families  # 14 teams: it meets the other half, a whole game


def test_list_4_is_played_twice() -> None:
    """SRR teams + pairs (list 4): the same movement in both sessions, teams meeting twice."""
    advice = advise(installed(), 9, teams=True, sessions=2)
    (listed,) = [p for p in advice.proposals if "SRR list 4" in p.source]
    assert listed.rounds == (8, 8) and listed.assignable and not listed.renumber
    assert any("meets every other twice" in n for n in listed.notes)


def test_nonsense_is_refused() -> None:
    with pytest.raises(InvalidInput):
        advise(bare(), 1)
    with pytest.raises(InvalidInput):
        advise(bare(), 20, sessions=3)


def test_json() -> None:
    data = advise(installed(), 12, boards=22).to_json()
    assert data["pairs"] == 12 and data["tables"] == 6 and data["winners"] == 1
    first = data["proposals"][0]  # type: ignore[index]
    assert first["boards"] == 22 and first["minutes"] == [165]
    assert first["sections"][0]["family"] == "howell"
    (session,) = first["sessions"]
    assert session["session"] == 1 and session["minutes"] == 165 and not session["renumber"]
    assert session["sections"][0]["family"] == "howell"
    assert session["sections"][0]["movement"] == "Howell"
    assert "Number of boxes of boards available" in data["considerations"]  # type: ignore[operator]


@pytest.mark.parametrize(
    ("count", "teams", "sessions"), [(24, False, 2), (18, False, 2), (14, True, 2)]
)
def test_the_boards_to_lay_out_are_the_built_movements(
    count: int, teams: bool, sessions: int
) -> None:
    """ "Laid" counts the sets of boards each proposal's built movements use, the most of
    its sessions, section by section."""
    registry = installed()
    for p in advise(registry, count, teams=teams, sessions=sessions).proposals:
        if not p.assignable:
            continue
        laid = 0
        for section in p.sections:
            used = []
            for a in section.sessions:
                assert a.family is not None
                family = registry.movement(a.family)
                m = family.build(section.tables, parse_options(family, dict(a.options)))
                used.append(len(m.boards))
            laid += max(used)
        assert p.boards_needed == laid, p.title


def test_a_proposal_says_what_to_assign_in_each_session_and_section() -> None:
    proposal = next(
        p
        for p in advise(installed(), 30, sessions=2).proposals
        if p.assignable and len(p.sections) > 1
    )
    assigned = proposal.assignments()
    assert [(a.session, a.section) for a in assigned] == [
        (n, chr(ord("A") + i))
        for n in range(1, len(proposal.rounds) + 1)
        for i in range(len(proposal.sections))
    ]
    for a in assigned:
        plan = proposal.sections[ord(a.section) - ord("A")].sessions[a.session - 1]
        assert a.family == plan.family and a.options == dict(plan.options)
        assert a.tables == (plan.tables or proposal.sections[ord(a.section) - ord("A")].tables)
        # What is assigned builds: the family takes the tables and options as given.
        family = installed().movement(a.family or "")
        family.build(a.tables, parse_options(family, a.options))
