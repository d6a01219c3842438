"""Tests for engine.bridge: board conditions, contracts and the duplicate score.

The score is checked exhaustively against an independent, table-driven reading of Law 77
written from scratch below (it imports nothing from engine.bridge but the public types).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.bridge import (
    PASSED_OUT,
    Contract,
    Doubling,
    Seat,
    Strain,
    Vulnerability,
    dealer,
    parse_seat,
    possible_scores_ns,
    score,
    score_ns,
    vulnerability,
)
from engine.errors import InvalidContract, InvalidInput
from engine.seating import Line

# --- Board conditions -------------------------------------------------------------------

# JCBL manual: boards 1-16, by dealer column N E S W.
VULNERABILITY_TABLE = {
    Vulnerability.NONE: (1, 14, 11, 8),
    Vulnerability.NS: (5, 2, 15, 12),
    Vulnerability.EW: (9, 6, 3, 16),
    Vulnerability.ALL: (13, 10, 7, 4),
}
DEALER_COLUMNS = (Seat.N, Seat.E, Seat.S, Seat.W)
BOARD_TABLE = {
    board: (DEALER_COLUMNS[column], vul)
    for vul, boards in VULNERABILITY_TABLE.items()
    for column, board in enumerate(boards)
}


def test_board_table_covers_one_to_sixteen() -> None:
    assert sorted(BOARD_TABLE) == list(range(1, 17))


@pytest.mark.parametrize("board", range(1, 17))
def test_dealer_and_vulnerability_match_the_manual(board: int) -> None:
    expected_dealer, expected_vulnerability = BOARD_TABLE[board]
    assert dealer(board) is expected_dealer
    assert vulnerability(board) is expected_vulnerability


@pytest.mark.parametrize("board", range(17, 49))
def test_board_conditions_repeat_every_sixteen(board: int) -> None:
    base = (board - 1) % 16 + 1
    assert dealer(board) is dealer(base)
    assert vulnerability(board) is vulnerability(base)


@given(st.integers(min_value=1, max_value=10_000))
def test_board_conditions_periodic_property(board: int) -> None:
    assert dealer(board + 16) is dealer(board)
    assert vulnerability(board + 16) is vulnerability(board)


@pytest.mark.parametrize("board", [0, -1, -16])
def test_board_numbers_start_at_one(board: int) -> None:
    with pytest.raises(InvalidInput):
        dealer(board)
    with pytest.raises(InvalidInput):
        vulnerability(board)
    with pytest.raises(InvalidInput):
        possible_scores_ns(board)


def test_seat_lines() -> None:
    assert Seat.N.line is Line.NS
    assert Seat.S.line is Line.NS
    assert Seat.E.line is Line.EW
    assert Seat.W.line is Line.EW


@pytest.mark.parametrize(
    ("vul", "vulnerable_seats"),
    [
        (Vulnerability.NONE, ""),
        (Vulnerability.NS, "NS"),
        (Vulnerability.EW, "EW"),
        (Vulnerability.ALL, "NESW"),
    ],
)
def test_is_vulnerable(vul: Vulnerability, vulnerable_seats: str) -> None:
    for seat in Seat:
        assert vul.is_vulnerable(seat) is (seat.value in vulnerable_seats)
        assert vul.is_vulnerable(seat.line) is (seat.value in vulnerable_seats)


# --- Seats ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("N", Seat.N),
        ("n", Seat.N),
        ("North", Seat.N),
        ("NORTH", Seat.N),
        (" S ", Seat.S),
        ("south", Seat.S),
        ("e", Seat.E),
        ("East", Seat.E),
        ("W", Seat.W),
        ("west\n", Seat.W),
    ],
)
def test_parse_seat(text: str, seat: Seat) -> None:
    assert parse_seat(text) is seat


@pytest.mark.parametrize("text", ["", "  ", "X", "NS", "Nort", "NE", "1"])
def test_parse_seat_rejects(text: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_seat(text)
    assert caught.value.hint


# --- Contracts --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("4S", Contract(4, Strain.SPADES)),
        ("4s", Contract(4, Strain.SPADES)),
        ("4 s x", Contract(4, Strain.SPADES, Doubling.DOUBLED)),
        ("  4S  ", Contract(4, Strain.SPADES)),
        ("3NT", Contract(3, Strain.NOTRUMP)),
        ("3nt", Contract(3, Strain.NOTRUMP)),
        ("3N", Contract(3, Strain.NOTRUMP)),
        ("3n", Contract(3, Strain.NOTRUMP)),
        ("3NTX", Contract(3, Strain.NOTRUMP, Doubling.DOUBLED)),
        ("3 NT X", Contract(3, Strain.NOTRUMP, Doubling.DOUBLED)),
        ("3nx", Contract(3, Strain.NOTRUMP, Doubling.DOUBLED)),
        ("6HXX", Contract(6, Strain.HEARTS, Doubling.REDOUBLED)),
        ("6hxx", Contract(6, Strain.HEARTS, Doubling.REDOUBLED)),
        ("6 H X X", Contract(6, Strain.HEARTS, Doubling.REDOUBLED)),
        ("1C", Contract(1, Strain.CLUBS)),
        ("2d", Contract(2, Strain.DIAMONDS)),
        ("7NTXX", Contract(7, Strain.NOTRUMP, Doubling.REDOUBLED)),
        ("4S*", Contract(4, Strain.SPADES, Doubling.DOUBLED)),
        ("4S**", Contract(4, Strain.SPADES, Doubling.REDOUBLED)),
        ("4♠", Contract(4, Strain.SPADES)),
        ("5♦X", Contract(5, Strain.DIAMONDS, Doubling.DOUBLED)),
        ("PASS", PASSED_OUT),
        ("pass", PASSED_OUT),
        ("P", PASSED_OUT),
        ("p", PASSED_OUT),
        ("passed", PASSED_OUT),
        ("Passed out", PASSED_OUT),
        ("ALL PASS", PASSED_OUT),
        ("all pass", PASSED_OUT),
    ],
)
def test_parse_contract(text: str, expected: Contract) -> None:
    assert Contract.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("8S", "8S is not a contract: the level must be 1 to 7."),
        ("0NT", "the level must be 1 to 7"),
        ("10H", "the level must be 1 to 7"),
        ("3NTXXX", "no more"),
        ("4Z", "the strain must be C, D, H, S or NT"),
        ("4", "strain"),
        ("4X", "strain"),
        ("", "No contract"),
        ("   ", "No contract"),
        ("S4", "level"),
        ("X", "level"),
        ("four spades", "level"),
        ("4SX4", "contract"),
        ("PAS", "level"),
    ],
)
def test_parse_contract_rejects(text: str, phrase: str) -> None:
    with pytest.raises(InvalidContract) as caught:
        Contract.parse(text)
    assert phrase in caught.value.message
    assert caught.value.hint is not None
    assert "4S" in caught.value.hint


def test_invalid_contract_is_invalid_input() -> None:
    with pytest.raises(InvalidInput):
        Contract.parse("8S")


@pytest.mark.parametrize(
    ("level", "strain", "doubling"),
    [
        (0, Strain.SPADES, Doubling.UNDOUBLED),
        (8, Strain.NOTRUMP, Doubling.DOUBLED),
        (None, Strain.SPADES, Doubling.UNDOUBLED),
        (4, None, Doubling.UNDOUBLED),
        (None, None, Doubling.DOUBLED),
    ],
)
def test_contract_constructor_rejects(
    level: int | None, strain: Strain | None, doubling: Doubling
) -> None:
    with pytest.raises(InvalidContract):
        Contract(level, strain, doubling)


@pytest.mark.parametrize(
    ("contract", "text"),
    [
        (Contract(4, Strain.SPADES), "4S"),
        (Contract(3, Strain.NOTRUMP, Doubling.DOUBLED), "3NTX"),
        (Contract(6, Strain.HEARTS, Doubling.REDOUBLED), "6HXX"),
        (Contract(1, Strain.CLUBS), "1C"),
        (PASSED_OUT, "PASS"),
    ],
)
def test_contract_str(contract: Contract, text: str) -> None:
    assert str(contract) == text


def test_passed_out_forms() -> None:
    assert Contract.PASSED_OUT is PASSED_OUT
    assert Contract.passed_out() is PASSED_OUT
    assert Contract(None, None) == PASSED_OUT
    assert PASSED_OUT.is_passed_out
    assert not Contract(1, Strain.CLUBS).is_passed_out


def test_doubling_written_forms() -> None:
    assert [str(d) for d in Doubling] == ["", "X", "XX"]
    assert [f"{d}" for d in Doubling] == ["", "X", "XX"]
    assert [int(d) for d in Doubling] == [1, 2, 4]


def test_contracts_are_frozen_and_hashable() -> None:
    contract = Contract(4, Strain.SPADES)
    with pytest.raises(AttributeError):
        contract.level = 5  # type: ignore[misc]
    assert len({contract, Contract.parse("4s"), PASSED_OUT}) == 2


ALL_CONTRACTS = [
    Contract(level, strain, doubling)
    for level, strain, doubling in itertools.product(range(1, 8), Strain, Doubling)
]
contracts = st.sampled_from([*ALL_CONTRACTS, PASSED_OUT])


def test_there_are_105_contracts() -> None:
    assert len(set(ALL_CONTRACTS)) == 7 * 5 * 3


@given(contracts)
def test_parse_str_round_trip(contract: Contract) -> None:
    assert Contract.parse(str(contract)) == contract
    assert str(Contract.parse(str(contract))) == str(contract)


@given(contracts, st.data())
def test_parse_tolerates_case_and_spacing(contract: Contract, data: st.DataObject) -> None:
    text = str(contract)
    noisy = "".join(
        (ch.lower() if data.draw(st.booleans()) else ch) + " " * data.draw(st.integers(0, 2))
        for ch in text
    )
    assert Contract.parse(noisy) == contract


# --- Independent scoring oracle (Law 77, table-driven) ---------------------------------

# Trick value of each odd trick, by strain; notrump's first trick is worth 10 more.
ODD_TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
FIRST_TRICK_EXTRA = {"C": 0, "D": 0, "H": 0, "S": 0, "NT": 10}
MULTIPLIER = {"": 1, "X": 2, "XX": 4}
INSULT = {"": 0, "X": 50, "XX": 100}
GAME_BONUS = {False: 300, True: 500}
PARTSCORE_BONUS = 50
SLAM_BONUS = {(6, False): 500, (6, True): 750, (7, False): 1000, (7, True): 1500}
# Value of each overtrick when doubled or redoubled, by (doubling, vulnerable).
DOUBLED_OVERTRICK = {("X", False): 100, ("X", True): 200, ("XX", False): 200, ("XX", True): 400}
# Penalty for the 1st, 2nd, ... 13th undertrick, by (doubling, vulnerable).
UNDERTRICK_PENALTIES = {
    ("", False): [50] * 13,
    ("", True): [100] * 13,
    ("X", False): [100, 200, 200] + [300] * 10,
    ("X", True): [200] + [300] * 12,
    ("XX", False): [200, 400, 400] + [600] * 10,
    ("XX", True): [400] + [600] * 12,
}
DOUBLING_BY_SYMBOL = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}


def oracle(level: int, strain: str, doubling: str, vulnerable: bool, tricks: int) -> int:
    """The declaring side's score, straight from the tables above."""
    target = 6 + level
    if tricks < target:
        return -sum(UNDERTRICK_PENALTIES[doubling, vulnerable][: target - tricks])
    contract_points = sum(
        (ODD_TRICK_VALUE[strain] + (FIRST_TRICK_EXTRA[strain] if n == 1 else 0))
        * MULTIPLIER[doubling]
        for n in range(1, level + 1)
    )
    bonus = GAME_BONUS[vulnerable] if contract_points >= 100 else PARTSCORE_BONUS
    bonus += SLAM_BONUS.get((level, vulnerable), 0)
    bonus += INSULT[doubling]
    over = tricks - target
    if doubling:
        over_points = over * DOUBLED_OVERTRICK[doubling, vulnerable]
    else:
        over_points = over * ODD_TRICK_VALUE[strain]
    return contract_points + bonus + over_points


@pytest.mark.parametrize(
    ("level", "strain", "doubling", "vulnerable"),
    list(
        itertools.product(range(1, 8), ["C", "D", "H", "S", "NT"], ["", "X", "XX"], [False, True])
    ),
)
def test_score_matches_oracle_for_every_result(
    level: int, strain: str, doubling: str, vulnerable: bool
) -> None:
    contract = Contract(level, Strain(strain), DOUBLING_BY_SYMBOL[doubling])
    for tricks in range(14):
        assert score(contract, tricks, vulnerable) == oracle(
            level, strain, doubling, vulnerable, tricks
        ), f"{contract} {'vul' if vulnerable else 'non-vul'} {tricks} tricks"


# (contract, tricks, vulnerable, declaring side's score), checked by hand.
KNOWN_SCORES = [
    ("4S", 10, False, 420),
    ("4S", 10, True, 620),
    ("3NT", 10, False, 430),
    ("3NT", 10, True, 630),
    ("1NT", 7, False, 90),
    ("1NT", 7, True, 90),
    ("7NTXX", 13, True, 2980),
    ("1CX", 7, False, 140),
    ("2HX", 8, False, 470),
    ("5CX", 8, True, -800),
    ("1NTX", 0, False, -1700),
    ("7NTXX", 0, True, -7600),
    ("2S", 8, False, 110),
    ("5D", 11, False, 400),
    ("6S", 12, True, 1430),
    ("7NT", 13, False, 1520),
    ("4H", 9, False, -50),
    ("4H", 9, True, -100),
    ("4HX", 6, False, -800),
    ("4HX", 6, True, -1100),
    ("4HXX", 6, False, -1600),
    ("1NTXX", 7, False, 560),
    ("1NTXX", 8, True, 1160),
    ("PASS", 0, True, 0),
]


@pytest.mark.parametrize(("text", "tricks", "vulnerable", "expected"), KNOWN_SCORES)
def test_known_scores(text: str, tricks: int, vulnerable: bool, expected: int) -> None:
    contract = Contract.parse(text)
    assert score(contract, tricks, vulnerable) == expected
    if contract.level is not None and contract.strain is not None:
        written = str(contract.doubling)
        assert oracle(contract.level, contract.strain.value, written, vulnerable, tricks) == (
            expected
        )


@pytest.mark.parametrize("tricks", [-1, 14, 100])
def test_score_rejects_impossible_trick_counts(tricks: int) -> None:
    with pytest.raises(InvalidInput):
        score(Contract(4, Strain.SPADES), tricks, False)
    with pytest.raises(InvalidInput):
        score_ns(1, Contract(4, Strain.SPADES), Seat.N, tricks)


@given(contracts, st.booleans())
def test_score_never_falls_with_more_tricks(contract: Contract, vulnerable: bool) -> None:
    scores = [score(contract, tricks, vulnerable) for tricks in range(14)]
    assert scores == sorted(scores)


@given(st.sampled_from(ALL_CONTRACTS), st.booleans(), st.integers(0, 13))
def test_score_sign_tells_made_or_set(contract: Contract, vulnerable: bool, tricks: int) -> None:
    assert contract.level is not None
    made = tricks >= contract.level + 6
    assert (score(contract, tricks, vulnerable) > 0) is made


# --- North-South scores on a board ------------------------------------------------------


@pytest.mark.parametrize(
    ("board", "text", "declarer", "tricks", "expected"),
    [
        (9, "5CX", Seat.W, 8, 800),
        (9, "4H", Seat.S, 10, 420),
        (9, "4H", Seat.S, 9, -50),
        (9, "3NT", Seat.E, 10, -630),
        (9, "3NT", Seat.N, 10, 430),
        (2, "3NT", Seat.N, 10, 630),
        (4, "4S", Seat.W, 10, -620),
        (1, "4S", Seat.E, 10, -420),
        (1, "4S", Seat.E, 9, 50),
        (25, "5CX", Seat.W, 8, 800),  # board 25 plays like board 9
    ],
)
def test_score_ns(board: int, text: str, declarer: Seat, tricks: int, expected: int) -> None:
    assert score_ns(board, Contract.parse(text), declarer, tricks) == expected


def test_score_ns_passed_out() -> None:
    assert score_ns(7, PASSED_OUT, None, None) == 0


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks"),
    [
        (PASSED_OUT, Seat.N, None),
        (PASSED_OUT, None, 0),
        (Contract(4, Strain.SPADES), None, 10),
        (Contract(4, Strain.SPADES), Seat.N, None),
    ],
)
def test_score_ns_rejects_missing_or_extra_details(
    contract: Contract, declarer: Seat | None, tricks: int | None
) -> None:
    with pytest.raises(InvalidInput):
        score_ns(1, contract, declarer, tricks)


def test_score_ns_rejects_board_zero() -> None:
    with pytest.raises(InvalidInput):
        score_ns(0, Contract(4, Strain.SPADES), Seat.N, 10)


@given(
    st.integers(1, 64),
    st.sampled_from(ALL_CONTRACTS),
    st.sampled_from(list(Seat)),
    st.integers(0, 13),
)
def test_score_ns_is_declarers_score_with_ns_sign(
    board: int, contract: Contract, declarer: Seat, tricks: int
) -> None:
    vulnerable = vulnerability(board).is_vulnerable(declarer)
    sign = 1 if declarer in (Seat.N, Seat.S) else -1
    result = score_ns(board, contract, declarer, tricks)
    assert result == sign * score(contract, tricks, vulnerable)
    assert result in possible_scores_ns(board)


# --- Possible scores --------------------------------------------------------------------


def test_possible_scores_examples() -> None:
    assert 420 in possible_scores_ns(1)
    assert -420 in possible_scores_ns(1)
    assert -430 not in possible_scores_ns(9)  # EW are vulnerable: their 3NT+1 is 630
    assert -630 in possible_scores_ns(9)
    assert 430 in possible_scores_ns(9)
    for board in range(1, 17):
        scores = possible_scores_ns(board)
        assert 0 in scores
        assert 1 not in scores
        assert 15 not in scores
        assert -15 not in scores


def test_possible_scores_match_oracle_enumeration() -> None:
    for board in range(1, 17):
        vul = vulnerability(board)
        expected = {0}
        for level, strain, doubling, tricks in itertools.product(
            range(1, 8), ODD_TRICK_VALUE, MULTIPLIER, range(14)
        ):
            expected.add(oracle(level, strain, doubling, vul in ("NS", "All"), tricks))
            expected.add(-oracle(level, strain, doubling, vul in ("EW", "All"), tricks))
        assert possible_scores_ns(board) == expected


def test_possible_scores_are_cached_per_vulnerability() -> None:
    assert possible_scores_ns(1) is possible_scores_ns(8)  # both None
    assert possible_scores_ns(9) is possible_scores_ns(25)
    assert possible_scores_ns(1) != possible_scores_ns(4)
