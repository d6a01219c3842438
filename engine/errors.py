"""One exception tree for everything Traveller refuses to do.

Every message is written for a tournament director at the table: it says what is
wrong and how to put it right. A command that raises wrote nothing.

Each error also belongs to the built-in category a Python user would catch it by:
a value that cannot be what was meant is a :class:`ValueError`, something that does
not exist a :class:`LookupError`, a state that does not allow the command a
:class:`RuntimeError`.
"""

from __future__ import annotations


class TravellerError(Exception):
    """Base of every error Traveller raises on purpose."""

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        self.message = message
        self.hint = hint
        super().__init__(message if hint is None else f"{message} {hint}")


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


class DuplicateResult(Rejected):
    """A second result for a board and pair that already has one (use a correction)."""


class NotScheduled(Rejected):
    """A result for a board or pairing the movement does not schedule."""


class ReasonRequired(Rejected):
    """A correction, adjustment or override given without a reason."""


class ResultsMissing(ReasonRequired):
    """A session closed without a reason while tables the movement schedules have no
    result; ``problems`` lists them."""

    def __init__(self, message: str, *, problems: list[str], hint: str | None = None) -> None:
        self.problems = problems
        super().__init__(message, hint=hint)


class InvalidMovement(TravellerError, ValueError):
    """A movement whose schedule breaks a rule of duplicate play (see the validator report)."""

    def __init__(
        self, message: str, *, problems: list[str] | None = None, hint: str | None = None
    ) -> None:
        self.problems = list(problems or [])
        super().__init__(message, hint=hint)


class InvalidFile(TravellerError, ValueError):
    """A results file with one or more bad rows; nothing from it was written."""

    def __init__(self, message: str, *, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(message)

    def __str__(self) -> str:
        return "\n".join([self.message, *(f"  - {p}" for p in self.problems)])


class PluginError(TravellerError):
    """A plugin that is missing, blocked, or broke its contract."""


class StoreError(TravellerError):
    """A store URL that cannot be opened."""


class Conflict(TravellerError, RuntimeError):
    """Concurrent writers kept colliding; the command was not recorded."""
