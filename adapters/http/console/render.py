"""How the director's console answers: shell pages and panels, in the director's language.

A console page is a *shell*: it holds no data (anyone may load it), only the places
(``data-panel``) that ``static/console.js`` fills by fetching panels with the
director's token. A *panel* is a fragment of HTML that needs a director. Both are
rendered by the public pages' template environments
(:func:`~adapters.http.pages.render.environment`), whose catalogs merge every domain,
``console`` included."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import urlencode
from uuid import UUID

from fastapi import Depends, Query
from starlette.requests import Request
from starlette.responses import HTMLResponse

from adapters.http import i18n
from adapters.http.api.common import App
from adapters.http.pages.render import COOKIE_AGE, environment, switch_url
from engine.application import Traveller
from engine.tournament.state import Tournament


def language_of(request: Request) -> str:
    """The language a console request is answered in (as the public pages choose it)."""
    return i18n.chosen(request)[0]


def shell(
    request: Request, template: str, context: dict[str, Any], *, status_code: int = 200
) -> HTMLResponse:
    """A console page: ``template`` (which extends ``console/base.html``) with no data
    but what its address says; its panels are fetched by the script."""
    language, just_chosen = i18n.chosen(request)
    html = (
        environment(language, i18n.domain_of(template))
        .get_template(template)
        .render(
            **context,
            lang=language,
            languages=[(code, switch_url(request, code)) for code in i18n.LANGUAGES],
            path=request.url.path,
        )
    )
    response = HTMLResponse(html, status_code=status_code)
    response.headers["Content-Language"] = language
    response.headers["Vary"] = "Accept-Language, Cookie"
    if just_chosen:
        response.set_cookie(i18n.COOKIE, language, max_age=COOKIE_AGE, samesite="lax")
    return response


def panel(request: Request, template: str, context: dict[str, Any]) -> HTMLResponse:
    """A panel: ``template`` rendered alone (a fragment), never cached."""
    language = language_of(request)
    words = environment(language, i18n.domain_of(template))
    html = words.get_template(template).render(**context, lang=language)
    response = HTMLResponse(html)
    response.headers["Content-Language"] = language
    response.headers["Cache-Control"] = "no-store"
    response.headers["Vary"] = "Accept-Language, Cookie, Authorization"
    return response


def event_url(event_id: UUID | str, page: str = "", **query: Any) -> str:
    """A console address of the event: ``/console/events/{id}/{page}?query`` (a query
    value of ``None`` is left out)."""
    url = f"/console/events/{event_id}" + (f"/{page}" if page else "")
    given = {k: v for k, v in query.items() if v is not None}
    return url + (f"?{urlencode(given)}" if given else "")


def live_url(event_id: UUID | str) -> str:
    """The event's live stream (public): panels that show the play listen to it."""
    return f"/events/{event_id}/live"


@dataclass(frozen=True)
class Place:
    """The event, session and section a panel is about."""

    event: UUID
    tournament: Tournament
    session: int
    section: str

    def url(self, page: str = "", **query: Any) -> str:
        return event_url(self.event, page, **query)

    @property
    def api(self) -> str:
        """The API's address of the event."""
        return f"/api/events/{self.event}"

    @property
    def section_api(self) -> str:
        """The API's address of the session's section."""
        return f"{self.api}/sessions/{self.session}/sections/{self.section}"


SessionQuery = Annotated[int, Query(ge=1, description="The session.")]
SectionQuery = Annotated[str, Query(max_length=8, description="The section.")]


def place_of(app: Traveller, event_id: str, session: int = 1, section: str = "A") -> Place:
    """The place a console address names: ``event_id`` (any unique start of the id), the
    session and the section of its query."""
    found = app.resolve_event(event_id)
    return Place(found, app.tournament(found), session, section)


def place_at(
    app: App, event_id: str, session: SessionQuery = 1, section: SectionQuery = "A"
) -> Place:
    """The place a panel's address names (a dependency of the panels' routes)."""
    return place_of(app, event_id, session, section)


def section_at(place: Annotated[Place, Depends(place_at)], app: App) -> Place:
    """The place, whose section must be there (refused clearly if it is not)."""
    app.event_state(place.event).section(place.session, place.section)
    return place


PlaceAt = Annotated[Place, Depends(place_at)]
SectionAt = Annotated[Place, Depends(section_at)]
