"""Traveller against the npm library ``bridge-scorer`` 2.4.0: issue 16's side-by-side run.

Run with ``.venv/bin/python bench/peer.py`` (``--quick`` for a smoke run of seconds; see
``--help`` for the sizes); :func:`run` is what ``bench/run.py`` may call. Everything is
measured in one run on one machine, and the report names, for each figure, the target
of issue 16 it is for and whether it is met. The figures go to
``bench/results/latest.json`` under ``peer``. See docs/performance.md, "Against
bridge-scorer: where Traveller stands".

1. Kernels. The same seeded synthetic fields — 300 tables × 26 boards, and 100,000
   boards × 13 results — are scored by Traveller (the scoring plugin called as
   ``engine.standings`` calls it: ``registry.scoring(name)``, its options parsed,
   ``method.score(facts, options)``; exact arithmetic) and by bridge-scorer under node
   (``bench/peer/kernels.js``; the library is installed by npm into
   ``bench/.cache/peer``, git-ignored; skipped with a message when node or npm is
   missing). The two alternate, Traveller first, round after round; each is timed on its
   scoring alone (the input built beforehand, the per-pair totals included on both
   sides), Traveller with its remembered boards forgotten before each call. Then every
   result is checked: matchpoints (bridge-scorer's ``matchpointsACBL``, Traveller's
   default American scale) identical; cross-IMPs identical once averaged
   (bridge-scorer's ``crossImps`` divides a result's IMPs against the others by their
   number; Traveller's default sums them, as the JCBL manual scores).
2. The user's path, import memory, replay cost against store size, start-up time and
   live standings: ``bench/user_path.py``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository root holds ``bench``
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from bench.measure import RESULTS, load, machine, write_part
from engine.bridge import possible_scores_ns
from engine.collector import settle
from engine.registry import create_registry, parse_options
from engine.scoring import ScoringField, SectionFacts, SectionScore, TableResult
from engine.seating import Line, Numbering, Pair

HERE = Path(__file__).resolve().parent
NODE_SIDE = HERE / "peer"
"""The node scripts that drive the peer library."""
CACHE = HERE / ".cache" / "peer"
"""Where npm installs the peer library (git-ignored: its own ``.gitignore`` says ``*``)."""
PEER_PACKAGE = "bridge-scorer"
PEER_VERSION = "2.4.0"
METHODS = ("matchpoints", "cross-imps")
"""Traveller's method names; the node scripts take the same names."""
KERNEL_TARGET = 1.0
"""Issue 16: scoring kernels at least as fast as the peer (Traveller / peer ≤ 1)."""
WIDEST = 1700
"""The largest NS score (either sign) a generated board gives: grand slams, not 7NTXX."""


# ---- the inputs ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """A synthetic field: every one of ``boards`` boards played at each of ``tables`` tables.

    ``scores`` holds the NS scores board by board. The NS pair at table t (from 1) is NS t
    throughout; on the b-th board (from 0) it meets EW ``(t - 1 + b) % tables + 1``."""

    name: str
    boards: int
    tables: int
    scores: array[int]

    @property
    def results(self) -> int:
        return self.boards * self.tables


def ew_number(table: int, board_index: int, tables: int) -> int:
    """The EW pair at ``table`` (from 1) on the board at ``board_index`` (from 0)."""
    return (table - 1 + board_index) % tables + 1


def _candidates(board: int) -> list[int]:
    return sorted(s for s in possible_scores_ns(board) if abs(s) <= WIDEST)


def generate(name: str, boards: int, tables: int, seed: int) -> Field:
    """A seeded field of real bridge scores for each board's vulnerability.

    Each board has a few likely results (2 to 7 distinct scores, unevenly likely), so
    ties are as common as at a real table."""
    rng = random.Random(seed)
    by_vulnerability = {b: _candidates(b) for b in range(1, 17)}
    scores: array[int] = array("i")
    for b in range(1, boards + 1):
        likely = rng.sample(by_vulnerability[(b - 1) % 16 + 1], rng.randint(2, 7))
        weights = [rng.random() + 0.05 for _ in likely]
        scores.extend(rng.choices(likely, weights, k=tables))
    return Field(name, boards, tables, scores)


def facts_of(field: Field) -> SectionFacts:
    """The field as a Mitchell section's facts, as a scoring plugin is given them."""
    ns = tuple(Pair(t, Line.NS) for t in range(1, field.tables + 1))
    ew = tuple(Pair(t, Line.EW) for t in range(1, field.tables + 1))
    results = []
    for b in range(field.boards):
        row = b * field.tables
        for t in range(1, field.tables + 1):
            results.append(
                TableResult(
                    board=b + 1,
                    ns=ns[t - 1],
                    ew=ew[ew_number(t, b, field.tables) - 1],
                    score_ns=field.scores[row + t - 1],
                )
            )
    return SectionFacts(
        numbering=Numbering.MITCHELL,
        fields=(ScoringField(Line.NS.value, ns), ScoringField(Line.EW.value, ew)),
        results=tuple(results),
    )


def write_input(field: Field, path: Path) -> None:
    """The field for ``bench/peer/kernels.js``: int32s boards, tables, then the scores."""
    header = array("i", [field.boards, field.tables])
    if sys.byteorder != "little":
        raise SystemExit("the peer's input is written little-endian: run on such a machine")
    path.write_bytes(header.tobytes() + field.scores.tobytes())


# ---- the peer -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Peer:
    """Node and the installed peer library."""

    node: str
    modules: Path

    def env(self) -> dict[str, str]:
        """This environment, with where the node scripts find the library."""
        return {**os.environ, "PEER_MODULES": str(self.modules)}

    def command(self, script: str, *args: str) -> list[str]:
        """Node running ``script`` of :data:`NODE_SIDE` with ``args``."""
        return [self.node, str(NODE_SIDE / script), *args]


def install_peer(log: Callable[[str], None] = print, *, install: bool = True) -> Peer | str:
    """Node and bridge-scorer 2.4.0 in :data:`CACHE` (installed by npm the first time,
    unless not ``install``), or why the peer cannot run."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        missing = " and ".join(n for n, p in (("node", node), ("npm", npm)) if p is None)
        return f"{missing} not found: the side-by-side figures need Node.js with npm"
    modules = CACHE / "node_modules"
    manifest = modules / PEER_PACKAGE / "package.json"
    if not _installed(manifest) and not install:
        return f"{PEER_PACKAGE}@{PEER_VERSION} is not installed: run bench/peer.py once"
    if not _installed(manifest):
        CACHE.mkdir(parents=True, exist_ok=True)
        (CACHE.parent / ".gitignore").write_text("*\n")
        log(f"  installing {PEER_PACKAGE}@{PEER_VERSION} with npm into {CACHE} ...")
        done = subprocess.run(
            [npm, "install", "--prefix", str(CACHE), "--no-audit", "--no-fund",
             "--no-save", f"{PEER_PACKAGE}@{PEER_VERSION}"],
            capture_output=True,
            text=True,
            check=False,
        )  # fmt: skip
        if done.returncode != 0 or not _installed(manifest):
            return f"npm could not install {PEER_PACKAGE}@{PEER_VERSION}: {done.stderr.strip()}"
    return Peer(node, modules)


def _installed(manifest: Path) -> bool:
    try:
        return bool(json.loads(manifest.read_text()).get("version") == PEER_VERSION)
    except (OSError, ValueError):
        return False


def run_peer_kernel(peer: Peer, method: str, given: Path, out: Path) -> tuple[float, float]:
    """One node process scoring the field at ``given``; its timed pass, in seconds of wall
    time and of CPU time."""
    done = subprocess.run(
        peer.command("kernels.js", method, str(given), str(out)),
        capture_output=True,
        text=True,
        env=peer.env(),
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"the peer failed on {method}: {done.stderr.strip()}")
    said = json.loads(done.stdout)
    return float(said["seconds"]), float(said["cpu_seconds"])


# ---- Traveller ----------------------------------------------------------------------------


def traveller_kernel(name: str) -> Callable[[SectionFacts], SectionScore]:
    """The installed scoring method ``name``, called as the standings call it (default
    options)."""
    method = create_registry().scoring(name)
    options = parse_options(method, {})
    return lambda facts: method.score(facts, options)


def forget_boards() -> None:
    """Empty every cache of the scoring plugins, so that each timed call scores every
    board (the peer remembers nothing between calls either)."""
    import plugins.scoring

    for info in pkgutil.iter_modules(plugins.scoring.__path__, "plugins.scoring."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


# ---- the check ----------------------------------------------------------------------------


def check(method: str, field: Field, scored: SectionScore, values: np.ndarray) -> dict[str, Any]:
    """Whether Traveller and the peer give every result the same NS and EW points.

    Matchpoints must be equal (both are whole multiples of ½, exact in a double).
    Cross-IMPs: the peer's value is the sum of IMPs divided by the comparisons in double
    arithmetic; Traveller's sum divided the same, correctly rounded, must equal it."""
    compared = field.tables - 1
    differ: list[dict[str, Any]] = []
    count = 0
    for i, s in enumerate(scored.results):
        ours: tuple[Fraction, Fraction] = (s.points_ns, s.points_ew)
        if method == "cross-imps":
            ours = (ours[0] / compared, ours[1] / compared)
        theirs = (float(values[2 * i]), float(values[2 * i + 1]))
        if method == "matchpoints" and any(x.denominator > 2 for x in ours):
            same = False
        else:
            same = float(ours[0]) == theirs[0] and float(ours[1]) == theirs[1]
        if not same:
            count += 1
            if len(differ) < 5:
                differ.append(
                    {
                        "board": s.result.board,
                        "ns": str(s.result.ns),
                        "traveller": [str(x) for x in ours],
                        "peer": list(theirs),
                    }
                )
    return {
        "results": len(scored.results),
        "differ": count,
        "examples": differ,
        "compared_as": "identical"
        if method == "matchpoints"
        else f"Traveller's sum / {compared}, as a double, identical to the peer's average",
    }


# ---- side by side -------------------------------------------------------------------------


def side_by_side(
    field: Field,
    method: str,
    rounds: int,
    peer: Peer | None,
    workdir: Path,
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """``rounds`` alternating runs of Traveller and the peer on ``field`` by ``method``."""
    score = traveller_kernel(method)
    facts = facts_of(field)
    warm = facts_of(Field(field.name, min(field.boards, 20), field.tables, field.scores))
    score(warm)  # what the first call pays once (imports, pydantic) is not the kernel
    # The facts live on, as a section read by the application does: out of the collector's
    # passes, as the application puts a state this big (docs/decisions/0030). Else a full
    # pass over a million results' objects lands in whichever call comes next.
    settle()
    given, out = workdir / f"{field.name}.bin", workdir / f"{field.name}-{method}.out"
    if peer is not None:
        write_input(field, given)
    ours: list[float] = []
    theirs: list[float] = []
    cpu: tuple[list[float], list[float]] = ([], [])
    scored: SectionScore | None = None
    for r in range(1, rounds + 1):
        forget_boards()
        started, started_cpu = time.perf_counter(), time.process_time()
        scored = score(facts)
        ours.append(time.perf_counter() - started)
        cpu[0].append(time.process_time() - started_cpu)
        if peer is not None:
            wall, cpu_s = run_peer_kernel(peer, method, given, out)
            theirs.append(wall)
            cpu[1].append(cpu_s)
        shown = f"{theirs[-1]:.3f} s" if theirs else "skipped"
        log(f"  {field.name} {method} round {r}: Traveller {ours[-1]:.3f} s, peer {shown}")
    assert scored is not None
    figure: dict[str, Any] = {
        "field": field.name,
        "boards": field.boards,
        "tables": field.tables,
        "results": field.results,
        "method": method,
        "rounds": rounds,
        "traveller_s": [round(x, 4) for x in ours],
        "traveller_best_s": round(min(ours), 4),
        "label": f"kernel, {field.name} {method}",
        "target": f"issue 16: scoring kernels ≤ {KERNEL_TARGET:g}× the peer",
    }
    if peer is None:
        figure.update(peer_s=None, ratio=None, met=None, same=None)
        return figure
    ratio = min(ours) / min(theirs)
    figure.update(
        peer_s=[round(x, 4) for x in theirs],
        peer_best_s=round(min(theirs), 4),
        ratio=round(ratio, 2),
        ratio_median=round(statistics.median(ours) / statistics.median(theirs), 2),
        traveller_cpu_s=[round(x, 4) for x in cpu[0]],
        peer_cpu_s=[round(x, 4) for x in cpu[1]],
        cpu_ratio=round(min(cpu[0]) / min(cpu[1]), 2),
        met=ratio <= KERNEL_TARGET,
        same=check(method, field, scored, np.fromfile(out, dtype="<f8")),
    )
    return figure


# ---- the run ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """Sizes of a run (issue 16's by default; ``--quick`` shrinks everything)."""

    tables: int = 300
    boards: int = 26
    big_boards: int = 100_000
    big_tables: int = 13
    rounds: int = 3
    big_rounds: int = 2
    """Best of two on the big field: the first call on a million results' facts also pays
    for touching its new arrays' memory (0.6–1.0 s against 0.35–0.45 s after)."""
    seed: int = 16
    paths: bool = True
    """Run bench/user_path.py's parts too (the user's path, imports, replay, start-up)."""
    path_tables: int = 300
    import_rows: int = 1_000_000
    replay_sizes: tuple[int, ...] = (1, 10, 50, 150)
    club_tables: int = 13
    startup_repeat: int = 5
    live_tables: int = 30
    out: Path | None = RESULTS


QUICK = Config(
    tables=30,
    boards=26,
    big_boards=2_000,
    big_tables=13,
    rounds=2,
    big_rounds=1,
    path_tables=20,
    import_rows=5_000,
    replay_sizes=(1, 3),
    startup_repeat=2,
    live_tables=4,
)


def run_kernels(
    config: Config, peer: Peer | None, workdir: Path, log: Callable[[str], None] = print
) -> list[dict[str, Any]]:
    """Both fields, both methods, side by side."""
    fields = (
        (generate(f"{config.tables}x{config.boards}", config.boards, config.tables, config.seed),
         config.rounds),
        (generate(f"{config.big_boards}x{config.big_tables}", config.big_boards,
                  config.big_tables, config.seed + 1),
         config.big_rounds),
    )  # fmt: skip
    figures = []
    for field, rounds in fields:
        for method in METHODS:
            figures.append(side_by_side(field, method, rounds, peer, workdir, log))
    return figures


def run(config: Config, *, log: Callable[[str], None] = print) -> dict[str, Any]:
    """The whole side-by-side run; the figures, also written under ``peer`` to ``config.out``."""
    started = time.perf_counter()
    figures: dict[str, Any] = {"machine": machine(), "load_before": load(), "config": {}}
    figures["config"] = {k: str(v) for k, v in vars(config).items()}
    found = install_peer(log)
    peer = found if isinstance(found, Peer) else None
    figures["peer"] = (
        {"package": f"{PEER_PACKAGE}@{PEER_VERSION}", "node": _node_version(found)}
        if isinstance(found, Peer)
        else {"skipped": found}
    )
    if peer is None:
        log(f"  the peer is skipped: {found}")
    with tempfile.TemporaryDirectory(prefix="traveller-peer-") as tmp:
        workdir = Path(tmp)
        figures["kernels"] = run_kernels(config, peer, workdir, log)
        if config.paths:
            from bench import user_path

            figures.update(user_path.run_paths(config, peer, workdir, log))
    figures["load_after"] = load()
    figures["seconds"] = round(time.perf_counter() - started, 1)
    if config.out is not None:
        write_part(config.out, "peer", figures)
    return figures


def _node_version(peer: Peer) -> str:
    done = subprocess.run([peer.node, "--version"], capture_output=True, text=True, check=False)
    return done.stdout.strip()


def report(figures: dict[str, Any]) -> list[str]:
    """The run as lines: each figure, the target it is for, and whether it is met."""
    lines = [
        f"machine: {figures['machine']['cpus']} CPUs, {figures['machine']['cpu']}; "
        f"load {figures['load_before']} before, {figures['load_after']} after; "
        f"{figures['seconds']} s in all",
        f"peer: {figures['peer']}",
        "",
        "kernels (best of the rounds; Traveller / peer)",
    ]
    for k in figures["kernels"]:
        what = f"  {k['field']:>10} {k['method']:<11}"
        if k["ratio"] is None:
            lines.append(f"{what} Traveller {k['traveller_best_s']:.3f} s; peer skipped")
            continue
        same = k["same"]
        agree = "same numbers" if same["differ"] == 0 else f"{same['differ']} RESULTS DIFFER"
        lines.append(
            f"{what} Traveller {k['traveller_best_s']:.3f} s, peer {k['peer_best_s']:.3f} s, "
            f"ratio {k['ratio']:.2f}× (CPU time {k['cpu_ratio']:.2f}×) — {met(k['met'])} "
            f"({k['target']}); {agree} "
            f"on {same['results']:,} results"
        )
    if "paths" in figures:
        from bench import user_path

        lines += user_path.report_paths(figures)
    return lines


def met(value: bool | None) -> str:
    """How the report says a target fares."""
    return "not measured" if value is None else "MET" if value else "NOT MET"


def parse_args(argv: Sequence[str] | None = None) -> Config:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    parser.add_argument("--tables", type=int, help="the small field's tables (300)")
    parser.add_argument("--boards", type=int, help="the small field's boards (26)")
    parser.add_argument("--big-boards", type=int, help="the big field's boards (100,000)")
    parser.add_argument("--big-tables", type=int, help="the big field's results a board (13)")
    parser.add_argument("--rounds", type=int, help="alternations on the small field (3)")
    parser.add_argument("--big-rounds", type=int, help="alternations on the big field (2)")
    parser.add_argument("--seed", type=int, help="the generator's seed (16)")
    parser.add_argument("--kernels-only", action="store_true", help="leave out user_path.py")
    parser.add_argument("--path-tables", type=int, help="the user's path's field (300)")
    parser.add_argument("--import-rows", type=int, help="rows of the import measured (1,000,000)")
    parser.add_argument(
        "--replay-sizes", help="tournaments in the store at each replay figure (1,10,50,150)"
    )
    parser.add_argument("--club-tables", type=int, help="the club-size standings' tables (13)")
    parser.add_argument("--startup-repeat", type=int, help="runs of each start-up command (5)")
    parser.add_argument("--live-tables", type=int, help="live standings' Mitchell (30; 0: none)")
    parser.add_argument("--out", type=Path, help=f"where the figures go ({RESULTS})")
    args = parser.parse_args(argv)
    base = QUICK if args.quick else Config()
    given = {
        k: v
        for k, v in vars(args).items()
        if v is not None and k not in ("quick", "kernels_only", "replay_sizes")
    }
    if args.replay_sizes:
        given["replay_sizes"] = tuple(int(n) for n in args.replay_sizes.split(","))
    if args.kernels_only:
        given["paths"] = False
    return Config(**{**vars(base), **given})


def main(argv: Sequence[str] | None = None) -> None:
    config = parse_args(argv)
    figures = run(config)
    print()
    for line in report(figures):
        print(line)


if __name__ == "__main__":
    main()
