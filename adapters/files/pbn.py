r"""Results from a PBN file (Portable Bridge Notation 2.1): each board's score table.

A PBN file is a series of games — here, boards — each a run of tag pairs
``[Tag "value"]`` ended by an empty line. A board's results are its ``ScoreTable``:
the tag's value names the columns (a name, then optionally ``\`` with a width and an
alignment), and each line under it is one table's result, values separated by
spaces, a value with spaces in quotes, ``-`` for an empty cell::

    [Board "9"]
    [Dealer "N"]
    [Vulnerable "EW"]
    [ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\5R"]
     1 11 1S   N 10   170
    12  3 4H   S  9   -50

Columns read: ``PairId_NS`` and ``PairId_EW`` (needed); ``Contract``, ``Declarer`` and
``Result`` (the tricks declarer took); ``Score_NS``/``Score_EW`` (each side's score, one
is enough; given with the contract, they must agree); ``Lead``, ``Round``, ``Table``;
``Section`` (rows of other sections are left out); ``Multiplicity`` (must be 1). The
MP, IMP and percentage columns are the exporting program's own scoring and are not
read: Traveller scores the results itself. A passed-out board is ``Pass``. An
adjusted score puts a marker for each side in the score columns — ``A+`` and ``A-``,
``A60`` and ``A40``, ``A`` and ``A`` — with ``-`` for the contract.

``Dealer`` and ``Vulnerable`` must be those of the board's number (Traveller scores
every board by the standard rotation). ``%`` lines, ``{…}`` and ``;`` comments are
skipped; a tag whose value is ``#`` repeats the previous board's. Boards with no
score table (a hand record) are skipped. Every problem is listed, by line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from adapters.files.reading import import_row, line_of, read_text, whole_number
from engine import bridge
from engine.errors import InvalidInput, TravellerError
from engine.section import ImportRow

_TAG = re.compile(r'\[\s*(?P<name>\w+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\]')
_COLUMN = re.compile(r"[+-]?(?P<name>\w+)(?:\\\d+[LR]?)?")
_VALUE = re.compile(r'"(?P<quoted>(?:[^"\\]|\\.)*)"|(?P<bare>\S+)')
_EMPTY = "-"
_REPEAT = "#"

#: Score-table column (lower case) → the traveller cell it fills.
_CELLS = {
    "pairid_ns": "ns",
    "pairid_ew": "ew",
    "contract": "contract",
    "declarer": "declarer",
    "result": "tricks",
    "lead": "lead",
    "round": "round",
    "table": "table",
}
#: How a problem names each cell: by the file's own column.
_LABELS = {
    "board": "Board",
    "ns": "PairId_NS",
    "ew": "PairId_EW",
    "contract": "Contract",
    "declarer": "Declarer",
    "tricks": "Result",
    "score_ns": "Score_NS or Score_EW",
    "adjusted": "an adjusted score (A+ and A- in Score_NS and Score_EW)",
    "round": "Round",
    "table": "Table",
}
_VULNERABILITY = {
    "NONE": bridge.Vulnerability.NONE,
    "LOVE": bridge.Vulnerability.NONE,
    "-": bridge.Vulnerability.NONE,
    "NS": bridge.Vulnerability.NS,
    "EW": bridge.Vulnerability.EW,
    "ALL": bridge.Vulnerability.ALL,
    "BOTH": bridge.Vulnerability.ALL,
}


@dataclass(frozen=True)
class _Tag:
    value: str
    line: int


@dataclass
class _Game:
    """One game of the file: its tags (by lower-case name), its score-table rows and the
    rows of its total-score table (the file's table of names), if any."""

    tags: dict[str, _Tag] = field(default_factory=dict)
    rows: list[tuple[int, str]] = field(default_factory=list)
    totals: list[tuple[int, str]] = field(default_factory=list)


def read_results(path: Path, *, section: str | None = None) -> tuple[list[ImportRow], list[str]]:
    """The rows that could be read, and every problem found, by line number."""
    # The standard's character set is ISO 8859-1; newer programs write UTF-8.
    return parse_results(read_text(path, fallback="latin-1"), section=section)


def parse_results(text: str, *, section: str | None = None) -> tuple[list[ImportRow], list[str]]:
    """Every score-table row of ``text`` (of ``section`` only, when the table has a
    Section column), and every problem found, in line order."""
    problems: list[str] = []
    rows: list[ImportRow] = []
    others: set[str] = set()  # the sections of the rows left out
    previous: dict[str, _Tag] = {}
    for game in _games(text, problems):
        tags = {
            name: _Tag(previous[name].value, tag.line)
            if tag.value == _REPEAT and name in previous
            else tag
            for name, tag in game.tags.items()
        }
        previous = tags
        for number, board, cells in _score_table(tags, game.rows, problems):
            named = cells.get("section", "")
            if section is not None and named and named.upper() != section.upper():
                others.add(named)
                continue
            try:
                rows.append(_row(number, board, cells))
            except TravellerError as exc:
                problems.append(f"line {number}: {exc}")
    if not rows and not problems:
        problems.append(
            f"no row of the file is for section {section} (its sections: "
            f"{', '.join(sorted(others))})"
            if others
            else "the file has no results: no board has a [ScoreTable] with rows"
        )
    return rows, sorted(problems, key=line_of)


# ---- the file as lines, games and tags --------------------------------------------------


def _lines(text: str, problems: list[str]) -> Iterator[tuple[int, str | None]]:
    """Each line with its comments taken out; None for an empty line (a game ends there)."""
    comment_from: int | None = None  # the line a ``{`` comment opened on
    for number, raw in enumerate(text.splitlines(), start=1):
        if comment_from is None and raw.startswith("%"):
            continue  # an escape line: directives for other programs
        if comment_from is None and not raw.strip():
            yield number, None
            continue
        kept: list[str] = []
        quoted = escaped = False
        for ch in raw:
            if comment_from is not None:
                if ch == "}":
                    comment_from = None
            elif quoted:
                kept.append(ch)
                quoted = escaped or ch != '"'
                escaped = not escaped and ch == "\\"
            elif ch == "{":
                comment_from = number
            elif ch == ";":
                break  # a comment to the end of the line
            else:
                kept.append(ch)
                quoted = ch == '"'
        yield number, "".join(kept).strip()
    if comment_from is not None:
        problems.append(f"line {comment_from}: this {{ comment is never closed with }}")


def _games(text: str, problems: list[str]) -> Iterator[_Game]:
    game = _Game()
    owner: str | None = None  # the tag the data lines below it belong to
    for number, line in _lines(text, problems):
        if line is None:
            if game.tags:
                yield game
            game, owner = _Game(), None
            continue
        if not line:
            continue
        tag = _TAG.fullmatch(line)
        if tag is not None:
            owner = tag["name"].lower()
            if owner in game.tags:
                problems.append(
                    f"line {number}: a second [{tag['name']}] tag in the same board "
                    f"(the first is on line {game.tags[owner].line})"
                )
            game.tags[owner] = _Tag(tag["value"].strip(), number)
        elif line.startswith("["):
            problems.append(f'line {number}: {line!r} is not a tag: write [Name "value"]')
        elif owner is None:
            problems.append(f"line {number}: {line!r} belongs to no tag")
        elif owner == "scoretable":
            game.rows.append((number, line))
        elif owner == "totalscoretable":
            game.totals.append((number, line))
        # Lines under any other tag are its own section (an auction, the play): not results.
    if game.tags:
        yield game


# ---- one board ----------------------------------------------------------------------------


def _score_table(
    tags: dict[str, _Tag], lines: list[tuple[int, str]], problems: list[str]
) -> Iterator[tuple[int, int, dict[str, str]]]:
    """Each row of the board's score table as (line, board, column → text)."""
    table = tags.get("scoretable")
    if table is None:
        return  # a hand record, or the file's own tags
    board = _board(tags, table, problems)
    if board is not None:
        problems += _deal_problems(board, tags)
    columns = _columns(table, problems)
    if board is None or columns is None:
        return
    for number, line in lines:
        values = [v["bare"] or v["quoted"] for v in _VALUE.finditer(line)]
        if len(values) != len(columns):
            problems.append(
                f"line {number}: {len(values)} values for the {len(columns)} columns of the "
                f"score table on line {table.line} (a value with spaces goes in quotes)"
            )
            continue
        cells = {c: "" if v == _EMPTY else v.strip() for c, v in zip(columns, values, strict=True)}
        yield number, board, cells


def _board(tags: dict[str, _Tag], table: _Tag, problems: list[str]) -> int | None:
    tag = tags.get("board")
    if tag is None:
        problems.append(f"line {table.line}: this score table has no [Board] tag above it")
        return None
    if not tag.value.isdigit() or int(tag.value) < 1:
        problems.append(f"line {tag.line}: Board {tag.value!r} is not a board number")
        return None
    return int(tag.value)


def _columns(table: _Tag, problems: list[str]) -> list[str] | None:
    """The score table's column names (lower case), or None if it cannot be read."""
    found: list[str] = []
    wrong: list[str] = []
    for spec in table.value.split(";"):
        column = _COLUMN.fullmatch(spec.strip())
        if column is None:
            wrong.append(f"{spec.strip()!r} is not a column (NAME or NAME\\WIDTH)")
        elif column["name"].lower() in found:
            wrong.append(f"the column {column['name']} is named twice")
        else:
            found.append(column["name"].lower())
    needed = [c for c in ("PairId_NS", "PairId_EW") if c.lower() not in found]
    if needed:
        wrong.append(f"no {' or '.join(needed)} column: every row needs its pair numbers")
    if "contract" in found:
        for partner in ("Declarer", "Result"):
            if partner.lower() not in found:
                wrong.append(f"with Contract, {partner} must be a column too")
    elif "score_ns" not in found and "score_ew" not in found:
        wrong.append("it needs Contract, Declarer and Result, or Score_NS or Score_EW")
    problems += [f"line {table.line}: the score table's header: {w}" for w in wrong]
    return None if wrong else found


def _deal_problems(board: int, tags: dict[str, _Tag]) -> list[str]:
    """The file's dealer and vulnerability must be the board's: they decide its scores."""
    problems = []
    dealer, vulnerable = tags.get("dealer"), tags.get("vulnerable")
    if dealer is not None and dealer.value not in ("", "?"):
        expected = bridge.dealer(board).value
        if dealer.value.upper() != expected:
            problems.append(
                f"line {dealer.line}: board {board} is dealt by {expected}, but the file "
                f"says {dealer.value!r} (Traveller scores every board by its number: "
                "check the board number)"
            )
    if vulnerable is not None and vulnerable.value not in ("", "?"):
        given = vulnerable.value.upper()
        vul = _VULNERABILITY.get(given if given == _EMPTY else given.replace("-", ""))
        if vul is None:
            problems.append(
                f"line {vulnerable.line}: {vulnerable.value!r} is not a vulnerability "
                "(None, NS, EW or All)"
            )
        elif vul is not bridge.vulnerability(board):
            problems.append(
                f"line {vulnerable.line}: board {board} has {bridge.vulnerability(board).value} "
                f"vulnerable, but the file says {vulnerable.value!r} (Traveller scores every "
                "board by its number: check the board number)"
            )
    return problems


def _row(line: int, board: int, row: dict[str, str]) -> ImportRow:
    if whole_number(row.get("multiplicity", ""), "Multiplicity") not in (None, 1):
        raise InvalidInput(
            "a row standing for several tables (Multiplicity) cannot be imported: give one "
            "row per table, with its pair numbers"
        )
    cells = {cell: row.get(column, "") for column, cell in _CELLS.items()}
    cells["board"] = str(board)
    cells["score_ns"], cells["adjusted"] = _score(row.get("score_ns", ""), row.get("score_ew", ""))
    return import_row(line, cells, _LABELS)


def _score(ns: str, ew: str) -> tuple[str, str]:
    """The NS score, or the adjusted score as NS/EW, from the two score cells."""
    if ns[:1].upper() == "A" or ew[:1].upper() == "A":
        if not (ns[:1].upper() == "A" and ew[:1].upper() == "A"):
            raise InvalidInput(
                "an adjusted score needs a marker for each side in Score_NS and Score_EW, "
                "such as A+ and A-"
            )
        return "", f"{ns}/{ew}"
    ns_score = 0 if ns.upper() == "PASS" else whole_number(ns, "Score_NS")
    ew_score = 0 if ew.upper() == "PASS" else whole_number(ew, "Score_EW")
    if ns_score is not None and ew_score is not None and ns_score != -ew_score:
        raise InvalidInput(
            f"Score_NS {ns} and Score_EW {ew} disagree: each is the other with the sign "
            "changed (a split assigned score is not read from a file: give the line one "
            "result, then record the split with `traveller assign --ns-score ... "
            "--ew-score ...`)"
        )
    if ns_score is None:
        return ("" if ew_score is None else str(-ew_score)), ""
    return str(ns_score), ""


# ---- the players' names -------------------------------------------------------------------


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
