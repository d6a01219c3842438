"""The server under load: a 30-table Mitchell played through the HTTP API by one device
per table while 200 public readers follow it, on SQLite and on PostgreSQL.

Run alone with ``.venv/bin/python bench/serve_load.py`` (``--quick`` for a small run),
or as a part of ``bench/run.py`` (``--serve-tables N``). See docs/performance.md.

For each store (a SQLite file; a PostgreSQL server the benchmark starts from the
machine's binaries, :mod:`bench.postgres`):

1. The store gets a director and a token (as ``traveller director add`` and
   ``traveller director token`` would write them), then a server process is started on
   a free port: uvicorn serving :func:`adapters.http.app.create_app`, as ``traveller
   serve`` does, with the application's save counted (:class:`CountedTraveller`: how
   often the optimistic-concurrency retry loop met a conflict) and the access log off.
2. The director, through the API: creates the event, registers the pairs, assigns the
   Mitchell, lets the public see the running standings, issues one code per table.
3. Round by round: the director starts the round; each table's device reads its table's
   seating and posts its boards' results one after another (each acknowledged before
   the next); when every table is done the director ends the round.
4. Meanwhile the readers: ``--subscribed`` of them hold the live standings stream
   (``/api/events/{id}/sessions/1/standings/live``), which sends the standings
   themselves on each change (computed and encoded once for all of them); the others
   poll the standings every ``--poll`` seconds.
5. Afterwards the store is read directly and compared with what the devices were
   acknowledged: every result exactly once (lost and duplicated must be 0).

The latency is from a result acknowledged to its device, to a subscriber holding
standings that count it: a subscriber is sent the standings by the stream and finds
the NS pair's ``boards_played`` covering the result (each table's NS pair stays
at its table in a Mitchell and its device posts one result at a time, so the k-th
acknowledged result of table n is counted exactly when NS pair n shows k boards). One
sample per result and subscriber; a result seen before its acknowledgement reached the
device counts as 0.

Clients are asyncio tasks in this process, each with its own httpx ``AsyncClient`` (its
own connection, as each phone has; one client shared by all scans its whole pool on
every request, which made this process, not the server, the bottleneck): 230
concurrent clients as threads would contend for the GIL and add their own scheduling
noise, while one event loop holds hundreds of idle streams cheaply, and every timestamp
is read on one clock. The loop's own lag is measured and reported, so that a client too
slow to keep up would show.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository root holds ``bench``
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import httpx
import orjson
from eventsourcing.persistence import IntegrityError

from adapters.http.auth import hash_password, new_token, token_hash
from adapters.storage import env_for
from bench.measure import RESULTS, load, machine, percentiles, write_part
from bench.postgres import PostgresServer, PostgresUnavailableError, free_port, start_server
from engine.application import Traveller

KEY = "serve_load"
"""The part of ``latest.json`` these figures fill."""
TARGET_P99_MS = 50.0
"""Issue 11: p99 from a result posted to the updated standings seen under 50 ms."""
STORES = ("sqlite", "postgresql")
ROOT = Path(__file__).resolve().parent.parent
DIRECTOR = "bench"
RETRIES = 5
KEEP_ALIVE = httpx.Limits(keepalive_expiry=1.0)
"""An idle connection is not used again after 1 s: uvicorn closes it after 5 s, and a
request sent on it just then fails (httpx's own default is those same 5 s)."""
"""Attempts of a device's post that met no answer or a conflict, before giving up."""


@dataclass(frozen=True)
class LoadConfig:
    tables: int = 30
    readers: int = 200
    subscribed: float = 0.5
    """The share of the readers on the live stream (the rest poll)."""
    poll_s: float = 2.0
    """How often a polling reader fetches the standings."""
    rounds: int | None = None
    """Rounds played (None: every round of the movement)."""
    stores: tuple[str, ...] = STORES
    seed: int = 2026
    settle_s: float = 10.0
    """How long the subscribers have, after the last result, to see it."""
    think_s: float = 0.0
    """A device's mean pause before each post (random, exponential): 0 posts as fast as
    the server answers, a stress far beyond an event's pace (a table posts a result
    every few minutes)."""


# ---- the server process -------------------------------------------------------------------


class CountedTraveller(Traveller):
    """The application, counting the conflicts its retry loop absorbs (a save refused
    because another write reached the same aggregate first) into the file ``stats``
    (written at each one: uvicorn ends the process by re-raising the signal it stopped
    on, so there is no "after the server" to write it in)."""

    name = "Traveller"  # eventsourcing names a PostgreSQL store's tables after this

    def __init__(self, env: dict[str, str], stats: Path) -> None:
        super().__init__(env)
        self.stats = stats
        self.conflicts = 0
        self._lock = threading.Lock()
        self._write()

    def _write(self) -> None:
        self.stats.write_text(json.dumps({"conflicts": self.conflicts}))

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        try:
            return super().save(*objs, **kwargs)
        except IntegrityError:
            with self._lock:
                self.conflicts += 1
                self._write()
            raise


def serve(url: str, port: int, stats: Path) -> None:
    """The server process: ``traveller serve``'s application on ``url`` (its conflicts
    counted in ``stats``), until SIGTERM."""
    import uvicorn

    from adapters.http.app import create_app

    app = CountedTraveller(env_for(url), stats)
    config = uvicorn.Config(
        create_app(app),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=3,
    )
    uvicorn.Server(config).run()


@dataclass
class Process:
    """A server process started by :func:`started`."""

    proc: subprocess.Popen[bytes]
    url: str
    stats: Path

    def cpu_s(self) -> float:
        """User + system CPU seconds the server has used so far."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def started(url: str, folder: Path) -> Iterator[Process]:
    """A server process on a free port for the store at ``url`` (SIGTERM at the end)."""
    port = free_port()
    stats = folder / "server-stats.json"
    log = (folder / "server.log").open("wb")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TRAVELLER_LOG": "error"}
    argv = [sys.executable, "-m", "bench.serve_load", "--serve", url, "--port", str(port)]
    proc = subprocess.Popen(
        [*argv, "--stats", str(stats)], cwd=ROOT, env=env, stdout=log, stderr=log
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"The server stopped at once:\n{(folder / 'server.log').read_text()}"
                )
            try:
                if httpx.get(base + "/api/events", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("The server did not answer within 60 s.")
            time.sleep(0.1)
        yield Process(proc, base, stats)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        log.close()


def director_token(url: str) -> str:
    """A director account and a token for it, written to the store as ``traveller
    director add`` and ``traveller director token`` write them."""
    app = Traveller(env_for(url))
    try:
        app.add_director(DIRECTOR, hash_password("bench password"), actor="admin")
        token = new_token()
        app.issue_token(DIRECTOR, token_hash(token), actor="admin")
        return token
    finally:
        app.close()


# ---- the clients --------------------------------------------------------------------------


@dataclass(frozen=True)
class Ack:
    """A result its device was told was recorded, and when."""

    table: int
    k: int
    """The device's k-th acknowledged result (1, 2, …)."""
    board: int
    ns: int
    ew: int
    posted: float
    acked: float


@dataclass
class Seen:
    """A subscriber's view: when each of a table's results was first counted, and the
    stream's ``changed`` message that led there."""

    counted: dict[tuple[int, int], tuple[float, float]] = field(default_factory=dict)
    """(table, k) → (when the ``changed`` arrived, when the standings counting it did)."""
    shown: dict[int, int] = field(default_factory=dict)
    """NS pair → boards played, in the latest standings fetched."""
    messages: int = 0
    """``changed`` messages received."""
    opened: bool = False
    """The stream has said its first word (``ready``)."""


@dataclass
class Tally:
    """What every client counted, shared by the tasks of one event loop."""

    requests: Counter[str] = field(default_factory=Counter)
    statuses: Counter[str] = field(default_factory=Counter)
    retries: int = 0
    """Device posts sent again after no answer, a 5xx or a conflict."""
    conflicts: int = 0
    """Answers 409 Conflict: the server's retry loop gave up."""
    already: int = 0
    """Retries answered 'already recorded' (the first attempt had been recorded)."""
    failed: list[str] = field(default_factory=list)
    post_s: list[float] = field(default_factory=list)
    poll_s: list[float] = field(default_factory=list)
    lag_s: list[float] = field(default_factory=list)


def ns_boards(standings: Any) -> dict[int, int]:
    """NS pair → boards played, in a standings answer."""
    shown: dict[int, int] = {}
    for f in standings["fields"]:
        for row in f["rows"]:  # a Mitchell's fields are its lines, "NS" and "EW"
            if row.get("line", f["name"]) == "NS":
                shown[int(row["pair"])] = int(row["boards_played"])
    return shown


class Play:
    """One event played through the API against one server, and its readers."""

    def __init__(self, base: str, token: str, config: LoadConfig) -> None:
        self.base = base
        self.tls = httpx.create_ssl_context()  # made once: one per client is slow
        self.client = self.new_client()
        self.director = {"Authorization": f"Bearer {token}"}
        self.config = config
        self.tally = Tally()
        self.acks: list[Ack] = []
        self.seen: list[Seen] = []
        self.event = ""
        self.section = ""
        self.rounds = 0
        self.done = asyncio.Event()
        self.round_started: dict[int, asyncio.Event] = {}
        self.finals: dict[int, int] = {}
        """NS pair → results acknowledged (what the final standings must show)."""
        self.finished = asyncio.Event()
        """Set when every subscriber shows every acknowledged result."""

    def new_client(self) -> httpx.AsyncClient:
        """A client of its own (a phone's, a device's, the director's)."""
        return httpx.AsyncClient(base_url=self.base, verify=self.tls, timeout=60, limits=KEEP_ALIVE)

    async def call(
        self, kind: str, method: str, path: str, client: httpx.AsyncClient | None = None, **kw: Any
    ) -> httpx.Response:
        answer = await (client or self.client).request(method, path, **kw)
        self.tally.requests[kind] += 1
        self.tally.statuses[f"{kind} {answer.status_code}"] += 1
        return answer

    async def director_call(self, method: str, path: str, body: Any = None) -> Any:
        answer = await self.call("director", method, path, json=body, headers=self.director)
        if answer.status_code not in (200, 201):
            raise RuntimeError(f"{method} {path}: {answer.status_code} {answer.text}")
        return answer.json()

    async def set_up(self) -> list[str]:
        """The event, its pairs and movement, the public view and the tables' codes."""
        created = await self.director_call("POST", "/api/events", {"name": "Load test pairs"})
        self.event = created["id"]
        event = f"/api/events/{self.event}"
        for i in range(1, 2 * self.config.tables + 1):
            players = [{"name": f"P{i} North", "member": f"{i:06d}"}, {"name": f"P{i} South"}]
            await self.director_call("POST", event + "/entries", {"players": players})
        self.section = event + "/sessions/1/sections/A"
        body = {"family": "mitchell", "tables": self.config.tables}
        moved = await self.director_call("POST", self.section + "/movement", body)
        movement_rounds = int(moved["movement"]["rounds"])
        self.rounds = min(self.config.rounds or movement_rounds, movement_rounds)
        self.round_started = {r: asyncio.Event() for r in range(1, self.rounds + 1)}
        await self.director_call("PUT", event + "/public", {"running": True})
        codes = []
        for table in range(1, self.config.tables + 1):
            issued = await self.director_call("POST", event + "/devices", {"table": table})
            codes.append(issued["code"])
        return codes

    async def direct(self, devices: list[asyncio.Task[None]]) -> None:
        """The director: start each round, wait for every table, end it."""
        for rnd in range(1, self.rounds + 1):
            await self.director_call("POST", f"{self.section}/rounds/{rnd}/start")
            self.round_started[rnd].set()
            await self.wait_round(rnd)
            ended = await self.director_call("POST", f"{self.section}/rounds/{rnd}/end")
            if ended["missing"]:
                self.tally.failed.append(f"round {rnd} ended with {ended['missing']}")
        await asyncio.gather(*devices)

    async def wait_round(self, rnd: int) -> None:
        while self.tables_done.get(rnd, 0) + self.broken < self.config.tables:
            await self.round_event.wait()
            self.round_event.clear()

    tables_done: dict[int, int]
    round_event: asyncio.Event
    broken = 0

    async def device(self, table: int, code: str) -> None:
        """A table's device: each round, its seating, then its boards one at a time."""
        try:
            async with self.new_client() as client:
                await self.play_table(client, table, code)
        except Exception as exc:  # noqa: BLE001 - a broken device must not hang the director
            self.tally.failed.append(f"table {table}'s device broke: {exc!r}")
            self.broken += 1
            self.round_event.set()

    async def play_table(self, client: httpx.AsyncClient, table: int, code: str) -> None:
        auth = {"Authorization": f"Bearer {code}"}
        rng = random.Random(self.config.seed * 1000 + table)
        k = 0
        for rnd in range(1, self.rounds + 1):
            await self.round_started[rnd].wait()
            seating = await self.seating(client, rnd)
            row = next(t for t in seating["tables"] if t["table"] == table)
            ns, ew = int(row["ns"].lstrip("NSEW")), int(row["ew"].lstrip("NSEW"))
            if ns != table:
                self.tally.failed.append(f"table {table} seats NS pair {ns}: not a Mitchell")
            for board in row["boards"]:
                body = {
                    "board": board,
                    "ns": ns,
                    "ew": ew,
                    "contract": rng.choice(("4S", "3NT", "2H", "5D")),
                    "declarer": rng.choice("NESW"),
                    "tricks": rng.randint(7, 11),
                }
                if self.config.think_s:
                    await asyncio.sleep(rng.expovariate(1 / self.config.think_s))
                posted = time.perf_counter()
                if await self.post(client, body, auth):
                    acked = time.perf_counter()
                    k += 1
                    self.tally.post_s.append(acked - posted)
                    self.acks.append(Ack(table, k, board, ns, ew, posted, acked))
                    self.finals[ns] = k
            self.tables_done[rnd] = self.tables_done.get(rnd, 0) + 1
            self.round_event.set()

    async def seating(self, client: httpx.AsyncClient, rnd: int) -> Any:
        """The round's seating (the table's guide card), asked again after no answer."""
        for attempt in range(RETRIES):
            if attempt:
                self.tally.retries += 1
                await asyncio.sleep(0.05 * attempt)
            try:
                path = f"{self.section}/rounds/{rnd}/seating"
                answer = await self.call("seating", "GET", path, client)
            except httpx.TransportError:
                continue
            if answer.status_code == 200:
                return orjson.loads(answer.content)
            if answer.status_code < 500:
                break
        raise RuntimeError(f"no seating of round {rnd}")

    async def post(
        self, client: httpx.AsyncClient, body: dict[str, Any], auth: dict[str, str]
    ) -> bool:
        """Post one result until it is acknowledged (True) or refused for good."""
        for attempt in range(RETRIES):
            if attempt:
                self.tally.retries += 1
                await asyncio.sleep(0.05 * attempt)
            try:
                answer = await self.call(
                    "result", "POST", self.section + "/results", client, json=body, headers=auth
                )
            except httpx.TransportError:
                continue
            if answer.status_code == 201:
                return True
            error = answer.json().get("error", "") if answer.content else ""
            if answer.status_code == 409 and error == "Conflict":
                self.tally.conflicts += 1
                continue
            if answer.status_code >= 500:
                continue
            if attempt and answer.status_code == 409:
                self.tally.already += 1  # the earlier attempt had been recorded after all
                return True
            self.tally.failed.append(f"{body}: {answer.status_code} {answer.text}")
            return False
        self.tally.failed.append(f"{body}: no answer after {RETRIES} attempts")
        return False

    def standings_path(self) -> str:
        return f"/api/events/{self.event}/sessions/1/standings"

    async def standings(self, kind: str, client: httpx.AsyncClient) -> dict[int, int]:
        """NS pair → boards played, in the standings as the public reads them."""
        answer = await self.call(kind, "GET", self.standings_path(), client)
        answer.raise_for_status()
        return ns_boards(orjson.loads(answer.content))

    async def subscriber(self, seen: Seen) -> None:
        """A reader on the live standings stream: sent the standings on each change."""
        async with self.new_client() as client:
            await self.follow(client, seen)

    async def follow(self, client: httpx.AsyncClient, seen: Seen) -> None:
        live = self.standings_path() + "/live"
        async with client.stream("GET", live, timeout=httpx.Timeout(10, read=None)) as s:
            self.tally.requests["live"] += 1
            kind = ""
            async for line in s.aiter_lines():
                if line.startswith("event:"):
                    kind = line.split(":", 1)[1].strip()
                    seen.opened = True
                    continue
                if not line.startswith("data:") or kind != "standings":
                    continue
                kind = ""
                got = time.perf_counter()
                seen.messages += 1
                shown = ns_boards(orjson.loads(line[5:]))
                for pair, boards in shown.items():  # NS pair n sits at table n throughout
                    for k in range(seen.shown.get(pair, 0) + 1, boards + 1):
                        seen.counted.setdefault((pair, k), (got, got))
                seen.shown = shown
                if self.all_seen():
                    self.finished.set()

    def all_seen(self) -> bool:
        return self.done.is_set() and all(
            s.shown.get(p, 0) >= n for s in self.seen for p, n in self.finals.items()
        )

    async def poller(self, phase: float) -> None:
        """A reader polling the standings."""
        await asyncio.sleep(phase)
        async with self.new_client() as client:
            while True:
                t0 = time.perf_counter()
                await self.standings("poller standings", client)
                self.tally.poll_s.append(time.perf_counter() - t0)
                await asyncio.sleep(self.config.poll_s)

    async def lag(self) -> None:
        """How late this process's event loop wakes a 10 ms sleep (a busy client)."""
        while True:
            t0 = time.perf_counter()
            await asyncio.sleep(0.01)
            self.tally.lag_s.append(time.perf_counter() - t0 - 0.01)

    async def run(self) -> dict[str, Any]:
        codes = await self.set_up()
        self.tables_done, self.round_event = {}, asyncio.Event()
        config = self.config
        streams = round(config.readers * config.subscribed)
        self.seen = [Seen() for _ in range(streams)]
        rng = random.Random(config.seed)
        readers = [asyncio.create_task(self.subscriber(s)) for s in self.seen]
        readers += [
            asyncio.create_task(self.poller(rng.uniform(0, config.poll_s)))
            for _ in range(config.readers - streams)
        ]
        readers.append(asyncio.create_task(self.lag()))
        while not all(s.opened for s in self.seen) and not readers[0].done():
            await asyncio.sleep(0.05)  # every stream open (its first message is 'ready')
        before = Counter(self.tally.requests)
        started = time.perf_counter()
        devices = [asyncio.create_task(self.device(t, c)) for t, c in enumerate(codes, 1)]
        await self.direct(devices)
        played = time.perf_counter() - started
        self.done.set()
        if self.all_seen() or not self.seen:
            self.finished.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.finished.wait(), config.settle_s)
        for task in readers:
            task.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
        during = self.tally.requests - before
        return {"played_s": played, "requests_during_play": dict(during)}


async def play(base: str, token: str, config: LoadConfig) -> tuple[Play, dict[str, Any]]:
    game = Play(base, token, config)
    async with game.client:
        return game, await game.run()


# ---- checking and measuring ---------------------------------------------------------------


def check_store(url: str, event: str, acks: Sequence[Ack], tables: int) -> dict[str, Any]:
    """The store against the acknowledgements: every result exactly once."""
    app = Traveller(env_for(url))
    try:
        eid = app.resolve_event(event)
        stored = Counter((t.board, t.ns.number, t.ew.number) for t in app.section(eid).entries())
        audit = [a for a in app.audit(eid) if a["type"] == "ResultRecorded"]
    finally:
        app.close()
    acked = Counter((a.board, a.ns, a.ew) for a in acks)
    actors = Counter(a["actor"] for a in audit)
    return {
        "acknowledged": sum(acked.values()),
        "stored": sum(stored.values()),
        "recorded_in_audit": len(audit),
        "lost": sum((acked - stored).values()),
        "duplicated": sum(n - 1 for n in stored.values() if n > 1)
        + sum(n - 1 for n in acked.values() if n > 1),
        "unacknowledged_in_store": sum((stored - acked).values()),
        "actors_are_the_tables": set(actors) == {f"table:A{t}" for t in range(1, tables + 1)},
    }


def latencies(game: Play) -> dict[str, Any]:
    """Acknowledged → counted in a subscriber's standings, per (result, subscriber)."""
    acks = {(a.table, a.k): a for a in game.acks}
    total: list[float] = []
    told: list[float] = []
    fetch: list[float] = []
    early = missing = 0
    for seen in game.seen:
        for key, ack in acks.items():
            found = seen.counted.get(key)
            if found is None:
                missing += 1
                continue
            t_told, t_got = found
            if t_got < ack.acked:
                early += 1
            total.append(max(0.0, t_got - ack.acked))
            told.append(max(0.0, t_told - ack.acked))
            fetch.append(t_got - t_told)
    return {
        "samples": len(total),
        "seen_before_acknowledged": early,
        "never_seen": missing,
        "acknowledged_to_standings": percentiles(total),
        "of_which_to_changed": percentiles(told),
        "of_which_standings_fetch": percentiles(fetch),
    }


def run_store(store: str, config: LoadConfig, pg: PostgresServer | None) -> dict[str, Any]:
    """The whole play against one store; its figures."""
    with tempfile.TemporaryDirectory(prefix="traveller-serve-load-") as name:
        folder = Path(name)
        if store == "sqlite":
            url = str(folder / "load.db")
        else:
            assert pg is not None, "PostgreSQL is started by run_load"
            url = pg.create_database("serve_load")
        token = director_token(url)
        with started(url, folder) as server:
            cpu_before, wall_before = server.cpu_s(), time.perf_counter()
            client_before = time.process_time()
            game, timing = asyncio.run(play(server.url, token, config))
            wall = time.perf_counter() - wall_before
            cpu = server.cpu_s() - cpu_before
            client_cpu = time.process_time() - client_before
        stats = json.loads(server.stats.read_text()) if server.stats.exists() else {}
        checked = check_store(url, game.event, game.acks, config.tables)
    t = game.tally
    played = timing["played_s"]
    during = timing["requests_during_play"]
    requests = sum(during.values())
    return {
        "store": store,
        "tables": config.tables,
        "rounds": game.rounds,
        "readers": {"subscribed": len(game.seen), "polling": config.readers - len(game.seen)},
        **checked,
        "server_conflicts_retried": stats.get("conflicts"),
        "client_retries": t.retries,
        "client_conflicts_409": t.conflicts,
        "retries_found_already_recorded": t.already,
        "failed": t.failed[:10],
        "played_s": round(played, 2),
        "results_per_s": round(len(game.acks) / played, 1),
        "requests_during_play": during,
        "requests_per_s": round(requests / played, 1),
        "statuses": dict(t.statuses),
        "live_messages": sum(s.messages for s in game.seen),
        "latency": latencies(game),
        "post_result": percentiles(t.post_s),
        "poll_standings": percentiles(t.poll_s),
        "client_loop_lag": percentiles(t.lag_s),
        "server_cpu_share": round(cpu / wall, 3),
        "client_cpu_share": round(client_cpu / wall, 3),
    }


def figure(figures: dict[str, Any], keys: Sequence[str]) -> float | None:
    """The number at ``keys`` in ``figures`` (None if it is missing)."""
    found: Any = figures
    for key in keys:
        found = found.get(key) if isinstance(found, dict) else None
    return float(found) if isinstance(found, int | float) else None


def run_load(config: LoadConfig, *, log: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Every store of ``config``; the figures, with the ratios between them."""
    say = log or (lambda _: None)
    load_before = load()
    stores: dict[str, Any] = {}
    skipped: dict[str, str] = {}
    pg: PostgresServer | None = None
    try:
        for store in config.stores:
            if store == "postgresql":
                try:
                    pg = start_server()
                except PostgresUnavailableError as why:
                    skipped[store] = str(why)
                    say(f"PostgreSQL left out: {why}")
                    continue
            say(
                f"Serve load on {store}: {config.tables} tables, {config.readers} readers "
                f"({config.subscribed:.0%} on the live stream) ..."
            )
            stores[store] = run_store(store, config, pg)
            lat = stores[store]["latency"]["acknowledged_to_standings"]
            say(f"  p50 {lat.get('p50_ms')} ms, p99 {lat.get('p99_ms')} ms")
    finally:
        if pg is not None:
            pg.stop()
    ratios: dict[str, Any] = {}
    for store, f in stores.items():
        p99 = f["latency"]["acknowledged_to_standings"].get("p99_ms")
        if p99 is not None:
            ratios[f"{store}_p99_per_target"] = round(p99 / TARGET_P99_MS, 3)
    if "sqlite" in stores and "postgresql" in stores:
        s, p = stores["sqlite"], stores["postgresql"]
        for name, keys in (
            ("p50", ("latency", "acknowledged_to_standings", "p50_ms")),
            ("p99", ("latency", "acknowledged_to_standings", "p99_ms")),
            ("post_result_p50", ("post_result", "p50_ms")),
            ("requests_per_s", ("requests_per_s",)),
        ):
            a, b = figure(s, keys), figure(p, keys)
            if a and b:
                ratios[f"postgresql_per_sqlite_{name}"] = round(b / a, 3)
    return {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "machine": {**machine(), "load_before": load_before, "load_after": load()},
        "config": asdict(config),
        "target_p99_ms": TARGET_P99_MS,
        "stores": stores,
        "skipped": skipped,
        "ratios": ratios,
        "lost_or_duplicated": sum(f["lost"] + f["duplicated"] for f in stores.values()),
    }


def report_load(f: dict[str, Any]) -> str:
    """The figures as plain text."""
    c = f["config"]
    lines = [
        f"Server under load: a {c['tables']}-table Mitchell through the API, {c['readers']} "
        f"readers ({c['subscribed']:.0%} on the live stream, the rest polling every "
        f"{c['poll_s']:g} s), devices pausing {c['think_s']:g} s on average before a post; "
        f"load {f['machine']['load_before']} → {f['machine']['load_after']}",
    ]
    for store, s in f["stores"].items():
        lat = s["latency"]
        lines += [
            f"  {store}: {s['acknowledged']} results in {s['rounds']} rounds, "
            f"{s['played_s']} s ({s['results_per_s']}/s); {s['requests_per_s']} requests/s; "
            f"server CPU {s['server_cpu_share']:.0%}, client CPU {s['client_cpu_share']:.0%}",
            f"    lost {s['lost']}, duplicated {s['duplicated']}, unacknowledged in the store "
            f"{s['unacknowledged_in_store']}; conflicts retried by the server "
            f"{s['server_conflicts_retried']}, client retries {s['client_retries']} "
            f"(409 Conflict {s['client_conflicts_409']})",
            f"    {'':<34}{'n':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}",
        ]
        for label, p in (
            ("acknowledged → standings seen", lat["acknowledged_to_standings"]),
            ("  of which → 'changed' received", lat["of_which_to_changed"]),
            ("  of which the standings fetch", lat["of_which_standings_fetch"]),
            ("a device's post (to its ack)", s["post_result"]),
            ("a poller's standings", s["poll_standings"]),
            ("client event-loop lag", s["client_loop_lag"]),
        ):
            if p.get("n"):
                lines.append(
                    f"    {label:<34}{p['n']:>8}{p['p50_ms']:>9.1f}{p['p95_ms']:>9.1f}"
                    f"{p['p99_ms']:>9.1f}{p['max_ms']:>9.1f}"
                )
    for store, why in f["skipped"].items():
        lines.append(f"  {store}: left out ({why})")
    if f["ratios"]:
        lines.append("  ratios: " + ", ".join(f"{k} {v}" for k, v in f["ratios"].items()))
    return "\n".join(lines)


def parse(argv: Sequence[str] | None = None) -> tuple[LoadConfig, Path | None, argparse.Namespace]:
    parser = argparse.ArgumentParser(description="The server under load (docs/performance.md).")
    add = parser.add_argument
    add("--tables", type=int, help="tables of the Mitchell (30; 6 with --quick)")
    add("--readers", type=int, help="public readers (200; 20 with --quick)")
    add("--subscribed", type=float, default=0.5, help="their share on the live stream (0.5)")
    add("--poll", type=float, default=2.0, help="a polling reader's interval, seconds (2)")
    add("--rounds", type=int, help="rounds played (every round; 3 with --quick)")
    add("--think", type=float, default=0.0, help="a device's mean pause before a post (0)")
    add("--stores", default=",".join(STORES), help="sqlite,postgresql (both)")
    add("--quick", action="store_true", help="a small smoke run")
    add("--out", type=Path, default=RESULTS, help="the JSON to write the figures into")
    add("--serve", help=argparse.SUPPRESS)  # the server process: its store URL
    add("--port", type=int, help=argparse.SUPPRESS)
    add("--stats", type=Path, help=argparse.SUPPRESS)
    a = parser.parse_args(argv)
    config = LoadConfig(
        tables=a.tables if a.tables is not None else (6 if a.quick else 30),
        readers=a.readers if a.readers is not None else (20 if a.quick else 200),
        subscribed=a.subscribed,
        poll_s=a.poll,
        rounds=a.rounds if a.rounds is not None else (3 if a.quick else None),
        stores=tuple(s.strip() for s in a.stores.split(",") if s.strip()),
        think_s=a.think,
    )
    return config, a.out, a


def main(argv: Sequence[str] | None = None) -> int:
    config, out, a = parse(argv)
    if a.serve:
        serve(a.serve, a.port, a.stats)
        return 0
    figures = run_load(config, log=lambda text: print(text, file=sys.stderr, flush=True))
    print(report_load(figures))
    if out is not None:
        write_part(out, KEY, figures)
        print(f"\nWritten to {out} ({KEY})")
    return 0 if figures["lost_or_duplicated"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
