"""Many writer processes on one store: every result accepted once, every collision refused
with the clear message, no conflict or "database is locked" reaching a person, and the
throughput, latency and conflict figures of docs/performance.md.

Set-up: ``--events`` events of ``--sections`` sections each, every section a Mitchell of
``--tables`` tables (2 boards a round), rounds not enforced (the default: results come in
any order). The jobs are every scheduled result; each goes to one writer, and a share of
them (``--collide``) to a second writer as well, at the same place in its list, so that
two writers send the same board and pairs at about the same moment (two scorers entering
one slip). The writers are forked processes, each with its own application (as separate
servers or command lines would be), started together at a barrier.

Two scenarios: ``spread`` (the jobs of all sections mixed, as at a federation's
congress) and ``one-section`` (every writer in the first section: the worst case for
optimistic concurrency, every save contending for one aggregate).

Each result's outcome is ``recorded``, ``duplicate`` (the existing refusal "Pair … already
has a result on board …", code ``result.duplicate``), ``conflict`` (the engine gave up
after :data:`engine.application.core.RETRIES` attempts: what the issue wants under
0.1 %), or another error (reported in full: none expected). Afterwards the store must hold
each job's result exactly once.

    .venv/bin/python bench/writers.py --writers 50 --store postgresql
    .venv/bin/python bench/writers.py --writers 8 --store sqlite

writes ``bench/results/writers-<store>.json``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

if __package__ in (None, ""):  # run as a script: the repository root holds ``bench``
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adapters.storage import env_for
from engine.application import Traveller
from engine.errors import Conflict, DuplicateResult, TravellerError
from engine.section.events import ResultRecorded
from engine.section.results import ResultEntry
from engine.testing import flat_score
from engine.tournament import Player
from engine.tournament.state import section_id

ROOT = Path(__file__).resolve().parent.parent
BOARDS_PER_ROUND = 2


@dataclass(frozen=True)
class Job:
    """One result to enter: its event, section and slip."""

    event: str
    section: str
    board: int
    ns: int
    ew: int
    contract: str
    declarer: str
    tricks: int

    @property
    def table(self) -> tuple[str, str, int, int, int]:
        return (self.event, self.section, self.board, self.ns, self.ew)


@dataclass
class Figures:
    """What one scenario measured."""

    scenario: str
    store: str
    writers: int
    results: int
    collisions: int
    seconds: float
    per_second: float
    p50_ms: float
    p99_ms: float
    outcomes: dict[str, int]
    conflicts_retried: int
    conflict_share: float
    """Results a person saw refused as a conflict, of all results sent."""
    problems: list[str]


def set_up(url: str, events: int, sections: int, tables: int) -> list[Job]:
    """The events and sections, and every scheduled result of them as a job."""
    app = Traveller(env_for(url))
    jobs: list[Job] = []
    names = [chr(ord("A") + i) for i in range(sections)]
    try:
        for number in range(events):
            event = app.create_event(f"Congress pairs {number + 1}", sections=names)
            for name in names:
                for i in range(1, 2 * tables + 1):
                    players = [Player(name=f"{name}{i} N"), Player(name=f"{name}{i} S")]
                    app.register_entry(event, players, section=name)
                app.assign_movement(
                    event,
                    "mitchell",
                    section=name,
                    options={"boards_per_round": BOARDS_PER_ROUND},
                )
                movement = app.section(event, 1, name).movement
                assert movement is not None
                for encounter in movement.schedule:
                    for board in encounter.boards:
                        r = flat_score(board, encounter)
                        assert r.contract and r.declarer and r.tricks is not None
                        jobs.append(
                            Job(
                                str(event),
                                name,
                                board,
                                r.ns,
                                r.ew,
                                r.contract,
                                r.declarer,
                                r.tricks,
                            )
                        )
    finally:
        app.close()
    return jobs


def deal(jobs: Sequence[Job], writers: int, collide: float, rng: random.Random) -> list[list[Job]]:
    """Each writer's list: the jobs shuffled and dealt round; a ``collide`` share of them
    also to the next writer, at the same place in its list."""
    shuffled = list(jobs)
    rng.shuffle(shuffled)
    lists: list[list[Job]] = [[] for _ in range(writers)]
    for i, job in enumerate(shuffled):
        w = i % writers
        lists[w].append(job)
        if rng.random() < collide and writers > 1:
            other = lists[(w + 1) % writers]
            other.insert(min(len(other), len(lists[w]) - 1), job)
    return lists


POOL = {"POSTGRES_POOL_SIZE": "1", "POSTGRES_MAX_OVERFLOW": "1"}
"""Each writer's PostgreSQL connections: one, as a command line needs (eventsourcing's
default pool opens five per process, and 50 writers would pass the server's limit of
connections; see docs/decisions/0025)."""


def write(url: str, jobs: Sequence[Job], start: Any, answers: Any) -> None:
    """A writer process: its own application, then its jobs, each timed."""
    app = Traveller({**env_for(url), **POOL})
    done: list[tuple[tuple[str, str, int, int, int], str, float]] = []
    start.wait()
    for job in jobs:
        began = time.perf_counter()
        try:
            app.record_result(
                UUID(job.event),
                ResultEntry(job.board, job.ns, job.ew, job.contract, job.declarer, job.tricks),
                section=job.section,
                actor="scorer",
            )
            outcome = "recorded"
        except DuplicateResult:
            outcome = "duplicate"
        except Conflict:
            outcome = "conflict"
        except TravellerError as e:
            outcome = f"refused: {e}"
        except Exception as e:  # noqa: BLE001 — every other failure is a finding
            outcome = f"failed: {type(e).__name__}: {e}"
        done.append((job.table, outcome, time.perf_counter() - began))
    answers.put((done, app.conflicts_retried))
    app.close()


def check(url: str, jobs: Sequence[Job]) -> list[str]:
    """Each job's result stored exactly once."""
    app = Traveller(env_for(url))
    problems = []
    try:
        wanted = {j.table for j in jobs}
        stored: Counter[tuple[str, str, int, int, int]] = Counter()
        for event, section in {(j.event, j.section) for j in jobs}:
            sid = section_id(UUID(event), 1, section)
            for s in app.recorder.select_events(sid):
                e = app.mapper.to_domain_event(s)
                if isinstance(e, ResultRecorded):
                    r = e.result
                    stored[(event, section, r.board, r.ns, r.ew)] += 1
        twice = [t for t, n in stored.items() if n > 1]
        missing = wanted - set(stored)
        if twice:
            problems.append(f"{len(twice)} results stored twice")
        if missing:
            problems.append(f"{len(missing)} results not stored")
    finally:
        app.close()
    return problems


def scenario(
    name: str,
    url: str,
    jobs: Sequence[Job],
    writers: int,
    collide: float,
    seed: int,
    *,
    start: str = "fork",
) -> Figures:
    """Run the writers over ``jobs`` and measure. The writers are forked (quick to start)
    or, with ``start="spawn"``, fresh interpreters (safe from a process with threads,
    such as a test runner's worker)."""
    rng = random.Random(seed)
    lists = deal(jobs, writers, collide, rng)
    forked = (
        multiprocessing.get_context("fork")
        if start == "fork"
        else multiprocessing.get_context("spawn")
    )
    together = forked.Barrier(writers + 1)
    answers = forked.Queue()
    processes = [forked.Process(target=write, args=(url, lst, together, answers)) for lst in lists]
    for p in processes:
        p.start()
    together.wait()
    began = time.perf_counter()
    outcomes: list[tuple[tuple[str, str, int, int, int], str, float]] = []
    retried = 0
    for _ in processes:
        done, conflicts = answers.get()
        outcomes += done
        retried += conflicts
    seconds = time.perf_counter() - began
    for p in processes:
        p.join()
    latencies = sorted(t for _, _, t in outcomes)
    kinds = Counter(o for _, o, _ in outcomes)
    problems = check(url, jobs)
    by_table: dict[tuple[str, str, int, int, int], list[str]] = {}
    for table, outcome, _ in outcomes:
        by_table.setdefault(table, []).append(outcome)
    once = sum(1 for o in by_table.values() if o.count("recorded") == 1)
    if once != len(by_table):
        problems.append(f"{len(by_table) - once} results not accepted exactly once")
    odd = [o for o in kinds if o not in ("recorded", "duplicate", "conflict")]
    problems += [f"{kinds[o]} × {o}" for o in odd]
    sent = len(outcomes)
    return Figures(
        scenario=name,
        store=url.split(":", 1)[0] if "://" in url else "sqlite",
        writers=writers,
        results=len(jobs),
        collisions=sent - len(jobs),
        seconds=round(seconds, 2),
        per_second=round(len(jobs) / seconds, 1),
        p50_ms=round(1000 * latencies[len(latencies) // 2], 1),
        p99_ms=round(1000 * latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))], 1),
        outcomes=dict(kinds),
        conflicts_retried=retried,
        conflict_share=round(kinds["conflict"] / sent, 5),
        problems=problems,
    )


@contextmanager
def store(kind: str) -> Iterator[Any]:
    """A function giving new, empty stores of ``kind`` (``sqlite`` files, or databases of
    a throwaway PostgreSQL server)."""
    with tempfile.TemporaryDirectory(prefix="traveller-writers-") as folder:
        if kind == "sqlite":
            names = iter(range(1000))
            yield lambda: str(Path(folder) / f"store{next(names)}.db")
            return
        from bench.postgres import start_server

        server = start_server()
        try:
            yield server.create_database
        finally:
            server.stop()


def measure(
    kind: str, writers: int, events: int, sections: int, tables: int, collide: float, seed: int
) -> list[Figures]:
    """Both scenarios on new stores of ``kind``."""
    figures = []
    with store(kind) as new:
        url = new()
        figures.append(
            scenario("spread", url, set_up(url, events, sections, tables), writers, collide, seed)
        )
        url = new()
        one = set_up(url, 1, 1, tables)
        figures.append(scenario("one-section", url, one, writers, collide, seed))
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--writers", type=int, default=50)
    parser.add_argument("--store", choices=("sqlite", "postgresql"), default="postgresql")
    parser.add_argument("--events", type=int, default=3)
    parser.add_argument("--sections", type=int, default=2)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--collide", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=13)
    options = parser.parse_args(argv)
    figures = measure(
        options.store,
        options.writers,
        options.events,
        options.sections,
        options.tables,
        options.collide,
        options.seed,
    )
    for f in figures:
        print(
            f"{f.store:10} {f.scenario:12} writers {f.writers} results {f.results} "
            f"(+{f.collisions} collisions) {f.per_second}/s p50 {f.p50_ms} ms p99 {f.p99_ms} ms "
            f"conflicts seen {f.outcomes.get('conflict', 0)} ({100 * f.conflict_share:.3f} %), "
            f"retried {f.conflicts_retried}; {f.outcomes}"
        )
        for p in f.problems:
            print("PROBLEM", p)
    out = ROOT / "bench" / "results" / f"writers-{options.store}.json"
    out.parent.mkdir(exist_ok=True)  # git-ignored: not in a fresh checkout
    out.write_text(json.dumps([asdict(f) for f in figures], indent=2) + "\n")
    return 1 if any(f.problems for f in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
