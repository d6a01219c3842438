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

from adapters import i18n
from adapters.cli import (
    adjustments,
    convert,
    deals,
    demo,
    events,
    exports,
    imports,
    integrity,
    masterpoints,
    movements,
    renumber,
    results,
    serve,
    standings_options,
    swiss,
    table_entry,
    teams,
    time_travel,
    wording,
)
from adapters.cli.output import console

app = typer.Typer(cls=wording.Spoken, no_args_is_help=True, pretty_exceptions_enable=False)


def _version(asked: bool) -> None:
    if asked:
        console.print(f"traveller {installed_version('traveller')}", highlight=False)
        raise typer.Exit()


@app.callback()
def traveller(
    context: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="The language of messages: ja or en (default: the locale's, else en).",
        ),
    ] = None,
) -> None:
    """Traveller — run duplicate-bridge tournaments; every action is kept as an event."""
    if lang is not None and i18n.spoken(lang) is None:
        raise typer.BadParameter(
            wording.tr("%(lang)r is not a language: give ja or en.", lang=lang),
            param_hint="--lang",
        )
    wording.speak(lang, context.find_root().command)


for module in (
    events,
    table_entry,
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
    serve,
    integrity,
    deals,
    exports,
):
    module.register(app)

if __name__ == "__main__":  # pragma: no cover
    app()
