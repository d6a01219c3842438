"""The web's catalogs (one domain per part: public pages, console, table, print): every
message of each part's templates and code is in its catalog, and every one has a
Japanese translation that keeps its placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from adapters.http import i18n

ROOT = Path(__file__).resolve().parents[3]
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def catalog(language: str, domain: str) -> Catalog:
    path = i18n.catalog_path(language, domain)
    if not path.exists():
        return Catalog(locale=language, domain=domain)
    with path.open("rb") as po:
        return read_po(po, locale=language)


def extracted(domain: str) -> set[str]:
    """The message ids of one part's templates and code, as ``pybabel extract -F
    adapters/http/babel-DOMAIN.cfg`` finds them (the server's error messages are the
    errors catalog's)."""
    method_map = [
        (pattern, "jinja2" if pattern.endswith(".html") else "python")
        for pattern in i18n.DOMAINS[domain]
    ]
    options = {p: {"extensions": "jinja2.ext.i18n"} for p, m in method_map if m == "jinja2"}
    found = set()
    for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options):
        found.add(message if isinstance(message, str) else message[0])
    return found


@pytest.mark.parametrize("domain", list(i18n.DOMAINS))
def test_every_message_has_a_japanese_translation(domain: str) -> None:
    untranslated = [m.id for m in catalog("ja", domain) if m.id and (not m.string or m.fuzzy)]
    assert not untranslated


@pytest.mark.parametrize("language", i18n.LANGUAGES)
@pytest.mark.parametrize("domain", list(i18n.DOMAINS))
def test_the_catalogs_hold_every_message_of_each_part(language: str, domain: str) -> None:
    ids = {m.id for m in catalog(language, domain) if m.id}
    missing = extracted(domain) - ids
    assert not missing, (
        f"run pybabel extract and update (see adapters/http/babel-{domain}.cfg): {missing}"
    )


@pytest.mark.parametrize("domain", list(i18n.DOMAINS))
def test_a_translation_keeps_the_placeholders_of_its_message(domain: str) -> None:
    for m in catalog("ja", domain):
        if m.id:
            assert sorted(PLACEHOLDER.findall(str(m.id))) == sorted(
                PLACEHOLDER.findall(str(m.string))
            ), m.id


def test_the_catalogs_load_as_translations() -> None:
    assert i18n.translations("ja").gettext("Standings") == "順位"
    assert i18n.translations("ja").gettext("Not released yet") == "公開前"
    assert i18n.translations("en").gettext("Standings") == "Standings"
    with pytest.raises(ValueError, match="not one of"):
        i18n.translations("fr")


@pytest.mark.parametrize("domain", list(i18n.DOMAINS))
def test_each_part_speaks_its_own_words_where_two_parts_translate_alike_words(
    domain: str,
) -> None:
    speaking = i18n.translations("ja", domain)
    for m in catalog("ja", domain):
        if m.id and isinstance(m.id, str) and m.string and not m.fuzzy:
            assert speaking.gettext(m.id) == m.string, (domain, m.id)
