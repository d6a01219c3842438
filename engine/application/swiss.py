"""Commands of a Swiss teams event: its conditions, each round's draw, and the match
scores from the teams' score cards (JCBL part 2 ch. 6 §8, part 3 ch. 4 §3-2).

A draw is made here, by the pairing plugin, from the field as the record leaves it
(:mod:`engine.swiss`), checked, and recorded whole: a replay reads it back and never
asks the plugin again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any
from uuid import UUID, uuid5

from engine.application.core import ApplicationCore, UnitOfWork
from engine.errors import N_, Fix, InvalidInput, NotFound, Rejected
from engine.movement import Movement
from engine.pairing.field import Draw
from engine.pairing.method import check_draw, check_request
from engine.pairing.rules import PairingOptions
from engine.registry import PairingMethod, parse_options
from engine.section.state import Section
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
        tie_break: Sequence[str] = (),
        actor: str = "director",
    ) -> tuple[str, ...]:
        """Record the event's Swiss conditions (Swiss teams or Swiss pairs, as its entries
        are); return the warnings a director should read (the manual's "twice as many
        teams as rounds", the guide's over-swissing)."""
        from engine.pairing.advice import setup_warnings
        from engine.swiss import active_teams, check_tie_breaks
        from engine.tournament import decide as tournament_decide

        method = self.registry.pairing(pairing)
        given = {**dict(options or {}), "rounds": rounds, "boards_per_round": boards_per_round}

        def command(uow: UnitOfWork) -> tuple[str, ...]:
            tournament = uow.tournament(event_id)
            kind = tournament_decide.swiss_kind(
                [e for e in tournament.entries.values() if not e.withdrawn]
            )
            parsed = _options(method, given, kind)
            if parsed.odd == "triangle-two-rounds" and _delayed(parsed):
                raise InvalidInput(
                    N_(
                        "A triangle over two rounds is scored once its second round is played, "
                        "so a delayed draw made during that round could not place its teams."
                    ),
                    hint=N_("Give draw_from=previous, or odd=triangle (one round) or odd=bye."),
                    code="swiss.triangle_delayed",
                )
            ties = check_tie_breaks(tie_break, kind)
            for session, names in sorted(tournament.sessions.items()):
                for name in names:
                    _check_unplayed(uow.section(event_id, session, name))
            scale = vp_scale or str(tournament.scoring.options.get("vp_scale") or "wbf2013")
            self.registry.vp_scale(scale)
            uow.record(
                tournament_decide.start_swiss(
                    tournament,
                    rounds=rounds,
                    boards_per_round=boards_per_round,
                    method=method.name,
                    version=method.version,
                    # The options in full: the conditions stay as announced even if
                    # the method's defaults change in a later version.
                    options=parsed.model_dump(mode="json"),
                    vp_scale=scale,
                    bye_vp=str(bye_vp),
                    tie_break=ties,
                    actor=actor,
                )
            )
            swiss = swiss_of(tournament)
            teams = len(active_teams(tournament, swiss))
            return setup_warnings(teams, rounds, parsed.rule(), kind)

        return self._run(actor, command)

    def draw_round(
        self,
        event_id: UUID,
        rnd: int | None = None,
        *,
        dry_run: bool = False,
        actor: str = "director",
    ) -> Draw:
        """Draw the next round (``rnd``, if given, must be it), record it and seat its
        session (:mod:`engine.swiss_seating`); with ``dry_run`` only show it."""

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> Draw:
            tournament = uow.tournament(event_id)
            draw = self._draw(uow, tournament, rnd)
            if not dry_run:
                uow.record(
                    tournament_decide.make_draw(
                        tournament, draw, position=self.position(), actor=actor
                    )
                )
                self._seat(uow, tournament, draw, actor)
            return draw

        return self._run(actor, command)

    def redraw_round(
        self, event_id: UUID, rnd: int, *, reason: str | None, actor: str = "director"
    ) -> Draw:
        """Withdraw round ``rnd``'s draw (the last drawn, none of its results in) with the
        reason, and draw it again from the field as it is now."""

        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> Draw:
            tournament = uow.tournament(event_id)
            uow.record(tournament_decide.withdraw_draw(tournament, rnd, reason=reason, actor=actor))
            draw = self._draw(uow, tournament, rnd)
            uow.record(
                tournament_decide.make_draw(tournament, draw, position=self.position(), actor=actor)
            )
            self._seat(uow, tournament, draw, actor)
            return draw

        return self._run(actor, command)

    def _draw(self, uow: UnitOfWork, tournament: Tournament, rnd: int | None) -> Draw:
        from engine.swiss import field_for, history_before

        swiss = swiss_of(tournament)
        nxt = max(swiss.draws, default=0) + 1
        rnd = nxt if rnd is None else rnd
        conditions = swiss.conditions
        method = self.registry.pairing(conditions.method)
        options = _options(method, conditions.options, conditions.kind)
        field = field_for(self.registry, tournament, _sections(uow, tournament), rnd)
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

    def _seat(self, uow: UnitOfWork, tournament: Tournament, draw: Draw, actor: str) -> None:
        """Seat the session that plays ``draw``'s round (added if the event has none)."""
        from engine.section import decide as section_decide
        from engine.swiss import team_numbers
        from engine.swiss_seating import round_seats, swiss_section_name

        swiss = swiss_of(tournament)
        conditions = swiss.conditions
        name = swiss_section_name(tournament)
        if draw.round not in tournament.sessions:
            uow.record(section_decide.add_session(tournament, draw.round, [name], actor=actor))
        movement = self._round_movement(tournament, draw)
        numbers = team_numbers(tournament, swiss)
        uow.record(
            section_decide.seat_drawn_round(
                uow.section(tournament.id, draw.round, name),
                movement,
                round_seats(draw, conditions.kind, numbers),
                rnd=draw.round,
                actor=actor,
            )
        )

    def swiss_seating(self, event_id: UUID, draw: Draw) -> Movement:
        """The movement ``draw``'s round is (or would be) seated in: who sits where, on
        which boards (:mod:`engine.swiss_seating`). Writes nothing."""
        return self._round_movement(self.tournament(event_id), draw)

    def _round_movement(self, tournament: Tournament, draw: Draw) -> Movement:
        from engine.swiss_seating import round_movement

        conditions = swiss_of(tournament).conditions
        method = self.registry.pairing(conditions.method)
        return round_movement(
            draw,
            kind=conditions.kind,
            rounds=conditions.rounds,
            boards_per_round=conditions.boards_per_round,
            options=_options(method, conditions.options, conditions.kind),
            method=draw.method,
            version=draw.method_version,
        )

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

        from engine.swiss import check_card_vps
        from engine.tournament import decide as tournament_decide

        def command(uow: UnitOfWork) -> None:
            tournament = uow.tournament(event_id)
            if vp is not None and imps is None:
                check_card_vps(self.registry, swiss_of(tournament), vp)
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
            raise NotFound(
                N_("Round %(round)s has not been drawn."), code="swiss.not_drawn", round=rnd
            )
        return made.draw

    # The standings are a query: :meth:`engine.application.queries.Queries.swiss_standings`.


def _sections(uow: UnitOfWork, tournament: Tournament) -> dict[int, Section]:
    """Round → the session's section that plays it."""
    from engine.swiss_seating import round_sections

    return round_sections(tournament, lambda s, n: uow.section(tournament.id, s, n))


def _delayed(options: PairingOptions) -> bool:
    """Whether a method's options draw from the round before the previous one."""
    return getattr(options, "draw_from", "previous") == "before-previous"


def _check_unplayed(section: Section) -> None:
    """A Swiss seats its own sessions: a section already seated or played is refused."""
    if section.movement is not None or section.tables:
        raise Rejected(
            N_(
                "Session %(session)s, section %(section)s already has a movement or results; a "
                "Swiss seats each round's session from its draw."
            ),
            hint=N_("Run the Swiss as a new event."),
            code="swiss.seated",
            fix=Fix("event.create"),
            session=section.session,
            section=section.name,
        )


def _options(method: PairingMethod, given: Mapping[str, Any], kind: str) -> PairingOptions:
    parsed = parse_options(method, dict(given))
    assert isinstance(parsed, PairingOptions), "a pairing method's options extend PairingOptions"
    parsed.check("pairs" if kind == "pairs" else "teams")
    return parsed


def _seed(event_id: UUID, swiss: Swiss, rnd: int) -> int:
    """The random seed of round ``rnd``'s draw: fixed by the event, the round and how
    many draws were withdrawn, so a dry run shows the draw that will be made."""
    return uuid5(event_id, f"swiss/{rnd}/{swiss.redraws}").int % 2**31
