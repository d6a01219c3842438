"""The Traveller application: every director's action as a command.

A command loads the aggregates it needs, asks the decide functions beside them
(:mod:`engine.tournament.decide`, :mod:`engine.section.decide`) for the events, and
records those in one transaction. Everything a director could get wrong is checked
there, before anything is written: a command that raises has written nothing. Within
a section, a concurrent writer's conflict is retried with the fresh state, so a
result is never lost.

The commands are grouped by what they concern, one module each (entries, play,
adjustments, conditions, swiss, seating), over the shared core (:mod:`engine.application.core`); the
application is their union, with its queries (:mod:`engine.application.queries`): every
read, now or as of a moment (:mod:`engine.application.moments`).

A module here imports at its top what every query needs (the events, the states and
their folds, the standings); what only some commands use — the decide functions and
their checks, the renumbering search, the Swiss draw, masterpoints — it imports in those
commands, so that a club's standings start quickly (docs/decisions/0029,
tests/engine/test_start_up.py).
"""

from __future__ import annotations

from engine.application.access import AccessCommands
from engine.application.adjustments import AdjustmentCommands
from engine.application.conditions import ConditionCommands
from engine.application.conventions import ConventionCommands
from engine.application.core import ApplicationCore, UnitOfWork
from engine.application.deals import DealCommands
from engine.application.entries import EntryCommands
from engine.application.integrity import IntegrityQueries
from engine.application.integrity_io import Transfers
from engine.application.play import PlayCommands
from engine.application.queries import Queries
from engine.application.seating import SeatingCommands
from engine.application.swiss import SwissCommands

__all__ = ["Traveller", "UnitOfWork"]


class Traveller(
    EntryCommands,
    PlayCommands,
    AdjustmentCommands,
    ConditionCommands,
    ConventionCommands,
    SwissCommands,
    SeatingCommands,
    AccessCommands,
    DealCommands,
    Queries,
    Transfers,
    IntegrityQueries,
    ApplicationCore,
):
    """The application service behind every interface (CLI, HTTP, tests)."""
