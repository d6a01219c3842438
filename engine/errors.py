"""One exception tree for everything Traveller refuses to do.

Every message is written for a tournament director at the table: it says what is
wrong and how to put it right. A command that raises wrote nothing.

Each error also belongs to the built-in category a Python user would catch it by:
a value that cannot be what was meant is a :class:`ValueError`, something that does
not exist a :class:`LookupError`, a state that does not allow the command a
:class:`RuntimeError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


def N_(template: str) -> str:  # noqa: N802 (gettext's name for the marker)
    """Mark ``template`` as a message of the errors catalog (``pybabel extract`` finds it;
    see docs/decisions/0021): the engine writes its messages in English with named
    placeholders (``%(board)s``), the adapters translate them."""
    return template


@dataclass(frozen=True)
class Fix:
    """The command that puts an error right, as data, for each adapter to word: the CLI
    as a command line (``traveller result correct --board 3 ... --reason "…"``), the API
    as JSON fields.

    ``command`` is the command's group and verb (``result.correct``), or None for the
    command that was refused, given again; ``fields`` the values the engine already
    knows (True: a flag; a list: the option repeated); ``needs`` the fields the director
    must still give."""

    command: str | None = None
    fields: Mapping[str, object] = field(default_factory=dict)
    needs: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The fix as an API answers it."""
        return {
            "command": self.command,
            "fields": {k: plain(v) for k, v in self.fields.items()},
            "needs": list(self.needs),
        }


class Phrase:
    """A part of a message that is itself translated (a sentence said only sometimes, a
    word such as "pairs"): a template of the errors catalog and its values. Its text is
    the English."""

    __slots__ = ("template", "values")

    def __init__(self, template: str, **values: object) -> None:
        self.template = template
        self.values: Mapping[str, object] = values

    def __str__(self) -> str:
        return fill(self.template, self.values)

    def __repr__(self) -> str:
        return f"Phrase({self.template!r}, **{dict(self.values)!r})"


def plain(value: object) -> object:
    """``value`` as JSON holds it: numbers, text, booleans and lists as they are, anything
    else as its text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return str(value)


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with its named placeholders filled (a template given no values is a
    finished message, so a ``%`` in it stays)."""
    return template % values if values else template


class TravellerError(Exception):
    """Base of every error Traveller raises on purpose.

    An error is data (docs/decisions/0021): ``template`` and ``hint_template`` are English
    message ids with named placeholders, filled from ``values``; ``code`` names the error
    for programs (``result.duplicate``); ``fixes`` say, as data, the commands that put it
    right. ``message`` and ``hint`` (and ``str(error)``) are the English text, free of any
    adapter's wording: the CLI and the API word the fixes and translate the rest."""

    def __init__(
        self,
        message: str,
        *,
        hint: str | None = None,
        code: str | None = None,
        fix: Fix | Sequence[Fix] | None = None,
        **values: object,
    ) -> None:
        self.template = message
        self.hint_template = hint
        self.values: dict[str, object] = dict(values)
        self.code = code or type(self).__name__
        self.fixes: tuple[Fix, ...] = (fix,) if isinstance(fix, Fix) else tuple(fix or ())
        self.message = fill(message, values)
        self.hint = None if hint is None else fill(hint, values)
        super().__init__(self.message if self.hint is None else f"{self.message} {self.hint}")


class NotFound(TravellerError, LookupError):
    """An event, session, section, pair or board that does not exist."""


class InvalidInput(TravellerError, ValueError):
    """A value that cannot be what the user meant: a contract, a score, a number."""


class InvalidContract(InvalidInput):
    """A contract that cannot be written down at a bridge table (``8S``, ``3NTXXX``)."""


class ImpossibleScore(InvalidInput):
    """A raw score that no contract, declarer and trick count can produce on the board."""


class Rejected(TravellerError, RuntimeError):
    """A well-formed command that the state of the tournament does not allow."""


class NotAllowed(Rejected):
    """A command the one giving it may not give: a table device entering another table's
    result, or a code that was revoked."""


class DuplicateResult(Rejected):
    """A second result for a board and pair that already has one (use a correction)."""


class NotScheduled(Rejected):
    """A result for a board or pairing the movement does not schedule."""


class ReasonRequired(Rejected):
    """A correction, adjustment or override given without a reason."""


class ResultsMissing(ReasonRequired):
    """A session closed without a reason while tables the movement schedules have no
    result; ``problems`` lists them."""

    def __init__(self, message: str, *, problems: list[str], **more: Any) -> None:
        self.problems = problems
        super().__init__(message, **more)


class InvalidMovement(TravellerError, ValueError):
    """A movement whose schedule breaks a rule of duplicate play (see the validator report)."""

    def __init__(self, message: str, *, problems: list[str] | None = None, **more: Any) -> None:
        self.problems = list(problems or [])
        super().__init__(message, **more)


class InvalidFile(TravellerError, ValueError):
    """A results file with one or more bad rows; nothing from it was written.

    ``problems`` lists them; ``unlisted`` counts those found beyond the ones kept (a
    file of a million bad lines keeps :data:`~engine.parsing.MOST_PROBLEMS_KEPT`)."""

    def __init__(
        self, message: str, *, problems: list[str], unlisted: int = 0, **more: Any
    ) -> None:
        self.problems = problems
        self.unlisted = unlisted
        super().__init__(message, **more)

    @property
    def problem_count(self) -> int:
        """Every problem found: those listed and those only counted."""
        return len(self.problems) + self.unlisted

    def __str__(self) -> str:
        return "\n".join([self.message, *(f"  - {p}" for p in self.problems)])


class PluginError(TravellerError):
    """A plugin that is missing, blocked, or broke its contract."""


class StoreError(TravellerError):
    """A store URL that cannot be opened."""


class Conflict(TravellerError, RuntimeError):
    """Concurrent writers kept colliding; the command was not recorded."""


class NotVerified(Rejected):
    """A record, an event file or a signature that does not verify (the hash chain, a
    signed publication, a copy's target); ``problems`` says where, in words. Nothing was
    written."""

    def __init__(self, message: str, *, problems: list[str], **more: Any) -> None:
        self.problems = problems
        super().__init__(message, **more)
