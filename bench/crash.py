"""Crash safety: a writer killed (SIGKILL) at a random moment leaves a store that opens,
holds every result it acknowledged exactly once, shows no import half done, verifies, and
gives the standings a fresh rebuild gives.

Each *trial* prepares an event in the store, starts a child process that does one kind
of work on it (a *workload*), waits until the child says it is ready (its imports done,
the store open), kills it after a random delay within the work's usual length, and checks
the store with a fresh application:

- ``results``: the child plays a Mitchell round by round (start, every result, end),
  printing each result once :meth:`record_result` has returned (acknowledged);
- ``import``: the child runs ``traveller import travellers FILE`` (the real command line)
  on a CSV of the whole section; all or nothing;
- ``publish``: the section played and the session closed, the child publishes it;
- ``rebuild``: the child reads the whole store again and again
  (:func:`engine.history.rebuild`), which must write nothing.

The checks (:func:`check`): the store opens; each acknowledged result is stored once
with its score, and no table has two results; an import is wholly there (and is there
if acknowledged) or not at all; a publication is there if acknowledged, at most once, and
its digest is the standings'; a rebuild wrote nothing; the chains verify
(:meth:`Traveller.verify`); every session's standings equal a fresh rebuild's.

The tests (``tests/faults/test_crash.py``) run a few dozen trials; the longer run is::

    .venv/bin/python bench/crash.py --kills 200 [--store sqlite|postgresql] [--seed N]

which prints one line per workload and writes ``bench/results/crash-<store>.json``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from uuid import UUID

if __package__ in (None, ""):  # run as a script: the repository root holds ``bench``
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adapters.storage import env_for
from engine.application import Traveller
from engine.history import rebuild
from engine.section.events import ResultRecorded, ResultsImported
from engine.testing import flat_score, play_movement
from engine.tournament import Player
from engine.tournament.events import ResultsPublished
from engine.tournament.state import section_id

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("results", "import", "publish", "rebuild")
TABLES = 5
BOARDS_PER_ROUND = 2
WINDOW = {"results": 0.8, "import": 0.8, "publish": 0.15, "rebuild": 0.6}
"""Seconds after the child is ready within which it is killed: about as long as the work
takes on a quiet machine, so that most kills land in the middle of it."""
READY_TIMEOUT = 60.0


@dataclass
class Trial:
    """One child killed (or finished first) and what the store showed afterwards."""

    workload: str
    event: str
    acknowledged: int
    interrupted: bool
    """Killed before the work was done (its last acknowledgement not given)."""
    problems: list[str] = field(default_factory=list)


# ---- preparing ------------------------------------------------------------------------------


def mitchell(app: Traveller, name: str) -> UUID:
    """A new event: a 5-table Mitchell (10 pairs, 2 boards a round), nothing played."""
    event = app.create_event(name)
    for i in range(1, 2 * TABLES + 1):
        app.register_entry(event, [Player(name=f"N{i}"), Player(name=f"S{i}")])
    app.assign_movement(event, "mitchell", options={"boards_per_round": BOARDS_PER_ROUND})
    return event


def travellers_file(app: Traveller, event: UUID, folder: Path) -> Path:
    """A CSV of every result of the event's section, as a club's scoring program writes."""
    section = app.section(event)
    assert section.movement is not None
    path = folder / f"{event}.csv"
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out)
        writer.writerow(["board", "ns", "ew", "contract", "declarer", "tricks"])
        for encounter in section.movement.schedule:
            for board in encounter.boards:
                r = flat_score(board, encounter)
                writer.writerow([r.board, r.ns, r.ew, r.contract, r.declarer, r.tricks])
    return path


def prepare(app: Traveller, workload: str, number: int, folder: Path) -> tuple[UUID, list[str]]:
    """The event a trial works on, and the child's extra arguments."""
    event = mitchell(app, f"{workload} {number}")
    if workload == "import":
        return event, [str(travellers_file(app, event, folder))]
    if workload == "publish":
        play_movement(app, event)
        app.close_session(event, 1)
    return event, []


# ---- the child ------------------------------------------------------------------------------


def work(workload: str, url: str, event_text: str, extra: Sequence[str]) -> None:
    """The child's work: say ``ready``, then do it, saying ``ack …`` after each thing
    done (each line flushed before the next thing starts)."""

    def say(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    if workload == "import":
        import typer

        from adapters.cli.main import app as cli

        traveller = typer.main.get_command(cli)  # the real command tree
        say("ready")
        code = 0
        try:
            traveller.main(
                args=["import", "travellers", extra[0], "--event", event_text, "--store", url],
                prog_name="traveller",
            )
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 0
        if code == 0:
            say("ack import")
        return
    app = Traveller(env_for(url))
    event = UUID(event_text)
    say("ready")
    if workload == "results":
        section = app.section(event)
        assert section.movement is not None
        for rnd in range(1, section.movement.rounds + 1):
            app.start_round(event, rnd)
            for encounter in section.movement.round(rnd):
                for board in encounter.boards:
                    r = app.record_result(event, flat_score(board, encounter))
                    say(f"ack {r.board} {r.ns} {r.ew} {r.score_ns}")
            app.end_round(event, rnd)
    elif workload == "publish":
        published = app.publish(event, 1)
        say(f"ack {published.digest}")
    elif workload == "rebuild":
        while True:
            rebuild(app)
            say("ack rebuild")


# ---- checking -------------------------------------------------------------------------------


def check(url: str, workload: str, event: UUID, acks: Sequence[str], before: int) -> list[str]:
    """What is wrong with the store after a trial (nothing, if all is well)."""
    problems: list[str] = []
    app = Traveller(env_for(url))  # the store opens
    try:
        sid = section_id(event, 1, "A")
        stored = [app.mapper.to_domain_event(s) for s in app.recorder.select_events(sid)]
        results = [e.result for e in stored if isinstance(e, ResultRecorded)] + [
            r for e in stored if isinstance(e, ResultsImported) for r in e.results()
        ]  # a file's results are recorded together (docs/decisions/0028)
        tables = Counter((r.board, r.ns, r.ew) for r in results)
        twice = sorted(t for t, n in tables.items() if n > 1)
        if twice:
            problems.append(f"tables with two results: {twice}")
        scores = {(r.board, r.ns, r.ew): r.score_ns for r in results}
        if workload == "results":
            for ack in acks:
                board, ns, ew, score = (int(x) for x in ack.split()[1:])
                if scores.get((board, ns, ew)) != score:
                    problems.append(f"acknowledged result lost: board {board} NS {ns} EW {ew}")
        if workload == "import":
            expected = 2 * TABLES * TABLES  # boards × tables: every table plays every board once
            if len(results) not in (0, expected):
                problems.append(f"import partly visible: {len(results)} of {expected} results")
            if acks and len(results) != expected:
                problems.append("acknowledged import not there")
        if workload == "publish":
            published = [e for e in app.events.get(event) if isinstance(e, ResultsPublished)]
            if len(published) > 1:
                problems.append(f"published {len(published)} times")
            if acks and not published:
                problems.append("acknowledged publication not there")
            for p in published:
                if p.digest != app.standings(event, 1).digest():
                    problems.append("published digest is not the standings'")
        if workload == "rebuild" and app.position() != before:
            problems.append(f"a rebuild wrote: position {before} → {app.position()}")
        verification = app.verify(event)
        if not verification.ok:
            problems.append(f"the chain does not verify: {verification.breaks[:3]}")
        _, fresh = rebuild(app)
        if fresh[(event, 1)] != app.standings(event, 1):
            problems.append("standings differ from a fresh rebuild")
    finally:
        app.close()
    return problems


# ---- one trial ------------------------------------------------------------------------------


def trial(
    app: Traveller, url: str, workload: str, number: int, rng: random.Random, folder: Path
) -> Trial:
    """Prepare, start the child, kill it at a random moment of its work, check."""
    event, extra = prepare(app, workload, number, folder)
    before = app.position()
    child = subprocess.Popen(
        [sys.executable, "-m", "bench.crash", "work", workload, url, str(event), *extra],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "TRAVELLER_LOG": "error", "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None
    try:
        ready = _line(child, READY_TIMEOUT)
        if ready != "ready":
            err = child.stderr.read().decode() if child.stderr else ""
            raise RuntimeError(f"the {workload} child did not start: {ready!r} {err[-2000:]}")
        time.sleep(rng.uniform(0, WINDOW[workload]))
        finished = child.poll() is not None
        if not finished:
            child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        lines = child.stdout.read().decode().splitlines()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    acks = [line for line in lines if line.startswith("ack")]
    whole = {"results": 2 * TABLES * TABLES, "import": 1, "publish": 1}.get(workload)
    if workload == "rebuild":
        acks = []
    found = Trial(workload, str(event), len(acks), not finished and len(acks) != whole)
    found.problems = check(url, workload, event, acks, before)
    return found


def _line(child: subprocess.Popen[bytes], timeout: float) -> str:
    assert child.stdout is not None
    readable, _, _ = select.select([child.stdout], [], [], timeout)
    return child.stdout.readline().decode().strip() if readable else ""


@contextmanager
def store(kind: str) -> Iterator[str]:
    """A new, empty store of ``kind`` (``sqlite`` or ``postgresql``, a throwaway server)."""
    with tempfile.TemporaryDirectory(prefix="traveller-crash-") as folder:
        if kind == "sqlite":
            yield str(Path(folder) / "club.db")
            return
        from bench.postgres import start_server

        server = start_server()
        try:
            yield server.create_database("crash")
        finally:
            server.stop()


def run(url: str, workloads: Sequence[str], kills: int, seed: int) -> list[Trial]:
    """``kills`` trials spread over ``workloads`` in turn, on the store at ``url``."""
    rng = random.Random(seed)
    app = Traveller(env_for(url))
    trials = []
    with tempfile.TemporaryDirectory(prefix="traveller-crash-files-") as folder:
        try:
            for number in range(kills):
                workload = workloads[number % len(workloads)]
                trials.append(trial(app, url, workload, number, rng, Path(folder)))
        finally:
            app.close()
    return trials


def summary(trials: Sequence[Trial]) -> dict[str, dict[str, int]]:
    """Per workload: trials, children killed mid-work, things acknowledged, problems."""
    out: dict[str, dict[str, int]] = {}
    for t in trials:
        row = out.setdefault(t.workload, {"trials": 0, "interrupted": 0, "acknowledged": 0})
        row["trials"] += 1
        row["interrupted"] += t.interrupted
        row["acknowledged"] += t.acknowledged
        row["problems"] = row.get("problems", 0) + len(t.problems)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["work"]:
        work(args[1], args[2], args[3], args[4:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--store", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--workload", action="append", choices=WORKLOADS)
    parser.add_argument("--seed", type=int, default=13)
    options = parser.parse_args(args)
    started = time.monotonic()
    with store(options.store) as url:
        trials = run(url, options.workload or WORKLOADS, options.kills, options.seed)
    seconds = time.monotonic() - started
    table = summary(trials)
    for workload, row in table.items():
        print(f"{options.store:10} {workload:8} " + " ".join(f"{k} {v}" for k, v in row.items()))
    bad = [asdict(t) for t in trials if t.problems]
    for t in bad:
        print("PROBLEM", t)
    out = ROOT / "bench" / "results" / f"crash-{options.store}.json"
    out.parent.mkdir(exist_ok=True)  # git-ignored: not in a fresh checkout
    out.write_text(
        json.dumps(
            {"store": options.store, "seconds": round(seconds), "summary": table, "bad": bad},
            indent=2,
        )
        + "\n"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
