"""What was published stays what was published (issue 13, docs/decisions/0024), on a store
written by the code of the matchpoints-1.0 days (``tests/fixtures/store-matchpoints-1.0.db``,
see ``tests/test_release_fixture.py``): replay gives its published figures, a new version
applies only by ``rescore --to-current`` (in the audit), and when the version in force is
no longer installed the published figures are shown, marked so."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from adapters.storage import env_for
from engine.application import Traveller
from engine.errors import PluginError
from engine.registry import create_registry
from engine.standings import compute_standings
from engine.testing import memory_app
from engine.tournament import ScoringChoice
from plugins.scoring.matchpoints import Matchpoints
from tests.acceptance.cli import Cli
from tests.adapters.http.api_kit import serve

FIXTURES = Path(__file__).parents[1] / "fixtures"
PUBLISHED = json.loads((FIXTURES / "store-matchpoints-1.0.standings.json").read_text())
(EVENT,) = PUBLISHED["standings"]
WHY = ("--reason", "the club moves to matchpoints 1.1")


@pytest.fixture
def club(tmp_path: Path) -> Cli:
    """The CLI on a copy of the store the matchpoints-1.0 code wrote."""
    copy = tmp_path / "club.db"
    shutil.copy(FIXTURES / "store-matchpoints-1.0.db", copy)
    cli = Cli()
    cli.store = f"sqlite:///{copy}"
    return cli


def scores(standings: dict[str, Any]) -> dict[tuple[str, str, int], tuple[str, str]]:
    """(section, field, pair) → (score, rank) of every row."""
    return {
        (f["section"], f["name"], r["pair"]): (r["score"], r["rank"])
        for f in standings["fields"]
        for r in f["rows"]
    }


def test_the_published_session_replays_under_the_version_it_was_published_by(club: Cli) -> None:
    shown = club.run("standings", "--event", EVENT)
    assert (shown["method"], shown["method_version"]) == ("matchpoints", "1.0")
    assert "as_published" not in shown  # computed, by 1.0: not the stored figures
    assert scores(shown) == scores(PUBLISHED["standings"][EVENT])


def test_a_new_version_applies_only_through_a_rescore_in_the_audit(club: Cli) -> None:
    before = club.position
    answer = club.run("rescore", "--event", EVENT, "--to-current", *WHY)
    assert answer["rescored"] == ["A", "B"] and answer["method"] == "matchpoints 1.1"
    assert answer["versions"] == {"A": "1.1", "B": "1.1"}
    assert club.position == before + 2
    now = club.run("standings", "--event", EVENT)
    assert now["method_version"] == "1.1"
    published, rescored = scores(PUBLISHED["standings"][EVENT]), scores(now)
    section_a = [key for key in published if key[0] == "A"]
    changed = [key for key in section_a if published[key][0] != rescored[key][0]]
    reranked = [key for key in section_a if published[key][1] != rescored[key][1]]
    assert (len(section_a), len(changed), len(reranked)) == (14, 12, 4)  # as issue 13 found
    trail = club.run("audit", "--event", EVENT)
    chosen = [t for t in trail if t["type"] == "ScoringChosen"]
    assert [(t["data"]["version"], t["reason"]) for t in chosen] == [
        ("1.1", WHY[1]),
        ("1.1", WHY[1]),
    ]
    again = club.run("rescore", "--event", EVENT, "--to-current", *WHY)
    assert again["rescored"] == [] and club.position == before + 2
    republished = club.run("session", "publish", "--event", EVENT)
    assert "1.1" in json.dumps(republished)
    trail = club.run("audit", "--event", EVENT)
    assert sum(t["type"] == "ResultsPublished" for t in trail) == 2  # the first one stays


@pytest.mark.parametrize(
    "args",
    [[], ["--scoring", "matchpoints", "--to-current"]],
    ids=["neither", "both"],
)
def test_rescore_names_either_a_method_or_the_current_version(club: Cli, args: list[str]) -> None:
    before = club.position
    refused = club.run("rescore", "--event", EVENT, *args, *WHY, ok=False)
    assert "--scoring METHOD or --to-current" in refused["message"]
    assert club.position == before


def test_a_version_no_longer_installed_shows_the_published_figures_marked(
    club: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Matchpoints, "earlier_versions", {})
    shown = club.run("standings", "--event", EVENT)
    assert shown["as_published"] == "matchpoints 1.0"
    assert scores(shown) == scores(PUBLISHED["standings"][EVENT])
    text = " ".join(club.text("standings", "--event", EVENT).split())
    assert "As published under matchpoints 1.0" in text and "rescore --to-current" in text
    before = club.position
    refused = club.run("session", "publish", "--event", EVENT, ok=False)
    assert refused["code"] == "scoring.version_unavailable"
    assert "--to-current" in refused["hint"] and club.position == before
    club.run("rescore", "--event", EVENT, "--to-current", *WHY)
    assert "as_published" not in club.run("standings", "--event", EVENT)


def test_a_version_no_longer_installed_and_never_published_is_refused_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = memory_app()
    event = app.create_event("Old rules", scoring=ScoringChoice(version="1.0"))
    monkeypatch.setattr(Matchpoints, "earlier_versions", {})
    newer = create_registry()  # a process whose matchpoints no longer keeps 1.0
    with pytest.raises(PluginError) as refused:
        compute_standings(newer, app.tournament(event), app.sections(event, 1), 1)
    assert refused.value.code == "scoring.version_unavailable"
    assert "matchpoints has no version 1.0 any more" in refused.value.message


def test_the_api_rescores_to_the_current_version(tmp_path: Path) -> None:
    copy = tmp_path / "club.db"
    shutil.copy(FIXTURES / "store-matchpoints-1.0.db", copy)
    server = serve(Traveller(env_for(f"sqlite:///{copy}")))
    path = f"/api/events/{EVENT}/sessions/1/rescore"
    refused = server.client.post(path, json={"reason": "r"}, headers=server.as_director())
    assert refused.status_code == 422 and refused.json()["code"] == "rescore.what"
    answer = server.post(path, {"to_current": True, "reason": WHY[1]})
    assert answer["rescored"] == ["A", "B"]
    assert answer["versions"] == {"A": "1.1", "B": "1.1"}
    assert server.app.standings(UUID(EVENT)).method_version == "1.1"
