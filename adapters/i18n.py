"""Traveller's languages, for every adapter: Japanese and English from gettext catalogs
(Babel), read from their ``.po`` files when first needed (installing needs no build step).

Two catalogs use this machinery: the public pages' (``adapters/http/locale``, domain
``messages``) and the engine's error messages (``adapters/locale``, domain ``errors``,
extracted from the engine's ``N_("...")`` templates with ``pybabel extract -F
adapters/babel.cfg``). The engine writes its messages in English and never imports this
(docs/decisions/0021): the CLI and the API translate them here, each in its own language
(:func:`from_environment` for the CLI, ``Accept-Language`` for the API). The CLI's own
texts and ``--help`` are a third catalog beside them (``adapters/locale``, domain ``cli``,
:mod:`adapters.cli.wording`).
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import Phrase, TravellerError

if TYPE_CHECKING:
    from babel.support import Translations

LANGUAGES = ("ja", "en")
"""The languages Traveller speaks."""
ENGLISH = "en"
"""The language the engine writes its messages in (and the CLI's default)."""
LOCALE_DIR = Path(__file__).parent / "locale"
"""Where the errors catalog is: ``{language}/LC_MESSAGES/errors.po``."""
ERRORS = "errors"


def catalog_path(language: str, *, directory: Path = LOCALE_DIR, domain: str = ERRORS) -> Path:
    """The ``.po`` file of ``language`` for ``domain`` under ``directory``."""
    return directory / language / "LC_MESSAGES" / f"{domain}.po"


@cache
def translations(
    language: str, *, directory: Path = LOCALE_DIR, domain: str = ERRORS
) -> Translations:
    """The translations of ``language`` (one of :data:`LANGUAGES`) in ``domain``, read from
    its ``.po`` once per process (Babel is imported then: a command that says nothing in
    a catalog's words never imports it)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    from babel.support import Translations

    if language not in LANGUAGES:
        raise ValueError(f"{language!r} is not one of Traveller's languages {LANGUAGES}")
    with catalog_path(language, directory=directory, domain=domain).open("rb") as po:
        catalog = read_po(po, locale=language, domain=domain)
    compiled = io.BytesIO()
    # An entry still marked fuzzy is a draft, not a translation: left out, as msgfmt does.
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return Translations(compiled, domain=domain)


def spoken(value: str | None) -> str | None:
    """``value`` if it names one of :data:`LANGUAGES` (``ja``, ``en-GB``, ``ja_JP.UTF-8``
    → ``ja``), else None."""
    if not value:
        return None
    primary = value.strip().lower().replace("_", "-").split("-")[0].split(".")[0]
    return primary if primary in LANGUAGES else None


def from_accept_language(header: str | None) -> str | None:
    """The first language of an ``Accept-Language`` header that Traveller speaks, by the
    header's weights (``en-US,en;q=0.9,ja;q=0.8`` → ``en``)."""
    if not header:
        return None
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        language = spoken(tag)
        if language is not None and weight > 0:
            weighted.append((-weight, index, language))
    return min(weighted)[2] if weighted else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale, as gettext reads it (``LC_ALL``, then ``LC_MESSAGES``,
    then ``LANG``; the first one set decides), or English."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return spoken(env[name]) or ENGLISH
    return ENGLISH


def said(template: str, values: Mapping[str, object], language: str) -> str:
    """``template`` in ``language``, filled with ``values`` (a :class:`Phrase` among them
    said in ``language`` too)."""
    words = translations(language).gettext(template)
    if not values:
        return words
    return words % {
        name: said(v.template, v.values, language) if isinstance(v, Phrase) else v
        for name, v in values.items()
    }


def message_of(error: TravellerError, language: str) -> str:
    """The error's message in ``language``."""
    return said(error.template, error.values, language)


def hint_of(error: TravellerError, language: str) -> str | None:
    """The error's hint (without any adapter's wording of its fixes) in ``language``."""
    if error.hint_template is None:
        return None
    return said(error.hint_template, error.values, language)
