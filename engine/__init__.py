"""Traveller's engine: what a plugin author imports, in one place.

::

    from engine import hookimpl, Movement, Encounter, board_set, Numbering, Pair

Everything a movement family, a scoring method, a VP scale, a masterpoint rule, a
carry-over rule or a Swiss pairing method needs is named in ``__all__``; the plugin
author's guide (``docs/plugin-authors.md``) uses nothing else. The test kit is
:mod:`engine.testing` (an in-memory application with your plugin loaded).

Modules inside the engine import from the module that defines a name, never from
this face, so that importing one engine module never drags in a cycle.
"""

from __future__ import annotations

from engine.bridge import Contract, Seat, Strain, Vulnerability, score, score_ns
from engine.conventions import ConventionProfile
from engine.errors import (
    Conflict,
    DuplicateResult,
    ImpossibleScore,
    InvalidContract,
    InvalidFile,
    InvalidInput,
    InvalidMovement,
    NotFound,
    NotScheduled,
    PluginError,
    ReasonRequired,
    Rejected,
    StoreError,
    TravellerError,
)
from engine.hookspecs import hookimpl
from engine.imps import imps
from engine.masterpoints import Attendance, AwardScale, Eligibility, EligibilityRule
from engine.match_reports import MatchResult
from engine.matches import (
    BoardScore,
    BoardTables,
    KnockoutMatch,
    KnockoutSegment,
    MatchScore,
    SegmentFacts,
    TieRule,
)
from engine.movement import (
    BoardOptions,
    BoardsPerRound,
    Encounter,
    EntryKind,
    Movement,
    Relay,
    SitOut,
    board_set,
    equal_stops,
    matches_of,
    relays_of,
    uncompared,
)
from engine.numbers import round_half_up, show
from engine.pairing.advice import setup_warnings
from engine.pairing.field import Draw, Field, FieldKind, History, Match, Standing
from engine.pairing.method import check_draw, check_request
from engine.pairing.rules import Odd, PairingOptions, RematchName, RematchRule
from engine.registry import (
    CarryOverRule,
    ConvertsToVictoryPoints,
    EarlierVersions,
    MasterpointRule,
    MovementFamily,
    PairingMethod,
    PlaysKnockouts,
    PlaysMatches,
    Qualifying,
    ScoringMethod,
    VictoryPointScale,
    parse_options,
)
from engine.scoring import (
    Award,
    AwardKind,
    Blend,
    PairTotal,
    ScoredResult,
    SectionFacts,
    SectionScore,
    Split,
    TableResult,
)
from engine.seating import Line, Numbering, Pair
from engine.teams import MatchBoard, TeamMatch
from engine.validator import MovementReport, check, validate

__all__ = [
    "Attendance",
    "Award",
    "AwardKind",
    "AwardScale",
    "Blend",
    "BoardOptions",
    "BoardScore",
    "BoardTables",
    "BoardsPerRound",
    "CarryOverRule",
    "Conflict",
    "Contract",
    "ConventionProfile",
    "ConvertsToVictoryPoints",
    "Draw",
    "DuplicateResult",
    "EarlierVersions",
    "Eligibility",
    "EligibilityRule",
    "Encounter",
    "EntryKind",
    "Field",
    "FieldKind",
    "History",
    "ImpossibleScore",
    "InvalidContract",
    "InvalidFile",
    "InvalidInput",
    "InvalidMovement",
    "KnockoutMatch",
    "KnockoutSegment",
    "Line",
    "MasterpointRule",
    "Match",
    "MatchBoard",
    "MatchResult",
    "MatchScore",
    "Movement",
    "MovementFamily",
    "MovementReport",
    "NotFound",
    "NotScheduled",
    "Numbering",
    "Odd",
    "Pair",
    "PairTotal",
    "PairingMethod",
    "PairingOptions",
    "PlaysKnockouts",
    "PlaysMatches",
    "PluginError",
    "Qualifying",
    "ReasonRequired",
    "Rejected",
    "Relay",
    "RematchName",
    "RematchRule",
    "ScoredResult",
    "ScoringMethod",
    "Seat",
    "SectionFacts",
    "SectionScore",
    "SegmentFacts",
    "SitOut",
    "Split",
    "Standing",
    "StoreError",
    "Strain",
    "TableResult",
    "TeamMatch",
    "TieRule",
    "TravellerError",
    "VictoryPointScale",
    "Vulnerability",
    "board_set",
    "check",
    "check_draw",
    "check_request",
    "equal_stops",
    "hookimpl",
    "imps",
    "matches_of",
    "parse_options",
    "relays_of",
    "round_half_up",
    "score",
    "score_ns",
    "setup_warnings",
    "show",
    "uncompared",
    "validate",
]
