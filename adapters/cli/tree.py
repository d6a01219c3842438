"""The ``traveller`` command tree, each top-level command built when it is first used.

A command's module, and all it imports (the engine, rich's tables, the HTTP stack,
cryptography, lxml…), is imported only when the command line names the command, when
its help is drawn, or when a walk of the whole tree reads it (the help texts'
extraction, a test of every command). ``traveller standings`` imports the module of
``standings`` alone; ``traveller --version`` none; ``traveller --help`` none either: it
lists each command from :data:`LISTING_FILE`, what the command says of itself, kept
beside the tree (``python -m adapters.cli.tree`` writes it again from the
commands; a test holds the two alike).

:mod:`adapters.cli.main` says which modules make each command (:data:`Sources`); each
module's ``register`` is called once per process, in the order it gives, into one typer
app of this module's (a module may add commands to a group another module made: the
``import`` group is made of three), and each command is turned into click's from there.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator, Mapping, MutableMapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import typer
import typer.core
import typer.main
from typer import _click as click  # typer's own click, which its command tree is made of
from typer.models import DefaultPlaceholder

from adapters.cli.wording import TOLD, Spoken, tell

PACKAGE = "adapters.cli"

Sources = Mapping[str, Sequence[str]]
"""Each top-level command's name → the modules (of :data:`PACKAGE`) whose ``register``
makes it, whole."""

_registered = typer.Typer()
"""Every module registered so far, into one app (a module registers once per process)."""
_done: set[str] = set()


def register(modules: Sequence[str], order: Sequence[str]) -> typer.Typer:
    """``modules`` imported and registered, each once per process, in ``order`` (a group
    several modules add to lists their commands in that order); the app they are in."""
    for name in sorted(set(modules) - _done, key=order.index):
        importlib.import_module(f"{PACKAGE}.{name}").register(_registered)
        _done.add(name)
    return _registered


def built(name: str, app: typer.Typer, root: Root) -> click.Command:
    """The click command (or group) ``name`` registered in ``app``, made as typer makes
    ``root``'s (its markup and suggestions; tracebacks as :attr:`Root.short_tracebacks`)."""
    for group in app.registered_groups:
        if group.name == name:
            return typer.main.get_group_from_info(
                group,
                pretty_exceptions_short=root.short_tracebacks,
                suggest_commands=root.suggest_commands,
                rich_markup_mode=root.rich_markup_mode,
            )
    for command in app.registered_commands:
        if command.name == name:
            return typer.main.get_command_from_info(
                command,
                pretty_exceptions_short=root.short_tracebacks,
                rich_markup_mode=root.rich_markup_mode,
            )
    raise LookupError(f"No module of {PACKAGE} registers a command {name!r}.")


class Commands(MutableMapping[str, click.Command]):
    """A root's commands by name, in the order :data:`Sources` gives them: each built,
    its modules imported, when first looked up (its name alone costs nothing: listing
    them, or suggesting one for a typo, builds none)."""

    def __init__(self, root: Root) -> None:
        self._root = root
        self._sources = root.sources
        self._built: dict[str, click.Command] = {}
        self._names = list(root.sources)

    listing = False
    """Set while the root's help lists its commands: a command not built yet is then
    given as :data:`LISTING_FILE` has it (:meth:`_listed`), not built."""

    def __getitem__(self, name: str) -> click.Command:
        found = self._built.get(name)
        if found is not None:
            return found
        if name not in self._sources:
            raise KeyError(name)
        if self.listing and name in _listed():
            return self._listed(name)
        app = register(self._sources[name], self._root.order)
        command = self._built[name] = built(name, app, self._root)
        self._root.joined(command)
        return command

    def _listed(self, name: str) -> click.Command:
        """What the help lists of the command ``name``, as it says it of itself (in the
        tree's language), without its module: not kept, so running it builds it."""
        listed = dict(_listed()[name])
        kind = typer.core.TyperGroup if listed.pop("group") else typer.core.TyperCommand
        command = kind(name=name, **listed)
        self._root.joined(command)
        return command

    def __setitem__(self, name: str, command: click.Command) -> None:
        if name not in self._names:
            self._names.append(name)
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        self._names.remove(name)
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def built(self) -> dict[str, click.Command]:
        """The commands built so far (what a walk of the help texts reads without building
        more: a command built later is told in the tree's language then)."""
        return {n: self._built[n] for n in self._names if n in self._built}

    def build_all(self) -> dict[str, click.Command]:
        """Every command, built."""
        return {n: self[n] for n in self._names}


class Root(Spoken):
    """``traveller`` itself (:class:`adapters.cli.wording.Spoken`), its commands built as
    they are used (:func:`root` makes the class of one)."""

    sources: ClassVar[Sources] = {}
    order: ClassVar[Sequence[str]] = ()
    """The modules, in the order they register (see :func:`register`)."""
    short_tracebacks = True
    """typer's ``pretty_exceptions_short``, its default (Traveller shows no tracebacks:
    a bug is said in words, its traceback kept in a file)."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        given = dict(self.commands)
        self.commands = Commands(self)
        self.commands.update(given)

    def list_commands(self, ctx: click.Context) -> list[str]:
        """The commands' names, none built."""
        return list(self.commands)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """``traveller --help``: each command listed as it says it of itself, none built
        (building them all imports every command's module, most of the engine: 0.9 s
        against 0.25 s)."""
        commands = self.commands
        assert isinstance(commands, Commands)  # made so in __init__
        commands.listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            commands.listing = False

    def joined(self, command: click.Command) -> None:
        """``command``, just built, says its help in the language the tree was told in."""
        spoken = getattr(self, TOLD, None)
        if spoken is not None:
            tell(command, spoken)


def root(sources: Sources, order: Sequence[str]) -> type[Root]:
    """The class of a root whose commands are ``sources``, their modules registered in
    ``order``."""
    return type("Traveller", (Root,), {"sources": sources, "order": order})


# ---- what the root's help lists ---------------------------------------------------------

LISTING_FILE = Path(__file__).with_name("listing.json")
"""What ``traveller --help`` lists of each top-level command (:func:`listing_of`), kept so
that listing them builds none: written by ``python -m adapters.cli.tree`` from the
commands themselves, never by hand; tests/adapters/cli/test_quick_start.py holds it to
them."""
LISTED_DEFAULTS: dict[str, Any] = {
    "short_help": None,
    "hidden": False,
    "deprecated": False,
    "rich_help_panel": None,
}
"""What else ``--help`` shows of a command in its root's list (typer's rich help) beside
its help, and what a command says when it sets none of it."""


@cache
def _listed() -> Mapping[str, Mapping[str, Any]]:
    """The listing (:data:`LISTING_FILE`), read once."""
    listed: dict[str, dict[str, Any]] = json.loads(LISTING_FILE.read_text(encoding="utf-8"))
    return listed


def listing_of(root: Root) -> dict[str, dict[str, Any]]:
    """Each top-level command of ``root`` as its root's help lists it (every command
    built): whether it is a group, its help in English, and what of
    :data:`LISTED_DEFAULTS` it sets."""
    from adapters.cli.wording import ENGLISH_HELP

    commands = root.commands
    assert isinstance(commands, Commands)
    listed: dict[str, dict[str, Any]] = {}
    for name, command in commands.build_all().items():
        english = command.__dict__.get(ENGLISH_HELP, {})
        said: dict[str, Any] = {
            "group": isinstance(command, typer.core.TyperGroup),
            "help": english.get("help", command.help),
        }
        for attribute, default in LISTED_DEFAULTS.items():
            value = english.get(attribute, getattr(command, attribute, default))
            if isinstance(value, DefaultPlaceholder):
                value = value.value
            if value != default:
                said[attribute] = value
        listed[name] = said
    return listed


def write_listing() -> Path:
    """Write :data:`LISTING_FILE` again from the commands (``python -m adapters.cli.tree``,
    after a top-level command's help changed)."""
    from adapters.cli import main

    root: Any = typer.main.get_command(main.app)
    text = json.dumps(listing_of(root), ensure_ascii=False, indent=1)
    LISTING_FILE.write_text(text + "\n", encoding="utf-8")
    return LISTING_FILE


if __name__ == "__main__":
    from adapters.cli import tree as _this  # the module main's tree is made of

    print(f"Wrote {_this.write_listing()}.")
