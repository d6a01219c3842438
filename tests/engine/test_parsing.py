"""The one strict reader of numbers (engine.parsing): ASCII digits, at most one sign,
bounded — and never an exception other than a director's error."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.application import Traveller
from engine.errors import InvalidInput
from engine.parsing import (
    MOST_NAME,
    MOST_SCORE,
    MOST_WHOLE,
    WHOLE,
    Bounds,
    bounds_of,
    check_name,
    number_list,
    whole_number,
)
from engine.seating import Numbering, Pair
from engine.section import ResultEntry

STRICT = re.compile(r" *[+-]?[0-9]+ *", re.ASCII)


@pytest.mark.parametrize("text", ["12", "-50", "+420", "0", " 7 ", "007"])
def test_ascii_digits_with_one_sign_are_numbers(text: str) -> None:
    assert whole_number(text, "--x") == int(text)


@pytest.mark.parametrize(
    "text",
    ["+-420", "--5", "++5", "１２", "٤٢", "1_0", "5.0", "0x10", "1e3", "", " ", "-", "1 2",
     "\t5", "5\n", "²", "NaN", "9" * 5000],
)  # fmt: skip
def test_anything_else_is_not_a_whole_number(text: str) -> None:
    with pytest.raises(InvalidInput, match="is not a whole number") as refused:
        whole_number(text, "--x")
    assert refused.value.code == "number.not_whole"


@pytest.mark.parametrize("text", [str(2**64), str(10**18), str(MOST_WHOLE + 1), f"-{2**63}"])
def test_absurd_numbers_are_out_of_range(text: str) -> None:
    with pytest.raises(InvalidInput, match="out of range") as refused:
        whole_number(text, "--x")
    assert refused.value.code == "number.out_of_range"


def test_named_numbers_have_their_own_bounds() -> None:
    assert bounds_of("board") == Bounds(1, 9_999)
    assert bounds_of("score_ns") == Bounds(-7_600, 7_600)
    assert bounds_of("anything") == WHOLE
    with pytest.raises(InvalidInput, match="Give a number from 1 to 9999"):
        whole_number("0", "--board", bounds_of("board"))


@settings(max_examples=300)
@given(st.text(max_size=30))
def test_any_text_is_a_number_exactly_when_it_is_strictly_written(text: str) -> None:
    try:
        number = whole_number(text, "--x")
    except InvalidInput:
        assert not STRICT.fullmatch(text) or abs(int(text)) > MOST_WHOLE
    else:
        assert STRICT.fullmatch(text) and number == int(text)


@settings(max_examples=200)
@given(st.integers(-MOST_WHOLE, MOST_WHOLE))
def test_every_number_in_bounds_reads_back(number: int) -> None:
    assert whole_number(str(number), "--x") == number
    assert whole_number(f"+{number}" if number >= 0 else str(number), "--x") == number


def test_lists_and_ranges() -> None:
    assert number_list("1-4,9", "--group", bounds_of("pair")) == [1, 2, 3, 4, 9]
    assert number_list("1, 2", "--sessions", bounds_of("session"), ranges=False) == [1, 2]
    with pytest.raises(InvalidInput, match="out of range"):
        number_list("1-1000000000", "--group", bounds_of("pair"))  # never made
    with pytest.raises(InvalidInput, match="runs backwards"):
        number_list("8-1", "--group", bounds_of("pair"))
    with pytest.raises(InvalidInput, match="gives no number"):
        number_list(",", "--sessions", bounds_of("session"))
    with pytest.raises(InvalidInput, match="is not a number or a range of numbers"):
        number_list("1,１", "--sessions", bounds_of("session"))


@settings(max_examples=200)
@given(st.text(alphabet="0123456789,- +١_", max_size=20))
def test_any_list_text_is_read_or_refused(text: str) -> None:
    try:
        numbers = number_list(text, "--group", bounds_of("pair"))
    except InvalidInput:
        return
    assert numbers and all(1 <= n <= 9_999 for n in numbers)


def test_a_name_is_bounded() -> None:
    assert check_name("a" * MOST_NAME) == "a" * MOST_NAME
    with pytest.raises(InvalidInput, match="is too long") as refused:
        check_name("a" * (MOST_NAME + 1))
    assert refused.value.code == "name.too_long"


@pytest.mark.parametrize("text", ["NS٤", "1_0", "+5", "NS 10000", "EW", "²"])
def test_a_pair_is_read_strictly(text: str) -> None:
    with pytest.raises(ValueError):
        Pair.parse(text)


def test_a_pair_as_written() -> None:
    assert [Pair.parse(t).key for t in ("5", "NS5", "ew 12", " 07 ")] == ["5", "NS5", "EW12", "7"]


@pytest.mark.parametrize(
    ("board", "ns", "ew", "said"),
    [(10**18, 1, 2, "board 1000000000000000000 is out of range"), (1, 10**18, 2, "NS 10"),
     (1, 1, 2**64, "EW 18446744073709551616 is out of range")],
)  # fmt: skip
def test_the_engine_bounds_board_and_pair_numbers_without_a_movement(
    board: int, ns: int, ew: int, said: str
) -> None:
    """A results-only section has no movement to bound its numbers: an API client's board
    10^18 was recorded. The engine bounds them itself."""
    app = Traveller()
    event = app.create_event("No movement")
    before = app.position()
    entry = ResultEntry(board=board, ns=ns, ew=ew, score_ns=420)
    with pytest.raises(InvalidInput, match=said):
        app.record_result(event, entry, numbering=Numbering.MITCHELL)
    assert app.position() == before
    app.record_result(
        event, ResultEntry(board=1, ns=1, ew=2, score_ns=420), numbering=Numbering.MITCHELL
    )
    assert app.position() > before


def test_the_engine_bounds_an_overridden_score() -> None:
    """``--override`` lets an impossible score in, never one beyond any table's (2^63 was)."""
    app = Traveller()
    event = app.create_event("Overridden")
    before = app.position()
    for score in (2**63, -(MOST_SCORE + 1)):
        entry = ResultEntry(board=1, ns=1, ew=2, score_ns=score)
        with pytest.raises(InvalidInput, match=r"NS score .* is out of range"):
            app.record_result(event, entry, numbering=Numbering.MITCHELL, override="odd")
    assert app.position() == before
    entry = ResultEntry(board=1, ns=1, ew=2, score_ns=MOST_SCORE)
    app.record_result(event, entry, numbering=Numbering.MITCHELL, override="odd")
