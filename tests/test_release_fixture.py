"""A store written by an earlier release must still load and replay to the same standings.

``tests/fixtures/store-<release>.db`` was written by that release (the demo evening, a
team round robin in VPs, and a pairs game with a weighted score, a fouled board, a
close and a publication); ``store-<release>.standings.json`` holds the standings that
release computed. Event classes may move between modules (their stored topics stay
registered as aliases): this test is what proves it.

``store-matchpoints-1.0.db`` was written by the code of the matchpoints-1.0 days (commit
6259c4e, the one before b6e5bc0 changed how artificial tables are matchpointed): the demo
evening, with an artificial score, a neutral board and a publication. Today's matchpoints
(1.1) would change 12 of its 14 section-A scores and 4 ranks; replay scores it by the
version in force, 1.0 (docs/decisions/0024).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from adapters.storage import env_for
from engine.application import Traveller
from engine.history import rebuild
from engine.standings import compute_standings

FIXTURES = Path(__file__).parent / "fixtures"
RELEASES = sorted(p.name.removesuffix(".db").removeprefix("store-") for p in FIXTURES.glob("*.db"))

ROW_KEYS_ADDED = frozenset({"line"})
"""Keys of a standings row that a later release added, each naming what the row already
meant: ``line`` says which line of a Mitchell a pair sat where NS 1 and EW 1 are ranked
together (0.1.0 showed both as pair 1). Every key the release wrote is still compared."""


def as_released(data: Any) -> Any:
    """Standings as JSON, their rows without the keys added since the release."""
    if isinstance(data, list):
        return [as_released(item) for item in data]
    if not isinstance(data, dict):
        return data
    row = "rank" in data and "pair" in data
    return {k: as_released(v) for k, v in data.items() if not (row and k in ROW_KEYS_ADDED)}


@pytest.mark.parametrize("release", RELEASES)
def test_a_store_of_an_earlier_release_replays_to_its_standings(
    release: str, tmp_path: Path
) -> None:
    copy = tmp_path / "store.db"
    shutil.copy(FIXTURES / f"store-{release}.db", copy)
    expected = json.loads((FIXTURES / f"store-{release}.standings.json").read_text())
    app = Traveller(env_for(f"sqlite:///{copy}"))

    assert app.position() == expected["position"]
    for event, standings in expected["standings"].items():
        eid = UUID(event)
        shown = compute_standings(app.registry, app.tournament(eid), app.sections(eid, 1), 1)
        assert as_released(json.loads(json.dumps(shown.to_json(), default=str))) == standings
    position, rebuilt = rebuild(app)
    assert position == expected["position"]
    assert {
        str(eid): as_released(json.loads(json.dumps(s.to_json(), default=str)))
        for (eid, _session), s in rebuilt.items()
    } == expected["standings"]


def test_there_is_a_fixture_of_this_release() -> None:
    assert RELEASES, "keep a store written by the current release in tests/fixtures"
