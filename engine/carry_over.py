"""The carry-over from a qualifying into a final, planned (JCBL manual part 3 ch. 1 §3).

A carry-over is a decision taken once the qualifying is over: who qualified, and what
each carries into the final. The rule that decides is a plugin
(:class:`engine.registry.CarryOverRule`) with the options the director chose
(:class:`ChosenRule`); it is given the :class:`engine.registry.Qualifying` as it ended,
and the ``CarryOverRecorded`` event records its name, version, options and decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pydantic import BaseModel

from engine.errors import N_, Fix, InvalidInput, NotFound, Rejected
from engine.numbers import show
from engine.ranks import RankBy, ranked
from engine.registry import CarryOverRule, Qualifying, Registry, parse_options
from engine.totals import Contestant, SectionsOf, contestants
from engine.tournament import CarriedScore, Tournament
from engine.tournament.checks import stage_sessions


@dataclass(frozen=True)
class ChosenRule:
    """A registered carry-over rule with the options the director chose, checked: what a
    carry-over is planned with. Its options are recorded with the decision."""

    plugin: CarryOverRule
    options: BaseModel

    @property
    def name(self) -> str:
        return self.plugin.name

    @property
    def version(self) -> str:
        return self.plugin.version


def chosen_rule(
    registry: Registry, name: str, options: Mapping[str, Any] | None = None
) -> ChosenRule:
    """The registered carry-over rule ``name`` (or alias) with ``options`` checked against
    its parameters (a bad one is refused with the parameter's name)."""
    plugin = registry.carry_over_rule(name)
    return ChosenRule(plugin, parse_options(plugin, dict(options or {})))


@dataclass(frozen=True)
class CarryOver:
    """What a carry-over command will record: the qualifiers and what each carries."""

    parameters: dict[str, Any]
    carried: tuple[CarriedScore, ...]


@dataclass(frozen=True)
class QualifyingRanking:
    """The qualifying as it ended: its contestants ranked on their scores."""

    ranking: list[tuple[str, Contestant]]

    @property
    def entered(self) -> int:
        return len(self.ranking)

    def top(self, count: int) -> list[Contestant]:
        """The first ``count``, refusing a cut that would split a tie."""
        if not 0 < count <= self.entered:
            raise InvalidInput(
                N_("%(count)s of the %(entered)s contestants of the qualifying cannot qualify."),
                hint=N_("Give a number from 1 to %(entered)s."),
                code="carry_over.count",
                count=count,
                entered=self.entered,
            )
        if count < self.entered and self.ranking[count][0] == self.ranking[count - 1][0]:
            raise Rejected(
                N_("Qualifying the first %(count)s would split the contestants tied %(score)s."),
                hint=N_("Qualify more or fewer, or name the qualifiers by entry."),
                code="carry_over.tie",
                count=count,
                score=self.ranking[count][0],
            )
        return [c for _, c in self.ranking[:count]]

    def named(self, entries: Sequence[str]) -> list[Contestant]:
        """The contestants of the named entries (any session of the qualifying)."""
        chosen = []
        for entry in entries:
            found = [c for _, c in self.ranking if entry in c.entries]
            if not found:
                raise NotFound(
                    N_("Entry %(entry)s did not play the qualifying."),
                    hint=N_("Name entries from the qualifying's sessions."),
                    code="carry_over.entry",
                    fix=Fix("entry.list"),
                    entry=repr(entry),
                )
            chosen += [c for c in found if c not in chosen]
        return chosen


def plan_carry_over(
    registry: Registry,
    tournament: Tournament,
    sections_of: SectionsOf,
    *,
    stage: str,
    source: str,
    rule: ChosenRule,
    final_top: Fraction,
    qualifiers: int | None = None,
    entries: Sequence[str] = (),
    maximum_boards: int | None = None,
) -> CarryOver:
    """Work out the carry-over from ``source`` (the qualifying) into ``stage`` (the final).

    The qualifiers are the first ``qualifiers`` of the qualifying, or the contestants
    of the named ``entries``. The rule sees E, the contestants of the qualifying, B, the
    most boards one of them played, and the final's N-board maximum (by default 2
    boards a session of the final: 4 for a two-session final, as §3 says)."""
    if stage == source:
        raise InvalidInput(N_("A stage cannot carry over into itself."), code="carry_over.itself")
    final = stage_sessions(tournament, stage)
    played = stage_sessions(tournament, source)
    still_open = [s for s in played if s not in tournament.closed]
    if still_open:
        raise Rejected(
            N_("The qualifying is not over: session %(sessions)s is open."),
            hint=N_("Close its sessions first."),
            code="carry_over.open",
            fix=Fix("session.close", fields={"session": still_open[0]}),
            sessions=", ".join(map(str, still_open)),
        )
    if (qualifiers is None) == (not entries):
        raise InvalidInput(
            N_("Say who qualified: a number of qualifiers or the qualifying entries, not both."),
            code="carry_over.qualifiers",
        )
    if final_top <= 0:
        raise InvalidInput(
            N_("%(top)s is not the top of a board of the final."),
            hint=N_("Give the top of one board of the final, e.g. 25 for 26 tables."),
            code="carry_over.top",
            top=final_top,
        )
    boards = 2 * len(final) if maximum_boards is None else maximum_boards
    everyone = contestants(registry, tournament, sections_of, played)
    ranking = QualifyingRanking(
        ranked(everyone, lambda c: c.measure(RankBy.SCORE), Contestant.order)
    )
    chosen = ranking.top(qualifiers) if qualifiers is not None else ranking.named(entries)
    qualifying = Qualifying(
        scores={c.id: c.played for c in chosen},
        entered=ranking.entered,
        qualifying_boards=max(c.boards_played for c in everyone),
        final_top=final_top,
        maximum_boards=boards,
    )
    carried = rule.plugin.carry_over(qualifying, rule.options)
    parameters: dict[str, Any] = {
        "qualifiers": len(chosen),
        "entered": qualifying.entered,
        "qualifying_boards": qualifying.qualifying_boards,
        "final_top": str(final_top),
        "maximum_boards": boards,
        "options": rule.options.model_dump(mode="json"),
    }
    return CarryOver(
        parameters=parameters,
        carried=tuple(
            CarriedScore(
                players=c.id, names=c.names, qualifying=show(c.played), carry=str(carried[c.id])
            )
            for c in chosen
        ),
    )
