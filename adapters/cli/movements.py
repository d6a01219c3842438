"""``traveller movement …``: the movement families installed, a movement assigned to a
section, shown, checked, printed as guide cards and slips (:mod:`adapters.cli.guide_cards`),
or proposed for a field (``advise``).

Every command here takes ``--format table`` (or ``text``, its other name) for people and
``--format json`` for scripts.
"""

from __future__ import annotations

import shlex
import string
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from adapters.cli import guide_cards, output
from adapters.cli.common import Desk, OptionOpt, SectionOpt, SessionOpt, at_desk, parse_options
from adapters.cli.movement_source import BoardsPerRound, Rounds, built, load_movement
from engine.guides import boards_text
from engine.movement import Movement
from engine.numbers import show
from engine.seating import pair_order
from engine.validator import MovementReport, check

if TYPE_CHECKING:  # the advisor is imported by `movement advise` alone
    from engine.advisor.proposals import Advice, Proposal

movement_app = typer.Typer(
    help="Movements: list families, assign, show, check, guide cards, slips, advice.",
    no_args_is_help=True,
)
for name, command in (
    ("cards", guide_cards.movement_cards),
    ("slips", guide_cards.movement_slips),
    ("placement", guide_cards.movement_placement),
):
    movement_app.command(name)(command)


def register(app: typer.Typer) -> None:
    """Add the ``movement`` group to ``app``."""
    app.add_typer(movement_app, name="movement")


# ---- the families, and a section's movement ---------------------------------------------------


@movement_app.command("list")
@at_desk()
def movement_list(desk: Desk) -> None:
    """List the movement families the installed plugins offer."""
    rows = [
        {
            "name": m.name,
            "aliases": ", ".join(m.aliases),
            "version": m.version,
            "description": (m.__doc__ or "").strip().splitlines()[0],
        }
        for m in desk.registry.movements()
    ]
    desk.rows("Movement families", rows, ["name", "aliases", "version", "description"])


@movement_app.command("assign")
@at_desk(event=True, actor=True)
def movement_assign(
    desk: Desk,
    family: Annotated[str, typer.Option("--family", help="mitchell, howell, …")],
    tables: Annotated[
        int | None, typer.Option("--tables", help="Tables (default: from the pairs registered).")
    ] = None,
    boards_per_round: BoardsPerRound = None,
    option: OptionOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Assign a movement to a section and seat its pairs."""
    options = parse_options(option)
    if boards_per_round is not None:
        options["boards_per_round"] = boards_per_round
    state = desk.app.assign_movement(
        desk.event,
        family,
        session=session,
        section=section,
        tables=tables,
        options=options,
        actor=desk.actor,
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
        "seats": {p.key: state.seats[p] for p in sorted(state.seats, key=pair_order)},
    }
    desk.say(
        data,
        f"Section {section}: {m.tables}-table {m.family}, {m.rounds} rounds of "
        f"{m.boards_per_round} boards ({len(m.boards)} boards)"
        + ("" if state.phantom is None else f"; phantom pair {state.phantom}")
        + ".",
    )


# ---- movement show ------------------------------------------------------------------------


@movement_app.command("show")
@at_desk()
def movement_show(
    desk: Desk,
    family: Annotated[str, typer.Argument(help="mitchell, howell, …")],
    tables: Annotated[int, typer.Option("--tables", help="Number of tables.")],
    rounds: Rounds = None,
    boards_per_round: BoardsPerRound = None,
    option: OptionOpt = None,
) -> None:
    """Show a movement's master sheet (rounds × board sets) without assigning it."""
    movement = built(
        desk.registry,
        family,
        tables,
        option,
        rounds=rounds,
        boards_per_round=boards_per_round,
    )
    desk.show(movement.to_json(), lambda: output.master_sheet(movement))


# ---- movement check -----------------------------------------------------------------------


@movement_app.command("check")
@at_desk(store=False)
def movement_check(
    desk: Desk, file: Annotated[Path, typer.Argument(help="The movement as JSON.")]
) -> None:
    """Check a movement file against the rules of duplicate play (exit status 1 if broken)."""
    movement, guessed = load_movement(file)
    report = check(movement)
    desk.show(
        {"numbering": movement.numbering.value, **report_json(report)},
        lambda: _show_report(movement, report, guessed),
    )
    if not report.ok:
        raise typer.Exit(1)


def report_json(report: MovementReport) -> dict[str, Any]:
    """The validator's report as data (pairs written ``"NS3"``, ``"EW3"`` or ``"5"``)."""
    return {
        "ok": report.ok,
        "problems": report.problems,
        "notes": report.notes,
        "plays": {str(b): n for b, n in report.plays.items()},
        "plays_without_phantom": None
        if report.plays_without_phantom is None
        else {str(b): n for b, n in report.plays_without_phantom.items()},
        "meetings": [
            {"pairs": [p.key, q.key], "rounds": n} for (p, q), n in report.meetings.items()
        ],
        "sit_outs": {p.key: n for p, n in report.sit_outs.items()},
        "directions": {p.key: {"ns": ns, "ew": ew} for p, (ns, ew) in report.directions.items()},
        "comparisons": [
            {"pairs": [p.key, q.key], "boards": n} for (p, q), n in report.comparisons.items()
        ],
        "comparison_min": report.comparison_min,
        "comparison_max": report.comparison_max,
        "comparison_variance": str(report.comparison_variance),
        "comparison_stdev": _two_places(report.comparison_stdev),
    }


def _show_report(movement: Movement, report: MovementReport, guessed: str | None) -> None:
    m = movement
    say = output.console.print
    say(
        f"[bold]{m.tables}-table {m.family}[/]: {m.rounds} rounds of {m.boards_per_round} "
        f"boards, numbering {guessed or m.numbering.value}."
    )
    if report.ok:
        say("[green]No problems: the movement keeps the rules of duplicate play.[/]")
    else:
        say(f"[bold red]{len(report.problems)} problem(s):[/]")
        for problem in report.problems:
            say(f"  - {problem}", markup=False, highlight=False)
    for note in report.notes:
        say(f"  note: {note}", markup=False, highlight=False)
    by_count: dict[int, list[int]] = defaultdict(list)
    for board, count in report.plays.items():
        by_count[count].append(board)
    plays = "; ".join(f"{c} times: boards {boards_text(bs)}" for c, bs in sorted(by_count.items()))
    say(f"Plays per board: {plays or 'none'}.")
    met: dict[int, int] = defaultdict(int)
    for n in report.meetings.values():
        met[n] += 1
    meetings = ", ".join(f"{k} pairing(s) meet {n} time(s)" for n, k in sorted(met.items()))
    say(f"Meetings: {meetings or 'none'}.")
    sitting = {p: n for p, n in report.sit_outs.items() if n}
    say(
        "Sit-outs: "
        + (", ".join(f"{p} {n}" for p, n in sitting.items()) if sitting else "none")
        + "."
    )
    table = Table(title="NS/EW balance (rounds)", title_justify="left")
    for col in ("Pair", "NS", "EW"):
        table.add_column(col, justify="right")
    for pair, (ns, ew) in report.directions.items():
        table.add_row(str(pair), str(ns), str(ew))
    output.console.print(table)
    say(
        f"Comparison balance: boards compared per pair of one field {report.comparison_min}-"
        f"{report.comparison_max}, variance {_two_places(report.comparison_variance)}, "
        f"standard deviation {_two_places(report.comparison_stdev)}."
    )


def _two_places(value: Fraction | Decimal) -> str:
    """Half up to two places, as the JCBL shows figures."""
    return show(Fraction(value))


# ---- movement advise ----------------------------------------------------------------------


@movement_app.command("advise")
@at_desk()
def movement_advise(
    desk: Desk,
    pairs: Annotated[int, typer.Option("--pairs", help="Pairs playing (teams with --teams).")],
    boards: Annotated[
        int | None, typer.Option("--boards", help="Boards a session should play.")
    ] = None,
    minutes: Annotated[
        int | None, typer.Option("--minutes", help="Minutes a session may take.")
    ] = None,
    teams: Annotated[bool, typer.Option("--teams", help="The number given is of teams.")] = False,
    two_winners: Annotated[
        bool, typer.Option("--two-winners", help="NS and EW winners (default: one winner).")
    ] = False,
    sessions: Annotated[int, typer.Option("--sessions", help="1, or 2 for two sessions.")] = 1,
    limit: Annotated[int, typer.Option("--limit", help="Proposals shown in the table.")] = 8,
    event: Annotated[
        str,
        typer.Option(
            "--event", help="The event the assign commands name (default ID: put yours in)."
        ),
    ] = "ID",
) -> None:
    """Propose movements for a field, ranked, with their trade-offs (JCBL lists, the guide).

    Under the table a legend says what each column means; under each proposal, the
    `traveller movement assign` commands that assign it, ready to paste (give --event to
    have them name your event)."""
    from engine.advisor.service import advise  # only this command pays for the advisor

    advice = advise(
        desk.registry,
        pairs,
        teams=teams,
        boards=boards,
        minutes=minutes,
        two_winners=two_winners,
        sessions=sessions,
    )
    data = advice.to_json()
    data["proposals"] = [
        p.to_json() | {"assign": assign_commands(p, event)} for p in advice.proposals
    ]
    desk.show(data, lambda: _show_advice(advice, limit, event))


def _show_advice(advice: Advice, limit: int, event: str) -> None:
    who = "teams" if advice.teams else "pairs"
    asked = " and ".join(
        f"{n} {what}"
        for n, what in ((advice.boards, "boards"), (advice.minutes, "minutes"))
        if n is not None
    )
    output.console.print(
        f"[bold]{advice.entries} {who}[/], {advice.tables} tables, {advice.sessions} "
        f"session(s); {'two winners' if advice.winners == 2 else 'one winner'} wanted"
        + (f"; {asked} a session" if asked else "")
        + "."
    )
    for note in advice.notes:
        output.console.print(f"  {note}", markup=False, highlight=False)
    from engine.advisor.proposals import COLUMNS

    grid = Table(title="Proposals, best first", title_justify="left")
    for col, _ in COLUMNS:
        grid.add_column(col)
    for i, p in enumerate(advice.proposals[:limit], start=1):
        grid.add_row(*_proposal_row(i, p))
    output.console.print(grid)
    for column, meaning in COLUMNS:
        output.console.print(f"  {column}: {meaning}.", markup=False, highlight=False)
    for i, p in enumerate(advice.proposals[:limit], start=1):
        output.console.print(
            f"{i}. {p.source}" + (f" — {p.remark}" if p.remark else ""),
            markup=False,
            highlight=False,
        )
        for line in assign_commands(p, event):  # one line however wide: pasted whole
            output.console.print(f"     {line}", markup=False, highlight=False, soft_wrap=True)
        for line in p.notes:
            output.console.print(f"     {line}", markup=False, highlight=False)
    if len(advice.proposals) > limit:
        more = len(advice.proposals) - limit
        output.console.print(f"({more} more with --limit {len(advice.proposals)}.)")
    output.console.print("Consider: " + "; ".join(advice.considerations) + ".")


def assign_commands(p: Proposal, event: str = "ID") -> list[str]:
    """The ``traveller movement assign`` command of each section in each session of
    ``p``, ready to paste (a comment says what is not a command: a session or section no
    installed family plays, the renumbering before a later session)::

        traveller movement assign --event ID --family howell --tables 7 --boards-per-round 2
    """
    commands = []
    for n in range(len(p.rounds)):
        for letter, s in zip(string.ascii_uppercase, p.sections, strict=False):
            a = s.sessions[n]
            where = (["--session", str(n + 1)] if n else []) + (
                ["--section", letter] if letter != "A" else []
            )
            if a.family is None:
                commands.append(
                    f"# session {n + 1}, section {letter}: no installed family plays the "
                    f"{s.tables}-table {a.play.rounds}-round {a.name}"
                )
                continue
            words = ["traveller", "movement", "assign", "--event", event, *where]
            words += ["--family", a.family, "--tables", str(a.tables or s.tables)]
            for key, value in a.options:
                shown = str(value).lower() if isinstance(value, bool) else str(value)
                if key == "boards_per_round":
                    words += ["--boards-per-round", shown]
                else:
                    words += ["--option", f"{key}={shown}"]
            line = shlex.join(words)
            if n and letter == "A":
                line += f"  # session {n + 1}: add it first (traveller session add)"
            commands.append(line)
        if n and p.renumber:
            commands.append(
                shlex.join(["traveller", "renumber", "--event", event, "--from", str(n)])
                + f" --to {n + 1}  # once session {n} is played"
            )
    return commands


def _proposal_row(i: int, p: Proposal) -> list[str]:
    relays = {True: "yes", False: "no", None: "?"}[p.relays]
    laid = " + ".join(str(s.sets * p.boards_per_round) for s in p.sections)
    balance = p.balance
    title = p.title
    if balance is not None:
        title += f"; compared on {balance.comparison_min}-{balance.comparison_max} boards"
    return [
        str(i),
        title,
        str(p.boards),
        " + ".join(str(m) for m in p.minutes),
        f"{p.sit_out_rounds * p.boards_per_round} bds" if p.sit_out_rounds else "-",
        relays,
        laid,
        str(p.winners),
        "yes" if p.assignable else "no",
    ]
