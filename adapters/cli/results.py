"""``traveller round|result …``, ``standings`` and ``board``: a session played — the move,
the results recorded and corrected, the standings and the travellers."""

from __future__ import annotations

from typing import Annotated, Any
from uuid import UUID

import typer

from adapters.cli import output, swiss
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
from engine.application import Traveller
from engine.ranks import Standings
from engine.section import Result
from engine.standings import compute_standings
from engine.tournament.checks import check_section
from engine.travellers import traveller

round_app = typer.Typer(help="Start and end rounds (the move).", no_args_is_help=True)
result_app = typer.Typer(help="Record and correct results.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    """Add the ``round`` and ``result`` groups and ``standings`` and ``board`` to ``app``."""
    app.add_typer(round_app, name="round")
    app.add_typer(result_app, name="result")
    app.command("standings")(standings)
    app.command("board")(board)


RoundArg = Annotated[int, typer.Argument(help="Round number.")]

# ---- rounds -------------------------------------------------------------------------------


@round_app.command("start")
@at_desk(event=True, actor=True)
def round_start(
    desk: Desk, round: RoundArg, session: SessionOpt = 1, section: SectionOpt = "A"
) -> None:
    """Start a round."""
    desk.app.start_round(desk.event, round, session=session, section=section, actor=desk.actor)
    desk.say({"round": round, "started": True}, f"Round {round} started.")


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
    text = f"Round {round} ended. Move please!"
    if missing:
        text += " Still to enter: " + ", ".join(
            f"board {b} (NS {ns.number} v EW {ew.number})" for b, ns, ew in missing
        )
    desk.say(data, text)


# ---- results ------------------------------------------------------------------------------


def _result_json(r: Result) -> dict[str, Any]:
    return dict(r.model_dump(mode="json"))


@result_app.command("add")
@at_desk(event=True, actor=True)
def result_add(
    desk: Desk,
    result: ResultOptions,
    override: Override = None,
    numbering: NumberingOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
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
    )
    desk.say(
        _result_json(r),
        f"Board {r.board}: NS {r.ns} v EW {r.ew}, {r.contract or 'score'} {r.score_ns:+d} for NS.",
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
        f"Corrected board {r.board}: NS {r.ns} v EW {r.ew}, {r.score_ns:+d} for NS.",
    )


# ---- looking at results -------------------------------------------------------------------------


def session_standings(app: Traveller, event: UUID, session: int) -> Standings:
    """The live standings of a session."""
    return compute_standings(
        app.registry, app.tournament(event), app.sections(event, session), session
    )


@at_desk(event=True)
def standings(desk: Desk, session: SessionOpt = 1) -> None:
    """Live standings of a session (of a Swiss teams event: the teams by VPs)."""
    if desk.app.tournament(desk.event).swiss is not None:
        swiss.show_standings(desk)
        return
    data = session_standings(desk.app, desk.event, session).to_json()
    desk.show(data, lambda: output.standings_table(data))


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
    app, event = desk.app, desk.event
    snap = moment.snapshot(app, event) if moment.given() else None
    tournament = app.tournament(event) if snap is None else snap.tournament
    check_section(tournament, session, section)
    # A one-field session scores across its sections.
    fields = app.sections(event, session) if snap is None else snap.sections_of(session)
    own = next(s for s in fields if s.name == section)
    data = traveller(app.registry, tournament, own, number, fields)
    if snap is not None:
        data["as_of"] = as_of(snap)

    def table() -> None:
        if snap is not None:
            output.console.print(as_of_text(snap), highlight=False)
        output.traveller_table(data)

    desk.show(data, table)
