"""The version in force of a scoring method (docs/decisions/0024): recorded with every
scoring choice, resolved by the registry (a plugin keeps its earlier versions), used by
the standings, changed only by an explicit rescore."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar
from uuid import UUID, uuid4

import pytest
from eventsourcing.persistence import StoredEvent
from eventsourcing.utils import get_topic
from pydantic import BaseModel

from engine.errors import PluginError, ReasonRequired
from engine.events import SCHEMA_KEY
from engine.in_force import scoring_in_force
from engine.movement import Encounter
from engine.registry import VersionUnavailable, at_version, create_registry
from engine.scoring import Award, AwardKind, SectionFacts, SectionScore
from engine.section import ResultEntry, ScoringChosen
from engine.testing import flat_score, memory_app, play_movement
from engine.tournament import EventCreated, Player, ScoringChoice
from plugins.scoring.matchpoints import Matchpoints


def test_the_registry_finds_matchpoints_at_1_0_and_at_its_current_version() -> None:
    registry = create_registry()
    current = registry.scoring_at("mp", None)
    assert current is registry.scoring("matchpoints") and current.version == "1.1"
    assert registry.scoring_at("matchpoints", "1.1") is current
    earlier = registry.scoring_at("matchpoints", "1.0")
    assert (earlier.name, earlier.version) == ("matchpoints", "1.0")
    # 1.0 is today's code with artificial tables counted as neutral ones.
    assert earlier.Options().artificial == "as_neutral"  # type: ignore[attr-defined]
    assert current.Options().artificial == "factor"  # type: ignore[attr-defined]
    assert earlier.Options(artificial="factor").artificial == "factor"  # type: ignore[attr-defined]
    assert registry.scoring_at("matchpoints", "1.0") is earlier  # made once
    swiss = registry.scoring_at("swiss-pairs", "1.0")
    assert swiss.version == "1.0" and swiss.Options().artificial == "as_neutral"  # type: ignore[attr-defined]
    assert swiss.Options().vp_maximum == 20  # type: ignore[attr-defined]


def test_a_version_no_plugin_keeps_is_refused_in_words() -> None:
    registry = create_registry()
    with pytest.raises(VersionUnavailable) as refused:
        registry.scoring_at("matchpoints", "0.9")
    error = refused.value
    assert error.code == "scoring.version_unavailable"
    assert "matchpoints has no version 0.9 any more" in error.message
    assert "keeps 1.0" in error.message and "current version" in str(error.hint)
    with pytest.raises(VersionUnavailable, match="keeps no earlier version"):
        registry.scoring_at("cross-imps", "0.1")


class _Counting:
    """A third-party method that kept its 1.0 as a scorer of its own."""

    name: ClassVar[str] = "counting"
    aliases: ClassVar[tuple[str, ...]] = ()
    version: ClassVar[str] = "2.0"
    Options: ClassVar[type[BaseModel]] = BaseModel

    def score(self, facts: SectionFacts, options: Any) -> SectionScore:
        return SectionScore(self.name, self.version, {}, (), {})


class _CountingOne(_Counting):
    version: ClassVar[str] = "1.0"


def test_an_earlier_version_may_be_a_scorer_of_its_own() -> None:
    plugin = _Counting()
    _Counting.earlier_versions = {"1.0": _CountingOne()}  # type: ignore[attr-defined]
    try:
        assert at_version(plugin, "1.0").version == "1.0"
        _Counting.earlier_versions = {"1.5": _CountingOne()}  # type: ignore[attr-defined]
        with pytest.raises(PluginError, match=r"keeps counting 1\.0 as its version 1\.5"):
            at_version(plugin, "1.5")
        _Counting.earlier_versions = {"1.5": {"nothing": 1}}  # type: ignore[attr-defined]
        with pytest.raises(PluginError, match="options it does not have: nothing"):
            at_version(plugin, "1.5")
    finally:
        del _Counting.earlier_versions  # type: ignore[attr-defined]


# ---- the record ---------------------------------------------------------------------------


def _stored(cls: type, state: dict[str, Any], schema: int) -> StoredEvent:
    app = memory_app()
    return StoredEvent(
        originator_id=uuid4(),
        originator_version=1,
        topic=get_topic(cls),
        state=app.mapper.transcoder.encode({**state, SCHEMA_KEY: schema}),
    )


def test_a_choice_stored_before_versions_were_recorded_names_none() -> None:
    app = memory_app()
    base = {"originator_id": str(uuid4()), "originator_version": 3}
    chosen = app.mapper.to_domain_event(
        _stored(ScoringChosen, {**base, "method": "matchpoints", "options": {}}, 1)
    )
    assert isinstance(chosen, ScoringChosen) and chosen.version is None
    created = app.mapper.to_domain_event(
        _stored(EventCreated, {**base, "name": "Old", "scoring": {"method": "matchpoints"}}, 1)
    )
    assert isinstance(created, EventCreated) and created.scoring.version is None
    written = app.mapper.to_stored_event(replace_version(chosen, "1.1"))
    assert app.mapper.transcoder.decode(written.state)[SCHEMA_KEY] == 2


def replace_version(event: ScoringChosen, version: str) -> ScoringChosen:
    return event.model_copy(update={"version": version})


def varied(board: int, encounter: Encounter) -> ResultEntry:
    """4S by North, 7 to 13 tricks: every board's results differ from table to table."""
    tricks = 7 + (encounter.ns * 5 + encounter.ew * 3 + board) % 7
    return replace(flat_score(board, encounter), tricks=tricks)


def artificial_evening(version: str | None = None) -> tuple[Any, UUID]:
    """A 5-table Mitchell played through, with an artificial score (A+/A-) on board 1."""
    app = memory_app()
    event = app.create_event("Tuesday", scoring=ScoringChoice(version=version))
    for i in range(1, 11):
        app.register_entry(event, [Player(name=f"N{i}"), Player(name=f"S{i}")])
    app.assign_movement(event, "mitchell", options={"boards_per_round": 2})
    play_movement(app, event, result=varied)
    (table,) = [t for t in app.section(event, 1, "A").entries() if (t.board, t.ns.number) == (1, 1)]
    app.adjust(
        event,
        board=1,
        ns=1,
        ew=table.ew.number,
        award_ns=Award(AwardKind.AVE_PLUS),
        award_ew=Award(AwardKind.AVE_MINUS),
        reason="slow play",
    )
    return app, event


def figures(app: Any, event: UUID) -> dict[str, str]:
    standings = app.standings(event)
    return {f"{f.name}{r.pair.number}": str(r.score) for f in standings.fields for r in f.rows}


def test_a_new_event_records_the_version_in_force_and_keeps_it() -> None:
    app, event = artificial_evening()
    assert app.tournament(event).scoring.version == "1.1"
    assert app.standings(event).method_version == "1.1"


def test_standings_are_computed_by_the_version_in_force_and_change_only_by_a_rescore() -> None:
    app, event = artificial_evening("1.0")
    then = figures(app, event)
    assert app.standings(event).method_version == "1.0"
    now_app, now_event = artificial_evening()
    assert figures(now_app, now_event) != then  # 1.1 factors around the artificial table
    with pytest.raises(ReasonRequired):
        app.rescore_to_current(event, reason="")
    before = app.position()
    assert app.rescore_to_current(event, reason="the club moves to matchpoints 1.1") == ["A"]
    assert app.position() == before + 1
    assert app.standings(event).method_version == "1.1"
    assert figures(app, event) == figures(now_app, now_event)
    (chosen,) = [t for t in app.audit(event) if t["type"] == "ScoringChosen"]
    assert chosen["data"] == {"method": "matchpoints", "options": {}, "version": "1.1"}
    assert chosen["reason"] == "the club moves to matchpoints 1.1"
    assert app.rescore_to_current(event, reason="again") == []  # already current
    assert app.position() == before + 1


def test_a_rescore_by_another_method_records_its_current_version() -> None:
    app, event = artificial_evening("1.0")
    assert app.rescore(event, "cross-imps", reason="IMPs tonight") == ["A"]
    assert app.section(event, 1, "A").scoring_version == "1.0"  # cross-imps' own version
    assert app.scoring_in_force(event)["A"].method == "cross-imps"
    # Choosing matchpoints again is a choice at its current version: no longer 1.0.
    assert app.rescore(event, "mp", reason="back to matchpoints") == ["A"]
    assert app.scoring_in_force(event)["A"].version == "1.1"


def test_an_event_created_under_an_earlier_version_it_no_longer_has_is_refused() -> None:
    app = memory_app()
    with pytest.raises(VersionUnavailable):
        app.create_event("Old rules", scoring=ScoringChoice(version="0.5"))
    assert app.position() == 0


def test_matchpoints_1_0_is_kept_as_defaults_of_the_same_code() -> None:
    assert Matchpoints.earlier_versions == {"1.0": {"artificial": "as_neutral"}}
    registry = create_registry()
    earlier = registry.scoring_at("matchpoints", "1.0")
    assert earlier.__doc__ == Matchpoints.__doc__


def test_a_choice_that_names_no_version_takes_the_one_its_publication_names() -> None:
    app, event = artificial_evening()
    app.close_session(event, 1)
    app.publish(event, 1)
    published = app.tournament(event)
    section = app.section(event, 1, "A")
    unnamed = replace(published, scoring=ScoringChoice())  # an event of schema 1
    publication = published.publications[1][0]
    as_of_1_0 = {1: [replace(publication, method_version="1.0")]}
    assert scoring_in_force(replace(unnamed, publications=as_of_1_0), section).version == "1.0"
    # Never published (or published by another method): the current version.
    assert scoring_in_force(replace(unnamed, publications={}), section).version is None
    other = {1: [replace(publication, method="cross-imps", method_version="0.9")]}
    assert scoring_in_force(replace(unnamed, publications=other), section).version is None
    # A section's own choice of schema 1 reads the same way.
    own = replace(section, scoring=("matchpoints", {}), scoring_version=None)
    assert scoring_in_force(replace(published, publications=as_of_1_0), own).version == "1.0"
    assert scoring_in_force(published, section).version == "1.1"  # recorded
