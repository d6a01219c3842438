"""The session-section aggregate: its movement, seating, rounds and every result.

One aggregate per section keeps score entry in different sections from ever
conflicting. ``events`` holds its event classes (with the topics they were stored
under before), ``results`` a result as entered and as recorded, ``state`` the state
the events fold into (:func:`project_section`), ``checks`` and ``decide`` what its
commands check and record. This face names the events, the results and the state,
which most of the engine reads.
"""

from __future__ import annotations

from engine.section.events import (
    BoardDeclaredNeutral,
    BoardFouled,
    MovementAssigned,
    NumberingChosen,
    PairsSeated,
    ResultCorrected,
    ResultRecorded,
    ResultsImported,
    RoundEnded,
    RoundStarted,
    ScoreAdjusted,
    ScoreAssigned,
    ScoringChosen,
    SeatsSwapped,
    SectionOpened,
)
from engine.section.results import Adjusted, ImportRow, Result, ResultEntry, build_result
from engine.section.state import Section, TableEntry, project_section

__all__ = [
    "Adjusted",
    "BoardDeclaredNeutral",
    "BoardFouled",
    "ImportRow",
    "MovementAssigned",
    "NumberingChosen",
    "PairsSeated",
    "Result",
    "ResultCorrected",
    "ResultEntry",
    "ResultRecorded",
    "ResultsImported",
    "RoundEnded",
    "RoundStarted",
    "ScoreAdjusted",
    "ScoreAssigned",
    "ScoringChosen",
    "SeatsSwapped",
    "Section",
    "SectionOpened",
    "TableEntry",
    "build_result",
    "project_section",
]
