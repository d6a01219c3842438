"""Pages rendered from the Jinja2 templates, in the reader's language.

One template environment per language, each with its catalog installed (the
environments are shared by every request, so no request can change another's
language). A page asked for with ``?fragment=1`` is only its content, which the page's
few lines of script fetch again when the live stream says the event changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse

from adapters.http import i18n
from adapters.http.pages import reads

TEMPLATES_DIR = Path(__file__).parent.parent / "templates"
STATIC_DIR = Path(__file__).parent.parent / "static"
LANGUAGE_NAMES = {"ja": "日本語", "en": "English"}
"""Each language by its own name, as the switch on every page offers it."""
COOKIE_AGE = 365 * 24 * 3600
"""How long the language a reader chose is remembered (a year)."""


def signed(value: int | None) -> str:
    """A score as a traveller shows it: ``+420``, ``-50``, blank when there is none."""
    return "" if value is None else f"{value:+d}"


@cache
def environment(language: str, domain: str = i18n.DOMAIN) -> Environment:
    """The templates speaking ``language``, in the words of one part of the web
    (``domain``: the public pages', the console's, the tables', the printed pages')."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATES_DIR),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(i18n.translations(language, domain), newstyle=True)  # type: ignore[attr-defined]
    env.filters["signed"] = signed
    env.globals.update(
        language_names=LANGUAGE_NAMES,
        is_team_field=reads.is_team_field,
        card_link=card_link,
        side_card=side_card,
        card_url=card_url,
    )
    return env


def card_link(
    event: reads.Event, session: int, field: Mapping[str, Any], row: Mapping[str, Any]
) -> str | None:
    """The score card of a standings row's pair or team (none for a player of an
    individual, or a row whose own section is not known)."""
    section = row.get("section") or field["section"]
    if "player" in row or "+" in section:
        return None
    line = row.get("line") or (field["name"] if field["name"] in ("NS", "EW") else "")
    return card_url(event, session, section, f"{line}{row['pair']}")


def side_card(event: reads.Event, session: int, section: str, line: str, number: int) -> str:
    """The score card of the pair (or team) sitting ``line`` with ``number`` on a
    traveller."""
    key = str(number) if event.teams else event.card_key(session, section, line, number)
    return card_url(event, session, section, key)


def card_url(event: reads.Event, session: int, section: str, key: str) -> str:
    """The address of a score card."""
    query = urlencode({"session": session, "section": section})
    return f"/events/{event.id}/cards/{quote(key)}?{query}"


def fragment_asked(request: Request) -> bool:
    """Whether the page's content alone was asked for (``?fragment=1``)."""
    return request.query_params.get("fragment") == "1"


def switch_url(request: Request, language: str) -> str:
    """This page in ``language``: its address with ``?lang=`` (and no ``fragment``)."""
    params = {k: v for k, v in request.query_params.items() if k not in ("lang", "fragment")}
    params["lang"] = language
    return f"{request.url.path}?{urlencode(params)}"


def page(
    request: Request,
    template: str,
    context: dict[str, Any],
    *,
    status_code: int = 200,
    live: str | None = None,
) -> HTMLResponse:
    """``template`` rendered for ``request`` in its reader's language (the content alone
    when ``?fragment=1``); ``live`` is the address of the event's stream, which the page
    listens to."""
    language, just_chosen = i18n.chosen(request)
    env = environment(language, i18n.domain_of(template))
    fragment = fragment_asked(request)
    html = env.get_template(template).render(
        **context,
        layout="fragment.html" if fragment else "base.html",
        lang=language,
        languages=[(code, switch_url(request, code)) for code in i18n.LANGUAGES],
        live=live,
        path=request.url.path,
    )
    response = HTMLResponse(html, status_code=status_code)
    response.headers["Content-Language"] = language
    response.headers["Vary"] = "Accept-Language, Cookie"
    if fragment:
        response.headers["Cache-Control"] = "no-store"
    if just_chosen:
        response.set_cookie(i18n.COOKIE, language, max_age=COOKIE_AGE, samesite="lax")
    return response
