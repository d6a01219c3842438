"""Standings and travellers: the read models a director and players look at.

Both are pure functions of a tournament's state and its sections' states, so the
same code serves live standings, a full rebuild, and replay as of any position.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from engine import bridge
from engine.errors import NotFound
from engine.numbers import round_half_up, show
from engine.plugins import ConvertsToVictoryPoints, Registry, parse_options
from engine.scoring import ScoredResult, SectionScore
from engine.seating import Pair
from engine.section import Section
from engine.tournament import Tournament


@dataclass(frozen=True)
class StandingRow:
    rank: str
    pair: Pair
    names: tuple[str, ...]
    score: Decimal
    percentage: Decimal
    boards_played: int

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "pair": self.pair.number,
            "names": list(self.names),
            "score": str(self.score),
            "percentage": str(self.percentage),
            "boards_played": self.boards_played,
        }


@dataclass(frozen=True)
class FieldStandings:
    section: str
    name: str
    top: Fraction
    rows: tuple[StandingRow, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "name": self.name,
            "top": number(self.top),
            "rows": [r.to_json() for r in self.rows],
        }


@dataclass(frozen=True)
class Standings:
    event: str
    event_name: str
    session: int
    method: str
    method_version: str
    fields: tuple[FieldStandings, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "name": self.event_name,
            "session": self.session,
            "method": self.method,
            "method_version": self.method_version,
            "fields": [f.to_json() for f in self.fields],
        }

    def digest(self) -> str:
        """SHA-256 of the canonical JSON: what was published can be proven later."""
        canonical = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(canonical.encode()).hexdigest()

    def row(self, section: str, pair: Pair) -> StandingRow | None:
        for f in self.fields:
            if f.section != section:
                continue
            for r in f.rows:
                if r.pair == pair:
                    return r
        return None


def number(value: Fraction) -> int | str:
    """An exact number for JSON: an int when whole, else the display string."""
    return int(value) if value.denominator == 1 else show(value)


def rank_labels(scores: Sequence[Decimal]) -> list[str]:
    """Ranks of scores sorted best first; ties share a rank and are marked ``=``."""
    first: dict[Decimal, int] = {}
    for place, score in enumerate(scores, start=1):
        first.setdefault(score, place)
    ties = Counter(scores)
    return [f"{first[s]}{'=' if ties[s] > 1 else ''}" for s in scores]


def score_section(registry: Registry, tournament: Tournament, section: Section) -> SectionScore:
    name, chosen = section.scoring or (tournament.scoring.method, tournament.scoring.options)
    method = registry.scoring(name)
    options = parse_options(method, chosen)
    scored = method.score(section.facts(), options)
    scale = getattr(options, "vp_scale", None)
    if scale is not None and isinstance(method, ConvertsToVictoryPoints):
        # Scoring sees only facts and options; the VP scale is another plugin, looked up here.
        scored = method.victory_points(scored, registry.vp_scale(scale))
    return scored


def names_of(tournament: Tournament, section: Section, pair: Pair) -> tuple[str, ...]:
    entry = tournament.entries.get(section.seats.get(pair, ""))
    return () if entry is None else tuple(entry.names)


def compute_standings(
    registry: Registry, tournament: Tournament, sections: Iterable[Section], session: int
) -> Standings:
    fields: list[FieldStandings] = []
    methods: set[tuple[str, str]] = set()
    for section in sections:
        scored = score_section(registry, tournament, section)
        methods.add((scored.method, scored.version))
        top = max(scored.tops.values(), default=Fraction(0))
        for field in section.fields():
            totals = [scored.totals[p] for p in field.pairs if p in scored.totals]
            shown = sorted(
                ((round_half_up(t.score), t) for t in totals),
                key=lambda st: (-st[0], st[1].pair.number),
            )
            labels = rank_labels([s for s, _ in shown])
            rows = tuple(
                StandingRow(
                    rank=label,
                    pair=t.pair,
                    names=names_of(tournament, section, t.pair),
                    score=s,
                    percentage=round_half_up(t.percentage),
                    boards_played=t.boards_played,
                )
                for label, (s, t) in zip(labels, shown, strict=True)
            )
            fields.append(FieldStandings(section.name, field.name, top, rows))
    if not methods:
        default = registry.scoring(tournament.scoring.method)
        methods.add((default.name, default.version))
    # A section re-scored apart from the others makes the session's methods "mixed".
    method, version = methods.pop() if len(methods) == 1 else ("mixed", "")
    return Standings(
        event=str(tournament.id),
        event_name=tournament.name,
        session=session,
        method=method,
        method_version=version,
        fields=tuple(fields),
    )


def traveller(
    registry: Registry, tournament: Tournament, section: Section, board: int
) -> dict[str, Any]:
    """The traveller of one board: every table's result and the points it earned."""
    scored = score_section(registry, tournament, section)
    rows = [s for s in scored.results if s.result.board == board]
    if not rows and (section.movement is None or board not in section.movement.boards):
        raise NotFound(f"Board {board} has no results in section {section.name}.")
    return {
        "board": board,
        "section": section.name,
        "dealer": bridge.dealer(board).value,
        "vulnerability": bridge.vulnerability(board).value,
        "top": number(scored.tops.get(board, Fraction(0))),
        "method": scored.method,
        "datum": None if board not in scored.datum else number(scored.datum[board]),
        "results": [_traveller_line(section, s) for s in sorted(rows, key=_order)],
    }


def _order(s: ScoredResult) -> tuple[int, int]:
    return (s.result.ns.number, s.result.ew.number)


def _traveller_line(section: Section, s: ScoredResult) -> dict[str, Any]:
    entry = section.tables[(s.result.board, s.result.ns)]
    r = entry.result
    adjusted = None
    if entry.neutral:
        adjusted = "N"
    elif entry.award_ns is not None:
        adjusted = f"{entry.award_ns}/{entry.award_ew}"
    return {
        "ns": s.result.ns.number,
        "ew": s.result.ew.number,
        "contract": None if r is None else r.contract,
        "declarer": None if r is None else r.declarer,
        "tricks": None if r is None else r.tricks,
        "lead": None if r is None else r.lead,
        "score_ns": None if r is None else r.score_ns,
        "adjusted": adjusted,
        "points_ns": show(s.points_ns),
        "points_ew": show(s.points_ew),
        # The same numbers under their matchpoint names, as the traveller sheet heads them.
        "mp_ns": show(s.points_ns),
        "mp_ew": show(s.points_ew),
    }
