"""``traveller``: the command line, a contract for scripts as well as people.

Every command takes ``--store URL`` (or ``TRAVELLER_STORE``; default ``./traveller.db``)
and every command that shows data takes ``--format table|json``
(:func:`adapters.cli.common.at_desk`). The commands live by concept in the modules
registered below; a module is imported when one of its commands is first used
(:mod:`adapters.cli.tree`), so that a command starts without loading the others.
"""

from __future__ import annotations

from typing import Annotated

import typer

from adapters import i18n
from adapters.cli import tree, wording
from adapters.cli.launch import version_line

MODULES = (
    "events",
    "table_entry",
    "movements",
    "results",
    "adjustments",
    "time_travel",
    "imports",
    "standings_options",
    "renumber",
    "teams",
    "masterpoints",
    "swiss",
    "convert",
    "demo",
    "serve",
    "integrity",
    "deals",
    "exports",
)
"""The modules of the commands, in the order they register: a group that several of them
add to (``import``, ``export``) lists its commands in this order."""

COMMANDS: dict[str, tuple[str, ...]] = {
    "standings": ("results",),
    "board": ("results",),
    "card": ("results",),
    "seating": ("results",),
    "adjust": ("adjustments",),
    "fouled": ("adjustments",),
    "assign": ("adjustments",),
    "audit": ("time_travel",),
    "replay": ("time_travel",),
    "diff": ("time_travel",),
    "what-if": ("time_travel",),
    "rescore": ("imports",),
    "totals": ("standings_options",),
    "renumber": ("renumber",),
    "crosstable": ("teams",),
    "knockout": ("teams",),
    "masterpoints": ("masterpoints",),
    "demo": ("demo",),
    "serve": ("serve",),
    "verify": ("integrity",),
    "event": ("events", "table_entry"),
    "session": ("events",),
    "entry": ("events",),
    "movement": ("movements",),
    "round": ("results",),
    "result": ("results",),
    "import": ("imports", "integrity", "exports"),
    "scoring": ("imports",),
    "ranking": ("standings_options",),
    "stage": ("standings_options",),
    "pairing": ("swiss",),
    "swiss": ("swiss",),
    "match": ("swiss",),
    "convert": ("convert",),
    "director": ("serve",),
    "keys": ("integrity",),
    "export": ("integrity", "exports"),
    "store": ("integrity",),
    "deals": ("deals",),
}
"""Each command of ``traveller``, in the order ``--help`` lists them, and the modules (of
:data:`MODULES`) that make it whole (tests/adapters/cli/test_quick_start.py checks this
against the tree all of them make). What ``--help`` lists of each is kept in
``adapters/cli/listing.json``: after adding a command or changing a command's help, write
it again with ``python -m adapters.cli.tree``."""

app = typer.Typer(
    cls=tree.root(COMMANDS, MODULES), no_args_is_help=True, pretty_exceptions_enable=False
)


def _version(asked: bool) -> None:
    if asked:
        typer.echo(version_line())
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


if __name__ == "__main__":  # pragma: no cover
    app()
