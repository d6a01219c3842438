"""The game itself: seats, strains, contracts, board conditions and the duplicate score.

Small, immutable values with no I/O. Board conditions follow the standard 16-board cycle
(JCBL manual); scores follow the Laws of Duplicate Bridge 2017, Law 77.
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass
from typing import ClassVar

from engine.errors import N_, InvalidContract, InvalidInput
from engine.seating import Line

__all__ = [
    "PASSED_OUT",
    "Contract",
    "Doubling",
    "Seat",
    "Strain",
    "Vulnerability",
    "dealer",
    "parse_lead",
    "parse_seat",
    "possible_scores_ns",
    "score",
    "score_ns",
    "vulnerability",
]


class Seat(enum.StrEnum):
    """A compass seat at the table."""

    N = "N"
    """North, who deals boards 1, 5, 9, 13."""
    E = "E"
    """East, who deals boards 2, 6, 10, 14."""
    S = "S"
    """South, who deals boards 3, 7, 11, 15."""
    W = "W"
    """West, who deals boards 4, 8, 12, 16."""

    @property
    def line(self) -> Line:
        """The side this seat sits on: NS for North and South, EW for East and West."""
        return Line.NS if self in (Seat.N, Seat.S) else Line.EW


class Strain(enum.StrEnum):
    """The denomination of a contract: a trump suit or notrump."""

    CLUBS = "C"
    """Clubs, a minor: 20 a trick."""
    DIAMONDS = "D"
    """Diamonds, a minor: 20 a trick."""
    HEARTS = "H"
    """Hearts, a major: 30 a trick."""
    SPADES = "S"
    """Spades, a major: 30 a trick."""
    NOTRUMP = "NT"
    """Notrump: 40 for the first trick, 30 for each after."""


class Doubling(enum.IntEnum):
    """Whether the final contract was doubled or redoubled; the value multiplies the trick score."""

    UNDOUBLED = 1
    """Not doubled; written with nothing (``4S``)."""
    DOUBLED = 2
    """Doubled; written ``X`` (``4SX``)."""
    REDOUBLED = 4
    """Redoubled; written ``XX`` (``4SXX``)."""

    @property
    def symbol(self) -> str:
        """How the doubling is written after a contract: ``""``, ``"X"`` or ``"XX"``."""
        return {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}[self]

    def __str__(self) -> str:
        return self.symbol

    def __format__(self, format_spec: str) -> str:
        return format(self.symbol, format_spec)


class Vulnerability(enum.StrEnum):
    """Which sides are vulnerable on a board."""

    NONE = "None"
    """Neither side is vulnerable (Love All)."""
    NS = "NS"
    """North-South are vulnerable."""
    EW = "EW"
    """East-West are vulnerable."""
    ALL = "All"
    """Both sides are vulnerable (Game All)."""

    def is_vulnerable(self, seat_or_line: Seat | Line) -> bool:
        """Whether the player in that seat, or that side, is vulnerable on the board."""
        line = seat_or_line.line if isinstance(seat_or_line, Seat) else seat_or_line
        if self is Vulnerability.ALL:
            return True
        if self is Vulnerability.NONE:
            return False
        return self.value == line.value


_BOARD_HINT = N_("Boards are numbered from 1.")


def _check_board(board: int) -> None:
    if board < 1:
        raise InvalidInput(
            N_("There is no board %(board)s."), hint=_BOARD_HINT, code="board.number", board=board
        )


def dealer(board: int) -> Seat:
    """The dealer of a board: North, East, South, West in turn from board 1."""
    _check_board(board)
    return (Seat.N, Seat.E, Seat.S, Seat.W)[(board - 1) % 4]


def vulnerability(board: int) -> Vulnerability:
    """The vulnerability of a board, from the standard 16-board cycle.

    Each round of four boards runs None, NS, EW, All; every later round starts one step
    further along (board 5 is NS, board 9 EW, board 13 All), and board 17 starts again.
    """
    _check_board(board)
    round_, position = divmod((board - 1) % 16, 4)
    cycle = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.ALL)
    return cycle[(round_ + position) % 4]


_CONTRACT_HINT = N_(
    "Write the contract as level, strain and doubling, e.g. 4S, 3NTX, 6HXX, or PASS."
)

_PASS_WORDS = frozenset(
    {"P", "PASS", "PASSES", "PASSED", "PASSOUT", "PASSEDOUT", "ALLPASS", "ALLPASSED"}
)
_STRAIN_WORDS = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "N": Strain.NOTRUMP,
    "NT": Strain.NOTRUMP,
}
_SUIT_SYMBOLS = str.maketrans("♣♧♦♢♥♡♠♤", "CCDDHHSS")
_DOUBLING_WORDS = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}
_CONTRACT_RE = re.compile(r"(?P<level>\d*)(?P<strain>\D*?)(?P<doubling>[X*]*)")


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract of a board: level, strain and doubling, or passed out.

    A passed-out board has neither level nor strain (see :data:`PASSED_OUT`).
    """

    level: int | None
    """How many tricks over six declarer undertook, 1 to 7; None when passed out."""
    strain: Strain | None
    """The trump suit or notrump; None when passed out."""
    doubling: Doubling = Doubling.UNDOUBLED
    """Undoubled, doubled or redoubled."""

    PASSED_OUT: ClassVar[Contract]
    """The board was passed out: no contract, and a score of 0 for both sides."""

    def __post_init__(self) -> None:
        if self.level is None and self.strain is None:
            if self.doubling is not Doubling.UNDOUBLED:
                raise InvalidContract(
                    N_("A passed-out board cannot be doubled or redoubled."),
                    hint=_CONTRACT_HINT,
                    code="contract.passed_doubled",
                )
            return
        if self.level is None or self.strain is None:
            raise InvalidContract(
                N_("A contract needs both a level and a strain; a passed-out board has neither."),
                hint=_CONTRACT_HINT,
                code="contract.half",
            )
        if not 1 <= self.level <= 7:
            raise InvalidContract(
                N_("%(contract)s is not a contract: the level must be 1 to 7."),
                hint=_CONTRACT_HINT,
                code="contract.level",
                contract=f"{self.level}{self.strain.value}{self.doubling.symbol}",
            )

    @classmethod
    def passed_out(cls) -> Contract:
        """The passed-out board."""
        return PASSED_OUT

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read a contract as a director writes it: ``4S``, ``3NTX``, ``6HXX``, ``PASS``.

        Case and spaces do not matter (``4 s x``, ``3nt``); ``N`` stands for ``NT``, suit
        symbols and ``*`` for ``X`` are understood, and ``P``, ``PASSED`` or ``ALL PASS``
        mean the board was passed out.
        """
        shown = " ".join(text.split())
        if not shown:
            raise InvalidContract(
                N_("No contract was given."), hint=_CONTRACT_HINT, code="contract.missing"
            )
        compact = "".join(shown.split()).upper().translate(_SUIT_SYMBOLS)
        if compact in _PASS_WORDS:
            return PASSED_OUT
        match = _CONTRACT_RE.fullmatch(compact)
        if match is None or not match["level"]:
            raise InvalidContract(
                N_("%(contract)s is not a contract: it must start with the level, 1 to 7."),
                hint=_CONTRACT_HINT,
                code="contract.no_level",
                contract=shown,
            )
        level = int(match["level"])
        if not 1 <= level <= 7:
            raise InvalidContract(
                N_("%(contract)s is not a contract: the level must be 1 to 7."),
                hint=_CONTRACT_HINT,
                code="contract.level",
                contract=shown,
            )
        if not match["strain"]:
            raise InvalidContract(
                N_("%(contract)s is not a contract: the strain (C, D, H, S or NT) is missing."),
                hint=_CONTRACT_HINT,
                code="contract.no_strain",
                contract=shown,
            )
        strain = _STRAIN_WORDS.get(match["strain"])
        if strain is None:
            raise InvalidContract(
                N_("%(contract)s is not a contract: the strain must be C, D, H, S or NT."),
                hint=_CONTRACT_HINT,
                code="contract.strain",
                contract=shown,
            )
        doubling = _DOUBLING_WORDS.get(match["doubling"].replace("*", "X"))
        if doubling is None:
            raise InvalidContract(
                N_(
                    "%(contract)s is not a contract: it can be doubled (X) or redoubled (XX), "
                    "no more."
                ),
                hint=_CONTRACT_HINT,
                code="contract.doubling",
                contract=shown,
            )
        return cls(level, strain, doubling)

    def __str__(self) -> str:
        if self.level is None or self.strain is None:
            return "PASS"
        return f"{self.level}{self.strain.value}{self.doubling.symbol}"

    def __repr__(self) -> str:
        """``Contract.parse('4SX')``: a repr that reads back as the same contract."""
        return f"Contract.parse({str(self)!r})"

    @property
    def is_passed_out(self) -> bool:
        """Whether the board was passed out."""
        return self.level is None


PASSED_OUT = Contract(None, None)
"""The board was passed out: no contract, and a score of 0 for both sides."""
Contract.PASSED_OUT = PASSED_OUT


def parse_seat(text: str) -> Seat:
    """Read a seat: ``N``, ``north``, `` S `` and the like."""
    word = text.strip().upper()
    for seat, name in ((Seat.N, "NORTH"), (Seat.E, "EAST"), (Seat.S, "SOUTH"), (Seat.W, "WEST")):
        if word in (seat.value, name):
            return seat
    raise InvalidInput(
        N_("%(seat)s is not a seat.") if text.strip() else N_("An empty seat is not a seat."),
        hint=N_("Write the declarer as N, E, S or W (or North, East, South, West)."),
        code="seat.declarer",
        seat=text.strip(),
    )


_RANKS = "AKQJT98765432"
_LEAD_RE = re.compile(r"(?P<before>[SHDC]?)(?P<rank>10|[AKQJT2-9])(?P<after>[SHDC]?)")


def parse_lead(text: str) -> str:
    """Read an opening lead, a card, as ``SK``: the suit (S, H, D, C or its symbol) and the
    rank (A K Q J T 9 … 2, ``10`` for T), in either order and any case."""
    compact = "".join(text.split()).upper().translate(_SUIT_SYMBOLS)
    match = _LEAD_RE.fullmatch(compact)
    if match is None or bool(match["before"]) == bool(match["after"]):
        raise InvalidInput(
            N_("%(lead)s is not a card for the opening lead.")
            if compact
            else N_("An empty opening lead is not a card."),
            hint=N_("Write the suit and the rank of the card led, e.g. SK, H10, D4 or ♣A."),
            code="lead.card",
            lead=repr(text.strip()),
        )
    rank = "T" if match["rank"] == "10" else match["rank"]
    assert rank in _RANKS
    return f"{match['before'] or match['after']}{rank}"


def _check_tricks(tricks: int) -> None:
    if not 0 <= tricks <= 13:
        raise InvalidInput(
            N_("%(tricks)s tricks is impossible: declarer takes 0 to 13 tricks."),
            hint=N_("Write the number of tricks declarer took, e.g. 10 for 4S made exactly."),
            code="result.tricks",
            tricks=tricks,
        )


def score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's duplicate score: positive when made, negative when set.

    ``tricks`` is the number of tricks declarer took (0 to 13). A passed-out board scores 0.
    """
    _check_tricks(tricks)
    level, strain, doubling = contract.level, contract.strain, contract.doubling
    if level is None or strain is None:
        return 0
    redoubled = doubling is Doubling.REDOUBLED
    needed = level + 6

    if tricks < needed:
        down = needed - tricks
        if doubling is Doubling.UNDOUBLED:
            return -down * (100 if vulnerable else 50)
        if vulnerable:
            penalty = 200 + 300 * (down - 1)
        else:
            penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return -penalty * (2 if redoubled else 1)

    per_trick = 20 if strain in (Strain.CLUBS, Strain.DIAMONDS) else 30
    trick_score = (level * per_trick + (10 if strain is Strain.NOTRUMP else 0)) * doubling
    result = trick_score

    if trick_score >= 100:
        result += 500 if vulnerable else 300
    else:
        result += 50
    if level == 6:
        result += 750 if vulnerable else 500
    elif level == 7:
        result += 1500 if vulnerable else 1000

    overtricks = tricks - needed
    if doubling is Doubling.UNDOUBLED:
        result += overtricks * per_trick
    else:
        result += 50 * (2 if redoubled else 1)
        result += overtricks * (200 if vulnerable else 100) * (2 if redoubled else 1)
    return result


def score_ns(board: int, contract: Contract, declarer: Seat | None, tricks: int | None) -> int:
    """North-South's score on a board; East-West's is its negative.

    Vulnerability comes from the board number. A passed-out board has no declarer and no
    tricks (both None) and scores 0.
    """
    board_vulnerability = vulnerability(board)
    if contract.is_passed_out:
        if declarer is not None or tricks is not None:
            raise InvalidInput(
                N_("A passed-out board has no declarer and no tricks."),
                hint=N_(
                    "Leave the declarer and tricks empty for PASS, or give the contract played."
                ),
                code="result.passed_out",
            )
        return 0
    if declarer is None or tricks is None:
        raise InvalidInput(
            N_("%(contract)s needs a declarer and the number of tricks taken."),
            hint=N_("Give the declarer (N, E, S or W) and the tricks declarer took (0 to 13)."),
            code="result.declarer",
            contract=str(contract),
        )
    result = score(contract, tricks, board_vulnerability.is_vulnerable(declarer))
    return result if declarer.line is Line.NS else -result


@functools.cache
def _possible_scores_ns(board_vulnerability: Vulnerability) -> frozenset[int]:
    scores = {0}
    for level in range(1, 8):
        for strain in Strain:
            for doubling in Doubling:
                contract = Contract(level, strain, doubling)
                for tricks in range(14):
                    scores.add(score(contract, tricks, board_vulnerability.is_vulnerable(Line.NS)))
                    scores.add(-score(contract, tricks, board_vulnerability.is_vulnerable(Line.EW)))
    return frozenset(scores)


@functools.lru_cache(maxsize=1 << 14)  # a board at a time: an import checks millions
def possible_scores_ns(board: int) -> frozenset[int]:
    """Every score North-South can have on a board: any contract, declarer, doubling and
    trick count, and 0 for a pass-out."""
    return _possible_scores_ns(vulnerability(board))
