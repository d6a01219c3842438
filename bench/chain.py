"""What the hash chain costs: sealing against recording, and verifying against reading.

Run with ``.venv/bin/python bench/chain.py [--events N]`` (also part of ``tox -e bench``'s
figures when run alone). A SQLite store of at least ``--events`` events is built through
the application's commands (bench/run.py's tournaments), then, best of ``--repeat``:

- reading every event as the rebuild does (recorder + decode to events), against
  ``traveller verify`` of the whole store (every link worked out again and compared);
- sealing every event again (its canonical encoding and link, :meth:`PydanticMapper.seal`)
  against the time the commands took to record them (decide, seal, write, commit).

Ratios are measured in the same run; see docs/performance.md.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository root holds ``bench``
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adapters.storage import env_for
from bench.measure import RESULTS, best_of, load, machine, write_part
from bench.run import build_store, read_notifications
from engine.application import Traveller
from engine.application.integrity import BATCH
from engine.events import DomainEvent


def reseal_all(app: Traveller) -> int:
    """Seal every stored event again, in order, as the engine does when it writes."""
    mapper = app.pydantic_mapper
    heads: dict[object, str] = {}
    count, start = 0, 1
    while True:
        batch = app.recorder.select_notifications(start, BATCH)
        for n in batch:
            event = mapper.to_domain_event(n)
            assert isinstance(event, DomainEvent)
            heads[event.originator_id] = mapper.seal(event, heads.get(event.originator_id))
            mapper.to_stored_event(event)  # takes the sealed state back
            count += 1
        if len(batch) < BATCH:
            return count
        start = batch[-1].id + 1


def measure(events: int, repeat: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        built = build_store(path, events)
        app = Traveller(env_for(str(path)))
        try:
            read_s, read_n = best_of(repeat, lambda: read_notifications(app, decode=True))
            verify_s, verified = best_of(repeat, app.verify)
            assert verified.ok and verified.events == read_n
            seal_s, sealed = best_of(repeat, lambda: reseal_all(app))
            assert sealed == read_n
        finally:
            app.close()
    return {
        "machine": machine(),
        "load": load(),
        "events": built.events,
        "results": built.results,
        "record_s": built.seconds,
        "read_decode_s": read_s,
        "verify_s": verify_s,
        "seal_s": seal_s,
        "verify_per_read": verify_s / read_s,
        "seal_per_record": seal_s / built.seconds,
    }


def report(f: dict[str, Any]) -> str:
    per = 1e6 / f["events"]
    return "\n".join(
        [
            f"Store: {f['events']:,} events ({f['results']:,} results), load {f['load']}",
            f"  read + decode every event   {f['read_decode_s']:8.3f} s "
            f"({f['read_decode_s'] * per:6.1f} µs an event)",
            f"  verify the whole store      {f['verify_s']:8.3f} s "
            f"({f['verify_s'] * per:6.1f} µs an event) = {f['verify_per_read']:.2f}× the read",
            f"  record every event (build)  {f['record_s']:8.3f} s "
            f"({f['record_s'] * per:6.1f} µs an event)",
            f"  seal every event            {f['seal_s']:8.3f} s "
            f"({f['seal_s'] * per:6.1f} µs an event) = {f['seal_per_record']:.1%} of recording "
            "(decoding them included)",
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    figures = measure(args.events, args.repeat)
    print(report(figures))
    write_part(args.out, "chain", figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
