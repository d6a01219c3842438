"""``traveller audit``, ``replay``, ``diff`` and ``what-if``: the record looked back on —
who did what and why, the standings as they stood at a moment, what a change changed,
and what a change would change (in memory, writing nothing)."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

import typer

from adapters.cli import output
from adapters.cli.adjustments import awarded
from adapters.cli.common import Desk, ResultOptions, SectionOpt, SessionOpt, at_desk
from adapters.cli.output import Format
from adapters.cli.results import session_standings
from engine import history
from engine.errors import InvalidInput


def register(app: typer.Typer) -> None:
    """Add the ``audit``, ``replay``, ``diff`` and ``what-if`` commands to ``app``."""
    app.command("audit")(audit)
    app.command("replay")(replay)
    app.command("diff")(diff)
    app.command("what-if")(what_if)


@at_desk(event=True, fmt=Format.json)
def audit(
    desk: Desk,
    board: Annotated[int | None, typer.Option("--board")] = None,
    pair: Annotated[str | None, typer.Option("--pair", help="5, NS5 or EW5.")] = None,
    session: Annotated[int | None, typer.Option("--session")] = None,
    section: Annotated[str | None, typer.Option("--section")] = None,
) -> None:
    """Every event of the tournament (or of one board or pair): who, when, why, what."""
    rows = history.audit(
        desk.app, desk.event, board=board, pair=pair, session=session, section=section
    )

    def table() -> None:
        for r in rows:
            r["what"] = ", ".join(
                f"{k}={v}" for k, v in r["data"].items() if k not in ("movement",)
            )[:80]
        output.rows_table(
            "Audit trail", rows, ["position", "time", "type", "actor", "reason", "what"]
        )

    desk.show(rows, table)


def _when(text: str) -> dt.datetime:
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        raise InvalidInput(
            f"{text!r} is not a time.", hint="Write an ISO time such as 2026-11-22T21:30:00+09:00."
        ) from None
    return moment if moment.tzinfo else moment.astimezone()


@at_desk(event=True)
def replay(
    desk: Desk,
    at: Annotated[int | None, typer.Option("--at", help="A store position.")] = None,
    time: Annotated[str | None, typer.Option("--time", help="An ISO time.")] = None,
    session: SessionOpt = 1,
) -> None:
    """The standings as they stood at a position or a moment."""
    if (at is None) == (time is None):
        raise InvalidInput("Give exactly one of --at POSITION or --time T.")
    data = history.standings_at(
        desk.app,
        desk.event,
        session,
        position=at,
        time=None if time is None else _when(time),
    ).to_json()
    desk.show(data, lambda: output.standings_table(data))


@at_desk(event=True)
def diff(
    desk: Desk,
    from_: Annotated[int, typer.Option("--from", help="Store position before.")],
    to: Annotated[int | None, typer.Option("--to", help="Position after (default now).")] = None,
    session: SessionOpt = 1,
) -> None:
    """What changed between two positions, pair by pair."""
    before = history.standings_at(desk.app, desk.event, session, position=from_)
    after = history.standings_at(desk.app, desk.event, session, position=to)
    _show_changes(desk, history.diff(before, after))


@at_desk(event=True)
def what_if(
    desk: Desk,
    result: ResultOptions,
    ns_score: Annotated[str | None, typer.Option("--ns-score")] = None,
    ew_score: Annotated[str | None, typer.Option("--ew-score")] = None,
    neutral: Annotated[bool, typer.Option("--neutral")] = False,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Try a correction or adjustment in memory and show what would change; writes nothing."""
    event = desk.event
    trial = history.fork(desk.app, event)
    before = session_standings(trial, event, session)
    if neutral or ns_score or ew_score:
        trial.adjust(
            event,
            board=result.board,
            ns=result.ns,
            ew=result.ew,
            neutral=neutral,
            award_ns=awarded(ns_score),
            award_ew=awarded(ew_score),
            reason="what-if",
            session=session,
            section=section,
        )
    else:
        trial.correct_result(
            event, result.entry(), reason="what-if", session=session, section=section
        )
    _show_changes(desk, history.diff(before, session_standings(trial, event, session)))


def _show_changes(desk: Desk, rows: list[dict[str, Any]]) -> None:
    columns = ["section", "field", "pair", "score_before", "score_after"]
    columns += ["rank_before", "rank_after"]

    def table() -> None:
        if rows:
            output.rows_table("Changes", rows, columns)
        else:
            output.console.print("No pair's score or rank changes.")

    desk.show(rows, table)
