"""The players a PBN results file names for each pair (see :func:`parse_names`): the
entries an import registers when the section has none."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from adapters.files.pbn_syntax import COLUMN as _COLUMN
from adapters.files.pbn_syntax import EMPTY as _EMPTY
from adapters.files.pbn_syntax import REPEAT as _REPEAT
from adapters.files.pbn_syntax import VALUE as _VALUE
from adapters.files.pbn_syntax import Tag as _Tag
from adapters.files.pbn_syntax import games as _games
from adapters.files.reading import line_of, read_text


def read_names(path: Path, *, section: str | None = None) -> tuple[dict[str, list[str]], list[str]]:
    """The players the file names for each pair, and every problem with those names."""
    return parse_names(read_text(path, fallback="latin-1"), section=section)


def parse_names(text: str, *, section: str | None = None) -> tuple[dict[str, list[str]], list[str]]:
    """Each pair the file names (``"NS3"``, ``"EW3"``, or ``"3"`` where the file does not
    say which line) with its players' names, and the problems found, by line.

    The names come, first found first, from the file's table of names (a
    ``TotalScoreTable`` with ``PairId`` and ``Names`` columns, and a ``Direction`` column
    in a Mitchell), from a score table's ``Names_NS`` and ``Names_EW`` columns, and from a
    board's ``[North]``, ``[South]``, ``[East]`` and ``[West]`` tags, which name the players
    of the score-table row of the board's own ``[Table]`` (and ``[Round]``), or of its only
    row. A ``<names>`` value is the two names separated by ``;``. Problems with the
    results themselves are left to :func:`parse_results`."""
    ignored: list[str] = []  # the results' own problems: parse_results reports them
    problems: list[str] = []
    found: list[tuple[int, str, str]] = []  # (source, pair, names as written) …
    where: dict[str, int] = {}  # … and the line each came from
    previous: dict[str, _Tag] = {}
    for game in _games(text, ignored):
        tags = {
            name: previous[name] if tag.value == _REPEAT and name in previous else tag
            for name, tag in game.tags.items()
        }
        previous = tags
        for line, cells in _named_rows(tags.get("totalscoretable"), game.totals, section):
            pair = _pair_text(cells.get("pairid", ""), cells.get("direction", ""))
            if pair and cells.get("names"):
                found.append((0, pair, cells["names"]))
                where.setdefault(pair, line)
        rows = list(_named_rows(tags.get("scoretable"), game.rows, section))
        if "scoretable" not in tags and {"pairid_ns", "pairid_ew"} <= tags.keys():
            # One game per table: the game's own tags name its pairs.
            game_row: dict[str, str] = {
                c: tags[c].value for c in ("pairid_ns", "pairid_ew", "section") if c in tags
            }
            if section is None or game_row.get("section", section).upper() == section.upper():
                rows = [(tags["pairid_ns"].line, game_row)]
        for line, cells in rows:
            for side in ("ns", "ew"):
                pair = _pair_text(cells.get(f"pairid_{side}", ""), side)
                if pair and cells.get(f"names_{side}"):
                    found.append((1, pair, cells[f"names_{side}"]))
                    where.setdefault(pair, line)
        own = _own_row(tags, rows)
        for side, seats in (("ns", ("north", "south")), ("ew", ("east", "west"))):
            named = [tags[s].value for s in seats if s in tags and tags[s].value not in ("", "?")]
            pair = "" if own is None else _pair_text(own[1].get(f"pairid_{side}", ""), side)
            if pair and len(named) == 2:
                found.append((2, pair, ";".join(named)))
                where.setdefault(pair, tags[seats[0]].line)
    names: dict[str, list[str]] = {}
    for _, pair, written in sorted(found, key=lambda f: f[0]):
        if pair in names:
            continue
        players = _players(written)
        if len(players) != 2:
            problems.append(
                f"line {where[pair]}: the names of pair {pair} ({written!r}) are not two "
                "players' names: write them separated by ';' (or register the entries "
                "first with `traveller entry add --pair N`: the file's names are then "
                "not used)"
            )
            continue
        names[pair] = players
    return names, sorted(problems, key=line_of)


def _named_rows(
    table: _Tag | None, lines: list[tuple[int, str]], section: str | None
) -> Iterator[tuple[int, dict[str, str]]]:
    """A table's rows as (line, column → text), the rows of other sections left out."""
    if table is None:
        return
    columns = [
        column["name"].lower()
        for spec in table.value.split(";")
        if (column := _COLUMN.fullmatch(spec.strip())) is not None
    ]
    for number, line in lines:
        values = [v["bare"] or v["quoted"] for v in _VALUE.finditer(line)]
        if len(values) != len(columns):
            continue  # reported with the results
        cells = {c: "" if v == _EMPTY else v.strip() for c, v in zip(columns, values, strict=True)}
        named = cells.get("section", "")
        if section is None or not named or named.upper() == section.upper():
            yield number, cells


def _own_row(
    tags: dict[str, _Tag], rows: list[tuple[int, dict[str, str]]]
) -> tuple[int, dict[str, str]] | None:
    """The score-table row of the table the board's own tags describe: the row of its
    ``[Table]`` (and ``[Round]``), or the only row."""
    if len(rows) == 1:
        return rows[0]
    wanted = {c: tags[c].value for c in ("table", "round") if c in tags and tags[c].value}
    if "table" not in wanted:
        return None
    mine = [r for r in rows if all(r[1].get(c, v) == v for c, v in wanted.items())]
    return mine[0] if len(mine) == 1 else None


def _pair_text(pair_id: str, direction: str) -> str:
    """A pair as the import names it: ``NS3``/``EW3`` where the line is known, else ``3``."""
    cleaned = pair_id.strip().upper()
    if not cleaned or cleaned in ("?", _EMPTY):
        return ""
    line = direction.strip().upper().replace("-", "").replace("/", "")
    if cleaned[:2] in ("NS", "EW") or line not in ("NS", "EW"):
        return cleaned
    return f"{line}{cleaned}"


def _players(written: str) -> list[str]:
    """The players of a ``<names>`` value: two names separated by ``;``."""
    return [" ".join(n.split()) for n in written.split(";") if n.strip()]
