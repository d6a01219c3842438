"""Entries put right and sessions seated, through ``traveller`` as a director types it
(issue 14, dead ends): a player renamed, a member number changed, two seats swapped, a
substitute from a round on, a withdrawn pair replaced, entries of a results-only section
seated by number, a PBN file's names become entries, and the guide's two-session
interwoven Howell recipe run as the guide prints it.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

from adapters.cli.common import open_app
from engine.testing import play_movement
from tests.acceptance.cli import Cli

GUIDE = Path(__file__).parents[2] / "docs" / "user-guide.md"


def club_night(pairs: int = 14) -> tuple[Cli, str]:
    cli = Cli()
    event = cli.run("event", "create", "--name", "Tuesday pairs")["id"]
    for i in range(1, pairs + 1):
        cli.run(
            "entry", "add", "--event", event, "--player", f"North {i}", "--player", f"South {i}"
        )
    return cli, event


def rows(cli: Cli, event: str, session: int = 1) -> dict[str, dict[str, Any]]:
    shown = cli.run("standings", "--event", event, "--session", str(session))
    return {
        f"{'' if f['name'] == 'ALL' else f['name']}{r['pair']}": r
        for f in shown["fields"]
        if f["name"] in ("ALL", "NS", "EW")
        for r in f["rows"]
    }


def audit_types(cli: Cli, event: str) -> list[str]:
    return [a["type"] for a in cli.run("audit", "--event", event)]


def test_a_director_puts_entries_right_and_the_audit_shows_each_change() -> None:
    cli, event = club_night()
    cli.run("movement", "assign", "--event", event, "--family", "howell", "--boards-per-round", "2")
    renamed = cli.run(
        "entry", "rename", "--event", event, "--entry", "E3", "--player", "2",
        "--name", "Tanaka Aoi", "--reason", "misspelt",
    )  # fmt: skip
    assert renamed == {"entry": "E3", "names": ["North 3", "Tanaka Aoi"]}
    member = cli.run(
        "entry", "member", "--event", event, "--entry", "E3", "--player", "Tanaka Aoi",
        "--member", "10877",
    )  # fmt: skip
    assert member["members"] == [None, "10877"]
    swapped = cli.run("entry", "swap", "--event", event, "1", "2", "--reason", "cannot move")
    assert swapped["seats"]["1"] == "E2" and swapped["seats"]["2"] == "E1"
    sub = cli.run(
        "entry", "substitute", "--event", event, "--entry", "E3", "--player", "1",
        "--name", "Ito Ken", "--from-round", "10", "--reason", "North 3 went home",
    )  # fmt: skip
    assert sub["from_round"] == 10
    app = open_app(cli.store)
    eid = app.resolve_event(event)
    play_movement(app, eid)
    shown = rows(cli, event)
    assert shown["3"]["names"] == ["North 3", "Tanaka Aoi"]  # 9 of the 13 rounds
    assert shown["3"]["substitutes"] == [
        {"player": "North 3", "substitute": "Ito Ken", "from_round": 10}
    ]
    assert shown["1"]["names"] == ["North 2", "South 2"]
    table = cli.text("standings", "--event", event)
    assert "Ito Ken for North 3 from round 10" in table
    listed = {e["entry"]: e for e in cli.run("entry", "list", "--event", event)}
    assert listed["E3"]["substitutes"] == "Ito Ken for North 3 from round 10"
    trail = cli.run("audit", "--event", event)
    changes = {a["type"]: a for a in trail}
    for kind in ("PlayerRenamed", "MemberNumberChanged", "SeatsSwapped", "PlayerSubstituted"):
        assert kind in changes
    assert changes["PlayerRenamed"]["reason"] == "misspelt"
    assert changes["SeatsSwapped"]["section"] == "A"
    # After play a swap would hand results to another entry: refused, nothing written.
    before = audit_types(cli, event)
    refused = cli.run("entry", "swap", "--event", event, "4", "5", ok=False)
    assert "already has results" in refused["message"]
    assert audit_types(cli, event) == before


def test_a_withdrawn_pair_is_replaced_by_the_next_one_added() -> None:
    """Withdrawing a seated pair and adding another failed with "no empty seat"."""
    cli, event = club_night()
    cli.run("movement", "assign", "--event", event, "--family", "mitchell")
    full = cli.run("entry", "add", "--event", event, "--player", "A", "--player", "B", ok=False)
    assert "no empty seat" in full["message"] and "entry withdraw" in full["hint"]
    cli.run("entry", "withdraw", "--event", event, "--entry", "E4", "--reason", "unwell")
    added = cli.run("entry", "add", "--event", event, "--player", "Ito", "--player", "Mori")
    listed = {e["entry"]: e for e in cli.run("entry", "list", "--event", event)}
    assert listed[added["entry"]]["pair"] == "NS 4" and listed["E4"]["withdrawn"]


CSV = """board,ns,ew,score_ns
1,1,2,420
1,3,4,450
"""


def test_a_results_only_section_seats_its_entries_by_pair_number(tmp_path: Path) -> None:
    """Entries registered with --pair N stayed unseated: standings showed no names."""
    cli = Cli()
    event = cli.run("event", "create", "--name", "Paper travellers")["id"]
    for pair, (north, south) in {"1": ("Sato", "Ito"), "4": ("Mori", "Kato")}.items():
        cli.run(
            "entry", "add", "--event", event, "--player", north, "--player", south,
            "--pair", pair,
        )  # fmt: skip
    file = tmp_path / "night.csv"
    file.write_text(CSV)
    cli.run("import", "travellers", str(file), "--event", event, "--numbering", "howell")
    shown = rows(cli, event)
    assert shown["1"]["names"] == ["Sato", "Ito"] and shown["4"]["names"] == ["Mori", "Kato"]
    assert shown["2"]["names"] == []
    late = cli.run("entry", "add", "--event", event, "--player", "Abe", "--player", "Ota",
                   "--pair", "2")  # fmt: skip
    assert rows(cli, event)["2"]["names"] == ["Abe", "Ota"] and late["entry"] == "E3"
    wrong = cli.run("entry", "add", "--event", event, "--player", "X", "--player", "Y",
                    "--pair", "NS3", ok=False)  # fmt: skip
    assert "write 3, not NS3" in wrong["message"]


PBN = r"""% PBN 2.1
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[ScoreTable "PairId_NS;PairId_EW;Names_NS;Names_EW;Contract;Declarer;Result"]
1 2 "Sato Haruki;Tanaka Aoi" "Mori Jun;Kato Yu" 4S N 10
3 4 "Abe Ken;Ota Mai" "Ueda Jo;Kudo Rin" 3NT S 9
"""


def test_a_pbn_files_players_become_the_sections_entries(tmp_path: Path) -> None:
    cli = Cli()
    event = cli.run("event", "create", "--name", "From the club's scorer")["id"]
    file = tmp_path / "club.pbn"
    file.write_text(PBN)
    done = cli.run("import", "pbn", str(file), "--event", event, "--numbering", "mitchell")
    assert done == {"imported": 2, "entries_registered": 4}
    shown = rows(cli, event)
    assert shown["NS1"]["names"] == ["Sato Haruki", "Tanaka Aoi"]
    assert shown["EW4"]["names"] == ["Ueda Jo", "Kudo Rin"]
    assert "EntryRegistered" in audit_types(cli, event)


# ---- the guide's recipe ---------------------------------------------------------------------


def recipe(marker: str) -> list[str]:
    """The commands of the guide's ``sh`` block that contains ``marker``, as printed
    (continued lines joined; a ``# session N is played`` line kept as a step)."""
    blocks = re.findall(r"```sh\n(.*?)```", GUIDE.read_text(), flags=re.DOTALL)
    block = next(b for b in blocks if marker in b)
    return [line for line in block.replace("\\\n", " ").splitlines() if line.strip()]


def test_the_guides_two_session_interwoven_howell_runs_as_printed() -> None:
    """Session 2 used to say "No entries are registered"; with --tables it seated nobody,
    and the totals listed 52 contestants for 26 pairs."""
    cli, event = club_night(26)
    app = open_app(cli.store)
    eid = app.resolve_event(event)
    steps = recipe("session seat --event 6f1c --session 2 --from-session 1")
    assert any(s.startswith("traveller movement assign") for s in steps)
    results: list[Any] = []
    for step in steps:
        played = re.fullmatch(r"# session (\d+) is played", step.strip())
        if played:
            play_movement(app, eid, session=int(played[1]))
            continue
        words = shlex.split(step)
        assert words[0] == "traveller", step
        results.append(cli.run(*(event if w == "6f1c" else w for w in words[1:])))
    totals = results[-1]
    everyone = totals["fields"][0]["rows"]
    assert len(everyone) == 26
    assert all(len(r["sessions"]) == 2 for r in everyone)
    assert {tuple(r["entries"]) for r in everyone} == {(f"E{i}", f"E{i}") for i in range(1, 27)}
