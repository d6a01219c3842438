"""``traveller ranking``, ``traveller stage`` and ``traveller totals``: how an event ranks
its sections, flights and players, its stages and carry-over, and totals over sessions."""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any

import typer

from adapters.cli import output
from adapters.cli.common import Desk, at_desk, parse_options, session_list
from adapters.cli.moments import Moment
from adapters.cli.wording import tr, tr_
from engine.carry_over import chosen_rule
from engine.errors import InvalidInput
from engine.ranks import RankBy
from engine.registry import describe
from engine.totals import Totals
from engine.tournament import ContestantKind, SectionRanking

ranking_app = typer.Typer(
    help="How the event ranks: sections alone or as one field, flights, players.",
    no_args_is_help=True,
)
stage_app = typer.Typer(help="Stages (qualifying, final) and the carry-over.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ``ranking``, ``stage`` and ``totals`` commands to ``app``."""
    app.add_typer(ranking_app, name="ranking")
    app.add_typer(stage_app, name="stage")
    app.command("totals")(totals)


# ---- ranking --------------------------------------------------------------------------------


@ranking_app.command("sections")
@at_desk(event=True, actor=True)
def ranking_sections(
    desk: Desk,
    ranking: Annotated[
        SectionRanking,
        typer.Argument(help="separate: each section alone; one-field: matchpointed together."),
    ],
    session: Annotated[
        int | None, typer.Option("--session", help="Only this session (default every one).")
    ] = None,
) -> None:
    """Rank a session's sections each alone, or as one field across the sections that
    played the same boards (one-field scoring)."""
    desk.app.choose_section_ranking(desk.event, ranking, session=session, actor=desk.actor)
    text = (
        tr("Sections of every session: %(ranking)s.", ranking=ranking.value)
        if session is None
        else tr(
            "Sections of session %(session)s: %(ranking)s.", session=session, ranking=ranking.value
        )
    )
    desk.say({"ranking": ranking.value, "session": session}, text)


@ranking_app.command("contestants")
@at_desk(event=True, actor=True)
def ranking_contestants(
    desk: Desk,
    contestants: Annotated[
        ContestantKind, typer.Argument(help="pairs, or players for an individual.")
    ],
) -> None:
    """Rank pairs, or each player (an individual: a player scores their pair's score)."""
    desk.app.choose_contestants(desk.event, contestants, actor=desk.actor)
    desk.say(
        {"contestants": contestants.value},
        tr("The event ranks %(contestants)s.", contestants=contestants.value),
    )


@ranking_app.command("flights")
@at_desk(event=True, actor=True)
def ranking_flights(
    desk: Desk,
    flights: Annotated[
        list[str], typer.Argument(help="ENTRY=FLIGHT for each entry, e.g. E1=A E2=C.")
    ],
) -> None:
    """Put entries in flights for a stratified game: A ranks every pair, B ranks B and C,
    C ranks C alone."""
    chosen: dict[str, str] = {}
    for item in flights:
        entry, sep, flight = item.partition("=")
        if not sep or not entry.strip():
            raise InvalidInput(
                tr_("%(item)r is not ENTRY=FLIGHT."), hint=tr_("For example E3=B."), item=item
            )
        chosen[entry.strip()] = flight
    desk.app.assign_flights(desk.event, chosen, actor=desk.actor)
    desk.say(
        {"flights": {e: f.strip().upper() for e, f in chosen.items()}},
        tr("Flights set for %(count)s entries.", count=len(chosen)),
    )


# ---- stages -------------------------------------------------------------------------------------


@stage_app.command("define")
@at_desk(event=True, actor=True)
def stage_define(
    desk: Desk,
    name: Annotated[str, typer.Argument(help="The stage's name, e.g. qualifying or final.")],
    sessions: Annotated[str, typer.Option("--sessions", help="Its sessions, e.g. 1,2.")],
) -> None:
    """Define a stage (a qualifying, a final) by its sessions."""
    chosen = desk.app.define_stage(desk.event, name, session_list(sessions), actor=desk.actor)
    desk.say(
        {"stage": name.strip(), "sessions": list(chosen)},
        tr(
            "Stage %(stage)s: sessions %(sessions)s.",
            stage=name.strip(),
            sessions=", ".join(map(str, chosen)),
        ),
    )


@stage_app.command("list")
@at_desk(event=True)
def stage_list(desk: Desk) -> None:
    """The event's stages, their sessions and carry-over."""
    rows = desk.app.tournament(desk.event).ranking.stages_json()
    columns = [tr_("stage"), tr_("sessions"), tr_("carry_over_from"), tr_("carry_over_method")]
    desk.rows(tr("Stages"), rows, columns)


@stage_app.command("carry-over")
@at_desk(event=True, actor=True)
def stage_carry_over(
    desk: Desk,
    source: Annotated[str, typer.Option("--from", help="The qualifying stage.")],
    stage: Annotated[str, typer.Option("--to", help="The final stage.")],
    final_top: Annotated[
        str, typer.Option("--final-top", help="The top of one board of the final, e.g. 25.")
    ],
    rule: Annotated[
        str,
        typer.Option(
            "--rule",
            help="The carry-over rule: jcbl (the JCBL formula), board-maximum, full (every "
            "point, or a share); `traveller stage rules` lists them with their options.",
        ),
    ] = "jcbl",
    option: Annotated[
        list[str] | None,
        typer.Option("--option", help="The rule's option KEY=VALUE, e.g. share=50 for full."),
    ] = None,
    qualifiers: Annotated[
        int | None, typer.Option("--qualifiers", help="How many qualify, from the top.")
    ] = None,
    qualifier: Annotated[
        list[str] | None,
        typer.Option("--qualifier", help="An entry that qualified (repeat for each)."),
    ] = None,
    maximum_boards: Annotated[
        int | None,
        typer.Option(
            "--maximum-boards",
            help="The N-board maximum (default 2 a session of the final: 4 for two).",
        ),
    ] = None,
) -> None:
    """Record who qualified and what each carries into the final (part 3 ch. 1 §3)."""
    try:
        top = Fraction(final_top)
    except (ValueError, ZeroDivisionError):
        raise InvalidInput(
            tr_("%(top)r is not a number."), hint=tr_("For example 25."), top=final_top
        ) from None
    recorded = desk.app.record_carry_over(
        desk.event,
        stage=stage,
        source=source,
        rule=chosen_rule(desk.app.registry, rule, parse_options(option)),
        final_top=top,
        qualifiers=qualifiers,
        entries=qualifier or (),
        maximum_boards=maximum_boards,
        actor=desk.actor,
    )
    rows = [
        {"names": list(c.names), "qualifying": c.qualifying, "carry_over": c.carry}
        for c in recorded.carried
    ]
    desk.show(
        {
            "stage": stage,
            "from": source,
            "method": recorded.method,
            "version": recorded.version,
            "parameters": recorded.parameters,
            "carried": rows,
        },
        lambda: output.rows_table(
            tr(
                "Carry-over from %(source)s into %(stage)s (%(method)s %(version)s)",
                source=source,
                stage=stage,
                method=recorded.method,
                version=recorded.version,
            ),
            [r | {"names": " – ".join(r["names"])} for r in rows],
            [tr_("names"), tr_("qualifying"), tr_("carry_over")],
        ),
    )


@stage_app.command("rules")
@at_desk()
def stage_rules(desk: Desk) -> None:
    """The carry-over rules the installed plugins offer, with what each does and its options."""
    rules = sorted(desk.registry.carry_over_rules(), key=lambda r: r.name)
    desk.show(
        describe(rules),
        lambda: output.plugins_table(
            tr("Carry-over rules (stage carry-over --rule NAME --option KEY=VALUE)"), rules
        ),
    )


# ---- totals ---------------------------------------------------------------------------------


@at_desk(event=True)
def totals(
    desk: Desk,
    moment: Moment,
    sessions: Annotated[
        str | None, typer.Option("--sessions", help="Sessions to add up (default all), e.g. 1,2.")
    ] = None,
    stage: Annotated[
        str | None, typer.Option("--stage", help="A stage's sessions, with its carry-over.")
    ] = None,
    by: Annotated[
        RankBy,
        typer.Option("--by", help="score (the sum), or percentage of the tops played."),
    ] = RankBy.SCORE,
) -> None:
    """Contestants ranked on their total over several sessions (or a stage), now or as
    they stood at a moment (`--at`, `--time` or `--store-position`, as `replay`
    takes them)."""
    chosen = None if sessions is None else session_list(sessions)
    at = moment.moment(desk.app, desk.event)
    data = desk.app.totals(desk.event, sessions=chosen, stage=stage, by=by, at=at)
    desk.show(data.to_json(), lambda: _totals_table(data))


def _totals_table(data: Totals) -> None:
    carried = data.carry_over is not None
    head = [tr_("Rank"), tr_("Names"), *(f"S{s}" for s in data.sessions)]
    head += [tr_("Carry")] if carried else []
    head += [tr_("Score"), "%", tr_("Boards")]
    for f in data.fields:
        rows = []
        for r in f.rows:
            line = r.to_json()
            by_session = {p["session"]: p["score"] for p in line["sessions"]}
            row: dict[str, Any] = {"Rank": r.rank, "Names": " – ".join(line["names"])}
            row |= {f"S{s}": by_session.get(s) for s in data.sessions}
            row |= {"Carry": line["carry_over"]} if carried else {}
            row |= {
                "Score": line["score"],
                "%": line["percentage"],
                "Boards": line["boards_played"],
            }
            rows.append(row)
        what = (
            tr("stage %(stage)s", stage=data.stage)
            if data.stage
            else tr("sessions %(sessions)s", sessions=", ".join(map(str, data.sessions)))
        )
        if data.carry_over is not None:
            c = data.carry_over
            what += tr(
                " (carry-over from %(source)s: %(method)s %(version)s)",
                source=c.source,
                method=c.method,
                version=c.version,
            )
        output.rows_table(f"{data.event_name} — {what}: {f.name}", rows, head)
