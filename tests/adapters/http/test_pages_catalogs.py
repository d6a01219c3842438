"""The pages' catalogs: every message of the templates is in them, and every one has a
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


def catalog(language: str) -> Catalog:
    with i18n.catalog_path(language).open("rb") as po:
        return read_po(po, locale=language)


def extracted() -> set[str]:
    """The message ids of the templates and the pages' code, as ``pybabel extract -F
    adapters/http/babel.cfg`` finds them (the server's error messages are the errors
    catalog's)."""
    method_map = [
        ("adapters/http/templates/**.html", "jinja2"),
        ("adapters/http/pages/**.py", "python"),
    ]
    options = {"adapters/http/templates/**.html": {"extensions": "jinja2.ext.i18n"}}
    found = set()
    for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options):
        found.add(message if isinstance(message, str) else message[0])
    return found


def test_every_message_has_a_japanese_translation() -> None:
    untranslated = [m.id for m in catalog("ja") if m.id and (not m.string or m.fuzzy)]
    assert not untranslated


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_catalogs_hold_every_message_of_the_pages(language: str) -> None:
    ids = {m.id for m in catalog(language) if m.id}
    missing = extracted() - ids
    assert not missing, f"run pybabel extract and update (see adapters/http/babel.cfg): {missing}"


def test_a_translation_keeps_the_placeholders_of_its_message() -> None:
    for m in catalog("ja"):
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
