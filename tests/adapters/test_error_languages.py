"""The engine's errors in Japanese and English (docs/decisions/0021): the CLI (``--lang``
or the locale) and the API (``Accept-Language`` or ``?lang=``) give the same error, in
the same words, from the one errors catalog; each words the engine's fix its own way (a
command line, JSON fields); every message of the engine has its Japanese translation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from adapters import i18n
from adapters.cli import wording
from adapters.cli.common import open_app
from engine.errors import N_, Fix, Rejected
from engine.tournament import Player
from tests.acceptance.cli import Cli, invoke
from tests.adapters.http.api_kit import SECTION, Server, result, serve

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"%\(\w+\)s")


# ---- the catalog ------------------------------------------------------------------------


def catalog(language: str) -> Any:
    with i18n.catalog_path(language).open("rb") as po:
        return read_po(po, locale=language)


def extracted() -> set[str]:
    """The engine's and the plugins' message templates and the adapters' own refusals, as
    ``pybabel extract -F adapters/babel.cfg`` finds them (the same mapping file)."""
    with (ROOT / "adapters" / "babel.cfg").open() as mapping:
        method_map, _ = parse_mapping_cfg(mapping)  # type: ignore[no-untyped-call]
    found = set()
    for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map):
        found.add(message if isinstance(message, str) else message[0])
    return found


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_catalogs_hold_every_message_of_the_engine(language: str) -> None:
    ids = {m.id for m in catalog(language) if m.id}
    missing = extracted() - ids
    assert not missing, f"run pybabel extract and update (see adapters/babel.cfg): {missing}"


def test_every_message_has_a_japanese_translation_with_its_placeholders() -> None:
    untranslated = [m.id for m in catalog("ja") if m.id and (not m.string or m.fuzzy)]
    assert not untranslated
    for m in catalog("ja"):
        if m.id:
            assert sorted(PLACEHOLDER.findall(str(m.id))) == sorted(
                PLACEHOLDER.findall(str(m.string))
            ), m.id


def test_a_message_and_its_phrases_are_said_in_the_language_asked() -> None:
    from engine.tournament.checks import require_reason

    with pytest.raises(Rejected) as refused:
        require_reason(" ", N_("a correction"))
    assert i18n.message_of(refused.value, "en") == refused.value.message
    assert i18n.message_of(refused.value, "ja") == (
        "訂正の理由を入力してください。監査記録には、誰が何をなぜ変えたかが残ります。"
    )


def test_the_language_of_the_locale() -> None:
    assert i18n.from_environment({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert i18n.from_environment({"LC_ALL": "en_GB.UTF-8", "LANG": "ja_JP.UTF-8"}) == "en"
    assert i18n.from_environment({"LANG": "C.UTF-8"}) == "en"
    assert i18n.from_environment({}) == "en"


# ---- a fix as a command line ------------------------------------------------------------


def test_a_fix_outside_the_cli_is_said_with_its_fields_as_options() -> None:
    wording.speak(None)
    fix = Fix("result.correct", fields={"board": 3, "ns": 1, "ew": 2}, needs=("reason",))
    line = wording.command_line(fix)
    assert line == 'traveller result correct --board 3 --ns 1 --ew 2 --reason "REASON"'


# ---- the same error from the CLI and the API --------------------------------------------


@pytest.fixture
def played() -> tuple[Cli, Server, str]:
    """A 7-table Mitchell on one store, board 1 of NS 1 v EW 1 recorded; the CLI and a
    server over that store."""
    cli = Cli()
    event: str = cli.run("event", "create", "--name", "Club night")["id"]
    app = open_app(cli.store)
    for i in range(1, 15):
        app.register_entry(UUID(event), [Player(name=f"N{i}"), Player(name=f"S{i}")])
    cli.run("movement", "assign", "--event", event, "--family", "mitchell")
    where = ["--event", event, "--board", "1", "--ns", "1", "--ew", "1"]
    cli.run("result", "add", *where, "--contract", "4S", "--declarer", "N", "--tricks", "10")
    return cli, serve(app), event


def twice_by_cli(cli: Cli, event: str, *lang: str) -> Any:
    where = ["--event", event, "--board", "1", "--ns", "1", "--ew", "1"]
    return cli.run(
        *lang, "result", "add", *where, "--contract", "3NT", "--declarer", "N", "--tricks", "9",
        ok=False,
    )  # fmt: skip


def twice_by_api(server: Server, event: str, **headers: str) -> Any:
    answer = server.client.post(
        SECTION.format(event=event) + "/results",
        json=result(1, 1, 1, tricks=9) | {"contract": "3NT"},
        headers=server.as_director() | headers,
    )
    assert answer.status_code == 409, answer.text
    return answer.json()


DUPLICATE_JA = "ペア NS 1 にはボード 1 の結果がすでにあります(NS 1 対 EW 1)。"
DUPLICATE_EN = "Pair NS 1 already has a result on board 1 (NS 1 against EW 1)."


def test_a_duplicate_result_is_the_same_error_in_both_languages(
    played: tuple[Cli, Server, str],
) -> None:
    cli, server, event = played
    before = server.written()
    for language, message in (("ja", DUPLICATE_JA), ("en", DUPLICATE_EN)):
        by_cli = twice_by_cli(cli, event, "--lang", language)
        by_api = twice_by_api(server, event, **{"Accept-Language": f"{language},en;q=0.5"})
        for shown in (by_cli, by_api):
            assert shown["error"] == "DuplicateResult" and shown["code"] == "result.duplicate"
            assert shown["message"] == message and shown["language"] == language
            assert shown["fixes"] == [
                {
                    "command": "result.correct",
                    "fields": {"board": 1, "ns": 1, "ew": 1},
                    "needs": ["reason"],
                }
            ]
        # The CLI words the fix as a command line; the API leaves it as data.
        line = 'traveller result correct --board 1 --ns 1 --ew 1 --reason "REASON"'
        assert line in by_cli["hint"] and "traveller" not in by_api["hint"]
        assert by_api["hint"] in by_cli["hint"]
    assert server.written() == before


def test_the_api_takes_the_language_from_the_query_and_defaults_to_english(
    played: tuple[Cli, Server, str],
) -> None:
    _, server, event = played
    assert twice_by_api(server, event)["message"] == DUPLICATE_EN
    answer = server.client.post(
        SECTION.format(event=event) + "/results?lang=ja",
        json=result(1, 1, 1, tricks=9),
        headers=server.as_director() | {"Accept-Language": "en"},
    )
    assert answer.json()["message"] == DUPLICATE_JA


def test_the_cli_takes_the_language_from_the_locale(
    played: tuple[Cli, Server, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cli, _, event = played
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert twice_by_cli(cli, event)["message"] == DUPLICATE_JA
    assert twice_by_cli(cli, event, "--lang", "en")["message"] == DUPLICATE_EN


def test_the_cli_says_the_error_and_its_fix_to_people(played: tuple[Cli, Server, str]) -> None:
    cli, _, event = played
    where = ["--event", event, "--board", "1", "--ns", "1", "--ew", "1", "--store", cli.store]
    shown = invoke(["--lang", "ja", "result", "add", *where, "--score-ns", "420"])
    assert shown.exit_code == 1
    assert "エラー:" in shown.stderr and DUPLICATE_JA in shown.stderr
    assert "変更するには、その結果を(理由を付けて)訂正してください。" in shown.stderr
    assert 'traveller result correct --board 1 --ns 1 --ew 1 --reason "REASON"' in shown.stderr


def test_a_reason_refused_is_the_same_error_in_both_languages(
    played: tuple[Cli, Server, str],
) -> None:
    cli, server, event = played
    for language, words in (
        ("ja", "訂正の理由を入力してください"),
        ("en", "Give a reason for a correction"),
    ):
        by_cli = cli.run(
            "--lang", language, "result", "correct", "--event", event, "--board", "1",
            "--ns", "1", "--ew", "1", "--score-ns", "420", "--reason", " ", ok=False,
        )  # fmt: skip
        answer = server.client.post(
            SECTION.format(event=event) + f"/results/correct?lang={language}",
            json={"result": result(1, 1, 1, tricks=9), "reason": " "},
            headers=server.as_director(),
        )
        by_api = answer.json()
        assert answer.status_code == 422
        for shown in (by_cli, by_api):
            assert shown["code"] == "reason.required" and words in shown["message"]
            assert shown["fixes"] == [{"command": None, "fields": {}, "needs": ["reason"]}]
        assert '--reason "REASON"' in by_cli["hint"]


def test_an_unknown_event_is_the_same_error_in_both_languages(
    played: tuple[Cli, Server, str],
) -> None:
    cli, server, _ = played
    for language, words in (("ja", "大会を1つに特定できません"), ("en", "does not name one event")):
        by_cli = cli.run("--lang", language, "standings", "--event", "0000dead", ok=False)
        by_api = server.client.get(
            "/api/events/0000dead", headers={"Accept-Language": language}
        ).json()
        for shown in (by_cli, by_api):
            assert shown["code"] == "event.unknown" and words in shown["message"]
            assert shown["fixes"][0]["command"] == "event.list"
        assert "traveller event list" in by_cli["hint"]


def test_an_unknown_language_is_refused_by_the_cli() -> None:
    shown = invoke(["--lang", "fr", "event", "list"])
    assert shown.exit_code == 2 and "ja or en" in shown.output
