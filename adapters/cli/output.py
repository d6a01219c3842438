"""How the CLI shows data: JSON for scripts, rich tables for people."""

from __future__ import annotations

import enum
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Literal

import typer
from rich import box
from rich.cells import cell_len
from rich.console import Console, ConsoleDimensions
from rich.table import Table
from rich.text import Text

from adapters.cli import wording
from adapters.cli.wording import tr, tr_
from engine.errors import N_, InvalidFile, TravellerError
from engine.parsing import MOST_PROBLEMS

if TYPE_CHECKING:
    from engine.movement import Movement

UNLIMITED = 10**9
"""The width of a console that writes to a file or a pipe: as good as none."""


class Screen(Console):
    """A rich console as wide as the terminal it writes to, and with no width at all when
    it writes to a file or a pipe: a master sheet, a cross-table or a family's name that a
    director must type is never cut or wrapped at 80 columns for a script or a printout."""

    @property
    def size(self) -> ConsoleDimensions:
        measured = super().size
        return measured if _a_terminal(self.file) else ConsoleDimensions(UNLIMITED, measured.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        self._width, self._height = new_size

    def render_str(self, text: str, **how: Any) -> Text:
        """``text`` as shown: its terminal control characters made visible (a name
        holding an escape sequence can neither recolour nor clear the screen). The
        console reads no markup: a style is given with :func:`line`."""
        return super().render_str(neutral(text), **how)


def _a_terminal(file: IO[str]) -> bool:
    try:
        return file.isatty()
    except ValueError:  # a closed file is no terminal
        return False


CONTROLS: dict[int, str] = {
    **{c: f"\\x{c:02x}" for c in (*range(0x20), 0x7F, *range(0x80, 0xA0)) if c not in (9, 10)},
    **{
        c: f"\\u{c:04x}"
        for c in (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))
    },
}
"""Characters a terminal obeys rather than shows (C0 and C1 controls, DEL, and the
bidirectional overrides that reorder a line), each as its visible escape (``\\x1b``).
A tab and a line break stay: the CLI's own messages have them."""


def neutral(text: str) -> str:
    """``text`` with every character of :data:`CONTROLS` made visible."""
    return text.translate(CONTROLS)


def line(*parts: str | tuple[str, str]) -> Text:
    """A line of text, each part as it is (data: never markup) or ``(text, style)``:
    ``line((heading, "bold"), ": ", details)``."""
    return Text.assemble(
        *((neutral(p[0]), p[1]) if isinstance(p, tuple) else neutral(p) for p in parts)
    )


# Names, titles and reasons are data: no markup, no emoji codes (``:smile:``) read in them.
console = Screen(markup=False, emoji=False)
errors = Screen(stderr=True, markup=False, emoji=False)


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
            tr(
                "%(value)r is not a format: give table (or text) for people, json for scripts.",
                value=value,
            )
        ) from None


def as_json(data: Any, indent: int | None = None) -> str:
    """``data`` as JSON text, every character a terminal would obey written as its
    ``\\u`` escape (JSON escapes C0 itself; DEL, C1 and the bidirectional overrides too
    here): the data is the same, and a person reading it on a terminal is safe."""
    return json.dumps(data, ensure_ascii=False, indent=indent).translate(JSON_CONTROLS)


JSON_CONTROLS = {c: f"\\u{c:04x}" for c in CONTROLS if c >= 0x7F}


def emit_json(data: Any) -> None:
    sys.stdout.write(as_json(data, indent=2) + "\n")


def error(exc: TravellerError, fmt: Format, *, store: str | None = None) -> None:
    """A director's error on stderr: what is wrong, how to fix it, and the ``store`` the
    command opened (so a wrong store is seen at once)."""
    problems = list(getattr(exc, "problems", []))
    # A file's bad lines may be thousands: the first are shown, the rest counted. Other
    # lists (the results a session still lacks) are what the director must act on: whole.
    shown = problems[:MOST_PROBLEMS] if isinstance(exc, InvalidFile) else problems
    count = exc.problem_count if isinstance(exc, InvalidFile) else len(problems)
    more = (
        tr(
            "… and %(more)s more (%(count)s problems in all).",
            more=count - len(shown),
            count=count,
        )
        if count > len(shown)
        else ""
    )
    message, hint, lines = wording.worded(exc)
    if fmt is Format.json:
        payload: dict[str, Any] = {
            "error": type(exc).__name__,
            "code": exc.code,
            "message": message,
            "hint": hint,
            "fixes": [fix.as_json() for fix in exc.fixes],
            "language": wording.language(),
        }
        if problems:  # every one: a script reads them all (the file's size bounds them)
            payload["problems"] = problems
            payload["problem_count"] = count
        if store is not None:
            payload["store"] = store
        sys.stderr.write(as_json(payload) + "\n")
        return
    said = wording.hint_of(exc)
    title = wording.word(N_("Error:"))
    errors.print(line((title, "bold red"), " ", message), highlight=False)
    for p in shown:
        errors.print(f"  - {p}", highlight=False)
    if more:
        errors.print("  " + more, highlight=False)
    if said:
        errors.print(line((said, "yellow")), highlight=False)
    for fix in lines:
        errors.print(f"  {fix}", highlight=False)
    if store is not None:
        opened = wording.word(N_("Store:"))
        errors.print(line((f"{opened} {store}", "dim")), highlight=False)


def bug(exc: Exception, report: Path | None, fmt: Format) -> None:
    """An unexpected failure: said to be a bug in Traveller, with where its details are,
    never a raw traceback."""
    what = f"{type(exc).__name__}: {exc}"
    where = (
        tr(
            "The details are in %(report)s; please send that file with the bug report.",
            report=report,
        )
        if report is not None
        else tr(
            "Its details could not be written to a file: run again with TRAVELLER_DEBUG=1 "
            "to see them."
        )
    )
    if fmt is Format.json:
        payload = {
            "error": "InternalError",
            "message": tr(
                "This is a bug in Traveller, not a mistake of yours (%(what)s).", what=what
            ),
            "hint": where,
            "report": None if report is None else str(report),
        }
        sys.stderr.write(as_json(payload) + "\n")
        return
    title = tr("Internal error:")
    said = tr("this is a bug in Traveller, not a mistake of yours (%(what)s).", what=what)
    errors.print(line((title, "bold red"), " ", said), highlight=False)
    errors.print(line((where, "yellow")), highlight=False)


def pair_label(row: dict[str, Any]) -> str:
    """A standings row's pair as the table shows it: ``5``, ``A5`` in a field of several
    sections, ``A1 NS`` / ``A1 EW`` where both lines of a Mitchell are ranked together."""
    label = f"{row.get('section') or ''}{row['pair']}"
    return f"{label} {row['line']}" if row.get("line") else label


def names_cell(row: dict[str, Any]) -> str:
    """A standings row's players, with the substitutes who played for them."""
    names = " – ".join(row["names"])
    subs = [
        substitute_text(s["substitute"], s["player"], s["from_round"])
        for s in row.get("substitutes", ())
    ]
    return names + (f" ({'; '.join(subs)})" if subs else "")


def substitute_text(
    substitute: str, player: str, from_round: int, words: Callable[..., str] = tr
) -> str:
    """``Sato for Kato`` (``… from round 3``): who played for whom, as every table says it
    (``words``: :func:`~adapters.cli.wording.english` for data)."""
    if from_round == 1:
        return words(tr_("%(substitute)s for %(player)s"), substitute=substitute, player=player)
    return words(
        tr_("%(substitute)s for %(player)s from round %(round)s"),
        substitute=substitute,
        player=player,
        round=from_round,
    )


def masterpoints_note(awarded: dict[str, Any]) -> str:
    """The line over standings whose masterpoints are recorded: by which rule and options,
    and whether a correction since calls for awarding them again."""
    options = ", ".join(f"{k}={v}" for k, v in awarded["options"].items())
    note = tr(
        "Masterpoints (MP) awarded by %(rule)s %(version)s (%(options)s).",
        rule=awarded["rule"],
        version=awarded["version"],
        options=options,
    )
    if not awarded["current"]:
        note += " " + tr(
            "The standings have changed since: award them again with `traveller "
            'masterpoints --event ID --session N --reason "..."`.'
        )
    return note


def standings_table(data: dict[str, Any]) -> None:
    from engine.scoring import TEAMS  # loaded already: the standings were scored

    session = tr("session %(session)s", session=data["session"])
    console.print(
        line((data["name"], "bold"), f" — {session} ({data['method']} {data['method_version']})")
    )
    if data.get("masterpoints"):
        console.print(masterpoints_note(data["masterpoints"]), highlight=False)
    for f in data["fields"]:
        # A team field speaks of teams and their points: no pair, percentage or top.
        teams = f["name"] == TEAMS
        title = tr("Section %(section)s", section=f["section"]) + (
            "" if f["name"] == "ALL" else f" — {f['name']}"
        )
        table = Table(
            title=title if teams else title + tr(" (top %(top)s a board)", top=f["top"]),
            title_justify="left",
        )
        columns: tuple[tuple[str, Literal["left", "right"]], ...] = (
            (tr("Rank"), "right"),
            (tr("Team") if teams else tr("Pair"), "right"),
            (tr("Players") if teams else tr("Names"), "left"),
            (tr("Score"), "right"),
            *(() if teams else (("%", "right"),)),
            (tr("Boards"), "right"),
        )
        for col, justify in columns:
            table.add_column(col, justify=justify)
        awarded = any("masterpoints" in r for r in f["rows"])
        if awarded:
            table.add_column(tr("Masterpoints") if teams else tr("MP"), justify="right")
        for r in f["rows"]:
            table.add_row(
                r["rank"],
                pair_label(r),
                names_cell(r),
                r["score"],
                *(() if teams else (r["percentage"],)),
                str(r["boards_played"]),
                *([r.get("masterpoints", "")] if awarded else []),
            )
        draw(table)
    overall = data.get("overall")
    if overall:
        table = Table(title=tr("The whole session, by percentage"), title_justify="left")
        for col in (tr("Rank"), tr("Pair"), tr("Names"), "%"):
            table.add_column(col)
        for r in overall["rows"]:
            table.add_row(
                r["rank"],
                pair_label(r),
                names_cell(r),
                r["percentage"],
            )
        draw(table)


def traveller_table(data: dict[str, Any]) -> None:
    unit = data.get("unit") or "Points"
    shown_unit = tr("Points") if unit == "Points" else unit
    # A top is a matchpoint game's.
    top = tr(", top %(top)s", top=data["top"]) if unit == "MP" else ""
    table = Table(
        title=tr(
            "Board %(board)s — section %(section)s, dealer %(dealer)s, "
            "vulnerable %(vulnerability)s",
            board=data["board"],
            section=data["section"],
            dealer=data["dealer"],
            vulnerability=data["vulnerability"],
        )
        + top,
        title_justify="left",
    )
    for col in ("NS", "EW", tr("Contract"), tr("By"), tr("Tricks"), tr("Lead"), tr("Score NS"),
                f"{shown_unit} NS", f"{shown_unit} EW"):  # fmt: skip
        table.add_column(col, justify="right")
    for r in data["results"]:
        contract = r["adjusted"] or r["contract"] or ""
        table.add_row(
            " ".join([str(r["ns"]), " – ".join(r.get("names_ns", ()))]).strip(),
            " ".join([str(r["ew"]), " – ".join(r.get("names_ew", ()))]).strip(),
            contract,
            r["declarer"] or "",
            "" if r["tricks"] is None else str(r["tricks"]),
            r["lead"] or "",
            "" if r["score_ns"] is None else f"{r['score_ns']:+d}",
            r["mp_ns"],
            r["mp_ew"],
        )
    draw(table)


def rows_table(title: str, rows: list[dict[str, Any]], columns: list[str]) -> None:
    """``rows`` as a table of their ``columns`` (each a key of the rows, marked with
    ``tr_``: its head is said in the CLI's language) under ``title``."""
    table = Table(title=title, title_justify="left")
    for c in columns:
        table.add_column(tr(c))
    for r in rows:
        table.add_row(*("" if r.get(c) is None else str(r.get(c)) for c in columns))
    draw(table)


def master_sheet(movement: Movement) -> None:
    """The master sheet as the manual prints it: rounds down, board sets across."""
    m = movement
    # The heading is a line of its own, not the table's title: a description longer than the
    # sheet is wide would be wrapped to the sheet's width.
    console.print(
        movement_heading(m) + ("" if not m.description else f" — {m.description}"),
        style="table.title",
        highlight=False,
    )
    table = Table()
    table.add_column(tr("rd/bds"), justify="right")
    sheet = m.master_sheet()
    for i in range(len(sheet[0])):
        first = m.boards[0] + i * m.boards_per_round
        table.add_column(f"{first}-{first + m.boards_per_round - 1}", justify="center")
    for rnd, row in enumerate(sheet, start=1):
        table.add_row(str(rnd), *row)
    draw(table)


def movement_heading(m: Movement) -> str:
    """``7-table mitchell: 7 rounds of 4 boards``."""
    return tr(
        "%(tables)s-table %(family)s: %(rounds)s rounds of %(boards)s boards",
        tables=m.tables,
        family=m.family,
        rounds=m.rounds,
        boards=m.boards_per_round,
    )


def plugins_table(title: str, plugins: Sequence[Any]) -> None:
    """Plugins as a table: what each does (its docstring's first paragraph), and its options
    as KEY=DEFAULT, one a line."""
    from engine.registry import describe  # loaded already: the plugins were

    rows = [
        {
            "name": row["name"],
            "aliases": ", ".join(row["aliases"]),
            "version": row["version"],
            "what it does": " ".join((plugin.__doc__ or "").strip().split("\n\n")[0].split()),
            "options": "\n".join(
                f"{key}={o['default']}: {o['description']}" for key, o in row["options"].items()
            )
            or tr("none"),
        }
        for row, plugin in zip(describe(plugins), plugins, strict=True)
    ]
    columns = [tr_("name"), tr_("aliases"), tr_("version"), tr_("what it does"), tr_("options")]
    rows_table(title, rows, columns)


# ---- tables, line by line --------------------------------------------------------------
# rich lays a table out cell by cell (measuring, wrapping, padding and cropping each):
# about a millisecond a row, so that a 600-row standings table cost more than reading and
# scoring the event. Written to a file or a pipe (no terminal: no styles, no width to fit),
# a table of plain text cells needs none of that: :func:`draw` writes the very text rich
# would, each line joined at once. Anything else (a terminal, a cell that is not plain
# text or spans lines, a title wider than the table, a table set up otherwise than the
# CLI's tables are) is drawn by rich itself; tests/adapters/cli/test_tables.py holds the
# two to the same text.

_PLAIN_ROW = ("", "none", None)
"""The styles of a row, column or table that add nothing."""


def draw(table: Table, on: Console | None = None) -> None:
    """``table`` on the console ``on`` (the CLI's standard output by default): written at
    once where it is plain (see above), else drawn by rich."""
    screen = console if on is None else on
    if screen.quiet:
        return
    lines = None if screen.is_terminal or screen.record else _lines(table, screen)
    if lines is None:
        screen.print(table)
        return
    screen.file.write("".join(f"{line}\n" for line in lines))


def _lines(table: Table, console: Console) -> list[str] | None:
    """The lines rich draws ``table`` as, without styles; None where this cannot say."""
    if not _plain(table, console):
        return None
    columns = table.columns
    heads = [neutral(str(c.header)) for c in columns]
    cells: list[list[str]] = []
    for column in columns:
        texts = column._cells
        if not all(isinstance(t, str) for t in texts):
            return None
        cells.append([neutral(t) for t in texts])  # type: ignore[arg-type]
    if any(_broken(t) for t in heads) or any(_broken(t) for c in cells for t in c):
        return None
    widths = [
        max([cell_len(heads[i]), *(cell_len(t) for t in cells[i])]) for i in range(len(columns))
    ]
    if 0 in widths:
        return None
    width = sum(widths) + 3 * len(widths) + 1
    if width > console.width:
        return None
    lines: list[str] = []
    if table.title:  # an empty title is none
        title = neutral(str(table.title))
        if _broken(title) or cell_len(title) > width:
            return None
        lines.append(_aligned(title, width, table.title_justify))
    justify = [c.justify for c in columns]
    rule = [w + 2 for w in widths]
    lines.append("┏" + "┳".join("━" * w for w in rule) + "┓")
    lines.append(_row(heads, widths, justify, "┃"))
    lines.append("┡" + "╇".join("━" * w for w in rule) + "┩")
    for r in range(len(table.rows)):
        lines.append(_row([c[r] for c in cells], widths, justify, "│"))
    lines.append("└" + "┴".join("─" * w for w in rule) + "┘")
    return lines


def _plain(table: Table, console: Console) -> bool:
    """Whether ``table`` is set up as :func:`_lines` draws it: rich's defaults, as the
    CLI's tables use them, on a console that writes UTF-8."""
    return (
        bool(table.columns)
        and (console.encoding or "").lower().startswith("utf")
        and table.box is box.HEAVY_HEAD
        and table.safe_box in (None, True)
        and table.padding == (0, 1, 0, 1)
        and not table.collapse_padding
        and table.pad_edge
        and not table.expand
        and table.min_width is None
        and table.show_header
        and not table.show_footer
        and table.show_edge
        and not table.show_lines
        and table.leading == 0
        and table.caption is None
        and isinstance(table.title, str | None)
        and table.title_justify in ("left", "center", "right")
        and not table.row_styles
        and table.style in _PLAIN_ROW
        and all(r.style in _PLAIN_ROW and not r.end_section for r in table.rows)
        and all(
            isinstance(c.header, str)
            and c.justify in ("left", "center", "right")
            and c.width is None
            and c.min_width is None
            and c.max_width is None
            and c.ratio is None
            and c.style in _PLAIN_ROW
            for c in table.columns
        )
    )


def _broken(text: str) -> bool:
    """Text rich would not keep on one line as it is: a line break, a tab to expand, or
    space at its end (rich drops it when it wraps the cell, and justifies the rest)."""
    return "\n" in text or "\r" in text or "\t" in text or text != text.rstrip()


def _aligned(text: str, width: int, justify: str) -> str:
    """``text`` padded to ``width`` cells as rich justifies it."""
    excess = width - cell_len(text)
    if justify == "right":
        return " " * excess + text
    if justify == "center":
        left = excess // 2
        return " " * left + text + " " * (excess - left)
    return text + " " * excess


def _row(texts: Sequence[str], widths: Sequence[int], justify: Sequence[str], bar: str) -> str:
    cells = (f" {_aligned(t, w, j)} " for t, w, j in zip(texts, widths, justify, strict=True))
    return bar + bar.join(cells) + bar
