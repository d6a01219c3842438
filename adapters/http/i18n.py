"""The pages' languages: Japanese and English from gettext catalogs (Babel), and the
language each request is answered in.

The catalogs are the ``.po`` files under ``adapters/http/locale/``, one domain per part
of the web (:data:`DOMAINS`: the public pages, the director's console, the table
devices' pages, the printable pages), each extracted from its own templates and code
(``pybabel extract -F adapters/http/babel-DOMAIN.cfg``); they are read when the server
starts, so installing Traveller needs no build step. A request is answered in the language its
``?lang=`` names (remembered in a cookie), else the cookie's, else the first of the
browser's ``Accept-Language`` we speak, else Japanese.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.support import Translations
from starlette.requests import Request

from adapters import i18n as shared
from adapters.i18n import from_accept_language, spoken

__all__ = ["from_accept_language", "spoken"]

LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the catalogs are: ``{language}/LC_MESSAGES/{domain}.po``."""
LANGUAGES = shared.LANGUAGES
"""The languages the pages speak; the first is the default."""
DEFAULT = LANGUAGES[0]
COOKIE = "lang"
"""The cookie that remembers the language a reader chose."""
DOMAIN = "messages"
"""The public pages' domain (templates at the top of ``templates/``, ``pages/``)."""
DOMAINS: dict[str, tuple[str, ...]] = {
    DOMAIN: ("adapters/http/templates/*.html", "adapters/http/pages/**.py"),
    "console": ("adapters/http/templates/console/**.html", "adapters/http/console/**.py"),
    "table": ("adapters/http/templates/table/**.html", "adapters/http/table/**.py"),
    "print": ("adapters/http/templates/print/**.html", "adapters/http/printing/**.py"),
}
"""Each part of the web's catalog and the files its messages are extracted from (a
domain whose catalog is not written yet is skipped)."""


def domain_of(template: str) -> str:
    """The part of the web a template belongs to, by its folder (``console/…``: the
    console's; a template at the top: the public pages')."""
    folder = template.partition("/")[0] if "/" in template else DOMAIN
    return folder if folder in DOMAINS else DOMAIN


def catalog_path(language: str, domain: str = DOMAIN) -> Path:
    """The ``.po`` file of ``language`` in ``domain``."""
    return shared.catalog_path(language, directory=LOCALE_DIR, domain=domain)


@cache
def translations(language: str, domain: str = DOMAIN) -> Translations:
    """The translations of ``language`` (one of :data:`LANGUAGES`) for one part of the web
    (``domain``): its own catalog's, over every other domain's (a template shared by the
    parts finds its words in any of them, and the part's own wording wins where two parts
    translate the same words differently). Each ``.po`` is read once per process
    (:func:`adapters.i18n.translations`)."""
    if language not in LANGUAGES:
        raise ValueError(f"{language!r} is not one of Traveller's languages {LANGUAGES}")
    if domain not in DOMAINS:
        raise ValueError(f"{domain!r} is not one of the web's catalogs {tuple(DOMAINS)}")
    order = [d for d in DOMAINS if d != domain] + [domain]
    present = [d for d in order if catalog_path(language, d).exists()]
    # A fresh copy of the first (the shared cache's translations are never changed).
    merged: Translations = shared.translations.__wrapped__(
        language, directory=LOCALE_DIR, domain=present[0]
    )
    for name in present[1:]:
        merged.merge(shared.translations(language, directory=LOCALE_DIR, domain=name))
    return merged


def chosen(request: Request) -> tuple[str, bool]:
    """The language to answer ``request`` in, and whether it was chosen just now with
    ``?lang=`` (so the answer sets the cookie)."""
    asked = spoken(request.query_params.get("lang"))
    if asked is not None:
        return asked, True
    remembered = spoken(request.cookies.get(COOKIE))
    if remembered is not None:
        return remembered, False
    return from_accept_language(request.headers.get("accept-language")) or DEFAULT, False


def of_api(request: Request) -> str:
    """The language an API request is answered in: its ``?lang=``, else the cookie's,
    else the first of its ``Accept-Language`` we speak, else English (a script that
    names no language gets the engine's own words)."""
    return (
        spoken(request.query_params.get("lang"))
        or spoken(request.cookies.get(COOKIE))
        or from_accept_language(request.headers.get("accept-language"))
        or shared.ENGLISH
    )
