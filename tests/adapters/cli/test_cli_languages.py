"""The CLI in Japanese and English (issue 11: "the CLI's messages use the same catalogs,
``--lang ja|en`` or the locale"): every text it prints, its tables' titles and heads, its
confirmations, notes, refusals and the ``--help`` of every command and option come from
the ``cli`` catalog; JSON never changes with the language; names stay as entered."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from adapters import i18n
from adapters.cli import wording
from adapters.cli.events import ROUNDS_HELP
from tests.acceptance.cli import TRAVELLER, Cli, invoke

ROOT = Path(__file__).resolve().parents[3]
CONFIG = ROOT / "adapters" / "babel-cli.cfg"
KEYWORDS = {"tr": None, "tr_": None}
"""The cli catalog's markers (``pybabel extract --no-default-keywords -k tr -k tr_``)."""
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|\{\w*\}")


def catalog(language: str) -> Catalog:
    path = i18n.catalog_path(language, domain=wording.CLI)
    with path.open("rb") as po:
        return read_po(po, locale=language)


def extracted() -> set[str]:
    """The CLI's texts as ``pybabel extract -F adapters/babel-cli.cfg`` finds them: its
    ``tr``/``tr_`` texts and every help text of the command tree."""
    with CONFIG.open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    found = set()
    for _, _, message, _, _ in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS
    ):
        found.add(message if isinstance(message, str) else message[0])
    return found


def flat(text: str) -> str:
    """A help screen's text without its frame and line breaks (folded lines joined)."""
    return re.sub(r"[\s│╭╮╰╯─]", "", text)


def run(*args: str) -> tuple[int, str, str]:
    result = invoke(list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def demo() -> tuple[Cli, str]:
    """A store with a played, corrected, adjusted and published session (the demo)."""
    cli = Cli()
    code, _out, err = run("demo", "--store", cli.store, "--format", "json")
    assert code == 0, err
    event = cli.run("event", "list")[0]["id"]
    return cli, event


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """No locale of the machine running the tests decides the language."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


# ---- the catalog ------------------------------------------------------------------------


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_catalogs_hold_every_text_of_the_cli(language: str) -> None:
    ids = {m.id for m in catalog(language) if m.id}
    missing = extracted() - ids
    assert not missing, f"run pybabel extract and update (see adapters/babel-cli.cfg): {missing}"


def test_every_text_has_a_japanese_translation_with_its_placeholders() -> None:
    messages = [m for m in catalog("ja") if m.id]
    assert len(messages) > 500  # the help of every command and option, and what they print
    assert not [m.id for m in messages if not m.string or m.fuzzy]
    for m in messages:
        assert sorted(PLACEHOLDER.findall(str(m.id))) == sorted(
            PLACEHOLDER.findall(str(m.string))
        ), m.id


def test_the_help_of_every_command_and_option_is_catalogued() -> None:
    ids = {m.id for m in catalog("ja") if m.id}
    helps = {getattr(thing, name) for thing, name in wording._help_texts(TRAVELLER)}
    wording.told(TRAVELLER, "en")
    helps |= {getattr(thing, name) for thing, name in wording._help_texts(TRAVELLER)}
    assert not {h for h in helps if h} - ids


# ---- what the CLI prints ------------------------------------------------------------------


def test_a_confirmation_in_japanese_keeps_names_as_entered() -> None:
    cli = Cli()
    code, out, _ = run("--lang", "ja", "event", "create", "--name", "Tuesday pairs",
                       "--store", cli.store)  # fmt: skip
    assert code == 0
    assert "大会 'Tuesday pairs' を作成しました" in out
    assert "結果はどの順でも受け付けます" in out
    event = cli.run("event", "list")[0]["id"]
    code, out, _ = run("--lang", "ja", "entry", "add", "--event", event, "--player", "佐藤 一郎",
                       "--player", "Tom Brennan", "--store", cli.store)  # fmt: skip
    assert code == 0 and out.strip() == "エントリー E1 を登録しました:佐藤 一郎 – Tom Brennan"
    # The same command in English, in the same process: nothing of Japanese is left.
    code, out, _ = run("entry", "add", "--event", event, "--player", "A", "--player", "B",
                       "--store", cli.store)  # fmt: skip
    assert out.strip() == "Registered entry E2: A – B"


def test_tables_in_japanese(demo: tuple[Cli, str]) -> None:
    cli, event = demo
    code, out, _ = run("--lang", "ja", "standings", "--event", event, "--store", cli.store)
    assert code == 0
    assert "第1セッション" in out and "セクション A" in out
    for head in ("順位", "ペア", "名前", "スコア", "ボード"):
        assert head in out
    assert "Rank" not in out and "Names" not in out
    code, out, _ = run("--lang", "ja", "board", "1", "--event", event, "--store", cli.store)
    assert "ボード 1 — セクション A、ディーラー N" in out and "コントラクト" in out
    code, out, _ = run("--lang", "ja", "audit", "--event", event, "--board", "1",
                       "--store", cli.store)  # fmt: skip
    assert "監査記録 — Weekly pairs (demo, seed 1)" in out and "操作者" in out
    assert "EW pointed out the last trick was theirs" in out  # a reason, as entered


def test_the_locale_chooses_the_language_when_no_lang_is_given(
    demo: tuple[Cli, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    cli, event = demo
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    _, out, _ = run("standings", "--event", event, "--store", cli.store)
    assert "第1セッション" in out and "順位" in out
    _, out, _ = run("convert", "imps", "--difference", "420")
    assert out.strip() == "420 点 = 9 IMP"
    _, out, _ = run("--lang", "en", "standings", "--event", event, "--store", cli.store)
    assert "session 1" in out and "Rank" in out


def test_a_refusal_of_the_command_line_in_japanese(demo: tuple[Cli, str]) -> None:
    cli, event = demo
    code, _, err = run("--lang", "ja", "fouled", "--event", event, "--board", "2",
                       "--group", "x", "--store", cli.store)  # fmt: skip
    assert code == 1
    assert "'x' は NS ペア番号のグループではありません。" in err
    assert "1,3,5 のように" in err
    code, _, err = run("--lang", "ja", "event", "create", "--name", "X", "--date", "soon",
                       "--store", cli.store, "--format", "json")  # fmt: skip
    refused = json.loads(err)
    assert refused["message"] == "'soon' は日付ではありません。" and refused["language"] == "ja"


def test_an_unknown_language_is_refused_in_the_locale_s_words() -> None:
    code, _, err = run("--lang", "fr", "event", "list")
    assert code == 2 and "'fr' is not a language: give ja or en." in err


# ---- --help ----------------------------------------------------------------------------------


def test_help_in_japanese() -> None:
    code, out, _ = run("--lang", "ja", "event", "create", "--help")
    assert code == 0
    assert "使い方:" in out and "オプション" in out
    assert "大会を作成します" in out and "大会の名前。" in out and "[必須]" in out
    assert "[既定: A]" in out
    assert "このメッセージを表示して終了します。" in flat(out)  # click's own --help option
    assert "Create an event" not in out
    # --help before --lang, and the root's help: said in Japanese too.
    code, out, _ = run("--help", "--lang", "ja")
    assert "コマンド" in out and "メッセージの言語" in flat(out)
    # The tree is built once and shared: English comes back with it.
    code, out, _ = run("event", "create", "--help")
    assert "Create an event" in out and "Usage:" in out and "[required]" in out
    assert "大会" not in out


def test_help_in_the_locale_s_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    _code, out, _ = run("round", "--help")
    assert "ラウンドの開始と終了" in out and "ラウンドを開始します。" in out


def test_a_long_japanese_help_is_folded_not_cut() -> None:
    _, out, _ = run("--lang", "ja", "event", "create", "--help")
    said = wording.catalog("ja").gettext(ROUNDS_HELP)
    assert said != ROUNDS_HELP and flat(said) in flat(out)


# ---- JSON is the same in both languages ------------------------------------------------------

READS = [
    ("standings",),
    ("board", "3", "--section", "B"),
    ("card", "--pair", "NS1"),
    ("seating", "--round", "2"),
    ("audit", "--board", "1"),
    ("entry", "list"),
    ("totals",),
    ("replay", "--at", "40"),
    ("diff", "--from", "40"),
    ("what-if", "--board", "1", "--ns", "1", "--ew", "1", "--score-ns", "-100"),
]


@pytest.mark.parametrize("args", READS, ids=lambda a: a[0])
def test_json_is_the_same_in_both_languages(demo: tuple[Cli, str], args: tuple[str, ...]) -> None:
    cli, event = demo

    def said(language: str) -> Any:
        code, out, err = run("--lang", language, *args, "--event", event,
                             "--store", cli.store, "--format", "json")  # fmt: skip
        assert code == 0, err
        return json.loads(out)

    assert said("ja") == said("en")


@pytest.mark.parametrize(
    "args",
    [("movement", "show", "mitchell", "--tables", "4"), ("movement", "list"),
     ("convert", "vp", "--imps", "12", "--boards", "8")],
    ids=lambda a: a[1],
)  # fmt: skip
def test_json_without_an_event_is_the_same_in_both_languages(args: tuple[str, ...]) -> None:
    outputs = [run("--lang", language, *args, "--format", "json")[1] for language in ("ja", "en")]
    assert outputs[0] == outputs[1] and json.loads(outputs[0])
