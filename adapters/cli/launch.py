"""The ``traveller`` program (``[project.scripts]``): ``traveller --version`` answered
at once, any other command line handed to the command tree (:mod:`adapters.cli.main`).

A script that asks for the version, or checks that Traveller is installed, should not
wait for typer and the command tree to load.
"""

from __future__ import annotations

import sys


def version_line() -> str:
    """What ``traveller --version`` prints: ``traveller 0.1.0``."""
    from adapters.version import VERSION

    return f"traveller {VERSION}"


def run() -> None:
    """Run ``traveller`` with the process's command line."""
    if sys.argv[1:] == ["--version"]:
        sys.stdout.write(version_line() + "\n")
        return
    from adapters.cli.main import app

    app()
