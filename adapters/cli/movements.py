"""``traveller movement …``: the movement families installed, a movement assigned to a
section, shown, checked, printed as guide cards and slips (:mod:`adapters.cli.guide_cards`),
or proposed for a field (``advise``).

Every command here takes ``--format table`` (or ``text``, its other name) for people and
``--format json`` for scripts.
"""

from __future__ import annotations

import shlex
from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from adapters.cli import guide_cards, output
from adapters.cli.common import Desk, OptionOpt, SectionOpt, SessionOpt, at_desk, parse_options
from adapters.cli.movement_source import (
    INFERRED_FIELDS,
    BoardsPerRound,
    Inferred,
    Rounds,
    built,
    load_movement,
)
from adapters.cli.wording import tr, tr_
from engine.errors import InvalidInput
from engine.movement import Movement, boards_text
from engine.numbers import show
from engine.registry import describe
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
    families = desk.registry.movements()
    rows = [
        {
            "name": m.name,
            "aliases": ", ".join(m.aliases),
            "version": m.version,
            "description": (m.__doc__ or "").strip().splitlines()[0],
        }
        for m in families
    ]
    columns = [tr_("name"), tr_("aliases"), tr_("version"), tr_("description")]
    # The data is the API's (/api/movements): each family with its options.
    desk.show(describe(families), lambda: output.rows_table(tr("Movement families"), rows, columns))


@movement_app.command("assign")
@at_desk(event=True, actor=True)
def movement_assign(
    desk: Desk,
    family: Annotated[str | None, typer.Option("--family", help="mitchell, howell, …")] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            help="A published movement as JSON (as `movement check` reads it), instead of "
            "a family.",
        ),
    ] = None,
    tables: Annotated[
        int | None, typer.Option("--tables", help="Tables (default: from the pairs registered).")
    ] = None,
    boards_per_round: BoardsPerRound = None,
    option: OptionOpt = None,
    session: SessionOpt = 1,
    section: SectionOpt = "A",
) -> None:
    """Assign a movement to a section and seat its pairs: a family built for the field,
    or a published movement file (--file), checked by the engine's validator."""
    if (family is None) == (file is None):
        raise InvalidInput(
            tr_("Give either --family NAME or --file MOVEMENT.json."),
            hint=tr_(
                "--family builds a movement for the section's entries; --file plays a "
                "published movement as it is written."
            ),
            code="movement.family_or_file",
        )
    if file is not None:
        if tables is not None or boards_per_round is not None or option:
            raise InvalidInput(
                tr_(
                    "A movement file is played as it is written: --tables, "
                    "--boards-per-round and --option are for a family."
                ),
                hint=tr_("Change the file, or leave those options out."),
                code="movement.file_options",
            )
        movement, _ = load_movement(file)
        state = desk.app.assign_published_movement(
            desk.event,
            movement,
            source=file.name,
            session=session,
            section=section,
            actor=desk.actor,
        )
    else:
        assert family is not None
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
        **({} if file is None else {"file": file.name}),
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
        tr(
            "Section %(section)s: %(tables)s-table %(family)s, %(rounds)s rounds of "
            "%(per_round)s boards (%(boards)s boards)",
            section=section,
            tables=m.tables,
            family=m.family,
            rounds=m.rounds,
            per_round=m.boards_per_round,
            boards=len(m.boards),
        )
        + ("" if state.phantom is None else tr("; phantom pair %(pair)s", pair=state.phantom))
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
    movement, inferred = load_movement(file)
    report = check(movement)
    desk.show(
        {
            "numbering": movement.numbering.value,
            "phantom": None if movement.phantom is None else list(movement.phantom),
            "inferred": {field: how.english() for field, how in inferred.items()},
            **report.to_json(),
        },
        lambda: _show_report(movement, report, inferred),
    )
    if not report.ok:
        raise typer.Exit(1)


def _show_report(movement: Movement, report: MovementReport, inferred: dict[str, Inferred]) -> None:
    m = movement
    say = output.console.print
    numbering = inferred.get("numbering")
    say(
        output.movement_heading(m)
        + tr(
            ", numbering %(numbering)s.",
            numbering=numbering.said() if numbering else m.numbering.value,
        ),
        highlight=False,
    )
    for field, how in inferred.items():
        if field != "numbering":
            # The words the file left out, as a director reads them ("boards per round").
            name = tr(INFERRED_FIELDS[field])
            say(
                tr("From the schedule, %(field)s: %(how)s.", field=name, how=how.said()),
                markup=False,
                highlight=False,
            )
    if report.ok:
        said = tr("No problems: the movement keeps the rules of duplicate play.")
        say(output.line((said, "green")))
    else:
        said = tr("%(count)s problem(s):", count=len(report.problems))
        say(output.line((said, "bold red")))
        for problem in report.problems:
            say(f"  - {problem}", markup=False, highlight=False)
    for note in report.notes:
        say("  " + tr("note: %(note)s", note=note), markup=False, highlight=False)
    by_count: dict[int, list[int]] = defaultdict(list)
    for board, count in report.plays.items():
        by_count[count].append(board)
    plays = "; ".join(
        tr("%(count)s times: boards %(boards)s", count=c, boards=boards_text(bs))
        for c, bs in sorted(by_count.items())
    )
    say(tr("Plays per board: %(plays)s.", plays=plays or tr("none")))
    met: dict[int, int] = defaultdict(int)
    for n in report.meetings.values():
        met[n] += 1
    meetings = ", ".join(
        tr("%(pairings)s pairing(s) meet %(times)s time(s)", pairings=k, times=n)
        for n, k in sorted(met.items())
    )
    say(tr("Meetings: %(meetings)s.", meetings=meetings or tr("none")))
    sitting = {p: n for p, n in report.sit_outs.items() if n}
    sit_outs = ", ".join(f"{p} {n}" for p, n in sitting.items()) if sitting else tr("none")
    say(tr("Sit-outs: %(sit_outs)s.", sit_outs=sit_outs))
    table = Table(title=tr("NS/EW balance (rounds)"), title_justify="left")
    for col in (tr("Pair"), "NS", "EW"):
        table.add_column(col, justify="right")
    for pair, (ns, ew) in report.directions.items():
        table.add_row(str(pair), str(ns), str(ew))
    output.draw(table)
    say(
        tr(
            "Comparison balance: boards compared per pair of one field %(min)s-%(max)s, "
            "variance %(variance)s, standard deviation %(stdev)s.",
            min=report.comparison_min,
            max=report.comparison_max,
            variance=_two_places(report.comparison_variance),
            stdev=_two_places(report.comparison_stdev),
        )
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
        p.to_json() | {"commands": assign_commands(p, event)} for p in advice.proposals
    ]
    desk.show(data, lambda: _show_advice(advice, limit, event))


def _show_advice(advice: Advice, limit: int, event: str) -> None:
    who = (
        tr("%(count)s teams", count=advice.entries)
        if advice.teams
        else tr("%(count)s pairs", count=advice.entries)
    )
    asked = tr(" and ").join(
        tr(what, count=n)
        for n, what in (
            (advice.boards, tr_("%(count)s boards")),
            (advice.minutes, tr_("%(count)s minutes")),
        )
        if n is not None
    )
    field = tr(
        "%(tables)s tables, %(sessions)s session(s)",
        tables=advice.tables,
        sessions=advice.sessions,
    )
    wanted = tr("two winners wanted") if advice.winners == 2 else tr("one winner wanted")
    output.console.print(
        output.line(
            (who, "bold"),
            tr(
                ", %(field)s; %(wanted)s%(asked)s.",
                field=field,
                wanted=wanted,
                asked=tr("; %(asked)s a session", asked=asked) if asked else "",
            ),
        )
    )
    for note in advice.notes:
        output.console.print(f"  {note}", markup=False, highlight=False)
    from engine.advisor.proposals import COLUMNS

    grid = Table(title=tr("Proposals, best first"), title_justify="left")
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
        output.console.print(
            tr("(%(more)s more with --limit %(all)s.)", more=more, all=len(advice.proposals))
        )
    output.console.print(tr("Consider: ") + "; ".join(advice.considerations) + ".")


def assign_commands(p: Proposal, event: str = "ID") -> list[str]:
    """The ``traveller movement assign`` command of each section in each session of
    ``p``, ready to paste (a comment says what is not a command: a session or section no
    installed family plays, the renumbering before a later session)::

        traveller movement assign --event ID --family howell --tables 7 --boards-per-round 2
    """
    commands = []
    for session, assigned in groupby(p.assignments(), key=lambda a: a.session):
        n = session - 1
        for a in assigned:
            where = (["--session", str(session)] if n else []) + (
                ["--section", a.section] if a.section != "A" else []
            )
            if a.family is None:
                commands.append(
                    f"# session {session}, section {a.section}: no installed family plays "
                    f"the {a.tables}-table {p.rounds[n]}-round {a.movement}"
                )
                continue
            words = ["traveller", "movement", "assign", "--event", event, *where]
            words += ["--family", a.family, "--tables", str(a.tables)]
            for key, value in a.options.items():
                shown = str(value).lower() if isinstance(value, bool) else str(value)
                if key == "boards_per_round":
                    words += ["--boards-per-round", shown]
                else:
                    words += ["--option", f"{key}={shown}"]
            line = shlex.join(words)
            if n and a.section == "A":
                line += f"  # session {session}: add it first (traveller session add)"
            commands.append(line)
        if n and p.renumber:
            commands.append(
                shlex.join(["traveller", "renumber", "--event", event, "--from", str(n)])
                + f" --to {n + 1}  # once session {n} is played"
            )
    return commands


def _proposal_row(i: int, p: Proposal) -> list[str]:
    relays = {True: tr("yes"), False: tr("no"), None: "?"}[p.relays]
    laid = " + ".join(str(s.sets * p.boards_per_round) for s in p.sections)
    balance = p.balance
    title = p.title
    if balance is not None:
        title += tr(
            "; compared on %(min)s-%(max)s boards",
            min=balance.comparison_min,
            max=balance.comparison_max,
        )
    return [
        str(i),
        title,
        str(p.boards),
        " + ".join(str(m) for m in p.minutes),
        tr("%(count)s bds", count=p.sit_out_rounds * p.boards_per_round)
        if p.sit_out_rounds
        else "-",
        relays,
        laid,
        str(p.winners),
        tr("yes") if p.assignable else tr("no"),
    ]
