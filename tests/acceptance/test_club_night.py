"""A weekly game run from start to finish through the ``traveller`` command."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.testing import flat_score
from tests.acceptance.cli import Cli, invoke


@pytest.fixture
def night() -> tuple[Cli, str]:
    """A 7-table Mitchell with 13 pairs (a phantom), rounds 1 and 2 played."""
    cli = Cli()
    event = cli.run(
        "event", "create", "--name", "Tuesday pairs", "--date", "2026-11-24", "--club", "Yotsuya BC"
    )["id"]
    for i in range(1, 14):
        cli.run(
            "entry",
            "add",
            "--event",
            event,
            "--player",
            f"North {i}",
            "--member",
            f"1{i:04d}",
            "--player",
            f"South {i}",
            "--member",
            f"2{i:04d}",
        )
    seated = cli.run(
        "movement", "assign", "--event", event, "--family", "mitchell", "--boards-per-round", "3"
    )
    assert (seated["tables"], seated["rounds"], seated["phantom"]) == (7, 7, "NS7")
    assert seated["seats"]["NS1"] == "E1" and seated["seats"]["EW7"] == "E13"
    from adapters.cli.common import open_app

    movement = open_app(cli.store).section(open_app(cli.store).resolve_event(event)).movement
    assert movement is not None
    for rnd in (1, 2):
        cli.run("round", "start", "--event", event, str(rnd))
        for e in movement.round(rnd):
            if e.ns == 7:
                continue  # the phantom's table sits out
            for b in e.boards:
                r = flat_score(b, e)
                cli.run(
                    "result",
                    "add",
                    "--event",
                    event,
                    "--board",
                    str(b),
                    "--ns",
                    str(e.ns),
                    "--ew",
                    str(e.ew),
                    "--contract",
                    "4 s",
                    "--declarer",
                    "n",
                    "--tricks",
                    str(r.tricks),
                    "--lead",
                    "HK",
                )
        ended = cli.run("round", "end", "--event", event, str(rnd))
        assert ended["missing"] == []
    return cli, event


def test_standings_and_traveller_json(night: tuple[Cli, str]) -> None:
    cli, event = night
    standings = cli.run("standings", "--event", event)
    assert standings["event"] == event and standings["session"] == 1
    assert [f["name"] for f in standings["fields"]] == ["NS", "EW"]
    ns, ew = standings["fields"]
    assert ns["top"] == 5  # seven tables less the phantom's: six plays a board
    assert len(ns["rows"]) == 6 and len(ew["rows"]) == 7
    row = ns["rows"][0]
    assert set(row) == {"rank", "pair", "names", "score", "percentage", "boards_played"}
    assert row["names"][0].startswith("North")
    assert all(isinstance(r["score"], str) and "." in r["score"] for r in ew["rows"])
    # The EW pairs that met the phantom played 3 boards, the others 6: their totals are
    # factored up by 6/3, as the manual's 10/9 example (part 2, ch. 4 §8).
    short = [r for r in ew["rows"] if r["boards_played"] == 3]
    assert len(short) == 2 and all(r["boards_played"] == 6 for r in ns["rows"])
    assert float(short[0]["score"]) == pytest.approx(
        float(short[0]["percentage"]) / 100 * 5 * 6, abs=0.01
    )
    board = cli.run("board", "1", "--event", event)
    assert set(board) >= {"board", "section", "dealer", "vulnerability", "top", "results"}
    assert board["results"][0]["contract"] == "4S" and board["results"][0]["lead"] == "HK"
    assert set(board["results"][0]) >= {
        "ns",
        "ew",
        "contract",
        "declarer",
        "tricks",
        "score_ns",
        "mp_ns",
        "mp_ew",
    }
    assert "Tuesday pairs" in cli.text("standings", "--event", event[:8])


def test_corrections_adjustments_and_the_audit_trail(night: tuple[Cli, str]) -> None:
    cli, event = night
    before = cli.position
    refused = cli.run(
        "result",
        "correct",
        "--event",
        event,
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "1",
        "--contract",
        "4S",
        "--declarer",
        "N",
        "--tricks",
        "12",
        ok=False,
    )
    assert refused["error"] == "ReasonRequired" and cli.position == before
    cli.run(
        "result",
        "correct",
        "--event",
        event,
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "1",
        "--contract",
        "4S",
        "--declarer",
        "N",
        "--tricks",
        "12",
        "--reason",
        "12 tricks, not 9",
        "--actor",
        "TD Kojima",
    )
    cli.run(
        "adjust",
        "--event",
        event,
        "--board",
        "2",
        "--ns",
        "1",
        "--ew",
        "1",
        "--ns-score",
        "A+",
        "--ew-score",
        "A-",
        "--reason",
        "revoke",
        "--law",
        "64",
    )
    cli.run(
        "adjust",
        "--event",
        event,
        "--board",
        "3",
        "--ns",
        "1",
        "--ew",
        "1",
        "--neutral",
        "--reason",
        "board fouled at this table",
    )
    trail = cli.run("audit", "--event", event, "--board", "1")
    assert [t["type"] for t in trail] == ["ResultRecorded", "ResultCorrected"]
    assert (trail[1]["actor"], trail[1]["reason"]) == ("TD Kojima", "12 tricks, not 9")
    assert trail[1]["data"]["result"]["score_ns"] == 480
    by_kojima = cli.run("audit", "--event", event, "--actor", "TD Kojima")
    assert [t["type"] for t in by_kojima] == ["ResultCorrected"]
    pair = cli.run("audit", "--event", event, "--pair", "NS1")
    assert {t["type"] for t in pair} >= {"ResultCorrected", "ScoreAdjusted", "BoardDeclaredNeutral"}
    traveller = cli.run("board", "2", "--event", event)
    adjusted = next(r for r in traveller["results"] if r["ns"] == 1)
    assert adjusted["adjusted"] == "A+/A-"

    changes = cli.run("diff", "--event", event, "--from", str(before))
    assert {c["pair"] for c in changes if c["field"] == "NS"} >= {1}
    replayed = cli.run("replay", "--event", event, "--at", str(before))
    now = cli.run("standings", "--event", event)
    assert replayed != now
    latest = cli.run("replay", "--event", event, "--at", str(cli.position))
    assert latest.pop("as_of")["position"] == cli.position  # the store holds this event only
    assert latest == now


def test_what_if_shows_the_change_and_writes_nothing(night: tuple[Cli, str]) -> None:
    cli, event = night
    before = cli.position
    standings = cli.run("standings", "--event", event)
    # Board 4 was played twice (NS 2 v EW 2, then NS 1 v EW 7): a disaster for NS 1.
    changes = cli.run(
        "what-if",
        "--event",
        event,
        "--board",
        "4",
        "--ns",
        "1",
        "--ew",
        "7",
        "--contract",
        "4SX",
        "--declarer",
        "N",
        "--tricks",
        "4",
    )
    assert changes and any(c["pair"] == 1 and c["field"] == "NS" for c in changes)
    assert cli.position == before
    assert cli.run("standings", "--event", event) == standings


def test_close_and_publish(night: tuple[Cli, str]) -> None:
    cli, event = night
    refused = cli.run("session", "publish", "--event", event, ok=False)
    assert "close" in refused["hint"].lower()
    unfinished = cli.run("session", "close", "--event", event, ok=False)
    assert unfinished["error"] == "ResultsMissing"  # only two rounds were played
    cli.run("session", "close", "--event", event, "--reason", "the evening ended early")
    published = cli.run("session", "publish", "--event", event)
    assert published["method"] == "matchpoints" and published["method_version"]
    assert len(published["digest"]) == 64
    refused = cli.run(
        "result",
        "add",
        "--event",
        event,
        "--board",
        "7",
        "--ns",
        "1",
        "--ew",
        "3",
        "--contract",
        "3NT",
        "--declarer",
        "S",
        "--tricks",
        "9",
        ok=False,
    )
    assert "closed" in refused["message"]


def test_withdrawn_and_late_pairs(night: tuple[Cli, str]) -> None:
    cli, event = night
    late = cli.run("entry", "add", "--event", event, "--player", "Late", "--player", "Comer")
    entries = {e["entry"]: e for e in cli.run("entry", "list", "--event", event)}
    assert entries[late["entry"]]["pair"] == "NS 7" and entries[late["entry"]]["late"]
    cli.run("entry", "withdraw", "--event", event, "--entry", "E2", "--reason", "unwell")
    refused = cli.run(
        "result",
        "add",
        "--event",
        event,
        "--board",
        "7",
        "--ns",
        "2",
        "--ew",
        "3",
        "--contract",
        "3NT",
        "--declarer",
        "S",
        "--tricks",
        "9",
        ok=False,
    )
    assert "withdrawn" in refused["message"]


BAD_FILE = """board,ns,ew,contract,declarer,tricks,score_ns,adjusted
1,1,1,4S,N,10,,
2,1,1,8S,N,10,,
3,1,1,4S,N,14,,
x,1,1,4S,N,10,,
4,1,1,4S,N,10,,
1,1,1,3NT,S,9,,
5,1,1,4S,N,10,450,
6,1,1,,,,,A+/B
"""


def test_a_bad_file_is_refused_whole_with_every_problem_listed(
    night: tuple[Cli, str], tmp_path: Path
) -> None:
    cli, _ = night
    other = cli.run("event", "create", "--name", "Paper")["id"]
    file = tmp_path / "bad.csv"
    file.write_text(BAD_FILE)
    before = cli.position
    error = cli.run(
        "import", "travellers", str(file), "--event", other, "--numbering", "mitchell", ok=False
    )
    assert cli.position == before
    lines = [p.split(":")[0] for p in error["problems"]]
    assert lines == ["line 3", "line 4", "line 5", "line 7", "line 8", "line 9"]
    text = " ".join(error["problems"])
    # A file's row says "correct that result"; the command line is the CLI's wording of a
    # single error's fix (docs/decisions/0021), not of a file's rows.
    assert "8S" in text and "14" in text and "correct that result" in text and "620" in text
    human = invoke(
        [
            "import",
            "travellers",
            str(file),
            "--event",
            other,
            "--numbering",
            "mitchell",
            "--store",
            cli.store,
        ],
    )
    said = " ".join(human.stderr.split())
    assert human.exit_code == 1
    assert "nothing was written" in said and "- line 3: 8S is not a contract" in said


def test_unknown_things_are_named(night: tuple[Cli, str]) -> None:
    cli, event = night
    assert cli.run("standings", "--event", "feedface", ok=False)["error"] == "NotFound"
    missing = cli.run("board", "99", "--event", event, ok=False)
    assert "Board 99" in missing["message"]
    wrong = cli.run(
        "result",
        "add",
        "--event",
        event,
        "--section",
        "Q",
        "--board",
        "1",
        "--ns",
        "1",
        "--ew",
        "1",
        "--score-ns",
        "420",
        ok=False,
    )
    assert "no section 'Q'" in wrong["message"]


def test_the_demo_plays_a_whole_session() -> None:
    cli = Cli()
    shown = cli.run("demo", "--seed", "7")
    assert [(f["section"], f["name"]) for f in shown["fields"]] == [
        ("A", "NS"),
        ("A", "EW"),
        ("B", "ALL"),
    ]
    assert [len(f["rows"]) for f in shown["fields"]] == [7, 7, 12]
    assert all(r["boards_played"] == 21 for r in shown["fields"][0]["rows"])
    assert all(r["boards_played"] == 22 for r in shown["fields"][2]["rows"])
    trail = cli.run("audit", "--event", shown["event"])
    kinds = {t["type"] for t in trail}
    assert {
        "ResultCorrected",
        "ScoreAdjusted",
        "BoardDeclaredNeutral",
        "ResultsPublished",
        "PairsSeated",
        "RoundStarted",
        "RoundEnded",
    } <= kinds
