"""Hostile input, for longer: the suite's property tests of every command and of fuzzed
CSV and PBN files (``tests/adapters/cli/test_hostile_commands.py``,
``tests/adapters/files/test_csv_hostile.py``, ``tests/engine/test_parsing.py``) run with
``--scale`` times their examples (the suite runs a few hundred each)::

    .venv/bin/python bench/fuzz.py --scale 50 [--seed N]

Every run either succeeds or is refused with a clear message — never a traceback, never
a bug's exit status, never a write followed by a failure. It prints pytest's summary and
writes ``bench/results/fuzz.json`` (the scale, the seed, the seconds, the outcome).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = (
    "tests/adapters/cli/test_hostile_commands.py",
    "tests/adapters/files/test_csv_hostile.py",
    "tests/engine/test_parsing.py",
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=20.0, help="times the suite's examples")
    parser.add_argument("--seed", type=int, default=None, help="hypothesis seed (default random)")
    options = parser.parse_args(argv)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS]
    if options.seed is not None:
        command.append(f"--hypothesis-seed={options.seed}")
    started = time.monotonic()
    done = subprocess.run(
        command,
        cwd=ROOT,
        # Random draws, where the suite draws the same examples every run (tests/conftest.py).
        env={
            **os.environ,
            "TRAVELLER_FUZZ_SCALE": str(options.scale),
            "TRAVELLER_HYPOTHESIS": "explore",
        },
        check=False,
    )
    seconds = round(time.monotonic() - started)
    out = ROOT / "bench" / "results" / "fuzz.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    record = {"scale": options.scale, "seed": options.seed, "seconds": seconds}
    out.write_text(json.dumps({**record, "passed": done.returncode == 0}, indent=2) + "\n")
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
