"""``traveller``: the command line, a contract for scripts as well as people.

Every command takes ``--store URL`` (or ``TRAVELLER_STORE``; default ``./traveller.db``)
and every command that shows data takes ``--format table|json``.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

import typer

from adapters.cli import (
    adjustments,
    convert,
    imports,
    masterpoints,
    movements,
    output,
    renumber,
    standings_options,
    teams,
)
from adapters.cli.common import (
    EW,
    NS,
    Actor,
    Board,
    ContractOpt,
    Declarer,
    EventOpt,
    Fmt,
    Lead,
    NumberingOpt,
    Override,
    Reason,
    RoundOpt,
    ScoreNS,
    SectionOpt,
    SessionOpt,
    Store,
    TableOpt,
    Tricks,
    actor_name,
    guarded,
    open_app,
    parse_options,
    say,
)
from adapters.cli.output import Format
from engine import history, rules
from engine.errors import InvalidInput
from engine.scoring import Award
from engine.standings import compute_standings, traveller
from engine.tournament import Player, ScoringChoice

app = typer.Typer(
    help="Traveller — run duplicate-bridge tournaments; every action is kept as an event.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
event_app = typer.Typer(help="Create and list events.", no_args_is_help=True)
session_app = typer.Typer(help="Add, close and publish sessions.", no_args_is_help=True)
entry_app = typer.Typer(help="Register and withdraw pairs.", no_args_is_help=True)
movement_app = typer.Typer(help="Movements: list families, show, assign.", no_args_is_help=True)
round_app = typer.Typer(help="Start and end rounds (the move).", no_args_is_help=True)
result_app = typer.Typer(help="Record and correct results.", no_args_is_help=True)
for sub, name in (
    (event_app, "event"),
    (session_app, "session"),
    (entry_app, "entry"),
    (movement_app, "movement"),
    (round_app, "round"),
    (result_app, "result"),
):
    app.add_typer(sub, name=name)

# ---- events and sessions --------------------------------------------------------------------


@event_app.command("create")
@guarded
def event_create(
    name: Annotated[str, typer.Option("--name", help="The event's name.")],
    date: Annotated[str | None, typer.Option("--date", help="YYYY-MM-DD.")] = None,
    club: Annotated[str | None, typer.Option("--club")] = None,
    scoring: Annotated[str, typer.Option("--scoring", help="Scoring method.")] = "matchpoints",
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", help="Scoring option KEY=VALUE, e.g. factoring=ratio, scale=european."
        ),
    ] = None,
    sections: Annotated[
        str, typer.Option("--sections", help="Session 1's sections, comma-separated.")
    ] = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Create an event (with session 1 and its sections)."""
    when = None
    if date:
        try:
            when = dt.date.fromisoformat(date)
        except ValueError:
            raise InvalidInput(f"{date!r} is not a date.", hint="Write YYYY-MM-DD.") from None
    event_id = open_app(store).create_event(
        name,
        date=when,
        club=club,
        scoring=ScoringChoice(method=scoring, options=parse_options(option)),
        sections=sections.split(","),
        actor=actor_name(actor),
    )
    say(fmt, {"id": str(event_id)}, f"Created event {name!r}: {event_id}")


@event_app.command("list")
@guarded
def event_list(store: Store = None, fmt: Fmt = Format.table) -> None:
    """List the events in the store."""
    rows = [
        {"id": str(i), "name": n, "created": t.isoformat()}
        for i, n, t in open_app(store).list_events()
    ]
    if fmt is Format.json:
        output.emit_json(rows)
    else:
        output.rows_table("Events", rows, ["id", "name", "created"])


@session_app.command("add")
@guarded
def session_add(
    event: EventOpt,
    session: SessionOpt,
    sections: Annotated[str, typer.Option("--sections")] = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Add a session with its sections."""
    a = open_app(store)
    a.add_session(a.resolve_event(event), session, sections.split(","), actor=actor_name(actor))
    say(fmt, {"session": session}, f"Added session {session}.")


@session_app.command("close")
@guarded
def session_close(
    event: EventOpt,
    session: SessionOpt = 1,
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Close a session: no new results (corrections still allowed, with a reason)."""
    a = open_app(store)
    a.close_session(a.resolve_event(event), session, actor=actor_name(actor))
    say(fmt, {"closed": session}, f"Session {session} closed.")


@session_app.command("publish")
@guarded
def session_publish(
    event: EventOpt,
    session: SessionOpt = 1,
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Publish a closed session's standings (stored with the method, version and digest)."""
    a = open_app(store)
    published = a.publish(a.resolve_event(event), session, actor=actor_name(actor))
    data = {
        "session": session,
        "method": published.method,
        "method_version": published.method_version,
        "digest": published.digest,
    }
    say(
        fmt,
        data,
        f"Published session {session} ({published.method} "
        f"{published.method_version}), digest {published.digest}.",
    )


# ---- entries ------------------------------------------------------------------------------


@entry_app.command("add")
@guarded
def entry_add(
    event: EventOpt,
    player: Annotated[list[str], typer.Option("--player", help="A player's name (twice).")],
    member: Annotated[
        list[str] | None, typer.Option("--member", help="Member numbers, in the order of --player.")
    ] = None,
    pair: Annotated[
        str | None,
        typer.Option(
            "--pair", help="Ask for a pair number (NS3, EW3 or 3), e.g. a stationary seat."
        ),
    ] = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Register a pair (after seating, a late pair takes the phantom's place)."""
    members = list(member or [])
    if len(members) > len(player):
        raise InvalidInput("More --member numbers than --player names were given.")
    players = [
        Player(name=n, member=members[i] if i < len(members) else None)
        for i, n in enumerate(player)
    ]
    a = open_app(store)
    entry = a.register_entry(
        a.resolve_event(event),
        players,
        session=session,
        section=section,
        pair=pair,
        actor=actor_name(actor),
    )
    say(fmt, {"entry": entry}, f"Registered entry {entry}: {' – '.join(player)}")


@entry_app.command("withdraw")
@guarded
def entry_withdraw(
    event: EventOpt,
    entry: Annotated[str, typer.Option("--entry", help="Entry id, e.g. E3.")],
    reason: Reason = None,
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Withdraw an entry."""
    a = open_app(store)
    a.withdraw_entry(a.resolve_event(event), entry, reason=reason or "", actor=actor_name(actor))
    say(fmt, {"withdrawn": entry}, f"Entry {entry} withdrawn.")


@entry_app.command("list")
@guarded
def entry_list(
    event: EventOpt,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """List the entries of a section with their pair numbers."""
    a = open_app(store)
    eid = a.resolve_event(event)
    t, s = a.tournament(eid), a.section(eid, session, section)
    seat_of = {e: p for p, e in s.seats.items()}
    rows = [
        {
            "entry": e.id,
            "pair": str(seat_of[e.id]) if e.id in seat_of else None,
            "names": " – ".join(e.names),
            "members": " – ".join(p.member or "" for p in e.players),
            "late": e.late,
            "withdrawn": e.withdrawn,
        }
        for e in t.entries_of(session, section)
    ]
    if fmt is Format.json:
        output.emit_json(rows)
    else:
        output.rows_table(
            f"Entries — section {section}",
            rows,
            ["entry", "pair", "names", "members", "late", "withdrawn"],
        )


# ---- movements and rounds ---------------------------------------------------------------------


@movement_app.command("list")
@guarded
def movement_list(store: Store = None, fmt: Fmt = Format.table) -> None:
    """List the movement families the installed plugins offer."""
    rows = [
        {
            "name": m.name,
            "aliases": ", ".join(m.aliases),
            "version": m.version,
            "description": (m.__doc__ or "").strip().splitlines()[0],
        }
        for m in open_app(store).registry.movements()
    ]
    if fmt is Format.json:
        output.emit_json(rows)
    else:
        output.rows_table("Movement families", rows, ["name", "aliases", "version", "description"])


@movement_app.command("assign")
@guarded
def movement_assign(
    event: EventOpt,
    family: Annotated[str, typer.Option("--family", help="mitchell, howell, …")],
    tables: Annotated[
        int | None, typer.Option("--tables", help="Tables (default: from the pairs registered).")
    ] = None,
    boards_per_round: Annotated[int | None, typer.Option("--boards-per-round")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", help="KEY=VALUE")] = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Assign a movement to a section and seat its pairs."""
    options = parse_options(option)
    if boards_per_round is not None:
        options["boards_per_round"] = boards_per_round
    a = open_app(store)
    state = a.assign_movement(
        a.resolve_event(event),
        family,
        session=session,
        section=section,
        tables=tables,
        options=options,
        actor=actor_name(actor),
    )
    m = state.movement
    assert m is not None
    data = {
        "family": m.family,
        "tables": m.tables,
        "rounds": m.rounds,
        "boards_per_round": m.boards_per_round,
        "boards": len(m.boards),
        "phantom": None if state.phantom is None else state.phantom.key,
        "seats": {p.key: e for p, e in sorted(state.seats.items())},
    }
    say(
        fmt,
        data,
        f"Section {section}: {m.tables}-table {m.family}, {m.rounds} rounds of "
        f"{m.boards_per_round} boards ({len(m.boards)} boards)"
        + ("" if state.phantom is None else f"; phantom pair {state.phantom}")
        + ".",
    )


@round_app.command("start")
@guarded
def round_start(
    event: EventOpt,
    round: Annotated[int, typer.Argument(help="Round number.")],
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Start a round."""
    a = open_app(store)
    a.start_round(
        a.resolve_event(event), round, session=session, section=section, actor=actor_name(actor)
    )
    say(fmt, {"round": round, "started": True}, f"Round {round} started.")


@round_app.command("end")
@guarded
def round_end(
    event: EventOpt,
    round: Annotated[int, typer.Argument(help="Round number.")],
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """End a round (the move); lists results of the round not yet entered."""
    a = open_app(store)
    missing = a.end_round(
        a.resolve_event(event), round, session=session, section=section, actor=actor_name(actor)
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
    say(fmt, data, text)


# ---- results --------------------------------------------------------------------------------


def _result_json(r: Any) -> dict[str, Any]:
    return dict(r.model_dump(mode="json"))


@result_app.command("add")
@guarded
def result_add(
    event: EventOpt,
    board: Board,
    ns: NS,
    ew: EW,
    contract: ContractOpt = None,
    declarer: Declarer = None,
    tricks: Tricks = None,
    score_ns: ScoreNS = None,
    lead: Lead = None,
    round: RoundOpt = None,
    table: TableOpt = None,
    override: Override = None,
    numbering: NumberingOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Record a result (a pickup slip or a traveller line)."""
    a = open_app(store)
    entry = rules.ResultEntry(
        board=board,
        ns=ns,
        ew=ew,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        score_ns=score_ns,
        lead=lead,
        round=round,
        table=table,
    )
    r = a.record_result(
        a.resolve_event(event),
        entry,
        session=session,
        section=section,
        numbering=numbering,
        override=override,
        actor=actor_name(actor),
    )
    say(
        fmt,
        _result_json(r),
        f"Board {r.board}: NS {r.ns} v EW {r.ew}, {r.contract or 'score'} {r.score_ns:+d} for NS.",
    )


@result_app.command("correct")
@guarded
def result_correct(
    event: EventOpt,
    board: Board,
    ns: NS,
    ew: EW,
    reason: Reason = None,
    contract: ContractOpt = None,
    declarer: Declarer = None,
    tricks: Tricks = None,
    score_ns: ScoreNS = None,
    lead: Lead = None,
    round: RoundOpt = None,
    table: TableOpt = None,
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
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Correct a recorded result (who and why are kept)."""
    a = open_app(store)
    entry = rules.ResultEntry(
        board=board,
        ns=ns,
        ew=ew,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        score_ns=score_ns,
        lead=lead,
        round=round,
        table=table,
    )
    r = a.correct_result(
        a.resolve_event(event),
        entry,
        reason=reason or "",
        was_ns=was_ns,
        was_ew=was_ew,
        session=session,
        section=section,
        override=override,
        actor=actor_name(actor),
    )
    say(
        fmt,
        _result_json(r),
        f"Corrected board {r.board}: NS {r.ns} v EW {r.ew}, {r.score_ns:+d} for NS.",
    )


@app.command("adjust")
@guarded
def adjust(
    event: EventOpt,
    board: Board,
    ns: NS,
    ew: EW,
    reason: Reason = None,
    ns_score: Annotated[
        str | None, typer.Option("--ns-score", help="A+, A, A- or A60 style percentage for NS.")
    ] = None,
    ew_score: Annotated[str | None, typer.Option("--ew-score", help="The same for EW.")] = None,
    neutral: Annotated[
        bool, typer.Option("--neutral", help="Not played through no one's fault.")
    ] = False,
    law: Annotated[str | None, typer.Option("--law", help="The law applied, e.g. 12C2.")] = None,
    numbering: NumberingOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
    actor: Actor = None,
) -> None:
    """Assign an adjusted score (Ave+/Ave/Ave−, a percentage) or declare a board neutral."""
    a = open_app(store)
    a.adjust(
        a.resolve_event(event),
        board=board,
        ns=ns,
        ew=ew,
        award_ns=None if ns_score is None else Award.parse(ns_score),
        award_ew=None if ew_score is None else Award.parse(ew_score),
        neutral=neutral,
        reason=reason or "",
        law=law,
        numbering=numbering,
        session=session,
        section=section,
        actor=actor_name(actor),
    )
    what = "neutral" if neutral else f"{ns_score}/{ew_score}"
    say(
        fmt,
        {"board": board, "ns": ns, "ew": ew, "adjusted": what},
        f"Board {board}, NS {ns} v EW {ew}: {what}.",
    )


# ---- looking at results -------------------------------------------------------------------------


@app.command("standings")
@guarded
def standings(
    event: EventOpt, session: SessionOpt = 1, store: Store = None, fmt: Fmt = Format.table
) -> None:
    """Live standings of a session."""
    a = open_app(store)
    eid = a.resolve_event(event)
    data = compute_standings(
        a.registry, a.tournament(eid), a.sections(eid, session), session
    ).to_json()
    _show_standings(data, fmt)


def _show_standings(data: dict[str, Any], fmt: Format) -> None:
    if fmt is Format.json:
        output.emit_json(data)
    else:
        output.standings_table(data)


@app.command("board")
@guarded
def board(
    number: Annotated[int, typer.Argument(help="Board number.")],
    event: EventOpt,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """The traveller of one board."""
    a = open_app(store)
    eid = a.resolve_event(event)
    data = traveller(
        a.registry,
        a.tournament(eid),
        a.section(eid, session, section),
        number,
        a.sections(eid, session),  # a one-field session scores the board across sections
    )
    if fmt is Format.json:
        output.emit_json(data)
    else:
        output.traveller_table(data)


@app.command("audit")
@guarded
def audit(
    event: EventOpt,
    board: Annotated[int | None, typer.Option("--board")] = None,
    pair: Annotated[str | None, typer.Option("--pair", help="5, NS5 or EW5.")] = None,
    session: Annotated[int | None, typer.Option("--session")] = None,
    section: Annotated[str | None, typer.Option("--section")] = None,
    store: Store = None,
    fmt: Fmt = Format.json,
) -> None:
    """Every event of the tournament (or of one board or pair): who, when, why, what."""
    a = open_app(store)
    rows = history.audit(
        a, a.resolve_event(event), board=board, pair=pair, session=session, section=section
    )
    if fmt is Format.json:
        output.emit_json(rows)
    else:
        for r in rows:
            r["what"] = ", ".join(
                f"{k}={v}" for k, v in r["data"].items() if k not in ("movement",)
            )[:80]
        output.rows_table(
            "Audit trail", rows, ["position", "time", "type", "actor", "reason", "what"]
        )


def _when(text: str) -> dt.datetime:
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        raise InvalidInput(
            f"{text!r} is not a time.", hint="Write an ISO time such as 2026-11-22T21:30:00+09:00."
        ) from None
    return moment if moment.tzinfo else moment.astimezone()


@app.command("replay")
@guarded
def replay(
    event: EventOpt,
    at: Annotated[int | None, typer.Option("--at", help="A store position.")] = None,
    time: Annotated[str | None, typer.Option("--time", help="An ISO time.")] = None,
    session: SessionOpt = 1,
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """The standings as they stood at a position or a moment."""
    if (at is None) == (time is None):
        raise InvalidInput("Give exactly one of --at POSITION or --time T.")
    a = open_app(store)
    data = history.standings_at(
        a, a.resolve_event(event), session, position=at, time=None if time is None else _when(time)
    ).to_json()
    _show_standings(data, fmt)


@app.command("diff")
@guarded
def diff(
    event: EventOpt,
    from_: Annotated[int, typer.Option("--from", help="Store position before.")],
    to: Annotated[int | None, typer.Option("--to", help="Position after (default now).")] = None,
    session: SessionOpt = 1,
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """What changed between two positions, pair by pair."""
    a = open_app(store)
    eid = a.resolve_event(event)
    before = history.standings_at(a, eid, session, position=from_)
    after = history.standings_at(a, eid, session, position=to)
    _show_diff(history.diff(before, after), fmt)


def _show_diff(rows: list[dict[str, Any]], fmt: Format) -> None:
    if fmt is Format.json:
        output.emit_json(rows)
    elif not rows:
        output.console.print("No pair's score or rank changes.")
    else:
        output.rows_table(
            "Changes",
            rows,
            [
                "section",
                "field",
                "pair",
                "score_before",
                "score_after",
                "rank_before",
                "rank_after",
            ],
        )


@app.command("what-if")
@guarded
def what_if(
    event: EventOpt,
    board: Board,
    ns: NS,
    ew: EW,
    contract: ContractOpt = None,
    declarer: Declarer = None,
    tricks: Tricks = None,
    score_ns: ScoreNS = None,
    ns_score: Annotated[str | None, typer.Option("--ns-score")] = None,
    ew_score: Annotated[str | None, typer.Option("--ew-score")] = None,
    neutral: Annotated[bool, typer.Option("--neutral")] = False,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """Try a correction or adjustment in memory and show what would change; writes nothing."""
    a = open_app(store)
    eid = a.resolve_event(event)
    trial = history.fork(a, eid)
    before = compute_standings(
        trial.registry, trial.tournament(eid), trial.sections(eid, session), session
    )
    if neutral or ns_score or ew_score:
        trial.adjust(
            eid,
            board=board,
            ns=ns,
            ew=ew,
            neutral=neutral,
            award_ns=None if ns_score is None else Award.parse(ns_score),
            award_ew=None if ew_score is None else Award.parse(ew_score),
            reason="what-if",
            session=session,
            section=section,
        )
    else:
        entry = rules.ResultEntry(
            board=board,
            ns=ns,
            ew=ew,
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            score_ns=score_ns,
        )
        trial.correct_result(eid, entry, reason="what-if", session=session, section=section)
    after = compute_standings(
        trial.registry, trial.tournament(eid), trial.sections(eid, session), session
    )
    _show_diff(history.diff(before, after), fmt)


@app.command("demo")
@guarded
def demo(
    seed: Annotated[int, typer.Option("--seed", help="Random seed.")] = 1,
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """Play a complete simulated club session (7-table Mitchell and 6-table Howell)."""
    from adapters.cli.demo import play

    a = open_app(store)
    event_id = play(a, seed=seed, say=None if fmt is Format.json else output.console.print)
    data = compute_standings(
        a.registry, a.tournament(event_id), a.sections(event_id, 1), 1
    ).to_json()
    _show_standings(data, fmt)
    if fmt is Format.table:
        output.console.print(
            f"\nEvent id {event_id}. Try: traveller board 1 --event {str(event_id)[:8]} "
            f"--section B   ·   traveller audit --event {str(event_id)[:8]} --board 3"
        )


adjustments.register(app)
convert.register(app)
imports.register(app)
masterpoints.register(app)
movements.register(app)
renumber.register(app)
standings_options.register(app)
teams.register(app)

if __name__ == "__main__":  # pragma: no cover
    app()
