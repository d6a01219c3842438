"""A session of a pairs event as a USEBIO 1.2 document (the file other federations' club
programs read: :mod:`adapters.files.usebio` reads it back).

The document holds the club, the event (its name, date, board scoring method, and one or
two winners), the session and each of its sections: the pairs with their players, place,
total score and percentage, and every board's traveller lines — pair numbers, contract,
declarer, lead, tricks taken, the NS score and, in a matchpoint game, each side's
matchpoints. An adjusted score is written in ``SCORE`` as Traveller's travellers show it
(``A60/A40``, ``A+/A-``, ``N`` for a neutral board), with no contract. It is built from the
application's answers (the standings and the travellers), never from the store, and
checked against the format's DTD before it is written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from lxml import etree

from adapters.files.usebio import DTD_FILE, check_against_dtd
from adapters.version import VERSION
from engine.application.queries import Queries
from engine.errors import N_, InvalidInput, NotFound
from engine.ranks import Standings
from engine.seating import Line
from engine.tournament.events import ContestantKind

USEBIO_VERSION = "1.2"

#: Traveller's scoring method → the ``BOARD_SCORING_METHOD`` USEBIO names it by.
BOARD_SCORING = {
    "matchpoints": "MATCH_POINTS",
    "cross-imps": "CROSS_IMPS",
    "butler": "BUTLER",
    "houston": "BUTLER",
    "total-points": "AGGREGATE",
}


@dataclass(frozen=True)
class SessionResults:
    """What a USEBIO export writes: the event's own words, the session's standings, and
    each section's travellers (section → the boards' travellers, as the application's
    traveller query answers them)."""

    name: str
    date: dt.date | None
    club: str | None
    session: int
    standings: Standings
    travellers: Mapping[str, Sequence[Mapping[str, Any]]]


def session_results(app: Queries, event_id: UUID, session: int) -> SessionResults:
    """What the export writes of a session, as the application answers it: the standings
    and every board's traveller of each section (the boards with a result). A team or
    individual event is refused: USEBIO's pairs layout cannot say it."""
    now = app.event_state(event_id)
    tournament = now.tournament
    sections = now.sections_of(session)
    other = next(
        (s for s in sections if s.movement is not None and s.movement.kind != "pairs"), None
    )
    if tournament.ranking.contestants is not ContestantKind.PAIRS or other is not None:
        raise InvalidInput(
            N_("Only a pairs event is exported as USEBIO: this event ranks %(kind)s."),
            hint=N_("Export it as PBN, or its whole record as an event file."),
            code="usebio.not_pairs",
            kind=other.movement.kind if other is not None and other.movement else "players",
        )
    travellers = {
        s.name: [
            app.traveller(event_id, board, session=session, section=s.name).to_json()
            for board in sorted({board for board, _ in s.tables})
        ]
        for s in sections
    }
    if not any(travellers.values()):
        raise NotFound(
            N_("Session %(session)s has no results yet: there is nothing to export."),
            hint=N_("Record or import the results first."),
            code="usebio.no_results",
            session=session,
        )
    return SessionResults(
        name=tournament.name,
        date=tournament.date,
        club=tournament.club,
        session=session,
        standings=app.standings(event_id, session),
        travellers=travellers,
    )


def usebio_document(results: SessionResults) -> bytes:
    """The session as a USEBIO 1.2 document (UTF-8), checked against the DTD."""
    root = etree.Element("USEBIO", Version=USEBIO_VERSION)
    if results.club:
        _child(etree.SubElement(root, "CLUB"), "CLUB_NAME", results.club)
    event = etree.SubElement(root, "EVENT", EVENT_TYPE="PAIRS")
    _child(event, "PROGRAM_NAME", "Traveller")
    _child(event, "PROGRAM_VERSION", VERSION)
    _child(event, "EVENT_DESCRIPTION", results.name)
    if results.date is not None:
        _child(event, "DATE", results.date.strftime("%d/%m/%Y"))
    method = results.standings.method
    if method in BOARD_SCORING:
        _child(event, "BOARD_SCORING_METHOD", BOARD_SCORING[method])
    rows = _rows_by_section(results.standings)
    two_winners = any(f.name.upper() in ("NS", "EW") for f in results.standings.fields)
    _child(event, "WINNER_TYPE", "2" if two_winners else "1")
    _child(event, "SESSION_COUNT", "1")
    _child(event, "SECTION_COUNT", str(len(results.travellers)))
    session = etree.SubElement(event, "SESSION", SESSION_ID=str(results.session))
    for name, boards in results.travellers.items():
        section = etree.SubElement(session, "SECTION", SECTION_ID=name)
        _participants(section, rows.get(name, []))
        for board in boards:
            _board(section, board, matchpoints=method == "matchpoints")
    problems = check_against_dtd(root)
    if problems:  # Traveller's own writing: a bug, said plainly rather than a bad file
        raise InvalidInput(
            N_("The USEBIO file Traveller wrote breaks the format's DTD (%(dtd)s): %(problem)s"),
            hint=N_("Nothing was written. Report this with the event's export."),
            code="usebio.invalid_export",
            dtd=DTD_FILE.name,
            problem=problems[0],
        )
    body: bytes = etree.tostring(root, encoding="UTF-8", xml_declaration=True, pretty_print=True)
    # The DOCTYPE names the DTD the way USEBIO files do, after the declaration.
    declaration, _, rest = body.partition(b"\n")
    return declaration + b'\n<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">\n' + rest


def _child(parent: etree._Element, tag: str, text: object) -> etree._Element:
    element = etree.SubElement(parent, tag)
    element.text = str(text)
    return element


def _rows_by_section(standings: Standings) -> dict[str, list[Any]]:
    """Each section's standing rows (a field that spans several sections names each
    row's own)."""
    rows: dict[str, list[Any]] = {}
    seen: set[tuple[str, str]] = set()
    for f in standings.fields:
        for row in f.rows:
            section = row.section or f.section
            if (section, row.pair.key) not in seen:
                seen.add((section, row.pair.key))
                rows.setdefault(section, []).append(row)
    return rows


def _participants(section: etree._Element, rows: Sequence[Any]) -> None:
    listed = etree.SubElement(section, "PARTICIPANTS")
    for row in rows:
        pair = etree.SubElement(listed, "PAIR")
        _child(pair, "PAIR_NUMBER", row.pair.number)
        if row.pair.line is not None:
            _child(pair, "DIRECTION", "NS" if row.pair.line is Line.NS else "EW")
        for name in row.names:
            _child(etree.SubElement(pair, "PLAYER"), "PLAYER_NAME", name)
        _child(pair, "PLACE", row.rank)
        _child(pair, "TOTAL_SCORE", row.score)
        _child(pair, "PERCENTAGE", row.percentage)


def _board(section: etree._Element, board: Mapping[str, Any], *, matchpoints: bool) -> None:
    element = etree.SubElement(section, "BOARD")
    _child(element, "BOARD_NUMBER", board["board"])
    for result in board["results"]:
        line = etree.SubElement(element, "TRAVELLER_LINE")
        _child(line, "NS_PAIR_NUMBER", result["ns"])
        _child(line, "EW_PAIR_NUMBER", result["ew"])
        if result.get("adjusted"):
            _child(line, "SCORE", result["adjusted"])
        else:
            _child(line, "CONTRACT", result.get("contract") or "")
            _child(line, "PLAYED_BY", result.get("declarer") or "")
            _child(line, "LEAD", result.get("lead") or "")
            tricks = result.get("tricks")
            _child(line, "TRICKS", "" if tricks is None else tricks)
            score = result.get("score_ns")
            _child(line, "SCORE", "" if score is None else score)
        if matchpoints:
            _child(line, "NS_MATCH_POINTS", result["points_ns"])
            _child(line, "EW_MATCH_POINTS", result["points_ew"])
