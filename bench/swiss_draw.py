"""Swiss draw benchmark: one round of a 1,000-team Swiss drawn by the optimal method,
against the same round drawn top-down (issue 10; docs/performance.md).

Run with ``.venv/bin/python bench/swiss_draw.py`` (``--quick`` for a smoke run; ``--teams``,
``--played``, ``--repeat``); ``tox -e bench`` runs it as the last part of ``bench/run.py``.
The figures go to ``bench/results/latest.json`` under ``swiss_draw``, beside the other
parts' figures.

The field: ``--teams`` teams entered with seeding points; rounds 1 to ``--played`` drawn
by the optimal method and played with random results on a 20-VP scale, from a fixed seed
(:func:`engine.testing.simulate_swiss`). By then teams near each other in the standings
have met, so the rematch rule (``rematch=none``) bars many of the pairings 1 v 2, 3 v 4 …
the next round would otherwise take. That round is drawn from the standings after round
``--played``, best of ``--repeat``, by ``optimal`` and by ``top-down``: the same field,
history, options and seed, both methods taken from the plugin registry as the
application takes them. The optimal draw is also run once under cProfile (untimed).
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository root holds ``bench``
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import RESULTS, best_of, load, machine, profile, write_part
from engine import Draw, PairingOptions, parse_options
from engine.registry import Registry, create_registry
from engine.testing import SwissRound, simulate_swiss

KEY = "swiss_draw"
"""The part of ``latest.json`` these figures fill."""
TARGET_S = 2.0
"""Issue 10: a 1,000-team round drawn by the optimal method in under 2 s."""
METHODS = ("optimal", "top-down")


@dataclass(frozen=True)
class SwissConfig:
    teams: int = 1000
    played: int = 5
    repeat: int = 5
    seed: int = 2026
    profile: bool = True


def conditions(registry: Registry, name: str, config: SwissConfig) -> PairingOptions:
    """The options both methods draw the timed round with: no rematch, and the timed
    round the event's last."""
    options = parse_options(
        registry.pairing(name), {"rounds": config.played + 1, "rematch": "none"}
    )
    assert isinstance(options, PairingOptions)
    return options


def the_timed_round(registry: Registry, config: SwissConfig) -> SwissRound:
    """The field and history the timed round is drawn from (and its optimal draw):
    ``played`` rounds drawn by the optimal method and played, then the next drawn."""
    method = registry.pairing("optimal")
    options = conditions(registry, "optimal", config)
    event = simulate_swiss(
        method, teams=config.teams, rounds=config.played + 1, options=options, seed=config.seed
    )
    return event[-1]


def barred_neighbours(timed: SwissRound) -> int:
    """How many of the pairings 1 v 2, 3 v 4 … down the standings the timed round is
    drawn from are rematches: what the rule takes away from a plain draw."""
    order = timed.draw.order
    met = timed.history.meeting_counts
    return sum(
        1 for a, b in zip(order[::2], order[1::2], strict=False) if met[(min(a, b), max(a, b))]
    )


def quality(draw: Draw) -> dict[str, Any]:
    """How close to the standings a draw keeps its matches: the gaps in places between
    opponents (the optimal draw's cost is the sum of their squares)."""
    place = {n: i for i, n in enumerate(draw.order)}
    gaps = sorted(abs(place[m.home] - place[m.away]) for m in draw.matches)
    return {
        "matches": len(gaps),
        "adjacent": sum(1 for g in gaps if g == 1),
        "max_gap": gaps[-1] if gaps else 0,
        "sum_squared_gaps": sum(g * g for g in gaps),
        "relaxed": len(draw.relaxed),
    }


def run_swiss(
    config: SwissConfig,
    *,
    registry: Registry | None = None,
    log: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Build the field, time the round by each method, return the figures."""
    say = log or (lambda _: None)
    registry = registry or create_registry()
    load_before = load()
    say(f"Swiss: {config.teams:,} teams, rounds 1-{config.played} drawn (optimal) and played ...")
    started = time.perf_counter()
    timed = the_timed_round(registry, config)
    built = time.perf_counter() - started
    rnd = timed.round
    drawing = {
        name: functools.partial(
            registry.pairing(name).draw,
            rnd,
            timed.field,
            timed.history,
            conditions(registry, name, config),
            config.seed,
        )
        for name in METHODS
    }
    seconds: dict[str, float] = {}
    draws: dict[str, Draw] = {}
    for name, draw in drawing.items():
        say(f"  round {rnd} by {name}, best of {config.repeat} ...")
        seconds[name], draws[name] = best_of(config.repeat, draw)
    assert draws["optimal"] == timed.draw, "the timed draw is the one the simulation made"
    optimal, top_down = seconds["optimal"], seconds["top-down"]
    profiled = profile(drawing["optimal"], limit=10) if config.profile else {}
    return {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "machine": {**machine(), "load_before": load_before, "load_after": load()},
        "config": asdict(config),
        "round": rnd,
        "rematch": "none",
        "build_s": round(built, 3),
        "barred_neighbours": barred_neighbours(timed),
        "seconds": {name: round(s, 4) for name, s in seconds.items()},
        "optimal_per_top_down": round(optimal / top_down, 3) if top_down else None,
        "target_s": TARGET_S,
        "optimal_under_target": optimal < TARGET_S,
        "quality": {name: quality(draw) for name, draw in draws.items()},
        "profile_optimal": profiled,
    }


def report_swiss(f: dict[str, Any]) -> str:
    """The figures as plain text."""
    c, s, q = f["config"], f["seconds"], f["quality"]
    met = "MET" if f["optimal_under_target"] else "NOT MET"
    lines = [
        f"Swiss draw: round {f['round']} of {c['teams']:,} teams after {c['played']} rounds "
        f"(rematch=none; {f['barred_neighbours']} of the {c['teams'] // 2} pairings 1 v 2, "
        f"3 v 4 … are rematches), best of {c['repeat']}; field built in {f['build_s']} s",
        f"  {'method':<10}{'seconds':>9}{'adjacent':>10}{'max gap':>9}{'Σ gap²':>9}{'relaxed':>9}",
    ]
    for name in METHODS:
        d = q[name]
        lines.append(
            f"  {name:<10}{s[name]:>9.3f}{d['adjacent']:>10}{d['max_gap']:>9}"
            f"{d['sum_squared_gaps']:>9}{d['relaxed']:>9}"
        )
    lines.append(
        f"  optimal / top-down = {f['optimal_per_top_down']}×; target, optimal under "
        f"{f['target_s']:g} s: {met}"
    )
    prof = f["profile_optimal"]
    if prof:
        lines.append(f"  the optimal draw under cProfile ({prof['total_s']} s), top own time:")
        for p in prof["own"][:6]:
            lines.append(f"    {p['own_share'] * 100:5.1f}%  {p['own_s']:7.3f} s  {p['function']}")
    return "\n".join(lines)


def parse(argv: Sequence[str] | None = None) -> tuple[SwissConfig, Path | None]:
    parser = argparse.ArgumentParser(description="Swiss draw benchmark (docs/performance.md).")
    add = parser.add_argument
    add("--teams", type=int, help="teams in the field (default 1000; 200 with --quick)")
    add("--played", type=int, default=5, help="rounds played before the timed one (5)")
    add("--repeat", type=int, help="best of N (5; 1 with --quick)")
    add("--seed", type=int, default=2026, help="the seed of the draws and the results")
    add("--quick", action="store_true", help="a small smoke run")
    add("--no-profile", action="store_true", help="skip the cProfile run")
    add("--out", type=Path, default=RESULTS, help="the JSON to write the figures into")
    a = parser.parse_args(argv)
    config = SwissConfig(
        teams=a.teams if a.teams is not None else (200 if a.quick else 1000),
        played=a.played,
        repeat=a.repeat if a.repeat is not None else (1 if a.quick else 5),
        seed=a.seed,
        profile=not a.no_profile,
    )
    return config, a.out


def main(argv: Sequence[str] | None = None) -> int:
    config, out = parse(argv)
    figures = run_swiss(config, log=lambda text: print(text, file=sys.stderr, flush=True))
    print(report_swiss(figures))
    if out is not None:
        write_part(out, KEY, figures)
        print(f"\nWritten to {out} ({KEY})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
