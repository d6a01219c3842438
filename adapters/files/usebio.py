"""Results from a USEBIO file (USEBIO 1.2, the XML the EBU and other federations' club
programs exchange): one section's traveller lines and the players of its pairs.

A USEBIO document holds a club and an event; the event its sessions (``SESSION
SESSION_ID``), a session its sections (``SECTION SECTION_ID``), a section its
``PARTICIPANTS`` and its ``BOARD`` elements, each board a ``TRAVELLER_LINE`` per table::

    <USEBIO Version="1.2">
      <EVENT EVENT_TYPE="PAIRS">
        <SESSION SESSION_ID="1"><SECTION SECTION_ID="A">
          <PARTICIPANTS>
            <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
              <PLAYER><PLAYER_NAME>Ann North</PLAYER_NAME></PLAYER> …</PAIR>
          </PARTICIPANTS>
          <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
            <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
              <CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>S4</LEAD>
              <TRICKS>10</TRICKS><SCORE>430</SCORE></TRAVELLER_LINE></BOARD>
        </SECTION></SESSION>
      </EVENT>
    </USEBIO>

The file is first checked against the format's document type definition
(:data:`DTD_FILE`, read with lxml; the file's own DTD is never loaded, its entities never
expanded, nothing fetched from the network), so an element out of place is reported by
its line. Read from each traveller line: the pair numbers, ``CONTRACT``, ``PLAYED_BY``
(declarer), ``TRICKS`` (the tricks declarer took), ``LEAD`` and ``SCORE`` (the NS score;
one is enough, given both they must agree). A passed-out board is ``PASS`` with score 0.
An adjusted score is written in ``SCORE`` as Traveller's travellers write it — ``A60/A40``,
``A+/A-``, or ``N`` for a neutral board — with no contract. The match points and the
places in the file are the other program's own scoring: Traveller scores the results
itself.

The pairs are numbered as the file numbers them: in a Mitchell (a number that plays NS
and EW on the same board, or participants listed once NS and once EW under one number)
NS and EW are numbered apart, otherwise one series. Every problem is listed, by line.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from lxml import etree

from adapters.files.reading import import_row, line_of, read_bytes, whole_number
from engine.errors import InvalidInput, TravellerError
from engine.parsing import MOST_ROWS
from engine.seating import Line, Numbering
from engine.section import ImportRow
from engine.tournament import Player

DTD_FILE = Path(__file__).with_name("usebio_v1_2.dtd")
"""The document type definition every file read or written is checked against."""

PAIRS_EVENTS = ("PAIRS", "MP_PAIRS")
"""The ``EVENT_TYPE`` of an event whose travellers are pairs' results."""

_PAIR = re.compile(
    r"(?P<before>NS|EW|[A-Z])?\s*(?P<number>\d{1,6})\s*(?P<after>NS|EW|N|E)?", re.ASCII
)
#: How a problem names each cell: by the file's own element.
_LABELS = {
    "board": "BOARD_NUMBER",
    "ns": "NS_PAIR_NUMBER",
    "ew": "EW_PAIR_NUMBER",
    "contract": "CONTRACT",
    "declarer": "PLAYED_BY",
    "tricks": "TRICKS",
    "score_ns": "SCORE",
    "adjusted": "an adjusted SCORE (A60/A40, A+/A-, or N)",
    "lead": "LEAD",
}


@dataclass
class UsebioSection:
    """What a USEBIO file gives the import for one section: its rows, the players of each
    pair (``"NS3"``, ``"EW3"`` in a Mitchell, else ``"3"``), how its pairs are numbered,
    the file's board scoring method, and every problem found, by line: with the results,
    and with the players' names (which matter only to a section with no entries yet)."""

    rows: list[ImportRow] = field(default_factory=list)
    names: dict[str, list[str]] = field(default_factory=dict)
    numbering: Numbering | None = None
    method: str | None = None
    problems: list[str] = field(default_factory=list)
    name_problems: list[str] = field(default_factory=list)

    def for_section(
        self, *, unseated: bool, numbering: Numbering | None
    ) -> tuple[list[str], dict[str, list[Player]], Numbering | None]:
        """What to import into a section (``numbering``: its own, if any): the problems
        that stop it, the entries to register (only into a section with none, whose name
        problems then count too), and the numbering to choose (the file's, for a section
        not numbered yet)."""
        chosen = self.numbering if numbering is None else None
        if not unseated:
            return sorted(self.problems, key=line_of), {}, chosen
        names = {pair: [Player(name=n) for n in players] for pair, players in self.names.items()}
        return sorted(self.problems + self.name_problems, key=line_of), names, chosen


def read_usebio(path: Path, *, session: int = 1, section: str = "A") -> UsebioSection:
    """One section of a USEBIO file (see :func:`parse_usebio`)."""
    return parse_usebio(read_bytes(path), session=session, section=section)


def parse_usebio(data: bytes, *, session: int = 1, section: str = "A") -> UsebioSection:
    """The section ``section`` of the session ``session`` of a USEBIO document (a file
    of one session or one section is read whatever its ids), and every problem found."""
    found = UsebioSection()
    root = _checked(data, found.problems)
    if root is None:
        return found
    event = _event(root, found.problems)
    if event is None:
        return found
    found.method = _text(event.find("BOARD_SCORING_METHOD")) or None
    place = _place(event, session, section, found.problems)
    if place is None:
        return found
    pairs = _participants(place)
    lines = list(_lines(place))
    if len(lines) > MOST_ROWS:
        found.problems.append(
            f"the file has more than {MOST_ROWS} traveller lines: it cannot be one section's"
        )
        return found
    found.numbering = _numbering(pairs, lines)
    for board, line in lines:
        try:
            found.rows.append(_row(board, line))
        except TravellerError as exc:
            found.problems.append(f"line {line.sourceline}: {exc}")
    found.names = _names(pairs, found.numbering, found.name_problems)
    if not found.rows and not found.problems:
        found.problems.append("the file has no results: no BOARD has a TRAVELLER_LINE")
    found.problems.sort(key=line_of)
    return found


def check_against_dtd(document: etree._Element) -> list[str]:
    """Every way ``document`` breaks the USEBIO DTD, by line (none: it is valid)."""
    with DTD_FILE.open("rb") as file:
        dtd = etree.DTD(file)
    if dtd.validate(document):
        return []
    errors = cast(Iterable[Any], dtd.error_log)  # lxml's stubs leave the log untyped
    return [f"line {e.line}: {e.message}" for e in errors]


# ---- the document ---------------------------------------------------------------------------


def _checked(data: bytes, problems: list[str]) -> etree._Element | None:
    """The document's root, once it is XML and keeps the DTD; None (with the problems)
    when it is not."""
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        line = exc.lineno or 0
        problems.append(f"line {line}: this is not well-formed XML ({exc.msg})")
        return None
    if root is None or root.tag != "USEBIO":
        problems.append(
            f"line {1 if root is None else root.sourceline}: the document is "
            f"{'empty' if root is None else '<' + str(root.tag) + '>'}, not <USEBIO>: "
            "this is not a USEBIO file"
        )
        return None
    version = root.get("Version", "")
    if not version.startswith("1."):
        problems.append(
            f"line {root.sourceline}: USEBIO version {version!r}: Traveller reads "
            "USEBIO 1.x files (1.2)"
        )
        return None
    problems += check_against_dtd(root)
    return None if problems else root


def _event(root: etree._Element, problems: list[str]) -> etree._Element | None:
    events = root.findall("EVENT")
    if len(events) != 1:
        problems.append(
            f"line {root.sourceline}: the file holds {len(events)} events: export one event "
            "to a file"
        )
        return None
    event = events[0]
    kind = event.get("EVENT_TYPE", "").upper()
    if kind not in PAIRS_EVENTS:
        problems.append(
            f"line {event.sourceline}: this is a {kind or 'blank'} event: Traveller imports "
            "the travellers of a pairs event (EVENT_TYPE PAIRS)"
        )
        return None
    return event


def _place(
    event: etree._Element, session: int, section: str, problems: list[str]
) -> etree._Element | None:
    """The element that holds the section's boards: its SECTION, or the session (or the
    event) itself when the file has no sections."""
    sessions = event.findall("SESSION") or [event]
    chosen = _pick(sessions, "SESSION_ID", str(session), "session", problems)
    if chosen is None:
        return None
    sections = chosen.findall("SECTION") or [chosen]
    return _pick(sections, "SECTION_ID", section, "section", problems)


def _pick(
    places: list[etree._Element], key: str, wanted: str, what: str, problems: list[str]
) -> etree._Element | None:
    if len(places) == 1:
        return places[0]
    for place in places:
        if place.get(key, "").strip().upper() == wanted.strip().upper():
            return place
    ids = ", ".join(place.get(key, "?") for place in places)
    problems.append(
        f"line {places[0].sourceline}: the file has no {what} {wanted} (its {what}s: {ids}): "
        f"give the {what} to import with --{what}"
    )
    return None


def _participants(place: etree._Element) -> list[etree._Element]:
    """The pairs listed for the place: its own participants, else its session's or its
    event's."""
    node: etree._Element | None = place
    while node is not None:
        listed = node.find("PARTICIPANTS")
        if listed is not None:
            return listed.findall("PAIR")
        node = node.getparent()
    return []


def _lines(place: etree._Element) -> Iterator[tuple[etree._Element, etree._Element]]:
    """Each traveller line of the place, with its board."""
    for board in place.findall("BOARD"):
        for line in board.findall("TRAVELLER_LINE"):
            yield board, line


def _line_of(element: etree._Element) -> int:
    """The line an element starts on (lxml knows it for every parsed element)."""
    number: object = element.sourceline
    return number if isinstance(number, int) else 0


def _text(element: etree._Element | None) -> str:
    return "" if element is None else " ".join((element.text or "").split())


# ---- pairs ----------------------------------------------------------------------------------


def _pair(text: str, label: str) -> tuple[int, Line | None]:
    """A pair number as files write it: ``3``, ``NS3``/``3NS``, or ``A3`` (its section)."""
    found = _PAIR.fullmatch(text.strip().upper())
    if found is None:
        raise InvalidInput(f"{label} {text!r} is not a pair number")
    side = found["before"] if found["before"] in ("NS", "EW") else found["after"]
    line = None if side is None else Line.NS if side.startswith("N") else Line.EW
    return int(found["number"]), line


def _numbering(
    pairs: list[etree._Element], lines: list[tuple[etree._Element, etree._Element]]
) -> Numbering:
    """Mitchell when a number is two pairs — listed once NS and once EW, or playing a
    board twice (its NS pair and its EW pair) — otherwise one series."""
    listed: defaultdict[str, set[str]] = defaultdict(set)
    for pair in pairs:
        direction = _text(pair.find("DIRECTION")).upper().replace("-", "").replace("/", "")
        listed[_text(pair.find("PAIR_NUMBER"))].add(direction[:1])
    if any({"N", "E"} <= sides for sides in listed.values()):
        return Numbering.MITCHELL
    plays: Counter[tuple[str, str]] = Counter()
    for board, line in lines:
        number = _text(board.find("BOARD_NUMBER"))
        for side in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
            plays[number, _text(line.find(side))] += 1
    return Numbering.MITCHELL if any(n > 1 for n in plays.values()) else Numbering.HOWELL


def _names(
    pairs: list[etree._Element], numbering: Numbering, problems: list[str]
) -> dict[str, list[str]]:
    """Each listed pair's players, by the pair as the import names it."""
    names: dict[str, list[str]] = {}
    for pair in pairs:
        written = _text(pair.find("PAIR_NUMBER"))
        players = [_text(p.find("PLAYER_NAME")) or _text(p) for p in pair.findall("PLAYER")]
        players = [p for p in players if p]
        if not written or not players:
            continue
        try:
            number, line = _pair(written, "PAIR_NUMBER")
        except TravellerError as exc:
            problems.append(f"line {pair.sourceline}: {exc}")
            continue
        if numbering is Numbering.MITCHELL:
            direction = _text(pair.find("DIRECTION")).upper()[:1]
            line = line or (Line.NS if direction == "N" else Line.EW if direction == "E" else None)
            if line is None:
                problems.append(
                    f"line {pair.sourceline}: pair {number} has no DIRECTION: in a Mitchell "
                    "NS and EW pairs share numbers, so each pair needs its direction"
                )
                continue
        key = f"{line.value}{number}" if numbering is Numbering.MITCHELL and line else str(number)
        if len(players) != 2:
            problems.append(
                f"line {pair.sourceline}: pair {key} has {len(players)} players named "
                f"({', '.join(players)}): a pair is two players"
            )
            continue
        names[key] = players
    return names


# ---- one traveller line ----------------------------------------------------------------------


def _row(board: etree._Element, line: etree._Element) -> ImportRow:
    """The line as the import's cells, read by :func:`~adapters.files.reading.import_row`."""
    cells = {
        "board": _text(board.find("BOARD_NUMBER")),
        "contract": _text(line.find("CONTRACT")),
        "declarer": _text(line.find("PLAYED_BY")),
        "tricks": _text(line.find("TRICKS")),
        "lead": _text(line.find("LEAD")),
    }
    for side, element in (("ns", "NS_PAIR_NUMBER"), ("ew", "EW_PAIR_NUMBER")):
        written = _text(line.find(element))
        if not written:
            raise InvalidInput(f"the {element} of this line is empty")
        cells[side] = str(_pair(written, element)[0])
    score = _text(line.find("SCORE")) or _text(line.find("NS_SCORE"))
    if score[:1].upper() == "A" or score.upper() in ("N", "NEUTRAL"):
        # import_row refuses a line that is both a result and an adjusted score.
        cells["adjusted"] = score
    elif score:
        cells["score_ns"] = score
    elif _text(line.find("EW_SCORE")):
        ew = whole_number(_text(line.find("EW_SCORE")), "EW_SCORE")
        cells["score_ns"] = "" if ew is None else str(-ew)
    if cells["contract"].upper() in ("PASS", "P", "PASSED", "ALL PASS"):
        cells["declarer"] = cells["tricks"] = cells["lead"] = ""
    return import_row(_line_of(line), cells, _LABELS)
