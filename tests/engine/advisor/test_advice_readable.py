"""The advisor's proposals read in English (the manual's words cited beside their
English), its table's columns explained, and each ready proposal assignable as said: a
weekly line for more pairs than its tables seat splits the last table into A and B."""

from __future__ import annotations

import re

import pytest

from engine.advisor.proposals import COLUMNS
from engine.advisor.service import advise
from engine.advisor.srr_lists import (
    SRR_TEAMS,
    SRR_TEAMS_AND_PAIRS,
    SRR_TEAMS_SESSIONS,
    SRRPlan,
    SRRSessions,
    remark_in_english,
)
from tests.engine.advisor.test_service import installed

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")


def uncited(text: str) -> str:
    """``text`` without its citations: a bracketed group (nested brackets too) that
    follows English words. What is left must be English."""
    out, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char == "(":
            if depth == 0:
                out.append(text[start:i])
            depth += 1
        elif char == ")" and depth:
            depth -= 1
            if depth == 0:
                start = i + 1
    out.append(text[start:] if depth == 0 else "")
    return "".join(out)


def test_every_srr_remark_reads_in_english_with_the_printed_words_cited() -> None:
    plans: list[SRRPlan | SRRSessions] = [*SRR_TEAMS, *SRR_TEAMS_AND_PAIRS, *SRR_TEAMS_SESSIONS]
    for plan in plans:
        english = plan.remark_in_english
        assert not JAPANESE.search(uncited(english)), english
        if english:
            assert english.endswith(f"({plan.remark}).") and english[0].isupper()
        else:
            assert plan.remark == "同上"  # ditto: the title already says the format
    assert remark_in_english("同上 リレイ有 2SS の 1st と同じ") == (
        "With a relay; as session 1 of the two-session game (同上 リレイ有 2SS の 1st と同じ)."
    )
    assert remark_in_english("チーム総当たり (TF1S) AWL (TFAWL)") == (
        "Team all-play-all (TF1S); American Whist (TFAWL) (チーム総当たり (TF1S) AWL (TFAWL))."
    )
    with pytest.raises(KeyError, match="not translated"):
        remark_in_english("新しい言葉")


@pytest.mark.parametrize(
    ("entries", "teams", "sessions"),
    [(14, False, 1), (19, False, 1), (26, False, 2), (8, True, 1), (10, True, 2), (7, True, 2)],
)
def test_no_proposal_says_anything_in_japanese_alone(
    entries: int, teams: bool, sessions: int
) -> None:
    advice = advise(installed(), entries, teams=teams, sessions=sessions)
    for p in advice.proposals:
        for text in (p.title, p.source, p.remark, *p.notes):
            assert not JAPANESE.search(uncited(text)), text
        for s in p.sections:
            for a in s.sessions:
                assert not JAPANESE.search(uncited(a.name)), a.name
    for text in (*advice.notes, *advice.considerations):
        assert not JAPANESE.search(uncited(text)), text


def test_every_column_of_the_table_is_explained() -> None:
    names = [name for name, _ in COLUMNS]
    assert names == [
        "#",
        "Movement",
        "Boards",
        "Minutes",
        "Sit out",
        "Relay",
        "Laid",
        "Win",
        "Ready",
    ]
    assert all(meaning and not JAPANESE.search(meaning) for _, meaning in COLUMNS)


def test_a_weekly_line_for_more_pairs_splits_the_last_table() -> None:
    """14 pairs on the 6-table sheets (for 11-14 pairs): table 6 is split into 6A and 6B.
    The full Howell is the appendix Howell with one table appended, assigned on 7 tables;
    no installed family splits a table of a shorter Howell, so those are not ready."""
    advice = advise(installed(), 14)
    six = [p for p in advice.proposals if p.source.endswith("weekly list (6T)")]
    full = [p for p in six if p.rounds == (11,)]
    assert full and all(p.assignable for p in full)
    for p in full:
        (a,) = p.sections[0].sessions
        assert (a.family, a.tables, dict(a.options)["appended"]) == ("appendix-howell", 7, 1)
        assert p.title.startswith("6T Howell with tables A and B")
    short = [p for p in six if p.rounds != (11,)]
    assert short and not any(p.assignable for p in short)
    # With 12 pairs the same sheets seat everyone: no split.
    twelve = advise(installed(), 12)
    (full_six,) = [
        p
        for p in twelve.proposals
        if p.source.endswith("weekly list (6T)") and p.rounds == (11,) and p.boards_per_round == 2
    ]
    assert full_six.sections[0].sessions[0].family == "howell"
