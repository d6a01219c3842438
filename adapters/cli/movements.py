"""``traveller movement show|check|cards|slips|placement|advise``: what every movement gives.

``register(app)`` adds the commands to the ``movement`` group of ``app`` (the group that
holds ``list`` and ``assign``), creating the group if the app has none. ``show`` is
defined here, with ``--rounds``; a ``show`` the app registered before gives way to it.

Every command here takes ``--format table`` (or ``text``, its other name) for people and
``--format json`` for scripts.
"""

from __future__ import annotations

import json
import string
from collections import defaultdict
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import ValidationError
from rich.table import Table

from adapters.cli import output
from adapters.cli.common import Fmt, Store, guarded, open_app, parse_options
from adapters.cli.output import Format
from engine import rules
from engine.errors import InvalidFile, InvalidInput
from engine.guides import (
    BoardStart,
    CardRound,
    PairSlip,
    RoverCard,
    Seat,
    boards_text,
    pair_slips,
    placement,
    rover_cards,
    table_cards,
)
from engine.movement import Movement
from engine.numbers import show
from engine.registry import MovementFamily
from engine.registry import parse_options as plugin_options
from engine.seating import Numbering, Pair
from engine.validator import MovementReport, check
from plugins.movements.advisor import Advice, Proposal, advise


def register(app: typer.Typer) -> None:
    """Add the commands to ``app``'s ``movement`` group (once, however often it is called)."""
    group = _movement_group(app)
    have = {c.name for c in group.registered_commands}
    for name, command in (
        ("show", movement_show),
        ("check", movement_check),
        ("cards", movement_cards),
        ("slips", movement_slips),
        ("placement", movement_placement),
        ("advise", movement_advise),
    ):
        if name not in have:
            group.command(name)(command)


def _movement_group(app: typer.Typer) -> typer.Typer:
    for info in app.registered_groups:
        if info.name == "movement" and isinstance(info.typer_instance, typer.Typer):
            return info.typer_instance
    group = typer.Typer(help="Movements: check, guide cards, slips, advice.", no_args_is_help=True)
    app.add_typer(group, name="movement")
    return group


# ---- reading a movement ------------------------------------------------------------------


def load_movement(path: Path) -> tuple[Movement, str | None]:
    """A movement from a JSON file, and how its numbering was decided when the file has none.

    The file holds ``{"family", "tables", "rounds", "boards_per_round", "schedule":
    [{"round", "table", "ns", "ew", "boards"}], "relays": [...], "sit_outs": [...]}`` and
    any other field of the movement (what ``traveller movement show --format json``
    prints)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidInput(
            f"{path} cannot be read: {exc.strerror or exc}.", hint="Check the file name."
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidFile(
            f"{path} is not JSON, so no movement was read.",
            problems=[f"line {exc.lineno}, column {exc.colno}: {exc.msg}"],
        ) from None
    if not isinstance(data, dict):
        raise InvalidFile(
            f"{path} holds a JSON {type(data).__name__}, not a movement.",
            problems=['write one object: {"family": …, "tables": …, "schedule": [...]}'],
        )
    guessed = None
    if "numbering" not in data:
        guessed = _numbering(data)
        data = {**data, "numbering": guessed}
    try:
        movement = Movement.model_validate(data)
    except ValidationError as exc:
        raise InvalidFile(
            f"{path} is not a movement: {exc.error_count()} field(s) are missing or wrong.",
            problems=[f"{_where(e['loc'])}: {e['msg']}" for e in exc.errors()],
        ) from None
    return movement, None if guessed is None else f"{guessed} (the file gives none)"


def _numbering(data: dict[str, Any]) -> str:
    """Mitchell when a number sits NS at one table and EW at another in the same round (so
    NS and EW are numbered apart), or the family says so; otherwise one series (Howell)."""
    family = str(data.get("family", "")).lower()
    if "howell" in family:
        return Numbering.HOWELL.value
    if "mitchell" in family:
        return Numbering.MITCHELL.value
    seen: dict[tuple[Any, Any], set[str]] = defaultdict(set)
    schedule = data.get("schedule")
    for e in schedule if isinstance(schedule, list) else []:
        if isinstance(e, dict):
            seen[e.get("round"), e.get("ns")].add("ns")
            seen[e.get("round"), e.get("ew")].add("ew")
    both = any(len(sides) == 2 for sides in seen.values())
    return (Numbering.MITCHELL if both else Numbering.HOWELL).value


def _where(loc: tuple[int | str, ...]) -> str:
    """``schedule[3].boards`` for pydantic's ``("schedule", 3, "boards")``."""
    text = ""
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text or "movement"


def _movement(
    source: str,
    tables: int | None,
    boards_per_round: int | None,
    option: list[str] | None,
    store: str | None,
    rounds: int | None = None,
) -> Movement:
    """A family's movement for ``tables`` (as ``movement show`` builds it), or a JSON file's."""
    if source.lower().endswith(".json"):
        return load_movement(Path(source))[0]
    if tables is None:
        raise InvalidInput(
            f"Give the number of tables for the {source} movement.",
            hint=f"Write e.g. traveller movement cards {source} --tables 7.",
        )
    return built(source, tables, option, store, rounds=rounds, boards_per_round=boards_per_round)


def built(
    family: str,
    tables: int,
    option: list[str] | None,
    store: str | None,
    *,
    rounds: int | None = None,
    boards_per_round: int | None = None,
) -> Movement:
    """The family's movement for ``tables`` tables, checked: ``--option KEY=VALUE`` as the
    family's options, ``--rounds`` as its ``rounds`` and ``--boards-per-round`` as its
    ``boards_per_round``."""
    plugin = open_app(store).registry.movement(family)
    options = parse_options(option)
    if rounds is not None:
        _takes(plugin, "rounds", "--rounds")
        options["rounds"] = rounds
    if boards_per_round is not None:
        options["boards_per_round"] = boards_per_round
    return rules.validated(plugin.build(tables, plugin_options(plugin, options)), plugin)


def _takes(plugin: MovementFamily, option: str, flag: str) -> None:
    """Refuse ``flag`` for a family that has no ``option`` to pass it to."""
    fields = plugin.Options.model_fields
    if option not in fields:
        raise InvalidInput(
            f"The {plugin.name} movement has no {option} option, so {flag} cannot be given for it.",
            hint=f"Options it takes: {', '.join(fields) or 'none'} (as --option KEY=VALUE).",
        )


Source = Annotated[
    str, typer.Argument(help="A family (mitchell, howell, …) or a movement JSON file.")
]
Tables = Annotated[int | None, typer.Option("--tables", help="Number of tables (for a family).")]
Rounds = Annotated[
    int | None,
    typer.Option("--rounds", min=1, help="Rounds to play (the family's rounds option)."),
]
BoardsPerRound = Annotated[int | None, typer.Option("--boards-per-round")]
Options = Annotated[list[str] | None, typer.Option("--option", help="KEY=VALUE")]


# ---- movement show ------------------------------------------------------------------------


@guarded
def movement_show(
    family: Annotated[str, typer.Argument(help="mitchell, howell, …")],
    tables: Annotated[int, typer.Option("--tables", help="Number of tables.")],
    rounds: Rounds = None,
    boards_per_round: BoardsPerRound = None,
    option: Options = None,
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """Show a movement's master sheet (rounds × board sets) without assigning it."""
    movement = built(
        family, tables, option, store, rounds=rounds, boards_per_round=boards_per_round
    )
    if fmt is Format.json:
        output.emit_json(movement.to_json())
    else:
        output.master_sheet(movement)


# ---- movement check -----------------------------------------------------------------------


@guarded
def movement_check(
    file: Annotated[Path, typer.Argument(help="The movement as JSON.")],
    fmt: Fmt = Format.table,
) -> None:
    """Check a movement file against the rules of duplicate play (exit status 1 if broken)."""
    movement, guessed = load_movement(file)
    report = check(movement)
    if fmt is Format.json:
        output.emit_json({"numbering": movement.numbering.value, **report_json(report)})
    else:
        _show_report(movement, report, guessed)
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
    plays = "; ".join(f"{c} times: boards {_runs(bs)}" for c, bs in sorted(by_count.items()))
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


def _runs(boards: list[int]) -> str:
    runs: list[list[int]] = []
    for b in sorted(boards):
        if runs and b == runs[-1][-1] + 1:
            runs[-1].append(b)
        else:
            runs.append([b])
    return ", ".join(boards_text(tuple(r)) for r in runs)


def _two_places(value: Fraction | Decimal) -> str:
    """Half up to two places, as the JCBL shows figures."""
    return show(Fraction(value))


# ---- guide cards, slips, placement -------------------------------------------------------


@guarded
def movement_cards(
    source: Source,
    tables: Tables = None,
    rounds: Rounds = None,
    boards_per_round: BoardsPerRound = None,
    option: Options = None,
    table: Annotated[int | None, typer.Option("--table", help="Only this table's card.")] = None,
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """Guide cards: each table's pairs and boards a round, and where pairs and boards go next."""
    m = _movement(source, tables, boards_per_round, option, store, rounds)
    cards = [c for c in table_cards(m) if table is None or c.table == table]
    if table is not None and not cards:
        raise InvalidInput(f"The movement has no table {table}.", hint=f"Tables: 1-{m.tables}.")
    rovers = rover_cards(m)
    if fmt is Format.json:
        output.emit_json(
            {"tables": [c.to_json() for c in cards], "rovers": [r.to_json() for r in rovers]}
        )
        return
    for card in cards:
        grid = Table(title=f"Table {card.table}", title_justify="left")
        for col in ("Rd", "NS", "EW", "Boards", "NS next", "EW next", "Boards next"):
            grid.add_column(col)
        for r in card.rounds:
            grid.add_row(*_card_row(r))
        output.console.print(grid)
    for rover in rovers:
        _print_rover(rover)


def _card_row(r: CardRound) -> list[str]:
    turned = " (turn the boards)" if r.arrow_switch else ""
    return [
        str(r.round),
        str(r.ns),
        str(r.ew),
        boards_text(r.boards) + turned,
        _next(r.ns_next),
        _next(r.ew_next),
        "collect" if r.boards_next is None else str(r.boards_next),
    ]


def _next(seat: Seat | None) -> str:
    return "end" if seat is None else str(seat)


def _print_rover(card: RoverCard) -> None:
    grid = Table(title=f"Rover card: pair {card.pair}", title_justify="left")
    for col in ("Rd", "Sit", "Against", "Boards", "Displaces"):
        grid.add_column(col)
    for r in card.rounds:
        grid.add_row(
            str(r.round),
            str(r.seat),
            "" if r.opponent is None else str(r.opponent),
            boards_text(r.boards),
            "" if r.displaces is None else str(r.displaces),
        )
    output.console.print(grid)


@guarded
def movement_slips(
    source: Source,
    tables: Tables = None,
    rounds: Rounds = None,
    boards_per_round: BoardsPerRound = None,
    option: Options = None,
    pair: Annotated[str | None, typer.Option("--pair", help="Only this pair: 5, NS5, EW5.")] = None,
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """Pair movement slips: each round's table, direction, opponents and boards."""
    m = _movement(source, tables, boards_per_round, option, store, rounds)
    slips = pair_slips(m)
    if pair is not None:
        wanted = _pair(pair)
        slips = tuple(s for s in slips if s.pair == wanted)
        if not slips:
            known = ", ".join(str(p) for p in m.pairs)
            raise InvalidInput(f"The movement has no pair {pair}.", hint=f"Pairs: {known}.")
    if fmt is Format.json:
        output.emit_json([s.to_json() for s in slips])
        return
    for slip in slips:
        _print_slip(slip)


def _pair(text: str) -> Pair:
    try:
        return Pair.parse(text)
    except ValueError:
        raise InvalidInput(f"{text!r} is not a pair.", hint="Write 5, NS5 or EW5.") from None


def _print_slip(slip: PairSlip) -> None:
    title = f"Pair {slip.pair}" + (
        " (the phantom: empty if a pair is missing)" if slip.phantom else ""
    )
    individual = any(r.compass is not None for r in slip.rounds)
    if individual:
        title = title.replace("Pair", "Player", 1)
    grid = Table(title=title, title_justify="left")
    columns = (
        ("Rd", "Table", "Sit", "Partner", "Left", "Right")
        if individual
        else ("Rd", "Table", "Sit", "Against")
    )
    for col in (*columns, "Boards"):
        grid.add_column(col)
    for r in slip.rounds:
        sits = r.compass or ("" if r.seat.line is None else r.seat.line.value)
        if r.arrow_switch:
            sits += " (boards turned)"
        who = (r.partner, r.opponent, r.right) if individual else (r.opponent,)
        grid.add_row(
            str(r.round),
            "sit out" if r.seat.table is None else str(r.seat.table),
            sits,
            *("" if p is None else str(p) for p in who),
            boards_text(r.boards),
        )
    output.console.print(grid)


@guarded
def movement_placement(
    source: Source,
    tables: Tables = None,
    rounds: Rounds = None,
    boards_per_round: BoardsPerRound = None,
    option: Options = None,
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """Where each set of boards goes before round 1 (a table, a relay, the bye stand)."""
    m = _movement(source, tables, boards_per_round, option, store, rounds)
    starts = placement(m)
    if fmt is Format.json:
        output.emit_json([s.to_json() for s in starts])
        return
    grid = Table(title=f"Boards before round 1 — {m.tables}-table {m.family}", title_justify="left")
    for col in ("Set", "Boards", "Goes to", "First played"):
        grid.add_column(col)
    for s in starts:
        grid.add_row(*_placement_row(s))
    output.console.print(grid)


def _placement_row(s: BoardStart) -> list[str]:
    first = ", ".join(str(t) for t in s.first_tables)
    plural = "s" if len(s.first_tables) > 1 else ""
    return [
        "" if s.set_number is None else str(s.set_number),
        boards_text(s.boards),
        str(s.spot),
        f"round {s.first_round}, table{plural} {first}",
    ]


# ---- movement advise ----------------------------------------------------------------------


@guarded
def movement_advise(
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
    store: Store = None,
    fmt: Fmt = Format.table,
) -> None:
    """Propose movements for a field, ranked, with their trade-offs (JCBL lists, the guide)."""
    advice = advise(
        open_app(store).registry,
        pairs,
        teams=teams,
        boards=boards,
        minutes=minutes,
        two_winners=two_winners,
        sessions=sessions,
    )
    if fmt is Format.json:
        output.emit_json(advice.to_json())
    else:
        _show_advice(advice, limit)


def _show_advice(advice: Advice, limit: int) -> None:
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
    grid = Table(title="Proposals, best first", title_justify="left")
    for col in ("#", "Movement", "Boards", "Minutes", "Sit out", "Relay", "Laid", "Win", "Ready"):
        grid.add_column(col)
    for i, p in enumerate(advice.proposals[:limit], start=1):
        grid.add_row(*_proposal_row(i, p))
    output.console.print(grid)
    for i, p in enumerate(advice.proposals[:limit], start=1):
        output.console.print(f"{i}. {p.source}" + (f" — {p.remark}" if p.remark else ""))
        for line in (*_assignments(p), *p.notes):
            output.console.print(f"     {line}", markup=False, highlight=False)
    if len(advice.proposals) > limit:
        more = len(advice.proposals) - limit
        output.console.print(f"({more} more with --limit {len(advice.proposals)}.)")
    output.console.print("Consider: " + "; ".join(advice.considerations) + ".")


def _assignments(p: Proposal) -> Iterator[str]:
    """What to assign each section in each session (``movement assign`` with these):
    ``session 2 (pairs renumbered): A 9T arrow-switch-mitchell boards_per_round=3; …``."""
    for n in range(len(p.rounds)):
        when = "assign" if len(p.rounds) == 1 else f"session {n + 1}"
        if n and p.renumber:
            when += " (pairs renumbered)"
        parts = []
        for letter, s in zip(string.ascii_uppercase, p.sections, strict=False):
            a = s.sessions[n]
            if a.family is None:
                parts.append(f"{letter} {s.tables}T {a.play.rounds}-round {a.name}: no family")
            else:
                options = "".join(f" {key}={value}" for key, value in a.options)
                parts.append(f"{letter} {s.tables}T {a.family}{options}")
        yield f"{when}: " + "; ".join(parts)


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
