"""Time travel over a whole store, and the as-of reads by name: a tournament's standings
and totals as they stood at any position or moment, what changed between two, the audit
trail, forks that write nothing, and a rebuild of every session's standings from the log.

The core of it — reading one tournament's history, folding it into its state at a moment,
the audit trail and the standings diff — is the application's own
(:mod:`engine.application.moments`), so its queries answer "as of" themselves; the
functions here are those queries and that core by the names a script or a test uses.

A tournament's *position* counts its own history: 1 is its creation, n its n-th event
(its sections' events included), whatever else the store holds, so a position means the
same in every store the tournament is kept in. The store's notification id, the *store
position*, counts every event of every tournament; both are given with each event.

This module reads an application's store and builds forks of it, so it sits above
:mod:`engine.application`, which never imports it.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from uuid import UUID

from engine.application import Traveller
from engine.application.moments import (
    BATCH,
    At,
    Fold,
    Recorded,
    Snapshot,
    audit,
    diff,
    fork,
    history,
    state_at,
)
from engine.collector import collector_paused
from engine.events import DomainEvent
from engine.ranks import RankBy, Standings
from engine.swiss import TeamLine
from engine.totals import Totals

__all__ = [
    "At",
    "Fold",
    "Recorded",
    "Snapshot",
    "audit",
    "diff",
    "fork",
    "history",
    "rebuild",
    "standings_at",
    "standings_of",
    "state_at",
    "swiss_standings_at",
    "totals_at",
]


def rebuild(app: Traveller) -> tuple[int, dict[tuple[UUID, int], Standings]]:
    """Read the whole store once and compute every session's standings from scratch.

    Returns the number of events read and the standings by (event id, session)."""
    fold = Fold()
    count, start = 0, 1
    with collector_paused():  # folding makes many small objects that live to the end
        while True:
            batch = app.recorder.select_notifications(start, BATCH)
            for n in batch:
                event = app.mapper.to_domain_event(n)
                assert isinstance(event, DomainEvent)
                fold.add(event)
            count += len(batch)
            if len(batch) < BATCH:
                return count, fold.standings(app.registry)
            start = batch[-1].id + 1


def standings_at(
    app: Traveller,
    event_id: UUID,
    session: int = 1,
    *,
    number: int | None = None,
    position: int | None = None,
    time: dt.datetime | None = None,
) -> Standings:
    """A session's standings as they stood (the query :meth:`Traveller.standings`; with
    no cut, as of the last event recorded, folded from the log like any other moment)."""
    return app.standings(event_id, session, at=_snapshot(app, event_id, number, position, time))


def _snapshot(
    app: Traveller,
    event_id: UUID,
    number: int | None,
    position: int | None,
    time: dt.datetime | None,
) -> Snapshot:
    """The tournament folded from its history up to the cut (none: all of it)."""
    return state_at(app, event_id, number=number, position=position, time=time)


def standings_of(app: Traveller, snap: Snapshot, session: int) -> Standings:
    """A session's standings in a snapshot; the session must exist by then."""
    return app.standings(snap.tournament.id, session, at=snap)


def swiss_standings_at(
    app: Traveller,
    event_id: UUID,
    *,
    number: int | None = None,
    position: int | None = None,
    time: dt.datetime | None = None,
) -> list[TeamLine]:
    """A Swiss event's standings as they stood (the query
    :meth:`Traveller.swiss_standings`): the draws, cards and each round's session as
    they were."""
    return app.swiss_standings(event_id, at=_snapshot(app, event_id, number, position, time))


def totals_at(
    app: Traveller,
    event_id: UUID,
    *,
    number: int | None = None,
    position: int | None = None,
    time: dt.datetime | None = None,
    sessions: Sequence[int] | None = None,
    stage: str | None = None,
    by: RankBy = RankBy.SCORE,
) -> Totals:
    """The totals as they stood at a position or a moment (the query
    :meth:`Traveller.totals`)."""
    return app.totals(
        event_id,
        sessions=sessions,
        stage=stage,
        by=by,
        at=_snapshot(app, event_id, number, position, time),
    )
