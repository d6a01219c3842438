"""``traveller round|result …``, ``standings``, ``board``, ``card`` and ``seating``: a
session played — the move, the results recorded and corrected, the standings, the
travellers, each pair's score card and who sits where in a round (all read through the
application's queries)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import (
    Desk,
    NumberingOpt,
    Override,
    Reason,
    ResultOptions,
    SectionOpt,
    SessionOpt,
    at_desk,
)
from adapters.cli.moments import Moment, as_of, as_of_text
from adapters.cli.wording import tr, tr_
from engine.movement import boards_text
from engine.section import Result

round_app = typer.Typer(help="Start and end rounds (the move).", no_args_is_help=True)
result_app = typer.Typer(help="Record and correct results.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ``round`` and ``result`` groups and ``standings``, ``board``, ``card`` and
    ``seating`` to ``app``."""
    app.add_typer(round_app, name="round")
    app.add_typer(result_app, name="result")
    app.command("standings")(standings)
    app.command("board")(board)
    app.command("card")(card)
    app.command("seating")(seating)


RoundArg = Annotated[int, typer.Argument(help="Round number.")]

# ---- rounds -------------------------------------------------------------------------------


@round_app.command("start")
@at_desk(event=True, actor=True)
def round_start(
    desk: Desk, round: RoundArg, session: SessionOpt = 1, section: SectionOpt = "A"
) -> None:
    """Start a round."""
    desk.app.start_round(desk.event, round, session=session, section=section, actor=desk.actor)
    desk.say({"round": round, "started": True}, tr("Round %(round)s started.", round=round))


@round_app.command("end")
@at_desk(event=True, actor=True)
def round_end(
    desk: Desk, round: RoundArg, session: SessionOpt = 1, section: SectionOpt = "A"
) -> None:
    """End a round (the move); lists results of the round not yet entered."""
    missing = desk.app.end_round(
        desk.event, round, session=session, section=section, actor=desk.actor
    )
    data = {
        "round": round,
        "ended": True,
        "missing": [{"board": b, "ns": ns.number, "ew": ew.number} for b, ns, ew in missing],
    }
    text = tr("Round %(round)s ended. Move please!", round=round)
    if missing:
        text += tr(" Still to enter: ") + ", ".join(
            tr("board %(board)s (NS %(ns)s v EW %(ew)s)", board=b, ns=ns.number, ew=ew.number)
            for b, ns, ew in missing
        )
    desk.say(data, text)


# ---- results ------------------------------------------------------------------------------


def _result_json(r: Result) -> dict[str, Any]:
    return dict(r.model_dump(mode="json"))


RequestId = Annotated[
    str | None,
    typer.Option(
        "--request-id",
        help="A key you make up for this result (a UUID): sent again with the same key (a "
        "script retrying after a timeout), it records nothing and answers as the first time.",
    ),
]


@result_app.command("add")
@at_desk(event=True, actor=True)
def result_add(
    desk: Desk,
    result: ResultOptions,
    override: Override = None,
    numbering: NumberingOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    request_id: RequestId = None,
) -> None:
    """Record a result (a pickup slip or a traveller line)."""
    r = desk.app.record_result(
        desk.event,
        result.entry(),
        session=session,
        section=section,
        numbering=numbering,
        override=override,
        actor=desk.actor,
        request=request_id,
    )
    desk.say(
        _result_json(r),
        tr(
            "Board %(board)s: NS %(ns)s v EW %(ew)s, %(contract)s %(score)s for NS.",
            board=r.board,
            ns=r.ns,
            ew=r.ew,
            contract=r.contract or tr("score"),
            score=f"{r.score_ns:+d}",
        ),
    )


@result_app.command("correct")
@at_desk(event=True, actor=True)
def result_correct(
    desk: Desk,
    result: ResultOptions,
    reason: Reason = None,
    was_ns: Annotated[
        int | None,
        typer.Option(
            "--was-ns", help="The NS pair as recorded, when the pair number itself was wrong."
        ),
    ] = None,
    was_ew: Annotated[int | None, typer.Option("--was-ew")] = None,
    override: Override = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Correct a recorded result (who and why are kept)."""
    r = desk.app.correct_result(
        desk.event,
        result.entry(),
        reason=reason or "",
        was_ns=was_ns,
        was_ew=was_ew,
        session=session,
        section=section,
        override=override,
        actor=desk.actor,
    )
    desk.say(
        _result_json(r),
        tr(
            "Corrected board %(board)s: NS %(ns)s v EW %(ew)s, %(score)s for NS.",
            board=r.board,
            ns=r.ns,
            ew=r.ew,
            score=f"{r.score_ns:+d}",
        ),
    )


# ---- looking at results -------------------------------------------------------------------------


@at_desk(event=True)
def standings(desk: Desk, session: SessionOpt = 1) -> None:
    """Live standings of a session (of a Swiss teams event: the teams by VPs)."""
    if desk.app.tournament(desk.event).swiss is not None:
        from adapters.cli import swiss  # a Swiss event's commands: loaded for one only

        swiss.show_standings(desk)
        return
    data = desk.app.standings(desk.event, session).to_json()

    def table() -> None:
        if data.get("as_published"):  # the method's version in force is not installed
            note = tr(
                "As published under %(method)s: that version is no longer installed, so "
                "these are the published figures (rescore --to-current to score again).",
                method=data["as_published"],
            )
            output.console.print(note, highlight=False, markup=False)
        if data.get("provisional"):  # a Butler board still in play: its datum may move
            note = tr(
                "Provisional datum (boards still in play): %(boards)s.",
                boards=", ".join(f"{p['section']} {p['board']}" for p in data["provisional"]),
            )
            output.console.print(note, highlight=False, markup=False)
        output.standings_table(data)

    desk.show(data, table)


@at_desk(event=True)
def board(
    desk: Desk,
    number: Annotated[int, typer.Argument(help="Board number.")],
    moment: Moment,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """The traveller of one board, now or as it stood at a moment (`--at`, `--time`
    or `--store-position`, as `replay` takes them)."""
    snap = moment.snapshot(desk.app, desk.event)
    data = desk.app.traveller(
        desk.event, number, session=session, section=section, at=snap
    ).to_json()
    if snap is not None:
        data["as_of"] = as_of(snap)

    def table() -> None:
        if snap is not None:
            output.console.print(as_of_text(snap), highlight=False)
        output.traveller_table(data)
        if data.get("deal"):
            from adapters.cli import deals  # a hand record's drawing: loaded for one only

            deals.print_deal(data["board"], data["deal"])

    desk.show(data, table)


@at_desk(event=True)
def card(
    desk: Desk,
    pair: Annotated[
        str,
        typer.Option("--pair", help="The pair (NS3, EW3 or 3), the team (3) or the player."),
    ],
    moment: Moment,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """A pair's (team's, player's) score card: every board it played, round by round —
    the opponents, the contract, its score and the points it earned; now or as it stood
    at a moment (`--at`, `--time` or `--store-position`)."""
    snap = moment.snapshot(desk.app, desk.event)
    report = desk.app.score_card(desk.event, pair, session=session, section=section, at=snap)
    data = report.to_json()
    if snap is not None:
        data["as_of"] = as_of(snap)

    def table() -> None:
        if snap is not None:
            output.console.print(as_of_text(snap), highlight=False)
        names = " – ".join(report.names)
        grid = Table(
            title=tr(
                "Score card — section %(section)s, %(contestant)s",
                section=report.section,
                contestant=report.contestant,
            )
            + (f" {names}" if names else "")
            + f" ({report.method})",
            title_justify="left",
        )
        columns: tuple[str, ...] = (tr_("Rd"), tr_("Board"), tr_("Dir"), tr_("Opponents"))
        columns += (tr_("Contract"),)
        columns += (tr_("By"), tr_("Score"), tr_("Points"))
        for column in map(tr, columns):
            grid.add_column(column, justify="left" if column == tr("Opponents") else "right")
        for line in data["boards"]:
            who = " ".join([line["opponents"], " – ".join(line["opponent_names"])]).strip()
            grid.add_row(
                "" if line["round"] is None else str(line["round"]),
                str(line["board"]),
                line["direction"],
                who,
                line["adjusted"] or line["contract"] or "",
                line["declarer"] or "",
                "" if line["score"] is None else f"{line['score']:+d}",
                line["points"],
            )
        output.console.print(grid)
        output.console.print(tr("Points: %(points)s", points=data["points"]), highlight=False)
        from adapters.cli import deals  # a hand record's par: loaded for one only

        for board, deal in data.get("deals", {}).items():
            par = deals.par_text(deal)
            if par:
                output.console.print(f"{tr('Board')} {board}: {par}", highlight=False)

    desk.show(data, table)


@at_desk(event=True)
def seating(
    desk: Desk,
    round: Annotated[int, typer.Option("--round", help="The round.")],
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Who sits where in a round: each table's NS and EW pairs, the boards they play and
    the names of those sitting there that round."""
    report = desk.app.seating(desk.event, session=session, section=section, round=round)

    def who(pair: str, names: tuple[str, ...]) -> str:
        if pair == report.phantom:
            return tr("%(pair)s (phantom: sit out)", pair=pair)
        return " ".join([pair, " – ".join(names)]).strip()

    rows = [
        {
            "Table": t.table,
            "NS": who(t.ns, t.names_ns),
            "EW": who(t.ew, t.names_ew),
            "Boards": boards_text(t.boards) + (tr(" (arrow-switch)") if t.arrow_switch else ""),
        }
        for t in report.tables
    ]
    where = dict(section=report.section, round=report.round, rounds=report.rounds)
    title = (
        tr("Section %(section)s, round %(round)s of %(rounds)s", **where)
        if session == 1
        else tr(
            "Session %(session)s, section %(section)s, round %(round)s of %(rounds)s",
            session=session,
            **where,
        )
    )
    desk.show(
        report.to_json(),
        lambda: output.rows_table(title, rows, [tr_("Table"), "NS", "EW", tr_("Boards")]),
    )
