"""``traveller``: the command line, a contract for scripts as well as people.

Every command takes ``--store URL`` (or ``TRAVELLER_STORE``; default ``./traveller.db``)
and every command that shows data takes ``--format table|json``
(:func:`adapters.cli.common.at_desk`). The commands live by concept in the modules
registered below.
"""

from __future__ import annotations

from importlib.metadata import version as installed_version
from typing import Annotated

import typer

from adapters.cli import (
    adjustments,
    convert,
    demo,
    events,
    imports,
    masterpoints,
    movements,
    renumber,
    results,
    standings_options,
    swiss,
    teams,
    time_travel,
)
from adapters.cli.output import console

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False)


def _version(asked: bool) -> None:
    if asked:
        console.print(f"traveller {installed_version('traveller')}", highlight=False)
        raise typer.Exit()


@app.callback()
def traveller(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Traveller — run duplicate-bridge tournaments; every action is kept as an event."""


for module in (
    events,
    movements,
    results,
    adjustments,
    time_travel,
    imports,
    standings_options,
    renumber,
    teams,
    masterpoints,
    swiss,
    convert,
    demo,
):
    module.register(app)

if __name__ == "__main__":  # pragma: no cover
    app()
