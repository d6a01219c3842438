"""The JCBL lists of short round robins (SRR) for teams, as data (manual appendix 1, lists
3 "SRR チーム戦", 4 "SRR チーム+ペア" and 5 "SRR チーム戦" over two sessions).

Each line names, by family name, the installed family and the options that play each of
its sessions; the movement advisor reads the lists from here and builds the sessions
through the registry. The built-in ``srr`` family (list 4) plays them with the families
it names. Why a pair all-play-all of an odd number of teams is data only:
:data:`ODD_PAIR_ALL_PLAY_ALL` (and the ``srr`` family's module docstring).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any

from engine.errors import N_


class SRRFormat(enum.StrEnum):
    """Whom a team's pairs meet in a short round robin."""

    PAIRS = "pairs"
    """ペア総当たり: each pair meets both pairs of every other team."""
    TEAMS = "teams"
    """チーム総当たり: each team meets every other team once, one pair of it per pair."""


PAIR_SEATING = (
    "Pair all-play-all: at two teams' second meeting the higher-numbered team of each "
    "match seats its pairs the other way round (its EW pair sits NS at home, its NS pair "
    "plays EW at the opponents' table), so every pair meets both pairs of every other team."
)
"""The seating that makes the round robin a pair all-play-all (the ``srr`` family's
module docstring says why it does)."""

ODD_PAIR_ALL_PLAY_ALL = N_(
    "With an odd number of teams it cannot be seated in the list's rounds: in an American "
    "Whist or a round robin with triangles a match's two halves are played in different "
    "rounds, which ties the teams' seating together round an odd cycle of teams, and the "
    "second meetings round an odd cycle cannot all change (a round robin with a bye, each "
    "match within a round, could be seated so, but is not the list's game)."
)
"""Why no family plays the list's pair all-play-all of an odd number of teams."""


Options = tuple[tuple[str, Any], ...]

PRINTED_WORDS: tuple[tuple[str, str], ...] = (
    ("2SS の 1st と同じ", "as session 1 of the two-session game"),
    ("2SS の 2nd と同じ", "as session 2 of the two-session game"),
    ("ボードステイを含む3種有", "three versions, one with the boards staying put"),
    ("ボードステイを含む2種有", "two versions, one with the boards staying put"),
    ("セッション完結型", "every match complete within the session"),
    ("リレー無し/有り", "with or without a relay"),
    ("リレー無/有", "with or without a relay"),
    ("リレー無し", "no relay"),
    ("リレー有り", "with a relay"),
    ("リレイ有", "with a relay"),
    ("全 T リレイ", "a relay at every table"),
    ("全Tリレイ有", "a relay at every table"),
    ("3種類あり", "three versions"),
    ("2種類あり", "two versions"),
    ("ボードステイ", "the boards stay put"),
    ("ペア総当たり", "pair all-play-all"),
    ("チーム総当たり", "team all-play-all"),
    ("ミラーミッセル", "mirror Mitchell"),
    ("AWL", "American Whist"),
    ("STAGGER", "stagger"),
    ("同上", ""),
)
"""The words of the SRR lists' remarks in English. "同上" (ditto: the format of the line
above) says nothing a proposal's title does not: it reads as nothing."""

_WORD = re.compile(
    "|".join(re.escape(w) for w, _ in sorted(PRINTED_WORDS, key=lambda p: -len(p[0])))
    + r"|\([A-Z0-9]+\)|[ 、]+"
)


def remark_in_english(remark: str) -> str:
    """A list's printed remark in English, with the printed text cited after it:
    ``With a relay; as session 1 of the two-session game (同上 リレイ有 2SS の 1st と同じ).``
    A remark that says only "同上" reads as nothing. A word the table does not know is
    refused (the tests read every remark of the lists)."""
    english = dict(PRINTED_WORDS)
    parts: list[str] = []
    at = 0
    for found in _WORD.finditer(remark):
        if found.start() != at:
            raise KeyError(
                f"an SRR remark's word is not translated: {remark[at : found.start()]!r}"
            )
        at = found.end()
        word = found.group()
        if word.startswith("("):  # a JTOS master sheet's id, beside the term it names
            if parts:
                parts[-1] += f" {word}"
            else:
                parts.append(f"JTOS sheet {word.strip('()')}")
        elif word.strip(" 、") and english[word]:
            parts.append(english[word])
    if at != len(remark):
        raise KeyError(f"an SRR remark's word is not translated: {remark[at:]!r}")
    if not parts:
        return ""
    said = "; ".join(parts)
    return f"{said[0].upper()}{said[1:]} ({remark})."


@dataclass(frozen=True, slots=True)
class SessionGame:
    """One session of a listed game: the installed family that plays it, its options."""

    family: str | None
    """``None``: no Traveller family plays it (a pair all-play-all of an odd number)."""
    rounds: int
    boards_used: int
    """Boards laid out for the session, as read from the list."""
    options: Options = ()
    """The family's options, besides the boards a round."""

    def options_for(self, boards_per_round: int) -> dict[str, Any]:
        """The options to assign the family with."""
        return {"boards_per_round": boards_per_round, **dict(self.options)}


@dataclass(frozen=True, slots=True)
class SRRPlan:
    """One line of list 3 or 4: a game for a number of teams, every session the same."""

    teams: int
    """Teams, which is also tables: each team has a home table."""
    boards_per_round: int
    rounds: tuple[int, ...]
    """Rounds in each session."""
    boards_played: int
    """Boards each team plays in all its sessions."""
    boards_used: int
    """Boards laid out for a session."""
    format: SRRFormat
    family: str | None
    """The Traveller movement family that plays a session; ``None`` when none does."""
    remark: str
    """The list's remark, as printed (JTOS master-sheet ids in brackets)."""
    options: Options = ()
    """The family's options, besides the boards a round."""

    @property
    def remark_in_english(self) -> str:
        """The remark in English, the printed one cited (:func:`remark_in_english`)."""
        return remark_in_english(self.remark)

    @property
    def game(self) -> SessionGame:
        """What each session plays."""
        return SessionGame(self.family, self.rounds[0], self.boards_used, self.options)


@dataclass(frozen=True, slots=True)
class SRRSessions:
    """One line of list 5: a game over two sessions (three for 13 teams), each session
    played by its own family and options."""

    teams: int
    boards_per_round: int
    boards_played: int
    """Boards each team plays in all its sessions."""
    format: SRRFormat
    sessions: tuple[SessionGame, ...]
    remark: str
    """The list's remark, as printed (JTOS master-sheet ids in brackets)."""

    @property
    def remark_in_english(self) -> str:
        """The remark in English, the printed one cited (:func:`remark_in_english`)."""
        return remark_in_english(self.remark)

    @property
    def rounds(self) -> tuple[int, ...]:
        """Rounds in each session."""
        return tuple(s.rounds for s in self.sessions)

    @property
    def boards_used(self) -> tuple[int, ...]:
        """Boards laid out for each session."""
        return tuple(s.boards_used for s in self.sessions)

    @property
    def family(self) -> str | None:
        """The first session's family (``None``: no family plays the game)."""
        return self.sessions[0].family


# ---- the lists -----------------------------------------------------------------------------

_AWL, _RR, _HALVES = "american-whist", "round-robin", "mirror-mitchell-halves"
_P, _T = SRRFormat.PAIRS, SRRFormat.TEAMS

SRR_TEAMS: tuple[SRRPlan, ...] = (
    SRRPlan(3, 6, (4,), 24, 36, _P, None, "ペア総当たり (TP1S)"),
    # The draw twice over, every round's set shared: the second time the pairs change
    # seats (PAIR_SEATING). 6 rounds, 6 sets of 4: 24 boards, as listed.
    SRRPlan(4, 4, (6,), 24, 24, _P, _RR, "同上 リレイ有", (("times", 2),)),
    SRRPlan(5, 3, (8,), 24, 30, _P, None, "同上"),
    SRRPlan(5, 6, (4,), 24, 30, _T, _AWL, "チーム総当たり (TF1S) AWL (TFAWL)"),
    SRRPlan(6, 5, (5,), 25, 25, _T, _RR, "同上 リレイ有"),
    # The manual prints 27 boards used; an AWL lays one set a team, 7 x 4 = 28.
    SRRPlan(7, 4, (6,), 24, 28, _T, _AWL, "同上 AWL"),
    SRRPlan(8, 3, (7,), 21, 21, _T, _RR, "同上 リレイ有 2SS の 1st と同じ"),
    SRRPlan(8, 4, (7,), 28, 28, _T, _RR, "同上 リレイ有 2SS の 1st と同じ"),
    SRRPlan(9, 3, (8,), 24, 27, _T, _AWL, "同上 AWL"),
    SRRPlan(10, 3, (9,), 27, 27, _T, _RR, "同上 全 T リレイ 2SS の 1st と同じ"),
    SRRPlan(10, 3, (9,), 27, 27, _T, _RR, "同上 リレイ有 2SS の 2nd と同じ"),
    SRRPlan(11, 2, (10,), 20, 22, _T, _AWL, "同上 AWL"),
    SRRPlan(11, 3, (10,), 30, 33, _T, _AWL, "同上 AWL"),
    SRRPlan(12, 2, (11,), 22, 22, _T, _RR, "同上 リレイ有"),
    SRRPlan(13, 2, (12,), 24, 26, _T, _AWL, "同上 AWL"),
    SRRPlan(14, 2, (13,), 26, 26, _T, _RR, "同上 リレイ有"),
)
"""Appendix 1, list 3 "SRR チーム戦" (one session), a line per boards-a-round choice."""

SRR_TEAMS_AND_PAIRS: tuple[SRRPlan, ...] = (
    SRRPlan(4, 8, (3, 3), 48, 24, _T, _RR, "リレー有り"),
    SRRPlan(5, 6, (4, 4), 48, 30, _T, _AWL, "セッション完結型、リレー無し ボードステイ"),
    SRRPlan(6, 5, (5, 5), 50, 25, _T, _RR, "リレー有り"),
    SRRPlan(6, 6, (5, 5), 60, 30, _T, _RR, "リレー有り"),
    SRRPlan(7, 4, (6, 6), 48, 28, _T, _AWL, "セッション完結型、リレー無/有 3種類あり"),
    SRRPlan(8, 4, (7, 7), 56, 28, _T, _RR, "リレー有り 2種類あり"),
    SRRPlan(9, 3, (8, 8), 48, 27, _T, _AWL, "セッション完結型、リレー無し 3種類あり"),
    SRRPlan(10, 3, (9, 9), 54, 27, _T, _RR, "リレー有り 3種類あり"),
    SRRPlan(11, 3, (10, 10), 60, 33, _T, _AWL, "セッション完結型、リレー無し/有り"),
)
"""Appendix 1, list 4 "SRR チーム+ペア" (two sessions of the same movement)."""


def _pairs(
    teams: int, per_round: int, rounds: int, played: int, used: int, remark: str
) -> SRRSessions:
    """A pair all-play-all over two sessions: the round robin a session, the pairs
    changing seats in the second (even teams); with an odd number no family plays it."""
    family = _RR if teams % 2 == 0 else None
    game = SessionGame(family, rounds, used)
    return SRRSessions(teams, per_round, played, _P, (game, game), remark)


def _split(
    teams: int,
    per_round: int,
    rounds: tuple[int, ...],
    played: int,
    used: tuple[int, ...],
    remark: str,
) -> SRRSessions:
    """The guide's round robin, its rounds split over the sessions (with an odd number of
    teams, the triangles sharing one extra set)."""
    triangles: Options = (("triangle_set", "one"),) if teams % 2 else ()
    games, first = [], 1
    for count, boards in zip(rounds, used, strict=True):
        span = (("first_round", first), ("last_round", first + count - 1))
        games.append(SessionGame(_RR, count, boards, span + triangles))
        first += count
    return SRRSessions(teams, per_round, played, _T, tuple(games), remark)


def _stagger(teams: int, per_round: int, played: int, remark: str) -> SRRSessions:
    """The stagger: N - 1 rounds then N, one set a pair of neighbouring tables."""
    half = teams // 2
    used = half * per_round
    games = tuple(
        SessionGame("stagger", rounds, used, (("session", session),))
        for session, rounds in ((1, half - 1), (2, half))
    )
    return SRRSessions(teams, per_round, played, _T, games, remark)


def _mirror(teams: int, per_round: int, played: int, remark: str) -> SRRSessions:
    """The mirror Mitchell (TFMM) in the list's order, S - 1 rounds then S with sections of
    S: an American Whist in each half, then the JCBL mirror Mitchell (twin boards)."""
    half = teams // 2
    used = half * per_round
    games = (
        SessionGame(_HALVES, half - 1, used),
        SessionGame("mirror-mitchell", half, used, (("style", "jcbl"),)),
    )
    return SRRSessions(teams, per_round, played, _T, games, remark)


SRR_TEAMS_SESSIONS: tuple[SRRSessions, ...] = (
    _pairs(3, 6, 4, 48, 36, "ペア総当たり (TP2S)"),
    _pairs(3, 7, 4, 56, 42, "ペア総当たり (TP2S)"),
    _pairs(4, 8, 3, 48, 24, "同上 全Tリレイ有"),
    _pairs(4, 9, 3, 54, 27, "同上 全Tリレイ有"),
    _pairs(5, 6, 4, 48, 30, "同上"),
    _pairs(5, 7, 4, 56, 35, "同上"),
    _pairs(6, 5, 5, 50, 25, "同上 リレイ有"),
    _pairs(6, 6, 5, 60, 30, "同上 リレイ有"),
    _stagger(6, 10, 50, "チーム総当たり (TF2S) STAGGER"),
    _stagger(6, 11, 55, "チーム総当たり (TF2S) STAGGER"),
    _pairs(7, 4, 6, 48, 28, "ペア総当たり リレイ有"),
    _pairs(7, 5, 6, 60, 35, "ペア総当たり リレイ有"),
    _split(7, 8, (2, 4), 48, (24, 40), "チーム総当たり リレイ有"),
    _pairs(8, 3, 7, 42, 21, "ペア総当たり リレイ有"),
    _pairs(8, 4, 7, 56, 28, "ペア総当たり リレイ有"),
    _split(8, 7, (3, 4), 49, (21, 28), "チーム総当たり 全Tリレイ有"),
    _stagger(8, 7, 49, "同上 STAGGER"),
    _stagger(8, 8, 56, "同上 STAGGER"),
    _pairs(9, 3, 8, 48, 27, "ペア総当たり、ボードステイを含む3種有 セッション完結型"),
    _split(9, 6, (4, 4), 48, (30, 30), "チーム総当たり リレイ有"),
    _split(9, 7, (4, 4), 56, (35, 35), "チーム総当たり リレイ有"),
    _pairs(10, 3, 9, 54, 27, "ペア総当たり 全Tリレイ有"),
    # Printed 25 / 30 boards used: the boards of the longer session, 5 rounds x 5 or 6.
    _split(10, 5, (4, 5), 45, (20, 25), "チーム総当たり 全Tリレイ有 ボードステイを含む2種有"),
    _split(10, 6, (4, 5), 54, (24, 30), "チーム総当たり 全Tリレイ有 ボードステイを含む2種有"),
    _stagger(10, 5, 45, "同上 STAGGER"),
    _stagger(10, 6, 54, "同上 STAGGER"),
    _mirror(10, 5, 45, "同上 ミラーミッセル(TFMM)"),
    _mirror(10, 6, 54, "同上 ミラーミッセル(TFMM)"),
    _split(11, 5, (4, 6), 50, (25, 35), "同上 全Tリレイ有"),
    _split(12, 5, (5, 6), 55, (25, 30), "同上 全Tリレイ有"),
    _stagger(12, 5, 55, "同上 STAGGER"),
    _split(13, 5, (4, 4, 4), 60, (25, 25, 25), "同上 (TF3S)"),
    _mirror(14, 4, 52, "ミラーミッセル"),
    _mirror(18, 3, 51, "同上"),
    _mirror(22, 3, 63, "同上"),
    # Printed 39 / 39 and 45 / 45 boards used: 13 and 15 sets of 3 boards, where these
    # lines play 2 a round (their boards played are 2 x 25 and 2 x 29).
    _mirror(26, 2, 50, "同上"),
    _mirror(30, 2, 58, "同上"),
)
"""Appendix 1, list 5 "SRR チーム戦" over two sessions (three for 13 teams), a line per
boards-a-round choice; from 13 teams the list advises a Swiss, and lists the mirror
Mitchell for 14 to 30."""
