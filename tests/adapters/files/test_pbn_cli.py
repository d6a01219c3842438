"""PBN at the command line: results files with their deals, hand records imported and
dealt from a seed, and a session exported and imported back to the same standings."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.cli.common import open_app
from adapters.files.pbn import parse_pbn
from engine.application import Traveller
from engine.bridge import possible_scores_ns
from engine.deals import analysis_available, generate, parse_deal
from engine.scoring import Award
from engine.section import ResultEntry
from engine.testing import play_movement
from engine.tournament import Player
from tests.acceptance.cli import Cli, invoke
from tests.adapters.files.test_pbn_quirks import DEAL_1, ONE_GAME_PER_TABLE, SIT_OUT


def new_event(cli: Cli, *options: str) -> str:
    event: str = cli.run("event", "create", "--name", "Club night", *options)["id"]
    return event


def write(folder: Path, name: str, text: str) -> str:
    file = folder / name
    file.write_text(text, encoding="utf-8")
    return str(file)


# ---- results files ------------------------------------------------------------------------


def test_a_one_game_per_table_file_imports_with_its_deal_and_its_numbering(
    tmp_path: Path,
) -> None:
    cli = Cli()
    event = new_event(cli)
    file = write(tmp_path, "online.pbn", ONE_GAME_PER_TABLE)
    # 90 for NS 1NT making 7 is right; EW 2C making 8 is +90 for EW, 2H one down +50 NS.
    done = cli.run("import", "pbn", file, "--event", event, "--numbering", "howell")
    assert done == {"imported": 3, "deals_recorded": [1]}
    board = cli.run("board", "1", "--event", event)
    assert board["deal"]["pbn"] == DEAL_1
    assert [r["score_ns"] for r in board["results"]] == [90, -90, 50]
    shown = cli.text("board", "1", "--event", event)
    card = cli.text("card", "--pair", "1", "--event", event)
    assert "♠ AKQJ" in shown
    if analysis_available():
        assert "Par: NS +80 (1S N, 1S S)" in shown
        assert "Board 1: Par: NS +80 (1S N, 1S S)" in card


def test_the_numbering_comes_from_the_pair_numbers_when_they_show_it(tmp_path: Path) -> None:
    cli = Cli()
    event = new_event(cli)
    howell = SIT_OUT + (
        '\n[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        "2 1 3NT S 9 400\n"
    )
    assert cli.run("import", "pbn", write(tmp_path, "ruter.pbn", howell), "--event", event) == {
        "imported": 2
    }
    assert open_app(cli.store).section(open_app(cli.store).resolve_event(event)).numbering == (
        "howell"
    )


def test_a_score_that_does_not_match_its_contract_refuses_the_whole_file(tmp_path: Path) -> None:
    cli = Cli()
    event = new_event(cli)
    before = cli.position
    text = ONE_GAME_PER_TABLE.replace('[Score "NS 90"]', '[Score "NS 100"]')
    refused = cli.run(
        "import", "pbn", write(tmp_path, "bad.pbn", text), "--event", event,
        "--numbering", "howell", ok=False,
    )  # fmt: skip
    assert refused["error"] == "InvalidFile"
    assert any(p.startswith("line 11:") for p in refused["problems"])
    assert cli.position == before  # neither the results nor the deal


def test_a_results_file_dealing_a_board_otherwise_is_refused_whole(tmp_path: Path) -> None:
    cli = Cli()
    event = new_event(cli)
    app = open_app(cli.store)
    app.record_deals(app.resolve_event(event), generate([1], seed=3), source="earlier.pbn")
    before = cli.position
    file = write(tmp_path, "online.pbn", ONE_GAME_PER_TABLE)
    refused = cli.run("import", "pbn", file, "--event", event, "--numbering", "howell", ok=False)
    assert any("already has other deals for boards 1" in p for p in refused["problems"])
    assert cli.position == before


# ---- hand records -----------------------------------------------------------------------------


def test_deals_import_records_a_hand_record_and_show_gives_it_back(tmp_path: Path) -> None:
    cli = Cli()
    event = new_event(cli)
    text = f'[Board "1"]\n[Deal "{DEAL_1}"]\n\n[Board "2"]\n[Deal "#"]\n'
    done = cli.run("deals", "import", write(tmp_path, "hands.pbn", text), "--event", event)
    assert done == {"session": 1, "recorded": [1, 2], "given": 2}
    shown = cli.run("deals", "show", "--event", event)
    assert [d["board"] for d in shown["deals"]] == [1, 2]
    assert shown["deals"][0]["pbn"] == DEAL_1
    one = cli.run("deals", "show", "--event", event, "--board", "2")["deals"]
    assert [d["board"] for d in one] == [2]
    again = cli.run("deals", "import", str(tmp_path / "hands.pbn"), "--event", event)
    assert again["recorded"] == []
    human = cli.text("deals", "show", "--event", event, "--board", "1")
    assert "Board 1" in human and "AKQJ" in human


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n', "E's hand is not given"),
        ('[Board "1"]\n[Dealer "N"]\n', "the file has no deals"),
        ('[Deal "' + DEAL_1 + '"]\n', "no [Board] tag"),
    ],
)
def test_a_hand_record_with_a_wrong_deal_records_nothing(
    tmp_path: Path, text: str, words: str
) -> None:
    cli = Cli()
    event = new_event(cli)
    before = cli.position
    refused = cli.run(
        "deals", "import", write(tmp_path, "hands.pbn", text), "--event", event, ok=False
    )
    assert any(words in p for p in refused["problems"]), refused
    assert cli.position == before


def test_deals_generate_deals_a_club_evening_from_its_seed() -> None:
    cli = Cli()
    event = new_event(cli)
    done = cli.run("deals", "generate", "--seed", "42", "--boards", "1-3,5", "--event", event)
    assert done == {"session": 1, "recorded": [1, 2, 3, 5], "given": 4, "seed": 42}
    shown = cli.run("deals", "show", "--event", event)["deals"]
    assert [parse_deal(d["pbn"]) for d in shown] == list(generate([1, 2, 3, 5], 42).values())
    refused = cli.run(
        "deals", "generate", "--seed", "43", "--boards", "1", "--event", event, ok=False
    )
    assert refused["error"] == "Rejected"
    assert cli.run(
        "deals", "generate", "--seed", "43", "--boards", "1", "--event", event, "--replace"
    )["recorded"] == [1]
    bad = cli.run("deals", "generate", "--seed", "1", "--boards", "x", "--event", event, ok=False)
    assert bad["error"] == "InvalidInput"


# ---- export and import back -----------------------------------------------------------------


def played(app: Traveller, family: str, pairs: int, **options: Any) -> str:
    event = app.create_event("Tuesday pairs", club="Yotsuya BC")
    for i in range(1, pairs + 1):
        app.register_entry(event, [Player(name=f"Player {i}N"), Player(name=f"Player {i}S")])
    app.assign_movement(event, family, options={"boards_per_round": 2, **options})
    app.generate_deals(event, seed=2026)
    play_movement(app, event)
    return str(event)


def standings_of(cli: Cli, event: str) -> list[Any]:
    fields = cli.run("standings", "--event", event)["fields"]
    return [
        [(r["rank"], r["pair"], r["names"], r["score"], r["percentage"]) for r in f["rows"]]
        for f in fields
    ]


@pytest.mark.parametrize(
    ("family", "pairs", "scoring"),
    [("mitchell", 8, "matchpoints"), ("howell", 8, "matchpoints"), ("mitchell", 8, "cross-imps")],
)
def test_an_exported_session_imports_into_a_new_event_with_the_same_standings(
    tmp_path: Path, family: str, pairs: int, scoring: str
) -> None:
    cli = Cli()
    app = open_app(cli.store)
    event = played(app, family, pairs)
    if scoring != "matchpoints":
        app.rescore(app.resolve_event(event), scoring, {}, reason="the conditions say so")
    file = tmp_path / "session.pbn"
    done = cli.run("export", "pbn", "--event", event, str(file))
    assert done["boards"] == len(app.section(app.resolve_event(event)).movement.boards)  # type: ignore[union-attr]
    text = file.read_text(encoding="utf-8")
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    found = parse_pbn(text)
    assert found.problems == []
    assert found.deals == app.session_deals(app.resolve_event(event))
    copy = new_event(cli)
    imported = cli.run("import", "pbn", str(file), "--event", copy, "--scoring", scoring)
    assert imported["imported"] == len(found.rows)
    assert imported["entries_registered"] == pairs
    assert standings_of(cli, copy) == standings_of(cli, event)
    assert cli.run("deals", "show", "--event", copy) == cli.run("deals", "show", "--event", event)


def test_adjusted_assigned_and_weighted_scores_export_and_import_back(tmp_path: Path) -> None:
    cli = Cli()
    app = open_app(cli.store)
    event = app.create_event("Tuesday pairs")
    for i in range(1, 9):
        app.register_entry(event, [Player(name=f"Player {i}N"), Player(name=f"Player {i}S")])
    app.assign_movement(event, "mitchell", options={"boards_per_round": 2})

    def result(board: int, encounter: Any) -> ResultEntry:
        contract = "PASS" if board == 2 else "3NT"
        declarer = None if board == 2 else "S"
        tricks = None if board == 2 else 9
        return ResultEntry(
            board=board, ns=encounter.ns, ew=encounter.ew, contract=contract,
            declarer=declarer, tricks=tricks, round=encounter.round, table=encounter.table,
        )  # fmt: skip

    movement = app.section(event).movement
    assert movement is not None
    play_movement(app, event, result=result, rounds=movement.rounds - 1)
    first, second, third, fourth = movement.round(movement.rounds)[:4]
    app.adjust(
        event, board=first.boards[0], ns=first.ns, ew=first.ew, neutral=True, reason="fouled"
    )
    app.adjust(
        event, board=second.boards[0], ns=second.ns, ew=second.ew,
        award_ns=Award.parse("A60"), award_ew=Award.parse("A40"), reason="slow play",
    )  # fmt: skip
    board = third.boards[0]
    game = next(s for s in (400, 600) if s in possible_scores_ns(board))
    app.assign_score(
        event, board=board, ns=third.ns, ew=third.ew, outcomes=[(Fraction(1), game)], reason="r"
    )
    board = fourth.boards[0]
    weighted = [
        (Fraction(2, 3), next(s for s in (400, 600) if s in possible_scores_ns(board))),
        (Fraction(1, 3), next(s for s in (-50, -100) if s in possible_scores_ns(board))),
    ]
    app.assign_score(event, board=board, ns=fourth.ns, ew=fourth.ew, outcomes=weighted, reason="r")
    file = tmp_path / "session.pbn"
    cli.run("export", "pbn", "--event", str(event), str(file))
    text = file.read_text(encoding="utf-8")
    assert " A60 A40 " in text and " A A " in text
    assert f" ^{game} " in text
    assert f" ^2/3:{weighted[0][1]},1/3:{weighted[1][1]} " in text
    copy = new_event(cli)
    cli.run("import", "pbn", str(file), "--event", copy, "--numbering", "mitchell")
    assert standings_of(cli, copy) == standings_of(cli, str(event))


def test_export_into_a_missing_folder_writes_nothing(tmp_path: Path) -> None:
    cli = Cli()
    event = new_event(cli)
    refused = cli.run("export", "pbn", "--event", event, str(tmp_path / "no" / "f.pbn"), ok=False)
    assert refused["error"] == "NotFound"


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_a_mutated_file_is_imported_whole_or_refused_with_nothing_written(
    tmp_path: Path, data: st.DataObject
) -> None:
    text = data.draw(st.sampled_from((ONE_GAME_PER_TABLE, SIT_OUT)))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        piece = data.draw(st.text(alphabet='[]"\\ ;-#:.\nAKQJT0123456789NSEWBye', max_size=5))
        text = text[:at] + piece + text[at + data.draw(st.integers(0, 5)) :]
    cli = Cli()
    event = new_event(cli)
    file = write(tmp_path, "mutated.pbn", text)
    for command in (("import", "pbn", file, "--numbering", "howell"), ("deals", "import", file)):
        before = cli.position
        result = invoke([*command, "--event", event, "--store", cli.store, "--format", "json"])
        assert result.exit_code in (0, 1), result.stderr  # 70 would be a bug
        if result.exit_code == 1:
            assert cli.position == before


def test_a_session_of_two_sections_exports_and_imports_back_section_by_section(
    tmp_path: Path,
) -> None:
    cli = Cli()
    app = open_app(cli.store)
    event = app.create_event("Two sections", sections=("A", "B"))
    for section in ("A", "B"):
        for i in range(1, 9):
            app.register_entry(
                event, [Player(name=f"{section}{i}N"), Player(name=f"{section}{i}S")],
                section=section,
            )  # fmt: skip
        app.assign_movement(event, "mitchell", section=section, options={"boards_per_round": 2})
        play_movement(app, event, section=section)
    file = tmp_path / "session.pbn"
    cli.run("export", "pbn", "--event", str(event), str(file))
    assert '[ScoreTable "Section\\1R;' in file.read_text(encoding="utf-8")
    copy = cli.run("event", "create", "--name", "Copy", "--sections", "A,B")["id"]
    for section in ("A", "B"):
        done = cli.run("import", "pbn", str(file), "--event", copy, "--section", section)
        assert done["entries_registered"] == 8
    assert standings_of(cli, copy) == standings_of(cli, str(event))
