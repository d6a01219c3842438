"""Reading USEBIO 1.2 files: each quirk a fixture written here from the format's layout
(not copied from any program's file), every problem listed by line, and no input —
random bytes, mutated files, hostile XML — ends in a traceback."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from adapters.files.usebio import check_against_dtd, parse_usebio, read_usebio
from engine.errors import InvalidFile
from engine.seating import Numbering

MITCHELL = b"""<?xml version="1.0" encoding="iso-8859-1"?>
<!DOCTYPE USEBIO SYSTEM "usebio_v1_2.dtd">
<USEBIO Version="1.2">
  <CLUB><CLUB_NAME>Harbour Bridge Club</CLUB_NAME><CLUB_ID_NUMBER>77</CLUB_ID_NUMBER></CLUB>
  <EVENT EVENT_TYPE="PAIRS">
    <PROGRAM_NAME>Hand written</PROGRAM_NAME>
    <EVENT_DESCRIPTION>Tuesday pairs</EVENT_DESCRIPTION>
    <DATE>03/11/2026</DATE>
    <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
    <WINNER_TYPE>2</WINNER_TYPE>
    <SESSION SESSION_ID="1">
      <SECTION SECTION_ID="A">
        <PARTICIPANTS>
          <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
            <PLAYER><PLAYER_NAME>Ann North</PLAYER_NAME></PLAYER>
            <PLAYER><PLAYER_NAME>Sam South</PLAYER_NAME></PLAYER></PAIR>
          <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION>
            <PLAYER><PLAYER_NAME>Nell Nash</PLAYER_NAME></PLAYER>
            <PLAYER><PLAYER_NAME>Sid Shaw</PLAYER_NAME></PLAYER></PAIR>
          <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION>
            <PLAYER><PLAYER_NAME>Eve East</PLAYER_NAME></PLAYER>
            <PLAYER><PLAYER_NAME>Will West</PLAYER_NAME></PLAYER></PAIR>
          <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION>
            <PLAYER><PLAYER_NAME>Ed Elm</PLAYER_NAME></PLAYER>
            <PLAYER><PLAYER_NAME>Wyn Wood</PLAYER_NAME></PLAYER></PAIR>
        </PARTICIPANTS>
        <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
            <CONTRACT>3NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>S4</LEAD>
            <TRICKS>10</TRICKS><SCORE>430</SCORE></TRAVELLER_LINE>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
            <CONTRACT>4S</CONTRACT><PLAYED_BY>S</PLAYED_BY><LEAD>HK</LEAD>
            <TRICKS>10</TRICKS><SCORE>420</SCORE></TRAVELLER_LINE>
        </BOARD>
        <BOARD><BOARD_NUMBER>2</BOARD_NUMBER>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
            <CONTRACT>2H</CONTRACT><PLAYED_BY>E</PLAYED_BY><LEAD></LEAD>
            <TRICKS>8</TRICKS><SCORE>-110</SCORE></TRAVELLER_LINE>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
            <CONTRACT>PASS</CONTRACT><SCORE>0</SCORE></TRAVELLER_LINE>
        </BOARD>
        <BOARD><BOARD_NUMBER>3</BOARD_NUMBER>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER>
            <SCORE>A60/A40</SCORE></TRAVELLER_LINE>
          <TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
            <CONTRACT>1NT</CONTRACT><PLAYED_BY>W</PLAYED_BY>
            <TRICKS>7</TRICKS><SCORE>-90</SCORE></TRAVELLER_LINE>
        </BOARD>
      </SECTION>
    </SESSION>
  </EVENT>
</USEBIO>
"""


def test_a_mitchell_is_read_with_its_players_and_numbering() -> None:
    found = parse_usebio(MITCHELL)
    assert found.problems == []
    assert found.numbering is Numbering.MITCHELL
    assert found.method == "MATCH_POINTS"
    assert found.names == {
        "NS1": ["Ann North", "Sam South"],
        "NS2": ["Nell Nash", "Sid Shaw"],
        "EW1": ["Eve East", "Will West"],
        "EW2": ["Ed Elm", "Wyn Wood"],
    }
    rows = {(r.board, r.ns, r.ew): r for r in found.rows}
    assert len(rows) == 6
    first = rows[1, 1, 1].entry
    assert first is not None
    assert (first.contract, first.declarer, first.tricks, first.lead, first.score_ns) == (
        "3NT",
        "N",
        10,
        "S4",
        430,
    )
    passed = rows[2, 2, 1].entry
    assert passed is not None and passed.contract == "PASS" and passed.declarer is None
    adjusted = rows[3, 1, 1].adjusted
    assert adjusted is not None and adjusted.text == "A60/A40"
    assert (
        rows[3, 1, 1].line
        == MITCHELL.decode("latin-1")
        .splitlines()
        .index(
            "          <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1"
            "</EW_PAIR_NUMBER>",
            40,
        )
        + 1
    )


def howell(*, lines: str, pairs: str = "") -> bytes:
    """A one-section Howell file with no SESSION or SECTION (the boards under the event)."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
  <EVENT EVENT_TYPE="PAIRS">
    <PARTICIPANTS>{pairs}</PARTICIPANTS>
    <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD>
  </EVENT>
</USEBIO>
""".encode()


def line(ns: str, ew: str, score: str, more: str = "") -> str:
    return (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>{more}<SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )


def test_a_howell_without_sessions_or_sections_is_one_series() -> None:
    pairs = (
        "<PAIR><PAIR_NUMBER>3</PAIR_NUMBER><PLAYER><PLAYER_NAME>小林 一郎</PLAYER_NAME></PLAYER>"
        "<PLAYER><PLAYER_NAME>佐藤 花子</PLAYER_NAME></PLAYER></PAIR>"
    )
    found = parse_usebio(howell(lines=line("1", "3", "420") + line("2", "4", "-50"), pairs=pairs))
    assert found.problems == []
    assert found.numbering is Numbering.HOWELL
    assert found.names == {"3": ["小林 一郎", "佐藤 花子"]}
    assert [(r.ns, r.ew) for r in found.rows] == [(1, 3), (2, 4)]


def test_pair_numbers_written_with_their_line_or_section() -> None:
    found = parse_usebio(howell(lines=line("1NS", "EW3", "420") + line("A2", "4", "-50")))
    assert found.problems == []
    assert [(r.ns, r.ew) for r in found.rows] == [(1, 3), (2, 4)]


def test_an_ew_score_alone_is_the_ns_score_negated() -> None:
    text = howell(
        lines="<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2"
        "</EW_PAIR_NUMBER><EW_SCORE>620</EW_SCORE></TRAVELLER_LINE>"
    )
    found = parse_usebio(text)
    assert found.problems == []
    assert found.rows[0].entry is not None and found.rows[0].entry.score_ns == -620


def test_every_bad_line_is_listed_by_its_line() -> None:
    text = howell(
        lines="\n"
        + line("1", "2", "lots")
        + "\n"
        + line("", "4", "100")
        + "\n"
        + line("3", "9Q", "100")
        + "\n"
        + line("5", "6", "A60/A40", "<CONTRACT>3NT</CONTRACT>")
    )
    found = parse_usebio(text)
    assert [p.split(":", 1)[0] for p in found.problems] == ["line 6", "line 7", "line 8", "line 9"]
    assert "SCORE 'lots' is not a whole number" in found.problems[0]
    assert "NS_PAIR_NUMBER of this line is empty" in found.problems[1]
    assert "EW_PAIR_NUMBER '9Q' is not a pair number" in found.problems[2]
    assert "either a result or an adjusted score" in found.problems[3]


def test_an_element_out_of_place_is_refused_by_the_dtd() -> None:
    text = howell(lines=line("1", "2", "100", "<BOARD_NUMBER>9</BOARD_NUMBER>"))
    found = parse_usebio(text)
    assert found.rows == []
    assert found.problems and found.problems[0].startswith("line 5: Element TRAVELLER_LINE")


def test_what_is_not_a_usebio_pairs_file_is_said_plainly() -> None:
    assert "not well-formed XML" in parse_usebio(b"<USEBIO><EVENT>").problems[0]
    assert "not <USEBIO>" in parse_usebio(b"<PBN/>").problems[0]
    teams = b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS"/></USEBIO>'
    assert "TEAMS event" in parse_usebio(teams).problems[0]
    old = b'<USEBIO Version="0.9"><EVENT EVENT_TYPE="PAIRS"/></USEBIO>'
    assert "version '0.9'" in parse_usebio(old).problems[0]
    empty = b'<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"/></USEBIO>'
    assert parse_usebio(empty).problems == [
        "the file has no results: no BOARD has a TRAVELLER_LINE"
    ]


def test_the_section_and_session_are_chosen_by_their_ids() -> None:
    two = MITCHELL.replace(b"</SESSION>", b'</SESSION><SESSION SESSION_ID="2"></SESSION>')
    assert parse_usebio(two, session=1).problems == []
    missing = parse_usebio(two, session=3)
    assert "no session 3 (its sessions: 1, 2)" in missing.problems[0]
    sections = MITCHELL.replace(b"</SECTION>", b'</SECTION><SECTION SECTION_ID="B"></SECTION>')
    assert parse_usebio(sections, section="b").problems == [
        "the file has no results: no BOARD has a TRAVELLER_LINE"
    ]
    assert "no section C (its sections: A, B)" in parse_usebio(sections, section="C").problems[0]


def test_entities_are_never_expanded() -> None:
    laughs = b"""<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><EVENT_DESCRIPTION>&d;</EVENT_DESCRIPTION>
</EVENT></USEBIO>"""
    found = parse_usebio(laughs)
    assert found.rows == []
    assert found.problems  # refused, quickly, without expanding anything


def test_external_entities_are_not_fetched(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("430")
    text = howell(lines=line("1", "2", "&x;")).replace(
        b"<USEBIO", f'<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "{secret}">]>\n<USEBIO'.encode(), 1
    )
    found = parse_usebio(text)
    assert all(r.entry is None or r.entry.score_ns != 430 for r in found.rows)
    assert found.problems


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.xml"
    big.write_bytes(b" " * (5 * 1024 * 1024 + 1))
    try:
        read_usebio(big)
    except InvalidFile as refused:
        assert refused.code == "file.too_large"
    else:  # pragma: no cover
        raise AssertionError("a file that large was read")


def test_the_dtd_itself_accepts_the_fixture() -> None:
    root = etree.fromstring(MITCHELL, etree.XMLParser(resolve_entities=False, no_network=True))
    assert check_against_dtd(root) == []


# ---- fuzz: nothing ends in a traceback ------------------------------------------------------

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_never_raise(data: bytes) -> None:
    found = parse_usebio(data)
    assert found.problems or found.rows


@FUZZ
@given(
    st.integers(min_value=0, max_value=len(MITCHELL) - 1),
    st.integers(min_value=0, max_value=60),
    st.binary(max_size=30),
)
def test_mutated_files_never_raise(at: int, cut: int, inserted: bytes) -> None:
    mutated = MITCHELL[:at] + inserted + MITCHELL[at + cut :]
    found = parse_usebio(mutated)
    assert found.problems or found.rows


@FUZZ
@given(
    st.sampled_from(["1", "NS2", "x", "", "-3", "99999999", "1.5", "A+", "A60/A40", "N"]),
    st.sampled_from(["3NT", "PASS", "", "8NT", "4SXX", "Z"]),
    st.sampled_from(["N", "E", "", "Q"]),
    st.sampled_from(["9", "", "14", "-1", "ten"]),
    st.sampled_from(["430", "", "A", "N", "-110", "+50", "A60/A40", "1e9"]),
)
def test_mutated_cells_are_problems_never_tracebacks(
    pair: str, contract: str, declarer: str, tricks: str, score: str
) -> None:
    more = (
        f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{declarer}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
    )
    found = parse_usebio(howell(lines=line(pair, "2", score, more)))
    assert found.problems or found.rows
