"""structlog set up once: readable lines in a terminal, JSON lines otherwise.

Log lines go to standard error so that ``--format json`` output stays clean.
``TRAVELLER_LOG`` sets the level (default ``warning``); ``TRAVELLER_LOG_FORMAT``
forces ``json`` or ``console``.

structlog (and the development renderer's rich tracebacks and pygments with it) is
imported when a line is first said at a level that is shown, not when a module asks for a
logger: a command that logs nothing, the most common kind, never pays for it
(:func:`get_logger`). The development renderer is chosen only for a terminal: standard
error a tty, or ``TRAVELLER_LOG_FORMAT=console``.
"""

from __future__ import annotations

import os
import sys
from typing import Any, TextIO, cast

_LEVELS = {"debug": 10, "info": 20, "warning": 30, "error": 40, "exception": 40, "critical": 50}
"""The level of each way of saying a line (the standard library's numbers)."""


class _Settings:
    level: int | None = None
    """The level :func:`configure_logging` chose; None before it is called (then every
    line goes to structlog, as it is configured, or by its defaults)."""
    as_json = True
    structlog_ready = False


_settings = _Settings()


class _StandardError:
    """Standard error as it is when a line is written, not when logging was set up (a
    test runner, or a server's reloader, may replace it in between)."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def configure_logging() -> None:
    """Choose the level and the renderer once (from the environment, see the module's
    docstring); structlog itself is set up when a line is first said."""
    if _settings.level is not None:
        return
    import logging

    named = getattr(logging, os.environ.get("TRAVELLER_LOG", "warning").upper(), None)
    _settings.level = named if isinstance(named, int) else logging.WARNING
    wanted = os.environ.get("TRAVELLER_LOG_FORMAT")
    _settings.as_json = wanted == "json" or (wanted is None and not sys.stderr.isatty())
    if "structlog" in sys.modules:  # already in use: it answers to the same settings now
        _set_up_structlog()


def _set_up_structlog() -> None:
    import structlog

    _settings.structlog_ready = True
    renderer: structlog.typing.Processor = (
        structlog.processors.JSONRenderer()
        if _settings.as_json
        else structlog.dev.ConsoleRenderer()
    )
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(_settings.level or 0),
        logger_factory=structlog.PrintLoggerFactory(file=cast(TextIO, _StandardError())),
        cache_logger_on_first_use=True,
    )


class Logger:
    """A named structlog logger, imported when it first has a line to say at a level
    shown (``log.info("recorded", aggregate=...)``; key-value pairs as structlog takes
    them)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._bound: Any = None

    def _say(self, method: str, event: str, values: dict[str, Any]) -> None:
        level = _settings.level
        if level is not None and _LEVELS[method] < level:
            return
        if self._bound is None:
            if level is not None and not _settings.structlog_ready:
                _set_up_structlog()
            import structlog

            self._bound = structlog.get_logger(self.name)
        getattr(self._bound, method)(event, **values)

    def debug(self, event: str, **values: Any) -> None:
        self._say("debug", event, values)

    def info(self, event: str, **values: Any) -> None:
        self._say("info", event, values)

    def warning(self, event: str, **values: Any) -> None:
        self._say("warning", event, values)

    def error(self, event: str, **values: Any) -> None:
        self._say("error", event, values)

    def exception(self, event: str, **values: Any) -> None:
        """An error with the exception being handled (its traceback rendered)."""
        self._say("exception", event, values)

    def critical(self, event: str, **values: Any) -> None:
        self._say("critical", event, values)


def get_logger(name: str) -> Logger:
    """The logger ``name`` (``traveller``, ``traveller.http``): what structlog's
    ``get_logger`` gives, without importing structlog until a line is shown."""
    return Logger(name)
