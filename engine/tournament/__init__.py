"""The tournament aggregate: the event itself, its sessions, sections and entries.

``events`` holds its event classes (with the topics they were stored under before),
``state`` the state they fold into (:func:`project_tournament`), ``checks`` and
``decide`` what its commands check and record. This face names the events and the
state, which most of the engine reads.
"""

from __future__ import annotations

from engine.tournament.events import (
    CarriedScore,
    CarryOverRecorded,
    ContestantKind,
    ContestantsChosen,
    EntryRegistered,
    EntryWithdrawn,
    EventCreated,
    FlightsAssigned,
    MemberNumberChanged,
    MissingResult,
    PairMove,
    PairsRenumbered,
    Player,
    PlayerRenamed,
    PlayerSubstituted,
    ResultsPublished,
    RoundsEnforcementChosen,
    ScoringChoice,
    SectionRanking,
    SectionRankingChosen,
    SessionAdded,
    SessionClosed,
    SessionReopened,
    StageDefined,
    TimeZoneChosen,
)
from engine.tournament.state import (
    Entry,
    Publication,
    Ranking,
    Tournament,
    project_tournament,
    section_id,
)

__all__ = [
    "CarriedScore",
    "CarryOverRecorded",
    "ContestantKind",
    "ContestantsChosen",
    "Entry",
    "EntryRegistered",
    "EntryWithdrawn",
    "EventCreated",
    "FlightsAssigned",
    "MemberNumberChanged",
    "MissingResult",
    "PairMove",
    "PairsRenumbered",
    "Player",
    "PlayerRenamed",
    "PlayerSubstituted",
    "Publication",
    "Ranking",
    "ResultsPublished",
    "RoundsEnforcementChosen",
    "ScoringChoice",
    "SectionRanking",
    "SectionRankingChosen",
    "SessionAdded",
    "SessionClosed",
    "SessionReopened",
    "StageDefined",
    "TimeZoneChosen",
    "Tournament",
    "project_tournament",
    "section_id",
]
