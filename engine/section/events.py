"""The session-section's events: its movement, seating, rounds and every result.

The classes lived in ``engine.section`` (one module) until 0.1.0; their topics of
then stay registered, so a store written by that release still loads.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar
from uuid import UUID

from pydantic import Field, model_validator

from engine.events import DomainEvent, stored_earlier_as
from engine.movement import Movement
from engine.seating import Numbering
from engine.section.results import Result


class SectionOpened(DomainEvent):
    tournament: UUID
    session: int
    section: str


class NumberingChosen(DomainEvent):
    """A results-only section (no movement) says how its pairs are numbered."""

    numbering: Numbering


class MovementAssigned(DomainEvent):
    """The movement as the plugin built it: the schedule itself is the record."""

    movement: Movement
    options: dict[str, Any] = Field(default_factory=dict)


class PairsSeated(DomainEvent):
    """Entries given pair numbers (pair key → entry id); the phantom, if any."""

    seats: dict[str, str]
    phantom: str | None = None


class RoundStarted(DomainEvent):
    round: int


class RoundEnded(DomainEvent):
    round: int


class ResultRecorded(DomainEvent):
    """A result entered; ``reason`` is set when the director overrode a check.

    Schema 2 adds ``request``: the idempotency key the sender gave (a table device's
    ``Idempotency-Key``, the CLI's ``--request-id``), so that the same request sent again
    (a device retrying after a timeout) is answered with this result, never recorded
    twice. None in every schema-1 event, and when the sender gave none."""

    schema_version: ClassVar[int] = 2

    result: Result
    override: bool = False
    request: str | None = None

    @classmethod
    def upcast(cls, state: dict[str, Any], version: int) -> dict[str, Any]:
        """Schema 1 carried no request key."""
        if version < 2:
            state = {**state, "request": None}
        return state


class ResultCorrected(DomainEvent):
    """The result of (board, ns, ew) replaced by ``result``; who and why are on the event."""

    board: int
    ns: int
    ew: int
    result: Result
    override: bool = False


class ScoreAdjusted(DomainEvent):
    """An artificial adjusted score for each side of a table (law 12C)."""

    board: int
    ns: int
    ew: int
    award_ns: str
    award_ew: str
    law: str | None = None


class BoardDeclaredNeutral(DomainEvent):
    """A board a table could not play through no one's fault."""

    board: int
    ns: int
    ew: int


class ScoreAssigned(DomainEvent):
    """An assigned score (law 12C): one result, or several each with its weight (law
    12C1(c)), as (weight, NS score) pairs; the weights are exact fractions written as
    text ("2/3") and sum to 1.

    Schema 2 adds ``outcomes_ew``, a split assigned score: the result(s) East-West are
    given, as (weight, NS score) pairs too, when the director gives each side its own
    (NS +420 / EW −450 is ``outcomes`` (("1", 420),) and ``outcomes_ew`` (("1", 450),)).
    None, as in every schema-1 event, when both sides have the same score."""

    schema_version: ClassVar[int] = 2

    board: int
    ns: int
    ew: int
    outcomes: tuple[tuple[str, int], ...]
    law: str | None = None
    outcomes_ew: tuple[tuple[str, int], ...] | None = None

    @classmethod
    def upcast(cls, state: dict[str, Any], version: int) -> dict[str, Any]:
        """Schema 1 had no split scores: both sides had ``outcomes``."""
        if version < 2:
            state = {**state, "outcomes_ew": None}
        return state


class BoardFouled(DomainEvent):
    """A fouled board (law 87): the tables that played each version, by NS pair number,
    and the law the director applied.

    Schema 2 adds ``law``: a schema-1 declaration (release 0.1.0) named none."""

    schema_version: ClassVar[int] = 2

    board: int
    groups: tuple[tuple[int, ...], ...]
    law: str | None = None

    @classmethod
    def upcast(cls, state: dict[str, Any], version: int) -> dict[str, Any]:
        """Schema 1 named no law."""
        if version < 2:
            state = {**state, "law": None}
        return state


class ScoringChosen(DomainEvent):
    """The section's scoring method (a plugin name) and options, replacing the event's.

    Re-scoring is this event: the published standings of the old method stay in the
    record, and the new method's standings are a visible change.

    Schema 2 adds ``version``, the method's version in force (docs/decisions/0024): a
    new version of the method applies only through a new choice. None in a schema-1
    choice, which named no version (the version its session's publication names is in
    force, else the current one)."""

    schema_version: ClassVar[int] = 2

    method: str
    options: dict[str, Any] = Field(default_factory=dict)
    version: str | None = None

    @classmethod
    def upcast(cls, state: dict[str, Any], version: int) -> dict[str, Any]:
        """Schema 1 named no version."""
        if version < 2:
            state = {**state, "version": None}
        return state


stored_earlier_as(
    "engine.section",
    (
        SectionOpened,
        NumberingChosen,
        MovementAssigned,
        PairsSeated,
        RoundStarted,
        RoundEnded,
        ResultRecorded,
        ResultCorrected,
        ScoreAdjusted,
        BoardDeclaredNeutral,
        ScoreAssigned,
        BoardFouled,
        ScoringChosen,
    ),
)


class SeatsSwapped(DomainEvent):
    """The entries at two seats (pair keys) exchanged before either has played; an empty
    seat (the phantom's) takes the other's entry, and the phantom moves to its seat."""

    first: str
    second: str


class ResultsImported(DomainEvent):
    """Results of one imported file, up to :data:`IMPORT_CHUNK` of them, written column
    by column (docs/decisions/0028): the i-th result is the i-th value of every column.

    A file's results are recorded as a few of these rather than one ResultRecorded a
    line: a million lines are a hundred events, not a million, and a column of numbers
    is a few bytes a result. Each result is read back as the :class:`Result` a
    ResultRecorded would hold (:meth:`results`). ``contract``, ``declarer``, ``tricks``,
    ``lead``, ``round`` and ``table`` are None when no result of the chunk gives one."""

    board: tuple[int, ...]
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    score_ns: tuple[int, ...]
    contract: tuple[str | None, ...] | None = None
    declarer: tuple[str | None, ...] | None = None
    tricks: tuple[int | None, ...] | None = None
    lead: tuple[str | None, ...] | None = None
    round: tuple[int | None, ...] | None = None
    table: tuple[int | None, ...] | None = None

    @model_validator(mode="after")
    def _columns_agree(self) -> ResultsImported:
        size = len(self.board)
        for name in IMPORTED_COLUMNS:
            column = getattr(self, name)
            if column is not None and len(column) != size:
                raise ValueError(f"the {name} column has {len(column)} values, not {size}")
        return self

    @property
    def size(self) -> int:
        """The chunk's results."""
        return len(self.board)

    @property
    def scores_alone(self) -> bool:
        """Whether the chunk's results give their scores and nothing more (the columns
        after ``score_ns`` all left out)."""
        return all(getattr(self, name) is None for name in IMPORTED_COLUMNS[4:])

    def results(self) -> Iterator[Result]:
        """Each result as a :class:`Result` (its values were checked when recorded)."""
        size = len(self.board)
        given = {name: getattr(self, name) for name in IMPORTED_COLUMNS}
        columns = [(name, column or (None,) * size) for name, column in given.items()]
        names = [name for name, _ in columns]
        for values in zip(*(column for _, column in columns), strict=True):
            yield Result.model_construct(**dict(zip(names, values, strict=True)))


IMPORTED_COLUMNS = tuple(Result.model_fields)
"""The columns of :class:`ResultsImported`: the fields of a :class:`Result`."""
IMPORT_CHUNK = 10_000
"""The most results one :class:`ResultsImported` holds (a file's results are recorded in
chunks of this many, in one transaction)."""
