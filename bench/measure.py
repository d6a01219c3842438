"""What every benchmark shares: best-of timing, percentiles, a cProfile summary, the
machine and its load, and writing the figures to ``bench/results/latest.json``."""

from __future__ import annotations

import cProfile
import gc
import importlib.metadata
import json
import math
import os
import platform
import pstats
import sqlite3
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

RESULTS = Path(__file__).resolve().parent / "results" / "latest.json"
"""Where the figures go (git-ignored)."""


def best_of(repeat: int, run: Callable[[], T]) -> tuple[float, T]:
    """The shortest wall time of ``repeat`` runs, and that run's value."""
    best: tuple[float, T] | None = None
    for _ in range(max(1, repeat)):
        gc.collect()
        started = time.perf_counter()
        value = run()
        took = time.perf_counter() - started
        if best is None or took < best[0]:
            best = (took, value)
    assert best is not None
    return best


def percentiles(seconds: Sequence[float]) -> dict[str, float]:
    """Nearest-rank p50/p95/p99 and max, in milliseconds."""
    ordered = sorted(seconds)
    if not ordered:
        return {"n": 0}

    def rank(p: float) -> float:
        return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] * 1000

    return {
        "n": len(ordered),
        "p50_ms": round(rank(50), 3),
        "p95_ms": round(rank(95), 3),
        "p99_ms": round(rank(99), 3),
        "max_ms": round(ordered[-1] * 1000, 3),
        "mean_ms": round(sum(ordered) / len(ordered) * 1000, 3),
    }


def by_part(seconds: Sequence[float], parts: int = 6) -> list[float]:
    """The p50 (nearest rank, ms) of each of ``parts`` consecutive stretches of a loop's
    timings, in order: whether the loop's work grows as it goes (a result on a fuller
    board moves more pairs' totals) or its tail is spread through it."""
    size = max(1, len(seconds) // parts)
    stretches = [seconds[i : i + size] for i in range(0, size * parts, size)]
    return [percentiles(s)["p50_ms"] for s in stretches if s]


def _fixed_work(steps: int) -> int:
    """Pure-Python work of a fixed size: the same instructions every time."""
    total = 0
    for i in range(steps):
        total += i * i % 7
    return total


def spread(p50_ms: float, runs: int) -> dict[str, float]:
    """The machine's own spread at a latency loop's size: a fixed piece of pure-Python
    work sized to take ``p50_ms``, timed ``runs`` times, as :func:`percentiles`.

    The work never changes, so whatever its p99 adds to its p50 is the machine (other
    work on it, the host's scheduling), not the code: a loop whose p99 stands to its p50
    as this work's does has no tail of its own. A p99 target is then met only by a p50
    that leaves room for this spread."""
    steps = 10_000
    # Sized by the median of a few runs, as the loop's p50 is a median.
    took = sorted(_timed(lambda: _fixed_work(steps)) for _ in range(21))[10]
    steps = max(1, round(steps * p50_ms / 1000 / took))
    return percentiles([_timed(lambda: _fixed_work(steps)) for _ in range(runs)])


def _timed(run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return time.perf_counter() - started


def profile(run: Callable[[], object], limit: int = 15) -> dict[str, Any]:
    """cProfile of one run: the functions with the most own time, and the most cumulative."""
    profiler = cProfile.Profile()
    profiler.runcall(run)
    stats = pstats.Stats(profiler)
    total: float = stats.total_tt  # type: ignore[attr-defined]
    raw: dict[tuple[str, int, str], tuple[int, int, float, float, object]]
    raw = stats.stats  # type: ignore[attr-defined]
    here = str(Path(__file__).resolve().parent.parent) + "/"
    rows: list[dict[str, Any]] = []
    for (filename, line, name), (_, ncalls, tottime, cumtime, _) in raw.items():
        short = filename.split("site-packages/", 1)[-1].removeprefix(here)
        rows.append(
            {
                "function": f"{short}:{line}({name})",
                "calls": ncalls,
                "own_s": round(tottime, 4),
                "own_share": round(tottime / total, 4) if total else 0.0,
                "cumulative_s": round(cumtime, 4),
                "cumulative_share": round(cumtime / total, 4) if total else 0.0,
            }
        )
    own = sorted(rows, key=lambda r: -float(r["own_s"]))[:limit]
    cumulative = sorted(rows, key=lambda r: -float(r["cumulative_s"]))[:limit]
    return {"total_s": round(total, 3), "own": own, "cumulative": cumulative}


def machine() -> dict[str, Any]:
    """The CPUs this process may use, the CPU, and the versions the figures depend on."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count() or 0
    return {
        "cpus": usable,
        "cpu": cpu or platform.processor(),
        "platform": platform.platform(),
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "eventsourcing": importlib.metadata.version("eventsourcing"),
        "pydantic": importlib.metadata.version("pydantic"),
    }


def load() -> list[float]:
    """The 1, 5 and 15 minute load averages (other work on the machine skews timings)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return []


def write_part(out: Path, key: str, figures: dict[str, Any]) -> None:
    """Put one benchmark's ``figures`` under ``key`` in the JSON at ``out``, keeping the
    other parts a full run wrote there."""
    whole: dict[str, Any] = {}
    if out.exists():
        try:
            whole = json.loads(out.read_text())
        except ValueError:
            whole = {}  # a file cut short by an interrupted run: start again
    whole[key] = figures
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(whole, indent=2) + "\n")


def verdicts(figures: Any, where: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Every figure in ``figures`` that names a target, wherever it is nested: what it is,
    the target and whether it is met (None: not judged at this size).

    A figure names its target with ``"target"`` (the issue and what it asks) beside
    ``"met"``; ``"label"``, or else its field, method, name or size, says which figure it is."""
    found: list[dict[str, Any]] = []
    if isinstance(figures, dict):
        if isinstance(figures.get("target"), str) and "met" in figures:
            label = figures.get("label") or " ".join(
                str(figures[k]) for k in ("field", "method", "name") if k in figures
            )
            found.append(
                {
                    "figure": label or ".".join(where),
                    "target": figures["target"],
                    "met": figures["met"],
                }
            )
        for key, value in figures.items():
            found += verdicts(value, (*where, str(key)))
    elif isinstance(figures, list):
        for value in figures:
            found += verdicts(value, where)
    return found


def verdict_lines(figures: dict[str, Any]) -> list[str]:
    """The targets of a run, one line each: MET, NOT MET or not judged, and what for."""
    found = verdicts(figures)
    if not found:
        return []
    shown = {True: "MET", False: "NOT MET", None: "not judged"}
    met = sum(1 for v in found if v["met"] is True)
    lines = [f"Targets: {met} of {len(found)} met"]
    for v in found:
        lines.append(f"  {shown[v['met']]:<11}{v['figure']:<42} {v['target']}")
    return lines
