"""``traveller audit``, ``replay``, ``diff`` and ``what-if``: the record looked back on —
who did what and why, the standings as they stood at a moment, what a change changed,
and what changes would change (in memory, writing nothing).

Positions and times follow one rule (:mod:`adapters.cli.moments`): a position is the
event's own (1 is its creation), a time is on the event's clock.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from adapters.cli import output, swiss
from adapters.cli.adjustments import awarded
from adapters.cli.common import (
    Desk,
    Override,
    ResultOptions,
    SectionOpt,
    SessionOpt,
    at_desk,
)
from adapters.cli.moments import (
    Moment,
    as_of,
    as_of_text,
    clock,
    event_zone,
    zone_label,
)
from adapters.cli.wording import english, tr, tr_
from adapters.files.reading import CELLS, import_row, line_of
from adapters.files.travellers_csv import read_travellers
from engine.application.moments import At
from engine.errors import InvalidFile, InvalidInput, TravellerError
from engine.section import Adjusted, ImportRow


def register(app: typer.Typer) -> None:
    """Add the ``audit``, ``replay``, ``diff`` and ``what-if`` commands to ``app``."""
    app.command("audit")(audit)
    app.command("replay")(replay)
    app.command("diff")(diff)
    app.command("what-if")(what_if)


# ---- the audit trail --------------------------------------------------------------------


@at_desk(event=True)
def audit(
    desk: Desk,
    board: Annotated[int | None, typer.Option("--board")] = None,
    pair: Annotated[str | None, typer.Option("--pair", help="5, NS5 or EW5.")] = None,
    session: Annotated[int | None, typer.Option("--session")] = None,
    section: Annotated[str | None, typer.Option("--section")] = None,
    actor: Annotated[
        str | None,
        typer.Option("--actor", help="Who acted: director:suzuki, suzuki, table (any device)."),
    ] = None,
) -> None:
    """Every action recorded for the event (or one board, pair, session or section): its
    position (the event's own: 1 is its creation), when, where, who, why and what.

    Times are on the event's clock: its zone (`event create --zone`), else this
    computer's."""
    app, event = desk.app, desk.event
    tournament = app.tournament(event)
    zone, name = event_zone(tournament)
    rows = app.audit(
        event, board=board, pair=pair, session=session, section=section, zone=zone, actor=actor
    )
    for r in rows:
        r["what"] = what(r["data"])

    def table() -> None:
        lines = [
            {**r, "time": clock(_moment(r), zone), "where": where(r), "what": what(r["data"], tr)}
            for r in rows
        ]
        heading = tr("Audit trail — %(event)s", event=tournament.name)
        if rows:
            heading += tr(" (times %(zone)s)", zone=zone_label(_moment(rows[-1]), zone, name))
        output.rows_table(
            heading,
            lines,
            AUDIT_COLUMNS,
        )

    desk.show(rows, table)


AUDIT_COLUMNS = [tr_("position"), tr_("time"), tr_("where"), tr_("type"), tr_("actor")]
AUDIT_COLUMNS += [tr_("reason"), tr_("what")]
"""The audit table's columns."""


def _moment(row: dict[str, Any]) -> dt.datetime:
    """An audit row's time as a moment."""
    return dt.datetime.fromisoformat(row["time"])


def where(row: dict[str, Any]) -> str:
    """The section an action concerns (``A``; ``2A`` in session 2): the section's own
    actions, and the event's actions that name one (an entry registered in it); empty for
    the event as a whole."""
    session, section = row["session"], row["section"]
    if section is None:
        session, section = row["data"].get("session"), row["data"].get("section")
    if not isinstance(section, str):
        return ""
    return section if session in (1, None) else f"{session}{section}"


SHOWN_ITEMS = 3
"""How many items of a long list the audit table shows."""


def what(data: dict[str, Any], words: Callable[..., str] = english) -> str:
    """What an action recorded, in words: ``board 1, NS 1 v EW 1: 4S by N, 10 tricks, NS
    +420``; ``seats NS1 E1, EW1 E2``; a movement by its family and size (in English for
    data, ``words=tr`` for people: the fields' names stay as recorded)."""
    parts = []
    for key, value in data.items():
        if value is None or value == "" or value == [] or value == {} or value is False:
            continue
        if key == "movement" and isinstance(value, dict):
            parts.append(
                words(
                    tr_(
                        "movement %(family)s: %(tables)s tables, %(rounds)s rounds of "
                        "%(per_round)s boards"
                    ),
                    family=value.get("family"),
                    tables=value.get("tables"),
                    rounds=value.get("rounds"),
                    per_round=value.get("boards_per_round"),
                )
            )
        elif key in ("result", "was") and isinstance(value, dict) and "board" in value:
            said = _result(value, words)
            parts.append(words(tr_("was %(result)s"), result=said) if key == "was" else said)
        elif isinstance(value, list) and len(value) > SHOWN_ITEMS:
            # A long list (the results missing at a close) would fill the screen: the
            # first few, and how many more (all of them are in --format json).
            shown = "; ".join(_plain(v, words) for v in value[:SHOWN_ITEMS])
            parts.append(
                f"{key.replace('_', ' ')} {len(value)}: {shown}; "
                + words(tr_("and %(count)s more"), count=len(value) - SHOWN_ITEMS)
            )
        else:
            parts.append(f"{key.replace('_', ' ')} {_plain(value, words)}")
    return "; ".join(parts)


def _result(r: dict[str, Any], words: Callable[..., str]) -> str:
    played = ""
    if r.get("contract"):
        played = f"{r['contract']}" + (
            words(tr_(" by %(declarer)s"), declarer=r["declarer"]) if r.get("declarer") else ""
        )
        if r.get("tricks") is not None:
            played += words(tr_(", %(tricks)s tricks"), tricks=r["tricks"])
        played += words(tr_(", "))
    score = r.get("score_ns")
    return (
        words(
            tr_("board %(board)s, NS %(ns)s v EW %(ew)s: "),
            board=r["board"],
            ns=r["ns"],
            ew=r["ew"],
        )
        + played
        + ("" if score is None else f"NS {score:+d}")
    ).rstrip(": ")


def _plain(value: Any, words: Callable[..., str] = english) -> str:
    if isinstance(value, dict):
        if "name" in value:  # a player
            return str(value["name"]) + (f" ({value['member']})" if value.get("member") else "")
        return ", ".join(
            f"{k} {_plain(v, words)}" for k, v in value.items() if v not in (None, "", [], {})
        )
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v, words) for v in value)
    if value is True:
        return words(tr_("yes"))
    return str(value)


# ---- the standings at a moment, and what changed --------------------------------------------


@at_desk(event=True)
def replay(desk: Desk, moment: Moment, session: SessionOpt = 1) -> None:
    """The standings as they stood at a position (`--at`, the event's own: 1 is its
    creation), a time (`--time`) or a store position; says which moment it shows.

    Times are on the event's clock: its zone (`event create --zone`), else this
    computer's; a `--time` without an offset is read on it."""
    if not moment.given():
        raise InvalidInput(
            tr_(
                "Give the moment: --at POSITION (see `traveller audit`), --time T or "
                "--store-position P."
            )
        )
    snap = moment.snapshot(desk.app, desk.event)
    assert snap is not None
    data = desk.app.standings(desk.event, session, at=snap).to_json()
    data["as_of"] = as_of(snap)

    def table() -> None:
        output.console.print(as_of_text(snap), highlight=False)
        output.standings_table(data)

    desk.show(data, table)


@at_desk(event=True)
def diff(
    desk: Desk,
    from_: Annotated[
        int, typer.Option("--from", help="The event's position before (see `traveller audit`).")
    ],
    to: Annotated[int | None, typer.Option("--to", help="Position after (default now).")] = None,
    session: SessionOpt = 1,
) -> None:
    """What changed between two of the event's positions, pair by pair (team by team in
    a Swiss)."""
    if desk.app.tournament(desk.event).swiss is not None:
        swiss.show_diff(desk, from_, to)
        return
    after = None if to is None else At(number=to)
    _show_changes(
        desk, desk.app.diff(desk.event, before=At(number=from_), after=after, session=session)
    )


# ---- what if -----------------------------------------------------------------------------

Change = Annotated[
    list[str] | None,
    typer.Option(
        "--change",
        help="Another change, as a traveller line: 'board=9 ns=5 ew=6 contract=4SX "
        "declarer=W tricks=8', 'board=2 ns=3 ew=5 score_ns=-100' or 'board=3 ns=1 ew=4 "
        "adjusted=A+/A-' (adjusted=N: neutral). Repeat it for several.",
        show_default=False,
    ),
]
ChangesFile = Annotated[
    Path | None,
    typer.Option(
        "--file",
        help="A CSV file of changes, in the traveller CSV format of `import travellers`.",
        show_default=False,
    ),
]


@at_desk(event=True)
def what_if(
    desk: Desk,
    result: ResultOptions | None = None,
    ns_score: Annotated[str | None, typer.Option("--ns-score", help="A+, A, A-, A60…")] = None,
    ew_score: Annotated[str | None, typer.Option("--ew-score")] = None,
    neutral: Annotated[bool, typer.Option("--neutral")] = False,
    change: Change = None,
    file: ChangesFile = None,
    override: Override = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Try one or several changes in memory — a result added or corrected, an adjusted
    score, a neutral board — and show what they would change; writes nothing.

    One change is given as `result correct` takes it (`--board --ns --ew` with the
    contract or score, or `--ns-score`/`--ew-score`/`--neutral`); more with
    `--change` (repeatable) or `--file`. They are tried in that order; a table with no
    result yet has one added."""
    changes = _changes(result, ns_score, ew_score, neutral, change, file)
    tried = desk.app.what_if(
        desk.event, changes, session=session, section=section, override=override
    )
    _show_changes(desk, tried.diff)


def _changes(
    result: ResultOptions | None,
    ns_score: str | None,
    ew_score: str | None,
    neutral: bool,
    change: list[str] | None,
    file: Path | None,
) -> list[ImportRow]:
    """Every change asked for, read and checked as traveller lines."""
    adjusted = neutral or ns_score is not None or ew_score is not None
    found: list[ImportRow] = []
    if result is None:
        if adjusted:
            raise InvalidInput(
                tr_("An adjusted score needs its table: give --board, --ns and --ew.")
            )
    elif adjusted:
        text = "N" if neutral else f"{ns_score or ''}/{ew_score or ''}"
        found.append(
            ImportRow(
                0,
                result.board,
                result.ns,
                result.ew,
                adjusted=Adjusted(
                    text, neutral=neutral, ns=awarded(ns_score), ew=awarded(ew_score)
                ),
            )
        )
    else:
        found.append(ImportRow(0, result.board, result.ns, result.ew, entry=result.entry()))
    problems: list[str] = []
    for number, text in enumerate(change or [], start=1):
        try:
            found.append(import_row(number, _cells(text)))
        except TravellerError as exc:
            problems.append(f"--change {number} ({text!r}): {exc}")
    if problems:
        raise InvalidFile(tr_("Some --change options cannot be read."), problems=problems)
    if file is not None:
        rows, problems = read_travellers(file)
        if problems:
            raise InvalidFile(
                tr_("%(file)s cannot be read."), problems=sorted(problems, key=line_of), file=file
            )
        found += rows
    if not found:
        raise InvalidInput(
            tr_(
                "Give a change to try: --board, --ns and --ew with the result or adjusted "
                "score, --change (repeatable) or --file."
            )
        )
    return found


def _cells(text: str) -> dict[str, str]:
    """``board=9 ns=5 ew=6 contract=4SX`` (spaces or commas between) as traveller cells."""
    cells = {}
    for item in re.split(r"[\s,;]+", text.strip()):
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or key not in CELLS:
            raise InvalidInput(
                tr_("%(item)r is not a traveller cell."),
                hint=tr_("Write KEY=VALUE with a key among %(keys)s."),
                item=item,
                keys=", ".join(CELLS),
            )
        cells[key] = value.strip()
    return cells


def _show_changes(desk: Desk, rows: list[dict[str, Any]]) -> None:
    columns = [tr_("section"), tr_("field"), tr_("pair"), tr_("score_before"), tr_("score_after")]
    columns += [tr_("rank_before"), tr_("rank_after")]

    def table() -> None:
        if rows:
            output.rows_table(tr("Changes"), rows, columns)
        else:
            output.console.print(tr("No pair's score or rank changes."))

    desk.show(rows, table)
