"""One-field scoring (JCBL part 3, ch. 3 §2): the results of every section that played
the same boards go to the scoring method as one section's, each pair renumbered apart,
and the points are shared back to the sections they came from."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.scoring import (
    PairTotal,
    ScoredResult,
    ScoringField,
    SectionFacts,
    SectionScore,
    TableResult,
)
from engine.seating import Numbering, Pair


@dataclass(frozen=True)
class OneField:
    """Several sections' facts as one section's: each pair renumbered apart."""

    facts: SectionFacts
    origin: dict[Pair, tuple[str, Pair]]
    """The renumbered pair → the section and pair it stands for."""


def merge_facts(parts: Sequence[tuple[str, SectionFacts]]) -> OneField:
    """One section's facts for sections (by name) that played the same boards.

    A section's pairs are numbered after the highest number of the sections before it,
    so NS 3 of section B becomes NS 16 after a 13-table section A; fields of the same
    name (NS, EW, ALL) join. A board fouled in one section only is, in every other
    section that played it, a version of its own."""
    offset = 0
    origin: dict[Pair, tuple[str, Pair]] = {}
    results: list[TableResult] = []
    absent: list[tuple[int, Pair]] = []
    fields: dict[str, list[Pair]] = {}
    fouled: dict[int, list[frozenset[Pair]]] = {}
    for name, facts in parts:
        pairs = {p for f in facts.fields for p in f.pairs}
        pairs |= {r.ns for r in facts.results} | {r.ew for r in facts.results}
        renamed = {p: Pair(p.number + offset, p.line) for p in pairs}
        origin |= {q: (name, p) for p, q in renamed.items()}
        offset += max((p.number for p in pairs), default=0)
        for f in facts.fields:
            fields.setdefault(f.name, []).extend(renamed[p] for p in f.pairs)
        results += [replace(r, ns=renamed[r.ns], ew=renamed[r.ew]) for r in facts.results]
        absent += [(board, renamed.get(p, p)) for board, p in facts.absent]
        for board, groups in facts.fouled.items():
            fouled.setdefault(board, []).extend(frozenset(renamed[p] for p in g) for g in groups)
    for board, versions in fouled.items():
        for name, facts in parts:
            own = frozenset(r.ns for r in results if r.board == board and origin[r.ns][0] == name)
            if board not in facts.fouled and own:
                versions.append(own)
    plays = [facts.expected_plays for _, facts in parts]
    expected: dict[int, int] = {}
    if all(plays):  # a results-only section has none: the method counts the tables itself
        for counts in plays:
            for board, n in counts.items():
                expected[board] = expected.get(board, 0) + n
    mitchell = all(facts.numbering is Numbering.MITCHELL for _, facts in parts)
    return OneField(
        SectionFacts(
            numbering=Numbering.MITCHELL if mitchell else Numbering.HOWELL,
            fields=tuple(ScoringField(n, tuple(ps)) for n, ps in fields.items()),
            results=tuple(results),
            expected_plays=expected,
            fouled={board: tuple(groups) for board, groups in sorted(fouled.items())},
            absent=tuple(absent),
        ),
        origin,
    )


def split_score(
    merged: OneField, score: SectionScore, sections: Iterable[str]
) -> dict[str, SectionScore]:
    """The one field's score shared back: each section's results and totals, its own pairs."""

    def back(pair: Pair) -> Pair:
        return merged.origin[pair][1]

    results: dict[str, list[ScoredResult]] = {name: [] for name in sections}
    totals: dict[str, dict[Pair, PairTotal]] = {name: {} for name in results}
    for s in score.results:
        r = s.result
        moved = replace(s, result=replace(r, ns=back(r.ns), ew=back(r.ew)))
        results[merged.origin[r.ns][0]].append(moved)
    for pair, total in score.totals.items():
        name, own = merged.origin[pair]
        totals[name][own] = replace(total, pair=own)
    return {
        name: replace(score, results=tuple(results[name]), totals=totals[name]) for name in results
    }
