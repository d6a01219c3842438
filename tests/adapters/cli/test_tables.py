"""Tables written line by line (:func:`adapters.cli.output.draw`) are the very text rich
draws, and a long one is written without rich laying out a single cell (issue 16: table
drawing proportionate to its rows)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.table import Table

from adapters.cli import output

TEXT = st.text(
    alphabet=st.sampled_from(
        ["a", "Z", "1", " ", "-", "%", "=", "–", "田", "中", "ｱ", "é", "\u0301", "\x1b", "\u202e"]
    ),
    max_size=12,
)
JUSTIFY = st.sampled_from(["left", "right", "center"])


def screen(file: io.StringIO | None = None) -> output.Screen:
    """The CLI's console as it is for a file or a pipe."""
    return output.Screen(file=file or io.StringIO(), markup=False, emoji=False)


def drawn(table: Table, *, lean: bool) -> str:
    written = io.StringIO()
    console = screen(written)
    if lean:
        output.draw(table, console)
    else:
        console.print(table)
    return written.getvalue()


@st.composite
def tables(draw: Any, *, plain: bool = False) -> Table:
    """A table as the CLI makes them; ``plain``: one :func:`output.draw` writes at once
    (else also cells over two lines, tabs, a title wider than the table)."""
    columns = draw(st.lists(st.tuples(TEXT, JUSTIFY), min_size=1, max_size=5))
    if plain:  # no text ends in space (rich drops it: drawn by rich)
        columns = [("h" + head.rstrip(), justify) for head, justify in columns]
    titles = st.none() | st.just("T")
    if not plain:
        titles = titles | TEXT | st.sampled_from(["Section A — NS (top 12 a board)", "x" * 90])
    table = Table(title=draw(titles), title_justify=draw(JUSTIFY))
    for head, justify in columns:
        table.add_column(head, justify=justify)
    cells = TEXT.map(str.rstrip) if plain else TEXT | st.sampled_from(["a\nb", "\t1"])
    for _ in range(draw(st.integers(0, 6))):
        table.add_row(*(draw(cells) for _ in columns))
    return table


@given(tables())
def test_a_table_is_drawn_as_rich_draws_it(table: Table) -> None:
    assert drawn(table, lean=True) == drawn(table, lean=False)


@given(tables(plain=True))
def test_a_plain_table_is_written_at_once_as_rich_draws_it(table: Table) -> None:
    lines = output._lines(table, screen())
    assert lines is not None
    assert "".join(f"{line}\n" for line in lines) == drawn(table, lean=False)


def standings_like(rows: int) -> Table:
    table = Table(title="Section A — NS (top 12 a board)", title_justify="left")
    for head, justify in [("Rank", "right"), ("Pair", "right"), ("Names", "left"), ("%", "right")]:
        table.add_column(head, justify=justify)  # type: ignore[arg-type]
    for r in range(1, rows + 1):
        table.add_row(f"{r}", f"{r}", "Tanaka 田中 – Sato", f"{50 + r % 7}.{r % 100:02d}")
    return table


def test_a_plain_table_is_written_without_rich_laying_it_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    expected = drawn(standings_like(600), lean=False)

    def refused(*_: object) -> Any:
        raise AssertionError("rich laid the table out")

    monkeypatch.setattr(Table, "__rich_console__", refused)
    assert drawn(standings_like(600), lean=True) == expected


def test_a_terminal_gets_rich_s_drawing() -> None:
    table = standings_like(3)
    styled = io.StringIO()
    console = output.Screen(file=styled, markup=False, emoji=False, force_terminal=True, width=100)
    output.draw(table, console)
    assert "\x1b[1m" in styled.getvalue()  # the heads in bold, as rich draws them
