"""``traveller pairing list``, ``traveller swiss …`` and ``traveller match result``: the
Swiss pairing methods installed, a Swiss teams event's conditions, draws and standings,
and a match scored from the teams' score cards (JCBL part 2 ch. 6 §8, part 3 ch. 4 §3-2).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated

import typer
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import Desk, OptionOpt, Reason, at_desk, decimal_option, parse_options
from adapters.cli.wording import tr, tr_
from engine.application.moments import At
from engine.errors import InvalidInput
from engine.movement import boards_text
from engine.numbers import show
from engine.pairing.field import Draw
from engine.registry import describe
from engine.swiss import TIE_BREAKS, TeamLine, standings_json
from engine.swiss_seating import seated_draw_json

pairing_app = typer.Typer(help="The Swiss pairing methods installed.", no_args_is_help=True)
swiss_app = typer.Typer(
    help="A Swiss teams event: its conditions, each round's draw, the standings.",
    no_args_is_help=True,
)
match_app = typer.Typer(help="A Swiss match from the teams' score cards.", no_args_is_help=True)

RoundOpt = Annotated[int, typer.Option("--round", help="The round.")]


def register(app: typer.Typer) -> None:
    """Add the ``pairing``, ``swiss`` and ``match`` groups to ``app``."""
    app.add_typer(pairing_app, name="pairing")
    app.add_typer(swiss_app, name="swiss")
    app.add_typer(match_app, name="match")


@pairing_app.command("list")
@at_desk()
def pairing_list(desk: Desk) -> None:
    """The Swiss pairing methods the installed plugins offer, with what each does and its
    options (``--pairing NAME --option KEY=VALUE``)."""
    methods = sorted(desk.registry.pairing_methods(), key=lambda m: m.name)
    desk.show(
        describe(methods),
        lambda: output.plugins_table(
            tr("Swiss pairing methods (--pairing NAME --option KEY=VALUE)"), methods
        ),
    )


@swiss_app.command("start")
@at_desk(event=True, actor=True)
def swiss_start(
    desk: Desk,
    rounds: Annotated[int, typer.Option("--rounds", help="How many rounds.")],
    boards_per_round: Annotated[int, typer.Option("--boards-per-round", help="Boards a match.")],
    pairing: Annotated[
        str, typer.Option("--pairing", help="The pairing method (see `traveller pairing list`).")
    ] = "jcbl-seeded",
    option: OptionOpt = None,
    vp_scale: Annotated[
        str | None,
        typer.Option("--vp-scale", help="The VP scale (default: the event's, else wbf2013)."),
    ] = None,
    bye_vp: Annotated[str, typer.Option("--bye-vp", help="The VPs of a bye.")] = "12",
    tie_break: Annotated[
        list[str] | None,
        typer.Option(
            "--tie-break",
            help="A tie-break for contestants level on VPs, in order (repeat): "
            + ", ".join(TIE_BREAKS)
            + ". Without one, they share the place.",
        ),
    ] = None,
) -> None:
    """Run the event as a Swiss (teams or pairs, as its entries are): its rounds, boards
    a round, pairing method and options (rematch=none|no-consecutive|…,
    odd=triangle|triangle-two-rounds|bye, seeding=split|fold|random …). The contestants
    are numbered in entry order; round N is played as session N, seated by its draw; the
    manual's warnings are shown."""
    warnings = desk.app.start_swiss(
        desk.event,
        rounds=rounds,
        boards_per_round=boards_per_round,
        pairing=pairing,
        options=parse_options(option),
        vp_scale=vp_scale,
        bye_vp=decimal_option(bye_vp, "--bye-vp"),
        tie_break=tie_break or (),
        actor=desk.actor,
    )
    swiss = desk.app.tournament(desk.event).swiss
    assert swiss is not None
    conditions = swiss.conditions
    data = {
        "kind": conditions.kind,
        "rounds": rounds,
        "boards_per_round": boards_per_round,
        "pairing": conditions.method,
        "version": conditions.version,
        "teams": {str(n): e for n, e in conditions.teams.items()},
        "tie_break": list(conditions.tie_break),
        "warnings": list(warnings),
    }
    text = tr(
        "Swiss of %(count)s %(kind)s: %(rounds)s rounds of %(boards)s boards, drawn by "
        "%(method)s %(version)s; round N is played as session N.",
        count=len(conditions.teams),
        kind=tr("pairs") if conditions.kind == "pairs" else tr("teams"),
        rounds=rounds,
        boards=boards_per_round,
        method=conditions.method,
        version=conditions.version,
    )
    warned = [tr("Warning: %(warning)s", warning=w) for w in warnings]
    desk.say(data, "\n".join([text, *warned]))


@swiss_app.command("draw")
@at_desk(event=True, actor=True)
def swiss_draw(
    desk: Desk,
    round_: Annotated[
        int | None, typer.Option("--round", help="The round (default: the next one).")
    ] = None,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show the draw; record nothing.")
    ] = False,
) -> None:
    """Draw the next round, record it and seat its session (``--dry-run``: only show
    it)."""
    draw = desk.app.draw_round(desk.event, round_, dry_run=dry_run, actor=desk.actor)
    _show_draw(desk, draw, tr("(dry run: nothing recorded)") if dry_run else "")


@swiss_app.command("show")
@at_desk(event=True)
def swiss_show(desk: Desk, round_: RoundOpt) -> None:
    """A round's draw as it was recorded."""
    _show_draw(desk, desk.app.swiss_draw(desk.event, round_), "")


@swiss_app.command("redraw")
@at_desk(event=True, actor=True)
def swiss_redraw(desk: Desk, round_: RoundOpt, reason: Reason = None) -> None:
    """Draw the last round again, with the reason, while none of its results is in."""
    _show_draw(desk, desk.app.redraw_round(desk.event, round_, reason=reason, actor=desk.actor), "")


@swiss_app.command("standings")
@at_desk(event=True)
def swiss_standings(
    desk: Desk,
    after: Annotated[
        int | None, typer.Option("--after-round", help="After this round (default: the last).")
    ] = None,
) -> None:
    """The teams (or pairs) by VPs, with each one's opponents and VPs round by round."""
    show_standings(desk, after)


def show_standings(desk: Desk, after: int | None = None) -> None:
    """The Swiss standings (``traveller standings`` of a Swiss event, and ``traveller
    swiss standings``)."""
    table = desk.app.swiss_standings(desk.event, after)
    noun = _noun(desk)
    desk.show(standings_json(table, f"{noun}s"), lambda: _standings_table(table, noun))


@swiss_app.command("diff")
@at_desk(event=True)
def swiss_diff(
    desk: Desk,
    from_: Annotated[
        int, typer.Option("--from", help="The event's position before (see `traveller audit`).")
    ],
    to: Annotated[int | None, typer.Option("--to", help="Position after (default now).")] = None,
) -> None:
    """What changed in the Swiss standings between two of the event's positions, team by
    team (see the positions with `traveller audit`)."""
    show_diff(desk, from_, to)


def show_diff(desk: Desk, from_: int, to: int | None) -> None:
    """Each team whose VPs or place changed between two of the event's positions (as
    ``traveller audit`` numbers them): ``traveller diff`` of a Swiss event, and
    ``traveller swiss diff``."""
    after = None if to is None else At(number=to)
    rows = desk.app.diff(desk.event, before=At(number=from_), after=after)
    noun = _noun(desk)
    columns = [noun, "vp_before", "vp_after", "rank_before", "rank_after"]
    desk.rows(tr("Changes"), rows, columns)


@match_app.command("result")
@at_desk(event=True, actor=True)
def match_result(
    desk: Desk,
    round_: RoundOpt,
    home: Annotated[int, typer.Option("--home", help="The home team's number.")],
    away: Annotated[int, typer.Option("--away", help="The away team's number.")],
    imps: Annotated[
        str | None, typer.Option("--imps", help="IMPs won, home:away, e.g. 34:12.")
    ] = None,
    vp: Annotated[str | None, typer.Option("--vp", help="VPs, home:away, e.g. 14.5:5.5.")] = None,
    reason: Reason = None,
) -> None:
    """Score a Swiss match from the teams' score cards (checked against the round's draw);
    scoring it again is a correction and needs ``--reason``."""
    desk.app.score_match(
        desk.event,
        round_,
        home,
        away,
        imps=None if imps is None else _score(imps, "--imps"),
        vp=None if vp is None else _score(vp, "--vp"),
        reason=reason,
        actor=desk.actor,
    )
    given = tr("%(imps)s IMPs", imps=imps) if imps is not None else tr("%(vp)s VPs", vp=vp)
    desk.say(
        {"round": round_, "home": home, "away": away, "imps": imps, "vp": vp},
        tr(
            "Round %(round)s: team %(home)s v team %(away)s, %(score)s.",
            round=round_,
            home=home,
            away=away,
            score=given,
        ),
    )


def _score(text: str, option: str) -> tuple[Decimal, Decimal]:
    home, sep, away = text.partition(":")
    if not sep:
        raise InvalidInput(
            tr_("%(option)s %(text)r is not a score."),
            hint=tr_("Write %(option)s 34:12."),
            option=option,
            text=text,
        )
    return decimal_option(home, option), decimal_option(away, option)


def _show_draw(desk: Desk, draw: Draw, note: str) -> None:
    """A draw with its seating: each match's table and, for teams, its closed room's
    (the visitors' NS pair against the home team's EW pair), and the round's boards."""
    movement = desk.app.swiss_seating(desk.event, draw)
    data = seated_draw_json(draw, movement)
    teams = data["teams"]

    def table() -> None:
        grid = Table(
            title=tr(
                "Round %(round)s (%(method)s %(version)s)",
                round=draw.round,
                method=draw.method,
                version=draw.method_version,
            )
            + (f" {note}" if note else ""),
            title_justify="left",
        )
        columns: tuple[str, ...] = (tr("Table"), tr("Home (NS)"), tr("Away (EW)"))
        columns += (tr("Closed room"),) if teams else ()
        for column in columns:
            grid.add_column(column, justify="right")
        for row in data["matches"]:
            cells = [str(row["table"]), str(row["home"]), str(row["away"])]
            grid.add_row(*cells, *((str(row["closed_table"]),) if teams else ()))
        output.console.print(grid)
        noun = _noun(desk)
        if draw.triangle is not None:
            tables = data["triangle_tables"]
            where = ", ".join(
                tr("%(team)s (table %(table)s)", team=t, table=tables[str(t)])
                for t in draw.triangle
            )
            said = tr("Triangle: pairs %(where)s", where=where)
            if noun == "team":
                said = tr("Triangle: teams %(where)s", where=where)
            output.console.print(said)
        if draw.bye is not None:
            said = tr("Bye: pair %(bye)s", bye=draw.bye)
            if noun == "team":
                said = tr("Bye: team %(bye)s", bye=draw.bye)
            output.console.print(said)
        boards = boards_text(movement.boards)
        output.console.print(tr("Boards: %(boards)s", boards=boards), highlight=False)
        for line in draw.relaxed:
            output.console.print(tr("Relaxed: %(line)s", line=line), highlight=False)

    desk.show(data, table)


def _noun(desk: Desk) -> str:
    """ "team" or "pair", as the event's Swiss is played."""
    swiss = desk.app.tournament(desk.event).swiss
    pairs = swiss is not None and swiss.conditions.kind == "pairs"
    return tr_("pair") if pairs else tr_("team")


def _standings_table(table: list[TeamLine], noun: str) -> None:
    rounds = max((len(line.rounds) for line in table), default=0)
    grid = Table(title=tr("Swiss standings (VPs)"), title_justify="left")
    who = tr("Name") if any(line.name for line in table) else tr("Players")
    columns = (tr("Rank"), tr("Pair") if noun == "pair" else tr("Team"), who, tr("VPs"))
    for column in (*columns, *(f"R{r}" for r in range(1, rounds + 1))):
        grid.add_column(column, justify="left" if column == who else "right")
    for line in table:
        cells = [
            tr(
                "v %(opponents)s: %(vp)s",
                opponents="/".join(map(str, r.opponents)) or tr("bye"),
                vp="–" if r.vp is None else show(r.vp),
            )
            for r in line.rounds
        ]
        who = line.name or " / ".join(line.names[:2])
        grid.add_row(line.rank, str(line.team), who, show(line.total), *cells)
    output.console.print(grid)
