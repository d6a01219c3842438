"""Ranks as standings show them: each contestant's row, a field's rows, a session's
standings (with the masterpoints awarded on them), and the rank labels, ties sharing a
rank.

The shape every adapter prints and publication digests; :mod:`engine.standings` works out
what goes in it.
"""

from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from itertools import compress
from operator import eq
from typing import Any, NamedTuple, TypeVar

from engine.lineup import SubstituteShown
from engine.numbers import show
from engine.seating import Line, Pair
from engine.tournament.events import MasterpointsAwarded

T = TypeVar("T")

OVERALL = "OVERALL"
"""The name of the field of every pair of a session, ranked by percentage."""
PLAYERS = "PLAYERS"
"""The name of the field of every player of an individual."""
TOP_FLIGHT = "A"
"""The flight of a pair given none: the top flight ranks every pair."""


class RankBy(enum.StrEnum):
    """What a ranking orders contestants by."""

    SCORE = "score"
    """The total (matchpoints, IMPs …): pairs who met the same field."""
    PERCENTAGE = "percentage"
    """The total as a percentage of the tops of the boards played: fields and sections
    of different sizes brought to the same terms (a percentage game, part 2 ch. 4 §11)."""


class StandingRow(NamedTuple):
    """A contestant's row in a field's standings.

    A named tuple, because a live 600-pair field makes 1,200 of them per query: a tuple is
    made in C, a frozen dataclass field by field."""

    rank: str
    pair: Pair
    names: tuple[str, ...]
    score: Decimal
    percentage: Decimal
    boards_played: int
    section: str | None = None
    """The pair's section, given when its field spans several sections."""
    line: Line | None = None
    """The pair's line, given when its field ranks both lines of a Mitchell: NS 1 and
    EW 1 are two pairs (JCBL: each line is numbered from its starting tables)."""
    player: str | None = None
    """The player's key (member number or name), in a ranking of players."""
    masterpoints: Decimal | None = None
    """The masterpoints the contestant was awarded on these standings, once recorded."""
    substitutes: tuple[SubstituteShown, ...] = ()
    """The substitutes who played for the pair's players this session."""

    @property
    def key(self) -> str:
        """Who the row is in an award: the player's key, else the pair's."""
        return self.player or self.pair.key

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rank": self.rank,
            "pair": self.pair.number,
            "names": list(self.names),
            "score": str(self.score),
            "percentage": str(self.percentage),
            "boards_played": self.boards_played,
        }
        if self.section is not None:
            data["section"] = self.section
        if self.line is not None:
            data["line"] = self.line.value
        if self.player is not None:
            data["player"] = self.player
        if self.masterpoints is not None:
            data["masterpoints"] = str(self.masterpoints)
        if self.substitutes:
            data["substitutes"] = [s.to_json() for s in self.substitutes]
        return data


@dataclass(frozen=True)
class FieldStandings:
    section: str
    """The section, or the sections of a field that spans several joined by ``+``."""
    name: str
    top: Fraction
    rows: tuple[StandingRow, ...]
    ranked_by: RankBy = RankBy.SCORE
    flight: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "section": self.section,
            "name": self.name,
            "top": number(self.top),
            "rows": [r.to_json() for r in self.rows],
        }
        if self.ranked_by is not RankBy.SCORE:
            data["ranked_by"] = self.ranked_by.value
        if self.flight is not None:
            data["flight"] = self.flight
        return data


def standings_digest(data: dict[str, Any]) -> str:
    """The digest of standings as JSON (:meth:`Standings.to_json`, or as a publication
    recorded them): SHA-256 of their canonical JSON."""
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


@dataclass(frozen=True)
class Standings:
    event: str
    event_name: str
    session: int
    method: str
    method_version: str
    fields: tuple[FieldStandings, ...]
    overall: FieldStandings | None = None
    """Every pair of a session of several fields, ranked by percentage."""
    masterpoints: MasterpointsShown | None = None
    """The session's masterpoints, once awarded (each placed row carries its own)."""
    as_published: str | None = None
    """Set (``"matchpoints 1.0"``) when these are the figures a publication stored, shown
    because the version of the method in force is no longer installed (decision 0024)."""
    provisional: tuple[tuple[str, int], ...] = ()
    """(section, board) of every board whose datum is provisional: still in play, so the
    figures on it may move as its other results come in (a Butler's running standings)."""

    def to_json(self) -> dict[str, Any]:
        data = {
            "event": self.event,
            "name": self.event_name,
            "session": self.session,
            "method": self.method,
            "method_version": self.method_version,
            "fields": [f.to_json() for f in self.fields],
            "overall": None if self.overall is None else self.overall.to_json(),
        }
        if self.masterpoints is not None:
            data["masterpoints"] = self.masterpoints.to_json()
        if self.as_published is not None:
            data["as_published"] = self.as_published
        if self.provisional:
            data["provisional"] = [{"section": s, "board": b} for s, b in self.provisional]
        return data

    def digest(self) -> str:
        """SHA-256 of the canonical JSON: what was published can be proven later."""
        return standings_digest(self.to_json())

    def row(self, section: str, pair: Pair) -> StandingRow | None:
        """The pair's row in the first field that ranks it (its section's own field)."""
        for f in self.fields:
            for r in f.rows:
                if r.pair == pair and (r.section or f.section) == section and r.player is None:
                    return r
        return None


@dataclass(frozen=True)
class MasterpointsShown:
    """The award recorded for a session, as the standings show it beside the ranks."""

    rule: str
    version: str
    options: dict[str, Any]
    current: bool
    """Whether the standings are still those the masterpoints were awarded on (a
    correction since then calls for awarding them again)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "version": self.version,
            "options": self.options,
            "current": self.current,
        }


def with_masterpoints(standings: Standings, award: MasterpointsAwarded) -> Standings:
    """``standings`` with the points of ``award`` beside each placed contestant's row.

    A contestant is found by its field (section and name), its own section and its key;
    one the standings no longer rank (an entry withdrawn since) is not shown."""
    points = {
        (f.section, f.field, a.section, a.contestant): a.points
        for f in award.fields
        for a in f.awards
    }

    def credited(field: FieldStandings) -> FieldStandings:
        def key(row: StandingRow) -> tuple[str, str, str, str]:
            return (field.section, field.name, row.section or field.section, row.key)

        rows = tuple(r._replace(masterpoints=points.get(key(r))) for r in field.rows)
        return replace(field, rows=rows)

    return replace(
        standings,
        fields=tuple(credited(f) for f in standings.fields),
        masterpoints=MasterpointsShown(
            award.rule,
            award.version,
            award.options,
            current=award.digest == standings.digest(),
        ),
    )


def number(value: Fraction) -> int | str:
    """An exact number for JSON: an int when whole, else the display string."""
    return int(value) if value.denominator == 1 else show(value)


def rank_labels(scores: Sequence[Hashable]) -> list[str]:
    """Ranks of scores sorted best first; ties share a rank and are marked ``=``.

    Sorted, equal scores stand together: every place is labelled by its number, then
    each run of equal neighbours (found in C) by the place of its first, marked."""
    labels = list(map(str, range(1, len(scores) + 1)))
    first = after = -1
    for i in compress(range(1, len(scores)), map(eq, scores, scores[1:])):
        if i != after:  # a new run of ties, from the place before
            first = i - 1
            labels[first] = f"{i}="
        labels[i] = labels[first]
        after = i + 1
    return labels


def ranked(
    items: Iterable[T], measure: Callable[[T], Any], order: Callable[[T], Any]
) -> list[tuple[str, T]]:
    """``items`` best first with their rank labels: ranks are decided on the rounded
    ``measure`` (JCBL: round, then rank); ``order`` only lists tied items steadily.

    Each item is measured once (a measure may be a division and a rounding). The items
    are put in ``order``, then sorted by measure, best first: a stable sort keeps tied
    items in ``order``, and the items themselves are never compared."""
    listed = sorted(items, key=order)
    measures = list(map(measure, listed))
    best_first = sorted(range(len(listed)), key=measures.__getitem__, reverse=True)
    labels = rank_labels([measures[i] for i in best_first])
    return [(label, listed[i]) for label, i in zip(labels, best_first, strict=True)]
