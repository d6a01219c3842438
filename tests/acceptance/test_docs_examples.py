"""Every command the README and the director's guide show runs as written.

The lines of each ```` ```sh ```` block that run ``traveller`` (or ``.venv/bin/traveller``;
a line may hold several commands joined by ``&&`` and go on after a ``\\``) are run in
the order of the document through the real command tree (:mod:`tests.acceptance.cli`),
on a fresh store of the document's own: a SQLite file named by ``TRAVELLER_STORE``, as a
director's shell names it. Each must succeed. A block that shows the shape of a command
rather than a command (``FAMILY``, ``[--rounds R]``) is fenced as ``text``, not ``sh``.

The event id ``6f1c`` stands for the event the example is about: the last one created by
``event create`` or ``demo``, written as the start of its id (any unique start works), or
the one a scene chooses. The files an example reads are written by the test: the guide's
own CSV block for ``night.csv``, a club's PBN export for ``club.pbn``.

Where a document leaves something out ("# … one line per pair", "# session 1 is
played"), or an example is about another kind of event (an individual, a team league), a
*scene* prepares the store before the example that needs it, with the application's and
the command line's own commands. A document's scenes are listed in its order, each with
the start of the command it comes before (``$`` at the end: the whole command); each
runs once, before the first example after the previous scene's that it matches, and
every scene must run (one whose example changed is reported). The evening happens when
the guide says it does: the clock starts at 18:00 on 2026-11-24 in Tokyo and moves on
five seconds an action, so the guide's ``--time`` examples are moments of it.
"""

from __future__ import annotations

import datetime as dt
import re
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from uuid import UUID

import pytest

from adapters.cli.common import open_app
from engine import events as engine_events
from engine.application import Traveller
from engine.deals import generate
from engine.section import ResultEntry
from engine.tournament import Player
from tests.acceptance.cli import invoke
from tests.adapters.test_pbn import CLUB_NIGHT

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = "6f1c"
UUID_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


@dataclass(frozen=True)
class Example:
    """One ``traveller`` command of a document, as written."""

    doc: str
    line: int
    text: str

    @property
    def args(self) -> list[str]:
        """The command's words after ``traveller``."""
        return shlex.split(self.text, comments=True)[1:]

    def __str__(self) -> str:
        return f"{self.doc}:{self.line}: {self.text}"


def examples(path: Path) -> list[Example]:
    """The ``traveller`` commands of a document's ``sh`` blocks, in order."""
    found = []
    lines = path.read_text(encoding="utf-8").splitlines()
    inside = False
    joined, start = "", 0
    for number, line in enumerate(lines, start=1):
        if line.startswith("```"):
            inside = line.strip() == "```sh"
            continue
        if not inside:
            continue
        if not joined:
            start = number
        if line.rstrip().endswith("\\"):
            joined += line.rstrip()[:-1] + " "
            continue
        for command in (joined + line).split("&&"):
            words = shlex.split(command, comments=True)
            if words and words[0] in ("traveller", ".venv/bin/traveller"):
                text = " ".join(["traveller", *(shlex.quote(w) for w in words[1:])])
                found.append(Example(path.name, start, text))
        joined = ""
    return found


# ---- the store an evening is played in ------------------------------------------------------


@dataclass
class Desk:
    """A document's store, the event its examples are about, and the files they read."""

    store: str
    folder: Path
    event: UUID | None = None
    made: dict[str, UUID] = field(default_factory=dict)
    """Every event created, by name."""

    @property
    def app(self) -> Traveller:
        return open_app(self.store)

    def create(self, name: str, **kwargs: object) -> UUID:
        """An event of a scene's own, which the next examples are about."""
        self.event = self.app.create_event(name, **kwargs)  # type: ignore[arg-type]
        self.made[name] = self.event
        return self.event

    def switch(self, name: str) -> None:
        """The next examples are about the event called ``name``."""
        self.event = self.made[name]

    def pairs(self, count: int, *, section: str = "A", session: int = 1) -> None:
        for _ in range(count):
            n = len(self.app.tournament(self.current).entries) + 1
            self.app.register_entry(
                self.current,
                [Player(name=f"Player {n}N"), Player(name=f"Player {n}S")],
                section=section,
                session=session,
            )

    def teams(self, count: int, *, section: str = "A") -> None:
        for i in range(1, count + 1):
            players = [Player(name=f"Team {i} {seat}") for seat in "NSEW"]
            self.app.register_entry(self.current, players, section=section)

    def run(self, *args: str) -> str:
        """A command as a scene gives it (``6f1c`` standing for the current event)."""
        words = [str(self.current) if w == PLACEHOLDER else w for w in args]
        result = invoke(words)
        assert result.exit_code == 0, (words, result.stdout, result.stderr)
        return result.stdout

    def play(self, *, session: int = 1, section: str = "A", rounds: int | None = None) -> None:
        """Every result the movement schedules (in its first ``rounds``) that is not
        recorded yet: the rest of the evening, as paper travellers entered after play."""
        state = self.app.section(self.current, session, section)
        movement = state.movement
        assert movement is not None
        for e in movement.schedule:
            if rounds is not None and e.round > rounds:
                continue
            ns, ew = movement.cards(e)
            if state.phantom in (ns, ew):
                continue
            for board in e.boards:
                if state.entry_for(board, ns) is None and state.entry_for(board, ew) is None:
                    self.app.record_result(
                        self.current,
                        played(board, ns.number, ew.number),
                        session=session,
                        section=section,
                    )

    @property
    def current(self) -> UUID:
        assert self.event is not None, "no event yet"
        return self.event


def played(board: int, ns: int, ew: int) -> ResultEntry:
    """A table's result: 3NT by North, the tricks varying with the pairs and the board
    so that no two pairs tie over a session."""
    return ResultEntry(board, ns, ew, "3NT", "N", 6 + (ns * ns * 3 + ew * 5 + board * 7) % 8)


Scene = Callable[[Desk], None]


def readme_scenes() -> list[tuple[str, Scene]]:
    def pairs(desk: Desk) -> None:
        desk.pairs(13)  # "… one line per pair": 14 pairs in all

    def evening(desk: Desk) -> None:
        desk.play()  # the rest of the evening, before the session is closed

    return [
        ("traveller movement assign", pairs),
        ("traveller session close", evening),
    ]


def guide_scenes() -> list[tuple[str, Scene]]:
    """The guide's evening: "Tuesday pairs" (sections A and B, 14 pairs in A once E7 has
    withdrawn, 12 in B) runs through sections 1-8 and 10; the other kinds of event have
    events of their own."""

    def fourteen_pairs(desk: Desk) -> None:
        desk.pairs(13)  # E3 … E15: with E7 withdrawn, 14 pairs

    def seated_mitchell(desk: Desk) -> None:
        desk.create("Swap night")
        desk.pairs(14)
        desk.app.assign_movement(desk.current, "mitchell")

    def main_event(desk: Desk) -> None:
        desk.switch("Tuesday pairs")

    def section_b(desk: Desk) -> None:
        desk.pairs(12, section="B")

    def two_sessions(desk: Desk) -> None:
        desk.create("Two-session pairs")
        desk.pairs(26)  # 13 tables

    def session_1_played(desk: Desk) -> None:
        desk.play()

    def session_2_played(desk: Desk) -> None:
        desk.play(session=2)

    def sectional(desk: Desk) -> None:
        """The renumbering example: A a 5-table Mitchell, B a 3-table Howell, session 2
        with the same movements assigned."""
        desk.create("Sectional", sections=("A", "B"))
        desk.pairs(10, section="A")
        desk.pairs(6, section="B")
        desk.app.assign_movement(desk.current, "mitchell", section="A")
        desk.app.assign_movement(desk.current, "howell", section="B")
        desk.app.add_session(desk.current, 2, ["A", "B"])
        desk.app.assign_movement(desk.current, "mitchell", session=2, section="A", tables=5)
        desk.app.assign_movement(desk.current, "howell", session=2, section="B", tables=3)

    def played_on(desk: Desk) -> None:
        """Session 1 played, session 2 to be seated on the same movement."""
        desk.create("Two-day pairs")
        desk.pairs(10)
        desk.app.assign_movement(desk.current, "mitchell", options={"rounds": 3})
        desk.play()
        desk.app.add_session(desk.current, 2, ["A"])
        desk.app.assign_movement(
            desk.current, "mitchell", session=2, tables=5, options={"rounds": 3}
        )

    def final_to_seat(desk: Desk) -> None:
        """Sessions 1 and 2 played and closed, the qualifiers of 'qualifying' recorded,
        session 3 (the final) with its movement."""
        desk.play(session=2)
        desk.run("session", "close", "--event", PLACEHOLDER, "--session", "1")
        desk.run("session", "close", "--event", PLACEHOLDER, "--session", "2")
        desk.app.add_session(desk.current, 3, ["A"])
        desk.run("stage", "define", "--event", PLACEHOLDER, "qualifying", "--sessions", "1,2")
        desk.run("stage", "define", "--event", PLACEHOLDER, "final", "--sessions", "3")
        desk.app.assign_movement(desk.current, "howell", session=3, tables=3)
        desk.run(
            "stage", "carry-over", "--event", PLACEHOLDER, "--from", "qualifying",
            "--to", "final", "--final-top", "4", "--qualifiers", "6",
        )  # fmt: skip

    def misread_slip(desk: Desk) -> None:
        """Board 4 recorded for NS 1 against EW 6, the EW number misread (it was EW 7)."""
        desk.switch("Tuesday pairs")
        desk.run(
            "result", "add", "--event", PLACEHOLDER, "--board", "4", "--ns", "1", "--ew", "6",
            "--contract", "3NT", "--declarer", "S", "--tricks", "8",
            "--override", "as the slip was read",
        )  # fmt: skip

    def evening_played(desk: Desk) -> None:
        desk.play()
        desk.play(section="B")

    def paper_travellers(desk: Desk) -> None:
        desk.create("Paper travellers")

    def pbn_night(desk: Desk) -> None:
        desk.create("PBN night")

    def two_day_qualifying(desk: Desk) -> None:
        """Four sessions, the first two (28 pairs, 14 tables) played and closed."""
        desk.create("Two-day sectional")
        desk.pairs(28)
        desk.app.assign_movement(desk.current, "mitchell", options={"rounds": 5})
        desk.play()
        desk.app.add_session(desk.current, 2, ["A"])
        desk.app.assign_movement(
            desk.current, "mitchell", session=2, tables=14,
            options={"rounds": 5, "first_board": 11},
        )  # fmt: skip
        desk.run("session", "seat", "--event", PLACEHOLDER, "--session", "2",
                 "--from-session", "1", "--rematches")  # fmt: skip
        desk.play(session=2)
        for session in (1, 2):
            desk.app.close_session(desk.current, session)
        desk.app.add_session(desk.current, 3, ["A"])
        desk.app.add_session(desk.current, 4, ["A"])

    def league_played(desk: Desk) -> None:
        desk.teams(4)
        desk.app.assign_movement(desk.current, "round-robin", options={"boards_per_round": 2})
        desk.play()

    def knockout_teams(desk: Desk) -> None:
        desk.teams(2)

    def swiss_teams(desk: Desk) -> None:
        desk.create("Swiss teams")
        desk.teams(10)

    def swiss_round_2_drawn(desk: Desk) -> None:
        """The rest of round 1 scored, round 2 drawn, then team 9 withdraws."""
        for home, away in ((1, 6), (2, 7), (4, 9)):
            desk.run(
                "match", "result", "--event", PLACEHOLDER, "--round", "1",
                "--home", str(home), "--away", str(away), "--imps", "20:10",
            )  # fmt: skip
        desk.run("swiss", "draw", "--event", PLACEHOLDER)
        desk.run("entry", "withdraw", "--event", PLACEHOLDER, "--entry", "E9", "--reason", "ill")

    def closed_again(desk: Desk) -> None:
        """The guide's evening closed again (section 8 reopened it): its masterpoints."""
        desk.switch("Tuesday pairs")
        desk.run("session", "close", "--event", PLACEHOLDER)

    def green_points(desk: Desk) -> None:
        """An 8-table Mitchell of 3-board rounds (24 boards), stopped after 7 rounds."""
        desk.create("Green points night")
        desk.pairs(16)
        desk.app.assign_movement(desk.current, "mitchell", options={"boards_per_round": 3})
        desk.play(rounds=7)

    return [
        ("traveller entry withdraw --event 6f1c --entry E7", fourteen_pairs),
        ("traveller entry swap", seated_mitchell),
        ("traveller entry add --event 6f1c --player Sato$", lambda d: d.create("Individuals")),
        (
            "traveller entry add --event 6f1c --player Sato --player Ito",
            lambda d: d.create("Teams"),
        ),
        ("traveller movement list", main_event),
        ("traveller movement assign --event 6f1c --section B", section_b),
        ("traveller movement assign --event 6f1c --family interwoven-howell", two_sessions),
        ("traveller session add --event 6f1c --session 2$", session_1_played),
        ("traveller totals --event 6f1c$", session_2_played),
        ("traveller movement check howell-8.json", howell_file),
        ("traveller renumber", sectional),
        ("traveller session seat --event 6f1c --session 2", played_on),
        ("traveller session seat --event 6f1c --session 3", final_to_seat),
        ("traveller round start --event 6f1c 1", main_event),
        ("traveller import travellers", paper_travellers),
        ("traveller import pbn", pbn_night),
        ("traveller deals import", hand_record_file),
        ("traveller result correct --event 6f1c --board 1", main_event),
        ("traveller result correct --event 6f1c --board 4", misread_slip),
        ("traveller fouled", evening_played),
        ("traveller totals --event 6f1c$", two_day_qualifying),
        ("traveller crosstable", league_played),
        ("traveller movement assign --event 6f1c --family round-robin", knockout_teams),
        ("traveller swiss start", swiss_teams),
        ("traveller swiss redraw", swiss_round_2_drawn),
        ("traveller swiss start --event 6f1c --rounds 5", lambda d: d.pairs(9)),
        ("traveller session close --event 6f1c$", main_event),
        ("traveller masterpoints --event 6f1c --class 3", closed_again),
        ("traveller masterpoints --rule australian-club", green_points),
        ("traveller audit --event 6f1c --board 9", main_event),
        ("traveller what-if --event 6f1c --change", changes_file),
    ]


def howell_file(desk: Desk) -> None:
    """The published movement the guide checks and plays: a 4-table Howell as another
    program would write it (Traveller's own JSON of it), for a new event of 8 pairs."""
    shown = desk.run("movement", "show", "howell", "--tables", "4", "--format", "json")
    (desk.folder / "howell-8.json").write_text(shown, encoding="utf-8")
    desk.create("Club Howell")
    desk.pairs(8)


def hand_record_file(desk: Desk) -> None:
    """The hand record the guide's deals import reads: the club evening's boards 9 and 10."""
    dealt = generate([9, 10], seed=1124)
    text = "".join(f'[Board "{b}"]\n[Deal "{d.pbn()}"]\n\n' for b, d in dealt.items())
    (desk.folder / "hands.pbn").write_text(text, encoding="utf-8")


def changes_file(desk: Desk) -> None:
    """The CSV file of changes the guide's last what-if reads: a neutral board."""
    (desk.folder / "changes.csv").write_text("board,ns,ew,adjusted\n7,3,3,N\n")


SCENES: dict[str, Callable[[], list[tuple[str, Scene]]]] = {
    "README.md": readme_scenes,
    "user-guide.md": guide_scenes,
}


# ---- running them -----------------------------------------------------------------------


class Clock(dt.datetime):
    """The evening's clock: 18:00 in Tokyo on the guide's date, five seconds an action."""

    now_at = dt.datetime(2026, 11, 24, 9, 0, tzinfo=dt.UTC)

    @classmethod
    def now(cls, tz: dt.tzinfo | None = None) -> Clock:
        moment = Clock.now_at
        Clock.now_at = moment + dt.timedelta(seconds=5)
        shown = moment if tz is None else moment.astimezone(tz)
        return cls.fromtimestamp(shown.timestamp(), shown.tzinfo)


@pytest.fixture
def evening(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Desk]:
    store = tmp_path / "club.db"
    monkeypatch.setenv("TRAVELLER_STORE", str(store))
    monkeypatch.setattr(Clock, "now_at", Clock.now_at)
    monkeypatch.setattr(engine_events, "datetime", Clock)
    monkeypatch.chdir(tmp_path)
    yield Desk(str(store), tmp_path)


def write_files(folder: Path) -> None:
    """The files the guide's examples read."""
    guide = (ROOT / "docs" / "user-guide.md").read_text(encoding="utf-8")
    csv_block = re.search(r"```csv\n(.*?)```", guide, re.S)
    assert csv_block is not None, "the guide shows a traveller CSV"
    (folder / "night.csv").write_text(csv_block.group(1), encoding="utf-8")
    (folder / "club.pbn").write_text(CLUB_NIGHT, encoding="utf-8")


def run_document(name: str, desk: Desk) -> int:
    """Run every example of the document, each after its scene; fails listing every
    example that failed. Returns how many ran."""
    path = ROOT / "docs" / name if name == "user-guide.md" else ROOT / name
    found = examples(path)
    scenes = SCENES[name]() if name in SCENES else []
    failed: list[str] = []
    write_files(desk.folder)
    for example in found:
        while scenes and matches(scenes[0][0], example):
            scenes.pop(0)[1](desk)
        args = [str(desk.current)[:8] if word == PLACEHOLDER else word for word in example.args]
        result = invoke(args)
        if result.exit_code != 0:
            failed.append(f"{example}\n    {' '.join(result.stderr.split())[:600]}")
            continue
        if args[:2] == ["event", "create"] or args[:1] == ["demo"]:
            made = UUID_TEXT.search(result.stdout)
            assert made is not None, f"{example}: no event id printed"
            desk.event = UUID(made.group(0))
            desk.made[desk.app.tournament(desk.event).name] = desk.event
    assert not failed, "examples that fail as written:\n" + "\n".join(failed)
    assert not scenes, f"scenes whose example was not found: {[s for s, _ in scenes]}"
    return len(found)


def matches(start: str, example: Example) -> bool:
    """The example's command starts with ``start`` (is it, when ``start`` ends in ``$``)."""
    if start.endswith("$"):
        return example.text == start[:-1]
    return example.text.startswith(start)


def test_the_readme_commands_run_as_written(evening: Desk) -> None:
    assert run_document("README.md", evening) >= 14


def test_the_guides_commands_run_as_written(evening: Desk) -> None:
    assert run_document("user-guide.md", evening) >= 60


def test_the_placeholder_is_the_only_id_the_examples_use() -> None:
    for path in (ROOT / "README.md", ROOT / "docs" / "user-guide.md"):
        for example in examples(path):
            assert not UUID_TEXT.search(example.text), example
