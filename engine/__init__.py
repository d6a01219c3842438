"""Traveller's engine: what a plugin author imports, in one place.

::

    from engine import hookimpl, Movement, Encounter, board_set, Numbering, Pair

Everything a movement family, a scoring method, a VP scale, a masterpoint rule, a
carry-over rule or a Swiss pairing method needs is named in ``__all__``; the plugin
author's guide (``docs/plugin-authors.md``) uses nothing else. The test kit is
:mod:`engine.testing` (an in-memory application with your plugin loaded).

Modules inside the engine import from the module that defines a name, never from
this face, so that importing one engine module never drags in a cycle. The face itself
imports a name's module only when the name is first used, so that ``import
engine.errors`` (or a command line's start) does not load the whole engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# The one name that is also a module's: bound now, as the module is imported, so that
# ``engine.imps`` stays the function whatever imports ``engine.imps`` the module later.
from engine.imps import imps

if TYPE_CHECKING:  # what the checker reads; at run time a name is imported when first used
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

_DEFINED_IN: dict[str, str] = {
    "engine.bridge": "Contract Seat Strain Vulnerability score score_ns",
    "engine.conventions": "ConventionProfile",
    "engine.errors": (
        "Conflict DuplicateResult ImpossibleScore InvalidContract InvalidFile InvalidInput "
        "InvalidMovement NotFound NotScheduled PluginError ReasonRequired Rejected StoreError "
        "TravellerError"
    ),
    "engine.hookspecs": "hookimpl",
    "engine.masterpoints": "Attendance AwardScale Eligibility EligibilityRule",
    "engine.match_reports": "MatchResult",
    "engine.matches": (
        "BoardScore BoardTables KnockoutMatch KnockoutSegment MatchScore SegmentFacts TieRule"
    ),
    "engine.movement": (
        "BoardOptions BoardsPerRound Encounter EntryKind Movement Relay SitOut board_set "
        "equal_stops matches_of relays_of uncompared"
    ),
    "engine.numbers": "round_half_up show",
    "engine.pairing.advice": "setup_warnings",
    "engine.pairing.field": "Draw Field FieldKind History Match Standing",
    "engine.pairing.method": "check_draw check_request",
    "engine.pairing.rules": "Odd PairingOptions RematchName RematchRule",
    "engine.registry": (
        "CarryOverRule ConvertsToVictoryPoints EarlierVersions MasterpointRule MovementFamily "
        "PairingMethod PlaysKnockouts PlaysMatches Qualifying ScoringMethod VictoryPointScale "
        "parse_options"
    ),
    "engine.scoring": (
        "Award AwardKind Blend PairTotal ScoredResult SectionFacts SectionScore Split TableResult"
    ),
    "engine.seating": "Line Numbering Pair",
    "engine.teams": "MatchBoard TeamMatch",
    "engine.validator": "MovementReport check validate",
}
"""The module that defines each name of the face (the names, space-separated): a plugin
that imports ``Movement`` loads the movement module, not the whole engine, so that a
command line starts quickly."""

_MODULE_OF = {name: module for module, names in _DEFINED_IN.items() for name in names.split()}


def __getattr__(name: str) -> Any:
    """A name of the face, imported from its module when first asked for (PEP 562)."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


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
