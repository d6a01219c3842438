"""What choosing an event's scoring conventions records (:mod:`engine.conventions`).

A pure function of the tournament's state and the profile the application looked up,
kept beside :mod:`engine.tournament.decide`: the options the profile gives are
recorded with the choice, so a later release of the profile never changes the event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.conventions import DEFAULT_PROFILE
from engine.errors import N_, Fix, Rejected
from engine.events import Changes, DomainEvent
from engine.tournament.checks import require_reason
from engine.tournament.events import ConventionsChosen
from engine.tournament.state import Tournament


def choose_conventions(
    tournament: Tournament,
    profile: str,
    version: str,
    options: Mapping[str, Mapping[str, Any]],
    *,
    reason: str | None,
    actor: str,
    at_creation: bool = False,
) -> list[DomainEvent]:
    """The event follows ``profile`` (at ``version``, giving ``options``) from now on;
    nothing if it already does. Refused once a session's results are published: the
    published figures stay what they were (a published session is rescored instead).
    A reason is asked for a change, not when the event is created with the profile."""
    if not at_creation:
        require_reason(reason, N_("changing the event's scoring conventions"))
    published = sorted(s for s, found in tournament.publications.items() if found)
    if published:
        raise Rejected(
            N_(
                "The event's scoring conventions cannot change: session %(sessions)s is "
                "already published with the conventions of %(profile)s."
            ),
            hint=N_(
                "Choose the conventions before results are published; to score a published "
                "session otherwise, rescore it with the options it should have and a reason."
            ),
            code="conventions.published",
            fix=Fix("rescore", needs=("option", "reason")),
            sessions=", ".join(str(s) for s in published),
            profile=current_profile(tournament),
        )
    now = tournament.conventions
    recorded = {method: dict(values) for method, values in options.items()}
    if now is not None and (now.profile, now.version, now.options) == (
        profile,
        version,
        recorded,
    ):
        return []
    changes = Changes(actor)
    changes.add(
        tournament,
        ConventionsChosen,
        profile=profile,
        version=version,
        options=recorded,
        reason=(reason or "").strip(),
    )
    return changes.events


def current_profile(tournament: Tournament) -> str:
    """The name of the profile the event follows (``jcbl`` when it chose none)."""
    chosen = tournament.conventions
    return DEFAULT_PROFILE if chosen is None else chosen.profile
