"""Commands of a Swiss teams event: its conditions, each round's draw, and the match
scores from the teams' score cards (JCBL part 2 ch. 6 §8, part 3 ch. 4 §3-2).

A draw is made here, by the pairing plugin, from the field as the record leaves it
(:mod:`engine.swiss`), checked, and recorded whole: a replay reads it back and never
asks the plugin again.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any
from uuid import UUID, uuid5

from engine.application.core import ApplicationCore, UnitOfWork
from engine.errors import InvalidInput, NotFound
from engine.pairing.advice import setup_warnings
from engine.pairing.field import Draw
from engine.pairing.method import check_draw, check_request
from engine.pairing.rules import PairingOptions
from engine.registry import PairingMethod, parse_options
from engine.swiss import TeamLine, active_teams, field_for, history_before, standings
from engine.tournament import decide as tournament_decide
from engine.tournament.checks import swiss_of
from engine.tournament.state import Swiss, Tournament

DEFAULT_PAIRING = "jcbl-seeded"
"""JCBL's method 2: seeded 1 v N/2+1 in round 1, then from the standings after the
previous round."""


class SwissCommands(ApplicationCore):
    """Commands of a Swiss teams event."""

    def start_swiss(
        self,
        event_id: UUID,
        *,
        rounds: int,
        boards_per_round: int,
        pairing: str = DEFAULT_PAIRING,
        options: Mapping[str, Any] | None = None,
        vp_scale: str | None = None,
        bye_vp: Decimal = Decimal(12),
        actor: str = "director",
    ) -> tuple[str, ...]:
        """Record the event's Swiss conditions; return the warnings a director should read
        (the manual's "twice as many teams as rounds", the guide's over-swissing)."""
        method = self.registry.pairing(pairing)
        given = {**dict(options or {}), "rounds": rounds, "boards_per_round": boards_per_round}
        parsed = _options(method, given)
        if parsed.odd == "triangle-two-rounds":
            raise InvalidInput(
                "A triangle over two rounds cannot be scored from score cards yet.",
                hint="Give odd=triangle (one round, half the boards against each) or odd=bye.",
            )

        def command(uow: UnitOfWork) -> tuple[str, ...]:
            tournament = uow.tournament(event_id)
            scale = vp_scale or str(tournament.scoring.options.get("vp_scale") or "wbf2013")
            self.registry.vp_scale(scale)
            uow.record(
                tournament_decide.start_swiss(
                    tournament,
                    rounds=rounds,
                    boards_per_round=boards_per_round,
                    method=method.name,
                    version=method.version,
                    options=given,
                    vp_scale=scale,
                    bye_vp=str(bye_vp),
                    actor=actor,
                )
            )
            swiss = swiss_of(tournament)
            teams = len(active_teams(tournament, swiss))
            return setup_warnings(teams, rounds, parsed.rule(), "teams")

        return self._run(actor, command)

    def draw_round(
        self,
        event_id: UUID,
        rnd: int | None = None,
        *,
        dry_run: bool = False,
        actor: str = "director",
    ) -> Draw:
        """Draw the next round (``rnd``, if given, must be it) and record it; with
        ``dry_run`` only show it."""

        def command(uow: UnitOfWork) -> Draw:
            tournament = uow.tournament(event_id)
            draw = self._draw(tournament, rnd)
            if not dry_run:
                uow.record(
                    tournament_decide.make_draw(
                        tournament, draw, position=self.position(), actor=actor
                    )
                )
            return draw

        return self._run(actor, command)

    def redraw_round(
        self, event_id: UUID, rnd: int, *, reason: str | None, actor: str = "director"
    ) -> Draw:
        """Withdraw round ``rnd``'s draw (the last drawn, none of its results in) with the
        reason, and draw it again from the field as it is now."""

        def command(uow: UnitOfWork) -> Draw:
            tournament = uow.tournament(event_id)
            uow.record(tournament_decide.withdraw_draw(tournament, rnd, reason=reason, actor=actor))
            draw = self._draw(tournament, rnd)
            uow.record(
                tournament_decide.make_draw(tournament, draw, position=self.position(), actor=actor)
            )
            return draw

        return self._run(actor, command)

    def _draw(self, tournament: Tournament, rnd: int | None) -> Draw:
        swiss = swiss_of(tournament)
        nxt = max(swiss.draws, default=0) + 1
        rnd = nxt if rnd is None else rnd
        conditions = swiss.conditions
        method = self.registry.pairing(conditions.method)
        options = _options(method, conditions.options)
        field = field_for(self.registry, tournament, rnd)
        history = history_before(swiss, nxt)
        check_request(rnd, field, history, options)
        seed = _seed(tournament.id, swiss, rnd)
        draw = method.draw(rnd, field, history, options, seed)
        draw = draw.model_copy(
            update={
                "method": method.name,
                "method_version": method.version,
                "seed": seed if draw.seed is None else draw.seed,
            }
        )
        check_draw(draw, rnd, field, history, options)
        return draw

    def score_match(
        self,
        event_id: UUID,
        rnd: int,
        home: int,
        away: int,
        *,
        imps: tuple[Decimal, Decimal] | None = None,
        vp: tuple[Decimal, Decimal] | None = None,
        reason: str | None = None,
        actor: str = "director",
    ) -> None:
        """Record a match of a Swiss round from the teams' score cards (a correction,
        with a reason, replaces the card recorded before)."""

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            uow.record(
                tournament_decide.score_match(
                    tournament, rnd, home, away, imps=imps, vp=vp, reason=reason, actor=actor
                )
            )

        self._run(actor, command)

    def swiss_draw(self, event_id: UUID, rnd: int) -> Draw:
        """The recorded draw of round ``rnd``."""
        made = swiss_of(self.tournament(event_id)).draws.get(rnd)
        if made is None:
            raise NotFound(f"Round {rnd} has not been drawn.")
        return made.draw

    def swiss_standings(self, event_id: UUID, upto: int | None = None) -> list[TeamLine]:
        """The Swiss standings by VPs, with each team's opponents round by round."""
        return standings(self.registry, self.tournament(event_id), upto)


def _options(method: PairingMethod, given: Mapping[str, Any]) -> PairingOptions:
    parsed = parse_options(method, dict(given))
    assert isinstance(parsed, PairingOptions), "a pairing method's options extend PairingOptions"
    parsed.check("teams")
    return parsed


def _seed(event_id: UUID, swiss: Swiss, rnd: int) -> int:
    """The random seed of round ``rnd``'s draw: fixed by the event, the round and how
    many draws were withdrawn, so a dry run shows the draw that will be made."""
    return uuid5(event_id, f"swiss/{rnd}/{swiss.redraws}").int % 2**31
