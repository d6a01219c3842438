"""structlog set up once: readable lines in a terminal, JSON lines otherwise.

Log lines go to standard error so that ``--format json`` output stays clean.
``TRAVELLER_LOG`` sets the level (default ``warning``); ``TRAVELLER_LOG_FORMAT``
forces ``json`` or ``console``.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO, cast

import structlog

_configured = False


class _StandardError:
    """Standard error as it is when a line is written, not when logging was set up (a
    test runner, or a server's reloader, may replace it in between)."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def configure_logging() -> None:
    global _configured
    if _configured:
        return
    _configured = True
    level = getattr(logging, os.environ.get("TRAVELLER_LOG", "warning").upper(), logging.WARNING)
    wanted = os.environ.get("TRAVELLER_LOG_FORMAT")
    as_json = wanted == "json" or (wanted is None and not sys.stderr.isatty())
    renderer: structlog.typing.Processor = (
        structlog.processors.JSONRenderer() if as_json else structlog.dev.ConsoleRenderer()
    )
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.PrintLoggerFactory(file=cast(TextIO, _StandardError())),
        cache_logger_on_first_use=True,
    )
