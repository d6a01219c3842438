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
skipped; a tag whose value is ``#`` repeats the previous board's; a board may have a
``[Note]`` for each alerted call (see :mod:`adapters.files.pbn_syntax`). Every problem
is listed, by line.

What real files hold besides: a row of a pair that sat out, written ``Bye`` (in a pair
id or the contract), is no result; an adjusted score may be given in the contract
column (``A60/A40``); a pair id may carry its line (``NS3``, ``EW3``: two series).
A file of one game per table (no score table) gives each game's result from its own
``[Contract]``, ``[Declarer]``, ``[Result]`` and ``[Score]`` tags (``NS 620``,
``EW 100``, or a number alone: declarer's side's), its pairs from ``[PairId_NS]`` and
``[PairId_EW]``; a game without a contract or a score, or naming no pairs, is a hand
record. Each board's ``[Deal]`` is kept (a board dealt two ways is a problem), and the
numbering is told from the pair numbers where they show it (:func:`numbering_shown`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

from adapters.files.pbn_names import parse_names, read_names
from adapters.files.pbn_syntax import COLUMN as _COLUMN
from adapters.files.pbn_syntax import EMPTY as _EMPTY
from adapters.files.pbn_syntax import REPEAT as _REPEAT
from adapters.files.pbn_syntax import VALUE as _VALUE
from adapters.files.pbn_syntax import Tag as _Tag
from adapters.files.pbn_syntax import games as _games
from adapters.files.reading import import_row, line_of, read_text, whole_number
from engine import bridge
from engine.deals import Deal, parse_deal
from engine.errors import InvalidInput, TravellerError
from engine.parsing import Bounds, bounds_of
from engine.parsing import whole_number as strict_whole_number
from engine.seating import Numbering
from engine.section import ImportRow

_WEIGHTED = re.compile(r"[+-]?\d+[.,]\d+", re.ASCII)
"""A score with decimals: the average of a weighted assigned score."""
_ARTIFICIAL = "^"
"""PBN 2.1 §5.2: a table element that is an artificial score value starts with a caret."""
_WEIGHT = re.compile(r"\d+(?:/\d+)?", re.ASCII)
_SAT_OUT = "BYE"
"""A row of a pair that sat the round out (as Ruter writes it): no result."""
_LINE_PREFIX = re.compile(r"(?P<line>NS|EW)[-/ ]?(?P<number>\d+)", re.IGNORECASE | re.ASCII)
_SCORE_TAG = re.compile(r"(?:(?P<side>NS|EW)\s+)?(?P<score>[+-]?\d+)", re.IGNORECASE | re.ASCII)

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


@dataclass
class PbnResults:
    """What a PBN results file holds for a section: its rows, the deals it gives, how it
    numbers its pairs (when its pair numbers show it), and every problem, by line."""

    rows: list[ImportRow] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    deals: dict[int, Deal] = field(default_factory=dict)
    numbering: Numbering | None = None


def read_results(path: Path, *, section: str | None = None) -> tuple[list[ImportRow], list[str]]:
    """The rows that could be read, and every problem found, by line number."""
    return parse_results(_text(path), section=section)


def read_pbn(path: Path, *, section: str | None = None) -> PbnResults:
    """The rows, deals and numbering of a PBN results file (see :func:`parse_pbn`)."""
    return parse_pbn(_text(path), section=section)


__all__ = [
    "PbnResults",
    "numbering_shown",
    "parse_names",
    "parse_pbn",
    "parse_results",
    "read_names",
    "read_pbn",
    "read_results",
]


def _text(path: Path) -> str:
    # The standard's character set is ISO 8859-1; newer programs write UTF-8.
    return read_text(path, fallback="latin-1")


def parse_results(text: str, *, section: str | None = None) -> tuple[list[ImportRow], list[str]]:
    """Every score-table row of ``text`` (of ``section`` only, when the table has a
    Section column), and every problem found, in line order."""
    found = parse_pbn(text, section=section)
    return found.rows, found.problems


def parse_pbn(text: str, *, section: str | None = None, results: bool = True) -> PbnResults:
    """Every result of ``text`` (of ``section`` only, where the file names sections), the
    deals of its ``[Deal]`` tags, the numbering its pair numbers show, and every problem
    found, in line order. A result is a score-table row, or a game of its own: a table's
    ``[Contract]``, ``[Declarer]`` and ``[Result]`` (or ``[Score]``) with the pairs in
    ``[PairId_NS]`` and ``[PairId_EW]``. With ``results`` False only the deals are read
    (a hand record), and a file with no results is no problem."""
    found = PbnResults()
    problems = found.problems
    others: set[str] = set()  # the sections of the rows left out
    previous: dict[str, _Tag] = {}
    lines_named = False  # a pair id said its line (NS3): two series
    deal_lines: dict[int, int] = {}
    for game in _games(text, problems):
        tags = {
            name: _Tag(previous[name].value, tag.line)
            if tag.value == _REPEAT and name in previous
            else tag
            for name, tag in game.tags.items()
        }
        previous = tags
        _deal(tags, found.deals, deal_lines, problems, whole=not results)
        if not results:
            continue
        for number, board, cells in [
            *_score_table(tags, game.rows, problems),
            *_one_table(tags, problems),
        ]:
            named = cells.get("section", "")
            if section is not None and named and named.upper() != section.upper():
                others.add(named)
                continue
            if _SAT_OUT in (
                cells.get(c, "").upper() for c in ("pairid_ns", "pairid_ew", "contract")
            ):
                continue  # the pair sat out: no result
            try:
                lines_named |= _strip_lines(cells)
                found.rows.append(_row(number, board, cells))
            except TravellerError as exc:
                problems.append(f"line {number}: {exc}")
    if results and not found.rows and not problems:
        problems.append(
            f"no row of the file is for section {section} (its sections: "
            f"{', '.join(sorted(others))})"
            if others
            else "the file has no results: no board has a [ScoreTable] with rows"
        )
    if not results and not found.deals and not problems:
        problems.append("the file has no deals: no board has a [Deal] tag with its four hands")
    found.numbering = Numbering.MITCHELL if lines_named else numbering_shown(found.rows)
    problems.sort(key=line_of)
    return found


def numbering_shown(rows: list[ImportRow]) -> Numbering | None:
    """How the rows number their pairs, where they show it: two series (a Mitchell) when
    one board is played by a number sitting North-South and the same number sitting
    East-West — two pairs — and one series (a Howell) when a number sits North-South on
    one board and East-West on another; None when no number sits both ways."""
    ns: dict[int, set[int]] = {}
    ew: dict[int, set[int]] = {}
    for row in rows:
        ns.setdefault(row.board, set()).add(row.ns)
        ew.setdefault(row.board, set()).add(row.ew)
    if any(ns[b] & ew[b] for b in ns):
        return Numbering.MITCHELL
    if set().union(*ns.values()) & set().union(*ew.values()):
        return Numbering.HOWELL
    return None


def _strip_lines(cells: dict[str, str]) -> bool:
    """Pair ids written with their line (``NS3``, ``EW 3``) as plain numbers; whether any
    was. A pair id of the wrong line (``EW3`` as North-South) is refused."""
    named = False
    for side in ("ns", "ew"):
        written = _LINE_PREFIX.fullmatch(cells.get(f"pairid_{side}", "").strip())
        if written is None:
            continue
        if written["line"].lower() != side:
            raise InvalidInput(
                f"PairId_{side.upper()} {written.group(0)!r} names a pair of the other line"
            )
        cells[f"pairid_{side}"] = written["number"]
        named = True
    return named


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


def _one_table(
    tags: dict[str, _Tag], problems: list[str]
) -> Iterator[tuple[int, int, dict[str, str]]]:
    """The result of a game that is one table's (no score table): its ``[Contract]``,
    ``[Declarer]``, ``[Result]`` and ``[Score]`` tags, with the pairs in ``[PairId_NS]``
    and ``[PairId_EW]``; nothing for a hand record (no contract and no score) or a game
    that names no pairs (a deal played, not a session's result)."""
    if "scoretable" in tags or not ({"contract", "score"} & tags.keys()):
        return
    if not ({"pairid_ns", "pairid_ew"} & tags.keys()):
        return
    where = tags.get("contract") or tags["score"]
    board = _board(tags, where, problems)
    if board is None:
        return
    problems += _deal_problems(board, tags)
    names: tuple[str, ...] = ("pairid_ns", "pairid_ew", "contract", "declarer", "result", "lead")
    cells = {n: "" if tags[n].value in (_EMPTY, "?") else tags[n].value for n in names if n in tags}
    cells |= {n: tags[n].value for n in ("round", "table", "section") if n in tags}
    score = tags.get("score")
    if score is not None and score.value not in ("", "?", _EMPTY):
        cells |= _score_cells(score.value, cells.get("declarer", ""))
    yield where.line, board, cells


def _score_cells(value: str, declarer: str) -> dict[str, str]:
    """A ``[Score]`` tag as score cells: ``NS 620``, ``EW -100``, or a number alone —
    declarer's side's score — or an adjusted score (``A60``) for North-South."""
    if value[:1].upper() == "A":
        return {"score_ns": value}
    written = _SCORE_TAG.fullmatch(value.strip())
    if written is None:
        return {"score_ns": value}  # refused as not a whole number
    side = (written["side"] or ("EW" if declarer.upper() in ("E", "W") else "NS")).upper()
    return {"score_ns" if side == "NS" else "score_ew": written["score"]}


def _deal(
    tags: dict[str, _Tag],
    deals: dict[int, Deal],
    lines: dict[int, int],
    problems: list[str],
    *,
    whole: bool,
) -> None:
    """Keep the game's ``[Deal]`` as its board's. A deal with an unknown hand (``-``) is
    a problem only when the file is read as a hand record (``whole``)."""
    tag = tags.get("deal")
    if tag is None or tag.value in ("", "?"):
        return
    board = tags.get("board")
    if board is None or not _board_number(board.value):
        if whole:
            problems.append(f"line {tag.line}: this deal has no [Board] tag above it")
        return
    number = int(board.value)
    if not whole and _EMPTY in tag.value.replace(":", " ").split():
        return  # a hand record of some hands only: not kept
    try:
        deal = parse_deal(tag.value)
    except InvalidInput as exc:
        problems.append(f"line {tag.line}: board {number}: {exc.message.rstrip('.')}")
        return
    if number in deals and deals[number] != deal:
        problems.append(
            f"line {tag.line}: board {number} is dealt differently on line {lines[number]}: "
            "a board has one deal"
        )
        return
    deals[number] = deal
    lines.setdefault(number, tag.line)


def _board_number(text: str) -> bool:
    """``text`` is a board number, read strictly (``²`` and ``٤`` are digits to Python)."""
    try:
        strict_whole_number(text, "Board", bounds_of("board"))
    except InvalidInput:
        return False
    return True


def _board(tags: dict[str, _Tag], table: _Tag, problems: list[str]) -> int | None:
    tag = tags.get("board")
    if tag is None:
        problems.append(f"line {table.line}: this score table has no [Board] tag above it")
        return None
    try:
        return strict_whole_number(tag.value, "Board", bounds_of("board"))
    except InvalidInput:
        problems.append(f"line {tag.line}: Board {tag.value!r} is not a board number")
        return None


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
    ns, ew = row.get("score_ns", ""), row.get("score_ew", "")
    assigned = None
    if ns.startswith(_ARTIFICIAL) or ew.startswith(_ARTIFICIAL):
        assigned, ns, ew = _assigned(ns, ew), "", ""
    cells["score_ns"], cells["adjusted"] = _score(ns, ew)
    percentages = _artificial_percentages(
        row.get("percentage_ns", ""), row.get("percentage_ew", "")
    )
    if percentages and assigned is None and not cells["adjusted"]:
        cells["adjusted"] = percentages
    if assigned is not None or percentages:
        # The artificial score is the table's: the contract beside it, if any, was not
        # what it is scored on.
        cells["contract"] = cells["declarer"] = cells["tricks"] = cells["score_ns"] = ""
    if assigned is not None:
        if cells["adjusted"]:
            raise InvalidInput("a row is either an assigned score or an adjusted score, not both")
        checked = import_row(line, cells | {"score_ns": "0"}, _LABELS)  # its board and pairs
        return replace(checked, entry=None, assigned=assigned)
    if cells["contract"][:1].upper() == "A":
        # No contract starts with A: the contract cell says the score was adjusted, as
        # both sides' markers (A60/A40), or beside the markers of the score cells.
        marked = cells["contract"].replace(" ", "")
        cells["contract"] = cells["declarer"] = cells["tricks"] = ""
        if "/" in marked and not cells["adjusted"] and not cells["score_ns"]:
            cells["adjusted"] = marked
    return import_row(line, cells, _LABELS)


def _assigned(ns: str, ew: str) -> tuple[tuple[Fraction, int], ...]:
    """An assigned score written as PBN writes an artificial score value, after ``^``:
    NS's score (``^420``) or, weighted, each result with its weight (``^2/3:420,1/3:-50``),
    in Score_NS — or East-West's in Score_EW."""
    if ns.startswith(_ARTIFICIAL):
        outcomes = _outcomes(ns[1:], "Score_NS")
        if ew not in ("", _EMPTY) and (
            not ew.startswith(_ARTIFICIAL)
            or _outcomes(ew[1:], "Score_EW") != tuple((w, -s) for w, s in outcomes)
        ):
            raise InvalidInput(
                f"Score_NS {ns} and Score_EW {ew} disagree: a split assigned score is not "
                "read from a file (give the line one assigned score, then record the split "
                "with `traveller assign --ns-score ... --ew-score ...`)"
            )
        return outcomes
    if ns not in ("", _EMPTY):
        raise InvalidInput(f"Score_EW {ew} is an assigned score, but Score_NS {ns} is not")
    return tuple((w, -s) for w, s in _outcomes(ew[1:], "Score_EW"))


def _outcomes(written: str, label: str) -> tuple[tuple[Fraction, int], ...]:
    """``420`` or ``2/3:420,1/3:-50`` as (weight, score) pairs."""
    outcomes = []
    for part in written.split(","):
        weight, colon, score = part.strip().rpartition(":")
        if _WEIGHTED.fullmatch(score):
            raise InvalidInput(
                f"{label} {_ARTIFICIAL}{written} is a weighted assigned score given as its "
                "average, which cannot be scored: give each result with its weight "
                f"({_ARTIFICIAL}2/3:420,1/3:-50), or record it with `traveller assign`"
            )
        if colon and not _WEIGHT.fullmatch(weight):
            raise InvalidInput(f"{label}: {weight!r} is not a weight such as 2/3")
        number = whole_number(score, label)
        if number is None:
            raise InvalidInput(f"{label} {_ARTIFICIAL}{written} gives no score")
        outcomes.append((Fraction(weight) if colon else Fraction(1), number))
    return tuple(outcomes)


def _artificial_percentages(ns: str, ew: str) -> str:
    """An artificial adjusted score written as PBN writes an artificial score value, in
    the percentage columns (``^60`` and ``^40``), as the adjusted cell reads it
    (``A60/A40``); empty when neither is artificial."""
    if not (ns.startswith(_ARTIFICIAL) or ew.startswith(_ARTIFICIAL)):
        return ""
    if not (ns.startswith(_ARTIFICIAL) and ew.startswith(_ARTIFICIAL)):
        raise InvalidInput(
            "an artificial adjusted score needs a percentage for each side in "
            "Percentage_NS and Percentage_EW, such as ^60 and ^40"
        )
    shown = []
    for label, cell in (("Percentage_NS", ns), ("Percentage_EW", ew)):
        percent = whole_number(cell[1:], label, Bounds(0, 100))
        shown.append(f"A{percent}")
    return "/".join(shown)


def _score(ns: str, ew: str) -> tuple[str, str]:
    """The NS score, or the adjusted score as NS/EW, from the two score cells."""
    if ns[:1].upper() == "A" or ew[:1].upper() == "A":
        if not (ns[:1].upper() == "A" and ew[:1].upper() == "A"):
            raise InvalidInput(
                "an adjusted score needs a marker for each side in Score_NS and Score_EW, "
                "such as A+ and A-"
            )
        return "", f"{ns}/{ew}"
    for label, cell in (("Score_NS", ns), ("Score_EW", ew)):
        if _WEIGHTED.fullmatch(cell):
            raise InvalidInput(
                f"{label} {cell} is a weighted assigned score (law 12C1(c)), which a file "
                "cannot give with its results: give the line the table's result, then "
                "record the weighted score with `traveller assign`"
            )
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
