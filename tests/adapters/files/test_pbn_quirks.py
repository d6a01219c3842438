"""What real PBN results files hold, each quirk a fixture written from the PBN 2.1
standard: notes beside the auction, a sit-out row, one game per table, pair ids that say
the numbering, the deal kept, adjusted scores in the contract column."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters.files.pbn import numbering_shown, parse_names, parse_pbn, parse_results
from engine.deals import parse_deal
from engine.seating import Numbering
from engine.section import Adjusted, ImportRow, ResultEntry

DEAL_1 = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

#: Every alerted call has its note (PBN 2.1 §3.5: "Note" tags follow the auction).
NOTES = rf"""[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL_1}"]
[Auction "N"]
1C =1= Pass 1D =2= Pass
1NT Pass Pass Pass
[Note "1:could be short"]
[Note "2:hearts"]
[Contract "1NT"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]
1 2 1NT N 7 90
3 4 1NT N 8 120
"""


def test_several_notes_in_one_board_are_no_problem() -> None:
    rows, problems = parse_results(NOTES)
    assert problems == []
    assert [(r.ns, r.ew) for r in rows] == [(1, 2), (3, 4)]


def test_a_tag_other_than_note_twice_is_still_a_problem() -> None:
    _, problems = parse_results(NOTES.replace('[Contract "1NT"]', '[Auction "S"]'))
    assert problems and "a second [Auction] tag" in problems[0]


#: A Ruter score table: the pair that sat the round out has a row of its own, "Bye".
SIT_OUT = r"""[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[ScoreTable "Round;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 1 2 2S E 8 - 110
1 3 Bye - - - - -
2 Bye 4 - - - - -
2 5 6 "Bye" - - - -
"""


def test_a_sit_out_row_written_bye_is_no_result() -> None:
    rows, problems = parse_results(SIT_OUT)
    assert problems == []
    assert rows == [
        ImportRow(
            5,
            2,
            1,
            2,
            entry=ResultEntry(
                board=2, ns=1, ew=2, contract="2S", declarer="E", tricks=8, score_ns=-110, round=1
            ),
        )
    ]


#: One game per table (RealBridge, EBL): no score table, each game is one table's play,
#: its result in the game's own tags, its pairs in PairId_NS and PairId_EW.
ONE_GAME_PER_TABLE = rf"""[Event "Online qualifier"]
[Board "1"]
[Table "1"]
[Round "1"]
[PairId_NS "1"]
[PairId_EW "2"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL_1}"]
[Declarer "N"]
[Contract "1NT"]
[Result "7"]
[Score "NS 90"]

[Event "#"]
[Board "1"]
[Table "2"]
[Round "1"]
[PairId_NS "3"]
[PairId_EW "4"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{DEAL_1}"]
[Declarer "W"]
[Contract "2C"]
[Result "8"]
[Score "EW 90"]

[Board "1"]
[PairId_NS "5"]
[PairId_EW "6"]
[Deal "{DEAL_1}"]
[Declarer "E"]
[Contract "2H"]
[Result "7"]
[Score "-50"]
"""


def test_one_game_per_table_gives_each_tables_result() -> None:
    found = parse_pbn(ONE_GAME_PER_TABLE)
    assert found.problems == []
    assert [(r.ns, r.ew, r.entry and r.entry.score_ns) for r in found.rows] == [
        (1, 2, 90),
        (3, 4, -90),
        (5, 6, 50),  # a score alone is declarer's side's: EW -50
    ]
    assert found.rows[0].entry == ResultEntry(
        board=1, ns=1, ew=2, contract="1NT", declarer="N", tricks=7, score_ns=90, round=1, table=1
    )
    assert found.deals == {1: parse_deal(DEAL_1)}


def test_a_game_of_one_table_is_read_like_a_row() -> None:
    text = ONE_GAME_PER_TABLE.replace('[Score "NS 90"]', '[Score "NS 100"]')
    rows_read, problems = parse_results(text)
    # The score is checked against the contract when the rows are imported.
    assert problems == [] and rows_read[0].entry and rows_read[0].entry.score_ns == 100
    _, problems = parse_results(text.replace('[Result "7"]', '[Result "seven"]', 1))
    assert problems == ["line 11: Result 'seven' is not a whole number"]


def test_a_hand_record_game_is_no_result() -> None:
    found = parse_pbn(f'[Board "3"]\n[Deal "{DEAL_1}"]\n', results=False)
    assert found.rows == [] and found.problems == []
    assert found.deals == {3: parse_deal(DEAL_1)}


def test_the_deal_is_kept_and_a_board_dealt_twice_differently_is_a_problem() -> None:
    north_and_south_swapped = (
        "N:765.432.AKQJ.T98 T98.765.432.AKQJ AKQJ.T98.765.432 432.AKQJ.T98.765"
    )
    last = f'[Deal "{DEAL_1}"]\n[Declarer "E"]'
    text = ONE_GAME_PER_TABLE.replace(last, last.replace(DEAL_1, north_and_south_swapped))
    found = parse_pbn(text)
    assert found.problems == [
        "line 32: board 1 is dealt differently on line 9: a board has one deal"
    ]


def test_a_deal_that_is_not_52_cards_is_a_problem_by_line() -> None:
    text = NOTES.replace("AKQJ.T98", "AKQJ.AT98")
    _, problems = parse_results(text)
    assert problems == [
        "line 4: board 1: N's hand 'AKQJ.AT98.765.432' does not hold 13 different cards of the deal"
    ]


# ---- numbering ------------------------------------------------------------------------------


def rows(*pairs: tuple[int, int, int]) -> list[ImportRow]:
    return [
        ImportRow(0, b, ns, ew, entry=ResultEntry(board=b, ns=ns, ew=ew)) for b, ns, ew in pairs
    ]


def test_one_series_when_a_number_sits_both_ways_on_different_boards() -> None:
    # A Howell: pair 1 is NS on board 1 and EW on board 3.
    assert numbering_shown(rows((1, 1, 2), (1, 3, 4), (3, 2, 1), (3, 4, 3))) is Numbering.HOWELL


def test_two_series_when_one_board_has_the_same_number_both_ways() -> None:
    # A Mitchell: NS 1 and EW 1 both play board 1 — two pairs.
    assert numbering_shown(rows((1, 1, 2), (1, 2, 1), (3, 1, 1))) is Numbering.MITCHELL
    assert numbering_shown(rows((1, 1, 1))) is Numbering.MITCHELL


def test_no_number_both_ways_shows_nothing() -> None:
    assert numbering_shown(rows((1, 1, 7), (2, 2, 8))) is None


def test_pair_ids_with_their_line_are_two_series() -> None:
    text = r"""[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Score_NS"]
NS1 EW2 90
NS2 EW1 -50
"""
    found = parse_pbn(text)
    assert found.problems == []
    assert [(r.ns, r.ew) for r in found.rows] == [(1, 2), (2, 1)]
    assert found.numbering is Numbering.MITCHELL
    _, problems = parse_results(text.replace("NS2 EW1", "EW2 EW1"))
    assert problems == ["line 4: PairId_NS 'EW2' names a pair of the other line"]


def test_the_file_shows_its_numbering() -> None:
    assert parse_pbn(NOTES).numbering is None
    howell = NOTES.replace("3 4 1NT N 8 120", "2 1 1NT N 8 120").replace(
        '[Board "1"]', '[Board "1"]', 1
    )
    howell += (
        howell.replace('[Board "1"]', '[Board "2"]')
        .replace('[Dealer "N"]', '[Dealer "E"]')
        .replace('[Vulnerable "None"]', '[Vulnerable "NS"]')
        .replace("1 2 1NT N 7 90\n2 1 1NT N 8 120", "3 1 1NT N 7 120\n2 4 1NT N 8 120")
    )
    assert parse_pbn(howell).numbering is Numbering.MITCHELL  # 1 and 2 both ways on board 1


# ---- adjusted scores -------------------------------------------------------------------------


ADJUSTED = r"""[Board "4"]
[Dealer "W"]
[Vulnerable "All"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 2 A60/A40 - - - -
3 4 "A+/A-" - - - -
5 6 A - - A60 A60
7 8 - - - A A
"""


@pytest.mark.parametrize(
    ("line", "adjusted"),
    [(5, "A60/A40"), (6, "A+/A-"), (7, "A60/A60"), (8, "A/A")],
)
def test_adjusted_scores_in_the_contract_or_the_score_columns(line: int, adjusted: str) -> None:
    rows_read, problems = parse_results(ADJUSTED)
    assert problems == []
    row = next(r for r in rows_read if r.line == line)
    assert row.entry is None and row.adjusted == Adjusted.parse(adjusted)


def test_an_adjusted_score_for_one_side_only_is_a_problem() -> None:
    _, problems = parse_results(ADJUSTED.replace("A60/A40", "A60"))
    assert problems and problems[0].startswith("line 5:")


# ---- no input is a traceback ----------------------------------------------------------------


FIXTURES = (NOTES, SIT_OUT, ONE_GAME_PER_TABLE, ADJUSTED)


@settings(max_examples=300, deadline=None)
@given(
    st.text(alphabet=st.sampled_from('[]"\\ {};%#-:.\n\tABNSEWPairIdScoreTableDeal0123456789AKQJT'))
)
def test_random_text_is_read_or_refused_by_line_never_a_traceback(text: str) -> None:
    for results in (True, False):
        found = parse_pbn(text, results=results)
        assert all(isinstance(p, str) for p in found.problems)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_fixtures_are_read_or_refused_never_a_traceback(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(FIXTURES))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 6))
        piece = data.draw(st.text(alphabet='[]"\\ ;-#:.\nAKQJT0123456789NSEWBye', max_size=6))
        text = text[:at] + piece + text[at + cut :]
    for results in (True, False):
        found = parse_pbn(text, results=results)
        assert all(
            p.startswith("line ") or p.startswith("the file") or p.startswith("no row")
            for p in found.problems
        ), found.problems


def test_a_weighted_score_is_refused_with_how_to_record_it() -> None:
    text = ADJUSTED.replace("7 8 - - - A A", "7 8 - - - 233.33 -")
    _, problems = parse_results(text)
    assert problems == [
        "line 8: Score_NS 233.33 is a weighted assigned score (law 12C1(c)), which a file "
        "cannot give with its results: give the line the table's result, then record the "
        "weighted score with `traveller assign`"
    ]


def test_one_game_per_table_names_its_players_in_its_seat_tags() -> None:
    text = ONE_GAME_PER_TABLE.replace(
        '[PairId_EW "2"]\n', '[PairId_EW "2"]\n[North "Sato"]\n[South "Ito"]\n', 1
    ).replace('[PairId_EW "4"]\n', '[PairId_EW "4"]\n[East "Kato"]\n[West "Abe"]\n', 1)
    names, problems = parse_names(text)
    assert problems == []
    assert names == {"NS1": ["Sato", "Ito"], "EW4": ["Kato", "Abe"]}


#: PBN 2.1 §5.2: "A table element representing an artificial score value is preceded by
#: the caret character": an artificial adjusted score in the percentage columns, an
#: assigned score in the score columns (weighted: each result with its weight).
ARTIFICIAL = r"""[Board "5"]
[Dealer "N"]
[Vulnerable "NS"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;Percentage_NS;Percentage_EW"]
1 2 - - - - - ^60 ^40
3 4 4S N 9 - - ^50 ^50
5 6 - - - ^620 - - -
7 8 - - - - ^-620 - -
9 10 - - - ^2/3:620,1/3:-100 - - -
11 12 4S N 10 ^620 ^-620 - -
"""  # noqa: E501 (a score table's header is one line)


def test_artificial_scores_after_a_caret_as_pbn_2_1_writes_them() -> None:
    rows_read, problems = parse_results(ARTIFICIAL)
    assert problems == []
    by_line = {r.line: r for r in rows_read}
    assert by_line[5].adjusted == Adjusted.parse("A60/A40") and by_line[5].entry is None
    assert by_line[6].adjusted == Adjusted.parse("A50/A50")  # the contract is not scored
    one = ((Fraction(1), 620),)
    assert by_line[7].assigned == by_line[8].assigned == by_line[10].assigned == one
    assert by_line[9].assigned == ((Fraction(2, 3), 620), (Fraction(1, 3), -100))
    assert all(r.entry is None and r.adjusted is None for r in rows_read if r.line >= 7)


@pytest.mark.parametrize(
    ("row", "words"),
    [
        ("1 2 - - - - - ^60 -", "a percentage for each side"),
        ("1 2 - - - - - ^160 ^40", "Percentage_NS"),
        ("1 2 - - - ^233.33 - - -", "weighted assigned score given as its average"),
        ("1 2 - - - ^620 ^-600 - -", "split assigned score"),
        ("1 2 - - - ^x:620 - - -", "'x' is not a weight"),
        ("1 2 - - - 620 ^-620 - -", "is an assigned score, but Score_NS 620 is not"),
    ],
)
def test_a_wrong_artificial_score_is_a_problem_of_its_line(row: str, words: str) -> None:
    header = ARTIFICIAL.split("\n1 2", 1)[0]
    _, problems = parse_results(f"{header}\n{row}\n")
    assert len(problems) == 1 and problems[0].startswith("line 5:") and words in problems[0]
