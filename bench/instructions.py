"""Start-up counted in instructions: what a club's ``traveller standings`` costs, piece by
piece, in a measure that a busy machine does not move.

Run with ``.venv/bin/python -m bench.instructions`` (needs valgrind; about two minutes,
each command runs some fifty times slower under it). Wall time on a shared machine moves by
up to 2× from one minute to the next, so start-up's floors are also counted here with
valgrind's callgrind, which counts the instructions a process executes: the same count
for the same program, inputs and environment whatever else the machine does.

Each command is a new process, as ``bench/user_path.py``'s start-up figures are:

- a bare interpreter;
- the stack (:data:`bench.user_path.STACK`): the libraries the design card fixes and the
  command line's, nothing of Traveller's;
- the stack and pydantic's first model (:data:`FIRST_MODEL`): what pydantic loads only
  when a program makes and validates its first model, as every command of Traveller's
  does, with nothing of Traveller's;
- the stack and the event classes (:data:`bench.user_path.EVENT_CLASSES`): the floor of
  any command that reads a tournament from its events;
- ``traveller --version``;
- ``traveller standings`` of a club-size section (13 tables × 26 boards).

The report gives each count and its share of the standings' count. The figures go to
``bench/results/latest.json`` under ``instructions``. See docs/performance.md, "The
seventh pass: the floor under the last two targets, counted", and docs/decisions/0033.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository root holds ``bench``
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.measure import RESULTS, write_part
from bench.user_path import (
    CLUB_BOARDS,
    EVENT_CLASSES,
    STACK,
    as_installed,
    club_store,
    standings_command,
    traveller,
)

FIRST_MODEL = """
from pydantic import BaseModel, Field
class Board(BaseModel):
    number: int = Field(ge=1)
Board(number=1)
"""
"""One small model, made and validated: pydantic's types, its constraints' annotations and
its plugin loader (which reads every installed entry point) load then, not on
``import pydantic.main``."""

COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")
"""callgrind's summary line on standard error: ``==pid== Collected : 1510606506``."""


def count(command: Sequence[str], workdir: Path) -> int:
    """The instructions ``command`` executes, counted by callgrind (the command must
    succeed: a failing one's count would measure its error path)."""
    ran = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True,
        text=True,
        env=as_installed(),
        cwd=workdir,
    )
    found = COLLECTED.search(ran.stderr)
    if ran.returncode != 0 or found is None:
        raise SystemExit(f"{' '.join(command)} failed under valgrind: {ran.stderr[-2000:]}")
    return int(found.group(1))


def commands(store: Path, event: str) -> dict[str, list[str]]:
    """The processes counted, by name, in the order the report lists them."""
    python = [sys.executable]
    return {
        "interpreter": [*python, "-c", "pass"],
        "stack": [*python, "-c", f"import {', '.join(STACK)}"],
        "first_model": [*python, "-c", f"import {', '.join(STACK)}\n{FIRST_MODEL}"],
        "events": [*python, "-c", f"import {', '.join(STACK + EVENT_CLASSES)}"],
        "version": [*traveller(), "--version"],
        "club_standings": standings_command(store, event),
    }


def run(
    tables: int, seed: int, workdir: Path, log: Callable[[str], None] = print
) -> dict[str, Any]:
    """Each command's count, once warm (its modules compiled by a first, uncounted run
    in the same environment, so the count has no compiling in it)."""
    store, event = club_store(tables, seed, workdir)
    counted: dict[str, Any] = {"club": f"{tables} tables × {CLUB_BOARDS} boards"}
    for name, command in commands(store, event).items():
        subprocess.run(command, capture_output=True, env=as_installed(), cwd=workdir, check=True)
        counted[name] = count(command, workdir)
        log(f"  {name}: {counted[name] / 1e6:,.0f} million instructions")
    return counted


def report(counted: dict[str, Any]) -> list[str]:
    """The counts as report lines, each beside its share of the club's standings."""
    whole = counted["club_standings"]
    lines = [f"start-up in instructions (callgrind; club: {counted['club']})"]
    for name in ("interpreter", "stack", "first_model", "events", "version", "club_standings"):
        lines.append(
            f"  {name:<15} {counted[name] / 1e6:>7,.0f} million  {counted[name] / whole:>6.1%}"
        )
    lines += [
        f"  (pydantic's first model adds {(counted['first_model'] - counted['stack']) / 1e6:,.0f} "
        "million to the stack's;",
        f"  the event classes {(counted['events'] - counted['first_model']) / 1e6:,.0f} million "
        "more;",
        f"  the standings' own work beyond that floor is {(whole - counted['events']) / 1e6:,.0f} "
        "million)",
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=13, help="the club section's tables")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--out", type=Path, default=RESULTS, help="where the figures go")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind not found: nothing counted (Debian: apt install valgrind)")
        return 0
    with tempfile.TemporaryDirectory(prefix="traveller-instructions-") as tmp:
        counted = run(args.tables, args.seed, Path(tmp), log=lambda t: print(t, file=sys.stderr))
    print("\n".join(report(counted)))
    write_part(args.out, "instructions", counted)
    print(f"\nWritten to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
