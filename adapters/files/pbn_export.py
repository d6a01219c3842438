r"""A session of an event as a PBN 2.1 file, as other scoring programs read one.

Each board is one game: the export format's mandatory tags (``Event``, ``Site``,
``Date``, ``Board``, the four players, ``Dealer``, ``Vulnerable``, ``Deal`` — empty
when no deal is recorded — ``Scoring``, ``Declarer``, ``Contract``, ``Result``), then its
``ScoreTable``: every table's result with the points it earned, in each section::

    [ScoreTable "Section\1R;PairId_NS\2R;PairId_EW\2R;Contract\5L;Declarer\1R;Result\2R;…"]
    A  1  1 4S    N 10  420    - 2.00 0.00

An artificial adjusted score is written with a marker for each side in the score
columns (``A60`` and ``A40``), a neutral board with ``A`` and ``A``; an assigned score as
PBN 2.1 writes an artificial score value, after a caret: ``^420``, or a weighted one
with each result's weight, ``^2/3:420,1/3:-50``. The first game also carries the
``TotalScoreTable``: each field's ranking, with the pairs' names and, in a Mitchell, the
``Direction`` of each pair (NS 3 and EW 3 are two pairs). Pair numbers are plain
numbers, as every reader takes them; a reader tells a Mitchell from a Howell by the
numbers (a board played by the same number both ways is played by two pairs).

A split assigned score (each side its own result) has no PBN form: its line is written
with the points it earned and its results in a ``;`` comment, and a file holding one
does not import back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from uuid import UUID

from engine import bridge
from engine.application import Traveller
from engine.errors import NotFound

_SCORING = {"MP": "MP", "IMP": "IMP"}


def export_pbn(app: Traveller, event: UUID, session: int = 1) -> str:
    """The PBN 2.1 text of ``session`` of ``event``: its deals, each board's score table
    and the session's total score table."""
    tournament = app.tournament(event)
    standings = app.standings(event, session).to_json()
    sections = app.sections(event, session)
    many = len(sections) > 1
    deals = tournament.deals.get(session, {})
    boards: set[int] = set(deals)
    for section in sections:
        boards.update(board for board, _ in section.tables)
        if section.movement is not None:
            boards.update(section.movement.boards)
    travellers: dict[int, list[dict[str, Any]]] = {}
    for board in sorted(boards):
        for section in sections:
            try:
                shown = app.traveller(event, board, session=session, section=section.name)
            except NotFound:
                continue  # a board the section did not play
            travellers.setdefault(board, []).append(shown.to_json())
    unit = next((t["unit"] for ts in travellers.values() for t in ts if t["unit"]), None)
    head = [
        "% PBN 2.1",
        "% EXPORT",
        "%Creator: Traveller",
    ]
    games: list[list[str]] = []
    for board in sorted(boards):
        tags = {
            "Event": tournament.name,
            "Site": tournament.club or "",
            "Date": "" if tournament.date is None else tournament.date.strftime("%Y.%m.%d"),
            "Board": str(board),
            "West": "",
            "North": "",
            "East": "",
            "South": "",
            "Dealer": bridge.dealer(board).value,
            "Vulnerable": bridge.vulnerability(board).value,
            "Deal": deals.get(board, ""),
            "Scoring": _SCORING.get(unit or "", ""),
            "Declarer": "",
            "Contract": "",
            "Result": "",
        }
        lines = [f'[{name} "{_escaped(value)}"]' for name, value in tags.items()]
        lines += _score_table(travellers.get(board, []), unit, many)
        games.append(lines)
    if not games:
        games.append([f'[Event "{_escaped(tournament.name)}"]'])
    games[0] += _total_score_table(standings, unit, many)
    return "\n".join(head + ["\n".join(game) + "\n" for game in games])


def _score_table(travellers: Sequence[dict[str, Any]], unit: str | None, many: bool) -> list[str]:
    if not any(t["results"] for t in travellers):
        return []
    points = unit or "Points"
    columns = [
        *(["Section\\1R"] if many else []),
        "PairId_NS\\2R",
        "PairId_EW\\2R",
        "Contract\\5L",
        "Declarer\\1R",
        "Result\\2R",
        "Lead\\3L",
        "Score_NS\\6R",
        "Score_EW\\6R",
        f"{points}_NS\\5R",
        f"{points}_EW\\5R",
    ]
    rows = []
    for shown in travellers:
        for r in shown["results"]:
            cells = [*([shown["section"]] if many else []), str(r["ns"]), str(r["ew"])]
            comment = ""
            if r["adjusted"] and r["assigned"] is None:
                ns, _, ew = ("A/A" if r["adjusted"] == "N" else r["adjusted"]).partition("/")
                cells += ["-", "-", "-", "-", ns, ew]
            elif r["assigned"] is not None and not r["assigned"]["split"]:
                # PBN 2.1 §5.2: an artificial score value starts with a caret.
                outcomes = r["assigned"]["ns"]
                written = (
                    str(outcomes[0][1])
                    if len(outcomes) == 1
                    else ",".join(f"{w}:{score}" for w, score in outcomes)
                )
                cells += ["-", "-", "-", "-", f"^{written}", "-"]
            elif r["assigned"] is not None:
                cells += ["-", "-", "-", "-", "-", "-"]
                comment = f" ; split assigned score {r['adjusted']}"
            else:
                score = r["score_ns"]
                cells += [
                    r["contract"] or "-",
                    r["declarer"] or "-",
                    "-" if r["tricks"] is None else str(r["tricks"]),
                    r["lead"] or "-",
                    str(score) if score >= 0 else "-",
                    str(-score) if score < 0 else "-",
                ]
            cells += [r["points_ns"], r["points_ew"]]
            rows.append(" ".join(_cell(c) for c in cells) + comment)
    return [f'[ScoreTable "{";".join(columns)}"]', *rows]


def _total_score_table(standings: dict[str, Any], unit: str | None, many: bool) -> list[str]:
    fields = standings["fields"]
    mitchell = any(f["name"] in ("NS", "EW") for f in fields)
    total = f"Total{unit}" if unit else "TotalScore"
    columns = [
        *(["Section\\1R"] if many else []),
        "Rank\\3R",
        "PairId\\2R",
        *(["Direction\\2R"] if mitchell else []),
        f"{total}\\7R",
        "TotalPercentage\\6R",
        "NrBoards\\2R",
        "Names\\40L",
    ]
    rows = []
    for f in fields:
        for r in f["rows"]:
            if r.get("player") is not None:
                continue  # an individual's row: PBN's total score table ranks pairs
            cells: list[str] = [
                *([r.get("section") or f["section"]] if many else []),
                str(r["rank"]),
                str(r["pair"]),
                *([f["name"]] if mitchell else []),
                str(r["score"]),
                "-" if r.get("percentage") is None else str(r["percentage"]),
                str(r.get("boards_played", "-")),
                "; ".join(r.get("names") or []) or "-",
            ]
            rows.append(" ".join(_cell(c) for c in cells))
    return [f'[TotalScoreTable "{";".join(columns)}"]', *rows]


def _cell(value: str) -> str:
    """A score-table value: quoted when it holds a space (or is empty)."""
    if not value:
        return "-"
    return f'"{_escaped(value)}"' if any(c.isspace() or c in '";{}' for c in value) else value


def _escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')
