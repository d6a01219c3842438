"""``traveller masterpoints``: what each place of a game earns under a federation's rule,
the masterpoints of a closed session of an event in the store (awarded from its standings
and recorded), or who may earn masterpoints in a session."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from adapters.cli import output
from adapters.cli.common import Desk, SessionOpt, at_desk
from adapters.cli.common import parse_options as option_values
from adapters.cli.wording import tr, tr_
from engine.errors import InvalidInput, PluginError
from engine.masterpoints import AwardScale, EligibilityRule, conditions
from engine.registry import MasterpointRule, Registry, parse_options


def register(app: typer.Typer) -> None:
    """Add the ``masterpoints`` command to ``app``."""
    app.command("masterpoints")(masterpoints)


@at_desk(actor=True, writes=False)
def masterpoints(
    desk: Desk,
    game_class: Annotated[
        int | None, typer.Option("--class", help="The game's class (JCBL: 1 to 5).")
    ] = None,
    contestants: Annotated[
        int | None,
        typer.Option("--contestants", help="Contestants ranked together: pairs, players or teams."),
    ] = None,
    rule: Annotated[
        str | None,
        typer.Option(
            "--rule", help="The masterpoint rule (default jcbl, or with --event the event's)."
        ),
    ] = None,
    teams: Annotated[bool, typer.Option("--teams", help="A team game.")] = False,
    boards: Annotated[
        int | None, typer.Option("--boards", help="Team game: boards a round (B).")
    ] = None,
    vp: Annotated[
        list[str] | None,
        typer.Option(
            "--vp",
            help="Team game: VPs of the matches the team won (V): once for every placed team, "
            "or once a placed team in place order.",
        ),
    ] = None,
    max_vp: Annotated[
        str | None, typer.Option("--max-vp", help="Team game: the most VPs a round (M).")
    ] = None,
    players: Annotated[
        int | None, typer.Option("--players", help="Team game: the team's players (Pm).")
    ] = None,
    event: Annotated[
        str | None,
        typer.Option(
            "--event",
            help="Award the masterpoints of a closed session of this event from its standings "
            "(recorded); with an eligibility rule (australian-club), judge its contestants.",
        ),
    ] = None,
    session: SessionOpt = 1,
    section: Annotated[
        str | None,
        typer.Option("--section", help="Only this section (default every one of the session)."),
    ] = None,
    session_boards: Annotated[
        int | None,
        typer.Option(
            "--session-boards",
            min=1,
            help="The boards of the session when it was curtailed (default: from the movement).",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", help="The rule's option KEY=VALUE, e.g. share=70."),
    ] = None,
    reason: Annotated[
        str | None,
        typer.Option("--reason", help="Why a session's masterpoints are awarded again."),
    ] = None,
) -> None:
    """Show the masterpoints each place earns (JCBL weekly games: the top 35 %); with
    --event award a closed session's masterpoints from its standings and record them (the
    class is recorded for the event; contestants are counted from the standings; ties
    share); with an eligibility rule and --event, who may earn masterpoints in a session
    (australian-club: a session of 24 boards or more, 75 % of them played, a sit-out
    counting as played)."""
    registry = desk.registry
    given = option_values(option)
    if event is not None:
        chosen = None if rule is None else registry.masterpoint_rule(rule)
        if isinstance(chosen, EligibilityRule):
            _eligibility(desk, chosen, given, event, session, section, session_boards)
            return
        typed = {
            "--contestants": contestants,
            "--teams": teams or None,
            "--boards": boards,
            "--vp": vp,
            "--max-vp": max_vp,
            "--players": players,
            "--section": section,
            "--session-boards": session_boards,
        }
        _award(desk, event, session, rule, given, game_class, reason, typed)
        return
    plugin = registry.masterpoint_rule(rule or "jcbl")
    if not isinstance(plugin, AwardScale):
        raise PluginError(
            tr_("The %(rule)s rule decides who may earn masterpoints; it awards none."),
            hint=tr_(
                "Rules that award masterpoints: %(rules)s. To see who is eligible under "
                "%(rule)s, give --event ID (and --session N)."
            ),
            rule=plugin.name,
            rules=_names(registry, AwardScale),
        )
    if game_class is None or contestants is None:
        raise InvalidInput(
            tr_("The awards of a game need its class and the number of contestants."),
            hint=tr_("Give --class and --contestants (e.g. --class 3 --contestants 12)."),
        )
    values: dict[str, Any] = given | {
        "game_class": game_class,
        "contestants": contestants,
        "teams": teams,
    }
    record = {"boards": boards, "vp": vp, "max_vp": max_vp, "players": players}
    values |= {key: value for key, value in record.items() if value is not None}
    awards = [str(points) for points in plugin.awards(parse_options(plugin, values))]
    field = (
        tr("%(count)s teams", count=contestants)
        if teams
        else tr("%(count)s contestants", count=contestants)
    )
    desk.show(
        {"awards": awards},
        lambda: output.rows_table(
            tr(
                "Masterpoints (%(rule)s %(version)s): class %(class)s, %(field)s",
                rule=plugin.name,
                version=plugin.version,
                field=field,
                **{"class": game_class},
            ),
            [{"Place": place, "Masterpoints": points} for place, points in enumerate(awards, 1)],
            [tr_("Place"), tr_("Masterpoints")],
        ),
    )


def _award(
    desk: Desk,
    event: str,
    session: int,
    rule: str | None,
    given: dict[str, Any],
    game_class: int | None,
    reason: str | None,
    typed: dict[str, Any],
) -> None:
    """Award and record a closed session's masterpoints; show each field's awards."""
    extra = [name for name, value in typed.items() if value is not None]
    if extra:
        one = tr_(
            "%(options)s is not given when masterpoints are awarded from an event: the "
            "contestants, and a team's record, are worked out from its standings and "
            "entries, for every field of the session."
        )
        several = tr_(
            "%(options)s are not given when masterpoints are awarded from an event: the "
            "contestants, and a team's record, are worked out from its standings and "
            "entries, for every field of the session."
        )
        raise InvalidInput(
            one if len(extra) == 1 else several,
            hint=tr_("Give the rule's conditions only: --event ID --session N --class K."),
            options=", ".join(extra),
        )
    app = desk.app
    eid = app.resolve_event(event)
    if game_class is not None:
        given = given | {"game_class": game_class}
    if rule is None and app.tournament(eid).masterpoint_rule is None:
        rule = "jcbl"  # the default rule, until the event has one of its own
    awarded = app.award_masterpoints(
        eid, session, rule=rule, options=given, reason=reason, actor=desk.actor
    )
    tournament = app.tournament(eid)
    data: dict[str, Any] = {
        "event": str(eid),
        "name": tournament.name,
        "session": session,
        "rule": awarded.rule,
        "version": awarded.version,
        "options": awarded.options,
        "supersedes": awarded.supersedes,
        "reason": awarded.reason,
        "fields": [f.model_dump(mode="json") for f in awarded.fields],
    }

    def table() -> None:
        stated = ", ".join(f"{k}={v}" for k, v in awarded.options.items())
        said = tr(
            "Masterpoints awarded for session %(session)s of %(event)s by "
            "%(rule)s %(version)s (%(options)s)",
            session=session,
            event=tournament.name,
            rule=awarded.rule,
            version=awarded.version,
            options=stated,
        )
        if awarded.supersedes is not None:
            said += tr(" (again: the earlier award superseded)")
        output.console.print(said + ".", highlight=False)
        for f in awarded.fields:
            output.rows_table(
                tr("Section %(section)s", section=f.section)
                + f" — {f.field}: {f.contestants} {f.kind}",
                [
                    {
                        "Rank": a.rank,
                        "Contestant": a.contestant
                        if f.section == a.section
                        else f"{a.section} {a.contestant}",
                        "Players": " – ".join(p.name for p in a.players),
                        "Masterpoints": str(a.points),
                    }
                    for a in f.awards
                ],
                [tr_("Rank"), tr_("Contestant"), tr_("Players"), tr_("Masterpoints")],
            )

    desk.show(data, table)


def _names(registry: Registry, kind: type[Any]) -> str:
    names = ", ".join(r.name for r in registry.masterpoint_rules() if isinstance(r, kind))
    return names or tr("none")


ELIGIBILITY = [tr_("Section"), tr_("Pair"), tr_("Names"), tr_("Played"), tr_("Sat out")]
ELIGIBILITY += [tr_("Of"), tr_("Eligible"), tr_("Why")]
"""The columns of the eligibility table."""


def _eligibility(
    desk: Desk,
    plugin: EligibilityRule,
    given: dict[str, Any],
    event: str,
    session: int,
    section: str | None,
    session_boards: int | None,
) -> None:
    """Each contestant of the session with the rule's answer, and the rule's parameters."""
    app = desk.app
    eid = app.resolve_event(event)
    tournament = app.tournament(eid)
    options = parse_options(plugin, given)
    rule: MasterpointRule = plugin
    lines = app.eligibility(
        eid,
        rule.name,
        options,
        session=session,
        section=section,
        session_boards=session_boards,
    )
    summary = (rule.__doc__ or "").strip().splitlines()[0]
    stated = conditions(rule, options)
    data: dict[str, Any] = {
        "event": str(tournament.id),
        "name": tournament.name,
        "session": session,
        "rule": {
            "name": rule.name,
            "version": rule.version,
            "options": options.model_dump(mode="json"),
            "conditions": stated,
        },
        "eligible": sum(line.verdict.eligible for line in lines),
        "contestants": [line.to_json() for line in lines],
    }

    def table() -> None:
        output.console.print(
            f"{rule.name} {rule.version}: {summary}\n"
            + tr("Parameters: %(conditions)s.", conditions=stated),
            highlight=False,
        )
        output.rows_table(
            tr(
                "Masterpoint eligibility, session %(session)s of %(event)s: "
                "%(eligible)s of %(count)s eligible",
                session=session,
                event=tournament.name,
                eligible=data["eligible"],
                count=len(lines),
            ),
            [
                {
                    "Section": line.section,
                    "Pair": str(line.pair),
                    "Names": " – ".join(line.names),
                    "Played": line.attendance.boards_played,
                    "Sat out": line.attendance.sit_out_boards,
                    "Of": line.attendance.session_boards,
                    "Eligible": tr("yes") if line.verdict.eligible else tr("no"),
                    "Why": line.verdict.reason,
                }
                for line in lines
            ],
            ELIGIBILITY,
        )

    desk.show(data, table)
