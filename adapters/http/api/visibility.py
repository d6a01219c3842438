"""What the public (and a table's device) may read: the running standings if the
director allows them, a published session always; directors read everything."""

from __future__ import annotations

from adapters.http.auth import Identity
from adapters.http.errors import Forbidden
from engine.errors import N_, Phrase
from engine.tournament.state import Tournament


def released(tournament: Tournament, session: int | None) -> bool:
    """The public may see ``session``'s results (None: the whole event's)."""
    if tournament.public_running:
        return True
    if session is None:
        return bool(tournament.sessions) and all(
            tournament.publications.get(s) for s in tournament.sessions
        )
    return bool(tournament.publications.get(session))


def released_rounds(tournament: Tournament) -> int | None:
    """The last round of a Swiss (each round its own session) the public may see: every
    round (None) with the running standings allowed, else up to the first round not yet
    published (0: none)."""
    if tournament.public_running:
        return None
    upto = 0
    while upto + 1 in tournament.sessions and released(tournament, upto + 1):
        upto += 1
    return upto


def check_released(who: Identity, tournament: Tournament, session: int | None) -> None:
    """Refuse a reader who is not a director results that are not released."""
    if who.kind == "director" or released(tournament, session):
        return
    raise Forbidden(
        N_("The results of %(event)r are not released yet.")
        if session is None
        else N_("Session %(session)s's results of %(event)r are not released yet."),
        hint=N_(
            "They are shown once the director publishes them, or allows the running "
            "standings to be seen."
        ),
        code="results.not_released",
        event=tournament.name,
        session=session,
    )


def check_director(who: Identity, what: str) -> None:
    """Refuse anyone but a director a read that is the director's (the audit, a diff)."""
    if who.kind != "director":
        raise Forbidden(
            N_("Only a director may read %(what)s."),
            hint=N_("Log in as a director."),
            code="auth.director_read",
            what=Phrase(what),
        )
