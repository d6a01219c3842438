"""How the CLI shows data: JSON for scripts, rich tables for people."""

from __future__ import annotations

import enum
import json
import sys
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from engine.errors import InvalidFile, InvalidMovement, TravellerError
from engine.movement import Movement

console = Console()
errors = Console(stderr=True)


class Format(enum.StrEnum):
    table = "table"
    json = "json"


FORMAT_NAMES: dict[str, Format] = {"table": Format.table, "text": Format.table, "json": Format.json}
"""What ``--format`` accepts: ``text`` is another name for the tables people read."""


def parse_format(value: str) -> Format:
    """``--format`` as given: ``table`` or ``text`` for people, ``json`` for scripts."""
    try:
        return FORMAT_NAMES[str(value).strip().lower()]
    except KeyError:
        raise typer.BadParameter(
            f"{value!r} is not a format: give table (or text) for people, json for scripts."
        ) from None


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def error(exc: TravellerError, fmt: Format) -> None:
    problems = getattr(exc, "problems", [])
    if fmt is Format.json:
        payload: dict[str, Any] = {
            "error": type(exc).__name__,
            "message": exc.message,
            "hint": exc.hint,
        }
        if problems:
            payload["problems"] = problems
        sys.stderr.write(json.dumps(payload, ensure_ascii=False) + "\n")
        return
    errors.print(f"[bold red]Error:[/] {escape(exc.message)}", highlight=False)
    if isinstance(exc, InvalidFile | InvalidMovement):
        for p in problems:
            errors.print(f"  - {p}", highlight=False, markup=False)
    if exc.hint:
        errors.print(f"[yellow]{escape(exc.hint)}[/]", highlight=False)


def standings_table(data: dict[str, Any]) -> None:
    console.print(
        f"[bold]{data['name']}[/] — session {data['session']} "
        f"({data['method']} {data['method_version']})"
    )
    for f in data["fields"]:
        title = f"Section {f['section']}" + ("" if f["name"] == "ALL" else f" — {f['name']}")
        table = Table(title=f"{title} (top {f['top']} a board)", title_justify="left")
        for col, justify in (
            ("Rank", "right"),
            ("Pair", "right"),
            ("Names", "left"),
            ("Score", "right"),
            ("%", "right"),
            ("Boards", "right"),
        ):
            table.add_column(col, justify=justify)  # type: ignore[arg-type]
        for r in f["rows"]:
            table.add_row(
                r["rank"],
                f"{r['section']}{r['pair']}" if r.get("section") else str(r["pair"]),
                " – ".join(r["names"]),
                r["score"],
                r["percentage"],
                str(r["boards_played"]),
            )
        console.print(table)
    overall = data.get("overall")
    if overall:
        table = Table(title="The whole session, by percentage", title_justify="left")
        for col in ("Rank", "Pair", "Names", "%"):
            table.add_column(col)
        for r in overall["rows"]:
            table.add_row(
                r["rank"],
                f"{r.get('section') or ''}{r['pair']}",
                " – ".join(r["names"]),
                r["percentage"],
            )
        console.print(table)


def traveller_table(data: dict[str, Any]) -> None:
    table = Table(
        title=f"Board {data['board']} — section {data['section']}, dealer {data['dealer']}, "
        f"vulnerable {data['vulnerability']}, top {data['top']}",
        title_justify="left",
    )
    for col in ("NS", "EW", "Contract", "By", "Tricks", "Lead", "Score NS", "MP NS", "MP EW"):
        table.add_column(col, justify="right")
    for r in data["results"]:
        contract = r["adjusted"] or r["contract"] or ""
        table.add_row(
            str(r["ns"]),
            str(r["ew"]),
            contract,
            r["declarer"] or "",
            "" if r["tricks"] is None else str(r["tricks"]),
            r["lead"] or "",
            "" if r["score_ns"] is None else f"{r['score_ns']:+d}",
            r["mp_ns"],
            r["mp_ew"],
        )
    console.print(table)


def rows_table(title: str, rows: list[dict[str, Any]], columns: list[str]) -> None:
    table = Table(title=title, title_justify="left")
    for c in columns:
        table.add_column(c)
    for r in rows:
        table.add_row(*("" if r.get(c) is None else str(r.get(c)) for c in columns))
    console.print(table)


def master_sheet(movement: Movement) -> None:
    """The master sheet as the manual prints it: rounds down, board sets across."""
    m = movement
    table = Table(
        title=f"{m.tables}-table {m.family}: {m.rounds} rounds of {m.boards_per_round} boards"
        + ("" if not m.description else f" — {m.description}"),
        title_justify="left",
    )
    table.add_column("rd/bds", justify="right")
    sheet = m.master_sheet()
    for i in range(len(sheet[0])):
        first = m.boards[0] + i * m.boards_per_round
        table.add_column(f"{first}-{first + m.boards_per_round - 1}", justify="center")
    for rnd, row in enumerate(sheet, start=1):
        table.add_row(str(rnd), *row)
    console.print(table)
