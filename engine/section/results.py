"""A table's result: as the director enters it, and as it is recorded.

A :class:`ResultEntry` is what a director types (the contract line, a raw score, or
both), an :class:`ImportRow` one line of a traveller file; :func:`build_result` checks
an entry and works out the :class:`Result` the events record.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from engine.bridge import (
    Contract,
    parse_lead,
    parse_seat,
    possible_scores_ns,
    score_ns,
    vulnerability,
)
from engine.errors import N_, Fix, ImpossibleScore, InvalidInput
from engine.parsing import bounds_of, within
from engine.scoring import Award


class Result(BaseModel):
    """A table's result on a board, as written on the traveller or pickup slip."""

    model_config = ConfigDict(frozen=True)

    board: int
    ns: int
    ew: int
    score_ns: int
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    round: int | None = None
    table: int | None = None


@dataclass(frozen=True, slots=True)  # slots: a file of a million lines makes a million
class ResultEntry:
    """A result as a director types it: the contract line, a raw score, or both."""

    board: int
    ns: int
    ew: int
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    score_ns: int | None = None
    lead: str | None = None
    round: int | None = None
    table: int | None = None


@dataclass(frozen=True)
class Adjusted:
    """An ``adjusted`` cell of a traveller file: ``A+/A-``, ``A60/A40``, ``N``."""

    text: str
    neutral: bool = False
    ns: Award | None = None
    ew: Award | None = None

    @classmethod
    def parse(cls, text: str) -> Adjusted:
        t = text.strip().upper()
        if t in ("N", "NEUTRAL"):
            return cls(t, neutral=True)
        parts = t.split("/")
        if len(parts) != 2:
            raise InvalidInput(
                N_("%(text)s is not an adjusted score."),
                hint=N_("Write NS/EW such as A+/A-, A60/A40, A50/A50, or N for a neutral board."),
                code="adjust.text",
                text=repr(text),
            )
        return cls(t, ns=Award.parse(parts[0]), ew=Award.parse(parts[1]))


@dataclass(frozen=True, slots=True)  # slots: a file of a million lines makes a million
class ImportRow:
    """One line of a traveller file, already read and typed."""

    line: int
    board: int
    ns: int
    ew: int
    entry: ResultEntry | None = None
    adjusted: Adjusted | None = None
    assigned: tuple[tuple[Fraction, int], ...] | None = None
    """An assigned score (law 12C) as (weight, NS score) pairs: one of weight 1, or
    several (a weighted score, law 12C1(c))."""


@dataclass(frozen=True)
class LineProblem:
    """A line of a traveller file that could not be read, in words (``line`` 1 is the
    header). A file read line by line gives these among its rows, so that the import
    lists them with the problems its checks find, in the order of the file."""

    line: int
    problem: str

    def __str__(self) -> str:
        """``line 12: …``; the problem alone for the file as a whole (line 0)."""
        return f"line {self.line}: {self.problem}" if self.line else self.problem


_SCORE = bounds_of("score_ns")


class ResultFields(NamedTuple):
    """A checked result's fields, in the order of :class:`Result`'s (what a
    :class:`Result` holds, without building one: an import of a million lines keeps
    only these values, column by column)."""

    board: int
    ns: int
    ew: int
    score_ns: int
    contract: str | None = None
    declarer: str | None = None
    tricks: int | None = None
    lead: str | None = None
    round: int | None = None
    table: int | None = None


def build_result(entry: ResultEntry, *, allow_impossible: bool) -> Result:
    """Work out the NS score from the contract line, or check a raw score."""
    return Result(**result_fields(entry, allow_impossible=allow_impossible)._asdict())


def result_fields(entry: ResultEntry, *, allow_impossible: bool) -> ResultFields:
    """The fields of the result ``entry`` gives (see :func:`build_result`)."""
    if entry.board < 1:
        raise InvalidInput(
            N_("There is no board %(board)s: boards are numbered from 1."),
            code="board.number",
            board=entry.board,
        )
    if entry.score_ns is not None:  # even an overridden score is one a table can make
        within(entry.score_ns, "NS score", _SCORE)
    if entry.contract is None or not entry.contract.strip():
        if entry.score_ns is None:
            raise InvalidInput(
                N_("Board %(board)s: give the contract, declarer and tricks, or the NS score."),
                code="result.empty",
                fix=(
                    Fix(None, needs=("contract", "declarer", "tricks")),
                    Fix(None, needs=("score_ns",)),
                ),
                board=entry.board,
            )
        if not allow_impossible and entry.score_ns not in possible_scores_ns(entry.board):
            vul = vulnerability(entry.board)
            raise ImpossibleScore(
                N_(
                    "Board %(board)s: no contract can score %(score)s for NS (vulnerability "
                    "%(vulnerability)s)."
                ),
                hint=N_(
                    "Check the score on the traveller, or enter the contract, declarer and tricks."
                ),
                code="result.impossible_score",
                board=entry.board,
                score=f"{entry.score_ns:+d}",
                vulnerability=vul.value,
            )
        # Given in order, not by name: an import builds a million of these.
        return ResultFields(
            entry.board,
            entry.ns,
            entry.ew,
            entry.score_ns,
            None,
            None,
            None,
            _lead(entry),
            entry.round,
            entry.table,
        )
    contract = Contract.parse(entry.contract)
    if contract.is_passed_out:
        declarer, tricks = None, None
    else:
        if entry.declarer is None or entry.tricks is None:
            raise InvalidInput(
                N_("Board %(board)s: %(contract)s needs the declarer and the tricks taken."),
                hint=N_("Give the declarer (N, E, S or W) and the tricks taken (0 to 13)."),
                code="result.declarer",
                fix=Fix(None, needs=("declarer", "tricks")),
                board=entry.board,
                contract=str(contract),
            )
        declarer = parse_seat(entry.declarer)
        tricks = entry.tricks
        if not 0 <= tricks <= 13:
            raise InvalidInput(
                N_("Board %(board)s: %(tricks)s tricks is impossible (0 to 13)."),
                code="result.tricks",
                board=entry.board,
                tricks=tricks,
            )
    score = score_ns(entry.board, contract, declarer, tricks)
    if entry.score_ns is not None and entry.score_ns != score:
        raise InvalidInput(
            N_(
                "Board %(board)s: %(contract)s by %(declarer)s taking %(tricks)s tricks scores "
                "%(score)s for NS, but the score given is %(given)s."
            ),
            hint=N_("Check the contract, the tricks and the score: they must agree."),
            code="result.score_disagrees",
            board=entry.board,
            contract=str(contract),
            declarer=declarer.value if declarer else "-",
            tricks=tricks,
            score=f"{score:+d}",
            given=f"{entry.score_ns:+d}",
        )
    return ResultFields(
        entry.board,
        entry.ns,
        entry.ew,
        score,
        contract=str(contract),
        declarer=None if declarer is None else declarer.value,
        tricks=tricks,
        lead=_lead(entry),
        round=entry.round,
        table=entry.table,
    )


def _lead(entry: ResultEntry) -> str | None:
    """The entry's opening lead as a card (``SK``), if it gives one."""
    return parse_lead(entry.lead) if entry.lead and entry.lead.strip() else None
