"""How a session's sections are scored: each by the method in force (its version, its
options under the event's conventions, victory points where they name a scale), alone
or as its share of one field (:mod:`engine.one_field`), and, live, brought up to date
from its last score where the method rescores boards (docs/decisions/0031).

The standings (:mod:`engine.standings`) rank what is scored here; the travellers, Swiss
draws and masterpoint awards read it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.conventions import options_in_force
from engine.in_force import ScoringInForce, scoring_in_force
from engine.one_field import merge_facts, split_score
from engine.registry import (
    ConvertsToVictoryPoints,
    Registry,
    RescoresBoards,
    parse_options,
    scale_for,
)
from engine.remembered import Remembered, states_of
from engine.scoring import SectionFacts, SectionScore, credit_players
from engine.section import Section
from engine.tournament import SectionRanking, Tournament


def scoring_choice(tournament: Tournament, section: Section) -> tuple[str, dict[str, Any]]:
    """The (method, options) ``section`` is scored by: its own, or the event's."""
    return section.scoring or (tournament.scoring.method, tournament.scoring.options)


def _method(registry: Registry, chosen: ScoringInForce) -> tuple[Any, Any]:
    """The method ``chosen`` and its options parsed."""
    # The version in force, not today's: what was published stays what was published.
    method = registry.scoring_at(chosen.method, chosen.version)
    given = options_in_force(chosen.conventions, method.name, chosen.options)
    return method, parse_options(method, given)


def score_facts(registry: Registry, chosen: ScoringInForce, facts: SectionFacts) -> SectionScore:
    """``facts`` scored by the method ``chosen`` (at the version in force), in victory
    points where its options name a scale."""
    method, options = _method(registry, chosen)
    return _in_victory_points(registry, method, options, method.score(facts, options))


def _in_victory_points(
    registry: Registry, method: Any, options: Any, scored: SectionScore
) -> SectionScore:
    scale = getattr(options, "vp_scale", None)
    if scale is not None and isinstance(method, ConvertsToVictoryPoints):
        # Scoring sees only facts and options; the VP scale is another plugin, looked up here.
        scored = method.victory_points(scored, scale_for(registry.vp_scale(scale), options))
    return scored


def score_section(
    registry: Registry,
    tournament: Tournament,
    section: Section,
    memo: Remembered | None = None,
) -> SectionScore:
    """One section scored alone, by its own method or the event's; with ``memo``, brought
    up to date from its last score where its method can (:func:`_live_score`)."""
    chosen = scoring_in_force(tournament, section)
    if memo is None:
        scored = score_facts(registry, chosen, section.facts())
    else:
        scored = _live_score(registry, chosen, section, memo)
    return _by_contestant(section, scored)


@dataclass(frozen=True, slots=True)
class _LastScore:
    """A section's score as its method last gave it, and what it was worked out from."""

    version: int
    chosen: ScoringInForce
    facts: SectionFacts
    score: SectionScore


def _live_score(
    registry: Registry, chosen: ScoringInForce, section: Section, memo: Remembered
) -> SectionScore:
    """The section's score, its last one (remembered in ``memo``) brought up to date: a
    method that rescores boards (:class:`~engine.registry.RescoresBoards`) scores again
    only the boards whose results changed since (issue 16: a result rescores its board)."""
    key = ("last score", section.id)
    last = memo.peek(key)
    method, options = _method(registry, chosen)
    facts = section.facts()
    scored = None
    if isinstance(last, _LastScore) and last.chosen == chosen:
        changed = section.boards_changed_since(last.version)
        if changed is not None and not changed and last.facts is facts:
            scored = last.score
        elif changed is not None and isinstance(method, RescoresBoards):
            scored = method.rescore(last.score, last.facts, facts, changed, options)
    if scored is None:
        scored = method.score(facts, options)
    if not isinstance(last, _LastScore) or last.version < section.version:
        memo.keep(key, _LastScore(section.version, chosen, facts, scored))
    return _in_victory_points(registry, method, options, scored)


def _by_contestant(section: Section, scored: SectionScore) -> SectionScore:
    """``scored`` with totals for who the section ranks (in an individual, each player)."""
    if section.movement is not None and section.movement.kind == "individual":
        return credit_players(scored, section.movement)
    return scored


def _boards(section: Section) -> set[int]:
    return set(section.expected_plays()) | {board for board, _ in section.tables}


def field_groups(tournament: Tournament, sections: Sequence[Section]) -> list[list[Section]]:
    """The session's sections grouped into the fields they are scored in.

    Alone unless the event ranks the session as one field; then sections that share a
    board and a scoring method (at the same version) are one field (a section with other
    boards stays alone)."""
    if not sections or (
        tournament.ranking.section_ranking(sections[0].session) is SectionRanking.SEPARATE
    ):
        return [[s] for s in sections]
    groups: list[tuple[set[int], ScoringInForce, list[Section]]] = []
    for s in sections:
        boards, choice = _boards(s), scoring_in_force(tournament, s)
        joined = [g for g in groups if g[1] == choice and g[0] & boards]
        for g in joined:
            boards |= g[0]
            groups.remove(g)
        members = [m for g in joined for m in g[2]] + [s]
        groups.append((boards, choice, members))
    order = {s.name: i for i, s in enumerate(sections)}
    found = [sorted(g[2], key=lambda s: order[s.name]) for g in groups]
    return sorted(found, key=lambda g: order[g[0].name])


def score_group(
    registry: Registry,
    tournament: Tournament,
    group: Sequence[Section],
    memo: Remembered | None = None,
) -> dict[str, SectionScore]:
    """Each section of a field scored: alone, or as its share of one field's score (the
    one remembered in ``memo`` for the same states)."""
    if memo is not None:
        states, versions = states_of(tournament, group)
        slot = ("field", *states)
        if len(group) == 1:  # a section alone is brought up to date from its last score
            section = group[0]
            return memo.latest(
                slot,
                versions,
                lambda: {section.name: score_section(registry, tournament, section, memo)},
            )
        return memo.latest(slot, versions, lambda: score_group(registry, tournament, group))
    if len(group) == 1:
        return {group[0].name: score_section(registry, tournament, group[0])}
    merged = merge_facts([(s.name, s.facts()) for s in group])
    scored = score_facts(registry, scoring_in_force(tournament, group[0]), merged.facts)
    shares = split_score(merged, scored, (s.name for s in group))
    return {s.name: _by_contestant(s, shares[s.name]) for s in group}
